/* The library's keyed dungeon as C values (lootforge.h: lf_dungeon_make
 * and its accessors) against its JSON answer (lf_dungeon_json) for the
 * same query, over an export of the fixture catalog with the shipped
 * tilesets, treasure budgets and dressing: the cells, every room's bounds,
 * stock, treasure, items' codes and dressing, every door with its state
 * and its hallway cells, the stairs; then the fields at fault. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "budgets_fixture.h"
#include "catalog_export.h"
#include "dress_fixture.h"
#include "fixture.h"
#include "lootforge.h"
#include "tiles_fixture.h"

static struct tiles_set sets[TILESETS_MAX];
static struct dress_row dress[DRESS_ROWS_MAX];

/* The fixture catalog as tests/kit/fixture_export.c writes it, with the
 * budgets when with_budgets, loaded as a game loads it. */
static struct lf_catalog *load(int with_budgets)
{
	size_t n_sets = 0;
	struct dungeon_budget budgets[DUNGEON_LEVEL_MAX];
	struct catalog *c = catalog_new(7);
	assert_non_null(c);
	for (size_t i = 0; i < sizeof fixture_rows / sizeof fixture_rows[0]; i++) {
		struct entry e = fixture_entry(&fixture_rows[i], (uint32_t)i + 1);
		assert_true(catalog_add(c, K_WEAPON, fixture_rows[i].part, &e) >= 0);
	}
	fixture_add_kinds(c);
	fixture_add_magic(c);
	assert_int_equal(tiles_load(sets, &n_sets), 0);
	for (size_t s = 0; s < n_sets; s++)
		for (size_t i = 0; i < sets[s].n; i++)
			assert_int_equal(catalog_add_tile(c, sets[s].name, &sets[s].tiles[i]), 0);
	assert_int_equal(budgets_load(budgets), 0);
	for (int i = 0; with_budgets && i < DUNGEON_LEVEL_MAX; i++)
		assert_int_equal(catalog_add_budget(c, &budgets[i]), 0);
	int n_dress = dress_load(dress, DRESS_ROWS_MAX);
	assert_true(n_dress > 0);
	for (int i = 0; i < n_dress; i++)
		assert_int_equal(catalog_add_dress(c, &dress[i]), 0);
	assert_int_equal(catalog_finish(c), 0);
	json_t *j = catalog_export_json(c);
	assert_int_equal(catalog_export_add_tiles_at(j, c, c->revision), 0);
	assert_int_equal(catalog_export_add_budgets(j, c, c->revision), 0);
	char *text = json_dumps(j, JSON_COMPACT);
	const char *why = NULL;
	struct lf_catalog *lc = lf_catalog_load(text, strlen(text), &why);
	assert_non_null(lc);
	free(text);
	json_decref(j);
	catalog_free(c);
	return lc;
}

static int int_of(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);
	assert_true(json_is_integer(v));
	return (int)json_integer_value(v);
}

/* Room r against the JSON's room o. */
static void check_room(const struct lf_dungeon *d, const struct lf_room *r, json_t *o)
{
	assert_int_equal(r->number, int_of(o, "number"));
	assert_int_equal(r->x0, int_of(o, "x0"));
	assert_int_equal(r->y0, int_of(o, "y0"));
	assert_int_equal(r->x1, int_of(o, "x1"));
	assert_int_equal(r->y1, int_of(o, "y1"));
	assert_int_equal(r->cells, int_of(o, "cells"));
	assert_string_equal(r->stock, json_string_value(json_object_get(o, "stock")));
	assert_int_equal(r->coins, int_of(o, "coins"));
	assert_int_equal(r->total, int_of(o, "total"));
	uint64_t hoard = r->coins, items = 0;
	size_t i;
	json_t *v;
	json_array_foreach(json_object_get(o, "gems"), i, v) hoard += (uint64_t)int_of(v, "value");
	json_array_foreach(json_object_get(o, "art"), i, v) hoard += (uint64_t)int_of(v, "value");
	assert_int_equal(r->hoard, hoard);
	assert_true(r->hoard == 0 ? r->treasure[0] == '\0' : strstr(r->treasure, " gp") != NULL);
	/* the made items in order, then the unmade ones by kind */
	json_t *made = json_object_get(o, "items");
	size_t m = 0;
	for (i = 0; i < r->n_items; i++) {
		assert_non_null(r->item_names[i]);
		if (!r->items[i])
			continue;
		json_t *it = json_array_get(made, m++);
		assert_non_null(it);
		assert_string_equal(r->items[i], json_string_value(json_object_get(it, "code")));
		assert_string_equal(r->item_names[i],
		                    json_string_value(json_object_get(it, "name")));
		items += (uint64_t)int_of(it, "value");
	}
	assert_int_equal(m, json_array_size(made));
	assert_int_equal(r->total, hoard + items);
	assert_string_equal(r->description, json_string_value(json_object_get(o, "description")));
	json_t *occ = json_array_get(json_object_get(o, "occupants"), 0);
	assert_string_equal(r->occupants,
	                    occ ? json_string_value(json_object_get(occ, "text")) : "");
	json_t *trap = json_array_get(json_object_get(o, "traps"), 0);
	if (trap) {
		assert_string_equal(r->trap, json_string_value(json_object_get(trap, "name")));
		assert_string_equal(r->trap_effect,
		                    json_string_value(json_object_get(trap, "effect")));
	} else {
		assert_null(r->trap);
		assert_null(r->trap_effect);
	}
	/* its own cells say it */
	int own = 0;
	for (int y = r->y0; y <= r->y1; y++)
		for (int x = r->x0; x <= r->x1; x++)
			if (lf_dungeon_room_at(d, x, y) == r->number) {
				assert_int_equal(lf_dungeon_cell(d, x, y), 'r');
				own++;
			}
	assert_int_equal(own, r->cells);
}

