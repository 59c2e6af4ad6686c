/* The JSON of a dungeon code of version 2 against the jansson tree it was
 * built as: the reference below is src/output/dungeon_key.c's
 * key_json_v2 as it was (a json_t per member, each item written by
 * render_json_item_value as text, parsed back and dumped again; the whole
 * dumped JSON_COMPACT at precision 15, as page_send_json does), kept here
 * and nowhere else. Both render the same dungeons and every answer must be
 * byte for byte the same, failures included: every shipped tileset (the
 * tiles of migrations 0007 and 0017), sizes from 1 x 1 to 30 x 30, every
 * level, hallways from 0 to 100, many seeds, items of every kind the
 * dungeon asks for (made, with codes of both versions or none, and kinds
 * the catalog cannot make), and names that need escaping or are not UTF-8
 * (both refuse those). */
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
#include "dungeon.h"
#include "dungeon_key.h"
#include "dungeoncode.h"
#include "fixture.h"
#include "form.h"
#include "generate.h"
#include "itemcode.h"
#include "itemlink.h"
#include "render.h"
#include "budgets_fixture.h"
#include "tiles_fixture.h"

#define TREASURE BUDGETS_MIGRATION

/* ---- the reference: dungeon_key.c's jansson tree for version 2, as it was ---- */

static json_t *valuables_json(const struct dungeon_valuable *v, int n, const char *const *names)
{
	json_t *a = json_array();
	for (int i = 0; a && i < n; i++)
		if (json_array_append_new(a, json_pack("{s:s,s:I}", "name", names[v[i].what],
		                                       "value", (json_int_t)v[i].value)) != 0) {
			json_decref(a);
			a = NULL;
		}
	return a;
}

static int cells_json(const struct keyed *k, json_t *cells)
{
	const struct dungeon *d = k->d;
	for (int y = 0; y < d->ch; y++)
		if (json_array_append_new(cells,
		                          json_stringn(&k->m->cell[(size_t)y * (size_t)d->cw],
		                                       (size_t)d->cw)) != 0)
			return -1;
	return 0;
}

static json_t *stair_json(int x, int y, int room)
{
	return json_pack("{s:i,s:i,s:o}", "x", x, "y", y, "room",
	                 room ? json_integer(room) : json_null());
}

static int room_items_v2(const struct keyed *k, const struct dungeon_room *r, size_t *at,
                         json_t **items, json_t **unmade)
{
	struct form f;

	*items = json_array();
	*unmade = json_array();
	if (!*items || !*unmade)
		return -1;
	form_parse(&f, NULL, NULL, 0, NULL);
	f.has_format = 1;
	f.format = FMT_JSON;
	for (int i = 0; i < r->n_items; i++, (*at)++) {
		const struct key_item *ki = &k->items[*at];
		json_t *v;
		f.kind = ki->kind;
		f.tier = ki->tier;
		if (ki->made)
			v = render_json_item_value(&f, &ki->item);
		else
			v = json_pack("{s:s,s:i}", "kind", kind_names[ki->kind], "tier", ki->tier);
		if (json_array_append_new(ki->made ? *items : *unmade, v) != 0)
			return -1;
	}
	return 0;
}

