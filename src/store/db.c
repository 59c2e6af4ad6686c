/* db: MariaDB Connector/C behind the opaque handle of db.h.
 *
 * Every statement is in the one table of statements.c and is prepared on
 * its first use on a connection (prepared()). The connection is never
 * re-established by the client library (no MYSQL_OPT_RECONNECT: a silent
 * reconnect would lose the prepared statements and any transaction);
 * instead a call that sees the connection gone closes it and answers
 * DB_DOWN, and the next call connects again in db_connect(), the one place
 * that does it, and prepares again as statements are used.
 *
 * Lifetimes: a struct db owns its copy of the settings, its MYSQL connection
 * and its statements, all freed by db_free().
 *
 * The gate (dbgate.h) is passed at the start of every call of db.h and before
 * every statement of dbmod.c (db_stmt), the one path all of them take.
 * The connection's waits on its socket go through io_wait() below, which
 * tells the gate who is blocked on the database and whether a wait timed
 * out: a timeout or a failed connect opens the breaker, while a connection
 * found closed by the server (it restarted) does not: the reconnect that
 * follows decides. */
#include "db.h"
#include "db_int.h"

#include <errno.h>
#include <math.h>
#include <mysql.h>
#include <errmsg.h>
#include <mysqld_error.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dbgate.h"
#include "log.h"
#include "metrics.h"

struct db {
	/* settings: copies owned here */
	char *socket, *host, *user, *password, *database;
	unsigned port, connect_timeout, read_timeout, write_timeout;
	MYSQL *conn;                 /* NULL while disconnected */
	MYSQL_STMT *stmt[STMT__MAX]; /* each prepared on first use; NULL: not yet */
	/* The last failure logged, so that a caller retrying every few hundred
	 * milliseconds logs a persistent failure once; cleared by a success. */
	int failing;
	int last_where;
	unsigned last_err;
	struct dbgate *gate;   /* the primary's or the replica's (dbgate.h) */
	struct gate_hold hold; /* in that gate */
	int timed_out;         /* a wait of the current call timed out */
};

#define WHERE_CONNECT (-1)
#define WHERE_NONE    (-2)

/* Logs a failure unless it is the one logged last. */
static void log_failure(struct db *d, int where, unsigned err, const char *what, const char *msg)
{
	if (d->failing && d->last_where == where && d->last_err == err)
		return;
	d->failing = 1;
	d->last_where = where;
	d->last_err = err;
	log_warn("db%s: %.60s: %u %s", d->gate == dbgate_replica() ? " replica" : "", what, err,
	         msg);
}

static enum db_status succeeded(struct db *d)
{
	struct dbgate *g = d->gate;

	if (d->failing)
		log_info("db%s: working again", d->gate == dbgate_replica() ? " replica" : "");
	d->failing = 0;
	dbgate_report(g, &d->hold, dbgate_now_ms(), 1, 0);
	dbgate_done(g, &d->hold);
	return DB_OK;
}

/* A connection-level failure: it opens the breaker when the database did
 * not answer in time (slow) or refused a connection (fast). */
static void unreachable(struct db *d, int connecting)
{
	struct dbgate *g = d->gate;

	if (connecting || d->timed_out)
		dbgate_report(g, &d->hold, dbgate_now_ms(), 0, d->timed_out);
	dbgate_done(g, &d->hold);
}

/* The handle whose call runs on this thread, for io_wait(). A handle
 * belongs to one thread, and a thread uses one handle at a time. */
static __thread struct db *io_owner;

/* Every wait of the connector on a database socket (connect, read, write),
 * in place of its own poll(): the same wait, told to the gate. */
static int io_wait(my_socket fd, my_bool is_read, int timeout_ms)
{
	struct db *d = io_owner;
	struct dbgate *g = d ? d->gate : NULL;
	struct pollfd p = {.fd = fd, .events = is_read ? POLLIN : POLLOUT};
	int rc;

	if (d)
		dbgate_wait_begin(g, &d->hold, dbgate_now_ms());
	do
		rc = poll(&p, 1, timeout_ms);
	while (rc < 0 && errno == EINTR);
	if (rc == 0) {
		errno = ETIMEDOUT;
		if (d)
			d->timed_out = 1;
	}
	if (d)
		dbgate_wait_end(g, &d->hold, dbgate_now_ms());
	return rc;
}

void db_set_max_waiting(unsigned n)
{
	dbgate_set_cap(dbgate_process(), n); /* the replica's handles are all probes */
}

/* mysql_library_init is not thread-safe; everything else is per handle. */
static pthread_once_t library_once = PTHREAD_ONCE_INIT;
static int library_failed;

static void library_init(void)
{
	library_failed = mysql_library_init(0, NULL, NULL) != 0;
}

static int dup_opt(char **dst, const char *src)
{
	*dst = NULL;
	if (!src)
		return 0;
	*dst = strdup(src);
	return *dst ? 0 : -1;
}

