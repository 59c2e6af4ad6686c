/* itemcode: an item's permanent code (SPEC §6, byte layout in
 * docs/items.md). An item is a pure function of (kind, inputs, seed,
 * catalog revision); its code packs exactly those into a short URL-safe
 * string. Pure functions, no allocation, no catalog: the daemon, the
 * library and the fuzzer share them.
 *
 * Every code has one spelling: the decoder refuses what the encoder would
 * not write (another version, reserved bits set, a number written longer
 * than it needs, trailing bytes or bits, a wrong checksum), so a code and
 * an item name each other one to one, which a cache keyed by the code
 * relies on. */
#ifndef LOOTFORGE_ITEMCODE_H
#define LOOTFORGE_ITEMCODE_H

#include <stddef.h>
#include <stdint.h>

#include "recipe.h"

/* Version 2 differs from 1 only in its first byte: it marks an item made
 * in the JSON language of docs/api.md. A version-1 code answers the JSON
 * shape it was made with, forever (docs/api.md, "Permanent links"). */
#define ITEMCODE_VERSION   2
#define ITEMCODE_VERSION_1 1
#define ITEMCODE_POWER_ONE 1000000u   /* power is held in millionths */
#define ITEMCODE_POWER_MAX 100000000u /* 100.0, the form's limit */
/* Bytes of the longest code's text, NUL included: a kind asks for at most 7
 * parts, so a code is at most 1 + 1 + 2 + 10 + 5 + 8 + 7 * 5 + 2 = 64 bytes,
 * 86 characters; the decoder takes up to 96 bytes (128 characters). */
#define ITEMCODE_MAX 132

struct itemcode {
	int version; /* ITEMCODE_VERSION_1 or ITEMCODE_VERSION; 0 encodes as the latter */
	enum kind kind;
	int tier;             /* 0..TIER_MAX */
	int variance;         /* 0 or 1 */
	uint32_t power_micro; /* power x 10^6, 0..ITEMCODE_POWER_MAX: exact */
	uint64_t seed;
	uint64_t revision;     /* >= 1 */
	uint32_t want[P__MAX]; /* the requested row of each part (its id), 0 = none */
};

/* Writes the code of c to out (NUL-terminated); its length, or -1 when c
 * holds a value out of range or cap is too small. */
int itemcode_encode(const struct itemcode *c, char *out, size_t cap);

/* Reads the code in s (n bytes, not necessarily NUL-terminated) into *c.
 * 0, or -1 when s is not a code this version writes (*why, if given, says
 * in a static English phrase what is wrong). Reads no byte past s + n. */
int itemcode_decode(const char *s, size_t n, struct itemcode *c, const char **why);

/* The power in millionths nearest to p (0..ITEMCODE_POWER_MAX); -1 when p
 * is negative, not a number or above the maximum. Exact for every value
 * the form accepts (at most 6 decimals). */
int64_t itemcode_power_micro(double p);

/* The power a code's millionths stand for: the double nearest to
 * micro / 10^6, the same the form computes for that decimal text. */
double itemcode_power(uint32_t micro);

/* The shortest decimal text of micro / 10^6 ("1", "1.5", "0.000001") into
 * out (at least 16 bytes); returns out. */
char *itemcode_power_text(uint32_t micro, char *out);

#endif
