/* visitor: the cookie reader takes what is valid entry by entry and drops
 * the rest (truncated, forged, oversized, another revision's layout), and
 * what it writes reads back the same, within its bound. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "itemcode.h"
#include "visitor.h"

static struct visitor v, w;
static char text[16384];

/* A code that decodes: seed i of a kind. */
static const char *code(unsigned i)
{
	static char out[8][ITEMCODE_MAX];
	struct itemcode c = {
	        .kind = (enum kind)(i % 3), .tier = 1, .seed = 1000 + i, .revision = 1};
	char *o = out[i % 8];
	assert_true(itemcode_encode(&c, o, ITEMCODE_MAX) > 0);
	return o;
}

static void parse(const char *s)
{
	visitor_parse(&v, s, strlen(s));
}

static void test_round_trip(void **state)
{
	(void)state;
	memset(&v, 0, sizeof v);
	assert_int_equal(visitor_wear(&v, code(1), PLACE_HEAD), 0);
	assert_int_equal(visitor_wear(&v, code(2), PLACE_PACK), 0);
	assert_int_equal(visitor_keep(&v, code(3)), 0);
	assert_int_equal(visitor_rolled(&v, code(4)), 0);
	assert_int_equal(visitor_rolled(&v, code(5)), 0);
	assert_true(visitor_text(&v, text, sizeof text) > 0);
	visitor_parse(&w, text, strlen(text));
	assert_int_equal(w.dropped, 0);
	assert_int_equal(w.n_worn, 2);
	assert_string_equal(w.worn[0].code, code(1));
	assert_int_equal(w.worn[0].place, PLACE_HEAD);
	assert_int_equal(w.worn[1].place, PLACE_PACK);
	assert_int_equal(w.n_stash, 1);
	assert_int_equal(w.n_recent, 2);
	assert_string_equal(w.recent[0].code, code(5)); /* newest first */
}

static void test_truncated(void **state)
{
	(void)state;
	char s[1024];
	snprintf(s, sizeof s, "1~%s:head.%s~%s~%s", code(1), code(2), code(3), code(4));
	/* cut inside the last code: it is dropped, the rest stays */
	s[strlen(s) - 3] = '\0';
	parse(s);
	assert_int_equal(v.n_worn, 2);
	assert_int_equal(v.n_stash, 1);
	assert_int_equal(v.n_recent, 0);
	assert_int_equal(v.dropped, 1);
	/* cut inside a place */
	snprintf(s, sizeof s, "1~%s:hea", code(1));
	parse(s);
	assert_int_equal(v.n_worn, 0);
	assert_int_equal(v.dropped, 1);
	parse("1");
	assert_int_equal(v.n_worn + v.n_stash + v.n_recent, 0);
	parse("");
	assert_int_equal(v.found, 0);
}

static void test_forged(void **state)
{
	(void)state;
	char s[2048], bad[ITEMCODE_MAX];
	snprintf(bad, sizeof bad, "%s", code(2));
	bad[strlen(bad) - 1] = bad[strlen(bad) - 1] == 'A' ? 'B' : 'A'; /* checksum broken */
	snprintf(s, sizeof s, "1~%s:head.%s.<script>.%s:nowhere.%s:head~%s.%s.%s~x'y\".%s", code(1),
	         bad, code(3), code(1), code(4), code(4), bad, code(5));
	parse(s);
	assert_int_equal(v.n_worn, 1); /* code(1) once; bad, markup, a made-up place, a repeat */
	assert_string_equal(v.worn[0].code, code(1));
	assert_int_equal(v.n_stash, 1); /* code(4) once */
	assert_int_equal(v.n_recent, 1);
	assert_string_equal(v.recent[0].code, code(5));
	assert_int_equal(v.dropped, 7);
	/* a fourth list is nobody's */
	snprintf(s, sizeof s, "1~~~~%s", code(1));
	parse(s);
	assert_int_equal(v.n_worn + v.n_stash + v.n_recent, 0);
}

