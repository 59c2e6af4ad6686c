/* handler: every route and status below FastCGI, with the real templates
 * and a small catalog published by the test (no database). The tests run in
 * order: the first ones see no catalog at all (503). Runs from the project
 * root (it reads templates/). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "catalog.h"
#include "fixture.h"
#include "form.h"
#include "generate.h"
#include "handler.h"
#include "render.h"
#include "tmpl.h"

static struct handler_ctx ctx;
static struct response rs;

#define CT_FORM "application/x-www-form-urlencoded"

static void run(const char *method, const char *path, const char *query, const char *accept,
                const char *ctype, const char *body)
{
	struct request rq = {
	        .method = method,
	        .path = path,
	        .query = query,
	        .accept = accept,
	        .content_type = ctype,
	        .content_length = body ? (long)strlen(body) : -1,
	        .body = body,
	        .body_len = body ? strlen(body) : 0,
	};
	handle_request(&ctx, &rq, &rs);
}

static const char *body(void)
{
	return rs.body.data ? rs.body.data : "";
}

/* The answer parsed as JSON (the caller json_decref's it); fails the test if
 * it is not JSON. */
static json_t *json_body(void)
{
	json_error_t e;
	assert_string_equal(rs.content_type, "application/json");
	json_t *j = json_loadb(body(), rs.body.len, 0, &e);
	if (!j)
		fail_msg("not JSON (%s): %.200s", e.text, body());
	return j;
}

/* The answer is {"errors": [{"field": field, "code": ..., "message": ...}, ...]}
 * (docs/api.md); field NULL means null. */
static void assert_json_error(int status, const char *field)
{
	assert_int_equal(rs.status, status);
	json_t *j = json_body();
	json_t *e = json_array_get(json_object_get(j, "errors"), 0);
	json_t *f = json_object_get(e, "field");
	assert_non_null(f);
	if (field)
		assert_string_equal(json_string_value(f), field);
	else
		assert_true(json_is_null(f));
	assert_true(json_is_string(json_object_get(e, "code")));
	assert_true(json_is_string(json_object_get(e, "message")));
	json_decref(j);
}

static void assert_html(int status)
{
	assert_int_equal(rs.status, status);
	assert_string_equal(rs.content_type, "text/html; charset=utf-8");
	assert_non_null(strstr(body(), "<!DOCTYPE html>"));
}

static void publish_fixture(void)
{
	catalog_publish(fixture_catalog());
}

