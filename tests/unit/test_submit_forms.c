/* The spell and name proposal forms (/submit/spell, /submit/name: one flow
 * in submit.c, a table entry each) through handle_request, with the real
 * templates and no database (ctx.db is NULL: every database call answers
 * "down"). Each case runs on both forms: what the flow promises before the
 * database (the form and its JSON description, the token, the checks in
 * their order, the field a 4xx names, both formats) and the 503 that keeps
 * the form as typed. Runs from the project root (it reads templates/). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "csrf.h"
#include "fixture.h"
#include "handler.h"
#include "settings.h"
#include "tmpl.h"

static struct handler_ctx ctx;
static struct response rs;

#define CT_FORM "application/x-www-form-urlencoded"
#define SID     "0123456789abcdef0123456789abcdef"

/* A cookie the server minted (setup): one the client chose is refused. */
static char cookie_value[CSRF_HEX + 1];

/* One form under test: a proposal it takes, one it refuses (the field and
 * why), and its JSON description's field list. */
struct form_case {
	const char *path, *title;
	const char *valid;           /* the form's own fields, urlencoded */
	const char *typed;           /* how the HTML form shows valid's first field */
	const char *bad, *bad_field; /* refused by the parse: 400 naming bad_field */
	const char *fields;          /* the JSON description's "fields" */
};

static const struct form_case forms[] = {
        {"/submit/spell", "Propose a spell",
         "name=Shade%20Skip&mana=20&level=3&tier=2&effect1=light%204%20100", "value=\"Shade Skip\"",
         "name=Shade%20Skip&mana=501&level=3&tier=2&effect1=light%204%20100", "mana",
         "[\"name\",\"mana\",\"level\",\"tier\",\"effect1\",\"effect2\",\"effect3\",\"effect4\","
         "\"effect5\",\"effect1_kind\",\"effect1_p1\",\"effect1_p2\",\"effect1_p3\",\"effect1_p4\","
         "\"e"
         "ffect1_p5\",\"effect2_kind\",\"effect2_p1\",\"effect2_p2\",\"effect2_p3\",\"effe"
         "ct2_p4\",\"effect2_p5\",\"effect3_kind\",\"effect3_p1\",\"effect3_p2\",\"effect3"
         "_p3\",\"effect3_p4\",\"effect3_p5\",\"effect4_kind\",\"effect4_p1\",\"effect4_p2"
         "\",\"effect4_p3\",\"effect4_p4\",\"effect4_p5\",\"effect5_kind\",\"effect5_p1\","
         "\"effect5_p2\",\"effect5_p3\",\"effect5_p4\",\"effect5_p5\"]"},
        {"/submit/name", "Propose a name", "name=Qzxalpha", "value=\"Qzxalpha\"", "name=Zorvyn2",
         "name", "[\"name\"]"},
};
#define N_FORMS (sizeof(forms) / sizeof(forms[0]))

static void run(const char *method, const char *path, const char *query, const char *ctype,
                const char *body, int with_cookie)
{
	static char cookie_env[64 + CSRF_HEX];
	const char *env[4];
	int n = 0;

	if (with_cookie) {
		snprintf(cookie_env, sizeof(cookie_env), "HTTP_COOKIE=lf_csrf=%s", cookie_value);
		env[n++] = cookie_env;
	}
	env[n++] = "HTTP_HOST=example.org";
	env[n++] = "REMOTE_ADDR=192.0.2.9";
	env[n] = NULL;
	struct request rq = {
	        .method = method,
	        .path = path,
	        .query = query,
	        .content_type = body ? ctype : NULL,
	        .content_length = body ? (long)strlen(body) : -1,
	        .body = body,
	        .body_len = body ? strlen(body) : 0,
	        .env = env,
	};
	handle_request(&ctx, &rq, &rs);
}

static void post(const struct form_case *f, const char *query, const char *fmt, ...)
{
	static char b[1024];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(b, sizeof(b), fmt, ap);
	va_end(ap);
	run("POST", f->path, query, CT_FORM, b, 1);
}

static const char *body(void)
{
	return rs.body.data ? rs.body.data : "";
}

static int has(const char *s)
{
	return strstr(body(), s) != NULL;
}

static const char *token(void)
{
	static char t[CSRF_HEX + 1];

	csrf_token(settings_secret(), cookie_value, t);
	return t;
}

/* The answer as JSON (the test fails when it is not). */
static json_t *answer_json(void)
{
	json_error_t e;
	json_t *j = json_loadb(body(), rs.body.len, 0, &e);

	assert_non_null(j);
	assert_string_equal(rs.content_type, "application/json");
	return j;
}

/* A JSON error answer: its status, and the field it names (NULL: none). */
static void assert_json_error(int status, const char *field)
{
	json_t *j = answer_json();
	json_t *e = json_array_get(json_object_get(j, "errors"), 0); /* docs/api.md */
	json_t *f = json_object_get(e, "field");

	assert_int_equal(rs.status, status);
	if (field)
		assert_string_equal(json_string_value(f), field);
	else
		assert_true(json_is_null(f));
	assert_non_null(json_string_value(json_object_get(e, "code")));
	assert_non_null(json_string_value(json_object_get(e, "message")));
	json_decref(j);
}

