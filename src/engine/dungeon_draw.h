/* dungeon_draw: a keyed dungeon as an image (PNG) and as
 * a Universal VTT file (.dd2vtt: the image, the grid, walls as line
 * segments, doors as portals), docs/dungeons.md. */
#ifndef LOOTFORGE_DUNGEON_DRAW_H
#define LOOTFORGE_DUNGEON_DRAW_H

#include "buf.h"
#include "dungeon.h"

/* The page's SVG: 16 px a cell, fewer when the longer side would pass
 * 960 px. */
#define DUNGEON_PX_CELL 16
#define DUNGEON_PX_MAX  960

/* The PNG and the .dd2vtt image: this many pixels a cell (a grid square),
 * whatever the size: 12 x 8 tiles is 720 x 480, 30 x 30 is 1800 x 1800. */
#define DUNGEON_PNG_CELL 10

/* A picture no code makes yet (a prototype of a version 3, timed by
 * tests/bench/bench_dungeon_png.c and checked by test_dungeon_png): the
 * same pixels as version 2, four bits a pixel, written by
 * pngwrite_lines_cells with the cells where each line may differ from the
 * line a cell of lines up (from the cell rows' grounds and the marks); its
 * bytes are pinned by test_png_pinned for the version that turns it
 * on, so they change only before that. */
#define DUNGEON_PNG_LINES 3

/* Appends the PNG of d to out as a dungeon code of version `version`
 * draws it: DUNGEONCODE_VERSION_1 with cairo and libpng, the bytes its
 * codes have had since; DUNGEON_PNG_LINES as above; any other
 * (DUNGEONCODE_VERSION_2, 0) the same pixels written by pngwrite_indexed,
 * 20 times cheaper and bytes of their own, frozen as well
 * (docs/dungeons.md). 0, or -1 (out of memory, a cairo error). */
int dungeon_draw_png_v(const struct dungeon *d, int version, struct buf *out);

/* Appends the Universal VTT JSON of d to out, its image as
 * dungeon_draw_png_v draws it for `version`. 0, or -1. */
int dungeon_draw_vtt_v(const struct dungeon *d, int version, struct buf *out);

/* dungeon_draw_png_v and dungeon_draw_vtt_v of DUNGEONCODE_VERSION_1. */
int dungeon_draw_png(const struct dungeon *d, struct buf *out);
int dungeon_draw_vtt(const struct dungeon *d, struct buf *out);

#endif
