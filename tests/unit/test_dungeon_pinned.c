/* The keyed dungeons themselves, pinned: dungeon codes are permanent links,
 * so a faster dungeon_build must give, for every map, budget and seed, the
 * same dungeon. For each shipped tileset (migrations 0007 and 0017) weighed
 * as /dungeon weighs it for hallways 0, 25, 50, 75 and 100, one FNV-1a hash
 * over every 30 x 30 level (1..20, one seed each), the corners of the size
 * range and 60 more dungeons of random size, level and seed: every field of
 * struct dungeon that means something (sizes, room_of and kind of every
 * cell, every room's box, label, stairs cell, distance and stock with its
 * coins, gems, art and planned items, every door, the stairs, budget and
 * spent), dungeon_text, and the walking distances of every cell from the
 * down stairs; and 200 dungeons on maps no tileset would make (below).
 * Each dungeon is built over memory filled with junk, so what a previous
 * dungeon left is not read; every row's runs of each kind
 * (dungeon_row_runs) are checked against a walk along it. The expected
 * hashes were computed with dungeon.c as it was before its speed work
 *;
 * DUNGEON_PIN_PRINT=1 prints the table to re-pin after a change that means
 * to change dungeons (there should be none). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dungeon.h"
#include "mapgen.h"
#include "rng.h"
#include "budgets_fixture.h"
#include "tiles_fixture.h"
#include "fnv_fixture.h"

#define TREASURE    BUDGETS_MIGRATION
#define EXTRA_SEEDS 60
#define PINNED_MAX  32

static struct tiles_set sets0007[TILESETS_MAX], sets0017[TILESETS_MAX];
static size_t n0007, n0017;
static struct dungeon_budget budgets[DUNGEON_LEVEL_MAX];
static struct map m;
static struct dungeon d;
static int dist[DUNGEON_CELLS];
static char text[DUNGEON_CELLS + MAP_DIM_MAX * MAP_TILE + 1];

/* how many of what the hashes cover, to show it is covered */
static long n_dungeons, n_rooms, n_doors, n_roomless, n_one_room, n_hoards, n_unreached;

/* d's figures into the counts the summary prints and asserts on. */
static void tally(void)
{
	n_dungeons++;
	n_rooms += d.n_rooms;
	n_doors += d.n_doors;
	n_roomless += d.n_rooms == 0;
	n_one_room += d.n_rooms == 1;
	for (int id = 1; id <= d.n_rooms; id++) {
		n_hoards += d.room[id].stock == STOCK_HOARD;
		n_unreached += d.room[id].dist < 0;
	}
}
static int most_rooms; /* of a scrambled map */

struct pinned {
	const char *name;
	uint64_t hash;
};

/* Computed before dungeon.c was made faster (see the header). */
static const struct pinned expected[] = {
        {"plain/hallways=0", 0xb8c6ba1f6671b2beULL},
        {"plain/hallways=25", 0x81f5fd8c3a38d775ULL},
        {"plain/hallways=50", 0x2a9ffc4acda7a9c3ULL},
        {"plain/hallways=75", 0x8e4217bfbdb7c994ULL},
        {"plain/hallways=100", 0x57f23c5b38f00f7dULL},
        {"ruins/hallways=0", 0xaa2ce1d453baede8ULL},
        {"ruins/hallways=25", 0x634eb6a2b92054eaULL},
        {"ruins/hallways=50", 0x17f58738eb6d6a16ULL},
        {"ruins/hallways=75", 0x87140e40797c345aULL},
        {"ruins/hallways=100", 0x0e29c7a37d9d0d04ULL},
        {"walls/hallways=0", 0x91883e33486737b5ULL},
        {"walls/hallways=25", 0xa7e3c5f912e7882fULL},
        {"walls/hallways=50", 0x5f79a72ca68c859bULL},
        {"walls/hallways=75", 0x0effe27be6d471d4ULL},
        {"walls/hallways=100", 0x6eb3dc9a0e89081dULL},
        {"curvy/hallways=0", 0x6657cf144ce77b6cULL},
        {"curvy/hallways=25", 0x664f82948ea92f3bULL},
        {"curvy/hallways=50", 0xbfd6b55ec9b68304ULL},
        {"curvy/hallways=75", 0x6a12971af824979cULL},
        {"curvy/hallways=100", 0xd22d6c604a0aeab9ULL},
        {"crumbling/hallways=0", 0xb90fb28953f08937ULL},
        {"crumbling/hallways=25", 0x75a39723815a559fULL},
        {"crumbling/hallways=50", 0x07735b691dbf3861ULL},
        {"crumbling/hallways=75", 0xd8d1a8a03da7646bULL},
        {"crumbling/hallways=100", 0x872f2b6ab0b6a83dULL},
        {"scrambled", 0x9ac76c974dbfd243ULL},
        {"no floor", 0x8b9669fb7415d70fULL},
};

