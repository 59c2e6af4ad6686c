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

#include "cpu.h"
#include "crcfold.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#ifdef __SSE2__
#include <emmintrin.h> /* 16 bytes at a time where there is SSE2 (x86-64 always) */
#endif
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h> /* AVX2's comparisons, where the processor has them */
#define SAME_WIDE 1
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
	/* where the next byte goes: out->data + out->len, kept here (in a
	 * register while a line is coded) and written back to out->len by
	 * room() and end_block() */
	unsigned char *at;
	uint64_t acc;           /* bits not yet kept (fewer than 8), the first lowest */
	int n;                  /* how many */
	const struct code *lit; /* codes[].lit */
	const struct code *len; /* codes[].len */
	struct code dist[4]; /* pngwrite_indexed: 1, the period, a row; pngwrite_lines: see there */
	int pend_dc;         /* pngwrite_lines: the match not yet written, its distance */
	size_t pend_len;     /* and its length (0: none) */
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

#ifdef SAME_WIDE
static int have_avx2; /* what the processor has, unless cpu_portable(): set with the codes,
                        once */
#endif

static void codes_make(void)
{
#ifdef SAME_WIDE
	have_avx2 = !cpu_portable() && __builtin_cpu_supports("avx2");
#endif
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
	if (z->at)
		z->out->len = (size_t)(z->at - (unsigned char *)z->out->data);
	if (buf_reserve(z->out, bytes + 8) != 0)
		return -1;
	z->at = (unsigned char *)z->out->data + z->out->len;
	return 0;
}

/* Appends code c. Branchless: the bits waiting (fewer than 8) and c's
 * (at most 31) are stored as a whole word, and only their whole bytes
 * kept, rather than a word written when 32 have gathered: that test was
 * the writer's most mispredicted branch (taken about every other code, as
 * the codes' lengths fall). The word's bytes past the kept ones are
 * written over by the next; room() leaves the 8 bytes of slack. */
static inline void put(struct z *z, struct code c)
{
	unsigned char *p = z->at;
	z->acc |= (uint64_t)c.bits << z->n;
	z->n += c.n;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(p, &z->acc, 8);
#else
	for (int k = 0; k < 8; k++)
		p[k] = (unsigned char)(z->acc >> 8 * k);
#endif
	z->at += z->n >> 3;
	z->acc >>= z->n & ~7;
	z->n &= 7;
}

/* A length's code then a distance's as one (at most 13 + 18 bits: with
 * fewer than 8 waiting, within the 64): one store, not two. */
static inline void put_pair(struct z *z, struct code l, struct code d)
{
	put(z, (struct code){l.bits | d.bits << l.n, l.n + d.n});
}

/* A match of len (>= 3) bytes at distance code dc, in pieces of at most
 * 258 (none shorter than 3). Always inlined: called, it cost as much as
 * the codes it writes (the writer's state out of registers and back). */
static inline __attribute__((always_inline)) void match(struct z *z, size_t len, int dc)
{
	struct code d = z->dist[dc];
	/* a run of rows alike is hundreds of pieces of 258 */
	while (len >= MAX_MATCH + 3) {
		put_pair(z, z->len[MAX_MATCH], d);
		len -= MAX_MATCH;
	}
	if (len > MAX_MATCH) { /* 259 or 260: not a piece of 1 or 2 after */
		put_pair(z, z->len[len - 3], d);
		len = 3;
	}
	if (len > 0)
		put_pair(z, z->len[len], d);
}

#ifdef SAME_WIDE
/* same from n on, 64 bytes a step while 64 are left: where a and b first
 * differ (*found 1), or where fewer than 64 are left (*found 0). */
