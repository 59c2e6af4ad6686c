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

#endif
