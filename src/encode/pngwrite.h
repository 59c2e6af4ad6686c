/* pngwrite: an 8-bit indexed PNG from palette indices, with a deflate
 * stream of its own (fixed Huffman codes, matches at a few distances
 * only) rather than libpng and zlib's deflate: a picture of flat colours
 * whose rows mostly repeat the row above costs a millisecond, not tens
 * (docs/dungeons.md, "The image"). The bytes depend only on the input and
 * this file: what it writes for a dungeon code is frozen, so a change here
 * needs a new dungeon code version. */
#ifndef LOOTFORGE_PNGWRITE_H
#define LOOTFORGE_PNGWRITE_H

#include "buf.h"

#include <stdint.h>

/* The widest picture: a row (and its filter byte) within deflate's
 * window, for the match at the distance of a row. */
#define PNGWRITE_W_MAX 16384

/* Appends the PNG of the h rows of w palette indices at rows[0..h) (1 <=
 * w <= PNGWRITE_W_MAX, h >= 1; rows alike may be one pointer: cheaper,
 * the same bytes) with palette pal (n_pal colours as R, G, B; 1..256) to
 * out. Every row is filtered "up"; period, when > 1, is a distance in
 * pixels at which the rows repeat themselves (a grid's cell), tried as a
 * match besides runs and the row above. 0, or -1 (out of memory, a size
 * out of range). */
int pngwrite_indexed(const unsigned char *const *rows, int w, int h, const unsigned char (*pal)[3],
                     int n_pal, int period, struct buf *out);

/* Appends the PNG of h lines of w palette indices of `depth` bits (4 or
 * 8), with palette pal (n_pal colours, at most 2^depth), to out. Each
 * lines[y] is a filter byte, then the pixels packed, the first in the
 * highest bits: 1 + (w depth + 7) / 8 bytes. The filter byte is the
 * caller's choice for the line: 0 ("none") or 2 ("up"; the first line is
 * written "none" whatever it says); a line that shows the line above again
 * is written "up" (all zeros), and lines alike may be one pointer. cell, when > 1, is a
 * grid's cell in pixels both ways (cell x depth a multiple of 8): matches
 * at a cell's distance along a line and a cell of lines up are tried,
 * besides runs and the line above. Other bytes than pngwrite_indexed's
 * for the same pixels, frozen as well. 0, or -1 (out of memory, a size
 * out of range). */
int pngwrite_lines(const unsigned char *const *lines, int w, int h, int depth,
                   const unsigned char (*pal)[3], int n_pal, int cell, struct buf *out);

/* pngwrite_lines, told by the caller where each line differs from the
 * line a cell of lines up: differ[y], when not NULL (and y >= cell), is a
 * bit a cell across (bit c of word c / 64: the line's bytes 1 + c cb to
 * 1 + (c + 1) cb, cb = cell x depth / 8), set where line y filtered as its
 * filter byte says may differ from line y - cell filtered as its own;
 * every other byte (the filter byte too) must be the same, and is then
 * neither looked at nor summed. differ NULL: pngwrite_lines. Other bytes
 * than pngwrite_lines' where it says something. */
int pngwrite_lines_cells(const unsigned char *const *lines, const uint64_t *const *differ, int w,
                         int h, int depth, const unsigned char (*pal)[3], int n_pal, int cell,
                         struct buf *out);

#endif