static json_t *key_json_v2(const struct keyed *k)
{
	const struct dungeon *d = k->d;
	json_t *cells = json_array(), *rooms = json_array(), *doors = json_array();
	char num[DECIMAL_MAX];
	struct buf link, again;
	size_t item = 0;
	int ok = cells && rooms && doors;

	ok = ok && cells_json(k, cells) == 0;
	for (int id = 1; ok && id <= d->n_rooms; id++) {
		const struct dungeon_room *r = &d->room[id];
		json_t *items = NULL, *unmade = NULL;
		if (room_items_v2(k, r, &item, &items, &unmade) != 0) {
			json_decref(items);
			json_decref(unmade);
			ok = 0;
			break;
		}
		json_t *o =
		        json_pack("{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:s,s:I,s:o,s:o,s:o,s:o}",
		                  "number", id, "x0", r->x0, "y0", r->y0, "x1", r->x1, "y1", r->y1,
		                  "cells", r->n_cells, "label_x", r->lx, "label_y", r->ly, "stock",
		                  dungeon_stock_names[r->stock], "coins", (json_int_t)r->coins,
		                  "gems", valuables_json(r->gem, r->n_gems, dungeon_gem_names),
		                  "art", valuables_json(r->art, r->n_arts, dungeon_art_names),
		                  "items", items, "unmade", unmade);
		ok = o && json_array_append_new(rooms, o) == 0;
	}
	for (int i = 0; ok && i < d->n_doors; i++) {
		const struct dungeon_door *o = &d->door[i];
		ok = json_array_append_new(doors, json_pack("{s:i,s:i,s:i,s:i,s:i}", "x0", o->x0,
		                                            "y0", o->y0, "x1", o->x1, "y1", o->y1,
		                                            "room", o->room)) == 0;
	}
	buf_init(&link);
	buf_init(&again);
	ok = ok && buf_printf(&link, "/dungeon/%s?format=json", k->code_text) == 0 &&
	     dungeon_key_again(&k->code, &again) == 0 && buf_puts(&again, "&format=json") == 0;
	json_t *v = NULL;
	if (ok) {
		decimal_u64(k->code.seed, num);
		v = json_pack(
		        "{s:s,s:i,s:i,s:i,s:i,s:s,s:I,s:s,s:s,s:s,s:o,s:o,s:o,s:{s:o,s:o},s:I,"
		        "s:I}",
		        "tileset", k->code.tileset, "width", d->w, "height", d->h, "level",
		        d->level, "hallways", k->code.hallways, "seed", num, "revision",
		        (json_int_t)k->code.revision, "code", k->code_text, "link", link.data,
		        "reroll", again.data, "cells", cells, "rooms", rooms, "doors", doors,
		        "stairs", "up", stair_json(d->up_x, d->up_y, d->up_room), "down",
		        stair_json(d->down_x, d->down_y, d->down_room), "budget",
		        (json_int_t)d->budget, "spent", (json_int_t)d->spent);
	} else {
		json_decref(cells);
		json_decref(rooms);
		json_decref(doors);
	}
	buf_free(&link);
	buf_free(&again);
	return v;
}

/* The old answer's body, or NULL where the old page answered 500. */
static char *reference(const struct keyed *k)
{
	json_t *v = key_json_v2(k);
	char *s = v ? json_dumps(v, JSON_COMPACT | JSON_REAL_PRECISION(15)) : NULL;
	json_decref(v);
	return s;
}

/* ---- the comparison ---- */

static size_t compared, refused, items_made, items_unmade, bytes;

/* What the daemon answers now. */
static int current(const struct keyed *k, struct buf *out)
{
	return dungeon_key_json(k, out);
}

static void same(const struct keyed *k)
{
	char *want = reference(k);
	struct buf out;

	buf_init(&out);
	buf_puts(&out, "kept"); /* what was there before stays, all or nothing */
	int rc = current(k, &out);
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
		bytes += strlen(want);
	}
	free(want);
	buf_free(&out);
}

/* ---- dungeons of the shipped tilesets ---- */

static struct tiles_set sets0007[TILESETS_MAX], sets0017[TILESETS_MAX];
static size_t n0007, n0017;
static struct dungeon_budget budgets[DUNGEON_LEVEL_MAX];
static struct map_tile weighed[MAP_TILES_MAX];
static struct map_tileset ts;
static struct catalog *cat;

static int setup(void **state)
{
	(void)state;
	if (tiles_load(sets0007, &n0007) != 0 || tiles_load_file(TREASURE, sets0017, &n0017) != 0)
		return -1;
	cat = fixture_catalog();
	return n0007 >= 2 && n0017 >= 1 && budgets_load(budgets) == 0 ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	catalog_free(cat);
	return 0;
}

static const struct tiles_set *set_at(size_t i)
{
	return i < n0007 ? &sets0007[i] : &sets0017[i - n0007];
}

