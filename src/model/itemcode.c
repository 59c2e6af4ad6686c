/* itemcode: see itemcode.h; the byte layout is in docs/items.md. */
#include "itemcode.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define RAW_MAX 96 /* bytes of a decoded code: more than the longest */

static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

static const uint32_t pow10u[] = {1, 10, 100, 1000, 10000, 100000, 1000000};

/* FNV-1a over the bytes, folded to 16 bits: catches a mistyped or cut
 * code, which would otherwise name another item. Not a secret. */
static uint16_t check16(const uint8_t *p, size_t n)
{
	uint32_t h = 2166136261u;
	size_t i = 0;
	/* four bytes a turn of the loop: the same steps, a quarter of the
	 * loop's own (a code is made for every item, ~17 bytes each) */
	for (; i + 4 <= n; i += 4) {
		h = (h ^ p[i]) * 16777619u;
		h = (h ^ p[i + 1]) * 16777619u;
		h = (h ^ p[i + 2]) * 16777619u;
		h = (h ^ p[i + 3]) * 16777619u;
	}
	for (; i < n; i++)
		h = (h ^ p[i]) * 16777619u;
	return (uint16_t)(h ^ (h >> 16));
}

/* ---- writing ----
 *
 * Straight into a buffer of RAW_MAX bytes, without a check a byte: the
 * longest code, every field at its widest, is 89 (2 + 2 + 10 + 5 + 8 +
 * 12 x 5 + 2). A code is made for every item of a batch, and the checks
 * were a third of it. */

/* LEB128: seven bits a byte, low first, high bit = more. At most 10 bytes
 * at b; returns the count. */
static size_t put_varint(uint8_t *b, uint64_t v)
{
	size_t n = 0;
	while (v >= 0x80) {
		b[n++] = (uint8_t)(v | 0x80);
		v >>= 7;
	}
	b[n++] = (uint8_t)v;
	return n;
}

/* Power as (m, d): micro = m x 10^(6-d), d the fewest decimals (m not a
 * multiple of 10 when d > 0), written as m x 8 + d: 1 -> 8, 1.5 -> 121. */
static uint64_t power_field(uint32_t micro)
{
	uint32_t m = micro;
	unsigned d = 6;
	/* A whole power (most items': 1) in one step rather than six. */
	if (m % 1000000 == 0) {
		m /= 1000000;
		d = 0;
	}
	while (d > 0 && m % 10 == 0) {
		m /= 10;
		d--;
	}
	if (m == 0)
		d = 0;
	return (uint64_t)m * 8 + d;
}

/* raw's n bytes as unpadded base64url into out (room checked by the
 * caller); returns the count of characters. */
static size_t base64url(const uint8_t *raw, size_t n, char *out)
{
	size_t chars = (n * 8 + 5) / 6, k = 0, i = 0;
	/* Whole groups of three bytes, four characters each, without tests. */
	for (; i + 3 <= n; i += 3) {
		uint32_t v = (uint32_t)raw[i] << 16 | (uint32_t)raw[i + 1] << 8 | raw[i + 2];
		out[k] = b64[v >> 18];
		out[k + 1] = b64[(v >> 12) & 63];
		out[k + 2] = b64[(v >> 6) & 63];
		out[k + 3] = b64[v & 63];
		k += 4;
	}
	if (i < n) {
		uint32_t v = (uint32_t)raw[i] << 16;
		if (i + 1 < n)
			v |= (uint32_t)raw[i + 1] << 8;
		out[k] = b64[v >> 18];
		out[k + 1] = b64[(v >> 12) & 63];
		if (k + 2 < chars)
			out[k + 2] = b64[(v >> 6) & 63];
	}
	out[chars] = '\0';
	return chars;
}

