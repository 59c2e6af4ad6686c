/* lifecycle: see lifecycle.h. The flow is written once here; what differs
 * between the types is in their descriptors (proposal_<type>.c). */
#include "lifecycle_int.h"

#include <stdalign.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "catalog.h"
#include "confusable.h"
#include "db_int.h"
#include "log.h"
#include "proposal_list.h"

/* A type's fetch buffers, aligned for anything they hold. */
struct row_buf {
	alignas(max_align_t) unsigned char b[LC_ROW_BUF_MAX];
};

static char *status_of(const struct proposal_type *t, void *row)
{
	return (char *)row + t->status_off;
}

const char *db_proposal_status(const struct proposal_type *t, const void *row)
{
	return (const char *)row + t->status_off;
}

/* Runs q (ps bound) and reads its one row, if any, into row. */
static enum db_status one(struct db *d, const struct proposal_type *t, enum stmt q,
                          struct params *ps, void *row, int *found)
{
	struct row_buf buf;
	MYSQL_BIND *binds = t->bind_row(&buf);

	return dbrun_one_row(d, q, ps, binds, &buf, t->read_row, row, t->table, found);
}

static enum db_status by_sid(struct db *d, const struct proposal_type *t, const char *sid,
                             void *row, int *found)
{
	struct params ps = {.n = 0};

	p_str(&ps, sid);
	return one(d, t, lc_stmt(t, TS_BY_SID), &ps, row, found);
}

/* ---- submitting ---- */

/* *over = 1 (and out->retry_after) when the client is at the hourly limit,
 * which counts the proposals of every type together (STMT_SUB_RATE, one
 * client hash per proposal table). The caller holds the client's lock row
 * (dbrun_begin_for_client). */
static enum db_status check_rate(struct db *d, const uint8_t *client, unsigned limit,
                                 struct submit_outcome *out, int *over)
{
	struct params ps = {.n = 0};
	long long count = 0, wait = 0;
	struct col c[2];
	MYSQL_BIND b[2];
	enum db_status st;

