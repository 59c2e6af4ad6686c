/* markov: a character-level chain over Unicode letters. The chain is two
 * sorted arrays: contexts (the last `order` letters, packed into one integer)
 * and, for each, its next letters with cumulative counts; a step is a binary
 * search and a weighted pick. Letter 0 stands for the edge of a name, so a
 * walk starts in the context of `order` zeros and ends on a 0. */
#include "markov.h"
#include "rng.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unicase.h>
#include <unictype.h>
#include <unistr.h>

#define SYM_BITS 21 /* every code point fits, so a letter index does too */
#define SYM_MASK ((UINT64_C(1) << SYM_BITS) - 1)

#define NO_CTX UINT32_MAX

struct context {
	uint64_t key;
	uint32_t first, n; /* its transitions: trans[first .. first + n) */
	uint32_t total;    /* the sum of their counts */
	uint64_t limit;    /* rng_below's bound for total, made once (a division) */
};

struct trans {
	uint32_t sym;  /* 0 ends the name, else letters[sym - 1] */
	uint32_t cum;  /* counts of this and every earlier transition of the context */
	uint32_t next; /* the context it leads to (an index of ctx), or NO_CTX */
};

struct markov {
	int order;
	int letters_min; /* a walk shorter than this is thrown away */
	uint64_t mask;   /* order * SYM_BITS bits */
	ucs4_t *letters; /* sorted, distinct, lower case */
	size_t n_letters;
	struct context *ctx;
	size_t n_ctx;
	struct trans *trans;
	size_t n_trans;
	/* the training names, lower case, sorted, distinct: pool holds them
	 * NUL-terminated, known[i] is an offset into it */
	char *pool;
	uint32_t *known;
	size_t n_known;
	size_t bytes;
};

struct gram {
	uint64_t key;
	uint32_t next;
};

const char *markov_error_text(enum markov_error e)
{
	switch (e) {
	case MARKOV_OK:
		return "ok";
	case MARKOV_NOMEM:
		return "out of memory";
	case MARKOV_ORDER:
		return "the order must be 2 or 3";
	case MARKOV_EMPTY:
		return "no training name is made of letters only";
	case MARKOV_EXHAUSTED:
		return "no new name of 4 to 12 letters after 200 tries";
	case MARKOV__MAX:
		break;
	}
	return "unknown error";
}

void markov_free(struct markov *m)
{
	if (!m)
		return;
	free(m->letters);
	free(m->ctx);
	free(m->trans);
	free(m->pool);
	free(m->known);
	free(m);
}

static int cmp_ucs4(const void *a, const void *b)
{
	ucs4_t x = *(const ucs4_t *)a, y = *(const ucs4_t *)b;
	return (x > y) - (x < y);
}

static int cmp_gram(const void *a, const void *b)
{
	const struct gram *x = a, *y = b;

	if (x->key != y->key)
		return (x->key > y->key) - (x->key < y->key);
	return (x->next > y->next) - (x->next < y->next);
}

/* qsort has no context argument in C11: the pool it compares through is a
 * static, so builds take a lock around that sort. Builds are rare (once per
 * catalog); draws never take it. */
_Static_assert(MARKOV_TRIES == 200, "markov_error_text names the number of tries");
static pthread_mutex_t build_lock = PTHREAD_MUTEX_INITIALIZER;
static const char *sort_pool; /* set only under build_lock */

static int cmp_known(const void *a, const void *b)
{
	return strcmp(sort_pool + *(const uint32_t *)a, sort_pool + *(const uint32_t *)b);
}

/* Decodes s into lower-case code points (cps, room for strlen(s)). Returns
 * the count, or -1 when s is not valid UTF-8; *letters_only tells whether
 * every one is a letter. */
static long lower_cps(const char *s, ucs4_t *cps, int *letters_only)
{
	const uint8_t *p = (const uint8_t *)s;
	size_t len = strlen(s);
	long n = 0;

	*letters_only = 1;
	if (u8_check(p, len))
		return -1;
	while (len) {
		ucs4_t c;
		int k = u8_mbtouc(&c, p, len);

		p += k;
		len -= (size_t)k;
		c = uc_tolower(c);
		if (!uc_is_general_category(c, UC_CATEGORY_L))
			*letters_only = 0;
		cps[n++] = c;
	}
	return n;
}

/* cps as UTF-8 into dst (room for 4 * n + 1); returns the bytes written. */
static size_t to_utf8(const ucs4_t *cps, size_t n, char *dst)
{
	size_t len = 0;

	for (size_t i = 0; i < n; i++)
		len += (size_t)u8_uctomb((uint8_t *)dst + len, cps[i], 4);
	dst[len] = '\0';
	return len;
}

static uint32_t sym_of(const struct markov *m, ucs4_t c)
{
	const ucs4_t *hit = bsearch(&c, m->letters, m->n_letters, sizeof c, cmp_ucs4);
	return hit ? (uint32_t)(hit - m->letters) + 1 : 0;
}

static void known_sorted(struct markov *m);

