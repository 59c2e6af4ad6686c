/* libFuzzer target for itemcode_decode.
 *
 * Input: any bytes, read as a code. Checks, besides the sanitizers: a
 * refusal says why; an accepted code encodes back to exactly the bytes it
 * came from (one spelling per code), and decodes the same again.
 *
 * Build and run: make fuzz FUZZ_SECONDS=N, or tests/fuzz/run.sh itemcode N
 * once built (docs/testing.md). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "itemcode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct itemcode c, again;
	const char *why = NULL;
	char text[ITEMCODE_MAX];

	if (itemcode_decode((const char *)data, size, &c, &why) != 0) {
		if (!why || !*why)
			abort();
		return 0;
	}
	int n = itemcode_encode(&c, text, sizeof text);
	if (n < 0 || (size_t)n != size || memcmp(text, data, size) != 0)
		abort();
	if (itemcode_decode(text, (size_t)n, &again, NULL) != 0 ||
	    memcmp(&c, &again, sizeof c) != 0)
		abort();
	return 0;
}
