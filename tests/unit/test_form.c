/* Unit tests of form_parse, form_link and form_encode: every rule of
 * docs/form.md, without HTTP. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "form.h"

/* One malformed request and the error it must produce. */
struct bad {
	const char *query;
	const char *body; /* NUL-terminated here; its length is strlen */
	const char *field;
	const char *message; /* a substring of err.message */
};

static const struct bad bad_inputs[] = {
        /* percent escapes */
        {"tier=%", NULL, "tier", "two hex digits"},
        {"tier=%4", NULL, "tier", "two hex digits"},
        {"tier=%zz", NULL, "tier", "two hex digits"},
        {"tier=%4g", NULL, "tier", "two hex digits"},
        {"tier=%g4", NULL, "tier", "two hex digits"},
        {"tier=1%", NULL, "tier", "two hex digits"},
        {"tier=%00", NULL, "tier", "encoded NUL byte"},
        {"attribute[type]=a%00b", NULL, "attribute[type]", "encoded NUL byte"},
        {"%=1", NULL, "query", "a field name has a '%'"},
        {"ti%r=1", NULL, "query", "a field name has a '%'"},
        {"ti%00er=1", NULL, "query", "a field name has an encoded NUL"},
        {"junk=%zz", NULL, "query", "a field value has a '%'"},
        {NULL, "junk=%", "body", "a field value has a '%'"},
        {NULL, "%4=1", "body", "a field name has a '%'"},
        /* invalid UTF-8, decoded and raw */
        {"attribute[type]=%C3", NULL, "attribute[type]", "not valid UTF-8"},
        {"attribute[type]=%C3%28", NULL, "attribute[type]", "not valid UTF-8"},
        {"attribute[type]=%C0%AF", NULL, "attribute[type]", "not valid UTF-8"},
        {"attribute[type]=%C1%BF", NULL, "attribute[type]", "not valid UTF-8"},
        {"attribute[type]=%E0%80%AF", NULL, "attribute[type]", "not valid UTF-8"},
        {"attribute[type]=%F0%80%80%AF", NULL, "attribute[type]", "not valid UTF-8"},
        {"attribute[type]=%ED%A0%80", NULL, "attribute[type]", "not valid UTF-8"},
        {"attribute[type]=%ED%BF%BF", NULL, "attribute[type]", "not valid UTF-8"},
        {"attribute[type]=%F4%90%80%80", NULL, "attribute[type]", "not valid UTF-8"},
        {"attribute[type]=%F5%80%80%80", NULL, "attribute[type]", "not valid UTF-8"},
        {"attribute[type]=%FF", NULL, "attribute[type]", "not valid UTF-8"},
        {"attribute[type]=%80", NULL, "attribute[type]", "not valid UTF-8"},
        {"attribute[type]=%E6%97", NULL, "attribute[type]", "not valid UTF-8"},
        {"attribute[type]=\xc3", NULL, "attribute[type]", "not valid UTF-8"},
        {"attribute[type]=\xe6\x97\xa5\xff", NULL, "attribute[type]", "not valid UTF-8"},
        {"a%FFb=1", NULL, "query", "a field name is not valid UTF-8"},
        {"junk=%C0%80", NULL, "query", "a field value is not valid UTF-8"},
        /* control characters */
        {"attribute[type]=a%01b", NULL, "attribute[type]", "control character"},
        {"attribute[type]=a%0Ab", NULL, "attribute[type]", "control character"},
        {"attribute[type]=a%0Db", NULL, "attribute[type]", "control character"},
        {"attribute[type]=a%09b", NULL, "attribute[type]", "control character"},
        {"attribute[type]=a%1Fb", NULL, "attribute[type]", "control character"},
        {"attribute[type]=a%7Fb", NULL, "attribute[type]", "control character"},
        {"attribute[type]=a%C2%85b", NULL, "attribute[type]", "control character"},
        {"attribute[type]=a\x01", NULL, "attribute[type]", "control character"},
        {"tier%0A=1", NULL, "query", "a field name has a control character"},
        {NULL, "tier=1\n", "tier", "control character"},
        {NULL, "junk=\x7f", "body", "a field value has a control character"},
        /* kind */
        {"kind=sword", NULL, "kind", "one of weapon, armor, shield, trinket"},
        {"kind=Weapon", NULL, "kind", "one of weapon"},
        {"kind=weapon+", NULL, "kind", "one of weapon"},
        {"kind=", NULL, "kind", "one of weapon"},
        {"kind=armour", NULL, "kind", "one of weapon"},
        /* tier */
        {"tier=-1", NULL, "tier", "whole number from 0 to 6"},
        {"tier=7", NULL, "tier", "whole number from 0 to 6"},
        {"tier=abc", NULL, "tier", "whole number from 0 to 6"},
        {"tier=1x", NULL, "tier", "whole number from 0 to 6"},
        {"tier=", NULL, "tier", "whole number from 0 to 6"},
        {"tier", NULL, "tier", "whole number from 0 to 6"},
        {"tier=+3", NULL, "tier", "whole number from 0 to 6"},
        {"tier=+", NULL, "tier", "whole number from 0 to 6"},
        {"tier=3+", NULL, "tier", "whole number from 0 to 6"},
        {"tier=003", NULL, "tier", "whole number from 0 to 6"},
        {"tier=10", NULL, "tier", "whole number from 0 to 6"},
        {"tier=3.0", NULL, "tier", "whole number from 0 to 6"},
        {"tier=%EF%BC%93", NULL, "tier", "whole number from 0 to 6"}, /* fullwidth 3 */
        /* tier-variance */
        {"tier-variance=maybe", NULL, "tier-variance", "on or off"},
        {"tier-variance=2", NULL, "tier-variance", "on or off"},
        {"tier-variance=on+", NULL, "tier-variance", "on or off"},
        {"tier-variance=o", NULL, "tier-variance", "on or off"},
        /* power */
        {"power=-1", NULL, "power", "number from 0 to 100"},
        {"power=abc", NULL, "power", "number from 0 to 100"},
        {"power=1e3", NULL, "power", "number from 0 to 100"},
        {"power=1E1", NULL, "power", "number from 0 to 100"},
        {"power=101", NULL, "power", "number from 0 to 100"},
        {"power=100.000001", NULL, "power", "number from 0 to 100"},
        {"power=nan", NULL, "power", "number from 0 to 100"},
        {"power=NaN", NULL, "power", "number from 0 to 100"},
        {"power=inf", NULL, "power", "number from 0 to 100"},
        {"power=infinity", NULL, "power", "number from 0 to 100"},
        {"power=1..2", NULL, "power", "number from 0 to 100"},
        {"power=1.2.3", NULL, "power", "number from 0 to 100"},
        {"power=1.", NULL, "power", "number from 0 to 100"},
        {"power=.", NULL, "power", "number from 0 to 100"},
        {"power=1.1234567", NULL, "power", "at most 6 decimals"},
        {"power=00000000000000001", NULL, "power", "number from 0 to 100"}, /* 17 chars */
        {"power=+1", NULL, "power", "number from 0 to 100"},
        {"power=%2B1", NULL, "power", "number from 0 to 100"},
        {"power=1+", NULL, "power", "number from 0 to 100"},
        {"power=0x10", NULL, "power", "number from 0 to 100"},
        {"power=1,5", NULL, "power", "number from 0 to 100"},
        {"power=99999999999999", NULL, "power", "number from 0 to 100"},
        /* seed */
        {"seed=18446744073709551616", NULL, "seed", "0 to 18446744073709551615"},
        {"seed=99999999999999999999", NULL, "seed", "0 to 18446744073709551615"},
        {"seed=184467440737095516150", NULL, "seed", "0 to 18446744073709551615"},
        {"seed=000000000000000000001", NULL, "seed", "0 to 18446744073709551615"},
        {"seed=-1", NULL, "seed", "0 to 18446744073709551615"},
        {"seed=+1", NULL, "seed", "0 to 18446744073709551615"},
        {"seed=%2B1", NULL, "seed", "0 to 18446744073709551615"},
        {"seed=1.0", NULL, "seed", "0 to 18446744073709551615"},
        {"seed=0x1", NULL, "seed", "0 to 18446744073709551615"},
        {"seed=12a", NULL, "seed", "0 to 18446744073709551615"},
        /* count */
        {"count=0", NULL, "count", "whole number from 1 to 100"},
        {"count=101", NULL, "count", "whole number from 1 to 100"},
        {"count=x", NULL, "count", "whole number from 1 to 100"},
        {"count=-1", NULL, "count", "whole number from 1 to 100"},
        {"count=0100", NULL, "count", "whole number from 1 to 100"},
        {"count=000", NULL, "count", "whole number from 1 to 100"},
        /* format */
        {"format=xml", NULL, "format", "html, json or csv"},
        {"format=JSON", NULL, "format", "html, json or csv"},
        {"format=", NULL, "format", "html, json or csv"},
        /* a known field twice, in the query, the body or across both */
        {"tier=1&tier=2", NULL, "tier", "more than once"},
        {"tier=1&tier=1", NULL, "tier", "more than once"},
        {"seed=&seed=1", NULL, "seed", "more than once"},
        {"tier=1", "tier=2", "tier", "more than once"},
        {NULL, "format=json&format=json", "format", "more than once"},
        {"attribute[type]=a&attribute%5Btype%5D=b", NULL, "attribute[type]", "more than once"},
        {"tier-variance=on", "tier-variance", "tier-variance", "more than once"},
        /* the first error wins */
        {"tier=9&power=x", NULL, "tier", "0 to 6"},
        {"power=x", "tier=9", "power", "0 to 100"},
};

