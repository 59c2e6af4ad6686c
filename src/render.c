/* render: HTML pages through the templates, JSON through jansson.
 *
 * Escaping is the template engine's job: this file hands raw text to the
 * dictionaries and never builds HTML itself. Everything a function allocates
 * (dictionaries, JSON trees, scratch buffers) is freed before it returns;
 * the output is appended to the caller's buffer, and on failure whatever this
 * call appended is taken back, so a caller never sends half an answer. */
#include "render.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "tmpl.h"

/* unhonoured_reason_text (item.h) is defined beside the generator, which
 * decides the reasons; its size is not visible here, hence the count. */
#define N_REASONS (UR_NOT_A_PART + 1)

const char *const render_templates[] = {"layout.tpl", "form.tpl", "card.tpl", "error.tpl",
                                        "option.tpl", "part.tpl", NULL};

/* Strength is the sum of the parts' points (SPEC §4): a bare base type is
 * 1, a full weapon with crippling and +5 reaches 32. The steps put a plain
 * or slightly decorated item in "common" and keep "legendary" for the rare
 * stacks of element, "of" phrase and a high plus. docs/rendering.md. */
static const struct {
	int below;
	const char *name;
} rarity_scale[] = {
        {8, "common"},
        {14, "uncommon"},
        {20, "rare"},
        {26, "epic"},
};

const char *render_rarity(int str)
{
	for (size_t i = 0; i < sizeof rarity_scale / sizeof rarity_scale[0]; i++)
		if (str < rarity_scale[i].below)
			return rarity_scale[i].name;
	return "legendary";
}

/* What to show when the caller has no form (no request fields at all). */
static const struct form default_form = {.kind = K_WEAPON, .power = 1.0, .count = 1};

static const struct form *form_or_default(const struct form *f)
{
	return f ? f : &default_form;
}

/* The parts a kind's item is made of. */
static unsigned kind_parts(enum kind k, unsigned fallback)
{
	const struct recipe *r = recipe_for(k);
	return r ? r->parts : fallback;
}

#define PART_BIT(p) (1u << (p))
#define WEAPON_PARTS                                                                               \
	(PART_BIT(P_ELEMENT) | PART_BIT(P_PREFIX) | PART_BIT(P_TYPE) | PART_BIT(P_ADJECTIVE) |     \
	 PART_BIT(P_ABSTRACT))
#define ALL_PARTS ((1u << P__MAX) - 1)

static const char *name_or(const char *const *names, int n, int i, const char *other)
{
	return i >= 0 && i < n && names[i] ? names[i] : other;
}

/* Numbers and copies by hand: snprintf costs about a thousand instructions
 * a call, and a card formats a dozen values (docs/benchmarks.md). */

/* v in decimal, after a '-' when negative or a '+' when plus is set and v
 * is not negative. dst holds at least 22 bytes. */
static const char *int_text(int64_t v, int plus, char *dst)
{
	char digits[20];
	uint64_t a = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	size_t n = 0;
	char *p = dst;

	do {
		digits[n++] = (char)('0' + a % 10);
		a /= 10;
	} while (a);
	if (v < 0)
		*p++ = '-';
	else if (plus)
		*p++ = '+';
	while (n)
		*p++ = digits[--n];
	*p = '\0';
	return dst;
}

/* An unsigned 64-bit value (a seed) in decimal; dst holds 21 bytes. */
static const char *u64_text(uint64_t v, char *dst)
{
	char digits[20];
	size_t n = 0;
	char *p = dst;

	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		*p++ = digits[--n];
	*p = '\0';
	return dst;
}

/* Copies s into dst (n > 0 bytes), cut short if need be. */
static char *copy_text(const char *s, char *dst, size_t n)
{
	size_t len = strlen(s);
	if (len >= n)
		len = n - 1;
	memcpy(dst, s, len);
	dst[len] = '\0';
	return dst;
}

