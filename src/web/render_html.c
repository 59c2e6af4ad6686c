/* render_html: the index/generate page (form, cards, error) on the site's
 * skeleton (layout.h)
 * through the templates; raw text goes into the dictionaries and the
 * engine escapes it. */
#include "render.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "decimal.h"
#include "formcache.h"
#include "layout.h"
#include "render_int.h"
#include "scroll.h"
#include "tmpl.h"
#include "value.h"

/* ---- HTML: the card ---------------------------------------------------- */

/* A stat as shown on a card. The multiplier is a bonus stored in hundredths
 * (40 is +0.40), the others are plain signed integers. */
static void stat_text(enum stat s, int32_t v, char *dst)
{
	if (s == ST_MULTIPLIER) {
		uint64_t a = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
		char *p = dst;
		*p++ = v < 0 ? '-' : '+';
		p += strlen(decimal_u64(a / 100, p));
		*p++ = '.';
		*p++ = (char)('0' + a % 100 / 10);
		*p++ = (char)('0' + a % 10);
		*p = '\0';
	} else {
		decimal_i64(v, 1, dst);
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

/* The icon file's stem: the recipe's own, else the slot with spaces as
 * '-', else the kind. */
/* A weapon's icon by its family, read from the end of its type word
 * ("light crossbow" and "arbalest" are crossbows, "war bow" a bow); the
 * first row whose ending matches wins, so "crossbow" comes before "bow".
 * A type no row names keeps the icon of its slot. */
static const struct {
	const char *ending, *icon;
} weapon_families[] = {
        {"crossbow", "crossbow"}, {"arbalest", "crossbow"},
        {"bow", "bow"},           {"axe", "axe"},
        {"hatchet", "axe"},       {"dagger", "dagger"},
        {"knife", "dagger"},      {"stiletto", "dagger"},
        {"kukri", "dagger"},      {"main gauche", "dagger"},
        {"spear", "spear"},       {"javelin", "spear"},
        {"lance", "spear"},       {"halberd", "spear"},
        {"glaive", "spear"},      {"trident", "spear"},
        {"partisan", "spear"},    {"pitchfork", "spear"},
        {"mace", "mace"},         {"club", "mace"},
        {"cudgel", "mace"},       {"flail", "mace"},
        {"morning star", "mace"}, {"hammer", "mace"},
        {"maul", "mace"},         {"war pick", "mace"},
        {"chair leg", "mace"},    {"staff", "staff"},
        {"sword", "weapon"},      {"blade", "weapon"},
        {"sabre", "weapon"},      {"scimitar", "weapon"},
        {"rapier", "weapon"},     {"katana", "weapon"},
        {"falchion", "weapon"},   {"estoc", "weapon"},
        {"claymore", "weapon"},   {"zweihander", "weapon"},
        {"flamberge", "weapon"},  {"nodachi", "weapon"},
};

static const char *weapon_icon(const struct item *it)
{
	const char *w;
	size_t n;

	if (it->kind != K_WEAPON || !it->part[P_TYPE] || !(w = it->part[P_TYPE]->word))
		return NULL;
	n = strlen(w);
	for (size_t i = 0; i < sizeof weapon_families / sizeof weapon_families[0]; i++) {
		size_t e = strlen(weapon_families[i].ending);
		if (n >= e && strcmp(w + n - e, weapon_families[i].ending) == 0)
			return weapon_families[i].icon;
	}
	return NULL;
}

void render_icon_name(const struct item *it, char *dst, size_t n)
{
	const struct recipe *r = recipe_for(it->kind);
	const char *s = r ? r->icon : NULL;
	if (!s)
		s = weapon_icon(it);
	if (!s && it->slot > SLOT_NONE && it->slot < SLOT__MAX)
		s = slot_names[it->slot];
	if (!s || !*s)
		s = render_name_or(kind_names, K__MAX, (int)it->kind, "trinket");
	render_copy(s, dst, n);
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
		tmpl_set(row, "LABEL", render_capitalised(stat_names[s], label, sizeof label));
		if (it->stat[s] < 0)
			tmpl_show(row, "NEG");
	}
	/* a scroll is words and a spell: "No bonuses." would say nothing */
	const struct recipe *r = recipe_for(it->kind);
	if (!list && !(r && r->blueprint))
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
		tmpl_set(row, "PART", render_name_or(part_names, P__MAX, (int)u->part, "?"));
		tmpl_set(row, "WORD", u->word ? u->word : "");
		char why[UNHONOURED_TEXT_MAX];
		tmpl_set(row, "REASON", unhonoured_text(u, why, sizeof why));
	}
	return 0;
}

