/* jsonw: JSON written straight into a buffer, without a tree: the bytes
 * jansson writes for the same values (JSON_COMPACT), at a fraction of the
 * cost. Every function is its includer's own (static): the writers are
 * called once a member, and the compiler inlines them into the writer of
 * the whole answer as if they were written there. */
#ifndef LOOTFORGE_JSONW_H
#define LOOTFORGE_JSONW_H

#include <stdint.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include <unistr.h>

#include "buf.h"
#include "decimal.h"

/* a static function an includer may not use */
#define JSONW_FN __attribute__((unused))

/* A writer into the answer: the first failure sticks, so a whole item is
 * written as a straight sequence of calls and checked once at the end. */
struct jw {
	struct buf *b;
	int err;
};

static JSONW_FN void jw_raw_slow(struct jw *w, const char *s, size_t n)
{
	if (!w->err && buf_append(w->b, s, n) != 0)
		w->err = 1;
}

/* The room reserved for the answer nearly always holds the next bytes:
 * then a copy, inline, without buf_append's call and terminating NUL (the
 * answer is terminated once, at its end: render_json_items). These calls
 * were a third of the daemon's CPU for a batch. */
static inline void jw_raw(struct jw *w, const char *s, size_t n)
{
	struct buf *b = w->b;
	if (n < b->cap - b->len) { /* leaves room for the NUL */
		memcpy(b->data + b->len, s, n);
		b->len += n;
		return;
	}
	jw_raw_slow(w, s, n);
}

/* Says where a writer that wrote through a pointer into the answer's
 * reserved room (jw_room, put_*) ended. */
static inline void jw_done(struct jw *w, char *end)
{
	w->b->len = (size_t)(end - w->b->data);
}

/* Literal JSON text: punctuation and keys, ",\"kind\":". */
#define JW_LIT(w, lit) jw_raw((w), (lit), sizeof(lit) - 1)

/* s as a JSON string. As jansson: text that is not UTF-8 fails the answer
 * (the caller then answers 500 in the client's format) rather than being
 * sent broken; '"' and '\' are escaped, control characters as \b \f \n \r
 * \t or \u00XX (upper-case hex); everything else, '/' and non-ASCII
 * included, is copied as it is. */
static JSONW_FN void jw_str_slow(struct jw *w, const char *s, size_t n)
{
	static const char hex[] = "0123456789ABCDEF";
	int ascii = 1;

	if (w->err)
		return;
	for (size_t i = 0; i < n && ascii; i++)
		ascii = (unsigned char)s[i] < 0x80;
	/* the worst case, every byte a \u00XX, and the quotes */
	if ((!ascii && u8_check((const uint8_t *)s, n) != NULL) ||
	    buf_reserve(w->b, 6 * n + 2) != 0) {
		w->err = 1;
		return;
	}
	char *d = w->b->data + w->b->len;
	*d++ = '"';
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c != '"' && c != '\\') {
			*d++ = (char)c;
			continue;
		}
		*d++ = '\\';
		switch (c) {
		case '"':
		case '\\':
			*d++ = (char)c;
			break;
		case '\b':
			*d++ = 'b';
			break;
		case '\f':
			*d++ = 'f';
			break;
		case '\n':
			*d++ = 'n';
			break;
		case '\r':
			*d++ = 'r';
			break;
		case '\t':
			*d++ = 't';
			break;
		default:
			memcpy(d, "u00", 3);
			d[3] = hex[c >> 4];
			d[4] = hex[c & 15];
			d += 5;
		}
	}
	*d++ = '"';
	w->b->len = (size_t)(d - w->b->data);
	w->b->data[w->b->len] = '\0';
}

/* Whether none of the 8 bytes of v is below 0x20, at or above 0x80, '"' or
 * '\\' (the bytes jw_str_slow would treat otherwise). Each test is the
 * classic "has a byte less than n" / "has a zero byte" of a word, exact
 * for the word as a whole (a borrow only follows a byte that matched). */
static inline int plain8(uint64_t v)
{
	const uint64_t ones = 0x0101010101010101ULL, high = 0x8080808080808080ULL;
	uint64_t quote = v ^ (ones * '"'), bslash = v ^ (ones * '\\');
	uint64_t bad = (v & high) | ((v - ones * 0x20) & ~v & high) |
	               ((quote - ones) & ~quote & high) | ((bslash - ones) & ~bslash & high);
	return bad == 0;
}

#ifdef __SSE2__
/* The bytes of v that the quick ways do not copy as they are (bad_bytes:
 * 0xFF each; bad16: a bit each): as signed bytes, those below 0x20 are the controls and
 * every byte at or above 0x80; then '"' and '\\'. */
