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

static uint64_t rotl(uint64_t x, int k)
{
	return (x << k) | (x >> (64 - k));
}

void rng_seed(struct rng *r, uint64_t seed)
{
	uint64_t x = seed;
	for (int i = 0; i < 4; i++)
		r->s[i] = splitmix64(&x);
}

uint64_t rng_next(struct rng *r)
{
	uint64_t *s = r->s;
	uint64_t result = rotl(s[1] * 5, 7) * 9;
	uint64_t t = s[1] << 17;
	s[2] ^= s[0];
	s[3] ^= s[1];
	s[1] ^= s[2];
	s[0] ^= s[3];
	s[2] ^= t;
	s[3] = rotl(s[3], 45);
	return result;
}

/* Rejection sampling on the top of the 64-bit range: draws that fall in the
 * incomplete last block are thrown away, so every residue is equally likely. */
uint64_t rng_below(struct rng *r, uint64_t n)
{
	if (n == 0)
		return 0;
	uint64_t limit = UINT64_MAX - (UINT64_MAX % n + 1) % n;
	uint64_t x;
	do
		x = rng_next(r);
	while (x > limit);
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