static void check_bad(const char *query, const char *body, size_t body_len, const char *field,
                      const char *message)
{
	static struct form f; /* 12 KiB: keep it off the stack */
	struct form_error err = {.field = NULL, .message = NULL};

	if (form_parse(&f, query, body, body_len, &err) != -1) {
		print_error("accepted: query=\"%s\"\n", query ? query : "(null)");
		fail();
	}
	assert_non_null(err.field);
	assert_non_null(err.message);
	if (strcmp(err.field, field) != 0 || !strstr(err.message, message)) {
		print_error("query=\"%s\": got %s: %s; want %s: ...%s...\n",
		            query ? query : "(null)", err.field, err.message, field, message);
		fail();
	}
}

static void test_bad_table(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(bad_inputs) / sizeof(bad_inputs[0]); i++) {
		const struct bad *b = &bad_inputs[i];

		check_bad(b->query, b->body, b->body ? strlen(b->body) : 0, b->field, b->message);
	}
}

/* Messages are static sentences: they never quote the client's bytes. */
static void test_messages_do_not_echo(void **state)
{
	static struct form f;
	struct form_error err;
	static const char *const inputs[] = {"tier=EVILTOKEN", "EVILTOKEN%zz=1",
	                                     "junk=EVILTOKEN%00", "power=EVILTOKEN",
	                                     "kind=EVILTOKEN"};

	(void)state;
	for (size_t i = 0; i < sizeof(inputs) / sizeof(inputs[0]); i++) {
		assert_int_equal(form_parse(&f, inputs[i], NULL, 0, &err), -1);
		assert_null(strstr(err.message, "EVILTOKEN"));
		assert_null(strstr(err.field, "EVILTOKEN"));
	}
}

