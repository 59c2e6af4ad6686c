/* dbgate: the breaker's states (closed → open on a failure → half-open
 * while a probe tries → closed on its answer, or open again), and the cap
 * on waiting workers, with the time passed in. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "dbgate.h"

static int admit(struct breaker *b, int probe)
{
	int trial;
	return breaker_admit(b, probe, &trial);
}

/* After a timeout: only the probe tries the database. */
static void breaker_cycle(void **state)
{
	struct breaker b;
	(void)state;

	breaker_init(&b);
	assert_int_equal(b.state, BREAKER_CLOSED);
	assert_true(admit(&b, 0));
	/* A worker's success changes nothing; its failure opens. */
	assert_int_equal(breaker_report(&b, 10, 1, 0, 0), BREAKER_SAME);
	assert_int_equal(breaker_report(&b, 20, 0, 0, 1), BREAKER_OPENED);
	assert_int_equal(b.state, BREAKER_OPEN);
	assert_false(admit(&b, 0));
	assert_false(admit(&b, 0));
	/* The probe goes out: half-open; workers still fail fast. */
	assert_true(admit(&b, 1));
	assert_int_equal(b.state, BREAKER_HALF_OPEN);
	assert_false(admit(&b, 0));
	/* The probe fails: open again (not a new opening for the log). */
	assert_int_equal(breaker_report(&b, 30, 0, 1, 1), BREAKER_SAME);
	assert_int_equal(b.state, BREAKER_OPEN);
	assert_true(admit(&b, 1));
	/* A late worker success (let through before it opened) does not close. */
	assert_int_equal(breaker_report(&b, 40, 1, 0, 0), BREAKER_SAME);
	assert_int_equal(b.state, BREAKER_HALF_OPEN);
	/* The probe's answer closes it. */
	assert_int_equal(breaker_report(&b, 50, 1, 1, 0), BREAKER_CLOSED_AGAIN);
	assert_int_equal(b.state, BREAKER_CLOSED);
	assert_true(admit(&b, 0));
	/* A probe's failure while closed opens it too. */
	assert_int_equal(breaker_report(&b, 60, 0, 1, 1), BREAKER_OPENED);
}

/* After a refusal: one worker at a time may try, and its answer closes. */
static void breaker_trial_after_refusal(void **state)
{
	struct breaker b;
	int trial;
	(void)state;

	breaker_init(&b);
	assert_int_equal(breaker_report(&b, 10, 0, 0, 0), BREAKER_OPENED);
	assert_true(breaker_admit(&b, 0, &trial));
	assert_true(trial);
	assert_int_equal(b.state, BREAKER_HALF_OPEN);
	assert_false(breaker_admit(&b, 0, &trial)); /* one trial at a time */
	/* Still refused: open, and the next worker may try again. */
	assert_int_equal(breaker_report(&b, 20, 0, 1, 0), BREAKER_SAME);
	b.trial_out = 0; /* dbgate_report's part */
	assert_true(breaker_admit(&b, 0, &trial));
	assert_true(trial);
	assert_int_equal(breaker_report(&b, 30, 1, 1, 0), BREAKER_CLOSED_AGAIN);
	assert_int_equal(b.state, BREAKER_CLOSED);
	assert_true(breaker_admit(&b, 0, &trial));
	assert_false(trial);
	/* A timeout turns trials off until the probe closes it. */
	assert_int_equal(breaker_report(&b, 40, 0, 0, 1), BREAKER_OPENED);
	assert_false(breaker_admit(&b, 0, &trial));
}

static void gate_breaker_applies_to_workers_not_probes(void **state)
{
	struct dbgate g;
	struct gate_hold w, p;
	(void)state;

	dbgate_init(&g, 0);
	dbgate_register(&g, &w, 0);
	dbgate_register(&g, &p, 1);
	assert_int_equal(dbgate_admit(&g, &w, 1000, 0), GATE_GO);
	dbgate_report(&g, &w, 1000, 0, 1);
	dbgate_done(&g, &w);
	assert_int_equal(dbgate_state(&g), BREAKER_OPEN);
	assert_int_equal(dbgate_admit(&g, &w, 1001, 0), GATE_BROKEN);
	/* Even a worker inside a transaction is stopped: it must roll back. */
	assert_int_equal(dbgate_admit(&g, &w, 1001, 1), GATE_BROKEN);
	assert_int_equal(dbgate_admit(&g, &p, 1002, 0), GATE_GO);
	assert_int_equal(dbgate_state(&g), BREAKER_HALF_OPEN);
	dbgate_report(&g, &p, 1003, 1, 0);
	assert_int_equal(dbgate_state(&g), BREAKER_CLOSED);
	assert_int_equal(dbgate_admit(&g, &w, 1004, 0), GATE_GO);
	dbgate_unregister(&g, &w);
	dbgate_unregister(&g, &p);
}

/* The trial worker's own next statements go on while others fail fast;
 * its answer closes the breaker. */
