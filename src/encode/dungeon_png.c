/* dungeon_png: see dungeon_draw.h. The picture the page's SVG draws, in
 * pixels: wall ground, hallway and room floor, a faint grid, doors as bars
 * across their openings, the stairs as triangles (up pointing up, green;
 * down pointing down, red), each room's number. */
#include "dungeon_draw.h"

#include "cpu.h"
#include "dungeoncode.h"
#include "pngwrite.h"

#include <cairo/cairo.h>
#include <png.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <tmmintrin.h> /* SSSE3's byte shuffle, where the processor has it */
#define CELLS_16 1
#endif

#define P DUNGEON_PNG_CELL

static void to_buf(png_structp png, png_bytep data, size_t n)
{
	struct buf *out = png_get_io_ptr(png);
	if (buf_append(out, data, n) != 0)
		png_error(png, "out of memory");
}

static void no_flush(png_structp png)
{
	(void)png;
}

/* The palette of the surface's colours into pal (at most 256, as RGB);
 * each pixel's index into idx. -1 when there are more than 256. The
 * drawing is not antialiased, so a dungeon has a dozen colours. */
static int quantize(const unsigned char *px, int w, int h, int stride, png_color *pal, int *n_pal,
                    unsigned char *idx)
{
	uint32_t seen[256];
	int n = 0, last = -1;
	uint32_t last_c = 0;

	for (int y = 0; y < h; y++) {
		const uint32_t *src =
		        (const uint32_t *)(const void *)(px + (size_t)y * (size_t)stride);
		for (int x = 0; x < w; x++) {
			uint32_t c = src[x] & 0xffffff;
			int k = last;
			if (k < 0 || c != last_c)
				for (k = 0; k < n && seen[k] != c; k++)
					;
			if (k == n) {
				if (n == 256)
					return -1;
				seen[n] = c;
				pal[n].red = (png_byte)(c >> 16);
				pal[n].green = (png_byte)(c >> 8);
				pal[n].blue = (png_byte)c;
				n++;
			}
			last = k;
			last_c = c;
			idx[(size_t)y * (size_t)w + (size_t)x] = (unsigned char)k;
		}
	}
	*n_pal = n;
	return 0;
}

/* The surface as an 8-bit indexed PNG, written with libpng rather than
 * cairo's own writer: that one writes 32-bit pixels trying every row
 * filter at zlib's default level, which made a 30 x 30 dungeon's PNG cost
 * ~90 ms of CPU. One byte a pixel, each row against the one above ("up":
 * the rows of a cell are mostly the same) and run-length zlib compress
 * flat colours as well, several times faster (docs/dungeons.md). 0, or
 * -1. */
/* Pixels idx (w x h palette indices) as a PNG onto out. Apart from the
 * quantizing, so that nothing of that is live across the setjmp. */
static int encode(const unsigned char *idx, int w, int h, png_color *pal, int n_pal,
                  struct buf *out)
{
	png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
	png_infop info = png ? png_create_info_struct(png) : NULL;
	volatile int rc = -1;

	if (!png || !info)
		goto out;
	if (setjmp(png_jmpbuf(png)))
		goto out;
	png_set_write_fn(png, out, to_buf, no_flush);
	png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_PALETTE,
	             PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_set_PLTE(png, info, pal, n_pal);
	png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_UP);
	png_set_compression_level(png, 1);
	png_set_compression_strategy(png, Z_RLE);
	png_write_info(png, info);
	for (int y = 0; y < h; y++)
		png_write_row(png, idx + (size_t)y * (size_t)w);
	png_write_end(png, NULL);
	rc = 0;
out:
	png_destroy_write_struct(png ? &png : NULL, info ? &info : NULL);
	return rc;
}

static int write_png(cairo_surface_t *s, struct buf *out)
{
	int w = cairo_image_surface_get_width(s), h = cairo_image_surface_get_height(s);
	int stride = cairo_image_surface_get_stride(s), n_pal = 0, rc = -1;
	const unsigned char *px = cairo_image_surface_get_data(s);
	unsigned char *idx = malloc((size_t)w * (size_t)h);
	png_color pal[256];

	if (idx && px && quantize(px, w, h, stride, pal, &n_pal, idx) == 0)
		rc = encode(idx, w, h, pal, n_pal, out);
	free(idx);
	return rc;
}

static void fill_cells(cairo_t *cr, const struct dungeon *d, char what, double r, double g,
                       double b)
{
	cairo_set_source_rgb(cr, r, g, b);
	for (int y = 0; y < d->ch; y++)
		for (int x = 0; x < d->cw;) {
			if (d->kind[y * d->cw + x] != what) {
				x++;
				continue;
			}
			int end = x;
			while (end < d->cw && d->kind[y * d->cw + end] == what)
				end++;
			cairo_rectangle(cr, x * P, y * P, (end - x) * P, P);
			x = end;
		}
	cairo_fill(cr);
}

