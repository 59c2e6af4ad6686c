/* Unit tests of dress (what is in a room, docs/dungeons.md "Dressing"):
 * 200 dungeons per shipped tileset at levels 1, 6, 13 and 20, dressed from
 * the rows of migration 0020: every door has a state and, pooled by level,
 * the states follow the level's weights within 4 sigma; every room has a
 * description (a feature and a sound or a smell); occupants and traps come
 * from rows whose level range holds the dungeon's level, in their number
 * range; hallway traps stand on hallway floor; the same inputs dress the
 * same; a revision before the rows dresses nothing and closes every door;
 * a retired row is not drawn after its retirement. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "dress.h"
#include "dungeon.h"
#include "mapgen.h"
#include "rng.h"
#include "budgets_fixture.h"
#include "dress_fixture.h"
#include "tiles_fixture.h"

#define DUNGEONS 200

static struct tiles_set sets0007[TILESETS_MAX], sets0017[TILESETS_MAX];
static size_t n0007, n0017;
static struct dungeon_budget budgets[DUNGEON_LEVEL_MAX];
static struct dress_row rows[DRESS_ROWS_MAX];
static size_t n_rows;
static struct map m;
static struct dungeon d;
static struct dress dr, dr2;
static struct map_tile weighed[MAP_TILES_MAX];
static const int levels[] = {1, 6, 13, 20};

static int setup(void **state)
{
	(void)state;
	int n = dress_load(rows, DRESS_ROWS_MAX);
	if (n <= 0 || tiles_load(sets0007, &n0007) != 0 ||
	    tiles_load_file(BUDGETS_MIGRATION, sets0017, &n0017) != 0)
		return -1;
	n_rows = (size_t)n;
	return budgets_load(budgets) == 0 ? 0 : -1;
}

static const struct tiles_set *set_at(size_t i)
{
	return i < n0007 ? &sets0007[i] : &sets0017[i - n0007];
}

static int fits(const struct dress_row *r, enum dress_kind k, int level)
{
	return r && r->kind == k && level >= r->level_min && level <= r->level_max;
}

/* The level's weight of each door state, from the rows. */
static void door_weights(int level, double w[DOOR__MAX])
{
	double total = 0;
	memset(w, 0, sizeof(double) * DOOR__MAX);
	for (size_t i = 0; i < n_rows; i++)
		if (fits(&rows[i], DRESS_DOOR, level)) {
			w[rows[i].state] += rows[i].weight;
			total += rows[i].weight;
		}
	assert_true(total > 0);
	for (int s = 0; s < DOOR__MAX; s++)
		w[s] /= total;
}

