/* Unit tests of dungeon: over 200 random dungeons per shipped tileset (the
 * tiles of migrations 0007 and 0017, the budgets of 0017, as the daemon
 * loads them), of every size from 1 x 1 to 30 x 30, every level and
 * hallways mix: every room numbered once, doors only between a hallway
 * cell and a room cell, both stairs in distinct rooms and reachable, the
 * down stairs at the greatest walking distance, every room keyed, the
 * treasure within the level's budget; `walls` outlines every room. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <jansson.h>
#include <sodium.h>

#include "dungeon.h"
#include "dungeon_key.h"
#include "dungeoncode.h"
#include "mapgen.h"
#include "rng.h"
#include "budgets_fixture.h"
#include "tiles_fixture.h"

#define DUNGEONS 200
#define TREASURE BUDGETS_MIGRATION

static struct tiles_set sets0007[TILESETS_MAX], sets0017[TILESETS_MAX];
static size_t n0007, n0017;
static struct dungeon_budget budgets[DUNGEON_LEVEL_MAX];
static struct map m;
static struct dungeon d, d2;
static int dist[DUNGEON_CELLS];
static struct map_tile weighed[MAP_TILES_MAX];

static int setup(void **state)
{
	(void)state;
	if (tiles_load(sets0007, &n0007) != 0 || tiles_load_file(TREASURE, sets0017, &n0017) != 0)
		return -1;
	return n0007 == 2 && n0017 == 3 && budgets_load(budgets) == 0 ? 0 : -1;
}

static const struct tiles_set *set_at(size_t i)
{
	return i < n0007 ? &sets0007[i] : &sets0017[i - n0007];
}

/* Every property the issue lists, from the cells. */
static void assert_good_dungeon(const struct dungeon *g, const struct dungeon_budget *b, int walls)
{
	int n = g->cw * g->ch, room_cells = 0;
	static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};

	/* every room cell numbered; neighbours in one room share the number;
	 * each number's cells are one piece (its count is its flood's) */
	for (int c = 0; c < n; c++) {
		int x = c % g->cw, y = c / g->cw;
		if (g->kind[c] != 'r') {
			assert_int_equal(g->room_of[c], 0);
			continue;
		}
		room_cells++;
		assert_true(g->room_of[c] >= 1 && g->room_of[c] <= g->n_rooms);
		for (int s = 0; s < 4; s++) {
			int nx = x + dx[s], ny = y + dy[s];
			if (nx >= 0 && ny >= 0 && nx < g->cw && ny < g->ch &&
			    g->kind[ny * g->cw + nx] == 'r')
				assert_int_equal(g->room_of[ny * g->cw + nx], g->room_of[c]);
		}
	}
	int sum = 0;
	for (int id = 1; id <= g->n_rooms; id++) {
		const struct dungeon_room *r = &g->room[id];
		assert_true(r->n_cells > 0);
		assert_int_equal(g->room_of[r->ly * g->cw + r->lx], id);
		assert_int_equal(g->room_of[r->sy * g->cw + r->sx], id);
		sum += r->n_cells;
		/* numbered in reading order of the first cell */
		if (id > 1)
			assert_true(r->ly * g->cw + r->lx >
			            g->room[id - 1].ly * g->cw + g->room[id - 1].lx);
	}
	assert_int_equal(sum, room_cells);
	/* doors: a hallway cell against a room cell, across the segment */
	for (int i = 0; i < g->n_doors; i++) {
		const struct dungeon_door *o = &g->door[i];
		assert_int_equal(g->kind[o->hy * g->cw + o->hx], '.');
		assert_int_equal(g->kind[o->ry * g->cw + o->rx], 'r');
		assert_int_equal(abs(o->hx - o->rx) + abs(o->hy - o->ry), 1);
		assert_int_equal(o->room, g->room_of[o->ry * g->cw + o->rx]);
		if (o->x0 == o->x1)
			assert_true(o->x0 == (o->hx > o->rx ? o->hx : o->rx) && o->y1 > o->y0);
		else
			assert_true(o->y0 == o->y1 && o->y0 == (o->hy > o->ry ? o->hy : o->ry) &&
			            o->x1 > o->x0);
	}
	/* stairs: reachable; in distinct rooms when there are two; the down
	 * stairs' room the farthest by walking distance */
	assert_int_equal(dungeon_distances(g, g->up_x, g->up_y, dist), 0);
	assert_true(dist[g->down_y * g->cw + g->down_x] >= 0);
	if (g->n_rooms >= 2) {
		assert_true(g->up_room >= 1 && g->down_room >= 1 && g->up_room != g->down_room);
		assert_int_equal(g->room_of[g->up_y * g->cw + g->up_x], g->up_room);
		assert_int_equal(g->room_of[g->down_y * g->cw + g->down_x], g->down_room);
		int far = -1, down = -1;
		for (int id = 1; id <= g->n_rooms; id++) {
			int best = -1;
			for (int c = 0; c < n; c++)
				if (g->room_of[c] == id && dist[c] >= 0 &&
				    (best < 0 || dist[c] < best))
					best = dist[c];
			assert_true(best >= 0); /* every room reachable */
			if (id == g->room_of[g->down_y * g->cw + g->down_x])
				down = best;
			if (id != g->up_room && best > far)
				far = best;
		}
		assert_int_equal(down, far);
	}
	/* every room keyed; the treasure within the level's budget */
	uint64_t spent = 0;
	for (int id = 1; id <= g->n_rooms; id++) {
		const struct dungeon_room *r = &g->room[id];
		assert_true(r->stock == STOCK_EMPTY || r->stock == STOCK_ITEMS ||
		            r->stock == STOCK_HOARD);
		if (r->stock == STOCK_EMPTY)
			assert_true(r->n_items == 0 && r->coins == 0 && r->n_gems == 0);
		if (r->stock != STOCK_EMPTY)
			assert_true(r->n_items >= 1);
		for (int i = 0; i < r->n_items; i++)
			assert_int_equal(r->item[i].tier, b->tier);
		spent += r->coins;
		for (int i = 0; i < r->n_gems; i++)
			spent += r->gem[i].value;
		for (int i = 0; i < r->n_arts; i++)
			spent += r->art[i].value;
	}
	assert_int_equal(spent, g->spent);
	assert_true(spent <= (uint64_t)b->budget_per_room * (uint64_t)g->n_rooms);
	assert_int_equal(g->budget, b->budget_per_room * (uint32_t)g->n_rooms);
	/* walls: every room is outlined, its floor meeting other floor only
	 * through a door (a room cell beside hallway floor is a door's) */
	if (walls)
		for (int c = 0; c < n; c++) {
			if (g->kind[c] != 'r')
				continue;
			int x = c % g->cw, y = c / g->cw;
			for (int s = 0; s < 4; s++) {
				int nx = x + dx[s], ny = y + dy[s];
				if (nx < 0 || ny < 0 || nx >= g->cw || ny >= g->ch ||
				    g->kind[ny * g->cw + nx] != '.')
					continue;
				int found = 0;
				for (int i = 0; i < g->n_doors && !found; i++) {
					const struct dungeon_door *o = &g->door[i];
					int vertical = o->x0 == o->x1;
					int line = vertical ? (x > nx ? x : nx) : (y > ny ? y : ny);
					int at = vertical ? y : x;
					found = (vertical == (ny == y)) &&
					        (vertical ? o->x0 : o->y0) == line &&
					        at >= (vertical ? o->y0 : o->x0) &&
					        at < (vertical ? o->y1 : o->x1);
				}
				assert_true(found);
			}
		}
}

