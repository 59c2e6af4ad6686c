/* dungeon_draw: a keyed dungeon as an image (PNG) and as
 * a Universal VTT file (.dd2vtt: the image, the grid, walls as line
 * segments, doors as portals), docs/dungeons.md. */
#ifndef LOOTFORGE_DUNGEON_DRAW_H
#define LOOTFORGE_DUNGEON_DRAW_H

#include "buf.h"
#include "dungeon.h"

#include <stdint.h>

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

/* The pictures at the table's scale (docs/dungeons.md, "The pictures"):
 * ppg pixels a cell, from DUNGEON_PPG_MIN (a virtual tabletop's smallest
 * grid) to DUNGEON_PPG_MAX, and at most DUNGEON_PICTURE_MAX pixels a side,
 * which bounds what one picture costs (ppg squared). */
#define DUNGEON_PPG_MIN     20
#define DUNGEON_PPG_MAX     200
#define DUNGEON_PICTURE_MAX 4096

/* The largest ppg allowed for a map of cw x ch cells (at least 20 for any
 * map up to 30 x 30 tiles: 180 cells). */
int dungeon_ppg_largest(int cw, int ch);

/* The largest of 70, 50, 35, 25 and 20 allowed for cw x ch cells: a
 * .dd2vtt imports at it with no setting. */
int dungeon_ppg_default(int cw, int ch);

struct dungeon_picture {
	int ppg;                   /* DUNGEON_PPG_MIN .. dungeon_ppg_largest */
	int grid;                  /* 1: grid lines drawn */
	const uint8_t *door_state; /* each door's enum door_state (dress.h); NULL: all closed */
};

/* The PNG of d as pic says, each door drawn by its state, the room numbers
 * 3/5 of a cell tall; its bytes are frozen like the versions' (a change
 * needs a new dungeon code version). 0, or -1 (out of memory, a ppg out of
 * range). */
int dungeon_draw_png_at(const struct dungeon *d, const struct dungeon_picture *pic,
                        struct buf *out);

/* The Universal VTT JSON of d with dungeon_draw_png_at's image:
 * pixels_per_grid the ppg; a secret door a wall (line_of_sight), not a
 * portal; an open door an open portal, every other state a closed one. 0,
 * or -1. */
int dungeon_draw_vtt_at(const struct dungeon *d, const struct dungeon_picture *pic,
                        struct buf *out);

/* dungeon_draw_png_v and dungeon_draw_vtt_v of DUNGEONCODE_VERSION_1. */
int dungeon_draw_png(const struct dungeon *d, struct buf *out);
int dungeon_draw_vtt(const struct dungeon *d, struct buf *out);

#endif
