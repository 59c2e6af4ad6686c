/* loadoutpage: GET /loadout?item=CODE[:place]&item=… (SPEC §9). The URL is
 * the whole state: each item by its permanent code, worn at `place` or in
 * the pack when no place is given. The page shows the paper doll, the
 * pack and the totals, with equip / unequip / remove as links to the URL
 * of the state that follows.
 * The query is read in two passes of the one form reader (format first, so every error is in the
 * client's format). Each item is regenerated from its code; the list is then built by adding the
 * items in order and wearing each where its value says, by the rules of loadout.c, so a hand-edited
 * URL that puts two items in one place still gives a consistent loadout (the later one is worn).
 * Every link on the page is the canonical URL of the state an action leads to. */
#include "pages.h"

#include <inttypes.h>
#include <string.h>

#include "buf.h"
#include "catalog.h"
#include "decimal.h"
#include "fields.h"
#include "form.h"
#include "item.h"
#include "itemlink.h"
#include "itemlink_db.h"
#include "loadout.h"
#include "loadout_query.h"
#include "messages.h"
#include "page.h"
#include "render.h"
#include "stashpage.h"
#include "value.h"

struct lo_query {
	enum format format;
	struct loadout_query q;
};

/* Item i of a loadout: its code and the item regenerated from it, in two
 * arrays indexed alike (loadout_totals reads the items as an array). */
struct lo_entries {
	const char **code;
	struct item *item;
	const struct coded_item *ci;     /* each item's code, read: its inputs for the JSON */
	const struct loadout_base *base; /* the character's own values */
};

static int read_query(const struct request *rq, struct lo_query *q, struct form_error *err)
{
	const char *s = rq->query;

	if (fields_format(rq, &q->format, err) != 0)
		return -1;
	return loadout_query_read(&q->q, s, s ? strlen(s) : 0, err);
}

/* ---- links: the canonical URL of a state ---- */

/* Item i as an address spells it: "CODE", or "CODE:place" when worn. */
static int put_entry(struct buf *b, const struct loadout *l, const struct lo_entries *e, unsigned i)
{
	if (buf_puts(b, e->code[i]) != 0)
		return -1;
	if (l->item[i].at != PLACE_PACK && buf_printf(b, ":%s", place_names[l->item[i].at]) != 0)
		return -1;
	return 0;
}

static int state_link(struct buf *b, const struct loadout *l, const struct lo_entries *e,
                      enum format f)
{
	if (buf_append(b, "/loadout", 8) != 0)
		return -1;
	char base[256];
	int sep = '?';
	for (unsigned i = 0; i < l->n; i++, sep = '&')
		if (buf_puts(b, i ? "&item=" : "?item=") != 0 || put_entry(b, l, e, i) != 0)
			return -1;
	if (e->base && loadout_base_text(e->base, base, sizeof base) > 0) {
		if (buf_printf(b, "%cbase=%s", sep, base) != 0)
			return -1;
		sep = '&';
	}
	if (f == FMT_JSON && buf_printf(b, "%cformat=json", sep) != 0)
		return -1;
	return 0;
}

/* "/?loadout=CODE:place,CODE": the generate form carrying this loadout, so
 * each card's "add to loadout" keeps it (form.c's loadout field); plain
 * "/" when there is nothing to carry or the list is longer than the field
 * takes. */
static int more_link(struct buf *b, const struct loadout *l, const struct lo_entries *e)
{
	size_t start = b->len;

	if (buf_puts(b, l->n ? "/?loadout=" : "/") != 0)
		return -1;
	for (unsigned i = 0; i < l->n; i++)
		if ((i && buf_putc(b, ',') != 0) || put_entry(b, l, e, i) != 0)
			return -1;
	if (l->n && b->len - start - (sizeof "/?loadout=" - 1) > FORM_LONG_VALUE_MAX) {
		b->len = start;
		return buf_puts(b, "/");
	}
	return 0;
}

enum action { A_EQUIP, A_EQUIP_OFF, A_UNEQUIP, A_REMOVE, A__MAX };
static const char *const action_names[A__MAX] = {"equip", "equip_off_hand", "unequip", "remove"};

/* The URL after action a on item i, in the arena; NULL when the action does
 * not apply (equipping what is worn or has no slot, unequipping what is in
 * the pack). */
