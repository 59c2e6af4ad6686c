/* lf_map: the site's maps offline (lootforge.h, lf_map_generate): /map's
 * fields read by the form reader with /map's rules and sentences, the map
 * drawn by the same generator from the tiles of the catalog export. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "decimal.h"
#include "liblootforge_int.h"
#include "mapgen.h"
#include "mapquery.h"
#include "rng.h"

enum lf_map_field { F_W, F_H, F_SEED, F_TILESET, F_FORMAT, F_LOOT, F__MAX };
static const char *const names[F__MAX + 1] = {"w", "h", "seed", "tileset", "format", "loot", NULL};

struct query {
	struct mapquery m; /* the map's fields */
};

/* One map and everything it points at, in one allocation freed whole:
 * nothing of the catalog, which may be freed first. text holds the cells,
 * then the tile names one after the other. */
struct owned_map {
	struct lf_map pub; /* first: lf_map_free's pointer is this */
	const char *tile_names[MAP_DIM_MAX * MAP_DIM_MAX];
	char tileset[MAPQUERY_TILESET_MAX + 1];
	char text[];
};

static int bad(struct form_error *err, const char *field, const char *message)
{
	err->field = field;
	err->message = message;
	return -1;
}

/* /map's fields (mappage.c), its sentences; an empty value is the default. */
/* mapquery.h's rules, as /map reads them; loot is the site's alone. */
static int read_field(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	static const enum mapquery_field field[] = {
	        [F_W] = MQ_W, [F_H] = MQ_H, [F_SEED] = MQ_SEED, [F_TILESET] = MQ_TILESET};
	struct query *q = ctx;
	if (n && i == F_LOOT)
		return bad(err, "loot", "is not offered by the library yet");
	if (i == F_LOOT || i == F_FORMAT)
		return 0;
	return mapquery_field(&q->m, field[i], names[i], v, n, err);
}

int lf_map_generate(const struct lf_catalog *c, const char *query, struct lf_map **out,
                    const char **field, const char **why)
{
	struct query q = {.m = {.w = MAP_DEFAULT_W, .h = MAP_DEFAULT_H, .loot = -1}};
	struct form_reader r;
	struct form_error err;
	char reason[MAP_WHY_MAX];

	*out = NULL;
	*field = NULL;
	strcpy(q.m.tileset, MAP_DEFAULT_TILESET);
	form_reader_init(&r, names, read_field, &q);
	if (form_read(&r, "query", query, query ? strlen(query) : 0, &err) != 0) {
		*field = err.field;
		*why = err.message;
		return -1;
	}
	const struct catalog_tileset *ts = catalog_tileset(c->c, q.m.tileset);
	if (!ts) {
		*field = "tileset";
		*why = "no tileset of that name in this catalog export";
		return -1;
	}
	struct map *m = malloc(sizeof *m);
	if (!m) {
		*why = "out of memory";
		return -1;
	}
	uint64_t seed = q.m.has_seed ? q.m.seed : rng_fresh_seed();
	if (map_generate(&ts->set, q.m.w, q.m.h, seed, m, reason) != 0) {
		free(m);
		*field = "tileset";
		*why = "this tileset cannot tile a map of this size";
		return -1;
	}
	size_t cw = (size_t)(MAP_TILE * q.m.w), ch = (size_t)(MAP_TILE * q.m.h);
	size_t cells_len = ch * (cw + 1) + 1, names_len = 0;
	for (int i = 0; i < q.m.w * q.m.h; i++)
		names_len += strlen(ts->tiles[m->tile[i]].name) + 1;
	struct owned_map *om = malloc(sizeof *om + cells_len + names_len);
	if (!om) {
		free(m);
		*why = "out of memory";
		return -1;
	}
	map_text(m, om->text);
	char *name = om->text + cells_len;
	for (int i = 0; i < q.m.w * q.m.h; i++) {
		size_t n = strlen(ts->tiles[m->tile[i]].name) + 1;
		memcpy(name, ts->tiles[m->tile[i]].name, n);
		om->tile_names[i] = name;
		name += n;
	}
	free(m);
	memcpy(om->tileset, q.m.tileset, sizeof om->tileset);
	om->pub = (struct lf_map){.tileset = om->tileset,
	                          .w = q.m.w,
	                          .h = q.m.h,
	                          .seed = seed,
	                          .cw = (int)cw,
	                          .ch = (int)ch,
	                          .cells = om->text,
	                          .tiles = om->tile_names};
	*out = &om->pub;
	return 0;
}

/* The map as /map?...&format=json answers it (mappage.c's map_json, the
 * members in its order, dumped as page_send_json does), loot aside; the
 * integration tests compare the two byte for byte. */
static json_t *map_json(const struct lf_map *m)
{
	json_t *tiles = json_array(), *cells = json_array();
	char link[160], seed[24];

	for (int y = 0; tiles && y < m->h; y++) {
		json_t *row = json_array();
		for (int x = 0; row && x < m->w; x++)
			if (json_array_append_new(row, json_string(m->tiles[y * m->w + x])) != 0) {
				json_decref(row);
				row = NULL;
			}
		if (json_array_append_new(tiles, row) != 0) {
			json_decref(tiles);
			tiles = NULL;
		}
	}
	for (int y = 0; cells && y < m->ch; y++)
		if (json_array_append_new(cells,
		                          json_stringn(m->cells + (size_t)y * (size_t)(m->cw + 1),
		                                       (size_t)m->cw)) != 0) {
			json_decref(cells);
			cells = NULL;
		}
	/* tileset names are [a-z0-9-]: nothing to percent-encode */
	snprintf(seed, sizeof seed, "%" PRIu64, m->seed);
	/* in the answer's format, and width/height: docs/api.md, as the site */
	snprintf(link, sizeof link, "/map?w=%d&h=%d&tileset=%s&seed=%s&format=json", m->w, m->h,
	         m->tileset, seed);
	if (!tiles || !cells) {
		json_decref(tiles);
		json_decref(cells);
		return NULL;
	}
	return json_pack("{s:s,s:i,s:i,s:s,s:o,s:o,s:s}", "tileset", m->tileset, "width", m->w,
	                 "height", m->h, "seed", seed, "tiles", tiles, "cells", cells, "link",
	                 link);
}

int lf_map_json(const struct lf_catalog *c, const char *query, char **out, const char **field,
                const char **why)
{
	struct lf_map *m;

	*out = NULL;
	if (lf_map_generate(c, query, &m, field, why) != 0)
		return -1;
	json_t *v = map_json(m);
	lf_map_free(m);
	if (!v || !(*out = json_dumps(v, JSON_COMPACT))) {
		json_decref(v);
		*why = "out of memory";
		return -1;
	}
	json_decref(v);
	return 0;
}

void lf_map_free(struct lf_map *m)
{
	free(m); /* the whole struct owned_map: pub is its first member */
}
