/* render_json_map against the jansson tree it replaced: the
 * reference below is GET /map's JSON as src/pages/mappage.c built it before
 * (map_json and loot_json: a json_t per member, each loot item from
 * render_json_item_value, dumped JSON_COMPACT at precision 15, as
 * page_send_json does), kept here and nowhere else. Both render the same
 * maps and every answer must be byte for byte the same, failures included:
 * every shipped tileset at sizes from 1 x 1 to 30 x 30 and many seeds,
 * without loot and with loot at every tier (items of every kind, with and
 * without codes, of both code versions, none at all), and tile names that
 * need escaping or are not UTF-8 (both refuse those). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "decimal.h"
#include "fixture.h"
#include "form.h"
#include "generate.h"
#include "itemcode.h"
#include "itemlink.h"
#include "render.h"
#include "tiles_fixture.h"

#define LOOT_MAX 100 /* mappage.c's */

/* ---- the reference: mappage.c's jansson tree, as it was ---- */

static json_t *loot_json(int tier, const struct render_map_loot *loot, size_t n)
{
	json_t *a = json_array();
	struct form f;

	form_parse(&f, NULL, NULL, 0, NULL);
	f.tier = tier;
	f.has_format = 1;
	f.format = FMT_JSON;
	for (size_t i = 0; a && i < n; i++) {
		f.kind = loot[i].item->kind;
		json_t *o = json_pack("{s:i,s:i,s:i,s:i,s:o}", "x", loot[i].x, "y", loot[i].y, "cx",
		                      loot[i].cx, "cy", loot[i].cy, "item",
		                      render_json_item_value(&f, loot[i].item));
		if (json_array_append_new(a, o) != 0) {
			json_decref(a);
			a = NULL;
		}
	}
	return a;
}

static json_t *map_json(const struct render_map *rm)
{
	const struct catalog_tileset *ts = rm->ts;
	const struct map *m = rm->m;
	json_t *tiles = json_array(), *cells = json_array();
	int cw = MAP_TILE * m->w;
	char num[DECIMAL_MAX];

	for (int y = 0; tiles && y < m->h; y++) {
		json_t *row = json_array();
		for (int x = 0; row && x < m->w; x++)
			if (json_array_append_new(
			            row, json_string(ts->tiles[m->tile[y * m->w + x]].name)) != 0) {
				json_decref(row);
				row = NULL;
			}
		if (json_array_append_new(tiles, row) != 0) {
			json_decref(tiles);
			tiles = NULL;
		}
	}
	for (int y = 0; cells && y < MAP_TILE * m->h; y++)
		if (json_array_append_new(cells, json_stringn(&m->cell[(size_t)y * (size_t)cw],
		                                              (size_t)cw)) != 0) {
			json_decref(cells);
			cells = NULL;
		}
	if (!tiles || !cells) {
		json_decref(tiles);
		json_decref(cells);
		return NULL;
	}
	decimal_u64(rm->seed, num);
	json_t *v = json_pack("{s:s,s:i,s:i,s:s,s:o,s:o,s:s}", "tileset", rm->tileset, "width",
	                      m->w, "height", m->h, "seed", num, "tiles", tiles, "cells", cells,
	                      "link", rm->link);
	if (v && rm->loot_tier >= 0 &&
	    (json_object_set_new(v, "loot", loot_json(rm->loot_tier, rm->loot, rm->n_loot)) != 0 ||
	     json_object_set_new(v, "rooms", json_integer((json_int_t)rm->n_rooms)) != 0 ||
	     json_object_set_new(v, "loot_max", json_integer(rm->loot_max)) != 0)) {
		json_decref(v);
		v = NULL;
	}
	return v;
}

/* The old answer's body, or NULL where the old page answered 500. */
static char *reference(const struct render_map *rm)
{
	json_t *v = map_json(rm);
	char *s = v ? json_dumps(v, JSON_COMPACT | JSON_REAL_PRECISION(15)) : NULL;
	json_decref(v);
	return s;
}

/* ---- the comparison ---- */

static size_t compared, refused;

