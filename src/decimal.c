/* decimal: see decimal.h. */
#include "decimal.h"

#include <stddef.h>

char *decimal_u64(uint64_t v, char *dst)
{
	char digits[20];
	int n = 0;
	char *p = dst;

	do {
		digits[n++] = (char)('0' + v % 10);
		v /= 10;
	} while (v);
	while (n)
		*p++ = digits[--n];
	*p = '\0';
	return dst;
}

char *decimal_i64(int64_t v, int plus, char *dst)
{
	/* 0 - (uint64_t)v: the magnitude of INT64_MIN too, without overflow. */
	uint64_t a = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
	char *p = dst;

	if (v < 0)
		*p++ = '-';
	else if (plus)
		*p++ = '+';
	decimal_u64(a, p);
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
