/* proposal_types: see proposal_types.h. Each type's descriptor and what
 * only it knows: how its row is read, its key's checks, how it is written
 * and what approving it adds to the catalog. The flow is lifecycle.c. */
#include "proposal_types.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicase.h>

#include "lifecycle_int.h"
#include "log.h"

/* The stat columns of a submission and of an affix row, in the order of
 * the statements' column lists (STAT_LIST, recipe.h). */
#define N_SCOLS ST_PROPOSED_COUNT
static const enum stat scols[N_SCOLS] = {STAT_PROPOSED_INITS};

/* The fields every descriptor fills alike: its record (row_t, with a
 * status), its fetch buffer (buf_t) and the statements named
 * STMT_<prefix>_BY_SID and so on (statements.c, QUEUE_STMTS). */
#define TYPE_ROWS(tbl, row_t, buf_t, bind, read, prefix)                                           \
	.table = tbl, .row_size = sizeof(row_t), .status_off = offsetof(row_t, status),            \
	.buf_size = sizeof(buf_t), .bind_row = bind, .read_row = read,                             \
	.by_sid = STMT_##prefix##_BY_SID, .list = STMT_##prefix##_LIST,                            \
	.count = STMT_##prefix##_COUNT, .lock = STMT_##prefix##_LOCK,                              \
	.insert = STMT_##prefix##_INSERT, .decide = STMT_##prefix##_DECIDE
/* The log's names of a type called "<what> proposal". */
#define TYPE_NOUNS(what)                                                                           \
	.noun = what " proposal", .a_submit = "a " what " proposal",                               \
	.a_approve = "a " what " approval", .a_reject = "a " what " rejection"

/* Runs q and reads the one LONG column of its row, if any, into value
 * (is_unsigned as bound); *hit = 1 when a row came. */
static enum db_status fetch_long(struct db *d, enum stmt q, struct params *ps, void *value,
                                 int is_unsigned, int *hit)
{
	struct col c;
	MYSQL_BIND b;
	enum db_status st;
	int rc;

	if ((st = dbrun_exec(d, q, ps, NULL)) != DB_OK)
		return st;
	r_bind(&b, &c, MYSQL_TYPE_LONG, value, 0, is_unsigned);
	if ((rc = dbrun_fetch_one(d, q, &b, &st)) < 0)
		return st;
	*hit = rc;
	return DB_OK;
}

/* Runs q (a REJECTED_SQL) and reads the dates of the rejection, if any,
 * into out through c; *hit = 1 when there was one. The caller reads the
 * texts out of c. */
static enum db_status fetch_rejected(struct db *d, enum stmt q, struct params *ps,
                                     struct submit_outcome *out, struct col c[2], int *hit)
{
	MYSQL_BIND b[2];
	enum db_status st;
	int rc;

	if ((st = dbrun_exec(d, q, ps, NULL)) != DB_OK)
		return st;
	r_bind(&b[0], &c[0], MYSQL_TYPE_STRING, out->rejected_on, 10, 0);
	r_bind(&b[1], &c[1], MYSQL_TYPE_STRING, out->again_after, 10, 0);
	if ((rc = dbrun_fetch_one(d, q, b, &st)) < 0)
		return st;
	*hit = rc;
	return DB_OK;
}

/* ==== words (table submission, migration 0005) ==== */

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
	if ((st = fetch_long(d, (enum stmt)(STMT_LIVE_FIRST + t), &ps, &active, 0, hit)) != DB_OK)
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
	return fetch_long(d, STMT_SUB_PENDING, &ps, &id, 1, hit);
}

