/* itemcode: every code round-trips; every malformed form is refused with a
 * reason; a code has one spelling; power is exact on the form's grid. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "itemcode.h"
#include "rng.h"

static void assert_same(const struct itemcode *a, const struct itemcode *b)
{
	assert_int_equal(a->kind, b->kind);
	assert_int_equal(a->tier, b->tier);
	assert_int_equal(a->variance, b->variance);
	assert_int_equal(a->power_micro, b->power_micro);
	assert_true(a->seed == b->seed);
	assert_true(a->revision == b->revision);
	for (int p = 0; p < P__MAX; p++)
		assert_int_equal(a->want[p], b->want[p]);
}

static int refused(const char *s)
{
	struct itemcode c;
	const char *why = NULL;
	int rc = itemcode_decode(s, strlen(s), &c, &why);
	if (rc == 0)
		return 0;
	assert_non_null(why);
	return 1;
}

static void typical(void **state)
{
	(void)state;
	struct itemcode c = {.kind = K_WEAPON,
	                     .tier = 3,
	                     .power_micro = ITEMCODE_POWER_ONE,
	                     .seed = 0x9e3779b97f4a7c15u,
	                     .revision = 812},
	                back;
	char s[ITEMCODE_MAX];
	int n = itemcode_encode(&c, s, sizeof s);
	/* 3 + 2 (revision) + 1 (power 1) + 8 + 2 = 16 bytes: 22 characters. */
	assert_int_equal(n, 22);
	assert_int_equal(
	        strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"), 22);
	assert_int_equal(itemcode_decode(s, (size_t)n, &back, NULL), 0);
	assert_same(&c, &back);
}

/* Random codes over the whole range of every field. */
static void round_trip(void **state)
{
	(void)state;
	struct rng r;
	rng_seed(&r, 12);
	for (int i = 0; i < 20000; i++) {
		struct itemcode c = {0}, back;
		c.kind = (enum kind)(rng_next(&r) % K__MAX);
		c.tier = (int)(rng_next(&r) % (TIER_MAX + 1));
		c.variance = (int)(rng_next(&r) & 1);
		c.power_micro = (uint32_t)(rng_next(&r) % (ITEMCODE_POWER_MAX + 1));
		if (i % 3 == 0)
			c.power_micro -= c.power_micro % 100000; /* one decimal */
		c.seed = rng_next(&r);
		c.revision = 1 + (rng_next(&r) >> (rng_next(&r) % 64));
		if (c.revision == 0)
			c.revision = 1;
		for (int p = 0; p < P__MAX; p++)
			c.want[p] = rng_next(&r) % 2 ? (uint32_t)(rng_next(&r) >> 32) : 0;
		char s[ITEMCODE_MAX];
		int n = itemcode_encode(&c, s, sizeof s);
		assert_true(n > 0 && n < ITEMCODE_MAX);
		assert_int_equal(itemcode_decode(s, (size_t)n, &back, NULL), 0);
		assert_same(&c, &back);
		/* One spelling: the decoded code encodes to the same text. */
		char again[ITEMCODE_MAX];
		assert_int_equal(itemcode_encode(&back, again, sizeof again), n);
		assert_string_equal(s, again);
	}
}

static void encode_refuses_out_of_range(void **state)
{
	(void)state;
	char s[ITEMCODE_MAX];
	struct itemcode ok = {.kind = K_ARMOR, .tier = 6, .power_micro = 5, .revision = 1};
	assert_true(itemcode_encode(&ok, s, sizeof s) > 0);
	struct itemcode c = ok;
	c.kind = K__MAX;
	assert_int_equal(itemcode_encode(&c, s, sizeof s), -1);
	c = ok;
	c.tier = 7;
	assert_int_equal(itemcode_encode(&c, s, sizeof s), -1);
	c = ok;
	c.variance = 2;
	assert_int_equal(itemcode_encode(&c, s, sizeof s), -1);
	c = ok;
	c.power_micro = ITEMCODE_POWER_MAX + 1;
	assert_int_equal(itemcode_encode(&c, s, sizeof s), -1);
	c = ok;
	c.revision = 0;
	assert_int_equal(itemcode_encode(&c, s, sizeof s), -1);
	assert_int_equal(itemcode_encode(&ok, s, 10), -1); /* no room */
}

