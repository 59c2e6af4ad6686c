/* metrics: what the daemon counts for operators (docs/operations.md,
 * "Metrics" and "Health"), in one table shared by every process.
 *
 * The table is one anonymous MAP_SHARED mapping made by the main process
 * before it forks its worker processes (metrics_init), so the supervisor
 * and every worker see the same memory: one slot per worker process, and
 * in each, one block of counters per worker thread plus one shared block
 * for the process's other threads. A worker thread writes only its own
 * block (metrics_bind_thread), with relaxed atomic loads and stores: no
 * lock, no read-modify-write, no cache line shared with another writer on
 * the path of a request. Other threads (the catalog poller) add to their
 * process's shared block with relaxed atomic adds; they are rare. A scrape
 * sums every block of every process. A worker process that is restarted
 * takes over its slot's counters and goes on from their values, so the
 * sums never go back (Prometheus counters must not).
 *
 * The table knows no names: routes, statuses and kinds are small indexes
 * the callers define; the page that renders it (health.c) names them.
 * Without metrics_init (unit tests, fuzzers, the command-line tool) every
 * call does nothing. */
#ifndef LOOTFORGE_METRICS_H
#define LOOTFORGE_METRICS_H

#include <stdint.h>

#define METRICS_ROUTES  48 /* route indexes 0..47; the router's table is smaller */
#define METRICS_KINDS   16 /* item kinds 0..15 */
#define METRICS_BUCKETS 12 /* latency buckets, plus +Inf */

/* The statuses counted one by one; any other counts as "other" (index 0). */
#define METRICS_STATUSES 24
extern const int metrics_status_codes[METRICS_STATUSES]; /* [0] = 0: other */
/* The latency buckets' upper bounds, in microseconds. */
extern const uint32_t metrics_bucket_us[METRICS_BUCKETS];

/* Makes the table for `processes` worker processes (at least 1) of
 * `threads` worker threads each; poll_ms is the catalog poll interval
 * (how old a heartbeat may be). Before any fork or thread. 0, or -1 when
 * the mapping cannot be made (logged; the daemon runs without metrics). */
int metrics_init(unsigned processes, unsigned threads, unsigned poll_ms);

/* In a worker process (or the only process), before its threads start:
 * which slot is its own. Records its pid and start, and clears what
 * describes the process (catalog, database), not the counters. */
void metrics_bind_process(unsigned index);
/* In a worker thread: block `index` (0..threads-1) is its own. */
void metrics_bind_thread(unsigned index);

/* ---- counting (any thread) ---- */

/* One request answered: route index, HTTP status, microseconds taken. */
void metrics_request(unsigned route, int status, uint64_t us);
/* n items of kind k generated. */
void metrics_generated(unsigned kind, unsigned n);
/* A database statement failed (db.c's one failure path). */
void metrics_db_error(void);

/* ---- the process's state (its catalog poller) ---- */

/* Revision rev is live in this process; it took load_ms to load. */
void metrics_catalog(uint64_t rev, uint64_t load_ms);
/* The poller's view of the primary (up) and of the replica (replica: -1
 * none, 0 not answering, 1 answering, with the revision it last gave).
 * Also the process's heartbeat: a poller that stops calling this makes its
 * process stale. */
void metrics_poll(int up, int replica, uint64_t replica_rev);

/* ---- the supervisor ---- */

/* Worker process `index` was started as pid (0: it ended), restart: it
 * replaces one that ended. */
void metrics_process_started(unsigned index, int pid, int restart);
void metrics_process_ended(unsigned index);

/* ---- reading (a scrape, a readiness check) ---- */

struct metrics_thread {
	uint64_t requests[METRICS_ROUTES][METRICS_STATUSES];
	uint64_t latency[METRICS_ROUTES][METRICS_BUCKETS + 1]; /* per bucket, not cumulative */
	uint64_t latency_us[METRICS_ROUTES];                   /* sum */
	uint64_t generated[METRICS_KINDS];
	uint64_t db_errors;
};

struct metrics_process {
	int pid;             /* 0: not running */
	uint64_t restarts;   /* times the supervisor restarted this slot */
	uint64_t started_ms; /* CLOCK_REALTIME ms of its start */
	int has_catalog;
	uint64_t revision;
	uint64_t load_ms;      /* the live catalog's load time */
	uint64_t loaded_ms;    /* CLOCK_MONOTONIC ms when it went live */
	uint64_t heartbeat_ms; /* CLOCK_MONOTONIC ms of the last poll; 0: none yet */
	int db_up;             /* -1 unknown, 0 down, 1 up */
	int replica;           /* -1 none, 0 not answering, 1 answering */
	uint64_t replica_rev;  /* the replica's last revision */
};

/* Whether the table exists; how many process slots; the poll interval. */
int metrics_enabled(void);
unsigned metrics_processes(void);
unsigned metrics_poll_ms(void);
/* Slot i's state. */
void metrics_process(unsigned i, struct metrics_process *out);
/* Every counter of every thread of every process, summed into *out. */
void metrics_sum(struct metrics_thread *out);

/* CLOCK_MONOTONIC in ms (the same clock in every process of the host). */
uint64_t metrics_now_ms(void);

#endif
