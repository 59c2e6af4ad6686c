/* dungeoncode: a dungeon's permanent code (docs/dungeons.md): its inputs,
 * seed and catalog revision packed into a short URL-safe string, like an
 * item's (itemcode.h). Pure. Every code has one spelling: the decoder
 * refuses what the encoder would not write. */
#ifndef LOOTFORGE_DUNGEONCODE_H
#define LOOTFORGE_DUNGEONCODE_H

#include <stddef.h>
#include <stdint.h>

/* Version 1: every code made before docs/api.md's language; its answers
 * keep their bytes (the old JSON, items linked by version-1 item codes).
 * Version 2: the same bytes otherwise, answered in the language
 * (docs/dungeons.md, "/dungeon/CODE"). Version 3 (codes made from now on):
 * version 2's answers but for the picture, the same pixels in bytes of its
 * own (the PNG and the .dd2vtt's image: dungeon_draw.h). Version 4 (codes
 * made from now on): version 3's map, treasure and pictures, and what is
 * in a room (dress.h): door states, traps, occupants, descriptions in the
 * JSON, the page and the text. */
#define DUNGEONCODE_VERSION_1 1
#define DUNGEONCODE_VERSION_2 2
#define DUNGEONCODE_VERSION_3 3
#define DUNGEONCODE_VERSION_4 4
#define DUNGEONCODE_VERSION   DUNGEONCODE_VERSION_4
#define DUNGEONCODE_SET_MAX   32 /* bytes of a tileset name */
/* 6 + 32 + 10 + 8 + 2 bytes at most: 78 characters, NUL included 80 */
#define DUNGEONCODE_MAX 112

struct dungeoncode {
	int version;  /* DUNGEONCODE_VERSION_1 .. DUNGEONCODE_VERSION; 0 encodes as the last */
	int w, h;     /* 1..MAP_DIM_MAX */
	int level;    /* 1..DUNGEON_LEVEL_MAX */
	int hallways; /* 0..DUNGEON_HALLWAYS_MAX */
	char tileset[DUNGEONCODE_SET_MAX + 1];
	uint64_t seed;
	uint64_t revision; /* >= 1 */
};

/* Writes c's code to out (NUL-terminated). Its length, or -1 when a value
 * is out of range or cap is too small. */
int dungeoncode_encode(const struct dungeoncode *c, char *out, size_t cap);

/* Reads the code in s (n bytes), of any version (c->version says
 * which). 0, or -1 when it is not one (*why says what is wrong, a static
 * phrase). */
int dungeoncode_decode(const char *s, size_t n, struct dungeoncode *c, const char **why);

#endif