static void test_dress_random_dungeons(void **state)
{
	(void)state;
	char why[MAP_WHY_MAX], text[DRESS_DESCRIPTION_MAX];
	struct map_tileset ts;
	struct rng r;
	long count[4][DOOR__MAX] = {{0}}, doors[4] = {0};
	long rooms = 0, occupied = 0, trapped = 0, hall_traps = 0;

	rng_seed(&r, 44);
	for (size_t si = 0; si < n0007 + n0017; si++) {
		const struct tiles_set *set = set_at(si);
		for (int i = 0; i < DUNGEONS; i++) {
			int li = i % 4, level = levels[li];
			int w = 1 + (int)rng_below(&r, 30), h = 1 + (int)rng_below(&r, 30);
			int hallways = (int)rng_below(&r, 101);
			uint64_t seed = rng_next(&r);
			dungeon_weigh_tiles(set->tiles, set->n, hallways, weighed);
			assert_int_equal(map_tileset_init(&ts, weighed, set->n, why), 0);
			assert_int_equal(map_generate(&ts, w, h, seed, &m, why), 0);
			assert_int_equal(dungeon_build(&m, weighed, &budgets[level - 1], seed, &d),
			                 0);
			dungeon_dress(&d, rows, n_rows, 1, seed, &dr);
			for (int k = 0; k < d.n_doors; k++) {
				assert_true(dr.door_state[k] < DOOR__MAX);
				count[li][dr.door_state[k]]++;
			}
			doors[li] += d.n_doors;
			for (int id = 1; id <= d.n_rooms; id++) {
				const struct dress_room *dm = &dr.room[id];
				rooms++;
				assert_true(fits(dm->feature, DRESS_FEATURE, level));
				assert_true(fits(dm->sense, DRESS_SOUND, level) ||
				            fits(dm->sense, DRESS_SMELL, level));
				assert_true(dress_description(dm, text, sizeof text) > 0);
				assert_true(text[0] >= 'A' && text[0] <= 'Z');
				if (dm->occupant) {
					occupied++;
					assert_true(fits(dm->occupant, DRESS_OCCUPANT, level));
					assert_in_range(dm->count, dm->occupant->number_min,
					                dm->occupant->number_max);
					assert_true(dress_occupants_text(dm, text, sizeof text) >
					            0);
				}
				if (dm->trap) {
					trapped++;
					assert_true(fits(dm->trap, DRESS_TRAP, level));
					assert_true(dm->trap->effect[0] != '\0');
				}
			}
			for (int k = 0; k < dr.n_hall; k++) {
				const struct dress_hall_trap *t = &dr.hall[k];
				assert_true(fits(t->trap, DRESS_TRAP, level));
				assert_int_equal(d.kind[t->y * d.cw + t->x], '.');
			}
			hall_traps += dr.n_hall;
			if (i % 10 == 0) {
				dungeon_dress(&d, rows, n_rows, 1, seed, &dr2);
				assert_memory_equal(&dr, &dr2, sizeof dr);
			}
		}
	}
	/* the mix of states: each state's count within 4 sigma of the level's
	 * weight (a binomial of the level's doors) */
	for (int li = 0; li < 4; li++) {
		double p[DOOR__MAX];
		door_weights(levels[li], p);
		assert_true(doors[li] > 1000);
		for (int s = 0; s < DOOR__MAX; s++) {
			double mean = (double)doors[li] * p[s];
			double sd = sqrt((double)doors[li] * p[s] * (1 - p[s]));
			printf("level %d %s: %ld of %ld (expected %.0f +- %.0f)\n", levels[li],
			       door_state_names[s], count[li][s], doors[li], mean, 4 * sd);
			assert_true(fabs((double)count[li][s] - mean) <= 4 * sd + 1);
		}
	}
	/* occupants and traps about as often as the rates say */
	double po = DRESS_OCCUPIED_PCT / 100.0, pt = DRESS_TRAPPED_PCT / 100.0;
	assert_true(fabs((double)occupied - rooms * po) <= 4 * sqrt(rooms * po * (1 - po)) + 1);
	assert_true(fabs((double)trapped - rooms * pt) <= 4 * sqrt(rooms * pt * (1 - pt)) + 1);
	assert_true(hall_traps > 0);
	printf("%ld rooms, %ld occupied, %ld trapped, %ld hallway traps\n", rooms, occupied,
	       trapped, hall_traps);
}