static void test_oversized(void **state)
{
	(void)state;
	static char s[20000];
	size_t at = (size_t)snprintf(s, sizeof s, "1~~");
	for (unsigned i = 0; i < 200 && at < sizeof s - 200; i++)
		at += (size_t)snprintf(s + at, sizeof s - at, "%s%s", i ? "." : "", code(i));
	parse(s);
	assert_true(v.n_stash <= VISITOR_STASH_MAX);
	assert_true(v.n_stash > 0);
	/* whatever is held, the value written stays within the bound */
	memset(&v, 0, sizeof v);
	for (unsigned i = 0; i < LOADOUT_MAX; i++) {
		struct itemcode c = {.kind = (enum kind)1,
		                     .tier = 5,
		                     .seed = 0xffffffffffffull - i,
		                     .revision = 99999,
		                     .power_micro = 99999999};
		char o[ITEMCODE_MAX];
		assert_true(itemcode_encode(&c, o, sizeof o) > 0);
		assert_int_equal(visitor_wear(&v, o, PLACE_PACK), 0);
		assert_int_equal(visitor_keep(&v, o), 0);
		assert_int_equal(visitor_rolled(&v, o), 0);
	}
	assert_int_equal(visitor_wear(&v, code(1), PLACE_PACK), -1); /* the loadout is full */
	int n = visitor_text(&v, text, sizeof text);
	assert_true(n > 0 && n <= VISITOR_BYTES_MAX);
	visitor_parse(&w, text, (size_t)n);
	assert_int_equal(w.n_worn, LOADOUT_MAX);
	assert_int_equal(w.dropped, 0);
}

static void test_stale_revision(void **state)
{
	(void)state;
	char s[512];
	snprintf(s, sizeof s, "0~%s~%s~%s", code(1), code(2), code(3));
	parse(s);
	assert_true(v.found);
	assert_int_equal(v.n_worn + v.n_stash + v.n_recent, 0);
	assert_int_equal(v.dropped, 1);
	snprintf(s, sizeof s, "2~%s", code(1));
	parse(s);
	assert_int_equal(v.n_worn, 0);
}

/* Every entry of v, as "L:code:place", "S:code" and "R:code" lines. */
static void entries(const struct visitor *x, char *out, size_t cap)
{
	size_t at = 0;
	out[0] = '\0';
	for (unsigned i = 0; i < x->n_worn && at < cap; i++)
		at += (size_t)snprintf(out + at, cap - at, "L:%s:%d\n", x->worn[i].code,
		                       (int)x->worn[i].place);
	for (unsigned i = 0; i < x->n_stash && at < cap; i++)
		at += (size_t)snprintf(out + at, cap - at, "S:%s\n", x->stash[i].code);
	for (unsigned i = 0; i < x->n_recent && at < cap; i++)
		at += (size_t)snprintf(out + at, cap - at, "R:%s\n", x->recent[i].code);
}

/* Cut at every byte: each entry wholly before the cut is kept, in its
 * order; the one the cut falls in is dropped or, when the cut leaves a
 * whole entry, kept; nothing else is invented. */
static void test_truncated_everywhere(void **state)
{
	(void)state;
	static char s[1024], got[4096], want[4096];
	int n = snprintf(s, sizeof s, "1~%s:head.%s:left-finger.%s~%s.%s~%s.%s", code(1), code(2),
	                 code(3), code(4), code(5), code(6), code(7));
	visitor_parse(&w, s, (size_t)n);
	assert_int_equal(w.dropped, 0);
	assert_int_equal(w.n_worn + w.n_stash + w.n_recent, 7);
	for (int cut = 0; cut <= n; cut++) {
		visitor_parse(&v, s, (size_t)cut);
		assert_int_equal(v.found, cut > 0);
		assert_true(v.dropped <= 1);
		/* what is read is the whole value's entries, up to the cut */
		assert_true(v.n_worn <= w.n_worn && v.n_stash <= w.n_stash &&
		            v.n_recent <= w.n_recent);
		for (unsigned i = 0; i < v.n_worn; i++) {
			assert_string_equal(v.worn[i].code, w.worn[i].code);
			/* a place cut short is no place: the entry goes; a cut just
			 * before its ':' leaves a whole code, which is carried */
			assert_true(v.worn[i].place == w.worn[i].place ||
			            (v.worn[i].place == PLACE_PACK && i + 1 == v.n_worn &&
			             s[cut] == ':'));
		}
		for (unsigned i = 0; i < v.n_stash; i++)
			assert_string_equal(v.stash[i].code, w.stash[i].code);
		for (unsigned i = 0; i < v.n_recent; i++)
			assert_string_equal(v.recent[i].code, w.recent[i].code);
		/* every entry ending before the cut is there */
		unsigned whole = 0;
		for (int k = 2; k < cut; k++)
			whole += s[k] == '.' || s[k] == '~';
		assert_true(v.n_worn + v.n_stash + v.n_recent >= whole);
	}
	entries(&w, want, sizeof want);
	visitor_parse(&v, s, (size_t)n);
	entries(&v, got, sizeof got);
	assert_string_equal(got, want);
}