__attribute__((target("avx2"))) static size_t
same_wide(const unsigned char *a, const unsigned char *b, size_t n, size_t max, int *found)
{
	for (; n + 64 <= max; n += 64) {
		__m256i e0 = _mm256_cmpeq_epi8(
		        _mm256_loadu_si256((const __m256i *)(const void *)(a + n)),
		        _mm256_loadu_si256((const __m256i *)(const void *)(b + n)));
		__m256i e1 = _mm256_cmpeq_epi8(
		        _mm256_loadu_si256((const __m256i *)(const void *)(a + n + 32)),
		        _mm256_loadu_si256((const __m256i *)(const void *)(b + n + 32)));
		if ((unsigned)_mm256_movemask_epi8(_mm256_and_si256(e0, e1)) != 0xffffffffu) {
			uint64_t eq = (uint64_t)(unsigned)_mm256_movemask_epi8(e0) |
			              (uint64_t)(unsigned)_mm256_movemask_epi8(e1) << 32;
			*found = 1;
			return n + (size_t)__builtin_ctzll(~eq);
		}
	}
	*found = 0;
	return n;
}
#endif

/* How many bytes from a equal those from b, at most max. Most matches
 * measured are short (the first 16 bytes tell), but most bytes measured
 * are in long ones (a line's bytes to its end, hundreds): those 64 at a
 * time where there is AVX2. */
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
#ifdef SAME_WIDE
		if (n + 64 <= max && have_avx2) {
			int found;
			n = same_wide(a, b, n, max, &found);
			if (found)
				return n;
		}
#endif
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

/* The end of the deflate block, and the bits still held written out to
 * the last byte (room for them reserved by the caller); out->len then
 * says where the stream ends. */
