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

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h> /* 16 cells at a time where there is SSE2 (x86-64 always) */
#endif

#include "hoard.h"
#include "rng.h"

#define T          MAP_TILE
#define STAIR_SALT 0x7374616972730000ULL /* "stairs": the up stairs' room */
#define STOCK_SALT 0x73746f636b000000ULL /* "stock": the rooms' contents */
#define ROOM_MIN   13                    /* inside floor cells of a room piece */

/* rng_below(r, n), the same draws and values, inlined: most of stocking's
 * draws are below a constant (100, 4, 2, the names), whose remainder the
 * compiler makes a multiplication, where the call divided. */
static inline uint64_t below(struct rng *r, uint64_t n)
{
	if (n == 0)
		return 0;
	uint64_t x = rng_next(r);
	if (x > UINT64_MAX - (n - 1)) { /* the rare draw that may be thrown away */
		uint64_t limit = UINT64_MAX - (UINT64_MAX % n + 1) % n;
		while (x > limit)
			x = rng_next(r);
	}
	return x % n;
}

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

#define WORDS    ((MAP_DIM_MAX * T + 63) / 64) /* a row of cells as bits */
#define RUNS_MAX (MAP_DIM_MAX * T * (MAP_DIM_MAX * T / 2 + 1))

/* The floor tile by tile: a tile's 6 x 6 cells as the bits r * 8 + c of a
 * word (two bits of padding a row, so that a shift by one never carries a
 * cell into the next row), on a grid of tiles TROW wide with a border of
 * empty tiles, so that a tile's neighbour is an addition with no bounds
 * check. The walk spreads a whole tile's front in a few operations where
 * it stepped a cell at a time, and a door is two masks ANDed. */
#define TROW          (MAP_DIM_MAX + 2)
#define TGRID         (TROW * (MAP_DIM_MAX + 2))
#define TILE_AT(x, y) (((y) + 1) * TROW + (x) + 1)
#define COL0          0x0000010101010101ULL   /* the west column */
#define COL5          (COL0 << 5)             /* the east column */
#define ROW0          0x3fULL                 /* the north row */
#define ROW5          (ROW0 << 40)            /* the south row */
#define MIXED         (DUNGEON_ROOMS_MAX + 1) /* a tile's floor in several rooms */
_Static_assert(T == 6, "a tile's rows are 6 bits of a byte; six rows fill 48 bits");

struct tiles {
	uint64_t floor[TGRID];  /* the floor cells */
	uint64_t rfloor[TGRID]; /* the floor of a room tile; 0 elsewhere */
	uint64_t left[TGRID];   /* the floor the walk has not reached */
	uint64_t front[TGRID];  /* the walk's cells at the current distance */
	uint64_t next[TGRID];   /* the cells beside them, gathered; 0 between steps */
	uint16_t room[TGRID];   /* the room of all its floor, 0 for none, or MIXED */
	uint16_t list[2][TGRID];
};

/* Runs of room floor, row by row in reading order: the rooms are found
 * from them (a few thousand) rather than from the cells (32,400 at
 * 30 x 30). */
struct runs {
	uint8_t a[RUNS_MAX], b[RUNS_MAX]; /* first and last cell, x */
	uint16_t parent[RUNS_MAX];        /* union-find: the root, the least run of its room */
	uint16_t room[RUNS_MAX];          /* its room's number */
	int row[MAP_DIM_MAX * T + 1];     /* row y's runs: row[y] .. row[y + 1] - 1 */
};

/* A room's figures gathered from its tiles (rooms_by_tile). */
struct tile_box {
	int first; /* its first cell in reading order, y << 8 | x */
	int cells, x0, x1, y1;
};

/* The rooms found from the tiles (rooms_by_tile), by tile (TILE_AT). */
struct tile_rooms {
	/* union-find: a room tile's root is its room's first tile; any other
	 * tile is its own */
	uint16_t parent[TGRID];
	struct tile_box box[TGRID];        /* at a root: its room's */
	uint16_t id[TGRID];                /* at a root: its room's number; else 0 */
	uint16_t tiles[DUNGEON_ROOMS_MAX]; /* the room tiles, in reading order */
	uint16_t root[DUNGEON_ROOMS_MAX];  /* the rooms' roots, sorted by first cell */
	/* mask[i]: a floor of tile i of the set (MAP_TILES_MAX: any beyond)
	 * found to be one piece, or 0 */
	uint64_t mask[MAP_TILES_MAX + 1];
};

/* The tile lines that hold a door (find_doors): at most two a tile. */
struct door_lines {
	uint64_t both[2 * MAP_DIM_MAX * MAP_DIM_MAX]; /* the pairs of cells across */
	uint16_t line[2 * MAP_DIM_MAX * MAP_DIM_MAX]; /* its tile << 1, | 1 for the east line */
};

/* Everything dungeon_build needs besides the dungeon, in one allocation. */
struct work {
	struct runs runs;
	struct tile_rooms tile_rooms;
	struct tiles tiles;
	struct door_lines doors;
	uint64_t rbits[MAP_DIM_MAX * T][WORDS];   /* each row's room floor */
	uint64_t fbits[MAP_DIM_MAX * T][WORDS];   /* each row's floor */
	struct rng stream[DUNGEON_ROOMS_MAX + 1]; /* each room's, after its stock roll */
};

/* 0x80 in each byte of v that is zero, exactly. */
static uint64_t zero_bytes(uint64_t v)
{
	const uint64_t low7 = 0x7f7f7f7f7f7f7f7fULL;
	return ~(((v & low7) + low7) | v | low7);
}

