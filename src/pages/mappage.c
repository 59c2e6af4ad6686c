/* mappage: GET /map, a dungeon map (SPEC §10, docs/maps.md) drawn from a
 * tileset of the current catalog, as HTML (inline SVG), JSON or text.
 * The fields are read in two passes of the one form reader: format first, so that a bad value of
 * any other field is answered in the format the client asked for; then the rest. A map is drawn
 * from the catalog held for the request, into the request's arena. */
#include "pages.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "decimal.h"
#include "fields.h"
#include "form.h"
#include "generate.h"
#include "itemlink.h"
#include "mapgen.h"
#include "mapjson.h"
#include "maploot.h"
#include "mapquery.h"
#include "messages.h"
#include "page.h"
#include "kept.h"
#include "pagecache.h"
#include "render.h"
#include "rng.h"
#include "svgpath.h"

#include "mapgen.h" /* MAP_DEFAULT_W, _H, _TILESET */

/* The formats it answers in (FMT_BITs). */
#define MAP_FORMATS (FMT_BIT(FMT_HTML) | FMT_BIT(FMT_JSON) | FMT_BIT(FMT_TEXT))

/* The fields of /map, each with its row (fieldrow.h). */
#define MAP_FIELDS(X)                                                                              \
	X(MF_W, "w", MAPQUERY_ROW_SIZE)                                                            \
	X(MF_H, "h", MAPQUERY_ROW_SIZE)                                                            \
	X(MF_SEED, "seed", MAPQUERY_ROW_SEED)                                                      \
	X(MF_TILESET, "tileset", MAPQUERY_ROW_TILESET)                                             \
	X(MF_FORMAT, "format", FIELD_FORMATS)                                                      \
	X(MF_LOOT, "loot", MAPQUERY_ROW_LOOT)
enum mf { MAP_FIELDS(FIELD_ENUM) MF__MAX };
static const char *const mf_names[MF__MAX + 1] = {MAP_FIELDS(FIELD_NAME) NULL};
static const struct field_row mf_rows[] = {MAP_FIELDS(FIELD_ROW)};
static const struct field_table mappage_fields = FIELD_TABLE(mf_rows);

#define MSG_NO_TILESETS "No map tiles are loaded yet. Please try again in a moment."

struct map_query {
	struct mapquery m; /* the map's fields */
	enum format format;
	int failed;            /* the query was refused: the form shows raw */
	struct fields_raw raw; /* filled when failed */
};

/* The drawn map: pixels per cell from 16 down, so that the longer side is
 * at most MAP_PX_MAX pixels (a 1 x 1 map is 96 px, not the page's width). */
#define MAP_PX_CELL 16
#define MAP_PX_MAX  960
/* Cells of margin above and left of the map for the grid's numbers. */
#define MAP_MARGIN 4

/* The second pass (mapquery.h); format was read by the first. */
static int read_field(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	static const enum mapquery_field field[MF__MAX] = {[MF_W] = MQ_W,
	                                                   [MF_H] = MQ_H,
	                                                   [MF_SEED] = MQ_SEED,
	                                                   [MF_TILESET] = MQ_TILESET,
	                                                   [MF_LOOT] = MQ_LOOT};
	struct map_query *q = ctx;
	if (i == MF_FORMAT)
		return 0;
	return mapquery_field(&q->m, field[i], mf_names[i], v, n, err);
}

/* Reads the query into q. -1 with *err; q->format is the client's format
 * whatever the outcome. */
static int read_query(const struct request *rq, struct map_query *q, struct form_error *err)
{
	const char *s = rq->query;
	size_t n = s ? strlen(s) : 0;
	struct form_reader r;
	memset(q, 0, sizeof(*q));
	q->m.loot = -1;
	q->m.w = MAP_DEFAULT_W;
	q->m.h = MAP_DEFAULT_H;
	strcpy(q->m.tileset, MAP_DEFAULT_TILESET);
	if (fields_format(rq, &q->format, err) != 0)
		return -1;
	form_reader_init(&r, mf_names, read_field, q);
	return form_read(&r, "query", s, n, err);
}

/* After a refused query: every value as sent, for the form. */
static void read_raw(const struct request *rq, struct map_query *q)
{
	q->failed = 1;
	fields_raw_read(&q->raw, mf_names, rq->query);
}

/* ---- answers ---- */

/* The map's address: the same inputs, and the seed unless seed is NULL. */
static int map_link(struct buf *b, const struct map_query *q, const uint64_t *seed)
{
	return mapquery_link(b, &q->m, seed);
}