/* s with its first letter upper-cased ("two hands" -> "Two hands"). */
static const char *capitalised(const char *s, char *dst, size_t n)
{
	copy_text(s, dst, n);
	if (dst[0] >= 'a' && dst[0] <= 'z')
		dst[0] = (char)(dst[0] - 'a' + 'A');
	return dst;
}

static const char *kind_label(enum kind k, char *dst, size_t n)
{
	const struct recipe *r = recipe_for(k);
	if (r && r->label)
		return r->label;
	return capitalised(name_or(kind_names, K__MAX, (int)k, "item"), dst, n);
}

/* ---- HTML: the card ---------------------------------------------------- */

/* A stat as shown on a card. The multiplier is a bonus stored in hundredths
 * (40 is +0.40), the others are plain signed integers. */
static void stat_text(enum stat s, int32_t v, char *dst)
{
	if (s == ST_MULTIPLIER) {
		uint64_t a = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
		char *p = dst;
		*p++ = v < 0 ? '-' : '+';
		p += strlen(u64_text(a / 100, p));
		*p++ = '.';
		*p++ = (char)('0' + a % 100 / 10);
		*p++ = (char)('0' + a % 10);
		*p = '\0';
	} else {
		int_text(v, 1, dst);
	}
}

/* "Two-handed", unless the slot already says as much. */
static const char *hands_text(const struct item *it, char *dst, size_t n)
{
	int32_t h = it->stat[ST_HANDS];
	if (h == 0 || (it->slot == SLOT_ONE_HAND && h == 1) ||
	    (it->slot == SLOT_TWO_HANDS && h == 2))
		return NULL;
	if (h == 1)
		return "One-handed";
	if (h == 2)
		return "Two-handed";
	snprintf(dst, n, "%" PRId32 " hands", h);
	return dst;
}

/* The icon file's stem: the slot with spaces as '-', else the kind. */
static void icon_name(const struct item *it, char *dst, size_t n)
{
	const char *s = NULL;
	if (it->slot > SLOT_NONE && it->slot < SLOT__MAX)
		s = slot_names[it->slot];
	if (!s || !*s)
		s = name_or(kind_names, K__MAX, (int)it->kind, "trinket");
	copy_text(s, dst, n);
	for (char *c = dst; *c; c++)
		if (*c == ' ')
			*c = '-';
}

static int fill_stats(struct tmpl_dict *card, const struct item *it)
{
	struct tmpl_dict *list = NULL;
	char value[32], label[32];

	for (int s = 0; s < ST__MAX; s++) {
		/* hands is in the header line, beside the slot */
		if (s == ST_HANDS || it->stat[s] == 0)
			continue;
		if (!list && !(list = tmpl_section(card, "STATS")))
			return -1;
		struct tmpl_dict *row = tmpl_section(list, "STAT");
		if (!row)
			return -1;
		stat_text((enum stat)s, it->stat[s], value);
		tmpl_set(row, "STAT_KEY", stat_names[s]);
		tmpl_set(row, "VALUE", value);
		tmpl_set(row, "LABEL", capitalised(stat_names[s], label, sizeof label));
		if (it->stat[s] < 0)
			tmpl_show(row, "NEG");
	}
	if (!list)
		tmpl_show(card, "NO_STATS");
	return 0;
}

static int fill_unhonoured(struct tmpl_dict *card, const struct item *it)
{
	int n = it->n_unhonoured;
	if (n <= 0)
		return 0;
	if (n > ITEM_UNHONOURED_MAX)
		n = ITEM_UNHONOURED_MAX;
	struct tmpl_dict *box = tmpl_section(card, "UNHONOURED");
	if (!box)
		return -1;
	for (int i = 0; i < n; i++) {
		const struct unhonoured *u = &it->unhonoured[i];
		struct tmpl_dict *row = tmpl_section(box, "REQ");
		if (!row)
			return -1;
		tmpl_set(row, "PART", name_or(part_names, P__MAX, (int)u->part, "?"));
		tmpl_set(row, "WORD", u->word ? u->word : "");
		tmpl_set(row, "REASON",
		         name_or(unhonoured_reason_text, N_REASONS, (int)u->reason, "refused"));
	}
	return 0;
}

