/* dungeonpage: GET /dungeon and GET /dungeon/CODE (SPEC §13,
 * docs/dungeons.md): a keyed dungeon as HTML, JSON, text, PNG or Universal
 * VTT; its permanent code names its inputs, seed and catalog revision.
 * The fields are read as /map reads them (format first, so a bad field is answered in the client's
 * format). A dungeon is made from the current catalog's tiles and budget rows, keyed at a catalog
 * revision (the current one for /dungeon, the code's for /dungeon/CODE), and its items rolled from
 * the catalog at that revision: the code's promise rests on both (docs/dungeons.md). */
#include "pages.h"

#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "decimal.h"
#include "dungeon.h"
#include "dungeon_draw.h"
#include "fields.h"
#include "dungeon_key.h"
#include "keyed.h"
#include "dungeoncode.h"
#include "form.h"
#include "generate.h"
#include "itemlink.h"
#include "mapgen.h"
#include "mapquery.h"
#include "messages.h"
#include "page.h"
#include "kept.h"
#include "pagecache.h"
#include "render.h"
#include "rng.h"
#include "svgpath.h"

/* The formats it answers in (FMT_BITs). */
#define DUNGEON_FORMATS                                                                            \
	(FMT_BIT(FMT_HTML) | FMT_BIT(FMT_JSON) | FMT_BIT(FMT_TEXT) | FMT_BIT(FMT_PNG) |            \
	 FMT_BIT(FMT_VTT))

/* The fields of /dungeon, in the order of a seeded dungeon's canonical
 * query, each with its row (fieldrow.h). */
#define DUNGEON_FIELDS(X)                                                                          \
	X(DF_W, "w", MAPQUERY_ROW_SIZE)                                                            \
	X(DF_H, "h", MAPQUERY_ROW_SIZE)                                                            \
	X(DF_SEED, "seed", MAPQUERY_ROW_SEED)                                                      \
	X(DF_TILESET, "tileset", MAPQUERY_ROW_TILESET)                                             \
	X(DF_LEVEL, "level", MAPQUERY_ROW_LEVEL)                                                   \
	X(DF_HALLWAYS, "hallways", MAPQUERY_ROW_HALLWAYS)                                          \
	X(DF_FORMAT, "format", FIELD_FORMATS)                                                      \
	X(DF_PPG, "ppg", FIELD_INT(DUNGEON_PPG_MIN, DUNGEON_PPG_MAX))                              \
	X(DF_GRID, "grid", FIELD_INT(0, 1))
/* What a code's page reads: its format and the pictures' scale and grid. */
#define CODE_FIELDS(X)                                                                             \
	X(CF_FORMAT, "format", FIELD_FORMATS)                                                      \
	X(CF_PPG, "ppg", FIELD_INT(DUNGEON_PPG_MIN, DUNGEON_PPG_MAX))                              \
	X(CF_GRID, "grid", FIELD_INT(0, 1))

enum df { DUNGEON_FIELDS(FIELD_ENUM) DF__MAX };
enum cf { CODE_FIELDS(FIELD_ENUM) CF__MAX };
static const char *const df_names[DF__MAX + 1] = {DUNGEON_FIELDS(FIELD_NAME) NULL};
static const char *const code_names[CF__MAX + 1] = {CODE_FIELDS(FIELD_NAME) NULL};
static const struct field_row df_rows[] = {DUNGEON_FIELDS(FIELD_ROW)};
static const struct field_row cf_rows[] = {CODE_FIELDS(FIELD_ROW)};
static const struct field_table dungeonpage_fields = FIELD_TABLE(df_rows);
static const struct field_table dungeonpage_code_fields = FIELD_TABLE(cf_rows);
/* The spellings nginx's cache keeps (fields.h): a code's fields, and a
 * seeded dungeon's, in their order, whole numbers without zeros. */
static const struct fields_canon code_canon = {.names = code_names,
                                               .decimal = 1u << CF_PPG | 1u << CF_GRID};