static void end_block(struct z *z)
{
	put(z, (struct code){0, 7});
	while (z->n > 0) {
		*z->at++ = (unsigned char)z->acc;
		z->acc >>= 8;
		z->n = z->n > 8 ? z->n - 8 : 0;
	}
	z->out->len = (size_t)(z->at - (unsigned char *)z->out->data);
	z->out->data[z->out->len] = '\0'; /* as buf's appends leave it */
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

static int header(struct buf *out, int w, int h, int depth, const unsigned char (*pal)[3],
                  int n_pal)
{
	unsigned char ihdr[13] = {0, 0, 0, 0, 0, 0, 0, 0, (unsigned char)depth, 3, 0, 0, 0};
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
	*z->at++ = 0x78;             /* deflate, 32 KiB window */
	*z->at++ = 0x01;             /* no dictionary, checksum */
	put(z, (struct code){3, 3}); /* the last block; fixed codes */
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
	end_block(z);
	*adler = b << 16 | a;
	return 0;
}

/* The IDAT chunk begun at `at` (its length and type) closed with the zlib
 * stream's checksum, its length and CRC, then IEND. 0, or -1. */
static int finish(struct buf *out, size_t at, uint32_t adler)
{
	unsigned char tail[4];
	be32(tail, adler);
	if (buf_append(out, tail, 4) != 0)
		return -1;
	unsigned char *c = (unsigned char *)out->data + at;
	size_t len = out->len - at - 8;
	be32(c, (uint32_t)len);
	be32(tail, crcfold(0, c + 4, len + 4));
	/* IEND's empty data not NULL: zlib's crc32 of NULL is its start value */
	return buf_append(out, tail, 4) | chunk(out, "IEND", (const unsigned char *)"", 0);
}

int pngwrite_indexed(const unsigned char *const *rows, int w, int h, const unsigned char (*pal)[3],
                     int n_pal, int period, struct buf *out)
{
	size_t n = (size_t)w + 1;
	unsigned char *f;
	struct z z = {.out = out};
	uint32_t adler;
	int rc = -1;

	if (w < 1 || w > PNGWRITE_W_MAX || h < 1 || n_pal < 1 || n_pal > 256)
		return -1;
	if (period < 2 || (size_t)period >= n)
		period = 1;
	tables(&z, period, (int)n);
	f = malloc(2 * n);
	if (!f || header(out, w, h, 8, pal, n_pal) != 0)
		goto done;
	size_t at = out->len; /* the IDAT chunk's length, then its type */
	if (buf_append(out, "\0\0\0\0IDAT", 8) != 0 ||
	    deflate_rows(&z, rows, w, h, period, f, f + n, &adler) != 0)
		goto done;
	rc = finish(out, at, adler);
done:
	free(f);
	return rc || out->oom ? -1 : 0;
}

/* pngwrite_lines: the lines are the stream's bytes already (filter byte 0,
 * "none", then the packed pixels), so nothing is filtered or copied. A
 * line is matched against four earlier places: the byte before (runs),
 * the cell before (a grid's repeated cells), the line above and the line
 * a cell above (a grid's cell rows repeat each other: the same walls and
 * floor at the same columns). Matches at one distance that follow each
 * other, within a line or across lines, are one match: a run of lines
 * alike costs a code for each 258 bytes and nothing else.
 * pngwrite_lines_cells: where the caller marks the cells in which a line
 * may differ from the line a cell of lines up, only those are coded,
 * filtered and summed (the rest is that far line's, as one match each
 * stretch): a dungeon's drawing knows them from its grounds and marks,
 * and a line coded byte by byte was most of the picture's cost. */
enum { D_BYTE, D_CELL, D_LINE, D_CELL_LINES };

/* The match waiting to be written, if any. */
static inline __attribute__((always_inline)) void flush(struct z *z)
{
	if (z->pend_len) {
		match(z, z->pend_len, z->pend_dc);
		z->pend_len = 0;
	}
}

static inline __attribute__((always_inline)) void copy(struct z *z, int dc, size_t len)
{
	if (z->pend_len && z->pend_dc != dc)
		flush(z);
	z->pend_dc = dc;
	z->pend_len += len;
}

/* Bytes [i, end) of line f (n bytes) as literals and matches, the last
 * of which may run past end; where it stopped. src[dc] is where the
 * bytes at distance dc's code start (NULL: none), cell the distance
 * D_CELL stands for. Greedy: at each byte the longest of the four (the
 * first measured that reaches 64), a literal when none reaches 3. */
static inline __attribute__((always_inline)) size_t code_span(struct z *z, const unsigned char *f,
                                                              const unsigned char *const src[4],
                                                              size_t n, size_t cell, size_t i,
                                                              size_t end)
{
	const unsigned char *above = src[D_LINE], *far = src[D_CELL_LINES];
#define LONGER(s) ((s)[i] == f[i] && i + best < n && (s)[i + best] == f[i + best])
	while (i < end) {
		size_t best = 0, l;
		int dc = D_LINE;
		if (above && above[i] == f[i])
			best = same(f + i, above + i, n - i);
		if (best < 64 && far && LONGER(far) && (l = same(f + i, far + i, n - i)) > best) {
			best = l;
			dc = D_CELL_LINES;
		}
		if (best < 64 && i >= cell && LONGER(f - cell) &&
		    (l = same(f + i, f + i - cell, n - i)) > best) {
			best = l;
			dc = D_CELL;
		}
		if (best < 64 && i >= 1 && LONGER(f - 1) &&
		    (l = same(f + i, f + i - 1, n - i)) > best) {
			best = l;
			dc = D_BYTE;
		}
		if (best >= 3) {
			copy(z, dc, best);
			i += best;
		} else {
			flush(z);
			put(z, z->lit[f[i]]);
			i++;
		}
	}
#undef LONGER
	return i;
}

/* Line f (n bytes) as literals and matches (code_span over all of it). */
static void line(struct z *out, const unsigned char *f, const unsigned char *const src[4], size_t n,
                 size_t cell)
{
	struct z w = *out;
	code_span(&w, f, src, n, cell, 0, n);
	*out = w;
}

/* The sums (line_sums) of the differences f - far of a line's bytes, on by
 * ranges, reduced once a line: the blocks' sums of f and of far, as
 * line_sums makes them, kept apart until then. */
struct diffs {
#ifdef __SSE2__
	__m128i sum, at_f, at_far, within;
#endif
	int64_t a, b; /* the bytes summed one by one */
};

static inline __attribute__((always_inline)) void diffs_start(struct diffs *d)
{
#ifdef __SSE2__
	d->sum = d->at_f = d->at_far = d->within = _mm_setzero_si128();
#endif
	d->a = d->b = 0;
}

/* Bytes [s, e) of lines of n bytes on: by blocks of sixteen, as far as n
 * (bytes past e that are the same add nothing). Where it stopped (e or
 * past it): the next range is summed from there, no byte twice. */
static inline __attribute__((always_inline)) size_t diffs_on(struct diffs *d,
                                                             const unsigned char *f,
                                                             const unsigned char *far, size_t s,
                                                             size_t e, size_t n)
{
	size_t i = s;
#ifdef __SSE2__
	const __m128i zero = _mm_setzero_si128();
	const __m128i w_lo = _mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7);
	const __m128i w_hi = _mm_setr_epi16(8, 9, 10, 11, 12, 13, 14, 15);
	for (; i < e && i + 16 <= n; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(f + i));
		__m128i u = _mm_loadu_si128((const __m128i *)(const void *)(far + i));
		__m128i sv = _mm_sad_epu8(v, zero), su = _mm_sad_epu8(u, zero);
		__m128i at = _mm_set1_epi32((int)i);
		d->sum = _mm_add_epi64(d->sum, _mm_sub_epi64(sv, su));
		d->at_f = _mm_add_epi64(d->at_f, _mm_mul_epu32(sv, at));
		d->at_far = _mm_add_epi64(d->at_far, _mm_mul_epu32(su, at));
		/* the bytes' differences as 16-bit lanes (-255 to 255), weighed
		 * once: the same sum as f's and far's weighed apart */
		__m128i x_lo =
		        _mm_sub_epi16(_mm_unpacklo_epi8(v, zero), _mm_unpacklo_epi8(u, zero));
		__m128i x_hi =
		        _mm_sub_epi16(_mm_unpackhi_epi8(v, zero), _mm_unpackhi_epi8(u, zero));
		d->within = _mm_add_epi32(d->within, _mm_add_epi32(_mm_madd_epi16(x_lo, w_lo),
		                                                   _mm_madd_epi16(x_hi, w_hi)));
	}