	for (int i = 0; i < PROPOSAL_TYPE_COUNT; i++) /* once per table */
		p_blob(&ps, client, DBMOD_HASH_BYTES);
	if ((st = dbrun_exec(d, STMT_SUB_RATE, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b[0], &c[0], MYSQL_TYPE_LONGLONG, &count, 0, 0);
	r_bind(&b[1], &c[1], MYSQL_TYPE_LONGLONG, &wait, 0, 0);
	if (dbrun_fetch_one(d, STMT_SUB_RATE, b, &st) < 0)
		return st;
	*over = count >= (long long)limit;
	out->retry_after = wait > 0 ? (long)wait : 1;
	return DB_OK;
}

/* A count of one row (q, ps bound) into *n. */
static enum db_status count_of(struct db *d, enum stmt q, struct params *ps, long long *n)
{
	struct col c;
	MYSQL_BIND b;
	enum db_status st;

	*n = 0;
	if ((st = dbrun_exec(d, q, ps, NULL)) != DB_OK)
		return st;
	r_bind(&b, &c, MYSQL_TYPE_LONGLONG, n, 0, 0);
	return dbrun_fetch_one(d, q, &b, &st) < 0 ? st : DB_OK;
}

/* Whether text looks like one of the texts q lists without being it
 * (TR39's skeleton, confusable.h; the same text in any case is not a
 * look-alike): the first such into found (cap bytes). */
static enum db_status lookalike_in(struct db *d, enum stmt q, const char *text, char *found,
                                   size_t cap, int *hit)
{
	char mine[CONFUSABLE_SKELETON_MAX], theirs[CONFUSABLE_SKELETON_MAX];
	char row[WORD_BYTES_MAX * 2 + 2];
	struct col c;
	MYSQL_BIND b;
	enum db_status st;
	int rc;

	*hit = 0;
	if (confusable_skeleton(text, mine, sizeof mine) != 0)
		return DB_OK; /* the word rule has refused it before */
	if ((st = dbrun_exec(d, q, NULL, NULL)) != DB_OK)
		return st;
	MYSQL_STMT *s = db_stmt(d, q, &st);
	r_bind(&b, &c, MYSQL_TYPE_STRING, row, sizeof row - 1, 0);
	if (!s || mysql_stmt_bind_result(s, &b) != 0)
		return s ? db_stmt_fail(d, q) : st;
	while ((rc = mysql_stmt_fetch(s)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
		if (*hit || rc != 0 || r_text(row, sizeof row - 1, &c) != 0)
			continue;
		if (strcasecmp(row, text) != 0 &&
		    confusable_skeleton(row, theirs, sizeof theirs) == 0 &&
		    strcmp(mine, theirs) == 0) {
			*hit = 1;
			snprintf(found, cap, "%s", row);
		}
	}
	if (rc != MYSQL_NO_DATA)
		return db_stmt_fail(d, q);
	mysql_stmt_free_result(s);
	return DB_OK;
}

/* Whether text looks like a text of any proposal table (slot: which
 * texts, TS_TEXTS_PENDING or TS_TEXTS_APPROVED), in the order of the
 * list: the first such into found. */
static enum db_status lookalike_any(struct db *d, enum type_slot slot, const char *text,
                                    char *found, size_t cap, int *hit)
{
	enum db_status st = DB_OK;

	*hit = 0;
	for (int i = 0; i < PROPOSAL_TYPE_COUNT && !*hit && st == DB_OK; i++) {
		enum stmt q = (enum stmt)(STMT_TYPE_FIRST + i * TS__MAX + slot);
		if (stmt_get(q)->sql)
			st = lookalike_in(d, q, text, found, cap, hit);
	}
	return st;
}

/* The checks over every proposal form, after the client's own: *r set
 * (else left) when the id is another form's, the queue is full, or the
 * text looks like one that waits. */
static enum db_status check_all_forms(struct db *d, const struct proposal_type *t, const char *sid,
                                      const void *proposal, enum submit_result *r, int *refused)
{
	struct params ps = {.n = 0};
	char found[WORD_BYTES_MAX * 2 + 2];
	long long n;
	enum db_status st;
	int hit;

	*refused = 1;
	for (int i = 0; i < PROPOSAL_TYPE_COUNT; i++) /* once per table */
		p_str(&ps, sid);
	if ((st = count_of(d, STMT_PROPOSALS_SID, &ps, &n)) != DB_OK)
		return st;
	if (n > 0) {
		*r = SUBMIT_SID_TAKEN;
		return DB_OK;
	}
	if ((st = count_of(d, STMT_PROPOSALS_PENDING, NULL, &n)) != DB_OK)
		return st;
	if (n >= PROPOSALS_PENDING_MAX) {
		*r = SUBMIT_FULL;
		return DB_OK;
	}
	if (t->proposal_text && (st = lookalike_any(d, TS_TEXTS_PENDING, t->proposal_text(proposal),
	                                            found, sizeof found, &hit)) != DB_OK)
		return st;
	if (t->proposal_text && hit) {
		*r = SUBMIT_LOOKALIKE;
		return DB_OK;
	}
	*refused = 0;
	return DB_OK;
}

struct submit_args {
	const struct proposal_type *t;
	const char *sid;
	const void *proposal;
	const uint8_t *client;
	unsigned limit;
	struct submit_outcome *out;
	void *row;
};

/* Ends a transaction that only read: there is nothing to keep. */
static enum db_status done_reading(struct db *d, enum submit_result r, struct submit_outcome *out)
{
	out->result = r;
	return dbrun_commit(d);
}

/* One attempt of db_proposal_submit. *conflict is set when a lock conflict
 * ended it. */
static enum db_status submit_once(struct db *d, void *args, unsigned *conflict)
{
	const struct submit_args *a = args;
	const struct proposal_type *t = a->t;
	struct submit_outcome *out = a->out;
	struct params ps = {.n = 0};
	struct lc_scratch scratch;
	enum db_status st;
	int found = 0, hit = 0, active = 0;
	unsigned expected = 0;

	memset(a->row, 0, t->row_size);
	if (t->insert_params(&ps, a->sid, a->proposal, a->client, &scratch) != 0)
		return DB_ERROR;
	if ((st = dbrun_begin_for_client(d, a->client)) != DB_OK ||
	    (st = by_sid(d, t, a->sid, a->row, &found)) != DB_OK)
		return st;
	if (found)
		return done_reading(d, SUBMIT_ALREADY, out);
	if ((st = check_rate(d, a->client, a->limit, out, &hit)) != DB_OK)
		return st;
	if (hit)
		return done_reading(d, SUBMIT_LIMITED, out);
	enum submit_result refusal;
	if ((st = check_all_forms(d, t, a->sid, a->proposal, &refusal, &hit)) != DB_OK)
		return st;
	if (hit) {
		out->retry_after = PROPOSALS_FULL_RETRY;
		return done_reading(d, refusal, out);
	}
	if ((st = t->live(d, a->proposal, &hit, &active)) != DB_OK)
		return st;
	if (hit) {
		out->live_active = active;
		return done_reading(d, SUBMIT_LIVE, out);
	}
	if (t->pending && (st = t->pending(d, a->proposal, &hit)) != DB_OK)
		return st;
	if (hit)
		return done_reading(d, SUBMIT_PENDING, out);
	if (t->rejected && (st = t->rejected(d, a->proposal, out, &hit)) != DB_OK)
		return st;
	if (hit)
		return done_reading(d, SUBMIT_REJECTED, out);

	st = dbrun_exec(d, lc_stmt(t, TS_INSERT), &ps, &expected);
	if (st == DB_ERROR && expected) {
		db_rollback(d);
		if (dbrun_lock_conflict(expected)) {
			*conflict = expected;
			return DB_ERROR;
		}
		/* Another post stored this id or this key first; which one is
		 * seen now that its transaction has committed. */
		if ((st = by_sid(d, t, a->sid, a->row, &found)) != DB_OK)
			return st;
		out->result = found ? SUBMIT_ALREADY : SUBMIT_PENDING;
		return DB_OK;
	}
	if (st != DB_OK || (st = by_sid(d, t, a->sid, a->row, &found)) != DB_OK)
		return st;
	if (!found) {
		db_rollback(d);
		log_error("dbmod: a %s just inserted cannot be read back", t->noun);
		return DB_ERROR;
	}
	out->result = SUBMIT_STORED;
	return dbrun_commit(d);
}

enum db_status db_proposal_submit(struct db *d, const struct proposal_type *t, const char *sid,
                                  const void *proposal, const uint8_t client[DBMOD_HASH_BYTES],
                                  unsigned limit, struct submit_outcome *out, void *row)
{
	struct submit_args a = {t, sid, proposal, client, limit, out, row};
	return dbrun_retried(d, t->a_submit, submit_once, &a, out, sizeof(*out));
}

/* ---- reading ---- */

static enum db_status limited_once(struct db *d, const uint8_t *client, unsigned limit, int *over,
                                   long *retry_after)
{
	struct submit_outcome out = {.retry_after = 0};

	*over = 0;
	if (!d)
		return DB_DOWN;
	enum db_status st = check_rate(d, client, limit, &out, over);
	if (st == DB_OK)
		db_ok(d);
	*retry_after = out.retry_after;
	return st;
}

enum db_status db_proposal_limited(struct db *d, const uint8_t client[DBMOD_HASH_BYTES],
                                   unsigned limit, int *over, long *retry_after)
{
	ONCE_MORE(limited_once(d, client, limit, over, retry_after));
}

static enum db_status by_sid_once(struct db *d, const struct proposal_type *t, const char *sid,
                                  void *row, int *found)
{
	*found = 0;
	if (!d)
		return DB_DOWN;
	enum db_status st = by_sid(d, t, sid, row, found);
	if (st == DB_OK)
		db_ok(d);
	return st;
}

enum db_status db_proposal_by_sid(struct db *d, const struct proposal_type *t, const char *sid,
                                  void *row, int *found)
{
	ONCE_MORE(by_sid_once(d, t, sid, row, found));
}

static enum db_status pending_once(struct db *d, const struct proposal_type *t, void *rows,
                                   size_t max, size_t *n, unsigned long *total)
{
	struct row_buf buf;
	struct queue q = {.list = lc_stmt(t, TS_LIST),
	                  .count = lc_stmt(t, TS_COUNT),
	                  .binds = t->bind_row(&buf),
	                  .row = &buf,
	                  .out = t->read_row,
	                  .dst = rows,
	                  .size = t->row_size};
	return dbrun_queue(d, &q, max, n, total);
}

enum db_status db_proposal_pending(struct db *d, const struct proposal_type *t, void *rows,
                                   size_t max, size_t *n, unsigned long *total)
{
	if (!d)
		return DB_DOWN;
	ONCE_MORE(pending_once(d, t, rows, max, n, total));
}

/* ---- deciding ---- */

/* Locks proposal id into row; *go when it is pending (else out->result says
 * why and the transaction is rolled back). */
static enum db_status lock_pending(struct db *d, const struct proposal_type *t, uint32_t id,
                                   void *row, struct decide_outcome *out, int *go)
{
	struct params ps = {.n = 0};
	enum db_status st;
	int found;

	*go = 0;
	p_uint(&ps, &id);
	if ((st = one(d, t, lc_stmt(t, TS_LOCK), &ps, row, &found)) != DB_OK)
		return st;
	if (!found || strcmp(status_of(t, row), "pending") != 0) {
		out->result = found ? DECIDE_NOT_PENDING : DECIDE_NOT_FOUND;
		db_rollback(d);
		return DB_OK;
	}
	*go = 1;
	return DB_OK;
}

/* Marks proposal id decided and writes the moderation log. */
static enum db_status decided(struct db *d, const struct proposal_type *t, uint32_t id,
                              int approved, const struct moderator *m, const char *reason,
                              const uint32_t *new_id, const char *before, const char *after)
{
	struct params ps = {.n = 0}, lg = {.n = 0};
	enum db_status st;

	p_str(&ps, approved ? "approved" : "rejected");
	p_uint(&ps, &m->id);
	p_str_or_null(&ps, reason);
	if (t->decide_new_id)
		p_uint_or_null(&ps, new_id);
	p_uint(&ps, &id);
	if ((st = dbrun_exec(d, lc_stmt(t, TS_DECIDE), &ps, NULL)) != DB_OK)
		return st;
	p_uint(&lg, &id);
	p_uint(&lg, &m->id);
	p_str(&lg, m->name);
	p_str(&lg, approved ? "approve" : "reject");
	p_str_or_null(&lg, reason);
	p_uint_or_null(&lg, new_id);
	if (t->log_before)
		p_str(&lg, before);
	p_str(&lg, after);
	return dbrun_exec(d, lc_stmt(t, TS_LOG), &lg, NULL);
}

struct decide_args {
	const struct proposal_type *t;
	uint32_t id;
	const void *adjust;
	const char *reason;
	const struct moderator *m;
	struct decide_outcome *out;
	void *row;
};

static enum db_status approve_once(struct db *d, void *args, unsigned *conflict)
{
	const struct decide_args *a = args;
	const struct proposal_type *t = a->t;
	struct decide_outcome *out = a->out;
	struct buf before, after;
	const char *before_text = NULL;
	enum db_status st;
	unsigned expected = 0;
	int go, live = 0;

	memset(a->row, 0, t->row_size);
	if ((st = dbrun_begin(d)) != DB_OK ||
	    (st = lock_pending(d, t, a->id, a->row, out, &go)) != DB_OK || !go)
		return st;
	buf_init(&before);
	buf_init(&after);
	if (t->log_before)
		before_text = t->text(a->row, 0, &before);
	if (t->check && t->check(a->row, a->adjust, &out->err) != 0) {
		out->result = DECIDE_BAD_STATS;
		db_rollback(d);
		goto done;
	}
	/* A look-alike may have been approved (or gone live) since this one
	 * was proposed: checked again against both. */
	if (t->row_text) {
		const char *text = t->row_text(a->row), *seen = NULL;
		int hit = 0;
		const struct catalog *cat = catalog_acquire();
		if (cat && (seen = confusable_live(cat, text)) != NULL)
			snprintf(out->lookalike, sizeof out->lookalike, "%s", seen);
		if (cat)
			catalog_release(cat);
		if (!seen && (st = lookalike_any(d, TS_TEXTS_APPROVED, text, out->lookalike,
		                                 sizeof out->lookalike, &hit)) != DB_OK)
			goto done;
		if (seen || hit) {
			out->result = DECIDE_LOOKALIKE;
			db_rollback(d);
			goto done;
		}
	}
	st = t->add(d, a->row, &out->new_id, &expected, &live);
	if ((st == DB_ERROR && expected) || (st == DB_OK && live)) {
		db_rollback(d);
		if (dbrun_lock_conflict(expected)) {
			*conflict = expected;
		} else {
			out->result = DECIDE_LIVE;
			st = DB_OK;
		}
		goto done;
	}
	if (st != DB_OK ||
	    (st = decided(d, t, a->id, 1, a->m, NULL, &out->new_id, before_text,
	                  t->text(a->row, 1, &after))) != DB_OK ||
	    (st = dbrun_commit(d)) != DB_OK)
		goto done;
	snprintf(status_of(t, a->row), 12, "approved");
	if (t->approved)
		t->approved(a->row, out->new_id);
	out->result = DECIDE_DONE;
done:
	buf_free(&before);
	buf_free(&after);
	return st;
}

enum db_status db_proposal_approve(struct db *d, const struct proposal_type *t, uint32_t id,
                                   const void *adjust, const struct moderator *m,
                                   struct decide_outcome *out, void *row)
{
	struct decide_args a = {t, id, adjust, NULL, m, out, row};
	return dbrun_retried(d, t->a_approve, approve_once, &a, out, sizeof(*out));
}

static enum db_status reject_once(struct db *d, void *args, unsigned *conflict)
{
	const struct decide_args *a = args;
	const struct proposal_type *t = a->t;
	struct buf text;
	enum db_status st;
	int go;

	(void)conflict; /* one row locked: nothing to deadlock with */
	memset(a->row, 0, t->row_size);
	if ((st = dbrun_begin(d)) != DB_OK ||
	    (st = lock_pending(d, t, a->id, a->row, a->out, &go)) != DB_OK || !go)
		return st;
	buf_init(&text);
	const char *s = t->text(a->row, 0, &text);
	if ((st = decided(d, t, a->id, 0, a->m, a->reason, NULL, s, s)) == DB_OK &&
	    (st = dbrun_commit(d)) == DB_OK) {
		snprintf(status_of(t, a->row), 12, "rejected");
		a->out->result = DECIDE_DONE;
	}
	buf_free(&text);
	return st;
}

enum db_status db_proposal_reject(struct db *d, const struct proposal_type *t, uint32_t id,
                                  const char *reason, const struct moderator *m,
                                  struct decide_outcome *out, void *row)
{
	struct decide_args a = {t, id, NULL, reason, m, out, row};
	return dbrun_retried(d, t->a_reject, reject_once, &a, out, sizeof(*out));
}