static void test_random_dungeons(void **state)
{
	(void)state;
	struct rng r;
	char why[MAP_WHY_MAX];
	static struct map_tileset ts;

	rng_seed(&r, 25);
	for (size_t s = 0; s < n0007 + n0017; s++) {
		const struct tiles_set *set = set_at(s);
		long rooms = 0, doors = 0, hoards = 0;
		for (int i = 0; i < DUNGEONS; i++) {
			/* the corners of the size range first, then random */
			int w = i == 0 ? 1 : i == 1 ? 30 : 1 + (int)rng_below(&r, 30);
			int h = i == 0 ? 1 : i == 1 ? 30 : 1 + (int)rng_below(&r, 30);
			int hallways = i == 2 ? 0 : i == 3 ? 100 : (int)rng_below(&r, 101);
			const struct dungeon_budget *b = &budgets[rng_below(&r, DUNGEON_LEVEL_MAX)];
			uint64_t seed = rng_next(&r);
			dungeon_weigh_tiles(set->tiles, set->n, hallways, weighed);
			assert_int_equal(map_tileset_init(&ts, weighed, set->n, why), 0);
			assert_int_equal(map_generate(&ts, w, h, seed, &m, why), 0);
			assert_int_equal(dungeon_build(&m, weighed, b, seed, &d), 0);
			assert_good_dungeon(&d, b, strcmp(set->name, "walls") == 0);
			rooms += d.n_rooms;
			doors += d.n_doors;
			for (int id = 1; id <= d.n_rooms; id++)
				hoards += d.room[id].stock == STOCK_HOARD;
			if (i % 10 == 0 || d.n_rooms == 0) {
				/* the same inputs, the same dungeon, whatever memory
				 * held before (a dungeon without rooms once kept its
				 * up stairs' room from it) */
				memset(&d2, 0xa5, sizeof d2);
				assert_int_equal(dungeon_build(&m, weighed, b, seed, &d2), 0);
				assert_int_equal(d.up_room, d2.up_room);
				assert_int_equal(d.down_room, d2.down_room);
				assert_int_equal(d.up_x, d2.up_x);
				assert_int_equal(d.up_y, d2.up_y);
				if (d.n_rooms == 0)
					assert_int_equal(d2.up_room, 0);
				assert_memory_equal(d.room_of, d2.room_of,
				                    (size_t)(d.cw * d.ch) * sizeof d.room_of[0]);
				assert_memory_equal(&d.room[1], &d2.room[1],
				                    (size_t)d.n_rooms * sizeof d.room[1]);
				assert_int_equal(d.down_x, d2.down_x);
			}
		}
		printf("%s: %d dungeons, %ld rooms, %ld doors, %ld hoards, every check passed\n",
		       set->name, DUNGEONS, rooms, doors, hoards);
		/* ruins are room pieces only, open to each other: one room, no
		 * doors (docs/dungeons.md) */
		if (strcmp(set->name, "ruins") == 0)
			assert_true(rooms == DUNGEONS && doors == 0);
		else
			assert_true(rooms > 2 * DUNGEONS && doors > DUNGEONS);
	}
}

