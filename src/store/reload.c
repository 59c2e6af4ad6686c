/* reload: the catalog poller thread (see reload.h).
 *
 * Logging is by transition, not by poll: the database going away and coming
 * back is logged once each, and a revision that fails to load is logged once
 * and retried only after RETRY_MS (or when the revision moves on), so a
 * broken row does not fill the log four times a second. */
#include "reload.h"

#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalog.h"
#include "catalog_file.h"
#include "dbcatalog.h"
#include "dbgate.h"
#include "log.h"
#include "metrics.h"
#include "readroute.h"

#define RETRY_MS 5000

enum link_state { LINK_UNKNOWN, LINK_UP, LINK_DOWN };

struct reloader {
	pthread_t thread;
	pthread_mutex_t lock; /* guards stop */
	pthread_cond_t wake;
	int stop;
	unsigned poll_ms;
	struct db *db;      /* owned; the primary's probe; used by the thread only */
	struct db *replica; /* owned, likewise; NULL: no replica */
	struct readroute route;
	int lag_logged;  /* the replica's lag was logged (until a load) */
	char *cache;     /* owned; the cache file, or NULL */
	int cache_tried; /* the cache file was read (once: it only helps at start) */
	enum link_state link;
	int have;             /* a catalog was published */
	uint64_t current;     /* its revision */
	uint64_t replica_rev; /* the replica's last answer */
	int have_failed;      /* a load of revision `failed` failed at failed_at */
	uint64_t failed;
	struct timespec failed_at;
	void (*on_live)(uint64_t revision); /* NULL: none */
};

static long long ms_since(const struct timespec *t)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (long long)(now.tv_sec - t->tv_sec) * 1000 + (now.tv_nsec - t->tv_nsec) / 1000000;
}

static void note_down(struct reloader *r)
{
	if (r->link == LINK_DOWN)
		return;
	if (r->have)
		log_warn("catalog: database unavailable; serving revision %llu",
		         (unsigned long long)r->current);
	else
		log_warn("catalog: database unavailable; no catalog yet, answering 503");
	r->link = LINK_DOWN;
}

static void note_up(struct reloader *r)
{
	if (r->link == LINK_DOWN)
		log_info("catalog: database available again");
	r->link = LINK_UP;
}

/* The replica's read answered (ok) or not: logged when that changes. */
static void note_replica(struct reloader *r, int ok)
{
	if (!readroute_report(&r->route, READ_REPLICA, ok, dbgate_now_ms()))
		return;
	if (ok)
		log_info("catalog: the replica answers again; reading the catalog there");
	else
		log_warn("catalog: the replica does not answer; reading the catalog from the "
		         "primary, trying the replica every %d ms",
		         READROUTE_RETRY_MS);
}

static void note_load_failed(struct reloader *r, uint64_t rev)
{
	if (!r->have_failed || r->failed != rev)
		log_error("catalog: revision %llu cannot be loaded; %s; retrying every %d s",
		          (unsigned long long)rev,
		          r->have ? "keeping the current one" : "no catalog", RETRY_MS / 1000);
	r->have_failed = 1;
	r->failed = rev;
	clock_gettime(CLOCK_MONOTONIC, &r->failed_at);
}

static void log_loaded(const struct catalog *c, long long ms)
{
	char kinds[32 * K__MAX] = "";
	size_t total = 0, used = 0;

	for (int k = 0; k < K__MAX; k++) {
		size_t n = 0;
		for (int p = 0; p < P__MAX; p++)
			n += c->t[k][p].n;
		total += n;
		int w = snprintf(kinds + used, sizeof(kinds) - used, "%s%s %zu", k ? ", " : "",
		                 kind_names[k], n);
		if (w > 0 && (size_t)w < sizeof(kinds) - used)
			used += (size_t)w;
	}
	log_info("catalog: revision %llu live: %zu rows (%s), loaded in %lld ms",
	         (unsigned long long)c->revision, total, kinds, ms);
}

