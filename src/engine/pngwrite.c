/* pngwrite: see pngwrite.h. One IDAT chunk holding a zlib stream of one
 * deflate block with the fixed Huffman codes (RFC 1951, 3.2.6). Every row
 * is filtered "up" (PNG filter 2), so a row equal to the one above is all
 * zeros: those are not even looked at byte by byte (the same pointer as
 * the row above, or a memcmp with it), a run of them is one long match at
 * the distance of a row, and the zlib checksum (Adler-32) of their zeros
 * is computed arithmetically. The other rows are cut greedily into
 * literals and matches at three distances: 1 (runs of a colour), the
 * caller's period (a grid's cell) and a row (the row above's filtered
 * bytes). No hash chains: the pictures this is for are flat colours on a
 * grid. */
#include "pngwrite.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#ifdef __SSE2__
#include <emmintrin.h> /* 16 bytes at a time where there is SSE2 (x86-64 always) */
#endif

#define ADLER_MOD 65521u
#define MAX_MATCH 258

/* A code as it is written: its bits (first bit lowest) and how many. */
struct code {
	uint32_t bits;
	int n;
};

struct z {
	struct buf *out;
	uint64_t acc;           /* bits not yet written, the first lowest */
	int n;                  /* how many */
	const struct code *lit; /* codes[].lit */
	const struct code *len; /* codes[].len */
	struct code dist[3];    /* 1, the period, a row: code and extra bits */
};