static void test_budget_at_revision(void **state)
{
	(void)state;
	struct dungeon_budget rows[3] = {
	        {.level = 3, .budget_per_room = 10, .added_rev = 5, .retired_rev = 9},
	        {.level = 3, .budget_per_room = 20, .added_rev = 9},
	        {.level = 4, .budget_per_room = 30, .added_rev = 5},
	};
	assert_null(dungeon_budget_at(rows, 3, 3, 4));
	assert_int_equal(dungeon_budget_at(rows, 3, 3, 5)->budget_per_room, 10);
	assert_int_equal(dungeon_budget_at(rows, 3, 3, 8)->budget_per_room, 10);
	assert_int_equal(dungeon_budget_at(rows, 3, 3, 9)->budget_per_room, 20);
	assert_int_equal(dungeon_budget_at(rows, 3, 4, 100)->budget_per_room, 30);
	assert_null(dungeon_budget_at(rows, 3, 5, 100));
}

static void test_tiles_at_revision(void **state)
{
	(void)state;
	static struct dungeon_tile_row rows[4];
	struct map_tile out[4];
	const char *sets[4] = {"a", "a", "a", "b"};
	uint64_t added[4] = {5, 5, 9, 5}, retired[4] = {0, 9, 0, 0};
	for (int i = 0; i < 4; i++) {
		snprintf(rows[i].tileset, sizeof rows[i].tileset, "%s", sets[i]);
		snprintf(rows[i].name, sizeof rows[i].name, "t%d", i);
		rows[i].added_rev = added[i];
		rows[i].retired_rev = retired[i];
	}
	assert_int_equal(dungeon_tiles_at(rows, 4, "a", 4, out, 4), 0);
	assert_int_equal(dungeon_tiles_at(rows, 4, "a", 8, out, 4), 2);
	assert_string_equal(out[1].name, "t1");
	assert_int_equal(dungeon_tiles_at(rows, 4, "a", 9, out, 4), 2);
	assert_string_equal(out[0].name, "t0");
	assert_string_equal(out[1].name, "t2"); /* t1 retired at 9, t2 added */
	assert_int_equal(dungeon_tiles_at(rows, 4, "a", 9, out, 1), 1);
	assert_int_equal(dungeon_tiles_at(rows, 4, "c", 9, out, 4), 0);
}