static const struct fields_canon seeded_canon = {
        .names = df_names,
        .decimal = 1u << DF_W | 1u << DF_H | 1u << DF_SEED | 1u << DF_LEVEL | 1u << DF_HALLWAYS |
                   1u << DF_PPG | 1u << DF_GRID};

#define DEFAULT_W       12
#define DEFAULT_H       8
#define DEFAULT_TILESET "plain"
#define PERMANENT       "public, max-age=31536000, immutable"

#define MSG_PPG  "must be a whole number from 20 to 200 (pixels a grid cell)"
#define MSG_GRID "must be 0 or 1"
#define MSG_NO_DUNGEONS                                                                            \
	"No map tiles or treasure budgets are loaded yet. Please try again in a moment."
#define MSG_NO_SUCH "No dungeon has this code"

struct dquery {
	struct mapquery m; /* the dungeon's fields */
	enum format format;
	int ppg;  /* the pictures' pixels a cell; 0: not asked for */
	int grid; /* 0 or 1; -1: not asked for */
	char ppg_msg[160];
	int failed; /* refused: the form shows raw */
	struct fields_raw raw;
};

/* ---- reading ---- */

static int field_error(struct form_error *err, const char *field, const char *message)
{
	err->field = field;
	err->message = message;
	return -1;
}

/* ppg or grid (which: DF_PPG or DF_GRID); an empty value is not asked
 * for. Digits only, at most three of them past leading zeros. */
static int read_picture(struct dquery *q, int which, const char *v, size_t n,
                        struct form_error *err)
{
	int lo = which == DF_PPG ? DUNGEON_PPG_MIN : 0, hi = which == DF_PPG ? DUNGEON_PPG_MAX : 1;
	const char *name = which == DF_PPG ? "ppg" : "grid";
	const char *msg = which == DF_PPG ? MSG_PPG : MSG_GRID;
	long value = 0;
	if (n == 0)
		return 0;
	for (size_t j = 0; j < n; j++) {
		if (v[j] < '0' || v[j] > '9')
			return field_error(err, name, msg);
		value = value * 10 + (v[j] - '0');
		if (value > hi)
			return field_error(err, name, msg);
	}
	if (value < lo)
		return field_error(err, name, msg);
	if (which == DF_PPG)
		q->ppg = (int)value;
	else
		q->grid = (int)value;
	return 0;
}

/* A code's second pass: ppg and grid (format was read by the first). */
static int read_code_field(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	if (i == CF_FORMAT)
		return 0;
	return read_picture(ctx, i == CF_PPG ? DF_PPG : DF_GRID, v, n, err);
}

/* The second pass (mapquery.h); format was read by the first. */
static int read_field(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	static const enum mapquery_field field[DF__MAX] = {
	        [DF_W] = MQ_W,         [DF_H] = MQ_H,
	        [DF_SEED] = MQ_SEED,   [DF_TILESET] = MQ_TILESET,
	        [DF_LEVEL] = MQ_LEVEL, [DF_HALLWAYS] = MQ_HALLWAYS};
	struct dquery *q = ctx;
	if (i == DF_FORMAT)
		return 0;
	if (i == DF_PPG || i == DF_GRID)
		return read_picture(q, i, v, n, err);
	return mapquery_field(&q->m, field[i], df_names[i], v, n, err);
}

static void query_defaults(const struct request *rq, struct dquery *q)
{
	memset(q, 0, sizeof *q);
	q->m.w = DEFAULT_W;
	q->m.h = DEFAULT_H;
	q->m.level = 1;
	q->m.hallways = DUNGEON_HALLWAYS_DEF;
	q->grid = -1;
	strcpy(q->m.tileset, DEFAULT_TILESET);
	q->format = fields_accept(rq);
}