/* The low bits of the 8 bytes of v (each 0 or 1) as 8 bits, the first
 * byte in memory the lowest bit. */
static uint64_t byte_bits(uint64_t v)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return (v * 0x0102040810204080ULL) >> 56; /* every product in its own bit */
#else
	unsigned char b[8];
	uint64_t out = 0;
	memcpy(b, &v, 8);
	for (int i = 0; i < 8; i++)
		out |= (uint64_t)(b[i] & 1) << i;
	return out;
#endif
}

/* kind from the cells and the tiles, 8 cells at a time; each row's floor
 * as bits (fbits) and its room floor (rbits). */
static void read_cells(const struct map *m, const unsigned char *is_room, struct dungeon *d,
                       uint64_t (*fbits)[WORDS], uint64_t (*rbits)[WORDS])
{
	const uint64_t ones = 0x0101010101010101ULL, hashes = ones * '#';
	int cw = d->cw, ch = d->ch;
	char floor[MAP_DIM_MAX * T + 8];
	uint64_t room[WORDS];

	for (int y = 0; y < ch; y++) {
		if (y % T == 0) { /* a new row of tiles */
			memset(room, 0, sizeof room);
			/* no branch on whether a tile is a room's: that is as good
			 * as random, where the column a tile starts at is not */
			for (int tx = 0; tx < m->w; tx++) {
				int rm = is_room[(y / T) * m->w + tx];
				int x = tx * T;
				uint64_t six = ROW0 & -(uint64_t)rm;
				memset(floor + x, rm ? 'r' : '.', T);
				room[x / 64] |= six << (x % 64);
				if (x % 64 > 64 - T) /* into the next word */
					room[x / 64 + 1] |= six >> (64 - x % 64);
			}
		}
		const char *src = &m->cell[y * cw];
		char *dst = &d->kind[y * cw];
		uint64_t *bits = fbits[y];
		int x = 0;
		memset(bits, 0, WORDS * sizeof *bits);
#ifdef __SSE2__
		const __m128i hash16 = _mm_set1_epi8('#');
		for (; x + 16 <= cw; x += 16) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(src + x));
			__m128i f = _mm_loadu_si128((const __m128i *)(const void *)(floor + x));
			__m128i wall = _mm_cmpeq_epi8(v, hash16);
			__m128i k = _mm_or_si128(_mm_and_si128(wall, hash16),
			                         _mm_andnot_si128(wall, f));
			_mm_storeu_si128((__m128i *)(void *)(dst + x), k);
			/* x % 64 is 0, 16, 32 or 48: the 16 bits stay in one word */
			bits[x / 64] |= (uint64_t)(~_mm_movemask_epi8(wall) & 0xffff) << (x % 64);
		}
#endif
		for (; x + 8 <= cw; x += 8) {
			uint64_t v, f;
			memcpy(&v, src + x, 8);
			memcpy(&f, floor + x, 8);
			uint64_t wall = zero_bytes(v ^ hashes) >> 7; /* 1 in each '#' byte */
			uint64_t keep = wall * 0xff;
			uint64_t k = (hashes & keep) | (f & ~keep), open = (wall ^ ones);
			memcpy(dst + x, &k, 8);
			bits[x / 64] |= byte_bits(open) << (x % 64); /* x % 64 <= 56 */
		}
		for (; x < cw; x++) {
			int open = src[x] != '#';
			dst[x] = open ? floor[x] : '#';
			bits[x / 64] |= (uint64_t)open << (x % 64);
		}
		for (int w = 0; w < WORDS; w++)
			rbits[y][w] = bits[w] & room[w];
	}
}

/* Tile (x / T)'s floor mask from its T rows of bits (x a multiple of T,
 * at most 174: a tile crosses at most into the next word, which exists).
 * Written out row by row: as a loop the compiler kept the loop and the
 * word and shift were worked out again for each row. */
static uint64_t tile_bits(const uint64_t (*rows)[WORDS], int x)
{
	int w = x / 64, s = x % 64;
	if (s <= 64 - T) {
#define ROW_BITS(r) ((rows[r][w] >> s & ROW0) << 8 * (r))
		return ROW_BITS(0) | ROW_BITS(1) | ROW_BITS(2) | ROW_BITS(3) | ROW_BITS(4) |
		       ROW_BITS(5);
#undef ROW_BITS
	}
#define ROW_BITS(r) (((rows[r][w] >> s | rows[r][w + 1] << (64 - s)) & ROW0) << 8 * (r))
	return ROW_BITS(0) | ROW_BITS(1) | ROW_BITS(2) | ROW_BITS(3) | ROW_BITS(4) | ROW_BITS(5);
#undef ROW_BITS
}

/* The tile grid from the rows of floor: floor, rfloor and left as the
 * cells and tiles say, next and room clear, the border tiles empty. */
