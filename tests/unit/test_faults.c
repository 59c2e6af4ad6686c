/* Out of memory on every request path, SQLite's way: each request below is
 * made once to count the allocations it makes (arena blocks and buffer
 * growth, fault.h), then once for each n with the n-th failing. Every such
 * answer must be whole: a status with its content type, and either an
 * error (5xx) or the very bytes of the answer without the fault (an
 * allocation a page can do without, such as a cache's copy, changes
 * nothing the client sees), or for a request refused as the client's
 * mistake the same refusal (its sentence may be shorter). After each, the same request unharmed
 * answers as before: nothing half-made was kept. Under make unit-san, ASan checks that no failure
 * path leaks or touches freed memory. Runs from the project root (templates/), with the fixture
 * catalog and no database. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "fault.h"
#include "fixture.h"
#include "handler.h"
#include "tmpl.h"

static struct handler_ctx ctx;
static struct response rs;

struct answer {
	int status;
	char content_type[64];
	char *body;
	size_t len;
};

static void run(const char *path, const char *query, const char *accept)
{
	struct request rq = {
	        .method = "GET",
	        .path = path,
	        .query = query,
	        .accept = accept,
	        .content_length = -1,
	};
	/* every run from nothing: the arena's first block and the body's room
	 * are allocated again, so their failures are reached too */
	arena_free(&ctx.arena);
	buf_free(&rs.body);
	handle_request(&ctx, &rq, &rs);
}

/* s with every csrf token blanked: a client without a cookie is given a
 * new one each time, and the page's forms carry it. */
static void without_tokens(char *s, size_t n)
{
	static const char key[] = "name=\"csrf\" value=\"";
	char *end = s + n;
	for (char *p = memmem(s, n, key, sizeof key - 1); p;
	     p = memmem(p, (size_t)(end - p), key, sizeof key - 1)) {
		p += sizeof key - 1;
		for (; p < end && *p != '"'; p++)
			*p = '0';
	}
}

static void keep(struct answer *a)
{
	a->status = rs.status;
	snprintf(a->content_type, sizeof a->content_type, "%s",
	         rs.content_type ? rs.content_type : "");
	a->len = rs.body.len;
	a->body = malloc(a->len + 1);
	assert_non_null(a->body);
	memcpy(a->body, rs.body.data ? rs.body.data : "", a->len);
	a->body[a->len] = '\0';
	without_tokens(a->body, a->len);
}

static int same(const struct answer *a)
{
	if (rs.body.data)
		without_tokens(rs.body.data, rs.body.len);
	return rs.status == a->status && rs.body.len == a->len &&
	       (a->len == 0 || memcmp(rs.body.data, a->body, a->len) == 0);
}

/* Every allocation of one request failed in turn. Returns how many there
 * were, so that a test can tell the walk reached something. */
static long walk(const char *path, const char *query, const char *accept)
{
	struct answer a;

	run(path, query, accept); /* caches warmed: the count is then stable */
	fault_arm(-1);
	run(path, query, accept);
	long n = fault_seen();
	fault_arm(0);
	keep(&a);
	for (long i = 1; i <= n; i++) {
		fault_arm(i);
		run(path, query, accept);
		fault_arm(0);
		if (!same(&a)) {
			int refused_alike =
			        a.status >= 400 && a.status < 500 && rs.status == a.status;
			if ((!refused_alike && (rs.status < 500 || rs.status > 599)) ||
			    !rs.content_type)
				fail_msg("%s?%s: allocation %ld of %ld failed: status %d, %s", path,
				         query ? query : "", i, n, rs.status,
				         rs.content_type ? rs.content_type : "no content type");
			assert_true(rs.body.len == 0 || rs.body.data[rs.body.len] == '\0');
		}
		run(path, query, accept);
		if (!same(&a))
			fail_msg("%s?%s: after allocation %ld failed, the answer changed (%d, %zu "
			         "bytes)",
			         path, query ? query : "", i, rs.status, rs.body.len);
	}
	free(a.body);
	return n;
}

static void test_the_countdown(void **state)
{
	(void)state;
	struct buf b;
	buf_init(&b);
	fault_arm(1);
	assert_int_not_equal(buf_puts(&b, "x"), 0); /* the first allocation fails */
	fault_arm(0);
	buf_free(&b);
	buf_init(&b);
	fault_arm(2);
	assert_int_equal(buf_puts(&b, "x"), 0); /* only the second */
	fault_arm(0);
	buf_free(&b);
	fault_arm(-1);
	buf_init(&b);
	assert_int_equal(buf_puts(&b, "x"), 0);
	assert_int_equal(fault_seen(), 1);
	fault_arm(0);
	buf_free(&b);
}

static void test_item_paths(void **state)
{
	(void)state;
	long n = 0;
	n += walk("/", "seed=5", "text/html");
	n += walk("/generate", "kind=weapon&tier=3&seed=5", "text/html");
	n += walk("/generate", "kind=armor&tier=2&seed=9&format=json", NULL);
	n += walk("/generate", "kind=weapon&tier=4&seed=11&count=20&format=json", NULL);
	n += walk("/generate", "kind=trinket&seed=3&count=5&format=csv", NULL);
	n += walk("/generate", "kind=scroll&seed=8", "text/html");
	n += walk("/generate", "tier=9&seed=x", "text/html");
	n += walk("/generate", "tier=9&format=json", NULL);
	print_message("item paths: %ld allocations failed in turn\n", n);
	assert_true(n > 20);
}

static void test_other_paths(void **state)
{
	(void)state;
	long n = 0;
	n += walk("/healthz", NULL, NULL);
	n += walk("/catalog.json", NULL, NULL);
	n += walk("/words", "format=json", NULL);
	n += walk("/words", NULL, "text/html");
	n += walk("/spells", NULL, "text/html");
	n += walk("/map", "seed=5&format=json", NULL);
	n += walk("/map", "seed=5", "text/html");
	n += walk("/map", "w=99", "text/html");
	n += walk("/dungeon", "seed=5&format=json", NULL);
	n += walk("/loadout", "item=garbage:head", "text/html");
	n += walk("/no/such/page", NULL, "text/html");
	print_message("other paths: %ld allocations failed in turn\n", n);
	assert_true(n > 10);
}

static int setup(void **state)
{
	(void)state;
	if (tmpl_init("templates", NULL) != 0)
		return -1;
	rng_seed(&ctx.seeds, 12345);
	buf_init(&rs.body);
	catalog_publish(fixture_catalog());
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

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_the_countdown),
	        cmocka_unit_test(test_item_paths),
	        cmocka_unit_test(test_other_paths),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
