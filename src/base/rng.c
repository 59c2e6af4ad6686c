/* xoshiro256** (Blackman & Vigna), its state filled by splitmix64 from the
 * 64-bit seed. Both are defined on uint64_t arithmetic only, which is what
 * makes a seed portable across machines and compilers. */
#include "rng.h"

#include <sys/random.h>
#include <time.h>

static uint64_t splitmix64(uint64_t *x)
{
	uint64_t z = (*x += 0x9e3779b97f4a7c15ULL);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

void rng_seed(struct rng *r, uint64_t seed)
{
	uint64_t x = seed;
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

/* Rejection sampling on the top of the 64-bit range: draws that fall in the
 * incomplete last block are thrown away, so every residue is equally likely. */
uint64_t rng_below(struct rng *r, uint64_t n)
{
	if (n == 0)
		return 0;
	uint64_t x = rng_next(r);
	/* The limit is at least UINT64_MAX - (n - 1): a draw at or below that
	 * is kept without the two divisions that find the limit (nearly every
	 * draw, for the small n the generator asks), the same draws kept. */
	if (x > UINT64_MAX - (n - 1)) {
		uint64_t limit = UINT64_MAX - (UINT64_MAX % n + 1) % n;
		while (x > limit)
			x = rng_next(r);
	}
	return x % n;
}

int64_t rng_range(struct rng *r, int64_t lo, int64_t hi)
{
	if (hi <= lo)
		return lo;
	return lo + (int64_t)rng_below(r, (uint64_t)(hi - lo) + 1);
}

uint64_t rng_fresh_seed(void)
{
	uint64_t v;
	if (getrandom(&v, sizeof v, 0) == (ssize_t)sizeof v)
		return v;
	/* getrandom cannot fail on a modern kernel; keep going if it does. */
	struct timespec ts;
	clock_gettime(CLOCK_REALTIME, &ts);
	uint64_t x = (uint64_t)ts.tv_sec * 1000000000ULL + (uint64_t)ts.tv_nsec;
	return splitmix64(&x);
}