/* Codes: every value round-trips; one spelling (any one character changed
 * is refused or is another code that encodes back to itself); values out
 * of range are not encoded. */
static void test_codes(void **state)
{
	(void)state;
	struct rng r;
	char text[DUNGEONCODE_MAX], bent[DUNGEONCODE_MAX], again[DUNGEONCODE_MAX];
	static const char *const sets[] = {"plain", "walls", "a",
	                                   "crumbling-and-more-words-32-char"};
	struct dungeoncode c, back;
	const char *why;
	long refused = 0;

	rng_seed(&r, 13);
	for (int i = 0; i < 2000; i++) {
		memset(&c, 0, sizeof c);
		c.version = 1 + i % DUNGEONCODE_VERSION; /* every version */
		c.w = 1 + (int)rng_below(&r, MAP_DIM_MAX);
		c.h = 1 + (int)rng_below(&r, MAP_DIM_MAX);
		c.level = 1 + (int)rng_below(&r, DUNGEON_LEVEL_MAX);
		c.hallways = (int)rng_below(&r, DUNGEON_HALLWAYS_MAX + 1);
		snprintf(c.tileset, sizeof c.tileset, "%s", sets[i % 4]);
		c.seed = rng_next(&r);
		c.revision = 1 + rng_below(&r, i % 2 ? 100 : UINT64_MAX - 1);
		int n = dungeoncode_encode(&c, text, sizeof text);
		assert_true(n > 0 && n < DUNGEONCODE_MAX);
		assert_int_equal(dungeoncode_decode(text, (size_t)n, &back, &why), 0);
		assert_memory_equal(&back, &c, sizeof c);
		memcpy(bent, text, (size_t)n + 1);
		size_t at = rng_below(&r, (uint64_t)n);
		bent[at] = bent[at] == 'A' ? 'B' : 'A';
		if (dungeoncode_decode(bent, (size_t)n, &back, &why) != 0) {
			refused++;
			continue;
		}
		assert_int_equal(dungeoncode_encode(&back, again, sizeof again), n);
		assert_memory_equal(again, bent, (size_t)n);
	}
	assert_true(refused > 1900); /* the checksum catches nearly all */
	memset(&c, 0, sizeof c);
	c = (struct dungeoncode){.w = 31, .h = 1, .level = 1, .revision = 1};
	strcpy(c.tileset, "plain");
	assert_int_equal(dungeoncode_encode(&c, text, sizeof text), -1);
	c.w = 1;
	c.level = 21;
	assert_int_equal(dungeoncode_encode(&c, text, sizeof text), -1);
	c.level = 1;
	strcpy(c.tileset, "Bad");
	assert_int_equal(dungeoncode_encode(&c, text, sizeof text), -1);
	assert_int_equal(dungeoncode_decode("", 0, &back, &why), -1);
	assert_int_equal(dungeoncode_decode("not a code!", 11, &back, &why), -1);
}

