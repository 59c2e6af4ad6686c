/* Catalog revisions (docs/items.md): a catalog holds the rows of its own
 * revision in its tables and the others aside; catalog_at builds any older
 * revision from them, caches it, and refuses revision 0 and revisions
 * newer than the current one; the disk copy keeps the old rows. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "catalog_file.h"
#include "generate.h"

static void add(struct catalog *c, enum part p, uint32_t id, const char *word, int attack,
                uint64_t added, uint64_t retired)
{
	struct entry e = {
	        .id = id, .word = word, .active = 1, .added_rev = added, .retired_rev = retired};
	e.stat[ST_ATTACK] = attack;
	e.stat[ST_HANDS] = 1;
	if (p == P_TYPE)
		e.tier = 1;
	assert_int_equal(catalog_add(c, K_WEAPON, p, &e), 0);
}

/* Revision 10. dagger: attack 4 from 2, edited to 6 at 5 (row 3).
 * club: from 2, retired at 7. axe: added at 8. sharp: from 2. */
static struct catalog *history(void)
{
	struct catalog *c = catalog_new(10);
	assert_non_null(c);
	add(c, P_TYPE, 1, "dagger", 4, 2, 5);
	add(c, P_TYPE, 2, "club", 5, 2, 7);
	add(c, P_TYPE, 3, "dagger", 6, 5, 0);
	add(c, P_TYPE, 4, "axe", 8, 8, 0);
	add(c, P_PREFIX, 5, "sharp", 1, 2, 0);
	assert_int_equal(catalog_finish(c), 0);
	return c;
}

static void current_holds_live_rows(void **state)
{
	(void)state;
	struct catalog *c = history();
	const struct table *t = &c->t[K_WEAPON][P_TYPE];
	assert_int_equal(t->n, 2); /* axe, dagger (row 3) */
	assert_int_equal(c->old[K_WEAPON][P_TYPE].n, 2);
	assert_int_equal(catalog_find(c, K_WEAPON, P_TYPE, "dagger")->id, 3);
	assert_int_equal(catalog_find_id(c, K_WEAPON, P_TYPE, 4)->stat[ST_ATTACK], 8);
	assert_null(catalog_find_id(c, K_WEAPON, P_TYPE, 1)); /* retired */
	assert_null(catalog_find_id(c, K_WEAPON, P_TYPE, 99));
	catalog_free(c);
}

static void old_revision_rebuilt(void **state)
{
	(void)state;
	struct catalog *c = history();
	const struct catalog *at4 = NULL, *again = NULL, *at10 = NULL;

	assert_int_equal(catalog_at(c, 4, &at4), 0);
	assert_int_equal(at4->revision, 4);
	assert_int_equal(at4->t[K_WEAPON][P_TYPE].n, 2); /* club, dagger (row 1) */
	assert_int_equal(catalog_find(at4, K_WEAPON, P_TYPE, "dagger")->stat[ST_ATTACK], 4);
	assert_non_null(catalog_find(at4, K_WEAPON, P_TYPE, "club"));
	assert_null(catalog_find(at4, K_WEAPON, P_TYPE, "axe"));
	assert_non_null(catalog_find_id(at4, K_WEAPON, P_PREFIX, 5));

	/* The second use is the cached catalog itself. */
	assert_int_equal(catalog_at(c, 4, &again), 0);
	assert_ptr_equal(again, at4);
	catalog_release(again);

	/* Revision 1 is defined and empty: nothing can be generated. */
	const struct catalog *at1 = NULL;
	struct gen_input in = {.kind = K_WEAPON, .power = 1.0};
	struct item it;
	assert_int_equal(catalog_at(c, 1, &at1), 0);
	assert_int_equal(generate(at1, &in, 1, &it), -1);
	catalog_release(at1);

	/* The current revision is the current catalog. */
	assert_int_equal(catalog_at(c, 10, &at10), 0);
	assert_ptr_equal(at10, c);
	catalog_release(at10); /* back to the one reference catalog_new gave */

	assert_int_equal(catalog_at(c, 11, &at10), CATALOG_AT_LATER);
	assert_null(at10);
	assert_int_equal(catalog_at(c, 0, &at10), CATALOG_AT_NONE);

	catalog_release(at4);
	catalog_at_flush();
	catalog_release(c);
}

