/* stashpage: see stashpage.h. The cookie is the whole state; a change is
 * read, applied to the cookie the request carried and written back, so
 * two tabs each see the other's last change on their next request. The
 * loadout is built by loadout_build from the cookie's codes, the same rules
 * as the loadout address: wearing an item puts what it displaces in the
 * pack, and an entry that no longer names an item is dropped. */
#include "stashpage.h"
#include "pages.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auth.h"
#include "buf.h"
#include "catalog.h"
#include "cookie.h"
#include "csv.h"
#include "decimal.h"
#include "fields.h"
#include "item.h"
#include "itemlink.h"
#include "itemlink_db.h"
#include "loadout.h"
#include "loadout_query.h"
#include "page.h"
#include "render.h"
#include "value.h"

#define STASH_NO_STORE "private, no-store"
#define BACK_MAX       1024

void stash_visitor(const struct request *rq, struct visitor *v)
{
	visitor_from_header(v, request_param(rq, "HTTP_COOKIE"), cookie_visitor_name());
}

void stash_token(const struct request *rq, struct response *rs, char token[CSRF_HEX + 1])
{
	char cookie[CSRF_HEX + 1];
	auth_client_cookie(rq, rs, cookie);
	auth_client_token(cookie, token);
}

int stash_may_write(const struct request *rq)
{
	const char *site = request_param(rq, "HTTP_SEC_FETCH_SITE");
	const char *h = request_param(rq, "HTTP_COOKIE");
	char c[CSRF_HEX + 1];

	if (site && strcmp(site, "same-origin") != 0 && strcmp(site, "none") != 0)
		return 0;
	if (!h)
		return 0;
	if (cookie_get(h, cookie_csrf_name(), c, sizeof c))
		return 1;
	return strstr(h, cookie_visitor_name()) != NULL;
}

int stash_save(struct response *rs, const struct visitor *v)
{
	char text[VISITOR_BYTES_MAX + 1];
	if (visitor_text(v, text, sizeof text) < 0)
		return -1;
	return cookie_set(rs, cookie_visitor_name(), text, VISITOR_MAX_AGE);
}

/* ---- the loadout of the cookie, built ---- */

struct resolver {
	struct handler_ctx *ctx;
	struct coded_item *ci;
};

static int resolve(void *vr, unsigned i, const char *code, struct item *out)
{
	struct resolver *r = vr;
	const char *why;
	enum itemlink_status st = itemlink_item_db(r->ctx->db, code, strlen(code), &r->ci[i], &why);
	if (st == ITEMLINK_OK)
		*out = r->ci[i].item;
	return (int)st;
}

static void release(struct coded_item *ci, unsigned n)
{
	for (unsigned i = 0; i < n; i++)
		itemlink_release(&ci[i]);
}

/* Builds the cookie's loadout into l (items[], ci[] held: *held to
 * release). An entry whose code names no item is dropped from v, one that
 * cannot be worn where it says goes to the pack. -1 when the catalog is
 * not there for now (nothing dropped). */
static int build_mine(struct handler_ctx *ctx, struct visitor *v, struct loadout *l,
                      struct coded_item *ci, struct item *items, unsigned *held)
{
	struct loadout_query q;
	for (unsigned tries = 0; tries <= LOADOUT_MAX; tries++) {
		unsigned at = 0;
		enum loadout_result refused = LO_OK;
		struct resolver rv = {ctx, ci};
		visitor_loadout_query(v, &q);
		memset(l, 0, sizeof *l);
		int st = loadout_build(&q, resolve, &rv, l, items, held, &at, &refused);
		if (st == 0)
			return 0;
		release(ci, *held);
		*held = 0;
		if (st == ITEMLINK_LATER || st == ITEMLINK_NO_CATALOG || st == ITEMLINK_NO_MEMORY)
			return -1;
		if (st < 0)
			v->worn[at].place = PLACE_PACK;
		else
			visitor_unwear(v, q.in[at].code);
	}
	return -1;
}

/* ---- POST /stash ---- */

