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

static int build_list(struct word_list *l, const struct table *t)
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
		if (formcache_options_add(&l->opt, e->word, e->word) != 0)
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

/* The parts of the form that do not depend on the catalog. */
static int build_static(struct form_cache *c)
{
	char text[16], label[32];
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

/* A cache for cat with the word lists of the kinds in `kinds`. With
 * holds_ref, it takes over the caller's reference on cat (released on
 * failure too). refs is 1. NULL when out of memory. */
static struct form_cache *cache_build(const struct catalog *cat, unsigned kinds, int holds_ref)
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
	err = build_static(c) != 0;
	for (int k = 0; !err && cat && k < K__MAX; k++)
		for (int p = 0; !err && (kinds & (1u << k)) && p < P__MAX; p++)
			err = build_list(&c->lists[k][p], &cat->t[k][p]) != 0;
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

/* Comparing pointers is sound: the shared cache holds a reference on its
 * catalog, so no other catalog can have that address while it is shared.
 * The caller's catalog decides which one is shared: a newer revision (or the
 * same revision loaded anew, live after the copy on disk) replaces it, so
 * the cache follows the catalogs the pages are given and never asks which
 * one is current. The cache of a superseded catalog goes with the first
 * page of the new one; until then it keeps that catalog in memory. */
struct form_cache *formcache_get(const struct catalog *cat, enum kind k)
{
	struct form_cache *c = NULL, *drop;
	int newer;

	pthread_mutex_lock(&cache_lock);
	if (cat && shared && shared->cat == cat) {
		c = shared;
		c->refs++;
	}
	newer = cat && (!shared || !shared->cat || cat->revision >= shared->cat->revision);
	pthread_mutex_unlock(&cache_lock);
	if (c)
		return c;
	if (!newer)
		return cache_build(cat, (unsigned)k < K__MAX ? 1u << k : 0, 0);
	if (!(c = cache_build(catalog_hold(cat), ALL_KINDS, 1)))
		return NULL;
	pthread_mutex_lock(&cache_lock);
	if (shared && shared->cat == cat) { /* another page built it meanwhile */
		drop = c;
		c = shared;
	} else {
		drop = shared;
		shared = c;
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
