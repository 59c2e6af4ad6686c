/* maploot: see maploot.h. A room is a tile whose inside (its 4 x 4 cells
 * within the border) is more than 12 floor cells: a corridor, even a
 * crossing, has at most 12 there. */
#include "maploot.h"

#include <string.h>

#include "buf.h"
#include "form.h"
#include "generate.h"
#include "itemlink.h"
#include "rng.h"

#define ROOM_FLOOR_MIN 13
/* The salt of the seed that draws which rooms hold loot when there are more
 * than MAPLOOT_MAX: apart from the items' seeds (generate_batch_seed). */
#define LOOT_DRAW_SALT 0x6c6f6f7464726177ULL /* "lootdraw" */

/* Whether tile t is a room (see ROOM_FLOOR_MIN). */
static int is_room(const struct map_tile *t)
{
	int floor = 0;
	for (int y = 1; y < MAP_TILE - 1; y++)
		for (int x = 1; x < MAP_TILE - 1; x++)
			floor += t->cell[y * MAP_TILE + x] == '.';
	return floor >= ROOM_FLOOR_MIN;
}

/* The floor cell of tile t's inside nearest its middle (ties: the first in
 * reading order), as a cell of the tile; a room always has one. */
static void room_spot(const struct map_tile *t, int *cx, int *cy)
{
	int best = -1;
	for (int y = 1; y < MAP_TILE - 1; y++)
		for (int x = 1; x < MAP_TILE - 1; x++) {
			/* twice the distance from the middle (2.5, 2.5), squared */
			int d = (2 * x - 5) * (2 * x - 5) + (2 * y - 5) * (2 * y - 5);
			if (t->cell[y * MAP_TILE + x] == '.' && (best < 0 || d < best)) {
				best = d;
				*cx = x;
				*cy = y;
			}
		}
}

/* The rooms of m (tile indices, reading order) into rooms; returns how many.
 * Whether a tile is a room is decided once per tile of the set, when the
 * map first uses it, not once per place (900 places, 16 cells each, were
 * ~3% of a fresh 30 x 30 map). */
static size_t find_rooms(const struct catalog_tileset *ts, const struct map *m, int *rooms)
{
	signed char room[MAP_TILES_MAX]; /* -1: not yet decided */
	size_t n = 0, n_tiles = ts->n < MAP_TILES_MAX ? ts->n : MAP_TILES_MAX;

	memset(room, -1, n_tiles);
	for (int c = 0; c < m->w * m->h; c++) {
		unsigned t = m->tile[c];
		if (t >= n_tiles) { /* never: the generator's indices are the set's */
			if (is_room(&ts->tiles[t]))
				rooms[n++] = c;
			continue;
		}
		if (room[t] < 0)
			room[t] = (signed char)is_room(&ts->tiles[t]);
		if (room[t])
			rooms[n++] = c;
	}
	return n;
}

/* Which rooms hold loot: all of them when there are at most MAPLOOT_MAX, else
 * MAPLOOT_MAX drawn among all of them by the seed (a partial shuffle), so the
 * loot reaches the whole map. The choice is put back in reading order;
 * pick[k] is the room's number among all rooms. Returns how many. */
static size_t pick_rooms(size_t n_rooms, uint64_t seed, unsigned *pick)
{
	if (n_rooms <= MAPLOOT_MAX) {
		for (size_t i = 0; i < n_rooms; i++)
			pick[i] = (unsigned)i;
		return n_rooms;
	}
	unsigned order[MAP_DIM_MAX * MAP_DIM_MAX];
	struct rng r;
	rng_seed(&r, seed ^ LOOT_DRAW_SALT);
	for (size_t i = 0; i < n_rooms; i++)
		order[i] = (unsigned)i;
	for (size_t i = 0; i < MAPLOOT_MAX; i++) {
		size_t j = i + (size_t)rng_below(&r, n_rooms - i);
		unsigned t = order[i];
		order[i] = order[j];
		order[j] = t;
	}
	/* back in reading order: mark, then collect */
	unsigned char chosen[MAP_DIM_MAX * MAP_DIM_MAX] = {0};
	for (size_t i = 0; i < MAPLOOT_MAX; i++)
		chosen[order[i]] = 1;
	size_t k = 0;
	for (size_t i = 0; i < n_rooms; i++)
		if (chosen[i])
			pick[k++] = (unsigned)i;
	return k;
}

/* Room i (its number among all rooms, reading order) has the seed
 * generate_batch_seed(seed, i) and a kind drawn from it; its marker sits on
 * the room's floor cell nearest the tile's middle. */
size_t maploot_roll(const struct catalog *cat, const struct catalog_tileset *ts, int tier,
                    const struct map *m, uint64_t seed, struct map_loot *out, size_t *n_rooms)
{
	size_t n = 0;
	int rooms[MAP_DIM_MAX * MAP_DIM_MAX];
	unsigned pick[MAPLOOT_MAX];
	struct form f; /* the defaults; each item sets its kind and tier */
	struct buf b;

	*n_rooms = find_rooms(ts, m, rooms);
	size_t n_pick = tier >= 0 ? pick_rooms(*n_rooms, seed, pick) : 0;
	form_parse(&f, NULL, NULL, 0, NULL);
	f.tier = tier;
	buf_init(&b);
	for (size_t k = 0; k < n_pick; k++) {
		int c = rooms[pick[k]];
		uint64_t s = generate_batch_seed(seed, pick[k]);
		struct rng r;
		rng_seed(&r, s);
		struct gen_input in = {
		        .kind = (enum kind)rng_below(&r, K__MAX), .tier = tier, .power = 1.0};
		struct map_loot *l = &out[n];
		if (generate(cat, &in, s, &l->item) != 0)
			continue;
		/* The item's permanent link (SPEC §6); the inputs and the seed
		 * only when it cannot have a code. */
		f.kind = in.kind;
		buf_reset(&b);
		if (itemlink_fill(cat, &in, &l->item) == 0 && l->item.code[0]
		            ? buf_puts(&b, "/item/") != 0 || buf_puts(&b, l->item.code) != 0
		            : form_link(&f, s, &b) != 0)
			continue;
		if (b.len >= sizeof l->link)
			continue;
		memcpy(l->link, b.data, b.len + 1);
		l->x = c % m->w;
		l->y = c / m->w;
		room_spot(&ts->tiles[m->tile[c]], &l->cx, &l->cy);
		l->cx += l->x * MAP_TILE;
		l->cy += l->y * MAP_TILE;
		n++;
	}
	buf_free(&b);
	return n;
}