static const char *action_link(struct arena *ar, const struct loadout *l,
                               const struct lo_entries *entries, unsigned i, enum action a,
                               enum format f, const char **items)
{
	struct loadout next = *l;
	const struct lo_entries *e = entries;
	struct lo_entries moved;
	int worn = l->item[i].at != PLACE_PACK;

	switch (a) {
	case A_EQUIP:
		if (worn || loadout_equip(&next, i, PLACE_PACK) != LO_OK)
			return NULL;
		break;
	case A_EQUIP_OFF:
		if (l->item[i].fits != SLOT_ONE_HAND || l->item[i].at == PLACE_OFF_HAND ||
		    loadout_equip(&next, i, PLACE_OFF_HAND) != LO_OK)
			return NULL;
		break;
	case A_UNEQUIP:
		if (!worn)
			return NULL;
		loadout_unequip(&next, i);
		break;
	default:
		/* the entries without item i, in the arena: the link needs the codes */
		if (!(moved.code = arena_alloc(ar, sizeof(*moved.code) * l->n)))
			return NULL;
		moved.item = NULL;
		moved.base = entries->base;
		for (unsigned j = 0, k = 0; j < l->n; j++)
			if (j != i)
				moved.code[k++] = entries->code[j];
		loadout_remove(&next, i);
		e = &moved;
	}
	struct buf b;
	buf_init(&b);
	char *s = NULL;
	if (state_link(&b, &next, e, f) == 0 && (s = arena_alloc(ar, b.len + 1)))
		memcpy(s, b.data, b.len + 1);
	if (s && items) {
		/* the loadout it leads to as the make-it-mine form carries it */
		char *t = NULL;
		int rc = 0;
		buf_reset(&b);
		for (unsigned j = 0; j < next.n && rc == 0; j++)
			rc = (j && buf_putc(&b, ',') != 0) || put_entry(&b, &next, e, j) != 0;
		if (rc == 0 && (t = arena_alloc(ar, b.len + 1)))
			memcpy(t, b.data ? b.data : "", b.len + 1);
		if (!(*items = t))
			s = NULL;
	}
	buf_free(&b);
	return s;
}

/* ---- answers ---- */

/* The page under the error box (page_send_problems): its form to add an
 * item, no loadout. */
static struct tmpl_dict *error_page(const void *unused)
{
	struct tmpl_dict *d = page_new("Loadout");
	(void)unused;
	tmpl_show(page_body(d, "loadout.tpl"), "CAN_ADD");
	return d;
}

/* Item i's actions: links to the addresses they lead to; on the visitor's
 * own loadout (csrf given), forms that make that loadout the cookie's too
 * (POST /stash do=mine) and come back to its address. */
static void item_html(struct tmpl_dict *d, struct arena *ar, const struct loadout *l,
                      const struct lo_entries *e, unsigned i, const char *csrf)
{
	tmpl_set(d, "NAME", e->item[i].name);
	tmpl_set(d, "RARITY", render_rarity(e->item[i].str));
	tmpl_set(d, "CODE", e->code[i]);
	tmpl_set_int(d, "STR", e->item[i].str);
	if (e->item[i].slot != SLOT_NONE)
		tmpl_set(tmpl_section(d, "FITS"), "SLOT", slot_names[e->item[i].slot]);
	for (int a = 0; a < A__MAX; a++) {
		const char *items = NULL;
		const char *url =
		        action_link(ar, l, e, i, (enum action)a, FMT_HTML, csrf ? &items : NULL);
		if (!url)
			continue;
		struct tmpl_dict *s = tmpl_section(d, a == A_EQUIP       ? "EQUIP"
		                                      : a == A_EQUIP_OFF ? "EQUIP_OFF"
		                                      : a == A_UNEQUIP   ? "UNEQUIP"
		                                                         : "REMOVE");
		tmpl_set(s, "URL", url);
		if (csrf) {
			struct tmpl_dict *post = tmpl_section(s, "POST");
			tmpl_set(post, "CSRF", csrf);
			tmpl_set(post, "ITEMS", items);
		} else {
			tmpl_show(s, "LINK");
		}
	}
}

/* The doll's drawing of an empty place: the slot's icon of public/icons/. */
static const char *const place_icons[PLACE__MAX] = {
        [PLACE_HEAD] = "head",           [PLACE_BODY] = "body", [PLACE_HANDS] = "hands",
        [PLACE_LEGS] = "legs",           [PLACE_FEET] = "feet", [PLACE_MAIN_HAND] = "one-hand",
        [PLACE_OFF_HAND] = "off-hand",   [PLACE_NECK] = "neck", [PLACE_LEFT_FINGER] = "finger",
        [PLACE_RIGHT_FINGER] = "finger",
};