/* Every version: a version-1 code made before version 2 still reads as
 * itself; the same dungeon as version 2 or 3 differs in its version byte
 * (and checksum) only; version 0 encodes as the current one (3); another
 * version, or a version byte changed under its checksum, is refused. */
static void test_code_versions(void **state)
{
	(void)state;
	/* /dungeon?w=6&h=4&seed=5 at revision 774, made by the release before
	 * version 2 (tests/integration/dungeon_v1/) */
	static const char v1[] = "AQYEATIFcGxhaW6GBgUAAAAAAAAAe8E";
	char text[DUNGEONCODE_MAX], v2[DUNGEONCODE_MAX];
	unsigned char raw[64];
	size_t len;
	struct dungeoncode c, back;
	const char *why = NULL;

	assert_int_equal(DUNGEONCODE_VERSION, 4);
	assert_int_equal(dungeoncode_decode(v1, strlen(v1), &c, &why), 0);
	assert_int_equal(c.version, DUNGEONCODE_VERSION_1);
	assert_true(c.w == 6 && c.h == 4 && c.level == 1 && c.hallways == 50 && c.seed == 5 &&
	            c.revision == 774 && strcmp(c.tileset, "plain") == 0);
	assert_int_equal(dungeoncode_encode(&c, text, sizeof text), (int)strlen(v1));
	assert_string_equal(text, v1);

	/* versions 2 and 3, then made now: version 4; the first two characters
	 * hold the version byte and the width's high bits (6: 0) */
	static const char *const prefix[] = {"Ag", "Aw", "BA"};
	static const int asked[] = {DUNGEONCODE_VERSION_2, DUNGEONCODE_VERSION_3, 0};
	static const int got[] = {DUNGEONCODE_VERSION_2, DUNGEONCODE_VERSION_3,
	                          DUNGEONCODE_VERSION_4};
	for (int v = 0; v < 3; v++) {
		c.version = asked[v];
		int n = dungeoncode_encode(&c, v2, sizeof v2);
		assert_int_equal(n, (int)strlen(v1));
		assert_true(strncmp(v2, prefix[v], 2) == 0);
		assert_memory_equal(v2 + 2, v1 + 2, (size_t)n - 2 - 3); /* all but the checksum */
		assert_int_equal(dungeoncode_decode(v2, (size_t)n, &back, &why), 0);
		assert_int_equal(back.version, got[v]);
		c.version = back.version;
		assert_memory_equal(&back, &c, sizeof c);
	}

	/* the version byte is under the checksum */
	memcpy(text, v1, sizeof v1);
	text[1] = 'g';
	assert_int_equal(dungeoncode_decode(text, strlen(text), &back, &why), -1);

	/* versions 0, 5 and 255, with a right checksum: not a version this site writes */
	assert_int_equal(sodium_base642bin(raw, sizeof raw, v1, strlen(v1), NULL, &len, NULL,
	                                   sodium_base64_VARIANT_URLSAFE_NO_PADDING),
	                 0);
	static const unsigned char bad[] = {0, 5, 255};
	for (size_t i = 0; i < sizeof bad; i++) {
		raw[0] = bad[i];
		uint32_t h = 2166136261u;
		for (size_t k = 0; k + 2 < len; k++) {
			h ^= raw[k];
			h *= 16777619u;
		}
		uint16_t sum = (uint16_t)(h ^ h >> 16);
		raw[len - 2] = (unsigned char)(sum & 0xff);
		raw[len - 1] = (unsigned char)(sum >> 8);
		sodium_bin2base64(text, sizeof text, raw, len,
		                  sodium_base64_VARIANT_URLSAFE_NO_PADDING);
		why = NULL;
		assert_int_equal(dungeoncode_decode(text, strlen(text), &back, &why), -1);
		assert_string_equal(why, "not a version this site writes");
	}
	c.version = DUNGEONCODE_VERSION + 1;
	assert_int_equal(dungeoncode_encode(&c, text, sizeof text), -1);
}

