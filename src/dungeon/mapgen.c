/* mapgen: see mapgen.h.
 *
 * A map is made in two passes, so that it is one dungeon by construction:
 * first a random spanning tree over the grid's cells (plus a few extra
 * links, so there are loops) says which sides of each tile are open; then
 * the tiles are chosen in reading order, each one matching the edges its
 * north and west neighbours already fixed and open exactly where the tree
 * says. Every tile's floor is one piece that reaches each of its open edges
 * (map_tile_check), so floor meets floor across every link and the tree
 * connects all of it. Where no tile fits, the choice backtracks; the steps
 * are counted and bounded, and a few fresh trees are tried before the
 * tileset is declared unable to tile the grid. */
#include "mapgen.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rng.h"

#define T               MAP_TILE
#define ATTEMPTS        4     /* spanning trees tried before giving up */
#define STEP_BUDGET     20000 /* tile choices per attempt */
#define EXTRA_LINK_1_IN 8     /* a side the tree left closed opens with this odds */

/* Bit i: cell i along the edge is floor. Corners (0 and 5) are never. */
static const uint8_t edge_floor[EDGE__MAX] = {
        [EDGE_NONE] = 0,           [EDGE_HALL] = 0x0c, /* ..##.. → cells 2, 3 */
        [EDGE_ROOM_LOWER] = 0x0e,                      /* cells 1, 2, 3 */
        [EDGE_ROOM_UPPER] = 0x1c,                      /* cells 2, 3, 4 */
        [EDGE_ROOM_FILLED] = 0x1e,                     /* cells 1 .. 4 */
};

static const char *const side_names[4] = {"north", "east", "south", "west"};
static const int opposite[4] = {MAP_S, MAP_W, MAP_N, MAP_E};
static const int d_row[4] = {-1, 0, 1, 0};
static const int d_col[4] = {0, 1, 0, -1};

/* The cell index (row * T + col) of position i along side s of a tile. */
static int edge_cell(int s, int i)
{
	switch (s) {
	case MAP_N:
		return i;
	case MAP_S:
		return (T - 1) * T + i;
	case MAP_W:
		return i * T;
	default:
		return i * T + T - 1;
	}
}

int map_tile_check(const struct map_tile *t, char why[MAP_WHY_MAX])
{
	const char *name = t->name ? t->name : "?";
	int floor = 0, first = -1, open = 0;

	if (t->weight < 1) {
		snprintf(why, MAP_WHY_MAX, "tile \"%s\": the weight must be at least 1", name);
		return -1;
	}
	for (int i = 0; i < T * T; i++) {
		if (t->cell[i] != '#' && t->cell[i] != '.') {
			snprintf(why, MAP_WHY_MAX,
			         "tile \"%s\": cell %d of row %d is neither '#' nor '.'", name,
			         i % T + 1, i / T + 1);
			return -1;
		}
		if (t->cell[i] == '.' && floor++ == 0)
			first = i;
	}
	for (int s = 0; s < 4; s++) {
		if (t->edge[s] >= EDGE__MAX) {
			snprintf(why, MAP_WHY_MAX, "tile \"%s\": its %s edge type %d is not 0 to 4",
			         name, side_names[s], t->edge[s]);
			return -1;
		}
		open += t->edge[s] != EDGE_NONE;
		for (int i = 0; i < T; i++) {
			int want = (edge_floor[t->edge[s]] >> i) & 1;
			if ((t->cell[edge_cell(s, i)] == '.') != want) {
				snprintf(why, MAP_WHY_MAX,
				         "tile \"%s\": the cells of its %s edge do not spell type "
				         "%d",
				         name, side_names[s], t->edge[s]);
				return -1;
			}
		}
	}
	if (floor == 0) {
		if (open) {
			snprintf(why, MAP_WHY_MAX, "tile \"%s\": an open edge but no floor", name);
			return -1;
		}
		return 0;
	}
	/* One piece: flood from the first floor cell. */
	int seen[T * T] = {0}, stack[T * T], top = 0, reached = 0;
	stack[top++] = first;
	seen[first] = 1;
	while (top) {
		int c = stack[--top], r = c / T, col = c % T;
		reached++;
		for (int s = 0; s < 4; s++) {
			int nr = r + d_row[s], nc = col + d_col[s];
			if (nr < 0 || nr >= T || nc < 0 || nc >= T)
				continue;
			int nb = nr * T + nc;
			if (!seen[nb] && t->cell[nb] == '.') {
				seen[nb] = 1;
				stack[top++] = nb;
			}
		}
	}
	if (reached != floor) {
		snprintf(why, MAP_WHY_MAX, "tile \"%s\": its floor is in more than one piece",
		         name);
		return -1;
	}
	return 0;
}

