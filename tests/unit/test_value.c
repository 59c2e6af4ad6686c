/* value: SPEC §7's price, every factor on its own, half-up rounding,
 * the minimum of 1, the cap, and an item's parts read off the item. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "value.h"

static void each_factor(void **state)
{
	(void)state;
	const uint32_t m60 = 60, m180 = 180, two[] = {60, 180};
	/* base alone; COND_NONE is x1 */
	assert_int_equal(value_price(1000, NULL, 0, 0, COND_NONE), 1000);
	/* part multipliers, each and together */
	assert_int_equal(value_price(1000, &m60, 1, 0, COND_NONE), 600);
	assert_int_equal(value_price(1000, &m180, 1, 0, COND_NONE), 1800);
	assert_int_equal(value_price(1000, two, 2, 0, COND_NONE), 1080);
	/* plus: +1 x1.5, +2 x2, +3 x3, +4 x5, +5 x8 */
	const uint64_t plus[] = {1000, 1500, 2000, 3000, 5000, 8000};
	for (int p = 0; p <= 5; p++)
		assert_int_equal(value_price(1000, NULL, 0, p, COND_NONE), plus[p]);
	assert_int_equal(value_price(1000, NULL, 0, 9, COND_NONE), 1000); /* no such plus */
	/* condition: worse x0.8, better x1.1, masterwork x2.5 */
	assert_int_equal(value_price(1000, NULL, 0, 0, COND_WORSE), 800);
	assert_int_equal(value_price(1000, NULL, 0, 0, COND_BETTER), 1100);
	assert_int_equal(value_price(1000, NULL, 0, 0, COND_MASTERWORK), 2500);
	/* all at once: 1000 x 0.6 x 1.8 x 8 x 2.5 = 21600 */
	assert_int_equal(value_price(1000, two, 2, 5, COND_MASTERWORK), 21600);
	/* a mult of 0 counts as 100 */
	const uint32_t zero = 0;
	assert_int_equal(value_price(77, &zero, 1, 0, COND_NONE), 77);
}

static void rounding_half_up(void **state)
{
	(void)state;
	const uint32_t m150 = 150, m101 = 101, m103 = 103;
	/* 5 x 1.5 = 7.5 -> 8; 3 x 1.5 = 4.5 -> 5 (half up, not to even) */
	assert_int_equal(value_price(5, &m150, 1, 0, COND_NONE), 8);
	assert_int_equal(value_price(3, &m150, 1, 0, COND_NONE), 5);
	/* 49 x 1.01 = 49.49 -> 49; 50 x 1.01 = 50.5 -> 51 */
	assert_int_equal(value_price(49, &m101, 1, 0, COND_NONE), 49);
	assert_int_equal(value_price(50, &m101, 1, 0, COND_NONE), 51);
	/* exact: 0.8 x 1.03 x 1000 = 824 (no float drift to 823.99...) */
	assert_int_equal(value_price(1000, &m103, 1, 0, COND_WORSE), 824);
	/* one rounding, at the end: 11 x 0.6 x 0.6 = 3.96 -> 4 */
	const uint32_t sixty[] = {60, 60};
	assert_int_equal(value_price(11, sixty, 2, 0, COND_NONE), 4);
	/* 2 x 0.6 x 0.6 x 0.8 = 0.576 -> 1 */
	assert_int_equal(value_price(2, sixty, 2, 0, COND_WORSE), 1);
}

static void minimum_and_cap(void **state)
{
	(void)state;
	const uint32_t cheap[] = {40, 40, 40, 40, 40, 40};
	assert_int_equal(value_price(0, NULL, 0, 0, COND_NONE), 1);
	assert_int_equal(value_price(1, cheap, 6, 0, COND_WORSE), 1);
	const uint32_t dear[] = {400, 400, 400, 400, 400, 400, 400, 400};
	assert_true(value_price(UINT32_MAX, dear, 8, 5, COND_MASTERWORK) == VALUE_MAX);
}

static void item_parts(void **state)
{
	(void)state;
	struct entry base = {.id = 1, .word = "longsword", .value = 200};
	struct entry runed = {.id = 2, .word = "runed", .value_mult = 180};
	struct entry fl = {.id = 3, .word = "flaming", .value_mult = 150};
	struct entry fr = {.id = 4, .word = "freezing", .value_mult = 120};
	struct item it;
	memset(&it, 0, sizeof it);
	it.kind = K_WEAPON;
	it.part[P_TYPE] = &base;
	it.part[P_PREFIX] = &runed;
	it.part[P_ELEMENT] = &fl;
	it.element2 = &fr;
	it.plus = 5;
	it.masterwork = 1;
	/* 200 x 1.8 x 1.5 x 1.2 x 8 x 2.5 = 12960 */
	assert_int_equal(item_value(&it), 12960);
	it.masterwork = 0;
	it.better = 0; /* worse */
	it.plus = 0;
	/* 200 x 1.8 x 1.5 x 1.2 x 0.8 = 518.4 -> 518 */
	assert_int_equal(item_value(&it), 518);
	it.part[P_TYPE] = NULL;
	assert_int_equal(item_value(&it), 1); /* no base: 0 gp x ... -> at least 1 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(each_factor),
	        cmocka_unit_test(rounding_half_up),
	        cmocka_unit_test(minimum_and_cap),
	        cmocka_unit_test(item_parts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
