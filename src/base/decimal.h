/* decimal: integers as decimal text, the one formatter of the daemon's hot
 * paths (cards, templates, FastCGI headers), where snprintf costs ten times
 * as much. */
#ifndef LOOTFORGE_DECIMAL_H
#define LOOTFORGE_DECIMAL_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Room for any value: a sign, 20 digits and the NUL. */
#define DECIMAL_MAX 22

/* "00" to "99", 200 digits and a NUL: for a writer that inlines its small
 * numbers (render_json.c). */
extern const char decimal_pairs[201];

/* 0 to 999 without leading zeros, each in four bytes: its 1..3 digits,
 * then (in the fourth byte, [3]) their count. A writer copies all four at
 * once and moves on by the count; what it copied past the digits is in
 * room it kept and is written over next (decimal_below1000). */
extern const unsigned char decimal_upto999[1000][4];

/* v < 1000 at dst, four bytes written (room for them), the digits' count
 * returned: a coordinate's or a count's text without a division or a
 * branch on its length (a dungeon writes ~2,600 of them). */
static inline size_t decimal_below1000(unsigned v, char *dst)
{
	__builtin_memcpy(dst, decimal_upto999[v], 4);
	return decimal_upto999[v][3];
}

/* v into dst (DECIMAL_MAX bytes); returns dst. */
char *decimal_u64(uint64_t v, char *dst);

/* The same, returning the length written (the NUL not counted). */
size_t decimal_u64_n(uint64_t v, char *dst);

/* v into dst (DECIMAL_MAX bytes) after a '-' when negative, or a '+' when
 * plus is set and v is not negative; returns dst. */
char *decimal_i64(int64_t v, int plus, char *dst);

/* The same, returning the length written (the NUL not counted), for a
 * writer that would otherwise measure it again. */
size_t decimal_i64_n(int64_t v, int plus, char *dst);

/* Room for any unsigned value grouped: 20 digits, 6 commas and the NUL. */
#define DECIMAL_GROUPED_MAX 27

/* v with a comma every three digits ("1,240"), as a price is read, into
 * dst (DECIMAL_GROUPED_MAX bytes); returns dst. */
char *decimal_grouped(uint64_t v, char *dst);

/* The number in v (n bytes): decimal digits only, 1 to max of them, no
 * sign, no overflow. 0 with *out set, or -1. */
int decimal_parse_u64(const char *v, size_t n, size_t max, uint64_t *out);

#ifdef __cplusplus
}
#endif

#endif