/* The cache keeps CATALOG_OLD_CACHE catalogs: asking for more drops the
 * least recently used one, and asking for it again builds a new one. */
static void cache_is_bounded(void **state)
{
	(void)state;
	struct catalog *c = catalog_new(100);
	add(c, P_TYPE, 1, "dagger", 4, 1, 0);
	assert_int_equal(catalog_finish(c), 0);
	const struct catalog *first = NULL, *x = NULL;

	assert_int_equal(catalog_at(c, 1, &first), 0);
	const struct catalog *first_ptr = first;
	catalog_release(first);
	for (uint64_t r = 2; r <= CATALOG_OLD_CACHE + 1; r++) {
		assert_int_equal(catalog_at(c, r, &x), 0);
		catalog_release(x);
	}
	/* Revision 1 was the least recently used: it was dropped (and freed). */
	assert_int_equal(catalog_at(c, 1, &x), 0);
	assert_int_equal(x->revision, 1);
	(void)first_ptr; /* may be reused by malloc: only the count is checked */
	catalog_release(x);
	catalog_at_flush();
	catalog_release(c);
}

/* A catalog derived for an old revision (it shares its base's words) draws
 * the same items as one loaded at that revision: same words, same stats,
 * same name, for every seed tried. */
static void derived_draws_like_loaded(void **state)
{
	(void)state;
	struct catalog *c = history();
	struct catalog *loaded = catalog_new(6); /* the rows at 6: dagger (row 3), club, sharp */
	add(loaded, P_TYPE, 2, "club", 5, 2, 7);
	add(loaded, P_TYPE, 3, "dagger", 6, 5, 0);
	add(loaded, P_PREFIX, 5, "sharp", 1, 2, 0);
	assert_int_equal(catalog_finish(loaded), 0);
	const struct catalog *at6 = NULL;
	assert_int_equal(catalog_at(c, 6, &at6), 0);
	for (uint64_t seed = 1; seed <= 500; seed++) {
		struct gen_input in = {.kind = K_WEAPON, .power = 1.0};
		struct item a, b;
		assert_int_equal(generate(at6, &in, seed, &a), 0);
		assert_int_equal(generate(loaded, &in, seed, &b), 0);
		assert_string_equal(a.name, b.name);
		assert_memory_equal(a.stat, b.stat, sizeof a.stat);
		for (int p = 0; p < P__MAX; p++) {
			assert_true(!a.part[p] == !b.part[p]);
			if (a.part[p])
				assert_int_equal(a.part[p]->id, b.part[p]->id);
		}
	}
	/* Its words are its base's, not copies. */
	assert_ptr_equal(catalog_find(at6, K_WEAPON, P_PREFIX, "sharp")->word,
	                 catalog_find(c, K_WEAPON, P_PREFIX, "sharp")->word);
	catalog_release(at6);
	catalog_at_flush();
	catalog_free(loaded);
	catalog_release(c);
}

static void disk_copy_keeps_old_rows(void **state)
{
	(void)state;
	char path[] = "/tmp/lf-rev-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	struct catalog *c = history();
	assert_int_equal(catalog_file_write(path, c), 0);
	const char *why = NULL;
	struct catalog *back = catalog_file_read(path, &why);
	assert_non_null(back);
	assert_int_equal(back->t[K_WEAPON][P_TYPE].n, 2);
	assert_int_equal(back->old[K_WEAPON][P_TYPE].n, 2);
	const struct catalog *at4 = NULL;
	assert_int_equal(catalog_at(back, 4, &at4), 0);
	assert_int_equal(catalog_find(at4, K_WEAPON, P_TYPE, "dagger")->id, 1);
	catalog_release(at4);
	catalog_at_flush();
	catalog_free(back);
	catalog_free(c);
	unlink(path);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(current_holds_live_rows),
	        cmocka_unit_test(old_revision_rebuilt),
	        cmocka_unit_test(cache_is_bounded),
	        cmocka_unit_test(derived_draws_like_loaded),
	        cmocka_unit_test(disk_copy_keeps_old_rows),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
