/* dungeon: see dungeon.h.
 *
 * The map's tiles say which floor is room and which is hallway (a room
 * piece's inside holds more than 12 floor cells); each connected area of
 * room floor is a room, numbered in reading order of its first cell. A door
 * stands on every run of cell sides where a hallway tile's floor meets a
 * room tile's. The up stairs go in a room drawn by the seed; a walk (BFS)
 * over the floor from them finds each room's distance, and the down stairs
 * go in the farthest. Stocking draws every room's contents from its own
 * stream of the seed, and the hoards share the level's budget, so the
 * treasure never passes it. */
#include "dungeon.h"

#include <stdlib.h>
#include <string.h>

#include "rng.h"

#define T          MAP_TILE
#define STAIR_SALT 0x7374616972730000ULL /* "stairs": the up stairs' room */
#define STOCK_SALT 0x73746f636b000000ULL /* "stock": the rooms' contents */
#define ROOM_MIN   13                    /* inside floor cells of a room piece */

const char *const dungeon_gem_names[] = {"agate",     "bloodstone", "carnelian", "jasper",
                                         "moonstone", "onyx",       "garnet",    "pearl",
                                         "topaz",     "amethyst",   "emerald",   "sapphire"};
const size_t dungeon_n_gems = sizeof dungeon_gem_names / sizeof *dungeon_gem_names;
const char *const dungeon_art_names[] = {
        "silver ewer",    "carved bone statuette", "gold locket",  "embroidered silk stole",
        "jeweled goblet", "painted icon",          "bronze crown", "ivory chess set"};
const size_t dungeon_n_arts = sizeof dungeon_art_names / sizeof *dungeon_art_names;

const struct dungeon_budget *dungeon_budget_at(const struct dungeon_budget *rows, size_t n,
                                               int level, uint64_t rev)
{
	for (size_t i = 0; i < n; i++) {
		const struct dungeon_budget *b = &rows[i];
		if (b->level == level && b->added_rev <= rev &&
		    (b->retired_rev == 0 || b->retired_rev > rev))
			return b;
	}
	return NULL;
}

size_t dungeon_tiles_at(const struct dungeon_tile_row *rows, size_t n, const char *tileset,
                        uint64_t rev, struct map_tile *out, size_t cap)
{
	size_t k = 0;
	for (size_t i = 0; i < n && k < cap; i++) {
		const struct dungeon_tile_row *r = &rows[i];
		if (strcmp(r->tileset, tileset) != 0 || r->added_rev > rev ||
		    (r->retired_rev != 0 && r->retired_rev <= rev))
			continue;
		out[k] = r->t;
		out[k].name = r->name;
		k++;
	}
	return k;
}

int dungeon_tile_is_room(const struct map_tile *t)
{
	int floor = 0;
	for (int y = 1; y < T - 1; y++)
		for (int x = 1; x < T - 1; x++)
			floor += t->cell[y * T + x] == '.';
	return floor >= ROOM_MIN;
}

void dungeon_weigh_tiles(const struct map_tile *tiles, size_t n, int hallways, struct map_tile *out)
{
	for (size_t i = 0; i < n; i++) {
		out[i] = tiles[i];
		uint64_t f = dungeon_tile_is_room(&tiles[i])
		                     ? (uint64_t)(DUNGEON_HALLWAYS_MAX - hallways)
		                     : (uint64_t)hallways;
		uint64_t w = tiles[i].weight * f;
		out[i].weight = w < 1 ? 1 : w > UINT32_MAX ? UINT32_MAX : (uint32_t)w;
	}
}

int dungeon_distances(const struct dungeon *d, int x, int y, int *dist)
{
	int n = d->cw * d->ch, head = 0, tail = 0;
	int *queue = malloc((size_t)n * sizeof *queue);
	static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};

	if (!queue)
		return -1;
	for (int i = 0; i < n; i++)
		dist[i] = -1;
	int start = y * d->cw + x;
	if (d->kind[start] != '#') {
		dist[start] = 0;
		queue[tail++] = start;
	}
	while (head < tail) {
		int c = queue[head++], cx = c % d->cw, cy = c / d->cw;
		for (int s = 0; s < 4; s++) {
			int nx = cx + dx[s], ny = cy + dy[s];
			if (nx < 0 || ny < 0 || nx >= d->cw || ny >= d->ch)
				continue;
			int nb = ny * d->cw + nx;
			if (d->kind[nb] != '#' && dist[nb] < 0) {
				dist[nb] = dist[c] + 1;
				queue[tail++] = nb;
			}
		}
	}
	free(queue);
	return 0;
}

