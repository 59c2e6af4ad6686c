/* Scrolls and wands (SPEC §8): the blueprint's part independence, the
 * description and its conjunction, the given name, the spell by tier, the
 * value, and the rates of both kinds' parts. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <math.h>
#include <string.h>

#include "fixture.h"
#include "generate.h"
#include "scroll.h"
#include "value.h"

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

static void make(const struct gen_input *in, uint64_t seed, struct item *it)
{
	assert_int_equal(generate(cat, in, seed, it), 0);
}

/* ---- the description ---------------------------------------------------- */

static void test_conjunction(void **state)
{
	(void)state;
	assert_string_equal(scroll_conjunction(MARK_GOOD, MARK_GOOD), "and");
	assert_string_equal(scroll_conjunction(MARK_BAD, MARK_BAD), "and");
	assert_string_equal(scroll_conjunction(MARK_GOOD, MARK_BAD), "but");
	assert_string_equal(scroll_conjunction(MARK_BAD, MARK_GOOD), "but");
}

/* SPEC §8's own sentence, then each of the four mark pairs. */
static void test_description(void **state)
{
	(void)state;
	struct entry tq = {.word = "beautifully carved"}, tm = {.word = "iron"},
	             pm = {.word = "vellum"}, pc = {.word = "has torn a bit", .mark = MARK_BAD},
	             wq = {.word = "good quality", .mark = MARK_GOOD},
	             wd = {.word = "is decorative"};
	struct item it;
	char text[SCROLL_TEXT_MAX];

	memset(&it, 0, sizeof it);
	it.kind = K_SCROLL;
	it.part[P_TUBE_QUALITY] = &tq;
	it.part[P_TUBE_MATERIAL] = &tm;
	it.part[P_PAPER_MATERIAL] = &pm;
	it.part[P_PAPER_CONDITION] = &pc;
	it.part[P_WRITING_QUALITY] = &wq;
	it.part[P_WRITING_DETAIL] = &wd;
	assert_true(scroll_description(&it, text, sizeof text) > 0);
	assert_string_equal(text,
	                    "A beautifully carved iron tube holds the scroll. Vellum has torn "
	                    "a bit but good quality writing is decorative.");

	static const struct {
		enum mark paper, writing;
		const char *conj;
	} pairs[] = {{MARK_GOOD, MARK_GOOD, " and "},
	             {MARK_BAD, MARK_BAD, " and "},
	             {MARK_GOOD, MARK_BAD, " but "},
	             {MARK_BAD, MARK_GOOD, " but "}};
	for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
		pc.mark = (uint8_t)pairs[i].paper;
		wq.mark = (uint8_t)pairs[i].writing;
		assert_true(scroll_description(&it, text, sizeof text) > 0);
		char want[200];
		snprintf(want, sizeof want, "Vellum has torn a bit%sgood quality writing",
		         pairs[i].conj);
		assert_non_null(strstr(text, want));
	}

	/* "An" before a vowel; a capital that is not ASCII */
	tq.word = "engraved";
	pm.word = "élan paper";
	assert_true(scroll_description(&it, text, sizeof text) > 0);
	assert_true(strncmp(text, "An engraved iron tube", 21) == 0);
	assert_non_null(strstr(text, "Élan paper has torn"));

	/* too short a buffer: -1 and "" */
	assert_int_equal(scroll_description(&it, text, 20), -1);
	assert_string_equal(text, "");
	/* not a scroll: nothing */
	it.kind = K_WAND;
	assert_int_equal(scroll_description(&it, text, sizeof text), 0);
}

/* ---- the blueprint ------------------------------------------------------ */

static const enum part scroll_parts[] = {P_TUBE_QUALITY,    P_TUBE_MATERIAL,   P_PAPER_MATERIAL,
                                         P_PAPER_CONDITION, P_WRITING_QUALITY, P_WRITING_DETAIL};
#define N_SCROLL_PARTS (sizeof scroll_parts / sizeof scroll_parts[0])

/* Requesting one part changes that part and the value, nothing else: for
 * every part, every word it can be, 500 seeds each. */
static void test_part_independence(void **state)
{
	(void)state;
	static const char *const words[] = {"alpha", "beta", "gamma", "delta"};
	size_t changed = 0;

	for (size_t k = 0; k < N_SCROLL_PARTS; k++) {
		enum part p = scroll_parts[k];
		for (size_t w = 0; w < 4; w++) {
			for (uint64_t seed = 1; seed <= 500; seed++) {
				struct gen_input in = {.kind = K_SCROLL, .power = 1.0};
				struct item a, b;
				make(&in, seed, &a);
				in.want[p] = words[w];
				make(&in, seed, &b);
				assert_string_equal(b.part[p]->word, words[w]);
				for (int o = 0; o < P__MAX; o++)
					if (o != (int)p)
						assert_ptr_equal(a.part[o], b.part[o]);
				assert_string_equal(a.name, b.name);
				assert_string_equal(a.given, b.given);
				assert_ptr_equal(a.spell, b.spell);
				assert_int_equal(a.tier, b.tier);
				assert_int_equal(a.str, b.str);
				changed += a.part[p] != b.part[p];
			}
		}
	}
	/* the requests did change something: 3 in 4 seeds had another word */
	assert_true(changed > N_SCROLL_PARTS * 4 * 500 / 2);
}

/* The same seed and inputs give the same scroll; the name is "Scroll of"
 * and a given name of 4..12 letters that is not a training name. */
