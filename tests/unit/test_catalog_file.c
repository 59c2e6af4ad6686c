/* catalog_file: a catalog written and read back is the same catalog; a
 * truncated file, a changed byte, another version, a foreign file and a
 * missing one are refused with their reason. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sodium.h>
#include <unistd.h>

#include "catalog_export.h"
#include "catalog_file.h"
#include "fixture.h"

static char dir[] = "/tmp/lf-catfile-XXXXXX";
static char path[sizeof(dir) + 32];

static int setup(void **state)
{
	(void)state;
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/catalog.cache", dir);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	unlink(path);
	rmdir(dir);
	return 0;
}

static char *read_text(size_t *len)
{
	FILE *f = fopen(path, "rb");
	assert_non_null(f);
	char *buf = malloc(1 << 20);
	assert_non_null(buf);
	*len = fread(buf, 1, (1 << 20) - 1, f);
	buf[*len] = '\0';
	fclose(f);
	return buf;
}

static void write_text(const char *text, size_t len)
{
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	assert_int_equal(fwrite(text, 1, len, f), len);
	fclose(f);
}

static void assert_same_entry(const struct entry *a, const struct entry *b)
{
	assert_int_equal(a->id, b->id);
	assert_string_equal(a->word, b->word);
	assert_memory_equal(a->stat, b->stat, sizeof(a->stat));
	assert_int_equal(a->active, b->active);
	assert_int_equal(a->tier, b->tier);
	assert_int_equal(a->tier_min, b->tier_min);
	assert_int_equal(a->tier_max, b->tier_max);
	assert_int_equal(a->slot, b->slot);
	assert_int_equal(a->weight, b->weight);
}

static void write_fixture(uint64_t revision)
{
	struct catalog *c = fixture_catalog();
	c->revision = revision;
	assert_int_equal(catalog_file_write(path, c), 0);
	catalog_free(c);
}

static void round_trip(void **state)
{
	(void)state;
	struct catalog *c = fixture_catalog();
	/* Values at the edges of their fields. */
	c->t[K_WEAPON][P_TYPE].rows[0].stat[ST_ATTACK] = INT32_MIN;
	c->t[K_WEAPON][P_TYPE].rows[1].stat[ST_DEFENSE] = INT32_MAX;
	c->t[K_WEAPON][P_TYPE].rows[0].weight = UINT32_MAX;
	c->revision = 12345678901234ULL;
	assert_int_equal(catalog_file_write(path, c), 0);
	const char *why = "unset";
	struct catalog *back = catalog_file_read(path, &why);
	assert_non_null(back);
	assert_null(why);
	assert_int_equal(back->revision, c->revision);
	size_t rows = 0;
	for (int k = 0; k < K__MAX; k++)
		for (int p = 0; p < P__MAX; p++) {
			const struct table *a = &c->t[k][p], *b = &back->t[k][p];
			assert_int_equal(a->n, b->n);
			for (size_t i = 0; i < a->n; i++)
				assert_same_entry(&a->rows[i], &b->rows[i]);
			for (int t = 0; t <= TIER_MAX; t++)
				assert_int_equal(a->by_tier[t].n, b->by_tier[t].n);
			rows += a->n;
		}
	assert_true(rows > 40);
	catalog_free(back);
	catalog_free(c);
	/* No temporary file is left behind. */
	char tmp[sizeof(path) + 32];
	snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", path, (long)getpid());
	assert_int_equal(access(tmp, F_OK), -1);
}

static void refused(const char *want)
{
	const char *why = NULL;
	assert_null(catalog_file_read(path, &why));
	assert_non_null(why);
	assert_string_equal(why, want);
}

static void truncated_file(void **state)
{
	(void)state;
	size_t len;
	write_fixture(7);
	char *text = read_text(&len);
	write_text(text, len - 10);
	refused("truncated");
	/* Cut inside the header line too. */
	write_text(text, 12);
	refused("no header line");
	free(text);
}

static void bad_checksum(void **state)
{
	(void)state;
	size_t len;
	write_fixture(7);
	char *text = read_text(&len);
	char *at = strstr(text, "longsword");
	assert_non_null(at);
	at[0] = 'L'; /* same length, one byte changed */
	write_text(text, len);
	refused("checksum mismatch");
	free(text);
}