/* names: the fields this address takes (all, or code_names for a code). */
static int read_query(const struct request *rq, const char *const *names, struct dquery *q,
                      struct form_error *err)
{
	const char *s = rq->query;
	size_t n = s ? strlen(s) : 0;
	struct form_reader r;
	if (fields_format(rq, &q->format, err) != 0)
		return -1;
	form_reader_init(&r, names, names == code_names ? read_code_field : read_field, q);
	return form_read(&r, "query", s, n, err);
}

/* After a refused query: the values as sent, for the form. */
static void read_raw(const struct request *rq, struct dquery *q)
{
	q->failed = 1;
	fields_raw_read(&q->raw, df_names, rq->query);
}

/* ---- the form and errors ---- */

static void set_value(struct tmpl_dict *body, const struct dquery *q, int i, const char *key,
                      long value, int has)
{
	if (q->failed) {
		char num[DECIMAL_MAX];
		if (q->raw.sent[i])
			tmpl_set(body, key, q->raw.v[i]);
		else if (has)
			tmpl_set(body, key, decimal_u64((uint64_t)value, num));
	} else if (has) {
		tmpl_set_int(body, key, value);
	}
}

static void fill_form(struct tmpl_dict *page_body_dict, const struct dquery *q,
                      const struct catalog *cat)
{
	char num[DECIMAL_MAX];
	struct tmpl_dict *body = tmpl_section(page_body_dict, "FORM");

	set_value(body, q, DF_W, "W", q->failed ? DEFAULT_W : q->m.w, 1);
	set_value(body, q, DF_H, "H", q->failed ? DEFAULT_H : q->m.h, 1);
	set_value(body, q, DF_LEVEL, "LEVEL", q->failed ? 1 : q->m.level, 1);
	set_value(body, q, DF_HALLWAYS, "HALLWAYS",
	          q->failed ? DUNGEON_HALLWAYS_DEF : q->m.hallways, 1);
	if (q->failed && q->raw.sent[DF_SEED])
		tmpl_set(body, "SEED", q->raw.v[DF_SEED]);
	else if (!q->failed && q->m.has_seed)
		tmpl_set(body, "SEED", decimal_u64(q->m.seed, num));
	const char *ts =
	        q->failed ? fields_raw_get(&q->raw, DF_TILESET, DEFAULT_TILESET) : q->m.tileset;
	/* the tilesets offered for dungeons (a tileset of rooms only is not) */
	int matched = 0;
	for (size_t i = 0; cat && i < cat->n_tilesets; i++) {
		if (!dungeon_tileset_offered(&cat->tilesets[i]))
			continue;
		struct tmpl_dict *o = tmpl_section(body, "TILESET_OPT");
		tmpl_set(o, "VALUE", cat->tilesets[i].name);
		if (strcmp(cat->tilesets[i].name, ts) == 0) {
			tmpl_show(o, "SEL");
			matched = 1;
		}
	}
	if (!matched && *ts) {
		struct tmpl_dict *o = tmpl_section(body, "TILESET_OPT");
		tmpl_set(o, "VALUE", ts);
		tmpl_show(o, "SEL");
	}
}

/* The form of a refused query under the error box (page_send_problems):
 * the query and the catalog whose tilesets it offers. */
struct form_ctx {
	const struct dquery *q;
	const struct catalog *cat;
};

static struct tmpl_dict *error_page(const void *vc)
{
	const struct form_ctx *c = vc;
	struct tmpl_dict *d = page_new("Keyed dungeon");
	fill_form(page_body(d, "dungeon.tpl"), c->q, c->cat);
	return d;
}

/* ---- answers ---- */

/* The runs of cells of kind `what`, as one SVG path. */
static int cell_path(const struct dungeon *d, char what, struct buf *out)
{
	uint8_t a[DUNGEON_RUNS_MAX], b[DUNGEON_RUNS_MAX];

	for (int y = 0; y < d->ch; y++) {
		int n = dungeon_row_runs(d, y, what, a, b);
		for (int i = 0; i < n; i++)
			if (svgpath_run(out, a[i], y, b[i] - a[i] + 1) != 0)
				return -1;
	}
	return out->oom ? -1 : 0;
}

