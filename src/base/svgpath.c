/* svgpath: see svgpath.h. */
#include "svgpath.h"

#include <stdint.h>
#include <string.h>

/* "00" to "99": a path's numbers are cells of a map, below 1,000, written
 * two digits at a time instead of a division a digit (decimal_i64_n was
 * ~6% of a 30 x 30 map page). */
static const char two_digits[] =
        "00010203040506070809101112131415161718192021222324252627282930313233"
        "34353637383940414243444546474849505152535455565758596061626364656667"
        "6869707172737475767778798081828384858687888990919293949596979899";

/* v as printf's "%d" at p; returns the end. */
static char *num(char *p, int v)
{
	unsigned u = (unsigned)v;
	if (u < 10) {
		*p = (char)('0' + u);
		return p + 1;
	}
	if (u < 100) {
		memcpy(p, &two_digits[2 * u], 2);
		return p + 2;
	}
	if (u < 1000) {
		*p = (char)('0' + u / 100);
		memcpy(p + 1, &two_digits[2 * (u % 100)], 2);
		return p + 3;
	}
	return p + decimal_i64_n(v, 0, p); /* negative or large: never a map's */
}

static int put(struct buf *b, char *end)
{
	b->len = (size_t)(end - b->data);
	b->data[b->len] = '\0';
	return 0;
}

char *svgpath_put_run(char *p, int x, int y, int n)
{
	*p++ = 'M';
	p = num(p, x);
	*p++ = ' ';
	p = num(p, y);
	*p++ = 'h';
	p = num(p, n);
	memcpy(p, "v1h-", 4);
	p = num(p + 4, n);
	*p++ = 'z';
	return p;
}

int svgpath_run(struct buf *b, int x, int y, int n)
{
	if (buf_reserve(b, SVGPATH_PIECE_MAX) != 0)
		return -1;
	return put(b, svgpath_put_run(b->data + b->len, x, y, n));
}

/* Bit i set when s[i] == what, for i < m (m <= 64); the bits from m on
 * are clear. Eight cells a word where the byte order allows: a byte of
 * x is zero where the cell matches, t has its high bit exactly there (no
 * borrow between bytes, unlike the "has a zero byte" test), and the
 * multiplication gathers the eight high bits into the top byte, cell k at
 * bit 56 + k (each product term at its own bit: no carries). */
static uint64_t match_bits(const char *s, int m, char what)
{
	uint64_t bits = 0;
	int i = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	const uint64_t ones = 0x0101010101010101ULL, low7 = 0x7f7f7f7f7f7f7f7fULL;
	for (; i + 8 <= m; i += 8) {
		uint64_t x;
		memcpy(&x, s + i, 8);
		x ^= ones * (unsigned char)what;
		uint64_t t = ~(((x & low7) + low7) | x | low7);
		bits |= (((t >> 7) * 0x0102040810204080ULL) >> 56) << i;
	}
#endif
	for (; i < m; i++)
		bits |= (uint64_t)(s[i] == what) << i;
	return bits;
}

int svgpath_row(struct buf *b, const char *row, int n, int y, char what)
{
	if (n <= 0)
		return 0;
	/* at most one run in two cells */
	if (buf_reserve(b, ((size_t)n / 2 + 1) * SVGPATH_PIECE_MAX) != 0)
		return -1;
	char *p = b->data + b->len;
	int start = -1; /* the first cell of the run not yet written */
	for (int base = 0; base < n; base += 64) {
		int m = n - base < 64 ? n - base : 64, i = 0;
		uint64_t bits = match_bits(row + base, m, what), v;
		for (;;) {
			if (start < 0) {
				if (i >= 64 || !(v = bits >> i))
					break;
				i += __builtin_ctzll(v);
				start = base + i;
			}
			if (i >= 64 || !(v = ~bits >> i))
				break; /* the run goes on into the next 64 cells */
			i += __builtin_ctzll(v);
			if (i >= m)
				break; /* the run reaches the row's end */
			p = svgpath_put_run(p, start, y, base + i - start);
			start = -1;
		}
	}
	if (start >= 0)
		p = svgpath_put_run(p, start, y, n - start);
	return put(b, p);
}

int svgpath_line(struct buf *b, int x0, int y0, int x1, int y1)
{
	if (buf_reserve(b, SVGPATH_PIECE_MAX) != 0)
		return -1;
	char *p = b->data + b->len;
	*p++ = 'M';
	p = num(p, x0);
	*p++ = ' ';
	p = num(p, y0);
	*p++ = 'L';
	p = num(p, x1);
	*p++ = ' ';
	p = num(p, y1);
	return put(b, p);
}
