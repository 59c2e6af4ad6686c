/* Unit tests of the loadout rules (SPEC §9): every equip rule, the
 * two-hander against a shield both ways, rings, re-equipping, unequip,
 * remove, the 33rd item; then random operation sequences that must never
 * leave a place filled twice, and totals checked against a sum taken place
 * by place over random loadouts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "loadout.h"
#include "rng.h"
#include "value.h"

static unsigned add(struct loadout *l, enum slot s)
{
	assert_int_equal(loadout_add(l, s), LO_OK);
	return l->n - 1;
}

static void test_places_by_slot(void **state)
{
	struct loadout l = {0};
	(void)state;
	static const struct {
		enum slot slot;
		enum place place;
	} want[] = {
	        {SLOT_HEAD, PLACE_HEAD},          {SLOT_BODY, PLACE_BODY},
	        {SLOT_HANDS, PLACE_HANDS},        {SLOT_LEGS, PLACE_LEGS},
	        {SLOT_FEET, PLACE_FEET},          {SLOT_NECK, PLACE_NECK},
	        {SLOT_ONE_HAND, PLACE_MAIN_HAND}, {SLOT_OFF_HAND, PLACE_OFF_HAND},
	        {SLOT_FINGER, PLACE_LEFT_FINGER}, {SLOT_FINGER, PLACE_RIGHT_FINGER},
	};
	for (size_t k = 0; k < sizeof want / sizeof want[0]; k++) {
		unsigned i = add(&l, want[k].slot);
		assert_int_equal(l.item[i].at, PLACE_PACK);
		assert_int_equal(loadout_equip(&l, i, PLACE_PACK), LO_OK);
		assert_int_equal(l.item[i].at, want[k].place);
		assert_int_equal(loadout_wearer(&l, want[k].place), (int)i);
	}
	/* everything is still worn: no rule moved an earlier item */
	for (unsigned i = 0; i < l.n; i++)
		assert_int_equal(l.item[i].at, want[i].place);
}

static void test_taken_place_sends_the_old_item_to_the_pack(void **state)
{
	struct loadout l = {0};
	(void)state;
	unsigned a = add(&l, SLOT_HEAD), b = add(&l, SLOT_HEAD);
	assert_int_equal(loadout_equip(&l, a, PLACE_PACK), LO_OK);
	assert_int_equal(loadout_equip(&l, b, PLACE_PACK), LO_OK);
	assert_int_equal(l.item[a].at, PLACE_PACK);
	assert_int_equal(l.item[b].at, PLACE_HEAD);
	assert_int_equal(loadout_wearer(&l, PLACE_HEAD), (int)b);
}

static void test_two_hander_then_shield(void **state)
{
	struct loadout l = {0};
	(void)state;
	unsigned sword = add(&l, SLOT_TWO_HANDS), shield = add(&l, SLOT_OFF_HAND);
	assert_int_equal(loadout_equip(&l, sword, PLACE_PACK), LO_OK);
	assert_int_equal(loadout_wearer(&l, PLACE_MAIN_HAND), (int)sword);
	assert_int_equal(loadout_wearer(&l, PLACE_OFF_HAND), (int)sword);
	assert_true(loadout_fills_also(&l, sword, PLACE_OFF_HAND));
	assert_int_equal(loadout_equip(&l, shield, PLACE_PACK), LO_OK);
	assert_int_equal(l.item[sword].at, PLACE_PACK);
	assert_int_equal(l.item[shield].at, PLACE_OFF_HAND);
	assert_int_equal(loadout_wearer(&l, PLACE_MAIN_HAND), -1);
}

static void test_shield_then_two_hander(void **state)
{
	struct loadout l = {0};
	(void)state;
	unsigned shield = add(&l, SLOT_OFF_HAND), dagger = add(&l, SLOT_ONE_HAND);
	unsigned sword = add(&l, SLOT_TWO_HANDS);
	assert_int_equal(loadout_equip(&l, shield, PLACE_PACK), LO_OK);
	assert_int_equal(loadout_equip(&l, dagger, PLACE_PACK), LO_OK);
	assert_int_equal(loadout_equip(&l, sword, PLACE_PACK), LO_OK);
	assert_int_equal(l.item[shield].at, PLACE_PACK);
	assert_int_equal(l.item[dagger].at, PLACE_PACK);
	assert_int_equal(l.item[sword].at, PLACE_MAIN_HAND);
	assert_int_equal(loadout_wearer(&l, PLACE_OFF_HAND), (int)sword);
}

