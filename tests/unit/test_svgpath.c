/* Unit tests of svgpath: every piece is printf's "%d" text, for the small
 * numbers written two digits at a time, their edges, negative and large
 * values, and the piece written into a caller's room. */
#include <limits.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "svgpath.h"

static const int values[] = {0,   1,   9,   10,   11,   42,    99,      100,    101,
                             199, 500, 999, 1000, 1001, 9999,  10000,   123456, -1,
                             -9,  -10, -99, -100, -999, -1000, INT_MAX, INT_MIN};
#define N_VALUES (sizeof values / sizeof values[0])

static void test_run_as_printf(void **state)
{
	char want[128];
	(void)state;
	for (size_t i = 0; i < N_VALUES; i++)
		for (size_t j = 0; j < N_VALUES; j++)
			for (size_t k = 0; k < N_VALUES; k += 3) {
				int x = values[i], y = values[j], n = values[k];
				struct buf b;
				buf_init(&b);
				assert_int_equal(buf_puts(&b, "<"), 0);
				assert_int_equal(svgpath_run(&b, x, y, n), 0);
				snprintf(want, sizeof want, "<M%d %dh%dv1h-%dz", x, y, n, n);
				assert_string_equal(b.data, want);
				assert_int_equal(b.len, strlen(want));
				/* the same bytes at a caller's pointer, no NUL added */
				char room[SVGPATH_PIECE_MAX + 1];
				memset(room, 'X', sizeof room);
				char *end = svgpath_put_run(room, x, y, n);
				assert_int_equal(end - room, (long)strlen(want) - 1);
				assert_memory_equal(room, want + 1, (size_t)(end - room));
				assert_true((size_t)(end - room) <= SVGPATH_PIECE_MAX);
				buf_free(&b);
			}
}

/* Every number a map's path holds (0 to 180) and beyond, in each place. */
static void test_small_numbers(void **state)
{
	char want[64];
	(void)state;
	for (int v = -1100; v <= 1100; v++) {
		struct buf b;
		buf_init(&b);
		assert_int_equal(svgpath_run(&b, v, 1000 - v, v + 1), 0);
		assert_int_equal(svgpath_line(&b, v, v / 7, -v, 999), 0);
		snprintf(want, sizeof want, "M%d %dh%dv1h-%dzM%d %dL%d %d", v, 1000 - v, v + 1,
		         v + 1, v, v / 7, -v, 999);
		assert_string_equal(b.data, want);
		buf_free(&b);
	}
}

static void test_line_as_printf(void **state)
{
	char want[128];
	(void)state;
	for (size_t i = 0; i < N_VALUES; i++)
		for (size_t j = 0; j < N_VALUES; j++) {
			struct buf b;
			buf_init(&b);
			int a = values[i], c = values[j];
			assert_int_equal(svgpath_line(&b, a, c, c, a), 0);
			snprintf(want, sizeof want, "M%d %dL%d %d", a, c, c, a);
			assert_string_equal(b.data, want);
			buf_free(&b);
		}
}

/* The runs a cell at a time, as the pages found them before svgpath_row. */
static void naive_row(struct buf *b, const char *row, int n, int y, char what)
{
	for (int x = 0; x < n;) {
		if (row[x] != what) {
			x++;
			continue;
		}
		int end = x;
		while (end < n && row[end] == what)
			end++;
		assert_int_equal(svgpath_run(b, x, y, end - x), 0);
		x = end;
	}
}

/* Rows of every length to 200 (the 64-cell words, their edges and the
 * bytes after them), random cells from a few sets: the matching byte, its
 * neighbours and itself with the high bit (where a word-at-a-time test
 * could borrow or alias), '#', NUL; dense and sparse; all and none. */
static void test_row_as_naive(void **state)
{
	static const char sets[][6] = {{'.', '#'},
	                               {'.', '-', '/', 0, (char)0xae, '#'},
	                               {'.', '.', '.', '#'},
	                               {'#', '#', '#', '.'},
	                               {'.'},
	                               {'#'}};
	static const int set_n[] = {2, 6, 4, 4, 1, 1};
	char row[256];
	uint64_t r = 0x9e3779b97f4a7c15ULL;
	(void)state;
	for (int n = 0; n <= 200; n++)
		for (size_t k = 0; k < sizeof set_n / sizeof set_n[0]; k++)
			for (int rep = 0; rep < 8; rep++) {
				for (int i = 0; i < (int)sizeof row; i++) {
					r ^= r << 13;
					r ^= r >> 7;
					r ^= r << 17;
					row[i] = sets[k][r % (uint64_t)set_n[k]];
				}
				struct buf want, got;
				buf_init(&want);
				buf_init(&got);
				assert_int_equal(buf_puts(&want, "z"), 0);
				assert_int_equal(buf_puts(&got, "z"), 0);
				naive_row(&want, row, n, n + rep, '.');
				assert_int_equal(svgpath_row(&got, row, n, n + rep, '.'), 0);
				assert_int_equal(got.len, want.len);
				assert_string_equal(got.data, want.data);
				buf_free(&want);
				buf_free(&got);
			}
}

/* Another byte than '.' (the dungeon's cells are kinds of its own). */
static void test_row_other_byte(void **state)
{
	const char row[] =
	        "aab\001abbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbba";
	struct buf got;
	(void)state;
	buf_init(&got);
	assert_int_equal(svgpath_row(&got, row, (int)strlen(row), 3, 'b'), 0);
	assert_string_equal(got.data, "M2 3h1v1h-1zM5 3h72v1h-72z");
	buf_free(&got);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_run_as_printf),  cmocka_unit_test(test_small_numbers),
	        cmocka_unit_test(test_line_as_printf), cmocka_unit_test(test_row_as_naive),
	        cmocka_unit_test(test_row_other_byte),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