/* The group of a tile that has these north and west edges and these open
 * sides (bit s: side s is open). */
static int group_of(int north, int west, unsigned open)
{
	return (north * EDGE__MAX + west) * 16 + (int)open;
}

static unsigned open_sides(const struct map_tile *t)
{
	unsigned open = 0;
	for (int s = 0; s < 4; s++)
		open |= (unsigned)(t->edge[s] != EDGE_NONE) << s;
	return open;
}

int map_tileset_init(struct map_tileset *ts, const struct map_tile *tiles, size_t n,
                     char why[MAP_WHY_MAX])
{
	uint16_t count[MAP_GROUPS] = {0}, at[MAP_GROUPS];

	memset(ts, 0, sizeof(*ts));
	if (n < 1 || n > MAP_TILES_MAX) {
		snprintf(why, MAP_WHY_MAX, "a tileset has 1 to %d tiles", MAP_TILES_MAX);
		return -1;
	}
	for (size_t i = 0; i < n; i++) {
		if (map_tile_check(&tiles[i], why) != 0)
			return -1;
		count[group_of(tiles[i].edge[MAP_N], tiles[i].edge[MAP_W],
		               open_sides(&tiles[i]))]++;
	}
	for (int g = 0; g < MAP_GROUPS; g++) {
		ts->start[g + 1] = (uint16_t)(ts->start[g] + count[g]);
		if (count[g] > ts->widest)
			ts->widest = count[g];
	}
	memcpy(at, ts->start, sizeof at);
	/* In index order within a group: the order a place's candidates were
	 * listed in when they were found by a scan, which the shuffle's draws
	 * (and so every map) depend on. */
	for (size_t i = 0; i < n; i++) {
		int g = group_of(tiles[i].edge[MAP_N], tiles[i].edge[MAP_W], open_sides(&tiles[i]));
		ts->order[at[g]] = (uint16_t)i;
		ts->weight[at[g]++] = tiles[i].weight;
		ts->total[g] += tiles[i].weight;
	}
	ts->tiles = tiles;
	ts->n = n;
	return 0;
}

/* ---- pass 1: which sides are open ---- */

#define CELLS_MAX (MAP_DIM_MAX * MAP_DIM_MAX)

/* rng_below(r, n) for an n known where it is called: the same rule (draws
 * above the last whole block of n thrown away, then the remainder), so the
 * same values from the same stream, but with the limit and the remainder
 * folded by the compiler instead of two 64-bit divisions per draw. The tree
 * makes three such draws per place. */
static inline uint64_t below_const(struct rng *r, uint64_t n)
{
	const uint64_t limit = UINT64_MAX - (UINT64_MAX % n + 1) % n;
	uint64_t x;
	do
		x = rng_next(r);
	while (x > limit);
	return x % n;
}

/* rng_below(r, n) for any n >= 1: the same values from the same stream,
 * with one 64-bit division fewer per draw. Its limit (the top of the last
 * whole block of n below 2^64) is at least UINT64_MAX - (n - 1), so a draw
 * at or below that is kept without computing the limit; only a draw above
 * it (odds n in 2^64) pays for the exact test. The shuffle of every place's
 * candidates makes one such draw per candidate but the last. */
static uint64_t draw_below(struct rng *r, uint64_t n)
{
	for (;;) {
		uint64_t x = rng_next(r);
		if (x <= UINT64_MAX - (n - 1) || x <= UINT64_MAX - (UINT64_MAX % n + 1) % n)
			return x % n;
	}
}

/* below_const(r, k) for the 1 to 4 ways a tree can grow from a place,
 * with no branch on k (which is as good as random: a switch on it
 * mispredicted): for 1, 2 and 4 every draw is kept and the value is its
 * low bits; for 3 only the draw UINT64_MAX is thrown away (the one above
 * the last whole block of 3), and the value is its remainder. */