static uint64_t fnv_int(uint64_t h, long long v)
{
	return fnv(h, &v, sizeof v);
}

/* Field by field: a struct's padding is not the dungeon. */
static uint64_t hash_room(uint64_t h, const struct dungeon_room *r)
{
	const long long f[] = {r->n_cells, r->x0,    r->y0,     r->x1,     r->y1,
	                       r->lx,      r->ly,    r->sx,     r->sy,     r->dist,
	                       r->stock,   r->coins, r->n_gems, r->n_arts, r->n_items};
	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		h = fnv_int(h, f[i]);
	for (int i = 0; i < r->n_gems; i++) {
		h = fnv_int(h, r->gem[i].what);
		h = fnv_int(h, r->gem[i].value);
	}
	for (int i = 0; i < r->n_arts; i++) {
		h = fnv_int(h, r->art[i].what);
		h = fnv_int(h, r->art[i].value);
	}
	for (int i = 0; i < r->n_items; i++) {
		h = fnv_int(h, r->item[i].kind);
		h = fnv_int(h, r->item[i].tier);
		h = fnv(h, &r->item[i].seed, sizeof r->item[i].seed);
	}
	return h;
}

/* dungeon_row_runs against a walk along the row, for every row and kind. */
static void check_row_runs(void)
{
	static const char kinds[] = "#.r";
	uint8_t a[DUNGEON_RUNS_MAX], b[DUNGEON_RUNS_MAX];

	for (int y = 0; y < d.ch; y++)
		for (int k = 0; k < 3; k++) {
			const char *row = &d.kind[y * d.cw];
			int n = dungeon_row_runs(&d, y, kinds[k], a, b), i = 0;
			for (int x = 0; x < d.cw;) {
				if (row[x] != kinds[k]) {
					x++;
					continue;
				}
				int end = x;
				while (end < d.cw && row[end] == kinds[k])
					end++;
				assert_true(i < n);
				assert_int_equal(a[i], x);
				assert_int_equal(b[i], end - 1);
				i++;
				x = end;
			}
			assert_int_equal(i, n);
		}
}

static uint64_t hash_dungeon(uint64_t h)
{
	size_t cells = (size_t)d.cw * (size_t)d.ch;
	const long long f[] = {d.w,       d.h,       d.cw,        d.ch,     d.level,
	                       d.n_rooms, d.n_doors, d.up_x,      d.up_y,   d.down_x,
	                       d.down_y,  d.up_room, d.down_room, d.budget, d.spent};

	for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
		h = fnv_int(h, f[i]);
	h = fnv(h, d.room_of, cells * sizeof d.room_of[0]);
	h = fnv(h, d.kind, cells);
	for (int id = 1; id <= d.n_rooms; id++)
		h = hash_room(h, &d.room[id]);
	for (int i = 0; i < d.n_doors; i++) {
		const struct dungeon_door *o = &d.door[i];
		const long long g[] = {o->x0, o->y0, o->x1, o->y1,  o->hx,
		                       o->hy, o->rx, o->ry, o->room};
		for (size_t k = 0; k < sizeof g / sizeof g[0]; k++)
			h = fnv_int(h, g[k]);
	}
	check_row_runs();
	size_t n = dungeon_text(&d, text);
	assert_int_equal(n, (size_t)d.ch * (size_t)(d.cw + 1));
	h = fnv(h, text, n);
	assert_int_equal(dungeon_distances(&d, d.down_x, d.down_y, dist), 0);
	return fnv(h, dist, cells * sizeof dist[0]);
}