/* Digits 3 x 5 dots, row by row from the top, bit 14 first: the room
 * numbers are drawn from these, not from a font, so the PNG's bytes do not
 * depend on the fonts installed (a code answers the same bytes forever)
 * and no font library is loaded. */
static const uint16_t digit_dots[10] = {
        0x7b6f, /* 0: ### #.# #.# #.# ### */
        0x2c97, /* 1: .#. ##. .#. .#. ### */
        0x73e7, /* 2: ### ..# ### #.. ### */
        0x73cf, /* 3: ### ..# ### ..# ### */
        0x5bc9, /* 4: #.# #.# ### ..# ..# */
        0x79cf, /* 5: ### #.. ### ..# ### */
        0x79ef, /* 6: ### #.. ### #.# ### */
        0x7249, /* 7: ### ..# ..# ..# ..# */
        0x7bef, /* 8: ### #.# ### #.# ### */
        0x7bcf, /* 9: ### #.# ### ..# ### */
};
#define DOT (P / 5) /* a digit is 3 x 5 dots in a cell's height */

/* The path of number n's digits from (x, y) (top left), for one fill. */
static void number(cairo_t *cr, int n, int x, int y)
{
	char text[12];
	int len = snprintf(text, sizeof text, "%d", n);
	for (int i = 0; i < len; i++)
		for (int bit = 0; bit < 15; bit++)
			if (digit_dots[text[i] - '0'] & (1u << (14 - bit)))
				cairo_rectangle(cr, x + i * 4 * DOT + bit % 3 * DOT,
				                y + bit / 3 * DOT, DOT, DOT);
}

static void stairs(cairo_t *cr, int x, int y, int up)
{
	double l = x * P + 1, r = (x + 1) * P - 1, t = y * P + 1, b = (y + 1) * P - 1;
	cairo_set_source_rgb(cr, up ? 0.15 : 0.7, up ? 0.55 : 0.1, 0.15);
	cairo_move_to(cr, (l + r) / 2, up ? t : b);
	cairo_line_to(cr, r, up ? b : t);
	cairo_line_to(cr, l, up ? b : t);
	cairo_close_path(cr);
	cairo_fill(cr);
}

int dungeon_draw_png(const struct dungeon *d, struct buf *out)
{
	cairo_surface_t *s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, d->cw * P, d->ch * P);
	cairo_t *cr = cairo_create(s);

	/* No antialiasing: a few flat colours, for the palette (write_png). */
	cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
	cairo_set_source_rgb(cr, 0.17, 0.15, 0.13);
	cairo_paint(cr);
	fill_cells(cr, d, '.', 0.80, 0.75, 0.65);
	fill_cells(cr, d, 'r', 0.91, 0.86, 0.76);
	/* the grid over the floor */
	cairo_set_source_rgba(cr, 0, 0, 0, 0.15);
	cairo_set_line_width(cr, 1);
	for (int x = 1; x < d->cw; x++) {
		cairo_move_to(cr, x * P + 0.5, 0);
		cairo_line_to(cr, x * P + 0.5, d->ch * P);
	}
	for (int y = 1; y < d->ch; y++) {
		cairo_move_to(cr, 0, y * P + 0.5);
		cairo_line_to(cr, d->cw * P, y * P + 0.5);
	}
	cairo_stroke(cr);
	/* doors: a brown bar along each */
	cairo_set_source_rgb(cr, 0.45, 0.27, 0.1);
	cairo_set_line_width(cr, P / 3.0);
	for (int i = 0; i < d->n_doors; i++) {
		const struct dungeon_door *o = &d->door[i];
		cairo_move_to(cr, o->x0 * P, o->y0 * P);
		cairo_line_to(cr, o->x1 * P, o->y1 * P);
	}
	cairo_stroke(cr);
	stairs(cr, d->up_x, d->up_y, 1);
	stairs(cr, d->down_x, d->down_y, 0);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.3);
	for (int id = 1; id <= d->n_rooms; id++)
		number(cr, id, d->room[id].lx * P + 1, d->room[id].ly * P);
	cairo_fill(cr);
	cairo_surface_flush(s);
	int rc = cairo_status(cr) == CAIRO_STATUS_SUCCESS ? write_png(s, out) : -1;
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return rc || out->oom ? -1 : 0;
}

/* Version 2: the same pixels as version 1 (tests/unit/test_dungeon_png.c
 * compares them over many dungeons), set as palette indices directly and
 * written by pngwrite, without cairo, the quantizing and libpng: a 30 x 30
 * dungeon's PNG in about a millisecond instead of tens (docs/dungeons.md).
 * The colours are cairo's for version 1's drawing: its doubles as bytes,
 * and the grid's rgba(0, 0, 0, 0.15) over each ground as cairo blends it.
 * A ground's grid colour is its index + GRID, so that "up" filtering makes
 * the row under a grid line the same bytes whatever the grounds. */