static void same(const struct render_map *rm)
{
	char *want = reference(rm);
	struct buf out;

	buf_init(&out);
	buf_puts(&out, "kept"); /* what was there before stays, all or nothing */
	int rc = render_json_map(rm, &out);
	if (!want) {
		assert_int_equal(rc, -1);
		assert_string_equal(out.data, "kept");
		refused++;
	} else {
		assert_int_equal(rc, 0);
		assert_int_equal(out.len, 4 + strlen(want));
		if (strcmp(out.data + 4, want) != 0) {
			/* the first difference, for the log */
			size_t i = 0;
			while (want[i] && want[i] == out.data[4 + i])
				i++;
			fail_msg("differ at byte %zu: want \"%.60s\" got \"%.60s\"", i, want + i,
			         out.data + 4 + i);
		}
		compared++;
	}
	free(want);
	buf_free(&out);
}

/* ---- maps of the shipped tilesets ---- */

static struct tiles_set sets[TILESETS_MAX];
static size_t n_sets;

static struct catalog_tileset as_catalog(struct tiles_set *s)
{
	return (struct catalog_tileset){
	        .name = s->name, .tiles = s->tiles, .n = s->n, .set = s->ts};
}

/* n items of every kind in turn at `tier`, some with codes (of both
 * versions), some without (their link: the inputs and the seed). */
static void roll(const struct catalog *c, int tier, uint64_t seed, struct item *items,
                 struct render_map_loot *loot, size_t n, int w, int h)
{
	for (size_t i = 0; i < n; i++) {
		struct gen_input in = {.kind = (enum kind)(i % K__MAX), .tier = tier, .power = 1.0};
		uint64_t s = generate_batch_seed(seed, (unsigned)i);
		assert_int_equal(generate(c, &in, s, &items[i]), 0);
		if (i % 3 == 1)
			itemlink_fill(c, &in, &items[i]);
		else if (i % 3 == 2)
			itemlink_fill_version(c, &in, &items[i], ITEMCODE_VERSION_1);
		int cell = (int)((s >> 8) % (uint64_t)(w * h));
		loot[i] = (struct render_map_loot){.x = cell % w,
		                                   .y = cell / w,
		                                   .cx = (cell % w) * MAP_TILE + 2,
		                                   .cy = (cell / w) * MAP_TILE + 3,
		                                   .item = &items[i]};
	}
}

static const int sizes[][2] = {{1, 1},  {2, 2},  {7, 5},   {12, 8},
                               {30, 1}, {1, 30}, {13, 29}, {30, 30}};
#define N_SIZES (sizeof sizes / sizeof sizes[0])

static void test_shipped(void **state)
{
	(void)state;
	struct catalog *c = fixture_catalog();
	struct map *m = malloc(sizeof *m);
	struct item *items = calloc(LOOT_MAX, sizeof *items);
	struct render_map_loot *loot = calloc(LOOT_MAX, sizeof *loot);
	char why[MAP_WHY_MAX], link[200];
	size_t before = compared, maps = 0;

	assert_non_null(m);
	assert_non_null(items);
	assert_non_null(loot);
	assert_int_equal(tiles_load(sets, &n_sets), 0);
	for (size_t t = 0; t < n_sets; t++) {
		struct catalog_tileset ts = as_catalog(&sets[t]);
		for (size_t z = 0; z < N_SIZES; z++)
			for (uint64_t k = 0; k < 12; k++) {
				int w = sizes[z][0], h = sizes[z][1];
				uint64_t seed = k * UINT64_C(0x9e3779b97f4a7c15) + t + z;
				if (k == 11)
					seed = UINT64_MAX;
				if (map_generate(&ts.set, w, h, seed, m, why) != 0)
					continue;
				maps++;
				int tier = (int)(k % (TIER_MAX + 3)) -
				           1; /* -1 (no loot) to 6 and -1 */
				size_t n = tier < 0 ? 0 : (size_t)((seed >> 3) % (LOOT_MAX + 1));
				if (k == 10)
					n = LOOT_MAX;
				roll(c, tier < 0 ? 0 : tier, seed, items, loot, n, w, h);
				snprintf(link, sizeof link,
				         "/map?w=%d&h=%d&tileset=%s&seed=%llu&format=json", w, h,
				         ts.name, (unsigned long long)seed);
				struct render_map rm = {.tileset = ts.name,
				                        .ts = &ts,
				                        .m = m,
				                        .seed = seed,
				                        .link = link,
				                        .loot_tier = tier,
				                        .loot = loot,
				                        .n_loot = n,
				                        .n_rooms = n + (size_t)k * 7,
				                        .loot_max = LOOT_MAX};
				same(&rm);
				rm.loot_tier = tier < 0 ? 0 : -1; /* the other way */
				rm.n_loot = tier < 0 ? 0 : n;
				same(&rm);
			}
	}
	/* the shipped tilesets are at least plain and ruins, and most sizes
	 * tile: the comparisons are not a handful */
	assert_true(n_sets >= 2);
	assert_true(maps >= n_sets * N_SIZES * 12 / 2);
	print_message("shipped: %zu maps, %zu answers compared\n", maps, compared - before);
	free(loot);
	free(items);
	free(m);
	catalog_free(c);
}

