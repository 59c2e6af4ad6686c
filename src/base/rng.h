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

/* In the header: the generator and the map draw it millions of times a
 * second, and a call cost as much as its few shifts and xors. */
static inline uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t m = s[1] * 5;
	uint64_t result = ((m << 7) | (m >> 57)) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = (s[3] << 45) | (s[3] >> 19);
	return result;
}

/* Uniform in [0, n) without modulo bias; n == 0 returns 0. */
uint64_t rng_below(struct rng *r, uint64_t n);
/* Uniform whole number in [lo, hi] inclusive; hi < lo returns lo. */
int64_t rng_range(struct rng *r, int64_t lo, int64_t hi);
/* A fresh seed from the operating system (getrandom); never fails. */
uint64_t rng_fresh_seed(void);

#endif
