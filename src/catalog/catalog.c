/* The in-memory catalog. Building is single-threaded; once finished a
 * catalog is never written again, which is why readers need no lock. The
 * current-catalog pointer and the reference counts are the only shared
 * mutable state, guarded by one mutex held for a few instructions. */
#include "catalog.h"

#include <inttypes.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicase.h>
#include <uninorm.h>
#include <unistr.h>

#include "catalog_int.h"
#include "log.h"

struct catalog *catalog_new(uint64_t revision)
{
	struct catalog *c = calloc(1, sizeof *c + sizeof(struct catalog_build));
	if (!c)
		return NULL;
	c->revision = revision;
	c->refs = 1;
	c->worse_bit = -1;
	return c;
}

struct catalog_build *catalog_build_of(struct catalog *c)
{
	return (struct catalog_build *)(c + 1);
}

static char *copy_word(struct catalog_build *b, const char *w)
{
	size_t n = strlen(w) + 1;
	struct word_chunk *ch = b->words;
	if (!ch || ch->cap - ch->used < n) {
		size_t cap = n > WORD_CHUNK ? n : WORD_CHUNK;
		ch = malloc(sizeof *ch + cap);
		if (!ch)
			return NULL;
		ch->used = 0;
		ch->cap = cap;
		ch->next = b->words;
		b->words = ch;
	}
	char *dst = ch->text + ch->used;
	memcpy(dst, w, n);
	ch->used += n;
	return dst;
}

/* word's key (see catalog_key) in buf (*len bytes in, length out) or in
 * memory the caller frees when the result is not buf; NULL when out of
 * memory. Not NUL-terminated. */
static char *fold(const char *word, char *buf, size_t *len)
{
	size_t n = strlen(word);
	const uint8_t *w = (const uint8_t *)word;

	/* ASCII is its own NFC and folds to lower case: the common case, done
	 * without libunistring (a lookup is then ~6 times faster). Bytes that
	 * are not UTF-8 are kept the same way. */
	int ascii = 1;
	for (size_t i = 0; i < n && ascii; i++)
		ascii = w[i] < 0x80;
	if (ascii || u8_check(w, n) != NULL) {
		char *out = n <= *len ? buf : malloc(n ? n : 1);
		if (!out)
			return NULL;
		for (size_t i = 0; i < n; i++)
			out[i] = (word[i] >= 'A' && word[i] <= 'Z') ? (char)(word[i] - 'A' + 'a')
			                                            : word[i];
		*len = n;
		return out;
	}
	uint8_t nbuf[CATALOG_KEY_MAX];
	size_t nlen = sizeof nbuf;
	uint8_t *nfc = u8_normalize(UNINORM_NFC, w, n, nbuf, &nlen);
	if (!nfc)
		return NULL;
	uint8_t *key = u8_casefold(nfc, nlen, NULL, UNINORM_NFC, (uint8_t *)buf, len);
	if (nfc != nbuf)
		free(nfc);
	return (char *)key;
}

int catalog_key(const char *word, char *out, size_t cap)
{
	char buf[CATALOG_KEY_MAX];
	size_t len = sizeof buf;
	char *key = fold(word, buf, &len);
	int rc = -1;

	if (key && len < cap) {
		memcpy(out, key, len);
		out[len] = '\0';
		rc = 0;
	}
	if (key != buf)
		free(key);
	return rc;
}

/* Copies the key of w into the word chunks. */
static char *copy_key(struct catalog_build *b, const char *w)
{
	char buf[CATALOG_KEY_MAX];
	size_t len = sizeof buf - 1;
	char *key = fold(w, buf, &len);
	char *dst = NULL;

	if (!key)
		return NULL;
	char *z = key == buf ? buf : realloc(key, len + 1);
	if (z) {
		z[len] = '\0';
		/* Most words are their own key (lower-case, NFC): no second copy. */
		dst = strcmp(z, w) == 0 ? (char *)w : copy_word(b, z);
	}
	if (z != buf)
		free(z ? z : key);
	return dst;
}

