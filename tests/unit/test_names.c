/* How item names are written (SPEC §4, "Name"): title case that knows
 * Unicode, an abstract's article first and lower-case, requested words
 * matched after NFC and case folding, and a long name cut on a character
 * boundary. Each test builds the small catalog it needs and requests every
 * word, with power 0 so that nothing else is rolled. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include <unistr.h>

#include "catalog.h"
#include "generate.h"

struct row {
	enum part part;
	const char *word;
};

static struct catalog *catalog_of(const struct row *rows, size_t n)
{
	struct catalog *c = catalog_new(1);
	assert_non_null(c);
	for (size_t i = 0; i < n; i++) {
		struct entry e = {.id = (uint32_t)i + 1,
		                  .word = rows[i].word,
		                  .active = 1,
		                  .tier = rows[i].part == P_TYPE ? 1 : 0,
		                  .weight = 1};
		assert_int_equal(catalog_add(c, K_WEAPON, rows[i].part, &e), 0);
	}
	assert_int_equal(catalog_finish(c), 0);
	return c;
}

/* The name of a weapon made of these requested words (NULL: none). */
static void name_of(const struct catalog *c, const char *type, const char *adjective,
                    const char *abstract, struct item *it)
{
	struct gen_input in = {.kind = K_WEAPON, .power = 0};
	in.want[P_TYPE] = type;
	in.want[P_ADJECTIVE] = adjective;
	in.want[P_ABSTRACT] = abstract;
	assert_int_equal(generate(c, &in, 1, it), 0);
	assert_int_equal(it->n_unhonoured, 0);
}

static const struct row words[] = {
        {P_TYPE, "composite bow"},
        {P_TYPE, "épée"},
        {P_TYPE, "LONGSWORD"},
        {P_TYPE, "blood-soaked axe"},
        {P_TYPE, "ǆemal"},
        {P_TYPE, "mace 2a"},
        {P_ADJECTIVE, "ancient"},
        {P_ADJECTIVE, "ÉLDER"},
        {P_ABSTRACT, "the bear"},
        {P_ABSTRACT, "The Dead"},
        {P_ABSTRACT, "a thousand cuts"},
        {P_ABSTRACT, "wrath"},
        {P_ABSTRACT, "theft"},
};
#define N_WORDS (sizeof words / sizeof words[0])

static void test_article_without_adjective(void **state)
{
	(void)state;
	struct catalog *c = catalog_of(words, N_WORDS);
	struct item it;
	name_of(c, "composite bow", NULL, "The Dead", &it);
	assert_string_equal(it.name, "Composite Bow of the Dead");
	name_of(c, "composite bow", NULL, "a thousand cuts", &it);
	assert_string_equal(it.name, "Composite Bow of a Thousand Cuts");
	name_of(c, "composite bow", NULL, "theft", &it); /* "the" only as a whole word */
	assert_string_equal(it.name, "Composite Bow of Theft");
	catalog_free(c);
}

static void test_article_with_adjective(void **state)
{
	(void)state;
	struct catalog *c = catalog_of(words, N_WORDS);
	struct item it;
	name_of(c, "composite bow", "ancient", "the bear", &it);
	assert_string_equal(it.name, "Composite Bow of the Ancient Bear");
	name_of(c, "composite bow", "ÉLDER", "The Dead", &it);
	assert_string_equal(it.name, "Composite Bow of the Élder Dead");
	name_of(c, "composite bow", "ancient", "wrath", &it);
	assert_string_equal(it.name, "Composite Bow of Ancient Wrath");
	catalog_free(c);
}

static void test_title_case_unicode_and_capitals(void **state)
{
	(void)state;
	struct catalog *c = catalog_of(words, N_WORDS);
	struct item it;
	name_of(c, "épée", NULL, NULL, &it);
	assert_string_equal(it.name, "Épée");
	name_of(c, "LONGSWORD", NULL, NULL, &it);
	assert_string_equal(it.name, "Longsword");
	name_of(c, "blood-soaked axe", NULL, NULL, &it);
	assert_string_equal(it.name, "Blood-Soaked Axe");
	name_of(c, "ǆemal", NULL, NULL, &it); /* a digraph has its own title case */
	assert_string_equal(it.name, "ǅemal");
	name_of(c, "mace 2a", NULL, NULL, &it); /* a letter after a digit stays low */
	assert_string_equal(it.name, "Mace 2a");
	catalog_free(c);
}

