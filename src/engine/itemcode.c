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
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 16777619u;
	}
	return (uint16_t)(h ^ (h >> 16));
}

/* ---- writing ---- */

struct out {
	uint8_t b[RAW_MAX];
	size_t n;
};

static void put_byte(struct out *o, uint8_t v)
{
	if (o->n < RAW_MAX)
		o->b[o->n] = v;
	o->n++;
}

/* LEB128: seven bits a byte, low first, high bit = more. */
static void put_varint(struct out *o, uint64_t v)
{
	do {
		uint8_t byte = v & 0x7f;
		v >>= 7;
		put_byte(o, (uint8_t)(byte | (v ? 0x80 : 0)));
	} while (v);
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

int itemcode_encode(const struct itemcode *c, char *out, size_t cap)
{
	struct out o = {.n = 0};
	unsigned mask = 0;

	if ((unsigned)c->kind >= K__MAX || c->tier < 0 || c->tier > TIER_MAX ||
	    (c->variance != 0 && c->variance != 1) || c->power_micro > ITEMCODE_POWER_MAX ||
	    c->revision == 0 ||
	    (c->version != 0 && c->version != ITEMCODE_VERSION_1 && c->version != ITEMCODE_VERSION))
		return -1;
	for (int p = 0; p < P__MAX; p++)
		mask |= c->want[p] ? 1u << p : 0;
	put_byte(&o, (uint8_t)(c->version ? c->version : ITEMCODE_VERSION));
	put_byte(&o, (uint8_t)(c->kind | c->tier << 3 | c->variance << 6));
	put_varint(&o, mask); /* one byte while no part past the seventh is asked for */
	put_varint(&o, c->revision);
	put_varint(&o, power_field(c->power_micro));
	for (int i = 0; i < 8; i++)
		put_byte(&o, (uint8_t)(c->seed >> (8 * i)));
	for (int p = 0; p < P__MAX; p++)
		if (c->want[p])
			put_varint(&o, c->want[p]);
	uint16_t sum = check16(o.b, o.n);
	put_byte(&o, (uint8_t)sum);
	put_byte(&o, (uint8_t)(sum >> 8));
	if (o.n > RAW_MAX)
		return -1;

	size_t chars = (o.n * 8 + 5) / 6;
	if (cap < chars + 1)
		return -1;
	size_t k = 0, i = 0;
	/* Whole groups of three bytes, four characters each, without tests. */
	for (; i + 3 <= o.n; i += 3) {
		uint32_t v = (uint32_t)o.b[i] << 16 | (uint32_t)o.b[i + 1] << 8 | o.b[i + 2];
		out[k] = b64[v >> 18];
		out[k + 1] = b64[(v >> 12) & 63];
		out[k + 2] = b64[(v >> 6) & 63];
		out[k + 3] = b64[v & 63];
		k += 4;
	}
	for (; i < o.n; i += 3) {
		uint32_t v = (uint32_t)o.b[i] << 16;
		if (i + 1 < o.n)
			v |= (uint32_t)o.b[i + 1] << 8;
		if (i + 2 < o.n)
			v |= o.b[i + 2];
		for (int j = 0; j < 4 && k < chars; j++)
			out[k++] = b64[(v >> (18 - 6 * j)) & 63];
	}
	out[k] = '\0';
	return (int)k;
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
	return (int64_t)llround(p * ITEMCODE_POWER_ONE);
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
