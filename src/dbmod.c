/* dbmod: the typed functions of proposals, moderation, moderators and
 * sessions. Their SQL is in the one statement table (statements.c); db.c
 * owns the connection and prepares each statement on first use (db_int.h);
 * every value goes in through a bound parameter.
 *
 * Transactions: each function that writes begins, runs its checks and
 * writes, and commits before it returns; every failure path rolls back
 * (db_stmt_fail does it for unexpected errors, db_rollback for expected
 * ones such as a duplicate key), so no transaction outlives a call. A lock
 * conflict (deadlock) retries the whole transaction a few times. */
#include "dbmod.h"

#include <mysql.h>
#include <mysqld_error.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "backoff.h"
#include "db_int.h"
#include "statements.h"
#include "log.h"

#define N_SCOLS 11
static const enum stat scols[N_SCOLS] = {ST_HANDS,   ST_ATTACK,   ST_DEFENSE,  ST_MAGIC,
                                         ST_FLAMING, ST_FREEZING, ST_SHOCKING, ST_HOLY,
                                         ST_EVIL,    ST_SNEAK,    ST_CRIT};

/* STMT_SES_INSERT (statements.c) writes the session length into its SQL. */
_Static_assert(SESSION_HOURS == 8, "update STMT_SES_INSERT");

#define TRIES 3 /* a transaction that meets a deadlock is run again, this often */

/* A call that finds its connection closed under it (the server restarted
 * since this handle's last use) is run once more, on a new connection, so
 * that the first request after a restart does not fail for nothing. Every
 * call here is safe to repeat: a submission is known by its id, a decision
 * checks the row is still pending, and nothing is half-written (an
 * interrupted transaction is rolled back by the server). */
#define ONCE_MORE(call)                                                                            \
	do {                                                                                       \
		enum db_status st_ = (call);                                                       \
		return st_ == DB_DOWN ? (call) : st_;                                              \
	} while (0)

/* A transaction run until it is through: again when it met a lock conflict
 * (the call sets *conflict), up to TRIES times, then answered as busy; once
 * more when it found its connection closed (see ONCE_MORE). out (out_size
 * bytes) is cleared before each try. */
typedef enum db_status (*attempt_fn)(struct db *d, void *args, unsigned *conflict);

static enum db_status retried(struct db *d, const char *what, attempt_fn once, void *args,
                              void *out, size_t out_size)
{
	int again = 1;

	if (!d)
		return DB_DOWN;
	for (int i = 0; i < TRIES; i++) {
		unsigned conflict = 0;
		memset(out, 0, out_size);
		enum db_status st = once(d, args, &conflict);
		if (st == DB_OK)
			db_ok(d);
		if (st == DB_DOWN && again--)
			continue;
		if (st != DB_ERROR || !conflict)
			return st;
	}
	log_warn("dbmod: %s met lock conflicts %d times; answered as busy", what, TRIES);
	return DB_DOWN;
}

/* ---- parameters ---- */

/* The most any statement binds: STMT_SUB_INSERT, 21 (0016 added classes). */
#define PARAMS_MAX 24

struct params {
	MYSQL_BIND b[PARAMS_MAX];
	int n;
};

static MYSQL_BIND *param(struct params *ps, enum enum_field_types type)
{
	MYSQL_BIND *b = &ps->b[ps->n++];
	memset(b, 0, sizeof(*b));
	b->buffer_type = type;
	return b;
}

static void p_str(struct params *ps, const char *s)
{
	MYSQL_BIND *b = param(ps, MYSQL_TYPE_STRING);
	b->buffer = (void *)s;
	b->buffer_length = strlen(s);
}

static void p_blob(struct params *ps, const void *p, size_t n)
{
	MYSQL_BIND *b = param(ps, MYSQL_TYPE_BLOB);
	b->buffer = (void *)p;
	b->buffer_length = n;
}

static void p_int(struct params *ps, const int32_t *v)
{
	param(ps, MYSQL_TYPE_LONG)->buffer = (void *)v;
}

static void p_uint(struct params *ps, const uint32_t *v)
{
	MYSQL_BIND *b = param(ps, MYSQL_TYPE_LONG);
	b->buffer = (void *)v;
	b->is_unsigned = 1;
}

static void p_null(struct params *ps)
{
	param(ps, MYSQL_TYPE_NULL);
}

static void p_str_or_null(struct params *ps, const char *s)
{
	if (s)
		p_str(ps, s);
	else
		p_null(ps);
}

/* ---- running statements ---- */

static int is_lock_conflict(unsigned e)
{
	return e == ER_LOCK_DEADLOCK || e == ER_LOCK_WAIT_TIMEOUT;
}

/* Runs statement q with ps bound (ps may be NULL). DB_OK, or the failure,
 * logged and rolled back. With `expected`, a duplicate key or a lock
 * conflict is not a failure: DB_ERROR with *expected set, not logged, and
 * the caller rolls back. */
static enum db_status exec(struct db *d, enum stmt q, struct params *ps, unsigned *expected)
{
	enum db_status st;
	MYSQL_STMT *s = db_stmt(d, q, &st);

	if (!s)
		return st;
	if ((ps && mysql_stmt_bind_param(s, ps->b)) || mysql_stmt_execute(s)) {
		unsigned e = mysql_stmt_errno(s);
		if (expected && (e == ER_DUP_ENTRY || is_lock_conflict(e))) {
			*expected = e;
			return DB_ERROR;
		}
		return db_stmt_fail(d, q);
	}
	return DB_OK;
}

/* Binds out[] to q's result and fetches one row: 1 a row, 0 none, -1 the
 * failure's status in *st. The result is freed in every case. */
static int fetch_one(struct db *d, enum stmt q, MYSQL_BIND *out, enum db_status *st)
{
	enum db_status ignored;
	MYSQL_STMT *s = db_stmt(d, q, &ignored);
	int rc;

	if (!s || mysql_stmt_bind_result(s, out) != 0) {
		*st = s ? db_stmt_fail(d, q) : ignored;
		return -1;
	}
	rc = mysql_stmt_fetch(s);
	if (rc == 1) {
		*st = db_stmt_fail(d, q);
		return -1;
	}
	mysql_stmt_free_result(s);
	return rc == MYSQL_NO_DATA ? 0 : 1;
}

static enum db_status begin(struct db *d)
{
	return exec(d, STMT_BEGIN, NULL, NULL);
}

static enum db_status commit(struct db *d)
{
	return exec(d, STMT_COMMIT, NULL, NULL);
}

/* ---- result columns ---- */

struct col {
	unsigned long len;
	my_bool is_null, error;
};

static void r_bind(MYSQL_BIND *b, struct col *c, enum enum_field_types type, void *buf,
                   unsigned long n, int is_unsigned)
{
	memset(b, 0, sizeof(*b));
	b->buffer_type = type;
	b->buffer = buf;
	b->buffer_length = n;
	b->is_unsigned = (my_bool)is_unsigned;
	b->length = &c->len;
	b->is_null = &c->is_null;
	b->error = &c->error;
}

/* Terminates a fetched string column (buf holds cap bytes plus one). */
static int r_text(char *buf, unsigned long cap, const struct col *c)
{
	if (c->is_null || c->error || c->len > cap) {
		buf[0] = '\0';
		return c->is_null ? 0 : -1;
	}
	buf[c->len] = '\0';
	return 0;
}

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

static void bind_sub_row(struct sub_row *r)
{
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
}

/* The fetched row as a db_submission. -1 when a value cannot be one of
 * ours (the schema's CHECKs make that a broken database). */
