/* kept: with nginx's LF_KEPT, a kept page is answered by a redirect to
 * /_kept/REV/F/PATH?QUERY; that inner request is the page itself, byte
 * for byte, and is marked for nginx to keep only when made at REV. Without
 * LF_KEPT nothing changes; a /_kept/ path nginx did not send, or that does
 * not read as one, is a 404. Through handle_request with the fixture
 * catalog and the real templates (run from the project root); the whole
 * path through nginx is tests/integration/test_pagecache.py's. */
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
#include "kept.h"
#include "pagecache.h"
#include "tmpl.h"

static struct handler_ctx ctx;
static struct response rs;

static const char *const env_plain[] = {"HTTP_HOST=example.org", NULL};
static const char *const env_kept[] = {"HTTP_HOST=example.org", "LF_KEPT=1", NULL};

static void run(const char *path, const char *query, const char *accept, int kept)
{
	struct request rq = {.method = "GET",
	                     .path = path,
	                     .query = query,
	                     .accept = accept,
	                     .content_length = -1,
	                     .env = kept ? env_kept : env_plain};
	handle_request(&ctx, &rq, &rs);
}

/* The answer so far, to compare with a later one. */
struct answer {
	int status;
	char content_type[64];
	char headers[RESPONSE_HEADERS_MAX];
	char *body;
	size_t len;
};

static void keep(struct answer *a)
{
	a->status = rs.status;
	snprintf(a->content_type, sizeof a->content_type, "%s",
	         rs.content_type ? rs.content_type : "");
	memcpy(a->headers, rs.headers, sizeof a->headers);
	a->len = rs.body.len;
	a->body = malloc(a->len + 1);
	assert_non_null(a->body);
	memcpy(a->body, rs.body.data ? rs.body.data : "", a->len);
	a->body[a->len] = '\0';
}

/* The value of header line name in rs, copied into out; NULL when absent. */
static const char *header(const char *name, char *out, size_t cap)
{
	char want[64];
	snprintf(want, sizeof want, "%s: ", name);
	const char *h = strstr(rs.headers, want);
	if (!h)
		return NULL;
	h += strlen(want);
	size_t n = strcspn(h, "\r");
	snprintf(out, cap, "%.*s", (int)n, h);
	return out;
}

static int setup(void **state)
{
	(void)state;
	if (tmpl_init("templates", NULL) != 0)
		return -1;
	rng_seed(&ctx.seeds, 27);
	buf_init(&rs.body);
	catalog_publish(fixture_catalog()); /* revision 1 */
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	buf_free(&rs.body);
	arena_free(&ctx.arena);
	catalog_shutdown();
	return 0;
}

/* Each kept page, in each format: the redirect names the revision, the
 * format chosen and the query as sent; following it gives the page as it
 * is answered without nginx, plus the mark. */
static void test_redirect_and_inner_page(void **state)
{
	static const struct {
		const char *path, *query, *accept, *uri;
	} pages[] = {
	        {"/words", NULL, NULL, "/_kept/1/h/words"},
	        {"/words", "format=json", NULL, "/_kept/1/j/words?format=json"},
	        {"/words", NULL, "application/json", "/_kept/1/j/words"},
	        {"/words", "kind=weapon&part=element", NULL,
	         "/_kept/1/h/words?kind=weapon&part=element"},
	        {"/words", "format=csv", NULL, "/_kept/1/j/words?format=csv"},
	        {"/spells", NULL, NULL, "/_kept/1/h/spells"},
	        {"/spells", "level=1", "application/json", "/_kept/1/j/spells?level=1"},
	};
	char v[600];
	(void)state;
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		struct answer direct;
		run(pages[i].path, pages[i].query, pages[i].accept, 0);
		assert_int_equal(rs.status, 200);
		assert_null(header("X-Accel-Redirect", v, sizeof v));
		assert_null(header("X-Accel-Expires", v, sizeof v));
		assert_true(rs.body.len > 100);
		keep(&direct);

		run(pages[i].path, pages[i].query, pages[i].accept, 1);
		assert_int_equal(rs.status, 200);
		assert_int_equal(rs.body.len, 0);
		assert_non_null(header("X-Accel-Redirect", v, sizeof v));
		assert_string_equal(v, pages[i].uri);
		/* no Cache-Control line, no charset: nginx would carry them over */
		assert_string_equal(rs.cache_control, "");
		assert_string_equal(rs.content_type, "text/plain");

		/* the inner request: the original's Accept is still sent by nginx,
		 * and must not matter (the format is in the URI) */
		char path[600];
		snprintf(path, sizeof path, "%s", v);
		char *q = strchr(path, '?');
		if (q)
			*q++ = '\0';
		run(path, q, "text/plain;q=0.1, image/png", 1);
		assert_int_equal(rs.status, 200);
		assert_non_null(header("X-Accel-Expires", v, sizeof v));
		assert_string_equal(v, "31536000");
		assert_null(header("X-Accel-Redirect", v, sizeof v));
		assert_string_equal(rs.content_type, direct.content_type);
		assert_int_equal(rs.body.len, direct.len);
		assert_memory_equal(rs.body.data, direct.body, direct.len);
		/* the headers are the direct answer's and the mark */
		char inner_headers[RESPONSE_HEADERS_MAX];
		static const char mark[] = "X-Accel-Expires: 31536000\r\n";
		const char *at = strstr(rs.headers, mark);
		assert_non_null(at);
		snprintf(inner_headers, sizeof inner_headers, "%.*s%s", (int)(at - rs.headers),
		         rs.headers, at + sizeof mark - 1);
		assert_string_equal(inner_headers, direct.headers);
		free(direct.body);
	}
}

