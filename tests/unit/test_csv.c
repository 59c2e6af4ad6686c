/* csv: RFC 4180 quoting, formula-looking text neutralised, numbers as
 * they are (a negative stat stays a number), hundredths as the JSON. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "csv.h"

static void row_of_cells(void **state)
{
	struct buf b;

	(void)state;
	buf_init(&b);
	assert_int_equal(csv_text(&b, "plain", 1), 0);
	assert_int_equal(csv_text(&b, "a,b", 0), 0);
	assert_int_equal(csv_text(&b, "say \"hi\"", 0), 0);
	assert_int_equal(csv_text(&b, "two\nlines", 0), 0);
	assert_int_equal(csv_text(&b, NULL, 0), 0);
	assert_int_equal(csv_int(&b, -7, 0), 0);
	assert_int_equal(csv_hundredths(&b, 40, 0), 0);
	assert_int_equal(csv_hundredths(&b, -125, 0), 0);
	assert_int_equal(csv_hundredths(&b, 200, 0), 0);
	assert_int_equal(csv_end(&b), 0);
	assert_string_equal(
	        b.data, "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",,-7,0.4,-1.25,2.0\r\n");
	buf_free(&b);
}

static void formulas_are_text(void **state)
{
	static const char *const in[] = {"=1+1", "+cmd", "-2", "@SUM(A1)", "\tx", "=a,b", "ok=1"};
	static const char *const out[] = {"'=1+1", "'+cmd",     "'-2", "'@SUM(A1)",
	                                  "'\tx",  "\"'=a,b\"", "ok=1"};
	struct buf b;

	(void)state;
	for (size_t i = 0; i < sizeof in / sizeof in[0]; i++) {
		buf_init(&b);
		assert_int_equal(csv_text(&b, in[i], 1), 0);
		assert_string_equal(b.data, out[i]);
		buf_free(&b);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(row_of_cells),
	        cmocka_unit_test(formulas_are_text),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
