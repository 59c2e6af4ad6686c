/* FNV-1a over bytes, 64 bits: the pinned tests' hashes (test_mapgen_pinned,
 * test_dungeon_pinned, test_png_pinned) were computed with it; start with
 * FNV_OFFSET and chain calls to hash many things as one. */
#ifndef LOOTFORGE_FNV_FIXTURE_H
#define LOOTFORGE_FNV_FIXTURE_H

#include <stddef.h>
#include <stdint.h>

#define FNV_OFFSET 0xcbf29ce484222325ULL

static inline uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *b = p;
	for (size_t i = 0; i < n; i++)
		h = (h ^ b[i]) * 0x100000001b3ULL;
	return h;
}

#endif
