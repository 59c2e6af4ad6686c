/* The proposal, word-list and moderation routes through handle_request,
 * with the real templates and no database (ctx.db is NULL: every database
 * call answers "down"). What must hold without a database: the checks that
 * come before it (CSRF, Origin, fields, the moderator's session), the 503
 * with the form kept, and /words from the catalog. Runs from the project
 * root (it reads templates/). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "cookie.h"
#include "csrf.h"
#include "fixture.h"
#include "handler.h"
#include "page.h"
#include "render.h"
#include "settings.h"
#include "tmpl.h"

static struct handler_ctx ctx;
static struct response rs;
static char cookie_env[128 + CSRF_HEX];
static char origin_env[128];

#define CT_FORM "application/x-www-form-urlencoded"

static void run(const char *method, const char *path, const char *query, const char *body,
                const char *cookie, const char *origin)
{
	const char *env[6];
	int n = 0;

	if (cookie) {
		snprintf(cookie_env, sizeof(cookie_env), "HTTP_COOKIE=%s", cookie);
		env[n++] = cookie_env;
	}
	if (origin) {
		snprintf(origin_env, sizeof(origin_env), "HTTP_ORIGIN=%s", origin);
		env[n++] = origin_env;
	}
	env[n++] = "HTTP_HOST=example.org";
	env[n++] = "REMOTE_ADDR=192.0.2.7";
	env[n] = NULL;
	struct request rq = {
	        .method = method,
	        .path = path,
	        .query = query,
	        .content_type = body ? CT_FORM : NULL,
	        .content_length = body ? (long)strlen(body) : -1,
	        .body = body,
	        .body_len = body ? strlen(body) : 0,
	        .env = env,
	};
	handle_request(&ctx, &rq, &rs);
}

static const char *body(void)
{
	return rs.body.data ? rs.body.data : "";
}

static int has(const char *s)
{
	return strstr(body(), s) != NULL;
}

/* A cookie the server minted (setup): one the client chose is refused. */
static char cookie_value[CSRF_HEX + 1];