enum { SF_CSRF, SF_DO, SF_CODE, SF_PLACE, SF_LIST, SF_ITEMS, SF_BACK, SF_FORMAT, SF__MAX };
static const char *const post_names[SF__MAX + 1] = {"csrf",  "do",   "code",   "place", "list",
                                                    "items", "back", "format", NULL};
const struct field_table stashpage_body = FIELD_NAMES(post_names, 1u << SF_ITEMS | 1u << SF_BACK);

/* back if it is a path of this site ("/…", not "//…"), else /stash. */
static const char *back_of(const char *back)
{
	if (!back || back[0] != '/' || back[1] == '/' || back[1] == '\\' || strlen(back) > BACK_MAX)
		return "/stash";
	for (const char *c = back; *c; c++)
		if ((unsigned char)*c < 0x21 || *c == 0x7f)
			return "/stash";
	return back;
}

static json_t *state_json(const struct visitor *v);

static void post_error(struct response *rs, int json, int status, const char *field,
                       const char *message)
{
	if (json)
		page_send_json_error(rs, status, field, message);
	else
		page_send_error(rs, NULL, 0, status, field, message);
	rs->cache_control = STASH_NO_STORE;
}

/* Wears code in v by the loadout's rules: where place says, or where the
 * rules put it (PLACE_PACK). Added first when v's loadout lacks it. */
static int wear(struct handler_ctx *ctx, struct visitor *v, const char *code, enum place place,
                int carry_only)
{
	struct loadout l;
	struct coded_item *ci = arena_calloc(&ctx->arena, LOADOUT_MAX, sizeof(*ci));
	struct item *items = arena_calloc(&ctx->arena, LOADOUT_MAX, sizeof(*items));
	unsigned held = 0;
	int have = 0;

	if (!ci || !items)
		return -1;
	for (unsigned i = 0; i < v->n_worn; i++)
		have |= strcmp(v->worn[i].code, code) == 0;
	if (!have && visitor_wear(v, code, PLACE_PACK) != 0)
		return -1;
	if (carry_only)
		return 0;
	if (build_mine(ctx, v, &l, ci, items, &held) != 0)
		return -1;
	for (unsigned i = 0; i < l.n; i++)
		if (strcmp(v->worn[i].code, code) == 0)
			loadout_equip(&l, i, place); /* not worn (a charm): it stays carried */
	for (unsigned i = 0; i < l.n; i++)
		v->worn[i].place = l.item[i].at;
	release(ci, held);
	return 0;
}

/* "CODE:place,CODE": a loadout address's items, as the make-it-mine form
 * carries them. */
static void set_items(struct visitor *v, const char *items)
{
	struct visitor tmp;
	char s[FORM_LONG_VALUE_MAX + 4];
	size_t n = strlen(items);

	if (n > FORM_LONG_VALUE_MAX)
		n = FORM_LONG_VALUE_MAX;
	s[0] = VISITOR_REVISION;
	s[1] = '~';
	for (size_t i = 0; i < n; i++)
		s[2 + i] = items[i] == ',' ? '.' : items[i];
	visitor_parse(&tmp, s, n + 2);
	memcpy(v->worn, tmp.worn, sizeof v->worn);
	v->n_worn = tmp.n_worn;
}