int itemcode_encode(const struct itemcode *c, char *out, size_t cap)
{
	uint8_t b[RAW_MAX];
	size_t n = 0;
	unsigned mask = 0;

	if ((unsigned)c->kind >= K__MAX || c->tier < 0 || c->tier > TIER_MAX ||
	    (c->variance != 0 && c->variance != 1) || c->power_micro > ITEMCODE_POWER_MAX ||
	    c->revision == 0 ||
	    (c->version != 0 && c->version != ITEMCODE_VERSION_1 && c->version != ITEMCODE_VERSION))
		return -1;
	uint32_t asked = 0;
	for (int p = 0; p < P__MAX; p++) /* nearly always none: no mask to make */
		asked |= c->want[p];
	for (int p = 0; asked && p < P__MAX; p++)
		mask |= c->want[p] ? 1u << p : 0;
	b[n++] = (uint8_t)(c->version ? c->version : ITEMCODE_VERSION);
	b[n++] = (uint8_t)(c->kind | c->tier << 3 | c->variance << 6);
	n += put_varint(b + n, mask); /* one byte while no part past the seventh is asked for */
	n += put_varint(b + n, c->revision);
	n += put_varint(b + n, power_field(c->power_micro));
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(b + n, &c->seed, 8); /* low byte first, as below */
	n += 8;
#else
	for (int i = 0; i < 8; i++)
		b[n++] = (uint8_t)(c->seed >> (8 * i));
#endif
	for (int p = 0; mask && p < P__MAX; p++)
		if (c->want[p])
			n += put_varint(b + n, c->want[p]);
	uint16_t sum = check16(b, n);
	b[n++] = (uint8_t)sum;
	b[n++] = (uint8_t)(sum >> 8);
	if (n > RAW_MAX || cap < (n * 8 + 5) / 6 + 1)
		return -1;
	return (int)base64url(b, n, out);
}

/* ---- reading ---- */

struct in {
	const uint8_t *b;
	size_t n, at;
};

static int sextet(char ch)
{
	if (ch >= 'A' && ch <= 'Z')
		return ch - 'A';
	if (ch >= 'a' && ch <= 'z')
		return ch - 'a' + 26;
	if (ch >= '0' && ch <= '9')
		return ch - '0' + 52;
	if (ch == '-')
		return 62;
	if (ch == '_')
		return 63;
	return -1;
}

/* Unpadded base64url, canonical: the bits left over at the end are 0 and a
 * length that leaves one character alone (6 bits, no byte) is refused. */
static int unbase64(const char *s, size_t n, uint8_t *raw, size_t *len)
{
	uint32_t acc = 0;
	int bits = 0;
	size_t k = 0;

	if (n % 4 == 1 || n > (RAW_MAX * 4 + 2) / 3)
		return -1;
	for (size_t i = 0; i < n; i++) {
		int v = sextet(s[i]);
		if (v < 0)
			return -1;
		acc = acc << 6 | (uint32_t)v;
		bits += 6;
		if (bits >= 8) {
			bits -= 8;
			raw[k++] = (uint8_t)(acc >> bits);
			acc &= (1u << bits) - 1;
		}
	}
	if (acc != 0)
		return -1;
	*len = k;
	return 0;
}

static int get_byte(struct in *in, uint8_t *v)
{
	if (in->at >= in->n)
		return -1;
	*v = in->b[in->at++];
	return 0;
}

/* A LEB128 number of at most max, in its shortest form. */
static int get_varint(struct in *in, uint64_t max, uint64_t *v)
{
	uint64_t x = 0;
	uint8_t byte;
	for (int shift = 0; shift < 64; shift += 7) {
		if (get_byte(in, &byte) != 0)
			return -1;
		if (shift == 63 && byte > 1)
			return -1; /* beyond 64 bits */
		x |= (uint64_t)(byte & 0x7f) << shift;
		if (!(byte & 0x80)) {
			if (byte == 0 && shift > 0)
				return -1; /* a needless zero byte: not the shortest form */
			if (x > max)
				return -1;
			*v = x;
			return 0;
		}
	}
	return -1;
}

#define FAIL(reason)                                                                               \
	do {                                                                                       \
		if (why)                                                                           \
			*why = (reason);                                                           \
		return -1;                                                                         \
	} while (0)