static int door_path(const struct dungeon *d, struct buf *out)
{
	for (int i = 0; i < d->n_doors; i++) {
		const struct dungeon_door *o = &d->door[i];
		if (svgpath_line(out, o->x0, o->y0, o->x1, o->y1) != 0)
			return -1;
	}
	return out->oom ? -1 : 0;
}

/* A room's dressing (version 4): its description, occupants and trap. */
static void fill_room_dress(struct tmpl_dict *t, const struct dress_room *r)
{
	char text[DRESS_DESCRIPTION_MAX];
	if (dress_description(r, text, sizeof text))
		tmpl_set(tmpl_section(t, "DESCRIPTION"), "TEXT", text);
	if (dress_occupants_text(r, text, sizeof text))
		tmpl_set(tmpl_section(t, "OCCUPANTS"), "TEXT", text);
	if (r->trap) {
		struct tmpl_dict *tr = tmpl_section(t, "TRAP");
		tmpl_set(tr, "NAME", r->trap->name);
		tmpl_set(tr, "EFFECT", r->trap->effect);
	}
}

/* The doors with their states and the hallways' traps (version 4). */
static void fill_dress(struct tmpl_dict *t, const struct keyed *k)
{
	for (int i = 0; i < k->d->n_doors; i++) {
		const struct dungeon_door *o = &k->d->door[i];
		struct tmpl_dict *dr = tmpl_section(t, "DOOR");
		tmpl_set_int(dr, "ROOM", o->room);
		tmpl_set_int(dr, "X", o->hx);
		tmpl_set_int(dr, "Y", o->hy);
		tmpl_set(dr, "STATE", door_state_names[k->dress->door_state[i]]);
	}
	struct tmpl_dict *hs = k->dress->n_hall ? tmpl_section(t, "HALL_TRAPS") : NULL;
	for (int i = 0; hs && i < k->dress->n_hall; i++) {
		const struct dress_hall_trap *h = &k->dress->hall[i];
		if (!h->trap)
			continue;
		struct tmpl_dict *ht = tmpl_section(hs, "HALL_TRAP");
		tmpl_set_int(ht, "X", h->x);
		tmpl_set_int(ht, "Y", h->y);
		tmpl_set(ht, "NAME", h->trap->name);
		tmpl_set(ht, "EFFECT", h->trap->effect);
	}
}

