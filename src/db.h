/* db: one database connection and its prepared statements behind an opaque
 * handle. Every SQL statement of the daemon is in db.c's statement table.
 * A handle belongs to one thread. On a lost connection a call fails with
 * DB_DOWN; the next call reconnects and re-prepares by itself. */
#ifndef LOOTFORGE_DB_H
#define LOOTFORGE_DB_H

#include <stdint.h>

#include "catalog.h"

enum db_status { DB_OK = 0, DB_DOWN = -1, DB_ERROR = -2 };

struct db_config {
	const char *socket;   /* unix socket, or NULL for TCP */
	const char *host;
	unsigned port;
	const char *user;
	const char *password; /* never logged */
	const char *database;
	unsigned connect_timeout, read_timeout, write_timeout; /* seconds */
};

struct db;

/* Never NULL unless out of memory; connects lazily, so a database that is
 * down at start-up is not fatal. */
struct db *db_new(const struct db_config *cfg);
void db_free(struct db *d);

/* The catalog revision number (bumped by triggers on every affix change). */
enum db_status db_revision(struct db *d, uint64_t *rev);
/* Loads every affix table into a new, finished catalog (*out, owned by the
 * caller) in one consistent snapshot. */
enum db_status db_load_catalog(struct db *d, struct catalog **out);
/* A cheap round trip, for health checks. */
enum db_status db_ping(struct db *d);

#endif
