/* readroute: where the catalog poller reads from (docs/scaling.md). With a
 * replica, the revision poll and the catalog loads go to it; when it does
 * not answer, the same poll reads from the primary at once, and the
 * replica is tried again every READROUTE_RETRY_MS, so reads come back to it
 * within that long, plus one poll interval, of its return. Pure: the time is passed in, so tests
 * can drive it. */
#ifndef LOOTFORGE_READROUTE_H
#define LOOTFORGE_READROUTE_H

#include <stdint.h>

#define READROUTE_RETRY_MS 500

enum read_source { READ_REPLICA, READ_PRIMARY };

struct readroute {
	int has_replica;
	int replica_down;      /* its last read failed */
	long long retry_at_ms; /* while down: when to try it again */
};

void readroute_init(struct readroute *r, int has_replica);

/* The source of the next read. */
enum read_source readroute_pick(const struct readroute *r, long long now_ms);

/* The outcome of a read from src (ok: the server answered and the read
 * succeeded). 1 when the replica's state changed (gone, or back), for the
 * log; else 0. Reports on the primary change nothing. */
int readroute_report(struct readroute *r, enum read_source src, int ok, long long now_ms);

/* What a revision `rev` read from `src` means, given the live catalog
 * (`have`, revision `live`). Revisions only grow (triggers bump them), so a
 * replica behind the live one is lagging: the live catalog came from the
 * primary while the replica was away, or from a replica further ahead. */
enum rev_verdict {
	REV_SAME,  /* nothing to load */
	REV_LOAD,  /* load the catalog from src */
	REV_CHECK, /* the replica is behind the live catalog: lag, unless the
	            * primary holds the same revision (the database was reset):
	            * ask it, and load only then */
};
enum rev_verdict readroute_revision(int have, uint64_t live, uint64_t rev, enum read_source src);

#endif