static void send_html(struct response *rs, const struct catalog *cur, const struct dquery *q,
                      const struct keyed *k, int permanent)
{
	const struct dungeon *d = k->d;
	struct tmpl_dict *page = page_new("Keyed dungeon");
	struct tmpl_dict *body = page_body(page, "dungeon.tpl");
	struct tmpl_dict *dg = tmpl_section(body, "DUNGEON");
	struct buf hall, room, doors, again, line;
	char num[DECIMAL_MAX], link[DUNGEONCODE_MAX + 16];
	int ok;

	buf_init(&hall);
	buf_init(&room);
	buf_init(&doors);
	buf_init(&again);
	buf_init(&line);
	ok = cell_path(d, '.', &hall) == 0 && cell_path(d, 'r', &room) == 0 &&
	     door_path(d, &doors) == 0 && dungeon_key_again(&k->code, &again) == 0;
	if (!permanent)
		fill_form(body, q, cur);
	int longer = d->cw > d->ch ? d->cw : d->ch;
	int px = DUNGEON_PX_MAX / longer < DUNGEON_PX_CELL ? DUNGEON_PX_MAX / longer
	                                                   : DUNGEON_PX_CELL;
	tmpl_set_int(dg, "CW", d->cw);
	tmpl_set_int(dg, "CH", d->ch);
	tmpl_set_int(dg, "PXW", d->cw * px);
	tmpl_set_int(dg, "PXH", d->ch * px);
	tmpl_set(dg, "HALL", hall.len ? hall.data : "");
	tmpl_set(dg, "ROOMS", room.len ? room.data : "");
	tmpl_set(dg, "DOORS", doors.len ? doors.data : "");
	tmpl_set_int(dg, "UX", d->up_x);
	tmpl_set_int(dg, "UY", d->up_y);
	tmpl_set_int(dg, "DX", d->down_x);
	tmpl_set_int(dg, "DY", d->down_y);
	tmpl_set_int(dg, "W", d->w);
	tmpl_set_int(dg, "H", d->h);
	tmpl_set_int(dg, "LEVEL", d->level);
	tmpl_set_int(dg, "HALLWAYS", k->code.hallways);
	tmpl_set(dg, "TILESET", k->code.tileset);
	tmpl_set(dg, "SEED", decimal_u64(k->code.seed, num));
	tmpl_set_int(dg, "N_ROOMS", d->n_rooms);
	tmpl_set_int(dg, "N_DOORS", d->n_doors);
	tmpl_set_int(dg, "BUDGET", (long)d->budget);
	tmpl_set_int(dg, "SPENT", (long)d->spent);
	snprintf(link, sizeof link, "/dungeon/%s", k->code_text);
	tmpl_set(dg, "LINK", link);
	tmpl_set(dg, "CODE", k->code_text);
	tmpl_set(dg, "AGAIN", again.len ? again.data : "/dungeon");
	/* with fewer than two rooms a stair may stand in a hallway */
	if (d->up_room)
		tmpl_set_int(tmpl_section(dg, "UP_IN_ROOM"), "N", d->up_room);
	else
		tmpl_show(dg, "UP_IN_HALL");
	if (d->down_room)
		tmpl_set_int(tmpl_section(dg, "DOWN_IN_ROOM"), "N", d->down_room);
	else
		tmpl_show(dg, "DOWN_IN_HALL");
	size_t item = 0;
	for (int id = 1; ok && id <= d->n_rooms; id++) {
		const struct dungeon_room *r = &d->room[id];
		struct tmpl_dict *lab = tmpl_section(dg, "LABEL");
		tmpl_set_int(lab, "N", id);
		tmpl_set_int(lab, "X", r->lx);
		tmpl_set_int(lab, "Y", r->ly + 1);
		struct tmpl_dict *key = tmpl_section(dg, "ROOM");
		tmpl_set_int(key, "N", id);
		tmpl_set(key, "STOCK", dungeon_stock_names[r->stock]);
		tmpl_set_int(key, "CELLS", r->n_cells);
		if (id == d->up_room)
			tmpl_show(key, "UP");
		if (id == d->down_room)
			tmpl_show(key, "DOWN");
		buf_reset(&line);
		ok = dungeon_treasure_line_of(k, r, &line) == 0;
		if (line.len)
			tmpl_set(tmpl_section(key, "TREASURE"), "TEXT", line.data);
		if (r->stock == STOCK_EMPTY)
			tmpl_show(key, "EMPTY");
		for (int i = 0; i < r->n_items; i++, item++) {
			const struct key_item *ki = &k->items[item];
			struct tmpl_dict *li = page_key_item(key, ki);
			if (k->room_total && ki->made) {
				/* version 4: what a game master reads on paper */
				struct tmpl_dict *wd = tmpl_section(li, "WORTH");
				char stats[sizeof ki->stats + 4];
				snprintf(stats, sizeof stats, "%s%s", ki->stats,
				         ki->stats[0] ? "; " : "");
				tmpl_set(wd, "STATS", stats);
				tmpl_set(wd, "VALUE", decimal_u64(ki->value, num));
			}
		}
		if (k->room_total && r->stock != STOCK_EMPTY)
			tmpl_set(tmpl_section(key, "ROOM_TOTAL"), "GP",
			         decimal_u64(k->room_total[id], num));
		if (k->dress)
			fill_room_dress(tmpl_section(key, "DRESS"), &k->dress->room[id]);
	}
	if (k->dress) {
		struct tmpl_dict *dd = tmpl_section(dg, "DRESSED");
		fill_dress(dd, k);
		if (k->room_total)
			tmpl_set(tmpl_section(dd, "TOTAL"), "GP", decimal_u64(k->total, num));
	}
	buf_free(&hall);
	buf_free(&room);
	buf_free(&doors);
	buf_free(&again);
	buf_free(&line);
	if (!ok) {
		tmpl_dict_free(page);
		page_failed(rs, 0);
		return;
	}
	page_send_html(rs, 200, page);
}