static uint64_t below_4(struct rng *r, int k)
{
	uint64_t x;
	do
		x = rng_next(r);
	while (k == 3 && x == UINT64_MAX);
	return k == 3 ? x % 3 : x & (uint64_t)(k - 1);
}

/* n_sides[mask]: how many bits of a 4-bit mask are set (a table, since
 * without -mpopcnt __builtin_popcount is a call). */
static const int8_t n_sides[16] = {0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4};

/* nth_side[mask][i]: the i-th side, in side order, whose bit is set in mask. */
static const int8_t nth_side[16][4] = {
        {-1, -1, -1, -1}, {0, -1, -1, -1}, {1, -1, -1, -1}, {0, 1, -1, -1},
        {2, -1, -1, -1},  {0, 2, -1, -1},  {1, 2, -1, -1},  {0, 1, 2, -1},
        {3, -1, -1, -1},  {0, 3, -1, -1},  {1, 3, -1, -1},  {0, 1, 3, -1},
        {2, 3, -1, -1},   {0, 2, 3, -1},   {1, 2, 3, -1},   {0, 1, 2, 3},
};

/* open[c]: bit s set when side s of grid cell c links to its neighbour.
 * A depth-first tree from a random place: each step links the place on top
 * of the stack to one of its unvisited neighbours, drawn in side order. It
 * reaches every place (the grid is one piece), so the links join them all. */
static void spanning_tree(struct rng *rng, int w, int h, uint8_t *open)
{
	int n = w * h, top = 0;
	const int step[4] = {-w, 1, w, -1}; /* to the neighbour on side s */
	uint16_t stack[CELLS_MAX];
	/* inside[c]: the sides with a neighbour; unvisited[c]: those whose
	 * neighbour the tree has not reached yet, kept up to date as it grows,
	 * so a step reads its choices instead of testing four neighbours.
	 * visit() clears a side in all four neighbours without asking whether
	 * they exist: past the first or last row it writes into a row of slack
	 * on either side, and past the end of a row into the first place of
	 * the next (or the last of the one before), whose bit for that side is
	 * never set, as it has no neighbour there. */
	uint8_t inside[CELLS_MAX], slack[MAP_DIM_MAX + CELLS_MAX + MAP_DIM_MAX];
	uint8_t *unvisited = slack + MAP_DIM_MAX;

	for (int r = 0, c = 0; r < h; r++)
		for (int col = 0; col < w; col++, c++)
			inside[c] = (uint8_t)((r > 0) << MAP_N | (col + 1 < w) << MAP_E |
			                      (r + 1 < h) << MAP_S | (col > 0) << MAP_W);
	memcpy(unvisited, inside, (size_t)n);
	memset(open, 0, (size_t)n);
	int start = (int)rng_below(rng, (uint64_t)n);
#define VISIT(c)                                                                                   \
	do {                                                                                       \
		unvisited[(c)-w] &= (uint8_t) ~(1u << MAP_S);                                      \
		unvisited[(c) + 1] &= (uint8_t) ~(1u << MAP_W);                                    \
		unvisited[(c) + w] &= (uint8_t) ~(1u << MAP_N);                                    \
		unvisited[(c)-1] &= (uint8_t) ~(1u << MAP_E);                                      \
	} while (0)
	VISIT(start);
	stack[top++] = (uint16_t)start;
	while (top) {
		int c = stack[top - 1];
		unsigned choices = unvisited[c];
		if (!choices) {
			top--;
			continue;
		}
		int k = n_sides[choices];
		int s = nth_side[choices][below_4(rng, k)];
		int nb = c + step[s];
		open[c] |= (uint8_t)(1u << s);
		open[nb] |= (uint8_t)(1u << opposite[s]);
		VISIT(nb);
		stack[top++] = (uint16_t)nb;
	}
#undef VISIT
	/* A few more links: loops, so the dungeon is not only a tree. Each
	 * side the tree left closed (east, then south, place by place) draws
	 * whether it opens. Those sides are listed first, with no branch:
	 * which they are is as good as random, and no link drawn changes
	 * another's east or south. */
	uint16_t side[2 * CELLS_MAX];
	int n_side = 0;
	for (int c = 0; c < n; c++) {
		unsigned closed = inside[c] & ~open[c];
		side[n_side] = (uint16_t)(c << 1);
		n_side += closed >> MAP_E & 1;
		side[n_side] = (uint16_t)(c << 1 | 1);
		n_side += closed >> MAP_S & 1;
	}
	for (int i = 0; i < n_side; i++) {
		int c = side[i] >> 1, south = side[i] & 1;
		unsigned link = below_const(rng, EXTRA_LINK_1_IN) == 0;
		open[c] |= (uint8_t)(link << (south ? MAP_S : MAP_E));
		open[c + (south ? w : 1)] |= (uint8_t)(link << (south ? MAP_N : MAP_W));
	}
}

