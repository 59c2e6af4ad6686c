/* The in-memory catalog. Building is single-threaded; once finished a
 * catalog is never written again, which is why readers need no lock. The
 * current-catalog pointer and the reference counts are the only shared
 * mutable state, guarded by one mutex held for a few instructions. */
#include "catalog.h"

#include <malloc.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* Words are copied into large chunks rather than one malloc each: with a
 * hundred thousand rows the per-allocation overhead would be a third of the
 * catalog's memory. */
#define WORD_CHUNK 65536
struct word_chunk {
	struct word_chunk *next;
	size_t used, cap;
	char text[];
};

/* Rows are appended into a growable array per table; `cap` lives beside the
 * table in a parallel array so that struct table stays what readers need. */
struct catalog_build {
	size_t cap[K__MAX][P__MAX];
	struct word_chunk *words;
};

struct catalog *catalog_new(uint64_t revision)
{
	struct catalog *c = calloc(1, sizeof *c + sizeof(struct catalog_build));
	if (!c)
		return NULL;
	c->revision = revision;
	c->refs = 1;
	return c;
}

static struct catalog_build *build_of(struct catalog *c)
{
	return (struct catalog_build *)(c + 1);
}

static char *copy_word(struct catalog_build *b, const char *w)
{
	size_t n = strlen(w) + 1;
	struct word_chunk *ch = b->words;
	if (!ch || ch->cap - ch->used < n) {
		size_t cap = n > WORD_CHUNK ? n : WORD_CHUNK;
		ch = malloc(sizeof *ch + cap);
		if (!ch)
			return NULL;
		ch->used = 0;
		ch->cap = cap;
		ch->next = b->words;
		b->words = ch;
	}
	char *dst = ch->text + ch->used;
	memcpy(dst, w, n);
	ch->used += n;
	return dst;
}

int catalog_add(struct catalog *c, enum kind k, enum part p, const struct entry *e)
{
	struct table *t = &c->t[k][p];
	size_t *cap = &build_of(c)->cap[k][p];
	if (t->n == *cap) {
		size_t ncap = *cap ? *cap * 2 : 16;
		struct entry *rows = realloc(t->rows, ncap * sizeof *rows);
		if (!rows)
			return -1;
		t->rows = rows;
		*cap = ncap;
	}
	char *word = copy_word(build_of(c), e->word ? e->word : "");
	if (!word)
		return -1;
	struct entry *dst = &t->rows[t->n++];
	*dst = *e;
	dst->word = word;
	if (dst->weight == 0)
		dst->weight = 1;
	return 0;
}

static int by_word(const void *a, const void *b)
{
	return strcasecmp(((const struct entry *)a)->word, ((const struct entry *)b)->word);
}

/* Whether row e belongs in list t of its table: base parts (those with a
 * tier) go by their own tier, affixes by their tier range. */
static int admits(const struct entry *e, int t)
{
	if (!e->active)
		return 0;
	if (t == 0)
		return 1;
	if (e->tier)
		return e->tier == t;
	return (!e->tier_min || t >= e->tier_min) && (!e->tier_max || t <= e->tier_max);
}

static int build_list(struct table *t, int tier)
{
	struct pick_list *l = &t->by_tier[tier];
	size_t n = 0;
	for (size_t i = 0; i < t->n; i++)
		n += admits(&t->rows[i], tier);
	if (n == 0)
		return 0;
	/* A tier that admits every active row (the usual case for affixes)
	 * shares the list of tier 0 instead of copying it. */
	if (tier > 0 && n == t->by_tier[0].n) {
		*l = t->by_tier[0];
		return 0;
	}
	l->rows = malloc(n * sizeof *l->rows);
	l->cum = malloc(n * sizeof *l->cum);
	if (!l->rows || !l->cum)
		return -1;
	uint64_t total = 0;
	for (size_t i = 0; i < t->n; i++) {
		if (!admits(&t->rows[i], tier))
			continue;
		total += t->rows[i].weight;
		l->rows[l->n] = &t->rows[i];
		l->cum[l->n++] = total;
	}
	return 0;
}

int catalog_finish(struct catalog *c)
{
	for (int k = 0; k < K__MAX; k++) {
		for (int p = 0; p < P__MAX; p++) {
			struct table *t = &c->t[k][p];
			if (t->n == 0)
				continue;
			qsort(t->rows, t->n, sizeof *t->rows, by_word);
			for (size_t i = 1; i < t->n; i++)
				if (strcasecmp(t->rows[i - 1].word, t->rows[i].word) == 0)
					return -1;
			for (int tier = 0; tier <= TIER_MAX; tier++)
				if (build_list(t, tier) < 0)
					return -1;
		}
	}
	return 0;
}

void catalog_free(struct catalog *c)
{
	if (!c)
		return;
	for (int k = 0; k < K__MAX; k++) {
		for (int p = 0; p < P__MAX; p++) {
			struct table *t = &c->t[k][p];
			free(t->rows);
			for (int tier = 0; tier <= TIER_MAX; tier++) {
				struct pick_list *l = &t->by_tier[tier];
				if (tier > 0 && l->rows == t->by_tier[0].rows)
					continue; /* shared with tier 0 */
				free(l->rows);
				free(l->cum);
			}
		}
	}
	for (struct word_chunk *ch = build_of(c)->words, *next; ch; ch = next) {
		next = ch->next;
		free(ch);
	}
	free(c);
}

const struct entry *catalog_find(const struct catalog *c, enum kind k, enum part p,
                                 const char *word)
{
	if (!c || !word || (unsigned)k >= K__MAX || (unsigned)p >= P__MAX)
		return NULL;
	const struct table *t = &c->t[k][p];
	struct entry key = {.word = word};
	if (t->n == 0)
		return NULL;
	return bsearch(&key, t->rows, t->n, sizeof *t->rows, by_word);
}

static pthread_mutex_t current_lock = PTHREAD_MUTEX_INITIALIZER;

/* Frees a superseded catalog and hands the free memory back to the system:
 * glibc would otherwise keep the pages of a large catalog (and of its
 * load) resident for good, ~10 MB after growing to 100k rows
 * (docs/benchmarks.md). Once per reload, so the trim's cost is nothing. */
static void release_memory(struct catalog *c)
{
	if (!c)
		return;
	catalog_free(c);
	malloc_trim(0);
}
static struct catalog *current;

static void unref_locked(struct catalog *c, struct catalog **to_free)
{
	if (--c->refs == 0)
		*to_free = c;
}

void catalog_publish(struct catalog *c)
{
	struct catalog *to_free = NULL;
	pthread_mutex_lock(&current_lock);
	struct catalog *old = current;
	current = c; /* the reference catalog_new gave is now the current one's */
	if (old)
		unref_locked(old, &to_free);
	pthread_mutex_unlock(&current_lock);
	release_memory(to_free); /* outside the lock: freeing 100k rows takes a while */
}

const struct catalog *catalog_acquire(void)
{
	pthread_mutex_lock(&current_lock);
	struct catalog *c = current;
	if (c)
		c->refs++;
	pthread_mutex_unlock(&current_lock);
	return c;
}

void catalog_release(const struct catalog *cc)
{
	if (!cc)
		return;
	struct catalog *to_free = NULL;
	pthread_mutex_lock(&current_lock);
	unref_locked((struct catalog *)cc, &to_free);
	pthread_mutex_unlock(&current_lock);
	release_memory(to_free);
}

void catalog_shutdown(void)
{
	catalog_publish(NULL);
}