/* A code of version 1 to 3 asked for no ppg or grid: its picture as it
 * always was, 10 px a cell, its bytes frozen (dungeon_draw.h). */
static int legacy_picture(const struct keyed *k, const struct dquery *q)
{
	return k->code.version >= DUNGEONCODE_VERSION_1 &&
	       k->code.version <= DUNGEONCODE_VERSION_3 && q->ppg == 0 && q->grid < 0;
}

static const struct dungeon_picture *picture(const struct keyed *k, const struct dquery *q,
                                             struct dungeon_picture *pic)
{
	pic->ppg = q->ppg ? q->ppg : dungeon_ppg_default(k->d->cw, k->d->ch);
	pic->grid = q->grid != 0;
	pic->door_state = k->dress ? k->dress->door_state : NULL;
	return pic;
}

/* The largest ppg for the map's size: a larger one is refused, naming it. */
static int ppg_fits(struct dquery *q)
{
	int cw = q->m.w * MAP_TILE, ch = q->m.h * MAP_TILE, most = dungeon_ppg_largest(cw, ch);
	if (q->ppg <= most)
		return 1;
	snprintf(q->ppg_msg, sizeof q->ppg_msg,
	         "must be at most %d for a map of %d x %d cells (a picture at most %d px a side)",
	         most, cw, ch, DUNGEON_PICTURE_MAX);
	return 0;
}

/* CORS on the text and the PNG as on JSON (handler.c sets it on JSON and
 * CSV): a page of another site may draw the map or read its key. */
static void cors_picture(const struct request *rq, struct response *rs)
{
	if (rs->content_type && rq->method &&
	    (strcmp(rq->method, "GET") == 0 || strcmp(rq->method, "HEAD") == 0) &&
	    (strcmp(rs->content_type, format_content_type(FMT_PNG)) == 0 ||
	     strncmp(rs->content_type, "text/plain", 10) == 0))
		response_header(rs, "Access-Control-Allow-Origin", "*");
}

static void answer(const struct request *rq, struct response *rs, const struct catalog *cur,
                   const struct dquery *q, const struct keyed *k, int permanent)
{
	int rc = 0;
	struct dungeon_picture pic;

	switch (q->format) {
	case FMT_HTML:
		send_html(rs, cur, q, k, permanent);
		break;
	case FMT_JSON:
		/* written straight into the answer (dungeon_key.c) */
		buf_reset(&rs->body);
		rs->status = 200;
		rs->content_type = CT_JSON;
		rc = dungeon_key_json(k, &rs->body) != 0 || rs->body.oom ? -1 : 0;
		break;
	case FMT_TEXT:
		buf_reset(&rs->body);
		rs->status = 200;
		rs->content_type = CT_TEXT;
		rc = dungeon_key_text(k, &rs->body);
		break;
	case FMT_PNG:
		buf_reset(&rs->body);
		rs->status = 200;
		rs->content_type = format_content_type(FMT_PNG);
		rc = legacy_picture(k, q)
		             ? dungeon_draw_png_v(k->d, k->code.version, &rs->body)
		             : dungeon_draw_png_at(k->d, picture(k, q, &pic), &rs->body);
		break;
	case FMT_VTT: {
		char name[DUNGEONCODE_MAX + 48];
		buf_reset(&rs->body);
		rs->status = 200;
		rs->content_type = format_content_type(FMT_VTT);
		rc = legacy_picture(k, q)
		             ? dungeon_draw_vtt_v(k->d, k->code.version, &rs->body)
		             : dungeon_draw_vtt_at(k->d, picture(k, q, &pic), &rs->body);
		/* the code is base64url: safe in a quoted file name */
		snprintf(name, sizeof name, "attachment; filename=\"dungeon-%s.dd2vtt\"",
		         k->code_text);
		if (rc == 0)
			rc = response_header(rs, "Content-Disposition", name);
		break;
	}
	default: /* not one of DUNGEON_FORMATS: fields_format never says so */
		rc = -1;
		break;
	}
	if (rc != 0) {
		page_failed(rs, q->format == FMT_JSON || q->format == FMT_VTT);
		return;
	}
	if (permanent && rs->status == 200) {
		rs->cache_control = PERMANENT;
		if (page_etag(rq, rs) != 0)
			page_failed(rs, q->format == FMT_JSON);
	}
}