static void stash_post(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	struct fields *in = arena_alloc(&ctx->arena, sizeof(*in));
	struct visitor *v = arena_alloc(&ctx->arena, sizeof(*v));
	struct form_error err;
	const char *why = NULL, *field;
	int status;

	if (!in || !v) {
		page_failed(rs, request_prefers_json(rq));
		return;
	}
	if ((why = request_body_problem(rq, &status, &field)) != NULL) {
		post_error(rs, request_prefers_json(rq), status, field, why);
		return;
	}
	if (fields_read(in, post_names, 1u << SF_ITEMS | 1u << SF_BACK, rq, 1, &err) != 0) {
		post_error(rs, in->json, 400, err.field, err.message);
		return;
	}
	int json = in->json;
	if (!auth_client_check(rq, fields_get(in, "csrf"), &why)) {
		post_error(rs, json, 403, "csrf",
		           why ? why
		               : "The form had expired or came from another site; nothing was "
		                 "changed. Please reload the page and press it again.");
		return;
	}
	const char *what = fields_get(in, "do"), *code = fields_get(in, "code");
	const char *list = fields_get(in, "list"), *pl = fields_get(in, "place");
	enum place place = PLACE_PACK;
	int needs_code = what && (strcmp(what, "keep") == 0 || strcmp(what, "unkeep") == 0 ||
	                          strcmp(what, "wear") == 0 || strcmp(what, "carry") == 0 ||
	                          strcmp(what, "unwear") == 0 || strcmp(what, "forget") == 0);
	if (!what || !*what) {
		post_error(rs, json, 400, "do",
		           "is required: keep, unkeep, wear, carry, unwear, "
		           "forget, clear or mine");
		return;
	}
	if (needs_code && (!code || !visitor_code_ok(code, strlen(code)))) {
		post_error(rs, json, 400, "code", "must be an item code");
		return;
	}
	if (pl && *pl) {
		int p = place_from_name(pl, strlen(pl));
		if (p < 0) {
			post_error(rs, json, 400, "place", "must be a place of the loadout");
			return;
		}
		place = (enum place)p;
	}
	stash_visitor(rq, v);
	if (strcmp(what, "keep") == 0) {
		visitor_keep(v, code);
	} else if (strcmp(what, "unkeep") == 0) {
		visitor_unkeep(v, code);
	} else if (strcmp(what, "forget") == 0) {
		for (unsigned i = 0; i < v->n_recent; i++)
			if (strcmp(v->recent[i].code, code) == 0) {
				memmove(&v->recent[i], &v->recent[i + 1],
				        sizeof(v->recent[0]) * (v->n_recent - i - 1));
				v->n_recent--;
				break;
			}
	} else if (strcmp(what, "wear") == 0 || strcmp(what, "carry") == 0) {
		if (wear(ctx, v, code, place, what[0] == 'c') != 0) {
			if (v->n_worn >= LOADOUT_MAX)
				post_error(rs, json, 400, "code", LOADOUT_MSG_TOO_MANY);
			else {
				rs->retry_after = 1;
				post_error(
				        rs, json, 503, NULL,
				        "The catalog is not there for now; try again in a moment.");
			}
			return;
		}
	} else if (strcmp(what, "unwear") == 0) {
		visitor_unwear(v, code);
	} else if (strcmp(what, "clear") == 0) {
		if (list && strcmp(list, "stash") == 0)
			v->n_stash = 0;
		else if (list && strcmp(list, "recent") == 0)
			v->n_recent = 0;
		else if (list && strcmp(list, "loadout") == 0)
			v->n_worn = 0;
		else {
			post_error(rs, json, 400, "list", "must be stash, recent or loadout");
			return;
		}
	} else if (strcmp(what, "mine") == 0) {
		set_items(v, fields_get(in, "items") ? fields_get(in, "items") : "");
	} else {
		post_error(rs, json, 400, "do",
		           "must be keep, unkeep, wear, carry, unwear, forget, clear or mine");
		return;
	}
	if (stash_save(rs, v) != 0) {
		page_failed(rs, json);
		return;
	}
	if (json) {
		page_send_json(rs, 200, state_json(v));
		rs->cache_control = STASH_NO_STORE;
		return;
	}
	page_redirect(rs, back_of(fields_get(in, "back")));
	rs->cache_control = STASH_NO_STORE;
}

/* ---- GET /stash ---- */

/* The visitor's loadout as its address: "/loadout?item=CODE:place&…". */
static int mine_link(const struct visitor *v, struct buf *b, int json)
{
	int rc = buf_puts(b, "/loadout");
	for (unsigned i = 0; i < v->n_worn; i++) {
		rc |= buf_puts(b, i ? "&item=" : "?item=") | buf_puts(b, v->worn[i].code);
		if (v->worn[i].place != PLACE_PACK)
			rc |= buf_printf(b, ":%s", place_names[v->worn[i].place]);
	}
	if (json)
		rc |= buf_puts(b, v->n_worn ? "&format=json" : "?format=json");
	return rc;
}