static void test_second_weapon_against_a_two_hander(void **state)
{
	struct loadout l = {0};
	(void)state;
	unsigned sword = add(&l, SLOT_TWO_HANDS), dagger = add(&l, SLOT_ONE_HAND);
	/* in the off hand, asked for */
	assert_int_equal(loadout_equip(&l, sword, PLACE_PACK), LO_OK);
	assert_int_equal(loadout_equip(&l, dagger, PLACE_OFF_HAND), LO_OK);
	assert_int_equal(l.item[sword].at, PLACE_PACK);
	assert_int_equal(l.item[dagger].at, PLACE_OFF_HAND);
	/* in the main hand, by the rules */
	assert_int_equal(loadout_equip(&l, sword, PLACE_PACK), LO_OK);
	assert_int_equal(l.item[dagger].at, PLACE_PACK);
	assert_int_equal(loadout_unequip(&l, dagger), LO_OK);
	assert_int_equal(loadout_equip(&l, dagger, PLACE_PACK), LO_OK);
	assert_int_equal(l.item[dagger].at, PLACE_MAIN_HAND);
	assert_int_equal(l.item[sword].at, PLACE_PACK);
}

static void test_dual_wield(void **state)
{
	struct loadout l = {0};
	(void)state;
	unsigned a = add(&l, SLOT_ONE_HAND), b = add(&l, SLOT_ONE_HAND);
	assert_int_equal(loadout_equip(&l, a, PLACE_PACK), LO_OK);
	assert_int_equal(loadout_equip(&l, b, PLACE_OFF_HAND), LO_OK);
	assert_int_equal(l.item[a].at, PLACE_MAIN_HAND);
	assert_int_equal(l.item[b].at, PLACE_OFF_HAND);
	/* moving one to the other hand sends the one there to the pack */
	assert_int_equal(loadout_equip(&l, b, PLACE_MAIN_HAND), LO_OK);
	assert_int_equal(l.item[a].at, PLACE_PACK);
	assert_int_equal(l.item[b].at, PLACE_MAIN_HAND);
	assert_int_equal(loadout_wearer(&l, PLACE_OFF_HAND), -1);
}

static void test_rings(void **state)
{
	struct loadout l = {0};
	(void)state;
	unsigned r1 = add(&l, SLOT_FINGER), r2 = add(&l, SLOT_FINGER), r3 = add(&l, SLOT_FINGER);
	assert_int_equal(loadout_equip(&l, r1, PLACE_PACK), LO_OK);
	assert_int_equal(loadout_equip(&l, r2, PLACE_PACK), LO_OK);
	assert_int_equal(l.item[r1].at, PLACE_LEFT_FINGER);
	assert_int_equal(l.item[r2].at, PLACE_RIGHT_FINGER);
	/* the third replaces the left */
	assert_int_equal(loadout_equip(&l, r3, PLACE_PACK), LO_OK);
	assert_int_equal(l.item[r1].at, PLACE_PACK);
	assert_int_equal(l.item[r2].at, PLACE_RIGHT_FINGER);
	assert_int_equal(l.item[r3].at, PLACE_LEFT_FINGER);
	/* with the left free again, the next goes there */
	assert_int_equal(loadout_unequip(&l, r3), LO_OK);
	assert_int_equal(loadout_equip(&l, r1, PLACE_PACK), LO_OK);
	assert_int_equal(l.item[r1].at, PLACE_LEFT_FINGER);
	/* a finger asked for */
	assert_int_equal(loadout_equip(&l, r3, PLACE_RIGHT_FINGER), LO_OK);
	assert_int_equal(l.item[r2].at, PLACE_PACK);
	assert_int_equal(l.item[r3].at, PLACE_RIGHT_FINGER);
}

static void test_reequip_changes_nothing(void **state)
{
	struct loadout l = {0}, before;
	(void)state;
	unsigned r1 = add(&l, SLOT_FINGER), r2 = add(&l, SLOT_FINGER);
	unsigned sword = add(&l, SLOT_TWO_HANDS), helm = add(&l, SLOT_HEAD);
	add(&l, SLOT_HEAD);
	for (unsigned i = 0; i < 4; i++)
		assert_int_equal(loadout_equip(&l, i, PLACE_PACK), LO_OK);
	before = l;
	/* the right-hand ring is not moved to the left, the two-hander stays */
	assert_int_equal(loadout_equip(&l, r2, PLACE_PACK), LO_OK);
	assert_int_equal(loadout_equip(&l, sword, PLACE_PACK), LO_OK);
	assert_int_equal(loadout_equip(&l, sword, PLACE_MAIN_HAND), LO_OK);
	assert_int_equal(loadout_equip(&l, helm, PLACE_HEAD), LO_OK);
	assert_int_equal(loadout_equip(&l, r1, PLACE_LEFT_FINGER), LO_OK);
	assert_memory_equal(&l, &before, sizeof l);
}