/* "/loadout?item=…": the loadout the visitor came from (the form's
 * carried list, items joined by commas), with code added to its pack
 * unless code is NULL. */
static int loadout_link(const struct form *f, const char *code, struct buf *out)
{
	char sep = '?';
	int rc = buf_puts(out, "/loadout");

	for (const char *s = f->loadout; rc == 0 && s && *s; sep = '&') {
		size_t n = strcspn(s, ",");
		rc = buf_putc(out, sep) || buf_puts(out, "item=") || buf_append(out, s, n) ? -1 : 0;
		s += n + (s[n] == ',');
	}
	if (rc == 0 && code)
		rc = buf_putc(out, sep) || buf_puts(out, "item=") || buf_puts(out, code) ? -1 : 0;
	return rc;
}

/* SPEC §8 on the card: a scroll's grade and description, the spell in
 * words, a wand's charges. */
static int fill_magic(struct tmpl_dict *card, const struct item *it)
{
	const struct recipe *r = recipe_for(it->kind);
	char text[SPELL_TEXT_MAX > SCROLL_TEXT_MAX ? SPELL_TEXT_MAX : SCROLL_TEXT_MAX];
	struct tmpl_dict *d;

	if (r && r->blueprint) {
		if (scroll_description(it, text, sizeof text) > 0) {
			if (!(d = tmpl_section(card, "DESCRIPTION")))
				return -1;
			tmpl_set(d, "TEXT", text);
		}
		if (it->part[P_TYPE]) {
			if (!(d = tmpl_section(card, "GRADE")))
				return -1;
			tmpl_set(d, "WORD",
			         render_capitalised(it->part[P_TYPE]->word, text, sizeof text));
		}
	}
	if (it->spell && spell_text(&it->spell->s, text, sizeof text) > 0) {
		if (!(d = tmpl_section(card, "SPELL")))
			return -1;
		tmpl_set(d, "LABEL", it->kind == K_WAND ? "Casts" : "Holds");
		tmpl_set(d, "TEXT", text);
	}
	if (recipe_step(r, OP_CHARGES)) {
		if (!(d = tmpl_section(card, "CHARGES")))
			return -1;
		tmpl_set_int(d, "N", it->charges);
	}
	return 0;
}

/* The visitor's forms on a card or a batch row (Keep, Add to loadout):
 * POSTs to /stash carrying the csrf token and the address to come back to. */
static int fill_actions(struct tmpl_dict *d, const struct item *it, const struct card_actions *a)
{
	if (!a || !it->code[0])
		return 0;
	struct tmpl_dict *s = tmpl_section(d, "ACTIONS");
	if (!s)
		return -1;
	tmpl_set(s, "CSRF", a->csrf);
	tmpl_set(s, "CODE", it->code);
	tmpl_set(s, "BACK", a->back);
	return 0;
}