#endif
	for (; i < e; i++) {
		int64_t x = (int64_t)f[i] - (int64_t)far[i];
		d->a += x;
		d->b += (int64_t)(n - i) * x;
	}
	return i;
}

/* *s1 and *s2 on with the differences summed. */
static void diffs_end(const struct diffs *d, size_t n, uint64_t *s1, uint64_t *s2)
{
	int64_t a = d->a, b = d->b;
#ifdef __SSE2__
	int64_t l1[2], l2[2], l3[2];
	int32_t l4[4];
	_mm_storeu_si128((__m128i *)(void *)l1, d->sum);
	_mm_storeu_si128((__m128i *)(void *)l2, d->at_f);
	_mm_storeu_si128((__m128i *)(void *)l3, d->at_far);
	_mm_storeu_si128((__m128i *)(void *)l4, d->within);
	/* sum of (n - j) x_j = n sum - sum of (block start x block sum) - sum
	 * of (t x the byte t of its block) */
	int64_t sum = l1[0] + l1[1];
	a += sum;
	b += (int64_t)n * sum - ((int64_t)(l2[0] + l2[1]) - (int64_t)(l3[0] + l3[1])) -
	     ((int64_t)l4[0] + l4[1] + l4[2] + l4[3]);
#endif
	*s1 = (uint64_t)((int64_t)*s1 + a);
	*s2 = (uint64_t)((int64_t)*s2 + b);
}

/* Line f (n bytes) that equals the line a cell of lines up (src[D_CELL_LINES])
 * but in the cells whose bits are set in differ (cell c: bytes 1 + c cb to
 * 1 + (c + 1) cb, n_cells of them): the bytes between those cells are one
 * match a cell of lines up each, not looked at; the cells coded as line()
 * codes them. The line's sums from the far line's (*s1, *s2 on entry)
 * and the differences in those cells alone: both sums are linear in the
 * bytes. */
