/* visitor: see visitor.h. No allocation, no I/O; its one state is what
 * each thread remembers of the codes it checked (below). */
#include "visitor.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "itemcode.h"

/* A hash of the n bytes of s, eight at a turn: it places an entry both in
 * the table of the entries read (the repeats) and in the codes checked. */
static uint64_t hash_bytes(const char *s, size_t n)
{
	uint64_t h = 0x9e3779b97f4a7c15u ^ n;
	size_t i = 0;
	for (; i + 8 <= n; i += 8) {
		uint64_t w;
		memcpy(&w, s + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdu;
		h ^= h >> 29;
	}
	if (i < n) {
		uint64_t w = 0;
		memcpy(&w, s + i, n - i);
		h = (h ^ w) * 0xff51afd7ed558ccdu;
	}
	h ^= h >> 32;
	h *= 0xc4ceb9fe1a85ec53u;
	return h ^ (h >> 29);
}

/* The codes this thread has lately found to decode. Whether a code decodes
 * is a pure function of its bytes (no catalog), and a visitor's every
 * request carries the same codes again, the one new roll apart: decoding
 * each of a full cookie's 80 on every page was most of what the cookie
 * cost. Sets of two, the one looked up or added first; only a code that
 * decoded is kept, and a hit is the same bytes, so a hash that collides
 * costs a decode, never a wrong answer. */
#define CHECKED_SETS 512
#define CHECKED_LEN  95 /* the longest code kept; the longest written is 86 */

struct checked {
	unsigned char len; /* 0: empty */
	char code[CHECKED_LEN];
};

static _Thread_local struct checked checked[CHECKED_SETS][2];

static int code_ok_hashed(const char *s, size_t n, uint64_t h)
{
	struct itemcode c;
	struct checked *set = checked[(h >> 7) & (CHECKED_SETS - 1)];

	if (n == 0 || n > LOADOUT_CODE_MAX)
		return 0;
	for (int w = 0; w < 2; w++)
		if (set[w].len == n && memcmp(set[w].code, s, n) == 0) {
			if (w == 1) {
				struct checked t = set[0];
				set[0] = set[1];
				set[1] = t;
			}
			return 1;
		}
	for (size_t i = 0; i < n; i++) {
		char ch = s[i];
		if (!((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
		      (ch >= '0' && ch <= '9') || ch == '-' || ch == '_'))
			return 0;
	}
	if (itemcode_decode(s, n, &c, NULL) != 0)
		return 0;
	if (n <= CHECKED_LEN) {
		set[1] = set[0];
		set[0].len = (unsigned char)n;
		memcpy(set[0].code, s, n);
	}
	return 1;
}

int visitor_code_ok(const char *s, size_t n)
{
	return code_ok_hashed(s, n, hash_bytes(s, n));
}

/* Whether the NUL-terminated a is the len bytes of s: no strlen of a. */
static int same_code(const char *a, const char *s, size_t len)
{
	return memcmp(a, s, len) == 0 && a[len] == '\0';
}

static int in_list(const struct visitor_code *l, unsigned n, const char *s, size_t len)
{
	for (unsigned i = 0; i < n; i++)
		if (same_code(l[i].code, s, len))
			return (int)i;
	return -1;
}

static int worn_index(const struct visitor *v, const char *s, size_t len)
{
	for (unsigned i = 0; i < v->n_worn; i++)
		if (same_code(v->worn[i].code, s, len))
			return (int)i;
	return -1;
}

/* The entries read so far, by a hash of their code, so that a repeat is
 * found without comparing each entry with every one before it (a full
 * cookie has 80). Slots hold an entry's index + 1; twice the largest
 * list's bound keeps the probes short. */
#define SEEN_SLOTS 128
_Static_assert(SEEN_SLOTS >= 2 * VISITOR_STASH_MAX && SEEN_SLOTS >= 2 * LOADOUT_MAX &&
                       SEEN_SLOTS >= 2 * VISITOR_RECENT_MAX,
               "the seen table holds every list with room to spare");

struct seen {
	unsigned char slot[3][SEEN_SLOTS];
};

/* The code stored at index i of list which. */
static const char *code_at(const struct visitor *v, int which, unsigned i)
{
	return which == 0 ? v->worn[i].code : which == 1 ? v->stash[i].code : v->recent[i].code;
}

/* Whether list which holds s already; if not, *slot is where it goes. */
static int seen_before(const struct seen *sn, const struct visitor *v, int which, const char *s,
                       size_t n, uint64_t hash, unsigned *slot)
{
	unsigned h = (unsigned)(hash & (SEEN_SLOTS - 1));
	for (; sn->slot[which][h]; h = (h + 1) & (SEEN_SLOTS - 1))
		if (same_code(code_at(v, which, sn->slot[which][h] - 1u), s, n))
			return 1;
	*slot = h;
	return 0;
}

/* One entry of list `which` (0 loadout, 1 stash, 2 recent), appended when
 * it reads and fits. The bound and the repeat are looked at before the
 * code is decoded: they are cheap, and an entry dropped for either is
 * dropped whatever its code. */
static void take(struct visitor *v, struct seen *sn, int which, const char *s, size_t n)
{
	const char *colon = which == 0 ? memchr(s, ':', n) : NULL;
	size_t clen = colon ? (size_t)(colon - s) : n;
	enum place place = PLACE_PACK;
	unsigned *cnt = which == 0 ? &v->n_worn : which == 1 ? &v->n_stash : &v->n_recent;
	unsigned max = which == 0   ? LOADOUT_MAX
	               : which == 1 ? VISITOR_STASH_MAX
	                            : VISITOR_RECENT_MAX;
	unsigned slot;

	if (n == 0)
		return;
	if (*cnt >= max || clen > LOADOUT_CODE_MAX)
		goto drop;
	uint64_t h = hash_bytes(s, clen);
	if (seen_before(sn, v, which, s, clen, h, &slot) || !code_ok_hashed(s, clen, h))
		goto drop;
	if (colon) {
		int p = place_from_name(colon + 1, n - clen - 1);
		if (p < 0)
			goto drop;
		place = (enum place)p;
	}
	char *dst = which == 0   ? v->worn[*cnt].code
	            : which == 1 ? v->stash[*cnt].code
	                         : v->recent[*cnt].code;
	memcpy(dst, s, clen);
	dst[clen] = '\0';
	if (which == 0)
		v->worn[*cnt].place = place;
	sn->slot[which][slot] = (unsigned char)(++*cnt);
	return;
drop:
	v->dropped++;
}

void visitor_parse(struct visitor *v, const char *value, size_t n)
{
	struct seen sn;

	v->n_worn = v->n_stash = v->n_recent = 0;
	v->dropped = 0;
	v->found = 0;
	if (!value || n == 0)
		return;
	v->found = 1;
	if (n > VISITOR_READ_MAX)
		n = VISITOR_READ_MAX;
	/* another revision's layout is not guessed at */
	if (value[0] != VISITOR_REVISION || (n > 1 && value[1] != '~')) {
		v->dropped++;
		return;
	}
	memset(&sn, 0, sizeof sn);
	int which = -1;
	const char *end = value + n;
	for (const char *p = value + 1; p < end;) {
		if (*p == '~') {
			which++;
			p++;
			continue;
		}
		const char *e = p;
		while (e < end && *e != '.' && *e != '~')
			e++;
		if (which >= 0 && which <= 2)
			take(v, &sn, which, p, (size_t)(e - p));
		else
			v->dropped++;
		p = e < end && *e == '.' ? e + 1 : e;
	}
}

void visitor_from_header(struct visitor *v, const char *header, const char *name)
{
	size_t nlen = strlen(name);

	for (const char *p = header; p && *p;) {
		while (*p == ' ' || *p == '\t' || *p == ';')
			p++;
		const char *e = strchr(p, ';');
		if (!e)
			e = p + strlen(p);
		if ((size_t)(e - p) > nlen && strncmp(p, name, nlen) == 0 && p[nlen] == '=') {
			const char *val = p + nlen + 1, *ve = e;
			while (ve > val && (ve[-1] == ' ' || ve[-1] == '\t'))
				ve--;
			visitor_parse(v, val, (size_t)(ve - val));
			return;
		}
		p = e;
	}
	visitor_parse(v, NULL, 0);
}

/* The length of v written with only the first ns kept and nr recent. */
static size_t length_with(const struct visitor *v, unsigned ns, unsigned nr)
{
	size_t len = 4; /* "1~~~" */
	for (unsigned i = 0; i < v->n_worn; i++)
		len += (i ? 1 : 0) + strlen(v->worn[i].code) +
		       (v->worn[i].place != PLACE_PACK ? 1 + strlen(place_names[v->worn[i].place])
		                                       : 0);
	for (unsigned i = 0; i < ns; i++)
		len += (i ? 1 : 0) + strlen(v->stash[i].code);
	for (unsigned i = 0; i < nr; i++)
		len += (i ? 1 : 0) + strlen(v->recent[i].code);
	return len;
}

int visitor_text(const struct visitor *v, char *dst, size_t cap)
{
	unsigned ns = v->n_stash, nr = v->n_recent;

	while (nr && length_with(v, ns, nr) > VISITOR_BYTES_MAX)
		nr--;
	while (ns && length_with(v, ns, nr) > VISITOR_BYTES_MAX)
		ns--;
	size_t len = length_with(v, ns, nr), at = 0;
	if (len + 1 > cap)
		return -1;
#define PUT(s)                                                                                     \
	do {                                                                                       \
		size_t l_ = strlen(s);                                                             \
		memcpy(dst + at, s, l_);                                                           \
		at += l_;                                                                          \
	} while (0)
	PUT("1~");
	for (unsigned i = 0; i < v->n_worn; i++) {
		if (i)
			PUT(".");
		PUT(v->worn[i].code);
		if (v->worn[i].place != PLACE_PACK) {
			PUT(":");
			PUT(place_names[v->worn[i].place]);
		}
	}
	PUT("~");
	for (unsigned i = 0; i < ns; i++) {
		if (i)
			PUT(".");
		PUT(v->stash[i].code);
	}
	PUT("~");
	for (unsigned i = 0; i < nr; i++) {
		if (i)
			PUT(".");
		PUT(v->recent[i].code);
	}
#undef PUT
	dst[at] = '\0';
	return (int)at;
}

/* Puts code at the front of list l (count *n, bound max), moving it there
 * when it is in the list already, the last one falling off when full. */
static int front(struct visitor_code *l, unsigned *n, unsigned max, const char *code)
{
	size_t len = strlen(code);
	if (!visitor_code_ok(code, len))
		return -1;
	int at = in_list(l, *n, code, len);
	unsigned last = at >= 0 ? (unsigned)at : (*n < max ? (*n)++ : max - 1);
	memmove(&l[1], &l[0], sizeof(l[0]) * last);
	memcpy(l[0].code, code, len + 1);
	return 0;
}

int visitor_keep(struct visitor *v, const char *code)
{
	return front(v->stash, &v->n_stash, VISITOR_STASH_MAX, code);
}

int visitor_rolled(struct visitor *v, const char *code)
{
	return front(v->recent, &v->n_recent, VISITOR_RECENT_MAX, code);
}

int visitor_unkeep(struct visitor *v, const char *code)
{
	int at = in_list(v->stash, v->n_stash, code, strlen(code));
	if (at >= 0) {
		memmove(&v->stash[at], &v->stash[at + 1],
		        sizeof(v->stash[0]) * (v->n_stash - at - 1));
		v->n_stash--;
	}
	return 0;
}

int visitor_wear(struct visitor *v, const char *code, enum place place)
{
	size_t len = strlen(code);
	if (!visitor_code_ok(code, len))
		return -1;
	int at = worn_index(v, code, len);
	if (at < 0) {
		if (v->n_worn >= LOADOUT_MAX)
			return -1;
		at = (int)v->n_worn++;
		memcpy(v->worn[at].code, code, len + 1);
	}
	v->worn[at].place = place;
	return 0;
}

int visitor_unwear(struct visitor *v, const char *code)
{
	int at = worn_index(v, code, strlen(code));
	if (at >= 0) {
		memmove(&v->worn[at], &v->worn[at + 1], sizeof(v->worn[0]) * (v->n_worn - at - 1));
		v->n_worn--;
	}
	return 0;
}

void visitor_set_loadout(struct visitor *v, const struct loadout_query *q)
{
	v->n_worn = 0;
	for (unsigned i = 0; i < q->n && v->n_worn < LOADOUT_MAX; i++)
		if (visitor_code_ok(q->in[i].code, strlen(q->in[i].code)))
			visitor_wear(v, q->in[i].code, q->in[i].place);
}

void visitor_loadout_query(const struct visitor *v, struct loadout_query *q)
{
	memset(q, 0, sizeof *q);
	for (unsigned i = 0; i < v->n_worn; i++) {
		memcpy(q->in[i].code, v->worn[i].code, sizeof q->in[i].code);
		q->in[i].place = v->worn[i].place;
	}
	q->n = v->n_worn;
}