static int fill_card(struct tmpl_dict *card, const struct item *it, const struct form *f)
{
	char text[64], label[32];
	const char *hands;
	struct buf link;
	int rc;

	tmpl_set(card, "NAME", it->name);
	tmpl_set(card, "RARITY", render_rarity(it->str));
	tmpl_set(card, "RARITY_LABEL", capitalised(render_rarity(it->str), label, sizeof label));
	icon_name(it, text, sizeof text);
	tmpl_set(card, "ICON", text);
	tmpl_set(card, "KIND_LABEL", kind_label(it->kind, label, sizeof label));
	if (it->slot > SLOT_NONE && it->slot < SLOT__MAX) {
		struct tmpl_dict *slot = tmpl_section(card, "SLOT");
		if (!slot)
			return -1;
		tmpl_set(slot, "SLOT_LABEL",
		         capitalised(slot_names[it->slot], label, sizeof label));
	}
	tmpl_set_int(card, "TIER", it->tier);
	if ((hands = hands_text(it, text, sizeof text))) {
		struct tmpl_dict *h = tmpl_section(card, "HANDS");
		if (!h)
			return -1;
		tmpl_set(h, "HANDS_LABEL", hands);
	}
	if (it->masterwork)
		tmpl_show(card, "MASTERWORK");
	tmpl_set_int(card, "STR", it->str);
	tmpl_set(card, "SEED", u64_text(it->seed, text));
	if (fill_stats(card, it) != 0 || fill_unhonoured(card, it) != 0)
		return -1;

	buf_init(&link);
	rc = form_link(f, it->seed, &link);
	if (rc == 0)
		tmpl_set(card, "LINK", link.data ? link.data : "/");
	buf_free(&link);
	return rc;
}

/* ---- HTML: the form, rendered once per catalog ---------------------------
 *
 * Most of the form depends only on the catalog: the options of every select
 * and the fields of the parts. They are rendered once per catalog through
 * option.tpl and part.tpl into fragments (tmpl.h), and each page splices
 * them in (the x-frag variables of form.tpl): a page does not build or
 * expand an <option> of its own unless a request names a word the list
 * does not hold. Escaping stays the engine's: the pieces are expansions. */

/* Above this many active words a part is asked for with a text input: a
 * select of thousands of options helps no one, and would make every page
 * as large as the catalog (docs/rendering.md). */
#define FORM_LIST_MAX 200

#define ALL_KINDS ((1u << K__MAX) - 1)

/* Spans one page's form splices: at most 5 per part (head, options before
 * the selected one, the selected one, the rest, tail). */
#define PAGE_SPANS (5 * P__MAX)

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
 * catalog and shared by the pages of every worker (the shared one), or
 * made for one page when the page's catalog is not the current one. */
