/* arena: the memory of one request. Everything a page allocates while it
 * answers comes from its worker's arena and is released at once by
 * arena_reset() when the answer has been sent, so no page frees anything
 * and nothing of one request outlives it. The first block is kept between
 * requests: a usual request allocates nothing from the system. */
#ifndef LOOTFORGE_ARENA_H
#define LOOTFORGE_ARENA_H

#include <stddef.h>

struct arena_block;

struct arena {
	struct arena_block *first; /* kept by arena_reset */
	struct arena_block *last;  /* where allocation goes on */
	size_t block_size;         /* bytes of a usual block */
	size_t used;               /* bytes handed out since the last reset */
	size_t limit;              /* at most this many per request; 0 = no limit */
};

/* An empty arena whose blocks hold block_size bytes, refusing more than
 * limit bytes per request (0: no limit). Allocates nothing yet. A zeroed
 * struct arena is a valid empty arena too (16 KiB blocks, no limit). */
void arena_init(struct arena *a, size_t block_size, size_t limit);

/* n bytes aligned for any type, valid until the next reset; NULL when n is
 * 0, over the limit or memory ran out. */
void *arena_alloc(struct arena *a, size_t n);

/* count * size zeroed bytes; NULL also when the product overflows. */
void *arena_calloc(struct arena *a, size_t count, size_t size);

/* A copy of the n bytes at s, NUL-terminated. */
char *arena_strndup(struct arena *a, const char *s, size_t n);

/* Releases every allocation at once; the first block stays for reuse. */
void arena_reset(struct arena *a);

/* Releases everything, the first block too. */
void arena_free(struct arena *a);

#endif
