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

/* Appends the PNG of d to out as a dungeon code of version `version`
 * draws it (docs/dungeons.md), each version's bytes frozen: version 1 with
 * cairo and libpng; version 2 (and 0) the same pixels at 8 bits a pixel
 * written by pngwrite_indexed, 20 times cheaper; version 3 the same pixels
 * at 4 bits a pixel written by pngwrite_lines_cells from the cells where
 * each line may differ from the line a cell of lines up (the cell rows'
 * grounds and what is drawn on them), about half version 2's bytes and
 * cost. 0, or -1 (out of memory, a cairo error). */
int dungeon_draw_png_v(const struct dungeon *d, int version, struct buf *out);

/* Appends the Universal VTT JSON of d to out, its image as
 * dungeon_draw_png_v draws it for `version`. 0, or -1. */
int dungeon_draw_vtt_v(const struct dungeon *d, int version, struct buf *out);

/* dungeon_draw_png_v and dungeon_draw_vtt_v of DUNGEONCODE_VERSION_1. */
int dungeon_draw_png(const struct dungeon *d, struct buf *out);
int dungeon_draw_vtt(const struct dungeon *d, struct buf *out);

#endif
