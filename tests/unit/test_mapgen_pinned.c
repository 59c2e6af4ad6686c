/* The maps themselves, pinned: maps are addressed by seed and dungeon codes
 * are permanent links, so a faster generator must give, for every tileset,
 * size and seed, the same tiles and cells, the same refusal, and leave the
 * random stream at the same place (so it makes the same draws). For each
 * tileset (migrations 0007 and 0017 as loaded, and each weighed as
 * /dungeon weighs them for hallways 0, 50 and 100, and small sets of the unit fixtures
 * that cannot tile, or only by backtracking) one FNV-1a hash over every
 * size 1x1..30x30 (one seed each) and 300 more seeds at random sizes: rc,
 * tiles, cells, the reason when refused, and the stream's next value. The
 * expected hashes were computed with the generator as it was before its
 * speed work; MAPGEN_PIN_PRINT=1 prints the table to re-pin
 * after a change that means to change maps (there should be none). */
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
#include "tiles_fixture.h"
#include "fnv_fixture.h"

#define TREASURE    "sql/migrations/0017_dungeon_treasure.sql"
#define EXTRA_SEEDS 300
#define PINNED_MAX  32

static struct tiles_set sets0007[TILESETS_MAX], sets0017[TILESETS_MAX];
static size_t n0007, n0017;
static struct map m;
static long refused; /* maps refused so far, to show the refusals are covered */

struct pinned {
	const char *name;
	uint64_t hash;
	long refused;
};

/* Computed before the generator was made faster (see the header): name, hash,
 * how many of its maps were refused. */
static const struct pinned expected[] = {
        {"plain", 0x6557e58d8ee7e882ULL, 0},
        {"plain/hallways=0", 0xd7bb5f281ae95d32ULL, 0},
        {"plain/hallways=50", 0xbd9e8fb9bd58457eULL, 0},
        {"plain/hallways=100", 0x4e6b606b79abe638ULL, 0},
        {"ruins", 0xf9a9defc1b52ef6aULL, 0},
        {"ruins/hallways=0", 0x336ae71fdb86e75cULL, 0},
        {"ruins/hallways=50", 0x41a4055c8aec04b7ULL, 0},
        {"ruins/hallways=100", 0x7d75845b56b63edbULL, 0},
        {"walls", 0xc7325527154863d2ULL, 0},
        {"walls/hallways=0", 0x1dbfd8885cbcbbe9ULL, 0},
        {"walls/hallways=50", 0x0c835a98eb9d2cd3ULL, 0},
        {"walls/hallways=100", 0x3bae1cad95f29facULL, 0},
        {"curvy", 0x3af7ac70e1794103ULL, 0},
        {"curvy/hallways=0", 0xf8e43997344f5754ULL, 0},
        {"curvy/hallways=50", 0xc4cf14c7a4a0e282ULL, 0},
        {"curvy/hallways=100", 0x3782c01547d39d83ULL, 0},
        {"crumbling", 0xe3dc77878218248aULL, 0},
        {"crumbling/hallways=0", 0x18e9d6309b6d4544ULL, 0},
        {"crumbling/hallways=50", 0xe73f5e5c02c1b93cULL, 0},
        {"crumbling/hallways=100", 0xc3adb373ed893554ULL, 0},
        {"catalog-pair", 0x2f9e88ff71d89b89ULL, 330},
        {"east-only", 0x82f6befcb70be0dbULL, 316},
        {"plain-thinned", 0x51df42d32d51793aULL, 232},
};

/* One map into the running hash; the struct beyond the map must be zero. */
static uint64_t hash_one(uint64_t h, const struct map_tileset *ts, int w, int h_, uint64_t seed)
{
	static const struct map zero;
	char why[MAP_WHY_MAX] = "";
	struct rng r;

	rng_seed(&r, seed);
	memset(&m, 0xa5, sizeof m); /* what a previous map left is not read */
	int rc = map_generate_rng(ts, w, h_, &r, &m, why);
	uint64_t next = rng_next(&r);
	h = fnv(h, &rc, sizeof rc);
	h = fnv(h, &next, sizeof next);
	if (rc != 0) {
		refused++;
		return fnv(h, why, strlen(why));
	}
	size_t tiles = (size_t)w * (size_t)h_, cells = tiles * MAP_TILE * MAP_TILE;
	assert_int_equal(m.w, w);
	assert_int_equal(m.h, h_);
	h = fnv(h, m.tile, tiles * sizeof m.tile[0]);
	h = fnv(h, m.cell, cells);
	assert_memory_equal(m.tile + tiles, zero.tile, sizeof m.tile - tiles * sizeof m.tile[0]);
	assert_memory_equal(m.cell + cells, zero.cell, sizeof m.cell - cells);
	return h;
}