struct form_cache {
	const struct catalog *cat; /* NULL: no words */
	int holds_ref;             /* holds a reference on cat (the shared one does) */
	long refs;                 /* pages using it, +1 while shared; under cache_lock */
	struct options kinds, tiers;
	/* part.tpl: piece 2p / 2p+1 of fields is part p's select up to its
	 * options / after them; piece p of texts its empty text input */
	struct tmpl_frag *fields, *texts;
	struct word_list lists[K__MAX][P__MAX]; /* only the kinds asked for */
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct form_cache *shared; /* for the current catalog, or NULL */

static void options_free(struct options *o)
{
	tmpl_frag_free(o->plain);
	tmpl_frag_free(o->sel);
}

/* Appends an option, plain and selected. */
static int options_add(struct options *o, const char *value, const char *label)
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
static int field_add(struct tmpl_frag *f, enum part p, const char *what, const char *want)
{
	struct tmpl_dict *d = tmpl_dict_new("part");
	char label[32];
	int rc;

	if (!d)
		return -1;
	tmpl_set(d, "PART_NAME", part_names[p]);
	tmpl_set(d, "PART_LABEL", capitalised(part_names[p], label, sizeof label));
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
		if (options_add(&l->opt, e->word, e->word) != 0)
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
			options_free(&c->lists[k][p].opt);
		}
	}
	options_free(&c->kinds);
	options_free(&c->tiers);
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
		err = options_add(&c->kinds, kind_names[k],
		                  kind_label((enum kind)k, label, sizeof label)) != 0;
	for (int t = 0; !err && t <= TIER_MAX; t++) {
		snprintf(text, sizeof text, "%d", t);
		err = options_add(&c->tiers, text, t == 0 ? "any" : text) != 0;
	}
	for (int p = 0; !err && p < P__MAX; p++)
		err = field_add(c->fields, (enum part)p, "HEAD", NULL) != 0 ||
		      field_add(c->fields, (enum part)p, "TAIL", NULL) != 0 ||
		      field_add(c->texts, (enum part)p, "TEXT", NULL) != 0;
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

static void cache_put(struct form_cache *c)
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

/* The form cache to render a page of catalog cat and kind k with: the
 * shared one when cat is the current catalog (the first page after a
 * reload builds it, for every kind), else one for this page only. NULL
 * when out of memory. Release with cache_put.
 *
 * Comparing pointers is sound: the shared cache holds a reference on its
 * catalog, so no other catalog can have that address while it is shared.
 * The cache of a superseded catalog goes with the first page of the new
 * one; until then it keeps that catalog in memory. */
static struct form_cache *cache_get(const struct catalog *cat, enum kind k)
{
	struct form_cache *c = NULL, *drop;

	pthread_mutex_lock(&cache_lock);
	if (cat && shared && shared->cat == cat) {
		c = shared;
		c->refs++;
	}
	pthread_mutex_unlock(&cache_lock);
	if (c)
		return c;

	const struct catalog *cur = cat ? catalog_acquire() : NULL;
	if (!cur || cur != cat) {
		catalog_release(cur);
		return cache_build(cat, (unsigned)k < K__MAX ? 1u << k : 0, 0);
	}
	if (!(c = cache_build(cur, ALL_KINDS, 1)))
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
	cache_put(drop);
	return c;
}

/* The row index of word in l (ASCII case-insensitive, as the catalog
 * sorts), or -1. */
static long find_word(const struct word_list *l, const char *word)
{
	size_t lo = 0, hi = l->opt.n;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcasecmp(word, l->rows[mid]->word);
		if (c == 0)
			return (long)mid;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return -1;
}

/* ---- HTML: the form ---------------------------------------------------- */

/* A page's spans for one x-frag variable. */
struct spans {
	struct tmpl_span s[PAGE_SPANS];
	size_t n;
};

static void span(struct spans *sp, const struct tmpl_frag *f, size_t from, size_t to)
{
	if (from < to && sp->n < PAGE_SPANS)
		sp->s[sp->n++] = (struct tmpl_span){f, from, to};
}

/* The options of o, option i selected (i < 0: none), then extra (one
 * piece, or NULL). */
static void add_options(struct spans *sp, const struct options *o, long i,
                        const struct tmpl_frag *extra)
{
	size_t at = i < 0 ? o->n : (size_t)i;

	span(sp, o->plain, 0, at);
	if (i >= 0) {
		span(sp, o->sel, at, at + 1);
		span(sp, o->plain, at + 1, o->n);
	} else if (extra) {
		span(sp, extra, 0, 1);
	}
}

/* One part: a select of the part's active words, with a requested word
 * that is not among them kept as an extra, selected option (so the form
 * shows what was sent); above FORM_LIST_MAX words, a text input holding
 * the requested word. *extra is this page's piece, if one is needed. */
