/* elapsed: an age read from a stamp written after the clock was read is
 * 0, not a wrap to 2^32 or 2^64 minus a little (the newcomer's /readyz
 * once said a poller last reported 18446744073709551612 ms ago). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "elapsed.h"

static void test_ordinary_ages(void **state)
{
	(void)state;
	assert_int_equal(elapsed_ms32(1500, 1000), 500);
	assert_int_equal(elapsed_ms32(7, 7), 0);
	assert_int_equal(elapsed_ms64(1500, 1000), 500);
	assert_int_equal(elapsed_ms64(7, 7), 0);
}

static void test_a_later_stamp_is_no_time(void **state)
{
	(void)state;
	/* the stamp of "clock_ms() | 1" is one past an even now */
	assert_int_equal(elapsed_ms32(1000, 1001), 0);
	assert_int_equal(elapsed_ms32(1000, 1004), 0);
	assert_int_equal(elapsed_ms64(1000, 1004), 0);
	assert_int_equal(elapsed_ms64(0, UINT64_MAX), 0);
}

static void test_the_32_bit_clock_wraps(void **state)
{
	(void)state;
	/* 49.7 days after start the clock passes 2^32: still 30 ms */
	assert_int_equal(elapsed_ms32(20, UINT32_MAX - 9), 30);
	/* and a stamp just past the wrap is later than a now just before it */
	assert_int_equal(elapsed_ms32(UINT32_MAX - 9, 20), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_ordinary_ages),
	        cmocka_unit_test(test_a_later_stamp_is_no_time),
	        cmocka_unit_test(test_the_32_bit_clock_wraps),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