enum { WALL, HALL, ROOM, GRID, DOOR = 6, UP, DOWN, DIGIT, N_COLOURS };
static const unsigned char colours[N_COLOURS][3] = {
        {0x2b, 0x26, 0x21}, /* wall ground */
        {0xcc, 0xbf, 0xa6}, /* hallway floor */
        {0xe8, 0xdc, 0xc2}, /* room floor */
        {0x25, 0x20, 0x1c}, /* the grid over: wall */
        {0xae, 0xa3, 0x8d}, /* hallway */
        {0xc5, 0xbb, 0xa5}, /* room */
        {0x73, 0x45, 0x19}, /* door */
        {0x26, 0x8c, 0x26}, /* up stairs */
        {0xb3, 0x19, 0x26}, /* down stairs */
        {0x19, 0x19, 0x4c}, /* room numbers */
};

/* The stairs' triangles as cairo fills them without antialiasing, row by
 * row of a cell, bit x for the cell's pixel x. */
static const uint16_t up_dots[P] = {0x000, 0x000, 0x030, 0x030, 0x078,
                                    0x078, 0x0fc, 0x0fc, 0x1fe, 0x000};
static const uint16_t down_dots[P] = {0x000, 0x1fe, 0x0fc, 0x0fc, 0x078,
                                      0x078, 0x030, 0x030, 0x000, 0x000};

/* The picture as rows of indices: a cell row's first pixel row (on the
 * grid line) of its own, the nine below one shared row until something is
 * drawn on them; pngwrite then knows them equal without comparing.
 * Version 2's rows are a byte a pixel; version 3's are the PNG's lines,
 * a filter byte then two pixels a byte (depth 4). */
struct canvas {
	int pw, ph;
	int depth;             /* 8: version 2's rows; 4: version 3's lines */
	size_t n;              /* bytes a row */
	unsigned char *own;    /* ph rows of n: each row's own bytes, when it has them */
	unsigned char *shared; /* a cell row's floor: ph / P rows of n */
	const unsigned char **row;
	/* Rows 3, 5, 7 and 9 of a cell row follow the row above them (the
	 * same pointer) until something is drawn on one of the two and not
	 * the other: the room numbers' dots and the doors' bars are two
	 * pixels tall from an even row, so most rows under a number need
	 * neither a copy of the floor, nor their drawing, nor pngwrite's
	 * comparison with the row above. */
	unsigned char *follows;
	/* Version 3: a bit a cell for each cell row (words of them), set
	 * where something was drawn over the cell's ground on one of its
	 * rows; with the cell rows' grounds, where each line may differ from
	 * the line a cell of lines up (pngwrite_lines_cells). By cell row,
	 * not a mask a row: the marks cover whole cell rows (numbers, stairs,
	 * doors along a column: dirty[3 cy]) or the two rows either side of a
	 * grid line (doors along a row: those at its top, dirty[3 cy + 1], at
	 * its bottom, dirty[3 cy + 2]), and a mark then costs a word or two. NULL
	 * for version 2. */
	uint64_t *dirty;
	size_t words;
};

/* Pixels [x0, x1) drawn over (some of them: once for a whole mark, not
 * a call a dot), clipped: their cells marked in masks which (0: the whole
 * cell row, 1: its top two rows, 2: its bottom two) of cell rows [cy0,
 * cy1). */
static void mark(struct canvas *c, int which, int cy0, int cy1, int x0, int x1)
{
	x0 = x0 < 0 ? 0 : x0;
	x1 = x1 > c->pw ? c->pw : x1;
	cy0 = cy0 < 0 ? 0 : cy0;
	cy1 = cy1 > c->ph / P ? c->ph / P : cy1;
	if (!c->dirty || x1 <= x0)
		return;
	size_t c0 = (size_t)x0 / P, c1 = (size_t)(x1 - 1) / P;
	/* the masks and their stride in registers: a store to a mask (a
	 * uint64_t) may be to c->words (a size_t) for all the compiler knows */
	uint64_t *dirty = c->dirty;
	size_t words = c->words;
	for (size_t q = c0 / 64; q <= c1 / 64; q++) {
		size_t lo = q == c0 / 64 ? c0 % 64 : 0, hi = q == c1 / 64 ? c1 % 64 : 63;
		uint64_t bits = (~(uint64_t)0 >> (63 - hi)) & (~(uint64_t)0 << lo);
		for (int cy = cy0; cy < cy1; cy++)
			dirty[((size_t)cy * 3 + (size_t)which) * words + q] |= bits;
	}
}

/* Pixel row y: its own bytes, made from what it shows now. */
static unsigned char *make_own(struct canvas *c, int y)
{
	unsigned char *mine = c->own + (size_t)y * c->n;
	if (c->row[y] != mine) {
		memcpy(mine, c->row[y], c->n);
		c->row[y] = mine;
	}
	return mine;
}

/* Pixel row y, to draw on alone: its own bytes; the row following it, if
 * any, keeps what it showed (a copy), and y no longer follows its own. */