static void test_hallways_shift_the_mix(void **state)
{
	(void)state;
	static struct map_tileset ts;
	char why[MAP_WHY_MAX];
	long room_cells[2] = {0, 0};
	const struct tiles_set *plain = &sets0007[0];

	assert_string_equal(plain->name, "plain");
	for (int k = 0; k < 2; k++) {
		dungeon_weigh_tiles(plain->tiles, plain->n, k ? 90 : 10, weighed);
		assert_int_equal(map_tileset_init(&ts, weighed, plain->n, why), 0);
		for (uint64_t seed = 1; seed <= 20; seed++) {
			assert_int_equal(map_generate(&ts, 20, 20, seed, &m, why), 0);
			assert_int_equal(dungeon_build(&m, weighed, &budgets[0], seed, &d), 0);
			for (int c = 0; c < d.cw * d.ch; c++)
				room_cells[k] += d.kind[c] == 'r';
		}
	}
	/* more hallway pieces, fewer room cells: by far, not by noise */
	assert_true(room_cells[1] * 2 < room_cells[0]);
}

static void test_text(void **state)
{
	(void)state;
	static struct map_tileset ts;
	static char out[DUNGEON_CELLS + MAP_DIM_MAX * MAP_TILE + 1];
	char why[MAP_WHY_MAX];
	const struct tiles_set *walls = &sets0017[0];

	dungeon_weigh_tiles(walls->tiles, walls->n, 50, weighed);
	assert_int_equal(map_tileset_init(&ts, weighed, walls->n, why), 0);
	assert_int_equal(map_generate(&ts, 6, 4, 7, &m, why), 0);
	assert_int_equal(dungeon_build(&m, weighed, &budgets[0], 7, &d), 0);
	size_t len = dungeon_text(&d, out);
	assert_int_equal(len, 24 * 37);
	assert_non_null(strchr(out, '<'));
	assert_non_null(strchr(out, '>'));
	assert_non_null(strchr(out, '1'));
	assert_true(d.n_doors == 0 || strchr(out, '+') != NULL);
}

/* The key's JSON in the language of its code's version: version 1 the
 * old names (w, h, a room's n, items as {kind, name}); version 2
 * docs/api.md's (width, height, number; an item the catalog cannot make
 * listed under unmade by kind and tier, not among the items). Every item
 * here is unmade: no catalog is loaded. */
