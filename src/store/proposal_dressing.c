/* proposal_dressing: a dungeon dressing row, a trap, an occupant, a room's
 * feature, sound or smell (table dressing_submission, migration 0021):
 * struct dress_proposal in, struct db_dressing_submission out. */
#include <string.h>

#include "proposal_types_int.h"

#define DRESS_SUB_COLS                                                                             \
	"id, submission_id, CAST(kind AS CHAR(16) CHARACTER SET ascii), name, plural, effect, "    \
	"level_min, level_max, number_min, number_max, status, "                                   \
	"DATE_FORMAT(created_at, '%Y-%m-%d %H:%i'), COALESCE(dressing_id, 0)"

const struct stmt_def proposal_dressing_statements[TS__MAX] = {
        TYPE_QUEUE_STMTS("dressing_submission", DRESS_SUB_COLS, "name"),
        /* A live row of the kind spelled the same as the table compares
         * (case- and accent-insensitively). */
        [TS_LIVE] = {"SELECT id FROM dungeon_dressing WHERE retired_rev IS NULL AND "
                     "kind = ? AND name = ? LIMIT 1"},
        [TS_INSERT] = {"INSERT INTO dressing_submission (submission_id, kind, name, "
                       "plural, effect, level_min, level_max, number_min, "
                       "number_max, client_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, "
                       "?)"},
        /* An approved row, in the change set whose revision is the last ?. */
        [TS_ADD] = {"INSERT INTO dungeon_dressing (kind, name, plural, effect, "
                    "level_min, level_max, number_min, number_max, weight, added_rev) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"},
        [TS_DECIDE] = {DECIDE_SQL("dressing_submission", ", dressing_id = ?")},
        [TS_LOG] = {DECIDE_LOG_SQL("dressing_submission_id")},
};

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
	return proposal_fetch_long(d, TYPE_STMT(dressing, TS_LIVE), &ps, &got, 1, hit);
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
	if ((st = dbrun_exec(d, TYPE_STMT(dressing, TS_ADD), &ps, expected)) != DB_OK)
		return st;
	*dressing_id = (uint32_t)mysql_stmt_insert_id(db_stmt(d, TYPE_STMT(dressing, TS_ADD), &st));
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
        TYPE_ROWS(dressing, "dressing_submission", struct db_dressing_submission,
                  struct dress_sub_row, dress_bind, dress_read),
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
