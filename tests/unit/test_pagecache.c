/* pagecache: what is kept is what was rendered, byte for byte; a new
 * revision is a new answer; the shelves stay within their bounds. The
 * pages go through handle_request with the fixture catalog and the real
 * templates (run from the project root); the maps and dungeons, which need
 * the tiles, are compared over HTTP (tests/integration/test_pagecache.py). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "fixture.h"
#include "handler.h"
#include "pagecache.h"
#include "tmpl.h"

static struct handler_ctx ctx;
static struct response rs;

/* A whole answer as the client would get it, to compare. */
struct answer {
	int status;
	const char *content_type, *cache_control;
	char headers[RESPONSE_HEADERS_MAX];
	char *body;
	size_t len;
};

static void run(const char *path, const char *query, const char *accept)
{
	const char *env[] = {"HTTP_HOST=example.org", NULL};
	struct request rq = {.method = "GET",
	                     .path = path,
	                     .query = query,
	                     .accept = accept,
	                     .content_length = -1,
	                     .env = env};
	handle_request(&ctx, &rq, &rs);
}

static void keep(struct answer *a)
{
	a->status = rs.status;
	a->content_type = rs.content_type;
	a->cache_control = rs.cache_control;
	memcpy(a->headers, rs.headers, sizeof a->headers);
	a->len = rs.body.len;
	a->body = malloc(a->len + 1);
	assert_non_null(a->body);
	memcpy(a->body, rs.body.data ? rs.body.data : "", a->len);
}

static void assert_same(const struct answer *a, const struct answer *b)
{
	assert_int_equal(a->status, b->status);
	assert_string_equal(a->content_type, b->content_type);
	if (a->cache_control || b->cache_control)
		assert_string_equal(a->cache_control, b->cache_control);
	assert_string_equal(a->headers, b->headers);
	assert_int_equal(a->len, b->len);
	assert_memory_equal(a->body, b->body, a->len);
}

/* The fixture's rows (fixture_catalog's, at another revision) and one
 * word more when extra_word is set. */
static struct catalog *catalog_with(uint64_t revision, const char *extra_word)
{
	if (revision == 1 && !extra_word)
		return fixture_catalog();
	struct catalog *c = catalog_new(revision);
	assert_non_null(c);
	for (size_t i = 0; i < sizeof fixture_rows / sizeof fixture_rows[0]; i++) {
		struct entry e = fixture_entry(&fixture_rows[i], (uint32_t)i + 1);
		assert_true(catalog_add(c, K_WEAPON, fixture_rows[i].part, &e) >= 0);
	}
	fixture_add_kinds(c);
	fixture_add_magic(c);
	if (extra_word) {
		struct entry e = {.id = 9001, .word = extra_word, .active = 1, .weight = 1};
		assert_true(catalog_add(c, K_WEAPON, P_ELEMENT, &e) >= 0);
	}
	assert_int_equal(catalog_finish(c), 0);
	return c;
}

static int setup(void **state)
{
	(void)state;
	if (tmpl_init("templates", NULL) != 0)
		return -1;
	rng_seed(&ctx.seeds, 27);
	buf_init(&rs.body);
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	buf_free(&rs.body);
	arena_free(&ctx.arena);
	catalog_shutdown();
	pagecache_enable(1);
	return 0;
}

static unsigned long hits(void)
{
	struct pagecache_stats st;
	unsigned long n = 0;
	for (int s = 0; s < PAGECACHE__SHELVES; s++) {
		pagecache_stats((enum pagecache_shelf)s, &st);
		n += st.hits;
	}
	return n;
}

/* Every page the cache holds, with its filters and formats: the answer
 * rendered with the cache off, the one rendered and kept (a miss), and the
 * one served from the cache (a hit) are the same bytes, headers included. */
