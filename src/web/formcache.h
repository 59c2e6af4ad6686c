/* formcache: the generate form, rendered once per catalog.
 *
 * Most of the form depends only on the catalog: the options of every select
 * and the fields of the parts. They are rendered once per catalog through
 * option.tpl and part.tpl into fragments (tmpl.h), and each page splices
 * them in (the x-frag variables of form.tpl): a page does not build or
 * expand an <option> of its own unless a request names a word the list
 * does not hold. Escaping stays the engine's: the pieces are expansions. */
#ifndef LOOTFORGE_FORMCACHE_H
#define LOOTFORGE_FORMCACHE_H

#include <stddef.h>

#include "catalog.h"
#include "tmpl.h"

/* Above this many active words a part is asked for with a text input: a
 * select of thousands of options helps no one, and would make every page
 * as large as the catalog (docs/rendering.md). */
#define FORM_LIST_MAX 200

/* The caches kept for catalogs older than the newest a page was given
 * (each with its catalog, ~130 KB for the shipped one): the revisions of
 * the codes most item links name, the last few before the live one. A
 * revision past them is built again for its page, from the newest's pieces
 * (docs/benchmarks.md, "The ninth pass"). */
#define FORM_OLDER_MAX 4

/* A select's options: piece i of plain is option i, piece i of sel the
 * same option marked selected. */
struct options {
	struct tmpl_frag *plain, *sel;
	size_t n;
};

/* One part's words: the active rows of its table, in the table's order
 * (sorted by word, ASCII case-insensitively), or a text input. */
struct word_list {
	const struct entry **rows; /* opt.n rows */
	struct options opt;
	int as_text; /* more than FORM_LIST_MAX words */
};

/* What the form shows that does not depend on the request: made once per
 * catalog and shared by the pages of every worker (the newest catalog's,
 * and FORM_OLDER_MAX older ones'), or made for one page without a
 * catalog. */
struct form_cache {
	const struct catalog *cat; /* NULL: no words */
	int holds_ref;             /* holds a reference on cat (every kept one does) */
	long refs;                 /* pages using it, +1 while shared; under cache_lock */
	struct options kinds, tiers;
	/* part.tpl: piece 2p / 2p+1 of fields is part p's select up to its
	 * options / after them; piece p of texts its empty text input */
	struct tmpl_frag *fields, *texts;
	struct word_list lists[K__MAX][P__MAX]; /* only the kinds asked for */
};

/* The cache to render a page of catalog cat (held by the caller) with,
 * every kind's lists in it: the shared one when it is cat's; a new shared
 * one when cat is newer than the shared one's; an older one's when kept,
 * else a new one kept in place of the least recently used
 * (FORM_OLDER_MAX). Without a catalog, one for this page only. NULL when
 * out of memory. Release with formcache_put. */
struct form_cache *formcache_get(const struct catalog *cat);
void formcache_put(struct form_cache *c);

/* The row index of word in l (by catalog_key, as the catalog sorts), or -1. */
long formcache_find_word(const struct word_list *l, const char *word);

/* A select's options and a part's field, for a page that shows what the
 * cache lacks (a requested word not in the list). */
int formcache_options_add(struct options *o, const char *value, const char *label);
void formcache_options_free(struct options *o);
int formcache_field_add(struct tmpl_frag *f, enum part p, const char *what, const char *want);

#endif