/* Door w against the JSON's door o: and its first hallway cell is its. */
static void check_door(const struct lf_dungeon *d, const struct lf_door *w, json_t *o, int number)
{
	assert_int_equal(w->number, number);
	assert_int_equal(w->x0, int_of(o, "x0"));
	assert_int_equal(w->y0, int_of(o, "y0"));
	assert_int_equal(w->x1, int_of(o, "x1"));
	assert_int_equal(w->y1, int_of(o, "y1"));
	assert_int_equal(w->room, int_of(o, "room"));
	assert_string_equal(w->state, json_string_value(json_object_get(o, "state")));
	assert_int_equal(lf_dungeon_cell(d, w->x, w->y), '.');
	assert_int_equal(lf_dungeon_door_at(d, w->x, w->y), number);
}

static void same_as_json(const struct lf_catalog *lc, const char *query, int *states)
{
	struct lf_dungeon *d = NULL;
	const char *field = NULL, *why = NULL;
	char *text = NULL;
	assert_int_equal(lf_dungeon_make(lc, query, &d, &field, &why), 0);
	assert_int_equal(lf_dungeon_json(lc, query, &text, &field, &why), 0);
	json_error_t err;
	json_t *j = json_loads(text, 0, &err);
	assert_non_null(j);

	assert_string_equal(lf_dungeon_code(d), json_string_value(json_object_get(j, "code")));
	assert_int_equal(lf_dungeon_level(d), int_of(j, "level"));
	assert_int_equal(lf_dungeon_total(d), int_of(j, "total"));
	json_t *cells = json_object_get(j, "cells");
	assert_int_equal(lf_dungeon_height(d), json_array_size(cells));
	for (int y = 0; y < lf_dungeon_height(d); y++) {
		const char *row = json_string_value(json_array_get(cells, (size_t)y));
		assert_int_equal(lf_dungeon_width(d), strlen(row));
		for (int x = 0; x < lf_dungeon_width(d); x++) {
			int c = lf_dungeon_cell(d, x, y);
			assert_true(c == '#' || c == '.' || c == 'r');
			assert_int_equal(c == '#', row[x] == '#');
			assert_int_equal(c == 'r', lf_dungeon_room_at(d, x, y) != 0);
			if (lf_dungeon_door_at(d, x, y))
				assert_int_equal(c, '.');
		}
	}
	assert_int_equal(lf_dungeon_cell(d, -1, 0), '#');
	assert_int_equal(lf_dungeon_cell(d, lf_dungeon_width(d), 0), '#');
	assert_int_equal(lf_dungeon_room_at(d, 0, lf_dungeon_height(d)), 0);

	json_t *rooms = json_object_get(j, "rooms");
	assert_int_equal(lf_dungeon_rooms(d), json_array_size(rooms));
	for (int n = 1; n <= lf_dungeon_rooms(d); n++)
		check_room(d, lf_dungeon_room(d, n), json_array_get(rooms, (size_t)n - 1));
	assert_null(lf_dungeon_room(d, 0));
	assert_null(lf_dungeon_room(d, lf_dungeon_rooms(d) + 1));

	json_t *doors = json_object_get(j, "doors");
	assert_int_equal(lf_dungeon_doors(d), json_array_size(doors));
	for (int n = 1; n <= lf_dungeon_doors(d); n++) {
		const struct lf_door *w = lf_dungeon_door(d, n);
		check_door(d, w, json_array_get(doors, (size_t)n - 1), n);
		states[0] += strcmp(w->state, "open") != 0;
	}
	assert_null(lf_dungeon_door(d, 0));

	int ux, uy, dx, dy;
	lf_dungeon_stairs(d, &ux, &uy, &dx, &dy);
	json_t *stairs = json_object_get(j, "stairs");
	assert_int_equal(ux, int_of(json_object_get(stairs, "up"), "x"));
	assert_int_equal(uy, int_of(json_object_get(stairs, "up"), "y"));
	assert_int_equal(dx, int_of(json_object_get(stairs, "down"), "x"));
	assert_int_equal(dy, int_of(json_object_get(stairs, "down"), "y"));
	lf_dungeon_stairs(d, NULL, NULL, NULL, NULL);

	json_decref(j);
	free(text);
	lf_dungeon_free(d);
}

