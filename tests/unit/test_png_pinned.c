/* The bytes of version 2's pictures, pinned wholesale: a dungeon code of
 * version 2 answers its PNG in these bytes forever (docs/dungeons.md), so a
 * faster pngwrite or drawing must write, for every dungeon, the same bytes.
 * test_dungeon_png pins four PNGs; this hashes (FNV-1a) many more: for each
 * shipped tileset weighed for hallways 0, 50 and 100, 30 x 30 at levels 1
 * and 20 and 24 dungeons of random size, level and seed, their PNG of
 * version 2; and pngwrite alone on pictures no dungeon draws (noise, runs,
 * repeats at every period from 0 to 13, rows given alike as one pointer,
 * widths from 1 to 1801, rows that differ from the row above in a few
 * places, runs about 64 long; and rows 4,095 to 16,384 wide). The expected
 * hashes were computed with pngwrite.c and dungeon_png.c as they were at
 * 529547c, before branch dungeon-fast made them faster (the wide rows'
 * at c918ab9, the same writer's bytes);
 * PNG_PIN_PRINT=1 prints the table (there should be no reason to re-pin).
 *
 * Version 3's picture (dungeon_draw_png_v with DUNGEONCODE_VERSION_3,
 * pngwrite_lines) is pinned the same way: the same dungeons, and
 * pngwrite_lines alone on the same pictures (8 bits a pixel, and their
 * low 4 bits at 4), each of these decoded here too (zlib, the filters)
 * and compared with the pixels given. pngwrite_lines alone pinned on
 * branch png-v3 after 0563462; the dungeons re-pinned on png-v3-cells at
 * 47fc247 (pngwrite_lines_cells, told by the drawing where each line may
 * differ from the line a cell of lines up: other bytes, the same pixels). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <zlib.h>

#include "dungeon.h"
#include "dungeon_draw.h"
#include "dungeoncode.h"
#include "mapgen.h"
#include "pngwrite.h"
#include "rng.h"
#include "budgets_fixture.h"
#include "tiles_fixture.h"
#include "fnv_fixture.h"

#define EXTRA 24

static struct tiles_set sets0007[TILESETS_MAX], sets0017[TILESETS_MAX];
static size_t n0007, n0017;
static struct dungeon_budget budgets[DUNGEON_LEVEL_MAX];
static struct map m;
static struct dungeon d;
static long n_pngs;
static size_t n_bytes;

struct pinned {
	const char *name;
	uint64_t hash;
};

/* Computed at 529547c (see the header). */
static const struct pinned expected[] = {
        {"pngwrite", 0x879069ee64edd069ULL},
        {"pngwrite-wide", 0xd50adc68a0651b7fULL},
        {"plain/hallways=0", 0x971f7530900e9750ULL},
        {"plain/hallways=50", 0x61e7da69e58bd65cULL},
        {"plain/hallways=100", 0x15ec439032f8bc09ULL},
        {"ruins/hallways=0", 0xf23488aa73ea3ef8ULL},
        {"ruins/hallways=50", 0x1ffb91bc01ce1e54ULL},
        {"ruins/hallways=100", 0x632d8f50340d15d8ULL},
        {"walls/hallways=0", 0x20ed3a2475671abbULL},
        {"walls/hallways=50", 0x427432dda5126194ULL},
        {"walls/hallways=100", 0xc9b5ede348a4e9cfULL},
        {"curvy/hallways=0", 0x85830ce6a3d5747cULL},
        {"curvy/hallways=50", 0xcd9c40168bc6b19aULL},
        {"curvy/hallways=100", 0x1b54677821951368ULL},
        {"crumbling/hallways=0", 0x2b8d334c28aa95a1ULL},
        {"crumbling/hallways=50", 0x5bd3d91bd31a0d90ULL},
        {"crumbling/hallways=100", 0x1d6b918e2c48aef9ULL},
        /* version 3 (see the header) */
        {"v3 pngwrite_lines", 0x2d517a3127406978ULL},
        {"v3 pngwrite_lines-wide", 0x86bc4cfc7332adbfULL},
        {"v3 plain/hallways=0", 0xe05c397ec9639abbULL},
        {"v3 plain/hallways=50", 0xa1b532e88519a48dULL},
        {"v3 plain/hallways=100", 0xbee31820b9c9f4b8ULL},
        {"v3 ruins/hallways=0", 0xa5c5e11119b42a50ULL},
        {"v3 ruins/hallways=50", 0x90169955fc0afa5bULL},
        {"v3 ruins/hallways=100", 0x89088de894bd8ee5ULL},
        {"v3 walls/hallways=0", 0x9a9d76b92f1c756eULL},
        {"v3 walls/hallways=50", 0x373a78dae3d249c3ULL},
        {"v3 walls/hallways=100", 0x3ddd11d74cd3a3a4ULL},
        {"v3 curvy/hallways=0", 0x5205678b8cc5a664ULL},
        {"v3 curvy/hallways=50", 0x212993ed17eba4adULL},
        {"v3 curvy/hallways=100", 0x5b305e10dee02e29ULL},
        {"v3 crumbling/hallways=0", 0x3a797d6fd75a4ee5ULL},
        {"v3 crumbling/hallways=50", 0xb62e7d105b9c8a09ULL},
        {"v3 crumbling/hallways=100", 0x6843e94bfba9705fULL},
};

