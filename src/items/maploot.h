/* maploot: the items a map's rooms hold (docs/maps.md, loot=): one in each
 * room, or in MAPLOOT_MAX of them drawn by the seed, each with its seed,
 * its kind drawn from it and its permanent link. /map and the library's
 * maps roll them here, the same for both. */
#ifndef LOOTFORGE_MAPLOOT_H
#define LOOTFORGE_MAPLOOT_H

#include <stddef.h>
#include <stdint.h>

#include "catalog.h"
#include "item.h"
#include "mapgen.h"

#define MAPLOOT_MAX 100 /* items a map holds at most */

struct map_loot {
	int x, y;   /* the tile */
	int cx, cy; /* the floor cell its marker sits on */
	struct item item;
	char link[160]; /* /item/CODE, or the inputs and seed of an item without a code */
};

/* Rolls the loot of map m (drawn with seed from tileset ts) at tier (0 =
 * any) into out (MAPLOOT_MAX entries, not cleared first). Returns how many;
 * *n_rooms: how many rooms the map has. A kind the catalog cannot make
 * leaves its room empty. */
size_t maploot_roll(const struct catalog *cat, const struct catalog_tileset *ts, int tier,
                    const struct map *m, uint64_t seed, struct map_loot *out, size_t *n_rooms);

#endif