/* The rooms' items as dungeonpage.c's roll_items rolls them for a code of
 * version 2, and more: one in three linked by a code of version 2, one by
 * a code of version 1 (both are written in docs/api.md's shape), one by
 * its inputs and seed; one in seven of a kind the catalog cannot make
 * (unmade). */
static void roll(struct keyed *k, uint64_t salt)
{
	struct form f;
	struct buf b;
	size_t total = 0;

	for (int id = 1; id <= k->d->n_rooms; id++)
		total += (size_t)k->d->room[id].n_items;
	k->items = calloc(total ? total : 1, sizeof *k->items);
	assert_non_null(k->items);
	k->n_items = 0;
	form_parse(&f, NULL, NULL, 0, NULL);
	buf_init(&b);
	for (int id = 1; id <= k->d->n_rooms; id++) {
		const struct dungeon_room *r = &k->d->room[id];
		for (int i = 0; i < r->n_items; i++) {
			size_t at = k->n_items++;
			struct key_item *ki = &k->items[at];
			struct gen_input in = {
			        .kind = r->item[i].kind, .tier = r->item[i].tier, .power = 1.0};
			ki->kind = in.kind;
			ki->tier = in.tier;
			if ((at + salt) % 7 == 3 ||
			    generate(cat, &in, r->item[i].seed, &ki->item) != 0) {
				snprintf(ki->name, sizeof ki->name, "(no %s in the catalog)",
				         kind_names[in.kind]);
				ki->rarity = "common";
				items_unmade++;
				continue;
			}
			memcpy(ki->name, ki->item.name, sizeof ki->name);
			ki->rarity = render_rarity(ki->item.str);
			if ((at + salt) % 3 == 0)
				itemlink_fill_version(cat, &in, &ki->item, ITEMCODE_VERSION);
			else if ((at + salt) % 3 == 1)
				itemlink_fill_version(cat, &in, &ki->item, ITEMCODE_VERSION_1);
			if (ki->item.code[0]) {
				snprintf(ki->link, sizeof ki->link, "/item/%s", ki->item.code);
			} else {
				f.kind = in.kind;
				f.tier = in.tier;
				buf_reset(&b);
				if (form_link(&f, r->item[i].seed, &b) == 0 &&
				    b.len < sizeof ki->link)
					memcpy(ki->link, b.data, b.len + 1);
			}
			ki->made = 1;
			items_made++;
		}
	}
	buf_free(&b);
}

/* The dungeon of these inputs, keyed, into k (its map and dungeon on the
 * heap); 0, or -1 when the tileset cannot tile it. */
static int make(struct keyed *k, const struct tiles_set *set, int w, int h, int level, int hallways,
                uint64_t seed)
{
	char why[MAP_WHY_MAX];

	memset(k, 0, sizeof *k);
	dungeon_weigh_tiles(set->tiles, set->n, hallways, weighed);
	if (map_tileset_init(&ts, weighed, set->n, why) != 0)
		return -1;
	k->m = malloc(sizeof *k->m);
	/* zeroed: dungeon_build leaves up_room unset in a dungeon without
	 * rooms (docs/benchmarks.md, "The dungeon's JSON") */
	k->d = calloc(1, sizeof *k->d);
	assert_non_null(k->m);
	assert_non_null(k->d);
	if (map_generate(&ts, w, h, seed, k->m, why) != 0) {
		free(k->m);
		free(k->d);
		return -1;
	}
	assert_int_equal(dungeon_build(k->m, weighed, &budgets[level - 1], seed, k->d), 0);
	k->code = (struct dungeoncode){.version = DUNGEONCODE_VERSION,
	                               .w = w,
	                               .h = h,
	                               .level = level,
	                               .hallways = hallways,
	                               .seed = seed,
	                               .revision = 1 + seed % 5};
	snprintf(k->code.tileset, sizeof k->code.tileset, "%s", set->name);
	assert_true(dungeoncode_encode(&k->code, k->code_text, sizeof k->code_text) > 0);
	k->icat = cat;
	roll(k, seed);
	return 0;
}

static void unmake(struct keyed *k)
{
	free(k->items);
	free(k->m);
	free(k->d);
}

