/* crawl: a small roguelike on lootforge's keyed dungeons (README.md).
 * The state of one run, shared by its files: level.c walks the dungeon,
 * pack.c carries and wears the loot, screen.c draws, main.c reads keys. */
#ifndef CRAWL_H
#define CRAWL_H

#include <stdint.h>

#include <lootforge.h>

#define PACK_MAX 26 /* a letter each */

struct carried {
	struct lf_item *item; /* lf_item_from_code's: name, slot, stats */
	char place[16];       /* the loadout's place ("main-hand"); "" in the pack */
};

struct game {
	const struct lf_catalog *cat;
	uint64_t seed; /* --seed: every level and every roll follows from it */
	uint64_t rng;
	int depth;            /* 1, 2, ...: the dungeon's level */
	struct lf_dungeon *d; /* this level */
	int x, y;             /* the player's cell */
	unsigned char *door;  /* per door (1..n): 1 once opened or found */
	unsigned char *taken; /* per room (1..n): 1 once its loot is taken */
	struct carried pack[PACK_MAX];
	int n_pack;
	uint64_t gold;
	struct lf_totals totals; /* of the worn items, from lf_loadout_totals */
	long turns;
	char msg[160]; /* the last thing that happened */
};

/* level.c */
uint64_t crawl_random(struct game *g, uint64_t n); /* 0..n-1, from the run's seed */
int level_enter(struct game *g, int depth);        /* 0, or -1 with g->msg */
void level_free(struct game *g);
int level_step(struct game *g, int dx, int dy); /* 1 moved, 0 not (a wall, a door) */
void level_travel(struct game *g, int to_loot); /* to the nearest loot, or the stairs down */
void level_search(struct game *g);
int level_secret(const struct game *g, int x, int y); /* an unfound secret door's cell */
int level_room_loot(const struct game *g, int room);  /* its loot is still there */

/* pack.c */
void pack_take(struct game *g);        /* the loot of the player's room */
void pack_wear(struct game *g, int i); /* wears item i, or takes it off */
void pack_free(struct game *g);

/* screen.c */
void screen_draw(const struct game *g);

#endif