static void read_tiles(const struct dungeon *d, const unsigned char *is_room,
                       uint64_t (*fbits)[WORDS], struct tiles *tb)
{
	for (int u = 0; u < TROW; u++) { /* the rows of tiles above and below */
		int v = TILE_AT(u - 1, d->h);
		tb->floor[u] = tb->rfloor[u] = tb->left[u] = tb->next[u] = 0;
		tb->floor[v] = tb->rfloor[v] = tb->left[v] = tb->next[v] = 0;
	}
	for (int ty = 0; ty < d->h; ty++) {
		const uint64_t(*rows)[WORDS] = fbits + ty * T;
		int u = TILE_AT(-1, ty), v = TILE_AT(d->w, ty);
		tb->floor[u] = tb->rfloor[u] = tb->left[u] = tb->next[u] = 0;
		tb->floor[v] = tb->rfloor[v] = tb->left[v] = tb->next[v] = 0;
		for (int tx = 0; tx < d->w; tx++) {
			uint64_t f = tile_bits(rows, tx * T);
			int t = TILE_AT(tx, ty);
			tb->floor[t] = tb->left[t] = f;
			tb->rfloor[t] = f & -(uint64_t)is_room[ty * d->w + tx];
			tb->next[t] = 0;
			tb->room[t] = 0;
		}
	}
}

/* The runs of set bits in a row of cw bits (none past cw), into a and b
 * (first and last x); returns how many. A word at a time: a run is two
 * trailing-zero counts. */
static int row_runs(const uint64_t *bits, int cw, uint8_t *a, uint8_t *b)
{
	int n = 0, open = -1; /* open: a run reaching the end of the word before */

	for (int w = 0; w * 64 < cw; w++) {
		uint64_t v = bits[w];
		int base = w * 64;
		if (open >= 0) {
			if (!~v)
				continue; /* the run goes on through this word */
			int e = __builtin_ctzll(~v);
			a[n] = (uint8_t)open;
			b[n++] = (uint8_t)(base + e - 1);
			open = -1;
			v &= ~0ULL << e;
		}
		while (v) {
			int s = __builtin_ctzll(v);
			uint64_t rest = ~v & (~0ULL << s); /* the clear bits from s on */
			if (!rest) {
				open = base + s;
				break;
			}
			int e = __builtin_ctzll(rest);
			a[n] = (uint8_t)(base + s);
			b[n++] = (uint8_t)(base + e - 1);
			v &= ~0ULL << e;
		}
	}
	if (open >= 0) {
		a[n] = (uint8_t)open;
		b[n++] = (uint8_t)(cw - 1);
	}
	return n;
}

int dungeon_row_runs(const struct dungeon *d, int y, char what, uint8_t *a, uint8_t *b)
{
	const uint64_t want = 0x0101010101010101ULL * (unsigned char)what;
	const char *row = &d->kind[y * d->cw];
	uint64_t bits[WORDS] = {0};
	int x = 0;

	for (; x + 8 <= d->cw; x += 8) {
		uint64_t v;
		memcpy(&v, row + x, 8);
		bits[x / 64] |= byte_bits(zero_bytes(v ^ want) >> 7) << (x % 64);
	}
	for (; x < d->cw; x++)
		bits[x / 64] |= (uint64_t)(row[x] == what) << (x % 64);
	return row_runs(bits, d->cw, a, b);
}

/* n >= 1 cells of room_of set to v, four at a time (the last four
 * overlapping the ones before), or three stores for fewer than four. */
static void fill(uint16_t *c, int n, uint16_t v)
{
	const uint64_t four = v * 0x0001000100010001ULL;
	if (n < 4) {
		c[0] = c[n / 2] = c[n - 1] = v;
		return;
	}
	for (int i = 0; i + 4 <= n; i += 4)
		memcpy(c + i, &four, sizeof four);
	memcpy(c + n - 4, &four, sizeof four);
}

static int root_of(uint16_t *parent, int i)
{
	while (parent[i] != i) {
		parent[i] = parent[parent[i]]; /* halving */
		i = parent[i];
	}
	return i;
}

/* The rooms: each connected area of room floor (rbits), numbered in
 * reading order of its first cell (as a flood from each unnumbered room
 * cell in reading order numbered them), from its runs: a run is joined to
 * the runs above it that share a column, the least run of an area is its
 * root, and the roots come in reading order. -1 when there would be more
 * rooms than a dungeon holds (no tileset's map has as many; a flood
 * overran the array). */