/* Forged: each character of one code changed in turn (the code's own
 * check refuses it; there is no other signature to trust): that entry
 * alone is dropped, its neighbours in every list are kept. */
static void test_forged_each_character(void **state)
{
	(void)state;
	static const char alphabet[] =
	        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
	char s[1024], target[ITEMCODE_MAX];
	snprintf(target, sizeof target, "%s", code(2));
	size_t len = strlen(target);
	unsigned refused = 0, tried = 0;
	for (size_t i = 0; i < len; i++) {
		for (size_t k = 0; k < sizeof alphabet - 1; k += 7) {
			const char *a = &alphabet[k];
			char forged[ITEMCODE_MAX];
			memcpy(forged, target, len + 1);
			if (forged[i] == *a)
				continue;
			forged[i] = *a;
			snprintf(s, sizeof s, "1~%s:head.%s:feet~%s.%s~%s", code(1), forged, forged,
			         code(3), forged);
			parse(s);
			tried++;
			assert_true(v.n_worn >= 1 && v.n_stash >= 1);
			assert_string_equal(v.worn[0].code, code(1));
			assert_int_equal(v.worn[0].place, PLACE_HEAD);
			if (visitor_code_ok(forged, len)) {
				/* a code that still decodes names another item: any
				 * visitor may wear any item, so it is not a forgery to catch */
				assert_int_equal(v.dropped, 0);
				continue;
			}
			refused++;
			assert_int_equal(v.n_worn, 1);
			assert_int_equal(v.n_stash, 1);
			assert_string_equal(v.stash[0].code, code(3));
			assert_int_equal(v.n_recent, 0);
			assert_int_equal(v.dropped, 3);
		}
	}
	/* the check catches nearly every change of a character */
	assert_true(refused * 10 >= tried * 9);
	/* bytes no cookie-octet may be, in the middle of a list */
	snprintf(s, sizeof s, "1~%s.\x01\xff%%00;=.%s~~%s", code(1), code(4), code(5));
	parse(s);
	assert_int_equal(v.n_worn, 2);
	assert_string_equal(v.worn[1].code, code(4));
	assert_int_equal(v.n_recent, 1);
	assert_int_equal(v.dropped, 1);
}

/* Oversized: a list longer than its bound, an entry longer than any code,
 * a value past VISITOR_READ_MAX. The first entries up to each bound are
 * kept, the rest dropped and counted. */