int catalog_row_at(const struct entry *e, uint64_t rev)
{
	return e->added_rev <= rev && (e->retired_rev == 0 || e->retired_rev > rev);
}

/* Appends a slot to a growable array of rows; NULL when out of memory. */
static struct entry *grow(struct entry **rows, size_t *n, size_t *cap)
{
	if (*n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 16;
		struct entry *more = realloc(*rows, ncap * sizeof *more);
		if (!more)
			return NULL;
		*rows = more;
		*cap = ncap;
	}
	return &(*rows)[(*n)++];
}

int catalog_add(struct catalog *c, enum kind k, enum part p, const struct entry *e)
{
	struct catalog_build *b = catalog_build_of(c);
	char *word = copy_word(b, e->word ? e->word : "");
	char *key = word ? copy_key(b, word) : NULL;
	if (!key)
		return -1;
	struct entry *dst = catalog_row_at(e, c->revision)
	                            ? grow(&c->t[k][p].rows, &c->t[k][p].n, &b->cap[k][p])
	                            : grow(&c->old[k][p].rows, &c->old[k][p].n, &b->cap_old[k][p]);
	if (!dst)
		return -1;
	*dst = *e;
	dst->word = word;
	dst->key = key;
	if (dst->weight == 0)
		dst->weight = 1;
	return 0;
}

/* Grows a growable array of size-byte items by one; the new slot, or NULL
 * when out of memory. */
void *catalog_grow_any(void **items, size_t size, size_t *n, size_t *cap)
{
	if (*n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 64;
		void *more = realloc(*items, ncap * size);
		if (!more)
			return NULL;
		*items = more;
		*cap = ncap;
	}
	return (char *)*items + (*n)++ * size;
}

int catalog_rev_at(uint64_t added, uint64_t retired, uint64_t rev)
{
	return added <= rev && (retired == 0 || retired > rev);
}

int catalog_spell_from_row(const struct spell_row *row, struct spell *out, char *why, size_t cap)
{
	memset(out, 0, sizeof *out);
	why[0] = '\0';
	out->name = row->name;
	if (row->n_effects > SPELL_EFFECTS_MAX) {
		snprintf(why, cap, "more than %d effects (%d)", SPELL_EFFECTS_MAX, row->n_effects);
		return -1;
	}
	/* Numbers beyond int are refused here, before they are narrowed. */
	const struct {
		const char *field;
		long long v;
		int lo, hi;
		int *dst;
	} nums[] = {{"mana", row->mana, SPELL_MANA_MIN, SPELL_MANA_MAX, &out->mana},
	            {"level", row->level, SPELL_LEVEL_MIN, SPELL_LEVEL_MAX, &out->level},
	            {"tier", row->tier, SPELL_TIER_MIN, SPELL_TIER_MAX, &out->tier}};
	for (size_t i = 0; i < sizeof nums / sizeof *nums; i++) {
		if (nums[i].v < INT32_MIN || nums[i].v > INT32_MAX) {
			snprintf(why, cap, "%s must be %d..%d, got %lld", nums[i].field, nums[i].lo,
			         nums[i].hi, nums[i].v);
			return -1;
		}
		*nums[i].dst = (int)nums[i].v;
	}
	out->n_effects = row->n_effects < 0 ? 0 : row->n_effects;
	for (int i = 0; i < out->n_effects; i++) {
		const char *k = row->effects[i].kind;
		out->effects[i].kind = k ? (int)spell_effect_kind_by_name(k) : EFFECT_NONE;
		if (out->effects[i].kind == EFFECT_NONE) {
			snprintf(why, cap, "effect %d: unknown effect \"%.40s\"", i + 1,
			         k ? k : "");
			return -1;
		}
		for (int j = 0; j < SPELL_PARAMS; j++) {
			long long v = row->effects[i].p[j];
			if (v < INT32_MIN || v > INT32_MAX) {
				snprintf(why, cap, "effect %d: %s p%d out of range, got %lld",
				         i + 1, k, j + 1, v);
				return -1;
			}
			out->effects[i].p[j] = (int32_t)v;
		}
	}
	return spell_check(out, why, cap);
}

