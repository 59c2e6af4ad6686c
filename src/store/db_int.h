/* db_int: what db.c offers the other files of the database layer (lifecycle.c, dbsession.c,
 * dbwords.c, dbrun.c, dbcatalog.c)
 * and nothing else may use: the statements of the one table
 * (statements.h), each prepared on first use on a connection and prepared
 * again after a reconnect, and the one failure path. */
#ifndef LOOTFORGE_DB_INT_H
#define LOOTFORGE_DB_INT_H

#include <mysql.h>

#include "db.h"
#include "statements.h"

/* Statement s, prepared, after the gate (connecting first if need be).
 * NULL with *st set (DB_DOWN, or DB_ERROR: logged) when it cannot be had. */
MYSQL_STMT *db_stmt(struct db *d, enum stmt s, enum db_status *st);

/* After statement s failed: logs it, then closes a lost connection
 * (DB_DOWN) or rolls back the open transaction (DB_ERROR). */
enum db_status db_stmt_fail(struct db *d, enum stmt s);

/* Rolls back the open transaction, if any, without logging (an expected
 * outcome such as a duplicate key); closes the connection if even that
 * fails. */
void db_rollback(struct db *d);

/* For the loaders of dbcatalog.c, which run several statements in one
 * call: db_begin passes the gate and connects; db_prepared is statement s
 * on the open connection (NULL with *st set); db_run runs one that returns
 * no rows; db_fail logs msg for s and fails like db_stmt_fail; db_done ends
 * the call as a success; db_give_up ends it as a failure found after the
 * database answered (logged once as what: msg). */
enum db_status db_begin(struct db *d);
MYSQL_STMT *db_prepared(struct db *d, enum stmt s, enum db_status *st);
enum db_status db_run(struct db *d, enum stmt s);
enum db_status db_fail(struct db *d, enum stmt s, const char *msg);
enum db_status db_done(struct db *d);
void db_give_up(struct db *d, const char *what, const char *msg);

/* The server's (or the client library's) error number of the handle's last
 * failed statement, 0 when none failed since db_clear_error: what a caller
 * retrying whole transactions reads to tell a lock or certification
 * conflict (1213) from other failures. */
unsigned db_last_error(const struct db *d);
void db_clear_error(struct db *d);

/* Marks the handle healthy again (logs "working again" after failures). */
void db_ok(struct db *d);

#endif