static const uint16_t len_base[29] = {3,  4,  5,  6,   7,   8,   9,   10,  11, 13,
                                      15, 17, 19, 23,  27,  31,  35,  43,  51, 59,
                                      67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t len_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2,
                                      2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {
        1,   2,   3,   4,   5,   7,    9,    13,   17,   25,   33,   49,   65,    97,    129,
        193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2,  3,  3,  4,  4,  5,  5,  6,
                                       6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};

/* A Huffman code's n bits, most significant first as deflate wants them
 * read, turned around for the writer that fills from the lowest bit. */
static uint32_t reversed(uint32_t v, int n)
{
	uint32_t r = 0;
	for (int i = 0; i < n; i++)
		r |= ((v >> i) & 1u) << (n - 1 - i);
	return r;
}

/* The fixed code of literal/length symbol s. */
static struct code fixed(int s)
{
	if (s < 144)
		return (struct code){reversed(0x30u + (uint32_t)s, 8), 8};
	if (s < 256)
		return (struct code){reversed(0x190u + (uint32_t)(s - 144), 9), 9};
	if (s < 280)
		return (struct code){reversed((uint32_t)(s - 256), 7), 7};
	return (struct code){reversed(0xc0u + (uint32_t)(s - 280), 8), 8};
}

static struct code distance(int d)
{
	int k = 29;
	while (dist_base[k] > d)
		k--;
	return (struct code){reversed((uint32_t)k, 5) | (uint32_t)(d - dist_base[k]) << 5,
	                     5 + dist_extra[k]};
}

/* The literals' and the lengths' codes (a length's with its extra bits)
 * are fixed: made once, not once a picture (~60,000 instructions, about
 * 15 us of a 30 x 30 dungeon's PNG). */
static struct {
	struct code lit[256];
	struct code len[MAX_MATCH + 1];
} codes;
static pthread_once_t codes_once = PTHREAD_ONCE_INIT;

static void codes_make(void)
{
	for (int s = 0; s < 256; s++)
		codes.lit[s] = fixed(s);
	for (int k = 0, l = 3; l <= MAX_MATCH; l++) {
		while (k < 28 && len_base[k + 1] <= l)
			k++;
		struct code c = fixed(257 + k);
		codes.len[l] = (struct code){c.bits | (uint32_t)(l - len_base[k]) << c.n,
		                             c.n + len_extra[k]};
	}
}

static void tables(struct z *z, int period, int row)
{
	pthread_once(&codes_once, codes_make);
	z->lit = codes.lit;
	z->len = codes.len;
	z->dist[0] = distance(1);
	z->dist[1] = distance(period);
	z->dist[2] = distance(row);
}

/* Room for `bytes` more output bytes; the writer then stores without
 * checking. */
static int room(struct z *z, size_t bytes)
{
	return buf_reserve(z->out, bytes + 8);
}

static inline void put(struct z *z, struct code c)
{
	z->acc |= (uint64_t)c.bits << z->n;
	z->n += c.n;
	if (z->n >= 32) {
		unsigned char *p = (unsigned char *)z->out->data + z->out->len;
		p[0] = (unsigned char)z->acc;
		p[1] = (unsigned char)(z->acc >> 8);
		p[2] = (unsigned char)(z->acc >> 16);
		p[3] = (unsigned char)(z->acc >> 24);
		z->out->len += 4;
		z->acc >>= 32;
		z->n -= 32;
	}
}

/* A match of len (>= 3) bytes at distance code dc, in pieces of at most
 * 258 (none shorter than 3). */
static inline void match(struct z *z, size_t len, int dc)
{
	/* the pieces of 258 (a run of rows alike is hundreds of them) as
	 * one code each, the length's and the distance's bits together
	 * (at most 26 bits) */
	if (len >= MAX_MATCH + 3) {
		struct code l = z->len[MAX_MATCH], d = z->dist[dc];
		struct code both = {l.bits | d.bits << l.n, l.n + d.n};
		do {
			put(z, both);
			len -= MAX_MATCH;
		} while (len >= MAX_MATCH + 3);
	}
	if (len > MAX_MATCH) { /* 259 or 260: not a piece of 1 or 2 after */
		put(z, z->len[len - 3]);
		put(z, z->dist[dc]);
		len = 3;
	}
	if (len > 0) {
		put(z, z->len[len]);
		put(z, z->dist[dc]);
	}
}

/* How many bytes from a equal those from b, at most max. */
static size_t same(const unsigned char *a, const unsigned char *b, size_t max)
{
	size_t n = 0;
#ifdef __SSE2__
	while (n + 16 <= max) {
		__m128i x = _mm_loadu_si128((const __m128i *)(const void *)(a + n));
		__m128i y = _mm_loadu_si128((const __m128i *)(const void *)(b + n));
		unsigned differ = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)) ^ 0xffffu;
		if (differ)
			return n + (size_t)__builtin_ctz(differ);
		n += 16;
	}
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	while (n + 8 <= max) {
		uint64_t x, y;
		memcpy(&x, a + n, 8);
		memcpy(&y, b + n, 8);
		if (x != y)
			return n + (size_t)(__builtin_ctzll(x ^ y) >> 3);
		n += 8;
	}
#endif
	while (n < max && a[n] == b[n])
		n++;
	return n;
}

/* Row f (n bytes, filter byte first) as literals and matches; above is the
 * row before it in the stream (NULL for the first), period as the
 * caller's (0: none). */
static void row(struct z *out, const unsigned char *f, const unsigned char *above, size_t n,
                size_t period)
{
	/* the writer's state in registers for the row, not in the caller's
	 * memory at each code (put and match inlined into this loop) */
	struct z w = *out, *z = &w;
	size_t i = 0;
	/* A match longer than best must take in the bytes at i and at
	 * i + best: when either differs from its source, the match is not
	 * measured (most are not: a row is mostly short runs), the same
	 * choice without the call. */
#define LONGER(src) (f[i] == (src)[i] && i + best < n && f[i + best] == (src)[i + best])
	while (i < n) {
		size_t best = 0, l;
		int dc = 0;
		if (i >= 1 && f[i] == f[i - 1])
			best = same(f + i, f + i - 1, n - i);
		if (best < 64 && period > 1 && i >= period && LONGER(f - period) &&
		    (l = same(f + i, f + i - period, n - i)) > best) {
			best = l;
			dc = 1;
		}
		if (best < 64 && above && LONGER(above) &&
		    (l = same(f + i, above + i, n - i)) > best) {
			best = l;
			dc = 2;
		}
		if (best >= 3) {
			match(z, best, dc);
			i += best;
		} else {
			put(z, z->lit[f[i]]);
			i++;
		}
	}
#undef LONGER
	*out = w;
}

