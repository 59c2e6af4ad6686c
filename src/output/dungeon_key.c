/* dungeon_key: see dungeon_key.h. */
#include "dungeon_key.h"

#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "decimal.h"
#include "form.h"
#include "recipe.h"
#include "render.h"

const char *const dungeon_stock_names[] = {"empty", "items", "hoard"};

/* The treasure of room r as one line of text ("120 gp; gems: ...; ..."),
 * without its items. */
int dungeon_treasure_line(const struct dungeon_room *r, struct buf *b)
{
	int rc = 0;
	if (r->coins)
		rc |= buf_printf(b, "%" PRIu32 " gp in coins", r->coins);
	for (int i = 0; i < r->n_gems; i++)
		rc |= buf_printf(b, "%s%s (%" PRIu32 " gp)", b->len ? "; " : "",
		                 dungeon_gem_names[r->gem[i].what], r->gem[i].value);
	for (int i = 0; i < r->n_arts; i++)
		rc |= buf_printf(b, "%s%s (%" PRIu32 " gp)", b->len ? "; " : "",
		                 dungeon_art_names[r->art[i].what], r->art[i].value);
	return rc;
}

int dungeon_treasure_line_of(const struct keyed *k, const struct dungeon_room *r, struct buf *b)
{
	int rc = 0;
	if (!k->dress)
		return dungeon_treasure_line(r, b);
	/* version 4: each gem and art object named by its value */
	if (r->coins)
		rc |= buf_printf(b, "%" PRIu32 " gp in coins", r->coins);
	for (int i = 0; i < r->n_gems; i++)
		rc |= buf_printf(b, "%s%s (%" PRIu32 " gp)", b->len ? "; " : "",
		                 dress_valuable_name(0, r->gem[i].value, r->gem[i].what),
		                 r->gem[i].value);
	for (int i = 0; i < r->n_arts; i++)
		rc |= buf_printf(b, "%s%s (%" PRIu32 " gp)", b->len ? "; " : "",
		                 dress_valuable_name(1, r->art[i].value, r->art[i].what),
		                 r->art[i].value);
	return rc;
}

static json_t *valuables_json(const struct dungeon_valuable *v, int n, const char *const *names)
{
	json_t *a = json_array();
	for (int i = 0; a && i < n; i++)
		if (json_array_append_new(a, json_pack("{s:s,s:I}", "name", names[v[i].what],
		                                       "value", (json_int_t)v[i].value)) != 0) {
			json_decref(a);
			a = NULL;
		}
	return a;
}

int dungeon_key_again(const struct dungeoncode *c, struct buf *b)
{
	if (buf_printf(b, "/dungeon?w=%d&h=%d&tileset=", c->w, c->h) != 0 ||
	    form_encode(b, c->tileset) != 0)
		return -1;
	return buf_printf(b, "&level=%d&hallways=%d", c->level, c->hallways);
}

/* The grid a row a string, into cells, for version 1, which is frozen
 * (test_v1_codes_keep_their_bytes checks it); version 2 writes the same
 * strings itself (key_json_v2). */
static int cells_json(const struct keyed *k, json_t *cells)
{
	const struct dungeon *d = k->d;
	for (int y = 0; y < d->ch; y++)
		if (json_array_append_new(cells,
		                          json_stringn(&k->m->cell[(size_t)y * (size_t)d->cw],
		                                       (size_t)d->cw)) != 0)
			return -1;
	return 0;
}

/* ---- version 1: frozen ----
 *
 * The JSON of a dungeon whose code is of version 1, byte for byte as every
 * release before dungeon codes of version 2 wrote it: w and h, rooms' n,
 * items as {kind, name, link} linked by version-1 item codes (docs/api.md,
 * "Permanent links"; tests/integration/test_dungeon.py,
 * test_v1_codes_keep_their_bytes). Do not change this function. */
