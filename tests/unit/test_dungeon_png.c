/* Unit tests of the dungeon's PNG of version 2 (pngwrite, dungeon_png.c's
 * palette indices): over many random dungeons of every shipped tileset,
 * sizes 1 x 1 to 30 x 30, the PNG of version 2 decodes (libpng: chunk
 * CRCs, zlib's Adler-32) to the same RGB pixels as version 1's (cairo);
 * version 1's bytes are dungeon_draw_png's; the .dd2vtt of version 2 is
 * version 1's text with the other image; the bytes of version 2 are pinned
 * for a few dungeons (frozen: a dungeon code answers the same bytes
 * forever); pngwrite alone on pictures that are not dungeons (noise, one
 * pixel wide, repeated rows) decodes to its input. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <png.h>
#include <sodium.h>

#include "dungeon.h"
#include "dungeon_draw.h"
#include "dungeoncode.h"
#include "mapgen.h"
#include "pngwrite.h"
#include "rng.h"
#include "tiles_fixture.h"

#define PER_SET  40
#define TREASURE "sql/migrations/0017_dungeon_treasure.sql"

static struct tiles_set sets0007[TILESETS_MAX], sets0017[TILESETS_MAX];
static size_t n0007, n0017;
static struct map m;
static struct dungeon d;
static struct map_tile weighed[MAP_TILES_MAX];
/* the drawing is all that matters here, not the treasure */
static const struct dungeon_budget budget = {.id = 1,
                                             .level = 20,
                                             .budget_per_room = 1000,
                                             .tier = 6,
                                             .empty_pct = 30,
                                             .items_pct = 40,
                                             .hoard_pct = 30,
                                             .items_max = 4,
                                             .gem_value = 100,
                                             .art_value = 250,
                                             .added_rev = 1};

static int setup(void **state)
{
	(void)state;
	if (tiles_load(sets0007, &n0007) != 0 || tiles_load_file(TREASURE, sets0017, &n0017) != 0)
		return -1;
	return n0007 == 2 && n0017 == 3 ? 0 : -1;
}

static const struct tiles_set *set_at(size_t i)
{
	return i < n0007 ? &sets0007[i] : &sets0017[i - n0007];
}

static void build(const struct tiles_set *set, int w, int h, int hallways, uint64_t seed)
{
	static struct map_tileset ts;
	char why[MAP_WHY_MAX];
	dungeon_weigh_tiles(set->tiles, set->n, hallways, weighed);
	assert_int_equal(map_tileset_init(&ts, weighed, set->n, why), 0);
	assert_int_equal(map_generate(&ts, w, h, seed, &m, why), 0);
	assert_int_equal(dungeon_build(&m, weighed, &budget, seed, &d), 0);
}

/* PNG bytes as RGB pixels through libpng (which checks the chunks' CRCs
 * and the zlib stream's Adler-32); malloc'd, *w x *h. */
static unsigned char *decode(const struct buf *png, int *w, int *h)
{
	png_image im;
	memset(&im, 0, sizeof im);
	im.version = PNG_IMAGE_VERSION;
	assert_true(png_image_begin_read_from_memory(&im, png->data, png->len));
	im.format = PNG_FORMAT_RGB;
	unsigned char *rgb = malloc(PNG_IMAGE_SIZE(im));
	assert_non_null(rgb);
	assert_true(png_image_finish_read(&im, NULL, rgb, 0, NULL));
	assert_true(im.warning_or_error == 0);
	*w = (int)im.width;
	*h = (int)im.height;
	return rgb;
}

