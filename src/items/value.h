/* value: an item's price in gold pieces (SPEC §7, docs/items.md), in one
 * function, with exact integer arithmetic: the same item has the same
 * value on every machine. */
#ifndef LOOTFORGE_VALUE_H
#define LOOTFORGE_VALUE_H

#include <stddef.h>
#include <stdint.h>

#include "item.h"

#define VALUE_MAX UINT64_C(1000000000000000) /* 10^15 gp: a price is capped here */
#define VALUE_PARTS_MAX                                                                            \
	8 /* an item has at most 7: six parts and a spell, or five, two elements and a spell */

/* The condition step's outcome; COND_NONE: the kind has no such step. */
enum value_condition { COND_NONE, COND_WORSE, COND_BETTER, COND_MASTERWORK };

/* base x mult[0]/100 x ... x mult[n-1]/100 x the plus factor (plus 0..5:
 * x1, x1.5, x2, x3, x5, x8) x the condition factor (worse x0.8, better
 * x1.1, masterwork x2.5), rounded half up to a whole gold piece, at least
 * 1, at most VALUE_MAX. A mult of 0 counts as 100. n <= VALUE_PARTS_MAX;
 * plus outside 0..5 counts as 0. */
uint64_t value_price(uint32_t base, const uint32_t *mult, size_t n, int plus,
                     enum value_condition cond);

/* SPEC §8: the spell's level factor in hundredths, x1.00 at level 1 and
 * 0.50 more each level up to x5.00 at level 9. */
uint32_t value_spell_level_mult(int level);

/* The value of item it: its base row's value, every other part that landed
 * (both elements included), the level factor of its spell, its plus and
 * its condition. */
uint64_t item_value(const struct item *it);

#endif