static json_t *key_json_v1(const struct keyed *k)
{
	const struct dungeon *d = k->d;
	json_t *cells = json_array(), *rooms = json_array(), *doors = json_array();
	char num[DECIMAL_MAX], link[DUNGEONCODE_MAX + 16];
	size_t item = 0;
	int ok = cells && rooms && doors;

	ok = ok && cells_json(k, cells) == 0;
	for (int id = 1; ok && id <= d->n_rooms; id++) {
		const struct dungeon_room *r = &d->room[id];
		json_t *items = json_array();
		for (int i = 0; items && i < r->n_items; i++, item++) {
			const struct key_item *ki = &k->items[item];
			if (json_array_append_new(
			            items, json_pack("{s:s,s:s,s:s?}", "kind", kind_names[ki->kind],
			                             "name", ki->name, "link",
			                             ki->link[0] ? ki->link : NULL)) != 0) {
				json_decref(items);
				items = NULL;
			}
		}
		json_t *o = json_pack(
		        "{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:s,s:I,s:o,s:o,s:o}", "n", id, "x0",
		        r->x0, "y0", r->y0, "x1", r->x1, "y1", r->y1, "cells", r->n_cells,
		        "label_x", r->lx, "label_y", r->ly, "stock", dungeon_stock_names[r->stock],
		        "coins", (json_int_t)r->coins, "gems",
		        valuables_json(r->gem, r->n_gems, dungeon_gem_names), "art",
		        valuables_json(r->art, r->n_arts, dungeon_art_names), "items", items);
		ok = o && json_array_append_new(rooms, o) == 0;
	}
	for (int i = 0; ok && i < d->n_doors; i++) {
		const struct dungeon_door *o = &d->door[i];
		ok = json_array_append_new(doors, json_pack("{s:i,s:i,s:i,s:i,s:i}", "x0", o->x0,
		                                            "y0", o->y0, "x1", o->x1, "y1", o->y1,
		                                            "room", o->room)) == 0;
	}
	if (!ok) {
		json_decref(cells);
		json_decref(rooms);
		json_decref(doors);
		return NULL;
	}
	snprintf(link, sizeof link, "/dungeon/%s", k->code_text);
	decimal_u64(k->code.seed, num);
	return json_pack("{s:s,s:i,s:i,s:i,s:i,s:s,s:I,s:s,s:s,s:o,s:o,s:o,s:{s:{s:i,s:i,s:i},s:{s:"
	                 "i,s:i,s:i}},s:I,s:I}",
	                 "tileset", k->code.tileset, "w", d->w, "h", d->h, "level", d->level,
	                 "hallways", k->code.hallways, "seed", num, "revision",
	                 (json_int_t)k->code.revision, "code", k->code_text, "link", link, "cells",
	                 cells, "rooms", rooms, "doors", doors, "stairs", "up", "x", d->up_x, "y",
	                 d->up_y, "room", d->up_room, "down", "x", d->down_x, "y", d->down_y,
	                 "room", d->down_room, "budget", (json_int_t)d->budget, "spent",
	                 (json_int_t)d->spent);
}

/* ---- version 2: docs/api.md's language, written straight into the answer ----
 *
 * Not through a jansson tree: a tree of a 30 x 30 dungeon at level 20 was
 * thousands of values built, dumped and freed, and each of its ~250 items
 * written as text, parsed back and dumped again (docs/benchmarks.md, issue
 * 27, "The dungeon's JSON"). The bytes are those the tree wrote
 * (JSON_COMPACT, members in insertion order, each item as
 * render_json_item_value's value): tests/unit/test_render_dungeon_json.c
 * keeps that tree and compares the two. The writer is here, not beside
 * render_json_map: render_json.c is in the kit's library, which holds no
 * dungeon; it lends its string and its item (render.h). */

/* The first failure sticks: the answer is a straight run of calls,
 * checked once at the end. */
struct jout {
	struct buf *b;
	int err;
};

/* Literal JSON text: punctuation and keys, ",\"x0\":". Copied inline
 * with its length known when the room reserved holds it (always, but for
 * an answer longer than key_room thought), leaving room for the NUL that
 * ends the answer (written once, at its end): buf_puts's call, strlen and
 * NUL for each of a level-20 dungeon's ~700 were ~6% of its JSON. */
#define PUT_LIT(o, lit) put_raw((o), (lit), sizeof(lit) - 1)

static void put_raw_slow(struct jout *o, const char *s, size_t n)
{
	if (!o->err && buf_append(o->b, s, n) != 0)
		o->err = 1;
}