/* Whether loadout l (codes e) is the visitor's, entry for entry. */
static int is_mine(const struct visitor *v, const struct loadout *l, const struct lo_entries *e)
{
	if (v->n_worn != l->n)
		return 0;
	for (unsigned i = 0; i < l->n; i++)
		if (strcmp(v->worn[i].code, e->code[i]) != 0 || v->worn[i].place != l->item[i].at)
			return 0;
	return 1;
}

/* "Make it mine" on an address that is not the visitor's loadout, "Clear"
 * on the one that is. */
static int mine_forms(struct tmpl_dict *body, const struct request *rq, struct response *rs,
                      const struct visitor *v, const struct loadout *l, const struct lo_entries *e,
                      char token[CSRF_HEX + 1])
{
	struct buf items;

	stash_token(rq, rs, token);
	if (l->n && is_mine(v, l, e)) {
		tmpl_set(tmpl_section(body, "MINE"), "CSRF", token);
		return 1;
	}
	if (!l->n)
		return 0;
	struct tmpl_dict *sh = tmpl_section(body, "SHARED");
	tmpl_set(sh, "CSRF", token);
	buf_init(&items);
	for (unsigned i = 0; i < l->n; i++)
		if ((i && buf_putc(&items, ',') != 0) || put_entry(&items, l, e, i) != 0)
			break;
	tmpl_set(sh, "ITEMS", items.data ? items.data : "");
	buf_reset(&items);
	if (state_link(&items, l, e, FMT_HTML) == 0)
		tmpl_set(sh, "SELF", items.data);
	buf_free(&items);
	if (v->n_worn)
		tmpl_set_int(tmpl_section(sh, "HAS_OWN"), "OWN_N", (long)v->n_worn);
	return 0;
}

static void send_html(struct response *rs, struct arena *ar, const struct loadout *l,
                      const struct lo_entries *e, const struct loadout_totals *t,
                      const struct request *rq, const struct visitor *v)
{
	struct tmpl_dict *d = page_new("Loadout");
	struct tmpl_dict *body = page_body(d, "loadout.tpl");
	char num[DECIMAL_GROUPED_MAX + 8];
	struct buf self;

	char token[CSRF_HEX + 1];
	tmpl_show(body, "SHOWN");
	const char *mine = mine_forms(body, rq, rs, v, l, e, token) ? token : NULL;

	for (int p = PLACE_HEAD; p < PLACE__MAX; p++) {
		struct tmpl_dict *row = tmpl_section(body, "PLACE");
		int w = loadout_wearer(l, (enum place)p);
		tmpl_set(row, "PLACE", place_names[p]);
		tmpl_set(row, "LABEL", place_labels[p]);
		if (w < 0) {
			tmpl_show(row, "EMPTY");
			tmpl_set(row, "ICON", place_icons[p]);
		} else {
			char icon[64];
			render_icon_name(&e->item[w], icon, sizeof icon);
			tmpl_set(row, "ICON", icon);
			tmpl_show(row, "FILLED");
			if (loadout_fills_also(l, (unsigned)w, (enum place)p))
				tmpl_set(tmpl_section(row, "ALSO"), "NAME", e->item[w].name);
			else
				item_html(tmpl_section(row, "WORN"), ar, l, e, (unsigned)w, mine);
		}
	}
	unsigned in_pack = 0;
	for (unsigned i = 0; i < l->n; i++)
		if (l->item[i].at == PLACE_PACK) {
			item_html(tmpl_section(body, "PACK_ITEM"), ar, l, e, i, mine);
			in_pack++;
		}
	if (!in_pack)
		tmpl_show(body, "PACK_EMPTY");
	/* base + bonuses = total, for what adds up (hands and the multiplier
	 * do not: loadout_stat_sums) and strength */
	for (int s = 0; s <= ST__MAX; s++) {
		if (s < ST__MAX && !loadout_stat_sums((enum stat)s))
			continue;
		struct tmpl_dict *row = tmpl_section(body, "TOTAL");
		int64_t base = s == ST__MAX ? e->base->str : e->base->stat[s];
		/* an item's strength is its affix points, not the character's:
		 * shown apart (ITEM_STR), never added to base str */
		int64_t bonus = s == ST__MAX ? 0 : t->stat[s];
		tmpl_set(row, "NAME", s == ST__MAX ? "str" : stat_names[s]);
		tmpl_set(row, "LABEL", s == ST__MAX ? "strength" : stat_names[s]);
		tmpl_set_int(row, "BASE", (long)base);
		tmpl_set(row, "BONUS_SIGN", bonus < 0 ? "−" : "+");
		tmpl_set_int(row, "BONUS", (long)(bonus < 0 ? -bonus : bonus));
		tmpl_set_int(row, "VALUE", (long)(base + bonus));
	}
	if (e->base->n) {
		char base[256];
		if (loadout_base_text(e->base, base, sizeof base) >= 0)
			tmpl_set(body, "BASE", base);
	}
	tmpl_set(body, "TOTAL_VALUE", decimal_grouped(t->value, num));
	tmpl_set_int(body, "ITEM_STR", (long)t->str);
	tmpl_set_int(body, "WORN", (long)t->worn);
	tmpl_set_int(body, "COUNT", (long)l->n);
	for (unsigned i = 0; i < l->n; i++) {
		struct tmpl_dict *h = tmpl_section(body, "KEEP");
		tmpl_set(h, "CODE", e->code[i]);
		if (l->item[i].at != PLACE_PACK)
			tmpl_set(tmpl_section(h, "AT"), "PLACE", place_names[l->item[i].at]);
	}
	if (l->n < LOADOUT_MAX)
		tmpl_show(body, "CAN_ADD");
	buf_init(&self);
	if (state_link(&self, l, e, FMT_HTML) == 0)
		tmpl_set(body, "SELF", self.data);
	buf_reset(&self);
	if (more_link(&self, l, e) == 0)
		tmpl_set(body, "MORE", self.data);
	buf_free(&self);
	page_send_html(rs, 200, d);
}