static int setup(void **state)
{
	(void)state;
	if (tmpl_init("templates", NULL) != 0)
		return -1;
	rng_seed(&ctx.seeds, 12345);
	buf_init(&rs.body);
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

/* ---- before any catalog ---- */

static void test_no_catalog_503(void **state)
{
	(void)state;
	assert_null(catalog_acquire());
	run("GET", "/generate", "format=json", NULL, NULL, NULL);
	assert_json_error(503, NULL);
	assert_int_equal(rs.retry_after, 1);

	run("GET", "/generate", NULL, NULL, NULL, NULL);
	assert_html(503);
	assert_int_equal(rs.retry_after, 1);

	run("GET", "/", NULL, "text/html", NULL, NULL);
	assert_html(503);
	assert_int_equal(rs.retry_after, 1);
}

static void test_healthz(void **state)
{
	(void)state;
	run("GET", "/healthz", NULL, NULL, NULL, NULL); /* needs no catalog */
	assert_int_equal(rs.status, 200);
	assert_string_equal(rs.content_type, "text/plain; charset=utf-8");
	assert_string_equal(body(), "ok\n");
	assert_int_equal(rs.retry_after, 0);
	assert_int_equal(rs.cache_seconds, 0);

	run("HEAD", "/healthz", NULL, NULL, NULL, NULL);
	assert_int_equal(rs.status, 200);
	run("POST", "/healthz", NULL, NULL, CT_FORM, "");
	assert_int_equal(rs.status, 405);
	assert_string_equal(rs.allow, "GET, HEAD");
}

/* Without a database handle (and without the shared table of metrics.c):
 * readiness says degraded and why, the metrics say the database is down. */
static void test_readyz_and_metrics_without_database(void **state)
{
	(void)state;
	run("GET", "/readyz", NULL, NULL, NULL, NULL);
	assert_int_equal(rs.status, 503);
	assert_string_equal(rs.content_type, "application/json");
	json_t *j = json_body();
	assert_string_equal(json_string_value(json_object_get(j, "status")), "degraded");
	assert_true(json_is_false(json_object_get(json_object_get(j, "database"), "reachable")));
	assert_true(json_array_size(json_object_get(j, "problems")) >= 1);
	json_decref(j);

	run("GET", "/metrics", NULL, NULL, NULL, NULL);
	assert_int_equal(rs.status, 200);
	assert_non_null(strstr(rs.content_type, "version=0.0.4"));
	assert_non_null(strstr(body(), "\nlootforge_database_up 0\n"));
	assert_non_null(strstr(body(), "# TYPE lootforge_http_requests_total counter\n"));
	run("POST", "/metrics", NULL, NULL, CT_FORM, "");
	assert_int_equal(rs.status, 405);
}

/* ---- with the fixture catalog ---- */

static void test_index(void **state)
{
	(void)state;
	publish_fixture();
	run("GET", "/", NULL, "text/html,application/xhtml+xml,*/*;q=0.8", NULL, NULL);
	assert_html(200);
	assert_non_null(strstr(body(), "<form"));
	assert_non_null(strstr(body(), "class=\"card")); /* the random weapon */
	assert_int_equal(rs.retry_after, 0);
}

static void test_generate_json_by_format(void **state)
{
	(void)state;
	run("GET", "/generate", "format=json&seed=42&tier=3", NULL, NULL, NULL);
	assert_int_equal(rs.status, 200);
	json_t *j = json_body();
	assert_string_equal(json_string_value(json_object_get(j, "seed")), "42");
	assert_string_equal(json_string_value(json_object_get(j, "kind")), "weapon");
	assert_true(json_is_string(json_object_get(j, "name")));
	json_decref(j);
}

static void test_format_selection(void **state)
{
	(void)state;
	run("GET", "/generate", "seed=1", "application/json", NULL, NULL);
	assert_int_equal(rs.status, 200);
	assert_string_equal(rs.content_type, "application/json");

	run("GET", "/generate", "seed=1", "text/html, application/json;q=0.9", NULL, NULL);
	assert_html(200);

	run("GET", "/generate", "seed=1", "text/html;q=0.5, Application/JSON", NULL, NULL);
	assert_string_equal(rs.content_type, "application/json");

	run("GET", "/generate", "seed=1", "application/json;q=0", NULL, NULL);
	assert_html(200);

	run("GET", "/generate", "seed=1", "*/*", NULL, NULL);
	assert_html(200);

	run("GET", "/generate", "seed=1", "application/jsonx", NULL, NULL);
	assert_html(200);

	/* format= wins over Accept, both ways */
	run("GET", "/generate", "seed=1&format=html", "application/json", NULL, NULL);
	assert_html(200);
	run("GET", "/generate", "seed=1&format=json", "text/html", NULL, NULL);
	assert_string_equal(rs.content_type, "application/json");
}

static void test_post(void **state)
{
	(void)state;
	run("POST", "/generate", NULL, "application/json", CT_FORM,
	    "tier=3&attribute%5Btype%5D=longsword&seed=7");
	assert_int_equal(rs.status, 200);
	json_t *j = json_body();
	json_t *parts = json_object_get(j, "parts");
	assert_string_equal(json_string_value(json_object_get(parts, "type")), "longsword");
	json_decref(j);

	/* Parameters of the media type are allowed; the query counts too. */
	run("POST", "/generate", "format=json", NULL, CT_FORM "; charset=UTF-8", "seed=7");
	assert_int_equal(rs.status, 200);
	assert_string_equal(rs.content_type, "application/json");
}

static void test_415(void **state)
{
	(void)state;
	run("POST", "/generate", "format=json", NULL, "text/plain", "tier=3");
	assert_json_error(415, "Content-Type");

	run("POST", "/generate", NULL, "application/json", NULL, "tier=3");
	assert_json_error(415, "Content-Type");

	run("POST", "/generate", NULL, NULL, "application/x-www-form-urlencodedX", "tier=3");
	assert_html(415);
	assert_non_null(strstr(body(), "Content-Type"));
}

static void test_body_problems(void **state)
{
	struct request rq = {.method = "POST",
	                     .path = "/generate",
	                     .query = "format=json",
	                     .content_type = CT_FORM,
	                     .content_length = FORM_BODY_MAX + 1,
	                     .body = "",
	                     .body_len = 0,
	                     .body_truncated = 1};
	(void)state;
	handle_request(&ctx, &rq, &rs);
	assert_json_error(413, "body");

	/* Too large, format=json only in the part of the body that was read. */
	rq.query = NULL;
	rq.body = "pad=xx&format=json&pad=yy";
	rq.body_len = strlen(rq.body);
	handle_request(&ctx, &rq, &rs);
	assert_json_error(413, "body");

	/* Fewer bytes than announced: the client went away mid-body. */
	rq.query = "format=json";
	rq.body_truncated = 0;
	rq.content_length = 20;
	rq.body = "tier=3";
	rq.body_len = 6;
	handle_request(&ctx, &rq, &rs);
	assert_json_error(400, "body");
}

static void test_400_fields(void **state)
{
	(void)state;
	run("GET", "/generate", "tier=9&format=json", NULL, NULL, NULL);
	assert_json_error(400, "tier");

	/* format comes after the bad field: still answered as JSON */
	run("POST", "/generate", NULL, NULL, CT_FORM, "power=-1&format=json");
	assert_json_error(400, "power");

	run("GET", "/generate", "count=101", "application/json", NULL, NULL);
	assert_json_error(400, "count");

	run("GET", "/generate", "kind=dragon", "application/json", NULL, NULL);
	assert_json_error(400, "kind");

	run("GET", "/generate", "tier=abc", NULL, NULL, NULL);
	assert_html(400);
	assert_non_null(strstr(body(), "tier"));
	assert_non_null(strstr(body(), "<form")); /* the form is kept for correcting */
}

static void test_404_405(void **state)
{
	(void)state;
	run("GET", "/nope", NULL, "application/json", NULL, NULL);
	assert_json_error(404, NULL);
	run("GET", "/generate/", NULL, NULL, NULL, NULL);
	assert_html(404);
	run("GET", NULL, NULL, NULL, NULL, NULL);
	assert_int_equal(rs.status, 404);

	run("DELETE", "/generate", NULL, "application/json", NULL, NULL);
	assert_json_error(405, NULL);
	assert_string_equal(rs.allow, "GET, HEAD, POST");
	run("POST", "/", NULL, NULL, CT_FORM, "a=b");
	assert_html(405);
	assert_string_equal(rs.allow, "GET, HEAD");

	run("GET", "/generate", "seed=1", NULL, NULL, NULL);
	assert_null(rs.allow); /* not left over from the previous answer */
}

static char *copy_body(void)
{
	char *s = strdup(body());
	assert_non_null(s);
	return s;
}

/* s with every csrf token blanked: a client without a cookie is given a
 * new one, and the page's forms carry its token (stashpage.h). */
static char *without_tokens(char *s)
{
	static const char key[] = "name=\"csrf\" value=\"";
	for (char *p = strstr(s, key); p; p = strstr(p, key)) {
		p += sizeof key - 1;
		for (; *p && *p != '"'; p++)
			*p = '0';
	}
	return s;
}

static void test_same_seed_same_body(void **state)
{
	(void)state;
	run("GET", "/generate", "seed=987654321&tier=2&tier-variance=on", NULL, NULL, NULL);
	assert_html(200);
	char *first = without_tokens(copy_body());
	run("GET", "/generate", "seed=987654321&tier=2&tier-variance=on", NULL, NULL, NULL);
	char *second = without_tokens(copy_body());
	assert_string_equal(second, first);
	free(second);
	free(first);

	run("GET", "/generate", "seed=5&format=json", NULL, NULL, NULL);
	first = copy_body();
	run("GET", "/generate", "seed=5&format=json", NULL, NULL, NULL);
	assert_string_equal(body(), first);
	run("GET", "/generate", "seed=6&format=json", NULL, NULL, NULL);
	assert_string_not_equal(body(), first);
	free(first);
}

static void test_fresh_seeds_differ(void **state)
{
	(void)state;
	run("GET", "/generate", "format=json", NULL, NULL, NULL);
	json_t *a = json_body();
	run("GET", "/generate", "format=json", NULL, NULL, NULL);
	json_t *b = json_body();
	assert_string_not_equal(json_string_value(json_object_get(a, "seed")),
	                        json_string_value(json_object_get(b, "seed")));
	json_decref(a);
	json_decref(b);
}

static void test_count_batch_seeds(void **state)
{
	char want[32];
	(void)state;
	run("GET", "/generate", "count=3&seed=100&format=json", NULL, NULL, NULL);
	assert_int_equal(rs.status, 200);
	json_t *j = json_body();
	json_t *items = json_object_get(j, "items");
	assert_int_equal(json_array_size(items), 3);
	/* the items were drawn from the request's arena, released after the answer */
	assert_non_null(ctx.arena.first);
	assert_int_equal(ctx.arena.used, 0);
	assert_string_equal(json_string_value(json_object_get(json_array_get(items, 0), "seed")),
	                    "100");
	snprintf(want, sizeof(want), "%" PRIu64, generate_batch_seed(100, 2));
	assert_string_equal(json_string_value(json_object_get(json_array_get(items, 2), "seed")),
	                    want);
	json_decref(j);

	/* count=1 given: still a list */
	run("GET", "/generate", "count=1&format=json", NULL, NULL, NULL);
	j = json_body();
	assert_int_equal(json_array_size(json_object_get(j, "items")), 1);
	json_decref(j);
}

static void test_other_kinds(void **state)
{
	(void)state;
	for (int k = 0; k < K__MAX; k++) {
		char q[64];
		snprintf(q, sizeof(q), "kind=%s&format=json&seed=3", kind_names[k]);
		run("GET", "/generate", q, NULL, NULL, NULL);
		if (!recipe_for((enum kind)k)) {
			assert_json_error(400, "kind");
			continue;
		}
		assert_int_equal(rs.status, 200);
		json_t *j = json_body();
		assert_string_equal(json_string_value(json_object_get(j, "kind")), kind_names[k]);
		json_decref(j);
	}
}

/* A catalog without any weapon base type: 503 with Retry-After, in the
 * client's format, no internals. */
static void test_503_without_base_types(void **state)
{
	struct catalog *c = catalog_new(2);
	struct entry e = {.id = 1, .word = "flaming", .active = 1, .weight = 1};
	(void)state;
	assert_non_null(c);
	assert_int_equal(catalog_add(c, K_WEAPON, P_ELEMENT, &e), 0);
	assert_int_equal(catalog_finish(c), 0);
	catalog_publish(c);

	run("GET", "/generate", "format=json", NULL, NULL, NULL);
	assert_json_error(503, NULL);
	assert_true(rs.retry_after > 0);
	assert_null(strstr(body(), "revision"));
	run("GET", "/", NULL, NULL, NULL, NULL);
	assert_html(503);
	assert_true(rs.retry_after > 0);
	run("GET", "/", "format=json", NULL, NULL, NULL);
	assert_json_error(503, NULL);

	publish_fixture();
	run("GET", "/generate", "format=json", NULL, NULL, NULL);
	assert_int_equal(rs.status, 200);
}

/* A word the JSON renderer refuses (not UTF-8): the 500 still comes in the
 * client's format, JSON or HTML, never as plain text. */
static void test_500_in_client_format(void **state)
{
	struct catalog *c = catalog_new(3);
	struct entry e = {.id = 1, .word = "bad \xc3", .active = 1, .tier = 1, .weight = 1};
	(void)state;
	assert_non_null(c);
	assert_int_equal(catalog_add(c, K_WEAPON, P_TYPE, &e), 0);
	assert_int_equal(catalog_finish(c), 0);
	catalog_publish(c);

	run("GET", "/generate", "format=json", NULL, NULL, NULL);
	assert_json_error(500, NULL);
	run("GET", "/generate", NULL, "application/json", NULL, NULL);
	assert_json_error(500, NULL);

	publish_fixture();
}

/* GET / honours the query as /generate does (format, count, kind). */
static void test_index_query(void **state)
{
	(void)state;
	run("GET", "/", "format=json", NULL, NULL, NULL);
	assert_int_equal(rs.status, 200);
	json_t *j = json_body();
	assert_string_equal(json_string_value(json_object_get(j, "kind")), "weapon");
	json_decref(j);

	run("GET", "/", "format=json&count=5&kind=armor", NULL, NULL, NULL);
	assert_int_equal(rs.status, 200);
	j = json_body();
	json_t *items = json_object_get(j, "items");
	assert_int_equal(json_array_size(items), 5);
	assert_string_equal(json_string_value(json_object_get(json_array_get(items, 4), "kind")),
	                    "armor");
	json_decref(j);

	run("GET", "/", "count=5", "text/html", NULL, NULL);
	assert_html(200);
	size_t cards = 0;
	for (const char *p = body(); (p = strstr(p, "class=\"card rarity-")) != NULL; p++)
		cards++;
	assert_int_equal(cards, 5);

	run("GET", "/", "tier=9&format=json", NULL, NULL, NULL);
	assert_json_error(400, "tier");
}

static void test_reasons(void **state)
{
	(void)state;
	assert_string_equal(http_reason(200), "OK");
	assert_string_equal(http_reason(400), "Bad Request");
	assert_string_equal(http_reason(404), "Not Found");
	assert_string_equal(http_reason(405), "Method Not Allowed");
	assert_string_equal(http_reason(415), "Unsupported Media Type");
	assert_string_equal(http_reason(500), "Internal Server Error");
	assert_string_equal(http_reason(503), "Service Unavailable");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_no_catalog_503), /* first: nothing published yet */
	        cmocka_unit_test(test_healthz),
	        cmocka_unit_test(test_readyz_and_metrics_without_database),
	        cmocka_unit_test(test_index), /* publishes the fixture */
	        cmocka_unit_test(test_generate_json_by_format),
	        cmocka_unit_test(test_format_selection),
	        cmocka_unit_test(test_post),
	        cmocka_unit_test(test_415),
	        cmocka_unit_test(test_body_problems),
	        cmocka_unit_test(test_400_fields),
	        cmocka_unit_test(test_404_405),
	        cmocka_unit_test(test_same_seed_same_body),
	        cmocka_unit_test(test_fresh_seeds_differ),
	        cmocka_unit_test(test_count_batch_seeds),
	        cmocka_unit_test(test_other_kinds),
	        cmocka_unit_test(test_503_without_base_types),
	        cmocka_unit_test(test_500_in_client_format),
	        cmocka_unit_test(test_index_query),
	        cmocka_unit_test(test_reasons),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