/* The form's value of field i: as sent when the query was refused (or the
 * default when not sent), else NULL (the caller shows the value read). */
static const char *raw_value(const struct map_query *q, int i, const char *dflt)
{
	if (!q->failed)
		return NULL;
	return fields_raw_get(&q->raw, i, dflt);
}

/* The form above every HTML answer, with the values as read, or after a
 * refused query every value as sent (a choice the lists do not hold is
 * added to them, selected, so nothing typed is lost). */
static void fill_form(struct tmpl_dict *body, const struct map_query *q, const struct catalog *cat)
{
	char num[DECIMAL_MAX], dw[DECIMAL_MAX], dh[DECIMAL_MAX];
	const char *v;

	decimal_u64(MAP_DEFAULT_W, dw);
	decimal_u64(MAP_DEFAULT_H, dh);
	if ((v = raw_value(q, MF_W, dw)))
		tmpl_set(body, "W", v);
	else
		tmpl_set_int(body, "W", q->m.w);
	if ((v = raw_value(q, MF_H, dh)))
		tmpl_set(body, "H", v);
	else
		tmpl_set_int(body, "H", q->m.h);
	if ((v = raw_value(q, MF_SEED, "")))
		tmpl_set(body, "SEED", v);
	else if (q->m.has_seed)
		tmpl_set(body, "SEED", decimal_u64(q->m.seed, num));
	static const char *const loot_values[] = {"", "0", "1", "2", "3", "4", "5", "6"};
	const char *loot = raw_value(q, MF_LOOT, "");
	int matched = 0;
	for (int i = -1; i <= TIER_MAX; i++) {
		struct tmpl_dict *o = tmpl_section(body, "LOOT_OPT");
		tmpl_set(o, "VALUE", loot_values[i + 1]);
		tmpl_set(o, "LABEL", i < 0 ? "none" : i == 0 ? "any" : loot_values[i + 1]);
		if (loot ? strcmp(loot, loot_values[i + 1]) == 0 : i == q->m.loot) {
			tmpl_show(o, "SEL");
			matched = 1;
		}
	}
	if (loot && !matched) {
		struct tmpl_dict *o = tmpl_section(body, "LOOT_OPT");
		tmpl_set(o, "VALUE", loot);
		tmpl_set(o, "LABEL", loot);
		tmpl_show(o, "SEL");
	}
	const char *ts = raw_value(q, MF_TILESET, MAP_DEFAULT_TILESET);
	if (!ts)
		ts = q->m.tileset;
	page_tileset_options(body, cat, ts);
}

/* The form of a refused query under the error box (page_send_problems):
 * the query and the catalog whose tilesets it offers. */
struct form_ctx {
	const struct map_query *q;
	const struct catalog *cat;
};

static struct tmpl_dict *error_page(const void *vc)
{
	const struct form_ctx *c = vc;
	struct tmpl_dict *d = page_new("Dungeon map");
	fill_form(page_body(d, "map.tpl"), c->q, c->cat);
	return d;
}

/* The floor as one SVG path, a rectangle per run of floor cells in a row:
 * one template value instead of a section per run, which made a 30 x 30
 * page cost ~4 times as much (thousands of dictionaries). Numbers and path
 * letters only. 0, or -1 when out of memory. */
static int floor_path(const struct map *m, struct buf *d)
{
	int cw = MAP_TILE * m->w, ch = MAP_TILE * m->h;

	for (int y = 0; y < ch; y++)
		if (svgpath_row(d, &m->cell[(size_t)y * (size_t)cw], cw, y, '.') != 0)
			return -1;
	return d->oom ? -1 : 0;
}

/* The lines between the tiles, so a tile is found by its column and row:
 * one path, w - 1 + h - 1 lines. 0, or -1 when out of memory. */
static int grid_path(const struct map *m, struct buf *d)
{
	int cw = MAP_TILE * m->w, ch = MAP_TILE * m->h;

	for (int x = 1; x < m->w; x++)
		if (svgpath_line(d, MAP_TILE * x, 0, MAP_TILE * x, ch) != 0)
			return -1;
	for (int y = 1; y < m->h; y++)
		if (svgpath_line(d, 0, MAP_TILE * y, cw, MAP_TILE * y) != 0)
			return -1;
	return d->oom ? -1 : 0;
}