static const struct context *find_ctx(const struct markov *m, uint64_t key);

struct markov *markov_build(const char *const *names, size_t n, int order, struct markov_stats *st,
                            enum markov_error *err)
{
	struct markov_stats dummy;
	struct markov *m = NULL;
	ucs4_t *cps = NULL; /* every trained name's letters, each followed by a 0 */
	struct gram *grams = NULL;
	size_t total_bytes = 0, n_cps = 0, n_grams = 0, pool_len = 0;
	enum markov_error e = MARKOV_NOMEM;

	if (!st)
		st = &dummy;
	memset(st, 0, sizeof *st);
	st->names = n;
	if (order < MARKOV_ORDER_MIN || order > MARKOV_ORDER_MAX) {
		e = MARKOV_ORDER;
		goto fail;
	}
	for (size_t i = 0; i < n; i++)
		total_bytes += strlen(names[i]) + 1;
	m = calloc(1, sizeof *m);
	cps = malloc((total_bytes + 1) * sizeof *cps); /* + 1: never malloc(0) */
	if (!m || !cps)
		goto fail;
	m->order = order;
	m->letters_min = MARKOV_LETTERS_MIN;
	m->mask = (UINT64_C(1) << (SYM_BITS * order)) - 1;
	m->pool = malloc(total_bytes * 4 + 1);
	m->known = malloc((n ? n : 1) * sizeof *m->known);
	if (!m->pool || !m->known)
		goto fail;

	/* Pass 1: the letters of each name, lower case; every valid name joins
	 * the training set, the letters-only ones the chain. */
	for (size_t i = 0; i < n; i++) {
		int letters_only;
		long k = lower_cps(names[i], cps + n_cps, &letters_only);

		if (k <= 0) {
			st->skipped++;
			continue;
		}
		m->known[m->n_known++] = (uint32_t)pool_len;
		pool_len += to_utf8(cps + n_cps, (size_t)k, m->pool + pool_len) + 1;
		if (!letters_only) {
			st->skipped++;
			continue;
		}
		n_cps += (size_t)k;
		cps[n_cps++] = 0;
		st->trained++;
	}
	if (!st->trained) {
		e = MARKOV_EMPTY;
		goto fail;
	}
	known_sorted(m);

	/* The alphabet: the distinct letters, sorted. */
	m->letters = malloc(n_cps * sizeof *m->letters);
	if (!m->letters)
		goto fail;
	for (size_t i = 0; i < n_cps; i++)
		if (cps[i])
			m->letters[m->n_letters++] = cps[i];
	qsort(m->letters, m->n_letters, sizeof *m->letters, cmp_ucs4);
	{
		size_t u = 0;
		for (size_t i = 0; i < m->n_letters; i++)
			if (!u || m->letters[u - 1] != m->letters[i])
				m->letters[u++] = m->letters[i];
		m->n_letters = u;
	}

	/* Pass 2: one gram per letter and one for the end of each name (each
	 * name's 0 is its end), so n_cps grams in all. */
	grams = malloc(n_cps * sizeof *grams);
	if (!grams)
		goto fail;
	{
		uint64_t key = 0;
		for (size_t i = 0; i < n_cps; i++) {
			uint32_t s = cps[i] ? sym_of(m, cps[i]) : 0;

			grams[n_grams].key = key;
			grams[n_grams++].next = s;
			key = s ? ((key << SYM_BITS) | s) & m->mask : 0;
		}
	}
	qsort(grams, n_grams, sizeof *grams, cmp_gram);

	/* Fold equal grams into transitions with counts, and those into
	 * contexts. */
	m->trans = malloc(n_grams * sizeof *m->trans);
	m->ctx = malloc(n_grams * sizeof *m->ctx);
	if (!m->trans || !m->ctx)
		goto fail;
	for (size_t i = 0; i < n_grams; i++) {
		struct context *c = m->n_ctx ? &m->ctx[m->n_ctx - 1] : NULL;

		if (!c || c->key != grams[i].key) {
			c = &m->ctx[m->n_ctx++];
			c->key = grams[i].key;
			c->first = (uint32_t)m->n_trans;
			c->n = 0;
			c->total = 0;
		}
		c->total++;
		if (c->n && m->trans[m->n_trans - 1].sym == grams[i].next) {
			m->trans[m->n_trans - 1].cum++;
		} else {
			m->trans[m->n_trans].sym = grams[i].next;
			m->trans[m->n_trans++].cum = c->total;
			c->n++;
		}
	}
	/* Give back what the folding freed (shrinking cannot fail for real,
	 * but a NULL keeps the larger block, which is still right). */
	{
		void *p = realloc(m->trans, m->n_trans * sizeof *m->trans);
		if (p)
			m->trans = p;
		p = realloc(m->ctx, m->n_ctx * sizeof *m->ctx);
		if (p)
			m->ctx = p;
		p = realloc(m->pool, pool_len ? pool_len : 1);
		if (p)
			m->pool = p;
	}
	/* Where each transition leads and each context's bound, once: a walk
	 * then neither searches the contexts nor divides twice a letter (the
	 * names were 6% of a dungeon's JSON answer). */
	for (size_t i = 0; i < m->n_ctx; i++) {
		struct context *c = &m->ctx[i];
		c->limit = c->total ? UINT64_MAX - (UINT64_MAX % c->total + 1) % c->total : 0;
		for (uint32_t j = c->first; j < c->first + c->n; j++) {
			struct trans *t = &m->trans[j];
			const struct context *to =
			        t->sym ? find_ctx(m, ((c->key << SYM_BITS) | t->sym) & m->mask)
			               : NULL;
			t->next = to ? (uint32_t)(to - m->ctx) : NO_CTX;
		}
	}
	free(grams);
	free(cps);
	m->bytes = sizeof *m + m->n_letters * sizeof *m->letters + m->n_ctx * sizeof *m->ctx +
	           m->n_trans * sizeof *m->trans + pool_len + m->n_known * sizeof *m->known;
	st->letters = m->n_letters;
	st->contexts = m->n_ctx;
	st->transitions = m->n_trans;
	st->bytes = m->bytes;
	if (err)
		*err = MARKOV_OK;
	return m;
fail:
	free(grams);
	free(cps);
	markov_free(m);
	if (err)
		*err = e;
	return NULL;
}

