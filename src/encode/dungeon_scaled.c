/* dungeon_scaled: see dungeon_draw.h. The picture at any scale: ppg pixels
 * a cell, a byte a pixel (pngwrite_indexed). Each cell row has two rows of
 * its own, its floor (the grounds and the vertical grid lines) and its grid
 * line; every pixel row points at one of them until something is drawn on
 * it, when it gets its bytes (a copy): rows alike stay one pointer, which
 * pngwrite then writes without looking at them, so the cost follows what
 * is drawn more than the picture's area. */
#include "dungeon_draw.h"

#include "dress.h"
#include "pngwrite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
	WALL,
	HALL,
	ROOM,
	GRID, /* + a ground: the grid line over it */
	DOOR = 6,
	UP,
	DOWN,
	DIGIT,
	LOCK,
	STUCK,
	TRAP,
	SECRET,
	N_COLOURS
};
static const unsigned char colours[N_COLOURS][3] = {
        {0x2b, 0x26, 0x21}, /* wall ground */
        {0xcc, 0xbf, 0xa6}, /* hallway floor */
        {0xe8, 0xdc, 0xc2}, /* room floor */
        {0x25, 0x20, 0x1c}, /* the grid over: wall */
        {0xae, 0xa3, 0x8d}, /* hallway */
        {0xc5, 0xbb, 0xa5}, /* room */
        {0x73, 0x45, 0x19}, /* a door */
        {0x26, 0x8c, 0x26}, /* up stairs */
        {0xb3, 0x19, 0x26}, /* down stairs */
        {0x19, 0x19, 0x4c}, /* room numbers */
        {0x10, 0x10, 0x10}, /* a locked door's lock */
        {0x8a, 0x8f, 0x96}, /* a stuck door (grey: it will not swing) */
        {0xe0, 0x6a, 0x00}, /* a trapped door's mark */
        {0x8e, 0x2c, 0xb5}, /* a secret door, dashed */
};

/* Digits 3 x 5 dots, row by row from the top, bit 14 first (the font of
 * the older pictures, scaled: no font files, the bytes depend on nothing
 * installed). */
static const uint16_t digit_dots[10] = {0x7b6f, 0x2c97, 0x73e7, 0x73cf, 0x5bc9,
                                        0x79cf, 0x79ef, 0x7249, 0x7bef, 0x7bcf};

static const unsigned char ground[256] = {['#'] = WALL, ['.'] = HALL, ['r'] = ROOM};

struct canvas {
	int pw, ph, p;
	const unsigned char **row;
	unsigned char *store; /* ph rows of pw: a row's own bytes, once drawn on */
	unsigned char *own;   /* per row: whether row[y] is its own */
};

int dungeon_ppg_largest(int cw, int ch)
{
	int longer = cw > ch ? cw : ch, p = longer > 0 ? DUNGEON_PICTURE_MAX / longer : 0;
	return p > DUNGEON_PPG_MAX ? DUNGEON_PPG_MAX : p;
}

int dungeon_ppg_default(int cw, int ch)
{
	static const int steps[] = {70, 50, 35, 25, 20};
	int largest = dungeon_ppg_largest(cw, ch);
	for (size_t i = 0; i < sizeof steps / sizeof steps[0]; i++)
		if (steps[i] <= largest)
			return steps[i];
	return DUNGEON_PPG_MIN;
}

static unsigned char *own_row(struct canvas *c, int y)
{
	unsigned char *mine = c->store + (size_t)y * (size_t)c->pw;
	if (!c->own[y]) {
		memcpy(mine, c->row[y], (size_t)c->pw);
		c->row[y] = mine;
		c->own[y] = 1;
	}
	return mine;
}

/* Colour k over the rectangle (x, y, w, h), clipped. */
static void rect(struct canvas *c, int x, int y, int w, int h, unsigned char k)
{
	int x0 = x < 0 ? 0 : x, x1 = x + w > c->pw ? c->pw : x + w;
	int y0 = y < 0 ? 0 : y, y1 = y + h > c->ph ? c->ph : y + h;
	for (int j = y0; j < y1 && x1 > x0; j++)
		memset(own_row(c, j) + x0, k, (size_t)(x1 - x0));
}

/* A rectangle given along a door's line and across it: along [a, b),
 * across [l, r) (pixels), vertical or not. */
static void door_rect(struct canvas *c, int vertical, int a, int b, int l, int r, unsigned char k)
{
	if (vertical)
		rect(c, l, a, r - l, b - a, k);
	else
		rect(c, a, l, b - a, r - l, k);
}

/* A door in its state: on its grid line, a bar across the opening (closed),
 * the same in grey (stuck), with a dark square at its middle (locked) or an
 * orange one (trapped); two jambs at its ends with the opening between
 * (open); a dashed purple line (secret: the players see a wall). */
