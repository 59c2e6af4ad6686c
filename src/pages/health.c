/* health: readiness and metrics for operators (see health.h and
 * docs/operations.md). Both read the shared table of metrics.c, which
 * every worker process writes, so whichever worker answers speaks for all
 * of them; the database figures are asked at the moment of the request,
 * on the answering worker's own connection, through the database gate (a
 * database known to be down costs no wait). */
#include "health.h"
#include "pages.h"

#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "dbcatalog.h"
#include "dbstats.h"
#include "elapsed.h"
#include "metrics.h"
#include "page.h"
#include "recipe.h"
#include "version.h"

/* How long a worker may serve a revision older than another's before it
 * counts as behind (a change reaches each process at its own next poll). */
#define BEHIND_GRACE_MS 5000
/* How old a process's last poll may be: its poller waits up to the
 * database timeout per call, so a few of those plus the interval. */
#define STALE_BASE_MS 10000

static uint64_t stale_ms(void)
{
	return STALE_BASE_MS + 4 * (uint64_t)metrics_poll_ms();
}

/* ---- /readyz ---- */

struct ready {
	json_t *problems;
	int degraded;
};

static void problem(struct ready *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void problem(struct ready *r, const char *fmt, ...)
{
	char text[200];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(text, sizeof(text), fmt, ap);
	va_end(ap);
	json_array_append_new(r->problems, json_string(text));
	r->degraded = 1;
}

/* The newest revision live in a running process, and since when (the
 * earliest moment one of them took it). */
static void newest(uint64_t *rev, uint64_t *since)
{
	*rev = 0;
	*since = 0;
	for (unsigned i = 0; i < metrics_processes(); i++) {
		struct metrics_process p;
		metrics_process(i, &p);
		if (!p.pid || !p.has_catalog)
			continue;
		if (p.revision > *rev || (p.revision == *rev && p.loaded_ms < *since)) {
			*rev = p.revision;
			*since = p.loaded_ms;
		}
	}
}

static json_t *process_json(struct ready *r, unsigned i, uint64_t live, uint64_t live_since,
                            uint64_t now, uint64_t *replica_rev, int *replica)
{
	struct metrics_process p;
	metrics_process(i, &p);
	json_t *o = json_object();
	json_object_set_new(o, "slot", json_integer(i));
	json_object_set_new(o, "pid", p.pid ? json_integer(p.pid) : json_null());
	json_object_set_new(o, "running", json_boolean(p.pid != 0));
	json_object_set_new(o, "restarts", json_integer((json_int_t)p.restarts));
	json_object_set_new(o, "catalog_revision",
	                    p.has_catalog ? json_integer((json_int_t)p.revision) : json_null());
	json_object_set_new(o, "database",
	                    json_string(p.db_up < 0 ? "unknown"
	                                : p.db_up   ? "up"
	                                            : "down"));
	uint64_t age = p.heartbeat_ms ? elapsed_ms64(now, p.heartbeat_ms) : 0;
	json_object_set_new(o, "last_poll_ms_ago",
	                    p.heartbeat_ms ? json_integer((json_int_t)age) : json_null());
	if (!p.pid) {
		problem(r, "worker process %u is not running", i);
		return o;
	}
	if (!p.has_catalog)
		problem(r, "worker process %u has no catalog", i);
	else if (p.revision < live && elapsed_ms64(now, live_since) > BEHIND_GRACE_MS)
		problem(r, "worker process %u serves revision %" PRIu64 ", behind %" PRIu64, i,
		        p.revision, live);
	if (p.heartbeat_ms && age > stale_ms())
		problem(r, "worker process %u: its catalog poller last reported %" PRIu64 " ms ago",
		        i, age);
	if (p.replica >= 0) {
		*replica = *replica > 0 ? *replica : p.replica;
		if (p.replica > 0 && p.replica_rev > *replica_rev)
			*replica_rev = p.replica_rev;
	}
	return o;
}

void health_ready(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	(void)rq;
	struct ready r = {.problems = json_array(), .degraded = 0};
	json_t *o = json_object(), *procs = json_array();
	uint64_t db_rev = 0, live, since, now = metrics_now_ms(), replica_rev = 0;
	int replica = -1;

	/* The database as this worker finds it now. */
	enum db_status st = ctx->db ? db_revision(ctx->db, &db_rev) : DB_DOWN;
	int reachable = st == DB_OK;
	if (st == DB_DOWN)
		problem(&r, "the database cannot be reached: proposals, moderation and logins "
		            "answer 503");
	else if (st != DB_OK)
		problem(&r, "the database answers with errors (see the log): proposals, "
		            "moderation and logins fail");
	newest(&live, &since);
	for (unsigned i = 0; i < metrics_processes(); i++)
		json_array_append_new(
		        procs, process_json(&r, i, live, since, now, &replica_rev, &replica));

	json_t *db = json_object();
	json_object_set_new(db, "reachable", json_boolean(st != DB_DOWN));
	json_object_set_new(db, "ok", json_boolean(reachable));
	json_object_set_new(db, "revision",
	                    reachable ? json_integer((json_int_t)db_rev) : json_null());
	json_t *rep = json_null();
	if (replica >= 0) {
		rep = json_object();
		json_object_set_new(rep, "answering", json_boolean(replica > 0));
		json_object_set_new(rep, "revision",
		                    replica > 0 ? json_integer((json_int_t)replica_rev)
		                                : json_null());
		/* Lag as the daemon can see it: revisions (catalog change sets)
		 * the replica has not applied yet. Seconds need the server's
		 * own SHOW SLAVE STATUS (docs/operations.md). */
		json_object_set_new(
		        rep, "revisions_behind",
		        replica > 0 && reachable
		                ? json_integer(db_rev > replica_rev
		                                       ? (json_int_t)(db_rev - replica_rev)
		                                       : 0)
		                : json_null());
		if (replica == 0)
			problem(&r, "the replica does not answer: the catalog is read from the "
			            "primary");
	}
	json_object_set_new(o, "status", json_string(r.degraded ? "degraded" : "ok"));
	json_object_set_new(o, "version", json_string(LOOTFORGE_VERSION));
	json_object_set_new(o, "problems", r.problems);
	json_object_set_new(o, "database", db);
	json_object_set_new(o, "replica", rep);
	json_object_set_new(o, "catalog_revision",
	                    live ? json_integer((json_int_t)live) : json_null());
	json_object_set_new(o, "processes", procs);
	page_send_json(rs, r.degraded ? 503 : 200, o);
	rs->cache_control = "no-store";
	if (r.degraded)
		rs->retry_after = 1; /* as every 503 of the site: ask again */
}

/* ---- /metrics ---- */

/* HELP and TYPE lines of one family. */
static void family(struct buf *b, const char *name, const char *type, const char *help)
{
	buf_printf(b, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

static void requests(struct buf *b, const struct metrics_thread *m, const char *const *routes,
                     unsigned n)
{
	family(b, "lootforge_http_requests_total", "counter",
	       "Requests answered, by route (the router's path; \"other\": no route) and status.");
	for (unsigned r = 0; r <= n && r < METRICS_ROUTES; r++)
		for (int s = 0; s < METRICS_STATUSES; s++) {
			char status[16] = "other";
			if (!m->requests[r][s])
				continue;
			if (s)
				snprintf(status, sizeof(status), "%d", metrics_status_codes[s]);
			buf_printf(
			        b,
			        "lootforge_http_requests_total{route=\"%s\",status=\"%s\"} %" PRIu64
			        "\n",
			        r < n ? routes[r] : "other", status, m->requests[r][s]);
		}
	family(b, "lootforge_http_request_duration_seconds", "histogram",
	       "Time from reading a request to the answer written, by route.");
	for (unsigned r = 0; r <= n && r < METRICS_ROUTES; r++) {
		uint64_t cum = 0;
		const char *name = r < n ? routes[r] : "other";
		for (int k = 0; k <= METRICS_BUCKETS; k++)
			cum += m->latency[r][k];
		if (!cum)
			continue;
		cum = 0;
		for (int k = 0; k < METRICS_BUCKETS; k++) {
			cum += m->latency[r][k];
			buf_printf(b,
			           "lootforge_http_request_duration_seconds_bucket{route=\"%s\","
			           "le=\"%g\"} %" PRIu64 "\n",
			           name, metrics_bucket_us[k] / 1e6, cum);
		}
		cum += m->latency[r][METRICS_BUCKETS];
		buf_printf(
		        b,
		        "lootforge_http_request_duration_seconds_bucket{route=\"%s\",le=\"+Inf\"} "
		        "%" PRIu64 "\n"
		        "lootforge_http_request_duration_seconds_sum{route=\"%s\"} %.6f\n"
		        "lootforge_http_request_duration_seconds_count{route=\"%s\"} %" PRIu64 "\n",
		        name, cum, name, m->latency_us[r] / 1e6, name, cum);
	}
}

static void processes(struct buf *b)
{
	unsigned n = metrics_processes();
	struct metrics_process p;
	uint64_t restarts = 0;
	unsigned running = 0;

	family(b, "lootforge_catalog_revision", "gauge",
	       "The catalog revision live in each worker process (absent: none yet).");
	for (unsigned i = 0; i < n; i++) {
		metrics_process(i, &p);
		if (p.pid && p.has_catalog)
			buf_printf(b, "lootforge_catalog_revision{process=\"%u\"} %" PRIu64 "\n", i,
			           p.revision);
	}
	family(b, "lootforge_catalog_load_seconds", "gauge",
	       "How long the live catalog took to load, per worker process.");
	for (unsigned i = 0; i < n; i++) {
		metrics_process(i, &p);
		if (p.pid && p.has_catalog)
			buf_printf(b, "lootforge_catalog_load_seconds{process=\"%u\"} %.3f\n", i,
			           p.load_ms / 1e3);
	}
	family(b, "lootforge_process_database_up", "gauge",
	       "The database as each worker process's catalog poller last found it (1 up, 0 "
	       "down).");
	for (unsigned i = 0; i < n; i++) {
		metrics_process(i, &p);
		if (p.pid && p.db_up >= 0)
			buf_printf(b, "lootforge_process_database_up{process=\"%u\"} %d\n", i,
			           p.db_up);
	}
	family(b, "lootforge_replica_up", "gauge",
	       "The read replica as each worker process's poller last found it (absent: no "
	       "replica).");
	for (unsigned i = 0; i < n; i++) {
		metrics_process(i, &p);
		if (p.pid && p.replica >= 0)
			buf_printf(b, "lootforge_replica_up{process=\"%u\"} %d\n", i, p.replica);
	}
	family(b, "lootforge_process_up", "gauge", "Whether each worker process runs.");
	for (unsigned i = 0; i < n; i++) {
		metrics_process(i, &p);
		buf_printf(b, "lootforge_process_up{process=\"%u\"} %d\n", i, p.pid != 0);
		running += p.pid != 0;
		restarts += p.restarts;
	}
	family(b, "lootforge_worker_processes_running", "gauge", "Worker processes running.");
	buf_printf(b, "lootforge_worker_processes_running %u\n", running);
	family(b, "lootforge_worker_restarts_total", "counter",
	       "Worker processes the supervisor restarted after they ended.");
	buf_printf(b, "lootforge_worker_restarts_total %" PRIu64 "\n", restarts);
}

static void proposals(struct buf *b, struct db *d)
{
	unsigned long c[DBSTATS_FORMS][DBSTATS_STATUSES];
	int up = db_proposal_counts(d, c) == DB_OK;

	family(b, "lootforge_database_up", "gauge",
	       "Whether this scrape's own query of the database answered.");
	buf_printf(b, "lootforge_database_up %d\n", up);
	if (!up)
		return;
	family(b, "lootforge_proposals", "gauge",
	       "Proposals stored, by form and status, counted in the database at the scrape.");
	for (int f = 0; f < DBSTATS_FORMS; f++)
		for (int s = 0; s < DBSTATS_STATUSES; s++)
			buf_printf(b, "lootforge_proposals{form=\"%s\",status=\"%s\"} %lu\n",
			           dbstats_form_names[f], dbstats_status_names[s], c[f][s]);
	family(b, "lootforge_proposals_received_total", "counter",
	       "Proposals ever stored, by form (every status).");
	for (int f = 0; f < DBSTATS_FORMS; f++)
		buf_printf(b, "lootforge_proposals_received_total{form=\"%s\"} %lu\n",
		           dbstats_form_names[f], c[f][0] + c[f][1] + c[f][2]);
}

void health_metrics(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                    const char *const *routes, unsigned n_routes)
{
	struct metrics_thread *m = arena_alloc(&ctx->arena, sizeof(*m));
	struct buf *b = &rs->body;

	(void)rq;
	buf_reset(b);
	rs->status = 200;
	rs->content_type = "text/plain; version=0.0.4; charset=utf-8";
	if (!m) {
		response_internal_error(rs, 0);
		return;
	}
	metrics_sum(m);
	family(b, "lootforge_build_info", "gauge", "The daemon's version.");
	buf_printf(b, "lootforge_build_info{version=\"%s\"} 1\n", LOOTFORGE_VERSION);
	requests(b, m, routes, n_routes);
	family(b, "lootforge_items_generated_total", "counter",
	       "Items rolled by the generator's pages, by kind.");
	for (int k = 0; k < K__MAX && k < METRICS_KINDS; k++)
		buf_printf(b, "lootforge_items_generated_total{kind=\"%s\"} %" PRIu64 "\n",
		           kind_names[k], m->generated[k]);
	family(b, "lootforge_database_errors_total", "counter",
	       "Database calls that failed (connection lost or refused, statement errors).");
	buf_printf(b, "lootforge_database_errors_total %" PRIu64 "\n", m->db_errors);
	processes(b);
	proposals(b, ctx->db);
	if (b->oom)
		response_internal_error(rs, 0);
}

/* For the monitor's network only: nginx allows no other address. */
const struct route route_readyz = {
        .path = "/readyz", .methods = M_GET, .fn = health_ready, .formats = FMT_BIT(FMT_JSON)};