struct db *db_new(const struct db_config *cfg)
{
	pthread_once(&library_once, library_init);
	if (library_failed)
		return NULL;
	struct db *d = calloc(1, sizeof(*d));
	if (!d)
		return NULL;
	d->gate = cfg->replica ? dbgate_replica() : dbgate_process();
	if (dup_opt(&d->socket, cfg->socket) || dup_opt(&d->host, cfg->host) ||
	    dup_opt(&d->user, cfg->user) || dup_opt(&d->password, cfg->password) ||
	    dup_opt(&d->database, cfg->database)) {
		db_free(d);
		return NULL;
	}
	d->port = cfg->port;
	d->connect_timeout = cfg->connect_timeout;
	d->read_timeout = cfg->read_timeout;
	d->write_timeout = cfg->write_timeout;
	dbgate_register(d->gate, &d->hold, cfg->probe);
	return d;
}

static void disconnect(struct db *d)
{
	for (int i = 0; i < STMT__MAX; i++) {
		if (d->stmt[i])
			mysql_stmt_close(d->stmt[i]);
		d->stmt[i] = NULL;
	}
	if (d->conn)
		mysql_close(d->conn);
	d->conn = NULL;
	dbgate_done(d->gate, &d->hold);
}

void db_free(struct db *d)
{
	if (!d)
		return;
	disconnect(d);
	if (d->hold.next)
		dbgate_unregister(d->gate, &d->hold);
	if (io_owner == d)
		io_owner = NULL;
	if (d->password) {
		explicit_bzero(d->password, strlen(d->password));
		free(d->password);
	}
	free(d->socket);
	free(d->host);
	free(d->user);
	free(d->database);
	free(d);
}

/* Client errors that mean the connection is unusable. */
static int is_connection_error(unsigned e)
{
	switch (e) {
	case CR_SERVER_GONE_ERROR:
	case CR_SERVER_LOST:
	case CR_CONNECTION_ERROR:
	case CR_CONN_HOST_ERROR:
	case CR_UNKNOWN_HOST:
	case CR_COMMANDS_OUT_OF_SYNC: /* our bug, but the session is unusable either way */
	case CR_SERVER_LOST_EXTENDED:
	case ER_CONNECTION_KILLED:
	case ER_SERVER_SHUTDOWN:
		return 1;
	default:
		return 0;
	}
}

/* For the log: the table of a per-table statement, else the statement. */
static const char *stmt_label(enum stmt s)
{
	if (s >= STMT__MAX)
		return "ping";
	return db_statements[s].table ? db_statements[s].table : db_statements[s].sql;
}

/* The one failure path of every statement: logs it and classifies it. A
 * lost connection is closed so that the next call reconnects; any other
 * error rolls back the open transaction, if any, so the session is clean
 * for the next call. */
static enum db_status fail(struct db *d, enum stmt s, unsigned err, const char *msg)
{
	log_failure(d, (int)s, err, stmt_label(s), msg);
	metrics_db_error();
	if (is_connection_error(err)) {
		unreachable(d, 0);
		disconnect(d);
		return DB_DOWN;
	}
	if (d->conn && mysql_rollback(d->conn) != 0)
		disconnect(d);
	dbgate_done(d->gate, &d->hold);
	return DB_ERROR;
}

static enum db_status stmt_fail(struct db *d, enum stmt s)
{
	MYSQL_STMT *st = s < STMT__MAX ? d->stmt[s] : NULL;

	if (!st)
		return fail(d, s, 0, "statement not prepared");
	return fail(d, s, mysql_stmt_errno(st), mysql_stmt_error(st));
}

/* Statement s on the open connection, prepared on its first use (so a
 * connection that never moderates never prepares those, and a table that
 * does not exist is never named). NULL with *r set on failure. */
static MYSQL_STMT *prepared(struct db *d, enum stmt s, enum db_status *r)
{
	MYSQL_STMT *st;

	if (d->stmt[s])
		return d->stmt[s];
	if (!(st = mysql_stmt_init(d->conn))) {
		*r = fail(d, s, mysql_errno(d->conn), mysql_error(d->conn));
		return NULL;
	}
	if (mysql_stmt_prepare(st, db_statements[s].sql, strlen(db_statements[s].sql)) != 0) {
		unsigned e = mysql_stmt_errno(st);
		char msg[256];
		snprintf(msg, sizeof(msg), "%s", mysql_stmt_error(st));
		mysql_stmt_close(st);
		*r = fail(d, s, e, msg);
		return NULL;
	}
	return d->stmt[s] = st;
}