int itemcode_decode(const char *s, size_t n, struct itemcode *c, const char **why)
{
	uint8_t raw[RAW_MAX];
	size_t len = 0;
	uint8_t version, head;
	uint64_t mask;
	uint64_t v;

	memset(c, 0, sizeof(*c));
	if (!s || unbase64(s, n, raw, &len) != 0)
		FAIL("not an item code");
	if (len < 5 || check16(raw, len - 2) != (uint16_t)(raw[len - 2] | raw[len - 1] << 8))
		FAIL("the code is damaged (its checksum does not match)");
	struct in in = {.b = raw, .n = len - 2, .at = 0};
	if (get_byte(&in, &version) != 0 ||
	    (version != ITEMCODE_VERSION && version != ITEMCODE_VERSION_1))
		FAIL("a code of another version");
	if (get_byte(&in, &head) != 0 || get_varint(&in, (1u << P__MAX) - 1, &mask) != 0)
		FAIL("the code is cut short");
	c->version = version;
	c->kind = (enum kind)(head & 7);
	c->tier = head >> 3 & 7;
	c->variance = head >> 6 & 1;
	if ((head & 0x80) || (unsigned)c->kind >= K__MAX || c->tier > TIER_MAX)
		FAIL("the code holds a value out of range");
	if (get_varint(&in, UINT64_MAX, &c->revision) != 0 || c->revision == 0)
		FAIL("the code holds a bad revision");
	if (get_varint(&in, (uint64_t)ITEMCODE_POWER_MAX * 8 + 6, &v) != 0)
		FAIL("the code holds a bad power");
	uint64_t m = v / 8;
	unsigned d = (unsigned)(v % 8);
	if (d > 6 || (d > 0 && m % 10 == 0) || m * pow10u[6 - d] > ITEMCODE_POWER_MAX)
		FAIL("the code holds a bad power");
	c->power_micro = (uint32_t)(m * pow10u[6 - d]);
	for (int i = 0; i < 8; i++) {
		uint8_t byte;
		if (get_byte(&in, &byte) != 0)
			FAIL("the code is cut short");
		c->seed |= (uint64_t)byte << (8 * i);
	}
	for (int p = 0; p < P__MAX; p++) {
		if (!(mask & (uint64_t)1 << p))
			continue;
		if (get_varint(&in, UINT32_MAX, &v) != 0 || v == 0)
			FAIL("the code holds a bad word id");
		c->want[p] = (uint32_t)v;
	}
	if (in.at != in.n)
		FAIL("the code has bytes left over");
	return 0;
}

/* ---- power ---- */

int64_t itemcode_power_micro(double p)
{
	if (!(p >= 0) || !(p <= ITEMCODE_POWER_MAX / (double)ITEMCODE_POWER_ONE))
		return -1;
	/* p is digits / 10^k correctly rounded (k <= 6, p <= 100): p x 10^6 is
	 * within 10^-7 of a whole number, so rounding finds it. */
	double micro = p * ITEMCODE_POWER_ONE;
	/* Nearly every power is a whole number of millionths already (1, the
	 * default, for every item of a plain batch): no call to llround. */
	if (micro == (double)(int64_t)micro)
		return (int64_t)micro;
	return (int64_t)llround(micro);
}

double itemcode_power(uint32_t micro)
{
	/* Both exact doubles, so the quotient is the correctly rounded value,
	 * as the form's digits / 10^decimals of the same number. */
	return (double)micro / (double)ITEMCODE_POWER_ONE;
}

char *itemcode_power_text(uint32_t micro, char *out)
{
	uint32_t whole = micro / ITEMCODE_POWER_ONE, frac = micro % ITEMCODE_POWER_ONE;
	int d = 6;
	if (frac == 0) {
		snprintf(out, 16, "%u", (unsigned)whole);
		return out;
	}
	while (frac % 10 == 0) {
		frac /= 10;
		d--;
	}
	snprintf(out, 16, "%u.%0*u", (unsigned)whole, d, (unsigned)frac);
	return out;
}
