/* crcfold (by carry-less multiplication where the processor has
 * it) against zlib's crc32: every length from 0 to 300 at each of 16
 * alignments, lengths about the folds' steps (64, 16) up to a few
 * thousand, large pieces (a dungeon's IDAT is ~35 KB, the widest
 * picture's megabytes), random bytes from a fixed seed, and a start value
 * other than 0 (zlib's crc32 carried on). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>
#include <zlib.h>

#include "crcfold.h"
#include "rng.h"

#define BIG (3u << 20)

static unsigned char *data;

static int setup(void **state)
{
	(void)state;
	struct rng r;
	rng_seed(&r, 20261128u);
	data = malloc(BIG + 64);
	if (!data)
		return -1;
	for (size_t i = 0; i < BIG + 64; i++)
		data[i] = (unsigned char)rng_below(&r, 256);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	free(data);
	return 0;
}

static void check(uint32_t start, size_t off, size_t n)
{
	uint32_t want = (uint32_t)crc32_z(start, data + off, n);
	uint32_t got = crcfold(start, data + off, n);
	if (got != want)
		fail_msg("start %08x offset %zu length %zu: %08x, zlib %08x", start, off, n, got,
		         want);
}

static void test_short_every_alignment(void **state)
{
	(void)state;
	for (size_t off = 0; off < 16; off++)
		for (size_t n = 0; n <= 300; n++)
			check(0, off, n);
}

static void test_about_the_steps(void **state)
{
	(void)state;
	for (size_t n = 301; n < 4200; n += 1 + n / 64)
		for (size_t off = 0; off < 64; off += 7)
			check(0, off, n);
}

static void test_large(void **state)
{
	(void)state;
	const size_t ns[] = {35000, 35123, 65536, 1u << 20, BIG - 1, BIG};
	for (size_t k = 0; k < sizeof ns / sizeof ns[0]; k++) {
		check(0, 0, ns[k]);
		check(0, 3, ns[k]);
	}
}

static void test_carried_on(void **state)
{
	(void)state;
	const uint32_t starts[] = {1, 0xffffffffu, 0x12345678u, 0xcbf43926u};
	for (size_t k = 0; k < sizeof starts / sizeof starts[0]; k++)
		for (size_t n = 0; n <= 300; n += 3)
			check(starts[k], 5, n);
	/* in two pieces, as a chunk's type then its data */
	uint32_t two = crcfold(crcfold(0, data, 4), data + 4, 5000);
	assert_int_equal(two, (uint32_t)crc32_z(0, data, 5004));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_short_every_alignment),
	        cmocka_unit_test(test_about_the_steps),
	        cmocka_unit_test(test_large),
	        cmocka_unit_test(test_carried_on),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
