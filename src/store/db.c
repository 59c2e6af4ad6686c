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
 * every statement of the store (db_stmt), the one path all of them take.
 * The connection's waits on its socket go through io_wait() below, which
 * tells the gate who is blocked on the database and whether a wait timed
 * out: a timeout or a failed connect opens the breaker, while a connection
 * found closed by the server (it restarted) does not: the reconnect that
 * follows decides.
 *
 * A Galera cluster (cfg->nodes, dbnodes.h): every handle of the process
 * writes through the cluster's current node. A connect walks the nodes from
 * the current one, taking the first that accepts the connection and says it
 * is synced and part of the primary component; a node that fails (it
 * refuses, the connection is lost, or it answers 1047/1180: not in the
 * primary component) is skipped for a while and every handle moves on, each
 * at its next call outside a transaction. Only when no node can be had does
 * the breaker open: one node's loss costs the calls in flight on it, which
 * the callers run again on the next node (dbrun.h). Every session waits for
 * the node to have applied what the cluster committed before it reads
 * (wsrep_sync_wait), so a moderator sees their approval at once whichever
 * node the next page reads from. */
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
#include "dbnodes.h"
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
	struct dbnodes *nodes; /* the cluster's, shared (db.h); NULL: one server */
	size_t node;           /* with nodes: the node of conn */
	unsigned err;          /* the error of the last failure (db_last_error) */
};

/* Every handle of a process shares its struct dbnodes; this guards it. */
static pthread_mutex_t nodes_lock = PTHREAD_MUTEX_INITIALIZER;

static size_t current_node(struct db *d)
{
	pthread_mutex_lock(&nodes_lock);
	size_t i = dbnodes_current(d->nodes);
	pthread_mutex_unlock(&nodes_lock);
	return i;
}

/* Node i failed (why, for the log): the process moves on, logged once by
 * the handle that moved it. */
static void node_failed(struct db *d, size_t i, const char *why)
{
	pthread_mutex_lock(&nodes_lock);
	int moved = dbnodes_failed(d->nodes, i, dbgate_now_ms());
	size_t now = dbnodes_current(d->nodes);
	pthread_mutex_unlock(&nodes_lock);
	if (moved)
		log_warn("db: node %s:%u %s; writes go through %s:%u now", d->nodes->node[i].host,
		         d->nodes->node[i].port, why, d->nodes->node[now].host,
		         d->nodes->node[now].port);
}

static void node_ok(struct db *d, size_t i)
{
	pthread_mutex_lock(&nodes_lock);
	dbnodes_ok(d->nodes, i);
	pthread_mutex_unlock(&nodes_lock);
}

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
	d->nodes = cfg->nodes;
	dbgate_register(d->gate, &d->hold, cfg->probe);
	return d;
}

static void close_conn(struct db *d)
{
	for (int i = 0; i < STMT__MAX; i++) {
		if (d->stmt[i])
			mysql_stmt_close(d->stmt[i]);
		d->stmt[i] = NULL;
	}
	if (d->conn)
		mysql_close(d->conn);
	d->conn = NULL;
}

