/* backoff: the lock after failed logins, by the number of failures in a
 * row: free below LOGIN_FREE_FAILURES, then doubling from
 * LOGIN_BACKOFF_FIRST up to LOGIN_BACKOFF_MAX, and never past it however
 * many failures pile up. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <limits.h>

#include "backoff.h"

static void test_free_failures(void **state)
{
	(void)state;
	for (unsigned f = 0; f < LOGIN_FREE_FAILURES; f++)
		assert_int_equal(login_backoff_seconds(f), 0);
}

static void test_doubling(void **state)
{
	(void)state;
	/* The shipped constants: 5 free, then 30 s, doubling, 15 min at most. */
	assert_int_equal(LOGIN_FREE_FAILURES, 5);
	assert_int_equal(login_backoff_seconds(5), 30);
	assert_int_equal(login_backoff_seconds(6), 60);
	assert_int_equal(login_backoff_seconds(7), 120);
	assert_int_equal(login_backoff_seconds(8), 240);
	assert_int_equal(login_backoff_seconds(9), 480);
	assert_int_equal(login_backoff_seconds(10), 900);
	assert_int_equal(login_backoff_seconds(11), 900);
}

static void test_never_past_the_cap(void **state)
{
	long prev = 0;

	(void)state;
	for (unsigned f = 0; f < 200; f++) {
		long s = login_backoff_seconds(f);
		assert_true(s >= prev); /* never shorter for more failures */
		assert_true(s <= LOGIN_BACKOFF_MAX);
		prev = s;
	}
	assert_int_equal(login_backoff_seconds(UINT_MAX), LOGIN_BACKOFF_MAX);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_free_failures),
	        cmocka_unit_test(test_doubling),
	        cmocka_unit_test(test_never_past_the_cap),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