/* Room floor and hallway floor from the tiles; rooms numbered by a flood
 * from each unnumbered room cell in reading order. */
static int find_rooms(const struct map *m, const struct map_tile *tiles, struct dungeon *d)
{
	int n = d->cw * d->ch;
	int *stack = malloc((size_t)n * sizeof *stack);
	static const int dx[4] = {0, 1, 0, -1}, dy[4] = {-1, 0, 1, 0};

	/* whether each tile of the map is a room: once a tile, not once a cell
	 * (36 times as many; most of a 30 x 30 dungeon's CPU) */
	unsigned char is_room[MAP_DIM_MAX * MAP_DIM_MAX];

	if (!stack)
		return -1;
	for (int t = 0; t < m->w * m->h; t++)
		is_room[t] = (unsigned char)dungeon_tile_is_room(&tiles[m->tile[t]]);
	for (int c = 0; c < n; c++) {
		int x = c % d->cw, y = c / d->cw;
		int room = is_room[(y / T) * m->w + x / T];
		d->kind[c] = m->cell[c] == '#' ? '#' : room ? 'r' : '.';
		d->room_of[c] = 0;
	}
	for (int c = 0; c < n; c++) {
		if (d->kind[c] != 'r' || d->room_of[c])
			continue;
		int id = ++d->n_rooms, top = 0;
		struct dungeon_room *r = &d->room[id];
		memset(r, 0, sizeof *r);
		r->x0 = r->x1 = c % d->cw;
		r->y0 = r->y1 = c / d->cw;
		r->lx = r->x0;
		r->ly = r->y0;
		d->room_of[c] = (uint16_t)id;
		stack[top++] = c;
		while (top) {
			int k = stack[--top], x = k % d->cw, y = k / d->cw;
			r->n_cells++;
			r->x0 = x < r->x0 ? x : r->x0;
			r->x1 = x > r->x1 ? x : r->x1;
			r->y0 = y < r->y0 ? y : r->y0;
			r->y1 = y > r->y1 ? y : r->y1;
			for (int s = 0; s < 4; s++) {
				int nx = x + dx[s], ny = y + dy[s];
				if (nx < 0 || ny < 0 || nx >= d->cw || ny >= d->ch)
					continue;
				int nb = ny * d->cw + nx;
				if (d->kind[nb] == 'r' && !d->room_of[nb]) {
					d->room_of[nb] = (uint16_t)id;
					stack[top++] = nb;
				}
			}
		}
	}
	free(stack);
	/* Each room's stairs cell: its floor cell nearest the middle of its
	 * bounding box (ties: the first in reading order). */
	for (int id = 1; id <= d->n_rooms; id++) {
		struct dungeon_room *r = &d->room[id];
		long best = -1;
		for (int y = r->y0; y <= r->y1; y++)
			for (int x = r->x0; x <= r->x1; x++) {
				if (d->room_of[y * d->cw + x] != id)
					continue;
				long ddx = 2 * x - (r->x0 + r->x1), ddy = 2 * y - (r->y0 + r->y1);
				long dd = ddx * ddx + ddy * ddy;
				if (best < 0 || dd < best) {
					best = dd;
					r->sx = x;
					r->sy = y;
				}
			}
	}
	return 0;
}

/* The door on the side between cells a (hallway tile) and b (room tile),
 * across tile boundary line `line` (x when vertical): the run of floor-on-
 * both-sides pairs along it. */
static void add_door(struct dungeon *d, int vertical, int line, int from, int to)
{
	/* vertical: cells (line-1, y) | (line, y) for y in [from, to) */
	int first = -1, last = -1;
	for (int i = from; i < to; i++) {
		int a = vertical ? i * d->cw + line - 1 : (line - 1) * d->cw + i;
		int b = vertical ? i * d->cw + line : line * d->cw + i;
		if (d->kind[a] == '#' || d->kind[b] == '#')
			continue;
		if ((d->kind[a] == 'r') == (d->kind[b] == 'r'))
			continue; /* both room or both hallway: no door */
		if (first < 0)
			first = i;
		last = i;
	}
	if (first < 0 || d->n_doors >= DUNGEON_DOORS_MAX)
		return;
	struct dungeon_door *o = &d->door[d->n_doors++];
	int a = vertical ? first * d->cw + line - 1 : (line - 1) * d->cw + first;
	int b = vertical ? first * d->cw + line : line * d->cw + first;
	int h = d->kind[a] == 'r' ? b : a, r = h == a ? b : a;
	o->x0 = vertical ? line : first;
	o->y0 = vertical ? first : line;
	o->x1 = vertical ? line : last + 1;
	o->y1 = vertical ? last + 1 : line;
	o->hx = h % d->cw;
	o->hy = h / d->cw;
	o->rx = r % d->cw;
	o->ry = r / d->cw;
	o->room = d->room_of[r];
}

