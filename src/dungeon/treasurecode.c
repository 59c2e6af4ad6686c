/* treasurecode: see treasurecode.h. Byte layout (docs/treasure.md):
 * version, level, type (0 hoard, 1 individual), party, the revision as a
 * LEB128 varint, the seed (8 bytes, little-endian), and a 16-bit checksum
 * (FNV-1a folded, as dungeon codes, but started from the word "treasure",
 * so that no dungeon code reads as a treasure's), in unpadded base64url. */
#include "treasurecode.h"

#include <sodium.h>
#include <string.h>

#include "codebytes.h"
#include "dungeon.h"

#define RAW_MAX (4 + CODEBYTES_TAIL_MAX)

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
	return (int)codebytes_put_tail(raw, k, c->revision, c->seed, "treasure");
}

int treasurecode_encode(const struct treasurecode *c, char *out, size_t cap)
{
	unsigned char raw[RAW_MAX];
	int n = pack(c, raw);

	return n < 0 ? -1 : codebytes_encode(raw, (size_t)n, out, cap);
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
	const char *bad;
	if (codebytes_get_tail(raw, k, len, &c->revision, &c->seed, &bad) != 0)
		return fail(why, bad);
	/* one spelling: it must be exactly what the encoder writes */
	if (treasurecode_encode(c, again, sizeof again) != (int)n || memcmp(again, s, n) != 0)
		return fail(why, "a value out of range or a wrong checksum");
	return 0;
}