static void disconnect(struct db *d)
{
	close_conn(d);
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

/* Server errors of a Galera node that is not (or no longer) in the primary
 * component: 1047 "WSREP has not yet prepared node for application use" for
 * every statement, 1180 on the commit in flight when it lost the others. */
static int is_node_error(unsigned e)
{
	return e == ER_UNKNOWN_COM_ERROR || e == ER_ERROR_DURING_COMMIT;
}

/* For the log: the table of a per-table statement, else the statement. */
static const char *stmt_label(enum stmt s)
{
	if (s >= STMT__MAX)
		return "ping";
	const struct stmt_def *def = stmt_get(s);
	return def->table ? def->table : def->sql ? def->sql : "no such statement";
}

/* The one failure path of every statement: logs it and classifies it. A
 * lost connection is closed so that the next call reconnects; any other
 * error rolls back the open transaction, if any, so the session is clean
 * for the next call. */
static enum db_status fail(struct db *d, enum stmt s, unsigned err, const char *msg)
{
	log_failure(d, (int)s, err, stmt_label(s), msg);
	metrics_db_error();
	d->err = err;
	if (d->nodes && (is_connection_error(err) || is_node_error(err))) {
		/* This node, not the cluster: the breaker stays closed, and the
		 * caller's next try connects to the next node. */
		node_failed(d, d->node,
		            is_node_error(err) ? "left the primary component"
		                               : "lost the connection");
		disconnect(d);
		return DB_DOWN;
	}
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
	const char *sql = stmt_get(s)->sql;
	if (!sql) {
		mysql_stmt_close(st);
		*r = fail(d, s, 0, "no such statement");
		return NULL;
	}
	if (mysql_stmt_prepare(st, sql, strlen(sql)) != 0) {
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
	/* Reads (and SELECT ... FOR UPDATE) wait until this node has applied
	 * every write the cluster committed before them. */
	if (d->nodes &&
	    mysql_options(d->conn, MYSQL_INIT_COMMAND, "SET SESSION wsrep_sync_wait = 1"))
		return -1;
	/* Without a socket the port must be used: "localhost" alone would make
	 * the library pick its default unix socket instead. */
	if (!d->socket && mysql_options(d->conn, MYSQL_OPT_PROTOCOL, &proto))
		return -1;
	return 0;
}

/* Opens d->conn to host:port (or socket). 0; -1 when the server could not
 * be had (logged, as `where` for the log's repeats, conn closed); -2 when
 * the client library failed before trying. */
static int open_conn(struct db *d, const char *socket, const char *host, unsigned port, int where)
{
	char what[DBNODES_HOST_MAX + 24];

	if (!(d->conn = mysql_init(NULL)))
		return -2;
	if (set_options(d) != 0) {
		close_conn(d);
		return -2;
	}
	if (!mysql_real_connect(d->conn, socket ? NULL : host, d->user, d->password, d->database,
	                        socket ? 0 : port, socket, 0)) {
		if (d->nodes)
			snprintf(what, sizeof(what), "connect %s:%u", host, port);
		log_failure(d, where, mysql_errno(d->conn), d->nodes ? what : "connect",
		            mysql_error(d->conn));
		close_conn(d);
		return -1;
	}
	return 0;
}

/* Whether the node of the new connection takes writes: synced
 * (wsrep_local_state 4) and in the primary component (wsrep_ready). A
 * joiner, a donor and the survivor of a lost quorum all accept
 * connections. SHOW works on all of them, where a SELECT would be 1047. */
static int node_ready(struct db *d, int where)
{
	static const char q[] = "SHOW GLOBAL STATUS WHERE Variable_name IN ('wsrep_ready', "
	                        "'wsrep_local_state')";
	int ready = 0, synced = 0;
	MYSQL_RES *res;
	MYSQL_ROW row;

	if (mysql_real_query(d->conn, q, sizeof(q) - 1) != 0 ||
	    !(res = mysql_store_result(d->conn))) {
		log_failure(d, where, mysql_errno(d->conn), "node state", mysql_error(d->conn));
		return 0;
	}
	while ((row = mysql_fetch_row(res)) != NULL) {
		if (!row[0] || !row[1])
			continue;
		if (strcmp(row[0], "wsrep_ready") == 0)
			ready = strcmp(row[1], "ON") == 0;
		else if (strcmp(row[0], "wsrep_local_state") == 0)
			synced = strcmp(row[1], "4") == 0;
	}
	mysql_free_result(res);
	if (!ready || !synced)
		log_failure(d, where, ready ? 1 : 2, "node state",
		            ready ? "not synced (joining or donating)"
		                  : "not in the primary component");
	return ready && synced;
}

/* One connection to the cluster: the current node, or the next, each tried
 * once. 0, -1 (none), -2 (the client library failed). */
static int open_cluster(struct db *d)
{
	for (size_t tries = 0; tries < d->nodes->n; tries++) {
		size_t i = current_node(d);
		int where = WHERE_CONNECT - 1 - (int)i;
		int r = open_conn(d, NULL, d->nodes->node[i].host, d->nodes->node[i].port, where);
		if (r == -2)
			return -2;
		if (r == 0 && node_ready(d, where)) {
			d->node = i;
			node_ok(d, i);
			return 0;
		}
		close_conn(d);
		node_failed(d, i, r == 0 ? "does not take writes" : "cannot be reached");
	}
	return -1;
}

/* Connects; the one place that does it. */
static enum db_status db_connect(struct db *d)
{
	/* Another handle moved the process to another node: follow it, but
	 * never in the middle of a transaction. */
	if (d->conn && d->nodes && !(d->conn->server_status & SERVER_STATUS_IN_TRANS) &&
	    d->node != current_node(d))
		close_conn(d);
	if (d->conn)
		return DB_OK;
	int r = d->nodes ? open_cluster(d)
	                 : open_conn(d, d->socket, d->host, d->port, WHERE_CONNECT);
	if (r == -2) {
		dbgate_done(d->gate, &d->hold);
		return DB_ERROR;
	}
	if (r != 0) {
		metrics_db_error();
		unreachable(d, 1);
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

/* The gate, before a call (or one of the store's statements) goes out.
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

unsigned db_last_error(const struct db *d)
{
	return d ? d->err : 0;
}

void db_clear_error(struct db *d)
{
	if (d) /* a worker without a connection: nothing to clear */
		d->err = 0;
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