static int setup(void **state)
{
	(void)state;
	if (tmpl_init("templates", NULL) != 0)
		return -1;
	csrf_cookie_new(settings_secret(), cookie_value);
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

/* The token a form of the client with this cookie carries. */
static void token_of(const char *cookie, char out[CSRF_HEX + 1])
{
	csrf_token(settings_secret(), cookie, out);
}

/* A cookie value a client could choose for itself: hex of the right length. */
#define CHOSEN "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"

static void test_get_submit_sets_the_cookie(void **state)
{
	(void)state;
	run("GET", "/submit", "kind=trinket&part=type", NULL, NULL, NULL);
	assert_int_equal(rs.status, 200);
	assert_non_null(strstr(rs.headers, "Set-Cookie: lf_csrf="));
	assert_non_null(strstr(rs.headers, "HttpOnly; SameSite=Strict"));
	assert_true(has("name=\"magic\" min=\"0\" max=\"15\""));
	assert_true(has("value=\"finger\""));
	assert_true(has("name=\"submission_id\" value=\""));

	char cookie[CSRF_HEX + 16];
	snprintf(cookie, sizeof(cookie), "lf_csrf=%s", cookie_value);
	run("GET", "/submit", NULL, NULL, cookie, NULL);
	assert_int_equal(rs.status, 200);
	assert_string_equal(rs.headers, ""); /* the client's cookie is kept */
	char t[CSRF_HEX + 1], want[CSRF_HEX + 32];
	token_of(cookie_value, t);
	snprintf(want, sizeof(want), "value=\"%s\"", t);
	assert_true(has(want));
	/* one the client chose is replaced by one the server mints */
	run("GET", "/submit", NULL, NULL, "lf_csrf=" CHOSEN, NULL);
	assert_int_equal(rs.status, 200);
	assert_non_null(strstr(rs.headers, "Set-Cookie: lf_csrf="));
	assert_null(strstr(rs.headers, CHOSEN));

	run("GET", "/submit", "kind=weapon&part=material&format=json", NULL, NULL, NULL);
	assert_int_equal(rs.status, 400);
	assert_true(has("\"field\":\"part\""));
}

static void test_post_needs_the_token(void **state)
{
	char t[CSRF_HEX + 1], b[512], cookie[CSRF_HEX + 16];

	(void)state;
	token_of(cookie_value, t);
	snprintf(cookie, sizeof(cookie), "lf_csrf=%s", cookie_value);
	/* no token, wrong token, no cookie, foreign origin: 403 */
	run("POST", "/submit", "format=json", "kind=weapon&part=prefix&word=abc", cookie, NULL);
	assert_int_equal(rs.status, 403);
	snprintf(b, sizeof(b), "csrf=%064d&kind=weapon&part=prefix&word=abc", 0);
	run("POST", "/submit", "format=json", b, cookie, NULL);
	assert_int_equal(rs.status, 403);
	snprintf(b, sizeof(b), "csrf=%s&kind=weapon&part=prefix&word=abc", t);
	run("POST", "/submit", "format=json", b, NULL, NULL);
	assert_int_equal(rs.status, 403);
	run("POST", "/submit", "format=json", b, cookie, "https://evil.example");
	assert_int_equal(rs.status, 403);
	/* the right token and origin get past the check: a bad id is next */
	run("POST", "/submit", "format=json", b, cookie, "http://example.org");
	assert_int_equal(rs.status, 400);
	assert_true(has("\"field\":\"submission_id\""));
	/* the token in the address, not the body: 403 saying so */
	char q[CSRF_HEX + 32];
	snprintf(q, sizeof(q), "format=json&c%%73rf=%s", t);
	run("POST", "/submit", q, "kind=weapon&part=prefix&word=abc", cookie, NULL);
	assert_int_equal(rs.status, 403);
	assert_true(has("\"field\":\"csrf\""));
	assert_true(has("came in the address"));
	/* a cookie the client chose, with the token the server gives for it: 403 */
	token_of(CHOSEN, t);
	snprintf(b, sizeof(b), "csrf=%s&kind=weapon&part=prefix&word=abc", t);
	run("POST", "/submit", "format=json", b, "lf_csrf=" CHOSEN, NULL);
	assert_int_equal(rs.status, 403);
	assert_true(has("\"field\":\"csrf\""));
	assert_true(has("not issued by this site"));
}

/* With the database down: 503, Retry-After, and the form as typed. */
static void test_post_db_down_keeps_the_form(void **state)
{
	char t[CSRF_HEX + 1], b[512], cookie[CSRF_HEX + 16], want[96];
	const char sid[] = "0123456789abcdef0123456789abcdef";

	(void)state;
	token_of(cookie_value, t);
	snprintf(cookie, sizeof(cookie), "lf_csrf=%s", cookie_value);
	snprintf(b, sizeof(b),
	         "csrf=%s&submission_id=%s&kind=armor&part=type&word=Sch%%C3%%BCrze&tier=4"
	         "&slot=legs&defense=17&sneak=-2&classes=rigid+mail",
	         t, sid);
	run("POST", "/submit", NULL, b, cookie, NULL);
	assert_int_equal(rs.status, 503);
	assert_true(has("name=\"classes\" required maxlength=\"136\" autocomplete=\"off\" "
	                "value=\"rigid mail\""));
	assert_int_equal(rs.retry_after, 5);
	assert_true(has("value=\"Sch\u00fcrze\""));
	assert_true(has("<option value=\"legs\" selected>"));
	assert_true(has("<option value=\"4\" selected>"));
	assert_true(has("name=\"defense\" min=\"0\" max=\"30\" step=\"1\" value=\"17\""));
	assert_true(has("name=\"sneak\" min=\"-5\" max=\"5\" step=\"1\" value=\"-2\""));
	snprintf(want, sizeof(want), "value=\"%s\"", sid);
	assert_true(has(want));
	snprintf(want, sizeof(want), "value=\"%s\"", t);
	assert_true(has(want));

	/* SPEC §12: a type without its classes is a 400 naming the field */
	snprintf(b, sizeof(b),
	         "csrf=%s&submission_id=%s&kind=armor&part=type&word=ok&tier=4&slot=legs"
	         "&defense=3&format=json",
	         t, sid);
	run("POST", "/submit", NULL, b, cookie, NULL);
	assert_int_equal(rs.status, 400);
	assert_true(has("\"field\":\"classes\""));

	/* a bad stat is named before the database is asked */
	snprintf(b, sizeof(b),
	         "csrf=%s&submission_id=%s&kind=armor&part=type&word=ok&tier=4&slot=legs"
	         "&defense=31&classes=rigid&format=json",
	         t, sid);
	run("POST", "/submit", NULL, b, cookie, NULL);
	assert_int_equal(rs.status, 400);
	assert_true(has("\"field\":\"defense\""));
}

static void test_moderate_without_session(void **state)
{
	static const char *const methods[] = {"GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"};
	static const char *const paths[] = {"/moderate", "/moderate/approve", "/moderate/reject",
	                                    "/moderate/x/y"};

	(void)state;
	for (size_t m = 0; m < sizeof(methods) / sizeof(methods[0]); m++)
		for (size_t p = 0; p < sizeof(paths) / sizeof(paths[0]); p++) {
			run(methods[m], paths[p], NULL, "id=1&csrf=x", NULL, NULL);
			assert_int_equal(rs.status, 401);
			run(methods[m], paths[p], NULL, "id=1", "lf_session=nothex", NULL);
			assert_int_equal(rs.status, 401);
		}
	run("GET", "/moderate", NULL, NULL, NULL, NULL);
	assert_true(has("href=\"/login\""));
	/* a well-formed session cookie must be looked up: the database is down */
	run("POST", "/moderate/approve", "format=json", "id=1",
	    "lf_session=00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff", NULL);
	assert_int_equal(rs.status, 503);
	/* not under /moderate */
	run("GET", "/moderates", NULL, NULL, NULL, NULL);
	assert_int_equal(rs.status, 404);
}

static void test_login(void **state)
{
	char t[CSRF_HEX + 1], b[256], cookie[CSRF_HEX + 16];

	(void)state;
	run("GET", "/login", NULL, NULL, NULL, NULL);
	assert_int_equal(rs.status, 200);
	assert_true(has("name=\"password\""));
	assert_non_null(strstr(rs.headers, "lf_csrf="));
	run("POST", "/login", NULL, "name=a&password=bbbbbbbbbbbbbbbb", NULL, NULL);
	assert_int_equal(rs.status, 403);
	token_of(cookie_value, t);
	snprintf(cookie, sizeof(cookie), "lf_csrf=%s", cookie_value);
	snprintf(b, sizeof(b), "csrf=%s&name=bad%%20name&password=x", t);
	run("POST", "/login", NULL, b, cookie, NULL);
	assert_int_equal(rs.status, 400);
	snprintf(b, sizeof(b), "csrf=%s&name=alice&password=x", t);
	run("POST", "/login", NULL, b, cookie, NULL);
	assert_int_equal(rs.status, 503); /* no database */
	run("POST", "/logout", NULL, "", NULL, NULL);
	assert_int_equal(rs.status, 303); /* no session: nothing to end */
	assert_non_null(strstr(rs.headers, "Set-Cookie: lf_session=; Path=/"));
	assert_non_null(strstr(rs.headers, "Max-Age=0"));
}

static void test_words(void **state)
{
	(void)state;
	run("GET", "/words", NULL, NULL, NULL, NULL);
	assert_int_equal(rs.status, 503); /* no catalog yet */
	assert_int_equal(rs.retry_after, 1);
	catalog_publish(fixture_catalog());
	run("GET", "/words", "kind=weapon", NULL, NULL, NULL);
	assert_int_equal(rs.status, 200);
	assert_true(has("longsword"));
	assert_false(has("rusted pike")); /* inactive */
	assert_false(has("<script>alert(1)</script>"));
	assert_true(has("&lt;script&gt;alert(1)&lt;/script&gt;"));
	run("GET", "/words", "kind=weapon&part=element&format=json", NULL, NULL, NULL);
	assert_int_equal(rs.status, 200);
	assert_true(has("\"word\":\"flaming\""));
	assert_false(has("withering"));
	assert_false(has("\"part\":\"prefix\""));
	run("GET", "/words", "kind=dragon", NULL, NULL, NULL);
	assert_int_equal(rs.status, 400);
	run("POST", "/words", NULL, "x=1", NULL, NULL);
	assert_int_equal(rs.status, 405);
}

/* A page that cannot be rendered answers 500 in the format it was to have:
 * an HTML page or a JSON error, never plain text. */
static void test_500_in_the_page_format(void **state)
{
	(void)state;
	page_send_html(&rs, 200, NULL);
	assert_int_equal(rs.status, 500);
	assert_string_equal(rs.content_type, "text/html; charset=utf-8");
	assert_non_null(strstr(rs.body.data, "<!DOCTYPE html>"));

	page_send_json(&rs, 200, NULL);
	assert_int_equal(rs.status, 500);
	assert_string_equal(rs.content_type, "application/json");
	json_error_t e;
	json_t *j = json_loadb(rs.body.data, rs.body.len, 0, &e);
	assert_non_null(j);
	json_t *first = json_array_get(json_object_get(j, "errors"), 0);
	assert_string_equal(json_string_value(json_object_get(first, "code")), "internal");
	assert_true(json_is_string(json_object_get(first, "message")));
	json_decref(j);
}

/* With Secure cookies (the TLS site) the CSRF cookie is "__Host-lf_csrf":
 * the browser keeps it only from https, for this host, Path=/, so neither a
 * sibling domain nor a plain-http page can plant one. Runs last: it
 * switches the settings (and the secret) for good. */
static void test_host_prefix_when_secure(void **state)
{
	char cookie[CSRF_HEX + 32], t[CSRF_HEX + 1], b[512];

	(void)state;
	assert_int_equal(settings_init(NULL, settings_submit_limit(), 1), 0);
	run("GET", "/submit", NULL, NULL, NULL, NULL);
	assert_int_equal(rs.status, 200);
	const char *set = strstr(rs.headers, "Set-Cookie: __Host-lf_csrf=");
	assert_non_null(set);
	assert_non_null(strstr(set, "; Path=/; HttpOnly; SameSite=Strict; Secure\r\n"));
	assert_null(strstr(rs.headers, "Domain="));
	/* the plain name no longer counts: the form gets a new cookie, a POST a 403 */
	csrf_cookie_new(settings_secret(), cookie_value);
	token_of(cookie_value, t);
	snprintf(cookie, sizeof(cookie), "lf_csrf=%s", cookie_value);
	run("GET", "/submit", NULL, NULL, cookie, NULL);
	assert_non_null(strstr(rs.headers, "Set-Cookie: __Host-lf_csrf="));
	snprintf(b, sizeof(b), "csrf=%s&kind=weapon&part=prefix&word=abc", t);
	run("POST", "/submit", "format=json", b, cookie, NULL);
	assert_int_equal(rs.status, 403);
	snprintf(cookie, sizeof(cookie), "__Host-lf_csrf=%s", cookie_value);
	run("POST", "/submit", "format=json", b, cookie, NULL);
	assert_int_equal(rs.status, 400); /* past the check: the missing id is next */
	assert_true(has("\"field\":\"submission_id\""));
}

/* The session cookie the same way: "__Host-lf_session" is the
 * only name read back when cookies are Secure, so a plain lf_session that
 * a sibling domain or an http page planted names no session; logging out
 * deletes the prefixed one. Runs after the test above (Secure for good). */
static void test_session_host_prefix_when_secure(void **state)
{
	static const char hex[] =
	        "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
	char cookie[128];

	(void)state;
	assert_int_equal(settings_init(NULL, settings_submit_limit(), 1), 0);
	assert_string_equal(cookie_session_name(), "__Host-lf_session");
	/* the plain name is not even looked up: no session (401), not 503 */
	snprintf(cookie, sizeof(cookie), "lf_session=%s", hex);
	run("POST", "/moderate/approve", "format=json", "id=1", cookie, NULL);
	assert_int_equal(rs.status, 401);
	/* the prefixed one is: the database is down, so 503 */
	snprintf(cookie, sizeof(cookie), "__Host-lf_session=%s", hex);
	run("POST", "/moderate/approve", "format=json", "id=1", cookie, NULL);
	assert_int_equal(rs.status, 503);
	run("POST", "/logout", NULL, "", NULL, NULL);
	assert_int_equal(rs.status, 303);
	const char *set = strstr(rs.headers, "Set-Cookie: __Host-lf_session=; Path=/; HttpOnly; "
	                                     "SameSite=Strict; Max-Age=0; Secure\r\n");
	assert_non_null(set);
	assert_null(strstr(rs.headers, "Set-Cookie: lf_session="));
	assert_null(strstr(rs.headers, "Domain="));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_get_submit_sets_the_cookie),
	        cmocka_unit_test(test_post_needs_the_token),
	        cmocka_unit_test(test_post_db_down_keeps_the_form),
	        cmocka_unit_test(test_moderate_without_session),
	        cmocka_unit_test(test_login),
	        cmocka_unit_test(test_words),
	        cmocka_unit_test(test_500_in_the_page_format),
	        cmocka_unit_test(test_host_prefix_when_secure), /* Secure for good from here */
	        cmocka_unit_test(test_session_host_prefix_when_secure),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
