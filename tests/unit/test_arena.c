/* Unit tests of arena: alignment, growth past a block, the per-request
 * limit, reset keeping the first block, overflow. Under ASan (make
 * unit-san) a use of memory after reset or a leak of a block is reported. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "arena.h"

static void test_aligned_and_distinct(void **state)
{
	struct arena a;
	(void)state;
	arena_init(&a, 1024, 0);
	char *p = arena_alloc(&a, 1);
	char *q = arena_alloc(&a, 3);
	double *d = arena_alloc(&a, sizeof(double));
	assert_non_null(p);
	assert_non_null(q);
	assert_non_null(d);
	assert_int_equal((uintptr_t)p % _Alignof(max_align_t), 0);
	assert_int_equal((uintptr_t)q % _Alignof(max_align_t), 0);
	assert_int_equal((uintptr_t)d % _Alignof(max_align_t), 0);
	assert_true(q >= p + 1);
	*d = 1.5;
	memset(p, 'x', 1);
	memset(q, 'y', 3);
	assert_true(*d == 1.5);
	assert_null(arena_alloc(&a, 0));
	arena_free(&a);
}

static void test_grows_past_a_block_and_reset_keeps_first(void **state)
{
	struct arena a;
	(void)state;
	arena_init(&a, 256, 0);
	char *first = arena_alloc(&a, 100);
	assert_non_null(first);
	/* more than a block: a block of its own, the earlier bytes untouched */
	memset(first, 'a', 100);
	char *big = arena_alloc(&a, 5000);
	assert_non_null(big);
	memset(big, 'b', 5000);
	for (int i = 0; i < 50; i++)
		assert_non_null(arena_alloc(&a, 200));
	assert_int_equal(first[99], 'a');
	assert_true(a.used >= 5000 + 100 + 50 * 200);
	arena_reset(&a);
	assert_int_equal(a.used, 0);
	assert_ptr_equal(a.last, a.first);
	/* the first block is reused: the next allocation is where the first was */
	assert_ptr_equal(arena_alloc(&a, 8), first);
	arena_free(&a);
	assert_null(a.first);
}

static void test_limit_per_request(void **state)
{
	struct arena a;
	(void)state;
	arena_init(&a, 1024, 4096);
	assert_non_null(arena_alloc(&a, 4000));
	assert_null(arena_alloc(&a, 200)); /* 4000 + 208 > 4096 */
	assert_non_null(arena_alloc(&a, 64));
	arena_reset(&a);
	assert_non_null(arena_alloc(&a, 4096));
	assert_null(arena_alloc(&a, 4097));
	arena_free(&a);
}

static void test_calloc_overflow_and_strndup(void **state)
{
	struct arena a;
	(void)state;
	arena_init(&a, 512, 0);
	assert_null(arena_calloc(&a, SIZE_MAX / 2, 4));
	assert_null(arena_alloc(&a, SIZE_MAX));
	int *z = arena_calloc(&a, 10, sizeof(int));
	assert_non_null(z);
	for (int i = 0; i < 10; i++)
		assert_int_equal(z[i], 0);
	char *s = arena_strndup(&a, "sword and board", 5);
	assert_string_equal(s, "sword");
	arena_free(&a);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_aligned_and_distinct),
	        cmocka_unit_test(test_grows_past_a_block_and_reset_keeps_first),
	        cmocka_unit_test(test_limit_per_request),
	        cmocka_unit_test(test_calloc_overflow_and_strndup),
	};
	return cmocka_run_group_tests_name("arena", tests, NULL, NULL);
}