static char *repeat(char c, size_t n)
{
	char *s = malloc(n + 1);

	assert_non_null(s);
	memset(s, c, n);
	s[n] = '\0';
	return s;
}

static void test_limits_query_and_body(void **state)
{
	static struct form f;
	struct form_error err;
	char *q;

	(void)state;
	/* 4096 bytes pass the query limit (the 4094-byte value then fails its own) */
	q = repeat('a', FORM_QUERY_MAX);
	memcpy(q, "x=", 2);
	check_bad(q, NULL, 0, "query", "a field value is longer than 256 bytes");
	free(q);
	q = repeat('&', FORM_QUERY_MAX);
	memcpy(q + FORM_QUERY_MAX - 6, "tier=5", 6);
	assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
	assert_int_equal(f.tier, 5);
	free(q);
	q = repeat('&', FORM_QUERY_MAX + 1);
	check_bad(q, NULL, 0, "query", "query string is longer than 4096 bytes");
	free(q);

	q = repeat('&', FORM_BODY_MAX);
	memcpy(q, "tier=4", 6);
	assert_int_equal(form_parse(&f, NULL, q, FORM_BODY_MAX, &err), 0);
	assert_int_equal(f.tier, 4);
	free(q);
	q = repeat('&', FORM_BODY_MAX + 1);
	check_bad(NULL, q, FORM_BODY_MAX + 1, "body", "request body is larger than 8192 bytes");
	free(q);
}

/* Builds n pairs "a=1&a=1&..." (unknown keys, so no duplicate error). */
static char *pairs(size_t n)
{
	char *s = repeat('\0', 4 * n);

	for (size_t i = 0; i < n; i++)
		memcpy(s + 4 * i, "a=1&", 4);
	s[4 * n - 1] = '\0'; /* no trailing '&' */
	return s;
}

