/* dungeoncode: see dungeoncode.h. Byte layout (docs/dungeons.md): version
 * (1 to 4; nothing else differs),
 * w, h, level, hallways, the tileset's length and bytes, the revision as a
 * LEB128 varint, the seed (8 bytes, little-endian), and a 16-bit checksum
 * (FNV-1a folded, as item codes), in unpadded base64url. */
#include "dungeoncode.h"

#include <sodium.h>
#include <string.h>

#include "codebytes.h"
#include "dungeon.h"
#include "mapgen.h"

#define RAW_MAX (6 + DUNGEONCODE_SET_MAX + CODEBYTES_TAIL_MAX)

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
	return (int)codebytes_put_tail(raw, k, c->revision, c->seed, "");
}

int dungeoncode_encode(const struct dungeoncode *c, char *out, size_t cap)
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
	const char *bad;
	if (codebytes_get_tail(raw, k, len, &c->revision, &c->seed, &bad) != 0)
		return fail(why, bad);
	/* one spelling: it must be exactly what the encoder writes */
	if (dungeoncode_encode(c, again, sizeof again) != (int)n || memcmp(again, s, n) != 0)
		return fail(why, "a value out of range or a wrong checksum");
	return 0;
}