static int find_rooms(struct dungeon *d, uint64_t (*rbits)[WORDS], struct runs *u,
                      uint16_t *tile_room)
{
	int cw = d->cw, ch = d->ch, n = 0;
	long best[DUNGEON_ROOMS_MAX + 1];

	for (int y = 0; y < ch; y++) {
		u->row[y] = n;
		int runs = row_runs(rbits[y], cw, u->a + n, u->b + n);
		for (int i = n; i < n + runs; i++)
			u->parent[i] = (uint16_t)i;
		n += runs;
		/* join with the runs above that share a column */
		for (int i = y ? u->row[y - 1] : n, j = u->row[y]; i < u->row[y] && j < n;) {
			if (u->b[i] >= u->a[j] && u->b[j] >= u->a[i]) {
				int ri = root_of(u->parent, i), rj = root_of(u->parent, j);
				u->parent[ri > rj ? ri : rj] = (uint16_t)(ri < rj ? ri : rj);
			}
			if (u->b[i] < u->b[j])
				i++;
			else
				j++;
		}
	}
	u->row[ch] = n;
	/* Every run straight to its root, in one pass: a run's parent is never
	 * after it (a join points the later root at the earlier), so the
	 * parent's parent is already a root. */
	for (int i = 0; i < n; i++)
		u->parent[i] = u->parent[u->parent[i]];
	for (int y = 0; y < ch; y++) {
		/* a row at a time: one memset of the whole array is a
		 * "rep stosb", each byte an instruction */
		uint16_t *row = &d->room_of[y * cw], *trow = &tile_room[TILE_AT(0, y / T)];
		memset(row, 0, (size_t)cw * sizeof *row);
		for (int i = u->row[y]; i < u->row[y + 1]; i++) {
			int root = u->parent[i], a = u->a[i], b = u->b[i];
			struct dungeon_room *r;
			if (root == i) { /* a root comes before the rest of its runs */
				if (d->n_rooms == DUNGEON_ROOMS_MAX)
					return -1;
				u->room[i] = (uint16_t)++d->n_rooms;
				r = &d->room[u->room[i]];
				memset(r, 0, sizeof *r);
				r->x0 = r->x1 = r->lx = a;
				r->y0 = r->ly = y;
				best[u->room[i]] = -1;
			}
			u->room[i] = u->room[root];
			r = &d->room[u->room[i]];
			r->n_cells += b - a + 1;
			r->x0 = a < r->x0 ? a : r->x0;
			r->x1 = b > r->x1 ? b : r->x1;
			r->y1 = y;
			uint16_t id = u->room[i];
			fill(row + a, b - a + 1, id);
			for (unsigned tx = (unsigned)a / T; tx <= (unsigned)b / T; tx++)
				trow[tx] = trow[tx] == 0 || trow[tx] == id ? id : MIXED;
		}
	}
	/* Each room's stairs cell: its floor cell nearest the middle of its
	 * bounding box, the first in reading order among equals. In a run,
	 * the column nearest the middle (the lesser of two as near); then the
	 * runs in reading order, a later one only if nearer: not looked at
	 * when its row alone is as far as the best so far (most are). Twice
	 * the middle of each box, worked out once. */
	int mid_x[DUNGEON_ROOMS_MAX + 1], mid_y[DUNGEON_ROOMS_MAX + 1];
	for (int id = 1; id <= d->n_rooms; id++) {
		mid_x[id] = d->room[id].x0 + d->room[id].x1;
		mid_y[id] = d->room[id].y0 + d->room[id].y1;
	}
	for (int y = 0; y < ch; y++)
		for (int i = u->row[y]; i < u->row[y + 1]; i++) {
			int id = u->room[i];
			long ddy = 2 * y - mid_y[id], dd = ddy * ddy;
			if (best[id] >= 0 && dd >= best[id])
				continue;
			long mid = mid_x[id], x = mid / 2;
			x = x < u->a[i] ? u->a[i] : x > u->b[i] ? u->b[i] : x;
			dd += (2 * x - mid) * (2 * x - mid);
			if (best[id] < 0 || dd < best[id]) {
				best[id] = dd;
				d->room[id].sx = (int)x;
				d->room[id].sy = y;
			}
		}
	return 0;
}

/* The cells of a floor mask, by adding bits in ever wider fields (the
 * build assumes no popcount instruction). */