static inline void put_raw(struct jout *o, const char *s, size_t n)
{
	struct buf *b = o->b;
	if (n < b->cap - b->len) {
		memcpy(b->data + b->len, s, n);
		b->len += n;
		return;
	}
	put_raw_slow(o, s, n);
}

static void put_lit(struct jout *o, const char *s)
{
	put_raw(o, s, strlen(s));
}

static void put_int(struct jout *o, int64_t v)
{
	char text[DECIMAL_MAX];
	size_t n = decimal_i64_n(v, 0, text);
	if (!o->err && buf_append(o->b, text, n) != 0)
		o->err = 1;
}

static void put_strn(struct jout *o, const char *s, size_t n)
{
	if (!o->err && render_json_string(o->b, s, n) != 0)
		o->err = 1; /* not UTF-8: the tree's json_pack failed too */
}

static void put_str(struct jout *o, const char *s)
{
	put_strn(o, s, strlen(s));
}

/* A room's and a door's members, literal text and numbers, are written
 * straight into room made for them first: a call, a strlen and a check
 * each cost ~10% of a fresh level-20 dungeon's JSON. RAW takes a string
 * literal. ROOM_HEAD_MAX: a room's head (8 keys, ~90 bytes, and 8 numbers
 * of at most 20) or a door. */
#define ROOM_HEAD_MAX 512
#define RAW(p, s)     raw(p, s, sizeof s - 1)

static char *raw(char *p, const char *s, size_t n)
{
	memcpy(p, s, n);
	return p + n;
}

/* v in decimal at p (room for DECIMAL_MAX); returns the end. A dungeon's
 * coordinates and counts are below 1000 (a 30 x 30 map is 180 cells a
 * side), ~2,600 of them a level-20 dungeon: those from a table, without a
 * call, a division or a branch on their length, which a coordinate's is
 * not predictably (decimal_i64_n was ~12% of the dungeon's own JSON). */
static char *raw_int(char *p, int64_t v)
{
	if ((uint64_t)v < 1000)
		return p + decimal_below1000((unsigned)v, p);
	return p + decimal_i64_n(v, 0, p);
}

/* A room's gems or art, [{"name":...,"value":...},...], into reserved
 * room (VALUABLES_MAX): the names are this program's lower-case words
 * (dungeon.c), nothing to escape. */
#define VALUABLES_MAX ((DUNGEON_GEMS_MAX + DUNGEON_ARTS_MAX) * 96 + 16)

static char *raw_valuables(char *p, const struct dungeon_valuable *v, int n,
                           const char *const *names, int by_value, int art)
{
	*p++ = '[';
	for (int i = 0; i < n; i++) {
		const char *name = by_value ? dress_valuable_name(art, v[i].value, v[i].what)
		                            : names[v[i].what];
		if (i)
			*p++ = ',';
		p = RAW(p, "{\"name\":\"");
		p = raw(p, name, strlen(name));
		p = RAW(p, "\",\"value\":");
		p = raw_int(p, v[i].value);
		*p++ = '}';
	}
	*p++ = ']';
	return p;
}

/* Where to write n bytes at most; NULL after a failure. The room
 * key_room reserved nearly always holds them: then without a call. */
static char *raw_room(struct jout *o, size_t n)
{
	struct buf *b = o->b;
	if (!o->err && n < b->cap - b->len)
		return b->data + b->len;
	if (o->err || buf_reserve(b, n) != 0) {
		o->err = 1;
		return NULL;
	}
	return b->data + b->len;
}

static void raw_done(struct jout *o, char *end)
{
	o->b->len = (size_t)(end - o->b->data);
	o->b->data[o->b->len] = '\0';
}

/* Whether none of the n bytes at s needs more than a copy inside a JSON
 * string: no control, '"', '\\' or byte at or above 0x80. */
static int plain_bytes(const char *s, size_t n)
{
	size_t i = 0;
	unsigned bad = 0;
#ifdef __SSE2__
	/* 64 bytes at a time, the tests of all of them or-ed together: as
	 * signed bytes, those below 0x20 are the controls and every byte at
	 * or above 0x80 */
	const __m128i space = _mm_set1_epi8(0x20), quote = _mm_set1_epi8('"'),
	              bslash = _mm_set1_epi8('\\');
	__m128i any = _mm_setzero_si128();
	for (; i + 64 <= n; i += 64)
		for (int j = 0; j < 64; j += 16) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i + j));
			any = _mm_or_si128(any,
			                   _mm_or_si128(_mm_cmplt_epi8(v, space),
			                                _mm_or_si128(_mm_cmpeq_epi8(v, quote),
			                                             _mm_cmpeq_epi8(v, bslash))));
		}
	bad = (unsigned)_mm_movemask_epi8(any);
