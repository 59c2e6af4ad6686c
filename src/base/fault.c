/* fault: see fault.h. One thread arms and runs (the tests): plain
 * globals, which the daemon's threads only ever read as zero. */
#include "fault.h"

static long fail_at; /* 0: disarmed; -1: counting only */
static long seen;

void fault_arm(long n)
{
	fail_at = n < 0 ? -1 : n;
	seen = 0;
}

long fault_seen(void)
{
	return seen;
}

int fault_alloc(void)
{
	if (!fail_at)
		return 0;
	return ++seen == fail_at;
}