int catalog_add_spell(struct catalog *c, const struct spell_row *row)
{
	struct catalog_build *b = catalog_build_of(c);
	struct spell s;
	char why[SPELL_REASON_MAX];

	if (catalog_spell_from_row(row, &s, why, sizeof why) != 0) {
		log_warn("catalog: spell %" PRIu32 " \"%.64s\" refused: %s", row->id,
		         row->name ? row->name : "", why);
		c->spells_refused++;
		return 1;
	}
	char *name = copy_word(b, row->name);
	if (!name)
		return -1;
	int live = catalog_rev_at(row->added_rev, row->retired_rev, c->revision);
	struct catalog_spell *dst = live ? catalog_grow_any((void **)&c->spells, sizeof *dst,
	                                                    &c->n_spells, &b->cap_spells)
	                                 : catalog_grow_any((void **)&c->old_spells, sizeof *dst,
	                                                    &c->n_old_spells, &b->cap_old_spells);
	if (!dst)
		return -1;
	dst->id = row->id;
	dst->active = row->active != 0;
	dst->added_rev = row->added_rev;
	dst->retired_rev = row->retired_rev;
	dst->s = s;
	dst->s.name = name;
	return 0;
}

int catalog_add_name(struct catalog *c, const struct catalog_name *n)
{
	struct catalog_build *b = catalog_build_of(c);
	char *name = copy_word(b, n->name ? n->name : "");
	if (!name)
		return -1;
	int live = catalog_rev_at(n->added_rev, n->retired_rev, c->revision);
	struct catalog_name *dst =
	        live ? catalog_grow_any((void **)&c->names, sizeof *dst, &c->n_names, &b->cap_names)
	             : catalog_grow_any((void **)&c->old_names, sizeof *dst, &c->n_old_names,
	                                &b->cap_old_names);
	if (!dst)
		return -1;
	*dst = *n;
	dst->name = name;
	return 0;
}

int catalog_add_class(struct catalog *c, const struct catalog_class *r)
{
	struct catalog_build *b = catalog_build_of(c);
	char *word = copy_word(b, r->word ? r->word : "");
	char *cls = word ? copy_word(b, r->cls ? r->cls : "") : NULL;
	if (!cls)
		return -1;
	int live = catalog_rev_at(r->added_rev, r->retired_rev, c->revision);
	struct catalog_class *dst = live ? catalog_grow_any((void **)&c->classes, sizeof *dst,
	                                                    &c->n_classes, &b->cap_classes)
	                                 : catalog_grow_any((void **)&c->old_classes, sizeof *dst,
	                                                    &c->n_old_classes, &b->cap_old_classes);
	if (!dst)
		return -1;
	*dst = *r;
	dst->word = word;
	dst->cls = cls;
	return 0;
}

int catalog_add_setting(struct catalog *c, const struct catalog_setting *st)
{
	struct catalog_build *b = catalog_build_of(c);
	char *name = copy_word(b, st->name ? st->name : "");
	if (!name)
		return -1;
	int live = catalog_rev_at(st->added_rev, st->retired_rev, c->revision);
	struct catalog_setting *dst =
	        live ? catalog_grow_any((void **)&c->settings, sizeof *dst, &c->n_settings,
	                                &b->cap_settings)
	             : catalog_grow_any((void **)&c->old_settings, sizeof *dst, &c->n_old_settings,
	                                &b->cap_old_settings);
	if (!dst)
		return -1;
	*dst = *st;
	dst->name = name;
	return 0;
}

int64_t catalog_setting(const struct catalog *c, const char *name, int64_t dflt)
{
	for (size_t i = 0; c && i < c->n_settings; i++)
		if (strcmp(c->settings[i].name, name) == 0)
			return c->settings[i].value;
	return dflt;
}