static int add_part(struct spans *sp, const struct form_cache *fc, const struct form *f,
                    enum part p, struct tmpl_frag **extra)
{
	static const struct word_list none;
	const char *want = f->attr[p];
	const struct word_list *l =
	        fc->cat && (unsigned)f->kind < K__MAX ? &fc->lists[f->kind][p] : &none;
	long i = -1;
	char label[FORM_WORD_MAX + 32];

	if (l->as_text) {
		if (!want) {
			span(sp, fc->texts, (size_t)p, (size_t)p + 1);
			return 0;
		}
		if (!(*extra = tmpl_frag_new()) || field_add(*extra, p, "TEXT", want) != 0)
			return -1;
		span(sp, *extra, 0, 1);
		return 0;
	}
	if (want && (i = find_word(l, want)) < 0) {
		struct options o = {0};
		snprintf(label, sizeof label, "%s (not available)", want);
		if (options_add(&o, want, label) != 0) {
			options_free(&o);
			return -1;
		}
		tmpl_frag_free(o.plain);
		*extra = o.sel;
	}
	span(sp, fc->fields, 2 * (size_t)p, 2 * (size_t)p + 1);
	add_options(sp, &l->opt, i, *extra);
	span(sp, fc->fields, 2 * (size_t)p + 1, 2 * (size_t)p + 2);
	return 0;
}

static int fill_form(struct tmpl_dict *d, const struct form_cache *fc, const struct form *f,
                     struct tmpl_frag **extra)
{
	struct spans sp = {.n = 0};
	char text[64];

	add_options(&sp, &fc->kinds, (unsigned)f->kind < K__MAX ? (long)f->kind : -1, NULL);
	tmpl_set_spans(d, "KINDS", sp.s, sp.n);
	sp.n = 0;
	add_options(&sp, &fc->tiers, f->tier >= 0 && f->tier <= TIER_MAX ? f->tier : -1, NULL);
	tmpl_set_spans(d, "TIERS", sp.s, sp.n);
	if (f->variance)
		tmpl_show(d, "VARIANCE");
	if (f->power_text) {
		tmpl_set(d, "POWER", f->power_text);
	} else {
		/* %g prints a whole number up to 100 (the form's maximum) as
		 * its digits */
		if (f->power >= 0 && f->power <= FORM_POWER_MAX && f->power == (int)f->power)
			int_text((int)f->power, 0, text);
		else
			snprintf(text, sizeof text, "%g", f->power);
		tmpl_set(d, "POWER", text);
	}

	unsigned parts = kind_parts(f->kind, WEAPON_PARTS);
	sp.n = 0;
	for (int p = 0; p < P__MAX; p++)
		if ((parts & PART_BIT(p)) && add_part(&sp, fc, f, (enum part)p, &extra[p]) != 0)
			return -1;
	tmpl_set_spans(d, "PARTS", sp.s, sp.n);

	if (f->has_seed) {
		tmpl_set(d, "SEED", u64_text(f->seed, text));
	}
	if (f->has_count)
		tmpl_set_int(d, "COUNT", f->count);
	return 0;
}

/* ---- HTML: the page ---------------------------------------------------- */

static int fill_cards(struct tmpl_dict *d, const struct page *p, const struct form *f)
{
	struct tmpl_dict *wrap;

	if (p->n_items == 0 || !p->items)
		return 0;
	wrap = tmpl_section(d, p->n_items == 1 ? "ONE" : "MANY");
	if (!wrap)
		return -1;
	if (p->n_items > 1)
		tmpl_set_int(wrap, "N_ITEMS", (long)p->n_items);
	for (size_t i = 0; i < p->n_items; i++) {
		struct tmpl_dict *row = tmpl_section(wrap, "ITEM");
		struct tmpl_dict *card = row ? tmpl_include(row, "CARD", "card.tpl") : NULL;
		if (!card || fill_card(card, &p->items[i], f) != 0)
			return -1;
	}
	return 0;
}