static uint64_t hash_one(uint64_t h, const struct map_tileset *ts, const struct map_tile *tiles,
                         int w, int h_, int level, uint64_t seed)
{
	char why[MAP_WHY_MAX];

	assert_int_equal(map_generate(ts, w, h_, seed, &m, why), 0);
	memset(&d, 0xa5, sizeof d); /* what a previous dungeon left is not read */
	assert_int_equal(dungeon_build(&m, tiles, &budgets[level - 1], seed, &d), 0);
	tally();
	return hash_dungeon(h);
}

static uint64_t hash_set(const struct map_tileset *ts, const struct map_tile *tiles, uint64_t salt)
{
	static const int corner[][2] = {{1, 1}, {1, 30}, {30, 1}, {2, 2}, {30, 29}};
	uint64_t h = FNV_OFFSET;
	struct rng pick;

	rng_seed(&pick, 0x2727 ^ salt);
	for (int level = 1; level <= DUNGEON_LEVEL_MAX; level++)
		h = hash_one(h, ts, tiles, MAP_DIM_MAX, MAP_DIM_MAX, level, rng_next(&pick));
	for (size_t i = 0; i < sizeof corner / sizeof corner[0]; i++)
		h = hash_one(h, ts, tiles, corner[i][0], corner[i][1], 1 + (int)(i % 20),
		             rng_next(&pick));
	for (int k = 0; k < EXTRA_SEEDS; k++) {
		int w = (int)rng_range(&pick, 1, MAP_DIM_MAX),
		    hh = (int)rng_range(&pick, 1, MAP_DIM_MAX);
		int level = (int)rng_range(&pick, 1, DUNGEON_LEVEL_MAX);
		h = hash_one(h, ts, tiles, w, hh, level, rng_next(&pick));
	}
	return h;
}

static uint64_t hash_scrambled(void)
{
	static struct map_tile pool[MAP_TILES_MAX];
	size_t n = 0;
	uint64_t h = FNV_OFFSET;
	struct rng pick;

	for (size_t i = 0; i < n0007 + n0017; i++) {
		const struct tiles_set *set = i < n0007 ? &sets0007[i] : &sets0017[i - n0007];
		for (size_t k = 0; k < set->n && n < MAP_TILES_MAX; k++)
			pool[n++] = set->tiles[k];
	}
	rng_seed(&pick, 0x5c7a);
	for (int k = 0; k < 200; k++) {
		int w = k == 0 ? MAP_DIM_MAX : (int)rng_range(&pick, 1, MAP_DIM_MAX);
		int hh = k == 0 ? MAP_DIM_MAX : (int)rng_range(&pick, 1, MAP_DIM_MAX);
		int cw = w * MAP_TILE;
		memset(&m, 0, sizeof m);
		m.w = w;
		m.h = hh;
		for (int t = 0; t < w * hh; t++) {
			m.tile[t] = (uint16_t)rng_below(&pick, n);
			for (int y = 0; y < MAP_TILE; y++)
				for (int x = 0; x < MAP_TILE; x++)
					m.cell[((t / w) * MAP_TILE + y) * cw + (t % w) * MAP_TILE +
					       x] = pool[m.tile[t]].cell[y * MAP_TILE + x];
		}
		for (int c = 0; c < cw * hh * MAP_TILE; c++)
			if (rng_below(&pick, 40) == 0)
				m.cell[c] = m.cell[c] == '#' ? '.' : '#';
		memset(&d, 0xa5, sizeof d);
		assert_int_equal(dungeon_build(&m, pool, &budgets[rng_below(&pick, 20)],
		                               rng_next(&pick), &d),
		                 0);
		assert_true(d.n_rooms <= DUNGEON_ROOMS_MAX / 2); /* far from the bound */
		most_rooms = d.n_rooms > most_rooms ? d.n_rooms : most_rooms;
		tally();
		h = hash_dungeon(h);
	}
	return h;
}