int catalog_accepts(const struct entry *t, const struct entry *m)
{
	return !t || !m || !t->classes || !m->classes || (t->classes & m->classes) != 0;
}

size_t catalog_kind_classes(const struct catalog *c, enum kind k, const char **names, size_t cap)
{
	uint64_t seen = 0;
	size_t n = 0;
	if (!c || (unsigned)k >= K__MAX)
		return 0;
	for (size_t i = 0; i < c->n_classes; i++) {
		const struct catalog_class *r = &c->classes[i];
		if (r->kind != k || r->part != P_MATERIAL)
			continue;
		for (int b = 0; b < c->n_class_names; b++)
			if (strcmp(c->class_names[b], r->cls) == 0 && !(seen >> b & 1)) {
				seen |= UINT64_C(1) << b;
				if (n < cap)
					names[n++] = c->class_names[b];
			}
	}
	return n;
}

size_t catalog_classes_text(const struct catalog *c, const struct entry *e, const char *sep,
                            char *out, size_t cap)
{
	size_t len = 0;
	if (cap)
		out[0] = '\0';
	for (int b = 0; e && b < c->n_class_names && cap; b++) {
		if (!(e->classes >> b & 1))
			continue;
		int k = snprintf(out + len, cap - len, "%s%s", len ? sep : "", c->class_names[b]);
		if (k < 0 || (size_t)k >= cap - len) {
			out[len] = '\0';
			break;
		}
		len += (size_t)k;
	}
	return len;
}

int catalog_is_worse(const struct catalog *c, const struct entry *e)
{
	return e && c->worse_bit >= 0 && (e->classes >> c->worse_bit & 1);
}

int catalog_add_dress(struct catalog *c, const struct dress_row *row)
{
	if (c->n_dress == c->cap_dress) {
		size_t ncap = c->cap_dress ? c->cap_dress * 2 : 64;
		struct dress_row *more = realloc(c->dress, ncap * sizeof *more);
		if (!more)
			return -1;
		c->dress = more;
		c->cap_dress = ncap;
	}
	c->dress[c->n_dress++] = *row;
	return 0;
}

int catalog_add_budget(struct catalog *c, const struct dungeon_budget *row)
{
	if (c->n_budgets == c->cap_budgets) {
		size_t ncap = c->cap_budgets ? c->cap_budgets * 2 : 32;
		struct dungeon_budget *more = realloc(c->budgets, ncap * sizeof *more);
		if (!more)
			return -1;
		c->budgets = more;
		c->cap_budgets = ncap;
	}
	c->budgets[c->n_budgets++] = *row;
	return 0;
}

int catalog_add_tile_row(struct catalog *c, const struct dungeon_tile_row *row)
{
	if (c->n_tile_rows == c->cap_tile_rows) {
		size_t ncap = c->cap_tile_rows ? c->cap_tile_rows * 2 : 256;
		struct dungeon_tile_row *more = realloc(c->tile_rows, ncap * sizeof *more);
		if (!more)
			return -1;
		c->tile_rows = more;
		c->cap_tile_rows = ncap;
	}
	c->tile_rows[c->n_tile_rows] = *row;
	c->tile_rows[c->n_tile_rows++].t.name = NULL;
	return 0;
}

int catalog_add_tile(struct catalog *c, const char *tileset, const struct map_tile *t)
{
	struct catalog_build *b = catalog_build_of(c);
	if (b->n_tiles == b->cap_tiles) {
		size_t ncap = b->cap_tiles ? b->cap_tiles * 2 : 128;
		struct pending_tile *more = realloc(b->tiles, ncap * sizeof *more);
		if (!more)
			return -1;
		b->tiles = more;
		b->cap_tiles = ncap;
	}
	const char *set = copy_word(b, tileset);
	const char *name = set ? copy_word(b, t->name ? t->name : "") : NULL;
	if (!name)
		return -1;
	struct pending_tile *p = &b->tiles[b->n_tiles];
	p->tileset = set;
	p->seq = b->n_tiles++;
	p->t = *t;
	p->t.name = name;
	return 0;
}

