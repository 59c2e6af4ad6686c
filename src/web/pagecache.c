/* pagecache: see pagecache.h. An entry is immutable once kept; readers
 * take a reference under the lock and copy the body outside it, so a large
 * answer (the export, ~230 KB) does not hold up the other threads. An entry
 * dropped while read is freed by its last reader. */
#include "pagecache.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct entry {
	char key[PAGECACHE_KEY_MAX];
	uint64_t hash, rev;
	unsigned long used; /* the shelf's clock at the last hit: LRU */
	int refs;           /* readers copying it now */
	int dropped;        /* out of its slot: the last reader frees it */
	int status, cache_seconds;
	const char *content_type, *cache_control; /* static text */
	char *headers;                            /* the extra header lines */
	size_t len;
	char body[]; /* len bytes */
};

struct shelf {
	struct entry *slot[PAGECACHE_SHELF_SLOTS];
	size_t bytes, entries;
	unsigned long clock, hits, misses;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct shelf shelves[PAGECACHE__SHELVES];
static int enabled = 1;

/* FNV-1a: keys are short and chosen by the pages, not by clients. */
static uint64_t hash_of(const char *s)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 0x100000001b3ULL;
	return h;
}

static void entry_free(struct entry *e)
{
	if (e) {
		free(e->headers);
		free(e);
	}
}

/* Takes slot i's entry out of the shelf (under the lock). */
static void drop(struct shelf *sh, size_t i)
{
	struct entry *e = sh->slot[i];

	sh->slot[i] = NULL;
	sh->bytes -= e->len;
	sh->entries--;
	if (e->refs > 0)
		e->dropped = 1;
	else
		entry_free(e);
}

static long find(const struct shelf *sh, const char *key, uint64_t h)
{
	for (size_t i = 0; i < PAGECACHE_SHELF_SLOTS; i++) {
		const struct entry *e = sh->slot[i];
		if (e && e->hash == h && strcmp(e->key, key) == 0)
			return (long)i;
	}
	return -1;
}

int pagecache_get(enum pagecache_shelf s, const char *key, uint64_t rev, struct response *rs)
{
	struct shelf *sh = &shelves[s];
	uint64_t h = hash_of(key);
	struct entry *e = NULL;

	pthread_mutex_lock(&lock);
	long i = enabled ? find(sh, key, h) : -1;
	if (i >= 0 && sh->slot[i]->rev == rev) {
		e = sh->slot[i];
		e->refs++;
		e->used = ++sh->clock;
		sh->hits++;
	} else {
		sh->misses++;
	}
	pthread_mutex_unlock(&lock);
	if (!e)
		return 0;

	buf_reset(&rs->body);
	int failed = buf_append(&rs->body, e->body, e->len) != 0;
	rs->status = e->status;
	rs->content_type = e->content_type;
	rs->cache_control = e->cache_control;
	rs->cache_seconds = e->cache_seconds;
	size_t hl = strlen(e->headers);
	memcpy(rs->headers, e->headers, hl + 1);

	pthread_mutex_lock(&lock);
	int last = --e->refs == 0 && e->dropped;
	pthread_mutex_unlock(&lock);
	if (last)
		entry_free(e);
	if (failed)
		response_internal_error(rs,
		                        rs->content_type && strcmp(rs->content_type, CT_JSON) == 0);
	return 1;
}

/* The slot to fill for n more bytes: the key's own, else a free one, the
 * least recently used dropped until both the bytes and a slot are there. */
static size_t make_room(struct shelf *sh, long own, size_t n)
{
	if (own >= 0)
		drop(sh, (size_t)own);
	for (;;) {
		long free_slot = -1, oldest = -1;
		for (size_t i = 0; i < PAGECACHE_SHELF_SLOTS; i++) {
			const struct entry *e = sh->slot[i];
			if (!e) {
				if (free_slot < 0)
					free_slot = (long)i;
			} else if (oldest < 0 || e->used < sh->slot[oldest]->used) {
				oldest = (long)i;
			}
		}
		if (free_slot >= 0 && sh->bytes + n <= PAGECACHE_SHELF_BYTES)
			return (size_t)free_slot;
		drop(sh, (size_t)oldest); /* n <= the shelf's bytes: one is there */
	}
}

void pagecache_put(enum pagecache_shelf s, const char *key, uint64_t rev, const struct response *rs)
{
	size_t klen = strlen(key), len = rs->body.len;

	if (rs->status != 200 || rs->retry_after || rs->hold_ns || rs->body.oom ||
	    len > PAGECACHE_ENTRY_MAX || klen >= PAGECACHE_KEY_MAX)
		return;
	pthread_mutex_lock(&lock);
	int on = enabled;
	pthread_mutex_unlock(&lock);
	if (!on)
		return;
	struct entry *e = malloc(sizeof *e + len);
	if (!e)
		return;
	memcpy(e->key, key, klen + 1);
	e->hash = hash_of(key);
	e->rev = rev;
	e->refs = e->dropped = 0;
	e->status = rs->status;
	e->cache_seconds = rs->cache_seconds;
	e->content_type = rs->content_type;
	e->cache_control = rs->cache_control;
	e->headers = strdup(rs->headers);
	e->len = len;
	if (len)
		memcpy(e->body, rs->body.data, len);
	if (!e->headers) {
		free(e);
		return;
	}

	struct shelf *sh = &shelves[s];
	pthread_mutex_lock(&lock);
	if (!enabled) {
		pthread_mutex_unlock(&lock);
		entry_free(e);
		return;
	}
	size_t i = make_room(sh, find(sh, key, e->hash), len);
	e->used = ++sh->clock;
	sh->slot[i] = e;
	sh->bytes += len;
	sh->entries++;
	pthread_mutex_unlock(&lock);
}

void pagecache_stats(enum pagecache_shelf s, struct pagecache_stats *out)
{
	pthread_mutex_lock(&lock);
	out->entries = shelves[s].entries;
	out->bytes = shelves[s].bytes;
	out->hits = shelves[s].hits;
	out->misses = shelves[s].misses;
	pthread_mutex_unlock(&lock);
}

void pagecache_enable(int on)
{
	pthread_mutex_lock(&lock);
	enabled = on;
	for (int s = 0; s < PAGECACHE__SHELVES; s++) {
		for (size_t i = 0; i < PAGECACHE_SHELF_SLOTS; i++)
			if (shelves[s].slot[i])
				drop(&shelves[s], i);
		shelves[s].hits = shelves[s].misses = 0;
	}
	pthread_mutex_unlock(&lock);
}
