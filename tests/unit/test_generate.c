/* The generator's rules (SPEC §4), one test per rule, on the fixture catalog. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include <cmocka.h>

#include "fixture.h"
#include "generate.h"
#include "rng.h"

static struct catalog *cat;

static int setup(void **state)
{
	(void)state;
	cat = fixture_catalog();
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	catalog_free(cat);
	return 0;
}

static struct gen_input input(double power)
{
	struct gen_input in = {.kind = K_WEAPON, .power = power};
	return in;
}

/* Strength from the parts an item shows, by the rules of SPEC §4. */
static int expected_str(const struct item *it)
{
	int str = 1; /* base type */
	const struct entry *el = it->part[P_ELEMENT];
	if (el)
		str += it->element2 ? 6 + 11 : strcmp(el->word, "crippling") == 0 ? 12 : 6;
	if (it->part[P_PREFIX])
		str += 3;
	if (it->part[P_ADJECTIVE])
		str += 4;
	if (it->part[P_ABSTRACT])
		str += 2;
	static const int plus_str[] = {0, 5, 7, 8, 9, 10};
	return str + plus_str[it->plus];
}

static void test_rng_known_answers(void **state)
{
	(void)state;
	/* Fixed outputs: a seed must mean the same item on every machine. */
	struct rng r;
	rng_seed(&r, 0);
	assert_int_equal(rng_next(&r), 0x99ec5f36cb75f2b4ULL);
	assert_int_equal(rng_next(&r), 0xbf6e1f784956452aULL);
	rng_seed(&r, 42);
	uint64_t a = rng_next(&r);
	rng_seed(&r, 42);
	assert_int_equal(rng_next(&r), a);
	for (int i = 0; i < 10000; i++) {
		int64_t v = rng_range(&r, 0, 100);
		assert_true(v >= 0 && v <= 100);
	}
	assert_int_equal(rng_range(&r, 5, 5), 5);
	assert_int_equal(rng_below(&r, 0), 0);
}

static void test_same_seed_same_item(void **state)
{
	(void)state;
	struct gen_input in = input(1.5);
	in.tier = 3;
	in.variance = 1;
	int differ = 0;
	struct item a, b, first;
	assert_int_equal(generate(cat, &in, 1, &first), 0);
	for (uint64_t seed = 1; seed < 300; seed++) {
		assert_int_equal(generate(cat, &in, seed, &a), 0);
		assert_int_equal(generate(cat, &in, seed, &b), 0);
		assert_memory_equal(&a, &b, sizeof a);
		differ += strcmp(a.name, first.name) != 0;
	}
	assert_true(differ > 100);
}

static void test_requested_words_honoured(void **state)
{
	(void)state;
	struct gen_input in = input(1);
	in.want[P_TYPE] = "LongSword";
	in.want[P_ELEMENT] = "flaming";
	in.want[P_PREFIX] = "sharp";
	in.want[P_ADJECTIVE] = "ancient";
	in.want[P_ABSTRACT] = "the bear";
	in.tier = 1; /* a requested type ignores the tier */
	for (uint64_t seed = 0; seed < 200; seed++) {
		struct item it;
		assert_int_equal(generate(cat, &in, seed, &it), 0);
		assert_int_equal(it.n_unhonoured, 0);
		assert_string_equal(it.part[P_TYPE]->word, "longsword");
		assert_int_equal(it.tier, 3);
		assert_null(it.element2);
		const char *want = "Flaming Sharp Longsword of the Ancient Bear";
		assert_memory_equal(it.name, want, strlen(want));
		assert_int_equal(it.str, expected_str(&it));
		/* attack: 10 type + 2 sharp, then the condition */
		if (it.masterwork)
			assert_int_equal(it.stat[ST_ATTACK], 24);
		else
			assert_true(it.stat[ST_ATTACK] >= 12 - 5 && it.stat[ST_ATTACK] <= 12 + 5);
		assert_int_equal(it.stat[ST_FLAMING], 5);
	}
}

