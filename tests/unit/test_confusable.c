/* confusable: the skeleton of look-alikes, and the look-alike of
 * a live word found in a catalog. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "catalog.h"
#include "confusable.h"

static void same_skeleton(const char *a, const char *b)
{
	char sa[CONFUSABLE_SKELETON_MAX], sb[CONFUSABLE_SKELETON_MAX];

	assert_int_equal(confusable_skeleton(a, sa, sizeof sa), 0);
	assert_int_equal(confusable_skeleton(b, sb, sizeof sb), 0);
	if (strcmp(sa, sb) != 0)
		fail_msg("'%s' -> '%s' but '%s' -> '%s'", a, sa, b, sb);
}

static void other_skeleton(const char *a, const char *b)
{
	char sa[CONFUSABLE_SKELETON_MAX], sb[CONFUSABLE_SKELETON_MAX];

	assert_int_equal(confusable_skeleton(a, sa, sizeof sa), 0);
	assert_int_equal(confusable_skeleton(b, sb, sizeof sb), 0);
	if (strcmp(sa, sb) == 0)
		fail_msg("'%s' and '%s' both -> '%s'", a, b, sa);
}

/* Each example of the issue has the skeleton of the word it imitates. */
static void test_the_issue_examples(void **state)
{
	(void)state;
	same_skeleton("balanced\u3164", "balanced"); /* HANGUL FILLER dropped */
	same_skeleton("b\u0430lanced", "balanced");  /* Cyrillic а */
	same_skeleton("hea\u03bdy", "heavy");        /* Greek ν */
	same_skeleton("\U0001D41B\U0001D41A\U0001D425\U0001D41A\U0001D427\U0001D41C\U0001D41E"
	              "\U0001D41D",
	              "balanced");                                /* mathematical bold */
	same_skeleton("\uff48\uff45\uff41\uff56\uff59", "heavy"); /* fullwidth */
	same_skeleton("\u0421\u0410\u0420\u0415", "cape");        /* Cyrillic capitals */
	same_skeleton("V\u0131cious", "vicious");                 /* dotless ı */
	same_skeleton("HEAVY", "heavy");                          /* case */
}

/* Accents and real letters stay: these are other words. */
static void test_real_differences_stay(void **state)
{
	(void)state;
	other_skeleton("Caf\u00e9", "Cafe");
	other_skeleton("heavy", "heady");
	other_skeleton("barn", "bam"); /* no "rn" -> "m": it would refuse real words */
	other_skeleton("\u0436\u0430\u0440", "zhar");
}

static struct catalog *small_catalog(void)
{
	struct catalog *c = catalog_new(1);
	struct entry e;
	const char *words[] = {"Balanced", "Vicious", "Caf\u00e9"};

	for (size_t i = 0; i < sizeof words / sizeof words[0]; i++) {
		memset(&e, 0, sizeof e);
		e.id = (uint32_t)i + 1;
		e.word = words[i];
		e.active = 1;
		e.weight = 1;
		assert_int_equal(catalog_add(c, K_WEAPON, P_PREFIX, &e), 0);
	}
	assert_int_equal(catalog_finish(c), 0);
	return c;
}

static void test_look_alikes_of_live_words(void **state)
{
	struct catalog *c = small_catalog();

	(void)state;
	assert_string_equal(confusable_live(c, "b\u0430lanced"), "Balanced");
	assert_string_equal(confusable_live(c, "V\u0131cious"), "Vicious");
	assert_string_equal(confusable_live(c, "\u0412\u0430l\u0430nced"), "Balanced");
	assert_string_equal(confusable_live(c, "C\u0430f\u00e9"), "Caf\u00e9");
	/* The live word itself, in any case: the database's 409, not this. */
	assert_null(confusable_live(c, "balanced"));
	assert_null(confusable_live(c, "CAF\u00c9"));
	/* Not look-alikes. */
	assert_null(confusable_live(c, "Cafe"));
	assert_null(confusable_live(c, "Balance"));
	assert_null(confusable_live(c, "Viscous"));
	assert_null(confusable_live(NULL, "balanced"));
	catalog_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_the_issue_examples),
	        cmocka_unit_test(test_real_differences_stay),
	        cmocka_unit_test(test_look_alikes_of_live_words),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
