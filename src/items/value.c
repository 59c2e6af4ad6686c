/* value: see value.h. The price is one fraction, numerator over
 * denominator, both whole numbers held in 128 bits (the largest, 10^6 gp x
 * 400^8 x 80 x 25, is below 2^113), divided once at the end: no rounding
 * but the last one. */
#include "value.h"

#include "recipe.h"

/* Plus and condition factors in tenths. */
static const unsigned plus_tenths[6] = {10, 15, 20, 30, 50, 80};

static unsigned cond_tenths(enum value_condition c)
{
	switch (c) {
	case COND_WORSE:
		return 8;
	case COND_BETTER:
		return 11;
	case COND_MASTERWORK:
		return 25;
	default:
		return 10;
	}
}

uint64_t value_price(uint32_t base, const uint32_t *mult, size_t n, int plus,
                     enum value_condition cond)
{
	__extension__ typedef unsigned __int128 u128;
	u128 num = base, den = 100; /* the two tenths: 10 x 10 */

	if (n > VALUE_PARTS_MAX)
		n = VALUE_PARTS_MAX;
	for (size_t i = 0; i < n; i++) {
		num *= mult[i] ? mult[i] : 100;
		den *= 100;
	}
	num *= plus_tenths[plus >= 0 && plus <= 5 ? plus : 0];
	num *= cond_tenths(cond);
	/* Half up: floor(num / den + 1/2) = floor((2 num + den) / (2 den)),
	 * in 64 bits when it fits (nearly every item: a call to the 128-bit
	 * division each was a tenth of the price). */
	u128 v;
	if (num < ((u128)1 << 62) && den < ((u128)1 << 61))
		v = (2 * (uint64_t)num + (uint64_t)den) / (2 * (uint64_t)den);
	else
		v = (2 * num + den) / (2 * den);
	if (v < 1)
		return 1;
	return v > VALUE_MAX ? VALUE_MAX : (uint64_t)v;
}

uint32_t value_spell_level_mult(int level)
{
	if (level < 1)
		level = 1;
	return 50 + 50 * (uint32_t)level;
}

uint64_t item_value(const struct item *it)
{
	uint32_t mult[VALUE_PARTS_MAX];
	size_t n = 0;
	const struct entry *base = it->part[P_TYPE];

	/* At most every part, the second element and the spell: bounded here
	 * as well, whatever the item holds. The parts present first, without a
	 * branch, then only those: which of them an item has is a coin toss
	 * for the branch predictor (the walk was most of the price's time). */
	unsigned present = 0;
	for (int p = 0; p < P__MAX; p++)
		present |= (unsigned)(it->part[p] != NULL) << p;
	present &= ~(1u << P_TYPE);
	for (; present && n < VALUE_PARTS_MAX; present &= present - 1)
		mult[n++] = it->part[__builtin_ctz(present)]->value_mult;
	if (it->element2 && n < VALUE_PARTS_MAX)
		mult[n++] = it->element2->value_mult;
	if (it->spell && n < VALUE_PARTS_MAX)
		mult[n++] = value_spell_level_mult(it->spell->s.level);
	enum value_condition cond = !recipe_step(recipe_for(it->kind), OP_CONDITION) ? COND_NONE
	                            : it->masterwork ? COND_MASTERWORK
	                            : it->better     ? COND_BETTER
	                                             : COND_WORSE;
	return value_price(base ? base->value : 0, mult, n, it->plus, cond);
}