static void test_same_pixels(void **state)
{
	(void)state;
	struct rng r;
	struct buf one, two, three;
	size_t bytes1 = 0, bytes2 = 0, bytes3 = 0;

	buf_init(&one);
	buf_init(&two);
	buf_init(&three);
	rng_seed(&r, 27);
	for (size_t s = 0; s < n0007 + n0017; s++) {
		long doors = 0, rooms = 0;
		for (int i = 0; i < PER_SET; i++) {
			int w = i == 0 ? 1 : i == 1 ? 30 : 1 + (int)rng_below(&r, 30);
			int h = i == 0 ? 1 : i == 1 ? 30 : 1 + (int)rng_below(&r, 30);
			build(set_at(s), w, h,
			      i == 2   ? 0
			      : i == 1 ? 100
			               : (int)rng_below(&r, 101),
			      rng_next(&r));
			doors += d.n_doors;
			rooms += d.n_rooms;
			buf_reset(&one);
			buf_reset(&two);
			buf_reset(&three);
			assert_int_equal(dungeon_draw_png_v(&d, DUNGEONCODE_VERSION_1, &one), 0);
			assert_int_equal(dungeon_draw_png_v(&d, DUNGEONCODE_VERSION_2, &two), 0);
			assert_int_equal(dungeon_draw_png_v(&d, DUNGEONCODE_VERSION_3, &three), 0);
			int w1, h1, w2, h2, w3, h3;
			unsigned char *a = decode(&one, &w1, &h1), *b = decode(&two, &w2, &h2),
			              *c = decode(&three, &w3, &h3);
			assert_int_equal(w1, d.cw * DUNGEON_PNG_CELL);
			assert_int_equal(h1, d.ch * DUNGEON_PNG_CELL);
			assert_true(w2 == w1 && w3 == w1);
			assert_true(h2 == h1 && h3 == h1);
			for (size_t k = 0; k < (size_t)w1 * (size_t)h1 * 3; k++)
				if (a[k] != b[k] || b[k] != c[k])
					fail_msg("%s %dx%d #%d: pixel (%zu, %zu) differs (%s)",
					         set_at(s)->name, w, h, i, k / 3 % (size_t)w1,
					         k / 3 / (size_t)w1,
					         a[k] != b[k] ? "1, 2" : "2, 3");
			free(a);
			free(b);
			free(c);
			bytes1 += one.len;
			bytes2 += two.len;
			bytes3 += three.len;
		}
		printf("%s: %d dungeons (%ld rooms, %ld doors), the same pixels\n", set_at(s)->name,
		       PER_SET, rooms, doors);
		/* the dungeons drew what the pictures must match */
		if (strcmp(set_at(s)->name, "ruins") != 0)
			assert_true(doors > PER_SET && rooms > PER_SET);
	}
	printf("PNG bytes: version 1 %zu, version 2 %zu, version 3 %zu\n", bytes1, bytes2, bytes3);
	buf_free(&one);
	buf_free(&two);
	buf_free(&three);
}

/* Version 1's bytes are dungeon_draw_png's and dungeon_draw_vtt's; the
 * .dd2vtt of version 2 is the same text around its own PNG. */
