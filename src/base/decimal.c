/* decimal: see decimal.h. */
#include "decimal.h"

#include <stddef.h>
#include <string.h>

/* "00".."99": two digits a division, half the divisions of one at a time
 * (items' numbers, seeds and codes are a tenth of a batch's CPU). */
const char decimal_pairs[201] = "00010203040506070809101112131415161718192021222324"
                                "25262728293031323334353637383940414243444546474849"
                                "50515253545556575859606162636465666768697071727374"
                                "75767778798081828384858687888990919293949596979899";

/* Entry i of decimal_upto999, as constant expressions: its digits, then
 * their count. */
#define UPTO999(i)                                                                                 \
	{                                                                                          \
		(unsigned char)((i) < 10    ? '0' + (i)                                            \
		                : (i) < 100 ? '0' + (i) / 10                                       \
		                            : '0' + (i) / 100),                                    \
		        (unsigned char)((i) < 10    ? 0                                            \
		                        : (i) < 100 ? '0' + (i) % 10                               \
		                                    : '0' + (i) / 10 % 10),                        \
		        (unsigned char)((i) < 100 ? 0 : '0' + (i) % 10),                           \
		        (unsigned char)((i) < 10    ? 1                                            \
		                        : (i) < 100 ? 2                                            \
		                                    : 3)                                           \
	}
#define UPTO999_10(i)                                                                              \
	UPTO999(i), UPTO999((i) + 1), UPTO999((i) + 2), UPTO999((i) + 3), UPTO999((i) + 4),        \
	        UPTO999((i) + 5), UPTO999((i) + 6), UPTO999((i) + 7), UPTO999((i) + 8),            \
	        UPTO999((i) + 9)
#define UPTO999_100(i)                                                                             \
	UPTO999_10(i), UPTO999_10((i) + 10), UPTO999_10((i) + 20), UPTO999_10((i) + 30),           \
	        UPTO999_10((i) + 40), UPTO999_10((i) + 50), UPTO999_10((i) + 60),                  \
	        UPTO999_10((i) + 70), UPTO999_10((i) + 80), UPTO999_10((i) + 90)

const unsigned char decimal_upto999[1000][4] = {
        UPTO999_100(0),   UPTO999_100(100), UPTO999_100(200), UPTO999_100(300), UPTO999_100(400),
        UPTO999_100(500), UPTO999_100(600), UPTO999_100(700), UPTO999_100(800), UPTO999_100(900),
};

/* v < 10^4's digits into dst, without leading zeros; returns their count.
 * Most numbers written have at most four digits (a dungeon's coordinates
 * and counts, an item's stats: thousands an answer). */
static size_t upto4(unsigned v, char *dst)
{
	if (v < 10) {
		dst[0] = (char)('0' + v);
		return 1;
	}
	if (v < 100) {
		memcpy(dst, decimal_pairs + 2 * v, 2);
		return 2;
	}
	unsigned hi = v / 100, lo = v % 100;
	size_t len = hi < 10 ? 3 : 4;
	if (hi < 10)
		dst[0] = (char)('0' + hi);
	else
		memcpy(dst, decimal_pairs + 2 * hi, 2);
	memcpy(dst + len - 2, decimal_pairs + 2 * lo, 2);
	return len;
}

/* v < 10^4 as exactly four digits, zeros in front. */
static void four(unsigned v, char *dst)
{
	memcpy(dst, decimal_pairs + 2 * (v / 100), 2);
	memcpy(dst + 2, decimal_pairs + 2 * (v % 100), 2);
}

/* v < 10^8 without leading zeros; returns the count. */
static size_t upto8(uint32_t v, char *dst)
{
	if (v < 10000)
		return upto4(v, dst);
	size_t n = upto4(v / 10000, dst);
	four(v % 10000, dst + n);
	return n + 4;
}

/* v's digits and the NUL into dst; returns the digits' count. Written
 * front to back in groups of eight digits split off by two divisions, then
 * four, then pairs: a seed's 20 digits were ~10 divisions by 100 and a
 * loop counting them (a seed in every item of a batch). */
static size_t u64_into(uint64_t v, char *dst)
{
	size_t n;

	if (v < 100000000) {
		n = upto8((uint32_t)v, dst);
	} else {
		uint64_t head = v / 100000000;
		uint32_t low = (uint32_t)(v % 100000000);
		if (head < 100000000) {
			n = upto8((uint32_t)head, dst);
		} else {
			uint32_t mid = (uint32_t)(head % 100000000);
			n = upto4((unsigned)(head / 100000000), dst); /* at most 1844 */
			four(mid / 10000, dst + n);
			four(mid % 10000, dst + n + 4);
			n += 8;
		}
		four(low / 10000, dst + n);
		four(low % 10000, dst + n + 4);
		n += 8;
	}
	dst[n] = '\0';
	return n;
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
