/* formcache: see formcache.h. */
#include "formcache.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render_int.h"

#define ALL_KINDS ((1u << K__MAX) - 1)

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct form_cache *shared; /* for the current catalog, or NULL */
/* For older catalogs, the most recently used first: the pages of items
 * made before the last change sets (the ones most links name) find theirs
 * built. Each holds a reference on its catalog and one on itself. */
static struct form_cache *older[FORM_OLDER_MAX];

void formcache_options_free(struct options *o)
{
	tmpl_frag_free(o->plain);
	tmpl_frag_free(o->sel);
}

/* Appends an option, plain and selected. */
int formcache_options_add(struct options *o, const char *value, const char *label)
{
	struct tmpl_dict *d;
	int rc = -1;

	if ((!o->plain && !(o->plain = tmpl_frag_new())) ||
	    (!o->sel && !(o->sel = tmpl_frag_new())) || !(d = tmpl_dict_new("option")))
		return -1;
	tmpl_set(d, "VALUE", value);
	tmpl_set(d, "LABEL", label);
	if (tmpl_frag_add(o->plain, "option.tpl", d) == 0) {
		tmpl_show(d, "SEL");
		rc = tmpl_frag_add(o->sel, "option.tpl", d);
	}
	tmpl_dict_free(d);
	if (rc == 0)
		o->n++;
	return rc; /* on failure the two frags disagree: the caller drops them */
}

/* Appends to f the piece of part.tpl that section `what` draws for part
 * p, with `want` in a text input. */
int formcache_field_add(struct tmpl_frag *f, enum part p, const char *what, const char *want)
{
	struct tmpl_dict *d = tmpl_dict_new("part");
	char label[32];
	int rc;

	if (!d)
		return -1;
	tmpl_set(d, "PART_NAME", part_names[p]);
	/* "tube-quality" reads "Tube quality" */
	render_capitalised(part_names[p], label, sizeof label);
	for (char *c = label; *c; c++)
		if (*c == '-')
			*c = ' ';
	tmpl_set(d, "PART_LABEL", label);
	tmpl_set(d, "WANT", want ? want : "");
	tmpl_show(d, what);
	rc = tmpl_frag_add(f, "part.tpl", d);
	tmpl_dict_free(d);
	return rc;
}

/* Appends option j of from, plain and selected, as copies of its pieces. */
static int options_copy(struct options *o, const struct options *from, size_t j)
{
	if ((!o->plain && !(o->plain = tmpl_frag_new())) ||
	    (!o->sel && !(o->sel = tmpl_frag_new())) ||
	    tmpl_frag_copy(o->plain, from->plain, j) != 0 ||
	    tmpl_frag_copy(o->sel, from->sel, j) != 0)
		return -1;
	o->n++;
	return 0;
}

/* The option of word from the donor's list when it holds that word, byte
 * for byte (the same template and values: the same expansion), else made.
 * Most words of one revision are in the next one's lists: a cache for an
 * older catalog then costs copies rather than an expansion per option. */
static int option_for(struct options *o, const char *word, const struct word_list *donor)
{
	long j = donor && donor->rows ? formcache_find_word(donor, word) : -1;
	if (j >= 0 && strcmp(donor->rows[j]->word, word) == 0)
		return options_copy(o, &donor->opt, (size_t)j);
	return formcache_options_add(o, word, word);
}

static int build_list(struct word_list *l, const struct table *t, const struct word_list *donor)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n; i++)
		n += t->rows[i].active && t->rows[i].word;
	if (n > FORM_LIST_MAX) {
		l->as_text = 1;
		return 0;
	}
	if (n == 0)
		return 0;
	if (!(l->rows = malloc(n * sizeof(*l->rows))))
		return -1;
	for (size_t i = 0; i < t->n; i++) {
		const struct entry *e = &t->rows[i];
		if (!e->active || !e->word)
			continue;
		l->rows[l->opt.n] = e;
		if (option_for(&l->opt, e->word, donor) != 0)
			return -1;
	}
	return 0;
}

static void cache_free(struct form_cache *c)
{
	if (!c)
		return;
	for (int k = 0; k < K__MAX; k++) {
		for (int p = 0; p < P__MAX; p++) {
			free(c->lists[k][p].rows);
			formcache_options_free(&c->lists[k][p].opt);
		}
	}
	formcache_options_free(&c->kinds);
	formcache_options_free(&c->tiers);
	tmpl_frag_free(c->fields);
	tmpl_frag_free(c->texts);
	if (c->holds_ref)
		catalog_release(c->cat);
	free(c);
}

/* Every piece of from appended to *to (made when NULL). */
static int frag_copy_all(struct tmpl_frag **to, const struct tmpl_frag *from)
{
	size_t n = tmpl_frag_count(from);
	if (!*to && !(*to = tmpl_frag_new()))
		return -1;
	for (size_t i = 0; i < n; i++)
		if (tmpl_frag_copy(*to, from, i) != 0)
			return -1;
	return 0;
}

/* The parts of the form that do not depend on the catalog: the donor's
 * copied when there is one. */
