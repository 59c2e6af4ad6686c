/* arena: see arena.h. A block is a header and its bytes; a request that
 * needs more than a block gets another one (or one of its own size for a
 * large allocation), and reset returns those to the system. */
#include "arena.h"

#include "fault.h"

#include <stdalign.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct arena_block {
	struct arena_block *next;
	size_t size, used;
	alignas(max_align_t) unsigned char data[];
};

#define ALIGN         alignof(max_align_t)
#define DEFAULT_BLOCK 16384 /* a zeroed arena's blocks: a usual request fits in one */

void arena_init(struct arena *a, size_t block_size, size_t limit)
{
	memset(a, 0, sizeof(*a));
	a->block_size = block_size < 256 ? 256 : block_size;
	a->limit = limit;
}

static struct arena_block *block_new(size_t size)
{
	struct arena_block *b = fault_alloc() ? NULL : malloc(sizeof(*b) + size);

	if (b) {
		b->next = NULL;
		b->size = size;
		b->used = 0;
	}
	return b;
}

void *arena_alloc(struct arena *a, size_t n)
{
	struct arena_block *b = a->last;
	size_t need;

	if (n == 0 || n > SIZE_MAX - ALIGN)
		return NULL;
	need = (n + ALIGN - 1) / ALIGN * ALIGN;
	if (a->limit && need > a->limit - a->used)
		return NULL;
	if (!b || b->size - b->used < need) {
		size_t size = a->block_size ? a->block_size : DEFAULT_BLOCK;
		struct arena_block *nb = block_new(need > size ? need : size);
		if (!nb)
			return NULL;
		if (b)
			b->next = nb;
		else
			a->first = nb;
		a->last = b = nb;
	}
	void *p = b->data + b->used;
	b->used += need;
	a->used += need;
	return p;
}

void *arena_calloc(struct arena *a, size_t count, size_t size)
{
	void *p;

	if (size && count > SIZE_MAX / size)
		return NULL;
	p = arena_alloc(a, count * size);
	if (p)
		memset(p, 0, count * size);
	return p;
}

char *arena_strndup(struct arena *a, const char *s, size_t n)
{
	char *p = n < SIZE_MAX ? arena_alloc(a, n + 1) : NULL;

	if (p) {
		memcpy(p, s, n);
		p[n] = '\0';
	}
	return p;
}

void arena_reset(struct arena *a)
{
	struct arena_block *b = a->first ? a->first->next : NULL;

	while (b) {
		struct arena_block *next = b->next;
		free(b);
		b = next;
	}
	if (a->first) {
		a->first->next = NULL;
		a->first->used = 0;
	}
	a->last = a->first;
	a->used = 0;
}

void arena_free(struct arena *a)
{
	arena_reset(a);
	free(a->first);
	a->first = a->last = NULL;
}
