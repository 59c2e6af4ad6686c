/* dungeon_vtt: see dungeon_draw.h. Universal VTT (format 0.3): the map's
 * size in grid squares (a cell is a square), the PNG as base64, the walls
 * as line segments on every side between a floor cell and a wall cell
 * (collinear sides joined into one segment), and each door as a closed
 * portal across its opening (by its state, at a scale: dungeon_draw_png_at).
 * Written by hand: a fixed shape of numbers and
 * one base64 string, no text from outside. */
#include "dungeon_draw.h"

#include "dress.h"
#include "dungeoncode.h"

#include <sodium.h>
#include <stdlib.h>

static int is_floor(const struct dungeon *d, int x, int y)
{
	return x >= 0 && y >= 0 && x < d->cw && y < d->ch && d->kind[y * d->cw + x] != '#';
}

/* One segment of line_of_sight, after the first. */
static int segment(struct buf *out, int *first, int x0, int y0, int x1, int y1)
{
	int rc = buf_printf(out, "%s[{\"x\":%d,\"y\":%d},{\"x\":%d,\"y\":%d}]", *first ? "" : ",",
	                    x0, y0, x1, y1);
	*first = 0;
	return rc;
}

/* The walls: on horizontal line y, the side above (x, y-1) and below
 * (x, y) differ; on vertical line x, left and right. Runs are joined. */
static int walls(const struct dungeon *d, struct buf *out)
{
	int first = 1, rc = 0;
	for (int y = 0; y <= d->ch; y++)
		for (int x = 0; x < d->cw;) {
			if (is_floor(d, x, y - 1) == is_floor(d, x, y)) {
				x++;
				continue;
			}
			int end = x;
			while (end < d->cw && is_floor(d, end, y - 1) != is_floor(d, end, y) &&
			       is_floor(d, end, y) == is_floor(d, x, y))
				end++;
			rc |= segment(out, &first, x, y, end, y);
			x = end;
		}
	for (int x = 0; x <= d->cw; x++)
		for (int y = 0; y < d->ch;) {
			if (is_floor(d, x - 1, y) == is_floor(d, x, y)) {
				y++;
				continue;
			}
			int end = y;
			while (end < d->ch && is_floor(d, x - 1, end) != is_floor(d, x, end) &&
			       is_floor(d, x, end) == is_floor(d, x, y))
				end++;
			rc |= segment(out, &first, x, y, x, end);
			y = end;
		}
	return rc;
}

int dungeon_draw_vtt(const struct dungeon *d, struct buf *out)
{
	return dungeon_draw_vtt_v(d, DUNGEONCODE_VERSION_1, out);
}

/* The file around png (the image) at ppg; doors by state (NULL: every one
 * a closed portal, as the older versions write them). */
static int write_vtt(const struct dungeon *d, const struct buf *png, int ppg, const uint8_t *state,
                     struct buf *out)
{
	int rc = buf_printf(out,
	                    "{\"format\":0.3,\"resolution\":{\"map_origin\":{\"x\":0,\"y\":0},"
	                    "\"map_size\":{\"x\":%d,\"y\":%d},\"pixels_per_grid\":%d},"
	                    "\"line_of_sight\":[",
	                    d->cw, d->ch, ppg);
	rc |= walls(d, out);
	/* a secret door is a wall: the file has no secret portals */
	int first = d->n_doors == 0;
	for (int i = 0; state && i < d->n_doors; i++)
		if (state[i] == DOOR_SECRET)
			rc |= segment(out, &first, d->door[i].x0, d->door[i].y0, d->door[i].x1,
			              d->door[i].y1);
	rc |= buf_puts(out, "],\"portals\":[");
	for (int i = 0, n = 0; i < d->n_doors; i++) {
		const struct dungeon_door *o = &d->door[i];
		if (state && state[i] == DOOR_SECRET)
			continue;
		rc |= buf_printf(out,
		                 "%s{\"position\":{\"x\":%g,\"y\":%g},\"bounds\":[{\"x\":%d,"
		                 "\"y\":%d},{\"x\":%d,\"y\":%d}],\"rotation\":%s,\"closed\":%s,"
		                 "\"freestanding\":false}",
		                 n++ ? "," : "", (o->x0 + o->x1) / 2.0, (o->y0 + o->y1) / 2.0,
		                 o->x0, o->y0, o->x1, o->y1, o->x0 == o->x1 ? "1.5708" : "0",
		                 state && state[i] == DOOR_OPEN ? "false" : "true");
	}
	rc |= buf_puts(out, "],\"environment\":{\"baked_lighting\":false,\"ambient_light\":"
	                    "\"ffffffff\"},\"lights\":[],\"image\":\"");
	size_t b64 = sodium_base64_ENCODED_LEN(png->len, sodium_base64_VARIANT_ORIGINAL);
	char *text = malloc(b64);
	if (!text || rc) {
		free(text);
		return -1;
	}
	sodium_bin2base64(text, b64, (const unsigned char *)png->data, png->len,
	                  sodium_base64_VARIANT_ORIGINAL);
	rc = buf_append(out, text, b64 - 1) | buf_puts(out, "\"}");
	free(text);
	return rc || out->oom ? -1 : 0;
}

int dungeon_draw_vtt_v(const struct dungeon *d, int version, struct buf *out)
{
	struct buf png;
	buf_init(&png);
	int rc = dungeon_draw_png_v(d, version, &png) != 0
	                 ? -1
	                 : write_vtt(d, &png, DUNGEON_PNG_CELL, NULL, out);
	buf_free(&png);
	return rc;
}

int dungeon_draw_vtt_at(const struct dungeon *d, const struct dungeon_picture *pic, struct buf *out)
{
	struct buf png;
	buf_init(&png);
	int rc = dungeon_draw_png_at(d, pic, &png) != 0
	                 ? -1
	                 : write_vtt(d, &png, pic->ppg, pic->door_state, out);
	buf_free(&png);
	return rc;
}