#endif
	for (; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		bad |= c < 0x20 || c >= 0x80 || c == '"' || c == '\\';
	}
	return bad == 0;
}

/* The grid a row a string, as version 1 writes it. The cells are '#' and
 * '.': the whole grid is checked once and each row copied between its
 * quotes, rather than each row checked and copied by render_json_string
 * (180 rows of 180 cells at 30 x 30, ~5% of the dungeon's JSON). */
static void put_cells(struct jout *o, const struct keyed *k)
{
	const struct dungeon *d = k->d;
	size_t cw = (size_t)d->cw, ch = (size_t)d->ch;

	if (plain_bytes(k->m->cell, cw * ch)) {
		char *p = raw_room(o, ch * (cw + 3));
		if (!p)
			return;
		for (size_t y = 0; y < ch; y++) {
			if (y)
				*p++ = ',';
			*p++ = '"';
			memcpy(p, &k->m->cell[y * cw], cw);
			p += cw;
			*p++ = '"';
		}
		raw_done(o, p);
		return;
	}
	for (size_t y = 0; y < ch && !o->err; y++) {
		if (y)
			PUT_LIT(o, ",");
		put_strn(o, &k->m->cell[y * cw], cw);
	}
}

/* A room's items from k->items[at], each the item object of docs/api.md
 * (its links asking for JSON, its reroll its kind at its tier), then
 * "unmade": the kinds the catalog could not make, by kind and tier. */
static void put_room_items(struct jout *o, const struct keyed *k, const struct dungeon_room *r,
                           size_t at, struct form *f)
{
	int first = 1;

	PUT_LIT(o, ",\"items\":[");
	for (int i = 0; i < r->n_items && !o->err; i++) {
		const struct key_item *ki = &k->items[at + (size_t)i];
		if (!ki->made)
			continue;
		if (!first)
			PUT_LIT(o, ",");
		first = 0;
		f->kind = ki->kind;
		f->tier = ki->tier;
		if (!o->err && render_json_item_append(f, &ki->item, o->b) != 0)
			o->err = 1;
	}
	PUT_LIT(o, "],\"unmade\":[");
	first = 1;
	for (int i = 0; i < r->n_items; i++) {
		const struct key_item *ki = &k->items[at + (size_t)i];
		if (ki->made)
			continue;
		put_lit(o, first ? "{\"kind\":" : ",{\"kind\":");
		first = 0;
		put_str(o, kind_names[ki->kind]);
		PUT_LIT(o, ",\"tier\":");
		put_int(o, ki->tier);
		PUT_LIT(o, "}");
	}
	PUT_LIT(o, "]");
}

/* "name":...,"effect":... of a trap row, after a comma when more. */
static void put_trap_members(struct jout *o, const struct dress_row *t, int more)
{
	put_lit(o, more ? ",\"name\":" : "\"name\":");
	put_str(o, t ? t->name : "");
	PUT_LIT(o, ",\"effect\":");
	put_str(o, t ? t->effect : "");
}

/* A room's dressing (version 4): "description" (sentences),
 * "occupants" ([{"name","count","text"}], none or one) and "traps"
 * ([{"name","effect"}], none or one): lists, so that a room may hold more
 * in a later version without another shape. */
static void put_room_dress(struct jout *o, const struct dress_room *r)
{
	char text[DRESS_DESCRIPTION_MAX];
	dress_description(r, text, sizeof text);
	PUT_LIT(o, ",\"description\":");
	put_str(o, text);
	PUT_LIT(o, ",\"occupants\":[");
	if (r->occupant && r->count > 0) {
		PUT_LIT(o, "{\"name\":");
		put_str(o, r->count == 1 || !r->occupant->plural[0] ? r->occupant->name
		                                                    : r->occupant->plural);
		PUT_LIT(o, ",\"count\":");
		put_int(o, r->count);
		dress_occupants_text(r, text, sizeof text);
		PUT_LIT(o, ",\"text\":");
		put_str(o, text);
		PUT_LIT(o, "}");
	}
	PUT_LIT(o, "],\"traps\":[");
	if (r->trap) {
		PUT_LIT(o, "{");
		put_trap_members(o, r->trap, 0);
		PUT_LIT(o, "}");
	}
	PUT_LIT(o, "]");
}

