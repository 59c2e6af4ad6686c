/* treasurecode: see treasurecode.h. Byte layout (docs/treasure.md):
 * version, level, type (0 hoard, 1 individual), party, the revision as a
 * LEB128 varint, the seed (8 bytes, little-endian), and a 16-bit checksum
 * (FNV-1a folded, as dungeon codes, but started from the word "treasure",
 * so that no dungeon code reads as a treasure's), in unpadded base64url. */
#include "treasurecode.h"

#include <sodium.h>
#include <string.h>

#include "dungeon.h"

#define RAW_MAX (4 + 10 + 8 + 2)

static uint16_t checksum(const unsigned char *p, size_t n)
{
	static const char salt[] = "treasure";
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < sizeof salt - 1; i++) {
		h ^= (unsigned char)salt[i];
		h *= 16777619u;
	}
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 16777619u;
	}
	return (uint16_t)(h ^ h >> 16);
}

static int pack(const struct treasurecode *c, unsigned char *raw)
{
	size_t k = 0;
	int version = c->version ? c->version : TREASURECODE_VERSION;

	if (version != TREASURECODE_VERSION_1 || c->level < 1 || c->level > DUNGEON_LEVEL_MAX ||
	    (c->type != HOARD_FULL && c->type != HOARD_INDIVIDUAL) || c->party < 1 ||
	    c->party > TREASURE_PARTY_MAX || c->revision < 1)
		return -1;
	raw[k++] = (unsigned char)version;
	raw[k++] = (unsigned char)c->level;
	raw[k++] = (unsigned char)c->type;
	raw[k++] = (unsigned char)c->party;
	for (uint64_t v = c->revision;; v >>= 7) {
		raw[k++] = (unsigned char)((v & 0x7f) | (v >= 0x80 ? 0x80 : 0));
		if (v < 0x80)
			break;
	}
	for (int i = 0; i < 8; i++)
		raw[k++] = (unsigned char)(c->seed >> (8 * i));
	uint16_t sum = checksum(raw, k);
	raw[k++] = (unsigned char)(sum & 0xff);
	raw[k++] = (unsigned char)(sum >> 8);
	return (int)k;
}

int treasurecode_encode(const struct treasurecode *c, char *out, size_t cap)
{
	unsigned char raw[RAW_MAX];
	int n = pack(c, raw);

	if (n < 0)
		return -1;
	size_t need =
	        sodium_base64_ENCODED_LEN((size_t)n, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	if (need > cap)
		return -1;
	sodium_bin2base64(out, cap, raw, (size_t)n, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	return (int)strlen(out);
}

static int fail(const char **why, const char *what)
{
	if (why)
		*why = what;
	return -1;
}

int treasurecode_decode(const char *s, size_t n, struct treasurecode *c, const char **why)
{
	unsigned char raw[RAW_MAX + 1];
	size_t len = 0, k = 4;
	char again[TREASURECODE_MAX];

	memset(c, 0, sizeof *c);
	if (n < 4 || n >= TREASURECODE_MAX)
		return fail(why, "not the length of a treasure code");
	if (sodium_base642bin(raw, sizeof raw, s, n, NULL, &len, NULL,
	                      sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0 ||
	    len > RAW_MAX)
		return fail(why, "not the bytes of a treasure code");
	if (len < 4 + 1 + 8 + 2 || raw[0] != TREASURECODE_VERSION_1)
		return fail(why, "not a version this site writes");
	c->version = raw[0];
	c->level = raw[1];
	c->type = raw[2] ? HOARD_INDIVIDUAL : HOARD_FULL;
	c->party = raw[3];
	if (raw[2] > 1)
		return fail(why, "a type out of range");
	for (int shift = 0;; shift += 7) {
		if (k >= len || shift > 63)
			return fail(why, "a revision out of range");
		c->revision |= (uint64_t)(raw[k] & 0x7f) << shift;
		if (!(raw[k++] & 0x80))
			break;
	}
	if (k + 8 + 2 != len)
		return fail(why, "the wrong length");
	for (int i = 0; i < 8; i++)
		c->seed |= (uint64_t)raw[k++] << (8 * i);
	/* one spelling: it must be exactly what the encoder writes */
	if (treasurecode_encode(c, again, sizeof again) != (int)n || memcmp(again, s, n) != 0)
		return fail(why, "a value out of range or a wrong checksum");
	return 0;
}