static void gate_trial_goes_on_until_its_verdict(void **state)
{
	struct dbgate g;
	struct gate_hold a, b;
	(void)state;

	dbgate_init(&g, 0);
	dbgate_register(&g, &a, 0);
	dbgate_register(&g, &b, 0);
	assert_int_equal(dbgate_admit(&g, &a, 100, 0), GATE_GO);
	dbgate_report(&g, &a, 100, 0, 0); /* refused */
	dbgate_done(&g, &a);
	assert_int_equal(dbgate_admit(&g, &a, 200, 0), GATE_GO); /* the trial */
	assert_int_equal(dbgate_admit(&g, &b, 201, 0), GATE_BROKEN);
	assert_int_equal(dbgate_admit(&g, &a, 202, 0), GATE_GO); /* its next statement */
	dbgate_report(&g, &a, 203, 1, 0);
	assert_int_equal(dbgate_state(&g), BREAKER_CLOSED);
	assert_int_equal(dbgate_admit(&g, &b, 204, 0), GATE_GO);
	/* A trial that ends without a verdict lets the next worker try. */
	dbgate_report(&g, &b, 205, 0, 0);
	dbgate_done(&g, &b);
	assert_int_equal(dbgate_admit(&g, &a, 206, 0), GATE_GO);
	assert_int_equal(dbgate_admit(&g, &b, 207, 0), GATE_BROKEN);
	dbgate_done(&g, &a);
	assert_int_equal(dbgate_admit(&g, &b, 208, 0), GATE_GO);
	dbgate_unregister(&g, &a);
	dbgate_unregister(&g, &b);
}

/* Cap 2 of 3 workers: while two wait, the third is told to wait its turn
 * (GATE_BUSY) as long as the database answers quickly, and refused
 * (GATE_FULL) once one of them has been blocked DBGATE_SLOW_MS. */
static void cap_refuses_beyond_the_limit(void **state)
{
	struct dbgate g;
	struct gate_hold w[3], probe;
	(void)state;

	dbgate_init(&g, 2);
	for (int i = 0; i < 3; i++)
		dbgate_register(&g, &w[i], 0);
	dbgate_register(&g, &probe, 1);
	assert_int_equal(dbgate_admit(&g, &w[0], 1000, 0), GATE_GO);
	dbgate_wait_begin(&g, &w[0], 1000);
	assert_int_equal(dbgate_admit(&g, &w[1], 1000, 0), GATE_GO); /* not blocked yet */
	assert_int_equal(dbgate_busy(&g, 1000), 2);
	assert_int_equal(dbgate_admit(&g, &w[2], 1001, 0), GATE_BUSY);
	dbgate_wait_begin(&g, &w[1], 1010);
	assert_int_equal(dbgate_admit(&g, &w[2], 1000 + DBGATE_SLOW_MS - 1, 0), GATE_BUSY);
	assert_int_equal(dbgate_admit(&g, &w[2], 1000 + DBGATE_SLOW_MS, 0), GATE_FULL);
	/* The probe is never capped and never counted. */
	assert_int_equal(dbgate_admit(&g, &probe, 1300, 0), GATE_GO);
	dbgate_wait_begin(&g, &probe, 1300);
	assert_int_equal(dbgate_busy(&g, 1300), 2);
	/* w[1] gets its answer; its next statement goes on though w[0] is slow. */
	dbgate_wait_end(&g, &w[1], 1310);
	assert_int_equal(dbgate_admit(&g, &w[1], 1320, 0), GATE_GO);
	/* Seconds later w[0] still blocks, w[1] never did: it stopped counting. */
	assert_int_equal(dbgate_busy(&g, 3000), 1);
	assert_int_equal(dbgate_admit(&g, &w[2], 3000, 0), GATE_GO);
	dbgate_wait_begin(&g, &w[2], 3000);
	assert_int_equal(dbgate_admit(&g, &w[1], 3001, 0), GATE_FULL); /* w[0] is slow */
	/* ...unless it must finish a transaction it began. */
	assert_int_equal(dbgate_admit(&g, &w[1], 3001, 1), GATE_GO);
	/* Waits end, calls finish: room again. */
	dbgate_wait_end(&g, &w[0], 3002);
	dbgate_done(&g, &w[0]);
	dbgate_done(&g, &w[1]);
	assert_int_equal(dbgate_busy(&g, 3003), 1);
	assert_int_equal(dbgate_admit(&g, &w[0], 3003, 0), GATE_GO);
	/* No cap: never full. */
	dbgate_set_cap(&g, 0);
	assert_int_equal(dbgate_admit(&g, &w[1], 3004, 0), GATE_GO);
	for (int i = 0; i < 3; i++)
		dbgate_unregister(&g, &w[i]);
	dbgate_unregister(&g, &probe);
}

/* dbgate_enter waits out a busy gate: a place frees up when the holder's
 * call ends (here before the call, so the answer is at once). */
static void enter_goes_when_there_is_room(void **state)
{
	struct dbgate g;
	struct gate_hold a, b;
	(void)state;

	dbgate_init(&g, 1);
	dbgate_register(&g, &a, 0);
	dbgate_register(&g, &b, 0);
	assert_int_equal(dbgate_enter(&g, &a, 0), GATE_GO);
	dbgate_done(&g, &a);
	assert_int_equal(dbgate_enter(&g, &b, 0), GATE_GO);
	/* b holds the place and blocks; a, arriving, waits until b is slow. */
	dbgate_wait_begin(&g, &b, dbgate_now_ms());
	assert_int_equal(dbgate_enter(&g, &a, 0), GATE_FULL);
	dbgate_unregister(&g, &a);
	dbgate_unregister(&g, &b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(breaker_cycle),
	        cmocka_unit_test(breaker_trial_after_refusal),
	        cmocka_unit_test(gate_breaker_applies_to_workers_not_probes),
	        cmocka_unit_test(gate_trial_goes_on_until_its_verdict),
	        cmocka_unit_test(cap_refuses_beyond_the_limit),
	        cmocka_unit_test(enter_goes_when_there_is_room),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