static void test_refusals(void **state)
{
	struct loadout l = {0}, before;
	(void)state;
	unsigned charm = add(&l, SLOT_NONE), helm = add(&l, SLOT_HEAD);
	unsigned sword = add(&l, SLOT_TWO_HANDS), shield = add(&l, SLOT_OFF_HAND);
	before = l;
	assert_int_equal(loadout_equip(&l, charm, PLACE_PACK), LO_NO_SLOT);
	assert_int_equal(loadout_equip(&l, charm, PLACE_NECK), LO_NO_SLOT);
	assert_int_equal(loadout_equip(&l, helm, PLACE_FEET), LO_WRONG_PLACE);
	assert_int_equal(loadout_equip(&l, sword, PLACE_OFF_HAND), LO_WRONG_PLACE);
	assert_int_equal(loadout_equip(&l, shield, PLACE_MAIN_HAND), LO_WRONG_PLACE);
	assert_int_equal(loadout_equip(&l, 4, PLACE_PACK), LO_NO_ITEM);
	assert_int_equal(loadout_unequip(&l, 4), LO_NO_ITEM);
	assert_int_equal(loadout_remove(&l, 4), LO_NO_ITEM);
	assert_memory_equal(&l, &before, sizeof l);
}

static void test_unequip_and_remove(void **state)
{
	struct loadout l = {0};
	(void)state;
	unsigned helm = add(&l, SLOT_HEAD), boots = add(&l, SLOT_FEET);
	unsigned ring = add(&l, SLOT_FINGER);
	for (unsigned i = 0; i < 3; i++)
		assert_int_equal(loadout_equip(&l, i, PLACE_PACK), LO_OK);
	assert_int_equal(loadout_unequip(&l, helm), LO_OK);
	assert_int_equal(l.item[helm].at, PLACE_PACK);
	assert_int_equal(loadout_wearer(&l, PLACE_HEAD), -1);
	assert_int_equal(loadout_remove(&l, boots), LO_OK);
	assert_int_equal(l.n, 2);
	assert_int_equal(l.item[0].fits, SLOT_HEAD);
	assert_int_equal(l.item[1].fits, SLOT_FINGER);
	assert_int_equal(l.item[1].at, PLACE_LEFT_FINGER);
	(void)ring;
}

static void test_33rd_item_refused(void **state)
{
	struct loadout l = {0};
	(void)state;
	for (int i = 0; i < LOADOUT_MAX; i++)
		assert_int_equal(loadout_add(&l, SLOT_FINGER), LO_OK);
	assert_int_equal(l.n, 32);
	assert_int_equal(loadout_add(&l, SLOT_FINGER), LO_FULL);
	assert_int_equal(l.n, 32);
}

static void test_place_names(void **state)
{
	(void)state;
	for (int p = 0; p < PLACE__MAX; p++)
		assert_int_equal(place_from_name(place_names[p], strlen(place_names[p])), p);
	assert_int_equal(place_from_name("main", 4), -1);
	assert_int_equal(place_from_name("head ", 5), -1);
	assert_int_equal(place_from_name("", 0), -1);
}

/* How many items fill p, counted without the module's own lookups. */
static int fillers(const struct loadout *l, enum place p)
{
	int n = 0;
	for (unsigned i = 0; i < l->n; i++)
		n += l->item[i].at == p ||
		     (p == PLACE_OFF_HAND && l->item[i].fits == SLOT_TWO_HANDS &&
		      l->item[i].at == PLACE_MAIN_HAND);
	return n;
}

static void random_ops(struct rng *r, struct loadout *l, int ops)
{
	for (int k = 0; k < ops; k++) {
		unsigned i = l->n ? (unsigned)rng_below(r, l->n) : 0;
		switch (rng_below(r, 5)) {
		case 0:
		case 1:
			loadout_add(l, (enum slot)rng_below(r, SLOT__MAX));
			break;
		case 2:
			loadout_equip(l, i, (enum place)rng_below(r, PLACE__MAX));
			break;
		case 3:
			loadout_unequip(l, i);
			break;
		default:
			if (rng_below(r, 4) == 0)
				loadout_remove(l, i);
			else
				loadout_equip(l, i, PLACE_PACK);
		}
	}
}

/* 2,000 random sequences of 60 operations: after every sequence no place
 * is filled twice and every worn item is where its slot allows. */
static void test_never_inconsistent(void **state)
{
	struct rng r;
	(void)state;
	rng_seed(&r, 20261123);
	for (int run = 0; run < 2000; run++) {
		struct loadout l = {0};
		for (int step = 0; step < 60; step++) {
			random_ops(&r, &l, 1);
			for (int p = PLACE_HEAD; p < PLACE__MAX; p++)
				assert_in_range(fillers(&l, (enum place)p), 0, 1);
			for (unsigned i = 0; i < l.n; i++)
				if (l.item[i].at != PLACE_PACK)
					assert_true(loadout_fits(l.item[i].fits, l.item[i].at));
		}
	}
}