static int setup(void **state)
{
	(void)state;
	return tiles_load(sets0007, &n0007) != 0 ||
	                       tiles_load_file("sql/migrations/0017_dungeon_treasure.sql", sets0017,
	                                       &n0017) != 0 ||
	                       budgets_load(budgets) != 0
	               ? -1
	               : 0;
}

static uint64_t png_hash(uint64_t h, const struct map_tileset *ts, const struct map_tile *tiles,
                         int w, int h_, int level, uint64_t seed, int version, struct buf *png)
{
	char why[MAP_WHY_MAX];

	if (map_generate(ts, w, h_, seed, &m, why) != 0)
		return h ^ seed; /* refused: nothing drawn, but counted */
	assert_int_equal(dungeon_build(&m, tiles, &budgets[level - 1], seed, &d), 0);
	buf_reset(png);
	assert_int_equal(dungeon_draw_png_v(&d, version, png), 0);
	n_pngs++;
	n_bytes += png->len;
	h = fnv(h, &png->len, sizeof png->len);
	return fnv(h, png->data, png->len);
}

static int check(const char *name, uint64_t h, int print)
{
	if (print)
		printf("        {\"%s\", 0x%016llxULL},\n", name, (unsigned long long)h);
	for (size_t i = 0; i < sizeof expected / sizeof expected[0]; i++)
		if (strcmp(expected[i].name, name) == 0)
			return expected[i].hash == h;
	return 0;
}

/* The pinned dungeons' PNGs of `version`, their hashes named with prefix. */
static void dungeons(int version, const char *prefix)
{
	static const int mixes[] = {0, 50, 100};
	static struct map_tile weighed[MAP_TILES_MAX];
	static struct map_tileset ts;
	const char *pp = getenv("PNG_PIN_PRINT");
	int print = pp && *pp == '1', wrong = 0;
	char why[MAP_WHY_MAX], name[64];
	struct buf png;

	n_pngs = 0;
	n_bytes = 0;
	buf_init(&png);
	for (size_t s = 0; s < n0007 + n0017; s++) {
		const struct tiles_set *set = s < n0007 ? &sets0007[s] : &sets0017[s - n0007];
		for (size_t k = 0; k < sizeof mixes / sizeof mixes[0]; k++) {
			struct rng r;
			uint64_t h = FNV_OFFSET;
			dungeon_weigh_tiles(set->tiles, set->n, mixes[k], weighed);
			assert_int_equal(map_tileset_init(&ts, weighed, set->n, why), 0);
			h = png_hash(h, &ts, weighed, 30, 30, 1, 11, version, &png);
			h = png_hash(h, &ts, weighed, 30, 30, 20, 12, version, &png);
			rng_seed(&r, 0x706e67 + s * 7 + k);
			for (int i = 0; i < EXTRA; i++) {
				int w = 1 + (int)rng_below(&r, 30), hh = 1 + (int)rng_below(&r, 30);
				int level = 1 + (int)rng_below(&r, 20);
				h = png_hash(h, &ts, weighed, w, hh, level, rng_next(&r), version,
				             &png);
			}
			snprintf(name, sizeof name, "%s%s/hallways=%d", prefix, set->name,
			         mixes[k]);
			if (!check(name, h, print)) {
				printf("%s: 0x%016llx differs\n", name, (unsigned long long)h);
				wrong = 1;
			}
		}
	}
	buf_free(&png);
	printf("version %d: %ld PNGs, %zu bytes\n", version, n_pngs, n_bytes);
	assert_false(wrong);
}