static json_t *codes_json(const struct visitor_code *l, unsigned n)
{
	json_t *a = json_array();
	for (unsigned i = 0; a && i < n; i++) {
		char link[ITEMCODE_MAX + 8];
		snprintf(link, sizeof link, "/item/%s", l[i].code);
		json_array_append_new(a, json_pack("{s:s,s:s}", "code", l[i].code, "link", link));
	}
	return a;
}

static json_t *state_json(const struct visitor *v)
{
	json_t *worn = json_array();
	struct buf b;
	char place[24];
	for (unsigned i = 0; worn && i < v->n_worn; i++) {
		size_t k = 0;
		for (const char *s = place_names[v->worn[i].place]; *s && k + 1 < sizeof place; s++)
			place[k++] = *s == '-' ? '_' : *s;
		place[k] = '\0';
		json_array_append_new(
		        worn, json_pack("{s:s,s:s}", "code", v->worn[i].code, "place", place));
	}
	buf_init(&b);
	mine_link(v, &b, 1);
	json_t *o = json_pack("{s:o,s:o,s:{s:o,s:s}}", "stash", codes_json(v->stash, v->n_stash),
	                      "recent", codes_json(v->recent, v->n_recent), "loadout", "items",
	                      worn, "link", b.data ? b.data : "/loadout?format=json");
	buf_free(&b);
	return o;
}

/* One entry of the page: its item regenerated, for the name, kind and
 * value; 0, or -1 when the code names no item now (it is then not shown). */
static int entry_html(struct handler_ctx *ctx, struct tmpl_dict *body, const char *section,
                      const char *token, const char *code, const struct visitor *v)
{
	struct coded_item ci;
	const char *why;
	char num[DECIMAL_GROUPED_MAX + 8];
	if (itemlink_item_db(ctx->db, code, strlen(code), &ci, &why) != ITEMLINK_OK)
		return -1;
	struct tmpl_dict *row = tmpl_section(body, section);
	tmpl_set(row, "CSRF", token);
	tmpl_set(row, "CODE", code);
	tmpl_set(row, "NAME", ci.item.name);
	tmpl_set(row, "RARITY", render_rarity(ci.item.str));
	tmpl_set(row, "KIND", kind_names[ci.item.kind]);
	tmpl_set(row, "PRICE", decimal_grouped(item_value(&ci.item), num));
	int worn = 0;
	for (unsigned i = 0; i < v->n_worn; i++)
		worn |= strcmp(v->worn[i].code, code) == 0;
	if (worn)
		tmpl_show(row, "IN_LOADOUT");
	else if (ci.item.slot != SLOT_NONE)
		tmpl_show(row, "CAN_WEAR");
	else
		tmpl_show(row, "CAN_CARRY");
	itemlink_release(&ci);
	return 0;
}

static void send_csv(struct response *rs, const struct visitor *v)
{
	struct buf *b = &rs->body;
	buf_reset(b);
	int rc = buf_puts(b, "list,code,link\r\n");
	for (int which = 0; which < 2; which++) {
		const struct visitor_code *l = which ? v->recent : v->stash;
		unsigned n = which ? v->n_recent : v->n_stash;
		for (unsigned i = 0; i < n; i++)
			rc |= buf_printf(b, "%s,%s,/item/%s\r\n", which ? "recent" : "stash",
			                 l[i].code, l[i].code);
	}
	for (unsigned i = 0; i < v->n_worn; i++)
		rc |= buf_printf(b, "loadout,%s,/item/%s\r\n", v->worn[i].code, v->worn[i].code);
	if (rc != 0 || b->oom) {
		page_failed(rs, 0);
		return;
	}
	rs->status = 200;
	rs->content_type = CT_CSV;
}