static inline __m128i bad_bytes(__m128i v)
{
	const __m128i space = _mm_set1_epi8(0x20), quote = _mm_set1_epi8('"'),
	              bslash = _mm_set1_epi8('\\');
	return _mm_or_si128(_mm_cmplt_epi8(v, space),
	                    _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, bslash)));
}

static inline unsigned bad16(__m128i v)
{
	return (unsigned)_mm_movemask_epi8(bad_bytes(v));
}
#endif

/* put_plain for n <= 32 (SHORT_MAX), nearly every string of an item (its
 * code, its name, its parts' words): two loads of 16, 8 or 4 bytes by the
 * length, overlapping in the middle, checked together in one vector and
 * stored; no loop. put_plain's loops cost ~75 instructions for a word of
 * ten bytes (~7% of a level-20 dungeon's JSON). */
#define SHORT_MAX 32
static inline __attribute__((always_inline)) char *put_short(char *d, const char *s, size_t n)
{
#ifdef __SSE2__
	if (n >= 16) {
		__m128i a = _mm_loadu_si128((const __m128i *)(const void *)s);
		__m128i b = _mm_loadu_si128((const __m128i *)(const void *)(s + n - 16));
		if (_mm_movemask_epi8(_mm_or_si128(bad_bytes(a), bad_bytes(b))))
			return NULL;
		_mm_storeu_si128((__m128i *)(void *)(d + 1), a);
		_mm_storeu_si128((__m128i *)(void *)(d + 1 + n - 16), b);
	} else if (n >= 8) {
		__m128i a = _mm_loadl_epi64((const __m128i *)(const void *)s);
		__m128i b = _mm_loadl_epi64((const __m128i *)(const void *)(s + n - 8));
		if (bad16(_mm_unpacklo_epi64(a, b)))
			return NULL;
		_mm_storel_epi64((__m128i *)(void *)(d + 1), a);
		_mm_storel_epi64((__m128i *)(void *)(d + 1 + n - 8), b);
	} else if (n >= 4) {
		uint32_t head, tail;
		memcpy(&head, s, 4);
		memcpy(&tail, s + n - 4, 4);
		/* the vector's other eight bytes are zeros, controls: not looked at */
		__m128i v = _mm_unpacklo_epi32(_mm_cvtsi32_si128((int)head),
		                               _mm_cvtsi32_si128((int)tail));
		if (bad16(v) & 0xFF)
			return NULL;
		memcpy(d + 1, &head, 4);
		memcpy(d + 1 + n - 4, &tail, 4);
	} else
#endif
	{
		for (size_t i = 0; i < n; i++) {
			unsigned char c = (unsigned char)s[i];
			if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\')
				return NULL;
			d[1 + i] = (char)c;
		}
	}
	d[0] = '"';
	d[n + 1] = '"';
	return d + n + 2;
}

/* Most strings are printable ASCII without '"' or '\\': s (n bytes, not
 * necessarily followed by a NUL: a map's row of cells) quoted at d, room
 * for n + 2 made by the caller, in one pass. Returns the end, or NULL when
 * a byte needs more (the bytes written at d are then not part of the
 * answer: the caller goes the whole way, jw_str_slow). */
static JSONW_FN char *put_plain_long(char *d, const char *s, size_t n)
{
	size_t i = 0;
#ifdef __SSE2__
	/* Sixteen at a time where there is SSE2 (x86-64 always): as
	 * signed bytes, those below 0x20 are the controls and every
	 * byte at or above 0x80. A dungeon's spells' texts and cells
	 * were ~8% of its JSON's instructions eight at a time. */
	const __m128i space = _mm_set1_epi8(0x20), quote = _mm_set1_epi8('"'),
	              bslash = _mm_set1_epi8('\\');
	for (; i + 16 <= n; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + i));
		__m128i bad = _mm_or_si128(
		        _mm_cmplt_epi8(v, space),
		        _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, bslash)));
		if (_mm_movemask_epi8(bad))
			break;
		_mm_storeu_si128((__m128i *)(void *)(d + 1 + i), v);
	}