static void test_oversized_lists(void **state)
{
	(void)state;
	static char s[VISITOR_READ_MAX * 2];
	size_t at = (size_t)snprintf(s, sizeof s, "1~");
	for (unsigned i = 0; i < LOADOUT_MAX + 3; i++) {
		struct itemcode c = {
		        .kind = (enum kind)0, .tier = 2, .seed = 7000 + i, .revision = 1};
		char o[ITEMCODE_MAX];
		assert_true(itemcode_encode(&c, o, sizeof o) > 0);
		at += (size_t)snprintf(s + at, sizeof s - at, "%s%s", i ? "." : "", o);
	}
	at += (size_t)snprintf(s + at, sizeof s - at, "~");
	/* one entry of 5,000 letters, then a good one */
	memset(s + at, 'A', 5000);
	at += 5000;
	at += (size_t)snprintf(s + at, sizeof s - at, ".%s~", code(1));
	for (unsigned i = 0; i < VISITOR_RECENT_MAX + 4; i++) {
		struct itemcode c = {
		        .kind = (enum kind)1, .tier = 3, .seed = 9000 + i, .revision = 1};
		char o[ITEMCODE_MAX];
		assert_true(itemcode_encode(&c, o, sizeof o) > 0);
		at += (size_t)snprintf(s + at, sizeof s - at, "%s%s", i ? "." : "", o);
	}
	assert_true(at < VISITOR_READ_MAX);
	parse(s);
	assert_int_equal(v.n_worn, LOADOUT_MAX);
	assert_int_equal(v.n_stash, 1);
	assert_string_equal(v.stash[0].code, code(1));
	assert_int_equal(v.n_recent, VISITOR_RECENT_MAX);
	assert_int_equal(v.dropped, 3 + 1 + 4);

	/* past the bytes read: a code that straddles VISITOR_READ_MAX is cut,
	 * so dropped; those wholly before it stay; nothing after it is read */
	at = (size_t)snprintf(s, sizeof s, "1~~");
	size_t clen = strlen(code(1));
	memset(s + at, '.', VISITOR_READ_MAX - at - clen - 4); /* empty entries: nothing */
	at = VISITOR_READ_MAX - clen - 4;
	at += (size_t)snprintf(s + at, sizeof s - at, "%s.%s.%s", code(1), code(2), code(3));
	assert_true(at > VISITOR_READ_MAX);
	parse(s);
	assert_int_equal(v.n_stash, 1);
	assert_string_equal(v.stash[0].code, code(1));
	assert_int_equal(v.dropped, 1);
}

/* Stale revisions: a value of another layout revision is dropped whole
 * (never half-read under the wrong layout), and one of this revision that
 * still carries an old layout's shapes keeps what reads as this one. */
static void test_stale_revision_entries(void **state)
{
	(void)state;
	char s[1024];
	static const char *const stale[] = {"0~", "2~", "9~", "a~", "~", "10~", "1x~"};
	for (size_t i = 0; i < sizeof stale / sizeof *stale; i++) {
		snprintf(s, sizeof s, "%s%s:head~%s~%s", stale[i], code(1), code(2), code(3));
		parse(s);
		assert_true(v.found);
		assert_int_equal(v.n_worn + v.n_stash + v.n_recent, 0);
		assert_true(v.dropped >= 1);
	}
	/* places and separators no layout of this revision has */
	snprintf(s, sizeof s, "1~%s:helm.%s:hand.%s:main-hand.%s,%s~%s|%s.%s~%s", code(1), code(2),
	         code(3), code(4), code(5), code(6), code(7), code(1), code(2));
	parse(s);
	assert_int_equal(v.n_worn, 1);
	assert_string_equal(v.worn[0].code, code(3));
	assert_int_equal(v.worn[0].place, PLACE_MAIN_HAND);
	assert_int_equal(v.n_stash, 1);
	assert_string_equal(v.stash[0].code, code(1));
	assert_int_equal(v.n_recent, 1);
	assert_string_equal(v.recent[0].code, code(2));
	assert_int_equal(v.dropped, 4);
}