static void dungeons_are_the_json(void **state)
{
	char query[128];
	int not_open = 0;
	for (int s = 0; s < 12; s++) {
		snprintf(query, sizeof query, "w=%d&h=%d&seed=%d&level=%d&hallways=%d", 4 + s % 7,
		         3 + s % 5, 100 + s, 1 + (s * 7) % 20, (s * 23) % 101);
		same_as_json(*state, query, &not_open);
	}
	same_as_json(*state, "seed=9", &not_open); /* the defaults */
	assert_true(not_open > 0);                 /* the dressing gave doors states */
}

/* Items of every room are the items their codes name. */
static void room_items_have_codes(void **state)
{
	struct lf_dungeon *d = NULL;
	const char *field = NULL, *why = NULL;
	size_t coded = 0;
	assert_int_equal(lf_dungeon_make(*state, "seed=5&level=3", &d, &field, &why), 0);
	for (int n = 1; n <= lf_dungeon_rooms(d); n++) {
		const struct lf_room *r = lf_dungeon_room(d, n);
		for (size_t i = 0; i < r->n_items; i++) {
			struct lf_item *it = NULL;
			if (!r->items[i])
				continue;
			assert_int_equal(lf_item_from_code(*state, r->items[i], &it, &why), 0);
			assert_string_equal(it->name, r->item_names[i]);
			lf_item_free(it);
			coded++;
		}
	}
	assert_true(coded > 0);
	lf_dungeon_free(d);
	lf_dungeon_free(NULL);
}

static void fields_at_fault_are_named(void **state)
{
	struct lf_dungeon *d = (struct lf_dungeon *)1;
	const char *field = NULL, *why = NULL;
	assert_int_equal(lf_dungeon_make(*state, "w=99", &d, &field, &why), -1);
	assert_null(d);
	assert_string_equal(field, "w");
	assert_int_equal(lf_dungeon_make(*state, "level=0", &d, &field, &why), -1);
	assert_string_equal(field, "level");
	assert_int_equal(lf_dungeon_make(*state, "tileset=nope", &d, &field, &why), -1);
	assert_string_equal(field, "tileset");
	assert_non_null(why);
}

static void export_without_budgets_has_no_dungeon(void **state)
{
	(void)state;
	struct lf_catalog *lc = load(0);
	struct lf_dungeon *d = NULL;
	const char *field = NULL, *why = NULL;
	assert_int_equal(lf_dungeon_make(lc, "seed=1", &d, &field, &why), -1);
	assert_null(d);
	assert_non_null(strstr(why, "treasure budgets"));
	lf_catalog_free(lc);
}

static int setup(void **state)
{
	(void)fixture_catalog; /* the header's other catalog: not this test's */
	*state = load(1);
	return 0;
}

static int teardown(void **state)
{
	lf_catalog_free(*state);
	return 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(dungeons_are_the_json),
	        cmocka_unit_test(room_items_have_codes),
	        cmocka_unit_test(fields_at_fault_are_named),
	        cmocka_unit_test(export_without_budgets_has_no_dungeon),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
