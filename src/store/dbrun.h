/* dbrun: how the store's typed modules (lifecycle.c, proposals.c,
 * dbsession.c, dbwords.c) run their statements: bound parameters, result
 * columns, one row or a queue of rows, transactions, change sets, and the
 * retries after a lost connection or a lock conflict. Their SQL is in the
 * one statement table (statements.c); db.c owns the connection and prepares
 * each statement on first use (db_int.h); every value goes in through a
 * bound parameter.
 *
 * Transactions: each call that writes begins, runs its checks and writes,
 * and commits before it returns; every failure path rolls back
 * (db_stmt_fail does it for unexpected errors, db_rollback for expected
 * ones such as a duplicate key), so no transaction outlives a call. */
#ifndef LOOTFORGE_DBRUN_H
#define LOOTFORGE_DBRUN_H

#include <mysql.h>
#include <stddef.h>
#include <stdint.h>

#include "db_int.h"

#define DBRUN_HASH_BYTES 32 /* a client's or a token's hash */

/* A call that finds its connection closed under it (the server restarted
 * since this handle's last use, or on a cluster its node went away) is run
 * once more, on a new connection, so that the first request after a
 * restart does not fail for nothing; and one that met a lock conflict
 * (1213/1205: on a Galera cluster a COMMIT's certification fails when
 * another node wrote the same rows first) is run again, up to
 * DBRUN_TRIES times. Every call of the store is safe to repeat: a
 * submission is known by its id, a decision checks the row is still
 * pending, and nothing is half-written (an interrupted or conflicting
 * transaction is rolled back by the server). The caller's handle is d. */
#define DBRUN_TRIES 3
#define ONCE_MORE(call)                                                                            \
	do {                                                                                       \
		db_clear_error(d);                                                                 \
		enum db_status st_ = (call);                                                       \
		for (int try_ = 1; try_ < DBRUN_TRIES && st_ == DB_ERROR &&                        \
		                   dbrun_lock_conflict(db_last_error(d));                          \
		     try_++) {                                                                     \
			db_clear_error(d);                                                         \
			st_ = (call);                                                              \
		}                                                                                  \
		return st_ == DB_DOWN ? (call) : st_;                                              \
	} while (0)

/* A transaction run until it is through: again when it met a lock conflict
 * (the call sets *conflict, or any statement, COMMIT included, failed with
 * 1213/1205: a Galera certification conflict), up to a few times, then
 * answered as busy; once more when it found its connection closed (see
 * ONCE_MORE). On a cluster that second try runs on the next node, and a
 * COMMIT whose answer was lost (2013: it may have committed) is settled by
 * the attempt's own checks: a proposal is found by its submission id
 * ("already received"), a decision finds its row no longer pending. out
 * (out_size bytes) is cleared before each try. */
typedef enum db_status (*attempt_fn)(struct db *d, void *args, unsigned *conflict);
enum db_status dbrun_retried(struct db *d, const char *what, attempt_fn once, void *args, void *out,
                             size_t out_size);

/* ---- parameters ---- */

/* The most any statement binds: a word's insert, 21 (0016 added classes). */
#define PARAMS_MAX 24

struct params {
	MYSQL_BIND b[PARAMS_MAX];
	int n;
};

void p_str(struct params *ps, const char *s);
void p_blob(struct params *ps, const void *p, size_t n);
void p_int(struct params *ps, const int32_t *v);
void p_uint(struct params *ps, const uint32_t *v);
void p_u64(struct params *ps, const uint64_t *v);
void p_null(struct params *ps);
void p_str_or_null(struct params *ps, const char *s);
void p_uint_or_null(struct params *ps, const uint32_t *v);

/* ---- running statements ---- */

int dbrun_lock_conflict(unsigned mysql_errno);

/* Runs statement q with ps bound (ps may be NULL). DB_OK, or the failure,
 * logged and rolled back. With `expected`, a duplicate key or a lock
 * conflict is not a failure: DB_ERROR with *expected set, not logged, and
 * the caller rolls back. */
enum db_status dbrun_exec(struct db *d, enum stmt q, struct params *ps, unsigned *expected);

/* Binds out[] to q's result and fetches one row: 1 a row, 0 none, -1 the
 * failure's status in *st. The result is freed in every case. */
int dbrun_fetch_one(struct db *d, enum stmt q, MYSQL_BIND *out, enum db_status *st);

enum db_status dbrun_begin(struct db *d);
enum db_status dbrun_commit(struct db *d);

/* ---- result columns ---- */

struct col {
	unsigned long len;
	my_bool is_null, error;
};

void r_bind(MYSQL_BIND *b, struct col *c, enum enum_field_types type, void *buf, unsigned long n,
            int is_unsigned);

/* Terminates a fetched string column (buf holds cap bytes plus one). */
int r_text(char *buf, unsigned long cap, const struct col *c);

/* Runs q (ps bound) and reads its one row, if any, into binds (row's
 * buffers), then out(row, dst); a row the daemon cannot read is a broken
 * database (the schema's CHECKs), named by its table. */
enum db_status dbrun_one_row(struct db *d, enum stmt q, struct params *ps, MYSQL_BIND *binds,
                             void *row, int (*out)(void *row, void *dst), void *dst,
                             const char *table, int *found);

/* One list of rows (a moderation queue): its list and count statements,
 * and the fetched row's buffers with how one becomes an element of the
 * caller's array. */
struct queue {
	enum stmt list, count;
	MYSQL_BIND *binds;                /* bound to row's buffers */
	void *row;                        /* those buffers */
	int (*out)(void *row, void *dst); /* 0 when the row became *dst */
	void *dst;                        /* the caller's array */
	size_t size;                      /* of one element */
};

/* Up to max rows of q into its array (*n of them), and how many there are
 * in all (*total). */
enum db_status dbrun_queue(struct db *d, const struct queue *q, size_t max, size_t *n,
                           unsigned long *total);

/* Opens a change set in the current transaction (docs/items.md): bumps
 * catalog_revision once and reads back the number, which every row the
 * transaction adds or retires carries. The bump locks the revision row
 * until commit, so change sets are ordered. */
enum db_status dbrun_change_set(struct db *d, uint64_t *rev);

/* Begins the transaction by locking the client's row of submit_client, so
 * that one client's posts run their count-then-insert one at a time and the
 * hourly limit holds however many arrive at once. */
enum db_status dbrun_begin_for_client(struct db *d, const uint8_t client[DBRUN_HASH_BYTES]);

#endif
