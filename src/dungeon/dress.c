/* dress: see dress.h. Every room draws from its own stream (the dress
 * salt and its number), the doors from one and the hallways from one, so
 * a room's dressing does not depend on another's. */
#include "dress.h"

#include <stdio.h>
#include <string.h>

#include "rng.h"

#define DOOR_SALT 0x646f6f7273000000ULL /* "doors" */
#define ROOM_SALT 0x64726573735f726fULL /* "dress_ro" */
#define HALL_SALT 0x68616c6c73000000ULL /* "halls" */

const char *const dress_kind_names[DRESS__MAX] = {"door",    "trap",  "occupant",
                                                  "feature", "sound", "smell"};
const char *const door_state_names[DOOR__MAX] = {"open",  "closed",  "locked",
                                                 "stuck", "trapped", "secret"};

static int index_of(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

int dress_kind_from_name(const char *s)
{
	return index_of(dress_kind_names, DRESS__MAX, s);
}

int door_state_from_name(const char *s)
{
	return index_of(door_state_names, DOOR__MAX, s);
}

int dress_row_at(const struct dress_row *r, uint64_t rev)
{
	return r->added_rev <= rev && (r->retired_rev == 0 || r->retired_rev > rev);
}

/* The rows of kind k at rev that fit level, into idx (their indices, in
 * row order); their total weight into *total. */
static size_t fitting(const struct dress_row *rows, size_t n, uint64_t rev, int level,
                      enum dress_kind k, uint32_t *idx, size_t cap, uint64_t *total)
{
	size_t m = 0;
	*total = 0;
	for (size_t i = 0; i < n && m < cap; i++) {
		const struct dress_row *r = &rows[i];
		if (r->kind != k || !dress_row_at(r, rev) || level < r->level_min ||
		    level > r->level_max || r->weight == 0)
			continue;
		idx[m++] = (uint32_t)i;
		*total += r->weight;
	}
	return m;
}

struct pool {
	uint32_t idx[512];
	size_t n;
	uint64_t total;
};

static const struct dress_row *draw(struct rng *g, const struct dress_row *rows,
                                    const struct pool *p)
{
	if (p->n == 0)
		return NULL;
	uint64_t x = rng_below(g, p->total);
	for (size_t i = 0; i < p->n; i++) {
		const struct dress_row *r = &rows[p->idx[i]];
		if (x < r->weight)
			return r;
		x -= r->weight;
	}
	return &rows[p->idx[p->n - 1]];
}

void dungeon_dress(const struct dungeon *d, const struct dress_row *rows, size_t n, uint64_t rev,
                   uint64_t seed, struct dress *out)
{
	static __thread struct pool pool[DRESS__MAX];
	struct rng g;

	memset(out, 0, sizeof *out);
	for (int k = 0; k < DRESS__MAX; k++)
		pool[k].n = fitting(rows, n, rev, d->level, (enum dress_kind)k, pool[k].idx,
		                    sizeof pool[k].idx / sizeof pool[k].idx[0], &pool[k].total);

	rng_seed(&g, seed ^ DOOR_SALT);
	for (int i = 0; i < d->n_doors; i++) {
		const struct dress_row *r = draw(&g, rows, &pool[DRESS_DOOR]);
		out->door_state[i] = (uint8_t)(r ? r->state : DOOR_CLOSED);
	}

	for (int id = 1; id <= d->n_rooms; id++) {
		struct dress_room *dr = &out->room[id];
		rng_seed(&g, (seed ^ ROOM_SALT) + (uint64_t)id * 0x9e3779b97f4a7c15ULL);
		dr->feature = draw(&g, rows, &pool[DRESS_FEATURE]);
		int smell = (int)rng_below(&g, 2);
		dr->sense = draw(&g, rows, &pool[smell ? DRESS_SMELL : DRESS_SOUND]);
		if (!dr->sense) /* only one of the two has rows */
			dr->sense = draw(&g, rows, &pool[smell ? DRESS_SOUND : DRESS_SMELL]);
		if ((int)rng_below(&g, 100) < DRESS_OCCUPIED_PCT) {
			dr->occupant = draw(&g, rows, &pool[DRESS_OCCUPANT]);
			if (dr->occupant)
				dr->count = (int)rng_range(&g, dr->occupant->number_min,
				                           dr->occupant->number_max);
		}
		if ((int)rng_below(&g, 100) < DRESS_TRAPPED_PCT)
			dr->trap = draw(&g, rows, &pool[DRESS_TRAP]);
	}

	/* hallway traps: on hallway cells drawn from the hallway floor */
	int cells = 0;
	for (int i = 0; i < d->cw * d->ch; i++)
		cells += d->kind[i] == '.';
	int want = cells / DRESS_HALL_CELLS_TRAP;
	if (want > DRESS_HALL_TRAPS_MAX)
		want = DRESS_HALL_TRAPS_MAX;
	if (pool[DRESS_TRAP].n == 0)
		want = 0;
	rng_seed(&g, seed ^ HALL_SALT);
	for (int t = 0; t < want; t++) {
		int pick = (int)rng_below(&g, (uint64_t)cells), seen = 0;
		for (int i = 0; i < d->cw * d->ch; i++) {
			if (d->kind[i] != '.')
				continue;
			if (seen++ == pick) {
				struct dress_hall_trap *h = &out->hall[out->n_hall++];
				h->x = i % d->cw;
				h->y = i / d->cw;
				h->trap = draw(&g, rows, &pool[DRESS_TRAP]);
				break;
			}
		}
	}
}

/* s with its first letter upper-case (ASCII), as a sentence. */
static size_t sentence(char *out, size_t cap, size_t at, const char *pre, const char *s)
{
	if (at >= cap)
		return at;
	int n = snprintf(out + at, cap - at, "%s%s%s.", at ? " " : "", pre, s);
	if (n < 0)
		return at;
	size_t first = at + (at ? 1 : 0);
	if (first < cap && out[first] >= 'a' && out[first] <= 'z')
		out[first] = (char)(out[first] - 'a' + 'A');
	at += (size_t)n;
	return at < cap ? at : cap - 1;
}

size_t dress_description(const struct dress_room *r, char *out, size_t cap)
{
	size_t at = 0;
	if (cap == 0)
		return 0;
	out[0] = '\0';
	if (r->feature)
		at = sentence(out, cap, at, "", r->feature->name);
	if (r->sense)
		at = sentence(out, cap, at, r->sense->kind == DRESS_SMELL ? "it smells of " : "",
		              r->sense->name);
	return at;
}

size_t dress_occupants_text(const struct dress_room *r, char *out, size_t cap)
{
	if (cap == 0)
		return 0;
	out[0] = '\0';
	if (!r->occupant || r->count < 1)
		return 0;
	const char *name =
	        r->count == 1 || !r->occupant->plural[0] ? r->occupant->name : r->occupant->plural;
	int n = snprintf(out, cap, "%d %s", r->count, name);
	return n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
}

/* The names of each value a budget row gives (a gem: gem_value or twice
 * it; an art object: art_value), written for this project. */
struct named_value {
	uint32_t value;
	const char *names[4];
};

static const struct named_value gems_by_value[] = {
        {10, {"azurite", "hematite", "obsidian", "tiger eye"}},
        {20, {"agate", "malachite", "lapis lazuli", "turquoise"}},
        {50, {"bloodstone", "carnelian", "jasper", "moonstone"}},
        {100, {"amber", "jade", "coral", "garnet"}},
        {200, {"pearl", "topaz", "spinel", "amethyst"}},
        {500, {"aquamarine", "black pearl", "peridot", "violet garnet"}},
        {1000, {"emerald", "sapphire", "fire opal", "star ruby"}},
};

static const struct named_value arts_by_value[] = {
        {25, {"silver ewer", "carved bone statuette", "copper chalice", "painted wooden mask"}},
        {250, {"gold locket", "embroidered silk stole", "brass telescope", "silver ring"}},
        {750, {"jeweled goblet", "painted icon", "silver-inlaid sword", "jade idol"}},
        {2500, {"bronze crown", "ivory chess set", "gold birdcage", "jeweled music box"}},
};

const char *dress_valuable_name(int art, uint32_t value, int what)
{
	const struct named_value *t = art ? arts_by_value : gems_by_value;
	size_t n = art ? sizeof arts_by_value / sizeof *arts_by_value
	               : sizeof gems_by_value / sizeof *gems_by_value;
	if (what < 0)
		what = -what;
	for (size_t i = 0; i < n; i++)
		if (t[i].value == value)
			return t[i].names[what % 4];
	return art ? dungeon_art_names[(size_t)what % dungeon_n_arts]
	           : dungeon_gem_names[(size_t)what % dungeon_n_gems];
}