static void find_doors(const struct map *m, struct dungeon *d)
{
	for (int ty = 0; ty < m->h; ty++)
		for (int tx = 0; tx < m->w; tx++) {
			if (tx + 1 < m->w)
				add_door(d, 1, (tx + 1) * T, ty * T, ty * T + T);
			if (ty + 1 < m->h)
				add_door(d, 0, (ty + 1) * T, tx * T, tx * T + T);
		}
}

/* Up stairs in a room drawn by the seed; down stairs in the room farthest
 * from them by walking distance (ties: the lower number). With fewer than
 * two rooms, the down stairs go on the floor cell farthest from the up
 * stairs (the first in reading order among equals). */
static int place_stairs(struct dungeon *d, uint64_t seed)
{
	int n = d->cw * d->ch;
	int *dist = malloc((size_t)n * sizeof *dist);
	struct rng r;

	if (!dist)
		return -1;
	rng_seed(&r, seed ^ STAIR_SALT);
	if (d->n_rooms > 0) {
		d->up_room = 1 + (int)rng_below(&r, (uint64_t)d->n_rooms);
		d->up_x = d->room[d->up_room].sx;
		d->up_y = d->room[d->up_room].sy;
	} else {
		/* No rooms: the stairs stand in a hallway ("room": null). Unset,
		 * the answer of a permanent code said whatever memory held. */
		d->up_room = 0;
		int c = 0;
		while (c < n && d->kind[c] == '#')
			c++;
		d->up_x = c % d->cw;
		d->up_y = c / d->cw;
	}
	if (dungeon_distances(d, d->up_x, d->up_y, dist) != 0) {
		free(dist);
		return -1;
	}
	for (int id = 1; id <= d->n_rooms; id++)
		d->room[id].dist = -1;
	for (int c = 0; c < n; c++) {
		int id = d->room_of[c];
		if (id && dist[c] >= 0 && (d->room[id].dist < 0 || dist[c] < d->room[id].dist))
			d->room[id].dist = dist[c];
	}
	d->down_room = 0;
	if (d->n_rooms >= 2) {
		for (int id = 1; id <= d->n_rooms; id++)
			if (id != d->up_room &&
			    (d->down_room == 0 || d->room[id].dist > d->room[d->down_room].dist))
				d->down_room = id;
		d->down_x = d->room[d->down_room].sx;
		d->down_y = d->room[d->down_room].sy;
	} else {
		int best = 0;
		for (int c = 0; c < n; c++)
			if (dist[c] > dist[best])
				best = c;
		d->down_x = best % d->cw;
		d->down_y = best / d->cw;
		d->down_room = d->room_of[best];
	}
	free(dist);
	return 0;
}

static const enum kind gear[] = {K_WEAPON, K_ARMOR, K_SHIELD, K_TRINKET};

static void add_item(struct dungeon_room *room, struct rng *r, enum kind k, int tier)
{
	if (room->n_items >= DUNGEON_ITEMS_MAX)
		return;
	struct dungeon_item *it = &room->item[room->n_items++];
	it->kind = k;
	it->tier = tier;
	it->seed = rng_next(r);
}

/* A hoard worth at most `share` gp: art objects (a quarter of it at most),
 * gems (a third at most, each worth the base value or twice it), the rest
 * 90-100 % spent in coins; an item at the level's tier, and a scroll or a
 * wand. Returns the gp spent (<= share). */
static uint32_t stock_hoard(struct dungeon_room *room, struct rng *r,
                            const struct dungeon_budget *b, uint32_t share)
{
	uint32_t left = share;
	if (b->art_value > 0) {
		uint64_t fit = (uint64_t)share / 4 / b->art_value;
		uint64_t n = rng_below(r, (fit < DUNGEON_ARTS_MAX ? fit : DUNGEON_ARTS_MAX) + 1);
		for (uint64_t i = 0; i < n; i++) {
			struct dungeon_valuable *v = &room->art[room->n_arts++];
			v->what = (int)rng_below(r, dungeon_n_arts);
			v->value = b->art_value;
			left -= b->art_value;
		}
	}
	if (b->gem_value > 0) {
		uint32_t cap = share / 3;
		uint64_t n = rng_below(r, DUNGEON_GEMS_MAX + 1);
		for (uint64_t i = 0; i < n; i++) {
			uint32_t value = b->gem_value * (uint32_t)(1 + rng_below(r, 2));
			if (value > cap || value > left)
				break;
			struct dungeon_valuable *v = &room->gem[room->n_gems++];
			v->what = (int)rng_below(r, dungeon_n_gems);
			v->value = value;
			cap -= value;
			left -= value;
		}
	}
	room->coins = left - (uint32_t)rng_below(r, (uint64_t)left / 10 + 1);
	add_item(room, r, gear[rng_below(r, 4)], b->tier);
	add_item(room, r, rng_below(r, 2) ? K_WAND : K_SCROLL, b->tier);
	return share - left + room->coins;
}

