/* dungeon: a keyed dungeon on top of mapgen's cells (SPEC §13,
 * docs/dungeons.md): rooms found from the cells and numbered, doors where
 * hallways meet rooms, stairs up and down (the down stairs in the room
 * farthest from the up stairs by walking distance), and every room stocked
 * from the level's treasure budget (a row of the catalog). Pure: no I/O,
 * no catalog; the items are planned (kind, tier, seed) here and rolled by
 * the page. Same map, budget and seed → the same dungeon. */
#ifndef LOOTFORGE_DUNGEON_H
#define LOOTFORGE_DUNGEON_H

#include <stddef.h>
#include <stdint.h>

#include "hoard.h"
#include "mapgen.h"
#include "recipe.h"

#define DUNGEON_LEVEL_MAX    20
#define DUNGEON_HALLWAYS_MAX 100
#define DUNGEON_HALLWAYS_DEF 50
#define DUNGEON_CELLS        (MAP_DIM_MAX * MAP_TILE * MAP_DIM_MAX * MAP_TILE)
#define DUNGEON_ROOMS_MAX    (MAP_DIM_MAX * MAP_DIM_MAX)
#define DUNGEON_DOORS_MAX    (2 * MAP_DIM_MAX * MAP_DIM_MAX)
#define DUNGEON_ITEMS_MAX    5 /* items_max (<= 4) + a scroll or wand */

/* One map_tile row with its revisions (migration 0017): a dungeon draws its
 * map from the tiles of its code's revision. t.name is NULL: the name is
 * `name` (rows live in a growing array). */
struct dungeon_tile_row {
	char tileset[33];
	char name[65];
	struct map_tile t;
	uint64_t added_rev, retired_rev; /* retired_rev 0: live */
};

/* The tiles of `tileset` in the catalog at revision rev, in the rows' order
 * (id order), into out (cap entries, names pointing at the rows'). Returns
 * how many (0: no such tileset at rev; at most cap). */
size_t dungeon_tiles_at(const struct dungeon_tile_row *rows, size_t n, const char *tileset,
                        uint64_t rev, struct map_tile *out, size_t cap);

/* The row of level `level` in the catalog at revision rev (added_rev <= rev
 * and not retired at rev), among n rows; NULL when none. */
const struct dungeon_budget *dungeon_budget_at(const struct dungeon_budget *rows, size_t n,
                                               int level, uint64_t rev);

/* The tile weights for a `hallways` mix (0..100): a hallway tile's weight
 * scaled by hallways, a room's by 100 - hallways (at least 1 each). tiles
 * and out hold n tiles (out may be tiles); names as tiles'. */
void dungeon_weigh_tiles(const struct map_tile *tiles, size_t n, int hallways,
                         struct map_tile *out);

/* Whether tile t is a room piece (its inside holds more than 12 floor
 * cells); a hallway's holds at most 12. */
int dungeon_tile_is_room(const struct map_tile *t);

enum dungeon_stock { STOCK_EMPTY, STOCK_ITEMS, STOCK_HOARD };

struct dungeon_room {
	int n_cells;
	int x0, y0, x1, y1; /* bounding box, cells, inclusive */
	int lx, ly;         /* its first cell in reading order: where its number is written */
	int sx, sy;         /* its floor cell nearest its middle: where stairs go */
	int dist;           /* walking distance from the up stairs to its nearest cell; -1 */
	enum dungeon_stock stock;
	uint32_t coins; /* gp */
	struct dungeon_valuable gem[DUNGEON_GEMS_MAX], art[DUNGEON_ARTS_MAX];
	int n_gems, n_arts;
	struct dungeon_item item[DUNGEON_ITEMS_MAX];
	int n_items;
};

/* A door: the run of cell sides where a hallway tile's floor meets a room
 * tile's, a segment on the grid lines from (x0, y0) to (x1, y1) (cells;
 * vertical when x0 == x1). (hx, hy) is its first hallway cell, (rx, ry)
 * the room cell across from it. */
struct dungeon_door {
	int x0, y0, x1, y1;
	int hx, hy, rx, ry;
	int room; /* 1..n_rooms */
};

struct dungeon {
	int w, h;   /* tiles */
	int cw, ch; /* cells: 6w x 6h */
	int level;
	/* per cell: 0 wall or hallway; else the room number (1..n_rooms) */
	uint16_t room_of[DUNGEON_CELLS];
	char kind[DUNGEON_CELLS]; /* '#' wall, '.' hallway floor, 'r' room floor */
	struct dungeon_room room[DUNGEON_ROOMS_MAX + 1]; /* 1..n_rooms */
	int n_rooms;
	struct dungeon_door door[DUNGEON_DOORS_MAX];
	int n_doors;
	int up_x, up_y, down_x, down_y; /* the stairs' cells */
	int up_room, down_room;         /* 0 when on a hallway cell */
	uint32_t budget;                /* gp: budget_per_room x rooms */
	uint32_t spent;                 /* gp in coins, gems and art */
};

/* Keys map m (drawn from tiles: the tiles the map's indices name) with
 * budget b and seed into d. 0, or -1 when out of memory. */
int dungeon_build(const struct map *m, const struct map_tile *tiles, const struct dungeon_budget *b,
                  uint64_t seed, struct dungeon *d);

/* The walking distance of every cell from (x, y) over floor, into dist
 * (d->cw * d->ch entries; -1 where unreachable). 0, or -1 out of memory. */
int dungeon_distances(const struct dungeon *d, int x, int y, int *dist);

/* The runs of cells of kind `what` ('#', '.' or 'r') in row y, left to
 * right, into a and b (first and last x; room for cw / 2 + 1 each).
 * Returns how many. */
#define DUNGEON_RUNS_MAX (MAP_DIM_MAX * MAP_TILE / 2 + 1)
int dungeon_row_runs(const struct dungeon *d, int y, char what, uint8_t *a, uint8_t *b);

/* The dungeon as text (docs/dungeons.md): '#' wall, '.' floor, '<' up
 * stairs, '>' down stairs, '+' a door's first hallway cell, and each room's
 * number written from its first cell rightwards over its own floor.
 * out holds ch (cw + 1) + 1 bytes; returns the length. */
size_t dungeon_text(const struct dungeon *d, char *out);

#endif