/* The HTML form again: its action, the client's token and the id. */
static void assert_html_form(int status, const struct form_case *f, const char *sid)
{
	char want[128];

	assert_int_equal(rs.status, status);
	assert_string_equal(rs.content_type, "text/html; charset=utf-8");
	snprintf(want, sizeof(want), "action=\"%s\"", f->path);
	assert_true(has(want));
	snprintf(want, sizeof(want), "name=\"csrf\" value=\"%s\"", token());
	assert_true(has(want));
	if (sid) {
		snprintf(want, sizeof(want), "name=\"submission_id\" value=\"%s\"", sid);
		assert_true(has(want));
	}
}

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

/* GET: the form with a fresh id, the cookie set when missing; JSON: the
 * token of the client's cookie, the id and exactly the form's own fields. */
static void test_get_the_form(void **state)
{
	(void)state;
	for (size_t i = 0; i < N_FORMS; i++) {
		const struct form_case *f = &forms[i];
		char title[64];

		run("GET", f->path, NULL, NULL, NULL, 0);
		assert_int_equal(rs.status, 200);
		assert_non_null(strstr(rs.headers, "Set-Cookie: lf_csrf="));
		snprintf(title, sizeof(title), "<title>%s", f->title);
		assert_true(has(title));
		assert_true(has("name=\"submission_id\" value=\""));

		run("GET", f->path, NULL, NULL, NULL, 1);
		assert_string_equal(rs.headers, ""); /* the client's cookie is kept */
		assert_html_form(200, f, NULL);

		run("GET", f->path, "format=json", NULL, NULL, 1);
		assert_int_equal(rs.status, 200);
		json_t *j = answer_json();
		assert_int_equal(json_object_size(j), 3);
		assert_string_equal(json_string_value(json_object_get(j, "csrf")), token());
		const char *sid = json_string_value(json_object_get(j, "submission_id"));
		assert_non_null(sid);
		assert_int_equal(strspn(sid, "0123456789abcdef"), 32);
		assert_int_equal(strlen(sid), 32);
		char *fields = json_dumps(json_object_get(j, "fields"), JSON_COMPACT);
		assert_string_equal(fields, f->fields);
		free(fields);
		json_decref(j);
	}
}

/* GET with a bad field: 400 naming it (HTML: the form, empty); ?received=
 * a malformed id: 400 naming received; a well-formed one: the database is
 * asked, and down here: 503 with Retry-After. */
static void test_get_checks(void **state)
{
	(void)state;
	for (size_t i = 0; i < N_FORMS; i++) {
		const struct form_case *f = &forms[i];

		run("GET", f->path, "format=xml", NULL, NULL, 1);
		assert_html_form(400, f, NULL);
		assert_true(has("<strong class=\"error-field\">format</strong>"));
		run("GET", f->path, "received=zz&format=json", NULL, NULL, 1);
		assert_json_error(400, "received");
		run("GET", f->path, "received=" SID "&format=json", NULL, NULL, 1);
		assert_json_error(503, NULL);
		assert_int_equal(rs.retry_after, 5);
		run("GET", f->path, "received=" SID, NULL, NULL, 1);
		assert_html_form(503, f, NULL);
	}
}

/* POST, in the order the flow checks: the body, the token, the id, the
 * form's own parse, then the database (down: 503, the form kept as typed
 * with the same id and a valid token). */
static void test_post_checks_in_order(void **state)
{
	(void)state;
	for (size_t i = 0; i < N_FORMS; i++) {
		const struct form_case *f = &forms[i];

		run("POST", f->path, "format=json", "text/plain", "name=x", 1);
		assert_json_error(415, "Content-Type");
		/* no token, a wrong one */
		post(f, "format=json", "submission_id=%s&%s", SID, f->valid);
		assert_json_error(403, "csrf");
		post(f, "format=json", "csrf=%064d&submission_id=%s&%s", 0, SID, f->valid);
		assert_json_error(403, "csrf");
		post(f, NULL, "csrf=%064d&submission_id=%s&%s", 0, SID, f->valid);
		assert_html_form(403, f, SID);
		assert_true(has(f->typed));
		/* the token, but no id or a bad one */
		post(f, "format=json", "csrf=%s&%s", token(), f->valid);
		assert_json_error(400, "submission_id");
		post(f, "format=json", "csrf=%s&submission_id=%s&%s", token(), "ABC", f->valid);
		assert_json_error(400, "submission_id");
		/* refused by the form's parse */
		post(f, "format=json", "csrf=%s&submission_id=%s&%s", token(), SID, f->bad);
		assert_json_error(400, f->bad_field);
		post(f, NULL, "csrf=%s&submission_id=%s&%s", token(), SID, f->bad);
		assert_html_form(400, f, SID);
		/* past every check: the database, down */
		post(f, "format=json", "csrf=%s&submission_id=%s&%s", token(), SID, f->valid);
		assert_json_error(503, NULL);
		assert_int_equal(rs.retry_after, 5);
		post(f, NULL, "csrf=%s&submission_id=%s&%s", token(), SID, f->valid);
		assert_html_form(503, f, SID);
		assert_true(has(f->typed));
		assert_int_equal(rs.retry_after, 5);
	}
}