static void test_limits_fields(void **state)
{
	static struct form f;
	struct form_error err;
	char *q, *b;

	(void)state;
	q = pairs(FORM_FIELDS_MAX);
	assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
	free(q);
	q = pairs(FORM_FIELDS_MAX + 1);
	check_bad(q, NULL, 0, "query", "more than 64 fields");
	free(q);
	/* query and body count together; the error names where it went over */
	q = pairs(40);
	b = pairs(24);
	assert_int_equal(form_parse(&f, q, b, strlen(b), &err), 0);
	free(b);
	b = pairs(25);
	check_bad(q, b, strlen(b), "body", "more than 64 fields");
	free(b);
	free(q);
	/* empty pairs are not fields */
	q = repeat('&', 200);
	assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
	free(q);
}

static void test_limits_key_and_value(void **state)
{
	static struct form f;
	struct form_error err;
	char q[1024], *s;

	(void)state;
	s = repeat('k', FORM_KEY_MAX);
	snprintf(q, sizeof(q), "%s=1&tier=2", s);
	assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
	assert_int_equal(f.tier, 2);
	snprintf(q, sizeof(q), "%sk=1", s);
	check_bad(q, NULL, 0, "query", "a field name is longer than 64 bytes");
	check_bad(NULL, q, strlen(q), "body", "a field name is longer than 64 bytes");
	/* the limit is on the decoded key: 22 x "%41" is 22 bytes */
	snprintf(q, sizeof(q), "%s", "");
	for (int i = 0; i < 22; i++)
		strcat(q, "%41");
	strcat(q, "=1");
	assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
	free(s);

	s = repeat('v', FORM_VALUE_MAX);
	snprintf(q, sizeof(q), "junk=%s", s);
	assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
	snprintf(q, sizeof(q), "junk=%sv", s);
	check_bad(q, NULL, 0, "query", "a field value is longer than 256 bytes");
	snprintf(q, sizeof(q), "attribute[prefix]=%sv", s);
	check_bad(q, NULL, 0, "attribute[prefix]", "is longer than 256 bytes");
	snprintf(q, sizeof(q), "power=%sv", s);
	check_bad(q, NULL, 0, "power", "is longer than 256 bytes");
	free(s);
}

static void test_limits_word(void **state)
{
	static struct form f;
	struct form_error err;
	char q[512], *s;

	(void)state;
	s = repeat('w', FORM_WORD_MAX);
	snprintf(q, sizeof(q), "attribute[abstract]=++%s++", s);
	assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
	assert_string_equal(f.attr[P_ABSTRACT], s);
	snprintf(q, sizeof(q), "attribute[abstract]=%sw", s);
	check_bad(q, NULL, 0, "attribute[abstract]", "at most 64 bytes");
	free(s);
	/* bytes, not characters: 22 x "日" is 66 bytes */
	snprintf(q, sizeof(q), "%s", "attribute[type]=");
	for (int i = 0; i < 22; i++)
		strcat(q, "%E6%97%A5");
	check_bad(q, NULL, 0, "attribute[type]", "at most 64 bytes");
}

/* A raw NUL inside the body is a control character; the body is never read
 * past body_len, so it needs no terminator. */
static void test_body_bytes(void **state)
{
	static struct form f;
	struct form_error err;
	static const char nul_body[] = {'t', 'i', 'e', 'r', '=', '1', '\0', '2'};
	static const char unterminated[] = {'t', 'i', 'e', 'r', '=', '3', '&', 't', 'i', 'e', 'r'};

	(void)state;
	check_bad(NULL, nul_body, sizeof(nul_body), "tier", "control character");
	assert_int_equal(form_parse(&f, NULL, unterminated, 6, &err), 0);
	assert_int_equal(f.tier, 3);
	/* NULL body with a length: treated as no body */
	assert_int_equal(form_parse(&f, "tier=2", NULL, 99, &err), 0);
	assert_int_equal(f.tier, 2);
	/* err may be NULL */
	assert_int_equal(form_parse(&f, "tier=9", NULL, 0, NULL), -1);
}