/* Requests match after NFC and case folding, the stored word's and the
 * request's alike. */
static void test_request_matching(void **state)
{
	(void)state;
	struct catalog *c = catalog_of(words, N_WORDS);
	const struct entry *epee = catalog_find(c, K_WEAPON, P_TYPE, "épée");
	assert_non_null(epee);
	assert_ptr_equal(catalog_find(c, K_WEAPON, P_TYPE,
	                              "e\xcc\x81pe\xcc\x81"
	                              "e"),
	                 epee);
	assert_ptr_equal(catalog_find(c, K_WEAPON, P_TYPE,
	                              "E\xcc\x81PE\xcc\x81"
	                              "E"),
	                 epee);
	assert_ptr_equal(catalog_find(c, K_WEAPON, P_TYPE, "ÉPÉE"), epee);
	const struct entry *ls = catalog_find(c, K_WEAPON, P_TYPE, "longsword");
	assert_non_null(ls);
	assert_string_equal(ls->word, "LONGSWORD");
	assert_ptr_equal(catalog_find(c, K_WEAPON, P_TYPE, "LongSword"), ls);
	assert_non_null(catalog_find(c, K_WEAPON, P_ADJECTIVE, "élder"));
	assert_null(catalog_find(c, K_WEAPON, P_TYPE, "epee")); /* accents count */
	struct item it;
	name_of(c,
	        "E\xcc\x81PE\xcc\x81"
	        "E",
	        NULL, NULL, &it);
	assert_string_equal(it.name, "Épée");
	catalog_free(c);
}

/* Two rows that differ only by case or composition are the same word. */
static void test_duplicates_after_folding(void **state)
{
	(void)state;
	static const struct row dup[] = {{P_TYPE, "épée"},
	                                 {P_TYPE, "E\xcc\x81PE\xcc\x81"
	                                          "E"}};
	struct catalog *c = catalog_new(1);
	for (size_t i = 0; i < 2; i++) {
		struct entry e = {.word = dup[i].word, .active = 1, .tier = 1};
		assert_int_equal(catalog_add(c, K_WEAPON, P_TYPE, &e), 0);
	}
	assert_int_equal(catalog_finish(c), -1);
	catalog_free(c);
}

/* Long names of two-byte characters: whatever the offset of the cut, the
 * name stays valid UTF-8 and within item.name. */
static void test_long_multibyte_name_cut_on_a_boundary(void **state)
{
	(void)state;
	char type[2][256], abs[256];
	for (int v = 0; v < 2; v++) {
		size_t n = 0;
		if (v)
			type[v][n++] = 'a'; /* shifts every later byte by one */
		for (int i = 0; i < 100; i++) {
			memcpy(type[v] + n, "é", 2);
			n += 2;
		}
		type[v][n] = '\0';
	}
	for (int i = 0; i < 100; i++)
		memcpy(abs + 2 * i, "ж", 2);
	abs[200] = '\0';
	struct row rows[] = {{P_TYPE, type[0]}, {P_TYPE, type[1]}, {P_ABSTRACT, abs}};
	struct catalog *c = catalog_of(rows, 3);
	for (int v = 0; v < 2; v++) {
		struct item it;
		name_of(c, type[v], NULL, abs, &it);
		size_t len = strlen(it.name);
		assert_true(len < sizeof it.name);
		assert_true(len >= sizeof it.name - 4); /* cut, not dropped */
		assert_null(u8_check((const uint8_t *)it.name, len));
	}
	catalog_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_article_without_adjective),
	        cmocka_unit_test(test_article_with_adjective),
	        cmocka_unit_test(test_title_case_unicode_and_capitals),
	        cmocka_unit_test(test_request_matching),
	        cmocka_unit_test(test_duplicates_after_folding),
	        cmocka_unit_test(test_long_multibyte_name_cut_on_a_boundary),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
