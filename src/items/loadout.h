/* loadout: a character's equipment (SPEC §9) as one list of items, each
 * worn in one place or carried in the pack. Nothing else is stored: which
 * place holds what, and every total, is read off the list, so no state can
 * say two different things. Pure: no allocation, no I/O. */
#ifndef LOOTFORGE_LOADOUT_H
#define LOOTFORGE_LOADOUT_H

#include <stddef.h>
#include <stdint.h>

#include "item.h"
#include "recipe.h"

#define LOADOUT_MAX 32

/* Where an item is: the pack, or one place of the paper doll. A two-handed
 * weapon is at PLACE_MAIN_HAND and fills PLACE_OFF_HAND as well. */
enum place {
	PLACE_PACK,
	PLACE_HEAD,
	PLACE_BODY,
	PLACE_HANDS,
	PLACE_LEGS,
	PLACE_FEET,
	PLACE_MAIN_HAND,
	PLACE_OFF_HAND,
	PLACE_NECK,
	PLACE_LEFT_FINGER,
	PLACE_RIGHT_FINGER,
	PLACE__MAX
};

/* URL tokens: "pack", "head", …, "main-hand", "off-hand", "left-finger". */
extern const char *const place_names[PLACE__MAX];
/* For people: "Pack", "Head", …, "Main hand", "Left finger". */
extern const char *const place_labels[PLACE__MAX];

struct loadout {
	unsigned n;
	struct {
		enum slot fits; /* the item's own slot (SLOT_NONE: it is never worn) */
		enum place at;
	} item[LOADOUT_MAX];
};

enum loadout_result {
	LO_OK,
	LO_FULL,        /* already LOADOUT_MAX items */
	LO_NO_ITEM,     /* no item at that index */
	LO_NO_SLOT,     /* the item's kind is not worn; it stays in the pack */
	LO_WRONG_PLACE, /* the item cannot be worn there */
};

/* The place of a URL token, or -1. */
int place_from_name(const char *s, size_t len);

/* Appends an item to the pack. */
enum loadout_result loadout_add(struct loadout *l, enum slot fits);

/* Wears item i. where == PLACE_PACK: where the rules put it (a one-handed
 * weapon in the main hand, a ring on the first free finger, else the left
 * one); otherwise that place, if the item may be worn there (a one-handed
 * weapon in either hand, a ring on either finger). Whatever filled the
 * places it takes goes to the pack: a shield or a weapon in either hand
 * sends a two-hander there, and a two-hander sends both hands' items.
 * Wearing an item where it already is changes nothing. */
enum loadout_result loadout_equip(struct loadout *l, unsigned i, enum place where);

/* Moves item i to the pack. */
enum loadout_result loadout_unequip(struct loadout *l, unsigned i);

/* Takes item i out of the list; the others keep their order and places. */
enum loadout_result loadout_remove(struct loadout *l, unsigned i);

/* The index of the item filling place p (a two-hander fills the off hand
 * too), or -1. p must not be PLACE_PACK. */
int loadout_wearer(const struct loadout *l, enum place p);

/* 1 when the item at index i fills place p beside its own one (the off
 * hand of a two-hander). */
int loadout_fills_also(const struct loadout *l, unsigned i, enum place p);

/* Whether an item of slot fits may be worn at p. */
int loadout_fits(enum slot fits, enum place p);

/* The sums over the worn items. stat[ST_MULTIPLIER] is in hundredths, as
 * on an item. */
struct loadout_totals {
	int64_t stat[ST__MAX];
	int64_t str;
	uint64_t value; /* gold pieces, item_value() of each */
	unsigned worn;
};

/* Totals of l, whose item i is items[i]. A pure function of the two. */
void loadout_totals(const struct loadout *l, const struct item *items, struct loadout_totals *t);

/* Whether a stat adds up over worn items: hands (how many hands one weapon
 * takes) and the multiplier (one weapon's damage factor) do not, so the
 * loadout neither sums them nor takes a base for them. */
int loadout_stat_sums(enum stat s);

/* A character's own values, to which the worn items' bonuses are added
 * (docs/loadout.md): "attack:3,defense:2,str:10" in the address. A key is a
 * stat that sums or "str"; each at most once; values are whole numbers
 * from -LOADOUT_BASE_LIMIT to LOADOUT_BASE_LIMIT. */
#define LOADOUT_BASE_LIMIT 1000
struct loadout_base {
	int64_t stat[ST__MAX];
	int64_t str;
	unsigned n; /* keys given */
};

/* Parses s (n bytes; empty: no base) into *b. 0, or -1 with why (a
 * sentence naming the key: "attack must be a whole number from -1000 to
 * 1000") in why[cap]. */
int loadout_base_parse(const char *s, size_t n, struct loadout_base *b, char *why, size_t cap);

/* Writes b as the address spells it ("attack:3,str:10", stats in their
 * order, then str; only keys not 0) into dst; the length, or -1 when cap
 * is short. */
int loadout_base_text(const struct loadout_base *b, char *dst, size_t cap);

#endif