static void wrong_version(void **state)
{
	(void)state;
	size_t len;
	write_fixture(7);
	char *text = read_text(&len);
	assert_memory_equal(text, "lootforge-catalog 2 ", 20);
	text[18] = '1';
	write_text(text, len);
	refused("another format version");
	free(text);
}

static void foreign_or_missing_file(void **state)
{
	(void)state;
	write_text("hello\n{}", 8);
	refused("not a catalog file");
	unlink(path);
	refused("absent");
}

/* A body with a valid checksum that is not a catalog of ours: another stat
 * column list, as a newer daemon with another column would write. */
static void valid_checksum_other_stats(void **state)
{
	(void)state;
	size_t len;
	unsigned char hash[32];
	char head[160], hex[65];
	write_fixture(7);
	char *text = read_text(&len);
	char *body = strchr(text, '\n') + 1;
	size_t body_len = len - (size_t)(body - text);
	char *at = strstr(body, "\"hands\"");
	assert_non_null(at);
	memcpy(at, "\"handz\"", 7);
	assert_int_equal(sodium_init() < 0, 0);
	crypto_generichash(hash, sizeof(hash), (unsigned char *)body, body_len, NULL, 0);
	for (int i = 0; i < 32; i++)
		snprintf(hex + 2 * i, 3, "%02x", hash[i]);
	int n = snprintf(head, sizeof(head), "lootforge-catalog 2 %zu %s\n", body_len, hex);
	FILE *f = fopen(path, "wb");
	assert_non_null(f);
	fwrite(head, 1, (size_t)n, f);
	fwrite(body, 1, body_len, f);
	fclose(f);
	refused("other stat columns than this daemon's");
	free(text);
}

static struct map_tile tile(const char *name, const char *cells, int n, int e, int s, int w)
{
	struct map_tile t = {.name = name, .edge = {n, e, s, w}, .weight = 3};
	memcpy(t.cell, cells, sizeof t.cell);
	return t;
}

/* Map tiles: grouped into tilesets in the order added, a tileset with a bad
 * tile left out, and the rest carried by the disk copy. */
static void tilesets_round_trip(void **state)
{
	(void)state;
	struct catalog *c = catalog_new(9);
	assert_non_null(c);
	struct map_tile room = tile("room", "#######....##....##....##....#######", 0, 0, 0, 0);
	struct map_tile hall = tile("hall", "############....##....##############", 0, 0, 0, 1);
	struct map_tile bad = tile("bad", "#######....##....##..x.##....#######", 0, 0, 0, 0);
	assert_int_equal(catalog_add_tile(c, "tiny", &room), 0);
	assert_int_equal(catalog_add_tile(c, "broken", &room), 0);
	assert_int_equal(catalog_add_tile(c, "broken", &bad), 0);
	assert_int_equal(catalog_add_tile(c, "tiny", &hall), 0);
	assert_int_equal(catalog_finish(c), 0);
	assert_int_equal(c->n_tilesets, 1);
	assert_null(catalog_tileset(c, "broken"));
	assert_null(catalog_tileset(c, "nope"));
	const struct catalog_tileset *ts = catalog_tileset(c, "tiny");
	assert_non_null(ts);
	assert_int_equal(ts->n, 2);
	assert_string_equal(ts->tiles[0].name, "room");
	assert_string_equal(ts->tiles[1].name, "hall");
	assert_ptr_equal(ts->set.tiles, ts->tiles);

	assert_int_equal(catalog_file_write(path, c), 0);
	const char *why = "unset";
	struct catalog *back = catalog_file_read(path, &why);
	assert_non_null(back);
	assert_null(why);
	const struct catalog_tileset *bt = catalog_tileset(back, "tiny");
	assert_non_null(bt);
	assert_int_equal(back->n_tilesets, 1);
	assert_int_equal(bt->n, 2);
	for (size_t i = 0; i < bt->n; i++) {
		assert_string_equal(bt->tiles[i].name, ts->tiles[i].name);
		assert_memory_equal(bt->tiles[i].cell, ts->tiles[i].cell, sizeof bt->tiles[i].cell);
		assert_memory_equal(bt->tiles[i].edge, ts->tiles[i].edge, 4);
		assert_int_equal(bt->tiles[i].weight, 3);
	}
	catalog_free(back);
	catalog_free(c);
}

/* The dungeons' rows (budgets and tiles with their revisions) carried by
 * the disk copy, so dungeon codes answer while the database is away. */