static int fill_card(struct tmpl_dict *card, const struct item *it, const struct form *f,
                     const struct card_actions *a)
{
	char text[64], label[32], grouped[DECIMAL_GROUPED_MAX];
	const char *hands;
	struct buf link;
	int rc;

	tmpl_set(card, "NAME", it->name);
	tmpl_set(card, "RARITY", render_rarity(it->str));
	tmpl_set(card, "RARITY_LABEL",
	         render_capitalised(render_rarity(it->str), label, sizeof label));
	render_icon_name(it, text, sizeof text);
	tmpl_set(card, "ICON", text);
	tmpl_set(card, "KIND_LABEL", render_kind_label(it->kind, label, sizeof label));
	if (it->slot > SLOT_NONE && it->slot < SLOT__MAX) {
		struct tmpl_dict *slot = tmpl_section(card, "SLOT");
		if (!slot)
			return -1;
		tmpl_set(slot, "SLOT_LABEL",
		         render_capitalised(slot_names[it->slot], label, sizeof label));
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
	tmpl_set(card, "SEED", decimal_u64(it->seed, text));
	tmpl_set(card, "PRICE", decimal_grouped(item_value(it), grouped));
	if (fill_stats(card, it) != 0 || fill_unhonoured(card, it) != 0 ||
	    fill_magic(card, it) != 0)
		return -1;

	/* The permanent link (SPEC §6), or the inputs and the seed for an
	 * item that has no code. */
	buf_init(&link);
	if (it->code[0])
		rc = buf_puts(&link, "/item/") != 0 || buf_puts(&link, it->code) != 0 ? -1 : 0;
	else
		rc = form_link(f, it->seed, &link);
	if (rc == 0)
		tmpl_set(card, "LINK", link.data ? link.data : "/");
	buf_reset(&link);
	if (rc == 0 && (rc = form_link_inputs(f, &link)) == 0)
		tmpl_set(card, "REROLL", link.data ? link.data : "/");
	buf_reset(&link);
	/* a page the same for everyone (/item/CODE): its form rolls a new
	 * item, and this link the same seed again */
	if (rc == 0 && !a && it->code[0] && (rc = form_link(f, it->seed, &link)) == 0)
		tmpl_set(tmpl_section(card, "SAME_SEED"), "URL", link.data ? link.data : "/");
	buf_reset(&link);
	/* a loadout carried by the form (an address's "find more loot") keeps
	 * its link; otherwise the visitor's own loadout takes the card: by its
	 * forms, or on a page the same for everyone by the compare view, whose
	 * Equip adds it (a link to the one-item address would replace it) */
	if (rc == 0 && f->loadout && it->code[0] && (rc = loadout_link(f, it->code, &link)) == 0)
		tmpl_set(tmpl_section(card, "ADD_TO_LOADOUT"), "URL", link.data);
	else if (rc == 0 && !a && it->code[0] && (rc = buf_puts(&link, "/compare?item=")) == 0 &&
	         (rc = buf_puts(&link, it->code)) == 0)
		tmpl_set(tmpl_section(card, "ADD_TO_LOADOUT"), "URL", link.data);
	buf_free(&link);
	if (rc == 0)
		rc = fill_actions(card, it, a);
	/* the same link for everyone: the comparison is the visitor's page */
	if (rc == 0 && !a && it->code[0])
		tmpl_set(tmpl_section(card, "COMPARE"), "CODE", it->code);
	return rc;
}

/* ---- the form ---------------------------------------------------- */

/* Spans one page's form splices: at most 5 per part (head, options before
 * the selected one, the selected one, the rest, tail). */
#define PAGE_SPANS (5 * P__MAX)

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
		if (!(*extra = tmpl_frag_new()) ||
		    formcache_field_add(*extra, p, "TEXT", want) != 0)
			return -1;
		span(sp, *extra, 0, 1);
		return 0;
	}
	if (want && (i = formcache_find_word(l, want)) < 0) {
		struct options o = {0};
		snprintf(label, sizeof label, "%s (not available)", want);
		if (formcache_options_add(&o, want, label) != 0) {
			formcache_options_free(&o);
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

/* A select's value that was sent but refused (kind=axe, tier=9): kept as
 * an extra, selected option "axe (not valid)", so the form shows what was
 * sent. *out is this page's piece; 0, or -1 out of memory. */
static int sent_option(const char *value, struct tmpl_frag **out)
{
	struct options o = {0};
	char label[FORM_VALUE_MAX + 16];

	snprintf(label, sizeof label, "%s (not valid)", value);
	if (formcache_options_add(&o, value, label) != 0) {
		formcache_options_free(&o);
		return -1;
	}
	tmpl_frag_free(o.plain);
	*out = o.sel;
	return 0;
}

static int fill_form(struct tmpl_dict *d, const struct form_cache *fc, const struct form *f,
                     struct tmpl_frag **extra, struct tmpl_frag **sent)
{
	struct spans sp = {.n = 0};
	char text[64];
	const char *bad_kind = form_invalid(f, "kind"), *bad_tier = form_invalid(f, "tier");

	if ((bad_kind && sent_option(bad_kind, &sent[0]) != 0) ||
	    (bad_tier && sent_option(bad_tier, &sent[1]) != 0))
		return -1;
	add_options(&sp, &fc->kinds, !bad_kind && (unsigned)f->kind < K__MAX ? (long)f->kind : -1,
	            sent[0]);
	tmpl_set_spans(d, "KINDS", sp.s, sp.n);
	sp.n = 0;
	add_options(&sp, &fc->tiers,
	            !bad_tier && f->tier >= 0 && f->tier <= TIER_MAX ? f->tier : -1, sent[1]);
	tmpl_set_spans(d, "TIERS", sp.s, sp.n);
	if (f->variance)
		tmpl_show(d, "VARIANCE");
	if (form_invalid(f, "power")) {
		tmpl_set(d, "POWER", form_invalid(f, "power"));
	} else if (f->power_text) {
		tmpl_set(d, "POWER", f->power_text);
	} else {
		/* %g prints a whole number up to 100 (the form's maximum) as
		 * its digits */
		if (f->power >= 0 && f->power <= FORM_POWER_MAX && f->power == (int)f->power)
			decimal_i64((int)f->power, 0, text);
		else
			snprintf(text, sizeof text, "%g", f->power);
		tmpl_set(d, "POWER", text);
	}

	unsigned parts = render_kind_parts(f->kind, WEAPON_PARTS);
	sp.n = 0;
	for (int p = 0; p < P__MAX; p++)
		if ((parts & PART_BIT(p)) && add_part(&sp, fc, f, (enum part)p, &extra[p]) != 0)
			return -1;
	tmpl_set_spans(d, "PARTS", sp.s, sp.n);

	if (form_invalid(f, "seed"))
		tmpl_set(d, "SEED", form_invalid(f, "seed"));
	else if (f->has_seed)
		tmpl_set(d, "SEED", decimal_u64(f->seed, text));
	if (form_invalid(f, "count"))
		tmpl_set(d, "COUNT", form_invalid(f, "count"));
	else if (f->has_count)
		tmpl_set_int(d, "COUNT", f->count);
	if (f->loadout) {
		/* carried through the form, so the cards of the next roll keep it */
		struct tmpl_dict *lo = tmpl_section(d, "LOADOUT");
		struct buf back;
		tmpl_set(lo, "VALUE", f->loadout);
		buf_init(&back);
		if (loadout_link(f, NULL, &back) != 0) {
			buf_free(&back);
			return -1;
		}
		tmpl_set(lo, "BACK", back.data);
		buf_free(&back);
	}
	return 0;
}

/* ---- HTML: the page ---------------------------------------------------- */

/* A batch row's "key stats": the (at most) three largest bonuses, by size,
 * as the card writes them ("+39 Attack, +3 Evil"); "—" when none. */
#define KEY_STATS 3
static void key_stats(const struct item *it, char *dst, size_t n)
{
	int pick[KEY_STATS], k = 0;
	char value[32], label[32];
	size_t len = 0;

	for (int s = 0; s < ST__MAX; s++) {
		int32_t a = it->stat[s] < 0 ? -it->stat[s] : it->stat[s];
		if (s == ST_HANDS || a == 0)
			continue;
		int at = k < KEY_STATS ? k++ : KEY_STATS;
		/* insertion by size; the first of equals stays first */
		while (at > 0) {
			int32_t b = it->stat[pick[at - 1]];
			if ((b < 0 ? -b : b) >= a)
				break;
			if (at < KEY_STATS)
				pick[at] = pick[at - 1];
			at--;
		}
		if (at < KEY_STATS)
			pick[at] = s;
	}
	dst[0] = '\0';
	for (int i = 0; i < k && len < n; i++) {
		stat_text((enum stat)pick[i], it->stat[pick[i]], value);
		int w = snprintf(dst + len, n - len, "%s%s %s", i ? ", " : "", value,
		                 render_capitalised(stat_names[pick[i]], label, sizeof label));
		if (w < 0)
			break;
		len += (size_t)w;
	}
	if (k == 0)
		snprintf(dst, n, "—");
}

/* The batch's addresses: the same inputs, the first item's seed (the
 * batch's own: item i's is derived from it) and the count, as JSON, CSV
 * (format=csv) and HTML. */
static int batch_links(struct tmpl_dict *wrap, const struct page *p, const struct form *f)
{
	static const char *const vars[] = {"LINK", "JSON", "CSV"};
	static const char *const tails[] = {"", "&format=json", "&format=csv"};
	struct buf b;
	int rc = 0;

	buf_init(&b);
	for (int i = 0; i < 3 && rc == 0; i++) {
		buf_reset(&b);
		rc = form_link(f, p->items[0].seed, &b) != 0 ||
		                     buf_printf(&b, "&count=%zu%s", p->n_items, tails[i]) != 0
		             ? -1
		             : 0;
		if (rc == 0)
			tmpl_set(wrap, vars[i], b.data);
	}
	buf_free(&b);
	return rc;
}

/* One row of the batch's table: the name links to the item's card. */
static int batch_row(struct tmpl_dict *wrap, const struct item *it, const struct form *f,
                     const struct card_actions *a)
{
	struct tmpl_dict *row = tmpl_section(wrap, "ROW");
	char text[160], label[32], grouped[DECIMAL_GROUPED_MAX];
	struct buf link;
	int rc;

	if (!row)
		return -1;
	tmpl_set(row, "NAME", it->name);
	tmpl_set(row, "KIND", render_kind_label(it->kind, label, sizeof label));
	tmpl_set_int(row, "TIER", it->tier);
	tmpl_set(row, "RARITY", render_rarity(it->str));
	tmpl_set(row, "RARITY_LABEL",
	         render_capitalised(render_rarity(it->str), label, sizeof label));
	key_stats(it, text, sizeof text);
	tmpl_set(row, "STATS", text);
	tmpl_set(row, "PRICE", decimal_grouped(item_value(it), grouped));
	buf_init(&link);
	if (it->code[0])
		rc = buf_puts(&link, "/item/") != 0 || buf_puts(&link, it->code) != 0 ? -1 : 0;
	else
		rc = form_link(f, it->seed, &link);
	if (rc == 0)
		tmpl_set(row, "LINK", link.data ? link.data : "/");
	buf_free(&link);
	if (rc == 0)
		rc = fill_actions(row, it, a);
	return rc;
}

static int fill_cards(struct tmpl_dict *d, const struct page *p, const struct form *f,
                      const struct card_actions *a)
{
	struct tmpl_dict *wrap;

	if (p->n_items == 0 || !p->items)
		return 0;
	wrap = tmpl_section(d, p->n_items == 1 ? "ONE" : "MANY");
	if (!wrap)
		return -1;
	/* the card's name (or the batch's count) says what the h1 says */
	tmpl_show(d, "QUIET_H1");
	if (p->n_items > 1) {
		tmpl_set_int(wrap, "N_ITEMS", (long)p->n_items);
		if (batch_links(wrap, p, f) != 0)
			return -1;
		uint64_t total = 0;
		char grouped[DECIMAL_GROUPED_MAX];
		for (size_t i = 0; i < p->n_items; i++) {
			total += item_value(&p->items[i]);
			if (batch_row(wrap, &p->items[i], f, a) != 0)
				return -1;
		}
		tmpl_set(wrap, "TOTAL_VALUE", decimal_grouped(total, grouped));
		if (a)
			tmpl_show(wrap, "ACTIONS_COL");
	}
	for (size_t i = 0; i < p->n_items; i++) {
		struct tmpl_dict *row = tmpl_section(wrap, "ITEM");
		struct tmpl_dict *card = row ? tmpl_include(row, "CARD", "card.tpl") : NULL;
		if (!card || fill_card(card, &p->items[i], f, a) != 0)
			return -1;
		if (a && a->compare)
			a->compare(a->compare_arg, i, card);
	}
	return 0;
}

static void set_title(struct tmpl_dict *d, const struct page *p)
{
	char text[32];

	if (p->error_field || p->error_message || (p->errors && p->errors->n > 0)) {
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
	return render_html_for(p, NULL, out);
}

int render_html_for(const struct page *p, const struct card_actions *a, struct buf *out)
{
	struct tmpl_dict *d = NULL, *form;
	struct tmpl_frag *extra[P__MAX] = {0}; /* this page's "not available" options */
	struct tmpl_frag *sent[2] = {0};       /* a refused kind and tier, as sent */
	struct form_cache *fc;
	const struct form *f;
	int rc = -1;

	if (!p || !out)
		return -1;
	f = render_form(p->form);
	if (!(fc = formcache_get(p->cat)) || !(d = layout_new(NULL)))
		goto done;
	set_title(d, p);
	/* every problem of the request when the page has the list (docs/api.md) */
	if (fill_cards(d, p, f, a) != 0 ||
	    (p->errors && p->errors->n > 0 && layout_errors(d, p->errors) != 0) ||
	    ((!p->errors || p->errors->n == 0) && (p->error_field || p->error_message) &&
	     layout_error(d, p->error_field, p->error_message) != 0))
		goto done;
	if (!(form = tmpl_include(d, "FORM", "form.tpl")) ||
	    fill_form(form, fc, f, extra, sent) != 0)
		goto done;
	rc = layout_expand(d, out);
done:
	tmpl_dict_free(d);
	for (int i = 0; i < P__MAX; i++)
		tmpl_frag_free(extra[i]);
	tmpl_frag_free(sent[0]);
	tmpl_frag_free(sent[1]);
	formcache_put(fc);
	return rc;
}