static int by_tileset(const void *a, const void *b)
{
	const struct pending_tile *x = a, *y = b;
	int d = strcmp(x->tileset, y->tileset);
	return d ? d : (x->seq > y->seq) - (x->seq < y->seq);
}

/* Tiles [from, to) of the sorted pending list as tileset ts. -1 when out of
 * memory; a tileset with a bad tile is logged and left empty (n = 0). */
static int make_tileset(struct catalog_tileset *ts, const struct pending_tile *p, size_t n)
{
	char why[MAP_WHY_MAX];

	ts->name = p[0].tileset;
	ts->tiles = malloc(n * sizeof *ts->tiles);
	if (!ts->tiles)
		return -1;
	for (size_t i = 0; i < n; i++)
		ts->tiles[i] = p[i].t;
	ts->n = n;
	if (map_tileset_init(&ts->set, ts->tiles, n, why) != 0) {
		log_warn("catalog: tileset %s left out: %s", ts->name, why);
		free(ts->tiles);
		ts->tiles = NULL;
		ts->n = 0;
	}
	return 0;
}

int catalog_build_tilesets(struct catalog *c)
{
	struct catalog_build *b = catalog_build_of(c);
	size_t groups = 0;
	int rc = 0;

	if (b->n_tiles == 0)
		return 0;
	qsort(b->tiles, b->n_tiles, sizeof *b->tiles, by_tileset);
	for (size_t i = 0; i < b->n_tiles; i++)
		groups += i == 0 || strcmp(b->tiles[i - 1].tileset, b->tiles[i].tileset) != 0;
	c->tilesets = calloc(groups, sizeof *c->tilesets);
	if (!c->tilesets)
		return -1;
	for (size_t i = 0, j; i < b->n_tiles && rc == 0; i = j) {
		for (j = i + 1;
		     j < b->n_tiles && strcmp(b->tiles[i].tileset, b->tiles[j].tileset) == 0; j++)
			;
		struct catalog_tileset *ts = &c->tilesets[c->n_tilesets];
		rc = make_tileset(ts, &b->tiles[i], j - i);
		if (rc == 0 && ts->n)
			c->n_tilesets++;
	}
	free(b->tiles);
	b->tiles = NULL;
	b->n_tiles = b->cap_tiles = 0;
	return rc;
}

const struct catalog_tileset *catalog_tileset(const struct catalog *c, const char *name)
{
	if (!c || !name)
		return NULL;
	for (size_t i = 0; i < c->n_tilesets; i++)
		if (strcmp(c->tilesets[i].name, name) == 0)
			return &c->tilesets[i];
	return NULL;
}

static int by_key(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->key, ((const struct entry *)b)->key);
}

/* Whether row e belongs in list t of its table: base parts (those with a
 * tier) go by their own tier, affixes by their tier range. */
static int admits(const struct entry *e, int t)
{
	if (!e->active)
		return 0;
	if (t == 0)
		return 1;
	if (e->tier)
		return e->tier == t;
	return (!e->tier_min || t >= e->tier_min) && (!e->tier_max || t <= e->tier_max);
}

int catalog_build_list(struct table *t, int tier)
{
	struct pick_list *l = &t->by_tier[tier];
	size_t n = 0;
	for (size_t i = 0; i < t->n; i++)
		n += admits(&t->rows[i], tier);
	if (n == 0)
		return 0;
	/* A tier that admits every active row (the usual case for affixes)
	 * shares the list of tier 0 instead of copying it. */
	if (tier > 0 && n == t->by_tier[0].n) {
		*l = t->by_tier[0];
		return 0;
	}
	l->rows = malloc(n * sizeof *l->rows);
	l->cum = malloc(n * sizeof *l->cum);
	if (!l->rows || !l->cum)
		return -1;
	uint64_t total = 0;
	for (size_t i = 0; i < t->n; i++) {
		if (!admits(&t->rows[i], tier))
			continue;
		total += t->rows[i].weight;
		l->rows[l->n] = &t->rows[i];
		l->cum[l->n++] = total;
	}
	return 0;
}

