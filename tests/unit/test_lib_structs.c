/* The library's structs (lootforge.h: lf_item, lf_map, lf_totals) against
 * its JSON answers, over an export of the fixture catalog with the shipped
 * tilesets: every member of every item of a batch of each kind, items by
 * code, a map against the generator, a loadout's totals against its worn
 * items, and the fields at fault named. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>

#include "catalog_export.h"
#include "fixture.h"
#include "lootforge.h"
#include "tiles_fixture.h"

static struct tiles_set sets[TILESETS_MAX];
static size_t n_sets;

/* The fixture catalog with the shipped tiles, through its export, as a
 * game loads it. */
static struct lf_catalog *load(void)
{
	struct catalog *c = catalog_new(1);
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
	assert_int_equal(catalog_finish(c), 0);
	json_t *j = catalog_export_json(c);
	assert_int_equal(catalog_export_add_tiles(j, c), 0);
	char *text = json_dumps(j, JSON_COMPACT);
	const char *why = NULL;
	struct lf_catalog *lc = lf_catalog_load(text, strlen(text), &why);
	assert_non_null(lc);
	free(text);
	json_decref(j);
	catalog_free(c);
	return lc;
}

static const char *str_or_null(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);
	assert_non_null(v); /* present, a string or null */
	return json_is_null(v) ? NULL : json_string_value(v);
}

static void assert_same_str(const char *a, const char *b)
{
	if (!a || !b)
		assert_ptr_equal(a, b);
	else
		assert_string_equal(a, b);
}

/* Every member of the struct against the item's JSON object. */
static void assert_item_is(const struct lf_item *it, json_t *o)
{
	char seed[24];
	static const char *const ints[] = {"hands",   "attack",   "defense",  "magic",
	                                   "flaming", "freezing", "shocking", "holy",
	                                   "evil",    "sneak",    "crit"};
	const int got[] = {it->hands,   it->attack,   it->defense,  it->magic,
	                   it->flaming, it->freezing, it->shocking, it->holy,
	                   it->evil,    it->sneak,    it->crit};

	assert_string_equal(it->kind, json_string_value(json_object_get(o, "kind")));
	assert_string_equal(it->name, json_string_value(json_object_get(o, "name")));
	snprintf(seed, sizeof seed, "%llu", (unsigned long long)it->seed);
	assert_string_equal(seed, json_string_value(json_object_get(o, "seed")));
	assert_int_equal(it->tier, json_integer_value(json_object_get(o, "tier")));
	assert_same_str(it->slot, str_or_null(o, "slot"));
	/* docs/api.md: the stats nested under "stats", every one present */
	json_t *stats = json_object_get(o, "stats");
	assert_non_null(stats);
	for (size_t i = 0; i < sizeof ints / sizeof ints[0]; i++) {
		json_t *v = json_object_get(stats, ints[i]);
		assert_non_null(v);
		assert_int_equal(got[i], json_integer_value(v));
	}
	assert_non_null(json_object_get(stats, "multiplier"));
	assert_true(it->multiplier == json_number_value(json_object_get(stats, "multiplier")));
	assert_int_equal(it->str, json_integer_value(json_object_get(o, "str")));
	assert_int_equal(it->plus, json_integer_value(json_object_get(o, "plus")));
	assert_int_equal(it->masterwork, json_is_true(json_object_get(o, "masterwork")));
	assert_int_equal(it->value, json_integer_value(json_object_get(o, "value")));
	assert_same_str(it->code, str_or_null(o, "code"));
	json_t *spell = json_object_get(o, "spell");
	if (spell && !json_is_null(spell)) {
		assert_same_str(it->spell, json_string_value(json_object_get(spell, "name")));
		assert_int_equal(it->spell_level,
		                 json_integer_value(json_object_get(spell, "level")));
		assert_int_equal(it->spell_mana,
		                 json_integer_value(json_object_get(spell, "mana")));
	} else {
		assert_null(it->spell);
	}
	json_t *charges = json_object_get(o, "charges");
	assert_int_equal(it->charges, charges ? json_integer_value(charges) : -1);
	if (json_object_get(o, "description")) {
		assert_same_str(it->given_name, str_or_null(o, "given_name"));
		assert_same_str(it->description, str_or_null(o, "description"));
	} else {
		assert_null(it->given_name);
		assert_null(it->description);
	}
	assert_string_equal(it->rarity, json_string_value(json_object_get(o, "rarity")));
	/* parts: the JSON's keys in order, an element once per word */
	json_t *parts = json_object_get(o, "parts"), *v;
	const char *key;
	size_t at = 0;
	assert_non_null(parts);
	json_object_foreach(parts, key, v)
	{
		if (json_is_array(v) && json_array_size(v) == 0) {
			assert_true(at < it->n_parts);
			assert_string_equal(it->parts[at].part, key);
			assert_null(it->parts[at++].word);
			continue;
		}
		if (json_is_array(v)) {
			for (size_t i = 0; i < json_array_size(v); i++, at++) {
				assert_true(at < it->n_parts);
				assert_string_equal(it->parts[at].part, key);
				assert_string_equal(it->parts[at].word,
				                    json_string_value(json_array_get(v, i)));
			}
			continue;
		}
		assert_true(at < it->n_parts);
		assert_string_equal(it->parts[at].part, key);
		assert_same_str(it->parts[at].word, json_is_null(v) ? NULL : json_string_value(v));
		at++;
	}
	assert_int_equal(at, it->n_parts);
}

