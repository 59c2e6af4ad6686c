/* dungeoncode: see dungeoncode.h. Byte layout (docs/dungeons.md): version
 * (1 to 4; nothing else differs),
 * w, h, level, hallways, the tileset's length and bytes, the revision as a
 * LEB128 varint, the seed (8 bytes, little-endian), and a 16-bit checksum
 * (FNV-1a folded, as item codes), in unpadded base64url. */
#include "dungeoncode.h"

#include <sodium.h>
#include <string.h>

#include "dungeon.h"
#include "mapgen.h"

#define RAW_MAX (6 + DUNGEONCODE_SET_MAX + 10 + 8 + 2)

static uint16_t checksum(const unsigned char *p, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 16777619u;
	}
	return (uint16_t)(h ^ h >> 16);
}

static int valid_set(const char *s, size_t n)
{
	return n >= 1 && n <= DUNGEONCODE_SET_MAX &&
	       strspn(s, "abcdefghijklmnopqrstuvwxyz0123456789-") >= n;
}

/* The raw bytes of c into raw; their count, or -1 when out of range. */
static int pack(const struct dungeoncode *c, unsigned char *raw)
{
	size_t ts = strnlen(c->tileset, DUNGEONCODE_SET_MAX + 1), k = 0;
	int version = c->version ? c->version : DUNGEONCODE_VERSION;

	if (version < DUNGEONCODE_VERSION_1 || version > DUNGEONCODE_VERSION || c->w < 1 ||
	    c->w > MAP_DIM_MAX || c->h < 1 || c->h > MAP_DIM_MAX || c->level < 1 ||
	    c->level > DUNGEON_LEVEL_MAX || c->hallways < 0 || c->hallways > DUNGEON_HALLWAYS_MAX ||
	    !valid_set(c->tileset, ts) || c->revision < 1)
		return -1;
	raw[k++] = (unsigned char)version;
	raw[k++] = (unsigned char)c->w;
	raw[k++] = (unsigned char)c->h;
	raw[k++] = (unsigned char)c->level;
	raw[k++] = (unsigned char)c->hallways;
	raw[k++] = (unsigned char)ts;
	memcpy(raw + k, c->tileset, ts);
	k += ts;
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

int dungeoncode_encode(const struct dungeoncode *c, char *out, size_t cap)
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

int dungeoncode_decode(const char *s, size_t n, struct dungeoncode *c, const char **why)
{
	unsigned char raw[RAW_MAX + 1];
	size_t len = 0, k = 6;
	char again[DUNGEONCODE_MAX];

	memset(c, 0, sizeof *c);
	if (n < 4 || n >= DUNGEONCODE_MAX)
		return fail(why, "not the length of a dungeon code");
	if (sodium_base642bin(raw, sizeof raw, s, n, NULL, &len, NULL,
	                      sodium_base64_VARIANT_URLSAFE_NO_PADDING) != 0)
		return fail(why, "not base64url");
	if (len < 6 + 1 + 1 + 8 + 2 || raw[0] < DUNGEONCODE_VERSION_1 ||
	    raw[0] > DUNGEONCODE_VERSION)
		return fail(why, "not a version this site writes");
	c->version = raw[0];
	c->w = raw[1];
	c->h = raw[2];
	c->level = raw[3];
	c->hallways = raw[4];
	size_t ts = raw[5];
	if (ts < 1 || ts > DUNGEONCODE_SET_MAX || k + ts > len)
		return fail(why, "a tileset name out of range");
	memcpy(c->tileset, raw + k, ts);
	k += ts;
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
	if (dungeoncode_encode(c, again, sizeof again) != (int)n || memcmp(again, s, n) != 0)
		return fail(why, "a value out of range or a wrong checksum");
	return 0;
}