/* A place as an identifier of docs/api.md: "main_hand". */
static const char *place_ident(enum place p, char *dst, size_t n)
{
	size_t i = 0;
	for (const char *s = place_names[p]; *s && i + 1 < n; s++)
		dst[i++] = *s == '-' ? '_' : *s;
	dst[i] = '\0';
	return dst;
}

/* A JSON string, escaped as jansson escapes it (render_json_string). */
static int put_str(struct buf *b, const char *s)
{
	return render_json_string(b, s, strlen(s));
}

/* `"key":` after a comma unless first; keys here are identifiers. */
static int put_key(struct buf *b, const char *key, int first)
{
	return (first ? 0 : buf_puts(b, ",")) | put_str(b, key) | buf_puts(b, ":");
}

/* {"place", "item": the item as everywhere (docs/api.md), "actions"}. */
static int put_entry_json(struct buf *b, struct arena *ar, const struct loadout *l,
                          const struct lo_entries *e, unsigned i)
{
	struct form f;
	char power_text[16], place[24];

	itemlink_form(&e->ci[i], &f, power_text, 1);
	int rc = buf_puts(b, "{\"place\":") |
	         put_str(b, place_ident(l->item[i].at, place, sizeof place)) |
	         buf_puts(b, ",\"item\":");
	rc |= render_json_item_append(&f, &e->item[i], b) | buf_puts(b, ",\"actions\":{");
	for (int a = 0; a < A__MAX; a++) {
		const char *url = action_link(ar, l, e, i, (enum action)a, FMT_JSON, NULL);
		rc |= put_key(b, action_names[a], a == 0) |
		      (url ? put_str(b, url) : buf_puts(b, "null"));
	}
	return rc | buf_puts(b, "}}");
}

/* base, bonuses or totals: each summed stat and str (totals also value
 * and worn). which: 0 base, 1 bonuses, 2 totals. */
