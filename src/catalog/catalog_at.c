/* catalog_at: the catalog at an older revision (catalog.h, catalog_at),
 * built from the current catalog's live and retired rows and kept in a
 * small cache. */
#include "catalog_int.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* ---- older revisions ----
 * A small cache of catalogs at old revisions, each built from the current
 * catalog's rows (live and old) on first use. An old revision never
 * changes, so an entry stays right forever; the cache is bounded by count
 * and drops the least recently used entry. Building happens outside the
 * lock: two threads asking for the same new revision at once may both
 * build it, and the second one's copy is dropped. */
struct old_slot {
	struct catalog *c; /* one reference held by the cache */
	uint64_t used;     /* tick of the last use */
	size_t rows;       /* its rows, the measure of its memory */
};
static pthread_mutex_t old_lock = PTHREAD_MUTEX_INITIALIZER;
static struct old_slot old_cache[CATALOG_OLD_CACHE];
static uint64_t old_tick;

/* Table (k, p) of dst at rev from cur's live rows (in key order, and by id
 * in by_id) and retired ones (catalog_build_of(cur)->old_by_key, old_by_id): two
 * merges of sorted lists, no sort. The row structs are copied; their words
 * and keys stay cur's (build_at holds it). Then the pick lists, as
 * catalog_finish makes them. */
static int table_at(struct catalog *dst, const struct catalog *cur, int k, int p, uint64_t rev)
{
	const struct table *lt = &cur->t[k][p];
	const struct old_rows *o = &cur->old[k][p];
	const struct catalog_build *cb = catalog_build_of((struct catalog *)cur);
	const struct entry *const *ok = cb->old_by_key[k][p], *const *oi = cb->old_by_id[k][p];
	struct table *t = &dst->t[k][p];
	size_t n = 0, i = 0, j = 0;

	for (size_t r = 0; r < lt->n; r++)
		n += (size_t)catalog_row_at(&lt->rows[r], rev);
	for (size_t r = 0; r < o->n; r++)
		n += (size_t)catalog_row_at(&o->rows[r], rev);
	if (n == 0)
		return 0;
	if (!(t->rows = malloc(n * sizeof *t->rows)) || !(t->by_id = malloc(n * sizeof *t->by_id)))
		return -1;
	/* By key: live rows and retired ones at rev, merged. */
	while (i < lt->n || j < o->n) {
		const struct entry *e;
		if (j >= o->n || (i < lt->n && strcmp(lt->rows[i].key, ok[j]->key) <= 0))
			e = &lt->rows[i++];
		else
			e = ok[j++];
		if (catalog_row_at(e, rev))
			t->rows[t->n++] = *e;
	}
	/* By id: the same merge over the id orders, pointing at t's copies
	 * (found by key: a table's keys are unique). */
	size_t m = 0;
	for (i = 0, j = 0; i < lt->n || j < o->n;) {
		const struct entry *e;
		if (j >= o->n || (i < lt->n && lt->by_id[i]->id <= oi[j]->id))
			e = lt->by_id[i++];
		else
			e = oi[j++];
		if (!catalog_row_at(e, rev))
			continue;
		size_t lo = 0, hi = t->n;
		while (lo < hi) {
			size_t mid = (lo + hi) / 2;
			int d = strcmp(t->rows[mid].key, e->key);
			if (d == 0) {
				lo = mid;
				break;
			}
			if (d < 0)
				lo = mid + 1;
			else
				hi = mid;
		}
		t->by_id[m++] = &t->rows[lo];
	}
	for (int tier = 0; tier <= TIER_MAX; tier++)
		if (catalog_build_list(t, tier) < 0)
			return -1;
	return 0;
}

/* Whether the training names at rev are exactly cur's live ones, so that
 * the catalog at rev can share cur's chain (the same names in the same
 * order build the same chain). */
static int same_names_at(const struct catalog *cur, uint64_t rev)
{
	for (size_t i = 0; i < cur->n_names; i++)
		if (!catalog_rev_at(cur->names[i].added_rev, cur->names[i].retired_rev, rev))
			return 0;
	for (size_t i = 0; i < cur->n_old_names; i++)
		if (catalog_rev_at(cur->old_names[i].added_rev, cur->old_names[i].retired_rev, rev))
			return 0;
	return 1;
}