/* Sorts the training set and drops repeats. */
static void known_sorted(struct markov *m)
{
	size_t u = 0;

	pthread_mutex_lock(&build_lock);
	sort_pool = m->pool;
	qsort(m->known, m->n_known, sizeof *m->known, cmp_known);
	sort_pool = NULL;
	pthread_mutex_unlock(&build_lock);
	for (size_t i = 0; i < m->n_known; i++)
		if (!u || strcmp(m->pool + m->known[u - 1], m->pool + m->known[i]) != 0)
			m->known[u++] = m->known[i];
	m->n_known = u;
}

static int known_lookup(const struct markov *m, const char *lower)
{
	size_t lo = 0, hi = m->n_known;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		int c = strcmp(lower, m->pool + m->known[mid]);

		if (c == 0)
			return 1;
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return 0;
}

int markov_set_letters_min(struct markov *m, int letters)
{
	if (letters < MARKOV_LETTERS_MIN || letters > MARKOV_LETTERS_MAX)
		return -1;
	m->letters_min = letters;
	return 0;
}

int markov_is_training_name(const struct markov *m, const char *name)
{
	size_t len = strlen(name);
	ucs4_t *cps;
	char *lower;
	int letters_only, hit = 0;
	long k;

	cps = malloc((len + 1) * sizeof *cps);
	lower = malloc(len * 4 + 1);
	if (cps && lower) {
		k = lower_cps(name, cps, &letters_only);
		if (k >= 0) {
			to_utf8(cps, (size_t)k, lower);
			hit = known_lookup(m, lower);
		}
	}
	free(cps);
	free(lower);
	return hit;
}

static const struct context *find_ctx(const struct markov *m, uint64_t key)
{
	size_t lo = 0, hi = m->n_ctx;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (m->ctx[mid].key == key)
			return &m->ctx[mid];
		if (m->ctx[mid].key < key)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

/* One walk: the letters into sym (room for MARKOV_LETTERS_MAX); returns
 * their count, or -1 when the walk runs past 12 letters. */
static int walk(const struct markov *m, struct rng *r, uint32_t *sym)
{
	const struct context *c = find_ctx(m, 0);
	int n = 0;

	for (;;) {
		const struct trans *t;
		uint32_t pick = 0;

		if (!c) /* cannot happen: every context reached was learned */
			return -1;
		/* rng_below(r, c->total), its bound made once */
		if (c->total) {
			uint64_t x;
			do
				x = rng_next(r);
			while (x > c->limit);
			pick = (uint32_t)(x % c->total);
		}
		t = &m->trans[c->first];
		while (t->cum <= pick)
			t++;
		if (t->sym == 0)
			return n;
		if (n == MARKOV_LETTERS_MAX)
			return -1;
		sym[n++] = t->sym;
		c = t->next == NO_CTX ? NULL : &m->ctx[t->next];
	}
}

enum markov_error markov_draw(const struct markov *m, uint64_t seed, char out[MARKOV_NAME_MAX])
{
	struct rng r;

	out[0] = '\0';
	rng_seed(&r, seed);
	for (int try = 0; try < MARKOV_TRIES; try++) {
		uint32_t sym[MARKOV_LETTERS_MAX];
		ucs4_t cps[MARKOV_LETTERS_MAX];
		int n = walk(m, &r, sym);

		if (n < m->letters_min)
			continue;
		for (int i = 0; i < n; i++)
			cps[i] = m->letters[sym[i] - 1];
		to_utf8(cps, (size_t)n, out);
		if (known_lookup(m, out))
			continue;
		cps[0] = uc_totitle(cps[0]);
		to_utf8(cps, (size_t)n, out);
		return MARKOV_OK;
	}
	out[0] = '\0';
	return MARKOV_EXHAUSTED;
}
