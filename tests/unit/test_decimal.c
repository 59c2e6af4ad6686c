/* Unit tests of decimal: the edges of both ranges, signs, and agreement
 * with printf over a spread of values. */
#include <inttypes.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "decimal.h"

static void test_edges(void **state)
{
	char b[DECIMAL_MAX];
	(void)state;
	assert_string_equal(decimal_u64(0, b), "0");
	assert_string_equal(decimal_u64(UINT64_MAX, b), "18446744073709551615");
	assert_string_equal(decimal_i64(0, 0, b), "0");
	assert_string_equal(decimal_i64(0, 1, b), "+0");
	assert_string_equal(decimal_i64(-1, 1, b), "-1");
	assert_string_equal(decimal_i64(INT64_MIN, 1, b), "-9223372036854775808");
	assert_string_equal(decimal_i64(INT64_MAX, 1, b), "+9223372036854775807");
	/* the length the JSON writer copies: sign included, NUL not */
	assert_int_equal(decimal_i64_n(0, 0, b), 1);
	assert_int_equal(decimal_i64_n(0, 1, b), 2);
	assert_string_equal(b, "+0");
	assert_int_equal(decimal_i64_n(-1, 0, b), 2);
	assert_int_equal(decimal_i64_n(INT64_MIN, 0, b), 20);
	assert_string_equal(b, "-9223372036854775808");
	assert_int_equal(decimal_i64_n(INT64_MAX, 1, b), 20);
}

/* Every power of ten and its neighbours, both signs, against printf. */
static void test_agrees_with_printf(void **state)
{
	char b[DECIMAL_MAX], want[32];
	(void)state;
	for (uint64_t p = 1; p <= UINT64_C(1000000000000000000); p *= 10) {
		for (int64_t d = -1; d <= 1; d++) {
			uint64_t u = p + (uint64_t)d;
			snprintf(want, sizeof want, "%" PRIu64, u);
			assert_string_equal(decimal_u64(u, b), want);
			int64_t s = -(int64_t)u;
			snprintf(want, sizeof want, "%+" PRId64, s);
			assert_string_equal(decimal_i64(s, 1, b), want);
			snprintf(want, sizeof want, "%" PRId64, (int64_t)u);
			assert_string_equal(decimal_i64((int64_t)u, 0, b), want);
		}
	}
}

static void test_grouped(void **state)
{
	char b[DECIMAL_GROUPED_MAX];
	(void)state;
	assert_string_equal(decimal_grouped(0, b), "0");
	assert_string_equal(decimal_grouped(999, b), "999");
	assert_string_equal(decimal_grouped(1000, b), "1,000");
	assert_string_equal(decimal_grouped(1240, b), "1,240");
	assert_string_equal(decimal_grouped(123456, b), "123,456");
	assert_string_equal(decimal_grouped(1234567, b), "1,234,567");
	assert_string_equal(decimal_grouped(UINT64_MAX, b), "18,446,744,073,709,551,615");
	assert_int_equal(strlen(b) + 1, DECIMAL_GROUPED_MAX);
}

/* The reader of /map's and /dungeon's numbers: digits only, a bound on
 * their count, no overflow; every value it writes it reads back. */
static void test_parse(void **state)
{
	(void)state;
	uint64_t v = 7;
	char text[DECIMAL_MAX];

	assert_int_equal(decimal_parse_u64("30", 2, 2, &v), 0);
	assert_int_equal(v, 30);
	assert_int_equal(decimal_parse_u64("18446744073709551615", 20, 20, &v), 0);
	assert_true(v == UINT64_MAX);
	assert_int_equal(decimal_parse_u64("18446744073709551616", 20, 20, &v), -1);
	assert_int_equal(decimal_parse_u64("123", 3, 2, &v), -1);
	assert_int_equal(decimal_parse_u64("", 0, 2, &v), -1);
	assert_int_equal(decimal_parse_u64("-1", 2, 2, &v), -1);
	assert_int_equal(decimal_parse_u64("+1", 2, 2, &v), -1);
	assert_int_equal(decimal_parse_u64("1 ", 2, 2, &v), -1);
	for (uint64_t x = 1; x < UINT64_MAX / 3; x = x * 3 + 1) {
		decimal_u64(x, text);
		assert_int_equal(decimal_parse_u64(text, strlen(text), 20, &v), 0);
		assert_true(v == x);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_edges),
	        cmocka_unit_test(test_agrees_with_printf),
	        cmocka_unit_test(test_grouped),
	        cmocka_unit_test(test_parse),
	};
	return cmocka_run_group_tests_name("decimal", tests, NULL, NULL);
}
