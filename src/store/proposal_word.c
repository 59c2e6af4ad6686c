/* proposal_word: a word for an affix table (table submission, migration
 * 0005): struct proposal in, struct db_submission out; approving takes a
 * struct proposal_input of the moderator's changes. Its live check and its
 * addition are the affix table's statements (statements.c); the rest are
 * its own, here. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicase.h>

#include "proposal_types_int.h"

/* The stat columns of a submission and of an affix row, in the order of
 * the statements' column lists (STAT_LIST, recipe.h). */
#define N_SCOLS ST_PROPOSED_COUNT
static const enum stat scols[N_SCOLS] = {STAT_PROPOSED_INITS};

#define SUB_COLS                                                                                   \
	"id, submission_id, kind, part, word, tier, slot" STAT_COLS                                \
	", status, DATE_FORMAT(created_at, '%Y-%m-%d %H:%i'), worth, mark, classes"

const struct stmt_def proposal_word_statements[TS__MAX] = {
        TYPE_QUEUE_STMTS("submission", SUB_COLS, "word"),
        [TS_INSERT] =
                {"INSERT INTO submission (submission_id, kind, part, word, tier, slot" STAT_COLS
                 ", worth, client_hash, mark, classes) VALUES (?, ?, ?, ?, ?, ?" STAT_QS
                 ", ?, ?, ?, ?)"},
        [TS_DECIDE] = {DECIDE_SQL("submission", "")},
        [TS_LOG] = {"INSERT INTO moderation_log (submission_id, moderator_id, moderator, "
                    "action, reason, word_id, stats_before, stats_after) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"},
        [TS_PENDING] = {"SELECT id FROM submission WHERE kind = ? AND part = ? AND word = ? "
                        "AND status = 'pending' LIMIT 1"},
        [TS_REJECTED] = {REJECTED_SQL("submission", "kind = ? AND part = ? AND word = ?")},
        /* a word_class row (0016) of an approved word */
        [TS_EXTRA] = {"INSERT INTO word_class (kind, part, word, class, added_rev) "
                      "VALUES (?, ?, ?, ?, ?)"},
};

/* One row of SUB_COLS. */
enum {
	SC_ID,
	SC_SID,
	SC_KIND,
	SC_PART,
	SC_WORD,
	SC_TIER,
	SC_SLOT,
	SC_STAT0,
	SC_STATUS = SC_STAT0 + N_SCOLS,
	SC_CREATED,
	SC_WORTH,
	SC_MARK,
	SC_CLASSES,
	SC__MAX
};

struct sub_row {
	MYSQL_BIND b[SC__MAX];
	struct col c[SC__MAX];
	uint32_t id, worth;
	int32_t tier, stat[N_SCOLS];
	char sid[SUBMISSION_ID_HEX + 1], kind[17], part[17], word[WORD_BYTES_MAX + 1], slot[17],
	        status[12], created[20], mark[8], classes[PROPOSAL_CLASSES_BYTES];
};