static void test_versions(void **state)
{
	(void)state;
	struct buf a, b, png;
	buf_init(&a);
	buf_init(&b);
	buf_init(&png);
	build(&sets0017[0], 12, 8, 50, 7);
	assert_int_equal(dungeon_draw_png(&d, &a), 0);
	assert_int_equal(dungeon_draw_png_v(&d, DUNGEONCODE_VERSION_1, &b), 0);
	assert_true(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
	buf_reset(&a);
	buf_reset(&b);
	assert_int_equal(dungeon_draw_vtt(&d, &a), 0);
	assert_int_equal(dungeon_draw_vtt_v(&d, DUNGEONCODE_VERSION_1, &b), 0);
	assert_true(a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
	buf_reset(&b);
	assert_int_equal(dungeon_draw_vtt_v(&d, DUNGEONCODE_VERSION, &b), 0);
	assert_int_equal(dungeon_draw_png_v(&d, DUNGEONCODE_VERSION, &png), 0);
	const char *i1 = strstr(a.data, "\"image\":\""), *i2 = strstr(b.data, "\"image\":\"");
	assert_true(i1 && i2 && i1 - a.data == i2 - b.data);
	assert_memory_equal(a.data, b.data, (size_t)(i1 - a.data));
	assert_string_equal(a.data + a.len - 2, "\"}");
	assert_string_equal(b.data + b.len - 2, "\"}");
	char *text = malloc(sodium_base64_ENCODED_LEN(png.len, sodium_base64_VARIANT_ORIGINAL));
	sodium_bin2base64(text, sodium_base64_ENCODED_LEN(png.len, sodium_base64_VARIANT_ORIGINAL),
	                  (const unsigned char *)png.data, png.len, sodium_base64_VARIANT_ORIGINAL);
	assert_int_equal(b.len - (size_t)(i2 - b.data) - 11, strlen(text));
	assert_memory_equal(i2 + 9, text, strlen(text));
	free(text);
	buf_free(&a);
	buf_free(&b);
	buf_free(&png);
}

static void sha256_hex(const struct buf *b, char hex[65])
{
	unsigned char h[crypto_hash_sha256_BYTES];
	crypto_hash_sha256(h, (const unsigned char *)b->data, b->len);
	sodium_bin2hex(hex, 65, h, sizeof h);
}

/* The bytes of version 2, frozen: a dungeon code of version 2 answers
 * these forever. A change to pngwrite or the drawing that moves them needs
 * a new dungeon code version (docs/dungeons.md). */
static void test_version2_pinned(void **state)
{
	(void)state;
	static const struct {
		size_t set;
		int w, h, hallways;
		uint64_t seed;
		size_t png_len;
		const char *png, *vtt;
	} pins[] = {
	        {2, 30, 30, 100, 1, 40690,
	         "b3147edeb7229c743448d95025367d7a12e37f3eaa6ae71e5d3d37b82287134e",
	         "739a30659c5e755e0d0187bf26a79fcacd7561defbd65221b672b2dfcde179e9"},
	        {3, 12, 8, 50, 2, 7393,
	         "f9685b055f0dcfe746ea8ade0c965e43615efd1377e61c52b6978c764efc227e",
	         "7f4311b390a067353cdbe589049f524eb058409f301caa925c2cc257b14e2bf3"},
	        {4, 1, 1, 0, 3, 403,
	         "8642f2668c35e40d8dafb9f1474992c0230627698288b6ba5b475566531d304c",
	         "45be2095772ddede1fe1b117b00b00b1614948eda0863c2e130f8f13a76d7317"},
	        {0, 20, 9, 70, 4, 10802,
	         "ae2434c31a8c0fc4c80c62fe1ab82df0ee13d57509e949bbdf225716344911ac",
	         "4ffea19da3a0a699da4b85c82245bcde88d71c3cb4604cfc34f9c216fdd0ccdd"},
	};
	struct buf png, vtt;
	char hex[65];
	int wrong = 0;
	buf_init(&png);
	buf_init(&vtt);
	for (size_t i = 0; i < sizeof pins / sizeof pins[0]; i++) {
		build(set_at(pins[i].set), pins[i].w, pins[i].h, pins[i].hallways, pins[i].seed);
		buf_reset(&png);
		buf_reset(&vtt);
		assert_int_equal(dungeon_draw_png_v(&d, DUNGEONCODE_VERSION_2, &png), 0);
		assert_int_equal(dungeon_draw_vtt_v(&d, DUNGEONCODE_VERSION_2, &vtt), 0);
		sha256_hex(&png, hex);
		/* printed so that a deliberate new version can copy them */
		printf("{%zu, %d, %d, %d, %llu, %zu, \"%s\",\n", pins[i].set, pins[i].w, pins[i].h,
		       pins[i].hallways, (unsigned long long)pins[i].seed, png.len, hex);
		wrong |= png.len != pins[i].png_len || strcmp(hex, pins[i].png) != 0;
		sha256_hex(&vtt, hex);
		printf(" \"%s\"},\n", hex);
		wrong |= strcmp(hex, pins[i].vtt) != 0;
	}
	assert_false(wrong);
	buf_free(&png);
	buf_free(&vtt);
}

/* pngwrite alone: px (w x h) with a palette of grey levels decodes to
 * those greys. */
static void round_trip(const unsigned char *px, int w, int h, int period)
{
	unsigned char pal[256][3];
	struct buf png;
	int dw, dh;
	for (int i = 0; i < 256; i++)
		pal[i][0] = pal[i][1] = pal[i][2] = (unsigned char)i;
	const unsigned char *rows[200];
	/* rows alike given as one pointer (as the dungeon does), or not */
	for (int y = 0; y < h; y++)
		rows[y] = y && y % 2 && memcmp(px + y * w, px + (y - 1) * w, (size_t)w) == 0
		                  ? rows[y - 1]
		                  : px + y * w;
	buf_init(&png);
	assert_int_equal(
	        pngwrite_indexed(rows, w, h, (const unsigned char(*)[3])pal, 256, period, &png), 0);
	unsigned char *rgb = decode(&png, &dw, &dh);
	assert_int_equal(dw, w);
	assert_int_equal(dh, h);
	for (size_t k = 0; k < (size_t)w * (size_t)h; k++)
		assert_int_equal(rgb[3 * k], px[k]);
	free(rgb);
	buf_free(&png);
}

static void test_pngwrite_pictures(void **state)
{
	(void)state;
	static unsigned char px[300 * 200];
	struct rng r;
	rng_seed(&r, 5);
	static const int sizes[][2] = {{1, 1}, {1, 50}, {2, 7}, {3, 3}, {50, 1}, {300, 200}};
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
		int w = sizes[s][0], h = sizes[s][1];
		for (int kind = 0; kind < 4; kind++) {
			for (int y = 0; y < h; y++)
				for (int x = 0; x < w; x++) {
					unsigned char *p = &px[y * w + x];
					/* noise; runs; rows repeated; noise repeated
					 * every 7 pixels and every 3 rows */
					*p = kind == 0   ? (unsigned char)rng_next(&r)
					     : kind == 1 ? (unsigned char)(x / 5 + y / 4)
					     : kind == 2 ? (unsigned char)(y / 9 * 31 + (x > w / 2))
					     : y % 3 && y ? px[(y - 1) * w + x]
					     : x >= 7     ? px[y * w + x - 7]
					                  : (unsigned char)rng_next(&r);
				}
			round_trip(px, w, h, kind == 3 ? 7 : 10);
		}
	}
	struct buf b;
	const unsigned char *rows[1] = {px};
	buf_init(&b);
	assert_int_equal(pngwrite_indexed(rows, 0, 1, NULL, 1, 0, &b), -1);
	assert_int_equal(pngwrite_indexed(rows, PNGWRITE_W_MAX + 1, 1, NULL, 1, 0, &b), -1);
	buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_same_pixels),
	        cmocka_unit_test(test_versions),
	        cmocka_unit_test(test_version2_pinned),
	        cmocka_unit_test(test_pngwrite_pictures),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
