/* lf_dungeon: the site's keyed dungeons offline (lootforge.h,
 * lf_dungeon_json): /dungeon's fields read by mapquery's rules, the
 * dungeon made by the one recipe the page runs (dungeon_make_keyed) from
 * the current catalog export's tiles and treasure budgets, and written by
 * the page's own writers (dungeon_key_json, dungeon_key_text), so whatever
 * a keyed dungeon holds on the site, the library holds too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "dungeon.h"
#include "dungeon_key.h"
#include "dungeoncode.h"
#include "keyed.h"
#include "liblootforge_int.h"
#include "mapquery.h"
#include "rng.h"

enum lf_dungeon_field { F_W, F_H, F_SEED, F_TILESET, F_LEVEL, F_HALLWAYS, F_FORMAT, F__MAX };
static const char *const names[F__MAX + 1] = {"w",     "h",        "seed",   "tileset",
                                              "level", "hallways", "format", NULL};

#define DEFAULT_W       12
#define DEFAULT_H       8
#define DEFAULT_TILESET "plain"

static int read_field(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	static const enum mapquery_field field[F__MAX] = {
	        [F_W] = MQ_W,         [F_H] = MQ_H,
	        [F_SEED] = MQ_SEED,   [F_TILESET] = MQ_TILESET,
	        [F_LEVEL] = MQ_LEVEL, [F_HALLWAYS] = MQ_HALLWAYS};
	if (i == F_FORMAT)
		return 0; /* the function says the format */
	return mapquery_field(ctx, field[i], names[i], v, n, err);
}

/* The dungeon of a query in the form `text` picks (0 JSON, 1 text). */
static int dungeon_answer(const struct lf_catalog *c, const char *query, int text, char **out,
                          const char **field, const char **why)
{
	struct mapquery q = {.w = DEFAULT_W,
	                     .h = DEFAULT_H,
	                     .loot = -1,
	                     .level = 1,
	                     .hallways = DUNGEON_HALLWAYS_DEF};
	struct form_reader r;
	struct form_error err;

	*out = NULL;
	*field = NULL;
	strcpy(q.tileset, DEFAULT_TILESET);
	form_reader_init(&r, names, read_field, &q);
	if (form_read(&r, "query", query, query ? strlen(query) : 0, &err) != 0) {
		*field = err.field;
		*why = err.message;
		return -1;
	}
	struct dungeoncode code = {.version = DUNGEONCODE_VERSION,
	                           .w = q.w,
	                           .h = q.h,
	                           .level = q.level,
	                           .hallways = q.hallways,
	                           .seed = q.has_seed ? q.seed : rng_fresh_seed(),
	                           .revision = c->c->revision};
	memcpy(code.tileset, q.tileset, sizeof code.tileset);
	if (c->c->n_budgets == 0) {
		*why = "this catalog export has no treasure budgets: load the current "
		       "/catalog.json "
		       "(without rev=)";
		return -1;
	}
	struct arena a;
	struct keyed k;
	const char *msg = NULL;
	arena_init(&a, 4096, 1 << 20);
	int status = dungeon_make_keyed(&a, c->c, &code, 1, &k, field, &msg);
	if (status) {
		/* the sentence may be in the arena: kept where it outlives it */
		static __thread char kept[512];
		snprintf(kept, sizeof kept, "%s", msg ? msg : "cannot make this dungeon");
		arena_free(&a);
		*why = kept;
		return -1;
	}
	struct buf b;
	buf_init(&b);
	int rc = text ? dungeon_key_text(&k, &b) : dungeon_key_json(&k, &b);
	dungeon_keyed_free(&k);
	arena_free(&a);
	*out = rc == 0 && !b.oom && b.data ? strdup(b.data) : NULL;
	buf_free(&b);
	if (!*out) {
		*why = "out of memory";
		return -1;
	}
	return 0;
}

int lf_dungeon_json(const struct lf_catalog *c, const char *query, char **out, const char **field,
                    const char **why)
{
	return dungeon_answer(c, query, 0, out, field, why);
}

int lf_dungeon_text(const struct lf_catalog *c, const char *query, char **out, const char **field,
                    const char **why)
{
	return dungeon_answer(c, query, 1, out, field, why);
}
