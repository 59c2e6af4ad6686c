/* hoard: what one hoard holds, the one core that a dungeon's hoard rooms
 * and /treasure both roll (SPEC §16, docs/treasure.md): art objects, gems
 * and coins from a level's treasure budget row, worth at most a share of
 * gold pieces, and the items planned with them (kind, tier, seed; the
 * caller rolls them from the catalog). Pure: the same row, share and
 * stream give the same hoard. */
#ifndef LOOTFORGE_HOARD_H
#define LOOTFORGE_HOARD_H

#include <stddef.h>
#include <stdint.h>

#include "recipe.h"
#include "rng.h"

#define DUNGEON_GEMS_MAX 6
#define DUNGEON_ARTS_MAX 4

/* One level's treasure budget: a row of dungeon_treasure (migration 0017),
 * which follows the catalog's revision rules. */
struct dungeon_budget {
	uint32_t id;
	int level;                /* 1..20 */
	uint32_t budget_per_room; /* gp in coins, gems and art, per room */
	int tier;                 /* 1..6: the items' tier */
	int empty_pct, items_pct, hoard_pct;
	int items_max; /* 1..4 */
	uint32_t gem_value, art_value;
	uint64_t added_rev, retired_rev; /* retired_rev 0: live */
};

struct dungeon_item {
	enum kind kind;
	int tier;
	uint64_t seed;
};

struct dungeon_valuable {
	int what;       /* index into dungeon_gem_names or dungeon_art_names */
	uint32_t value; /* gp */
};

/* The gems' and art objects' names a hoard draws by index (flavour; a
 * dungeon code of version 4 and a treasure name them by value instead:
 * dress_valuable_name). */
extern const char *const dungeon_gem_names[];
extern const size_t dungeon_n_gems;
extern const char *const dungeon_art_names[];
extern const size_t dungeon_n_arts;

#define HOARD_ITEMS_MAX 2 /* an item at the level's tier, and a scroll or a wand */

enum hoard_type { HOARD_FULL, HOARD_INDIVIDUAL };

struct hoard {
	uint32_t coins; /* gp */
	struct dungeon_valuable gem[DUNGEON_GEMS_MAX], art[DUNGEON_ARTS_MAX];
	int n_gems, n_arts;
	struct dungeon_item item[HOARD_ITEMS_MAX];
	int n_items;
};

/* Rolls into h a hoard worth at most `share` gp from r, by row b: a full
 * hoard holds art objects (a quarter of the share at most, each worth the
 * row's art_value), gems (a third at most, each gem_value or twice it),
 * the rest 90-100 % spent in coins, then an item at the row's tier and a
 * scroll or a wand; an individual treasure (what one creature carries)
 * only the gems and the coins. Returns the gp spent in coins, gems and
 * art (<= share). A dungeon's hoard room is a full hoard, draw for draw. */
uint32_t hoard_roll(struct rng *r, const struct dungeon_budget *b, uint32_t share,
                    enum hoard_type type, struct hoard *h);

/* The coins by denomination: copper, silver, gold and platinum pieces. */
enum coin { COIN_CP, COIN_SP, COIN_GP, COIN_PP, COIN__MAX };
extern const char *const coin_names[COIN__MAX]; /* "cp", "sp", "gp", "pp" */
extern const uint32_t coin_per_gp[COIN__MAX];   /* 100, 10, 1, 0: pieces a gp */
extern const uint32_t coin_gp_each[COIN__MAX];  /* 0, 0, 1, 10: gp a piece */

/* `gp` gold pieces of coins split into denominations by level (low levels
 * mostly copper and silver, high ones gold and platinum), drawn from r:
 * count[c] pieces of each, worth value[c] whole gp, the values summing to
 * gp exactly. */
void hoard_coins(struct rng *r, uint32_t gp, int level, uint64_t count[COIN__MAX],
                 uint32_t value[COIN__MAX]);

/* The gp a treasure of `type` for a party of `party` (1..8) may spend at
 * row b's level: a full hoard the share a dungeon's hoard room has on
 * average (budget_per_room x 100 / hoard_pct), an individual treasure a
 * room's budget; both for a party of four, scaled by party / 4. */
uint32_t hoard_share(const struct dungeon_budget *b, enum hoard_type type, int party);

#endif