static void serve(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                  const struct dquery *q, const struct catalog *cur, const struct dungeoncode *c,
                  int permanent)
{
	struct keyed k;
	const char *field = NULL, *msg = NULL;
	int status =
	        dungeon_make_keyed(&ctx->arena, cur, c,
	                           q->format != FMT_PNG && q->format != FMT_VTT, &k, &field, &msg);

	if (status) {
		if (status == 503)
			rs->retry_after = 1;
		page_send_problem(rs, q->format, status, field, msg, error_page,
		                  &(struct form_ctx){q, cur});
		return;
	}
	answer(rq, rs, cur, q, &k, permanent);
	dungeon_keyed_free(&k);
}

/* Whether a seeded dungeon's query is spelled the one way (fields.h). */
static int canonical(const struct request *rq)
{
	struct buf b;
	buf_init(&b);
	int rc = fields_canonical(rq->query, &seeded_canon, &b);
	buf_free(&b);
	return rc == 1;
}

/* GET /dungeon (the form's fields) and GET /dungeon/CODE (format, ppg and
 * grid):
 * 200 with the dungeon; 400 naming a bad field; 404 for a code that names
 * no dungeon; 422 when the tileset cannot tile the grid; 503 (Retry-After)
 * before the catalog holds tiles and budgets, or for a revision this
 * process has not loaded yet. /dungeon/CODE is immutable, with a strong
 * ETag, and a 301 to the canonical spelling of a query that is not. */
static void dungeonpage_route(struct handler_ctx *ctx, const struct request *rq,
                              struct response *rs)
{
	static const char prefix[] = "/dungeon/";
	struct dquery q;
	struct form_error err;
	struct dungeoncode c;
	int permanent = strncmp(rq->path, prefix, sizeof prefix - 1) == 0;
	const struct catalog *cur;