/* ---- names that need escaping, and names that are not UTF-8 ---- */

static void test_names(void **state)
{
	(void)state;
	static const char *const names[] = {
	        "quote\"d", "back\\slash", "tab\there\nline", "\x01\x1f\x7f", "épée ⚔", "slash/ok",
	        "",         "\xc3(",       "\xff\xfe",        "ok",
	};
	struct catalog *c = fixture_catalog();
	struct map *m = malloc(sizeof *m);
	struct item items[3];
	struct render_map_loot loot[3];
	char why[MAP_WHY_MAX];
	size_t before = refused;

	assert_non_null(m);
	assert_int_equal(tiles_load(sets, &n_sets), 0);
	for (size_t nm = 0; nm < sizeof names / sizeof names[0]; nm++) {
		struct tiles_set *s = &sets[0];
		struct map_tile saved = s->tiles[0];
		/* tile 0 renamed; every other tile keeps its name */
		s->tiles[0].name = names[nm];
		struct catalog_tileset ts = as_catalog(s);
		assert_int_equal(map_generate(&ts.set, 6, 4, 1000 + nm, m, why), 0);
		int uses = 0;
		for (int i = 0; i < m->w * m->h; i++)
			uses |= m->tile[i] == 0;
		if (!uses) /* make sure the renamed tile appears */
			m->tile[0] = 0;
		roll(c, (int)nm % (TIER_MAX + 1), nm, items, loot, 3, 6, 4);
		struct render_map rm = {.tileset = names[nm][0] == 'o' ? names[nm] : "plain",
		                        .ts = &ts,
		                        .m = m,
		                        .seed = nm,
		                        .link = names[nm],
		                        .loot_tier = (int)nm % 2 ? 2 : -1,
		                        .loot = loot,
		                        .n_loot = 3,
		                        .n_rooms = 9,
		                        .loot_max = LOOT_MAX};
		same(&rm);
		s->tiles[0] = saved;
	}
	/* the two names that are not UTF-8 are refused by both */
	assert_int_equal(refused - before, 2);
	free(m);
	catalog_free(c);
}

/* Each byte that needs escaping (or is not ASCII) at every place of a
 * 20-byte name: the writer copies eight bytes at a time and must stop at
 * any of them, wherever it falls in the word. */
static void test_escapes_at_every_place(void **state)
{
	(void)state;
	static const char *const odd[] = {"\x01",         "\x1f", " ", "\"",
	                                  "\\",           "\x7f", "~", "\xc3\xa9",
	                                  "\xe2\x9a\x94", "\x80", "/"};
	struct map *m = calloc(1, sizeof *m);
	char name[64];
	size_t before = compared + refused;

	assert_non_null(m);
	assert_int_equal(tiles_load(sets, &n_sets), 0);
	struct tiles_set *s = &sets[0];
	struct map_tile saved = s->tiles[0];
	struct catalog_tileset ts = as_catalog(s);
	m->w = 1;
	m->h = 1;
	memset(m->cell, '.', sizeof m->cell);
	for (size_t o = 0; o < sizeof odd / sizeof odd[0]; o++)
		for (size_t at = 0; at < 20; at++) {
			memset(name, 'a', 20);
			name[20] = '\0';
			size_t k = strlen(odd[o]);
			memcpy(name + at, odd[o], k);
			name[at + k > 20 ? at + k : 20] = '\0';
			s->tiles[0].name = name;
			struct render_map rm = {.tileset = "plain",
			                        .ts = &ts,
			                        .m = m,
			                        .seed = at,
			                        .link = name,
			                        .loot_tier = -1,
			                        .loot_max = LOOT_MAX};
			same(&rm);
		}
	s->tiles[0] = saved;
	assert_int_equal(compared + refused - before, 20 * sizeof odd / sizeof odd[0]);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_shipped),
	        cmocka_unit_test(test_names),
	        cmocka_unit_test(test_escapes_at_every_place),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	print_message("%zu map answers byte for byte the same, %zu refused by both\n", compared,
	              refused);
	return rc;
}
