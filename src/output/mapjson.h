/* mapjson: a map of /map's fields as its JSON answer (docs/api.md), loot
 * and all: the one writer /map and the library's lf_map_json call, so the
 * two answers are the same bytes. */
#ifndef LOOTFORGE_MAPJSON_H
#define LOOTFORGE_MAPJSON_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "catalog.h"
#include "mapgen.h"
#include "maploot.h"
#include "mapquery.h"

/* Appends the JSON of map m, drawn from tileset ts with seed for the fields
 * q, with its n_loot items of loot (maploot_roll's, n_rooms rooms; none
 * when q->loot < 0). 0, or -1 (out of memory). */
int mapjson_write(const struct catalog_tileset *ts, const struct mapquery *q, const struct map *m,
                  uint64_t seed, const struct map_loot *loot, size_t n_loot, size_t n_rooms,
                  struct buf *out);

#endif
