/* generate: SPEC §4 as a pure function of (catalog, inputs, seed). No I/O,
 * no global state: the same inputs give the same item. */
#ifndef LOOTFORGE_GENERATE_H
#define LOOTFORGE_GENERATE_H

#include <stdint.h>

#include "catalog.h"
#include "item.h"

struct gen_input {
	enum kind kind;
	int tier;                 /* 0 = any, else 1..TIER_MAX */
	int variance;             /* tier-variance on/off */
	double power;             /* >= 0, multiplies every roll */
	const char *want[P__MAX]; /* requested words, NULL = random */
};

/* Fills *out. Returns 0, or -1 when the kind has no recipe or the catalog
 * holds no active base type for the kind (nothing can be generated). */
int generate(const struct catalog *c, const struct gen_input *in, uint64_t seed, struct item *out);

/* The seed of item i of a batch whose first item has seed `seed`, so that
 * every item of a batch carries its own reproducible seed. */
uint64_t generate_batch_seed(uint64_t seed, unsigned i);

#endif