static int put_sums(struct buf *b, const struct lo_entries *e, const struct loadout_totals *t,
                    int which)
{
	int rc = buf_puts(b, "{"), first = 1;
	for (int s = 0; s <= ST__MAX; s++) {
		if (s < ST__MAX && !loadout_stat_sums((enum stat)s))
			continue;
		int64_t base = s == ST__MAX ? e->base->str : e->base->stat[s];
		/* the items' strength is their affix points: never a bonus to
		 * the character's str (item_str says it apart) */
		int64_t x = s == ST__MAX ? 0 : t->stat[s];
		int64_t v = which == 0 ? base : which == 1 ? x : base + x;
		rc |= put_key(b, s == ST__MAX ? "str" : stat_names[s], first) |
		      buf_printf(b, "%" PRId64, v);
		first = 0;
	}
	if (which == 2)
		rc |= buf_printf(b, ",\"value\":%" PRId64 ",\"worn\":%" PRId64, (int64_t)t->value,
		                 (int64_t)t->worn);
	return rc | buf_puts(b, "}");
}

/* The answer written straight into rs->body: the bytes a jansson tree of
 * it dumped compactly gave before (record_answers.py's loadouts of 2 to
 * 32 items compared old and new), without the tree, in which each item
 * was written, parsed back and dumped again (56% of the daemon's CPU for
 * a loadout of 32, docs/benchmarks.md). */
static void send_json(struct response *rs, struct arena *ar, const struct loadout *l,
                      const struct lo_entries *e, const struct loadout_totals *t)
{
	struct buf *b = &rs->body, self;
	int rc;

	buf_reset(b);
	rs->status = 200;
	rs->content_type = CT_JSON;
	rc = buf_puts(b, "{\"items\":[");
	for (unsigned i = 0; i < l->n; i++)
		rc |= (i ? buf_puts(b, ",") : 0) | put_entry_json(b, ar, l, e, i);
	rc |= buf_puts(b, "],\"worn\":{");
	for (int p = PLACE_HEAD; p < PLACE__MAX; p++) {
		int w = loadout_wearer(l, (enum place)p);
		char place[24];
		rc |= put_key(b, place_ident((enum place)p, place, sizeof place), p == PLACE_HEAD) |
		      (w < 0 ? buf_puts(b, "null") : buf_printf(b, "%d", w));
	}
	rc |= buf_puts(b, "},\"base\":") | put_sums(b, e, t, 0) | buf_puts(b, ",\"bonuses\":") |
	      put_sums(b, e, t, 1) | buf_puts(b, ",\"totals\":") | put_sums(b, e, t, 2) |
	      buf_printf(b, ",\"item_str\":%" PRId64, t->str);
	buf_init(&self);
	rc |= state_link(&self, l, e, FMT_JSON);
	rc |= buf_puts(b, ",\"link\":") | (self.data ? put_str(b, self.data) : -1) |
	      buf_puts(b, "}");
	buf_free(&self);
	if (rc != 0 || b->oom)
		page_failed(rs, 1);
}

/* The message for item n (1-based) that cannot be had: "item 3, 'CODE': why". */
static const char *item_message(struct arena *ar, unsigned n, const char *code, const char *why)
{
	struct buf b;
	char *s = NULL;
	buf_init(&b);
	if (buf_printf(&b, "item %u, '%s': %s", n, code, why) == 0 &&
	    (s = arena_alloc(ar, b.len + 1)))
		memcpy(s, b.data, b.len + 1);
	buf_free(&b);
	return s ? s : why;
}

static const char *const refusal[] = {
        [LO_NO_SLOT] = "is not worn; it can only be carried in the pack",
        [LO_WRONG_PLACE] = "cannot be worn there",
};

static void release(struct coded_item *ci, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		itemlink_release(&ci[i]);
}

/* A code that gives no item: the client's mistake (400 naming the item), a
 * revision no catalog ever had (404 naming the item, as /item/CODE answers
 * it: the code was made up, and a 503 would be asked again forever), or
 * ours for now (no catalog yet, or a revision the database holds and this
 * process has not loaded: 503, try again in a moment). */
static void answer_unresolved(struct handler_ctx *ctx, struct response *rs,
                              const struct lo_query *q, unsigned i, enum itemlink_status st,
                              const char *why)
{
	switch (st) {
	case ITEMLINK_MALFORMED:
	case ITEMLINK_UNKNOWN:
		page_send_problem(rs, q->format, 400, "item",
		                  item_message(&ctx->arena, i + 1, q->q.in[i].code, why),
		                  error_page, NULL);
		return;
	case ITEMLINK_NEVER:
		page_send_problem(rs, q->format, 404, "item",
		                  item_message(&ctx->arena, i + 1, q->q.in[i].code, why),
		                  error_page, NULL);
		return;
	case ITEMLINK_LATER:
	case ITEMLINK_NO_CATALOG:
		rs->retry_after = 1;
		page_send_problem(rs, q->format, 503, NULL, MSG_NO_CATALOG, error_page, NULL);
		return;
	default:
		page_failed(rs, q->format == FMT_JSON);
	}
}

