/* Unit tests of mapgen: the shipped tilesets (read from migration 0007, the
 * rows the daemon loads) give, over 10,000 seeds and sizes 1x1..30x30 each,
 * maps whose shared edges match, whose border is closed, with no gap and
 * all floor connected, the same map for the same seed; a tileset that cannot
 * tile says why; malformed tiles are refused. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "mapgen.h"
#include "rng.h"
#include "tiles_fixture.h"

#define SEEDS 10000

static struct tiles_set sets[TILESETS_MAX];
static size_t n_sets;
static struct map m1, m2;

static int load_migration(void **state)
{
	(void)state;
	return tiles_load(sets, &n_sets) == 0 && n_sets >= 2 ? 0 : -1;
}

/* Every property of a good map, checked from the cells and tiles alone. */
static void assert_good_map(const struct tiles_set *s, const struct map *m)
{
	int W = m->w * MAP_TILE, H = m->h * MAP_TILE;
	for (int r = 0; r < m->h; r++) {
		for (int c = 0; c < m->w; c++) {
			uint16_t ti = m->tile[r * m->w + c];
			assert_true(ti < s->n); /* no gap: every place holds a tile of the set */
			const struct map_tile *t = &s->tiles[ti];
			if (c + 1 < m->w)
				assert_int_equal(t->edge[MAP_E],
				                 s->tiles[m->tile[r * m->w + c + 1]].edge[MAP_W]);
			else
				assert_int_equal(t->edge[MAP_E], EDGE_NONE);
			if (r + 1 < m->h)
				assert_int_equal(t->edge[MAP_S],
				                 s->tiles[m->tile[(r + 1) * m->w + c]].edge[MAP_N]);
			else
				assert_int_equal(t->edge[MAP_S], EDGE_NONE);
			if (r == 0)
				assert_int_equal(t->edge[MAP_N], EDGE_NONE);
			if (c == 0)
				assert_int_equal(t->edge[MAP_W], EDGE_NONE);
			for (int y = 0; y < MAP_TILE; y++)
				assert_memory_equal(m->cell + (size_t)(r * MAP_TILE + y) * W +
				                            c * MAP_TILE,
				                    t->cell + y * MAP_TILE, MAP_TILE);
		}
	}
	for (int i = 0; i < W; i++) /* the outer ring is wall */
		assert_true(m->cell[i] == '#' && m->cell[(size_t)(H - 1) * W + i] == '#');
	for (int r = 0; r < H; r++)
		assert_true(m->cell[(size_t)r * W] == '#' && m->cell[(size_t)r * W + W - 1] == '#');
	/* all floor in one piece */
	static int stack[MAP_DIM_MAX * MAP_TILE * MAP_DIM_MAX * MAP_TILE];
	static uint8_t seen[MAP_DIM_MAX * MAP_TILE * MAP_DIM_MAX * MAP_TILE];
	int floor = 0, first = -1, top = 0, reached = 0;
	memset(seen, 0, (size_t)W * H);
	for (int i = 0; i < W * H; i++)
		if (m->cell[i] == '.' && floor++ == 0)
			first = i;
	assert_true(floor > 0);
	stack[top++] = first;
	seen[first] = 1;
	while (top) {
		int c = stack[--top], y = c / W, x = c % W;
		const int nb[4] = {y > 0 ? c - W : -1, x + 1 < W ? c + 1 : -1,
		                   y + 1 < H ? c + W : -1, x > 0 ? c - 1 : -1};
		reached++;
		for (int k = 0; k < 4; k++)
			if (nb[k] >= 0 && !seen[nb[k]] && m->cell[nb[k]] == '.') {
				seen[nb[k]] = 1;
				stack[top++] = nb[k];
			}
	}
	assert_int_equal(reached, floor);
}

static void test_shipped_tiles_are_well_formed(void **state)
{
	char why[MAP_WHY_MAX];
	(void)state;
	for (size_t i = 0; i < n_sets; i++)
		for (size_t k = 0; k < sets[i].n; k++)
			if (map_tile_check(&sets[i].tiles[k], why) != 0)
				fail_msg("%s: %s", sets[i].name, why);
}

/* 10,000 (seed, size) pairs per shipped tileset, sizes 1x1 .. 30x30. */
static void test_shipped_tilesets_always_tile(void **state)
{
	char why[MAP_WHY_MAX];
	struct rng pick;
	(void)state;
	for (size_t i = 0; i < n_sets; i++) {
		long tiles = 0;
		rng_seed(&pick, 15 + i);
		for (int k = 0; k < SEEDS; k++) {
			/* the corners of the range for sure, then random sizes */
			int w = k < 4 ? (k & 1 ? MAP_DIM_MAX : 1)
			              : (int)rng_range(&pick, 1, MAP_DIM_MAX);
			int h = k < 4 ? (k & 2 ? MAP_DIM_MAX : 1)
			              : (int)rng_range(&pick, 1, MAP_DIM_MAX);
			uint64_t seed = rng_next(&pick);
			if (map_generate(&sets[i].ts, w, h, seed, &m1, why) != 0)
				fail_msg("%s %dx%d seed %llu: %s", sets[i].name, w, h,
				         (unsigned long long)seed, why);
			assert_good_map(&sets[i], &m1);
			if (k % 10 == 0) { /* the same seed, the same map */
				assert_int_equal(map_generate(&sets[i].ts, w, h, seed, &m2, why),
				                 0);
				assert_memory_equal(m1.tile, m2.tile, sizeof m1.tile);
				assert_memory_equal(m1.cell, m2.cell, sizeof m1.cell);
			}
			tiles += w * h;
		}
		printf("  %s: %zu tiles, %d maps, %ld tiles placed, every check passed\n",
		       sets[i].name, sets[i].n, SEEDS, tiles);
	}
}