/* Every room's contents: a d100 against the row's percentages, then the
 * items or the hoard. Each room draws from its own stream (the stock seed
 * and its number), so one room's draws do not shift another's. */
static void stock(struct dungeon *d, const struct dungeon_budget *b, uint64_t seed)
{
	int hoards = 0;
	struct rng r;

	d->budget = b->budget_per_room * (uint32_t)d->n_rooms;
	d->spent = 0;
	for (int id = 1; id <= d->n_rooms; id++) {
		struct dungeon_room *room = &d->room[id];
		rng_seed(&r, (seed ^ STOCK_SALT) + (uint64_t)id * 0x9e3779b97f4a7c15ULL);
		int roll = (int)rng_below(&r, 100);
		room->stock = roll < b->empty_pct                  ? STOCK_EMPTY
		              : roll < b->empty_pct + b->items_pct ? STOCK_ITEMS
		                                                   : STOCK_HOARD;
		hoards += room->stock == STOCK_HOARD;
	}
	uint32_t share = hoards ? d->budget / (uint32_t)hoards : 0;
	for (int id = 1; id <= d->n_rooms; id++) {
		struct dungeon_room *room = &d->room[id];
		rng_seed(&r, (seed ^ STOCK_SALT) + (uint64_t)id * 0x9e3779b97f4a7c15ULL);
		(void)rng_below(&r, 100); /* the stock roll above */
		if (room->stock == STOCK_ITEMS) {
			int n = 1 + (int)rng_below(&r, (uint64_t)b->items_max);
			for (int i = 0; i < n; i++)
				add_item(room, &r, gear[rng_below(&r, 4)], b->tier);
			/* now and then a scroll among them */
			if (rng_below(&r, 4) == 0)
				add_item(room, &r, K_SCROLL, b->tier);
		} else if (room->stock == STOCK_HOARD) {
			d->spent += stock_hoard(room, &r, b, share);
		}
	}
}

int dungeon_build(const struct map *m, const struct map_tile *tiles, const struct dungeon_budget *b,
                  uint64_t seed, struct dungeon *d)
{
	d->w = m->w;
	d->h = m->h;
	d->cw = T * m->w;
	d->ch = T * m->h;
	d->level = b->level;
	d->n_rooms = 0;
	d->n_doors = 0;
	if (find_rooms(m, tiles, d) != 0)
		return -1;
	find_doors(m, d);
	if (place_stairs(d, seed) != 0)
		return -1;
	stock(d, b, seed);
	return 0;
}

size_t dungeon_text(const struct dungeon *d, char *out)
{
	size_t k = 0;
	char *grid = out; /* written in place, row by row with newlines */

	for (int y = 0; y < d->ch; y++) {
		for (int x = 0; x < d->cw; x++)
			grid[k++] = d->kind[y * d->cw + x] == '#' ? '#' : '.';
		grid[k++] = '\n';
	}
	grid[k] = '\0';
#define AT(x, y) grid[(size_t)(y) * (size_t)(d->cw + 1) + (size_t)(x)]
	for (int i = 0; i < d->n_doors; i++)
		AT(d->door[i].hx, d->door[i].hy) = '+';
	/* a room's number from its first cell rightwards, over its own cells */
	for (int id = 1; id <= d->n_rooms; id++) {
		char num[8];
		int len = 0;
		for (int v = id; v; v /= 10)
			num[len++] = (char)('0' + v % 10);
		const struct dungeon_room *r = &d->room[id];
		for (int i = 0; i < len; i++) {
			int x = r->lx + i;
			if (x >= d->cw || d->room_of[r->ly * d->cw + x] != id)
				break;
			AT(x, r->ly) = num[len - 1 - i];
		}
	}
	AT(d->up_x, d->up_y) = '<';
	AT(d->down_x, d->down_y) = '>';
#undef AT
	return k;
}