static unsigned char *own_row(struct canvas *c, int y)
{
	if (y + 1 < c->ph && c->follows[y + 1]) {
		c->follows[y + 1] = 0;
		make_own(c, y + 1);
	}
	c->follows[y] = 0;
	return make_own(c, y);
}

/* Pixels [x0, x1) of row r in colour k. */
static inline __attribute__((always_inline)) void span(const struct canvas *c, unsigned char *r,
                                                       int x0, int x1, unsigned char k)
{
	if (c->depth == 8) {
		memset(r + x0, k, (size_t)(x1 - x0));
		return;
	}
	unsigned char *p = r + 1; /* past the filter byte */
	if (x0 & 1)
		p[x0 / 2] = (unsigned char)((p[x0 / 2] & 0xf0) | k), x0++;
	if (x1 & 1 && x1 > x0)
		p[x1 / 2] = (unsigned char)((p[x1 / 2] & 0x0f) | k << 4), x1--;
	if (x1 > x0)
		memset(p + x0 / 2, k * 0x11, (size_t)(x1 - x0) / 2);
}

/* Colour k over the spans [x0[i], x0[i] + w) of rows [y, y + h) (i < n,
 * the spans within the picture's width), clipped below; a row and the row
 * following it, both in the band, drawn once and still one. */
static void band(struct canvas *c, const int *x0, int n, int w, int y, int h, unsigned char k)
{
	int y0 = y < 0 ? 0 : y, y1 = y + h > c->ph ? c->ph : y + h;
	for (int j = y0; j < y1 && n > 0; j++) {
		int both = j + 1 < y1 && c->follows[j + 1] && !c->follows[j];
		unsigned char *r = both ? make_own(c, j) : own_row(c, j);
		for (int i = 0; i < n; i++)
			span(c, r, x0[i], x0[i] + w > c->pw ? c->pw : x0[i] + w, k);
		if (both)
			c->row[++j] = r;
	}
}

/* Colour k over the rectangle (x, y, w, h), clipped. */
static void rect(struct canvas *c, int x, int y, int w, int h, unsigned char k)
{
	int x0 = x < 0 ? 0 : x, x1 = x + w > c->pw ? c->pw : x + w;
	if (x1 > x0)
		band(c, &x0, 1, x1 - x0, y, h, k);
}

static void stairs_dots(struct canvas *c, int x, int y, const uint16_t *dots, unsigned char k)
{
	mark(c, 0, y, y + 1, x * P, x * P + P);
	for (int j = 0; j < P; j++)
		for (int i = 0; i < P; i++)
			if (dots[j] & (1u << i)) {
				int px = x * P + i;
				span(c, own_row(c, y * P + j), px, px + 1, k);
			}
}

/* A cell's ground by its kind ('#', '.' or 'r': dungeon.h). */
static const unsigned char ground[256] = {['#'] = WALL, ['.'] = HALL, ['r'] = ROOM};

/* Version 2's cell rows: the floor and the grid line, a byte a pixel. */
static void draw_cells_8(const struct dungeon *d, struct canvas *c)
{
	/* a cell's pixel rows by its ground: below the grid line (the first
	 * pixel on the grid) and on it, 16 bytes of which the first P count */
#define G_(g) ((g) + GRID)
#define UNDER(g)                                                                                   \
	{                                                                                          \
		G_(g), g, g, g, g, g, g, g, g, g, g, g, g, g, g, g                                 \
	}
#define LINE(g)                                                                                    \
	{                                                                                          \
		G_(g), G_(g), G_(g), G_(g), G_(g), G_(g), G_(g), G_(g), G_(g), G_(g), G_(g),       \
		        G_(g), G_(g), G_(g), G_(g), G_(g)                                          \
	}
	static const unsigned char under[3][16] = {UNDER(WALL), UNDER(HALL), UNDER(ROOM)};
	static const unsigned char line[3][16] = {LINE(WALL), LINE(HALL), LINE(ROOM)};
#undef G_
#undef UNDER
#undef LINE
	/* a cell row: its first pixel row on the grid line (but the first),
	 * its first pixel column too (but the first), the other rows alike.
	 * A cell is written as 16 bytes: the next cell's overwrite the 6 past
	 * it; the last's are past the row, in the slack draw_png allocates.
	 * The first cell row has no grid line: its top is its floor. */
	for (int cy = 0; cy < d->ch; cy++) {
		unsigned char *top = c->own + (size_t)cy * P * c->n;
		unsigned char *floor = c->shared + (size_t)cy * c->n;
		const unsigned char *kind = (const unsigned char *)&d->kind[cy * d->cw];
		for (int cx = 0; cx < d->cw; cx++)
			memcpy(floor + cx * P, under[ground[kind[cx]]], 16);
		floor[0] = ground[kind[0]];
		if (cy == 0)
			memcpy(top, floor, c->n);
		else
			for (int cx = 0; cx < d->cw; cx++)
				memcpy(top + cx * P, line[ground[kind[cx]]], 16);
		c->row[cy * P] = top;
	}
}

