/* readroute: the catalog poller's choice of server (see readroute.h). */
#include "readroute.h"

void readroute_init(struct readroute *r, int has_replica)
{
	r->has_replica = has_replica;
	r->replica_down = 0;
	r->retry_at_ms = 0;
}

enum read_source readroute_pick(const struct readroute *r, long long now_ms)
{
	if (!r->has_replica)
		return READ_PRIMARY;
	if (r->replica_down && now_ms < r->retry_at_ms)
		return READ_PRIMARY;
	return READ_REPLICA;
}

int readroute_report(struct readroute *r, enum read_source src, int ok, long long now_ms)
{
	if (src != READ_REPLICA || !r->has_replica)
		return 0;
	if (ok) {
		int was_down = r->replica_down;
		r->replica_down = 0;
		return was_down;
	}
	int was_up = !r->replica_down;
	r->replica_down = 1;
	r->retry_at_ms = now_ms + READROUTE_RETRY_MS;
	return was_up;
}

enum rev_verdict readroute_revision(int have, uint64_t live, uint64_t rev, enum read_source src)
{
	if (!have)
		return REV_LOAD;
	if (rev == live)
		return REV_SAME;
	/* The primary is the truth: whatever it holds is loaded, even a lower
	 * revision (a database restored from a backup). */
	if (src == READ_PRIMARY || rev > live)
		return REV_LOAD;
	return REV_CHECK;
}