static void assert_defaults(const struct form *f)
{
	assert_int_equal(f->kind, K_WEAPON);
	assert_int_equal(f->tier, 0);
	assert_int_equal(f->variance, 0);
	assert_true(f->power == 1.0);
	assert_null(f->power_text);
	for (int p = 0; p < P__MAX; p++)
		assert_null(f->attr[p]);
	assert_int_equal(f->has_seed, 0);
	assert_int_equal(f->count, 1);
	assert_int_equal(f->has_count, 0);
	assert_int_equal(f->has_format, 0);
	assert_int_equal(f->format, FMT_HTML);
}

static void test_defaults(void **state)
{
	static struct form f;
	struct form_error err = {.field = "x", .message = "y"};

	(void)state;
	assert_int_equal(form_parse(&f, NULL, NULL, 0, &err), 0);
	assert_defaults(&f);
	assert_null(err.field);
	assert_int_equal(form_parse(&f, "", "", 0, &err), 0);
	assert_defaults(&f);
	/* blank text inputs mean "not given" */
	assert_int_equal(form_parse(&f, "power=&seed=&count=&tier-variance=&attribute[type]=", NULL,
	                            0, &err),
	                 0);
	assert_defaults(&f);
	/* a second parse starts from the defaults again */
	assert_int_equal(form_parse(&f,
	                            "tier=3&power=2&seed=5&count=3&format=json&attribute[type]=x",
	                            NULL, 0, &err),
	                 0);
	assert_int_equal(form_parse(&f, NULL, NULL, 0, &err), 0);
	assert_defaults(&f);
}

static void test_every_field(void **state)
{
	static struct form f;
	struct form_error err;
	const char *q = "kind=armor&tier=3&tier-variance=on&power=2.5&seed=42&count=10&format=json"
	                "&attribute[element]=fire&attribute[prefix]=sharp&attribute[material]=iron"
	                "&attribute[type]=long+sword&attribute[adjective]=ancient"
	                "&attribute[abstract]=the%20bear";

	(void)state;
	assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
	assert_int_equal(f.kind, K_ARMOR);
	assert_int_equal(f.tier, 3);
	assert_int_equal(f.variance, 1);
	assert_true(f.power == 2.5);
	assert_string_equal(f.power_text, "2.5");
	assert_int_equal(f.has_seed, 1);
	assert_true(f.seed == 42);
	assert_int_equal(f.count, 10);
	assert_int_equal(f.has_count, 1);
	assert_int_equal(f.has_format, 1);
	assert_int_equal(f.format, FMT_JSON);
	assert_string_equal(f.attr[P_ELEMENT], "fire");
	assert_string_equal(f.attr[P_PREFIX], "sharp");
	assert_string_equal(f.attr[P_MATERIAL], "iron");
	assert_string_equal(f.attr[P_TYPE], "long sword");
	assert_string_equal(f.attr[P_ADJECTIVE], "ancient");
	assert_string_equal(f.attr[P_ABSTRACT], "the bear");
	/* the strings live in the form itself */
	assert_true(f.attr[P_TYPE] >= f.store && f.attr[P_TYPE] < f.store + sizeof(f.store));
	assert_true(f.power_text >= f.store && f.power_text < f.store + sizeof(f.store));
}

/* Every part name of the shared vocabulary has its attribute[...] key. */
static void test_every_part_key(void **state)
{
	static struct form f;
	struct form_error err;
	char q[128];

	(void)state;
	for (int p = 0; p < P__MAX; p++) {
		snprintf(q, sizeof(q), "attribute[%s]=w%d", part_names[p], p);
		assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
		for (int o = 0; o < P__MAX; o++) {
			if (o == p) {
				char want[16];
				snprintf(want, sizeof(want), "w%d", p);
				assert_string_equal(f.attr[o], want);
			} else {
				assert_null(f.attr[o]);
			}
		}
	}
	for (int k = 0; k < K__MAX; k++) {
		snprintf(q, sizeof(q), "kind=%s", kind_names[k]);
		assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
		assert_int_equal(f.kind, k);
	}
}