static void line_cells(struct z *out, const unsigned char *f, const unsigned char *const src[4],
                       size_t n, size_t cb, const uint64_t *differ, size_t n_cells, uint64_t *s1,
                       uint64_t *s2)
{
	struct z w = *out, *z = &w;
	const unsigned char *far = src[D_CELL_LINES];
	struct diffs d;
	diffs_start(&d);
	size_t summed = 0, i = 0, words = (n_cells + 63) / 64;
	for (size_t k = 0; k < words; k++) {
		uint64_t m = differ[k];
		while (m) {
			/* a run of set bits: cells c0 .. c1 - 1. Its lowest bit
			 * added carries through it to bit c1 (out of the word,
			 * to 0, when the run ends the word): the run cleared. */
			uint64_t past = m + (m & (0 - m));
			size_t c0 = k * 64 + (size_t)__builtin_ctzll(m);
			size_t c1 = k * 64 + (past ? (size_t)__builtin_ctzll(past) : 64);
			m &= past;
			/* a run that goes on in the next word: joined there by the
			 * gap of 0 bytes below */
			size_t s = 1 + c0 * cb, e = 1 + c1 * cb;
			if (s >= n)
				break;
			if (e > n)
				e = n;
			if (summed < e)
				summed = diffs_on(&d, f, far, summed > s ? summed : s, e, n);
			if (i < s) {
				/* a match of 1 or 2 is no deflate length: a
				 * short gap is coded, or joins the far match
				 * waiting */
				if (s - i >= 3 || (z->pend_len && z->pend_dc == D_CELL_LINES)) {
					copy(z, D_CELL_LINES, s - i);
					i = s;
				}
			}
			if (i < e)
				i = code_span(z, f, src, n, f[0] ? cb : n, i, e);
		}
	}
	if (i < n) {
		if (n - i >= 3 || (z->pend_len && z->pend_dc == D_CELL_LINES))
			copy(z, D_CELL_LINES, n - i);
		else
			code_span(z, f, src, n, f[0] ? cb : n, i, n);
	}
	diffs_end(&d, n, s1, s2);
	*out = w;
}

/* A line's own Adler-32 sums (from 0, not reduced): s1 the bytes' sum,
 * s2 each byte times the bytes from it to the end. Sixteen bytes at a
 * time where there is SSE2, a block of zeros (most of a line filtered
 * "up") skipped for the price of a comparison. */
static void line_sums(const unsigned char *p, size_t n, uint64_t *s1, uint64_t *s2)
{
	uint64_t a = 0, b = 0;
	size_t i = 0;
#ifdef __SSE2__
	/* s2 = n s1 - sum of (i the block's start x its sum) - sum of (t x
	 * the block's byte t): the three kept as lanes until the end */
	const __m128i zero = _mm_setzero_si128();
	const __m128i w_lo = _mm_setr_epi16(0, 1, 2, 3, 4, 5, 6, 7);
	const __m128i w_hi = _mm_setr_epi16(8, 9, 10, 11, 12, 13, 14, 15);
	__m128i sum = zero, at_sum = zero, within = zero;
	for (; i + 16 <= n; i += 16) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(p + i));
		if (_mm_movemask_epi8(_mm_cmpeq_epi8(v, zero)) == 0xffff)
			continue;
		__m128i bs = _mm_sad_epu8(v, zero);
		sum = _mm_add_epi64(sum, bs);
		at_sum = _mm_add_epi64(at_sum, _mm_mul_epu32(bs, _mm_set1_epi32((int)i)));
		within = _mm_add_epi32(
		        within, _mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi8(v, zero), w_lo),
		                              _mm_madd_epi16(_mm_unpackhi_epi8(v, zero), w_hi)));
	}
	uint64_t l1[2], l2[2];
	uint32_t l3[4];
	_mm_storeu_si128((__m128i *)(void *)l1, sum);
	_mm_storeu_si128((__m128i *)(void *)l2, at_sum);
	_mm_storeu_si128((__m128i *)(void *)l3, within);
	a = l1[0] + l1[1];
	b = n * a - (l2[0] + l2[1]) - ((uint64_t)l3[0] + l3[1] + l3[2] + l3[3]);
#endif
	for (; i < n; i++) {
		a += p[i];
		b += (n - i) * p[i];
	}
	*s1 = a;
	*s2 = b;
}

/* f = filter byte 2 ("up") and px - up byte by byte after it (n bytes
 * with the filter byte). */
static void filter_line_up(unsigned char *f, const unsigned char *px, const unsigned char *up,
                           size_t n)
{
	size_t i = 1;
	f[0] = 2;
#ifdef __SSE2__
	for (; i + 16 <= n; i += 16)
		_mm_storeu_si128(
		        (__m128i *)(void *)(f + i),
		        _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(const void *)(px + i)),
		                     _mm_loadu_si128((const __m128i *)(const void *)(up + i))));