static void test_dungeons(void **state)
{
	(void)state;
	dungeons(DUNGEONCODE_VERSION_2, "");
}

static void test_dungeons_v3(void **state)
{
	(void)state;
	dungeons(DUNGEONCODE_VERSION_3, "v3 ");
}

/* Rows of w pixels, h rows, of a kind, into px; rows[] pointing at them,
 * alike ones (every other row equal to the one above) as one pointer. */
static void picture(struct rng *r, unsigned char *px, const unsigned char **rows, int w, int h,
                    int kind)
{
	for (int y = 0; y < h; y++) {
		unsigned char *row = px + (size_t)y * (size_t)w;
		for (int x = 0; x < w; x++) {
			unsigned char *p = &row[x];
			uint64_t v = rng_next(r);
			switch (kind) {
			case 0: /* noise of a few values */
				*p = (unsigned char)(v % 3);
				break;
			case 1: /* runs of colours, new each few rows */
				*p = x && v % 7 ? row[x - 1] : (unsigned char)(v >> 8);
				if (y % 4 && y)
					*p = row[x - w];
				break;
			case 2: /* the row above, changed in a few places */
				*p = y && v % 13 ? row[x - w] : (unsigned char)(v >> 16 & 7);
				break;
			case 3: /* a cell of 10 repeated, with flaws */
				*p = x >= 10 && v % 29 ? row[x - 10] : (unsigned char)(v >> 8 & 3);
				break;
			case 4: /* long runs and long repeats of the row above */
				*p = y && v % 97 ? row[x - w] : x && v % 31 ? row[x - 1] : 9;
				break;
			default: /* below */
				*p = 0;
			}
		}
		if (kind == 5) {
			/* As filtered: runs of 55 to 75 bytes (about the 64 past
			 * which pngwrite looks no further than the run). An even row
			 * is the odd row after it with every other run's first byte
			 * changed: in the odd row, past that byte, the row above
			 * matches longer than the run. Then undone into pixels. */
			static unsigned char clean[1801], fy[1801];
			if (y % 2 == 0) {
				int run = 0;
				unsigned char c = 0;
				for (int x = 0; x < w; run++) {
					int len = 55 + (int)rng_below(r, 21);
					c = (unsigned char)((c + 1 + rng_below(r, 3)) % 4);
					for (int k = 0; k < len && x < w; k++, x++) {
						clean[x] = c;
						fy[x] = k == 0 && run % 2 ? 200 : c;
					}
				}
			} else {
				memcpy(fy, clean, (size_t)w);
			}
			for (int x = 0; x < w; x++)
				row[x] = (unsigned char)((y ? row[x - w] : 0) + fy[x]);
		}
		rows[y] = y && kind == 4 && y % 2 && memcmp(row, row - w, (size_t)w) == 0
		                  ? rows[y - 1]
		                  : row;
	}
}