static void test_decoding(void **state)
{
	static struct form f;
	struct form_error err;

	(void)state;
	assert_int_equal(form_parse(&f, "attribute[type]=a+b%20c%2Bd%25e", NULL, 0, &err), 0);
	assert_string_equal(f.attr[P_TYPE], "a b c+d%e");
	assert_int_equal(form_parse(&f, "attribute%5btype%5D=x%c3%a9", NULL, 0, &err), 0);
	assert_string_equal(f.attr[P_TYPE], "x\xc3\xa9");
	/* raw UTF-8 is as good as encoded */
	assert_int_equal(form_parse(&f, "attribute[type]=\xe6\x97\xa5\xe6\x9c\xac", NULL, 0, &err),
	                 0);
	assert_string_equal(f.attr[P_TYPE], "日本");
	/* 4-byte sequences up to U+10FFFF */
	assert_int_equal(form_parse(&f, "attribute[type]=%F4%8F%BF%BF%F0%9F%97%A1", NULL, 0, &err),
	                 0);
	assert_string_equal(f.attr[P_TYPE], "\xf4\x8f\xbf\xbf\xf0\x9f\x97\xa1");
	/* U+00A0 is the first code point after the C1 controls */
	assert_int_equal(form_parse(&f, "attribute[type]=%C2%A0x", NULL, 0, &err), 0);
	/* '=' inside a value, and a key with no '=' */
	assert_int_equal(form_parse(&f, "attribute[type]=a=b&tier-variance&tier=2", NULL, 0, &err),
	                 0);
	assert_string_equal(f.attr[P_TYPE], "a=b");
	assert_int_equal(f.variance, 0);
	assert_int_equal(f.tier, 2);
	/* empty pairs and a trailing '&' */
	assert_int_equal(form_parse(&f, "&&tier=1&&&power=3&", NULL, 0, &err), 0);
	assert_int_equal(f.tier, 1);
	assert_true(f.power == 3.0);
}

static void test_random_and_trim(void **state)
{
	static struct form f;
	struct form_error err;
	static const char *const random_values[] = {"random",    "RANDOM", "Random", "++random+",
	                                            "%20rAnDoM", "",       "+++"};

	(void)state;
	for (size_t i = 0; i < sizeof(random_values) / sizeof(random_values[0]); i++) {
		char q[64];

		snprintf(q, sizeof(q), "attribute[prefix]=%s", random_values[i]);
		assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
		assert_null(f.attr[P_PREFIX]);
	}
	assert_int_equal(form_parse(&f, "attribute[prefix]=randoms", NULL, 0, &err), 0);
	assert_string_equal(f.attr[P_PREFIX], "randoms");
	assert_int_equal(form_parse(&f, "attribute[prefix]=+two++words+", NULL, 0, &err), 0);
	assert_string_equal(f.attr[P_PREFIX], "two  words");
	/* kept as sent otherwise: case is the catalog's business */
	assert_int_equal(form_parse(&f, "attribute[prefix]=ShArP", NULL, 0, &err), 0);
	assert_string_equal(f.attr[P_PREFIX], "ShArP");
}

static void test_numbers(void **state)
{
	static struct form f;
	struct form_error err;
	static const struct {
		const char *text;
		double value;
	} powers[] = {{"0", 0.0},
	              {"100", 100.0},
	              {"100.000000", 100.0},
	              {".5", 0.5},
	              {"0.000001", 0.000001},
	              {"007", 7.0},
	              {"1.5", 1.5},
	              {"2.3", 2.3},
	              {"99.999999", 99.999999},
	              {"0.1", 0.1},
	              {"000000000000.25", 0.25}};
	static const char *const on[] = {"on", "ON", "1", "true", "True", "yes", "YES"};
	static const char *const off[] = {"off", "Off", "0", "false", "FALSE", "no", "No"};
	char q[64];

	(void)state;
	for (size_t i = 0; i < sizeof(powers) / sizeof(powers[0]); i++) {
		snprintf(q, sizeof(q), "power=%s", powers[i].text);
		assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
		/* correctly rounded: exactly what the compiler makes of the literal */
		assert_true(f.power == powers[i].value);
		assert_string_equal(f.power_text, powers[i].text);
	}
	for (int t = 0; t <= TIER_MAX; t++) {
		snprintf(q, sizeof(q), "tier=%d", t);
		assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
		assert_int_equal(f.tier, t);
		snprintf(q, sizeof(q), "tier=0%d", t);
		assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
		assert_int_equal(f.tier, t);
	}
	assert_int_equal(form_parse(&f, "seed=18446744073709551615", NULL, 0, &err), 0);
	assert_true(f.has_seed && f.seed == UINT64_MAX);
	assert_int_equal(form_parse(&f, "seed=0", NULL, 0, &err), 0);
	assert_true(f.has_seed && f.seed == 0);
	assert_int_equal(form_parse(&f, "seed=00000000000000000001", NULL, 0, &err), 0);
	assert_true(f.has_seed && f.seed == 1);
	assert_int_equal(form_parse(&f, "seed=18446744073709551614", NULL, 0, &err), 0);
	assert_true(f.seed == UINT64_MAX - 1);
	assert_int_equal(form_parse(&f, "count=1", NULL, 0, &err), 0);
	assert_true(f.has_count && f.count == 1);
	assert_int_equal(form_parse(&f, "count=100", NULL, 0, &err), 0);
	assert_true(f.has_count && f.count == 100);
	assert_int_equal(form_parse(&f, "count=007", NULL, 0, &err), 0);
	assert_true(f.count == 7);
	for (size_t i = 0; i < sizeof(on) / sizeof(on[0]); i++) {
		snprintf(q, sizeof(q), "tier-variance=%s", on[i]);
		assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
		assert_int_equal(f.variance, 1);
		snprintf(q, sizeof(q), "tier-variance=%s", off[i]);
		assert_int_equal(form_parse(&f, q, NULL, 0, &err), 0);
		assert_int_equal(f.variance, 0);
	}
	assert_int_equal(form_parse(&f, "format=html", NULL, 0, &err), 0);
	assert_true(f.has_format && f.format == FMT_HTML);
}