static uint64_t hash_set(const struct map_tileset *ts, uint64_t salt, int dim_max)
{
	uint64_t h = FNV_OFFSET;
	struct rng pick;

	rng_seed(&pick, 0x27 ^ salt);
	for (int w = 1; w <= dim_max; w++)
		for (int hh = 1; hh <= dim_max; hh++)
			h = hash_one(h, ts, w, hh, rng_next(&pick));
	for (int k = 0; k < EXTRA_SEEDS; k++) {
		int w = (int)rng_range(&pick, 1, dim_max), hh = (int)rng_range(&pick, 1, dim_max);
		h = hash_one(h, ts, w, hh, rng_next(&pick));
	}
	return h;
}

static struct pinned got[PINNED_MAX];
static size_t n_got;

static void record(const char *name, const struct map_tile *tiles, size_t n, int dim_max)
{
	static struct map_tileset ts;
	char why[MAP_WHY_MAX];

	assert_true(n_got < PINNED_MAX);
	assert_int_equal(map_tileset_init(&ts, tiles, n, why), 0);
	long before = refused;
	got[n_got].name = name;
	got[n_got].hash = hash_set(&ts, n_got, dim_max);
	got[n_got].refused = refused - before;
	n_got++;
}

static struct map_tile tile(const char *name, const char *cells, int n, int e, int s, int w,
                            uint32_t weight)
{
	struct map_tile t = {.name = name,
	                     .weight = weight,
	                     .edge = {(uint8_t)n, (uint8_t)e, (uint8_t)s, (uint8_t)w}};
	memcpy(t.cell, cells, 36);
	return t;
}

static void test_maps_are_pinned(void **state)
{
	static struct map_tile weighed[PINNED_MAX][MAP_TILES_MAX], sparse[MAP_TILES_MAX];
	static const int hallways[] = {0, 50, 100};
	static char names[PINNED_MAX][64];
	(void)state;

	for (size_t i = 0; i < n0007 + n0017; i++) {
		const struct tiles_set *set = i < n0007 ? &sets0007[i] : &sets0017[i - n0007];
		record(set->name, set->tiles, set->n, MAP_DIM_MAX);
		for (int k = 0; k < 3; k++) { /* as /dungeon weighs them */
			size_t at = n_got;
			assert_true(at < PINNED_MAX);
			dungeon_weigh_tiles(set->tiles, set->n, hallways[k], weighed[at]);
			snprintf(names[at], sizeof names[0], "%s/hallways=%d", set->name,
			         hallways[k]);
			record(names[at], weighed[at], set->n, MAP_DIM_MAX);
		}
	}
	/* test_catalog_file's pair: a closed room and a hall open west only,
	 * so only 1x1 tiles; larger grids are refused with the dead end */
	const struct map_tile pair[2] = {
	        tile("room", "#######....##....##....##....#######", 0, 0, 0, 0, 3),
	        tile("hall", "############....##....##############", 0, 0, 0, 1, 3)};
	record("catalog-pair", pair, 2, 6);
	/* test_mapgen's east-only tile: nothing fits the border */
	const struct map_tile east[1] = {tile("east",
	                                      "######"
	                                      "######"
	                                      "......"
	                                      "......"
	                                      "######"
	                                      "######",
	                                      0, 1, 0, 1, 1)};
	record("east-only", east, 1, 4);
	/* A thinned plain set (every third tile, weights varied): dead ends,
	 * backtracking, spent budgets and fresh trees. Small grids only, since
	 * a refused map spends the whole budget. */
	size_t ns = 0;
	for (size_t k = 0; k < sets0007[0].n; k += 3) {
		sparse[ns] = sets0007[0].tiles[k];
		sparse[ns].weight = (uint32_t)(1 + k % 7) * 1000003u;
		ns++;
	}
	record("plain-thinned", sparse, ns, 8);

	int print = getenv("MAPGEN_PIN_PRINT") != NULL;
	for (size_t i = 0; i < n_got; i++) {
		if (print)
			printf("        {\"%s\", 0x%016llxULL, %ld},\n", got[i].name,
			       (unsigned long long)got[i].hash, got[i].refused);
	}
	if (print)
		return;
	assert_int_equal(n_got, sizeof expected / sizeof expected[0]);
	for (size_t i = 0; i < n_got; i++) {
		assert_string_equal(got[i].name, expected[i].name);
		assert_int_equal(got[i].refused, expected[i].refused);
		if (got[i].hash != expected[i].hash)
			fail_msg("%s: maps hash to 0x%016llx, pinned 0x%016llx", got[i].name,
			         (unsigned long long)got[i].hash,
			         (unsigned long long)expected[i].hash);
	}
	printf("  %zu tilesets, every map as pinned\n", n_got);
}

static int load(void **state)
{
	(void)state;
	if (tiles_load(sets0007, &n0007) != 0 || n0007 < 2)
		return -1;
	return tiles_load_file(TREASURE, sets0017, &n0017) == 0 && n0017 >= 1 ? 0 : -1;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_maps_are_pinned),
	};
	return cmocka_run_group_tests_name("mapgen_pinned", tests, load, NULL);
}
