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
	struct gate_hold hold; /* in the process-wide gate */
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
	log_warn("db: %.60s: %u %s", what, err, msg);
}

static enum db_status succeeded(struct db *d)
{
	struct dbgate *g = dbgate_process();

	if (d->failing)
		log_info("db: working again");
	d->failing = 0;
	dbgate_report(g, &d->hold, dbgate_now_ms(), 1, 0);
	dbgate_done(g, &d->hold);
	return DB_OK;
}

/* A connection-level failure: it opens the breaker when the database did
 * not answer in time (slow) or refused a connection (fast). */
static void unreachable(struct db *d, int connecting)
{
	struct dbgate *g = dbgate_process();

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
	struct dbgate *g = dbgate_process();
	struct db *d = io_owner;
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
	dbgate_set_cap(dbgate_process(), n);
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
	dbgate_register(dbgate_process(), &d->hold, cfg->probe);
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
	dbgate_done(dbgate_process(), &d->hold);
}

void db_free(struct db *d)
{
	if (!d)
		return;
	disconnect(d);
	if (d->hold.next)
		dbgate_unregister(dbgate_process(), &d->hold);
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
	if (is_connection_error(err)) {
		unreachable(d, 0);
		disconnect(d);
		return DB_DOWN;
	}
	if (d->conn && mysql_rollback(d->conn) != 0)
		disconnect(d);
	dbgate_done(dbgate_process(), &d->hold);
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

/* Marks in present[] the load statements whose table exists, and in
 * *tiles whether map_tile does. */
static enum db_status find_tables(struct db *d, int *present, int *tiles)
{
	enum db_status r = DB_OK;
	MYSQL_STMT *st = prepared(d, STMT_TABLES, &r);
	char name[65];
	unsigned long len = 0;
	my_bool is_null = 0, error = 0;
	MYSQL_BIND out = {
	        .buffer_type = MYSQL_TYPE_STRING,
	        .buffer = name,
	        .buffer_length = sizeof(name),
	        .length = &len,
	        .is_null = &is_null,
	        .error = &error,
	};
	int rc;

	if (!st)
		return r;
	if (mysql_stmt_execute(st) != 0 || mysql_stmt_bind_result(st, &out) != 0)
		return stmt_fail(d, STMT_TABLES);
	while ((rc = mysql_stmt_fetch(st)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
		if (rc != 0 || is_null)
			continue; /* longer than any table name of ours */
		for (int i = 0; i < AFFIX_TABLE_COUNT; i++)
			if (strcmp(name, db_statements[STMT_LOAD_FIRST + i].table) == 0)
				present[i] = 1;
		if (strcmp(name, db_statements[STMT_MAP_TILES].table) == 0)
			*tiles = 1;
	}
	if (rc != MYSQL_NO_DATA)
		return stmt_fail(d, STMT_TABLES);
	mysql_stmt_free_result(st);
	return DB_OK;
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
		unreachable(d, 1);
		disconnect(d);
		return DB_DOWN;
	}
	/* A new connection is an answer: it closes the breaker when this call
	 * is the probe's or the trial's. */
	dbgate_report(dbgate_process(), &d->hold, dbgate_now_ms(), 1, 0);
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

/* The revision, on a connected handle, inside or outside a transaction. */
static enum db_status read_revision(struct db *d, uint64_t *rev)
{
	enum db_status r = DB_OK;
	MYSQL_STMT *st = prepared(d, STMT_REVISION, &r);
	unsigned long long v = 0;
	my_bool is_null = 0, error = 0;
	MYSQL_BIND out = {
	        .buffer_type = MYSQL_TYPE_LONGLONG,
	        .buffer = &v,
	        .is_unsigned = 1,
	        .is_null = &is_null,
	        .error = &error,
	};
	int rc;

	if (!st)
		return r;
	if (mysql_stmt_execute(st) != 0 || mysql_stmt_bind_result(st, &out) != 0)
		return stmt_fail(d, STMT_REVISION);
	rc = mysql_stmt_fetch(st);
	if (rc == 1)
		return stmt_fail(d, STMT_REVISION);
	mysql_stmt_free_result(st);
	if (rc == MYSQL_NO_DATA || is_null || rc == MYSQL_DATA_TRUNCATED)
		return fail(d, STMT_REVISION, 0, "catalog_revision has no usable row 1");
	*rev = (uint64_t)v;
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
	if (dbgate_enter(dbgate_process(), &d->hold, in_trans) == GATE_GO)
		return DB_OK;
	if (in_trans)
		disconnect(d);
	return DB_DOWN;
}

enum db_status db_revision(struct db *d, uint64_t *rev)
{
	enum db_status r = gate(d);
	if (r == DB_OK)
		r = db_connect(d);
	if (r == DB_OK)
		r = read_revision(d, rev);
	return r == DB_OK ? succeeded(d) : r;
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

/* One catalog row as fetched: the output buffers of the bound columns. */
enum col {
	C_ID,
	C_WORD,
	C_ACTIVE,
	C_STAT0,
	C_TIER = C_STAT0 + ST__MAX,
	C_SLOT,
	C_WEIGHT,
	C_TIER_MIN,
	C_TIER_MAX,
	C__MAX
};

#define WORD_BUF 256 /* VARCHAR(64) of utf8mb4 is at most 256 bytes */
#define SLOT_BUF 32

struct row {
	MYSQL_BIND bind[C__MAX];
	unsigned long len[C__MAX];
	my_bool is_null[C__MAX], error[C__MAX];
	uint32_t id, weight;
	int32_t active, stat[ST__MAX], tier, tier_min, tier_max;
	char word[WORD_BUF + 1], slot[SLOT_BUF + 1];
};

static void bind_col(struct row *r, enum col c, enum enum_field_types type, void *buf,
                     unsigned long buflen, int is_unsigned)
{
	MYSQL_BIND *b = &r->bind[c];
	b->buffer_type = type;
	b->buffer = buf;
	b->buffer_length = buflen;
	b->is_unsigned = (my_bool)is_unsigned;
	b->length = &r->len[c];
	b->is_null = &r->is_null[c];
	b->error = &r->error[c];
}

static void bind_row(struct row *r)
{
	memset(r->bind, 0, sizeof(r->bind));
	bind_col(r, C_ID, MYSQL_TYPE_LONG, &r->id, 0, 1);
	bind_col(r, C_WORD, MYSQL_TYPE_STRING, r->word, WORD_BUF, 0);
	bind_col(r, C_ACTIVE, MYSQL_TYPE_LONG, &r->active, 0, 0);
	for (int s = 0; s < ST__MAX; s++)
		bind_col(r, (enum col)(C_STAT0 + s), MYSQL_TYPE_LONG, &r->stat[s], 0, 0);
	bind_col(r, C_TIER, MYSQL_TYPE_LONG, &r->tier, 0, 0);
	bind_col(r, C_SLOT, MYSQL_TYPE_STRING, r->slot, SLOT_BUF, 0);
	bind_col(r, C_WEIGHT, MYSQL_TYPE_LONG, &r->weight, 0, 1);
	bind_col(r, C_TIER_MIN, MYSQL_TYPE_LONG, &r->tier_min, 0, 0);
	bind_col(r, C_TIER_MAX, MYSQL_TYPE_LONG, &r->tier_max, 0, 0);
}

static int in_tier_range(int32_t v)
{
	return v >= 0 && v <= TIER_MAX;
}

/* Turns a fetched row into an entry. -1 when a value cannot be one of ours
 * (the schema's CHECKs make that a broken database, not bad luck). */
static int row_to_entry(struct row *r, const struct stmt_def *def, struct entry *e)
{
	memset(e, 0, sizeof(*e));
	if (r->is_null[C_ID] || r->is_null[C_WORD] || r->is_null[C_ACTIVE])
		return -1;
	for (int c = 0; c < C__MAX; c++)
		if (r->error[c] && c != C_WORD && c != C_SLOT)
			return -1; /* a number out of its C type's range */
	e->id = r->id;
	e->word = r->word;
	e->active = r->active != 0;
	for (int s = 0; s < ST__MAX; s++)
		e->stat[s] = r->is_null[C_STAT0 + s] ? 0 : r->stat[s];
	e->weight = r->is_null[C_WEIGHT] || r->weight == 0 ? 1 : r->weight;
	int32_t tier = r->is_null[C_TIER] ? 0 : r->tier;
	int32_t lo = r->is_null[C_TIER_MIN] ? 0 : r->tier_min;
	int32_t hi = r->is_null[C_TIER_MAX] ? 0 : r->tier_max;
	if (!in_tier_range(tier) || !in_tier_range(lo) || !in_tier_range(hi))
		return -1;
	e->tier = (uint8_t)tier;
	e->tier_min = (uint8_t)lo;
	e->tier_max = (uint8_t)hi;
	e->slot = SLOT_NONE;
	if (!r->is_null[C_SLOT] && !r->error[C_SLOT]) {
		int slot = slot_from_name(r->slot);
		if (slot < 0) {
			log_warn("db: %s id %u: unknown slot '%s'; using the kind's default",
			         def->table, r->id, r->slot);
			slot = SLOT_NONE;
		}
		e->slot = (uint8_t)slot;
	}
	return 0;
}

/* A word longer than the buffer (a wider column than ours) is fetched again
 * whole into *big, which the caller frees. */
static int fetch_long_word(MYSQL_STMT *st, struct row *r, char **big)
{
	unsigned long n = r->len[C_WORD];
	my_bool is_null = 0, error = 0;
	MYSQL_BIND b = {0};

	*big = malloc(n + 1);
	if (!*big)
		return -1;
	b.buffer_type = MYSQL_TYPE_STRING;
	b.buffer = *big;
	b.buffer_length = n + 1;
	b.length = &n;
	b.is_null = &is_null;
	b.error = &error;
	if (mysql_stmt_fetch_column(st, &b, C_WORD, 0) != 0 || error) {
		free(*big);
		*big = NULL;
		return -1;
	}
	(*big)[n] = '\0';
	return 0;
}

/* Reads one table into c. */
static enum db_status load_table(struct db *d, enum stmt s, struct catalog *c)
{
	enum db_status res = DB_OK;
	MYSQL_STMT *st = prepared(d, s, &res);
	const struct stmt_def *def = &db_statements[s];
	struct row r;
	struct entry e;
	int rc;

	if (!st)
		return res;
	bind_row(&r);
	if (mysql_stmt_execute(st) != 0 || mysql_stmt_bind_result(st, r.bind) != 0)
		return stmt_fail(d, s);
	while ((rc = mysql_stmt_fetch(st)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
		char *big = NULL;
		if (rc == MYSQL_DATA_TRUNCATED && r.error[C_WORD] &&
		    fetch_long_word(st, &r, &big) != 0)
			goto bad_row;
		int bad = row_to_entry(&r, def, &e);
		if (big)
			e.word = big;
		if (bad || catalog_add(c, def->kind, def->part, &e) != 0) {
			free(big);
			goto bad_row;
		}
		free(big);
	}
	if (rc != MYSQL_NO_DATA)
		return stmt_fail(d, s);
	mysql_stmt_free_result(st);
	return DB_OK;

bad_row:
	mysql_stmt_free_result(st);
	return fail(d, s, 0, "a row with a value out of range, or out of memory");
}

/* One map_tile row as fetched. */
enum tcol { T_SET, T_NAME, T_PATTERN, T_N, T_E, T_S, T_W, T_WEIGHT, T__MAX };

struct tile_row {
	MYSQL_BIND bind[T__MAX];
	unsigned long len[T__MAX];
	my_bool is_null[T__MAX], error[T__MAX];
	char set[33], name[65], pattern[MAP_TILE * MAP_TILE + 1];
	uint32_t edge[4], weight;
};

static void bind_tile_row(struct tile_row *r)
{
	memset(r, 0, sizeof(*r));
	for (int c = 0; c < T__MAX; c++) {
		MYSQL_BIND *b = &r->bind[c];
		b->length = &r->len[c];
		b->is_null = &r->is_null[c];
		b->error = &r->error[c];
		if (c == T_SET || c == T_NAME || c == T_PATTERN) {
			b->buffer_type = MYSQL_TYPE_STRING;
			b->buffer = c == T_SET ? r->set : c == T_NAME ? r->name : r->pattern;
			b->buffer_length = c == T_SET    ? sizeof r->set
			                   : c == T_NAME ? sizeof r->name
			                                 : sizeof r->pattern;
		} else {
			b->buffer_type = MYSQL_TYPE_LONG;
			b->buffer = c == T_WEIGHT ? &r->weight : &r->edge[c - T_N];
			b->is_unsigned = 1;
		}
	}
}

/* A fetched row as a tile; -1 when a value cannot be one (the schema's
 * CHECKs make that a broken database). The tile's own rules (the edges
 * spell their types, one floor) are map_tileset_init's, in catalog_finish. */
static int row_to_tile(const struct tile_row *r, struct map_tile *t)
{
	for (int c = 0; c < T__MAX; c++)
		if (r->is_null[c] || r->error[c])
			return -1;
	if (r->len[T_PATTERN] != MAP_TILE * MAP_TILE)
		return -1;
	memset(t, 0, sizeof(*t));
	t->name = r->name;
	memcpy(t->cell, r->pattern, sizeof t->cell);
	for (int e = 0; e < 4; e++) {
		if (r->edge[e] > 255)
			return -1;
		t->edge[e] = (uint8_t)r->edge[e];
	}
	t->weight = r->weight;
	return 0;
}

/* Reads the active rows of map_tile into c. */
static enum db_status load_tiles(struct db *d, struct catalog *c)
{
	enum db_status res = DB_OK;
	MYSQL_STMT *st = prepared(d, STMT_MAP_TILES, &res);
	struct tile_row r;
	struct map_tile t;
	int rc;

	if (!st)
		return res;
	bind_tile_row(&r);
	if (mysql_stmt_execute(st) != 0 || mysql_stmt_bind_result(st, r.bind) != 0)
		return stmt_fail(d, STMT_MAP_TILES);
	while ((rc = mysql_stmt_fetch(st)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
		if (rc != 0 || row_to_tile(&r, &t) != 0 || catalog_add_tile(c, r.set, &t) != 0) {
			mysql_stmt_free_result(st);
			return fail(d, STMT_MAP_TILES, 0,
			            "a row with a value out of range, or out of memory");
		}
	}
	if (rc != MYSQL_NO_DATA)
		return stmt_fail(d, STMT_MAP_TILES);
	mysql_stmt_free_result(st);
	return DB_OK;
}

/* Revision and every table inside the open snapshot. */
static enum db_status load_in_snapshot(struct db *d, struct catalog **out)
{
	uint64_t rev;
	enum db_status r = read_revision(d, &rev);
	if (r != DB_OK)
		return r;
	struct catalog *c = catalog_new(rev);
	if (!c)
		return fail(d, STMT_REVISION, 0, "out of memory");
	int present[AFFIX_TABLE_COUNT] = {0}, tiles = 0;
	if ((r = find_tables(d, present, &tiles)) != DB_OK) {
		catalog_free(c);
		return r;
	}
	for (int i = 0; i < AFFIX_TABLE_COUNT; i++) {
		if (!present[i])
			continue; /* a table of a later migration: the kind has no words yet */
		if ((r = load_table(d, (enum stmt)(STMT_LOAD_FIRST + i), c)) != DB_OK) {
			catalog_free(c);
			return r;
		}
	}
	/* Before migration 0007 there are no maps, and the items still work. */
	if (tiles && (r = load_tiles(d, c)) != DB_OK) {
		catalog_free(c);
		return r;
	}
	*out = c;
	return DB_OK;
}

enum db_status db_load_catalog(struct db *d, struct catalog **out)
{
	struct catalog *c = NULL;
	enum db_status r;

	*out = NULL;
	if ((r = gate(d)) != DB_OK || (r = db_connect(d)) != DB_OK ||
	    (r = run(d, STMT_BEGIN_SNAPSHOT)) != DB_OK)
		return r;
	if ((r = load_in_snapshot(d, &c)) != DB_OK)
		return r; /* fail() already rolled back or disconnected */
	if ((r = run(d, STMT_COMMIT)) != DB_OK) {
		catalog_free(c);
		return r;
	}
	if (catalog_finish(c) != 0) {
		log_failure(d, WHERE_NONE, 0, "catalog",
		            "a word twice in a table, or out of memory");
		catalog_free(c);
		dbgate_done(dbgate_process(), &d->hold);
		return DB_ERROR;
	}
	*out = c;
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
	dbgate_done(dbgate_process(), &d->hold);
}

void db_ok(struct db *d)
{
	succeeded(d);
}