static void test_cached_equals_rendered(void **state)
{
	static const struct {
		const char *path, *query, *accept;
	} pages[] = {
	        {"/words", NULL, NULL},
	        {"/words", "format=json", NULL},
	        {"/words", NULL, "application/json"},
	        {"/words", "kind=weapon&part=element", NULL},
	        {"/words", "kind=weapon", "application/json"},
	        {"/words", "format=csv", NULL},
	        {"/spells", NULL, NULL},
	        {"/spells", "format=json", NULL},
	        {"/spells", "level=1", NULL},
	        {"/catalog.json", NULL, NULL},
	        {"/catalog.json", "rev=7", NULL},
	};
	(void)state;
	catalog_publish(catalog_with(1, NULL)); /* the fixture's own */
	catalog_publish(catalog_with(7, NULL));
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		struct answer fresh, miss, hit;
		pagecache_enable(0);
		run(pages[i].path, pages[i].query, pages[i].accept);
		assert_int_equal(rs.status, 200);
		keep(&fresh);
		pagecache_enable(1);
		unsigned long h0 = hits();
		run(pages[i].path, pages[i].query, pages[i].accept);
		keep(&miss);
		assert_int_equal(hits(), h0);
		run(pages[i].path, pages[i].query, pages[i].accept);
		keep(&hit);
		assert_int_equal(hits(), h0 + 1); /* this one came from the cache */
		assert_same(&fresh, &miss);
		assert_same(&fresh, &hit);
		free(fresh.body);
		free(miss.body);
		free(hit.body);
	}
	/* and a conditional request on the kept export still gets its 304 */
	run("/catalog.json", "rev=7", NULL);
	const char *etag = strstr(rs.headers, "ETag: ");
	assert_non_null(etag);
	char env_inm[64];
	snprintf(env_inm, sizeof env_inm, "HTTP_IF_NONE_MATCH=%.34s", etag + 6);
	const char *env[] = {env_inm, NULL};
	struct request rq = {.method = "GET",
	                     .path = "/catalog.json",
	                     .query = "rev=7",
	                     .content_length = -1,
	                     .env = env};
	handle_request(&ctx, &rq, &rs);
	assert_int_equal(rs.status, 304);
	assert_int_equal(rs.body.len, 0);
}

/* The cache is keyed by revision: a new catalog's word shows at once. */
static void test_new_revision_new_page(void **state)
{
	struct answer before, after, fresh;
	(void)state;
	pagecache_enable(1);
	catalog_publish(catalog_with(7, NULL));
	run("/words", NULL, NULL);
	run("/words", NULL, NULL); /* kept */
	keep(&before);
	assert_null(strstr(before.body, "glimmering"));

	catalog_publish(catalog_with(8, "glimmering"));
	run("/words", NULL, NULL);
	keep(&after);
	assert_non_null(strstr(after.body, "glimmering"));
	pagecache_enable(0);
	run("/words", NULL, NULL);
	keep(&fresh);
	assert_same(&fresh, &after);
	pagecache_enable(1);
	free(before.body);
	free(after.body);
	free(fresh.body);
}

static void put_body(enum pagecache_shelf s, const char *key, uint64_t rev, size_t len, char fill)
{
	struct response r = {.status = 200, .content_type = CT_TEXT};
	buf_init(&r.body);
	assert_int_equal(buf_reserve(&r.body, len), 0);
	memset(r.body.data, fill, len);
	r.body.len = len;
	pagecache_put(s, key, rev, &r);
	buf_free(&r.body);
}

/* The bounds: bytes and entries per shelf, the largest answer kept, the
 * least recently used dropped first, one shelf's flood leaving the other. */