static enum db_status word_rejected(struct db *d, const void *proposal, struct submit_outcome *out,
                                    int *hit)
{
	const struct proposal *p = proposal;
	struct params ps = {.n = 0};
	struct col c[2];
	enum db_status st;

	p_kpw(&ps, p);
	if ((st = fetch_rejected(d, STMT_SUB_REJECTED, &ps, out, c, hit)) != DB_OK)
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
		st = dbrun_exec(d, STMT_CLASS_ADD, &ps, NULL);
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
        TYPE_ROWS("submission", struct db_submission, struct sub_row, word_bind, word_read, SUB),
        .log = STMT_LOG_INSERT,
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

/* ==== spells (table spell_submission, migration 0013) ==== */

enum {
	SS_ID,
	SS_SID,
	SS_WORD,
	SS_MANA,
	SS_LEVEL,
	SS_TIER,
	SS_EFFECTS,
	SS_STATUS,
	SS_CREATED,
	SS__MAX
};

struct spell_sub_row {
	MYSQL_BIND b[SS__MAX];
	struct col c[SS__MAX];
	uint32_t id;
	int32_t mana, level, tier;
	char sid[SUBMISSION_ID_HEX + 1], word[WORD_BYTES_MAX + 1],
	        effects[SPELL_EFFECTS_TEXT_MAX + 1], status[12], created[20];
};

static MYSQL_BIND *spell_bind(void *buf)
{
	struct spell_sub_row *r = buf;

	r_bind(&r->b[SS_ID], &r->c[SS_ID], MYSQL_TYPE_LONG, &r->id, 0, 1);
	r_bind(&r->b[SS_SID], &r->c[SS_SID], MYSQL_TYPE_STRING, r->sid, SUBMISSION_ID_HEX, 0);
	r_bind(&r->b[SS_WORD], &r->c[SS_WORD], MYSQL_TYPE_STRING, r->word, WORD_BYTES_MAX, 0);
	r_bind(&r->b[SS_MANA], &r->c[SS_MANA], MYSQL_TYPE_LONG, &r->mana, 0, 0);
	r_bind(&r->b[SS_LEVEL], &r->c[SS_LEVEL], MYSQL_TYPE_LONG, &r->level, 0, 0);
	r_bind(&r->b[SS_TIER], &r->c[SS_TIER], MYSQL_TYPE_LONG, &r->tier, 0, 0);
	r_bind(&r->b[SS_EFFECTS], &r->c[SS_EFFECTS], MYSQL_TYPE_STRING, r->effects,
	       SPELL_EFFECTS_TEXT_MAX, 0);
	r_bind(&r->b[SS_STATUS], &r->c[SS_STATUS], MYSQL_TYPE_STRING, r->status, 11, 0);
	r_bind(&r->b[SS_CREATED], &r->c[SS_CREATED], MYSQL_TYPE_STRING, r->created, 19, 0);
	return r->b;
}

/* The fetched row as a db_spell_submission; -1 when it cannot be one (the
 * effects no longer parse: a row written by hand). The numbers are not
 * checked here: approving checks the whole spell again. */
static int spell_read(void *buf, void *row)
{
	struct spell_sub_row *r = buf;
	struct db_spell_submission *out = row;
	struct proposal_error err;

	memset(out, 0, sizeof(*out));
	if (r_text(r->sid, SUBMISSION_ID_HEX, &r->c[SS_SID]) ||
	    r_text(r->word, WORD_BYTES_MAX, &r->c[SS_WORD]) ||
	    r_text(r->effects, SPELL_EFFECTS_TEXT_MAX, &r->c[SS_EFFECTS]) ||
	    r_text(r->status, 11, &r->c[SS_STATUS]) || r_text(r->created, 19, &r->c[SS_CREATED]))
		return -1;
	if (spell_effects_parse(r->effects, &out->p, &err) != 0)
		return -1;
	out->id = r->id;
	memcpy(out->sid, r->sid, sizeof(out->sid));
	memcpy(out->p.name, r->word, sizeof(out->p.name));
	out->p.mana = r->mana;
	out->p.level = r->level;
	out->p.tier = r->tier;
	memcpy(out->status, r->status, sizeof(out->status));
	memcpy(out->created, r->created, sizeof(out->created));
	return 0;
}

/* *hit when a live spell has the name (*active its flag). */
static enum db_status spell_live(struct db *d, const void *proposal, int *hit, int *active)
{
	const char *name = ((const struct spell_proposal *)proposal)->name;
	struct params ps = {.n = 0};
	int32_t a = 0;
	enum db_status st;

	p_str(&ps, name);
	if ((st = fetch_long(d, STMT_SPELL_LIVE, &ps, &a, 0, hit)) != DB_OK)
		return st;
	*active = a != 0;
	return DB_OK;
}

static int spell_insert_params(struct params *ps, const char *sid, const void *proposal,
                               const uint8_t *client, struct lc_scratch *scratch)
{
	const struct spell_proposal *p = proposal;

	if (spell_effects_text(p, scratch->text, sizeof scratch->text) < 0)
		return -1;
	scratch->n[0] = p->mana;
	scratch->n[1] = p->level;
	scratch->n[2] = p->tier;
	p_str(ps, sid);
	p_str(ps, p->name);
	p_int(ps, &scratch->n[0]);
	p_int(ps, &scratch->n[1]);
	p_int(ps, &scratch->n[2]);
	p_str(ps, scratch->text);
	p_blob(ps, client, DBMOD_HASH_BYTES);
	return 0;
}

/* The spell and its effects, in a change set of their own. */
static enum db_status spell_add(struct db *d, void *row, uint32_t *spell_id, unsigned *expected,
                                int *live)
{
	const struct spell_proposal *p = &((struct db_spell_submission *)row)->p;
	struct params ps = {.n = 0};
	int32_t mana = p->mana, level = p->level, tier = p->tier;
	uint64_t rev = 0;
	enum db_status st;

	(void)live; /* the duplicate key says it */
	if ((st = dbrun_change_set(d, &rev)) != DB_OK)
		return st;
	p_str(&ps, p->name);
	p_int(&ps, &mana);
	p_int(&ps, &level);
	p_int(&ps, &tier);
	p_u64(&ps, &rev);
	if ((st = dbrun_exec(d, STMT_SPELL_ADD, &ps, expected)) != DB_OK)
		return st;
	*spell_id = (uint32_t)mysql_stmt_insert_id(db_stmt(d, STMT_SPELL_ADD, &st));
	for (int i = 0; i < p->n_effects; i++) {
		struct params pe = {.n = 0};
		int32_t ord = i + 1;
		const struct spell_effect *e = &p->effects[i];
		p_uint(&pe, spell_id);
		p_int(&pe, &ord);
		p_str(&pe, spell_effect_kind_name(e->kind));
		for (int j = 0; j < SPELL_PARAMS; j++)
			p_int(&pe, &e->p[j]);
		if ((st = dbrun_exec(d, STMT_SPELL_EFFECT_ADD, &pe, NULL)) != DB_OK)
			return st;
	}
	return DB_OK;
}

/* The stored spell checked again as the loader would (it may have been
 * written under other rules). */
static int spell_check_row(void *row, const void *adjust, struct proposal_error *err)
{
	char text[SPELL_TEXT_MAX], why[SPELL_REASON_MAX];
	struct spell s;

	(void)adjust; /* a spell is approved as proposed */
	spell_proposal_view(&((struct db_spell_submission *)row)->p, &s);
	proposal_error_init(err);
	if (spell_check(&s, why, sizeof why) != 0 || spell_text(&s, text, sizeof text) < 0)
		return proposal_error_add(err, "effects", "out_of_range", 1, "%s", why);
	return 0;
}

/* Approved: the spell in words; rejected: its effects as stored. */
static const char *spell_log_text(const void *row, int approved, struct buf *b)
{
	const struct spell_proposal *p = &((const struct db_spell_submission *)row)->p;
	char text[SPELL_TEXT_MAX > SPELL_EFFECTS_TEXT_MAX ? SPELL_TEXT_MAX
	                                                  : SPELL_EFFECTS_TEXT_MAX + 1];
	struct spell s;

	buf_reset(b);
	if (approved) {
		spell_proposal_view(p, &s);
		if (spell_text(&s, text, sizeof text) < 0)
			text[0] = '\0';
	} else if (spell_effects_text(p, text, sizeof text) < 0) {
		text[0] = '\0';
	}
	if (buf_puts(b, text) != 0 || !b->data)
		return "";
	return b->data;
}

static const char *spell_proposal_text(const void *proposal)
{
	return ((const struct spell_proposal *)proposal)->name;
}

static const char *spell_row_text(const void *row)
{
	return ((const struct db_spell_submission *)row)->p.name;
}

const struct proposal_type proposal_spell = {
        TYPE_NOUNS("spell"),
        TYPE_ROWS("spell_submission", struct db_spell_submission, struct spell_sub_row, spell_bind,
                  spell_read, SPELL_SUB),
        .log = STMT_SPELL_LOG,
        .decide_new_id = 1,
        .log_before = 0,
        .proposal_text = spell_proposal_text,
        .row_text = spell_row_text,
        .live = spell_live,
        .insert_params = spell_insert_params,
        .check = spell_check_row,
        .text = spell_log_text,
        .add = spell_add,
};
_Static_assert(sizeof(struct spell_sub_row) <= LC_ROW_BUF_MAX, "LC_ROW_BUF_MAX");
_Static_assert(SPELL_EFFECTS_TEXT_MAX + 1 <= sizeof(((struct lc_scratch *)0)->text), "scratch");

/* ==== training names (table name_submission, migration 0015) ==== */

enum { NS_ID, NS_SID, NS_NAME, NS_STATUS, NS_CREATED, NS_MARKOV_ID, NS__MAX };

struct name_sub_row {
	MYSQL_BIND b[NS__MAX];
	struct col c[NS__MAX];
	uint32_t id, markov_id;
	char sid[SUBMISSION_ID_HEX + 1], name[NAMEPROP_BYTES_MAX + 1], status[12], created[20];
};

static MYSQL_BIND *name_bind(void *buf)
{
	struct name_sub_row *r = buf;

	r_bind(&r->b[NS_ID], &r->c[NS_ID], MYSQL_TYPE_LONG, &r->id, 0, 1);
	r_bind(&r->b[NS_SID], &r->c[NS_SID], MYSQL_TYPE_STRING, r->sid, SUBMISSION_ID_HEX, 0);
	r_bind(&r->b[NS_NAME], &r->c[NS_NAME], MYSQL_TYPE_STRING, r->name, NAMEPROP_BYTES_MAX, 0);
	r_bind(&r->b[NS_STATUS], &r->c[NS_STATUS], MYSQL_TYPE_STRING, r->status, 11, 0);
	r_bind(&r->b[NS_CREATED], &r->c[NS_CREATED], MYSQL_TYPE_STRING, r->created, 19, 0);
	r_bind(&r->b[NS_MARKOV_ID], &r->c[NS_MARKOV_ID], MYSQL_TYPE_LONG, &r->markov_id, 0, 1);
	return r->b;
}

static int name_read(void *buf, void *row)
{
	struct name_sub_row *r = buf;
	struct db_name_submission *out = row;

	memset(out, 0, sizeof(*out));
	if (r_text(r->sid, SUBMISSION_ID_HEX, &r->c[NS_SID]) ||
	    r_text(r->name, NAMEPROP_BYTES_MAX, &r->c[NS_NAME]) ||
	    r_text(r->status, 11, &r->c[NS_STATUS]) || r_text(r->created, 19, &r->c[NS_CREATED]))
		return -1;
	out->id = r->id;
	out->markov_name_id = r->markov_id;
	memcpy(out->sid, r->sid, sizeof(out->sid));
	memcpy(out->name, r->name, sizeof(out->name));
	memcpy(out->status, r->status, sizeof(out->status));
	memcpy(out->created, r->created, sizeof(out->created));
	return 0;
}

/* *hit when a live training name is spelled as name but for case. */
static enum db_status name_is_live(struct db *d, const char *name, int *hit)
{
	struct params ps = {.n = 0};
	uint32_t got = 0;

	p_str(&ps, name);
	return fetch_long(d, STMT_NAME_LIVE, &ps, &got, 1, hit);
}

static enum db_status name_live(struct db *d, const void *proposal, int *hit, int *active)
{
	*active = 0;
	return name_is_live(d, proposal, hit);
}

/* *hit when the name was rejected in the last 30 days, with the dates. */
static enum db_status name_rejected(struct db *d, const void *proposal, struct submit_outcome *out,
                                    int *hit)
{
	const char *name = proposal;
	struct params ps = {.n = 0};
	struct col c[2];
	enum db_status st;

	p_str(&ps, name);
	if ((st = fetch_rejected(d, STMT_NAME_SUB_REJECTED, &ps, out, c, hit)) != DB_OK)
		return st;
	if (*hit && (r_text(out->rejected_on, 10, &c[0]) || r_text(out->again_after, 10, &c[1]))) {
		db_rollback(d);
		return DB_ERROR;
	}
	return DB_OK;
}

static int name_insert_params(struct params *ps, const char *sid, const void *proposal,
                              const uint8_t *client, struct lc_scratch *scratch)
{
	(void)scratch;
	p_str(ps, sid);
	p_str(ps, proposal);
	p_blob(ps, client, DBMOD_HASH_BYTES);
	return 0;
}

/* The change set is opened before the check: its lock on the revision row
 * orders approvals, so two of one name in different case cannot both pass
 * the check. */
static enum db_status name_add(struct db *d, void *row, uint32_t *markov_id, unsigned *expected,
                               int *live)
{
	const char *name = ((struct db_name_submission *)row)->name;
	struct params ps = {.n = 0};
	uint64_t rev = 0;
	enum db_status st;

	if ((st = dbrun_change_set(d, &rev)) != DB_OK ||
	    (st = name_is_live(d, name, live)) != DB_OK || *live)
		return st;
	p_str(&ps, name);
	p_u64(&ps, &rev);
	if ((st = dbrun_exec(d, STMT_NAME_ADD, &ps, expected)) != DB_OK)
		return st;
	*markov_id = (uint32_t)mysql_stmt_insert_id(db_stmt(d, STMT_NAME_ADD, &st));
	return DB_OK;
}

/* The log keeps the name. */
static const char *name_text(const void *row, int approved, struct buf *b)
{
	(void)approved;
	(void)b;
	return ((const struct db_name_submission *)row)->name;
}

static void name_approved(void *row, uint32_t markov_id)
{
	((struct db_name_submission *)row)->markov_name_id = markov_id;
}

static const char *name_proposal_text(const void *proposal)
{
	return proposal;
}

static const char *name_row_text(const void *row)
{
	return ((const struct db_name_submission *)row)->name;
}

const struct proposal_type proposal_name = {
        TYPE_NOUNS("name"),
        TYPE_ROWS("name_submission", struct db_name_submission, struct name_sub_row, name_bind,
                  name_read, NAME_SUB),
        .log = STMT_NAME_LOG,
        .decide_new_id = 1,
        .log_before = 0,
        .proposal_text = name_proposal_text,
        .row_text = name_row_text,
        .live = name_live,
        .rejected = name_rejected,
        .insert_params = name_insert_params,
        .text = name_text,
        .add = name_add,
        .approved = name_approved,
};
_Static_assert(sizeof(struct name_sub_row) <= LC_ROW_BUF_MAX, "LC_ROW_BUF_MAX");

/* ==== dungeon dressing (table dressing_submission, migration 0021) ==== */

enum {
	DS_ID,
	DS_SID,
	DS_KIND,
	DS_NAME,
	DS_PLURAL,
	DS_EFFECT,
	DS_LEVEL_MIN,
	DS_LEVEL_MAX,
	DS_NUMBER_MIN,
	DS_NUMBER_MAX,
	DS_STATUS,
	DS_CREATED,
	DS_DRESSING_ID,
	DS__MAX
};

struct dress_sub_row {
	MYSQL_BIND b[DS__MAX];
	struct col c[DS__MAX];
	uint32_t id, dressing_id;
	int32_t level_min, level_max, number_min, number_max;
	char sid[SUBMISSION_ID_HEX + 1], kind[17], name[DRESSPROP_TEXT_BYTES_MAX + 1],
	        plural[WORD_BYTES_MAX + 1], effect[DRESSPROP_EFFECT_BYTES_MAX + 1], status[12],
	        created[20];
};

static MYSQL_BIND *dress_bind(void *buf)
{
	struct dress_sub_row *r = buf;

	r_bind(&r->b[DS_ID], &r->c[DS_ID], MYSQL_TYPE_LONG, &r->id, 0, 1);
	r_bind(&r->b[DS_SID], &r->c[DS_SID], MYSQL_TYPE_STRING, r->sid, SUBMISSION_ID_HEX, 0);
	r_bind(&r->b[DS_KIND], &r->c[DS_KIND], MYSQL_TYPE_STRING, r->kind, 16, 0);
	r_bind(&r->b[DS_NAME], &r->c[DS_NAME], MYSQL_TYPE_STRING, r->name, DRESSPROP_TEXT_BYTES_MAX,
	       0);
	r_bind(&r->b[DS_PLURAL], &r->c[DS_PLURAL], MYSQL_TYPE_STRING, r->plural, WORD_BYTES_MAX, 0);
	r_bind(&r->b[DS_EFFECT], &r->c[DS_EFFECT], MYSQL_TYPE_STRING, r->effect,
	       DRESSPROP_EFFECT_BYTES_MAX, 0);
	r_bind(&r->b[DS_LEVEL_MIN], &r->c[DS_LEVEL_MIN], MYSQL_TYPE_LONG, &r->level_min, 0, 0);
	r_bind(&r->b[DS_LEVEL_MAX], &r->c[DS_LEVEL_MAX], MYSQL_TYPE_LONG, &r->level_max, 0, 0);
	r_bind(&r->b[DS_NUMBER_MIN], &r->c[DS_NUMBER_MIN], MYSQL_TYPE_LONG, &r->number_min, 0, 0);
	r_bind(&r->b[DS_NUMBER_MAX], &r->c[DS_NUMBER_MAX], MYSQL_TYPE_LONG, &r->number_max, 0, 0);
	r_bind(&r->b[DS_STATUS], &r->c[DS_STATUS], MYSQL_TYPE_STRING, r->status, 11, 0);
	r_bind(&r->b[DS_CREATED], &r->c[DS_CREATED], MYSQL_TYPE_STRING, r->created, 19, 0);
	r_bind(&r->b[DS_DRESSING_ID], &r->c[DS_DRESSING_ID], MYSQL_TYPE_LONG, &r->dressing_id, 0,
	       1);
	return r->b;
}

/* -1 when a value cannot be one of ours (the schema's CHECKs make that a
 * broken database). */
static int dress_read(void *buf, void *row)
{
	struct dress_sub_row *r = buf;
	struct db_dressing_submission *out = row;
	int k;

	memset(out, 0, sizeof(*out));
	if (r_text(r->sid, SUBMISSION_ID_HEX, &r->c[DS_SID]) ||
	    r_text(r->kind, 16, &r->c[DS_KIND]) ||
	    r_text(r->name, DRESSPROP_TEXT_BYTES_MAX, &r->c[DS_NAME]) ||
	    r_text(r->plural, WORD_BYTES_MAX, &r->c[DS_PLURAL]) ||
	    r_text(r->effect, DRESSPROP_EFFECT_BYTES_MAX, &r->c[DS_EFFECT]) ||
	    r_text(r->status, 11, &r->c[DS_STATUS]) || r_text(r->created, 19, &r->c[DS_CREATED]))
		return -1;
	if ((k = dressprop_kind_from_name(r->kind)) < 0)
		return -1;
	out->id = r->id;
	out->dressing_id = r->dressing_id;
	memcpy(out->sid, r->sid, sizeof(out->sid));
	out->p.kind = (enum dressprop_kind)k;
	memcpy(out->p.name, r->name, sizeof(out->p.name));
	memcpy(out->p.plural, r->plural, sizeof(out->p.plural));
	memcpy(out->p.effect, r->effect, sizeof(out->p.effect));
	out->p.level_min = r->level_min;
	out->p.level_max = r->level_max;
	out->p.number_min = r->number_min;
	out->p.number_max = r->number_max;
	memcpy(out->status, r->status, sizeof(out->status));
	memcpy(out->created, r->created, sizeof(out->created));
	return 0;
}

/* *hit when a live row of the proposal's kind has its name. */
static enum db_status dress_is_live(struct db *d, const struct dress_proposal *p, int *hit)
{
	struct params ps = {.n = 0};
	uint32_t got = 0;

	p_str(&ps, dressprop_kind_names[p->kind]);
	p_str(&ps, p->name);
	return fetch_long(d, STMT_DRESS_LIVE, &ps, &got, 1, hit);
}

static enum db_status dress_live(struct db *d, const void *proposal, int *hit, int *active)
{
	*active = 0;
	return dress_is_live(d, proposal, hit);
}

static void p_dress(struct params *ps, const struct dress_proposal *p, int32_t n[4])
{
	n[0] = p->level_min;
	n[1] = p->level_max;
	n[2] = p->number_min;
	n[3] = p->number_max;
	p_str(ps, dressprop_kind_names[p->kind]);
	p_str(ps, p->name);
	p_str(ps, p->plural);
	p_str(ps, p->effect);
	for (int i = 0; i < 4; i++)
		p_int(ps, &n[i]);
}

static int dress_insert_params(struct params *ps, const char *sid, const void *proposal,
                               const uint8_t *client, struct lc_scratch *scratch)
{
	p_str(ps, sid);
	p_dress(ps, proposal, scratch->n);
	p_blob(ps, client, DBMOD_HASH_BYTES);
	return 0;
}

/* The change set is opened before the check, as for names: its lock
 * orders approvals, so two spellings of one row cannot both pass. */
static enum db_status dress_add(struct db *d, void *row, uint32_t *dressing_id, unsigned *expected,
                                int *live)
{
	const struct dress_proposal *p = &((struct db_dressing_submission *)row)->p;
	struct params ps = {.n = 0};
	int32_t n[4];
	uint32_t weight = DRESSPROP_WEIGHT;
	uint64_t rev = 0;
	enum db_status st;

	if ((st = dbrun_change_set(d, &rev)) != DB_OK ||
	    (st = dress_is_live(d, p, live)) != DB_OK || *live)
		return st;
	p_dress(&ps, p, n);
	p_uint(&ps, &weight);
	p_u64(&ps, &rev);
	if ((st = dbrun_exec(d, STMT_DRESS_ADD, &ps, expected)) != DB_OK)
		return st;
	*dressing_id = (uint32_t)mysql_stmt_insert_id(db_stmt(d, STMT_DRESS_ADD, &st));
	return DB_OK;
}

/* The log keeps the row in words: "trap pit (levels 1-20): effect". */
static const char *dress_text(const void *row, int approved, struct buf *b)
{
	const struct dress_proposal *p = &((const struct db_dressing_submission *)row)->p;
	int rc;

	(void)approved; /* approved as proposed */
	buf_reset(b);
	rc = buf_printf(b, "%s %s", dressprop_kind_names[p->kind], p->name);
	if (rc == 0 && p->kind == DP_OCCUPANT)
		rc = buf_printf(b, " (plural %s, levels %d-%d, %d-%d appearing)", p->plural,
		                p->level_min, p->level_max, p->number_min, p->number_max);
	if (rc == 0 && p->kind == DP_TRAP)
		rc = buf_printf(b, " (levels %d-%d): %s", p->level_min, p->level_max, p->effect);
	return rc == 0 && b->data ? b->data : "";
}

static void dress_approved(void *row, uint32_t dressing_id)
{
	((struct db_dressing_submission *)row)->dressing_id = dressing_id;
}

static const char *dress_proposal_text(const void *proposal)
{
	return ((const struct dress_proposal *)proposal)->name;
}

static const char *dress_row_text(const void *row)
{
	return ((const struct db_dressing_submission *)row)->p.name;
}

const struct proposal_type proposal_dressing = {
        TYPE_NOUNS("dressing"),
        TYPE_ROWS("dressing_submission", struct db_dressing_submission, struct dress_sub_row,
                  dress_bind, dress_read, DRESS_SUB),
        .log = STMT_DRESS_LOG,
        .decide_new_id = 1,
        .log_before = 0,
        .proposal_text = dress_proposal_text,
        .row_text = dress_row_text,
        .live = dress_live,
        .insert_params = dress_insert_params,
        .text = dress_text,
        .add = dress_add,
        .approved = dress_approved,
};
_Static_assert(sizeof(struct dress_sub_row) <= LC_ROW_BUF_MAX, "LC_ROW_BUF_MAX");
