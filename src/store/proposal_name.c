/* proposal_name: a training name (table name_submission, migration 0015):
 * the name (char *) in, struct db_name_submission out. */
#include <string.h>

#include "proposal_types_int.h"

#define NAME_SUB_COLS                                                                              \
	"id, submission_id, name, status, DATE_FORMAT(created_at, '%Y-%m-%d %H:%i'), "             \
	"COALESCE(markov_name_id, 0)"

const struct stmt_def proposal_name_statements[TS__MAX] = {
        TYPE_QUEUE_STMTS("name_submission", NAME_SUB_COLS, "name"),
        /* A live training name spelled the same but for case (accents
         * count), as name_submission compares names (0015); markov_name's
         * own key is by code point. */
        [TS_LIVE] = {"SELECT id FROM markov_name WHERE retired_rev IS NULL AND "
                     "name COLLATE utf8mb4_uca1400_as_ci = ? LIMIT 1"},
        [TS_REJECTED] = {REJECTED_SQL("name_submission", "name = ?")},
        [TS_INSERT] = {"INSERT INTO name_submission (submission_id, name, "
                       "client_hash) VALUES (?, ?, ?)"},
        /* An approved name, in the change set whose revision is the ?. */
        [TS_ADD] = {"INSERT INTO markov_name (name, added_rev) VALUES (?, ?)"},
        [TS_DECIDE] = {DECIDE_SQL("name_submission", ", markov_name_id = ?")},
        [TS_LOG] = {DECIDE_LOG_SQL("name_submission_id")},
};

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
	return proposal_fetch_long(d, TYPE_STMT(name, TS_LIVE), &ps, &got, 1, hit);
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
	if ((st = proposal_fetch_rejected(d, TYPE_STMT(name, TS_REJECTED), &ps, out, c, hit)) !=
	    DB_OK)
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
	if ((st = dbrun_exec(d, TYPE_STMT(name, TS_ADD), &ps, expected)) != DB_OK)
		return st;
	*markov_id = (uint32_t)mysql_stmt_insert_id(db_stmt(d, TYPE_STMT(name, TS_ADD), &st));
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
        TYPE_ROWS(name, "name_submission", struct db_name_submission, struct name_sub_row,
                  name_bind, name_read),
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
