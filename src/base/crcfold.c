/* crcfold: see crcfold.h. */
#include "crcfold.h"

#include <pthread.h>
#include <string.h>
#include <zlib.h>
#if defined(__x86_64__) && defined(__GNUC__)
#include <immintrin.h>
#include <wmmintrin.h> /* carry-less multiplication, where the processor has it */
#define CRC_FOLD 1
#endif

#include "cpu.h"

#ifdef CRC_FOLD
static int have_pclmul; /* unless cpu_portable(): set once */
static pthread_once_t pclmul_once = PTHREAD_ONCE_INIT;

static void pclmul_find(void)
{
	have_pclmul = !cpu_portable() && __builtin_cpu_supports("pclmul");
}
#endif

#ifdef CRC_FOLD
/* The CRC-32 by folding (carry-less multiplication): the data as a
 * polynomial over GF(2), sixteen bytes a 128-bit lane, the first byte's
 * lowest bit its highest term (the CRC's reflected order). A lane X = H
 * x^64 + L moved D bits on is H x^(D+64) + L x^D, the same remainder mod
 * P: H and L each multiplied by a power of x reduced mod P (32 bits), the
 * 96-bit products added (xor) to the lane D bits further. The lanes hold
 * polynomials reflected, so a 64 x 64 product comes out one place short
 * (times x): the constants are x^(D+63) and x^(D-1) mod P, reflected in 64
 * bits, for D = 512 (four lanes at a time) and 128 (one). At the end, the
 * last lane left is congruent to the whole data, and its CRC (from 0)
 * with the bytes after it is zlib's crc32 of 16 to 31 bytes. */
static const uint64_t fold512[2] = {0x653d982200000000u, 0xcad38e8f00000000u};
static const uint64_t fold128[2] = {0x65673b4600000000u, 0x9ba54c6f00000000u};

__attribute__((target("pclmul,sse2"))) static inline __m128i fold(__m128i x, __m128i k)
{
	return _mm_xor_si128(_mm_clmulepi64_si128(x, k, 0x00), _mm_clmulepi64_si128(x, k, 0x11));
}

__attribute__((target("pclmul,sse2"))) static uint32_t crc_fold(uint32_t crc,
                                                                const unsigned char *p, size_t n)
{
	const __m128i k4 = _mm_loadu_si128((const __m128i *)(const void *)fold512);
	const __m128i k1 = _mm_loadu_si128((const __m128i *)(const void *)fold128);
	__m128i x0 = _mm_loadu_si128((const __m128i *)(const void *)p);
	__m128i x1 = _mm_loadu_si128((const __m128i *)(const void *)(p + 16));
	__m128i x2 = _mm_loadu_si128((const __m128i *)(const void *)(p + 32));
	__m128i x3 = _mm_loadu_si128((const __m128i *)(const void *)(p + 48));
	/* the register's start (zlib's, crc inverted) added to the first bytes */
	x0 = _mm_xor_si128(x0, _mm_cvtsi32_si128((int)~crc));
	size_t i = 64;
	for (; i + 64 <= n; i += 64) {
		x0 = _mm_xor_si128(fold(x0, k4),
		                   _mm_loadu_si128((const __m128i *)(const void *)(p + i)));
		x1 = _mm_xor_si128(fold(x1, k4),
		                   _mm_loadu_si128((const __m128i *)(const void *)(p + i + 16)));
		x2 = _mm_xor_si128(fold(x2, k4),
		                   _mm_loadu_si128((const __m128i *)(const void *)(p + i + 32)));
		x3 = _mm_xor_si128(fold(x3, k4),
		                   _mm_loadu_si128((const __m128i *)(const void *)(p + i + 48)));
	}
	x1 = _mm_xor_si128(x1, fold(x0, k1));
	x2 = _mm_xor_si128(x2, fold(x1, k1));
	x3 = _mm_xor_si128(x3, fold(x2, k1));
	for (; i + 16 <= n; i += 16)
		x3 = _mm_xor_si128(fold(x3, k1),
		                   _mm_loadu_si128((const __m128i *)(const void *)(p + i)));
	/* zlib's crc32 from c is ~r(~c) for the plain register r: from 0, c
	 * is all ones */
	unsigned char last[32];
	_mm_storeu_si128((__m128i *)(void *)last, x3);
	memcpy(last + 16, p + i, n - i);
	return (uint32_t)crc32(0xffffffffu, last, (uInt)(16 + n - i));
}
#endif

uint32_t crcfold(uint32_t crc, const unsigned char *p, size_t n)
{
#ifdef CRC_FOLD
	pthread_once(&pclmul_once, pclmul_find);
	if (n >= 64 && have_pclmul)
		return crc_fold(crc, p, n);
#endif
	return (uint32_t)crc32_z(crc, p, n);
}