static void test_unknown_and_inactive_reported(void **state)
{
	(void)state;
	struct gen_input in = input(1);
	in.want[P_TYPE] = "rusted pike"; /* inactive */
	in.want[P_ELEMENT] = "plasma";   /* unknown */
	in.want[P_MATERIAL] = "oak";     /* weapons have no material */
	in.want[P_ABSTRACT] = "silence"; /* inactive */
	struct item it;
	int phrases = 0;
	for (uint64_t seed = 0; seed < 500; seed++) {
		assert_int_equal(generate(cat, &in, seed, &it), 0);
		assert_int_equal(it.n_unhonoured, 4);
		assert_string_not_equal(it.part[P_TYPE]->word, "rusted pike");
		if (it.part[P_ABSTRACT]) {
			phrases++;
			assert_string_not_equal(it.part[P_ABSTRACT]->word, "silence");
		}
	}
	/* An unhonoured abstract does not force the phrase: it is rolled (35/101). */
	assert_true(phrases > 100 && phrases < 260);
	int seen = 0;
	for (int i = 0; i < it.n_unhonoured; i++) {
		const struct unhonoured *u = &it.unhonoured[i];
		if (u->part == P_TYPE && u->reason == UR_INACTIVE)
			seen |= 1;
		if (u->part == P_ELEMENT && u->reason == UR_UNKNOWN && !strcmp(u->word, "plasma"))
			seen |= 2;
		if (u->part == P_MATERIAL && u->reason == UR_NOT_A_PART)
			seen |= 4;
		if (u->part == P_ABSTRACT && u->reason == UR_INACTIVE)
			seen |= 8;
	}
	assert_int_equal(seen, 15);
}

static void test_requested_crippling_is_12(void **state)
{
	(void)state;
	struct gen_input in = input(0); /* nothing else lands */
	in.want[P_ELEMENT] = "crippling";
	struct item it;
	assert_int_equal(generate(cat, &in, 7, &it), 0);
	assert_int_equal(it.str, 1 + 12);
	in.want[P_ELEMENT] = "freezing";
	assert_int_equal(generate(cat, &in, 7, &it), 0);
	assert_int_equal(it.str, 1 + 6);
}

static void test_power_zero_rolls_nothing(void **state)
{
	(void)state;
	struct gen_input in = input(0);
	for (uint64_t seed = 0; seed < 2000; seed++) {
		struct item it;
		assert_int_equal(generate(cat, &in, seed, &it), 0);
		assert_null(it.part[P_ELEMENT]);
		assert_null(it.part[P_PREFIX]);
		assert_null(it.part[P_ABSTRACT]);
		assert_int_equal(it.plus, 0);
		assert_int_equal(it.masterwork, 0);
		assert_int_equal(it.str, 1);
		/* every condition roll is 0, never > 38: attack -= c, c in 0..round(0.4 a) */
		int a = it.part[P_TYPE]->stat[ST_ATTACK];
		int c = (int)(a * 0.4 + 0.5);
		assert_true(it.stat[ST_ATTACK] <= a && it.stat[ST_ATTACK] >= a - c);
	}
}

static void test_strength_accounting(void **state)
{
	(void)state;
	int seen_second = 0, seen_crippling = 0, seen_plus[6] = {0};
	for (double power = 1; power <= 4; power += 1.5) {
		struct gen_input in = input(power);
		for (uint64_t seed = 0; seed < 20000; seed++) {
			struct item it;
			assert_int_equal(generate(cat, &in, seed, &it), 0);
			assert_int_equal(it.str, expected_str(&it));
			static const int mult[] = {0, 20, 40, 60, 80, 100};
			assert_int_equal(it.stat[ST_MULTIPLIER], mult[it.plus]);
			if (it.element2) {
				seen_second++;
				assert_ptr_not_equal(it.element2, it.part[P_ELEMENT]);
				assert_string_not_equal(it.element2->word, "crippling");
				assert_string_not_equal(it.part[P_ELEMENT]->word, "crippling");
				assert_non_null(strstr(it.name, " & "));
			}
			if (it.part[P_ELEMENT] && !strcmp(it.part[P_ELEMENT]->word, "crippling"))
				seen_crippling++;
			seen_plus[it.plus]++;
			if (it.part[P_ADJECTIVE])
				assert_non_null(it.part[P_ABSTRACT]);
			if (it.part[P_ABSTRACT])
				assert_non_null(strstr(it.name, " of "));
		}
	}
	assert_true(seen_second > 0 && seen_crippling > 0);
	for (int p = 1; p <= 5; p++)
		assert_true(seen_plus[p] > 0);
}