#endif
	for (; i < n; i++)
		f[i] = (unsigned char)(px[i] - up[i]);
}

/* f = far (n bytes, a line filtered "up" that f equals but in the cells set
 * in differ, as line_cells), then those cells filtered: px - up there,
 * sixteen bytes at a time; a block running past a cell into the same
 * bytes writes what the copy put there. Half a line's filtering, mostly. */
static void filter_cells(unsigned char *f, const unsigned char *far, const unsigned char *px,
                         const unsigned char *up, size_t n, size_t cb, const uint64_t *differ,
                         size_t n_cells)
{
	size_t done = 0;
	memcpy(f, far, n);
	for (size_t k = 0; k < (n_cells + 63) / 64; k++)
		for (uint64_t m = differ[k], past; m; m &= past) {
			/* a run of cells at a time, as line_cells takes them */
			past = m + (m & (0 - m));
			size_t c0 = k * 64 + (size_t)__builtin_ctzll(m);
			size_t c1 = k * 64 + (past ? (size_t)__builtin_ctzll(past) : 64);
			size_t i = 1 + c0 * cb, e = 1 + c1 * cb;
			if (i < done)
				i = done;
			if (e > n)
				e = n;
#ifdef __SSE2__
			for (; i < e && i + 16 <= n; i += 16)
				_mm_storeu_si128(
				        (__m128i *)(void *)(f + i),
				        _mm_sub_epi8(
				                _mm_loadu_si128(
				                        (const __m128i *)(const void *)(px + i)),
				                _mm_loadu_si128(
				                        (const __m128i *)(const void *)(up + i))));
#endif
			for (; i < e; i++)
				f[i] = (unsigned char)(px[i] - up[i]);
			done = i;
		}
}

/* The lines as written: the last `k` of them (a cell of lines and one),
 * each either the caller's line (filter "none") or one of ours (filter
 * "up"), with their sums; a line filtered "up" that shows the line above
 * again is all zeros. */
struct ring {
	size_t k;
	unsigned char *buf; /* k lines of n, then a line of zeros */
	const unsigned char **at;
	uint64_t *s1, *s2;
	/* the line as the caller filtered it (not a line "none" written as
	 * zeros, "up", for showing the line above again): what a caller's
	 * cells that differ speak of */
	unsigned char *exact;
};

/* A line's bytes in the stream: at[slot], n bytes, already chosen; as a
 * match of the line above or a cell of lines above when it repeats one
 * of them (the distance of the match waiting first), else coded. */
static void emit(struct z *z, const unsigned char *e, const unsigned char *above,
                 const unsigned char *far, int is_above, int is_far, size_t n, size_t cb)
{
	/* not a line of 1 or 2 bytes: a match that no other follows must
	 * be 3 long at least */
	if (n < 3)
		is_above = is_far = 0;
	if (is_above && (!is_far || z->pend_dc == D_LINE)) {
		copy(z, D_LINE, n);
	} else if (is_far) {
		copy(z, D_CELL_LINES, n);
	} else {
		const unsigned char *src[4] = {NULL, NULL, above, far};
		line(z, e, src, n, cb > 1 ? cb : n);
	}
}

/* The zlib stream of h lines of n bytes (a cell: cell lines, cb bytes),
 * each filtered as its first byte says; a line that shows the line above
 * again is all zeros, "up". */