#ifndef __SSE2__
/* f[1..w] = r - up, byte by byte (mod 256), eight at a time (the bytes'
 * top bits apart so that no borrow crosses from one byte to the next);
 * with SSE2, filter_adler filters as it sums. */
static void filter_up(unsigned char *f, const unsigned char *r, const unsigned char *up, int w)
{
	const uint64_t hi = 0x8080808080808080u;
	int x = 0;
	for (; x + 8 <= w; x += 8) {
		uint64_t a, b, d;
		memcpy(&a, r + x, 8);
		memcpy(&b, up + x, 8);
		d = ((a | hi) - (b & ~hi)) ^ ((a ^ ~b) & hi);
		memcpy(f + 1 + x, &d, 8);
	}
	for (; x < w; x++)
		f[1 + x] = (unsigned char)(r[x] - up[x]);
}
#endif

/* Adler-32 (RFC 1950) of *a, *b on with the n bytes at p (n <= PNGWRITE_W_MAX + 1),
 * sixteen at a time with SSE2 (below), then eight (little-endian words):
 * a block adds its bytes' sum to a, and 8 a plus its bytes weighted 8, 7,
 * .., 1 to b, both sums as 16-bit lanes of a multiplication (at most 255 x
 * 20 a lane: no carry between lanes). */
static void adler_on(uint32_t *a, uint32_t *b, const unsigned char *p, size_t n)
{
	uint64_t sa = *a, sb = *b;
	size_t i = 0;
#ifdef __SSE2__
	/* sixteen at a time: the sums of the bytes (psadbw), of the sums
	 * before each block (16 a each), of the bytes weighted 16, .., 1
	 * (pmaddwd; at most 255 x 31 a lane a block, a row is 1,025 blocks at
	 * most: within 32 bits) */
	if (n >= 16) {
		const __m128i zero = _mm_setzero_si128();
		const __m128i w_lo = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
		const __m128i w_hi = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
		__m128i s1 = zero, ps = zero, s2 = zero;
		uint64_t l1[2], lp[2];
		uint32_t l2[4];
		for (; i + 16 <= n; i += 16) {
			__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
			ps = _mm_add_epi64(ps, s1);
			s1 = _mm_add_epi64(s1, _mm_sad_epu8(v, zero));
			s2 = _mm_add_epi32(
			        s2,
			        _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(v, zero), w_lo),
			                      _mm_madd_epi16(_mm_unpackhi_epi8(v, zero), w_hi)));
		}
		_mm_storeu_si128((__m128i *)(void *)l1, s1);
		_mm_storeu_si128((__m128i *)(void *)lp, ps);
		_mm_storeu_si128((__m128i *)(void *)l2, s2);
		sb += (uint64_t)i * sa + 16 * (lp[0] + lp[1]) + l2[0] + l2[1] + l2[2] + l2[3];
		sa += l1[0] + l1[1];
	}
#endif
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t lanes = 0x00ff00ff00ff00ffu;
	for (; i + 8 <= n; i += 8) {
		uint64_t x, even, odd;
		memcpy(&x, p + i, 8);
		even = x & lanes; /* bytes 0, 2, 4, 6 */
		odd = x >> 8 & lanes;
		sb += 8 * sa + ((even * 0x0008000600040002u) >> 48) +
		      ((odd * 0x0007000500030001u) >> 48);
		sa += ((even + odd) * 0x0001000100010001u) >> 48;
	}
#endif
	for (; i < n; i++) {
		sa += p[i];
		sb += sa;
	}
	*a = (uint32_t)(sa % ADLER_MOD);
	*b = (uint32_t)(sb % ADLER_MOD);
}

/* A row filtered "up" into f[1..w] (f[0], the filter byte 2, set by the
 * caller) and Adler-32 on with f[0..w], as filter_up then adler_on: with
 * SSE2 in one pass, each block summed as it is made rather than read back
 * (the two passes were a fifth of a dungeon's PNG). */