/* A stair: its cell and its room, null in a hallway. */
static void put_stair(struct jout *o, int x, int y, int room)
{
	PUT_LIT(o, "{\"x\":");
	put_int(o, x);
	PUT_LIT(o, ",\"y\":");
	put_int(o, y);
	PUT_LIT(o, ",\"room\":");
	if (room)
		put_int(o, room);
	else
		PUT_LIT(o, "null");
	PUT_LIT(o, "}");
}

/* Room for the answer but its items' (render_json_items reserves its own):
 * the cells' rows quoted, a room's and a door's members. */
static size_t key_room(const struct keyed *k)
{
	const struct dungeon *d = k->d;
	return 1024 + (size_t)d->ch * ((size_t)d->cw + 3) + (size_t)d->n_rooms * 512 +
	       (size_t)d->n_doors * 64 + k->n_items * 800;
}

static int key_json_v2(const struct keyed *k, struct buf *out)
{
	const struct dungeon *d = k->d;
	struct jout o = {out, 0};
	struct buf link, again;
	struct form f;
	char num[DECIMAL_MAX];
	size_t start = out->len, item = 0;

	form_parse(&f, NULL, NULL, 0, NULL);
	f.has_format = 1;
	f.format = FMT_JSON;
	buf_init(&link);
	buf_init(&again);
	if (buf_reserve(out, key_room(k)) != 0 ||
	    buf_printf(&link, "/dungeon/%s?format=json", k->code_text) != 0 ||
	    dungeon_key_again(&k->code, &again) != 0 || buf_puts(&again, "&format=json") != 0)
		o.err = 1;
	PUT_LIT(&o, "{\"tileset\":");
	put_str(&o, k->code.tileset);
	PUT_LIT(&o, ",\"width\":");
	put_int(&o, d->w);
	PUT_LIT(&o, ",\"height\":");
	put_int(&o, d->h);
	PUT_LIT(&o, ",\"level\":");
	put_int(&o, d->level);
	PUT_LIT(&o, ",\"hallways\":");
	put_int(&o, k->code.hallways);
	PUT_LIT(&o, ",\"seed\":\"");
	put_lit(&o, decimal_u64(k->code.seed, num));
	PUT_LIT(&o, "\",\"revision\":");
	put_int(&o, (int64_t)k->code.revision);
	PUT_LIT(&o, ",\"code\":");
	put_str(&o, k->code_text);
	PUT_LIT(&o, ",\"link\":");
	if (!o.err)
		put_strn(&o, link.data, link.len);
	PUT_LIT(&o, ",\"reroll\":");
	if (!o.err)
		put_strn(&o, again.data, again.len);
	PUT_LIT(&o, ",\"cells\":[");
	put_cells(&o, k);
	PUT_LIT(&o, "],\"rooms\":[");
	for (int id = 1; id <= d->n_rooms && !o.err; id++) {
		const struct dungeon_room *r = &d->room[id];
		char *p = raw_room(&o, ROOM_HEAD_MAX + VALUABLES_MAX);
		if (!p)
			break;
		if (id > 1)
			*p++ = ',';
		p = RAW(p, "{\"number\":");
		p = raw_int(p, id);
		p = RAW(p, ",\"x0\":");
		p = raw_int(p, r->x0);
		p = RAW(p, ",\"y0\":");
		p = raw_int(p, r->y0);
		p = RAW(p, ",\"x1\":");
		p = raw_int(p, r->x1);
		p = RAW(p, ",\"y1\":");
		p = raw_int(p, r->y1);
		p = RAW(p, ",\"cells\":");
		p = raw_int(p, r->n_cells);
		p = RAW(p, ",\"label_x\":");
		p = raw_int(p, r->lx);
		p = RAW(p, ",\"label_y\":");
		p = raw_int(p, r->ly);
		/* the stock's names are lower-case words: nothing to escape */
		p = RAW(p, ",\"stock\":\"");
		p = raw(p, dungeon_stock_names[r->stock], strlen(dungeon_stock_names[r->stock]));
		p = RAW(p, "\",\"coins\":");
		p = raw_int(p, r->coins);
		p = RAW(p, ",\"gems\":");
		p = raw_valuables(p, r->gem, r->n_gems, dungeon_gem_names, k->dress != NULL, 0);
		p = RAW(p, ",\"art\":");
		p = raw_valuables(p, r->art, r->n_arts, dungeon_art_names, k->dress != NULL, 1);
		raw_done(&o, p);
		put_room_items(&o, k, r, item, &f);
		item += (size_t)r->n_items;
		if (k->dress) {
			put_room_dress(&o, &k->dress->room[id]);
			if (k->room_total) {
				PUT_LIT(&o, ",\"total\":");
				put_int(&o, (int64_t)k->room_total[id]);
			}
		}
		PUT_LIT(&o, "}");
	}
	PUT_LIT(&o, "],\"doors\":[");
	for (int i = 0; i < d->n_doors && !o.err; i++) {
		const struct dungeon_door *w = &d->door[i];
		char *p = raw_room(&o, ROOM_HEAD_MAX);
		if (!p)
			break;
		if (i)
			*p++ = ',';
		p = RAW(p, "{\"x0\":");
		p = raw_int(p, w->x0);
		p = RAW(p, ",\"y0\":");
		p = raw_int(p, w->y0);
		p = RAW(p, ",\"x1\":");
		p = raw_int(p, w->x1);
		p = RAW(p, ",\"y1\":");
		p = raw_int(p, w->y1);
		p = RAW(p, ",\"room\":");
		p = raw_int(p, w->room);
		if (k->dress) {
			const char *st = door_state_names[k->dress->door_state[i]];
			p = RAW(p, ",\"state\":\"");
			p = raw(p, st, strlen(st)); /* lower-case words */
			*p++ = '"';
		}
		*p++ = '}';
		raw_done(&o, p);
	}
	if (k->dress) {
		PUT_LIT(&o, "],\"traps\":[");
		for (int i = 0; i < k->dress->n_hall && !o.err; i++) {
			const struct dress_hall_trap *t = &k->dress->hall[i];
			put_lit(&o, i ? ",{\"x\":" : "{\"x\":");
			put_int(&o, t->x);
			PUT_LIT(&o, ",\"y\":");
			put_int(&o, t->y);
			put_trap_members(&o, t->trap, 1);
			PUT_LIT(&o, "}");
		}
	}
	PUT_LIT(&o, "],\"stairs\":{\"up\":");
	put_stair(&o, d->up_x, d->up_y, d->up_room);
	PUT_LIT(&o, ",\"down\":");
	put_stair(&o, d->down_x, d->down_y, d->down_room);
	PUT_LIT(&o, "},\"budget\":");
	put_int(&o, d->budget);
	PUT_LIT(&o, ",\"spent\":");
	put_int(&o, d->spent);
	if (k->room_total) {
		PUT_LIT(&o, ",\"total\":");
		put_int(&o, (int64_t)k->total);
	}
	PUT_LIT(&o, "}");
	buf_free(&link);
	buf_free(&again);
	if (o.err || out->oom) {
		if (out->data) { /* all or nothing */
			out->len = start;
			out->data[start] = '\0';
		}
		return -1;
	}
	out->data[out->len] = '\0'; /* PUT_LIT leaves room for it */
	return 0;
}