/* Whether revision rev should be loaded now. */
static int wants_load(const struct reloader *r, uint64_t rev)
{
	if (r->have && rev == r->current)
		return 0;
	if (r->have_failed && rev == r->failed && ms_since(&r->failed_at) < RETRY_MS)
		return 0;
	return 1;
}

/* With no catalog live yet and no database, the last good one from disk. */
static void use_cache(struct reloader *r)
{
	if (r->have || r->cache_tried || !r->cache)
		return;
	r->cache_tried = 1;
	struct catalog *c = catalog_file_read(r->cache, NULL);
	if (!c)
		return;
	r->current = c->revision;
	r->have = 1;
	log_warn("catalog: revision %llu live from %s until the database answers",
	         (unsigned long long)c->revision, r->cache);
	if (r->on_live)
		r->on_live(r->current);
	catalog_publish(c);
	metrics_catalog(r->current, 0);
}

/* The revision from the replica or, when it does not answer, at once from
 * the primary; *src says which answered (or was tried last). */
static enum db_status read_revision(struct reloader *r, enum read_source *src, uint64_t *rev)
{
	*src = readroute_pick(&r->route, dbgate_now_ms());
	if (*src == READ_REPLICA) {
		enum db_status st = db_revision(r->replica, rev);
		note_replica(r, st == DB_OK);
		if (st == DB_OK) {
			r->replica_rev = *rev;
			return DB_OK;
		}
		*src = READ_PRIMARY;
	}
	return db_revision(r->db, rev);
}

/* Loads the catalog from src; from the primary at once when the replica
 * fails (the next polls read from the primary too). */
static enum db_status load(struct reloader *r, enum read_source src, struct catalog **c)
{
	if (src == READ_REPLICA) {
		enum db_status st = db_load_catalog(r->replica, c);
		note_replica(r, st == DB_OK);
		if (st == DB_OK)
			return DB_OK;
	}
	return db_load_catalog(r->db, c);
}

/* A replica behind the live catalog: lag, unless the primary holds the
 * same revision (the database was reset). Whether to load it. */
static int replica_rev_is_real(struct reloader *r, uint64_t rev)
{
	uint64_t primary;

	if (db_revision(r->db, &primary) == DB_OK && primary == rev)
		return 1;
	if (!r->lag_logged)
		log_info("catalog: the replica is at revision %llu, behind the live %llu; "
		         "waiting for it to catch up",
		         (unsigned long long)rev, (unsigned long long)r->current);
	r->lag_logged = 1;
	return 0;
}

static void poll_catalog(struct reloader *r, enum read_source *src)
{
	struct catalog *c;
	struct timespec t0;
	uint64_t rev;
	enum db_status st = read_revision(r, src, &rev);

	if (st == DB_DOWN) {
		note_down(r);
		use_cache(r);
		return;
	}
	if (st != DB_OK) {
		use_cache(r);
		return; /* logged by db.c; the next poll tries again */
	}
	note_up(r);
	enum rev_verdict v = readroute_revision(r->have, r->current, rev, *src);
	if (v == REV_SAME || (v == REV_CHECK && !replica_rev_is_real(r, rev)))
		return;
	r->lag_logged = 0;
	if (!wants_load(r, rev))
		return;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	st = load(r, *src, &c);
	if (st == DB_DOWN) {
		note_down(r);
		use_cache(r);
		return;
	}
	if (st != DB_OK) {
		note_load_failed(r, rev);
		use_cache(r);
		return;
	}
	/* The snapshot may have seen a newer revision than the poll did. */
	r->current = c->revision;
	r->have = 1;
	r->have_failed = 0;
	long long ms = ms_since(&t0);
	/* Before publishing: c stays ours until then. Every process writes
	 * what it loaded; see catalog_file.h for why that is safe. */
	if (r->cache)
		catalog_file_write(r->cache, c);
	/* After the write, so that "live" is the moment the revision goes
	 * live: the bench and operators wait for this line. */
	log_loaded(c, ms);
	/* Before publishing: a page rendered at this revision is then written
	 * for nginx (kept.h) from the first one on. */
	if (r->on_live)
		r->on_live(r->current);
	catalog_publish(c); /* c belongs to the catalog module from here */
	metrics_catalog(r->current, (uint64_t)(ms > 0 ? ms : 0));
	/* The load's and the cache file's temporaries (result sets, the file's
	 * buffer) are free now but resident in this thread's arena: hand them
	 * back, whether or not the superseded catalog is already released. */
	malloc_trim(0);
}