static int deflate_lines(struct z *z, const unsigned char *const *lines,
                         const uint64_t *const *differ, size_t n, int h, int cell, size_t cb,
                         size_t n_cells, struct ring *r, uint32_t *adler)
{
	uint64_t a = 1, b = 0;
	int far_ok = cell > 1 && (size_t)cell < r->k && n * (size_t)cell <= 32768;

	if (room(z, 2) != 0)
		return -1;
	*z->at++ = 0x78;             /* deflate, 32 KiB window */
	*z->at++ = 0x01;             /* no dictionary, checksum */
	put(z, (struct code){3, 3}); /* the last block; fixed codes */
	/* the slots of this line, the line above and the line a cell above,
	 * turning round the ring (no division a line) */
	size_t slot = 0, prev = r->k - 1, fs = r->k - (size_t)(far_ok ? cell : 1);
	for (int y = 0; y < h; y++) {
		const unsigned char *px = lines[y], *up = y > 0 ? lines[y - 1] : NULL;
		const unsigned char *above = y > 0 ? r->at[prev] : NULL;
		const unsigned char *far = far_ok && y >= cell ? r->at[fs] : NULL;
		unsigned char *mine = r->buf + slot * n;
		const unsigned char *zeros = r->buf + r->k * n;

		if (px == up && above == zeros && n >= 3) {
			/* lines that are the line above (one pointer) under a line
			 * of zeros: zeros again, the same choices as emit's below,
			 * taken for the run at once, their sums in closed form (a
			 * line adds n a + 2 n to b, 2 to a) */
			int k = 1;
			while (y + k < h && lines[y + k] == px)
				k++;
			/* a flush a line at most, each up to three pieces more than
			 * its length in 258s */
			if (room(z, (z->pend_len + (size_t)k * n) / MAX_MATCH * 4 + 16 * (size_t)k +
			                    32))
				return -1;
			for (int t = 0; t < k; t++) {
				int is_far = far_ok && y + t >= cell && r->at[fs] == zeros;
				r->at[slot] = zeros;
				r->s1[slot] = 2;
				r->s2[slot] = 2 * (uint64_t)n;
				r->exact[slot] = px[0] == 2;
				if (!is_far || z->pend_dc == D_LINE)
					copy(z, D_LINE, n);
				else
					copy(z, D_CELL_LINES, n);
				prev = slot;
				slot = slot + 1 == r->k ? 0 : slot + 1;
				fs = fs + 1 == r->k ? 0 : fs + 1;
			}
			uint64_t kk = (uint64_t)k;
			b += n * a * kk + n * kk * (kk - 1) + 2 * n * kk;
			a += 2 * kk;
			if (a >> 31)
				a %= ADLER_MOD;
			if (b >> 62)
				b %= ADLER_MOD;
			y += k - 1;
			continue;
		}
		if (room(z, (z->pend_len / MAX_MATCH + 2) * 4 + 2 * n + 16))
			return -1;
		const unsigned char *e;
		int is_above, is_far;
		const uint64_t *m;
		r->exact[slot] = 1;
		if (up && (px == up || memcmp(px + 1, up + 1, n - 1) == 0)) {
			e = r->buf + r->k * n; /* zeros */
			is_above = e == above;
			is_far = e == far;
			r->s1[slot] = 2;
			r->s2[slot] = 2 * (uint64_t)n;
			r->exact[slot] = px[0] == 2;
		} else if ((m = differ && far && cb > 1 && r->exact[fs] ? differ[y] : NULL) &&
		           (px[0] == 2 || px[0] == 0)) {
			/* the caller says where this line differs from the one a
			 * cell of lines up: neither compared nor summed whole */
			if (px[0] == 2) {
				filter_cells(mine, far, px, up, n, cb, m, n_cells);
				e = mine;
			} else {
				e = px;
			}
			r->at[slot] = e;
			r->s1[slot] = r->s1[fs];
			r->s2[slot] = r->s2[fs];
			/* a line "none" under one "up": the grid's colours against
			 * mostly zeros, not worth a look at each stretch */
			const unsigned char *src[4] = {NULL, NULL, e[0] == 0 ? NULL : above, far};
			size_t k = 0;
			while (k < (n_cells + 63) / 64 && !m[k])
				k++;
			if (k == (n_cells + 63) / 64 && n >= 3)
				copy(z, D_CELL_LINES, n);
			else
				line_cells(z, e, src, n, cb, m, n_cells, &r->s1[slot],
				           &r->s2[slot]);
			goto summed;
		} else {
			if (up && px[0] == 2) {
				filter_line_up(mine, px, up, n);
				e = mine;
			} else if (px[0] != 0) { /* the first line: nothing above */
				memcpy(mine, px, n);
				mine[0] = 0;
				e = mine;
				r->exact[slot] = 0;
			} else {
				e = px;
			}
			/* a line that repeats one of these has its sums */
			is_far = far && (e == far || memcmp(e, far, n) == 0);
			is_above = !is_far && above && (e == above || memcmp(e, above, n) == 0);
			if (is_far || is_above) {
				size_t from = is_far ? fs : prev;
				r->s1[slot] = r->s1[from];
				r->s2[slot] = r->s2[from];
				is_above = is_above || (above && (above == far || e == above));
			} else {
				line_sums(e, n, &r->s1[slot], &r->s2[slot]);
			}
		}
		r->at[slot] = e;
		emit(z, e, above, far, is_above, is_far, n, cb);
	summed:
		/* reduced when they grow, not a division a line (the same sums
		 * modulo 65521): a < 2^32 (a line adds < 2^22), b < 2^63 (n a +
		 * s2 < 2^47 a line) */
		b += n * a + r->s2[slot];
		a += r->s1[slot];
		if (a >> 31)
			a %= ADLER_MOD;
		if (b >> 62)
			b %= ADLER_MOD;
		prev = slot;
		slot = slot + 1 == r->k ? 0 : slot + 1;
		fs = fs + 1 == r->k ? 0 : fs + 1;
	}
	if (room(z, (z->pend_len / MAX_MATCH + 2) * 4 + 16))
		return -1;
	flush(z);
	end_block(z);
	*adler = (uint32_t)(b % ADLER_MOD) << 16 | (uint32_t)(a % ADLER_MOD);
	return 0;
}