static void door(struct canvas *c, const struct dungeon_door *o, int state)
{
	int p = c->p, vertical = o->x0 == o->x1;
	int a = (vertical ? (o->y0 < o->y1 ? o->y0 : o->y1) : (o->x0 < o->x1 ? o->x0 : o->x1)) * p;
	int b = (vertical ? (o->y0 < o->y1 ? o->y1 : o->y0) : (o->x0 < o->x1 ? o->x1 : o->x0)) * p;
	int line = (vertical ? o->x0 : o->y0) * p;
	int t = p / 4 < 4 ? 4 : p / 4 / 2 * 2; /* the bar's thickness, even */
	int l = line - t / 2, r = line + t / 2;
	int mid = (a + b) / 2;
	int sq = t + 2 * (p / 20 < 1 ? 1 : p / 20);
	switch (state) {
	case DOOR_OPEN: {
		int jamb = p / 5 < 2 ? 2 : p / 5;
		door_rect(c, vertical, a, a + jamb, l, r, DOOR);
		door_rect(c, vertical, b - jamb, b, l, r, DOOR);
		break;
	}
	case DOOR_SECRET: {
		int dash = p / 4 < 2 ? 2 : p / 4;
		for (int s = a; s < b; s += 2 * dash)
			door_rect(c, vertical, s, s + dash < b ? s + dash : b, line - t / 4,
			          line + t / 4 + (t / 4 == 0), SECRET);
		break;
	}
	case DOOR_STUCK:
		door_rect(c, vertical, a, b, l, r, STUCK);
		break;
	default:
		door_rect(c, vertical, a, b, l, r, DOOR);
		if (state == DOOR_LOCKED || state == DOOR_TRAPPED)
			door_rect(c, vertical, mid - sq / 2, mid - sq / 2 + sq, line - sq / 2,
			          line - sq / 2 + sq, state == DOOR_LOCKED ? LOCK : TRAP);
		break;
	}
}

/* A triangle in cell (x, y), a tenth of a cell in from its sides: pointing
 * up (the up stairs) or down. */
static void stairs(struct canvas *c, int x, int y, int up, unsigned char k)
{
	int p = c->p, m = p / 10 < 1 ? 1 : p / 10, n = p - 2 * m;
	for (int j = 0; j < n; j++) {
		int grow = up ? j + 1 : n - j;
		int half = (grow + 1) / 2;
		int cx = x * p + p / 2;
		rect(c, cx - half, y * p + m + j, 2 * half, 1, k);
	}
}

/* Room number n from (x, y) (top left), dots of `dot` pixels. */
static void number(struct canvas *c, int n, int x, int y, int dot)
{
	char text[12];
	int len = snprintf(text, sizeof text, "%d", n);
	for (int i = 0; i < len; i++)
		for (int bit = 0; bit < 15; bit++)
			if (digit_dots[text[i] - '0'] & (1u << (14 - bit)))
				rect(c, x + i * 4 * dot + bit % 3 * dot, y + bit / 3 * dot, dot,
				     dot, DIGIT);
}

int dungeon_draw_png_at(const struct dungeon *d, const struct dungeon_picture *pic, struct buf *out)
{
	int p = pic->ppg;
	if (p < DUNGEON_PPG_MIN || p > dungeon_ppg_largest(d->cw, d->ch))
		return -1;
	struct canvas c = {.pw = d->cw * p, .ph = d->ch * p, .p = p};
	size_t pw = (size_t)c.pw;
	/* per cell row: its floor, then its grid line */
	unsigned char *cells = malloc(pw * (size_t)d->ch * 2);
	c.row = malloc((size_t)c.ph * sizeof c.row[0]);
	c.own = calloc((size_t)c.ph, 1);
	/* untouched pages of it are never mapped in: only the rows drawn on */
	c.store = malloc(pw * (size_t)c.ph);
	int rc = -1, gw = p / 40 < 1 ? 1 : p / 40; /* a grid line's width */
	if (!cells || !c.row || !c.own || !c.store)
		goto done;
	for (int cy = 0; cy < d->ch; cy++) {
		unsigned char *floor = cells + pw * (size_t)cy * 2, *top = floor + pw;
		for (int cx = 0; cx < d->cw; cx++) {
			unsigned char g = ground[(unsigned char)d->kind[cy * d->cw + cx]];
			memset(floor + (size_t)cx * (size_t)p, g, (size_t)p);
			memset(top + (size_t)cx * (size_t)p, g + GRID, (size_t)p);
			if (pic->grid && cx > 0)
				memset(floor + (size_t)cx * (size_t)p, g + GRID, (size_t)gw);
		}
		for (int j = 0; j < p; j++)
			c.row[cy * p + j] = pic->grid && cy > 0 && j < gw ? top : floor;
	}
	for (int i = 0; i < d->n_doors; i++)
		door(&c, &d->door[i], pic->door_state ? pic->door_state[i] : DOOR_CLOSED);
	stairs(&c, d->up_x, d->up_y, 1, UP);
	stairs(&c, d->down_x, d->down_y, 0, DOWN);
	/* digits 3/5 of a cell tall, from a tenth of a cell in */
	int dot = p * 3 / 25 < 2 ? 2 : p * 3 / 25;
	for (int id = 1; id <= d->n_rooms; id++)
		number(&c, id, d->room[id].lx * p + p / 10, d->room[id].ly * p + p / 10, dot);
	rc = pngwrite_indexed(c.row, c.pw, c.ph, colours, N_COLOURS, p, out);
done:
	free(cells);
	free(c.row);
	free(c.own);
	free(c.store);
	return rc || out->oom ? -1 : 0;
}