/* ---- pass 2: the tiles ---- */

struct pick {
	const struct map_tileset *ts;
	const struct map_tile *tiles;
	int w, h;
	const uint8_t *open;
	uint16_t *cand; /* cand[c * ts->widest ..]: cell c's candidates, in the order to try */
	uint16_t ncand[CELLS_MAX], at[CELLS_MAX];
	/* A place with three candidates or more keeps its shuffle's draws
	 * (raw[c * ts->widest ..]) and picks only its first candidate; the
	 * rest of its order is worked out from them (resolve) only when the
	 * choice backtracks to it, which most places never see. lazy[c]: its
	 * list is not worked out yet; from[c]: its group's first index. */
	uint64_t *raw;
	uint8_t lazy[CELLS_MAX];
	uint16_t from[CELLS_MAX];
	/* the first dead end met, for the message */
	int dead_cell, dead_n, dead_w;
	uint8_t dead_open;
};

/* One step of the weighted shuffle, for candidates and resolve alike:
 * the place r (below the rest's total weight) falls on, among list[i..],
 * swapped to i with its weight. Returns that weight, which leaves the
 * rest's total. */
static inline uint32_t shuffle_step(uint16_t *list, uint32_t *weight, size_t i, uint64_t r)
{
	size_t j = i;
	while (r >= weight[j])
		r -= weight[j++];
	uint16_t t = list[i];
	list[i] = list[j];
	list[j] = t;
	uint32_t wt = weight[j];
	weight[j] = weight[i];
	weight[i] = wt;
	return wt;
}

/* Fills cell c (in column col) with its candidate list: every tile that
 * matches its fixed edges (its neighbours', or closed on the border) and
 * is open exactly where the tree says, in a weighted random order. west:
 * the tile just placed west of it (m->tile[c - 1], passed in a register:
 * read back from the map, it was a store and a reload on the chain from
 * one place to the next). Returns the first candidate (-1: none). */
static int candidates(struct pick *p, const struct map *m, struct rng *rng, int c, int col,
                      int west)
{
	int need_n = c < p->w ? EDGE_NONE : p->tiles[m->tile[c - p->w]].edge[MAP_S];
	int need_w = col == 0 ? EDGE_NONE : p->tiles[west].edge[MAP_E];
	uint8_t open = p->open[c];
	uint16_t *list = p->cand + (size_t)c * p->ts->widest;
	uint32_t weight[MAP_TILES_MAX]; /* weight[i]: list[i]'s, moved with it */
	int g = group_of(need_n, need_w, open);
	uint64_t total = p->ts->total[g]; /* summed once, by map_tileset_init */
	size_t k = (size_t)(p->ts->start[g + 1] - p->ts->start[g]);
	const uint16_t *order = p->ts->order + p->ts->start[g];
	const uint32_t *weights = p->ts->weight + p->ts->start[g];

	p->ncand[c] = (uint16_t)k;
	p->at[c] = 0;
	p->lazy[c] = 0;
	/* One or two candidates (most places): the shuffle's one draw at
	 * most, with no copy of the weights. */
	if (k == 1) {
		list[0] = order[0];
		return list[0];
	}
	if (k == 2) {
		int second = draw_below(rng, (uint64_t)weights[0] + weights[1]) >= weights[0];
		list[0] = order[second];
		list[1] = order[!second];
		return list[0];
	}
	if (k >= 3) {
		/* The shuffle's k - 1 draws, each kept (as draw_below keeps it)
		 * when it is at or below UINT64_MAX - (total - 1): the totals
		 * after it are smaller, so their draws are kept too. Only a draw
		 * above that (odds k * total in 2^64) sends the place back to the
		 * whole shuffle, from the stream as it was. */
		uint64_t *raw = p->raw + (size_t)c * p->ts->widest, high = 0;
		const uint64_t keep = UINT64_MAX - (total - 1);
		struct rng was = *rng;
		for (size_t i = 0; i + 1 < k; i++) {
			raw[i] = rng_next(rng);
			high |= raw[i] > keep;
		}
		if (!high) {
			uint64_t r = raw[0] % total;
			size_t j = 0;
			while (r >= weights[j])
				r -= weights[j++];
			p->lazy[c] = 1;
			p->from[c] = p->ts->start[g];
			return order[j];
		}
		*rng = was;
	}
	for (size_t i = 0; i < k; i++) {
		list[i] = order[i];
		weight[i] = weights[i];
	}
	/* Weighted shuffle: each place drawn among the rest by weight. */
	for (size_t i = 0; i + 1 < k; i++)
		total -= shuffle_step(list, weight, i, draw_below(rng, total));
	if (!k && p->dead_cell < 0) {
		p->dead_cell = c;
		p->dead_n = need_n;
		p->dead_w = need_w;
		p->dead_open = open;
	}
	return k ? list[0] : -1;
}