static int fill_error(struct tmpl_dict *d, const struct page *p)
{
	if (!p->error_field && !p->error_message)
		return 0;
	struct tmpl_dict *e = tmpl_include(d, "ERROR", "error.tpl");
	if (!e)
		return -1;
	if (p->error_field) {
		struct tmpl_dict *field = tmpl_section(e, "FIELD");
		if (!field)
			return -1;
		tmpl_set(field, "FIELD_NAME", p->error_field);
	}
	tmpl_set(e, "MESSAGE", p->error_message ? p->error_message : "Something went wrong.");
	return 0;
}

static void set_title(struct tmpl_dict *d, const struct page *p)
{
	char text[32];

	if (p->error_field || p->error_message) {
		tmpl_set(d, "TITLE", "Error");
	} else if (p->n_items == 1 && p->items) {
		tmpl_set(d, "TITLE", p->items[0].name);
	} else if (p->n_items > 1) {
		snprintf(text, sizeof text, "%zu items", p->n_items);
		tmpl_set(d, "TITLE", text);
	} else {
		tmpl_set(d, "TITLE", "Item generator");
	}
}

int render_html(const struct page *p, struct buf *out)
{
	struct tmpl_dict *d = NULL, *form;
	struct tmpl_frag *extra[P__MAX] = {0}; /* this page's "not available" options */
	struct form_cache *fc;
	const struct form *f;
	int rc = -1;

	if (!p || !out)
		return -1;
	f = form_or_default(p->form);
	if (!(fc = cache_get(p->cat, f->kind)) || !(d = tmpl_dict_new("layout")))
		goto done;
	set_title(d, p);
	if (fill_cards(d, p, f) != 0 || fill_error(d, p) != 0)
		goto done;
	if (!(form = tmpl_include(d, "FORM", "form.tpl")) || fill_form(form, fc, f, extra) != 0)
		goto done;
	rc = tmpl_expand("layout.tpl", d, out);
done:
	tmpl_dict_free(d);
	for (int i = 0; i < P__MAX; i++)
		tmpl_frag_free(extra[i]);
	cache_put(fc);
	return rc;
}

/* ---- JSON -------------------------------------------------------------- */

/* Sets o[key] = v. Takes v in every case (jansson releases it when the set
 * fails); a NULL v, from a failed constructor, is a failure. */
static int put(json_t *o, const char *key, json_t *v)
{
	if (!v)
		return -1;
	return json_object_set_new(o, key, v);
}

static int push(json_t *a, json_t *v)
{
	if (!v)
		return -1;
	return json_array_append_new(a, v);
}

static json_t *word_or_null(const struct entry *e)
{
	return e && e->word ? json_string(e->word) : json_null();
}