static void test_tier_without_variance(void **state)
{
	(void)state;
	struct gen_input in = input(1);
	/* tier 4 is empty: widen to 3..5, which holds only tier 3 types;
	 * tier 5 is empty: 4..6 holds the tier 6 one. */
	static const struct {
		int tier, want_tier;
	} cases[] = {{1, 1}, {2, 2}, {3, 3}, {4, 3}, {5, 6}, {6, 6}};
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		in.tier = cases[i].tier;
		for (uint64_t seed = 0; seed < 300; seed++) {
			struct item it;
			assert_int_equal(generate(cat, &in, seed, &it), 0);
			assert_int_equal(it.tier, cases[i].want_tier);
			assert_int_equal(it.part[P_TYPE]->tier, cases[i].want_tier);
			assert_true(it.part[P_TYPE]->active);
		}
	}
}

static void test_tier_variance(void **state)
{
	(void)state;
	struct gen_input in = input(1);
	in.tier = 2;
	in.variance = 1;
	int by_tier[TIER_MAX + 1] = {0};
	for (uint64_t seed = 0; seed < 5000; seed++) {
		struct item it;
		assert_int_equal(generate(cat, &in, seed, &it), 0);
		by_tier[it.tier]++;
	}
	/* ±2 at most: tiers 1..4, and 4 holds nothing */
	assert_true(by_tier[1] > 0 && by_tier[2] > 0 && by_tier[3] > 0);
	assert_int_equal(by_tier[4] + by_tier[5] + by_tier[6], 0);
	/* no swing (prob 50/101) always gives tier 2, so tier 2 dominates */
	assert_true(by_tier[2] > by_tier[1] && by_tier[2] > by_tier[3]);
}

static void test_tier_any_uses_every_active_type(void **state)
{
	(void)state;
	struct gen_input in = input(1);
	int seen[8] = {0};
	for (uint64_t seed = 0; seed < 3000; seed++) {
		struct item it;
		assert_int_equal(generate(cat, &in, seed, &it), 0);
		assert_true(it.part[P_TYPE]->active);
		seen[it.part[P_TYPE]->id]++;
	}
	for (int id = 1; id <= 7; id++)
		if (id != 6) /* "rusted pike" is inactive */
			assert_true(seen[id] > 0);
	assert_int_equal(seen[6], 0);
}

static void test_hands_clamped_and_slot(void **state)
{
	(void)state;
	struct gen_input in = input(0);
	in.want[P_TYPE] = "worldbreaker"; /* hands 3 in the table */
	struct item it;
	assert_int_equal(generate(cat, &in, 1, &it), 0);
	assert_int_equal(it.stat[ST_HANDS], 2);
	assert_int_equal(it.slot, SLOT_TWO_HANDS);
	in.want[P_TYPE] = "dagger";
	assert_int_equal(generate(cat, &in, 1, &it), 0);
	assert_int_equal(it.stat[ST_HANDS], 1);
	assert_int_equal(it.slot, SLOT_ONE_HAND);
}

static void test_masterwork_doubles_attack(void **state)
{
	(void)state;
	struct gen_input in = input(1);
	in.want[P_TYPE] = "club";
	int masterworks = 0;
	for (uint64_t seed = 0; seed < 3000; seed++) {
		struct item it;
		assert_int_equal(generate(cat, &in, seed, &it), 0);
		int base = 5;
		for (int p = 0; p < P__MAX; p++)
			if (p != P_TYPE && it.part[p] && p != P_ADJECTIVE && p != P_ABSTRACT)
				base += it.part[p]->stat[ST_ATTACK];
		if (it.element2)
			base += it.element2->stat[ST_ATTACK];
		if (!it.masterwork)
			continue;
		masterworks++;
		int after = 2 * base;
		if (it.part[P_ABSTRACT])
			after += it.part[P_ABSTRACT]->stat[ST_ATTACK];
		assert_int_equal(it.stat[ST_ATTACK], after);
	}
	assert_true(masterworks > 0);
}