/* Cell c's whole candidate list from its kept draws (candidates): the
 * weighted shuffle as it would have been made then, each place drawn among
 * the rest by weight, draw i's value its remainder by the rest's total. */
static void resolve(struct pick *p, int c)
{
	size_t k = p->ncand[c];
	uint16_t *list = p->cand + (size_t)c * p->ts->widest;
	const uint64_t *raw = p->raw + (size_t)c * p->ts->widest;
	uint32_t weight[MAP_TILES_MAX];
	uint64_t total = 0;

	for (size_t i = 0; i < k; i++) {
		list[i] = p->ts->order[p->from[c] + i];
		weight[i] = p->ts->weight[p->from[c] + i];
		total += weight[i];
	}
	for (size_t i = 0; i + 1 < k; i++)
		total -= shuffle_step(list, weight, i, raw[i] % total);
	p->lazy[c] = 0;
}

/* Chooses every tile, backtracking where a cell has nothing left. 0, or -1
 * when the budget ran out or the first cell has nothing. */
static int choose(struct pick *p, struct map *m, struct rng *rng)
{
	int n = p->w * p->h, c = 0, col = 0; /* col: c's column, kept to spare a division */
	long steps = 0;

	/* first: cell c's first candidate as candidates() returned it, so
	 * that going forward reads no list back */
	int first = candidates(p, m, rng, 0, 0, 0);
	while (c < n) {
		if (++steps > STEP_BUDGET)
			return -1;
		if (p->at[c] < p->ncand[c]) {
			int i = p->at[c]++, t = first;
			if (i > 0) {
				if (p->lazy[c])
					resolve(p, c);
				t = p->cand[(size_t)c * p->ts->widest + i];
			}
			m->tile[c] = (uint16_t)t;
			col = col + 1 == p->w ? 0 : col + 1;
			if (++c < n)
				first = candidates(p, m, rng, c, col, t);
			continue;
		}
		if (c-- == 0)
			return -1; /* the first cell has no tile left */
		col = col == 0 ? p->w - 1 : col - 1;
	}
	return 0;
}

/* The cells, a row of cells at a time: a tile's row is copied as 8 bytes,
 * its 6 and the 2 after them, which the next tile's then overwrite, but
 * for the last tile of the row. The last row of a tile has no 2 bytes
 * after it: it is copied with the 2 before it, right to left, so that the
 * tile before overwrites them, and the first tile as its 6. */
static void paint(const struct map_tile *tiles, struct map *m)
{
	int w = m->w, W = w * T; /* read once: a store of a char may alias m->w */
	const char *src[MAP_DIM_MAX];

	for (int ty = 0; ty < m->h; ty++) {
		for (int tx = 0; tx < w; tx++)
			src[tx] = tiles[m->tile[ty * w + tx]].cell;
		for (int r = 0; r < T; r++) {
			char *dst = m->cell + (size_t)(ty * T + r) * W;
			uint64_t v;
			if (r + 1 == T) { /* right to left, each 2 bytes early */
				for (int tx = w - 1; tx > 0; tx--) {
					memcpy(&v, src[tx] + T * T - sizeof v, sizeof v);
					memcpy(dst + tx * T + T - sizeof v, &v, sizeof v);
				}
				memcpy(dst, src[0] + r * T, T);
				continue;
			}
			for (int tx = 0; tx + 1 < w; tx++) {
				memcpy(&v, src[tx] + r * T, sizeof v);
				memcpy(dst + tx * T, &v, sizeof v);
			}
			memcpy(dst + (w - 1) * T, src[w - 1] + r * T, T);
		}
	}
}