	query_defaults(rq, &q);
	if (read_query(rq, permanent ? code_names : df_names, &q, &err) != 0) {
		read_raw(rq, &q);
		cur = catalog_acquire();
		page_send_problems(rs, q.format, 400, &err, error_page,
		                   &(struct form_ctx){&q, cur});
		catalog_release(cur);
		cors_picture(rq, rs);
		return;
	}
	if (!permanent && !ppg_fits(&q)) {
		read_raw(rq, &q);
		cur = catalog_acquire();
		page_send_problem(rs, q.format, 400, "ppg", q.ppg_msg, error_page,
		                  &(struct form_ctx){&q, cur});
		catalog_release(cur);
		cors_picture(rq, rs);
		return;
	}
	int spelled = permanent ? fields_redirect_canonical(rq, &code_canon, rs) : 0;
	if (spelled == 1)
		return;
	cur = catalog_acquire();
	if (!cur || cur->n_tilesets == 0 || cur->n_budgets == 0) {
		rs->retry_after = 1;
		page_send_problem(rs, q.format, 503, NULL, cur ? MSG_NO_DUNGEONS : MSG_NO_CATALOG,
		                  error_page, &(struct form_ctx){&q, cur});
		catalog_release(cur);
		return;
	}
	if (permanent) {
		const char *code = rq->path + sizeof prefix - 1, *why = NULL;
		char msg[160];
		if (dungeoncode_decode(code, strlen(code), &c, &why) != 0) {
			snprintf(msg, sizeof msg, MSG_NO_SUCH ": %s.", why ? why : "not a code");
			page_send_problem(rs, q.format, 404, NULL, msg, error_page,
			                  &(struct form_ctx){&q, cur});
			catalog_release(cur);
			return;
		}
		if (c.revision > cur->revision) {
			/* a revision past this process's: another may have it */
			rs->retry_after = 1;
			page_send_problem(rs, q.format, 503, NULL, MSG_NO_CATALOG, error_page,
			                  &(struct form_ctx){&q, cur});
			catalog_release(cur);
			return;
		}
		q.m.w = c.w;
		q.m.h = c.h;
		q.m.level = c.level;
		q.m.hallways = c.hallways;
		memcpy(q.m.tileset, c.tileset, sizeof q.m.tileset);
		q.m.has_seed = 1;
		q.m.seed = c.seed;
		if (!ppg_fits(&q)) {
			page_send_problem(rs, q.format, 400, "ppg", q.ppg_msg, error_page,
			                  &(struct form_ctx){&q, cur});
			catalog_release(cur);
			cors_picture(rq, rs);
			return;
		}
	} else {
		c = (struct dungeoncode){.version = DUNGEONCODE_VERSION,
		                         .w = q.m.w,
		                         .h = q.m.h,
		                         .level = q.m.level,
		                         .hallways = q.m.hallways,
		                         .seed = q.m.has_seed ? q.m.seed : rng_next(&ctx->seeds),
		                         .revision = cur->revision};
		memcpy(c.tileset, q.m.tileset, sizeof c.tileset);
	}
	/* With its seed, /dungeon depends only on its inputs and the revision:
	 * kept, keyed by the inputs as read (/dungeon/CODE is nginx's to keep). */
	char key[PAGECACHE_KEY_MAX];
	int keyed = !permanent && q.m.has_seed &&
	            snprintf(key, sizeof key, "dungeon|%d|%d|%d|%d|%" PRIu64 "|%d|%d|%d|%s", q.m.w,
	                     q.m.h, q.m.level, q.m.hallways, q.m.seed, (int)q.format, q.ppg, q.grid,
	                     q.m.tileset) < (int)sizeof key;
	if (!keyed || !pagecache_get(PAGECACHE_INPUTS, key, cur->revision, rs)) {
		serve(ctx, rq, rs, &q, cur, &c, permanent);
		if (keyed)
			pagecache_put(PAGECACHE_INPUTS, key, cur->revision, rs);
	}
	/* nginx keeps a .dd2vtt under the raw query: the one spelling only, so
	 * that zeros and orders cannot fill its cache (after the page cache,
	 * whose copy serves every spelling) */
	if (keyed && q.format == FMT_VTT && canonical(rq))
		kept_mark(rs, cur->revision);
	/* as a file for nginx too (kept.h); not a .dd2vtt, whose name for the
	 * download (Content-Disposition) is the daemon's to send */
	static const enum kept_format kept_as[] = {[FMT_HTML] = KEPT_HTML,
	                                           [FMT_JSON] = KEPT_JSON,
	                                           [FMT_TEXT] = KEPT_TEXT,
	                                           [FMT_PNG] = KEPT_PNG};
	if (keyed && q.format != FMT_VTT)
		kept_publish("dungeon", rq, rs, cur->revision, kept_as[q.format]);
	if (spelled == 2)
		rs->cache_control = NULL; /* unknown names ignored; kept under no other query */
	catalog_release(cur);
	cors_picture(rq, rs);
}

const struct route route_dungeon = {.path = "/dungeon",
                                    .under = 1,
                                    .methods = M_GET,
                                    .fn = dungeonpage_route,
                                    .cors = 1,
                                    .query = &dungeonpage_fields,
                                    .below = &dungeonpage_code_fields,
                                    .formats = DUNGEON_FORMATS};
