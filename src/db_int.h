/* db_int: what db.c offers the other files of the database layer (dbmod.c)
 * and nothing else may use: its connection handling and a second table of
 * statements, whose SQL lives in dbmod.c. Those statements are prepared on
 * first use on each connection (so a connection that never moderates never
 * prepares them, and a database without migration 0005 still generates);
 * like db.c's own, they are closed and prepared again after a reconnect. */
#ifndef LOOTFORGE_DB_INT_H
#define LOOTFORGE_DB_INT_H

#include <mysql.h>

#include "db.h"

#define DBMOD_STMT_MAX 96

/* dbmod.c's statements: dbmod_sql[0..dbmod_count). */
extern const char *const dbmod_sql[];
extern const unsigned dbmod_count;

/* Statement q, prepared (connecting first if need be). NULL with *st set
 * (DB_DOWN, or DB_ERROR: logged) when it cannot be had. */
MYSQL_STMT *db_mod_stmt(struct db *d, unsigned q, enum db_status *st);

/* After statement q failed: logs it, then closes a lost connection
 * (DB_DOWN) or rolls back the open transaction (DB_ERROR). */
enum db_status db_mod_fail(struct db *d, unsigned q);

/* Rolls back the open transaction, if any, without logging (an expected
 * outcome such as a duplicate key); closes the connection if even that
 * fails. */
void db_mod_rollback(struct db *d);

/* Marks the handle healthy again (logs "working again" after failures). */
void db_mod_ok(struct db *d);

#endif