static void test_no_active_type_fails(void **state)
{
	(void)state;
	struct catalog *c = catalog_new(1);
	struct entry e = {.word = "old axe", .tier = 1, .active = 0};
	assert_int_equal(catalog_add(c, K_WEAPON, P_TYPE, &e), 0);
	assert_int_equal(catalog_finish(c), 0);
	struct gen_input in = input(1);
	struct item it;
	assert_int_equal(generate(c, &in, 1, &it), -1);
	in.kind = K_ARMOR; /* this catalog has no armour at all */
	assert_int_equal(generate(c, &in, 1, &it), -1);
	in.kind = (enum kind)K__MAX;
	assert_int_equal(generate(cat, &in, 1, &it), -1);
	catalog_free(c);
}

static void test_catalog_rejects_duplicates(void **state)
{
	(void)state;
	struct catalog *c = catalog_new(1);
	struct entry a = {.word = "Sharp", .active = 1}, b = {.word = "sharp", .active = 1};
	assert_int_equal(catalog_add(c, K_WEAPON, P_PREFIX, &a), 0);
	assert_int_equal(catalog_add(c, K_WEAPON, P_PREFIX, &b), 0);
	assert_int_equal(catalog_finish(c), -1);
	catalog_free(c);
	assert_non_null(catalog_find(cat, K_WEAPON, P_TYPE, "SHORT SWORD"));
	assert_null(catalog_find(cat, K_WEAPON, P_TYPE, "short  sword"));
}

static void test_batch_seeds(void **state)
{
	(void)state;
	assert_int_equal(generate_batch_seed(99, 0), 99);
	uint64_t seen[200];
	for (unsigned i = 0; i < 200; i++) {
		seen[i] = generate_batch_seed(99, i);
		for (unsigned j = 0; j < i; j++)
			assert_true(seen[j] != seen[i]);
	}
}

static void test_catalog_publish_acquire(void **state)
{
	(void)state;
	assert_null(catalog_acquire());
	struct catalog *a = fixture_catalog(), *b = fixture_catalog();
	b->revision = 2;
	catalog_publish(a);
	const struct catalog *held = catalog_acquire();
	assert_ptr_equal(held, a);
	catalog_publish(b); /* a stays alive while held */
	assert_int_equal(held->revision, 1);
	assert_non_null(catalog_find(held, K_WEAPON, P_TYPE, "club"));
	catalog_release(held);
	const struct catalog *now = catalog_acquire();
	assert_int_equal(now->revision, 2);
	catalog_release(now);
	catalog_shutdown();
	assert_null(catalog_acquire());
}

/* Affixes with a tier range are rolled only for items of those tiers; a
 * range that admits nothing falls back to every active row. */
static void test_tier_ranges(void **state)
{
	(void)state;
	struct catalog *c = catalog_new(1);
	struct entry t1 = {.word = "stick", .active = 1, .tier = 1};
	struct entry t5 = {.word = "glaive", .active = 1, .tier = 5};
	struct entry humble = {.word = "humble", .active = 1, .tier_max = 2};
	struct entry grand = {.word = "grand", .active = 1, .tier_min = 4, .tier_max = 6};
	struct entry only3 = {.word = "odd", .active = 1, .tier_min = 3, .tier_max = 3};
	assert_int_equal(catalog_add(c, K_WEAPON, P_TYPE, &t1), 0);
	assert_int_equal(catalog_add(c, K_WEAPON, P_TYPE, &t5), 0);
	assert_int_equal(catalog_add(c, K_WEAPON, P_PREFIX, &humble), 0);
	assert_int_equal(catalog_add(c, K_WEAPON, P_PREFIX, &grand), 0);
	assert_int_equal(catalog_add(c, K_WEAPON, P_ABSTRACT, &only3), 0);
	assert_int_equal(catalog_finish(c), 0);
	struct gen_input in = input(100); /* prefix and phrase nearly always */
	int prefixes = 0, abstracts = 0;
	for (int tier = 1; tier <= 5; tier += 4) {
		in.tier = tier;
		for (uint64_t seed = 0; seed < 500; seed++) {
			struct item it;
			assert_int_equal(generate(c, &in, seed, &it), 0);
			const struct entry *p = it.part[P_PREFIX];
			if (p) {
				prefixes++;
				assert_string_equal(p->word, tier == 1 ? "humble" : "grand");
			}
			/* "odd" admits only tier 3: no row fits, fallback to all */
			if (it.part[P_ABSTRACT]) {
				abstracts++;
				assert_string_equal(it.part[P_ABSTRACT]->word, "odd");
			}
		}
	}
	assert_true(prefixes > 900 && abstracts > 900);
	/* A requested word ignores the range. */
	in.tier = 1;
	in.want[P_PREFIX] = "grand";
	struct item it;
	assert_int_equal(generate(c, &in, 3, &it), 0);
	assert_string_equal(it.part[P_PREFIX]->word, "grand");
	catalog_free(c);
}