static void test_key_json_versions(void **state)
{
	(void)state;
	static struct map_tileset ts;
	char why[MAP_WHY_MAX];
	const struct tiles_set *plain = &sets0007[0];
	struct keyed k = {.d = &d, .m = &m};
	size_t total = 0;

	dungeon_weigh_tiles(plain->tiles, plain->n, 50, weighed);
	assert_int_equal(map_tileset_init(&ts, weighed, plain->n, why), 0);
	assert_int_equal(map_generate(&ts, 8, 6, 29, &m, why), 0);
	assert_int_equal(dungeon_build(&m, weighed, &budgets[DUNGEON_LEVEL_MAX - 1], 29, &d), 0);
	for (int id = 1; id <= d.n_rooms; id++)
		total += (size_t)d.room[id].n_items;
	assert_true(total > 0);
	k.items = calloc(total, sizeof *k.items);
	assert_non_null(k.items);
	for (int id = 1; id <= d.n_rooms; id++)
		for (int i = 0; i < d.room[id].n_items; i++) {
			struct key_item *ki = &k.items[k.n_items++];
			ki->kind = d.room[id].item[i].kind;
			ki->tier = d.room[id].item[i].tier;
			snprintf(ki->name, sizeof ki->name, "(no %s in the catalog)",
			         kind_names[ki->kind]);
		}
	k.code = (struct dungeoncode){.w = 8,
	                              .h = 6,
	                              .level = DUNGEON_LEVEL_MAX,
	                              .hallways = 50,
	                              .seed = 29,
	                              .revision = 3};
	strcpy(k.code.tileset, "plain");
	for (int version = DUNGEONCODE_VERSION_1; version <= DUNGEONCODE_VERSION; version++) {
		k.code.version = version;
		assert_true(dungeoncode_encode(&k.code, k.code_text, sizeof k.code_text) > 0);
		struct buf out;
		buf_init(&out);
		assert_int_equal(dungeon_key_json(&k, &out), 0);
		json_t *v = json_loadb(out.data, out.len, 0, NULL);
		buf_free(&out);
		assert_non_null(v);
		int v2 = version != DUNGEONCODE_VERSION_1; /* the language (versions 2 and 3) */
		assert_int_equal(json_integer_value(json_object_get(v, v2 ? "width" : "w")), 8);
		assert_int_equal(json_integer_value(json_object_get(v, v2 ? "height" : "h")), 6);
		assert_null(json_object_get(v, v2 ? "w" : "width"));
		assert_true((json_object_get(v, "reroll") != NULL) == v2);
		const char *link = json_string_value(json_object_get(v, "link"));
		assert_non_null(link);
		assert_true((strstr(link, "?format=json") != NULL) == v2);
		json_t *rooms = json_object_get(v, "rooms");
		assert_int_equal(json_array_size(rooms), (size_t)d.n_rooms);
		size_t unmade = 0, listed = 0;
		for (size_t r = 0; r < json_array_size(rooms); r++) {
			json_t *o = json_array_get(rooms, r);
			assert_int_equal(
			        json_integer_value(json_object_get(o, v2 ? "number" : "n")),
			        (json_int_t)r + 1);
			assert_null(json_object_get(o, v2 ? "n" : "number"));
			json_t *items = json_object_get(o, "items");
			listed += json_array_size(items);
			if (!v2) {
				assert_null(json_object_get(o, "unmade"));
				for (size_t i = 0; i < json_array_size(items); i++) {
					json_t *it = json_array_get(items, i);
					assert_non_null(json_object_get(it, "name"));
					assert_true(json_is_null(
					        json_object_get(it, "link"))); /* not linked */
				}
				continue;
			}
			json_t *um = json_object_get(o, "unmade");
			for (size_t i = 0; i < json_array_size(um); i++) {
				const struct key_item *ki = &k.items[unmade++];
				json_t *e = json_array_get(um, i);
				assert_string_equal(json_string_value(json_object_get(e, "kind")),
				                    kind_names[ki->kind]);
				assert_int_equal(json_integer_value(json_object_get(e, "tier")),
				                 ki->tier);
				assert_int_equal(json_object_size(e), 2);
			}
		}
		if (v2) {
			assert_int_equal(listed, 0);
			assert_int_equal(unmade, total);
			json_t *up = json_object_get(json_object_get(v, "stairs"), "up");
			json_t *room = json_object_get(up, "room");
			assert_true(d.up_room ? json_integer_value(room) == d.up_room
			                      : json_is_null(room));
		} else {
			assert_int_equal(listed, total);
		}
		json_decref(v);
	}
	free(k.items);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_random_dungeons),
	        cmocka_unit_test(test_budget_at_revision),
	        cmocka_unit_test(test_tiles_at_revision),
	        cmocka_unit_test(test_codes),
	        cmocka_unit_test(test_code_versions),
	        cmocka_unit_test(test_hallways_shift_the_mix),
	        cmocka_unit_test(test_text),
	        cmocka_unit_test(test_key_json_versions),
	};
	return cmocka_run_group_tests_name("dungeon", tests, setup, NULL);
}