static MYSQL_BIND *word_bind(void *buf)
{
	struct sub_row *r = buf;

	r_bind(&r->b[SC_ID], &r->c[SC_ID], MYSQL_TYPE_LONG, &r->id, 0, 1);
	r_bind(&r->b[SC_SID], &r->c[SC_SID], MYSQL_TYPE_STRING, r->sid, SUBMISSION_ID_HEX, 0);
	r_bind(&r->b[SC_KIND], &r->c[SC_KIND], MYSQL_TYPE_STRING, r->kind, 16, 0);
	r_bind(&r->b[SC_PART], &r->c[SC_PART], MYSQL_TYPE_STRING, r->part, 16, 0);
	r_bind(&r->b[SC_WORD], &r->c[SC_WORD], MYSQL_TYPE_STRING, r->word, WORD_BYTES_MAX, 0);
	r_bind(&r->b[SC_TIER], &r->c[SC_TIER], MYSQL_TYPE_LONG, &r->tier, 0, 0);
	r_bind(&r->b[SC_SLOT], &r->c[SC_SLOT], MYSQL_TYPE_STRING, r->slot, 16, 0);
	for (int i = 0; i < N_SCOLS; i++)
		r_bind(&r->b[SC_STAT0 + i], &r->c[SC_STAT0 + i], MYSQL_TYPE_LONG, &r->stat[i], 0,
		       0);
	r_bind(&r->b[SC_STATUS], &r->c[SC_STATUS], MYSQL_TYPE_STRING, r->status, 11, 0);
	r_bind(&r->b[SC_CREATED], &r->c[SC_CREATED], MYSQL_TYPE_STRING, r->created, 19, 0);
	r_bind(&r->b[SC_WORTH], &r->c[SC_WORTH], MYSQL_TYPE_LONG, &r->worth, 0, 1);
	r_bind(&r->b[SC_MARK], &r->c[SC_MARK], MYSQL_TYPE_STRING, r->mark, 7, 0);
	r_bind(&r->b[SC_CLASSES], &r->c[SC_CLASSES], MYSQL_TYPE_STRING, r->classes,
	       PROPOSAL_CLASSES_BYTES - 1, 0);
	return r->b;
}

/* The fetched row as a db_submission. -1 when a value cannot be one of
 * ours (the schema's CHECKs make that a broken database). */
static int word_read(void *buf, void *row)
{
	struct sub_row *r = buf;
	struct db_submission *out = row;
	int k, p, sl = SLOT_NONE;

	memset(out, 0, sizeof(*out));
	if (r_text(r->sid, SUBMISSION_ID_HEX, &r->c[SC_SID]) ||
	    r_text(r->kind, 16, &r->c[SC_KIND]) || r_text(r->part, 16, &r->c[SC_PART]) ||
	    r_text(r->word, WORD_BYTES_MAX, &r->c[SC_WORD]) ||
	    r_text(r->slot, 16, &r->c[SC_SLOT]) || r_text(r->status, 11, &r->c[SC_STATUS]) ||
	    r_text(r->created, 19, &r->c[SC_CREATED]) || r_text(r->mark, 7, &r->c[SC_MARK]) ||
	    r_text(r->classes, PROPOSAL_CLASSES_BYTES - 1, &r->c[SC_CLASSES]))
		return -1;
	if ((k = kind_from_name(r->kind)) < 0 || (p = part_from_name(r->part)) < 0)
		return -1;
	if (!r->c[SC_SLOT].is_null && (sl = slot_from_name(r->slot)) < 0)
		return -1;
	out->id = r->id;
	memcpy(out->sid, r->sid, sizeof(out->sid));
	out->p.kind = (enum kind)k;
	out->p.part = (enum part)p;
	memcpy(out->p.word, r->word, sizeof(out->p.word));
	out->p.tier = r->c[SC_TIER].is_null ? 0 : r->tier;
	out->p.slot = (enum slot)sl;
	out->p.mark = r->c[SC_MARK].is_null          ? MARK_NONE
	              : strcmp(r->mark, "bad") == 0  ? MARK_BAD
	              : strcmp(r->mark, "good") == 0 ? MARK_GOOD
	                                             : MARK_NONE;
	for (int i = 0; i < N_SCOLS; i++)
		out->p.stat[scols[i]] = r->c[SC_STAT0 + i].is_null ? 0 : r->stat[i];
	/* A proposal made before 0011 has none: the default of its part. */
	out->p.worth = r->c[SC_WORTH].is_null ? proposal_worth_default(out->p.part, out->p.tier)
	                                      : r->worth;
	memcpy(out->status, r->status, sizeof(out->status));
	memcpy(out->created, r->created, sizeof(out->created));
	/* SPEC §12: NULL before migration 0016, or for a part without classes */
	if (!r->c[SC_CLASSES].is_null)
		memcpy(out->p.classes, r->classes, sizeof(out->p.classes));
	return 0;
}

/* Binds kind, part and word of p. */
static void p_kpw(struct params *ps, const struct proposal *p)
{
	p_str(ps, kind_names[p->kind]);
	p_str(ps, part_names[p->part]);
	p_str(ps, p->word);
}

