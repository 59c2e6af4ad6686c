/* form_read and fields: form_parse's decoder behind another allow-list, as
 * the proposal and moderation pages use it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "fields.h"
#include "form.h"

static const char *const names[] = {"word", "reason", "format", NULL};

static struct request post(const char *query, const char *body)
{
	struct request rq = {.method = "POST",
	                     .path = "/submit",
	                     .query = query,
	                     .content_type = "application/x-www-form-urlencoded",
	                     .body = body,
	                     .body_len = body ? strlen(body) : 0,
	                     .content_length = body ? (long)strlen(body) : -1};
	return rq;
}

static void test_reads_known_fields(void **state)
{
	static struct fields f;
	struct form_error err;
	struct request rq = post("format=json", "word=Gl%C3%BChend+zwei&other=%41&reason=");

	(void)state;
	assert_int_equal(fields_read(&f, names, 0, &rq, 1, &err), 0);
	assert_string_equal(fields_get(&f, "word"), "Gl\u00fchend zwei");
	assert_string_equal(fields_get(&f, "reason"), "");
	assert_null(fields_get(&f, "other"));
	assert_null(fields_get(&f, "nothing"));
	assert_int_equal(f.json, 1);
	/* the body is not read when not asked for */
	assert_int_equal(fields_read(&f, names, 0, &rq, 0, &err), 0);
	assert_null(fields_get(&f, "word"));
}

struct bad {
	const char *body;
	const char *field;
};

static void test_refuses(void **state)
{
	static const struct bad cases[] = {
	        {"word=a%00b", "word"},
	        {"word=%zz", "word"},
	        {"word=%C3%28", "word"},
	        {"word=a%01", "word"},
	        {"word=a&word=b", "word"},
	        {"word=a&format=xml", "format"},
	        {"other=%zz", "body"},
	        {"wo%zzrd=1", "body"},
	        {"format=json&format=", "format"},
	};
	static struct fields f;
	struct form_error err;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct request rq = post(NULL, cases[i].body);
		if (fields_read(&f, names, 0, &rq, 1, &err) == 0)
			fail_msg("'%s' accepted", cases[i].body);
		assert_string_equal(err.field, cases[i].field);
		assert_non_null(err.message);
	}
}

struct seen_values {
	int n;
	char v[8][16];
};

static int keep(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	struct seen_values *s = ctx;
	(void)err;
	if (i == 0 && s->n < 8 && n < 16)
		memcpy(s->v[s->n++], v, n + 1);
	return 0;
}

/* A field marked repeatable is a list: every value reaches the page, in
 * order; the others are still refused when given twice. */
static void test_repeatable(void **state)
{
	static const char *const list[] = {"item", "format", NULL};
	struct seen_values s = {0};
	struct form_reader r;
	struct form_error err;
	const char *q = "item=a&item=b%3Ahead&format=json&item=c";

	(void)state;
	form_reader_init(&r, list, keep, &s);
	r.repeatable = 1; /* item */
	assert_int_equal(form_read(&r, "query", q, strlen(q), &err), 0);
	assert_int_equal(s.n, 3);
	assert_string_equal(s.v[0], "a");
	assert_string_equal(s.v[1], "b:head");
	assert_string_equal(s.v[2], "c");
	q = "item=a&format=json&format=html";
	form_reader_init(&r, list, keep, &s);
	r.repeatable = 1;
	assert_int_equal(form_read(&r, "query", q, strlen(q), &err), -1);
	assert_string_equal(err.field, "format");
}

static void test_limits(void **state)
{
	static char body[FORM_BODY_MAX + 64];
	static struct fields f;
	struct form_error err;
	struct request rq;

	(void)state;
	/* 256 bytes is the most for a field, unless it is a long one */
	snprintf(body, sizeof(body), "word=");
	memset(body + 5, 'a', 257);
	body[5 + 257] = '\0';
	rq = post(NULL, body);
	assert_int_equal(fields_read(&f, names, 0, &rq, 1, &err), -1);
	assert_string_equal(err.field, "word");
	memcpy(body, "reason=", 7);
	memset(body + 7, 'a', 900);
	body[7 + 900] = '\0';
	rq = post(NULL, body);
	assert_int_equal(fields_read(&f, names, 1u << 1, &rq, 1, &err), 0);
	assert_int_equal(strlen(fields_get(&f, "reason")), 900);
	memset(body + 7, 'a', 1025);
	body[7 + 1025] = '\0';
	rq = post(NULL, body);
	assert_int_equal(fields_read(&f, names, 1u << 1, &rq, 1, &err), -1);
	assert_string_equal(err.field, "reason");
	/* 64 pairs at most, query and body together */
	size_t n = 0;
	for (int i = 0; i < 65; i++)
		n += (size_t)snprintf(body + n, sizeof(body) - n, "x%d=1&", i);
	rq = post(NULL, body);
	assert_int_equal(fields_read(&f, names, 0, &rq, 1, &err), -1);
	assert_string_equal(err.field, "body");
	/* a body over 8192 bytes */
	memset(body, 'a', FORM_BODY_MAX + 1);
	body[FORM_BODY_MAX + 1] = '\0';
	rq = post(NULL, body);
	assert_int_equal(fields_read(&f, names, 0, &rq, 1, &err), -1);
	assert_string_equal(err.field, "body");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_reads_known_fields),
	        cmocka_unit_test(test_refuses),
	        cmocka_unit_test(test_limits),
	        cmocka_unit_test(test_repeatable),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