static void test_scroll_name(void **state)
{
	(void)state;
	for (uint64_t seed = 1; seed <= 2000; seed++) {
		struct gen_input in = {.kind = K_SCROLL, .power = 1.0};
		struct item a, b;
		make(&in, seed, &a);
		make(&in, seed, &b);
		assert_int_equal(memcmp(&a, &b, sizeof a), 0);
		assert_true(strncmp(a.name, "Scroll of ", 10) == 0);
		assert_string_equal(a.name + 10, a.given);
		size_t letters = strlen(a.given); /* the fixture's names are ASCII */
		assert_true(letters >= 4 && letters <= 12);
		for (size_t i = 0; i < sizeof fixture_names / sizeof fixture_names[0]; i++)
			assert_true(strcmp(a.given, fixture_names[i]) != 0);
		/* every part lands, and the spell is of the scroll's tier, which
		 * the grade sets (tier 5 has none: its neighbours') */
		for (size_t k = 0; k < N_SCROLL_PARTS; k++)
			assert_non_null(a.part[scroll_parts[k]]);
		assert_non_null(a.spell);
		assert_int_equal(a.tier, a.part[P_TYPE]->tier);
		if (a.tier == 5)
			assert_true(a.spell->s.tier == 4 || a.spell->s.tier == 6);
		else
			assert_int_equal(a.spell->s.tier, a.tier);
		assert_int_equal(a.str, 1 + 3 * a.spell->s.level);
		assert_int_equal(a.slot, SLOT_NONE);
	}
}

/* The value: base x every part's value_mult x the spell's level factor. */
static void test_scroll_value(void **state)
{
	(void)state;
	assert_int_equal(value_spell_level_mult(1), 100);
	assert_int_equal(value_spell_level_mult(2), 150);
	assert_int_equal(value_spell_level_mult(9), 500);
	for (uint64_t seed = 1; seed <= 200; seed++) {
		struct gen_input in = {.kind = K_SCROLL, .power = 1.0};
		struct item it;
		make(&in, seed, &it);
		uint32_t mult[8];
		size_t n = 0;
		for (size_t k = 0; k < N_SCROLL_PARTS; k++)
			mult[n++] = it.part[scroll_parts[k]]->value_mult;
		mult[n++] = 50 + 50 * (uint32_t)it.spell->s.level;
		assert_int_equal(item_value(&it),
		                 value_price(it.part[P_TYPE]->value, mult, n, 0, COND_NONE));
	}
}

/* ---- statistics ---------------------------------------------------------- */

/* |count - n p| within 4 sigma of a binomial(n, p). */
static void within_4_sigma(long count, long n, double p)
{
	double mean = (double)n * p, sigma = sqrt((double)n * p * (1 - p));
	if (fabs((double)count - mean) > 4 * sigma)
		fail_msg("count %ld, expected %.1f +- %.1f (4 sigma)", count, mean, 4 * sigma);
}

/* Each scroll part is uniform over its live rows: 40,000 scrolls from
 * seeds 1.., each of the 4 words of each part within 4 sigma of 10,000. */
static void test_scroll_parts_uniform(void **state)
{
	(void)state;
	enum { N = 40000 };
	long count[N_SCROLL_PARTS][4] = {{0}};
	static const char *const words[] = {"alpha", "beta", "gamma", "delta"};

	for (uint64_t seed = 1; seed <= N; seed++) {
		struct gen_input in = {.kind = K_SCROLL, .power = 1.0};
		struct item it;
		make(&in, seed, &it);
		for (size_t k = 0; k < N_SCROLL_PARTS; k++)
			for (int w = 0; w < 4; w++)
				count[k][w] +=
				        strcmp(it.part[scroll_parts[k]]->word, words[w]) == 0;
	}
	for (size_t k = 0; k < N_SCROLL_PARTS; k++)
		for (int w = 0; w < 4; w++)
			within_4_sigma(count[k][w], N, 0.25);
}

/* A wand follows its recipe (recipe.c): element on a roll >= 85 (16/101),
 * prefix >= 75 (26/101), an "of" phrase >= 65 (36/101), a plus >= 90
 * (11/101); 40,000 wands at power 1, each rate within 4 sigma. Every wand
 * holds a spell, and 2 + 2 x tier + 0..4 charges. */
static void test_wand_rates(void **state)
{
	(void)state;
	enum { N = 40000 };
	long element = 0, prefix = 0, phrase = 0, plus = 0;

	for (uint64_t seed = 1; seed <= N; seed++) {
		struct gen_input in = {.kind = K_WAND, .power = 1.0};
		struct item it;
		make(&in, seed, &it);
		element += it.part[P_ELEMENT] != NULL;
		prefix += it.part[P_PREFIX] != NULL;
		phrase += it.part[P_ABSTRACT] != NULL;
		plus += it.plus > 0;
		assert_non_null(it.part[P_MATERIAL]);
		assert_non_null(it.part[P_TYPE]);
		assert_non_null(it.spell);
		assert_true(it.charges >= 2 + 2 * it.tier && it.charges <= 2 + 2 * it.tier + 4);
		assert_int_equal(it.slot, SLOT_ONE_HAND);
		assert_int_equal(it.given[0], '\0');
	}
	within_4_sigma(element, N, 16.0 / 101);
	within_4_sigma(prefix, N, 26.0 / 101);
	within_4_sigma(phrase, N, 36.0 / 101);
	within_4_sigma(plus, N, 11.0 / 101);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_conjunction),
	        cmocka_unit_test(test_description),
	        cmocka_unit_test(test_part_independence),
	        cmocka_unit_test(test_scroll_name),
	        cmocka_unit_test(test_scroll_value),
	        cmocka_unit_test(test_scroll_parts_uniform),
	        cmocka_unit_test(test_wand_rates),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