static int dump_to_buf(const char *p, size_t n, void *data)
{
	return buf_append(data, p, n);
}

int dungeon_key_json(const struct keyed *k, struct buf *out)
{
	if (k->code.version != DUNGEONCODE_VERSION_1)
		return key_json_v2(k, out);
	/* version 1's tree, dumped as every release dumped it */
	json_t *v = key_json_v1(k);
	size_t start = out->len;
	int rc = v &&
	                         json_dump_callback(v, dump_to_buf, out,
	                                            JSON_COMPACT | JSON_REAL_PRECISION(15)) == 0 &&
	                         !out->oom
	                 ? 0
	                 : -1;
	json_decref(v);
	if (rc != 0 && out->data) {
		out->len = start;
		out->data[start] = '\0';
	}
	return rc;
}

/* A room's dressing under its key line (version 4): its description,
 * its occupants and its trap, each indented. */
static int room_dress_text(const struct dress_room *r, struct buf *out)
{
	char text[DRESS_DESCRIPTION_MAX];
	int rc = 0;
	if (dress_description(r, text, sizeof text))
		rc |= buf_printf(out, "   %s\n", text);
	if (dress_occupants_text(r, text, sizeof text))
		rc |= buf_printf(out, "   Occupants: %s.\n", text);
	if (r->trap)
		rc |= buf_printf(out, "   Trap: %s: %s.\n", r->trap->name, r->trap->effect);
	return rc;
}

