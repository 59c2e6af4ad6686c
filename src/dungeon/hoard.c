/* hoard: see hoard.h. The draws of a full hoard are those a dungeon's
 * hoard room always made (art, gems, coins, then its two items), so the
 * dungeons' answers keep their bytes; the coins' denominations draw from a
 * stream of their own, which the dungeon does not use. */
#include "hoard.h"

const char *const dungeon_gem_names[] = {"agate",     "bloodstone", "carnelian", "jasper",
                                         "moonstone", "onyx",       "garnet",    "pearl",
                                         "topaz",     "amethyst",   "emerald",   "sapphire"};
const size_t dungeon_n_gems = sizeof dungeon_gem_names / sizeof *dungeon_gem_names;
const char *const dungeon_art_names[] = {
        "silver ewer",    "carved bone statuette", "gold locket",  "embroidered silk stole",
        "jeweled goblet", "painted icon",          "bronze crown", "ivory chess set"};
const size_t dungeon_n_arts = sizeof dungeon_art_names / sizeof *dungeon_art_names;

static const enum kind gear[] = {K_WEAPON, K_ARMOR, K_SHIELD, K_TRINKET};

const char *const coin_names[COIN__MAX] = {"cp", "sp", "gp", "pp"};
const uint32_t coin_per_gp[COIN__MAX] = {100, 10, 1, 0};
const uint32_t coin_gp_each[COIN__MAX] = {0, 0, 1, 10};

static void plan_item(struct hoard *h, struct rng *r, enum kind k, int tier)
{
	struct dungeon_item *it = &h->item[h->n_items++];
	it->kind = k;
	it->tier = tier;
	it->seed = rng_next(r);
}

uint32_t hoard_roll(struct rng *r, const struct dungeon_budget *b, uint32_t share,
                    enum hoard_type type, struct hoard *h)
{
	uint32_t left = share;

	h->n_gems = h->n_arts = h->n_items = 0;
	if (type == HOARD_FULL && b->art_value > 0) {
		uint64_t fit = (uint64_t)share / 4 / b->art_value;
		uint64_t n = rng_below(r, (fit < DUNGEON_ARTS_MAX ? fit : DUNGEON_ARTS_MAX) + 1);
		for (uint64_t i = 0; i < n; i++) {
			struct dungeon_valuable *v = &h->art[h->n_arts++];
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
			struct dungeon_valuable *v = &h->gem[h->n_gems++];
			v->what = (int)rng_below(r, dungeon_n_gems);
			v->value = value;
			cap -= value;
			left -= value;
		}
	}
	h->coins = left - (uint32_t)rng_below(r, (uint64_t)left / 10 + 1);
	if (type == HOARD_FULL) {
		plan_item(h, r, gear[rng_below(r, 4)], b->tier);
		plan_item(h, r, rng_below(r, 2) ? K_WAND : K_SCROLL, b->tier);
	}
	return share - left + h->coins;
}

/* Each denomination's share of the coins' worth, in percent, by level
 * band (1-4, 5-10, 11-16, 17-20): coppers and silvers at the first
 * levels, gold and platinum at the last. Decisions of docs/treasure.md. */
static const int coin_pct[4][COIN__MAX] = {
        {20, 50, 30, 0},
        {5, 25, 60, 10},
        {0, 10, 60, 30},
        {0, 0, 50, 50},
};

void hoard_coins(struct rng *r, uint32_t gp, int level, uint64_t count[COIN__MAX],
                 uint32_t value[COIN__MAX])
{
	int band = level <= 4 ? 0 : level <= 10 ? 1 : level <= 16 ? 2 : 3;
	static const enum coin order[] = {COIN_PP, COIN_SP, COIN_CP}; /* gold takes the rest */
	uint32_t left = gp;

	for (int c = 0; c < COIN__MAX; c++)
		value[c] = 0;
	for (size_t i = 0; i < sizeof order / sizeof *order; i++) {
		enum coin c = order[i];
		/* its share, give or take a half */
		uint64_t v = (uint64_t)gp * (uint64_t)coin_pct[band][c] * (50 + rng_below(r, 101)) /
		             10000;
		if (v > left)
			v = left;
		if (c == COIN_PP)
			v -= v % coin_gp_each[COIN_PP];
		value[c] = (uint32_t)v;
		left -= (uint32_t)v;
	}
	value[COIN_GP] = left;
	for (int c = 0; c < COIN__MAX; c++)
		count[c] = coin_per_gp[c] ? (uint64_t)value[c] * coin_per_gp[c]
		                          : value[c] / coin_gp_each[c];
}

uint32_t hoard_share(const struct dungeon_budget *b, enum hoard_type type, int party)
{
	uint64_t base = type == HOARD_FULL && b->hoard_pct > 0
	                        ? (uint64_t)b->budget_per_room * 100 / (uint64_t)b->hoard_pct
	                        : b->budget_per_room;
	uint64_t s = base * (uint64_t)party / 4;
	return (uint32_t)(s < 1 ? 1 : s > UINT32_MAX ? UINT32_MAX : s);
}