static void test_pngwrite(void **state)
{
	static const int sizes[][2] = {{1, 1},   {2, 3},    {3, 40},  {7, 7},    {60, 9},
	                               {259, 5}, {260, 12}, {261, 6}, {700, 30}, {1801, 4}};
	static unsigned char px[1801 * 40];
	static const unsigned char *rows[40];
	static unsigned char pal[256][3];
	const char *pp = getenv("PNG_PIN_PRINT");
	uint64_t h = FNV_OFFSET;
	struct buf png;
	struct rng r;
	(void)state;

	for (int i = 0; i < 256; i++)
		pal[i][0] = pal[i][1] = pal[i][2] = (unsigned char)i;
	rng_seed(&r, 27);
	buf_init(&png);
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
		for (int kind = 0; kind < 6; kind++)
			for (int period = 0; period <= 13; period++) {
				picture(&r, px, rows, sizes[s][0], sizes[s][1], kind);
				buf_reset(&png);
				assert_int_equal(pngwrite_indexed(rows, sizes[s][0], sizes[s][1],
				                                  (const unsigned char(*)[3])pal,
				                                  256, period, &png),
				                 0);
				h = fnv(h, &png.len, sizeof png.len);
				h = fnv(h, png.data, png.len);
			}
	/* rows wider than any dungeon's, up to the widest */
	static unsigned char wide[PNGWRITE_W_MAX * 3];
	static const int widths[] = {4095, 4097, 5000, 8193, PNGWRITE_W_MAX};
	uint64_t hw = FNV_OFFSET;
	for (size_t s = 0; s < sizeof widths / sizeof widths[0]; s++)
		for (int kind = 0; kind < 6; kind += 2) {
			picture(&r, wide, rows, widths[s], 3, kind);
			buf_reset(&png);
			assert_int_equal(pngwrite_indexed(rows, widths[s], 3,
			                                  (const unsigned char(*)[3])pal, 256, 10,
			                                  &png),
			                 0);
			hw = fnv(hw, &png.len, sizeof png.len);
			hw = fnv(hw, png.data, png.len);
		}
	buf_free(&png);
	assert_true(check("pngwrite", h, pp && *pp == '1'));
	assert_true(check("pngwrite-wide", hw, pp && *pp == '1'));
}

/* The zlib stream of png's IDAT chunks inflated and unfiltered (filters
 * "none" and "up" only: all pngwrite_lines writes) into px, h lines of n
 * bytes after their filter byte; 0, or -1 when it is not such a PNG. */
static int unpng(const struct buf *png, int h, size_t n, unsigned char *px)
{
	static unsigned char idat[1 << 20], raw[(1801 + 1) * 40 + PNGWRITE_W_MAX * 3 + 64];
	size_t at = 8, len = 0;
	uLongf got = sizeof raw;

	while (at + 12 <= png->len) {
		const unsigned char *c = (const unsigned char *)png->data + at;
		size_t k = (size_t)c[0] << 24 | (size_t)c[1] << 16 | (size_t)c[2] << 8 | c[3];
		if (at + 12 + k > png->len)
			return -1;
		if (memcmp(c + 4, "IDAT", 4) == 0) {
			if (len + k > sizeof idat)
				return -1;
			memcpy(idat + len, c + 8, k);
			len += k;
		}
		at += 12 + k;
	}
	if (uncompress(raw, &got, idat, len) != Z_OK || got != (uLongf)h * (n + 1))
		return -1;
	for (int y = 0; y < h; y++) {
		const unsigned char *l = raw + (size_t)y * (n + 1);
		unsigned char *o = px + (size_t)y * n;
		for (size_t x = 0; x < n; x++)
			o[x] = l[0] == 2 && y ? (unsigned char)(l[1 + x] + o[x - n])
			       : l[0] <= 2    ? l[1 + x]
			                      : 0xff;
		if (l[0] != 0 && l[0] != 2)
			return -1;
	}
	return 0;
}