/* The inner request at a revision that is not the current one (it changed
 * between the redirect and the miss): the current page, not kept. */
static void test_other_revision_not_kept(void **state)
{
	char v[600];
	(void)state;
	run("/_kept/2/h/words", NULL, NULL, 1);
	assert_int_equal(rs.status, 200);
	assert_true(rs.body.len > 100);
	assert_null(header("X-Accel-Expires", v, sizeof v));
	run("/_kept/1/h/words", NULL, NULL, 1);
	assert_non_null(header("X-Accel-Expires", v, sizeof v));
}

/* An error is answered at once, and as an inner request it is not kept. */
static void test_errors_not_kept(void **state)
{
	char v[600];
	(void)state;
	run("/words", "kind=nonsense", NULL, 1);
	assert_int_equal(rs.status, 400);
	assert_null(header("X-Accel-Redirect", v, sizeof v));
	run("/_kept/1/h/words", "kind=nonsense", NULL, 1);
	assert_int_equal(rs.status, 400);
	assert_null(header("X-Accel-Expires", v, sizeof v));
	run("/_kept/1/j/spells", "level=99", NULL, 1);
	assert_int_equal(rs.status, 400);
	assert_string_equal(rs.content_type, CT_JSON);
	assert_null(header("X-Accel-Expires", v, sizeof v));
}

/* A query that cannot go into a header as it is, or is too long for one,
 * is answered directly. */
static void test_query_not_redirected(void **state)
{
	static char lengthy[700];
	char v[600];
	(void)state;
	memcpy(lengthy, "q=", 2);
	memset(lengthy + 2, 'a', sizeof lengthy - 3);
	const char *queries[] = {"q=fire and ice", "q=\xc3\xa9", "q=a\tb", lengthy};
	for (size_t i = 0; i < sizeof queries / sizeof queries[0]; i++) {
		run("/words", queries[i], NULL, 1);
		assert_null(header("X-Accel-Redirect", v, sizeof v));
		assert_true(rs.body.len > 0);
	}
	/* and an inner request never redirects again */
	run("/_kept/1/h/spells", NULL, NULL, 1);
	assert_null(header("X-Accel-Redirect", v, sizeof v));
}

/* /_kept/ that nginx did not send, or that does not read as one: 404. */
static void test_bad_paths(void **state)
{
	static const char *const paths[] = {
	        "/_kept/1/h/words", /* without LF_KEPT: below */
	        "/_kept/0/h/words", "/_kept/01/h/words", "/_kept/x/h/words",
	        "/_kept//h/words",  "/_kept/1/z/words",  "/_kept/1/hh/words",
	        "/_kept/1/h",       "/_kept/1/h/",       "/_kept/1",
	        "/_kept/",          "/_kept/1h/words",   "/_kept/99999999999999999999999/h/words",
	};
	(void)state;
	run(paths[0], NULL, NULL, 0);
	assert_int_equal(rs.status, 404);
	for (size_t i = 1; i < sizeof paths / sizeof paths[0]; i++) {
		run(paths[i], NULL, NULL, 1);
		if (rs.status != 404)
			fail_msg("%s answered %d", paths[i], rs.status);
	}
	/* the largest revision still reads */
	run("/_kept/18446744073709551615/h/words", NULL, NULL, 1);
	assert_int_equal(rs.status, 200);
	run("/_kept/18446744073709551616/h/words", NULL, NULL, 1);
	assert_int_equal(rs.status, 404);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_redirect_and_inner_page),
	        cmocka_unit_test(test_other_revision_not_kept),
	        cmocka_unit_test(test_errors_not_kept),
	        cmocka_unit_test(test_query_not_redirected),
	        cmocka_unit_test(test_bad_paths),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
