/* dbsession: see dbsession.h. */
#include "dbsession.h"

#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "backoff.h"
#include "dbrun.h"
#include "log.h"

/* STMT_SES_INSERT (statements.c) writes the session length into its SQL. */
_Static_assert(SESSION_HOURS == 8, "update STMT_SES_INSERT");

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
	if ((st = dbrun_exec(d, STMT_MOD_GET, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b[0], &c[0], MYSQL_TYPE_LONG, &m->id, 0, 1);
	r_bind(&b[1], &c[1], MYSQL_TYPE_STRING, m->name, sizeof(m->name) - 1, 0);
	r_bind(&b[2], &c[2], MYSQL_TYPE_STRING, hash, PASSWORD_HASH_MAX - 1, 0);
	if ((rc = dbrun_fetch_one(d, STMT_MOD_GET, b, &st)) < 0)
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
	if ((st = dbrun_begin(d)) != DB_OK)
		return st;
	/* db_moderator_get reads inside the open transaction. */
	if ((st = db_moderator_get_once(d, name, &m, old, &found)) != DB_OK)
		return st;
	if (!found) {
		p_str(&ps, name);
		p_str(&ps, hash);
		st = dbrun_exec(d, STMT_MOD_INSERT, &ps, NULL);
		*created = 1;
	} else {
		p_str(&ps, hash);
		p_uint(&ps, &m.id);
		if ((st = dbrun_exec(d, STMT_MOD_UPDATE, &ps, NULL)) == DB_OK) {
			ps.n = 0;
			p_uint(&ps, &m.id);
			st = dbrun_exec(d, STMT_MOD_END_SESSIONS, &ps, NULL);
		}
	}
	/* A new password also ends the name's back-off: the way out for a
	 * moderator whose name was flooded. */
	if (st == DB_OK) {
		ps.n = 0;
		p_str(&ps, name);
		st = dbrun_exec(d, STMT_THR_FORGET, &ps, NULL);
	}
	return st == DB_OK ? dbrun_commit(d) : st;
}

static enum db_status db_session_new_once(struct db *d, const uint8_t token_hash[DBMOD_HASH_BYTES],
                                          uint32_t moderator_id,
                                          const uint8_t csrf_secret[DBMOD_HASH_BYTES])
{
	struct params ps = {.n = 0};
	enum db_status st;

	if (!d)
		return DB_DOWN;
	if ((st = dbrun_exec(d, STMT_SES_PURGE, NULL, NULL)) != DB_OK)
		return st;
	p_blob(&ps, token_hash, DBMOD_HASH_BYTES);
	p_uint(&ps, &moderator_id);
	p_blob(&ps, csrf_secret, DBMOD_HASH_BYTES);
	if ((st = dbrun_exec(d, STMT_SES_INSERT, &ps, NULL)) == DB_OK)
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
	if ((st = dbrun_exec(d, STMT_SES_GET, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b[0], &c[0], MYSQL_TYPE_LONG, &m->id, 0, 1);
	r_bind(&b[1], &c[1], MYSQL_TYPE_STRING, m->name, sizeof(m->name) - 1, 0);
	r_bind(&b[2], &c[2], MYSQL_TYPE_BLOB, csrf_secret, DBMOD_HASH_BYTES, 0);
	if ((rc = dbrun_fetch_one(d, STMT_SES_GET, b, &st)) < 0)
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
	if ((st = dbrun_exec(d, STMT_SES_DELETE, &ps, NULL)) == DB_OK)
		db_ok(d);
	return st;
}

/* ---- the login back-off ---- */

/* The statements of one back-off table: a source's (login_source) or a
 * device cookie's (login_device); the same steps for both. */
struct backoff_stmts {
	enum stmt ensure, lock, set, undo, reset;
	const char *table;
};
static const struct backoff_stmts by_source = {STMT_THR_ENSURE, STMT_THR_LOCK,  STMT_THR_SET,
                                               STMT_THR_UNDO,   STMT_THR_RESET, "login_source"};
static const struct backoff_stmts by_device = {STMT_DEV_ENSURE, STMT_DEV_LOCK,  STMT_DEV_SET,
                                               STMT_DEV_UNDO,   STMT_DEV_RESET, "login_device"};

static enum db_status reserve_once(struct db *d, const struct backoff_stmts *t,
                                   const uint8_t *client, struct login_slot *out)
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
	if ((st = dbrun_exec(d, t->ensure, &ps, NULL)) != DB_OK || (st = dbrun_begin(d)) != DB_OK ||
	    (st = dbrun_exec(d, t->lock, &ps, NULL)) != DB_OK)
		return st;
	r_bind(&b[0], &c[0], MYSQL_TYPE_LONG, &failures, 0, 0);
	r_bind(&b[1], &c[1], MYSQL_TYPE_LONGLONG, &wait, 0, 0);
	if ((rc = dbrun_fetch_one(d, t->lock, b, &st)) < 0)
		return st;
	if (rc == 0 || failures < 0) {
		db_rollback(d);
		log_error("dbmod: the %s row of a login is missing or broken", t->table);
		return DB_ERROR;
	}
	if (wait > 0) {
		out->locked = 1;
		out->retry_after = (long)wait;
		out->failures = (unsigned)failures;
		if ((st = dbrun_commit(d)) == DB_OK)
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
	if ((st = dbrun_exec(d, t->set, &ps, NULL)) != DB_OK || (st = dbrun_commit(d)) != DB_OK)
		return st;
	db_ok(d);
	return DB_OK;
}

static enum db_status unreserve_once(struct db *d, const struct backoff_stmts *t,
                                     const uint8_t *client, const struct login_slot *slot)
{
	struct params ps = {.n = 0};
	int32_t unlock = slot->locked_now;
	enum db_status st;

	if (!d)
		return DB_DOWN;
	p_int(&ps, &unlock);
	p_blob(&ps, client, DBMOD_HASH_BYTES);
	if ((st = dbrun_exec(d, t->undo, &ps, NULL)) == DB_OK)
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
	enum db_status st = dbrun_exec(d, STMT_THR_PURGE, NULL, NULL);
	return st == DB_OK ? dbrun_exec(d, STMT_DEV_PURGE, NULL, NULL) : st;
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
		if ((st = dbrun_exec(d, STMT_LOG_LOGIN, &ps, NULL)) != DB_OK)
			return st;
		ps.n = 0;
		p_str(&ps, name);
		if ((st = dbrun_exec(d, ok ? STMT_THR_FORGET : STMT_THR_NAME_FAIL, &ps, NULL)) !=
		    DB_OK)
			return st;
	}
	/* a trusted login (client NULL) leaves its address's count alone */
	if (ok && client) {
		ps.n = 0;
		p_blob(&ps, client, DBMOD_HASH_BYTES);
		if ((st = dbrun_exec(d, STMT_THR_RESET, &ps, NULL)) != DB_OK)
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
	ONCE_MORE(reserve_once(d, &by_source, client, out));
}

enum db_status db_login_unreserve(struct db *d, const uint8_t client[DBMOD_HASH_BYTES],
                                  const struct login_slot *slot)
{
	ONCE_MORE(unreserve_once(d, &by_source, client, slot));
}

enum db_status db_device_reserve(struct db *d, const uint8_t device[DBMOD_HASH_BYTES],
                                 struct login_slot *out)
{
	ONCE_MORE(reserve_once(d, &by_device, device, out));
}

enum db_status db_device_unreserve(struct db *d, const uint8_t device[DBMOD_HASH_BYTES],
                                   const struct login_slot *slot)
{
	ONCE_MORE(unreserve_once(d, &by_device, device, slot));
}

static enum db_status device_done_once(struct db *d, const uint8_t *device)
{
	struct params ps = {.n = 0};
	enum db_status st;

	if (!d)
		return DB_DOWN;
	p_blob(&ps, device, DBMOD_HASH_BYTES);
	if ((st = dbrun_exec(d, STMT_DEV_RESET, &ps, NULL)) == DB_OK)
		db_ok(d);
	return st;
}

enum db_status db_device_succeeded(struct db *d, const uint8_t device[DBMOD_HASH_BYTES])
{
	ONCE_MORE(device_done_once(d, device));
}

enum db_status db_login_done(struct db *d, const uint8_t client[DBMOD_HASH_BYTES], const char *name,
                             const struct moderator *m, int ok)
{
	ONCE_MORE(db_login_done_once(d, client, name, m, ok));
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