/* pngwrite_lines on test_pngwrite's pictures: each as lines of 8 bits a
 * pixel and of its low 4 bits at 4 (two a byte, the first highest), the
 * filter byte "none" every third line and "up" the others, lines alike
 * as one pointer where the rows were; the period as the cell (at 4 bits,
 * even periods only). Each decodes to its pixels; the bytes are pinned. */
static uint64_t lines_hash(uint64_t h, struct rng *r, unsigned char *px, int w, int hh, int kind,
                           int period, const unsigned char (*pal)[3])
{
	static const unsigned char *rows[40], *lines[40];
	static unsigned char packed[(PNGWRITE_W_MAX + 1) * 40], back[PNGWRITE_W_MAX * 40];
	struct buf png;

	picture(r, px, rows, w, hh, kind);
	buf_init(&png);
	for (int depth = 8; depth >= 4; depth -= 4) {
		size_t n = ((size_t)w * (size_t)depth + 7) / 8;
		for (int y = 0; y < hh; y++) {
			unsigned char *l = packed + (size_t)y * (n + 1);
			const unsigned char *row = rows[y];
			if (y && rows[y] == rows[y - 1]) {
				lines[y] = lines[y - 1];
				continue;
			}
			l[0] = y % 3 ? 2 : 0;
			if (depth == 8) {
				memcpy(l + 1, row, (size_t)w);
			} else {
				memset(l + 1, 0, n);
				for (int x = 0; x < w; x++)
					l[1 + x / 2] |=
					        (unsigned char)((row[x] & 15) << (x % 2 ? 0 : 4));
			}
			lines[y] = l;
		}
		int cell = depth == 4 && period % 2 ? 0 : period;
		buf_reset(&png);
		assert_int_equal(
		        pngwrite_lines(lines, w, hh, depth, pal, depth == 8 ? 256 : 16, cell, &png),
		        0);
		assert_int_equal(unpng(&png, hh, n, back), 0);
		for (int y = 0; y < hh; y++)
			assert_memory_equal(back + (size_t)y * n, lines[y] + 1, n);
		h = fnv(h, &png.len, sizeof png.len);
		h = fnv(h, png.data, png.len);
	}
	buf_free(&png);
	return h;
}

static void test_pngwrite_lines(void **state)
{
	static const int sizes[][2] = {{1, 1},   {2, 3},    {3, 40},  {7, 7},    {60, 9},
	                               {259, 5}, {260, 12}, {261, 6}, {700, 30}, {1801, 4}};
	static unsigned char px[1801 * 40];
	static unsigned char pal[256][3];
	const char *pp = getenv("PNG_PIN_PRINT");
	uint64_t h = FNV_OFFSET;
	struct rng r;
	(void)state;

	for (int i = 0; i < 256; i++)
		pal[i][0] = pal[i][1] = pal[i][2] = (unsigned char)i;
	rng_seed(&r, 27);
	for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++)
		for (int kind = 0; kind < 6; kind++)
			for (int period = 0; period <= 13; period++)
				h = lines_hash(h, &r, px, sizes[s][0], sizes[s][1], kind, period,
				               (const unsigned char(*)[3])pal);
	/* lines wider than any dungeon's, up to the widest */
	static unsigned char wide[PNGWRITE_W_MAX * 3];
	static const int widths[] = {4095, 4097, 5000, 8193, PNGWRITE_W_MAX};
	uint64_t hw = FNV_OFFSET;
	for (size_t s = 0; s < sizeof widths / sizeof widths[0]; s++)
		for (int kind = 0; kind < 6; kind += 2)
			hw = lines_hash(hw, &r, wide, widths[s], 3, kind, 10,
			                (const unsigned char(*)[3])pal);
	int ok = check("v3 pngwrite_lines", h, pp && *pp == '1');
	ok &= check("v3 pngwrite_lines-wide", hw, pp && *pp == '1');
	assert_true(ok);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_pngwrite),
	        cmocka_unit_test(test_dungeons),
	        cmocka_unit_test(test_pngwrite_lines),
	        cmocka_unit_test(test_dungeons_v3),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