static int set_options(struct db *d)
{
	unsigned proto = MYSQL_PROTOCOL_TCP;
	my_bool no = 0;

	if (mysql_options(d->conn, MYSQL_OPT_CONNECT_TIMEOUT, &d->connect_timeout) ||
	    mysql_options(d->conn, MYSQL_OPT_READ_TIMEOUT, &d->read_timeout) ||
	    mysql_options(d->conn, MYSQL_OPT_WRITE_TIMEOUT, &d->write_timeout) ||
	    mysql_options(d->conn, MYSQL_OPT_RECONNECT, &no) ||
	    mysql_options(d->conn, MYSQL_SET_CHARSET_NAME, "utf8mb4") ||
	    /* Dates shown to people (moderation) are UTC, whatever the server's zone. */
	    mysql_options(d->conn, MYSQL_INIT_COMMAND, "SET time_zone = '+00:00'") ||
	    mysql_optionsv(d->conn, MARIADB_OPT_IO_WAIT, io_wait))
		return -1;
	/* Without a socket the port must be used: "localhost" alone would make
	 * the library pick its default unix socket instead. */
	if (!d->socket && mysql_options(d->conn, MYSQL_OPT_PROTOCOL, &proto))
		return -1;
	return 0;
}

/* Connects; the one place that does it. */
static enum db_status db_connect(struct db *d)
{
	if (d->conn)
		return DB_OK;
	d->conn = mysql_init(NULL);
	if (!d->conn)
		return DB_ERROR;
	if (set_options(d) != 0) {
		disconnect(d);
		return DB_ERROR;
	}
	if (!mysql_real_connect(d->conn, d->socket ? NULL : d->host, d->user, d->password,
	                        d->database, d->socket ? 0 : d->port, d->socket, 0)) {
		log_failure(d, WHERE_CONNECT, mysql_errno(d->conn), "connect",
		            mysql_error(d->conn));
		metrics_db_error();
		unreachable(d, 1);
		disconnect(d);
		return DB_DOWN;
	}
	/* A new connection is an answer: it closes the breaker when this call
	 * is the probe's or the trial's. */
	dbgate_report(d->gate, &d->hold, dbgate_now_ms(), 1, 0);
	return DB_OK;
}

/* Runs a statement that returns no rows. */
static enum db_status run(struct db *d, enum stmt s)
{
	enum db_status r = DB_OK;
	MYSQL_STMT *st = prepared(d, s, &r);

	if (!st)
		return r;
	if (mysql_stmt_execute(st) != 0)
		return stmt_fail(d, s);
	mysql_stmt_free_result(st);
	return DB_OK;
}

/* The gate, before a call (or one of dbmod.c's statements) goes out.
 * DB_DOWN when it may not: then the connection, if it is inside a
 * transaction, is closed, so the server rolls back what it began. */
static enum db_status gate(struct db *d)
{
	int in_trans = d->conn && (d->conn->server_status & SERVER_STATUS_IN_TRANS);

	io_owner = d;
	d->timed_out = 0;
	if (dbgate_enter(d->gate, &d->hold, in_trans) == GATE_GO)
		return DB_OK;
	if (in_trans)
		disconnect(d);
	return DB_DOWN;
}

enum db_status db_ping(struct db *d)
{
	enum db_status r = gate(d);
	if (r == DB_OK)
		r = db_connect(d);
	if (r != DB_OK)
		return r;
	if (mysql_ping(d->conn) != 0)
		return fail(d, STMT__MAX, mysql_errno(d->conn), mysql_error(d->conn));
	return succeeded(d);
}

/* ---- the other modules of the database layer (db_int.h) ---- */

MYSQL_STMT *db_stmt(struct db *d, enum stmt s, enum db_status *st)
{
	if ((unsigned)s >= STMT__MAX) {
		*st = DB_ERROR;
		return NULL;
	}
	if ((*st = gate(d)) != DB_OK || (*st = db_connect(d)) != DB_OK)
		return NULL;
	return prepared(d, s, st);
}

enum db_status db_stmt_fail(struct db *d, enum stmt s)
{
	return stmt_fail(d, s);
}

void db_rollback(struct db *d)
{
	if (d->conn && mysql_rollback(d->conn) != 0)
		disconnect(d);
	dbgate_done(d->gate, &d->hold);
}

void db_ok(struct db *d)
{
	succeeded(d);
}

MYSQL_STMT *db_prepared(struct db *d, enum stmt s, enum db_status *st)
{
	return prepared(d, s, st);
}

enum db_status db_fail(struct db *d, enum stmt s, const char *msg)
{
	return fail(d, s, 0, msg);
}

enum db_status db_begin(struct db *d)
{
	enum db_status r = gate(d);
	return r == DB_OK ? db_connect(d) : r;
}

enum db_status db_run(struct db *d, enum stmt s)
{
	return run(d, s);
}

enum db_status db_done(struct db *d)
{
	return succeeded(d);
}

void db_give_up(struct db *d, const char *what, const char *msg)
{
	log_failure(d, WHERE_NONE, 0, what, msg);
	dbgate_done(d->gate, &d->hold);
}