static void test_bounded(void **state)
{
	struct pagecache_stats st;
	char key[32];
	(void)state;
	pagecache_enable(1);
	put_body(PAGECACHE_REVISION, "words", 1, 1000, 'w');
	/* a flood of 300 KB answers on the inputs shelf: 8 MB asked for */
	for (int i = 0; i < 28; i++) {
		snprintf(key, sizeof key, "map|%d", i);
		put_body(PAGECACHE_INPUTS, key, 1, 300 * 1024, 'm');
		if (i == 1)
			assert_int_equal(pagecache_get(PAGECACHE_INPUTS, "map|0", 1, &rs), 1);
		if (i > 1) /* map|0 was the last one hit: the oldest is map|1 */
			assert_int_equal(pagecache_get(PAGECACHE_INPUTS, "map|0", 1, &rs), 1);
	}
	pagecache_stats(PAGECACHE_INPUTS, &st);
	assert_true(st.bytes <= PAGECACHE_SHELF_BYTES);
	assert_int_equal(st.entries, PAGECACHE_SHELF_BYTES / (300 * 1024));
	assert_int_equal(pagecache_get(PAGECACHE_INPUTS, "map|1", 1, &rs), 0);
	assert_int_equal(pagecache_get(PAGECACHE_INPUTS, "map|27", 1, &rs), 1);
	assert_int_equal(rs.body.len, 300 * 1024);
	assert_int_equal(pagecache_get(PAGECACHE_REVISION, "words", 1, &rs), 1);
	assert_int_equal(rs.body.len, 1000);
	/* many small answers: no more entries than slots */
	for (int i = 0; i < PAGECACHE_SHELF_SLOTS + 50; i++) {
		snprintf(key, sizeof key, "small|%d", i);
		put_body(PAGECACHE_INPUTS, key, 1, 10, 's');
	}
	pagecache_stats(PAGECACHE_INPUTS, &st);
	assert_int_equal(st.entries, PAGECACHE_SHELF_SLOTS);
	/* too large, or not a 200: not kept */
	put_body(PAGECACHE_INPUTS, "huge", 1, PAGECACHE_ENTRY_MAX + 1, 'h');
	assert_int_equal(pagecache_get(PAGECACHE_INPUTS, "huge", 1, &rs), 0);
	struct response bad = {.status = 503, .content_type = CT_TEXT, .retry_after = 1};
	buf_init(&bad.body);
	pagecache_put(PAGECACHE_INPUTS, "bad", 1, &bad);
	assert_int_equal(pagecache_get(PAGECACHE_INPUTS, "bad", 1, &rs), 0);
	/* another revision of a key replaces it, and the old one misses */
	put_body(PAGECACHE_REVISION, "words", 2, 10, 'x');
	assert_int_equal(pagecache_get(PAGECACHE_REVISION, "words", 1, &rs), 0);
	assert_int_equal(pagecache_get(PAGECACHE_REVISION, "words", 2, &rs), 1);
	assert_int_equal(rs.body.len, 10);
	pagecache_stats(PAGECACHE_REVISION, &st);
	assert_int_equal(st.entries, 1);
	assert_int_equal(st.bytes, 10);
}

/* A flood of filters (each q= its own answer, as many as a client likes)
 * cannot push out the pages that depend on the revision alone: after
 * more distinct /words?q= and /spells?q= than a shelf has slots, the
 * current export and the unfiltered word list are still served as kept. */
static void test_filters_leave_the_revision_pages(void **state)
{
	char q[32];
	(void)state;
	pagecache_enable(1);
	run("/catalog.json", NULL, NULL);
	assert_int_equal(rs.status, 200);
	run("/words", NULL, NULL);
	assert_int_equal(rs.status, 200);
	for (int i = 0; i < PAGECACHE_SHELF_SLOTS + 20; i++) {
		snprintf(q, sizeof q, "q=flood%d", i);
		run(i % 2 ? "/spells" : "/words", q, NULL);
		assert_int_equal(rs.status, 200);
	}
	unsigned long before = hits();
	run("/catalog.json", NULL, NULL);
	assert_int_equal(rs.status, 200);
	assert_int_equal(hits(), before + 1);
	run("/words", NULL, NULL);
	assert_int_equal(rs.status, 200);
	assert_int_equal(hits(), before + 2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_cached_equals_rendered),
	        cmocka_unit_test(test_new_revision_new_page),
	        cmocka_unit_test(test_bounded),
	        cmocka_unit_test(test_filters_leave_the_revision_pages),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