/* Version 3's cells, depth 4: a cell is five bytes, by its ground below
 * the grid line (the first pixel on the grid) and on it; four cells are
 * twenty, looked up by the four grounds at once (a cell row is 180 cells
 * at most, drawn twice, 180 times: a lookup a cell was half the drawing). */
#define U(hi, lo) (unsigned char)((hi) << 4 | (lo))
static const unsigned char under4[3][5] = {
        {U(WALL + GRID, WALL), U(WALL, WALL), U(WALL, WALL), U(WALL, WALL), U(WALL, WALL)},
        {U(HALL + GRID, HALL), U(HALL, HALL), U(HALL, HALL), U(HALL, HALL), U(HALL, HALL)},
        {U(ROOM + GRID, ROOM), U(ROOM, ROOM), U(ROOM, ROOM), U(ROOM, ROOM), U(ROOM, ROOM)},
};
#undef U
static struct {
	unsigned char under[256][24], line[256][24];
} quads;
static pthread_once_t quads_once = PTHREAD_ONCE_INIT;

#ifdef CELLS_16
/* Sixteen cells are 80 bytes, five blocks of 16: byte j of block b is
 * cell (16 b + j) / 5's (the shuffle); under the grid line, GRID << 4
 * added to each cell's first. */
static struct {
	unsigned char shuffle[5][16], first[5][16];
} sixteen;
static int have_ssse3;
#endif

static void quads_make(void)
{
#ifdef CELLS_16
	have_ssse3 = !cpu_portable() && __builtin_cpu_supports("ssse3");
	for (int b = 0; b < 5; b++)
		for (int j = 0; j < 16; j++) {
			sixteen.shuffle[b][j] = (unsigned char)((16 * b + j) / 5);
			sixteen.first[b][j] = (16 * b + j) % 5 == 0 ? GRID << 4 : 0;
		}
#endif
	for (int q = 0; q < 256; q++)
		for (int i = 0; i < 4; i++) {
			int g = q >> (2 * i) & 3;
			if (g > ROOM)
				continue;
			memcpy(quads.under[q] + 5 * i, under4[g], 5);
			memset(quads.line[q] + 5 * i, (g + GRID) * 0x11, 5);
		}
}

/* The grounds of the four cells at k as an index of quads: a kind's
 * bits 3 and 4 are its ground ('#' 0x23, '.' 0x2e, 'r' 0x72: 0, 1, 2). */
static unsigned quad(const unsigned char *k)
{
	uint32_t v;
	memcpy(&v, k, 4);
	/* ground i (bits 8 i, 8 i + 1) to bits 2 i: the multiplication puts
	 * it at 24 + 2 i, the other products below 24 without carries (two
	 * bits each, at 6, 12, 14, 18, 20, 22) */
	v = v >> 3 & 0x03030303u;
	return (unsigned)(v * 0x01041040u >> 24);
}

/* Cells [0, cw) of kinds `kind` into line l (after its filter byte) from
 * the table t (quads.under or quads.line), one of each by itself past the
 * last four: 24 bytes written for 20, the last past the line, in the
 * slack draw_png allocates. */
static void cells_4(unsigned char *l, const unsigned char *kind, int cw,
                    const unsigned char (*t)[24])
{
	int cx = 0;
	for (; cx + 4 <= cw; cx += 4)
		memcpy(l + 1 + cx * P / 2, t[quad(kind + cx)], 24);
	for (; cx < cw; cx++)
		memcpy(l + 1 + cx * P / 2, t[ground[kind[cx]]], 8);
}

#ifdef CELLS_16
/* cells_4_both's bytes for cells [0, 16 k) (k the most that fit in cw),
 * sixteen at a time with SSSE3: a cell's ground g (0 to 2, from its kind
 * as quad takes it) as g x 0x11, shuffled out to its five bytes; on the
 * grid line each byte is (g + GRID) x 0x11, that + 0x33; under it the
 * first byte of a cell (g + GRID) << 4 | g, that + 0x30, the others g x
 * 0x11 (what quads.line and quads.under hold). Where it stopped. */
__attribute__((target("ssse3"))) static int cells_16_both(unsigned char *floor, unsigned char *top,
                                                          const unsigned char *kind, int cw)
{
	const __m128i three = _mm_set1_epi8(3), grid = _mm_set1_epi8(GRID * 0x11);
	/* the masks in registers, the blocks written one after another:
	 * loaded in the loop (the stores may be to them, for all the compiler
	 * knows) and looped over, they were a third of its cost */
	__m128i sh[5], first[5];
	for (int b = 0; b < 5; b++) {
		sh[b] = _mm_loadu_si128((const __m128i *)(const void *)sixteen.shuffle[b]);
		first[b] = _mm_loadu_si128((const __m128i *)(const void *)sixteen.first[b]);
	}
	int cx = 0;
	for (; cx + 16 <= cw; cx += 16) {
		__m128i k = _mm_loadu_si128((const __m128i *)(const void *)(kind + cx));
		__m128i g = _mm_and_si128(_mm_srli_epi16(k, 3), three);
		__m128i v = _mm_or_si128(g, _mm_slli_epi16(g, 4)); /* no carries: g < 4 */
		unsigned char *t = top + 1 + cx * P / 2, *f = floor + 1 + cx * P / 2;
#define BLOCK(b)                                                                                   \
	do {                                                                                       \
		__m128i e = _mm_shuffle_epi8(v, sh[b]);                                            \
		_mm_storeu_si128((__m128i *)(void *)(t + 16 * (b)), _mm_add_epi8(e, grid));        \
		_mm_storeu_si128((__m128i *)(void *)(f + 16 * (b)), _mm_add_epi8(e, first[b]));    \
	} while (0)
		BLOCK(0);
		BLOCK(1);
		BLOCK(2);
		BLOCK(3);
		BLOCK(4);
#undef BLOCK
	}
	return cx;
}
#endif

