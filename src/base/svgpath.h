/* svgpath: the pieces of the SVG paths the map and dungeon pages draw,
 * written without printf: a 30 x 30 map has ~2,000 runs of floor, and
 * snprintf for each was a quarter of the page's CPU. The bytes are printf's ("%d"). */
#ifndef LOOTFORGE_SVGPATH_H
#define LOOTFORGE_SVGPATH_H

#include "buf.h"
#include "decimal.h"

/* Room for one piece: four numbers and seven letters. */
#define SVGPATH_PIECE_MAX (4 * DECIMAL_MAX + 8)

/* Appends "M<x> <y>h<n>v1h-<n>z": a run of n cells from (x, y), one high.
 * 0, or -1 when out of memory. */
int svgpath_run(struct buf *b, int x, int y, int n);

/* The same run written at p, which has room for SVGPATH_PIECE_MAX bytes;
 * returns the end of what it wrote (no NUL; a few bytes past the end,
 * within the room, may have been written as scratch). For a caller that reserves
 * room for many runs at once (the map's floor: a call to buf_reserve a
 * run was a tenth of the path's cost). */
char *svgpath_put_run(char *p, int x, int y, int n);

/* Appends a run (svgpath_run) for every run of cells equal to `what` in
 * row[0..n), at height y, left to right. The runs are found 64 cells at a
 * time from a bit mask, not cell by cell (a 30 x 30 map is 32,400 cells);
 * room for the whole row is reserved once. 0, or -1 when out of memory. */
int svgpath_row(struct buf *b, const char *row, int n, int y, char what);

/* Appends "M<x0> <y0>L<x1> <y1>": a line. 0, or -1 when out of memory. */
int svgpath_line(struct buf *b, int x0, int y0, int x1, int y1);

#endif