static void filter_adler(unsigned char *f, const unsigned char *r, const unsigned char *up, int w,
                         uint32_t *a, uint32_t *b)
{
#ifdef __SSE2__
	const __m128i zero = _mm_setzero_si128();
	const __m128i w_lo = _mm_setr_epi16(16, 15, 14, 13, 12, 11, 10, 9);
	const __m128i w_hi = _mm_setr_epi16(8, 7, 6, 5, 4, 3, 2, 1);
	__m128i s1 = zero, ps = zero, s2 = zero;
	uint64_t sa = *a + (uint64_t)f[0], sb, l1[2], lp[2];
	uint32_t l2[4];
	int x = 0;

	sb = *b + sa;
	for (; x + 16 <= w; x += 16) {
		__m128i v = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(const void *)(r + x)),
		                         _mm_loadu_si128((const __m128i *)(const void *)(up + x)));
		_mm_storeu_si128((__m128i *)(void *)(f + 1 + x), v);
		ps = _mm_add_epi64(ps, s1);
		s1 = _mm_add_epi64(s1, _mm_sad_epu8(v, zero));
		s2 = _mm_add_epi32(s2,
		                   _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(v, zero), w_lo),
		                                 _mm_madd_epi16(_mm_unpackhi_epi8(v, zero), w_hi)));
	}
	_mm_storeu_si128((__m128i *)(void *)l1, s1);
	_mm_storeu_si128((__m128i *)(void *)lp, ps);
	_mm_storeu_si128((__m128i *)(void *)l2, s2);
	sb += (uint64_t)x * sa + 16 * (lp[0] + lp[1]) + l2[0] + l2[1] + l2[2] + l2[3];
	sa += l1[0] + l1[1];
	*a = (uint32_t)(sa % ADLER_MOD);
	*b = (uint32_t)(sb % ADLER_MOD);
	for (int k = x; k < w; k++)
		f[1 + k] = (unsigned char)(r[k] - up[k]);
	adler_on(a, b, f + 1 + x, (size_t)(w - x));
#else
	filter_up(f, r, up, w);
	adler_on(a, b, f, (size_t)w + 1);
#endif
}

static void be32(unsigned char *p, uint32_t v)
{
	p[0] = (unsigned char)(v >> 24);
	p[1] = (unsigned char)(v >> 16);
	p[2] = (unsigned char)(v >> 8);
	p[3] = (unsigned char)v;
}

/* A chunk of type `type` with data d (n bytes). */
static int chunk(struct buf *out, const char *type, const unsigned char *d, size_t n)
{
	unsigned char head[8], crc[4];
	uLong c = crc32(crc32(0, (const Bytef *)type, 4), d, (uInt)n);
	be32(head, (uint32_t)n);
	memcpy(head + 4, type, 4);
	be32(crc, (uint32_t)c);
	return buf_append(out, head, 8) | buf_append(out, d, n) | buf_append(out, crc, 4);
}

static int header(struct buf *out, int w, int h, const unsigned char (*pal)[3], int n_pal)
{
	unsigned char ihdr[13] = {0, 0, 0, 0, 0, 0, 0, 0, 8, 3, 0, 0, 0};
	be32(ihdr, (uint32_t)w);
	be32(ihdr + 4, (uint32_t)h);
	return buf_append(out, "\x89PNG\r\n\x1a\n", 8) | chunk(out, "IHDR", ihdr, sizeof ihdr) |
	       chunk(out, "PLTE", (const unsigned char *)pal, (size_t)n_pal * 3);
}

/* The zlib stream of the filtered rows, from z->out's end on. The rows'
 * Adler-32 into *adler. 0, or -1 out of memory. */