/* A cell row's floor and grid line together: each four cells' grounds
 * looked up once for both. */
static void cells_4_both(unsigned char *floor, unsigned char *top, const unsigned char *kind,
                         int cw)
{
	int cx = 0;
#ifdef CELLS_16
	if (have_ssse3)
		cx = cells_16_both(floor, top, kind, cw);
#endif
	for (; cx + 4 <= cw; cx += 4) {
		unsigned q = quad(kind + cx);
		memcpy(floor + 1 + cx * P / 2, quads.under[q], 24);
		memcpy(top + 1 + cx * P / 2, quads.line[q], 24);
	}
	for (; cx < cw; cx++) {
		memcpy(floor + 1 + cx * P / 2, quads.under[ground[kind[cx]]], 8);
		memcpy(top + 1 + cx * P / 2, quads.line[ground[kind[cx]]], 8);
	}
}

/* Version 3's cell rows: the same pixels as lines of depth 4. */
static void draw_cells_4(const struct dungeon *d, struct canvas *c)
{
	pthread_once(&quads_once, quads_make);
	for (int cy = 0; cy < d->ch; cy++) {
		unsigned char *top = c->own + (size_t)cy * P * c->n;
		unsigned char *floor = c->shared + (size_t)cy * c->n;
		const unsigned char *kind = (const unsigned char *)&d->kind[cy * d->cw];
		if (cy == 0)
			cells_4(floor, kind, d->cw, quads.under);
		else if (cy >= 2 && memcmp(kind, kind - d->cw, (size_t)d->cw) == 0) {
			/* a cell row of the kinds above: its lines (before any mark) too */
			memcpy(floor, floor - c->n, c->n);
			memcpy(top, top - (size_t)P * c->n, c->n);
		} else
			cells_4_both(floor, top, kind, d->cw);
		floor[0] = 2; /* "up": under the grid line, the same bytes whatever the ground */
		floor[1] = (unsigned char)(ground[kind[0]] * 0x11);
		if (cy == 0)
			memcpy(top, floor, c->n);
		else
			top[0] = 0; /* "none": as the grid line a cell row above, where the ground
			               is */
		c->row[cy * P] = top;
	}
}

/* The rows' pointers and what follows what, once the cell rows are drawn. */
static void share_rows(const struct dungeon *d, struct canvas *c)
{
	for (int cy = 0; cy < d->ch; cy++) {
		const unsigned char *floor = c->shared + (size_t)cy * c->n;
		for (int j = 1; j < P; j++) {
			c->row[cy * P + j] = floor;
			c->follows[cy * P + j] = j >= 3 && j % 2;
		}
		c->follows[cy * P] = 0;
	}
}

/* Number n's digits, most significant first, into text; how many. */
static int digits(int n, char text[12])
{
	char rev[12];
	int len = 0;
	do
		rev[len++] = (char)(n % 10);
	while ((n /= 10) > 0 && len < 11);
	for (int i = 0; i < len; i++)
		text[i] = rev[len - 1 - i];
	return len;
}

/* Room number n from (x, y) (top left): a band of dots at a time, its
 * dots across the digits drawn on its rows together. */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* Version 3: a digit's three dots of a band on a row at an odd x are
 * nibbles of four bytes (x is the low nibble of the first; each dot two
 * pixels): by the dots present (4, 2, 1: left to right), those nibbles
 * in a little-endian word. */
static const uint32_t dot_nibbles[8] = {
        0x00000000, 0xf00f0000, 0x00f00f00, 0xf0ff0f00,
        0x0000f00f, 0xf00ff00f, 0x00f0ff0f, 0xf0ffff0f,
};

/* number_dots for version 3 when x is odd and the number within the
 * picture (a room number always is, from a cell's second pixel): a word
 * a digit a row rather than a span a dot; the rows as band takes them. */
