/* proposal_spell: a spell (table spell_submission, migration 0013): struct
 * spell_proposal in, struct db_spell_submission out. */
#include <string.h>

#include "proposal_types_int.h"

#define SPELL_SUB_COLS                                                                             \
	"id, submission_id, word, mana, level, tier, effects, status, "                            \
	"DATE_FORMAT(created_at, '%Y-%m-%d %H:%i')"

const struct stmt_def proposal_spell_statements[TS__MAX] = {
        TYPE_QUEUE_STMTS("spell_submission", SPELL_SUB_COLS, "word"),
        [TS_LIVE] = {"SELECT active FROM spell WHERE live_word = ? LIMIT 1"},
        [TS_INSERT] = {"INSERT INTO spell_submission (submission_id, word, mana, "
                       "level, tier, effects, client_hash) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?)"},
        /* An approved spell, in the change set whose revision is the last ?;
         * its effects follow in the same transaction (0012's trigger). */
        [TS_ADD] = {"INSERT INTO spell (word, mana, level, tier, active, added_rev) "
                    "VALUES (?, ?, ?, ?, 1, ?)"},
        [TS_EXTRA] = {"INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, "
                      "p3, p4, p5) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"},
        [TS_DECIDE] = {DECIDE_SQL("spell_submission", ", spell_id = ?")},
        [TS_LOG] = {DECIDE_LOG_SQL("spell_submission_id")},
};

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
	if ((st = proposal_fetch_long(d, TYPE_STMT(spell, TS_LIVE), &ps, &a, 0, hit)) != DB_OK)
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
	if ((st = dbrun_exec(d, TYPE_STMT(spell, TS_ADD), &ps, expected)) != DB_OK)
		return st;
	*spell_id = (uint32_t)mysql_stmt_insert_id(db_stmt(d, TYPE_STMT(spell, TS_ADD), &st));
	for (int i = 0; i < p->n_effects; i++) {
		struct params pe = {.n = 0};
		int32_t ord = i + 1;
		const struct spell_effect *e = &p->effects[i];
		p_uint(&pe, spell_id);
		p_int(&pe, &ord);
		p_str(&pe, spell_effect_kind_name(e->kind));
		for (int j = 0; j < SPELL_PARAMS; j++)
			p_int(&pe, &e->p[j]);
		if ((st = dbrun_exec(d, TYPE_STMT(spell, TS_EXTRA), &pe, NULL)) != DB_OK)
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
        TYPE_ROWS(spell, "spell_submission", struct db_spell_submission, struct spell_sub_row,
                  spell_bind, spell_read),
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
