/* libFuzzer target for form_parse and form_link.
 *
 * Input: the query string, then optionally a NUL byte and the body (which may
 * hold more NULs). The query may not hold a NUL, being a C string.
 * Checks, besides the sanitizers: an error names a field and a message; and
 * on success parse(link(f)) gives back the same inputs.
 *
 * Build and run: make fuzz FUZZ_SECONDS=N, or tests/fuzz/run.sh form N once
 * built (docs/testing.md). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "form.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int same_text(const char *a, const char *b)
{
	if (!a || !b)
		return a == b;
	return strcmp(a, b) == 0;
}

static void check_round_trip(const struct form *f)
{
	static struct form g;
	struct form_error err;
	struct buf link;
	uint64_t seed = f->has_seed ? f->seed : 12345;

	buf_init(&link);
	if (form_link(f, seed, &link) != 0)
		abort();
	if (strncmp(link.data, "/generate?", 10) != 0)
		abort();
	if (form_parse(&g, link.data + 10, NULL, 0, &err) != 0)
		abort();
	if (g.kind != f->kind || g.tier != f->tier || g.variance != f->variance ||
	    g.power != f->power || !same_text(g.power_text, f->power_text) || !g.has_seed ||
	    g.seed != seed || g.has_count || g.has_format)
		abort();
	for (int p = 0; p < P__MAX; p++)
		if (!same_text(g.attr[p], f->attr[p]))
			abort();
	buf_free(&link);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct form f;
	struct form_error err;
	const uint8_t *nul = memchr(data, 0, size);
	size_t qlen = nul ? (size_t)(nul - data) : size;
	char *query = malloc(qlen + 1);
	char *body = NULL;
	size_t body_len = 0;

	if (!query)
		return 0;
	memcpy(query, data, qlen);
	query[qlen] = '\0';
	if (nul) {
		/* an exact-size copy, so ASan sees any read past body_len */
		body_len = size - qlen - 1;
		body = malloc(body_len ? body_len : 1);
		if (!body) {
			free(query);
			return 0;
		}
		memcpy(body, nul + 1, body_len);
	}
	if (form_parse(&f, query, body, body_len, &err) == 0) {
		check_round_trip(&f);
	} else if (!err.field || !err.message) {
		abort();
	}
	free(body);
	free(query);
	return 0;
}