/* SPEC §12: cur's class and setting rows of revision rev into c. */
static int add_classes_at(struct catalog *c, const struct catalog *cur, uint64_t rev)
{
	const struct catalog_class *cl[2] = {cur->classes, cur->old_classes};
	size_t ncl[2] = {cur->n_classes, cur->n_old_classes};
	const struct catalog_setting *se[2] = {cur->settings, cur->old_settings};
	size_t nse[2] = {cur->n_settings, cur->n_old_settings};
	for (int h = 0; h < 2; h++) {
		for (size_t i = 0; i < ncl[h]; i++)
			if (catalog_rev_at(cl[h][i].added_rev, cl[h][i].retired_rev, rev) &&
			    catalog_add_class(c, &cl[h][i]) != 0)
				return -1;
		for (size_t i = 0; i < nse[h]; i++)
			if (catalog_rev_at(se[h][i].added_rev, se[h][i].retired_rev, rev) &&
			    catalog_add_setting(c, &se[h][i]) != 0)
				return -1;
	}
	return 0;
}

/* The catalog at rev, derived from cur: rows are never
 * changed in place (an edit retires a row and adds another), so the
 * catalog at rev is the rows of cur, live and old, with added_rev <= rev <
 * retired_rev. Nothing is copied but the row structs: words, keys, spells'
 * and training names point into cur, which the new catalog holds; the name
 * chain is cur's when the training names are the same (most revisions
 * change only words). What is left is sorting each table by key and its
 * pick lists, as catalog_finish does for any catalog, so an item drawn
 * from it is the one drawn from a catalog loaded at rev. */
/* Whether the chain's numbers (settings since migration 0016) are the same
 * in c and cur: a shared chain must be the one c would build. */
static int same_chain_settings(const struct catalog *c, const struct catalog *cur)
{
	static const char *const names[] = {"name_chain_order", "name_letters_min"};
	for (size_t i = 0; i < sizeof names / sizeof *names; i++)
		if (catalog_setting(c, names[i], -1) != catalog_setting(cur, names[i], -1))
			return 0;
	return 1;
}

static struct catalog *build_at(const struct catalog *cur, uint64_t rev)
{
	struct catalog *c = catalog_new(rev);
	if (!c)
		return NULL;
	struct catalog_build *b = catalog_build_of(c);
	b->base = catalog_hold(cur);
	for (int k = 0; k < K__MAX; k++)
		for (int p = 0; p < P__MAX; p++)
			if (table_at(c, cur, k, p, rev) != 0)
				goto fail;
	/* Rows of cur passed their check when cur was built. */
	const struct catalog_spell *sp[2] = {cur->spells, cur->old_spells};
	size_t ns[2] = {cur->n_spells, cur->n_old_spells};
	const struct catalog_name *nm[2] = {cur->names, cur->old_names};
	size_t nn[2] = {cur->n_names, cur->n_old_names};
	for (int h = 0; h < 2; h++) {
		for (size_t i = 0; i < ns[h]; i++) {
			if (!catalog_rev_at(sp[h][i].added_rev, sp[h][i].retired_rev, rev))
				continue;
			struct catalog_spell *dst = catalog_grow_any(
			        (void **)&c->spells, sizeof *dst, &c->n_spells, &b->cap_spells);
			if (!dst)
				goto fail;
			*dst = sp[h][i];
		}
		for (size_t i = 0; i < nn[h]; i++) {
			if (!catalog_rev_at(nm[h][i].added_rev, nm[h][i].retired_rev, rev))
				continue;
			struct catalog_name *dst = catalog_grow_any((void **)&c->names, sizeof *dst,
			                                            &c->n_names, &b->cap_names);
			if (!dst)
				goto fail;
			*dst = nm[h][i];
		}
	}
	if (add_classes_at(c, cur, rev) != 0)
		goto fail;
	if (c->n_classes)
		qsort(c->classes, c->n_classes, sizeof *c->classes, catalog_class_order);
	if (c->n_settings)
		qsort(c->settings, c->n_settings, sizeof *c->settings, catalog_setting_order);
	if (cur->chain && same_names_at(cur, rev) && same_chain_settings(c, cur)) {
		c->chain = cur->chain;
		b->chain_shared = 1;
	}
	/* What catalog_finish does besides the tables (done above). */
	if (c->n_spells)
		qsort(c->spells, c->n_spells, sizeof *c->spells, catalog_spell_order);
	if (c->n_names)
		qsort(c->names, c->n_names, sizeof *c->names, catalog_name_order);
	if (catalog_build_chain(c) != 0 || catalog_apply_classes(c) != 0 ||
	    catalog_build_tilesets(c) != 0)
		goto fail;
	return c;
fail:
	catalog_free(c);
	return NULL;
}

/* Drops the cached old revisions derived from a catalog other than cur
 * (NULL: all): each holds its base, and a base that is no longer current
 * would otherwise stay in memory as long as the entry. They are cheap to
 * derive again from the new one. */