static void send_html(struct response *rs, const struct map_query *q, const struct catalog *cat,
                      const struct map *m, uint64_t seed, const char *text, size_t text_len,
                      const struct map_loot *loot, size_t n_loot, size_t n_rooms)
{
	struct tmpl_dict *d = page_new("Dungeon map");
	struct tmpl_dict *body = page_body(d, "map.tpl");
	struct tmpl_dict *map = tmpl_section(body, "MAP");
	struct buf link, again, path, grid;
	char num[DECIMAL_MAX];

	buf_init(&link);
	buf_init(&again);
	buf_init(&path);
	buf_init(&grid);
	if (map_link(&link, q, &seed) != 0 || map_link(&again, q, NULL) != 0 ||
	    floor_path(m, &path) != 0 || grid_path(m, &grid) != 0) {
		buf_free(&link);
		buf_free(&again);
		buf_free(&path);
		buf_free(&grid);
		tmpl_dict_free(d);
		page_failed(rs, 0);
		return;
	}
	fill_form(body, q, cat);
	/* The drawing is the map and, above and to its left, a margin for the
	 * grid's column and row numbers. */
	int cw = MAP_TILE * m->w, ch = MAP_TILE * m->h;
	int vw = cw + MAP_MARGIN, vh = ch + MAP_MARGIN, longer = vw > vh ? vw : vh;
	int px = MAP_PX_MAX / longer < MAP_PX_CELL ? MAP_PX_MAX / longer : MAP_PX_CELL;
	tmpl_set_int(map, "CW", cw);
	tmpl_set_int(map, "CH", ch);
	tmpl_set_int(map, "VX", -MAP_MARGIN);
	tmpl_set_int(map, "VY", -MAP_MARGIN);
	tmpl_set_int(map, "VW", vw);
	tmpl_set_int(map, "VH", vh);
	tmpl_set_int(map, "PXW", vw * px);
	tmpl_set_int(map, "PXH", vh * px);
	tmpl_set(map, "GRID", grid.data ? grid.data : "");
	for (int x = 0; x < m->w; x++) {
		struct tmpl_dict *c = tmpl_section(map, "COL");
		tmpl_set_int(c, "N", x);
		tmpl_set_int(c, "X", MAP_TILE * x + MAP_TILE / 2);
	}
	for (int y = 0; y < m->h; y++) {
		struct tmpl_dict *r = tmpl_section(map, "ROW");
		tmpl_set_int(r, "N", y);
		/* the baseline a little below the tile's middle: the digits
		 * centred on it */
		tmpl_set_int(r, "Y", MAP_TILE * y + MAP_TILE / 2 + 1);
	}
	/* FLOOR and TEXT go out as they are (map.tpl's x-plain): numbers and
	 * the letters of svgpath_run, '#', '.' and newlines of map_text,
	 * nothing HTML escaping would change; the modifier checks every byte. */
	/* path and text outlive the expansion (page_send_html below): not
	 * copied into the dictionary */
	tmpl_set_ref(map, "FLOOR", path.data, path.len);
	decimal_u64(seed, num);
	tmpl_set(map, "SEED", num);
	tmpl_set(map, "TILESET", q->m.tileset);
	tmpl_set_int(map, "W", m->w);
	tmpl_set_int(map, "H", m->h);
	tmpl_set(map, "LINK", link.data);
	tmpl_set(map, "AGAIN", again.data);
	tmpl_set_ref(map, "TEXT", text, text_len);
	for (size_t i = 0; i < n_loot; i++) {
		/* One dictionary an item for both places map.tpl shows it: the
		 * marker in its room (N, CX, CY, LY, NAME, LINK) and the list (N,
		 * NAME, LINK, RARITY, X, Y). A section each was twice the dictionaries,
		 * and making one (its name built with snprintf and strings) was
		 * most of the ~0.9 us an item these values cost. */
		struct tmpl_dict *li = tmpl_section(map, "LOOT");
		/* the marker inside its floor cell: centre + .5, radius .45 */
		char cx[DECIMAL_MAX + 2], cy[DECIMAL_MAX + 2];
		memcpy(cx + decimal_i64_n(loot[i].cx, 0, cx), ".5", 3);
		memcpy(cy + decimal_i64_n(loot[i].cy, 0, cy), ".5", 3);
		tmpl_set(li, "CX", cx);
		tmpl_set(li, "CY", cy);
		/* the loot array and the rarities' names outlive the expansion:
		 * not copied */
		const char *name = loot[i].item.name, *rarity = render_rarity(loot[i].item.str);
		tmpl_set_ref(li, "NAME", name, strlen(name));
		tmpl_set_ref(li, "LINK", loot[i].link, strlen(loot[i].link));
		tmpl_set_ref(li, "RARITY", rarity, strlen(rarity));
		tmpl_set_int(li, "N", (long)i + 1);
		/* the number's baseline on the top edge of the marker's cell:
		 * the digits sit just above the marker */
		tmpl_set_int(li, "LY", loot[i].cy);
		tmpl_set_int(li, "X", loot[i].x);
		tmpl_set_int(li, "Y", loot[i].y);
	}
	if (n_loot) {
		tmpl_show(map, "HAS_LOOT");
		tmpl_set_int(map, "N_ROOMS", (long)n_rooms);
		tmpl_set_int(map, "N_LOOT", (long)n_loot);
		tmpl_set_int(map, "LOOT_MAX", MAPLOOT_MAX);
	}
	page_send_html(rs, 200, d); /* before path is freed: FLOOR refers to it */
	buf_free(&link);
	buf_free(&again);
	buf_free(&path);
	buf_free(&grid);
}

