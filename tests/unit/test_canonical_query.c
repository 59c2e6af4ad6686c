/* fields_canonical and fields_redirect_canonical: the one spelling of a
 * query nginx's cache keeps (docs/stack.md, "Canonical queries"). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "buf.h"
#include "fields.h"

static const char *const export_names[] = {"rev", "format", NULL};
static const struct fields_canon export_canon = {.names = export_names, .decimal = 1u << 0};
static const char *const dungeon_names[] = {"w", "seed", "tileset", "format", NULL};
static const struct fields_canon dungeon_canon = {.names = dungeon_names,
                                                  .decimal = 1u << 0 | 1u << 1};

/* The spelling of q, and whether q is it already. */
static int spell(const char *q, const struct fields_canon *c, char *out, size_t cap)
{
	struct buf b;
	buf_init(&b);
	int rc = fields_canonical(q, c, &b);
	if (rc >= 0) {
		assert_true(b.len < cap);
		memcpy(out, b.data, b.len + 1);
	}
	buf_free(&b);
	return rc;
}

static void test_canonical_is_kept(void **state)
{
	char out[256];
	(void)state;
	assert_int_equal(spell("rev=771", &export_canon, out, sizeof out), 1);
	assert_string_equal(out, "rev=771");
	assert_int_equal(spell(NULL, &export_canon, out, sizeof out), 1);
	assert_string_equal(out, "");
	assert_int_equal(spell("", &export_canon, out, sizeof out), 1);
	assert_int_equal(
	        spell("w=5&seed=0&tileset=plain&format=vtt", &dungeon_canon, out, sizeof out), 1);
}

static void test_spellings_become_one(void **state)
{
	static const char *const revs[] = {"rev=0771",  "rev=%37%37%31", "rev=00%3771",
	                                   "r%65v=771", "rev=771&",      "&rev=771"};
	char out[256];
	(void)state;
	for (size_t i = 0; i < sizeof revs / sizeof *revs; i++) {
		assert_int_equal(spell(revs[i], &export_canon, out, sizeof out), 0);
		assert_string_equal(out, "rev=771");
	}
	/* unknown names (plain bytes) are ignored: canonical but for them */
	assert_int_equal(spell("REV=5&rev=771", &export_canon, out, sizeof out), 2);
	assert_int_equal(spell("rev=771&utm_source=x&format=json", &export_canon, out, sizeof out),
	                 2);
	assert_string_equal(out, "rev=771&format=json");
	assert_int_equal(spell("utm_source=x", &export_canon, out, sizeof out), 2);
	assert_int_equal(spell("x=1&rev=0771", &export_canon, out, sizeof out), 0);
	assert_int_equal(spell("format=json&rev=771", &export_canon, out, sizeof out), 0);
	assert_int_equal(spell("rev=771&format=json", &export_canon, out, sizeof out), 1);
	assert_int_equal(spell("rev=%30771&f%6Frmat=json", &export_canon, out, sizeof out), 0);
	assert_string_equal(out, "rev=771&format=json");
	assert_int_equal(
	        spell("seed=007&w=05&tileset=a+b&format=", &dungeon_canon, out, sizeof out), 0);
	assert_string_equal(out, "w=5&seed=7&tileset=a%20b");
	assert_int_equal(spell("seed=000", &dungeon_canon, out, sizeof out), 0);
	assert_string_equal(out, "seed=0");
}

static void test_unreadable_has_none(void **state)
{
	char out[256];
	(void)state;
	assert_int_equal(spell("rev=1&rev=1", &export_canon, out, sizeof out), -1);
	assert_int_equal(spell("rev=%zz", &export_canon, out, sizeof out), -1);
	assert_int_equal(spell("rev=12a", &export_canon, out, sizeof out), -1);
}

static struct request get(const char *path, const char *query)
{
	struct request rq = {.method = "GET", .path = path, .query = query, .content_length = -1};
	return rq;
}

static void test_redirect(void **state)
{
	struct response rs;
	struct request rq = get("/catalog.json", "rev=0771");
	(void)state;

	memset(&rs, 0, sizeof rs);
	buf_init(&rs.body);
	assert_int_equal(fields_redirect_canonical(&rq, &export_canon, &rs), 1);
	assert_int_equal(rs.status, 301);
	assert_null(rs.cache_control);
	assert_int_equal(rs.cache_seconds, 0); /* no-store */
	assert_non_null(strstr(rs.headers, "Location: /catalog.json?rev=771\r\n"));

	memset(rs.headers, 0, sizeof rs.headers);
	rq = get("/catalog.json", "r%65v=1");
	assert_int_equal(fields_redirect_canonical(&rq, &export_canon, &rs), 1);
	assert_non_null(strstr(rs.headers, "Location: /catalog.json?rev=1\r\n"));
	rq = get("/catalog.json", "utm_source=x");
	assert_int_equal(fields_redirect_canonical(&rq, &export_canon, &rs), 2);

	buf_free(&rs.body);
	memset(&rs, 0, sizeof rs);
	rq = get("/catalog.json", "rev=771");
	assert_int_equal(fields_redirect_canonical(&rq, &export_canon, &rs), 0);
	assert_int_equal(rs.status, 0);

	/* a path that cannot go into Location as it is: refused */
	rq = get("/item/a b", "format=%6Ason");
	assert_int_equal(fields_redirect_canonical(&rq, &export_canon, &rs), 1);
	assert_int_equal(rs.status, 400);
	buf_free(&rs.body);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_canonical_is_kept),
	        cmocka_unit_test(test_spellings_become_one),
	        cmocka_unit_test(test_unreadable_has_none),
	        cmocka_unit_test(test_redirect),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