static void test_unknown_and_combined(void **state)
{
	static struct form f;
	struct form_error err;

	(void)state;
	assert_int_equal(form_parse(&f, "foo=bar&tier=2&baz&TIER=9&attribute=x", NULL, 0, &err), 0);
	assert_int_equal(f.tier, 2);
	for (int p = 0; p < P__MAX; p++)
		assert_null(f.attr[p]);
	/* attribute[...] is a closed family: a part the generator does not
	 * have is named, not ignored; the rest is still read */
	assert_int_equal(form_parse(&f, "tier=3&attribute[colour]=red&attribute[type]extra=1", NULL,
	                            0, &err),
	                 -1);
	assert_int_equal(f.tier, 3);
	assert_int_equal(err.n, 1); /* the same problem once */
	assert_string_equal(err.list[0].field, "attribute");
	assert_string_equal(err.list[0].code, "not_one_of");
	assert_non_null(strstr(err.list[0].message, " prefix "));
	/* query first, then body; both count */
	assert_int_equal(form_parse(&f, "format=json&seed=7", "tier=4&attribute[type]=axe",
	                            strlen("tier=4&attribute[type]=axe"), &err),
	                 0);
	assert_int_equal(f.format, FMT_JSON);
	assert_true(f.seed == 7);
	assert_int_equal(f.tier, 4);
	assert_string_equal(f.attr[P_TYPE], "axe");
	/* an unknown key may repeat */
	assert_int_equal(form_parse(&f, "x=1&x=2", "x=3", 3, &err), 0);
}

static void test_encode(void **state)
{
	struct buf b;

	(void)state;
	buf_init(&b);
	assert_int_equal(form_encode(&b, "Az09-._~ &=+%/?#[]<>\"'\xc3\xa9"), 0);
	assert_string_equal(b.data, "Az09-._~%20%26%3D%2B%25%2F%3F%23%5B%5D%3C%3E%22%27%C3%A9");
	buf_reset(&b);
	assert_int_equal(form_encode(&b, ""), 0);
	assert_int_equal(b.len, 0);
	buf_free(&b);
}

static void test_link_exact(void **state)
{
	static struct form f;
	struct form_error err;
	struct buf b;

	(void)state;
	buf_init(&b);
	assert_int_equal(form_parse(&f,
	                            "kind=weapon&tier=3&tier-variance=on&power=1.5"
	                            "&attribute[type]=longsword&count=5&format=json&seed=9",
	                            NULL, 0, &err),
	                 0);
	assert_int_equal(form_link(&f, 42, &b), 0);
	/* no count, no format; the seed is the argument, not the input */
	assert_string_equal(b.data, "/generate?kind=weapon&tier=3&tier-variance=on&power=1.5"
	                            "&attribute%5Btype%5D=longsword&seed=42");
	buf_reset(&b);
	assert_int_equal(form_parse(&f, NULL, NULL, 0, &err), 0);
	assert_int_equal(form_link(&f, UINT64_MAX, &b), 0);
	assert_string_equal(b.data, "/generate?kind=weapon&tier=0&seed=18446744073709551615");
	buf_reset(&b);
	/* power as sent, parts in name order */
	assert_int_equal(form_parse(&f,
	                            "power=01.50&attribute[abstract]=wrath&kind=shield"
	                            "&attribute[element]=fire",
	                            NULL, 0, &err),
	                 0);
	assert_int_equal(form_link(&f, 1, &b), 0);
	assert_string_equal(b.data, "/generate?kind=shield&tier=0&power=01.50"
	                            "&attribute%5Belement%5D=fire&attribute%5Babstract%5D=wrath"
	                            "&seed=1");
	buf_free(&b);
}

