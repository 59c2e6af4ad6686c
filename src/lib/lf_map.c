/* lf_map: the site's maps offline (lootforge.h, lf_map_generate): /map's
 * fields read by the form reader with /map's rules and sentences, the map
 * drawn by the same generator from the tiles of the catalog export, its
 * loot rolled by maploot_roll and its JSON written by mapjson_write, as
 * /map does. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "liblootforge_int.h"
#include "mapgen.h"
#include "mapjson.h"
#include "maploot.h"
#include "mapquery.h"
#include "render.h"
#include "rng.h"

enum lf_map_field { F_W, F_H, F_SEED, F_TILESET, F_FORMAT, F_LOOT, F__MAX };
static const char *const names[F__MAX + 1] = {"w", "h", "seed", "tileset", "format", "loot", NULL};

/* A map made from a query, with what its JSON and its struct are read off;
 * m and loot malloc'd (made_free). */
struct made {
	struct mapquery q;
	const struct catalog_tileset *ts;
	uint64_t seed;
	struct map *m;
	struct map_loot *loot;
	size_t n_loot, n_rooms;
};

/* One map and everything it points at, in one allocation freed whole:
 * nothing of the catalog, which may be freed first. text holds the cells,
 * then the tile names one after the other, then the loot's strings. */
struct owned_map {
	struct lf_map pub; /* first: lf_map_free's pointer is this */
	const char *tile_names[MAP_DIM_MAX * MAP_DIM_MAX];
	struct lf_map_loot loot[MAPLOOT_MAX];
	char tileset[MAPQUERY_TILESET_MAX + 1];
	char text[];
};

/* mapquery.h's rules, as /map reads them; format is the caller's. */
static int read_field(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	static const enum mapquery_field field[] = {[F_W] = MQ_W,
	                                            [F_H] = MQ_H,
	                                            [F_SEED] = MQ_SEED,
	                                            [F_TILESET] = MQ_TILESET,
	                                            [F_LOOT] = MQ_LOOT};
	if (i == F_FORMAT)
		return 0;
	return mapquery_field(ctx, field[i], names[i], v, n, err);
}

static void made_free(struct made *d)
{
	free(d->m);
	free(d->loot);
}

static int make(const struct lf_catalog *c, const char *query, struct made *d, const char **field,
                const char **why)
{
	struct form_reader r;
	struct form_error err;
	char reason[MAP_WHY_MAX];

	memset(d, 0, sizeof *d);
	d->q = (struct mapquery){.w = MAP_DEFAULT_W, .h = MAP_DEFAULT_H, .loot = -1};
	*field = NULL;
	strcpy(d->q.tileset, MAP_DEFAULT_TILESET);
	form_reader_init(&r, names, read_field, &d->q);
	if (form_read(&r, "query", query, query ? strlen(query) : 0, &err) != 0) {
		*field = err.field;
		*why = err.message;
		return -1;
	}
	if (!(d->ts = catalog_tileset(c->c, d->q.tileset))) {
		*field = "tileset";
		*why = "no tileset of that name in this catalog export";
		return -1;
	}
	d->m = malloc(sizeof *d->m);
	d->loot = d->q.loot >= 0 ? malloc(MAPLOOT_MAX * sizeof *d->loot) : NULL;
	if (!d->m || (d->q.loot >= 0 && !d->loot)) {
		made_free(d);
		*why = "out of memory";
		return -1;
	}
	d->seed = d->q.has_seed ? d->q.seed : rng_fresh_seed();
	if (map_generate(&d->ts->set, d->q.w, d->q.h, d->seed, d->m, reason) != 0) {
		made_free(d);
		*field = "tileset";
		*why = "this tileset cannot tile a map of this size";
		return -1;
	}
	if (d->loot)
		d->n_loot =
		        maploot_roll(c->c, d->ts, d->q.loot, d->m, d->seed, d->loot, &d->n_rooms);
	return 0;
}

/* The room's item's strings, each once, into to (which has room). */
static char *put(char **to, const char *s)
{
	size_t n = strlen(s) + 1;
	char *at = memcpy(*to, s, n);
	*to += n;
	return at;
}

int lf_map_generate(const struct lf_catalog *c, const char *query, struct lf_map **out,
                    const char **field, const char **why)
{
	struct made d;

	*out = NULL;
	if (make(c, query, &d, field, why) != 0)
		return -1;
	const struct mapquery *q = &d.q;
	size_t cw = (size_t)(MAP_TILE * q->w), ch = (size_t)(MAP_TILE * q->h);
	size_t cells_len = ch * (cw + 1) + 1, names_len = 0;
	for (int i = 0; i < q->w * q->h; i++)
		names_len += strlen(d.ts->tiles[d.m->tile[i]].name) + 1;
	for (size_t i = 0; i < d.n_loot; i++)
		names_len += strlen(d.loot[i].item.name) + strlen(d.loot[i].item.code) + 2;
	struct owned_map *om = malloc(sizeof *om + cells_len + names_len);
	if (!om) {
		made_free(&d);
		*why = "out of memory";
		return -1;
	}
	map_text(d.m, om->text);
	char *name = om->text + cells_len;
	for (int i = 0; i < q->w * q->h; i++)
		om->tile_names[i] = put(&name, d.ts->tiles[d.m->tile[i]].name);
	for (size_t i = 0; i < d.n_loot; i++) {
		const struct map_loot *l = &d.loot[i];
		om->loot[i] = (struct lf_map_loot){.x = l->x,
		                                   .y = l->y,
		                                   .cx = l->cx,
		                                   .cy = l->cy,
		                                   .name = put(&name, l->item.name)};
		const char *code = put(&name, l->item.code);
		om->loot[i].code = code[0] ? code : NULL;
		om->loot[i].kind = kind_names[l->item.kind];
		om->loot[i].rarity = render_rarity(l->item.str);
	}
	memcpy(om->tileset, q->tileset, sizeof om->tileset);
	om->pub = (struct lf_map){.tileset = om->tileset,
	                          .w = q->w,
	                          .h = q->h,
	                          .seed = d.seed,
	                          .cw = (int)cw,
	                          .ch = (int)ch,
	                          .cells = om->text,
	                          .tiles = om->tile_names,
	                          .loot_tier = q->loot,
	                          .n_rooms = d.n_rooms,
	                          .n_loot = d.n_loot,
	                          .loot = om->loot};
	made_free(&d);
	*out = &om->pub;
	return 0;
}

int lf_map_json(const struct lf_catalog *c, const char *query, char **out, const char **field,
                const char **why)
{
	struct made d;
	struct buf b;

	*out = NULL;
	if (make(c, query, &d, field, why) != 0)
		return -1;
	buf_init(&b);
	int rc = mapjson_write(d.ts, &d.q, d.m, d.seed, d.loot, d.n_loot, d.n_rooms, &b);
	made_free(&d);
	if (rc != 0 || b.oom || buf_puts(&b, "") != 0 || !b.data) {
		buf_free(&b);
		*why = "out of memory";
		return -1;
	}
	*out = b.data; /* NUL-terminated, malloc'd: the caller frees it */
	return 0;
}

void lf_map_free(struct lf_map *m)
{
	free(m); /* the whole struct owned_map: pub is its first member */
}