static const int sizes[][2] = {{1, 1},  {2, 2},  {7, 5},   {12, 8},
                               {30, 1}, {1, 30}, {13, 29}, {30, 30}};
#define N_SIZES (sizeof sizes / sizeof sizes[0])
static const int hallways[] = {0, 10, 50, 90, 100};
#define N_HALLWAYS (sizeof hallways / sizeof hallways[0])
#define SEEDS      5

static void test_shipped(void **state)
{
	(void)state;
	size_t before = compared, dungeons = 0, made = items_made, levels = 0;
	int seen[DUNGEON_LEVEL_MAX + 1] = {0};

	for (size_t s = 0; s < n0007 + n0017; s++)
		for (size_t z = 0; z < N_SIZES; z++)
			for (uint64_t j = 0; j < SEEDS; j++) {
				const struct tiles_set *set = set_at(s);
				uint64_t seed = j * UINT64_C(0x9e3779b97f4a7c15) + s * 131 + z;
				if (j == SEEDS - 1)
					seed = UINT64_MAX - z;
				int level = 1 + (int)((s * 7 + z * 3 + j * 11) % DUNGEON_LEVEL_MAX);
				if (z == N_SIZES - 1 && j == 0)
					level = DUNGEON_LEVEL_MAX; /* the largest answer */
				int hw = hallways[(s + z + j) % N_HALLWAYS];
				struct keyed k;
				if (make(&k, set, sizes[z][0], sizes[z][1], level, hw, seed) != 0)
					continue;
				dungeons++;
				levels += !seen[level];
				seen[level] = 1;
				same(&k);
				unmake(&k);
			}
	/* five tilesets, most sizes tile: the comparisons are not a handful,
	 * every level is among them, and most items were made */
	assert_true(n0007 + n0017 >= 5);
	assert_true(dungeons >= (n0007 + n0017) * N_SIZES * SEEDS / 2);
	assert_int_equal(levels, DUNGEON_LEVEL_MAX);
	assert_true(items_made - made >= 1000);
	print_message("shipped: %zu dungeons, %zu answers compared (%zu items made, %zu "
	              "unmade, %zu bytes)\n",
	              dungeons, compared - before, items_made, items_unmade, bytes);
}

/* ---- names that need escaping, and names that are not UTF-8 ---- */

static void test_names(void **state)
{
	(void)state;
	static const char *const names[] = {
	        "quote\"d", "back\\slash", "tab\there\nline", "\x01\x1f\x7f", "épée ⚔", "slash/ok",
	        "",         "\xc3(",       "\xff\xfe",        "ok",
	};
	size_t before = refused, was = compared;

	for (size_t nm = 0; nm < sizeof names / sizeof names[0]; nm++) {
		struct keyed k;
		size_t i = 0;
		/* a dungeon with an item made: the first seed from 77 up */
		for (uint64_t seed = 77 + nm;; seed++) {
			assert_int_equal(make(&k, set_at(nm % n0007), 30, 30, 20, 50, seed), 0);
			for (i = 0; i < k.n_items && !k.items[i].made; i++)
				;
			if (i < k.n_items)
				break;
			unmake(&k);
		}
		/* the tileset's name, then an item's: each needs escaping, or
		 * is refused by both */
		snprintf(k.code.tileset, sizeof k.code.tileset, "%s", names[nm]);
		same(&k);
		snprintf(k.code.tileset, sizeof k.code.tileset, "%s", "plain");
		snprintf(k.items[i].item.name, sizeof k.items[i].item.name, "%s%s", names[nm],
		         "Sword");
		same(&k);
		unmake(&k);
	}
	/* the two names that are not UTF-8 are refused by both, twice each */
	assert_int_equal(refused - before, 4);
	assert_int_equal(compared - was, 16);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_shipped),
	        cmocka_unit_test(test_names),
	};
	int rc = cmocka_run_group_tests(tests, setup, teardown);
	print_message("%zu dungeon answers byte for byte the same, %zu refused by both\n", compared,
	              refused);
	return rc;
}
