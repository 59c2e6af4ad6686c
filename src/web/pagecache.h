/* pagecache: answers that depend only on the catalog's revision and a few
 * inputs, rendered once and then served as bytes: the word list, the
 * spells and the catalog export (the per-revision shelf), a map or a
 * dungeon with its seed (the inputs shelf). A revision's catalog never
 * changes, so an answer kept under (key, revision) is the answer.
 *
 * One cache per worker process, shared by its threads. Bounded: each shelf
 * holds at most PAGECACHE_SHELF_BYTES of answers in PAGECACHE_SHELF_SLOTS
 * entries, the least recently used dropped first; an answer larger than
 * PAGECACHE_ENTRY_MAX is not kept. Three shelves, so that neither a flood
 * of new seeds (or old revisions' exports) nor one of filter texts, each
 * of which a client may vary at will, can push out the pages whose keys
 * are few and fixed per revision (the word list by kind and part, the
 * spells by level, the current export). docs/operations.md, "Kept pages and the page cache". */
#ifndef LOOTFORGE_PAGECACHE_H
#define LOOTFORGE_PAGECACHE_H

#include <stddef.h>
#include <stdint.h>

#include "http.h"

#define PAGECACHE_SHELF_BYTES (4u << 20)
#define PAGECACHE_SHELF_SLOTS 256
#define PAGECACHE_ENTRY_MAX   (1u << 20)
#define PAGECACHE_KEY_MAX     160

enum pagecache_shelf {
	PAGECACHE_REVISION, /* one answer per revision and a few filters */
	PAGECACHE_INPUTS,   /* one per seed and size: as many as clients ask */
	PAGECACHE_QUERIES,  /* one per filter text (/words?q=, /spells?q=): as many too */
	PAGECACHE__SHELVES
};

/* When the key at revision rev is kept: fills rs (status, content type,
 * cache headers, extra header lines, body) as when it was kept, returns 1.
 * Otherwise 0, rs untouched. A failed copy (out of memory) is a 500. */
int pagecache_get(enum pagecache_shelf s, const char *key, uint64_t rev, struct response *rs);

/* Keeps rs under (key, rev) when it is a whole 200 (no Retry-After, no
 * allocation failure) no larger than PAGECACHE_ENTRY_MAX; replaces what
 * the key held at any revision. Nothing happens when memory runs out. */
void pagecache_put(enum pagecache_shelf s, const char *key, uint64_t rev,
                   const struct response *rs);

/* For tests and the bench: entries, bytes of bodies and hits on shelf s. */
struct pagecache_stats {
	size_t entries, bytes;
	unsigned long hits, misses;
};
void pagecache_stats(enum pagecache_shelf s, struct pagecache_stats *out);

/* Off (0) or on (1, the default): off, get always misses and put keeps
 * nothing (tests compare with a fresh render). Drops everything kept. */
void pagecache_enable(int on);

#endif
