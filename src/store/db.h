/* db: one database connection and its prepared statements behind an opaque
 * handle. Every SQL statement of the daemon is in one table (statements.c).
 * A handle belongs to one thread. On a lost connection a call fails with
 * DB_DOWN; the next call reconnects and re-prepares by itself.
 *
 * Every call passes the process-wide gate first (dbgate.h): while the
 * database is known to be unreachable, or when as many workers as allowed
 * already wait on it, a call fails with DB_DOWN at once, without touching
 * the network. Probe handles (the catalog poller's) are never held back,
 * and their answers are what tells the gate the database is back. */
#ifndef LOOTFORGE_DB_H
#define LOOTFORGE_DB_H

#include <stdint.h>

struct dbnodes;

enum db_status { DB_OK = 0, DB_DOWN = -1, DB_ERROR = -2 };

struct db_config {
	const char *socket; /* unix socket, or NULL for TCP */
	const char *host;
	unsigned port;
	const char *user;
	const char *password; /* never logged */
	const char *database;
	unsigned connect_timeout, read_timeout, write_timeout; /* seconds */
	int probe;   /* 1: the poller's handle (see above) */
	int replica; /* 1: a read replica's handle, behind the replica's own gate */
	/* A Galera cluster's nodes (dbnodes.h), shared by every handle of the
	 * process, which all write through its current node; socket, host and
	 * port are then unused. NULL: the one server above. */
	struct dbnodes *nodes;
};

struct db;

/* Never NULL unless out of memory; connects lazily, so a database that is
 * down at start-up is not fatal. */
struct db *db_new(const struct db_config *cfg);
void db_free(struct db *d);

/* A cheap round trip, for health checks. */
enum db_status db_ping(struct db *d);

/* How many worker handles of this process may wait on the database at
 * once (0: no limit). Set once at start-up, before the workers start. */
void db_set_max_waiting(unsigned n);

#endif