static void stash_get(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	static const char *const names[] = {"format", NULL};
	struct fields *in = arena_alloc(&ctx->arena, sizeof(*in));
	struct visitor *v = arena_alloc(&ctx->arena, sizeof(*v));
	struct form_error err;
	char token[CSRF_HEX + 1];

	if (!in || !v) {
		page_failed(rs, request_prefers_json(rq));
		return;
	}
	rs->cache_control = STASH_NO_STORE;
	int bad = fields_read(in, names, 0, rq, 0, &err) != 0;
	const char *fmt = bad ? NULL : fields_get(in, "format");
	int csv = fmt && strcmp(fmt, "csv") == 0;
	if (bad && !(err.field && strcmp(err.field, "format") == 0 && rq->query &&
	             strstr(rq->query, "format=csv"))) {
		post_error(rs, in->json, 400, err.field, err.message);
		return;
	}
	if (bad)
		csv = 1;
	stash_visitor(rq, v);
	if (csv) {
		send_csv(rs, v);
		rs->cache_control = STASH_NO_STORE;
		return;
	}
	stash_token(rq, rs, token);
	if (in->json) {
		json_t *o = state_json(v);
		if (o)
			json_object_set_new(o, "csrf", json_string(token));
		page_send_json(rs, 200, o);
		rs->cache_control = STASH_NO_STORE;
		return;
	}
	struct tmpl_dict *d = page_new("Your stash");
	struct tmpl_dict *body = page_body(d, "stash.tpl");
	unsigned shown = 0;
	tmpl_set(body, "CSRF", token);
	for (unsigned i = 0; i < v->n_stash; i++)
		if (entry_html(ctx, body, "KEPT", token, v->stash[i].code, v) == 0)
			shown++;
	if (!shown)
		tmpl_show(body, "NO_KEPT");
	else
		tmpl_show(body, "HAS_KEPT");
	shown = 0;
	for (unsigned i = 0; i < v->n_recent; i++)
		if (entry_html(ctx, body, "RECENT", token, v->recent[i].code, v) == 0)
			shown++;
	if (!shown)
		tmpl_show(body, "NO_RECENT");
	else
		tmpl_show(body, "HAS_RECENT");
	struct buf b;
	buf_init(&b);
	mine_link(v, &b, 0);
	tmpl_set(body, "MINE", b.data ? b.data : "/loadout");
	buf_free(&b);
	tmpl_set_int(body, "N_WORN", (long)v->n_worn);
	if (v->n_worn)
		tmpl_show(body, "HAS_WORN");
	page_send_html(rs, 200, d);
	rs->cache_control = STASH_NO_STORE;
}

void stashpage_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	if (strcmp(rq->method, "POST") == 0)
		stash_post(ctx, rq, rs);
	else
		stash_get(ctx, rq, rs);
}

/* ---- GET /compare?item=CODE ---- */

/* One way of wearing the item: at place `at` of the visitor's loadout l
 * (items[]), what it displaces and the differences it makes. */
struct comparison {
	enum place at;
	unsigned n_out;
	unsigned out[2]; /* indexes into the loadout of what goes to the pack */
	int64_t stat[ST__MAX];
	int64_t value;
};

/* Wears the new item (index n of a copy of l, items[n] the item) at `at`
 * (PLACE_PACK: where the rules put it) and reads what left. -1 when it
 * cannot be worn. */
static int compare_at(const struct loadout *l, const struct item *items, unsigned n, enum place at,
                      struct comparison *c)
{
	struct loadout next = *l;
	memset(c, 0, sizeof *c);
	if (loadout_add(&next, items[n].slot) != LO_OK ||
	    loadout_equip(&next, next.n - 1, at) != LO_OK)
		return -1;
	c->at = next.item[next.n - 1].at;
	for (unsigned i = 0; i < l->n; i++)
		if (l->item[i].at != PLACE_PACK && next.item[i].at == PLACE_PACK && c->n_out < 2)
			c->out[c->n_out++] = i;
	for (int s = 0; s < ST__MAX; s++) {
		if (!loadout_stat_sums((enum stat)s))
			continue;
		c->stat[s] = items[n].stat[s];
		for (unsigned k = 0; k < c->n_out; k++)
			c->stat[s] -= items[c->out[k]].stat[s];
	}
	c->value = (int64_t)item_value(&items[n]);
	for (unsigned k = 0; k < c->n_out; k++)
		c->value -= (int64_t)item_value(&items[c->out[k]]);
	return 0;
}

