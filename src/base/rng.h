/* rng: the project's seeded 64-bit PRNG (xoshiro256**, state filled from the
 * seed by splitmix64). Pure integer arithmetic, so the same seed gives the
 * same sequence on every machine. See docs/generator.md. */
#ifndef LOOTFORGE_RNG_H
#define LOOTFORGE_RNG_H

#include <stdint.h>

struct rng {
	uint64_t s[4];
};

void rng_seed(struct rng *r, uint64_t seed);
uint64_t rng_next(struct rng *r);
/* Uniform in [0, n) without modulo bias; n == 0 returns 0. */
uint64_t rng_below(struct rng *r, uint64_t n);
/* Uniform whole number in [lo, hi] inclusive; hi < lo returns lo. */
int64_t rng_range(struct rng *r, int64_t lo, int64_t hi);
/* A fresh seed from the operating system (getrandom); never fails. */
uint64_t rng_fresh_seed(void);

#endif
