/* mapgen: dungeon maps from matched tiles (SPEC §10). A tile is a 6 × 6
 * pattern of wall ('#') and floor ('.') with a connection type on each edge;
 * a map is a w × h grid of tiles in which every shared edge matches, every
 * border edge is closed and every floor cell is reachable from every other.
 * Pure: no I/O, no globals; same tileset, size and seed → same map. */
#ifndef LOOTFORGE_MAPGEN_H
#define LOOTFORGE_MAPGEN_H

#include <stddef.h>
#include <stdint.h>

#define MAP_TILE      6  /* cells per tile side */
#define MAP_DIM_MAX   30 /* tiles per map side */
#define MAP_TILES_MAX 512
#define MAP_WHY_MAX   160

/* What /map and the library draw when the query says nothing. */
#define MAP_DEFAULT_W       12
#define MAP_DEFAULT_H       8
#define MAP_DEFAULT_TILESET "plain"

enum map_side { MAP_N, MAP_E, MAP_S, MAP_W };

/* Connection types (docs/maps.md): which of the 6 cells along an edge are
 * floor, counted west to east on north and south edges, north to south on
 * east and west ones, so that two edges of one type put floor on floor. */
enum map_edge {
	EDGE_NONE,
	EDGE_HALL,
	EDGE_ROOM_LOWER,
	EDGE_ROOM_UPPER,
	EDGE_ROOM_FILLED,
	EDGE__MAX
};

struct map_tile {
	const char *name;
	char cell[MAP_TILE * MAP_TILE]; /* row by row, '#' or '.' */
	uint8_t edge[4];                /* by enum map_side */
	uint32_t weight;                /* >= 1 */
};

/* Whether t is well formed: 36 cells of '#' and '.', each edge's cells
 * exactly its type's, the floor one piece that reaches every open edge
 * (or no floor and no open edge). 0, or -1 with the reason in why. */
int map_tile_check(const struct map_tile *t, char why[MAP_WHY_MAX]);

/* A tileset ready to draw from: its tiles checked once, and grouped by what
 * a place fixes before its tile is drawn: the north and west edges (its
 * neighbours') and which sides are open (the spanning tree). A place's
 * candidates are then one group, with no scan. Refers to tiles, which must
 * outlive it. */
#define MAP_GROUPS (EDGE__MAX * EDGE__MAX * 16) /* (north, west, open sides) */
struct map_tileset {
	const struct map_tile *tiles;
	size_t n;
	uint16_t order[MAP_TILES_MAX];  /* tile indices by group, each group in index order */
	uint32_t weight[MAP_TILES_MAX]; /* tiles[order[o]].weight, next to the index */
	uint16_t start[MAP_GROUPS + 1]; /* group g is order[start[g] .. start[g+1]) */
	uint16_t widest;                /* tiles in the largest group */
	uint64_t total[MAP_GROUPS];     /* the sum of group g's weights */
};

/* Checks every tile (map_tile_check) and groups them. 0, or -1 with why. */
int map_tileset_init(struct map_tileset *ts, const struct map_tile *tiles, size_t n,
                     char why[MAP_WHY_MAX]);

struct map {
	int w, h;                                 /* tiles */
	uint16_t tile[MAP_DIM_MAX * MAP_DIM_MAX]; /* index into the tileset, row by row */
	char cell[MAP_DIM_MAX * MAP_TILE * MAP_DIM_MAX * MAP_TILE]; /* 6w × 6h, row by row */
};

/* Fills m with a w × h map (1..MAP_DIM_MAX each) of ts's tiles from seed.
 * 0, or -1 with why saying what cannot be done: a size out of range, or a
 * tileset that cannot tile the grid (the page answers 422 with it). The
 * work is bounded whatever the tileset. */
int map_generate(const struct map_tileset *ts, int w, int h, uint64_t seed, struct map *m,
                 char why[MAP_WHY_MAX]);

/* map_generate drawing from rng (seeded by the caller), which it leaves
 * where the map's draws end: what map_generate does after rng_seed(seed).
 * The unit tests pin how far a map moves the stream with it. */
struct rng;
int map_generate_rng(const struct map_tileset *ts, int w, int h, struct rng *rng, struct map *m,
                     char why[MAP_WHY_MAX]);

/* The map as text: 6·h lines of 6·w characters ('#' wall, '.' floor), each
 * ending in '\n'; out holds 6h(6w + 1) + 1 bytes. Returns the length. */
size_t map_text(const struct map *m, char *out);

#endif