static json_t *comparison_json(const struct comparison *c, const struct visitor *v,
                               const struct item *it)
{
	json_t *worn = json_array(), *stats = json_object();
	for (unsigned k = 0; k < c->n_out; k++)
		json_array_append_new(worn, json_string(v->worn[c->out[k]].code));
	for (int s = 0; s < ST__MAX; s++)
		if (loadout_stat_sums((enum stat)s))
			json_object_set_new(stats, stat_names[s], json_integer(c->stat[s]));
	char place[24];
	size_t k = 0;
	for (const char *p = place_names[c->at]; *p && k + 1 < sizeof place; p++)
		place[k++] = *p == '-' ? '_' : *p;
	place[k] = '\0';
	return json_pack("{s:s,s:s,s:o,s:o,s:I}", "slot", slot_names[it->slot], "place", place,
	                 "worn", worn, "stats", stats, "value", (json_int_t)c->value);
}

static void compare_html(struct tmpl_dict *row, const struct comparison *c,
                         const struct item *items, const struct visitor *v)
{
	char num[DECIMAL_GROUPED_MAX + 8];
	tmpl_set(row, "PLACE", place_labels[c->at]);
	tmpl_set(row, "PLACE_NAME", place_names[c->at]);
	if (!c->n_out)
		tmpl_show(row, "AGAINST_NOTHING");
	for (unsigned k = 0; k < c->n_out; k++) {
		struct tmpl_dict *w = tmpl_section(row, "AGAINST");
		tmpl_set(w, "NAME", items[c->out[k]].name);
		tmpl_set(w, "CODE", v->worn[c->out[k]].code);
	}
	for (int s = 0; s < ST__MAX; s++) {
		if (!loadout_stat_sums((enum stat)s) || c->stat[s] == 0)
			continue;
		struct tmpl_dict *d = tmpl_section(row, "DELTA");
		tmpl_set(d, "STAT", stat_names[s]);
		tmpl_set(d, "CLASS", c->stat[s] > 0 ? "up" : "down");
		tmpl_set(d, "SIGN", c->stat[s] > 0 ? "+" : "−");
		tmpl_set_int(d, "N", (long)(c->stat[s] > 0 ? c->stat[s] : -c->stat[s]));
	}
	uint64_t mag = (uint64_t)(c->value < 0 ? -c->value : c->value);
	tmpl_set(row, "VALUE_CLASS", c->value > 0 ? "up" : c->value < 0 ? "down" : "same");
	tmpl_set(row, "VALUE_SIGN", c->value > 0 ? "+" : c->value < 0 ? "−" : "±");
	tmpl_set(row, "VALUE", decimal_grouped(mag, num));
}

#define COMPARE_FIELDS(X)                                                                          \
	X(CMP_ITEM, "item", FIELD_NEEDED_TEXT(FORM_VALUE_MAX))                                     \
	X(CMP_FORMAT, "format", FIELD_FORMATS)
enum { COMPARE_FIELDS(FIELD_ENUM) };
static const char *const compare_names[] = {COMPARE_FIELDS(FIELD_NAME) NULL};
static const struct field_row compare_rows[] = {COMPARE_FIELDS(FIELD_ROW)};
const struct field_table stashpage_compare_fields = FIELD_TABLE(compare_rows);

