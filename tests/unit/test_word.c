/* word: the rule a proposed word must pass, as a table of inputs and what
 * each must give (the normalised word, or the error). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "word.h"

struct ok_case {
	const char *in, *out;
};

static const struct ok_case valid[] = {
        {"Ember-born", "Ember-born"},
        {"O'Neil", "O'Neil"},
        {"O\u2019Neil", "O\u2019Neil"},
        {"Gl\u00fchend", "Gl\u00fchend"},
        {"\u65e5\u672c\u5200", "\u65e5\u672c\u5200"},
        /* decomposed e + combining acute becomes the composed letter */
        {"Cafe\u0301", "Caf\u00e9"},
        {"Glu\u0308hend", "Gl\u00fchend"},
        {"  spaced out  ", "spaced out"},
        {"ab", "ab"},
        {"jack-o'-lantern", "jack-o'-lantern"},
        /* a spacing mark that follows a letter and ends the word */
        {"\u0939\u093f\u0928\u094d\u0926\u0940", "\u0939\u093f\u0928\u094d\u0926\u0940"},
        {"abcdefghijklmnopqrstuvwxyzabcdef", "abcdefghijklmnopqrstuvwxyzabcdef"}, /* 32 */
        /* 32 Cyrillic letters: exactly 64 bytes */
        {"\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436"
         "\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436"
         "\u0436\u0436\u0436\u0436",
         NULL},
};

struct bad_case {
	const char *in;
	size_t len; /* 0: strlen */
	enum word_error e;
};

static const struct bad_case invalid[] = {
        {"a", 0, WORD_SHORT},
        {"", 0, WORD_SHORT},
        {"    ", 0, WORD_SHORT},
        {"abcdefghijklmnopqrstuvwxyzabcdefg", 0, WORD_LONG}, /* 33 */
        {"abc1", 0, WORD_CHAR},
        {"<script>", 0, WORD_CHAR},
        {"a<b>c", 0, WORD_CHAR},
        {"two  spaces", 0, WORD_SPACES},
        {"-leading", 0, WORD_EDGE},
        {"trailing-", 0, WORD_EDGE},
        {"'quoted'", 0, WORD_EDGE},
        {"\u0301accent first", 0, WORD_EDGE},
        {"a\x01"
         "b",
         0, WORD_CHAR},
        {"tab\there", 0, WORD_CHAR},
        {"line\nbreak", 0, WORD_CHAR},
        {"nul", 4, WORD_CHAR}, /* an embedded NUL */
        {"\xff\xfe", 0, WORD_UTF8},
        {"caf\xc3", 0, WORD_UTF8}, /* truncated sequence */
        {"\xc0\xaf"
         "ab",
         0, WORD_UTF8}, /* overlong */
        {"\xed\xa0\x80"
         "ab",
         0, WORD_UTF8},             /* surrogate */
        {"a\u00a0b", 0, WORD_CHAR}, /* no-break space */
        {"a_b", 0, WORD_CHAR},
        {"a.b", 0, WORD_CHAR},
        {"emoji\U0001F600", 0, WORD_CHAR},
        /* Look-alikes: "balanced" + U+3164 HANGUL FILLER, a
         * letter that shows nothing; Cyrillic а in "bаlanced"; Greek ν in
         * "heaνy"; mathematical bold "𝐛𝐚𝐥𝐚𝐧𝐜𝐞𝐝" (alone and mixed in); fullwidth
         * "ｈｅａｖｙ"; a zero-width space (not a letter at all). */
        {"balanced\u3164", 0, WORD_INVISIBLE},
        {"bal\u3164anced", 0, WORD_INVISIBLE},
        {"b\u0430lanced", 0, WORD_MIXED},
        {"hea\u03bdy", 0, WORD_MIXED},
        {"\U0001D41B\U0001D41A\U0001D425\U0001D41A\U0001D427\U0001D41C\U0001D41E\U0001D41D", 0,
         WORD_STYLED},
        {"bal\U0001D41Anced", 0, WORD_STYLED},
        {"\uff48\uff45\uff41\uff56\uff59", 0, WORD_STYLED},
        {"\ufb01re", 0, WORD_STYLED}, /* the ligature ﬁ */
        {"hea\u200bvy", 0, WORD_CHAR},
        /* 22 CJK characters: 22 code points but 66 bytes */
        {"\u65e5\u65e5\u65e5\u65e5\u65e5\u65e5\u65e5\u65e5\u65e5\u65e5\u65e5\u65e5\u65e5\u65e5"
         "\u65e5\u65e5\u65e5\u65e5\u65e5\u65e5\u65e5\u65e5",
         0, WORD_BYTES},
};

static void test_valid(void **state)
{
	char out[WORD_BYTES_MAX + 1];

	(void)state;
	for (size_t i = 0; i < sizeof(valid) / sizeof(valid[0]); i++) {
		const char *want = valid[i].out ? valid[i].out : valid[i].in;
		enum word_error e = word_normalize(valid[i].in, strlen(valid[i].in), out);
		if (e != WORD_OK)
			fail_msg("'%s' refused: %s", valid[i].in, word_error_text(e));
		assert_string_equal(out, want);
	}
}

static void test_invalid(void **state)
{
	char out[WORD_BYTES_MAX + 1];

	(void)state;
	for (size_t i = 0; i < sizeof(invalid) / sizeof(invalid[0]); i++) {
		const struct bad_case *c = &invalid[i];
		size_t n = c->len ? c->len : strlen(c->in);
		enum word_error e = word_normalize(c->in, n, out);
		if (e != c->e)
			fail_msg("case %zu: got %d (%s), want %d", i, e, word_error_text(e), c->e);
		assert_string_equal(out, "");
	}
}

/* Over 256 bytes of input is refused before normalising. */
static void test_input_limit(void **state)
{
	char in[WORD_INPUT_MAX + 2], out[WORD_BYTES_MAX + 1];

	(void)state;
	memset(in, 'a', sizeof(in));
	assert_int_equal(word_normalize(in, WORD_INPUT_MAX + 1, out), WORD_LONG);
	assert_int_equal(word_normalize(in, WORD_INPUT_MAX, out), WORD_LONG);
}

static void test_every_error_has_a_message(void **state)
{
	(void)state;
	for (int e = WORD_UTF8; e < WORD__MAX; e++) {
		const char *t = word_error_text((enum word_error)e);
		assert_non_null(t);
		assert_true(strlen(t) > 5);
	}
	assert_non_null(word_error_text(WORD__MAX));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_valid),
	        cmocka_unit_test(test_invalid),
	        cmocka_unit_test(test_input_limit),
	        cmocka_unit_test(test_every_error_has_a_message),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
