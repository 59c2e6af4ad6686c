/* render: HTML pages through the templates, JSON through jansson.
 *
 * Escaping is the template engine's job: this file hands raw text to the
 * dictionaries and never builds HTML itself. Everything a function allocates
 * (dictionaries, JSON trees, scratch buffers) is freed before it returns;
 * the output is appended to the caller's buffer, and on failure whatever this
 * call appended is taken back, so a caller never sends half an answer. */
#include "render.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <jansson.h>

#include "tmpl.h"

/* unhonoured_reason_text (item.h) is defined beside the generator, which
 * decides the reasons; its size is not visible here, hence the count. */
#define N_REASONS (UR_NOT_A_PART + 1)

const char *const render_templates[] = {"layout.tpl", "form.tpl", "card.tpl", "error.tpl", NULL};

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

/* s with its first letter upper-cased ("two hands" -> "Two hands"). */
static const char *capitalised(const char *s, char *dst, size_t n)
{
	snprintf(dst, n, "%s", s);
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
static void stat_text(enum stat s, int32_t v, char *dst, size_t n)
{
	if (s == ST_MULTIPLIER) {
		long long a = v < 0 ? -(long long)v : (long long)v;
		snprintf(dst, n, "%c%lld.%02lld", v < 0 ? '-' : '+', a / 100, a % 100);
	} else {
		snprintf(dst, n, "%+" PRId32, v);
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
	snprintf(dst, n, "%s", s);
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
		stat_text((enum stat)s, it->stat[s], value, sizeof value);
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
	snprintf(text, sizeof text, "%" PRIu64, it->seed);
	tmpl_set(card, "SEED", text);
	if (fill_stats(card, it) != 0 || fill_unhonoured(card, it) != 0)
		return -1;

	buf_init(&link);
	rc = form_link(f, it->seed, &link);
	if (rc == 0)
		tmpl_set(card, "LINK", link.data ? link.data : "/");
	buf_free(&link);
	return rc;
}

/* ---- HTML: the form ---------------------------------------------------- */

static int add_option(struct tmpl_dict *d, const char *section, const char *value,
                      const char *label, int selected)
{
	struct tmpl_dict *o = tmpl_section(d, section);
	if (!o)
		return -1;
	tmpl_set(o, "VALUE", value);
	tmpl_set(o, "LABEL", label);
	if (selected)
		tmpl_show(o, "SEL");
	return 0;
}

/* One <select> of words: the active rows of the kind's table for this part
 * (already sorted by word). A requested word that is not among them is kept
 * as an extra, selected option, so the form still shows what was sent. */
static int fill_part(struct tmpl_dict *form, const struct catalog *cat, const struct form *f,
                     enum part p)
{
	const char *want = f->attr[p];
	int found = 0;
	char label[FORM_WORD_MAX + 32];
	struct tmpl_dict *sel = tmpl_section(form, "PART");

	if (!sel)
		return -1;
	tmpl_set(sel, "PART_NAME", part_names[p]);
	tmpl_set(sel, "PART_LABEL", capitalised(part_names[p], label, sizeof label));
	if (cat && (unsigned)f->kind < K__MAX) {
		const struct table *t = &cat->t[f->kind][p];
		for (size_t i = 0; i < t->n; i++) {
			const struct entry *e = &t->rows[i];
			if (!e->active || !e->word)
				continue;
			int is = want && strcasecmp(e->word, want) == 0;
			found |= is;
			if (add_option(sel, "WORD", e->word, e->word, is) != 0)
				return -1;
		}
	}
	if (want && !found) {
		snprintf(label, sizeof label, "%s (not available)", want);
		if (add_option(sel, "WORD", want, label, 1) != 0)
			return -1;
	}
	return 0;
}

static int fill_form(struct tmpl_dict *d, const struct catalog *cat, const struct form *f)
{
	char text[64], label[32];

	for (int k = 0; k < K__MAX; k++)
		if (add_option(d, "KIND", kind_names[k],
		               kind_label((enum kind)k, label, sizeof label),
		               (int)f->kind == k) != 0)
			return -1;
	for (int t = 0; t <= TIER_MAX; t++) {
		snprintf(text, sizeof text, "%d", t);
		if (add_option(d, "TIER", text, t == 0 ? "any" : text, f->tier == t) != 0)
			return -1;
	}
	if (f->variance)
		tmpl_show(d, "VARIANCE");
	if (f->power_text) {
		tmpl_set(d, "POWER", f->power_text);
	} else {
		snprintf(text, sizeof text, "%g", f->power);
		tmpl_set(d, "POWER", text);
	}

	unsigned parts = kind_parts(f->kind, WEAPON_PARTS);
	for (int p = 0; p < P__MAX; p++)
		if ((parts & PART_BIT(p)) && fill_part(d, cat, f, (enum part)p) != 0)
			return -1;

	if (f->has_seed) {
		snprintf(text, sizeof text, "%" PRIu64, f->seed);
		tmpl_set(d, "SEED", text);
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
	struct tmpl_dict *d, *form;
	const struct form *f;
	int rc = -1;

	if (!p || !out)
		return -1;
	f = form_or_default(p->form);
	if (!(d = tmpl_dict_new("layout")))
		return -1;
	set_title(d, p);
	if (fill_cards(d, p, f) != 0 || fill_error(d, p) != 0)
		goto done;
	if (!(form = tmpl_include(d, "FORM", "form.tpl")) || fill_form(form, p->cat, f) != 0)
		goto done;
	rc = tmpl_expand("layout.tpl", d, out);
done:
	tmpl_dict_free(d);
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