static int sub_row_out(struct sub_row *r, struct db_submission *out)
{
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

/* Runs q (ps bound) and reads its one row, if any, into binds (row's
 * buffers), then out(row, dst); a row the daemon cannot read is a broken
 * database (the schema's CHECKs), named by its table. */
static enum db_status one_row(struct db *d, enum stmt q, struct params *ps, MYSQL_BIND *binds,
                              void *row, int (*out)(void *row, void *dst), void *dst,
                              const char *table, int *found)
{
	enum db_status st = exec(d, q, ps, NULL);
	int rc;

	*found = 0;
	if (st != DB_OK)
		return st;
	if ((rc = fetch_one(d, q, binds, &st)) < 0)
		return st;
	if (rc == 1) {
		if (out(row, dst) != 0) {
			db_rollback(d);
			log_error("dbmod: a %s row holds a value the daemon cannot read", table);
			return DB_ERROR;
		}
		*found = 1;
	}
	return DB_OK;
}

static int sub_out(void *row, void *dst)
{
	return sub_row_out(row, dst);
}

/* Runs q (ps bound) and reads its one SUB_COLS row, if any. */
static enum db_status sub_query(struct db *d, enum stmt q, struct params *ps,
                                struct db_submission *row, int *found)
{
	struct sub_row r;
	bind_sub_row(&r);
	return one_row(d, q, ps, r.b, &r, sub_out, row, "submission", found);
}

static enum db_status by_sid(struct db *d, const char *sid, struct db_submission *row, int *found)
{
	struct params ps = {.n = 0};

	p_str(&ps, sid);
	return sub_query(d, STMT_SUB_BY_SID, &ps, row, found);
}

/* ---- submitting ---- */

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

/* *over = 1 (and *retry_after) when the client is at the hourly limit,
 * which counts the proposals of every form together (STMT_SUB_RATE). The
 * caller holds the client's lock row (begin_for_client). */
static enum db_status client_rate(struct db *d, const uint8_t *client, unsigned limit,
                                  long *retry_after, int *over)
{
	struct params ps = {.n = 0};
	long long count = 0, wait = 0;
	struct col c[2];
	MYSQL_BIND b[2];
	enum db_status st;

	for (int i = 0; i < 3; i++)
		p_blob(&ps, client, DBMOD_HASH_BYTES);
	if ((st = exec(d, STMT_SUB_RATE, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b[0], &c[0], MYSQL_TYPE_LONGLONG, &count, 0, 0);
	r_bind(&b[1], &c[1], MYSQL_TYPE_LONGLONG, &wait, 0, 0);
	if (fetch_one(d, STMT_SUB_RATE, b, &st) < 0)
		return st;
	*over = count >= (long long)limit;
	*retry_after = wait > 0 ? (long)wait : 1;
	return DB_OK;
}

/* *hit = 1 when the word is in its affix table (out->live_active). */
static enum db_status check_live(struct db *d, const struct proposal *p, struct submit_outcome *out,
                                 int *hit)
{
	int t = stmt_table_index(p->kind, p->part), rc;
	enum stmt q = (enum stmt)(STMT_LIVE_FIRST + t);
	struct params ps = {.n = 0};
	int32_t active = 0;
	struct col c;
	MYSQL_BIND b;
	enum db_status st;

	if (t < 0) {
		db_rollback(d);
		return DB_ERROR;
	}
	p_str(&ps, p->word);
	if ((st = exec(d, q, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b, &c, MYSQL_TYPE_LONG, &active, 0, 0);
	if ((rc = fetch_one(d, q, &b, &st)) < 0)
		return st;
	*hit = rc;
	out->live_active = active != 0;
	return DB_OK;
}

static enum db_status check_pending(struct db *d, const struct proposal *p, int *hit)
{
	struct params ps = {.n = 0};
	uint32_t id;
	struct col c;
	MYSQL_BIND b;
	enum db_status st;
	int rc;

	p_kpw(&ps, p);
	if ((st = exec(d, STMT_SUB_PENDING, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b, &c, MYSQL_TYPE_LONG, &id, 0, 1);
	if ((rc = fetch_one(d, STMT_SUB_PENDING, &b, &st)) < 0)
		return st;
	*hit = rc;
	return DB_OK;
}

static enum db_status check_rejected(struct db *d, const struct proposal *p,
                                     struct submit_outcome *out, int *hit)
{
	struct params ps = {.n = 0};
	struct col c[2];
	MYSQL_BIND b[2];
	enum db_status st;
	int rc;

	p_kpw(&ps, p);
	if ((st = exec(d, STMT_SUB_REJECTED, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b[0], &c[0], MYSQL_TYPE_STRING, out->rejected_on, 10, 0);
	r_bind(&b[1], &c[1], MYSQL_TYPE_STRING, out->again_after, 10, 0);
	if ((rc = fetch_one(d, STMT_SUB_REJECTED, b, &st)) < 0)
		return st;
	r_text(out->rejected_on, 10, &c[0]);
	r_text(out->again_after, 10, &c[1]);
	*hit = rc;
	return DB_OK;
}

static enum db_status insert_submission(struct db *d, const char *sid, const struct proposal *p,
                                        const uint8_t *client, unsigned *expected)
{
	struct params ps = {.n = 0};
	int32_t tier = p->tier;

	p_str(&ps, sid);
	p_kpw(&ps, p);
	if (tier > 0)
		p_int(&ps, &tier);
	else
		p_null(&ps);
	p_str_or_null(&ps, p->slot != SLOT_NONE ? slot_names[p->slot] : NULL);
	p_stats(&ps, p);
	p_uint(&ps, &p->worth);
	p_blob(&ps, client, DBMOD_HASH_BYTES);
	p_str_or_null(&ps,
	              p->mark == MARK_GOOD || p->mark == MARK_BAD ? mark_names[p->mark] : NULL);
	p_str_or_null(&ps, p->classes[0] ? p->classes : NULL);
	return exec(d, STMT_SUB_INSERT, &ps, expected);
}

/* Ends a transaction that only read: there is nothing to keep. */
static enum db_status done_reading(struct db *d, enum submit_result r, struct submit_outcome *out)
{
	out->result = r;
	return commit(d);
}

/* Begins the transaction by locking the client's row of submit_client, so
 * that one client's posts run their count-then-insert one at a time and the
 * hourly limit holds however many arrive at once. The lock comes first: in
 * REPEATABLE READ the snapshot is taken at the first plain read, which is
 * then after the previous holder's COMMIT, so its row is counted. */
static enum db_status begin_for_client(struct db *d, const uint8_t *client)
{
	struct params ps = {.n = 0};
	uint8_t got[DBMOD_HASH_BYTES];
	struct col c;
	MYSQL_BIND b;
	enum db_status st;
	int rc;

	p_blob(&ps, client, DBMOD_HASH_BYTES);
	if ((st = exec(d, STMT_CLIENT_ENSURE, &ps, NULL)) != DB_OK || (st = begin(d)) != DB_OK ||
	    (st = exec(d, STMT_CLIENT_LOCK, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b, &c, MYSQL_TYPE_BLOB, got, sizeof(got), 0);
	if ((rc = fetch_one(d, STMT_CLIENT_LOCK, &b, &st)) < 0)
		return st;
	if (rc == 0) {
		/* Only a DELETE by hand between the two statements gets here. */
		db_rollback(d);
		log_error("dbmod: the client's submit_client row is missing");
		return DB_ERROR;
	}
	return DB_OK;
}

/* One attempt of db_submit. *conflict is set when a lock conflict ended it. */
static enum db_status submit_once(struct db *d, const char *sid, const struct proposal *p,
                                  const uint8_t *client, unsigned limit, struct submit_outcome *out,
                                  unsigned *conflict)
{
	enum db_status st;
	int found = 0, hit = 0;
	unsigned expected = 0;

	if ((st = begin_for_client(d, client)) != DB_OK ||
	    (st = by_sid(d, sid, &out->row, &found)) != DB_OK)
		return st;
	if (found)
		return done_reading(d, SUBMIT_ALREADY, out);
	if ((st = client_rate(d, client, limit, &out->retry_after, &hit)) != DB_OK)
		return st;
	if (hit)
		return done_reading(d, SUBMIT_LIMITED, out);
	if ((st = check_live(d, p, out, &hit)) != DB_OK)
		return st;
	if (hit)
		return done_reading(d, SUBMIT_LIVE, out);
	if ((st = check_pending(d, p, &hit)) != DB_OK)
		return st;
	if (hit)
		return done_reading(d, SUBMIT_PENDING, out);
	if ((st = check_rejected(d, p, out, &hit)) != DB_OK)
		return st;
	if (hit)
		return done_reading(d, SUBMIT_REJECTED, out);

	st = insert_submission(d, sid, p, client, &expected);
	if (st == DB_ERROR && expected) {
		db_rollback(d);
		if (is_lock_conflict(expected)) {
			*conflict = expected;
			return DB_ERROR;
		}
		/* Another post stored this id or this word first; which one is
		 * seen now that its transaction has committed. */
		if ((st = by_sid(d, sid, &out->row, &found)) != DB_OK)
			return st;
		out->result = found ? SUBMIT_ALREADY : SUBMIT_PENDING;
		return DB_OK;
	}
	if (st != DB_OK || (st = by_sid(d, sid, &out->row, &found)) != DB_OK)
		return st;
	if (!found) {
		db_rollback(d);
		log_error("dbmod: a submission just inserted cannot be read back");
		return DB_ERROR;
	}
	out->result = SUBMIT_STORED;
	return commit(d);
}

struct submit_args {
	const char *sid;
	const struct proposal *p;
	const uint8_t *client;
	unsigned limit;
	struct submit_outcome *out;
};

static enum db_status submit_try(struct db *d, void *args, unsigned *conflict)
{
	struct submit_args *a = args;
	return submit_once(d, a->sid, a->p, a->client, a->limit, a->out, conflict);
}

enum db_status db_submit(struct db *d, const char *sid, const struct proposal *p,
                         const uint8_t client[DBMOD_HASH_BYTES], unsigned limit,
                         struct submit_outcome *out)
{
	struct submit_args a = {sid, p, client, limit, out};
	return retried(d, "a submission", submit_try, &a, out, sizeof(*out));
}

static enum db_status db_submission_by_sid_once(struct db *d, const char *sid,
                                                struct db_submission *row, int *found)
{
	*found = 0;
	return d ? by_sid(d, sid, row, found) : DB_DOWN;
}

/* One moderation queue (words, spells, training names): its list and count
 * statements, and the fetched row's buffers with how one becomes an element
 * of the caller's array. */
struct queue {
	enum stmt list, count;
	MYSQL_BIND *binds;                /* bound to row's buffers */
	void *row;                        /* those buffers */
	int (*out)(void *row, void *dst); /* 0 when the row became *dst */
	void *dst;                        /* the caller's array */
	size_t size;                      /* of one element */
};

/* Up to max pending rows of q into its array (*n of them), and how many are
 * pending in all (*total). */
static enum db_status queue_once(struct db *d, const struct queue *q, size_t max, size_t *n,
                                 unsigned long *total)
{
	struct params ps = {.n = 0};
	uint32_t lim = (uint32_t)max;
	long long count = 0;
	struct col c;
	MYSQL_BIND b;
	enum db_status st;
	MYSQL_STMT *s;
	int rc;

	*n = 0;
	*total = 0;
	if (!d)
		return DB_DOWN;
	p_uint(&ps, &lim);
	if ((st = exec(d, q->list, &ps, NULL)) != DB_OK)
		return st;
	s = db_stmt(d, q->list, &st);
	if (!s || mysql_stmt_bind_result(s, q->binds) != 0)
		return s ? db_stmt_fail(d, q->list) : st;
	while ((rc = mysql_stmt_fetch(s)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
		if (*n < max && q->out(q->row, (char *)q->dst + *n * q->size) == 0)
			(*n)++;
	}
	if (rc != MYSQL_NO_DATA)
		return db_stmt_fail(d, q->list);
	mysql_stmt_free_result(s);
	if ((st = exec(d, q->count, NULL, NULL)) != DB_OK)
		return st;
	r_bind(&b, &c, MYSQL_TYPE_LONGLONG, &count, 0, 0);
	if (fetch_one(d, q->count, &b, &st) < 0)
		return st;
	*total = count > 0 ? (unsigned long)count : 0;
	db_ok(d);
	return DB_OK;
}

static enum db_status db_pending_once(struct db *d, struct db_submission *rows, size_t max,
                                      size_t *n, unsigned long *total)
{
	struct sub_row r;
	bind_sub_row(&r);
	struct queue q = {.list = STMT_SUB_LIST,
	                  .count = STMT_SUB_COUNT,
	                  .binds = r.b,
	                  .row = &r,
	                  .out = sub_out,
	                  .dst = rows,
	                  .size = sizeof(*rows)};
	return queue_once(d, &q, max, n, total);
}

/* ---- deciding ---- */

/* Locks submission id; out->result is NOT_FOUND or NOT_PENDING (and the
 * transaction rolled back) when there is nothing to decide. */
static enum db_status lock_pending(struct db *d, uint32_t id, struct decide_outcome *out, int *go)
{
	struct params ps = {.n = 0};
	enum db_status st;
	int found;

	*go = 0;
	p_uint(&ps, &id);
	if ((st = sub_query(d, STMT_SUB_LOCK, &ps, &out->row, &found)) != DB_OK)
		return st;
	if (!found || strcmp(out->row.status, "pending") != 0) {
		out->result = found ? DECIDE_NOT_PENDING : DECIDE_NOT_FOUND;
		db_rollback(d);
		return DB_OK;
	}
	*go = 1;
	return DB_OK;
}

static enum db_status mark_decided(struct db *d, uint32_t id, const char *status,
                                   const struct moderator *m, const char *reason)
{
	struct params ps = {.n = 0};

	p_str(&ps, status);
	p_uint(&ps, &m->id);
	p_str_or_null(&ps, reason);
	p_uint(&ps, &id);
	return exec(d, STMT_SUB_DECIDE, &ps, NULL);
}

static enum db_status write_log(struct db *d, uint32_t id, const struct moderator *m,
                                const char *action, const char *reason, const uint32_t *word_id,
                                const char *before, const char *after)
{
	struct params ps = {.n = 0};

	p_uint(&ps, &id);
	p_uint(&ps, &m->id);
	p_str(&ps, m->name);
	p_str(&ps, action);
	p_str_or_null(&ps, reason);
	if (word_id)
		p_uint(&ps, word_id);
	else
		p_null(&ps);
	p_str(&ps, before);
	p_str(&ps, after);
	return exec(d, STMT_LOG_INSERT, &ps, NULL);
}

static void p_u64(struct params *ps, const uint64_t *v)
{
	MYSQL_BIND *b = param(ps, MYSQL_TYPE_LONGLONG);
	b->buffer = (void *)v;
	b->is_unsigned = 1;
}

/* Opens a change set in the current transaction (docs/items.md): bumps
 * catalog_revision once and reads back the number, which every row the
 * transaction adds or retires carries. The bump locks the revision row
 * until commit, so change sets are ordered. */
static enum db_status change_set(struct db *d, uint64_t *rev)
{
	enum db_status st;
	unsigned long long v = 0;
	my_bool is_null = 0, error = 0;
	MYSQL_BIND out = {.buffer_type = MYSQL_TYPE_LONGLONG,
	                  .buffer = &v,
	                  .is_unsigned = 1,
	                  .is_null = &is_null,
	                  .error = &error};

	if ((st = exec(d, STMT_REVISION_BUMP, NULL, NULL)) != DB_OK ||
	    (st = exec(d, STMT_REVISION, NULL, NULL)) != DB_OK)
		return st;
	int got = fetch_one(d, STMT_REVISION, &out, &st);
	if (got < 0)
		return st;
	if (got == 0 || is_null) {
		db_rollback(d);
		return DB_ERROR;
	}
	*rev = (uint64_t)v;
	return DB_OK;
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
		st = exec(d, STMT_CLASS_ADD, &ps, NULL);
		c += len;
		while (*c == ' ')
			c++;
	}
	return st;
}

/* Inserts the approved word into its affix table, in a change set of its
 * own; *dup when it is there. */
static enum db_status add_word(struct db *d, const struct proposal *p, uint32_t *word_id,
                               unsigned *expected)
{
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
	if ((st = change_set(d, &rev)) != DB_OK)
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
	if ((st = exec(d, q, &ps, expected)) != DB_OK)
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

static enum db_status approve_once(struct db *d, uint32_t id, const struct proposal_input *adjust,
                                   const struct moderator *m, struct decide_outcome *out,
                                   unsigned *conflict)
{
	struct buf before, after;
	const char *before_text;
	enum db_status st;
	unsigned expected = 0;
	int go;

	if ((st = begin(d)) != DB_OK || (st = lock_pending(d, id, out, &go)) != DB_OK || !go)
		return st;
	buf_init(&before);
	buf_init(&after);
	before_text = stats_text(&out->row.p, &before);
	if (proposal_adjust(&out->row.p, adjust, &out->err) != 0) {
		out->result = DECIDE_BAD_STATS;
		db_rollback(d);
		goto done;
	}
	st = add_word(d, &out->row.p, &out->word_id, &expected);
	if (st == DB_ERROR && expected) {
		db_rollback(d);
		if (is_lock_conflict(expected)) {
			*conflict = expected;
		} else {
			out->result = DECIDE_LIVE;
			st = DB_OK;
		}
		goto done;
	}
	if (st != DB_OK || (st = mark_decided(d, id, "approved", m, NULL)) != DB_OK ||
	    (st = write_log(d, id, m, "approve", NULL, &out->word_id, before_text,
	                    stats_text(&out->row.p, &after))) != DB_OK ||
	    (st = commit(d)) != DB_OK)
		goto done;
	snprintf(out->row.status, sizeof(out->row.status), "approved");
	out->result = DECIDE_DONE;
done:
	buf_free(&before);
	buf_free(&after);
	return st;
}

struct approve_args {
	uint32_t id;
	const struct proposal_input *adjust;
	const struct moderator *m;
	struct decide_outcome *out;
};

static enum db_status approve_try(struct db *d, void *args, unsigned *conflict)
{
	struct approve_args *a = args;
	return approve_once(d, a->id, a->adjust, a->m, a->out, conflict);
}

enum db_status db_approve(struct db *d, uint32_t id, const struct proposal_input *adjust,
                          const struct moderator *m, struct decide_outcome *out)
{
	struct approve_args a = {id, adjust, m, out};
	return retried(d, "an approval", approve_try, &a, out, sizeof(*out));
}

static enum db_status db_reject_once(struct db *d, uint32_t id, const char *reason,
                                     const struct moderator *m, struct decide_outcome *out)
{
	struct buf stats;
	enum db_status st;
	int go;

	memset(out, 0, sizeof(*out));
	if (!d)
		return DB_DOWN;
	if ((st = begin(d)) != DB_OK || (st = lock_pending(d, id, out, &go)) != DB_OK || !go)
		return st;
	buf_init(&stats);
	const char *text = stats_text(&out->row.p, &stats);
	if ((st = mark_decided(d, id, "rejected", m, reason)) == DB_OK &&
	    (st = write_log(d, id, m, "reject", reason, NULL, text, text)) == DB_OK &&
	    (st = commit(d)) == DB_OK) {
		snprintf(out->row.status, sizeof(out->row.status), "rejected");
		out->result = DECIDE_DONE;
		db_ok(d);
	}
	buf_free(&stats);
	return st;
}

/* ---- moderators and sessions ---- */

static enum db_status db_moderator_get_once(struct db *d, const char *name, struct moderator *m,
                                            char hash[PASSWORD_HASH_MAX], int *found)
{
	struct params ps = {.n = 0};
	struct col c[3];
	MYSQL_BIND b[3];
	enum db_status st;
	int rc;

	*found = 0;
	memset(m, 0, sizeof(*m));
	hash[0] = '\0';
	if (!d)
		return DB_DOWN;
	p_str(&ps, name);
	if ((st = exec(d, STMT_MOD_GET, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b[0], &c[0], MYSQL_TYPE_LONG, &m->id, 0, 1);
	r_bind(&b[1], &c[1], MYSQL_TYPE_STRING, m->name, sizeof(m->name) - 1, 0);
	r_bind(&b[2], &c[2], MYSQL_TYPE_STRING, hash, PASSWORD_HASH_MAX - 1, 0);
	if ((rc = fetch_one(d, STMT_MOD_GET, b, &st)) < 0)
		return st;
	if (rc == 1 && r_text(m->name, sizeof(m->name) - 1, &c[1]) == 0 &&
	    r_text(hash, PASSWORD_HASH_MAX - 1, &c[2]) == 0)
		*found = 1;
	db_ok(d);
	return DB_OK;
}

static enum db_status db_moderator_set_once(struct db *d, const char *name, const char *hash,
                                            int *created)
{
	struct params ps = {.n = 0};
	struct moderator m;
	char old[PASSWORD_HASH_MAX];
	enum db_status st;
	int found;

	*created = 0;
	if (!d)
		return DB_DOWN;
	if ((st = begin(d)) != DB_OK)
		return st;
	/* db_moderator_get reads inside the open transaction. */
	if ((st = db_moderator_get_once(d, name, &m, old, &found)) != DB_OK)
		return st;
	if (!found) {
		p_str(&ps, name);
		p_str(&ps, hash);
		st = exec(d, STMT_MOD_INSERT, &ps, NULL);
		*created = 1;
	} else {
		p_str(&ps, hash);
		p_uint(&ps, &m.id);
		if ((st = exec(d, STMT_MOD_UPDATE, &ps, NULL)) == DB_OK) {
			ps.n = 0;
			p_uint(&ps, &m.id);
			st = exec(d, STMT_MOD_END_SESSIONS, &ps, NULL);
		}
	}
	/* A new password also ends the name's back-off: the way out for a
	 * moderator whose name was flooded. */
	if (st == DB_OK) {
		ps.n = 0;
		p_str(&ps, name);
		st = exec(d, STMT_THR_FORGET, &ps, NULL);
	}
	return st == DB_OK ? commit(d) : st;
}

static enum db_status db_session_new_once(struct db *d, const uint8_t token_hash[DBMOD_HASH_BYTES],
                                          uint32_t moderator_id,
                                          const uint8_t csrf_secret[DBMOD_HASH_BYTES])
{
	struct params ps = {.n = 0};
	enum db_status st;

	if (!d)
		return DB_DOWN;
	if ((st = exec(d, STMT_SES_PURGE, NULL, NULL)) != DB_OK)
		return st;
	p_blob(&ps, token_hash, DBMOD_HASH_BYTES);
	p_uint(&ps, &moderator_id);
	p_blob(&ps, csrf_secret, DBMOD_HASH_BYTES);
	if ((st = exec(d, STMT_SES_INSERT, &ps, NULL)) == DB_OK)
		db_ok(d);
	return st;
}

static enum db_status db_session_get_once(struct db *d, const uint8_t token_hash[DBMOD_HASH_BYTES],
                                          struct moderator *m,
                                          uint8_t csrf_secret[DBMOD_HASH_BYTES], int *found)
{
	struct params ps = {.n = 0};
	struct col c[3];
	MYSQL_BIND b[3];
	enum db_status st;
	int rc;

	*found = 0;
	memset(m, 0, sizeof(*m));
	if (!d)
		return DB_DOWN;
	p_blob(&ps, token_hash, DBMOD_HASH_BYTES);
	if ((st = exec(d, STMT_SES_GET, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b[0], &c[0], MYSQL_TYPE_LONG, &m->id, 0, 1);
	r_bind(&b[1], &c[1], MYSQL_TYPE_STRING, m->name, sizeof(m->name) - 1, 0);
	r_bind(&b[2], &c[2], MYSQL_TYPE_BLOB, csrf_secret, DBMOD_HASH_BYTES, 0);
	if ((rc = fetch_one(d, STMT_SES_GET, b, &st)) < 0)
		return st;
	if (rc == 1 && r_text(m->name, sizeof(m->name) - 1, &c[1]) == 0 &&
	    c[2].len == DBMOD_HASH_BYTES && !c[2].is_null)
		*found = 1;
	db_ok(d);
	return DB_OK;
}

static enum db_status db_session_end_once(struct db *d, const uint8_t token_hash[DBMOD_HASH_BYTES])
{
	struct params ps = {.n = 0};
	enum db_status st;

	if (!d)
		return DB_DOWN;
	p_blob(&ps, token_hash, DBMOD_HASH_BYTES);
	if ((st = exec(d, STMT_SES_DELETE, &ps, NULL)) == DB_OK)
		db_ok(d);
	return st;
}

/* ---- the login back-off ---- */

static enum db_status db_login_reserve_once(struct db *d, const uint8_t *client,
                                            struct login_slot *out)
{
	struct params ps = {.n = 0};
	int32_t failures = 0, lock;
	long long wait = 0;
	struct col c[2];
	MYSQL_BIND b[2];
	enum db_status st;
	int rc;

	memset(out, 0, sizeof(*out));
	if (!d)
		return DB_DOWN;
	/* The row is made in its own statement (autocommit), so that the
	 * transaction's lock is a plain row lock, never an upgrade. */
	p_blob(&ps, client, DBMOD_HASH_BYTES);
	if ((st = exec(d, STMT_THR_ENSURE, &ps, NULL)) != DB_OK || (st = begin(d)) != DB_OK ||
	    (st = exec(d, STMT_THR_LOCK, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b[0], &c[0], MYSQL_TYPE_LONG, &failures, 0, 0);
	r_bind(&b[1], &c[1], MYSQL_TYPE_LONGLONG, &wait, 0, 0);
	if ((rc = fetch_one(d, STMT_THR_LOCK, b, &st)) < 0)
		return st;
	if (rc == 0 || failures < 0) {
		db_rollback(d);
		log_error("dbmod: the login_source row of a client is missing or broken");
		return DB_ERROR;
	}
	if (wait > 0) {
		out->locked = 1;
		out->retry_after = (long)wait;
		out->failures = (unsigned)failures;
		if ((st = commit(d)) == DB_OK)
			db_ok(d);
		return st;
	}
	out->failures = (unsigned)failures + 1;
	lock = (int32_t)login_backoff_seconds(out->failures);
	out->locked_now = lock > 0;
	ps.n = 0;
	int32_t n = (int32_t)out->failures;
	p_int(&ps, &n);
	p_int(&ps, &lock);
	p_int(&ps, &lock);
	p_blob(&ps, client, DBMOD_HASH_BYTES);
	if ((st = exec(d, STMT_THR_SET, &ps, NULL)) != DB_OK || (st = commit(d)) != DB_OK)
		return st;
	db_ok(d);
	return DB_OK;
}

static enum db_status db_login_unreserve_once(struct db *d, const uint8_t *client,
                                              const struct login_slot *slot)
{
	struct params ps = {.n = 0};
	int32_t unlock = slot->locked_now;
	enum db_status st;

	if (!d)
		return DB_DOWN;
	p_int(&ps, &unlock);
	p_blob(&ps, client, DBMOD_HASH_BYTES);
	if ((st = exec(d, STMT_THR_UNDO, &ps, NULL)) == DB_OK)
		db_ok(d);
	return st;
}

/* clock seconds of the last purge of login_source in this process */
static atomic_llong login_purged;

/* Forgets the sources nobody tried from for a day, at most once a minute
 * per process: the table then holds at most one day's sources, however
 * many made-up names they tried. */
static enum db_status purge_sources(struct db *d)
{
	long long now = (long long)time(NULL), last = atomic_load(&login_purged);

	if (now - last < 60 || !atomic_compare_exchange_strong(&login_purged, &last, now))
		return DB_OK;
	return exec(d, STMT_THR_PURGE, NULL, NULL);
}

static enum db_status db_login_done_once(struct db *d, const uint8_t *client, const char *name,
                                         const struct moderator *m, int ok)
{
	struct params ps = {.n = 0};
	enum db_status st;

	if (!d)
		return DB_DOWN;
	/* An unknown name leaves no row: not in the log, not in
	 * login_throttle (the source's count has it). */
	if (m) {
		p_uint(&ps, &m->id);
		p_str(&ps, m->name);
		p_str(&ps, ok ? "login" : "login_failed");
		if ((st = exec(d, STMT_LOG_LOGIN, &ps, NULL)) != DB_OK)
			return st;
		ps.n = 0;
		p_str(&ps, name);
		if ((st = exec(d, ok ? STMT_THR_FORGET : STMT_THR_NAME_FAIL, &ps, NULL)) != DB_OK)
			return st;
	}
	if (ok) {
		ps.n = 0;
		p_blob(&ps, client, DBMOD_HASH_BYTES);
		if ((st = exec(d, STMT_THR_RESET, &ps, NULL)) != DB_OK)
			return st;
	}
	if ((st = purge_sources(d)) != DB_OK)
		return st;
	db_ok(d);
	return DB_OK;
}

/* ---- the public calls: once more after a lost connection ---- */

enum db_status db_login_reserve(struct db *d, const uint8_t client[DBMOD_HASH_BYTES],
                                struct login_slot *out)
{
	ONCE_MORE(db_login_reserve_once(d, client, out));
}

enum db_status db_login_unreserve(struct db *d, const uint8_t client[DBMOD_HASH_BYTES],
                                  const struct login_slot *slot)
{
	ONCE_MORE(db_login_unreserve_once(d, client, slot));
}

enum db_status db_login_done(struct db *d, const uint8_t client[DBMOD_HASH_BYTES], const char *name,
                             const struct moderator *m, int ok)
{
	ONCE_MORE(db_login_done_once(d, client, name, m, ok));
}

enum db_status db_submission_by_sid(struct db *d, const char *sid, struct db_submission *row,
                                    int *found)
{
	ONCE_MORE(db_submission_by_sid_once(d, sid, row, found));
}

enum db_status db_pending(struct db *d, struct db_submission *rows, size_t max, size_t *n,
                          unsigned long *total)
{
	ONCE_MORE(db_pending_once(d, rows, max, n, total));
}

enum db_status db_reject(struct db *d, uint32_t id, const char *reason, const struct moderator *m,
                         struct decide_outcome *out)
{
	ONCE_MORE(db_reject_once(d, id, reason, m, out));
}

enum db_status db_moderator_get(struct db *d, const char *name, struct moderator *m,
                                char hash[PASSWORD_HASH_MAX], int *found)
{
	ONCE_MORE(db_moderator_get_once(d, name, m, hash, found));
}

enum db_status db_moderator_set(struct db *d, const char *name, const char *hash, int *created)
{
	ONCE_MORE(db_moderator_set_once(d, name, hash, created));
}

enum db_status db_session_new(struct db *d, const uint8_t token_hash[DBMOD_HASH_BYTES],
                              uint32_t moderator_id, const uint8_t csrf_secret[DBMOD_HASH_BYTES])
{
	ONCE_MORE(db_session_new_once(d, token_hash, moderator_id, csrf_secret));
}

enum db_status db_session_get(struct db *d, const uint8_t token_hash[DBMOD_HASH_BYTES],
                              struct moderator *m, uint8_t csrf_secret[DBMOD_HASH_BYTES],
                              int *found)
{
	ONCE_MORE(db_session_get_once(d, token_hash, m, csrf_secret, found));
}

enum db_status db_session_end(struct db *d, const uint8_t token_hash[DBMOD_HASH_BYTES])
{
	ONCE_MORE(db_session_end_once(d, token_hash));
}

/* ---- changing live words ---- */

static enum db_status log_word(struct db *d, const struct moderator *m, const char *action,
                               enum kind k, enum part p, const char *word, uint32_t word_id,
                               uint64_t rev, const char *stats)
{
	struct params ps = {.n = 0};
	char what[300];

	snprintf(what, sizeof what, "%s %s \"%.200s\" at revision %llu", kind_names[k],
	         part_names[p], word, (unsigned long long)rev);
	p_uint(&ps, &m->id);
	p_str(&ps, m->name);
	p_str(&ps, action);
	if (word_id)
		p_uint(&ps, &word_id);
	else
		p_null(&ps);
	p_str(&ps, what);
	p_str_or_null(&ps, stats);
	return exec(d, STMT_LOG_WORD, &ps, NULL);
}

/* In an open transaction: a change set, then the live row retired. */
static enum db_status retire_in(struct db *d, int t, const char *word, int *found, uint64_t *rev)
{
	enum stmt q = (enum stmt)(STMT_RETIRE_FIRST + t);
	struct params ps = {.n = 0};
	enum db_status st;

	if ((st = change_set(d, rev)) != DB_OK)
		return st;
	p_u64(&ps, rev);
	p_str(&ps, word);
	if ((st = exec(d, q, &ps, NULL)) != DB_OK)
		return st;
	*found = mysql_stmt_affected_rows(db_stmt(d, q, &st)) > 0;
	return DB_OK;
}

static enum db_status word_retire_once(struct db *d, enum kind k, enum part p, const char *word,
                                       const struct moderator *m, int *found, uint64_t *rev)
{
	int t = stmt_table_index(k, p);
	enum db_status st;

	*found = 0;
	if (t < 0)
		return DB_OK;
	if ((st = begin(d)) != DB_OK || (st = retire_in(d, t, word, found, rev)) != DB_OK)
		return st;
	if (!*found) {
		db_rollback(d);
		return DB_OK;
	}
	if ((st = log_word(d, m, "retire", k, p, word, 0, *rev, NULL)) != DB_OK)
		return st;
	return commit(d);
}

enum db_status db_word_retire(struct db *d, enum kind k, enum part p, const char *word,
                              const struct moderator *m, int *found, uint64_t *rev)
{
	ONCE_MORE(word_retire_once(d, k, p, word, m, found, rev));
}

static enum db_status word_edit_once(struct db *d, enum kind k, enum part p, const char *word,
                                     const int32_t stat[ST__MAX], const int given[ST__MAX],
                                     const struct moderator *m, int *found, uint32_t *new_id,
                                     uint64_t *rev)
{
	static const enum stat order[] = {ST_HANDS,   ST_ATTACK,   ST_DEFENSE,  ST_MAGIC,
	                                  ST_FLAMING, ST_FREEZING, ST_SHOCKING, ST_HOLY,
	                                  ST_EVIL,    ST_SNEAK,    ST_CRIT};
	int t = stmt_table_index(k, p);
	enum stmt q = (enum stmt)(STMT_EDIT_FIRST + t);
	struct params ps = {.n = 0};
	enum db_status st;
	char text[256];
	size_t used = 0;

	*found = 0;
	if (t < 0)
		return DB_OK;
	if ((st = begin(d)) != DB_OK || (st = retire_in(d, t, word, found, rev)) != DB_OK)
		return st;
	if (!*found) {
		db_rollback(d);
		return DB_OK;
	}
	text[0] = '\0';
	for (size_t i = 0; i < sizeof order / sizeof order[0]; i++) {
		if (!given[order[i]]) {
			p_null(&ps);
			continue;
		}
		p_int(&ps, &stat[order[i]]);
		if (used < sizeof text)
			used += (size_t)snprintf(text + used, sizeof text - used, "%s%s %d",
			                         used ? ", " : "", stat_names[order[i]],
			                         (int)stat[order[i]]);
	}
	p_u64(&ps, rev);
	p_str(&ps, word);
	p_u64(&ps, rev);
	if ((st = exec(d, q, &ps, NULL)) != DB_OK)
		return st;
	*new_id = (uint32_t)mysql_stmt_insert_id(db_stmt(d, q, &st));
	if ((st = log_word(d, m, "edit", k, p, word, *new_id, *rev, text)) != DB_OK)
		return st;
	return commit(d);
}

enum db_status db_word_edit(struct db *d, enum kind k, enum part p, const char *word,
                            const int32_t stat[ST__MAX], const int given[ST__MAX],
                            const struct moderator *m, int *found, uint32_t *new_id, uint64_t *rev)
{
	ONCE_MORE(word_edit_once(d, k, p, word, stat, given, m, found, new_id, rev));
}

/* ---- spell proposals ---- */

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

static void bind_spell_sub_row(struct spell_sub_row *r)
{
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
}

/* The fetched row as a db_spell_submission; -1 when it cannot be one (the
 * effects no longer parse: a row written by hand). The numbers are not
 * checked here: approving checks the whole spell again. */
static int spell_sub_row_out(struct spell_sub_row *r, struct db_spell_submission *out)
{
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

static int spell_sub_out(void *row, void *dst)
{
	return spell_sub_row_out(row, dst);
}

/* Runs q (ps bound) and reads its one SPELL_SUB_COLS row, if any. */
static enum db_status spell_sub_query(struct db *d, enum stmt q, struct params *ps,
                                      struct db_spell_submission *row, int *found)
{
	struct spell_sub_row r;
	bind_spell_sub_row(&r);
	return one_row(d, q, ps, r.b, &r, spell_sub_out, row, "spell_submission", found);
}

static enum db_status spell_by_sid(struct db *d, const char *sid, struct db_spell_submission *row,
                                   int *found)
{
	struct params ps = {.n = 0};

	p_str(&ps, sid);
	return spell_sub_query(d, STMT_SPELL_SUB_BY_SID, &ps, row, found);
}

/* *hit when a live spell has the name (out->live_active its active flag). */
static enum db_status spell_live(struct db *d, const char *name, int *hit, int *active)
{
	struct params ps = {.n = 0};
	int32_t a = 0;
	struct col c;
	MYSQL_BIND b;
	enum db_status st;
	int rc;

	p_str(&ps, name);
	if ((st = exec(d, STMT_SPELL_LIVE, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b, &c, MYSQL_TYPE_LONG, &a, 0, 0);
	if ((rc = fetch_one(d, STMT_SPELL_LIVE, &b, &st)) < 0)
		return st;
	*hit = rc == 1;
	*active = a != 0;
	return DB_OK;
}

static enum db_status spell_submit_once(struct db *d, const char *sid,
                                        const struct spell_proposal *p, const uint8_t *client,
                                        unsigned limit, struct spell_submit_outcome *out,
                                        unsigned *conflict)
{
	struct params ps = {.n = 0};
	char effects[SPELL_EFFECTS_TEXT_MAX + 1];
	int32_t mana = p->mana, level = p->level, tier = p->tier;
	enum db_status st;
	int found = 0, hit = 0;
	unsigned expected = 0;

	if (spell_effects_text(p, effects, sizeof effects) < 0)
		return DB_ERROR;
	if ((st = begin_for_client(d, client)) != DB_OK ||
	    (st = spell_by_sid(d, sid, &out->row, &found)) != DB_OK)
		return st;
	out->result = SUBMIT_ALREADY;
	if (found)
		return commit(d);
	if ((st = client_rate(d, client, limit, &out->retry_after, &hit)) != DB_OK)
		return st;
	out->result = SUBMIT_LIMITED;
	if (hit)
		return commit(d);
	if ((st = spell_live(d, p->name, &hit, &out->live_active)) != DB_OK)
		return st;
	out->result = SUBMIT_LIVE;
	if (hit)
		return commit(d);
	p_str(&ps, sid);
	p_str(&ps, p->name);
	p_int(&ps, &mana);
	p_int(&ps, &level);
	p_int(&ps, &tier);
	p_str(&ps, effects);
	p_blob(&ps, client, DBMOD_HASH_BYTES);
	st = exec(d, STMT_SPELL_SUB_INSERT, &ps, &expected);
	if (st == DB_ERROR && expected) {
		db_rollback(d);
		if (is_lock_conflict(expected)) {
			*conflict = expected;
			return DB_ERROR;
		}
		if ((st = spell_by_sid(d, sid, &out->row, &found)) != DB_OK)
			return st;
		out->result = found ? SUBMIT_ALREADY : SUBMIT_PENDING;
		return DB_OK;
	}
	if (st != DB_OK || (st = spell_by_sid(d, sid, &out->row, &found)) != DB_OK)
		return st;
	if (!found) {
		db_rollback(d);
		log_error("dbmod: a spell proposal just inserted cannot be read back");
		return DB_ERROR;
	}
	out->result = SUBMIT_STORED;
	return commit(d);
}

struct spell_submit_args {
	const char *sid;
	const struct spell_proposal *p;
	const uint8_t *client;
	unsigned limit;
	struct spell_submit_outcome *out;
};

static enum db_status spell_submit_try(struct db *d, void *args, unsigned *conflict)
{
	struct spell_submit_args *a = args;
	return spell_submit_once(d, a->sid, a->p, a->client, a->limit, a->out, conflict);
}

enum db_status db_spell_submit(struct db *d, const char *sid, const struct spell_proposal *p,
                               const uint8_t client[DBMOD_HASH_BYTES], unsigned limit,
                               struct spell_submit_outcome *out)
{
	struct spell_submit_args a = {sid, p, client, limit, out};
	return retried(d, "a spell proposal", spell_submit_try, &a, out, sizeof(*out));
}

static enum db_status spell_by_sid_once(struct db *d, const char *sid,
                                        struct db_spell_submission *row, int *found)
{
	*found = 0;
	if (!d)
		return DB_DOWN;
	enum db_status st = spell_by_sid(d, sid, row, found);
	if (st == DB_OK)
		db_ok(d);
	return st;
}

enum db_status db_spell_submission_by_sid(struct db *d, const char *sid,
                                          struct db_spell_submission *row, int *found)
{
	ONCE_MORE(spell_by_sid_once(d, sid, row, found));
}

static enum db_status db_spell_pending_once(struct db *d, struct db_spell_submission *rows,
                                            size_t max, size_t *n, unsigned long *total)
{
	struct spell_sub_row r;
	bind_spell_sub_row(&r);
	struct queue q = {.list = STMT_SPELL_SUB_LIST,
	                  .count = STMT_SPELL_SUB_COUNT,
	                  .binds = r.b,
	                  .row = &r,
	                  .out = spell_sub_out,
	                  .dst = rows,
	                  .size = sizeof(*rows)};
	return queue_once(d, &q, max, n, total);
}

enum db_status db_spell_pending(struct db *d, struct db_spell_submission *rows, size_t max,
                                size_t *n, unsigned long *total)
{
	if (!d)
		return DB_DOWN;
	ONCE_MORE(db_spell_pending_once(d, rows, max, n, total));
}

/* Locks spell proposal id; *go when it is pending (else out->result says
 * why and the transaction is rolled back). */
static enum db_status spell_lock_pending(struct db *d, uint32_t id,
                                         struct spell_decide_outcome *out, int *go)
{
	struct params ps = {.n = 0};
	enum db_status st;
	int found;

	*go = 0;
	p_uint(&ps, &id);
	if ((st = spell_sub_query(d, STMT_SPELL_SUB_LOCK, &ps, &out->row, &found)) != DB_OK)
		return st;
	if (!found || strcmp(out->row.status, "pending") != 0) {
		out->result = found ? DECIDE_NOT_PENDING : DECIDE_NOT_FOUND;
		db_rollback(d);
		return DB_OK;
	}
	*go = 1;
	return DB_OK;
}

static enum db_status spell_decided(struct db *d, uint32_t id, const char *status,
                                    const struct moderator *m, const char *reason,
                                    const uint32_t *spell_id, const char *after)
{
	struct params ps = {.n = 0}, lg = {.n = 0};
	enum db_status st;
	const char *action = strcmp(status, "approved") == 0 ? "approve" : "reject";

	p_str(&ps, status);
	p_uint(&ps, &m->id);
	p_str_or_null(&ps, reason);
	if (spell_id)
		p_uint(&ps, spell_id);
	else
		p_null(&ps);
	p_uint(&ps, &id);
	if ((st = exec(d, STMT_SPELL_SUB_DECIDE, &ps, NULL)) != DB_OK)
		return st;
	p_uint(&lg, &id);
	p_uint(&lg, &m->id);
	p_str(&lg, m->name);
	p_str(&lg, action);
	p_str_or_null(&lg, reason);
	if (spell_id)
		p_uint(&lg, spell_id);
	else
		p_null(&lg);
	p_str(&lg, after);
	return exec(d, STMT_SPELL_LOG, &lg, NULL);
}

/* The spell and its effects, in a change set of their own. */
static enum db_status add_spell(struct db *d, const struct spell_proposal *p, uint32_t *spell_id,
                                unsigned *expected)
{
	struct params ps = {.n = 0};
	int32_t mana = p->mana, level = p->level, tier = p->tier;
	uint64_t rev = 0;
	enum db_status st;

	if ((st = change_set(d, &rev)) != DB_OK)
		return st;
	p_str(&ps, p->name);
	p_int(&ps, &mana);
	p_int(&ps, &level);
	p_int(&ps, &tier);
	p_u64(&ps, &rev);
	if ((st = exec(d, STMT_SPELL_ADD, &ps, expected)) != DB_OK)
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
		if ((st = exec(d, STMT_SPELL_EFFECT_ADD, &pe, NULL)) != DB_OK)
			return st;
	}
	return DB_OK;
}

static enum db_status spell_approve_once(struct db *d, uint32_t id, const struct moderator *m,
                                         struct spell_decide_outcome *out, unsigned *conflict)
{
	char after[SPELL_TEXT_MAX], why[SPELL_REASON_MAX];
	struct spell s;
	enum db_status st;
	unsigned expected = 0;
	int go;

	if ((st = begin(d)) != DB_OK || (st = spell_lock_pending(d, id, out, &go)) != DB_OK || !go)
		return st;
	spell_proposal_view(&out->row.p, &s);
	if (spell_check(&s, why, sizeof why) != 0 || spell_text(&s, after, sizeof after) < 0) {
		out->result = DECIDE_BAD_STATS;
		out->err.field = "effects";
		snprintf(out->err.message, sizeof out->err.message, "%s", why);
		db_rollback(d);
		return DB_OK;
	}
	st = add_spell(d, &out->row.p, &out->spell_id, &expected);
	if (st == DB_ERROR && expected) {
		db_rollback(d);
		if (is_lock_conflict(expected)) {
			*conflict = expected;
			return DB_ERROR;
		}
		out->result = DECIDE_LIVE;
		return DB_OK;
	}
	if (st != DB_OK ||
	    (st = spell_decided(d, id, "approved", m, NULL, &out->spell_id, after)) != DB_OK ||
	    (st = commit(d)) != DB_OK)
		return st;
	snprintf(out->row.status, sizeof(out->row.status), "approved");
	out->result = DECIDE_DONE;
	return DB_OK;
}

struct spell_approve_args {
	uint32_t id;
	const struct moderator *m;
	struct spell_decide_outcome *out;
};

static enum db_status spell_approve_try(struct db *d, void *args, unsigned *conflict)
{
	struct spell_approve_args *a = args;
	return spell_approve_once(d, a->id, a->m, a->out, conflict);
}

enum db_status db_spell_approve(struct db *d, uint32_t id, const struct moderator *m,
                                struct spell_decide_outcome *out)
{
	struct spell_approve_args a = {id, m, out};
	return retried(d, "a spell approval", spell_approve_try, &a, out, sizeof(*out));
}

static enum db_status db_spell_reject_once(struct db *d, uint32_t id, const char *reason,
                                           const struct moderator *m,
                                           struct spell_decide_outcome *out)
{
	char after[SPELL_EFFECTS_TEXT_MAX + 1];
	enum db_status st;
	int go;

	memset(out, 0, sizeof(*out));
	if ((st = begin(d)) != DB_OK || (st = spell_lock_pending(d, id, out, &go)) != DB_OK || !go)
		return st;
	if (spell_effects_text(&out->row.p, after, sizeof after) < 0)
		after[0] = '\0';
	if ((st = spell_decided(d, id, "rejected", m, reason, NULL, after)) != DB_OK ||
	    (st = commit(d)) != DB_OK)
		return st;
	snprintf(out->row.status, sizeof(out->row.status), "rejected");
	out->result = DECIDE_DONE;
	return DB_OK;
}

enum db_status db_spell_reject(struct db *d, uint32_t id, const char *reason,
                               const struct moderator *m, struct spell_decide_outcome *out)
{
	if (!d)
		return DB_DOWN;
	enum db_status st = db_spell_reject_once(d, id, reason, m, out);
	if (st == DB_DOWN)
		st = db_spell_reject_once(d, id, reason, m, out);
	if (st == DB_OK)
		db_ok(d);
	return st;
}

/* ---- training-name proposals (migration 0015) ---- */

enum { NS_ID, NS_SID, NS_NAME, NS_STATUS, NS_CREATED, NS_MARKOV_ID, NS__MAX };

struct name_sub_row {
	MYSQL_BIND b[NS__MAX];
	struct col c[NS__MAX];
	uint32_t id, markov_id;
	char sid[SUBMISSION_ID_HEX + 1], name[NAMEPROP_BYTES_MAX + 1], status[12], created[20];
};

static void bind_name_sub_row(struct name_sub_row *r)
{
	r_bind(&r->b[NS_ID], &r->c[NS_ID], MYSQL_TYPE_LONG, &r->id, 0, 1);
	r_bind(&r->b[NS_SID], &r->c[NS_SID], MYSQL_TYPE_STRING, r->sid, SUBMISSION_ID_HEX, 0);
	r_bind(&r->b[NS_NAME], &r->c[NS_NAME], MYSQL_TYPE_STRING, r->name, NAMEPROP_BYTES_MAX, 0);
	r_bind(&r->b[NS_STATUS], &r->c[NS_STATUS], MYSQL_TYPE_STRING, r->status, 11, 0);
	r_bind(&r->b[NS_CREATED], &r->c[NS_CREATED], MYSQL_TYPE_STRING, r->created, 19, 0);
	r_bind(&r->b[NS_MARKOV_ID], &r->c[NS_MARKOV_ID], MYSQL_TYPE_LONG, &r->markov_id, 0, 1);
}

static int name_sub_row_out(struct name_sub_row *r, struct db_name_submission *out)
{
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

static int name_sub_out(void *row, void *dst)
{
	return name_sub_row_out(row, dst);
}

/* Runs q (ps bound) and reads its one NAME_SUB_COLS row, if any. */
static enum db_status name_sub_query(struct db *d, enum stmt q, struct params *ps,
                                     struct db_name_submission *row, int *found)
{
	struct name_sub_row r;
	bind_name_sub_row(&r);
	return one_row(d, q, ps, r.b, &r, name_sub_out, row, "name_submission", found);
}

static enum db_status name_by_sid(struct db *d, const char *sid, struct db_name_submission *row,
                                  int *found)
{
	struct params ps = {.n = 0};

	p_str(&ps, sid);
	return name_sub_query(d, STMT_NAME_SUB_BY_SID, &ps, row, found);
}

/* *hit when a live training name is spelled as name but for case. */
static enum db_status name_live(struct db *d, const char *name, int *hit)
{
	struct params ps = {.n = 0};
	uint32_t got = 0;
	struct col c;
	MYSQL_BIND b;
	enum db_status st;
	int rc;

	p_str(&ps, name);
	if ((st = exec(d, STMT_NAME_LIVE, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b, &c, MYSQL_TYPE_LONG, &got, 0, 1);
	if ((rc = fetch_one(d, STMT_NAME_LIVE, &b, &st)) < 0)
		return st;
	*hit = rc == 1;
	return DB_OK;
}

/* *hit when the name was rejected in the last 30 days, with the dates. */
static enum db_status name_rejected(struct db *d, const char *name, struct name_submit_outcome *out,
                                    int *hit)
{
	struct params ps = {.n = 0};
	struct col c[2];
	MYSQL_BIND b[2];
	enum db_status st;
	int rc;

	p_str(&ps, name);
	if ((st = exec(d, STMT_NAME_SUB_REJECTED, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b[0], &c[0], MYSQL_TYPE_STRING, out->rejected_on, 10, 0);
	r_bind(&b[1], &c[1], MYSQL_TYPE_STRING, out->again_after, 10, 0);
	if ((rc = fetch_one(d, STMT_NAME_SUB_REJECTED, b, &st)) < 0)
		return st;
	*hit = rc == 1;
	if (*hit && (r_text(out->rejected_on, 10, &c[0]) || r_text(out->again_after, 10, &c[1]))) {
		db_rollback(d);
		return DB_ERROR;
	}
	return DB_OK;
}

static enum db_status name_submit_once(struct db *d, const char *sid, const char *name,
                                       const uint8_t *client, unsigned limit,
                                       struct name_submit_outcome *out, unsigned *conflict)
{
	struct params ps = {.n = 0};
	enum db_status st;
	int found = 0, hit = 0;
	unsigned expected = 0;

	if ((st = begin_for_client(d, client)) != DB_OK ||
	    (st = name_by_sid(d, sid, &out->row, &found)) != DB_OK)
		return st;
	out->result = SUBMIT_ALREADY;
	if (found)
		return commit(d);
	if ((st = client_rate(d, client, limit, &out->retry_after, &hit)) != DB_OK)
		return st;
	out->result = SUBMIT_LIMITED;
	if (hit)
		return commit(d);
	if ((st = name_live(d, name, &hit)) != DB_OK)
		return st;
	out->result = SUBMIT_LIVE;
	if (hit)
		return commit(d);
	if ((st = name_rejected(d, name, out, &hit)) != DB_OK)
		return st;
	out->result = SUBMIT_REJECTED;
	if (hit)
		return commit(d);
	p_str(&ps, sid);
	p_str(&ps, name);
	p_blob(&ps, client, DBMOD_HASH_BYTES);
	st = exec(d, STMT_NAME_SUB_INSERT, &ps, &expected);
	if (st == DB_ERROR && expected) {
		/* A duplicate: this id stored meanwhile, or the name pending. */
		db_rollback(d);
		if (is_lock_conflict(expected)) {
			*conflict = expected;
			return DB_ERROR;
		}
		if ((st = name_by_sid(d, sid, &out->row, &found)) != DB_OK)
			return st;
		out->result = found ? SUBMIT_ALREADY : SUBMIT_PENDING;
		return DB_OK;
	}
	if (st != DB_OK || (st = name_by_sid(d, sid, &out->row, &found)) != DB_OK)
		return st;
	if (!found) {
		db_rollback(d);
		log_error("dbmod: a name proposal just inserted cannot be read back");
		return DB_ERROR;
	}
	out->result = SUBMIT_STORED;
	return commit(d);
}

struct name_submit_args {
	const char *sid, *name;
	const uint8_t *client;
	unsigned limit;
	struct name_submit_outcome *out;
};

static enum db_status name_submit_try(struct db *d, void *args, unsigned *conflict)
{
	struct name_submit_args *a = args;
	return name_submit_once(d, a->sid, a->name, a->client, a->limit, a->out, conflict);
}

enum db_status db_name_submit(struct db *d, const char *sid, const char *name,
                              const uint8_t client[DBMOD_HASH_BYTES], unsigned limit,
                              struct name_submit_outcome *out)
{
	struct name_submit_args a = {sid, name, client, limit, out};
	return retried(d, "a name proposal", name_submit_try, &a, out, sizeof(*out));
}

static enum db_status name_by_sid_once(struct db *d, const char *sid,
                                       struct db_name_submission *row, int *found)
{
	*found = 0;
	if (!d)
		return DB_DOWN;
	enum db_status st = name_by_sid(d, sid, row, found);
	if (st == DB_OK)
		db_ok(d);
	return st;
}

enum db_status db_name_submission_by_sid(struct db *d, const char *sid,
                                         struct db_name_submission *row, int *found)
{
	ONCE_MORE(name_by_sid_once(d, sid, row, found));
}

static enum db_status db_name_pending_once(struct db *d, struct db_name_submission *rows,
                                           size_t max, size_t *n, unsigned long *total)
{
	struct name_sub_row r;
	bind_name_sub_row(&r);
	struct queue q = {.list = STMT_NAME_SUB_LIST,
	                  .count = STMT_NAME_SUB_COUNT,
	                  .binds = r.b,
	                  .row = &r,
	                  .out = name_sub_out,
	                  .dst = rows,
	                  .size = sizeof(*rows)};
	return queue_once(d, &q, max, n, total);
}

enum db_status db_name_pending(struct db *d, struct db_name_submission *rows, size_t max, size_t *n,
                               unsigned long *total)
{
	if (!d)
		return DB_DOWN;
	ONCE_MORE(db_name_pending_once(d, rows, max, n, total));
}

/* Locks name proposal id; *go when it is pending (else out->result says
 * why and the transaction is rolled back). */
static enum db_status name_lock_pending(struct db *d, uint32_t id, struct name_decide_outcome *out,
                                        int *go)
{
	struct params ps = {.n = 0};
	enum db_status st;
	int found;

	*go = 0;
	p_uint(&ps, &id);
	if ((st = name_sub_query(d, STMT_NAME_SUB_LOCK, &ps, &out->row, &found)) != DB_OK)
		return st;
	if (!found || strcmp(out->row.status, "pending") != 0) {
		out->result = found ? DECIDE_NOT_PENDING : DECIDE_NOT_FOUND;
		db_rollback(d);
		return DB_OK;
	}
	*go = 1;
	return DB_OK;
}

/* Marks the proposal decided and writes the moderation log (stats_after:
 * the name). */
static enum db_status name_decided(struct db *d, const struct db_name_submission *row,
                                   const char *status, const struct moderator *m,
                                   const char *reason, const uint32_t *markov_id)
{
	struct params ps = {.n = 0}, lg = {.n = 0};
	enum db_status st;
	const char *action = strcmp(status, "approved") == 0 ? "approve" : "reject";

	p_str(&ps, status);
	p_uint(&ps, &m->id);
	p_str_or_null(&ps, reason);
	if (markov_id)
		p_uint(&ps, markov_id);
	else
		p_null(&ps);
	p_uint(&ps, &row->id);
	if ((st = exec(d, STMT_NAME_SUB_DECIDE, &ps, NULL)) != DB_OK)
		return st;
	p_uint(&lg, &row->id);
	p_uint(&lg, &m->id);
	p_str(&lg, m->name);
	p_str(&lg, action);
	p_str_or_null(&lg, reason);
	if (markov_id)
		p_uint(&lg, markov_id);
	else
		p_null(&lg);
	p_str(&lg, row->name);
	return exec(d, STMT_NAME_LOG, &lg, NULL);
}

static enum db_status name_approve_once(struct db *d, uint32_t id, const struct moderator *m,
                                        struct name_decide_outcome *out, unsigned *conflict)
{
	struct params ps = {.n = 0};
	uint64_t rev = 0;
	uint32_t markov_id;
	enum db_status st;
	unsigned expected = 0;
	int go, hit = 0;

	/* The change set is opened before the check: its lock on the revision
	 * row orders approvals, so two of one name in different case cannot
	 * both pass the check. */
	if ((st = begin(d)) != DB_OK || (st = name_lock_pending(d, id, out, &go)) != DB_OK || !go)
		return st;
	if ((st = change_set(d, &rev)) != DB_OK ||
	    (st = name_live(d, out->row.name, &hit)) != DB_OK)
		return st;
	if (hit) {
		db_rollback(d);
		out->result = DECIDE_LIVE;
		return DB_OK;
	}
	p_str(&ps, out->row.name);
	p_u64(&ps, &rev);
	st = exec(d, STMT_NAME_ADD, &ps, &expected);
	if (st == DB_ERROR && expected) {
		db_rollback(d);
		if (is_lock_conflict(expected)) {
			*conflict = expected;
			return DB_ERROR;
		}
		out->result = DECIDE_LIVE;
		return DB_OK;
	}
	if (st != DB_OK)
		return st;
	markov_id = (uint32_t)mysql_stmt_insert_id(db_stmt(d, STMT_NAME_ADD, &st));
	if ((st = name_decided(d, &out->row, "approved", m, NULL, &markov_id)) != DB_OK ||
	    (st = commit(d)) != DB_OK)
		return st;
	snprintf(out->row.status, sizeof(out->row.status), "approved");
	out->row.markov_name_id = markov_id;
	out->result = DECIDE_DONE;
	return DB_OK;
}

struct name_approve_args {
	uint32_t id;
	const struct moderator *m;
	struct name_decide_outcome *out;
};

static enum db_status name_approve_try(struct db *d, void *args, unsigned *conflict)
{
	struct name_approve_args *a = args;
	return name_approve_once(d, a->id, a->m, a->out, conflict);
}

enum db_status db_name_approve(struct db *d, uint32_t id, const struct moderator *m,
                               struct name_decide_outcome *out)
{
	struct name_approve_args a = {id, m, out};
	return retried(d, "a name approval", name_approve_try, &a, out, sizeof(*out));
}

static enum db_status name_reject_once(struct db *d, uint32_t id, const char *reason,
                                       const struct moderator *m, struct name_decide_outcome *out,
                                       unsigned *conflict)
{
	enum db_status st;
	int go;

	(void)conflict; /* one row locked: nothing to deadlock with */
	if ((st = begin(d)) != DB_OK || (st = name_lock_pending(d, id, out, &go)) != DB_OK || !go)
		return st;
	if ((st = name_decided(d, &out->row, "rejected", m, reason, NULL)) != DB_OK ||
	    (st = commit(d)) != DB_OK)
		return st;
	snprintf(out->row.status, sizeof(out->row.status), "rejected");
	out->result = DECIDE_DONE;
	return DB_OK;
}

struct name_reject_args {
	uint32_t id;
	const char *reason;
	const struct moderator *m;
	struct name_decide_outcome *out;
};

static enum db_status name_reject_try(struct db *d, void *args, unsigned *conflict)
{
	struct name_reject_args *a = args;
	return name_reject_once(d, a->id, a->reason, a->m, a->out, conflict);
}

enum db_status db_name_reject(struct db *d, uint32_t id, const char *reason,
                              const struct moderator *m, struct name_decide_outcome *out)
{
	struct name_reject_args a = {id, reason, m, out};
	return retried(d, "a name rejection", name_reject_try, &a, out, sizeof(*out));
}