static int count_cells(uint64_t f)
{
	f -= f >> 1 & 0x5555555555555555ULL;
	f = (f & 0x3333333333333333ULL) + (f >> 2 & 0x3333333333333333ULL);
	f = (f + (f >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
	return (int)(f * 0x0101010101010101ULL >> 56);
}

/* Whether a tile's floor mask f is one piece: a flood from its first cell
 * (a few steps in 6 x 6 cells) reaches all of it. */
static int one_piece(uint64_t f)
{
	uint64_t seen = f & -f, grown;
	while ((grown = (seen | seen << 1 | seen >> 1 | seen << 8 | seen >> 8) & f) != seen)
		seen = grown;
	return seen == f;
}

static void join(uint16_t *parent, int a, int b)
{
	int ra = root_of(parent, a), rb = root_of(parent, b);
	parent[ra > rb ? ra : rb] = (uint16_t)(ra < rb ? ra : rb);
}

/* room_of from the tiles: 0, then each row of a room tile's floor as its
 * room's number, a tile at a time (tiles: the room tiles, n of them, in
 * reading order): its number spread once, each of its rows one store of
 * the lanes its bits pick (lanes[bits], worked out once a call). The
 * hallway tiles (most of a map) are left to the clearing, which is cheaper
 * than writing their zeros a tile at a time. */
static void write_room_of(struct dungeon *d, const struct tiles *tb, const uint16_t *tiles, int n)
{
	int cw = d->cw;
#ifdef __SSE2__
	__m128i lanes[64];
	const __m128i lane = _mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128);
	for (int b = 0; b < 64; b++)
		lanes[b] = _mm_cmpeq_epi16(_mm_and_si128(_mm_set1_epi16((short)b), lane), lane);
#endif
	memset(d->room_of, 0, (size_t)cw * (size_t)d->ch * sizeof *d->room_of);
	for (int i = 0; i < n; i++) {
		int g = tiles[i], tx = g % TROW - 1, ty = g / TROW - 1;
		uint64_t f = tb->rfloor[g];
		uint16_t *at = &d->room_of[ty * T * cw + tx * T];
#ifdef __SSE2__
		__m128i id = _mm_set1_epi16((short)tb->room[g]);
		/* eight cells a row: the two past the tile are 0, as the tile
		 * after it holds them if it is a hallway's, and it is written
		 * after this one if it is a room's */
		if (tx + 1 < d->w) {
			for (int r = 0; r < T; r++)
				_mm_storeu_si128((__m128i *)(void *)(at + r * cw),
				                 _mm_and_si128(lanes[f >> 8 * r & ROW0], id));
			continue;
		}
		/* the last: six, as eight would run past the last row */
		for (int r = 0; r < T; r++) {
			__m128i v = _mm_and_si128(lanes[f >> 8 * r & ROW0], id);
			uint32_t last2 = (uint32_t)_mm_cvtsi128_si32(_mm_srli_si128(v, 8));
			_mm_storel_epi64((__m128i *)(void *)(at + r * cw), v);
			memcpy(at + r * cw + 4, &last2, sizeof last2);
		}
#else
		for (int r = 0; r < T; r++)
			for (int c = 0; c < T; c++)
				at[r * cw + c] = f >> (8 * r + c) & 1 ? tb->room[g] : 0;
#endif
	}
}

/* Room r's stairs cell (see find_rooms): rows outward from the middle of
 * its box, nearest first (the upper of two as near), each row's cells
 * outward from the middle in the same way, so that a row's first cell of
 * the room is its best and the search ends when a row, or a cell, is
 * already farther than the best so far: in most rooms a few cells are
 * looked at. Among cells as near, the first in reading order. */
static void room_stairs(const struct dungeon *d, int id, struct dungeon_room *r)
{
	int mx = r->x0 + r->x1, my = r->y0 + r->y1, best = INT_MAX;

	for (int up = my / 2, down = up + 1; up >= r->y0 || down <= r->y1;) {
		int du = up >= r->y0 ? my - 2 * up : INT_MAX;
		int dn = down <= r->y1 ? 2 * down - my : INT_MAX;
		int y = du <= dn ? up-- : down++, ddy = du <= dn ? du * du : dn * dn;
		if (ddy > best)
			break;
		const uint16_t *row = &d->room_of[y * d->cw];
		for (int left = mx / 2, right = left + 1; left >= r->x0 || right <= r->x1;) {
			int dl = left >= r->x0 ? mx - 2 * left : INT_MAX;
			int dr = right <= r->x1 ? 2 * right - mx : INT_MAX;
			int x = dl <= dr ? left-- : right++;
			int dd = ddy + (dl <= dr ? dl * dl : dr * dr);
			if (dd > best)
				break;
			if (row[x] != id)
				continue;
			if (dd < best || y < r->sy) {
				best = dd;
				r->sx = x;
				r->sy = y;
			}
			break;
		}
	}
}

/* The rooms as find_rooms finds them, from the tiles: when every room
 * tile's floor is one piece (so in every map of a tileset, whose tiles
 * map_tile_check holds to it), a room is the room tiles joined where their
 * floors meet across a tile line: a union-find over at most 900 tiles,
 * not the few thousand runs of room floor. Each room's first cell, cells
 * and box from its tiles' masks; numbered in reading order of the first
 * cells. Returns 1, having changed nothing, when some room tile's floor
 * is in pieces (a map no tileset makes): find_rooms then. Whether a tile
 * is a room's, and whether it joins its neighbours, are as good as
 * random: they are selected, not branched on. */
static int rooms_by_tile(struct dungeon *d, const struct map *m, struct tiles *tb,
                         struct tile_rooms *u)
{
	int w = d->w, h = d->h, n = 0, n_tiles = 0;

	memset(u->mask, 0, sizeof u->mask);
	for (int x = -1; x < w; x++) /* the border read beside the first row and column */
		u->parent[TILE_AT(x, -1)] = 0;
	for (int y = 0; y < h; y++)
		u->parent[TILE_AT(-1, y)] = 0;
	for (int ty = 0; ty < h; ty++) {
		int lw = 0; /* the west tile's parent, kept from the step before */
		for (int tx = 0; tx < w; tx++) {
			int g = TILE_AT(tx, ty), i = m->tile[ty * w + tx];
			uint64_t f = tb->rfloor[g];
			i = i < MAP_TILES_MAX ? i : MAP_TILES_MAX;
			if (f != u->mask[i]) { /* a floor not seen yet: flooded once */
				if (!one_piece(f))
					return 1;
				u->mask[i] = f;
			}
			/* to the west neighbour's set if joined to it, else the
			 * north one's, else a set of its own; joined to both, the
			 * two sets become one (lw may be a parent a join has
			 * since passed over: the same set) */
			int west = ((tb->rfloor[g - 1] & COL5) >> 5 & f) != 0;
			int north = ((tb->rfloor[g - TROW] & ROW5) >> 40 & f) != 0;
			int ln = u->parent[g - TROW];
			int p = west ? lw : north ? ln : g;
			u->parent[g] = (uint16_t)p;
			u->id[g] = 0;
			if (west && north && lw != ln)
				join(u->parent, lw, ln);
			lw = p;
			u->tiles[n_tiles] = (uint16_t)g; /* the room tiles, listed */
			n_tiles += f != 0;
		}
	}
	/* Each room tile straight to its root (a tile's parent never comes
	 * after it, so its parent's parent is a root already), and its
	 * figures into its root's: written first at its own place, so that a
	 * root starts from its own. Any other tile is a root of its own with
	 * number 0. */
	for (int k = 0; k < n_tiles; k++) {
		int g = u->tiles[k], p = u->parent[u->parent[g]];
		int tx = g % TROW - 1, ty = g / TROW - 1;
		uint64_t f = tb->rfloor[g];
		int lo = __builtin_ctzll(f), hi = 63 - __builtin_clzll(f);
		unsigned cols = (unsigned)(f | f >> 24);
		cols = (cols | cols >> 8 | cols >> 16) & ROW0;
		struct tile_box own = {
		        .first = (ty * T + lo / 8) << 8 | (tx * T + lo % 8),
		        .cells = count_cells(f),
		        .x0 = tx * T + __builtin_ctz(cols),
		        .x1 = tx * T + 31 - __builtin_clz(cols),
		        .y1 = ty * T + hi / 8,
		};
		u->parent[g] = (uint16_t)p;
		u->box[g] = own;
		struct tile_box *b = &u->box[p];
		b->first = own.first < b->first ? own.first : b->first;
		b->cells += p != g ? own.cells : 0;
		b->x0 = own.x0 < b->x0 ? own.x0 : b->x0;
		b->x1 = own.x1 > b->x1 ? own.x1 : b->x1;
		b->y1 = own.y1 > b->y1 ? own.y1 : b->y1;
		u->root[n] = (uint16_t)g;
		n += p == g;
	}
	/* numbered by first cell: an insertion sort, as the roots come
	 * nearly in that order already */
	for (int k = 1; k < n; k++) {
		int j = k, g = u->root[k], first = u->box[g].first;
		for (; j > 0 && u->box[u->root[j - 1]].first > first; j--)
			u->root[j] = u->root[j - 1];
		u->root[j] = (uint16_t)g;
	}
	for (int k = 0; k < n; k++) {
		const struct tile_box *b = &u->box[u->root[k]];
		struct dungeon_room *r = &d->room[k + 1];
		u->id[u->root[k]] = (uint16_t)(k + 1);
		memset(r, 0, sizeof *r);
		r->n_cells = b->cells;
		r->x0 = b->x0;
		r->x1 = b->x1;
		r->lx = b->first & 0xff;
		r->y0 = r->ly = b->first >> 8;
		r->y1 = b->y1;
	}
	d->n_rooms = n;
	for (int ty = 0; ty < h; ty++)
		for (int tx = 0; tx < w; tx++) {
			int g = TILE_AT(tx, ty);
			tb->room[g] = u->id[u->parent[g]];
		}
	write_room_of(d, tb, u->tiles, n_tiles);
	for (int id = 1; id <= n; id++)
		room_stairs(d, id, &d->room[id]);
	return 0;
}

/* The door across tile boundary line `line` (x when vertical) between a
 * room tile and a hallway tile, cells from..from+T-1 along it: the run
 * from the first to the last pair of cells with floor on both sides (the
 * floor of the one is room, of the other hallway: their tiles say so).
 * both: those pairs (not none), as the floor of the tile after the line
 * holds them; room_before: whether the room tile is the one before the
 * line. */
static void add_door(struct dungeon *d, uint64_t both, int vertical, int line, int from,
                     int room_before)
{
	int first = __builtin_ctzll(both), last = 63 - __builtin_clzll(both);
	if (vertical) { /* one bit a row of the tile */
		first /= 8;
		last /= 8;
	}
	first += from;
	last += from;
	struct dungeon_door *o = &d->door[d->n_doors++];
	/* the cells before and after the line */
	int ax = vertical ? line - 1 : first, ay = vertical ? first : line - 1;
	int bx = vertical ? line : first, by = vertical ? first : line;
	o->x0 = vertical ? line : first;
	o->y0 = vertical ? first : line;
	o->x1 = vertical ? line : last + 1;
	o->y1 = vertical ? last + 1 : line;
	o->hx = room_before ? bx : ax;
	o->hy = room_before ? by : ay;
	o->rx = room_before ? ax : bx;
	o->ry = room_before ? ay : by;
	o->room = d->room_of[o->ry * d->cw + o->rx];
}

/* A cell's floor is a room's or a hallway's by its tile, so only a side
 * between a room tile and a hallway tile can hold a door: the pairs of
 * cells across each line where the room floor of the one tile meets the
 * hallway floor of the other (past the last column or row the border
 * tiles have no floor). Every line's pairs are listed and only those with
 * any counted, with no branch: whether a line holds a door is as good as
 * random. The doors are then written from the list, in its order. */
_Static_assert(DUNGEON_DOORS_MAX >= 2 * MAP_DIM_MAX * MAP_DIM_MAX, "a door a tile line");
static void find_doors(const struct map *m, const struct tiles *tb, struct door_lines *l,
                       struct dungeon *d)
{
	uint64_t *both = l->both;
	uint16_t *line = l->line;
	int n = 0;

	for (int ty = 0; ty < m->h; ty++)
		for (int tx = 0; tx < m->w; tx++) {
			int g = TILE_AT(tx, ty);
			uint64_t room = tb->rfloor[g], hall = tb->floor[g] ^ room;
			uint64_t e_room = tb->rfloor[g + 1], e_hall = tb->floor[g + 1] ^ e_room;
			uint64_t s_room = tb->rfloor[g + TROW],
			         s_hall = tb->floor[g + TROW] ^ s_room;
			uint64_t e = ((room & COL5) >> 5 & e_hall) | ((hall & COL5) >> 5 & e_room);
			uint64_t s =
			        ((room & ROW5) >> 40 & s_hall) | ((hall & ROW5) >> 40 & s_room);
			/* a line: its tile, and 1 for the one to the east */
			line[n] = (uint16_t)(g << 1 | 1);
			both[n] = e;
			n += e != 0;
			line[n] = (uint16_t)(g << 1);
			both[n] = s;
			n += s != 0;
		}
	d->n_doors = 0;
	for (int i = 0; i < n; i++) {
		int g = line[i] >> 1, tx = g % TROW - 1, ty = g / TROW - 1;
		int before = tb->rfloor[g] != 0;
		if (line[i] & 1)
			add_door(d, both[i], 1, (tx + 1) * T, ty * T, before);
		else
			add_door(d, both[i], 0, (ty + 1) * T, tx * T, before);
	}
}

/* The walk's state between its steps. */
struct walk {
	struct dungeon *d;
	struct tiles *tb;
	int dist[DUNGEON_ROOMS_MAX + 1];
	/* whether a room was reached ([0], the hallways': always; [MIXED]:
	 * never, so that such a tile's cells are looked at one by one) */
	unsigned char seen[MIXED + 1];
	int left; /* rooms not reached yet; -1 when the walk goes to the end */
};

/* The rooms of cells `cells` of tile t, reached at distance at. */
static void reach(struct walk *k, int t, uint64_t cells, int at)
{
	int id = k->tb->room[t];
	if (id != MIXED) {
		k->seen[id] = 1;
		k->dist[id] = at;
		k->left--;
		return;
	}
	int x0 = (t % TROW - 1) * T, y0 = (t / TROW - 1) * T;
	for (; cells; cells &= cells - 1) {
		int b = __builtin_ctzll(cells);
		id = k->d->room_of[(y0 + b / 8) * k->d->cw + x0 + b % 8];
		if (!k->seen[id]) {
			k->seen[id] = 1;
			k->dist[id] = at;
			k->left--;
		}
	}
}

/* Gathers the cells `bits` of tile t that the walk has not reached into
 * its next, listing t the first time. No branch: whether a tile gains
 * cells is as good as random, and a wrong guess cost more than the few
 * operations a tile with nothing to gather does for nothing. */
#define GATHER(t, bits)                                                                            \
	do {                                                                                       \
		uint64_t b_ = (bits)&tb->left[t], n_ = tb->next[t];                                \
		out[n_out] = (uint16_t)(t);                                                        \
		n_out += (b_ != 0) & (n_ == 0);                                                    \
		tb->next[t] = n_ | b_;                                                             \
	} while (0)

/* One step of the walk: from the front (cur, n tiles) the cells one
 * farther that it has not reached, tile by tile into out (returns how
 * many tiles), their rooms reached at distance at. */
static int step(struct walk *k, const uint16_t *cur, int n, uint16_t *out, int at)
{
	struct tiles *tb = k->tb;
	size_t n_out = 0; /* not an int: no sign extension at each append */

	for (int i = 0; i < n; i++) {
		int t = cur[i];
		uint64_t f = tb->front[t];
		GATHER(t, f << 1 | f >> 1 | f << 8 | f >> 8);
		GATHER(t + 1, (f & COL5) >> 5);
		GATHER(t - 1, (f & COL0) << 5);
		/* no mask: f >> 40 keeps the south row alone, and f << 40
		 * puts the rows past the north one above bit 47, where left
		 * is 0 */
		GATHER(t + TROW, f >> 40);
		GATHER(t - TROW, f << 40);
	}
	for (size_t i = 0; i < n_out; i++) {
		int t = out[i];
		uint64_t f = tb->next[t];
		tb->next[t] = 0;
		tb->left[t] ^= f;
		tb->front[t] = f;
		if (!k->seen[tb->room[t]])
			reach(k, t, f, at);
	}
	return (int)n_out;
}
#undef GATHER

/* The walk from the up stairs (start: a cell, or past the last when the
 * map has no floor), as dungeon_distances walks it, keeping only what
 * place_stairs asks of it: each room's distance (its nearest cell's: the
 * walk reaches cells in order of distance, so the first reached of a room
 * is its nearest), and the farthest cell, the first in reading order
 * among equals (returned; cell 0 when nothing is reached, as the loop over
 * dungeon_distances' answer found). A step takes a whole distance at once,
 * tile by tile (struct tiles). */
static int walk(struct dungeon *d, int start, struct tiles *tb)
{
	struct walk k = {.d = d, .tb = tb};
	uint16_t *cur = tb->list[0], *nxt = tb->list[1];
	int n = 0, cw = d->cw;

	k.seen[0] = 1;
	k.seen[MIXED] = 0;
	for (int id = 1; id <= d->n_rooms; id++) {
		k.dist[id] = -1;
		k.seen[id] = 0;
	}
	/* With two rooms or more only their distances are asked: the walk
	 * ends when the last is reached (often well before the last cell). */
	k.left = d->n_rooms >= 2 ? d->n_rooms : -1;
	if (start < cw * d->ch && d->kind[start] != '#') {
		int x = start % cw, y = start / cw, t = TILE_AT(x / T, y / T);
		uint64_t bit = 1ULL << (y % T * 8 + x % T);
		tb->left[t] ^= bit;
		tb->front[t] = bit;
		cur[n++] = (uint16_t)t;
		if (!k.seen[tb->room[t]])
			reach(&k, t, bit, 0);
	}
	for (int at = 1; n && k.left != 0; at++) {
		int got = step(&k, cur, n, nxt, at);
		if (!got)
			break; /* cur: the farthest cells */
		uint16_t *swap = cur;
		cur = nxt;
		nxt = swap;
		n = got;
	}
	for (int id = 1; id <= d->n_rooms; id++)
		d->room[id].dist = k.dist[id];
	int far = -1;
	for (int i = 0; i < n; i++) { /* the first in reading order */
		int t = cur[i], b = __builtin_ctzll(tb->front[t]);
		int c = ((t / TROW - 1) * T + b / 8) * cw + (t % TROW - 1) * T + b % 8;
		far = far < 0 || c < far ? c : far;
	}
	return far < 0 ? 0 : far;
}

/* Up stairs in a room drawn by the seed; down stairs in the room farthest
 * from them by walking distance (ties: the lower number). With fewer than
 * two rooms, the down stairs go on the floor cell farthest from the up
 * stairs (the first in reading order among equals). */
static void place_stairs(struct dungeon *d, uint64_t seed, struct tiles *tb)
{
	int n = d->cw * d->ch;
	struct rng r;

	rng_seed(&r, seed ^ STAIR_SALT);
	if (d->n_rooms > 0) {
		d->up_room = 1 + (int)below(&r, (uint64_t)d->n_rooms);
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
	int far = walk(d, d->up_y * d->cw + d->up_x, tb);
	d->down_room = 0;
	if (d->n_rooms >= 2) {
		for (int id = 1; id <= d->n_rooms; id++)
			if (id != d->up_room &&
			    (d->down_room == 0 || d->room[id].dist > d->room[d->down_room].dist))
				d->down_room = id;
		d->down_x = d->room[d->down_room].sx;
		d->down_y = d->room[d->down_room].sy;
	} else {
		d->down_x = far % d->cw;
		d->down_y = far / d->cw;
		d->down_room = d->room_of[far];
	}
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

/* A hoard room: the hoard core's full hoard (hoard.h), its items after
 * any the room holds. Returns the gp spent (<= share). */
static uint32_t stock_hoard(struct dungeon_room *room, struct rng *r,
                            const struct dungeon_budget *b, uint32_t share)
{
	struct hoard h;
	uint32_t spent = hoard_roll(r, b, share, HOARD_FULL, &h);

	room->coins = h.coins;
	memcpy(room->art, h.art, (size_t)h.n_arts * sizeof *h.art);
	room->n_arts = h.n_arts;
	memcpy(room->gem, h.gem, (size_t)h.n_gems * sizeof *h.gem);
	room->n_gems = h.n_gems;
	for (int i = 0; i < h.n_items && room->n_items < DUNGEON_ITEMS_MAX; i++)
		room->item[room->n_items++] = h.item[i];
	return spent;
}

/* Every room's contents: a d100 against the row's percentages, then the
 * items or the hoard. Each room draws from its own stream (the stock seed
 * and its number), so one room's draws do not shift another's. */
static void stock(struct dungeon *d, const struct dungeon_budget *b, uint64_t seed,
                  struct rng *stream)
{
	int hoards = 0;

	d->budget = b->budget_per_room * (uint32_t)d->n_rooms;
	d->spent = 0;
	for (int id = 1; id <= d->n_rooms; id++) {
		struct dungeon_room *room = &d->room[id];
		rng_seed(&stream[id], (seed ^ STOCK_SALT) + (uint64_t)id * 0x9e3779b97f4a7c15ULL);
		int roll = (int)below(&stream[id], 100);
		room->stock = roll < b->empty_pct                  ? STOCK_EMPTY
		              : roll < b->empty_pct + b->items_pct ? STOCK_ITEMS
		                                                   : STOCK_HOARD;
		hoards += room->stock == STOCK_HOARD;
	}
	uint32_t share = hoards ? d->budget / (uint32_t)hoards : 0;
	for (int id = 1; id <= d->n_rooms; id++) {
		struct dungeon_room *room = &d->room[id];
		struct rng r = stream[id]; /* where the stock roll above left it */
		if (room->stock == STOCK_ITEMS) {
			int n = 1 + (int)below(&r, (uint64_t)b->items_max);
			for (int i = 0; i < n; i++)
				add_item(room, &r, gear[below(&r, 4)], b->tier);
			/* now and then a scroll among them */
			if (below(&r, 4) == 0)
				add_item(room, &r, K_SCROLL, b->tier);
		} else if (room->stock == STOCK_HOARD) {
			d->spent += stock_hoard(room, &r, b, share);
		}
	}
}

int dungeon_build(const struct map *m, const struct map_tile *tiles, const struct dungeon_budget *b,
                  uint64_t seed, struct dungeon *d)
{
	/* whether each tile of the map is a room, decided once per tile of
	 * the set (not once per cell: most of a 30 x 30 dungeon's CPU) */
	unsigned char is_room[MAP_DIM_MAX * MAP_DIM_MAX];
	signed char known[MAP_TILES_MAX];
	struct work *w = malloc(sizeof *w);
	int rc = -1;

	if (!w)
		goto out;
	memset(known, -1, sizeof known);
	for (int t = 0; t < m->w * m->h; t++) {
		int i = m->tile[t];
		if (i >= MAP_TILES_MAX)
			is_room[t] = (unsigned char)dungeon_tile_is_room(&tiles[i]);
		else {
			if (known[i] < 0)
				known[i] = (signed char)dungeon_tile_is_room(&tiles[i]);
			is_room[t] = (unsigned char)known[i];
		}
	}
	d->w = m->w;
	d->h = m->h;
	d->cw = T * m->w;
	d->ch = T * m->h;
	d->level = b->level;
	d->n_rooms = 0;
	d->n_doors = 0;
	read_cells(m, is_room, d, w->fbits, w->rbits);
	read_tiles(d, is_room, w->fbits, &w->tiles);
	if (rooms_by_tile(d, m, &w->tiles, &w->tile_rooms) != 0 &&
	    find_rooms(d, w->rbits, &w->runs, w->tiles.room) != 0)
		goto out;
	find_doors(m, &w->tiles, &w->doors, d);
	place_stairs(d, seed, &w->tiles);
	stock(d, b, seed, w->stream);
	rc = 0;
out:
	free(w);
	return rc;
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
