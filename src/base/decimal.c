/* decimal: see decimal.h. */
#include "decimal.h"

#include <stddef.h>
#include <string.h>

/* "00".."99": two digits a division, half the divisions of one at a time
 * (items' numbers, seeds and codes are a tenth of a batch's CPU). */
static const char pairs[201] = "00010203040506070809101112131415161718192021222324"
                               "25262728293031323334353637383940414243444546474849"
                               "50515253545556575859606162636465666768697071727374"
                               "75767778798081828384858687888990919293949596979899";

/* v's digits and the NUL into dst; returns the digits' count. Counted
 * first, then written backwards in place: no copy of a length known only
 * at run time (a call to memcpy). */
static size_t u64_into(uint64_t v, char *dst)
{
	/* Most numbers written have at most four digits (a dungeon's
	 * coordinates and counts, an item's stats: thousands an answer):
	 * those without the counting loop and the general division. */
	if (v < 100) {
		if (v < 10) {
			dst[0] = (char)('0' + v);
			dst[1] = '\0';
			return 1;
		}
		memcpy(dst, pairs + 2 * v, 2);
		dst[2] = '\0';
		return 2;
	}
	if (v < 10000) {
		unsigned hi = (unsigned)v / 100, lo = (unsigned)v % 100;
		size_t len = hi < 10 ? 3 : 4;
		if (hi < 10)
			dst[0] = (char)('0' + hi);
		else
			memcpy(dst, pairs + 2 * hi, 2);
		memcpy(dst + len - 2, pairs + 2 * lo, 2);
		dst[len] = '\0';
		return len;
	}
	size_t len = 1;
	for (uint64_t ten = 10; len < 20 && v >= ten; ten *= 10)
		len++;
	char *p = dst + len;

	*p = '\0';
	while (v >= 100) {
		unsigned r = (unsigned)(v % 100);
		v /= 100;
		p -= 2;
		memcpy(p, pairs + 2 * r, 2);
	}
	if (v >= 10) {
		p -= 2;
		memcpy(p, pairs + 2 * v, 2);
	} else {
		*--p = (char)('0' + v);
	}
	return len;
}

char *decimal_u64(uint64_t v, char *dst)
{
	u64_into(v, dst);
	return dst;
}

size_t decimal_i64_n(int64_t v, int plus, char *dst)
{
	/* 0 - (uint64_t)v: the magnitude of INT64_MIN too, without overflow. */
	uint64_t a = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	size_t sign = v < 0 || plus;

	if (sign)
		dst[0] = v < 0 ? '-' : '+';
	return sign + u64_into(a, dst + sign);
}

size_t decimal_u64_n(uint64_t v, char *dst)
{
	return u64_into(v, dst);
}

char *decimal_i64(int64_t v, int plus, char *dst)
{
	decimal_i64_n(v, plus, dst);
	return dst;
}

char *decimal_grouped(uint64_t v, char *dst)
{
	char digits[DECIMAL_MAX];
	const char *d = decimal_u64(v, digits);
	size_t len = 0, k = 0;

	while (d[len])
		len++;
	for (size_t i = 0; i < len; i++) {
		if (i > 0 && (len - i) % 3 == 0)
			dst[k++] = ',';
		dst[k++] = d[i];
	}
	dst[k] = '\0';
	return dst;
}

int decimal_parse_u64(const char *v, size_t n, size_t max, uint64_t *out)
{
	uint64_t s = 0;

	if (n == 0 || n > max)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (v[i] < '0' || v[i] > '9')
			return -1;
		uint64_t d = (uint64_t)(v[i] - '0');
		if (s > (UINT64_MAX - d) / 10)
			return -1;
		s = s * 10 + d;
	}
	*out = s;
	return 0;
}
