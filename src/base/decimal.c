/* decimal: see decimal.h. */
#include "decimal.h"

#include <stddef.h>

/* v's digits and the NUL into dst; returns the digits' count. */
static size_t u64_into(uint64_t v, char *dst)
{
	char digits[20];
	size_t n = 0, len;
	char *p = dst;

	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	len = n;
	while (n)
		*p++ = digits[--n];
	*p = '\0';
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