#endif
	/* Eight bytes at a time while none needs escaping: a map's
	 * rows of cells are 180 bytes each, 32 KB a 30 x 30 map, and a
	 * byte at a time was an eighth of its answer's CPU. */
	for (; i + 8 <= n; i += 8) {
		uint64_t v;
		memcpy(&v, s + i, 8);
		if (!plain8(v))
			break;
		memcpy(d + 1 + i, &v, 8);
	}
	/* The last 1..7 bytes as the last eight, overlapping bytes
	 * already checked and copied, instead of one at a time; not
	 * when the loop above stopped at a byte to escape. */
	if (i < n && n >= 8 && i + 8 > n) {
		uint64_t v;
		memcpy(&v, s + n - 8, 8);
		if (plain8(v)) {
			memcpy(d + 1 + n - 8, &v, 8);
			i = n;
		}
	}
	/* 4..7 bytes (most words: "kukri", "glory") as two four-byte
	 * halves, overlapping, checked together. */
	if (n >= 4 && n < 8) {
		uint32_t head, tail;
		memcpy(&head, s, 4);
		memcpy(&tail, s + n - 4, 4);
		if (plain8((uint64_t)head | (uint64_t)tail << 32)) {
			memcpy(d + 1, &head, 4);
			memcpy(d + 1 + n - 4, &tail, 4);
			i = n;
		}
	}
	for (; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\')
			break;
		d[1 + i] = (char)c;
	}
	if (i < n)
		return NULL;
	d[0] = '"';
	d[n + 1] = '"';
	return d + n + 2;
}

/* put_short's work inline where the string is short; put_plain_long's,
 * a call with the registers its loops need saved, else. */
static inline __attribute__((always_inline)) char *put_plain(char *d, const char *s, size_t n)
{
	return n <= SHORT_MAX ? put_short(d, s, n) : put_plain_long(d, s, n);
}

static JSONW_FN void jw_strn(struct jw *w, const char *s, size_t n)
{
	struct buf *b = w->b;

	if (!w->err && n + 2 < b->cap - b->len) {
		char *end = put_plain(b->data + b->len, s, n);
		if (end) {
			jw_done(w, end);
			return;
		}
	}
	jw_str_slow(w, s, n);
}

static JSONW_FN void jw_str(struct jw *w, const char *s)
{
	jw_strn(w, s, strlen(s));
}

/* A key from this file's tables (stat and part names), ',' first unless
 * it opens its object. */
static JSONW_FN void jw_key(struct jw *w, const char *key, int first)
{
	if (!first)
		JW_LIT(w, ",");
	jw_str(w, key);
	JW_LIT(w, ":");
}

/* ---- numbers, written through a pointer into room made first ----
 *
 * A run of bounded members (the seed, the stats, the numbers) is written
 * after one check of the room, not one a member: the checks of ~35 writes
 * an item were a sixth of its JSON's instructions. */

/* A pointer to room for n more bytes and the NUL at the end of the answer,
 * grown if need be; NULL (w->err set) when memory ran out or an earlier
 * write failed. jw_done says where the writing ended. */
static inline char *jw_room(struct jw *w, size_t n)
{
	struct buf *b = w->b;

	if (w->err)
		return NULL;
	if (n >= b->cap - b->len && buf_reserve(b, n) != 0) {
		w->err = 1;
		return NULL;
	}
	return b->data + b->len;
}

/* Literal text at d, d moved past it. */
#define PUT_LIT(d, lit) (memcpy((d), (lit), sizeof(lit) - 1), (d) += sizeof(lit) - 1)

/* v in decimal at d (room for DECIMAL_MAX); returns the end. Nearly every
 * number of an item is 0..99 (its stats, tier, plus, str): those inline,
 * without a branch on their length. */
static inline char *put_int(char *d, int64_t v)
{
	if ((uint64_t)v < 100) {
		/* "07" without its '0' is "7" and the next pair's first digit,
		 * past the end: room kept, written over next */
		size_t one = v < 10;
		memcpy(d, decimal_pairs + 2 * v + one, 2);
		return d + 2 - one;
	}
	return d + decimal_i64_n(v, 0, d);
}

static JSONW_FN void jw_int(struct jw *w, int64_t v)
{
	char *d = jw_room(w, DECIMAL_MAX);
	if (d)
		jw_done(w, put_int(d, v));
}

/* v hundredths as jansson prints the real v / 100.0 at precision 15: the
 * shortest decimals ("0.4", "-1.05"), and ".0" when whole ("2.0"). Exact
 * for every int32_t, whose hundredths have at most 10 digits. At d (room
 * for DECIMAL_MAX + 4); returns the end. */
#define HUNDREDTHS_MAX (DECIMAL_MAX + 4)
static JSONW_FN char *put_hundredths(char *d, int32_t v)
{
	uint64_t a = v < 0 ? (uint64_t)(-(int64_t)v) : (uint64_t)v;
	unsigned c = (unsigned)(a % 100);

	if (v < 0)
		*d++ = '-';
	d += decimal_u64_n(a / 100, d);
	*d++ = '.';
	*d++ = (char)('0' + c / 10);
	if (c % 10)
		*d++ = (char)('0' + c % 10);
	return d;
}

static JSONW_FN void jw_hundredths(struct jw *w, int32_t v)
{
	char *d = jw_room(w, HUNDREDTHS_MAX);
	if (d)
		jw_done(w, put_hundredths(d, v));
}

#endif