int pngwrite_lines(const unsigned char *const *lines, int w, int h, int depth,
                   const unsigned char (*pal)[3], int n_pal, int cell, struct buf *out)
{
	return pngwrite_lines_cells(lines, NULL, w, h, depth, pal, n_pal, cell, out);
}

int pngwrite_lines_cells(const unsigned char *const *lines, const uint64_t *const *differ, int w,
                         int h, int depth, const unsigned char (*pal)[3], int n_pal, int cell,
                         struct buf *out)
{
	size_t n = 1 + ((size_t)w * (size_t)depth + 7) / 8;
	struct z z = {.out = out};
	uint32_t adler;

	if (w < 1 || w > PNGWRITE_W_MAX || h < 1 || (depth != 4 && depth != 8) || n_pal < 1 ||
	    n_pal > 1 << depth)
		return -1;
	pthread_once(&codes_once, codes_make);
	z.lit = codes.lit;
	z.len = codes.len;
	z.dist[D_BYTE] = distance(1);
	/* a cell's bytes, a line, a cell of lines: within the window when used */
	z.dist[D_CELL] = distance(cell * depth / 8 > 1 ? cell * depth / 8 : 1);
	z.dist[D_LINE] = distance((int)n);
	z.dist[D_CELL_LINES] = distance(cell > 1 && n * (size_t)cell <= 32768 ? (int)n * cell : 1);
	struct ring r = {.k = cell > 1 ? (size_t)cell + 1 : 2};
	size_t cb = (size_t)(cell * depth / 8);
	/* not zeroed but for the line of zeros: every other line is written
	 * whole before it is read */
	r.buf = r.k + 1 <= SIZE_MAX / n ? malloc((r.k + 1) * n) : NULL;
	if (r.buf)
		memset(r.buf + r.k * n, 0, n);
	r.at = malloc(r.k * sizeof r.at[0]);
	r.s1 = malloc(r.k * sizeof r.s1[0]);
	r.s2 = malloc(r.k * sizeof r.s2[0]);
	r.exact = malloc(r.k);
	size_t n_cells = cell > 1 ? ((size_t)w + (size_t)cell - 1) / (size_t)cell : 0;
	int rc = -1;
	if (r.buf && r.at && r.s1 && r.s2 && r.exact && header(out, w, h, depth, pal, n_pal) == 0) {
		r.buf[r.k * n] = 2; /* the line of zeros: "up", the same pixels */
		size_t at = out->len;
		if (buf_append(out, "\0\0\0\0IDAT", 8) == 0 &&
		    deflate_lines(&z, lines, differ, n, h, cell, cb, n_cells, &r, &adler) == 0 &&
		    finish(out, at, adler) == 0 && !out->oom)
			rc = 0;
	}
	free(r.buf);
	free(r.at);
	free(r.s1);
	free(r.s2);
	free(r.exact);
	return rc;
}
