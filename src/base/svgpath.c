/* svgpath: see svgpath.h. */
#include "svgpath.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>

/* small[v] for v < 1000: v's digits, then their count in the last byte.
 * A path's numbers are cells of a map (0 to 180): one 4-byte copy each,
 * without a division a digit or a branch on the length (decimal_i64_n and
 * then a two-digit table with branches were ~6% and ~3.5% of a 30 x 30
 * map page). Built once per process. */
static char small[1000][4];
static pthread_once_t small_once = PTHREAD_ONCE_INIT;

static void small_init(void)
{
	for (int v = 0; v < 1000; v++) {
		char *e = small[v];
		int n = v < 10 ? 1 : v < 100 ? 2 : 3;
		for (int i = n - 1, x = v; i >= 0; i--, x /= 10)
			e[i] = (char)('0' + x % 10);
		e[3] = (char)n;
	}
}

/* v as printf's "%d" at p; returns the end. Writes up to 4 bytes for a
 * small v whatever its length: the bytes past the end are scratch, written
 * over by what follows or left past the NUL (room: SVGPATH_PIECE_MAX). */
static char *num(char *p, int v)
{
	if ((unsigned)v < 1000) {
		memcpy(p, small[v], 4);
		return p + small[v][3];
	}
	return p + decimal_i64_n(v, 0, p); /* negative or large: never a map's */
}

static int put(struct buf *b, char *end)
{
	b->len = (size_t)(end - b->data);
	b->data[b->len] = '\0';
	return 0;
}

/* A row's "<y>h", the same for every run of the row: written once a row
 * (yh), copied 16 bytes at a time (bytes past len are scratch). */
struct row_y {
	char yh[32];
	size_t len;
};

static void row_y_init(struct row_y *r, int y)
{
	memset(r->yh, 0, sizeof r->yh);
	char *e = num(r->yh, y);
	*e++ = 'h';
	r->len = (size_t)(e - r->yh);
}

static char *run_at(char *p, int x, const struct row_y *ry, int n)
{
	*p++ = 'M';
	p = num(p, x);
	*p++ = ' ';
	memcpy(p, ry->yh, 16);
	p += ry->len;
	p = num(p, n);
	memcpy(p, "v1h-", 4);
	p = num(p + 4, n);
	*p++ = 'z';
	return p;
}

char *svgpath_put_run(char *p, int x, int y, int n)
{
	struct row_y ry;
	pthread_once(&small_once, small_init);
	row_y_init(&ry, y);
	return run_at(p, x, &ry, n);
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
	struct row_y ry;
	pthread_once(&small_once, small_init);
	row_y_init(&ry, y);
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
			p = run_at(p, start, &ry, base + i - start);
			start = -1;
		}
	}
	if (start >= 0)
		p = run_at(p, start, &ry, n - start);
	return put(b, p);
}

int svgpath_line(struct buf *b, int x0, int y0, int x1, int y1)
{
	pthread_once(&small_once, small_init);
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