static uint64_t hash_no_floor(void)
{
	static const int size[][2] = {{1, 1}, {2, 3}, {30, 30}};
	static const struct map_tile rock = {
	        .name = "rock", .cell = "####################################", .weight = 1};
	uint64_t h = FNV_OFFSET;

	for (size_t i = 0; i < sizeof size / sizeof size[0]; i++) {
		memset(&m, 0, sizeof m);
		m.w = size[i][0];
		m.h = size[i][1];
		memset(m.cell, '#', (size_t)(m.w * m.h) * MAP_TILE * MAP_TILE);
		memset(&d, 0xa5, sizeof d);
		assert_int_equal(dungeon_build(&m, &rock, &budgets[i], 7, &d), 0);
		assert_int_equal(d.n_rooms, 0);
		h = hash_dungeon(h);
	}
	return h;
}

static void test_dungeons_are_pinned(void **state)
{
	static struct map_tile weighed[MAP_TILES_MAX];
	static struct map_tileset ts;
	static const int hallways[] = {0, 25, 50, 75, 100};
	static char names[PINNED_MAX][64];
	struct pinned got[PINNED_MAX];
	size_t n_got = 0;
	char why[MAP_WHY_MAX];
	(void)state;

	for (size_t i = 0; i < n0007 + n0017; i++) {
		const struct tiles_set *set = i < n0007 ? &sets0007[i] : &sets0017[i - n0007];
		for (size_t k = 0; k < sizeof hallways / sizeof hallways[0]; k++) {
			assert_true(n_got < PINNED_MAX);
			dungeon_weigh_tiles(set->tiles, set->n, hallways[k], weighed);
			assert_int_equal(map_tileset_init(&ts, weighed, set->n, why), 0);
			snprintf(names[n_got], sizeof names[0], "%s/hallways=%d", set->name,
			         hallways[k]);
			got[n_got].name = names[n_got];
			got[n_got].hash = hash_set(&ts, weighed, n_got);
			n_got++;
		}
	}
	/* Maps no tileset would make: tiles of every set at random, their
	 * edges unmatched, and a cell in 40 flipped: floor cut off from the
	 * stairs, rooms the walk never reaches, cells that are not their
	 * tile's. */
	assert_true(n_got < PINNED_MAX);
	got[n_got].name = "scrambled";
	got[n_got].hash = hash_scrambled();
	n_got++;
	/* No floor at all: the stairs fall past the last cell and the walk
	 * reaches nothing (test_dungeon's tilesets never make this). */
	assert_true(n_got < PINNED_MAX);
	got[n_got].name = "no floor";
	got[n_got].hash = hash_no_floor();
	n_got++;
	printf("  most rooms on a scrambled map: %d\n", most_rooms);
	printf("  %ld dungeons: %ld rooms, %ld doors, %ld hoards, %ld rooms the up stairs do "
	       "not reach; %ld without rooms, %ld with one\n",
	       n_dungeons, n_rooms, n_doors, n_hoards, n_unreached, n_roomless, n_one_room);
	/* the cases of place_stairs: no room, one room, many */
	assert_true(n_roomless > 0 && n_one_room > 0 && n_rooms > 10 * n_dungeons);
	assert_true(n_unreached > 0);

	int print = getenv("DUNGEON_PIN_PRINT") != NULL;
	for (size_t i = 0; print && i < n_got; i++)
		printf("        {\"%s\", 0x%016llxULL},\n", got[i].name,
		       (unsigned long long)got[i].hash);
	if (print)
		return;
	assert_int_equal(n_got, sizeof expected / sizeof expected[0]);
	for (size_t i = 0; i < n_got; i++) {
		assert_string_equal(got[i].name, expected[i].name);
		if (got[i].hash != expected[i].hash)
			fail_msg("%s: dungeons hash to 0x%016llx, pinned 0x%016llx", got[i].name,
			         (unsigned long long)got[i].hash,
			         (unsigned long long)expected[i].hash);
	}
	printf("  %zu tilesets and mixes, every dungeon as pinned\n", n_got);
}

static int load(void **state)
{
	(void)state;
	if (tiles_load(sets0007, &n0007) != 0 || n0007 < 2)
		return -1;
	if (tiles_load_file(TREASURE, sets0017, &n0017) != 0 || n0017 < 1)
		return -1;
	return budgets_load(budgets);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_dungeons_are_pinned),
	};
	return cmocka_run_group_tests_name("dungeon_pinned", tests, load, NULL);
}