void catalog_old_drop_stale(const struct catalog *cur)
{
	struct catalog *drop[CATALOG_OLD_CACHE] = {0};
	pthread_mutex_lock(&old_lock);
	for (int i = 0; i < CATALOG_OLD_CACHE; i++)
		if (old_cache[i].c && catalog_build_of(old_cache[i].c)->base != cur) {
			drop[i] = old_cache[i].c;
			old_cache[i].c = NULL;
		}
	pthread_mutex_unlock(&old_lock);
	for (int i = 0; i < CATALOG_OLD_CACHE; i++)
		catalog_release(drop[i]);
}

/* The cached catalog at rev, held; NULL if none. */
static const struct catalog *old_lookup(uint64_t rev)
{
	const struct catalog *found = NULL;
	pthread_mutex_lock(&old_lock);
	for (int i = 0; i < CATALOG_OLD_CACHE; i++)
		if (old_cache[i].c && old_cache[i].c->revision == rev) {
			old_cache[i].used = ++old_tick;
			found = catalog_hold(old_cache[i].c);
			break;
		}
	pthread_mutex_unlock(&old_lock);
	return found;
}

/* Puts c (a fresh catalog, one reference: the caller's) into the cache and
 * returns the catalog at its revision, held for the caller: c, or the copy
 * another thread put there first (then c is freed). */
static size_t rows_of(const struct catalog *c)
{
	size_t n = 0;
	for (int k = 0; k < K__MAX; k++)
		for (int p = 0; p < P__MAX; p++)
			n += c->t[k][p].n;
	return n;
}

static const struct catalog *old_insert(struct catalog *c)
{
	struct catalog *evicted[CATALOG_OLD_CACHE] = {0}, *dup = NULL;
	const struct catalog *out = NULL;
	int victim = 0, n_evicted = 0;

	pthread_mutex_lock(&old_lock);
	for (int i = 0; i < CATALOG_OLD_CACHE && !out; i++)
		if (old_cache[i].c && old_cache[i].c->revision == c->revision) {
			old_cache[i].used = ++old_tick;
			out = catalog_hold(old_cache[i].c);
			dup = c;
		}
	if (!out) {
		for (int i = 1; i < CATALOG_OLD_CACHE; i++)
			if (!old_cache[i].c ||
			    (old_cache[victim].c && old_cache[i].used < old_cache[victim].used))
				victim = i;
		evicted[n_evicted++] = old_cache[victim].c;
		old_cache[victim] = (struct old_slot){c, ++old_tick, rows_of(c)};
		out = catalog_hold(c); /* the caller's; the one c came with is the cache's */
		/* A large catalog (a vocabulary of 100k rows) would make the slots
		 * hundreds of MB: the least recently used go until the rows fit. */
		for (;;) {
			size_t total = 0;
			int lru = -1;
			for (int i = 0; i < CATALOG_OLD_CACHE; i++) {
				if (!old_cache[i].c)
					continue;
				total += old_cache[i].rows;
				if (i != victim &&
				    (lru < 0 || old_cache[i].used < old_cache[lru].used))
					lru = i;
			}
			if (total <= CATALOG_OLD_CACHE_ROWS || lru < 0)
				break;
			evicted[n_evicted++] = old_cache[lru].c;
			old_cache[lru].c = NULL;
		}
	}
	pthread_mutex_unlock(&old_lock);
	for (int i = 0; i < n_evicted; i++)
		catalog_release(evicted[i]);
	catalog_release(dup);
	return out;
}

int catalog_at(const struct catalog *cur, uint64_t rev, const struct catalog **out)
{
	*out = NULL;
	if (rev == 0)
		return CATALOG_AT_NONE;
	if (rev > cur->revision)
		return CATALOG_AT_LATER;
	if (rev == cur->revision) {
		*out = catalog_hold(cur);
		return 0;
	}
	if ((*out = old_lookup(rev)) != NULL)
		return 0;
	struct catalog *c = build_at(cur, rev);
	if (!c)
		return -1;
	*out = old_insert(c);
	return 0;
}

void catalog_at_flush(void)
{
	struct catalog *drop[CATALOG_OLD_CACHE];
	pthread_mutex_lock(&old_lock);
	for (int i = 0; i < CATALOG_OLD_CACHE; i++) {
		drop[i] = old_cache[i].c;
		old_cache[i].c = NULL;
	}
	pthread_mutex_unlock(&old_lock);
	for (int i = 0; i < CATALOG_OLD_CACHE; i++)
		catalog_release(drop[i]);
}