/* One key per part of the kind; element is a list of 0..2 words. */
static json_t *parts_json(const struct item *it)
{
	json_t *o = json_object(), *el;
	unsigned parts = kind_parts(it->kind, ALL_PARTS);
	int err = !o;

	for (int p = 0; !err && p < P__MAX; p++) {
		if (!(parts & PART_BIT(p)))
			continue;
		if (p != P_ELEMENT) {
			err = put(o, part_names[p], word_or_null(it->part[p])) != 0;
			continue;
		}
		err = !(el = json_array()) || put(o, part_names[p], el) != 0;
		if (!err && it->part[P_ELEMENT])
			err = push(el, word_or_null(it->part[P_ELEMENT])) != 0;
		if (!err && it->element2)
			err = push(el, word_or_null(it->element2)) != 0;
	}
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *unhonoured_json(const struct item *it)
{
	json_t *a = json_array();
	int n = it->n_unhonoured > ITEM_UNHONOURED_MAX ? ITEM_UNHONOURED_MAX : it->n_unhonoured;
	int err = !a;

	for (int i = 0; !err && i < n; i++) {
		const struct unhonoured *u = &it->unhonoured[i];
		json_t *o = json_object();
		err = push(a, o) != 0 ||
		      put(o, "part", json_string(name_or(part_names, P__MAX, (int)u->part, "?"))) ||
		      put(o, "word", json_string(u->word ? u->word : "")) ||
		      put(o, "reason",
		          json_string(name_or(unhonoured_reason_text, N_REASONS, (int)u->reason,
		                              "refused")));
	}
	if (err) {
		json_decref(a);
		return NULL;
	}
	return a;
}

static json_t *link_json(const struct form *f, uint64_t seed)
{
	struct buf link;
	json_t *v = NULL;

	buf_init(&link);
	if (form_link(f, seed, &link) == 0)
		v = json_stringn(link.data ? link.data : "", link.len);
	buf_free(&link);
	return v;
}

/* SPEC §5, in this key order: kind, name, seed, tier, slot, the stat columns
 * (hands first), str, plus, masterwork, parts, unhonoured, link. */
static json_t *item_json(const struct form *f, const struct item *it)
{
	json_t *o = json_object();
	char seed[24];
	int err = !o;

	snprintf(seed, sizeof seed, "%" PRIu64, it->seed);
	err = err || put(o, "kind", json_string(name_or(kind_names, K__MAX, (int)it->kind, "?")));
	err = err || put(o, "name", json_string(it->name));
	err = err || put(o, "seed", json_string(seed));
	err = err || put(o, "tier", json_integer(it->tier));
	err = err ||
	      put(o, "slot",
	          it->slot > SLOT_NONE && it->slot < SLOT__MAX ? json_string(slot_names[it->slot])
	                                                       : json_null());
	for (int s = 0; !err && s < ST__MAX; s++)
		err = put(o, stat_names[s],
		          s == ST_MULTIPLIER ? json_real(it->stat[s] / 100.0)
		                             : json_integer(it->stat[s])) != 0;
	err = err || put(o, "str", json_integer(it->str));
	err = err || put(o, "plus", json_integer(it->plus));
	err = err || put(o, "masterwork", json_boolean(it->masterwork));
	err = err || put(o, "parts", parts_json(it));
	err = err || put(o, "unhonoured", unhonoured_json(it));
	err = err || put(o, "link", link_json(f, it->seed));
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static int dump_to_buf(const char *p, size_t n, void *data)
{
	return buf_append(data, p, n);
}

/* Appends v compactly to out and releases v. All or nothing. */
static int emit_json(json_t *v, struct buf *out)
{
	size_t start = out->len;
	int rc = -1;

	/* 15 digits print hundredths exactly (1.4, not 1.3999999999999999). */
	if (v)
		rc = json_dump_callback(v, dump_to_buf, out,
		                        JSON_COMPACT | JSON_REAL_PRECISION(15));
	json_decref(v);
	if (rc != 0 && out->data) {
		out->len = start;
		out->data[start] = '\0';
	}
	return rc == 0 ? 0 : -1;
}

int render_json_items(const struct form *f, const struct item *items, size_t n, int batch,
                      struct buf *out)
{
	if (!out || (n > 0 && !items))
		return -1;
	f = form_or_default(f);
	if (!batch) {
		if (n != 1)
			return -1;
		return emit_json(item_json(f, &items[0]), out);
	}

	/* put and push take their value even when they fail, so each tree
	 * has one owner at every step: root. */
	json_t *root = json_object(), *list = json_array();
	int err = put(root, "items", list) != 0;
	for (size_t i = 0; !err && i < n; i++)
		err = push(list, item_json(f, &items[i])) != 0;
	if (err) {
		json_decref(root);
		return -1;
	}
	return emit_json(root, out);
}

int render_json_error(const char *field, const char *message, struct buf *out)
{
	if (!out)
		return -1;
	json_t *root = json_object(), *e = json_object();
	int err = put(root, "error", e) != 0;
	err = err || put(e, "field", field ? json_string(field) : json_null());
	err = err || put(e, "message", json_string(message ? message : "Something went wrong."));
	if (err) {
		json_decref(root);
		return -1;
	}
	return emit_json(root, out);
}
