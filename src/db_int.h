/* db_int: what db.c offers the other files of the database layer (dbmod.c)
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

/* Marks the handle healthy again (logs "working again" after failures). */
void db_ok(struct db *d);

#endif