static void test_lists(void **state)
{
	(void)state;
	memset(&v, 0, sizeof v);
	for (unsigned i = 0; i < VISITOR_RECENT_MAX + 5; i++) {
		struct itemcode c = {
		        .kind = (enum kind)0, .tier = 1, .seed = 50 + i, .revision = 1};
		char o[ITEMCODE_MAX];
		assert_true(itemcode_encode(&c, o, sizeof o) > 0);
		visitor_rolled(&v, o);
	}
	assert_int_equal(v.n_recent, VISITOR_RECENT_MAX);
	visitor_keep(&v, code(1));
	visitor_keep(&v, code(2));
	visitor_keep(&v, code(1)); /* kept again: to the front, once */
	assert_int_equal(v.n_stash, 2);
	assert_string_equal(v.stash[0].code, code(1));
	visitor_unkeep(&v, code(1));
	assert_int_equal(v.n_stash, 1);
	assert_string_equal(v.stash[0].code, code(2));
	assert_int_equal(visitor_keep(&v, "nonsense"), -1);
	visitor_wear(&v, code(3), PLACE_HEAD);
	visitor_wear(&v, code(3), PLACE_PACK);
	assert_int_equal(v.n_worn, 1);
	assert_int_equal(v.worn[0].place, PLACE_PACK);
	visitor_unwear(&v, code(3));
	assert_int_equal(v.n_worn, 0);
}

static void test_header(void **state)
{
	(void)state;
	char h[1024];
	snprintf(h, sizeof h, "lf_csrf=ab; lf_visitorx=1~%s; lf_visitor=1~~%s ; other=1", code(1),
	         code(2));
	visitor_from_header(&v, h, VISITOR_COOKIE);
	assert_int_equal(v.n_worn, 0);
	assert_int_equal(v.n_stash, 1);
	visitor_from_header(&v, NULL, VISITOR_COOKIE);
	assert_int_equal(v.found, 0);
}

/* A code read again is answered as it was the first time, from whatever
 * the reader remembers of the codes it checked: its repeats found however
 * far apart, a code one byte off or one byte short still refused, and
 * more codes than any memory holds each still checked. */
static void test_read_again(void **state)
{
	(void)state;
	static char s[8192];
	static char many[3000][ITEMCODE_MAX];
	size_t at = (size_t)snprintf(s, sizeof s, "1~~");
	for (unsigned i = 0; i < 2 * VISITOR_STASH_MAX; i++) {
		struct itemcode c = {.kind = (enum kind)2,
		                     .tier = 3,
		                     .seed = 7000 + i % VISITOR_STASH_MAX,
		                     .revision = 4};
		char o[ITEMCODE_MAX];
		assert_true(itemcode_encode(&c, o, sizeof o) > 0);
		at += (size_t)snprintf(s + at, sizeof s - at, "%s%s", i ? "." : "", o);
	}
	for (int round = 0; round < 2; round++) {
		parse(s);
		assert_int_equal(v.n_stash,
		                 VISITOR_STASH_MAX); /* the second fifty repeat the first */
		assert_int_equal(v.dropped, VISITOR_STASH_MAX);
	}
	for (unsigned i = 0; i < 3000; i++) {
		struct itemcode c = {
		        .kind = (enum kind)(i % 3), .tier = 1, .seed = 90000 + i, .revision = 2};
		assert_true(itemcode_encode(&c, many[i], ITEMCODE_MAX) > 0);
	}
	for (int round = 0; round < 2; round++)
		for (unsigned i = 0; i < 3000; i++) {
			char *o = many[i], bad[ITEMCODE_MAX];
			size_t n = strlen(o);
			assert_true(visitor_code_ok(o, n));
			assert_false(visitor_code_ok(o, n - 1));
			memcpy(bad, o, n + 1);
			bad[n - 1] = bad[n - 1] == 'A' ? 'B' : 'A';
			assert_false(visitor_code_ok(bad, n));
			bad[n - 1] = o[n - 1];
			bad[0] = bad[0] == 'A' ? 'B' : 'A';
			assert_false(visitor_code_ok(bad, n));
		}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_round_trip),
	        cmocka_unit_test(test_truncated),
	        cmocka_unit_test(test_forged),
	        cmocka_unit_test(test_oversized),
	        cmocka_unit_test(test_stale_revision),
	        cmocka_unit_test(test_lists),
	        cmocka_unit_test(test_header),
	        cmocka_unit_test(test_read_again),
	        cmocka_unit_test(test_truncated_everywhere),
	        cmocka_unit_test(test_forged_each_character),
	        cmocka_unit_test(test_oversized_lists),
	        cmocka_unit_test(test_stale_revision_entries),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
