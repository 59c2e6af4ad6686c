/* treasurecode: a treasure's permanent code (docs/treasure.md): its
 * level, type, party, seed and catalog revision packed into a short
 * URL-safe string, as a dungeon's (dungeoncode.h). Pure. Every code has
 * one spelling: the decoder refuses what the encoder would not write. */
#ifndef LOOTFORGE_TREASURECODE_H
#define LOOTFORGE_TREASURECODE_H

#include <stddef.h>
#include <stdint.h>

#include "hoard.h"

#define TREASURECODE_VERSION_1 1
#define TREASURECODE_VERSION   TREASURECODE_VERSION_1
#define TREASURE_PARTY_MAX     8
#define TREASURE_PARTY_DEF     4
/* 4 + 10 + 8 + 2 bytes at most: 32 characters, NUL included 33 */
#define TREASURECODE_MAX 48

struct treasurecode {
	int version;          /* TREASURECODE_VERSION_1; 0 encodes as the last */
	int level;            /* 1..DUNGEON_LEVEL_MAX */
	enum hoard_type type; /* HOARD_FULL ("hoard") or HOARD_INDIVIDUAL */
	int party;            /* 1..TREASURE_PARTY_MAX */
	uint64_t seed;
	uint64_t revision; /* >= 1 */
};

/* Writes c's code to out (NUL-terminated). Its length, or -1 when a value
 * is out of range or cap is too small. */
int treasurecode_encode(const struct treasurecode *c, char *out, size_t cap);

/* Reads the code in s (n bytes). 0, or -1 when it is not one (*why says
 * what is wrong, a static phrase). */
int treasurecode_decode(const char *s, size_t n, struct treasurecode *c, const char **why);

#endif