static void p_stats(struct params *ps, const struct proposal *p)
{
	for (int i = 0; i < N_SCOLS; i++)
		p_int(ps, &p->stat[scols[i]]);
}

/* *hit = 1 when the word is in its affix table (*live_active its flag). */
static enum db_status word_live(struct db *d, const void *proposal, int *hit, int *live_active)
{
	const struct proposal *p = proposal;
	int t = stmt_table_index(p->kind, p->part);
	struct params ps = {.n = 0};
	int32_t active = 0;
	enum db_status st;

	if (t < 0) {
		db_rollback(d);
		return DB_ERROR;
	}
	p_str(&ps, p->word);
	if ((st = proposal_fetch_long(d, (enum stmt)(STMT_LIVE_FIRST + t), &ps, &active, 0, hit)) !=
	    DB_OK)
		return st;
	*live_active = active != 0;
	return DB_OK;
}

static enum db_status word_pending(struct db *d, const void *proposal, int *hit)
{
	const struct proposal *p = proposal;
	struct params ps = {.n = 0};
	uint32_t id;

	p_kpw(&ps, p);
	return proposal_fetch_long(d, TYPE_STMT(word, TS_PENDING), &ps, &id, 1, hit);
}

static enum db_status word_rejected(struct db *d, const void *proposal, struct submit_outcome *out,
                                    int *hit)
{
	const struct proposal *p = proposal;
	struct params ps = {.n = 0};
	struct col c[2];
	enum db_status st;

	p_kpw(&ps, p);
	if ((st = proposal_fetch_rejected(d, TYPE_STMT(word, TS_REJECTED), &ps, out, c, hit)) !=
	    DB_OK)
		return st;
	r_text(out->rejected_on, 10, &c[0]);
	r_text(out->again_after, 10, &c[1]);
	return DB_OK;
}

static int word_insert_params(struct params *ps, const char *sid, const void *proposal,
                              const uint8_t *client, struct lc_scratch *scratch)
{
	const struct proposal *p = proposal;
	int32_t *tier = &scratch->n[0];

	*tier = p->tier;
	p_str(ps, sid);
	p_kpw(ps, p);
	if (*tier > 0)
		p_int(ps, tier);
	else
		p_null(ps);
	p_str_or_null(ps, p->slot != SLOT_NONE ? slot_names[p->slot] : NULL);
	p_stats(ps, p);
	p_uint(ps, &p->worth);
	p_blob(ps, client, DBMOD_HASH_BYTES);
	p_str_or_null(ps, p->mark == MARK_GOOD || p->mark == MARK_BAD ? mark_names[p->mark] : NULL);
	p_str_or_null(ps, p->classes[0] ? p->classes : NULL);
	return 0;
}

/* SPEC §12: a word_class row for each of p's classes, in the change set
 * rev that adds the word. */
static enum db_status add_classes(struct db *d, const struct proposal *p, uint64_t rev)
{
	enum db_status st = DB_OK;
	for (const char *c = p->classes; *c && st == DB_OK;) {
		char one[PROPOSAL_CLASS_LEN + 1];
		size_t len = strcspn(c, " ");
		struct params ps = {.n = 0};
		if (len > PROPOSAL_CLASS_LEN) {
			db_rollback(d);
			return DB_ERROR; /* read_classes keeps them shorter */
		}
		memcpy(one, c, len);
		one[len] = '\0';
		p_str(&ps, kind_names[p->kind]);
		p_str(&ps, part_names[p->part]);
		p_str(&ps, p->word);
		p_str(&ps, one);
		p_u64(&ps, &rev);
		st = dbrun_exec(d, TYPE_STMT(word, TS_EXTRA), &ps, NULL);
		c += len;
		while (*c == ' ')
			c++;
	}
	return st;
}

/* Inserts the approved word into its affix table, in a change set of its
 * own; a duplicate key (expected) when it is there. */