/* A batch of 25 of each kind: the structs are the JSON's items, and each
 * item's code gives the same struct again. */
static void items_are_the_json(void **state)
{
	struct lf_catalog *c = *state;
	char query[96];
	const char *field, *why;

	for (int k = 0; k < K__MAX; k++) {
		struct lf_item *items;
		size_t n;
		char *text;
		snprintf(query, sizeof query, "kind=%s&seed=%d&count=25", kind_names[k], 1000 + k);
		assert_int_equal(lf_item_generate(c, query, &items, &n, &field, &why), 0);
		assert_int_equal(lf_generate_json(c, query, &text, &field, &why), 0);
		json_t *j = json_loads(text, 0, NULL), *list = json_object_get(j, "items");
		assert_int_equal(n, 25);
		assert_int_equal(json_array_size(list), n);
		for (size_t i = 0; i < n; i++) {
			assert_item_is(&items[i], json_array_get(list, i));
			if (!items[i].code)
				continue;
			struct lf_item *one;
			char *one_text;
			assert_int_equal(lf_item_from_code(c, items[i].code, &one, &why), 0);
			assert_int_equal(lf_item_json(c, items[i].code, &one_text, &why), 0);
			json_t *oj = json_loads(one_text, 0, NULL);
			assert_item_is(one, oj);
			json_decref(oj);
			free(one_text);
			lf_item_free(one);
		}
		json_decref(j);
		free(text);
		lf_items_free(items, n);
	}
}

/* A map of each shipped tileset is the generator's map of the same tiles. */
static void maps_are_the_generators(void **state)
{
	struct lf_catalog *c = *state;
	const char *field, *why;
	char query[96], reason[MAP_WHY_MAX];
	static struct map m;
	static char text[MAP_DIM_MAX * MAP_TILE * (MAP_DIM_MAX * MAP_TILE + 1) + 1];

	assert_true(n_sets >= 2);
	for (size_t s = 0; s < n_sets; s++) {
		struct lf_map *lm;
		snprintf(query, sizeof query, "w=17&h=9&tileset=%.31s&seed=%zu", sets[s].name,
		         40 + s);
		assert_int_equal(lf_map_generate(c, query, &lm, &field, &why), 0);
		assert_int_equal(map_generate(&sets[s].ts, 17, 9, 40 + s, &m, reason), 0);
		map_text(&m, text);
		assert_string_equal(lm->tileset, sets[s].name);
		assert_int_equal(lm->w, 17);
		assert_int_equal(lm->h, 9);
		assert_int_equal(lm->cw, 102);
		assert_int_equal(lm->ch, 54);
		assert_int_equal(lm->seed, 40 + s);
		assert_string_equal(lm->cells, text);
		for (int i = 0; i < 17 * 9; i++)
			assert_string_equal(lm->tiles[i], sets[s].tiles[m.tile[i]].name);
		/* the JSON answer holds the same rows and tiles */
		char *text_json;
		assert_int_equal(lf_map_json(c, query, &text_json, &field, &why), 0);
		json_t *j = json_loads(text_json, 0, NULL);
		assert_int_equal(json_array_size(json_object_get(j, "cells")), 54);
		for (int y = 0; y < 54; y++)
			assert_memory_equal(json_string_value(json_array_get(
			                            json_object_get(j, "cells"), (size_t)y)),
			                    lm->cells + y * 103, 102);
		assert_string_equal(json_string_value(json_array_get(
		                            json_array_get(json_object_get(j, "tiles"), 8), 16)),
		                    lm->tiles[8 * 17 + 16]);
		json_decref(j);
		free(text_json);
		lf_map_free(lm);
	}
}