/* 1,000 random loadouts of random items: the totals equal the sum over the
 * places of the paper doll of the item in each (a two-hander once). */
static void test_totals(void **state)
{
	struct rng r;
	static struct item items[LOADOUT_MAX];
	(void)state;
	rng_seed(&r, 42);
	for (int run = 0; run < 1000; run++) {
		struct loadout l = {0};
		struct loadout_totals t;
		int64_t want[ST__MAX] = {0}, want_str = 0;
		uint64_t want_value = 0;
		unsigned worn = 0;
		random_ops(&r, &l, 80);
		for (unsigned i = 0; i < l.n; i++) {
			for (int s = 0; s < ST__MAX; s++)
				items[i].stat[s] = (int32_t)rng_range(&r, -50, 500);
			items[i].str = (int)rng_range(&r, 0, 40);
		}
		for (int p = PLACE_HEAD; p < PLACE__MAX; p++) {
			int w = loadout_wearer(&l, (enum place)p);
			if (w < 0 ||
			    (p == PLACE_OFF_HAND && loadout_fills_also(&l, (unsigned)w, p)))
				continue;
			for (int s = 0; s < ST__MAX; s++)
				want[s] += items[w].stat[s];
			want_str += items[w].str;
			want_value += item_value(&items[w]);
			worn++;
		}
		loadout_totals(&l, items, &t);
		for (int s = 0; s < ST__MAX; s++)
			assert_int_equal(t.stat[s], want[s]);
		assert_int_equal(t.str, want_str);
		assert_int_equal(t.value, want_value);
		assert_int_equal(t.worn, worn);
	}
}

/* base=...: the keys that add up and str, each once, whole numbers within
 * the limit; every refusal names the key; the text form reads back. */
static void test_base(void **state)
{
	struct loadout_base b;
	char why[160], text[256];
	static const struct {
		const char *in, *why;
	} bad[] = {
	        {"attack", "must be stat:value pairs separated by commas, like attack:3,str:10"},
	        {"hands:2", "'hands' is not a stat that adds up (attack, defense, magic, flaming, "
	                    "freezing, shocking, holy, evil, sneak, crit, str)"},
	        {"attack:1,attack:2", "attack is given twice"},
	        {"str:1001", "str must be a whole number from -1000 to 1000"},
	        {"defense:", "defense must be a whole number from -1000 to 1000"},
	        {"magic:1.5", "magic must be a whole number from -1000 to 1000"},
	        {"crit:999999", "crit must be a whole number from -1000 to 1000"},
	};

	(void)state;
	assert_int_equal(loadout_base_parse("attack:3,defense:2,str:10", 25, &b, why, sizeof why),
	                 0);
	assert_int_equal(b.stat[ST_ATTACK], 3);
	assert_int_equal(b.stat[ST_DEFENSE], 2);
	assert_int_equal(b.str, 10);
	assert_int_equal(b.n, 3);
	assert_int_equal(loadout_base_parse("sneak:-4", 8, &b, why, sizeof why), 0);
	assert_int_equal(b.stat[ST_SNEAK], -4);
	assert_int_equal(loadout_base_parse("", 0, &b, why, sizeof why), 0);
	assert_int_equal(b.n, 0);
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(
		        loadout_base_parse(bad[i].in, strlen(bad[i].in), &b, why, sizeof why), -1);
		assert_string_equal(why, bad[i].why);
	}
	assert_int_equal(loadout_base_parse("str:10,attack:-3", 16, &b, why, sizeof why), 0);
	assert_int_equal(loadout_base_text(&b, text, sizeof text), 16);
	assert_string_equal(text, "attack:-3,str:10");
	assert_false(loadout_stat_sums(ST_HANDS));
	assert_false(loadout_stat_sums(ST_MULTIPLIER));
	assert_true(loadout_stat_sums(ST_ATTACK));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_places_by_slot),
	        cmocka_unit_test(test_taken_place_sends_the_old_item_to_the_pack),
	        cmocka_unit_test(test_two_hander_then_shield),
	        cmocka_unit_test(test_shield_then_two_hander),
	        cmocka_unit_test(test_second_weapon_against_a_two_hander),
	        cmocka_unit_test(test_dual_wield),
	        cmocka_unit_test(test_rings),
	        cmocka_unit_test(test_reequip_changes_nothing),
	        cmocka_unit_test(test_refusals),
	        cmocka_unit_test(test_unequip_and_remove),
	        cmocka_unit_test(test_33rd_item_refused),
	        cmocka_unit_test(test_place_names),
	        cmocka_unit_test(test_never_inconsistent),
	        cmocka_unit_test(test_totals),
	        cmocka_unit_test(test_base),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