static void assert_same_inputs(const struct form *a, const struct form *b, uint64_t seed)
{
	assert_int_equal(a->kind, b->kind);
	assert_int_equal(a->tier, b->tier);
	assert_int_equal(a->variance, b->variance);
	assert_true(a->power == b->power);
	if (a->power_text)
		assert_string_equal(a->power_text, b->power_text);
	else
		assert_null(b->power_text);
	for (int p = 0; p < P__MAX; p++) {
		if (a->attr[p])
			assert_string_equal(a->attr[p], b->attr[p]);
		else
			assert_null(b->attr[p]);
	}
	assert_int_equal(b->has_seed, 1);
	assert_true(b->seed == seed);
	assert_int_equal(b->has_count, 0);
	assert_int_equal(b->has_format, 0);
}

/* parse(link(f)) gives back the inputs of f, whatever the words hold. */
static void test_link_round_trip(void **state)
{
	static struct form f, g;
	struct form_error err;
	struct buf q, b;
	static const char *const words[] = {"two words",
	                                    "a&b=c",
	                                    "<script>alert(1)</script>",
	                                    "épée",
	                                    "über",
	                                    "\xe6\x97\xa5\xe6\x9c\xac",
	                                    "50%",
	                                    "+plus+",
	                                    "a~b-c_d.e",
	                                    "x#y?z/w",
	                                    "quote\"'",
	                                    "[brackets]",
	                                    "\xf0\x9f\x97\xa1",
	                                    "RANDOMLY"};
	static const char *const bases[] = {
	        "", "kind=trinket&tier=6&tier-variance=yes&power=0.000001",
	        "kind=armor&tier=02&power=100&seed=5&count=3&format=html"};

	(void)state;
	buf_init(&q);
	buf_init(&b);
	for (size_t i = 0; i < sizeof(bases) / sizeof(bases[0]); i++) {
		for (size_t w = 0; w < sizeof(words) / sizeof(words[0]); w++) {
			uint64_t seed = (uint64_t)w * 0x9e3779b97f4a7c15u;

			buf_reset(&q);
			assert_int_equal(buf_puts(&q, bases[i]), 0);
			/* each part gets its own word, so that none is mixed up */
			for (int p = 0; p < P__MAX; p++) {
				size_t k = (w + (size_t)p) % (sizeof(words) / sizeof(words[0]));

				assert_int_equal(buf_printf(&q, "&attribute[%s]=", part_names[p]),
				                 0);
				assert_int_equal(form_encode(&q, words[k]), 0);
			}
			assert_int_equal(form_parse(&f, q.data, NULL, 0, &err), 0);
			buf_reset(&b);
			assert_int_equal(form_link(&f, seed, &b), 0);
			assert_memory_equal(b.data, "/generate?", 10);
			assert_int_equal(form_parse(&g, b.data + 10, NULL, 0, &err), 0);
			assert_same_inputs(&f, &g, seed);
		}
	}
	buf_free(&q);
	buf_free(&b);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_bad_table),
	        cmocka_unit_test(test_messages_do_not_echo),
	        cmocka_unit_test(test_limits_query_and_body),
	        cmocka_unit_test(test_limits_fields),
	        cmocka_unit_test(test_limits_key_and_value),
	        cmocka_unit_test(test_limits_word),
	        cmocka_unit_test(test_body_bytes),
	        cmocka_unit_test(test_defaults),
	        cmocka_unit_test(test_every_field),
	        cmocka_unit_test(test_every_part_key),
	        cmocka_unit_test(test_decoding),
	        cmocka_unit_test(test_random_and_trim),
	        cmocka_unit_test(test_numbers),
	        cmocka_unit_test(test_unknown_and_combined),
	        cmocka_unit_test(test_encode),
	        cmocka_unit_test(test_link_exact),
	        cmocka_unit_test(test_link_round_trip),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
