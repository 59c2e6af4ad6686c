/* Unit tests of buf: appends, printf growth, reset, the oom flag. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "buf.h"

static void test_init_and_empty_append(void **state)
{
	struct buf b;

	(void)state;
	buf_init(&b);
	assert_null(b.data);
	assert_int_equal(b.len, 0);
	assert_int_equal(b.oom, 0);
	/* after any append, data is a string, even an empty one */
	assert_int_equal(buf_append(&b, "", 0), 0);
	assert_non_null(b.data);
	assert_string_equal(b.data, "");
	buf_free(&b);
	assert_null(b.data);
	assert_int_equal(b.cap, 0);
}

static void test_appends(void **state)
{
	struct buf b;
	static const char bytes[] = {'x', '\0', 'y'};

	(void)state;
	buf_init(&b);
	assert_int_equal(buf_puts(&b, "abc"), 0);
	assert_int_equal(buf_putc(&b, '-'), 0);
	assert_int_equal(buf_append(&b, "defgh", 2), 0);
	assert_int_equal(b.len, 6);
	assert_string_equal(b.data, "abc-de");
	/* bytes, not strings: an embedded NUL is kept */
	assert_int_equal(buf_append(&b, bytes, sizeof(bytes)), 0);
	assert_int_equal(b.len, 9);
	assert_memory_equal(b.data + 6, bytes, sizeof(bytes));
	assert_int_equal(b.data[9], '\0');
	assert_true(b.cap > b.len);
	buf_free(&b);
}

/* Many small appends cross several growth steps without losing bytes. */
static void test_growth(void **state)
{
	struct buf b;

	(void)state;
	buf_init(&b);
	for (int i = 0; i < 10000; i++)
		assert_int_equal(buf_putc(&b, (char)('a' + i % 26)), 0);
	assert_int_equal(b.len, 10000);
	assert_true(b.cap > 10000);
	for (int i = 0; i < 10000; i++)
		assert_int_equal(b.data[i], 'a' + i % 26);
	assert_int_equal(b.data[10000], '\0');
	buf_free(&b);
}

static void test_printf(void **state)
{
	struct buf b;
	char *big;

	(void)state;
	buf_init(&b);
	assert_int_equal(buf_printf(&b, "%d-%s-%05.1f", 42, "x", 2.25), 0);
	assert_string_equal(b.data, "42-x-002.2");
	assert_int_equal(b.len, strlen("42-x-002.2"));
	/* larger than the spare room: grows and formats again */
	big = malloc(5001);
	assert_non_null(big);
	memset(big, 'z', 5000);
	big[5000] = '\0';
	assert_int_equal(buf_printf(&b, "[%s]%u", big, 7u), 0);
	assert_int_equal(b.len, 10 + 5002 + 1);
	assert_memory_equal(b.data, "42-x-002.2[zzz", 14);
	assert_string_equal(b.data + b.len - 3, "z]7");
	assert_int_equal(buf_printf(&b, "%s", ""), 0);
	assert_int_equal(b.len, 10 + 5002 + 1);
	free(big);
	buf_free(&b);
}

static int via_va_list(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int via_va_list(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = buf_vprintf(b, fmt, ap);
	va_end(ap);
	return rc;
}

static void test_vprintf(void **state)
{
	struct buf b;

	(void)state;
	buf_init(&b);
	for (int i = 0; i < 200; i++)
		assert_int_equal(via_va_list(&b, "%03d,", i), 0);
	assert_int_equal(b.len, 800);
	assert_memory_equal(b.data, "000,001,002,", 12);
	assert_string_equal(b.data + 796, "199,");
	buf_free(&b);
}

static void test_reset(void **state)
{
	struct buf b;
	char *before;
	size_t cap;

	(void)state;
	buf_init(&b);
	assert_int_equal(buf_printf(&b, "%0300d", 1), 0);
	before = b.data;
	cap = b.cap;
	buf_reset(&b);
	assert_int_equal(b.len, 0);
	assert_string_equal(b.data, "");
	/* the allocation is kept for the next request */
	assert_ptr_equal(b.data, before);
	assert_int_equal(b.cap, cap);
	assert_int_equal(buf_puts(&b, "again"), 0);
	assert_string_equal(b.data, "again");
	assert_ptr_equal(b.data, before);
	buf_free(&b);
	/* reset of a never-used buffer is harmless */
	buf_reset(&b);
	assert_null(b.data);
}

/* A size that cannot be allocated sets oom without touching the content;
 * later appends are no-ops until reset. */
static void test_oom(void **state)
{
	struct buf b;

	(void)state;
	buf_init(&b);
	assert_int_equal(buf_puts(&b, "kept"), 0);
	assert_int_equal(buf_append(&b, "x", SIZE_MAX), -1);
	assert_int_equal(b.oom, 1);
	assert_string_equal(b.data, "kept");
	assert_int_equal(buf_puts(&b, "more"), -1);
	assert_int_equal(buf_putc(&b, 'c'), -1);
	assert_int_equal(buf_printf(&b, "%d", 1), -1);
	assert_int_equal(b.len, 4);
	assert_string_equal(b.data, "kept");
	buf_reset(&b);
	assert_int_equal(b.oom, 0);
	assert_int_equal(buf_puts(&b, "fresh"), 0);
	assert_string_equal(b.data, "fresh");
	buf_free(&b);
	assert_int_equal(b.oom, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_init_and_empty_append),
	        cmocka_unit_test(test_appends),
	        cmocka_unit_test(test_growth),
	        cmocka_unit_test(test_printf),
	        cmocka_unit_test(test_vprintf),
	        cmocka_unit_test(test_reset),
	        cmocka_unit_test(test_oom),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