static int by_id(const void *a, const void *b)
{
	uint32_t x = (*(const struct entry *const *)a)->id,
	         y = (*(const struct entry *const *)b)->id;
	return (x > y) - (x < y);
}

static int build_by_id(struct table *t)
{
	t->by_id = malloc(t->n * sizeof *t->by_id);
	if (!t->by_id)
		return -1;
	for (size_t i = 0; i < t->n; i++)
		t->by_id[i] = &t->rows[i];
	qsort(t->by_id, t->n, sizeof *t->by_id, by_id);
	return 0;
}

static int by_key_ptr(const void *a, const void *b)
{
	return strcmp((*(const struct entry *const *)a)->key,
	              (*(const struct entry *const *)b)->key);
}

/* The retired rows of table (k, p) in key order and in id order. */
static int index_old(struct catalog *c, int k, int p)
{
	const struct old_rows *o = &c->old[k][p];
	struct catalog_build *b = catalog_build_of(c);
	if (o->n == 0)
		return 0;
	b->old_by_key[k][p] = malloc(o->n * sizeof *b->old_by_key[k][p]);
	b->old_by_id[k][p] = malloc(o->n * sizeof *b->old_by_id[k][p]);
	if (!b->old_by_key[k][p] || !b->old_by_id[k][p])
		return -1;
	for (size_t i = 0; i < o->n; i++)
		b->old_by_key[k][p][i] = b->old_by_id[k][p][i] = &o->rows[i];
	qsort(b->old_by_key[k][p], o->n, sizeof *b->old_by_key[k][p], by_key_ptr);
	qsort(b->old_by_id[k][p], o->n, sizeof *b->old_by_id[k][p], by_id);
	return 0;
}

/* Spells by level, then name (bytes), then id: the order of /spells. */
int catalog_spell_order(const void *a, const void *b)
{
	const struct catalog_spell *x = a, *y = b;
	if (x->s.level != y->s.level)
		return x->s.level < y->s.level ? -1 : 1;
	int d = strcmp(x->s.name, y->s.name);
	if (d)
		return d;
	return x->id < y->id ? -1 : x->id > y->id;
}