/* Base64url of raw bytes, with the right checksum appended when sum is
 * set: to build codes the encoder would never write. */
static uint16_t fnv16(const uint8_t *p, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 16777619u;
	}
	return (uint16_t)(h ^ (h >> 16));
}

static const char *raw_code(const uint8_t *b, size_t n, int sum, char *out)
{
	static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
	uint8_t buf[80];
	memcpy(buf, b, n);
	if (sum) {
		uint16_t h = fnv16(b, n);
		buf[n++] = (uint8_t)h;
		buf[n++] = (uint8_t)(h >> 8);
	}
	size_t k = 0, chars = (n * 8 + 5) / 6;
	for (size_t i = 0; i < n; i += 3) {
		uint32_t v = (uint32_t)buf[i] << 16 | (i + 1 < n ? buf[i + 1] << 8 : 0) |
		             (i + 2 < n ? buf[i + 2] : 0);
		for (int j = 0; j < 4 && k < chars; j++)
			out[k++] = a[(v >> (18 - 6 * j)) & 63];
	}
	out[k] = '\0';
	return out;
}

static void malformed(void **state)
{
	(void)state;
	char s[128];
	/* version 1, weapon tier 3, no words, revision 5, power 1, seed 7 */
	const uint8_t good[] = {1, 3 << 3, 0, 5, 8, 7, 0, 0, 0, 0, 0, 0, 0};
	assert_int_equal(refused(raw_code(good, sizeof good, 1, s)), 0);

	assert_true(refused(""));
	assert_true(refused("A"));
	assert_true(refused("AQ=="));                            /* padding */
	assert_true(refused("AQAA AAAA"));                       /* a space */
	assert_true(refused("AQAA+AAA"));                        /* base64, not base64url */
	assert_true(refused(raw_code(good, sizeof good, 0, s))); /* no checksum */

	/* The checksum is wrong when one byte changes. */
	raw_code(good, sizeof good, 1, s);
	s[5] = s[5] == 'A' ? 'B' : 'A';
	assert_true(refused(s));

	/* Trailing bits set in the last character (16 bytes: 22 characters,
	 * the last one holding 2 bits of data and 4 spare). */
	const uint8_t worded[] = {1, 3 << 3, 1, 5, 8, 7, 0, 0, 0, 0, 0, 0, 0, 9};
	assert_int_equal(refused(raw_code(worded, sizeof worded, 1, s)), 0);
	size_t n = strlen(s);
	assert_true(n % 4 != 0);
	char last = s[n - 1];
	s[n - 1] = (char)(last == 'A' ? 'B' : last + 1);
	assert_true(refused(s));

	/* Far too long. */
	memset(s, 'A', 120);
	s[120] = '\0';
	assert_true(refused(s));

	uint8_t b[32];
#define VARIANT(i, v)                                                                              \
	do {                                                                                       \
		memcpy(b, good, sizeof good);                                                      \
		b[i] = (v);                                                                        \
		assert_true(refused(raw_code(b, sizeof good, 1, s)));                              \
	} while (0)
	VARIANT(0, 3); /* another version (1 and 2 are read) */
	VARIANT(0, 0);
	VARIANT(1, K__MAX); /* a kind past the last: none */
	VARIANT(1, 7 << 3); /* tier 7 */
	VARIANT(1, 0x80);   /* the reserved bit */
	VARIANT(3, 0);      /* revision 0 */
	VARIANT(4, 81);     /* power 1 written "1.0" (m 10, d 1): a second spelling */
	VARIANT(4, 7);      /* 7 decimals */
#undef VARIANT

	/* A word bit with no id after the seed, or an id 0. */
	memcpy(b, good, sizeof good);
	b[2] = 1;
	assert_true(refused(raw_code(b, sizeof good, 1, s)));
	b[sizeof good] = 0;
	assert_true(refused(raw_code(b, sizeof good + 1, 1, s)));
	b[sizeof good] = 9;
	assert_int_equal(refused(raw_code(b, sizeof good + 1, 1, s)), 0);

	/* A part that does not exist: bit P__MAX of the mask, a two-byte
	 * varint; and a mask in a needlessly long form (0 as 0x80 0x00). */
	const uint8_t nopart[] = {1,
	                          3 << 3,
	                          0x80 | ((1u << P__MAX) & 0x7f),
	                          (1u << P__MAX) >> 7,
	                          5,
	                          8,
	                          7,
	                          0,
	                          0,
	                          0,
	                          0,
	                          0,
	                          0,
	                          0,
	                          9};
	assert_true(refused(raw_code(nopart, sizeof nopart, 1, s)));
	const uint8_t longmask[] = {1, 3 << 3, 0x80, 0, 5, 8, 7, 0, 0, 0, 0, 0, 0, 0, 0};
	assert_true(refused(raw_code(longmask, sizeof longmask, 1, s)));
	/* A scroll part (bit 6 and past bit 7): accepted, and encoded the same. */
	struct itemcode sc = {.version = ITEMCODE_VERSION,
	                      .kind = K_SCROLL,
	                      .tier = 2,
	                      .power_micro = ITEMCODE_POWER_ONE,
	                      .seed = 42,
	                      .revision = 3};
	sc.want[P_WRITING_DETAIL] = 5;
	sc.want[P_TUBE_QUALITY] = 300;
	char sctext[ITEMCODE_MAX];
	struct itemcode back;
	assert_true(itemcode_encode(&sc, sctext, sizeof sctext) > 0);
	assert_int_equal(itemcode_decode(sctext, strlen(sctext), &back, NULL), 0);
	assert_memory_equal(&back, &sc, sizeof sc);

	/* A revision in a needlessly long form (5 as 0x85 0x00). */
	const uint8_t longrev[] = {1, 3 << 3, 0, 0x85, 0, 8, 7, 0, 0, 0, 0, 0, 0, 0};
	assert_true(refused(raw_code(longrev, sizeof longrev, 1, s)));
	/* Power above 100 (101 = m 101, d 0 -> 808, LEB128 0xa8 0x06). */
	const uint8_t big[] = {1, 3 << 3, 0, 5, 0xa8, 0x06, 7, 0, 0, 0, 0, 0, 0, 0};
	assert_true(refused(raw_code(big, sizeof big, 1, s)));
	/* Cut short, and a byte left over. */
	assert_true(refused(raw_code(good, sizeof good - 1, 1, s)));
	memcpy(b, good, sizeof good);
	b[sizeof good] = 0;
	assert_true(refused(raw_code(b, sizeof good + 1, 1, s)));
}

static void power_is_exact(void **state)
{
	(void)state;
	char text[16];
	/* Every value with up to 6 decimals, sampled: text -> double as the
	 * form computes it -> millionths -> the same double and text. */
	for (uint32_t micro = 0; micro <= ITEMCODE_POWER_MAX; micro += 99991) {
		double form = (double)micro / 1e6;
		assert_int_equal(itemcode_power_micro(form), micro);
		assert_true(itemcode_power(micro) == form);
	}
	assert_string_equal(itemcode_power_text(1500000, text), "1.5");
	assert_string_equal(itemcode_power_text(1000000, text), "1");
	assert_string_equal(itemcode_power_text(1, text), "0.000001");
	assert_string_equal(itemcode_power_text(100000000, text), "100");
	assert_int_equal(itemcode_power_micro(-1), -1);
	assert_int_equal(itemcode_power_micro(100.5), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(typical),
	        cmocka_unit_test(round_trip),
	        cmocka_unit_test(encode_refuses_out_of_range),
	        cmocka_unit_test(malformed),
	        cmocka_unit_test(power_is_exact),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
