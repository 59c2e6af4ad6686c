/* lf_stats.h: where each stat of STAT_LIST (recipe.h) lives in the library's
 * structs (lootforge.h), as X(enum stat, field) lists in struct order, so that
 * lf_item.c and lf_loadout.c fill a new stat's field unedited. Written by make
 * regen (tests/house/regen_lib.py) from the two; not to be edited. */
#ifndef LF_STATS_H
#define LF_STATS_H
/* clang-format off */

/* The stats of the STAT_LIST this was written from. */
#define LF_STATS_WRITTEN_FOR 12

/* struct lf_item's int stats: the value as it is */
#define LF_ITEM_STATS(X) \
	X(ST_HANDS, hands) \
	X(ST_ATTACK, attack) \
	X(ST_DEFENSE, defense) \
	X(ST_MAGIC, magic) \
	X(ST_FLAMING, flaming) \
	X(ST_FREEZING, freezing) \
	X(ST_SHOCKING, shocking) \
	X(ST_HOLY, holy) \
	X(ST_EVIL, evil) \
	X(ST_SNEAK, sneak) \
	X(ST_CRIT, crit)

/* struct lf_item's double stats: the value, kept in hundredths, divided by 100 */
#define LF_ITEM_HUNDREDTHS(X) \
	X(ST_MULTIPLIER, multiplier)

/* struct lf_totals' stats that add up */
#define LF_TOTALS_STATS(X) \
	X(ST_ATTACK, attack) \
	X(ST_DEFENSE, defense) \
	X(ST_MAGIC, magic) \
	X(ST_FLAMING, flaming) \
	X(ST_FREEZING, freezing) \
	X(ST_SHOCKING, shocking) \
	X(ST_HOLY, holy) \
	X(ST_EVIL, evil) \
	X(ST_SNEAK, sneak) \
	X(ST_CRIT, crit)

/* struct lf_loadout's stats that add up, beyond its totals' (which never grow) */
#define LF_LOADOUT_STATS(X)

/* clang-format on */
#endif
