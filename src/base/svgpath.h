/* svgpath: the pieces of the SVG paths the map and dungeon pages draw,
 * written without printf: a 30 x 30 map has ~2,000 runs of floor, and
 * snprintf for each was a quarter of the page's CPU (docs/benchmarks.md,
 * "Issue 27"). The bytes are printf's ("%d"). */
#ifndef LOOTFORGE_SVGPATH_H
#define LOOTFORGE_SVGPATH_H

#include "buf.h"

/* Appends "M<x> <y>h<n>v1h-<n>z": a run of n cells from (x, y), one high.
 * 0, or -1 when out of memory. */
int svgpath_run(struct buf *b, int x, int y, int n);

/* Appends "M<x0> <y0>L<x1> <y1>": a line. 0, or -1 when out of memory. */
int svgpath_line(struct buf *b, int x0, int y0, int x1, int y1);

#endif