void stashpage_compare(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	struct fields *in = arena_alloc(&ctx->arena, sizeof(*in));
	struct visitor *v = arena_alloc(&ctx->arena, sizeof(*v));
	struct coded_item *ci = arena_calloc(&ctx->arena, LOADOUT_MAX + 1, sizeof(*ci));
	struct item *items = arena_calloc(&ctx->arena, LOADOUT_MAX + 1, sizeof(*items));
	struct form_error err;
	struct coded_item self;
	struct loadout l;
	unsigned held = 0;
	const char *why = "is not an item code";

	if (!in || !v || !ci || !items) {
		page_failed(rs, request_prefers_json(rq));
		return;
	}
	rs->cache_control = STASH_NO_STORE;
	if (fields_read(in, compare_names, 0, rq, 0, &err) != 0) {
		post_error(rs, in->json, 400, err.field, err.message);
		return;
	}
	int json = in->json;
	const char *code = fields_get(in, "item");
	if (!code || !*code) {
		post_error(rs, json, 400, "item", "is required: an item code");
		return;
	}
	enum itemlink_status st = itemlink_item_db(ctx->db, code, strlen(code), &self, &why);
	if (st != ITEMLINK_OK) {
		int status = st == ITEMLINK_LATER || st == ITEMLINK_NO_CATALOG ? 503
		             : st == ITEMLINK_NEVER                            ? 404
		                                                               : 400;
		post_error(rs, json, status, "item", why);
		return;
	}
	stash_visitor(rq, v);
	if (build_mine(ctx, v, &l, ci, items, &held) != 0) {
		itemlink_release(&self);
		rs->retry_after = 1;
		post_error(rs, json, 503, NULL, "The catalog is not there for now; try again.");
		return;
	}
	items[l.n] = self.item;
	/* a ring against each finger; anything else where the rules put it (a
	 * two-hander against both hands) */
	struct comparison cmp[2];
	unsigned n_cmp = 0;
	if (self.item.slot == SLOT_FINGER) {
		n_cmp += compare_at(&l, items, l.n, PLACE_LEFT_FINGER, &cmp[n_cmp]) == 0;
		n_cmp += compare_at(&l, items, l.n, PLACE_RIGHT_FINGER, &cmp[n_cmp]) == 0;
	} else if (self.item.slot != SLOT_NONE) {
		n_cmp += compare_at(&l, items, l.n, PLACE_PACK, &cmp[n_cmp]) == 0;
	}
	if (json) {
		json_t *a = json_array();
		for (unsigned k = 0; k < n_cmp; k++)
			json_array_append_new(a, comparison_json(&cmp[k], v, &self.item));
		char link[ITEMCODE_MAX + 8];
		snprintf(link, sizeof link, "/item/%s", code);
		page_send_json(rs, 200,
		               json_pack("{s:s,s:s,s:o,s:o}", "item", code, "link", link, "compare",
		                         n_cmp ? json_incref(json_array_get(a, 0)) : json_null(),
		                         "places", a));
	} else {
		char token[CSRF_HEX + 1], num[DECIMAL_GROUPED_MAX + 8];
		stash_token(rq, rs, token);
		struct tmpl_dict *d = page_new("Compare");
		struct tmpl_dict *body = page_body(d, "compare.tpl");
		tmpl_set(body, "NAME", self.item.name);
		tmpl_set(body, "RARITY", render_rarity(self.item.str));
		tmpl_set(body, "CODE", code);
		tmpl_set(body, "CSRF", token);
		tmpl_set(body, "PRICE", decimal_grouped(item_value(&self.item), num));
		for (unsigned k = 0; k < n_cmp; k++) {
			struct tmpl_dict *row = tmpl_section(body, "WAY");
			tmpl_set(row, "CSRF", token);
			tmpl_set(row, "CODE", code);
			compare_html(row, &cmp[k], items, v);
		}
		if (!n_cmp)
			tmpl_show(body, "NOT_WORN");
		page_send_html(rs, 200, d);
	}
	rs->cache_control = STASH_NO_STORE;
	release(ci, held);
	itemlink_release(&self);
}

/* ---- compare on the generator's cards ---- */

struct stash_cards {
	struct visitor *v;
	struct coded_item *ci;
	struct item *items; /* the loadout's, then a place for the card's */
	unsigned held;
	struct loadout l;
	const struct item *news;
	size_t n;
	const char *token, *back;
};

int stash_cards_compare(struct handler_ctx *ctx, const struct request *rq, const char *token,
                        const char *back, const struct item *news, size_t n,
                        struct stash_cards **out)
{
	struct stash_cards *c = arena_calloc(&ctx->arena, 1, sizeof(*c));