static void test_seeds_differ(void **state)
{
	char why[MAP_WHY_MAX];
	(void)state;
	assert_int_equal(map_generate(&sets[0].ts, 12, 9, 1, &m1, why), 0);
	assert_int_equal(map_generate(&sets[0].ts, 12, 9, 2, &m2, why), 0);
	assert_memory_not_equal(m1.cell, m2.cell, 12 * 9 * 36);
}

static void test_text(void **state)
{
	static char out[MAP_DIM_MAX * MAP_TILE * (MAP_DIM_MAX * MAP_TILE + 1) + 1];
	char why[MAP_WHY_MAX];
	(void)state;
	assert_int_equal(map_generate(&sets[0].ts, 3, 2, 7, &m1, why), 0);
	size_t n = map_text(&m1, out);
	assert_int_equal(n, 12 * 19);
	assert_int_equal(strlen(out), n);
	for (int r = 0; r < 12; r++) {
		assert_int_equal(out[r * 19 + 18], '\n');
		assert_memory_equal(out + r * 19, m1.cell + r * 18, 18);
	}
}

static struct map_tile tile(const char *name, const char *cells, int n, int e, int s, int w)
{
	struct map_tile t = {.name = name,
	                     .weight = 1,
	                     .edge = {(uint8_t)n, (uint8_t)e, (uint8_t)s, (uint8_t)w}};
	memcpy(t.cell, cells, 36);
	return t;
}

/* A tileset whose every tile is open to the east cannot close the border. */
static void test_cannot_tile_says_why(void **state)
{
	char why[MAP_WHY_MAX] = "";
	struct map_tile t[1] = {tile("east",
	                             "######"
	                             "######"
	                             "......"
	                             "......"
	                             "######"
	                             "######",
	                             0, 1, 0, 1)};
	static struct map_tileset ts;
	(void)state;
	assert_int_equal(map_tileset_init(&ts, t, 1, why), 0);
	/* west edge type 1 is open: the first tile cannot sit on the border */
	assert_int_equal(map_generate(&ts, 3, 3, 5, &m1, why), -1);
	assert_non_null(strstr(why, "cannot tile a 3x3 grid"));
	assert_int_equal(map_generate(&ts, 31, 3, 5, &m1, why), -1);
	assert_non_null(strstr(why, "1 to 30"));
	assert_int_equal(map_generate(&ts, 0, 3, 5, &m1, why), -1);
}

static void test_malformed_tiles_refused(void **state)
{
	char why[MAP_WHY_MAX];
	const char *room = "######"
	                   "#....#"
	                   "#....#"
	                   "#....#"
	                   "#....#"
	                   "######";
	(void)state;
	struct map_tile ok = tile("room", room, 0, 0, 0, 0);
	assert_int_equal(map_tile_check(&ok, why), 0);
	struct map_tile bad = tile("x", room, 0, 0, 0, 0);
	bad.cell[7] = 'x';
	assert_int_equal(map_tile_check(&bad, why), -1);
	assert_non_null(strstr(why, "neither"));
	bad = tile("door", room, 1, 0, 0, 0); /* says hallway north, but the wall is shut */
	assert_int_equal(map_tile_check(&bad, why), -1);
	assert_non_null(strstr(why, "north edge"));
	const struct map_tile two = tile("two",
	                                 "######"
	                                 "#.##.#"
	                                 "#.##.#"
	                                 "#.##.#"
	                                 "#.##.#"
	                                 "######",
	                                 0, 0, 0, 0);
	assert_int_equal(map_tile_check(&two, why), -1);
	assert_non_null(strstr(why, "more than one piece"));
	bad = tile("heavy", room, 0, 0, 0, 0);
	bad.weight = 0;
	assert_int_equal(map_tile_check(&bad, why), -1);
	bad = tile("type9", room, 9, 0, 0, 0);
	assert_int_equal(map_tile_check(&bad, why), -1);
	/* a bad tile stops the generator with its reason */
	static struct map_tileset ts;
	assert_int_equal(map_tileset_init(&ts, &two, 1, why), -1);
	assert_non_null(strstr(why, "\"two\""));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_shipped_tiles_are_well_formed),
	        cmocka_unit_test(test_shipped_tilesets_always_tile),
	        cmocka_unit_test(test_seeds_differ),
	        cmocka_unit_test(test_text),
	        cmocka_unit_test(test_cannot_tile_says_why),
	        cmocka_unit_test(test_malformed_tiles_refused),
	};
	return cmocka_run_group_tests_name("mapgen", tests, load_migration, NULL);
}