/* A name the catalog's chain trains on is refused before the database:
 * 409 naming name, in any case. */
static void test_name_taken_is_409(void **state)
{
	(void)state;
	catalog_publish(fixture_catalog());
	post(&forms[1], "format=json", "csrf=%s&submission_id=%s&name=Aldren", token(), SID);
	assert_json_error(409, "name");
	post(&forms[1], "format=json", "csrf=%s&submission_id=%s&name=aldren", token(), SID);
	assert_json_error(409, "name");
	post(&forms[1], NULL, "csrf=%s&submission_id=%s&name=aldren", token(), SID);
	assert_html_form(409, &forms[1], SID);
	assert_true(has("value=\"aldren\""));
}

/* The spell form by parts (effectN_kind, effectN_p1..p5, as the HTML form
 * sends them): a flat heal of 10, +1 per level passes the parse
 * and reaches the database (down: 503), the same as text; a param that is
 * not a whole number, a slot given both ways, and a rule of the effect table
 * are 400s naming the field. The HTML form names each slot's parts and the
 * meaning of every param, from spell.c's table. */
static void test_spell_by_parts(void **state)
{
	const struct form_case *f = &forms[0];
	const char *head = "name=Small%20Mend&mana=4&level=1&tier=1";

	(void)state;
	post(f, "format=json",
	     "csrf=%s&submission_id=%s&%s&effect1_kind=heal&effect1_p1=0&"
	     "effect1_p2=&effect1_p3=10&effect1_p4=1&effect1_p5=",
	     token(), SID, head);
	assert_json_error(503, NULL);
	post(f, "format=json", "csrf=%s&submission_id=%s&%s&effect1=heal%%200%%200%%2010%%201",
	     token(), SID, head);
	assert_json_error(503, NULL);
	/* an empty slot before a filled one, and "none" */
	post(f, "format=json",
	     "csrf=%s&submission_id=%s&%s&effect1_kind=&effect2_kind=none&"
	     "effect3_kind=damage&effect3_p1=2&effect3_p2=6&effect3_p5=1",
	     token(), SID, head);
	assert_json_error(503, NULL);
	post(f, "format=json", "csrf=%s&submission_id=%s&%s&effect1_kind=heal&effect1_p1=1%%202",
	     token(), SID, head);
	assert_json_error(400, "effect1_p1");
	post(f, "format=json", "csrf=%s&submission_id=%s&%s&effect2_kind=heal&effect2_p3=x",
	     token(), SID, head);
	assert_json_error(400, "effect2_p3");
	post(f, "format=json",
	     "csrf=%s&submission_id=%s&%s&effect1_kind=heal&effect1_p3=1&"
	     "effect1=heal%%201%%206",
	     token(), SID, head);
	assert_json_error(400, "effect1");
	post(f, "format=json",
	     "csrf=%s&submission_id=%s&%s&effect2_kind=heal&effect2_p1=0&"
	     "effect2_p2=6&effect2_p3=10",
	     token(), SID, head);
	assert_json_error(400, "effect2");
	post(f, "format=json", "csrf=%s&submission_id=%s&%s", token(), SID, head);
	assert_json_error(400, "effect1");
	/* the HTML form, as typed after an error */
	post(f, NULL, "csrf=%s&submission_id=%s&%s&effect2_kind=buff&effect2_p1=9", token(), SID,
	     head);
	assert_html_form(400, f, SID);
	assert_true(has("<select name=\"effect2_kind\">"));
	assert_true(has("<option value=\"buff\" selected>buff</option>"));
	assert_true(has("name=\"effect2_p1\" step=\"1\" value=\"9\""));
	assert_true(has("name=\"effect5_p5\""));
	assert_true(has("data-label=\"element\" data-min=\"1\" data-max=\"8\" "
	                "data-choices=\"1 fire, 2 cold, 3 lightning, 4 acid, 5 poison, 6 holy, "
	                "7 shadow, 8 force\""));
	assert_true(has("<strong>dice</strong> (0 to 20)"));
	assert_true(has("<strong>amount</strong> (-10 to 10, not 0)"));
	assert_true(has("<script src=\"/static/spell-form.js\" defer></script>"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_get_the_form),
	        cmocka_unit_test(test_get_checks),
	        cmocka_unit_test(test_post_checks_in_order),
	        cmocka_unit_test(test_name_taken_is_409),
	        cmocka_unit_test(test_spell_by_parts),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