static void dungeon_rows_round_trip(void **state)
{
	(void)state;
	struct catalog *c = catalog_new(12);
	assert_non_null(c);
	struct dungeon_budget b = {.id = 4,
	                           .level = 3,
	                           .budget_per_room = 145,
	                           .tier = 1,
	                           .empty_pct = 40,
	                           .items_pct = 45,
	                           .hoard_pct = 15,
	                           .items_max = 1,
	                           .gem_value = 10,
	                           .art_value = 25,
	                           .added_rev = 7,
	                           .retired_rev = 11};
	struct dungeon_tile_row r = {.tileset = "tiny", .name = "room", .added_rev = 5};
	r.t = tile("room", "#######....##....##....##....#######", 0, 0, 0, 0);
	assert_int_equal(catalog_add_budget(c, &b), 0);
	assert_int_equal(catalog_add_tile_row(c, &r), 0);
	assert_int_equal(catalog_finish(c), 0);
	assert_int_equal(catalog_file_write(path, c), 0);
	const char *why = "unset";
	struct catalog *back = catalog_file_read(path, &why);
	assert_non_null(back);
	assert_null(why);
	assert_int_equal(back->n_budgets, 1);
	assert_memory_equal(&back->budgets[0], &b, sizeof b);
	assert_int_equal(back->n_tile_rows, 1);
	const struct dungeon_tile_row *br = &back->tile_rows[0];
	assert_string_equal(br->tileset, "tiny");
	assert_string_equal(br->name, "room");
	assert_memory_equal(br->t.cell, r.t.cell, sizeof r.t.cell);
	assert_int_equal(br->t.weight, 3);
	assert_int_equal(br->added_rev, 5);
	assert_int_equal(br->retired_rev, 0);
	catalog_free(back);
	catalog_free(c);
}

/* The dressing rows (migration 0020) with their revisions, in the disk
 * copy and in the export the library loads. */
static void dressing_rows_round_trip(void **state)
{
	(void)state;
	struct catalog *c = catalog_new(12);
	assert_non_null(c);
	struct dress_row o = {.id = 9,
	                      .kind = DRESS_OCCUPANT,
	                      .name = "goblin",
	                      .plural = "goblins",
	                      .level_min = 1,
	                      .level_max = 5,
	                      .number_min = 2,
	                      .number_max = 5,
	                      .weight = 20,
	                      .added_rev = 7,
	                      .retired_rev = 11};
	struct dress_row d = {.id = 10,
	                      .kind = DRESS_DOOR,
	                      .state = DOOR_SECRET,
	                      .name = "secret",
	                      .level_min = 6,
	                      .level_max = 12,
	                      .number_min = 1,
	                      .number_max = 1,
	                      .weight = 7,
	                      .added_rev = 8};
	assert_int_equal(catalog_add_dress(c, &o), 0);
	assert_int_equal(catalog_add_dress(c, &d), 0);
	assert_int_equal(catalog_finish(c), 0);
	assert_int_equal(catalog_file_write(path, c), 0);
	const char *why = "unset";
	struct catalog *back = catalog_file_read(path, &why);
	assert_non_null(back);
	assert_int_equal(back->n_dress, 2);
	assert_memory_equal(&back->dress[0], &o, sizeof o);
	assert_memory_equal(&back->dress[1], &d, sizeof d);
	catalog_free(back);

	/* the export at revision 11: the goblins retired, the secret door kept */
	json_t *root = json_object();
	assert_int_equal(catalog_export_add_tiles_at(root, c, 11), 0);
	char *text = json_dumps(root, JSON_COMPACT);
	assert_non_null(text);
	assert_non_null(strstr(text, "\"dungeon_dressing\":[[10,\"door\",\"secret\""));
	assert_null(strstr(text, "goblin"));
	free(text);
	json_decref(root);
	/* at revision 6, before either, the key is left out */
	root = json_object();
	assert_int_equal(catalog_export_add_tiles_at(root, c, 6), 0);
	assert_null(json_object_get(root, "dungeon_dressing"));
	json_decref(root);
	catalog_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(round_trip),
	        cmocka_unit_test(tilesets_round_trip),
	        cmocka_unit_test(dungeon_rows_round_trip),
	        cmocka_unit_test(dressing_rows_round_trip),
	        cmocka_unit_test(truncated_file),
	        cmocka_unit_test(bad_checksum),
	        cmocka_unit_test(wrong_version),
	        cmocka_unit_test(foreign_or_missing_file),
	        cmocka_unit_test(valid_checksum_other_stats),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