static void test_dress_at_a_revision(void **state)
{
	(void)state;
	char why[MAP_WHY_MAX];
	struct map_tileset ts;
	static struct dress_row later[DRESS_ROWS_MAX];
	const struct tiles_set *plain = &sets0007[0];

	dungeon_weigh_tiles(plain->tiles, plain->n, 50, weighed);
	assert_int_equal(map_tileset_init(&ts, weighed, plain->n, why), 0);
	assert_int_equal(map_generate(&ts, 12, 8, 7, &m, why), 0);
	assert_int_equal(dungeon_build(&m, weighed, &budgets[0], 7, &d), 0);
	assert_true(d.n_doors > 0 && d.n_rooms > 0);

	/* rows added at revision 5: at revision 4 nothing, every door closed */
	memcpy(later, rows, n_rows * sizeof *rows);
	for (size_t i = 0; i < n_rows; i++)
		later[i].added_rev = 5;
	dungeon_dress(&d, later, n_rows, 4, 7, &dr);
	for (int k = 0; k < d.n_doors; k++)
		assert_int_equal(dr.door_state[k], DOOR_CLOSED);
	for (int id = 1; id <= d.n_rooms; id++)
		assert_null(dr.room[id].feature);
	assert_int_equal(dr.n_hall, 0);

	/* every door row but "secret" retired at 9: at 9 every door is secret,
	 * at 8 the old mix (the same as at 5) */
	for (size_t i = 0; i < n_rows; i++)
		if (later[i].kind == DRESS_DOOR && later[i].state != DOOR_SECRET)
			later[i].retired_rev = 9;
	dungeon_dress(&d, later, n_rows, 9, 7, &dr);
	for (int k = 0; k < d.n_doors; k++)
		assert_int_equal(dr.door_state[k], DOOR_SECRET);
	dungeon_dress(&d, later, n_rows, 8, 7, &dr);
	dungeon_dress(&d, rows, n_rows, 1, 7, &dr2);
	assert_memory_equal(dr.door_state, dr2.door_state, sizeof dr.door_state);
}

static void test_dress_text(void **state)
{
	(void)state;
	struct dress_row f = {.kind = DRESS_FEATURE}, s = {.kind = DRESS_SMELL},
	                 o = {.kind = DRESS_OCCUPANT};
	struct dress_room r = {.feature = &f, .sense = &s, .occupant = &o, .count = 3};
	char text[DRESS_DESCRIPTION_MAX];

	strcpy(f.name, "a dry fountain");
	strcpy(s.name, "smoke");
	strcpy(o.name, "goblin");
	strcpy(o.plural, "goblins");
	dress_description(&r, text, sizeof text);
	assert_string_equal(text, "A dry fountain. It smells of smoke.");
	dress_occupants_text(&r, text, sizeof text);
	assert_string_equal(text, "3 goblins");
	r.count = 1;
	dress_occupants_text(&r, text, sizeof text);
	assert_string_equal(text, "1 goblin");
	s.kind = DRESS_SOUND;
	strcpy(s.name, "water dripping");
	dress_description(&r, text, sizeof text);
	assert_string_equal(text, "A dry fountain. Water dripping.");
	/* cut short, never past the end */
	assert_true(dress_description(&r, text, 8) < 8);
	assert_int_equal(strlen(text), 7);
}

/* Every value a budget row gives a gem (its gem_value or twice it) or an
 * art object has names of its own: a name is worth one value at every
 * level. */
static void test_valuables_named_by_value(void **state)
{
	(void)state;
	const char *names[64];
	uint32_t values[64];
	int n = 0;
	for (int l = 0; l < DUNGEON_LEVEL_MAX; l++) {
		const uint32_t v[3] = {budgets[l].gem_value, 2 * budgets[l].gem_value,
		                       budgets[l].art_value};
		for (int j = 0; j < 3; j++)
			for (int what = 0; what < 12; what++) {
				const char *name = dress_valuable_name(j == 2, v[j], what);
				int k = 0;
				while (k < n && strcmp(names[k], name) != 0)
					k++;
				if (k == n) {
					assert_true(n < 64);
					names[n] = name;
					values[n++] = v[j];
				}
				assert_int_equal(values[k], v[j]);
			}
	}
	/* "silver ewer" is 25 gp, whatever the level that shows it */
	assert_string_equal(dress_valuable_name(1, 25, 0), "silver ewer");
	assert_true(n >= 40);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_dress_random_dungeons),
	        cmocka_unit_test(test_dress_at_a_revision),
	        cmocka_unit_test(test_dress_text),
	        cmocka_unit_test(test_valuables_named_by_value),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