static void number_nibbles(struct canvas *c, const char *text, int len, int x, int y)
{
	uint32_t colour = DIGIT * 0x11111111u;
	for (int band_y = 0; band_y < 5; band_y++) {
		uint32_t m[12];
		int any = 0;
		for (int i = 0; i < len; i++) {
			unsigned dots = digit_dots[(int)text[i]] >> (12 - 3 * band_y) & 7;
			m[i] = dot_nibbles[dots];
			any |= (int)dots;
		}
		int y0 = y + band_y * DOT < 0 ? 0 : y + band_y * DOT;
		int y1 = y + band_y * DOT + DOT > c->ph ? c->ph : y + band_y * DOT + DOT;
		for (int j = y0; j < y1 && any; j++) {
			int both = j + 1 < y1 && c->follows[j + 1] && !c->follows[j];
			unsigned char *r = both ? make_own(c, j) : own_row(c, j);
			for (int i = 0; i < len; i++) {
				unsigned char *p = r + 1 + (x + i * 4 * DOT) / 2;
				uint32_t v;
				memcpy(&v, p, 4);
				v = (v & ~m[i]) | (colour & m[i]);
				memcpy(p, &v, 4);
			}
			if (both)
				c->row[++j] = r;
		}
	}
}
#endif

static void number_dots(struct canvas *c, int n, int x, int y)
{
	char text[12];
	int len = digits(n, text);
	mark(c, 0, y / P, y / P + 1, x, x + len * 4 * DOT); /* a cell row's rows */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (c->depth == 4 && x % 2 == 1 && x + len * 4 * DOT - DOT <= c->pw) {
		number_nibbles(c, text, len, x, y);
		return;
	}
#endif
	for (int band_y = 0; band_y < 5; band_y++) {
		int xs[3 * 12], k = 0;
		for (int i = 0; i < len; i++)
			for (int b = 0; b < 3; b++)
				if (digit_dots[(int)text[i]] & (1u << (14 - (band_y * 3 + b))) &&
				    x + i * 4 * DOT + b * DOT < c->pw)
					xs[k++] = x + i * 4 * DOT + b * DOT;
		band(c, xs, k, DOT, y + band_y * DOT, DOT, DIGIT);
	}
}

/* What is drawn over the cells: doors, stairs, room numbers. */
static void draw_marks(const struct dungeon *d, struct canvas *c)
{
	/* a door: cairo's line P/3 wide along the grid line, without
	 * antialiasing: the two pixels on each side of it. A door along a
	 * column covers whole cell rows, the same pixels on each of their
	 * rows: it is drawn on the cell rows' grid line and shared floor,
	 * before anything gives a row bytes of its own (a copy of the floor
	 * for each of its rows, and a comparison of each with the row above,
	 * were a third of the drawing); the doors along a row after, all in
	 * one colour, so the order does not show. */
	for (int i = 0; i < d->n_doors; i++) {
		const struct dungeon_door *o = &d->door[i];
		if (o->x0 != o->x1)
			continue;
		int a = o->y0 < o->y1 ? o->y0 : o->y1, b = o->y0 < o->y1 ? o->y1 : o->y0;
		int x0 = o->x0 * P - 2, x1 = o->x0 * P + 2;
		x0 = x0 < 0 ? 0 : x0;
		x1 = x1 > c->pw ? c->pw : x1;
		for (int cy = a; cy < b && x1 > x0; cy++) {
			span(c, c->own + (size_t)cy * P * c->n, x0, x1, DOOR);
			span(c, c->shared + (size_t)cy * c->n, x0, x1, DOOR);
		}
		mark(c, 0, a, b, x0, x1);
	}
	for (int i = 0; i < d->n_doors; i++) {
		const struct dungeon_door *o = &d->door[i];
		if (o->x0 == o->x1)
			continue;
		int a = o->x0 < o->x1 ? o->x0 : o->x1, b = o->x0 < o->x1 ? o->x1 : o->x0;
		rect(c, a * P, o->y0 * P - 2, (b - a) * P, 4, DOOR);
		/* rows y0 P - 2 to y0 P + 1 (rect above) */
		mark(c, 1, o->y0, o->y0 + 1, a * P, b * P);
		mark(c, 2, o->y0 - 1, o->y0, a * P, b * P);
	}
	stairs_dots(c, d->up_x, d->up_y, up_dots, UP);
	stairs_dots(c, d->down_x, d->down_y, down_dots, DOWN);
	for (int id = 1; id <= d->n_rooms; id++)
		number_dots(c, id, d->room[id].lx * P + 1, d->room[id].ly * P);
}

/* Where each line of version 3 may differ from the line a cell of lines
 * up (pngwrite_lines_cells), from the cell rows' grounds and the marks,
 * into differ[0..ph) (masks in hint). From the third cell row on: the
 * first line's far line is the picture's first, written as it is rather
 * than as a grid line. A grid line ("none") differs from the one a cell
 * row up where the ground does or either has a mark; a line under it
 * ("up": its pixels less the line above's) is the same bytes whatever the
 * grounds (the colours' indices: a ground's grid colour is its index +
 * GRID), so where a mark is on it, on the line above, or on those two a
 * cell of lines up. */