static int deflate_rows(struct z *z, const unsigned char *const *rows, int w, int h, int period,
                        unsigned char *f, unsigned char *prev, uint32_t *adler)
{
	size_t n = (size_t)w + 1, pending = 0;
	uint32_t a = 1, b = 0;
	int zero = 0; /* the row before was all zeros after its filter byte */

	if (room(z, 2) != 0)
		return -1;
	z->out->data[z->out->len++] = 0x78; /* deflate, 32 KiB window */
	z->out->data[z->out->len++] = 0x01; /* no dictionary, checksum */
	put(z, (struct code){3, 3});        /* the last block; fixed codes */
	for (int y = 0; y < h; y++) {
		const unsigned char *r = rows[y], *up = y > 0 ? rows[y - 1] : NULL;
		if (up && (r == up || memcmp(r, up, (size_t)w) == 0)) {
			a = (a + 2) % ADLER_MOD;
			b = (uint32_t)(((uint64_t)b + a + (uint64_t)w * a) % ADLER_MOD);
			if (zero && n >= 3) {
				pending += n; /* the same bytes as the row before */
				continue;
			}
			if (room(z,
			         (pending / MAX_MATCH + 2) * 4 + ((size_t)w / MAX_MATCH + 4) * 4))
				return -1;
			match(z, pending, 2);
			pending = 0;
			put(z, z->lit[2]);
			put(z, z->lit[0]);
			if (w - 1 >= 3)
				match(z, (size_t)w - 1, 0);
			else
				for (int k = 0; k < w - 1; k++)
					put(z, z->lit[0]);
			zero = 1;
			continue;
		}
		if (room(z, (pending / MAX_MATCH + 2) * 4 + n * 9 / 8 + 8))
			return -1;
		match(z, pending, 2);
		pending = 0;
		f[0] = 2;
		if (y == 0) {
			memcpy(f + 1, r, (size_t)w);
			adler_on(&a, &b, f, n);
		} else {
			filter_adler(f, r, up, w, &a, &b);
		}
		if (zero) {
			prev[0] = 2;
			memset(prev + 1, 0, (size_t)w);
		}
		row(z, f, y > 0 ? prev : NULL, n, (size_t)period);
		unsigned char *t = f;
		f = prev;
		prev = t;
		zero = 0;
	}
	if (room(z, (pending / MAX_MATCH + 2) * 4 + 16))
		return -1;
	match(z, pending, 2);
	put(z, (struct code){0, 7}); /* the end of the block */
	while (z->n > 0) {
		z->out->data[z->out->len++] = (char)z->acc;
		z->acc >>= 8;
		z->n = z->n > 8 ? z->n - 8 : 0;
	}
	*adler = b << 16 | a;
	return 0;
}

int pngwrite_indexed(const unsigned char *const *rows, int w, int h, const unsigned char (*pal)[3],
                     int n_pal, int period, struct buf *out)
{
	size_t n = (size_t)w + 1;
	unsigned char *f, tail[4];
	struct z z = {.out = out};
	uint32_t adler;
	int rc = -1;

	if (w < 1 || w > PNGWRITE_W_MAX || h < 1 || n_pal < 1 || n_pal > 256)
		return -1;
	if (period < 2 || (size_t)period >= n)
		period = 1;
	tables(&z, period, (int)n);
	f = malloc(2 * n);
	if (!f || header(out, w, h, pal, n_pal) != 0)
		goto done;
	size_t at = out->len; /* the IDAT chunk's length, then its type */
	if (buf_append(out, "\0\0\0\0IDAT", 8) != 0 ||
	    deflate_rows(&z, rows, w, h, period, f, f + n, &adler) != 0)
		goto done;
	be32(tail, adler);
	if (buf_append(out, tail, 4) != 0)
		goto done;
	unsigned char *c = (unsigned char *)out->data + at;
	size_t len = out->len - at - 8;
	be32(c, (uint32_t)len);
	be32(tail, (uint32_t)crc32(0, c + 4, (uInt)(len + 4)));
	/* IEND's empty data not NULL: zlib's crc32 of NULL is its start value */
	rc = buf_append(out, tail, 4) | chunk(out, "IEND", (const unsigned char *)"", 0);
done:
	free(f);
	return rc || out->oom ? -1 : 0;
}