/* The map as JSON (docs/api.md), written straight into the answer. */
static void send_json(struct response *rs, const struct catalog_tileset *ts,
                      const struct map_query *q, const struct map *m, uint64_t seed,
                      const struct map_loot *loot, size_t n_loot, size_t n_rooms)
{
	buf_reset(&rs->body);
	rs->status = 200;
	rs->content_type = CT_JSON;
	if (mapjson_write(ts, &q->m, m, seed, loot, n_loot, n_rooms, &rs->body) != 0 ||
	    rs->body.oom)
		page_failed(rs, 1);
}

static void send_text(struct response *rs, const char *text, size_t len)
{
	buf_reset(&rs->body);
	rs->status = 200;
	rs->content_type = CT_TEXT;
	if (buf_append(&rs->body, text, len) != 0)
		page_failed(rs, 0);
}

/* "must be one of: plain, ruins", in the arena. */
static const char *known_tilesets(struct arena *a, const struct catalog *cat)
{
	size_t n = sizeof "must be one of: ";
	for (size_t i = 0; i < cat->n_tilesets; i++)
		n += strlen(cat->tilesets[i].name) + 2;
	char *s = arena_alloc(a, n);
	if (!s)
		return MAPQUERY_MSG_TILESET;
	strcpy(s, "must be one of: ");
	for (size_t i = 0; i < cat->n_tilesets; i++) {
		if (i)
			strcat(s, ", ");
		strcat(s, cat->tilesets[i].name);
	}
	return s;
}

/* A kept map, as a file for nginx too (kept.h). */
static void publish(const struct request *rq, const struct response *rs, const struct map_query *q,
                    const struct catalog *cat)
{
	static const enum kept_format as[] = {
	        [FMT_HTML] = KEPT_HTML, [FMT_JSON] = KEPT_JSON, [FMT_TEXT] = KEPT_TEXT};
	kept_publish("map", rq, rs, cat->revision, as[q->format]);
}

/* With another field refused, a tileset the catalog lacks is listed too:
 * every problem of the address at once (docs/api.md). */
static void unknown_tileset_too(struct arena *a, const struct map_query *q,
                                const struct catalog *cat, struct form_error *err)
{
	for (int i = 0; i < err->n && i < FORM_ERRORS_MAX; i++)
		if (err->list[i].field && strcmp(err->list[i].field, "tileset") == 0)
			return;
	if (cat && cat->n_tilesets && !catalog_tileset(cat, q->m.tileset))
		form_error_add(err, "tileset", "not_one_of", known_tilesets(a, cat));
}