static enum db_status word_add(struct db *d, void *row, uint32_t *word_id, unsigned *expected,
                               int *live)
{
	const struct proposal *p = &((struct db_submission *)row)->p;
	int t = stmt_table_index(p->kind, p->part);
	enum stmt q = (enum stmt)(STMT_ADD_FIRST + t);
	struct params ps = {.n = 0};
	int32_t tier = p->tier;
	uint64_t rev = 0;
	enum db_status st;

	if (t < 0) {
		db_rollback(d);
		return DB_ERROR;
	}
	(void)live; /* the duplicate key says it */
	if ((st = dbrun_change_set(d, &rev)) != DB_OK)
		return st;
	enum table_shape shape = db_statements[STMT_ADD_FIRST + t].shape;
	p_str(&ps, p->word);
	if (shape == SHAPE_TIERED || shape == SHAPE_SLOTTED)
		p_int(&ps, &tier);
	if (shape == SHAPE_MARKED) {
		if (p->mark != MARK_GOOD && p->mark != MARK_BAD) {
			db_rollback(d);
			return DB_ERROR; /* proposal_parse requires one */
		}
		p_str(&ps, mark_names[p->mark]);
	}
	if (shape == SHAPE_SLOTTED)
		p_str(&ps, slot_names[p->slot]);
	p_stats(&ps, p);
	p_uint(&ps, &p->worth);
	p_u64(&ps, &rev);
	if ((st = dbrun_exec(d, q, &ps, expected)) != DB_OK)
		return st;
	*word_id = (uint32_t)mysql_stmt_insert_id(db_stmt(d, q, &st));
	return add_classes(d, p, rev);
}

/* Text of p's stats for the log; "?" when memory ran out. */
static const char *stats_text(const struct proposal *p, struct buf *b)
{
	if (proposal_stats_text(p, b) != 0 || !b->data)
		return "?";
	return b->data;
}

static const char *word_text(const void *row, int approved, struct buf *b)
{
	(void)approved; /* the stats, before and after the moderator's changes */
	return stats_text(&((const struct db_submission *)row)->p, b);
}

int proposal_word_catalog_case(const char *word, char *out, size_t cap)
{
	size_t n = cap;
	uint8_t *low;

	if (cap == 0)
		return -1;
	low = u8_tolower((const uint8_t *)word, strlen(word), NULL, UNINORM_NFC, (uint8_t *)out,
	                 &n);
	if (low && low == (uint8_t *)out && n < cap) {
		out[n] = '\0';
		return 0;
	}
	if (low && low != (uint8_t *)out)
		free(low); /* longer than out: kept as typed */
	snprintf(out, cap, "%s", word);
	return -1;
}

/* The adjusted proposal checked again, then its word in the tables' case:
 * the record keeps what was typed, the catalog row what every reader sees. */
static int word_check(void *row, const void *adjust, struct proposal_error *err)
{
	struct proposal *p = &((struct db_submission *)row)->p;
	char low[sizeof p->word];

	if (proposal_adjust(p, adjust, err) != 0)
		return -1;
	if (proposal_word_catalog_case(p->word, low, sizeof low) == 0)
		memcpy(p->word, low, sizeof low);
	return 0;
}

static const char *word_proposal_text(const void *proposal)
{
	return ((const struct proposal *)proposal)->word;
}

static const char *word_row_text(const void *row)
{
	return ((const struct db_submission *)row)->p.word;
}

const struct proposal_type proposal_word = {
        .noun = "submission",
        .a_submit = "a submission",
        .a_approve = "an approval",
        .a_reject = "a rejection",
        TYPE_ROWS(word, "submission", struct db_submission, struct sub_row, word_bind, word_read),
        .decide_new_id = 0,
        .log_before = 1,
        .proposal_text = word_proposal_text,
        .row_text = word_row_text,
        .live = word_live,
        .pending = word_pending,
        .rejected = word_rejected,
        .insert_params = word_insert_params,
        .check = word_check,
        .text = word_text,
        .add = word_add,
};
_Static_assert(sizeof(struct sub_row) <= LC_ROW_BUF_MAX, "LC_ROW_BUF_MAX");