static void describe_dead_end(const struct pick *p, char *why)
{
	char sides[40] = "";
	for (int s = 0; s < 4; s++) {
		if (!(p->dead_open & (1u << s)))
			continue;
		if (*sides)
			strcat(sides, "+");
		strcat(sides, side_names[s]);
	}
	snprintf(why, MAP_WHY_MAX,
	         "the tileset cannot tile a %dx%d grid: no tile has north edge %d, west edge %d "
	         "and open sides %s",
	         p->w, p->h, p->dead_n, p->dead_w, *sides ? sides : "none");
}

int map_generate(const struct map_tileset *ts, int w, int h, uint64_t seed, struct map *m,
                 char why[MAP_WHY_MAX])
{
	struct rng rng;
	rng_seed(&rng, seed);
	return map_generate_rng(ts, w, h, &rng, m, why);
}

int map_generate_rng(const struct map_tileset *ts, int w, int h, struct rng *rng, struct map *m,
                     char why[MAP_WHY_MAX])
{
	int cells = w * h, rc = -1;
	uint8_t open[CELLS_MAX];

	if (w < 1 || h < 1 || w > MAP_DIM_MAX || h > MAP_DIM_MAX) {
		snprintf(why, MAP_WHY_MAX, "the map must be 1 to %d tiles wide and high",
		         MAP_DIM_MAX);
		return -1;
	}
	if (!ts->tiles || ts->n < 1) {
		snprintf(why, MAP_WHY_MAX, "the tileset has no tiles");
		return -1;
	}
	/* Field by field: an initializer would clear ncand and at (3.6 KB),
	 * which candidates() writes before they are read. */
	struct pick p;
	p.ts = ts;
	p.tiles = ts->tiles;
	p.w = w;
	p.h = h;
	p.open = open;
	p.dead_cell = -1;
	p.dead_n = p.dead_w = 0;
	p.dead_open = 0;
	/* On the heap: a worker thread's stack need not hold cells × widest. */
	size_t slots = (size_t)cells * (ts->widest ? ts->widest : 1);
	p.cand = malloc(slots * sizeof(*p.cand));
	p.raw = malloc(slots * sizeof(*p.raw));
	if (!p.cand || !p.raw) {
		free(p.cand);
		free(p.raw);
		snprintf(why, MAP_WHY_MAX, "out of memory");
		return -1;
	}
	/* Zero, as it always was, but the cells only where no tile is painted:
	 * a small map does not clear the whole 30 × 30. */
	m->w = w;
	m->h = h;
	memset(m->tile, 0, sizeof m->tile);
	for (int a = 0; a < ATTEMPTS && rc != 0; a++) {
		spanning_tree(rng, w, h, open);
		if (choose(&p, m, rng) == 0)
			rc = 0;
	}
	if (rc == 0) {
		paint(ts->tiles, m);
		size_t painted = (size_t)cells * T * T;
		memset(m->cell + painted, 0, sizeof m->cell - painted);
	} else {
		memset(m->cell, 0, sizeof m->cell);
		if (p.dead_cell >= 0)
			describe_dead_end(&p, why);
		else
			snprintf(why, MAP_WHY_MAX,
			         "the tileset cannot tile a %dx%d grid within the search's bound",
			         w, h);
	}
	free(p.cand);
	free(p.raw);
	return rc;
}

size_t map_text(const struct map *m, char *out)
{
	int W = m->w * T, H = m->h * T;
	size_t k = 0;
	for (int r = 0; r < H; r++) {
		memcpy(out + k, m->cell + (size_t)r * W, (size_t)W);
		k += (size_t)W;
		out[k++] = '\n';
	}
	out[k] = '\0';
	return k;
}