/* The map of q from cat, answered; or why not. */
static void serve_map(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                      const struct map_query *q, const struct catalog *cat)
{
	const struct catalog_tileset *ts = catalog_tileset(cat, q->m.tileset);
	char why[MAP_WHY_MAX];

	if (!ts) {
		page_send_problem(rs, q->format, 400, "tileset", known_tilesets(&ctx->arena, cat),
		                  error_page, &(struct form_ctx){q, cat});
		return;
	}
	/* With its seed, a map depends only on its inputs and the revision
	 * (the loot): kept, keyed by the inputs as read. */
	char key[PAGECACHE_KEY_MAX];
	int keyed = q->m.has_seed &&
	            snprintf(key, sizeof key, "map|%d|%d|%" PRIu64 "|%d|%d|%s", q->m.w, q->m.h,
	                     q->m.seed, q->m.loot, (int)q->format, q->m.tileset) < (int)sizeof key;
	if (keyed && pagecache_get(PAGECACHE_INPUTS, key, cat->revision, rs)) {
		publish(rq, rs, q, cat);
		return;
	}
	uint64_t seed = q->m.has_seed ? q->m.seed : rng_next(&ctx->seeds);
	struct map *m = arena_alloc(&ctx->arena, sizeof(*m));
	/* the text form: for the HTML page and the text answer, not the JSON
	 * (33 KB written for nothing at 30 x 30) */
	int want_text = q->format != FMT_JSON;
	size_t text_cap = (size_t)(MAP_TILE * q->m.h) * (size_t)(MAP_TILE * q->m.w + 1) + 1;
	char *text = want_text ? arena_alloc(&ctx->arena, text_cap) : NULL;
	if (!m || (want_text && !text)) {
		page_send_problem(rs, q->format, 500, NULL, MSG_INTERNAL, error_page,
		                  &(struct form_ctx){q, cat});
		return;
	}
	if (map_generate(&ts->set, q->m.w, q->m.h, seed, m, why) != 0) {
		page_send_problem(rs, q->format, 422, "tileset", why, error_page,
		                  &(struct form_ctx){q, cat});
		return;
	}
	size_t len = want_text ? map_text(m, text) : 0, n_loot = 0, n_rooms = 0;
	struct map_loot *loot = NULL;
	if (q->m.loot >= 0 && q->format != FMT_TEXT) {
		/* not cleared: generate() clears each item, maploot_roll sets the
		 * rest (100 x 1.3 KB cleared was ~2% of a fresh map) */
		if (!(loot = arena_alloc(&ctx->arena, MAPLOOT_MAX * sizeof(*loot)))) {
			page_send_problem(rs, q->format, 500, NULL, MSG_INTERNAL, error_page,
			                  &(struct form_ctx){q, cat});
			return;
		}
		n_loot = maploot_roll(cat, ts, q->m.loot, m, seed, loot, &n_rooms);
	}
	if (q->format == FMT_TEXT)
		send_text(rs, text, len);
	else if (q->format == FMT_JSON)
		send_json(rs, ts, q, m, seed, loot, n_loot, n_rooms);
	else
		send_html(rs, q, cat, m, seed, text, len, loot, n_loot, n_rooms);
	if (keyed) {
		pagecache_put(PAGECACHE_INPUTS, key, cat->revision, rs);
		publish(rq, rs, q, cat);
	}
}

/* CORS on the text as on JSON (handler.c sets it on JSON and CSV): a
 * page of another site may read the map. */
static void cors_text(const struct request *rq, struct response *rs)
{
	if (rs->content_type && rq->method &&
	    (strcmp(rq->method, "GET") == 0 || strcmp(rq->method, "HEAD") == 0) &&
	    strncmp(rs->content_type, "text/plain", 10) == 0)
		response_header(rs, "Access-Control-Allow-Origin", "*");
}

/* GET /map: 200 with the map; 400 naming a bad field (an unknown tileset
 * lists the known ones); 422 with the generator's sentence when the
 * tileset cannot tile the grid; 503 (Retry-After) before the first catalog
 * or while it holds no tiles. */
static void mappage_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	struct map_query q;
	struct form_error err;

	const struct catalog *cat;

	if (read_query(rq, &q, &err) != 0) {
		/* The form keeps what was sent and lists the tilesets. */
		read_raw(rq, &q);
		cat = catalog_acquire();
		unknown_tileset_too(&ctx->arena, &q, cat, &err);
		page_send_problems(rs, q.format, 400, &err, error_page,
		                   &(struct form_ctx){&q, cat});
		catalog_release(cat);
		cors_text(rq, rs);
		return;
	}
	cat = catalog_acquire();
	if (!cat || cat->n_tilesets == 0) {
		rs->retry_after = 1;
		page_send_problem(rs, q.format, 503, NULL, cat ? MSG_NO_TILESETS : MSG_NO_CATALOG,
		                  error_page, &(struct form_ctx){&q, cat});
	} else {
		serve_map(ctx, rq, rs, &q, cat);
	}
	catalog_release(cat);
	cors_text(rq, rs);
}

const struct route route_map = {.path = "/map",
                                .methods = M_GET,
                                .fn = mappage_route,
                                .cors = 1,
                                .query = &mappage_fields,
                                .formats = MAP_FORMATS};