	*out = NULL;
	if (!c || !(c->v = arena_alloc(&ctx->arena, sizeof(*c->v))) ||
	    !(c->ci = arena_calloc(&ctx->arena, LOADOUT_MAX + 1, sizeof(*c->ci))) ||
	    !(c->items = arena_calloc(&ctx->arena, LOADOUT_MAX + 1, sizeof(*c->items))))
		return -1;
	stash_visitor(rq, c->v);
	if (c->v->n_worn == 0)
		return 0;
	if (build_mine(ctx, c->v, &c->l, c->ci, c->items, &c->held) != 0)
		return -2;
	c->news = news;
	c->n = n;
	c->token = token;
	c->back = back;
	*out = c;
	return 0;
}

void stash_compare_card(void *arg, size_t i, struct tmpl_dict *card)
{
	struct stash_cards *c = arg;
	struct comparison cmp;

	if (!c || i >= c->n || !c->news[i].code[0] || c->news[i].slot == SLOT_NONE)
		return;
	c->items[c->l.n] = c->news[i];
	if (compare_at(&c->l, c->items, c->l.n, PLACE_PACK, &cmp) != 0)
		return;
	struct tmpl_dict *d = tmpl_section(card, "COMPARED");
	if (!d)
		return;
	tmpl_set(d, "CSRF", c->token);
	tmpl_set(d, "CODE", c->news[i].code);
	tmpl_set(d, "BACK", c->back);
	compare_html(d, &cmp, c->items, c->v);
}

void stash_cards_release(struct stash_cards *c)
{
	if (c)
		release(c->ci, c->held);
}

/* ---- compare inside the generator's JSON ---- */

int stash_compare_items(struct handler_ctx *ctx, const struct request *rq, const char *carried,
                        const struct item *news, size_t n, const char *const **out)
{
	struct visitor *v = arena_alloc(&ctx->arena, sizeof(*v));
	struct coded_item *ci = arena_calloc(&ctx->arena, LOADOUT_MAX + 1, sizeof(*ci));
	struct item *items = arena_calloc(&ctx->arena, LOADOUT_MAX + 1, sizeof(*items));
	const char **text = arena_calloc(&ctx->arena, n ? n : 1, sizeof(*text));
	struct loadout l;
	unsigned held = 0;
	int rc = 0;

	*out = NULL;
	if (!v || !ci || !items || !text)
		return -1;
	if (carried) {
		memset(v, 0, sizeof *v);
		set_items(v, carried);
	} else {
		stash_visitor(rq, v);
		if (v->n_worn == 0)
			return 0; /* no loadout: the items as everyone gets them */
	}
	if (build_mine(ctx, v, &l, ci, items, &held) != 0)
		return -2;
	for (size_t i = 0; i < n && rc == 0; i++) {
		struct comparison c;
		json_t *j = NULL;
		items[l.n] = news[i];
		if (news[i].slot != SLOT_NONE && compare_at(&l, items, l.n, PLACE_PACK, &c) == 0)
			j = comparison_json(&c, v, &news[i]);
		char *dump = j ? json_dumps(j, JSON_COMPACT) : NULL;
		size_t len = dump ? strlen(dump) : 4;
		char *t = arena_alloc(&ctx->arena, len + sizeof "\"compare\":");
		if (!t || (j && !dump))
			rc = -1;
		else
			snprintf(t, len + sizeof "\"compare\":", "\"compare\":%s",
			         dump ? dump : "null");
		text[i] = t;
		free(dump);
		json_decref(j);
	}
	release(ci, held);
	if (rc == 0)
		*out = text;
	return rc;
}

const struct route route_stash = {.path = "/stash",
                                  .methods = M_GET | M_POST,
                                  .fn = stashpage_route,
                                  .query = &page_format_fields,
                                  .formats = ROUTE_HJC,
                                  .body = &stashpage_body};
const struct route route_compare = {.path = "/compare",
                                    .methods = M_GET,
                                    .fn = stashpage_compare,
                                    .query = &stashpage_compare_fields,
                                    .formats = ROUTE_HJ};
