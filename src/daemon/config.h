/* config: the daemon's settings, from command-line flags and LOOTFORGE_*
 * environment variables (a flag wins over its variable; defaults otherwise).
 * `lootforged --help` prints the list. The password is read from
 * LOOTFORGE_DB_PASSWORD or from a file, never from the command line, and is
 * never logged. */
#ifndef LOOTFORGE_CONFIG_H
#define LOOTFORGE_CONFIG_H

#include <stdio.h>

#include "db.h"
#include "dbnodes.h"

#define CONFIG_WORKERS_MAX   64
#define CONFIG_PROCESSES_MAX 16

struct config {
	char *socket;       /* FastCGI listen socket: a path, or ":port" / "host:port" */
	unsigned workers;   /* threads per worker process */
	unsigned processes; /* worker processes under the supervisor; 0: none, serve here */
	char *templates;    /* template directory */
	char *db_socket;    /* NULL: TCP to db_host:db_port */
	char *db_host;
	unsigned db_port;
	char *db_user;
	char *db_name;
	char *db_password; /* NULL when none; wiped and freed by config_free */
	char *db_password_file;
	unsigned db_timeout;    /* seconds, for connect, read and write */
	unsigned poll_ms;       /* catalog revision poll interval */
	char *secret_file;      /* 32 bytes for CSRF tokens and client hashes; NULL: random */
	unsigned submit_limit;  /* accepted proposals per client and hour */
	unsigned cookie_secure; /* 1: cookies carry Secure (the site is served over HTTPS) */
	char *add_moderator;    /* a command, not a setting: create this moderator and exit */
	unsigned db_waiters;    /* workers of a process that may wait on the database; 0: auto */
	char *catalog_cache;    /* the last good catalog on disk (catalog_file.h) */
	char *kept_dir;         /* the kept pages as files for nginx (kept.h), or NULL */
	char *fcgi_allow;       /* peers a TCP socket accepts (peer.h); NULL: loopback */
	/* The read replica (docs/scaling.md): NULL host and socket: none, the
	 * catalog is read from the primary (the db_* settings above). */
	char *db_replica_socket;
	char *db_replica_host;
	unsigned db_replica_port;
	/* A Galera cluster (docs/scaling.md): the --db-hosts text, and its nodes
	 * as parsed (owned; NULL without --db-hosts). The other mode of the
	 * primary + replica settings above: never both. */
	char *db_hosts;
	struct dbnodes *db_nodes;
	unsigned db_host_set; /* --db-host/--db-port/--db-socket given, not defaults */
};

enum config_result { CONFIG_OK = 0, CONFIG_HELP = 1, CONFIG_INVALID = -1 };

/* Fills c from the environment and argv. CONFIG_HELP: the usage (or,
 * for --version, the version) was printed on out (exit 0). CONFIG_INVALID: a message was printed on
 * err (exit 2). In every case c owns its strings afterwards: call config_free. */
enum config_result config_parse(struct config *c, int argc, char **argv, FILE *out, FILE *err);
void config_free(struct config *c);

/* Logs the effective settings (without the password). */
void config_log(const struct config *c);

/* How many workers of a process may wait on the database at once:
 * --db-waiters, or by default one fewer than the workers (at least 1), so
 * one is always free for generation. */
unsigned config_db_waiters(const struct config *c);

/* The database settings of c (the primary, or the cluster's nodes); the
 * strings and the nodes stay owned by c. */
struct db_config config_db(const struct config *c);

/* The read replica's settings: the primary's user, password, database and
 * timeouts with the replica's host and port, or socket. 1 with *out filled
 * when a replica is set, else 0. */
int config_db_replica(const struct config *c, struct db_config *out);

#endif