int catalog_name_order(const void *a, const void *b)
{
	const struct catalog_name *x = a, *y = b;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* The chain from the live names; none is not an error (a catalog without
 * migration 0012, or every name retired): scrolls fall back. */
int catalog_build_chain(struct catalog *c)
{
	if (c->n_names == 0 || c->chain) /* none, or shared (build_at) */
		return 0;
	const char **names = malloc(c->n_names * sizeof *names);
	if (!names)
		return -1;
	for (size_t i = 0; i < c->n_names; i++)
		names[i] = c->names[i].name;
	enum markov_error err = MARKOV_OK;
	/* The chain's numbers are the revision's (migration 0016), so an old
	 * revision keeps its order and its names. */
	int order = (int)catalog_setting(c, "name_chain_order", CATALOG_MARKOV_ORDER);
	int min = (int)catalog_setting(c, "name_letters_min", MARKOV_LETTERS_MIN);
	c->chain = markov_build(names, c->n_names, order, NULL, &err);
	free(names);
	if (c->chain && markov_set_letters_min(c->chain, min) != 0)
		log_warn("catalog: revision %" PRIu64 ": name_letters_min %d out of range, kept %d",
		         c->revision, min, MARKOV_LETTERS_MIN);
	if (c->chain)
		return 0;
	if (err == MARKOV_NOMEM)
		return -1;
	log_warn("catalog: revision %" PRIu64 ": no name chain from %zu training names: %s",
	         c->revision, c->n_names, markov_error_text(err));
	return 0;
}

int catalog_class_order(const void *a, const void *b)
{
	const struct catalog_class *x = a, *y = b;
	return x->id < y->id ? -1 : x->id > y->id;
}

int catalog_setting_order(const void *a, const void *b)
{
	const struct catalog_setting *x = a, *y = b;
	return x->id < y->id ? -1 : x->id > y->id;
}

/* SPEC §12: the class rows onto the rows of the tables (which must be
 * sorted already). Rows copied from another catalog (catalog_at) come with
 * that catalog's classes, so every row starts from none. A class row whose
 * word is not in its table at this revision does nothing; more than
 * CATALOG_CLASSES_MAX distinct names make the catalog invalid. */
int catalog_apply_classes(struct catalog *c)
{
	c->worse_bit = -1;
	for (int k = 0; k < K__MAX; k++)
		for (int p = 0; p < P__MAX; p++)
			for (size_t i = 0; i < c->t[k][p].n; i++)
				c->t[k][p].rows[i].classes = 0;
	for (size_t i = 0; i < c->n_classes; i++) {
		const struct catalog_class *r = &c->classes[i];
		if ((unsigned)r->kind >= K__MAX || (unsigned)r->part >= P__MAX)
			continue;
		int bit = 0;
		while (bit < c->n_class_names && strcmp(c->class_names[bit], r->cls) != 0)
			bit++;
		if (bit == c->n_class_names) {
			if (bit == CATALOG_CLASSES_MAX)
				return -1;
			c->class_names[c->n_class_names++] = r->cls;
			if (strcmp(r->cls, CATALOG_CLASS_WORSE) == 0)
				c->worse_bit = bit;
		}
		struct entry *e = (struct entry *)catalog_find(c, r->kind, r->part, r->word);
		if (!e)
			continue;
		e->classes |= UINT64_C(1) << bit;
		if (r->part == P_MATERIAL || r->part == P_TYPE)
			c->classed[r->kind] = 1;
	}
	return 0;
}

int catalog_finish(struct catalog *c)
{
	if (c->n_classes)
		qsort(c->classes, c->n_classes, sizeof *c->classes, catalog_class_order);
	if (c->n_settings)
		qsort(c->settings, c->n_settings, sizeof *c->settings, catalog_setting_order);
	if (c->n_spells)
		qsort(c->spells, c->n_spells, sizeof *c->spells, catalog_spell_order);
	if (c->n_names)
		qsort(c->names, c->n_names, sizeof *c->names, catalog_name_order);
	if (catalog_build_chain(c) != 0)
		return -1;
	for (int k = 0; k < K__MAX; k++) {
		for (int p = 0; p < P__MAX; p++) {
			struct table *t = &c->t[k][p];
			if (index_old(c, k, p) != 0)
				return -1;
			if (t->n == 0)
				continue;
			qsort(t->rows, t->n, sizeof *t->rows, by_key);
			for (size_t i = 1; i < t->n; i++)
				if (strcmp(t->rows[i - 1].key, t->rows[i].key) == 0)
					return -1;
			for (int tier = 0; tier <= TIER_MAX; tier++)
				if (catalog_build_list(t, tier) < 0)
					return -1;
			if (build_by_id(t) < 0)
				return -1;
		}
	}
	if (catalog_apply_classes(c) != 0)
		return -1;
	return catalog_build_tilesets(c);
}

void catalog_free(struct catalog *c)
{
	if (!c)
		return;
	for (int k = 0; k < K__MAX; k++) {
		for (int p = 0; p < P__MAX; p++) {
			struct table *t = &c->t[k][p];
			free(t->rows);
			free(t->by_id);
			free(c->old[k][p].rows);
			free(catalog_build_of(c)->old_by_key[k][p]);
			free(catalog_build_of(c)->old_by_id[k][p]);
			for (int tier = 0; tier <= TIER_MAX; tier++) {
				struct pick_list *l = &t->by_tier[tier];
				if (tier > 0 && l->rows == t->by_tier[0].rows)
					continue; /* shared with tier 0 */
				free(l->rows);
				free(l->cum);
			}
		}
	}
	for (size_t i = 0; i < c->n_tilesets; i++)
		free(c->tilesets[i].tiles);
	free(c->tilesets);
	free(catalog_build_of(c)->tiles);
	free(c->budgets);
	free(c->dress);
	free(c->tile_rows);
	free(c->spells);
	free(c->old_spells);
	free(c->names);
	free(c->old_names);
	free(c->classes);
	free(c->old_classes);
	free(c->settings);
	free(c->old_settings);
	if (!catalog_build_of(c)->chain_shared)
		markov_free(c->chain);
	for (struct word_chunk *ch = catalog_build_of(c)->words, *next; ch; ch = next) {
		next = ch->next;
		free(ch);
	}
	const struct catalog *base = catalog_build_of(c)->base;
	free(c);
	catalog_release(base);
}

const struct entry *catalog_find(const struct catalog *c, enum kind k, enum part p,
                                 const char *word)
{
	if (!c || !word || (unsigned)k >= K__MAX || (unsigned)p >= P__MAX)
		return NULL;
	const struct table *t = &c->t[k][p];
	char buf[CATALOG_KEY_MAX];
	if (t->n == 0 || catalog_key(word, buf, sizeof buf) != 0)
		return NULL;
	struct entry key = {.key = buf};
	return bsearch(&key, t->rows, t->n, sizeof *t->rows, by_key);
}

const struct entry *catalog_find_id(const struct catalog *c, enum kind k, enum part p, uint32_t id)
{
	if (!c || (unsigned)k >= K__MAX || (unsigned)p >= P__MAX)
		return NULL;
	const struct table *t = &c->t[k][p];
	size_t lo = 0, hi = t->n;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (t->by_id[mid]->id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->n && t->by_id[lo]->id == id ? t->by_id[lo] : NULL;
}

static pthread_mutex_t current_lock = PTHREAD_MUTEX_INITIALIZER;

/* Frees a superseded catalog and hands the free memory back to the system:
 * glibc would otherwise keep the pages of a large catalog (and of its
 * load) resident for good, ~10 MB after growing to 100k rows
 * (docs/benchmarks.md). Once per reload, so the trim's cost is nothing. */
static void release_memory(struct catalog *c)
{
	if (!c)
		return;
	/* An old revision's catalog is small (its words are its base's):
	 * trimming the heap for it would cost more than it frees. */
	int derived = catalog_build_of(c)->base != NULL;
	catalog_free(c);
	if (!derived)
		malloc_trim(0);
}
static struct catalog *current;

static void unref_locked(struct catalog *c, struct catalog **to_free)
{
	if (--c->refs == 0)
		*to_free = c;
}

void catalog_publish(struct catalog *c)
{
	struct catalog *to_free = NULL;
	pthread_mutex_lock(&current_lock);
	struct catalog *old = current;
	current = c; /* the reference catalog_new gave is now the current one's */
	if (old)
		unref_locked(old, &to_free);
	pthread_mutex_unlock(&current_lock);
	release_memory(to_free); /* outside the lock: freeing 100k rows takes a while */
	catalog_old_drop_stale(c);
}

const struct catalog *catalog_acquire(void)
{
	pthread_mutex_lock(&current_lock);
	struct catalog *c = current;
	if (c)
		c->refs++;
	pthread_mutex_unlock(&current_lock);
	return c;
}

void catalog_release(const struct catalog *cc)
{
	if (!cc)
		return;
	struct catalog *to_free = NULL;
	pthread_mutex_lock(&current_lock);
	unref_locked((struct catalog *)cc, &to_free);
	pthread_mutex_unlock(&current_lock);
	release_memory(to_free);
}

const struct catalog *catalog_hold(const struct catalog *cc)
{
	if (cc) {
		pthread_mutex_lock(&current_lock);
		((struct catalog *)cc)->refs++;
		pthread_mutex_unlock(&current_lock);
	}
	return cc;
}

void catalog_shutdown(void)
{
	catalog_publish(NULL);
	catalog_at_flush();
}
