/* mapquery: the fields of a map or a dungeon (docs/maps.md,
 * docs/dungeons.md), each read by one rule wherever it is asked for:
 * /map, /dungeon and the library's lf_map_generate. Each caller keeps its
 * own list of names (a form_reader's), and hands each value here with the
 * field it is. */
#ifndef LOOTFORGE_MAPQUERY_H
#define LOOTFORGE_MAPQUERY_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "dungeon.h"
#include "fieldrow.h"
#include "form.h"
#include "mapgen.h"
#include "recipe.h"

#define MAPQUERY_TILESET_MAX 32 /* bytes of a tileset name: map_tile.tileset is VARCHAR(32) */

#define MAPQUERY_MSG_SIZE     "must be a whole number from 1 to 30"
#define MAPQUERY_MSG_SEED     "must be a whole number from 0 to 18446744073709551615"
#define MAPQUERY_MSG_TILESET  "must be a tileset name (lower-case letters, digits and '-')"
#define MAPQUERY_MSG_LOOT     "must be a tier from 0 (any) to 6, or empty for no loot"
#define MAPQUERY_MSG_LEVEL    "must be a whole number from 1 to 20"
#define MAPQUERY_MSG_HALLWAYS "must be a whole number from 0 to 100"

/* Each field's row (fieldrow.h), from the limits mapquery_field checks. */
#define MAPQUERY_ROW_SIZE     FIELD_INT(1, MAP_DIM_MAX)
#define MAPQUERY_ROW_SEED     FIELD_INT(0, UINT64_MAX)
#define MAPQUERY_ROW_TILESET  FIELD_CHOICE, 0, 0, MAPQUERY_TILESET_MAX, NULL, 0, 0, 0
#define MAPQUERY_ROW_LOOT     FIELD_INT(0, TIER_MAX)
#define MAPQUERY_ROW_LEVEL    FIELD_INT(1, DUNGEON_LEVEL_MAX)
#define MAPQUERY_ROW_HALLWAYS FIELD_INT(0, DUNGEON_HALLWAYS_MAX)

enum mapquery_field { MQ_W, MQ_H, MQ_SEED, MQ_TILESET, MQ_LOOT, MQ_LEVEL, MQ_HALLWAYS };

struct mapquery {
	int w, h;
	int has_seed;
	uint64_t seed;
	char tileset[MAPQUERY_TILESET_MAX + 1];
	int loot; /* -1: none, else the tier of the rooms' items (0 = any) */
	int level, hallways;
};

/* Reads value v (n bytes) of field f, sent as `name`, into q. An empty
 * value leaves q's default, as a blank input sends. 0, or -1 with *err
 * naming the field. */
int mapquery_field(struct mapquery *q, enum mapquery_field f, const char *name, const char *v,
                   size_t n, struct form_error *err);

/* A map's address (/map?w=..&h=..&tileset=..[&loot=..][&seed=..]): the
 * same inputs, and the seed unless seed is NULL. 0 or -1 (out of memory). */
int mapquery_link(struct buf *b, const struct mapquery *q, const uint64_t *seed);

#endif