/* Totals are the sums over the worn items, not the pack's. */
static void totals_are_the_worn_items(void **state)
{
	struct lf_catalog *c = *state;
	struct lf_item *w, *a, *t;
	size_t n;
	struct lf_totals tot;
	const char *field, *why;
	char query[600];

	assert_int_equal(lf_item_generate(c, "kind=weapon&tier=1&seed=5", &w, &n, &field, &why), 0);
	assert_int_equal(lf_item_generate(c, "kind=armor&seed=6", &a, &n, &field, &why), 0);
	assert_int_equal(lf_item_generate(c, "kind=trinket&seed=7", &t, &n, &field, &why), 0);
	assert_non_null(w->code);
	assert_non_null(a->code);
	assert_non_null(t->code);
	assert_string_equal(w->slot, "one_hand");
	snprintf(query, sizeof query, "item=%s:main-hand&item=%s:%s&item=%s", w->code, a->code,
	         a->slot, t->code);
	assert_int_equal(lf_loadout_totals(c, query, &tot, &field, &why), 0);
	assert_int_equal(tot.worn, 2);
	assert_int_equal(tot.attack, w->attack + a->attack);
	assert_int_equal(tot.defense, w->defense + a->defense);
	assert_int_equal(tot.crit, w->crit + a->crit);
	/* strength is the items' affix points: apart, never the character's */
	assert_int_equal(tot.str, 0);
	struct lf_loadout *lo;
	assert_int_equal(lf_loadout_make(c, query, &lo, &field, &why), 0);
	assert_memory_equal(&lo->totals, &tot, sizeof tot);
	assert_int_equal(lo->item_str, w->str + a->str);
	lf_loadout_free(lo);
	assert_int_equal(tot.value, w->value + a->value);
	/* base= adds to the sums */
	strcat(query, "&base=attack:3,str:10");
	assert_int_equal(lf_loadout_totals(c, query, &tot, &field, &why), 0);
	assert_int_equal(tot.attack, 3 + w->attack + a->attack);
	assert_int_equal(tot.str, 10);
	assert_int_equal(lf_loadout_make(c, query, &lo, &field, &why), 0);
	assert_int_equal(lo->totals.str, 10);
	assert_int_equal(lo->item_str, w->str + a->str);
	lf_loadout_free(lo);
	assert_int_equal(lf_loadout_totals(c, "base=hands:1", &tot, &field, &why), -1);
	assert_string_equal(field, "base");
	lf_items_free(w, 1);
	lf_items_free(a, 1);
	lf_items_free(t, 1);
}

/* Bad input names its field, as the site does. */
static void fields_at_fault_are_named(void **state)
{
	struct lf_catalog *c = *state;
	struct lf_item *items;
	struct lf_map *m;
	struct lf_totals tot;
	size_t n;
	const char *field, *why;

	assert_int_equal(lf_item_generate(c, "kind=dragon", &items, &n, &field, &why), -1);
	assert_string_equal(field, "kind");
	assert_null(items);
	assert_int_equal(lf_map_generate(c, "w=31", &m, &field, &why), -1);
	assert_string_equal(field, "w");
	assert_int_equal(lf_map_generate(c, "tileset=nowhere", &m, &field, &why), -1);
	assert_string_equal(field, "tileset");
	assert_int_equal(lf_map_generate(c, "loot=7", &m, &field, &why), -1);
	assert_string_equal(field, "loot");
	assert_int_equal(lf_loadout_totals(c, "item=no*code", &tot, &field, &why), -1);
	assert_string_equal(field, "item");
	assert_int_equal(lf_item_from_code(c, "AAAA", &items, &why), -1);
	assert_null(items);
}

/* An export with rev= (or of an older build) has no tiles: no map, the
 * tileset named. */
static void export_without_tiles_has_no_map(void **state)
{
	struct catalog *c = fixture_catalog();
	json_t *j = catalog_export_json(c);
	char *text = json_dumps(j, JSON_COMPACT);
	const char *field, *why;
	struct lf_map *m;
	struct lf_catalog *lc = lf_catalog_load(text, strlen(text), &why);

	(void)state;
	assert_non_null(lc);
	assert_int_equal(lf_map_generate(lc, "seed=1", &m, &field, &why), -1);
	assert_string_equal(field, "tileset");
	lf_catalog_free(lc);
	free(text);
	json_decref(j);
	catalog_free(c);
}

static int setup(void **state)
{
	*state = load();
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
	        cmocka_unit_test(items_are_the_json),
	        cmocka_unit_test(maps_are_the_generators),
	        cmocka_unit_test(totals_are_the_worn_items),
	        cmocka_unit_test(fields_at_fault_are_named),
	        cmocka_unit_test(export_without_tiles_has_no_map),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