/* The doors a line each ("Door 3 (room 2): locked") and the hallways'
 * traps ("Hallway trap at 12, 40: pit: ..."), after the rooms. */
static int dress_rest_text(const struct keyed *k, struct buf *out)
{
	int rc = 0;
	if (k->d->n_doors)
		rc |= buf_puts(out, "\n");
	for (int i = 0; i < k->d->n_doors; i++)
		rc |= buf_printf(out, "Door %d (room %d, at %d, %d): %s\n", i + 1,
		                 k->d->door[i].room, k->d->door[i].hx, k->d->door[i].hy,
		                 door_state_names[k->dress->door_state[i]]);
	if (k->dress->n_hall)
		rc |= buf_puts(out, "\n");
	for (int i = 0; i < k->dress->n_hall; i++) {
		const struct dress_hall_trap *t = &k->dress->hall[i];
		if (t->trap)
			rc |= buf_printf(out, "Hallway trap at %d, %d: %s: %s.\n", t->x, t->y,
			                 t->trap->name, t->trap->effect);
	}
	return rc;
}

/* dungeon_text, then the key a room a line ("3 (hoard): 120 gp in coins;
 * agate (10 gp); Rusty Sword"). */
int dungeon_key_text(const struct keyed *k, struct buf *out)
{
	const struct dungeon *d = k->d;
	size_t cap = (size_t)d->ch * (size_t)(d->cw + 1) + 1;
	char *grid = malloc(cap);
	struct buf line;
	size_t item = 0;
	int rc;

	if (!grid)
		return -1;
	size_t n = dungeon_text(d, grid);
	rc = buf_append(out, grid, n);
	free(grid);
	rc |= buf_printf(out, "\nLevel %d, %d room%s; stairs up ", d->level, d->n_rooms,
	                 d->n_rooms == 1 ? "" : "s");
	rc |= d->up_room ? buf_printf(out, "in room %d", d->up_room)
	                 : buf_puts(out, "in a hallway");
	rc |= d->down_room ? buf_printf(out, ", down in room %d", d->down_room)
	                   : buf_puts(out, ", down in a hallway");
	rc |= buf_printf(out, ". %s\n\n", k->code_text);
	buf_init(&line);
	for (int id = 1; rc == 0 && id <= d->n_rooms; id++) {
		const struct dungeon_room *r = &d->room[id];
		buf_reset(&line);
		rc |= dungeon_treasure_line_of(k, r, &line);
		for (int i = 0; i < r->n_items; i++, item++) {
			const struct key_item *ki = &k->items[item];
			rc |= buf_printf(&line, "%s%s", line.len ? "; " : "", ki->name);
			if (k->room_total && ki->made)
				rc |= buf_printf(&line, " (%s%s%" PRIu64 " gp)", ki->stats,
				                 ki->stats[0] ? "; " : "", ki->value);
		}
		rc |= buf_printf(out, "%d (%s)%s%s\n", id, dungeon_stock_names[r->stock],
		                 line.len ? ": " : "", line.len ? line.data : "");
		if (k->dress)
			rc |= room_dress_text(&k->dress->room[id], out);
		if (k->room_total && r->stock != STOCK_EMPTY)
			rc |= buf_printf(out, "   Total: %" PRIu64 " gp.\n", k->room_total[id]);
	}
	if (k->dress && rc == 0)
		rc |= dress_rest_text(k, out);
	if (k->room_total && rc == 0)
		rc |= buf_printf(out, "\nTreasure in all: %" PRIu64 " gp.\n", k->total);
	buf_free(&line);
	return rc || out->oom ? -1 : 0;
}