/* The page's resolver for loadout_build: a code through the database's
 * catalogs, as /item/CODE resolves it; the status an itemlink_status
 * (ITEMLINK_OK is 0). */
struct resolver {
	struct handler_ctx *ctx;
	struct coded_item *ci;
	const char *why;
};

_Static_assert(ITEMLINK_OK == 0, "loadout_build takes 0 for a resolved item");

static int resolve(void *vr, unsigned i, const char *code, struct item *out)
{
	struct resolver *r = vr;
	r->why = "is not an item code";
	enum itemlink_status st =
	        itemlink_item_db(r->ctx->db, code, strlen(code), &r->ci[i], &r->why);
	if (st == ITEMLINK_OK)
		*out = r->ci[i].item;
	return (int)st;
}

static void loadoutpage_route(struct handler_ctx *ctx, const struct request *rq,
                              struct response *rs)
{
	struct lo_query *q = arena_alloc(&ctx->arena, sizeof(*q));
	struct coded_item *ci = arena_calloc(&ctx->arena, LOADOUT_MAX, sizeof(*ci));
	struct lo_entries ent = {arena_calloc(&ctx->arena, LOADOUT_MAX, sizeof(*ent.code)),
	                         arena_calloc(&ctx->arena, LOADOUT_MAX, sizeof(*ent.item)), ci,
	                         NULL},
	                  *e = &ent;
	struct form_error err;
	struct loadout l = {0};
	struct loadout_totals t;

	if (!q || !ci || !ent.code || !ent.item) {
		page_failed(rs, request_prefers_json(rq));
		return;
	}
	if (read_query(rq, q, &err) != 0) {
		page_send_problems(rs, q->format, 400, &err, error_page, NULL);
		return;
	}
	struct visitor *v = arena_alloc(&ctx->arena, sizeof(*v));
	if (!v) {
		page_failed(rs, q->format == FMT_JSON);
		return;
	}
	stash_visitor(rq, v);
	/* The header's "Loadout" (no items asked for) opens the visitor's own,
	 * at its shareable address. */
	if (q->format == FMT_HTML && q->q.n == 0 && !q->q.base_given && v->n_worn) {
		struct buf to;
		buf_init(&to);
		int rc = buf_puts(&to, "/loadout");
		for (unsigned i = 0; i < v->n_worn; i++) {
			rc |= buf_puts(&to, i ? "&item=" : "?item=") |
			      buf_puts(&to, v->worn[i].code);
			if (v->worn[i].place != PLACE_PACK)
				rc |= buf_printf(&to, ":%s", place_names[v->worn[i].place]);
		}
		if (rc == 0 && !to.oom)
			page_redirect(rs, to.data);
		else
			page_failed(rs, 0);
		buf_free(&to);
		rs->cache_control = "private, no-store";
		return;
	}
	ent.base = &q->q.base;
	struct resolver rv = {ctx, ci, "is not an item code"};
	unsigned held, at = 0;
	enum loadout_result refused = LO_OK;
	int st = loadout_build(&q->q, resolve, &rv, &l, e->item, &held, &at, &refused);
	for (unsigned i = 0; i < held; i++)
		e->code[i] = q->q.in[i].code;
	if (st != 0) {
		release(ci, held);
		if (st > 0)
			answer_unresolved(ctx, rs, q, at, (enum itemlink_status)st, rv.why);
		else
			page_send_problem(rs, q->format, 400, "item",
			                  item_message(&ctx->arena, at + 1, q->q.in[at].code,
			                               refusal[refused]),
			                  error_page, NULL);
		return;
	}
	loadout_totals(&l, e->item, &t);
	if (q->format == FMT_JSON)
		send_json(rs, &ctx->arena, &l, e, &t);
	else
		send_html(rs, &ctx->arena, &l, e, &t, rq, v);
	release(ci, held); /* the items' words point into these catalogs until here */
}

const struct route route_loadout = {.path = "/loadout",
                                    .methods = M_GET,
                                    .fn = loadoutpage_route,
                                    .cors = 1,
                                    .query = &loadout_query_fields,
                                    .formats = ROUTE_HJ};
