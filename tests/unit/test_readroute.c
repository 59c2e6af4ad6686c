/* readroute: the catalog poller reads from the replica, falls back to the
 * primary when it fails, tries it again after READROUTE_RETRY_MS, and
 * tells lag from a reset by the revision numbers. And the replica's gate
 * (dbgate.h) stands apart from the primary's. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dbgate.h"
#include "readroute.h"

static void test_no_replica_reads_the_primary(void **state)
{
	struct readroute r;
	(void)state;
	readroute_init(&r, 0);
	assert_int_equal(readroute_pick(&r, 0), READ_PRIMARY);
	/* nothing the primary does changes that, and nothing is logged */
	assert_int_equal(readroute_report(&r, READ_PRIMARY, 0, 10), 0);
	assert_int_equal(readroute_report(&r, READ_REPLICA, 0, 10), 0);
	assert_int_equal(readroute_pick(&r, 20), READ_PRIMARY);
}

static void test_replica_gone_then_back(void **state)
{
	struct readroute r;
	(void)state;
	readroute_init(&r, 1);
	assert_int_equal(readroute_pick(&r, 0), READ_REPLICA);
	assert_int_equal(readroute_report(&r, READ_REPLICA, 1, 0), 0); /* up, as before */

	/* it fails at t = 1000: logged once, and the primary is read until the retry */
	assert_int_equal(readroute_report(&r, READ_REPLICA, 0, 1000), 1);
	assert_int_equal(readroute_pick(&r, 1000), READ_PRIMARY);
	assert_int_equal(readroute_pick(&r, 1000 + READROUTE_RETRY_MS - 1), READ_PRIMARY);
	/* the primary's answers do not bring the replica back */
	assert_int_equal(readroute_report(&r, READ_PRIMARY, 1, 1100), 0);
	assert_int_equal(readroute_pick(&r, 1100), READ_PRIMARY);

	/* the retry fails again: not logged again, next retry a period later */
	int t = 1000 + READROUTE_RETRY_MS;
	assert_int_equal(readroute_pick(&r, t), READ_REPLICA);
	assert_int_equal(readroute_report(&r, READ_REPLICA, 0, t), 0);
	assert_int_equal(readroute_pick(&r, t + 1), READ_PRIMARY);

	/* the next retry answers: logged, and reads stay on the replica */
	t += READROUTE_RETRY_MS;
	assert_int_equal(readroute_pick(&r, t), READ_REPLICA);
	assert_int_equal(readroute_report(&r, READ_REPLICA, 1, t), 1);
	assert_int_equal(readroute_pick(&r, t + 1), READ_REPLICA);
}

/* The fallback is never later than one retry period after the replica's
 * return, whatever the poll interval (here 250 ms, the default). */
static void test_back_within_a_retry_period(void **state)
{
	struct readroute r;
	(void)state;
	readroute_init(&r, 1);
	long long back_at = 5000, seen = -1;
	for (long long t = 0; t < 10000 && seen < 0; t += 250) {
		enum read_source s = readroute_pick(&r, t);
		int ok = s == READ_PRIMARY || t >= back_at;
		readroute_report(&r, s, ok, t);
		if (s == READ_REPLICA && ok && t >= back_at)
			seen = t;
	}
	assert_true(seen >= back_at);
	assert_true(seen - back_at <= READROUTE_RETRY_MS);
}

static void test_revisions(void **state)
{
	(void)state;
	assert_int_equal(readroute_revision(0, 0, 7, READ_REPLICA), REV_LOAD);
	assert_int_equal(readroute_revision(1, 7, 7, READ_REPLICA), REV_SAME);
	assert_int_equal(readroute_revision(1, 7, 7, READ_PRIMARY), REV_SAME);
	assert_int_equal(readroute_revision(1, 7, 8, READ_REPLICA), REV_LOAD);
	assert_int_equal(readroute_revision(1, 7, 8, READ_PRIMARY), REV_LOAD);
	/* behind: lag on a replica (checked against the primary), truth on the primary */
	assert_int_equal(readroute_revision(1, 9, 8, READ_REPLICA), REV_CHECK);
	assert_int_equal(readroute_revision(1, 9, 2, READ_PRIMARY), REV_LOAD);
}

/* The replica's gate is its own: its breaker opening (the replica gone)
 * leaves the primary's closed, so workers still reach the primary, and the
 * other way round. */
static void test_replica_gate_is_apart(void **state)
{
	struct gate_hold replica_probe = {0}, primary_probe = {0}, worker = {0};
	struct dbgate *rg = dbgate_replica(), *pg = dbgate_process();
	(void)state;
	assert_ptr_not_equal(rg, pg);
	assert_string_equal(rg->name, "replica");
	assert_string_equal(pg->name, "database");
	dbgate_register(rg, &replica_probe, 1);
	dbgate_register(pg, &primary_probe, 1);
	dbgate_register(pg, &worker, 0);

	assert_int_equal(dbgate_admit(rg, &replica_probe, 1000, 0), GATE_GO);
	dbgate_report(rg, &replica_probe, 1000, 0, 0); /* refused: the replica is gone */
	dbgate_done(rg, &replica_probe);
	assert_int_equal(dbgate_state(rg), BREAKER_OPEN);
	assert_int_equal(dbgate_state(pg), BREAKER_CLOSED);
	assert_int_equal(dbgate_admit(pg, &worker, 1000, 0), GATE_GO);
	dbgate_done(pg, &worker);

	/* the primary gone too: its breaker opens; the replica coming back
	 * closes only its own */
	dbgate_report(pg, &worker, 1100, 0, 0);
	assert_int_equal(dbgate_state(pg), BREAKER_OPEN);
	assert_int_equal(dbgate_admit(rg, &replica_probe, 1200, 0), GATE_GO);
	dbgate_report(rg, &replica_probe, 1200, 1, 0);
	dbgate_done(rg, &replica_probe);
	assert_int_equal(dbgate_state(rg), BREAKER_CLOSED);
	assert_int_equal(dbgate_state(pg), BREAKER_OPEN);
	/* the primary's probe answers: closed again */
	assert_int_equal(dbgate_admit(pg, &primary_probe, 1300, 0), GATE_GO);
	dbgate_report(pg, &primary_probe, 1300, 1, 0);
	dbgate_done(pg, &primary_probe);
	assert_int_equal(dbgate_state(pg), BREAKER_CLOSED);

	dbgate_unregister(rg, &replica_probe);
	dbgate_unregister(pg, &primary_probe);
	dbgate_unregister(pg, &worker);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_no_replica_reads_the_primary),
	        cmocka_unit_test(test_replica_gone_then_back),
	        cmocka_unit_test(test_back_within_a_retry_period),
	        cmocka_unit_test(test_revisions),
	        cmocka_unit_test(test_replica_gate_is_apart),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