/* Other kinds: slot from the type, tier the rounded-up mean of material and
 * type, hands by the kind's range, material in the name. */
/* A word another kind has (a trinket's type asked of a weapon) is "a word
 * of another kind", not "unknown word". */
static void test_word_of_another_kind(void **state)
{
	(void)state;
	struct gen_input in = input(1);
	struct item it;

	in.want[P_TYPE] = "type 5b"; /* a trinket's */
	in.want[P_PREFIX] = "zzz no such";
	assert_int_equal(generate(cat, &in, 3, &it), 0);
	assert_int_equal(it.n_unhonoured, 2);
	for (int i = 0; i < it.n_unhonoured; i++) {
		const struct unhonoured *u = &it.unhonoured[i];
		assert_int_equal(u->reason, u->part == P_TYPE ? UR_OTHER_KIND : UR_UNKNOWN);
	}
	assert_string_equal(unhonoured_reason_text[UR_OTHER_KIND], "a word of another kind");
}

static void test_other_kinds(void **state)
{
	(void)state;
	struct gen_input in = input(1);
	in.kind = K_TRINKET;
	in.want[P_MATERIAL] = "material 2a";
	in.want[P_TYPE] = "type 5b";
	struct item it;
	assert_int_equal(generate(cat, &in, 9, &it), 0);
	assert_int_equal(it.tier, 4);
	assert_int_equal(it.slot, SLOT_NECK);
	assert_int_equal(it.stat[ST_HANDS], 0);
	assert_non_null(strstr(it.name, "Material 2a Type 5b"));
	in.kind = K_SHIELD;
	in.want[P_MATERIAL] = in.want[P_TYPE] = NULL;
	in.tier = 2;
	for (uint64_t seed = 0; seed < 300; seed++) {
		assert_int_equal(generate(cat, &in, seed, &it), 0);
		assert_int_equal(it.slot, SLOT_OFF_HAND);
		assert_int_equal(it.stat[ST_HANDS], 1);
		assert_int_equal(it.tier, 2);
		assert_non_null(it.part[P_MATERIAL]);
	}
	in.kind = K_ARMOR;
	int slots[SLOT__MAX] = {0};
	for (uint64_t seed = 0; seed < 300; seed++) {
		assert_int_equal(generate(cat, &in, seed, &it), 0);
		slots[it.slot]++;
		assert_int_equal(it.plus, 0);
		assert_null(it.element2);
	}
	assert_true(slots[SLOT_HEAD] > 0 && slots[SLOT_BODY] > 0);
	assert_int_equal(slots[SLOT_HEAD] + slots[SLOT_BODY], 300);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_rng_known_answers),
	        cmocka_unit_test(test_word_of_another_kind),
	        cmocka_unit_test(test_same_seed_same_item),
	        cmocka_unit_test(test_requested_words_honoured),
	        cmocka_unit_test(test_unknown_and_inactive_reported),
	        cmocka_unit_test(test_requested_crippling_is_12),
	        cmocka_unit_test(test_power_zero_rolls_nothing),
	        cmocka_unit_test(test_strength_accounting),
	        cmocka_unit_test(test_tier_without_variance),
	        cmocka_unit_test(test_tier_variance),
	        cmocka_unit_test(test_tier_any_uses_every_active_type),
	        cmocka_unit_test(test_hands_clamped_and_slot),
	        cmocka_unit_test(test_masterwork_doubles_attack),
	        cmocka_unit_test(test_no_active_type_fails),
	        cmocka_unit_test(test_catalog_rejects_duplicates),
	        cmocka_unit_test(test_batch_seeds),
	        cmocka_unit_test(test_catalog_publish_acquire),
	        cmocka_unit_test(test_tier_ranges),
	        cmocka_unit_test(test_other_kinds),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
