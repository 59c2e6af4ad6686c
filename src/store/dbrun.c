/* dbrun: see dbrun.h. */
#include "dbrun.h"

#include <mysqld_error.h>
#include <string.h>

#include "log.h"

#define TRIES DBRUN_TRIES /* a transaction that meets a deadlock is run again, this often */

enum db_status dbrun_retried(struct db *d, const char *what, attempt_fn once, void *args, void *out,
                             size_t out_size)
{
	int again = 1;

	if (!d)
		return DB_DOWN;
	for (int i = 0; i < TRIES; i++) {
		unsigned conflict = 0;
		memset(out, 0, out_size);
		db_clear_error(d);
		enum db_status st = once(d, args, &conflict);
		/* A conflict the attempt did not expect: on a Galera cluster the
		 * COMMIT itself answers 1213 when certification fails (another
		 * node committed a write to the same rows first), and any
		 * statement may when a replicated write aborts the transaction. */
		if (st == DB_ERROR && !conflict && dbrun_lock_conflict(db_last_error(d)))
			conflict = db_last_error(d);
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

static MYSQL_BIND *param(struct params *ps, enum enum_field_types type)
{
	MYSQL_BIND *b = &ps->b[ps->n++];
	memset(b, 0, sizeof(*b));
	b->buffer_type = type;
	return b;
}

void p_str(struct params *ps, const char *s)
{
	MYSQL_BIND *b = param(ps, MYSQL_TYPE_STRING);
	b->buffer = (void *)s;
	b->buffer_length = strlen(s);
}

void p_blob(struct params *ps, const void *p, size_t n)
{
	MYSQL_BIND *b = param(ps, MYSQL_TYPE_BLOB);
	b->buffer = (void *)p;
	b->buffer_length = n;
}

void p_int(struct params *ps, const int32_t *v)
{
	param(ps, MYSQL_TYPE_LONG)->buffer = (void *)v;
}

void p_uint(struct params *ps, const uint32_t *v)
{
	MYSQL_BIND *b = param(ps, MYSQL_TYPE_LONG);
	b->buffer = (void *)v;
	b->is_unsigned = 1;
}

void p_null(struct params *ps)
{
	param(ps, MYSQL_TYPE_NULL);
}

void p_str_or_null(struct params *ps, const char *s)
{
	if (s)
		p_str(ps, s);
	else
		p_null(ps);
}

void p_u64(struct params *ps, const uint64_t *v)
{
	MYSQL_BIND *b = param(ps, MYSQL_TYPE_LONGLONG);
	b->buffer = (void *)v;
	b->is_unsigned = 1;
}

void p_uint_or_null(struct params *ps, const uint32_t *v)
{
	if (v)
		p_uint(ps, v);
	else
		p_null(ps);
}

/* ---- running statements ---- */

int dbrun_lock_conflict(unsigned e)
{
	return e == ER_LOCK_DEADLOCK || e == ER_LOCK_WAIT_TIMEOUT;
}

enum db_status dbrun_exec(struct db *d, enum stmt q, struct params *ps, unsigned *expected)
{
	enum db_status st;
	MYSQL_STMT *s = db_stmt(d, q, &st);

	if (!s)
		return st;
	if ((ps && mysql_stmt_bind_param(s, ps->b)) || mysql_stmt_execute(s)) {
		unsigned e = mysql_stmt_errno(s);
		if (expected && (e == ER_DUP_ENTRY || dbrun_lock_conflict(e))) {
			*expected = e;
			return DB_ERROR;
		}
		return db_stmt_fail(d, q);
	}
	return DB_OK;
}

int dbrun_fetch_one(struct db *d, enum stmt q, MYSQL_BIND *out, enum db_status *st)
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

enum db_status dbrun_begin(struct db *d)
{
	return dbrun_exec(d, STMT_BEGIN, NULL, NULL);
}

enum db_status dbrun_commit(struct db *d)
{
	return dbrun_exec(d, STMT_COMMIT, NULL, NULL);
}

/* ---- result columns ---- */

void r_bind(MYSQL_BIND *b, struct col *c, enum enum_field_types type, void *buf, unsigned long n,
            int is_unsigned)
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

int r_text(char *buf, unsigned long cap, const struct col *c)
{
	if (c->is_null || c->error || c->len > cap) {
		buf[0] = '\0';
		return c->is_null ? 0 : -1;
	}
	buf[c->len] = '\0';
	return 0;
}

enum db_status dbrun_one_row(struct db *d, enum stmt q, struct params *ps, MYSQL_BIND *binds,
                             void *row, int (*out)(void *row, void *dst), void *dst,
                             const char *table, int *found)
{
	enum db_status st = dbrun_exec(d, q, ps, NULL);
	int rc;

	*found = 0;
	if (st != DB_OK)
		return st;
	if ((rc = dbrun_fetch_one(d, q, binds, &st)) < 0)
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

enum db_status dbrun_queue(struct db *d, const struct queue *q, size_t max, size_t *n,
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
	if ((st = dbrun_exec(d, q->list, &ps, NULL)) != DB_OK)
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
	if ((st = dbrun_exec(d, q->count, NULL, NULL)) != DB_OK)
		return st;
	r_bind(&b, &c, MYSQL_TYPE_LONGLONG, &count, 0, 0);
	if (dbrun_fetch_one(d, q->count, &b, &st) < 0)
		return st;
	*total = count > 0 ? (unsigned long)count : 0;
	db_ok(d);
	return DB_OK;
}

enum db_status dbrun_change_set(struct db *d, uint64_t *rev)
{
	enum db_status st;
	unsigned long long v = 0;
	my_bool is_null = 0, error = 0;
	MYSQL_BIND out = {.buffer_type = MYSQL_TYPE_LONGLONG,
	                  .buffer = &v,
	                  .is_unsigned = 1,
	                  .is_null = &is_null,
	                  .error = &error};

	if ((st = dbrun_exec(d, STMT_REVISION_BUMP, NULL, NULL)) != DB_OK ||
	    (st = dbrun_exec(d, STMT_REVISION, NULL, NULL)) != DB_OK)
		return st;
	int got = dbrun_fetch_one(d, STMT_REVISION, &out, &st);
	if (got < 0)
		return st;
	if (got == 0 || is_null) {
		db_rollback(d);
		return DB_ERROR;
	}
	*rev = (uint64_t)v;
	return DB_OK;
}

enum db_status dbrun_begin_for_client(struct db *d, const uint8_t client[DBRUN_HASH_BYTES])
{
	struct params ps = {.n = 0};
	uint8_t got[DBRUN_HASH_BYTES];
	struct col c;
	MYSQL_BIND b;
	enum db_status st;
	int rc;

	p_blob(&ps, client, DBRUN_HASH_BYTES);
	if ((st = dbrun_exec(d, STMT_CLIENT_ENSURE, &ps, NULL)) != DB_OK ||
	    (st = dbrun_begin(d)) != DB_OK ||
	    (st = dbrun_exec(d, STMT_CLIENT_LOCK, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b, &c, MYSQL_TYPE_BLOB, got, sizeof(got), 0);
	if ((rc = dbrun_fetch_one(d, STMT_CLIENT_LOCK, &b, &st)) < 0)
		return st;
	if (rc == 0) {
		/* Only a DELETE by hand between the two statements gets here. */
		db_rollback(d);
		log_error("dbmod: the client's submit_client row is missing");
		return DB_ERROR;
	}
	return DB_OK;
}