static void differ_lines(const struct dungeon *d, const struct canvas *c, const uint64_t **differ,
                         uint64_t *hint)
{
	size_t w = c->words;
	/* per cell row from the third, four masks: its grid line's, its rows
	 * 1 and 2's, 3 to 7's, 8 and 9's (each line with the line above and
	 * those two a cell of lines up: which rows' door marks it meets) */
	for (int cy = 2; cy < d->ch; cy++) {
		uint64_t *g = hint + (size_t)cy * 4 * w;
		const uint64_t *a = c->dirty + (size_t)cy * 3 * w, *b = a - 3 * w;
		for (size_t k = 0; k < w; k++) {
			uint64_t whole = a[k] | b[k], top = a[w + k] | b[w + k];
			g[k] = g[w + k] = whole | top;
			g[2 * w + k] = whole;
			g[3 * w + k] = whole | a[2 * w + k] | b[2 * w + k];
		}
		/* a cell whose kind differs from the one above, sixteen at a
		 * time (its ground may not: marked all the same) */
		const char *kind = &d->kind[cy * d->cw], *over = kind - d->cw;
		int cx = 0;
#ifdef __SSE2__
		for (; cx + 16 <= d->cw; cx += 16) {
			__m128i k = _mm_loadu_si128((const __m128i *)(const void *)(kind + cx));
			__m128i o = _mm_loadu_si128((const __m128i *)(const void *)(over + cx));
			uint64_t bits =
			        (uint64_t)((unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(k, o)) ^
			                   0xffffu);
			g[cx / 64] |= bits << (cx % 64);
			if (cx % 64 > 48)
				g[cx / 64 + 1] |= bits >> (64 - cx % 64);
		}
#endif
		for (; cx < d->cw; cx++)
			if (kind[cx] != over[cx])
				g[cx / 64] |= (uint64_t)1 << (cx % 64);
		/* a gap of one or two cells that are the same between two that
		 * are not: coded with them (a match through it), one stretch
		 * rather than three */
		for (size_t k = 0; k < 4 * w; k++)
			g[k] |= (g[k] << 1 & g[k] >> 1) | (g[k] << 1 & g[k] >> 2) |
			        (g[k] << 2 & g[k] >> 1);
	}
	static const unsigned char variant[P] = {0, 1, 1, 2, 2, 2, 2, 2, 3, 3};
	for (int y = 0; y < c->ph; y++) {
		int cy = y / P;
		/* a line that is the line above (one pointer) is written as
		 * zeros, "up", whatever it is told */
		differ[y] = cy < 2 || c->row[y] == c->row[y - 1]
		                    ? NULL
		                    : hint + ((size_t)cy * 4 + variant[y % P]) * w;
	}
}

/* Versions 2 (depth 8, pngwrite_indexed) and 3 (depth 4, pngwrite_lines_cells). */
static int draw_png(const struct dungeon *d, int depth, struct buf *out)
{
	struct canvas c = {.pw = d->cw * P, .ph = d->ch * P, .depth = depth};
	int rc = -1;

	c.n = depth == 8 ? (size_t)c.pw : 1 + (size_t)c.pw / 2;
	/* + 16: the slack of the cells' wide writes */
	c.own = malloc(c.n * (size_t)c.ph + 16);
	c.shared = malloc(c.n * (size_t)d->ch + 16);
	c.row = malloc((size_t)c.ph * sizeof c.row[0]);
	c.follows = malloc((size_t)c.ph);
	const uint64_t **differ = NULL;
	uint64_t *hint = NULL;
	if (depth == 4) {
		c.words = ((size_t)d->cw + 63) / 64;
		c.dirty = calloc((size_t)d->ch * 3 * c.words, sizeof c.dirty[0]);
		hint = malloc((size_t)d->ch * 4 * c.words * sizeof hint[0]);
		differ = malloc((size_t)c.ph * sizeof differ[0]);
		if (!c.dirty || !hint || !differ)
			goto done;
	}
	if (c.own && c.shared && c.row && c.follows) {
		share_rows(d, &c);
		if (depth == 8)
			draw_cells_8(d, &c);
		else
			draw_cells_4(d, &c);
		draw_marks(d, &c);
		if (depth == 4)
			differ_lines(d, &c, differ, hint);
		rc = depth == 8 ? pngwrite_indexed(c.row, c.pw, c.ph, colours, N_COLOURS, P, out)
		                : pngwrite_lines_cells(c.row, differ, c.pw, c.ph, 4, colours,
		                                       N_COLOURS, P, out);
	}
done:
	free(c.dirty);
	free(hint);
	free(differ);
	free(c.own);
	free(c.shared);
	free(c.row);
	free(c.follows);
	return rc;
}

int dungeon_draw_png_v(const struct dungeon *d, int version, struct buf *out)
{
	if (version == DUNGEONCODE_VERSION_1)
		return dungeon_draw_png(d, out);
	return draw_png(d, version >= DUNGEONCODE_VERSION_3 ? 4 : 8, out);
}
