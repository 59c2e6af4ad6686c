/* formcache: the generate form of a catalog is the same bytes however its
 * cache was made (expanded option by option, or copied from another
 * revision's pieces), and the caches of older catalogs are kept, a few.
 * The caches are process-wide, so this binary renders its catalogs in a
 * fixed order. Runs from the project root (the real templates). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "form.h"
#include "formcache.h"
#include "render.h"
#include "tmpl.h"

static struct form *form;

/* A catalog at revision rev with the weapon words of `words` (NULL-ended;
 * a word starting with '-' is added inactive), finished. */
static struct catalog *catalog_of(uint64_t rev, const char *const *words)
{
	struct catalog *c = catalog_new(rev);
	assert_non_null(c);
	for (const char *const *w = words; *w; w++) {
		int active = (*w)[0] != '-';
		struct entry e = {
		        .word = active ? *w : *w + 1, .active = (uint8_t)active, .tier = 1};
		/* a type of each word (the generator needs one), and a prefix */
		assert_int_equal(catalog_add(c, K_WEAPON, P_TYPE, &e), 0);
		assert_int_equal(catalog_add(c, K_WEAPON, P_PREFIX, &e), 0);
	}
	assert_int_equal(catalog_finish(c), 0);
	return c;
}

/* The page of the form alone (no item), for catalog c. */
static char *page_of(const struct catalog *c)
{
	struct buf out;
	struct page p = {.cat = c, .form = form};
	buf_init(&out);
	assert_int_equal(render_html(&p, &out), 0);
	assert_non_null(out.data);
	return out.data;
}

static int setup(void **state)
{
	struct form_error err;
	(void)state;
	if (tmpl_init("templates", NULL) != 0)
		return -1;
	form = malloc(sizeof *form);
	return form && form_parse(form, "kind=weapon", NULL, 0, &err) == 0 ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	free(form);
	return 0;
}

#define HAS(h, s)     assert_non_null(strstr((h), (s)))
#define HAS_NOT(h, s) assert_null(strstr((h), (s)))

static void test_same_bytes_however_made(void **state)
{
	static const char *const none_alike[] = {"zweihander", "zorn", NULL};
	static const char *const words[] = {"longsword", "dagger",  "<b>bold</b>", "sharp",
	                                    "-rusty",    "war bow", NULL};
	/* one word retired, one added, one only in another case */
	static const char *const older_words[] = {"longsword", "dagger", "<b>bold</b>", "SHARP",
	                                          "-war bow",  "rusty",  NULL};
	(void)state;
	/* X first: the newest yet, its options expanded one by one */
	struct catalog *x = catalog_of(10, none_alike);
	char *hx = page_of(x);
	/* B: newer, with no word of X's: expanded too (the reference) */
	struct catalog *b = catalog_of(20, words);
	char *hb = page_of(b);
	/* B2: newer again, B's words: every option copied from B's pieces */
	struct catalog *b2 = catalog_of(30, words);
	char *hb2 = page_of(b2);
	assert_string_equal(hb2, hb);
	HAS(hb, "<option value=\"&lt;b&gt;bold&lt;/b&gt;\">&lt;b&gt;bold&lt;/b&gt;</option>");
	HAS(hb, "<option value=\"war bow\">");
	HAS_NOT(hb, "rusty");
	HAS_NOT(hb, "zorn");

	/* O: older than B2, some words copied and some made */
	struct catalog *o = catalog_of(25, older_words);
	char *ho = page_of(o);
	HAS(ho, "<option value=\"SHARP\">SHARP</option>"); /* its own bytes, not B2's */
	HAS_NOT(ho, "\"sharp\"");
	HAS(ho, "<option value=\"rusty\">");
	HAS_NOT(ho, "war bow");
	HAS(ho, "<option value=\"&lt;b&gt;bold&lt;/b&gt;\">&lt;b&gt;bold&lt;/b&gt;</option>");
	const char *d = strstr(ho, "<option value=\"dagger\">");
	const char *l = strstr(ho, "<option value=\"longsword\">");
	assert_non_null(d);
	assert_non_null(l);
	assert_true(d < l);
	/* superseded catalogs' pages are made again, the same bytes; and O's
	 * words made from pieces with none of them (X's words newest again) */
	char *hx2 = page_of(x);
	assert_string_equal(hx2, hx);
	char *hb3 = page_of(b);
	assert_string_equal(hb3, hb);
	struct catalog *o_far = catalog_of(40, none_alike);
	char *hfar = page_of(o_far); /* the newest now: X's words */
	assert_string_equal(hfar, hx);
	struct catalog *o2 = catalog_of(50, older_words); /* from X's pieces: made */
	char *ho2 = page_of(o2);
	assert_string_equal(ho2, ho);

	free(hx);
	free(hb);
	free(hb2);
	free(ho);
	free(hx2);
	free(hb3);
	free(hfar);
	free(ho2);
	/* the caches hold their catalogs: these go once the caches do */
	catalog_release(x);
	catalog_release(b);
	catalog_release(b2);
	catalog_release(o);
	catalog_release(o_far);
	catalog_release(o2);
}

/* A cache is kept for the newest catalog and FORM_OLDER_MAX older ones: an
 * older catalog's page gets the same cache until more than that many other
 * older ones have been asked for since. */
static void test_older_ones_kept(void **state)
{
	static const char *const words[] = {"longsword", "dagger", NULL};
	struct catalog *newest = catalog_of(1000, words);
	struct catalog *old[FORM_OLDER_MAX + 1];
	(void)state;
	free(page_of(newest));
	for (int i = 0; i <= FORM_OLDER_MAX; i++)
		old[i] = catalog_of(900 + (uint64_t)i, words);

	struct form_cache *first = formcache_get(old[0]);
	assert_non_null(first);
	struct form_cache *again = formcache_get(old[0]);
	assert_ptr_equal(again, first);
	formcache_put(again);
	/* FORM_OLDER_MAX - 1 others: old[0] is still among the kept */
	for (int i = 1; i < FORM_OLDER_MAX; i++)
		formcache_put(formcache_get(old[i]));
	again = formcache_get(old[0]);
	assert_ptr_equal(again, first);
	formcache_put(again);
	/* FORM_OLDER_MAX others after it: pushed out, a new one made (first
	 * stays valid while held) */
	for (int i = 1; i <= FORM_OLDER_MAX; i++)
		formcache_put(formcache_get(old[i]));
	again = formcache_get(old[0]);
	assert_non_null(again);
	assert_ptr_not_equal(again, first);
	assert_ptr_equal(first->cat, old[0]);
	assert_int_equal(first->lists[K_WEAPON][P_TYPE].opt.n, 2);
	formcache_put(again);
	formcache_put(first);
	/* the newest's is still the newest's */
	struct form_cache *n = formcache_get(newest);
	struct form_cache *n2 = formcache_get(newest);
	assert_ptr_equal(n, n2);
	formcache_put(n);
	formcache_put(n2);
	for (int i = 0; i <= FORM_OLDER_MAX; i++)
		catalog_release(old[i]);
	catalog_release(newest);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_same_bytes_however_made),
	        cmocka_unit_test(test_older_ones_kept),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
