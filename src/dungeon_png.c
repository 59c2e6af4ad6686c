/* dungeon_png: see dungeon_draw.h. The picture the page's SVG draws, in
 * pixels: wall ground, hallway and room floor, a faint grid, doors as bars
 * across their openings, the stairs as triangles (up pointing up, green;
 * down pointing down, red), each room's number. */
#include "dungeon_draw.h"

#include <cairo/cairo.h>
#include <stdio.h>

#define P DUNGEON_PNG_CELL

static cairo_status_t to_buf(void *closure, const unsigned char *data, unsigned int n)
{
	return buf_append(closure, (const char *)data, n) == 0 ? CAIRO_STATUS_SUCCESS
	                                                       : CAIRO_STATUS_NO_MEMORY;
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
	char num[8];

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
	cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, P * 0.9);
	cairo_set_source_rgb(cr, 0.1, 0.1, 0.3);
	for (int id = 1; id <= d->n_rooms; id++) {
		snprintf(num, sizeof num, "%d", id);
		cairo_move_to(cr, d->room[id].lx * P + 1, (d->room[id].ly + 1) * P - 1);
		cairo_show_text(cr, num);
	}
	cairo_surface_flush(s);
	int rc = cairo_status(cr) == CAIRO_STATUS_SUCCESS &&
	                         cairo_surface_write_to_png_stream(s, to_buf, out) ==
	                                 CAIRO_STATUS_SUCCESS
	                 ? 0
	                 : -1;
	cairo_destroy(cr);
	cairo_surface_destroy(s);
	return rc || out->oom ? -1 : 0;
}