static int build_static(struct form_cache *c, const struct form_cache *donor)
{
	char text[16], label[32];

	if (donor) {
		if (frag_copy_all(&c->kinds.plain, donor->kinds.plain) != 0 ||
		    frag_copy_all(&c->kinds.sel, donor->kinds.sel) != 0 ||
		    frag_copy_all(&c->tiers.plain, donor->tiers.plain) != 0 ||
		    frag_copy_all(&c->tiers.sel, donor->tiers.sel) != 0 ||
		    frag_copy_all(&c->fields, donor->fields) != 0 ||
		    frag_copy_all(&c->texts, donor->texts) != 0)
			return -1;
		c->kinds.n = donor->kinds.n;
		c->tiers.n = donor->tiers.n;
		return 0;
	}
	int err = !(c->fields = tmpl_frag_new()) || !(c->texts = tmpl_frag_new());

	for (int k = 0; !err && k < K__MAX; k++)
		err = formcache_options_add(&c->kinds, kind_names[k],
		                            render_kind_label((enum kind)k, label, sizeof label)) !=
		      0;
	for (int t = 0; !err && t <= TIER_MAX; t++) {
		snprintf(text, sizeof text, "%d", t);
		err = formcache_options_add(&c->tiers, text, t == 0 ? "any" : text) != 0;
	}
	for (int p = 0; !err && p < P__MAX; p++)
		err = formcache_field_add(c->fields, (enum part)p, "HEAD", NULL) != 0 ||
		      formcache_field_add(c->fields, (enum part)p, "TAIL", NULL) != 0 ||
		      formcache_field_add(c->texts, (enum part)p, "TEXT", NULL) != 0;
	return err ? -1 : 0;
}

/* A cache for cat with the word lists of the kinds in `kinds`, copying
 * what it can from donor (NULL: none). With holds_ref, it takes over the
 * caller's reference on cat (released on failure too). refs is 1. NULL
 * when out of memory. */
static struct form_cache *cache_build(const struct catalog *cat, unsigned kinds, int holds_ref,
                                      const struct form_cache *donor)
{
	struct form_cache *c = calloc(1, sizeof(*c));
	int err;

	if (!c) {
		if (holds_ref)
			catalog_release(cat);
		return NULL;
	}
	c->cat = cat;
	c->holds_ref = holds_ref;
	c->refs = 1;
	err = build_static(c, donor) != 0;
	for (int k = 0; !err && cat && k < K__MAX; k++)
		for (int p = 0; !err && (kinds & (1u << k)) && p < P__MAX; p++)
			err = build_list(&c->lists[k][p], &cat->t[k][p],
			                 donor ? &donor->lists[k][p] : NULL) != 0;
	if (err) {
		cache_free(c);
		return NULL;
	}
	return c;
}

void formcache_put(struct form_cache *c)
{
	int last;

	if (!c)
		return;
	pthread_mutex_lock(&cache_lock);
	last = --c->refs == 0;
	pthread_mutex_unlock(&cache_lock);
	if (last)
		cache_free(c);
}

/* Under cache_lock: the older catalogs' cache for cat, moved to the front,
 * or NULL. */
static struct form_cache *older_find(const struct catalog *cat)
{
	for (int i = 0; i < FORM_OLDER_MAX && older[i]; i++) {
		struct form_cache *c = older[i];
		if (c->cat == cat) {
			memmove(&older[1], &older[0], (size_t)i * sizeof older[0]);
			older[0] = c;
			return c;
		}
	}
	return NULL;
}

/* Under cache_lock: c (its reference given) in front of the older ones;
 * the one pushed out, whose reference the caller drops, or NULL. */
static struct form_cache *older_push(struct form_cache *c)
{
	struct form_cache *out = older[FORM_OLDER_MAX - 1];
	memmove(&older[1], &older[0], (FORM_OLDER_MAX - 1) * sizeof older[0]);
	older[0] = c;
	return out;
}

/* Comparing pointers is sound: a kept cache holds a reference on its
 * catalog, so no other catalog can have that address while it is kept.
 * The caller's catalog decides which one is shared: a newer revision (or the
 * same revision loaded anew, live after the copy on disk) replaces it, so
 * the cache follows the catalogs the pages are given and never asks which
 * one is current. An older catalog's cache is kept among the older ones
 * (an item page shows the form of its code's revision), and a cache is
 * built from the shared one's pieces: a new revision's or an old one's
 * costs copies, not an expansion per option. */
struct form_cache *formcache_get(const struct catalog *cat)
{
	struct form_cache *c = NULL, *donor, *drop = NULL;

	pthread_mutex_lock(&cache_lock);
	if (cat && shared && shared->cat == cat)
		c = shared;
	else if (cat)
		c = older_find(cat);
	if (c) {
		c->refs++;
		pthread_mutex_unlock(&cache_lock);
		return c;
	}
	if ((donor = shared) != NULL)
		donor->refs++;
	pthread_mutex_unlock(&cache_lock);
	if (!cat) { /* no words: this page's alone */
		c = cache_build(NULL, 0, 0, donor);
		formcache_put(donor);
		return c;
	}
	c = cache_build(catalog_hold(cat), ALL_KINDS, 1, donor);
	formcache_put(donor);
	if (!c)
		return NULL;
	pthread_mutex_lock(&cache_lock);
	struct form_cache *kept = shared && shared->cat == cat ? shared : older_find(cat);
	/* cache_build's reference is the caller's; a slot takes one more */
	if (kept) { /* another page built it meanwhile */
		drop = c;
		c = kept;
	} else if (!shared || cat->revision >= shared->cat->revision) {
		/* Newer than the shared one as it is now (another page may
		 * have made a newer one shared meanwhile). The superseded one
		 * is dropped, not kept among the older: an older revision's
		 * pages come with catalog_at's catalog, not the one that was
		 * published, which it would keep in memory for nothing. */
		drop = shared;
		shared = c;
	} else {
		drop = older_push(c);
	}
	c->refs++;
	pthread_mutex_unlock(&cache_lock);
	formcache_put(drop);
	return c;
}

/* The row index of word in l (by catalog_key, as the catalog sorts), or -1. */
long formcache_find_word(const struct word_list *l, const char *word)
{
	size_t lo = 0, hi = l->opt.n;
	char key[CATALOG_KEY_MAX];

	if (catalog_key(word, key, sizeof key) != 0)
		return -1;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(key, l->rows[mid]->key);
		if (c == 0)
			return (long)mid;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}