static void poll_once(struct reloader *r)
{
	enum read_source src;

	poll_catalog(r, &src);
	/* The process's heartbeat, and its view of the databases, for
	 * /readyz and /metrics. */
	metrics_poll(r->link == LINK_UP     ? 1
	             : r->link == LINK_DOWN ? 0
	                                    : -1,
	             r->replica ? !r->route.replica_down : -1, r->replica_rev);
	/* The workers' breaker on the primary closes only on a probe's answer
	 * (or a trial's, after a refusal): when this poll did not ask the
	 * primary, ask it now, but only while the breaker is open. */
	if (src == READ_REPLICA && dbgate_state(dbgate_process()) != BREAKER_CLOSED)
		db_ping(r->db);
}

/* Sleeps poll_ms, or less when stopped. Returns whether to go on. */
static int wait_next(struct reloader *r)
{
	struct timespec until;
	int go_on;

	clock_gettime(CLOCK_MONOTONIC, &until);
	until.tv_sec += r->poll_ms / 1000;
	until.tv_nsec += (long)(r->poll_ms % 1000) * 1000000L;
	if (until.tv_nsec >= 1000000000L) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000L;
	}
	pthread_mutex_lock(&r->lock);
	while (!r->stop && pthread_cond_timedwait(&r->wake, &r->lock, &until) == 0)
		;
	go_on = !r->stop;
	pthread_mutex_unlock(&r->lock);
	return go_on;
}

static void *run(void *arg)
{
	struct reloader *r = arg;

	do
		poll_once(r);
	while (wait_next(r));
	return NULL;
}

static void reloader_free(struct reloader *r)
{
	db_free(r->db);
	db_free(r->replica);
	free(r->cache);
	pthread_cond_destroy(&r->wake);
	pthread_mutex_destroy(&r->lock);
	free(r);
}

struct reloader *reload_start(const struct db_config *cfg, const struct db_config *replica,
                              unsigned poll_ms, const char *cache_path,
                              void (*on_live)(uint64_t revision))
{
	pthread_condattr_t ca;
	struct reloader *r = calloc(1, sizeof(*r));
	struct db_config probe = *cfg;

	if (!r)
		return NULL;
	probe.probe = 1;
	r->poll_ms = poll_ms;
	r->on_live = on_live;
	pthread_mutex_init(&r->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&r->wake, &ca);
	pthread_condattr_destroy(&ca);
	r->db = db_new(&probe);
	readroute_init(&r->route, replica != NULL);
	if (replica) {
		struct db_config rp = *replica;
		rp.probe = 1;
		rp.replica = 1;
		r->replica = db_new(&rp);
	}
	r->cache = cache_path ? strdup(cache_path) : NULL;
	if (!r->db || (replica && !r->replica) || (cache_path && !r->cache) ||
	    pthread_create(&r->thread, NULL, run, r) != 0) {
		reloader_free(r);
		return NULL;
	}
	return r;
}

void reload_stop(struct reloader *r)
{
	if (!r)
		return;
	pthread_mutex_lock(&r->lock);
	r->stop = 1;
	pthread_cond_signal(&r->wake);
	pthread_mutex_unlock(&r->lock);
	pthread_join(r->thread, NULL);
	reloader_free(r);
}
