/* A proposed training name (docs/moderation.md "Training names"): each rule
 * of nameprop_parse, every refusal naming the field "name", and a name the
 * chain was trained on refused whatever its case. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "nameprop.h"
#include "word.h"

static void ok(const char *typed, const char *want)
{
	char out[NAMEPROP_BYTES_MAX + 1];
	struct proposal_error err = {0};

	assert_int_equal(nameprop_parse(typed, NULL, out, &err), 0);
	assert_string_equal(out, want);
}

static void refused(const char *typed, const struct markov *taken, const char *message)
{
	char out[NAMEPROP_BYTES_MAX + 1] = "x";
	struct proposal_error err = {0};

	assert_int_equal(nameprop_parse(typed, taken, out, &err), taken ? NAMEPROP_TAKEN : -1);
	assert_non_null(err.field);
	assert_string_equal(err.field, "name");
	assert_string_equal(err.message, message);
	assert_string_equal(out, "");
}

static void good_names(void **state)
{
	(void)state;
	ok("Zorvyn", "Zorvyn");
	ok("Tal'Vessa", "Tal'Vessa");
	ok("Ash-Kaelin", "Ash-Kaelin");
	ok("  Søvrin ", "Søvrin");         /* trimmed */
	ok("Tal\u2019Vessa", "Tal'Vessa"); /* the typographic apostrophe is stored as ' */
	ok("Þyr", "Þyr");                  /* 3 letters, the least */
	ok("abcdefghijklmnopqrstuvwx", "abcdefghijklmnopqrstuvwx"); /* 24, the most */
	ok("Ærindel", "Ærindel");
	ok("Ἀθηνᾶ", "Ἀθηνᾶ"); /* any script's letters */
	ok("Nakamura-Ōe", "Nakamura-Ōe");
}

static void nfc(void **state)
{
	(void)state;
	/* E + combining acute: one letter once composed, stored composed. */
	ok("E\xcc\x81landra", "\xc3\x89landra");
	/* A mark with no composed form stays a mark: not a letter. */
	refused("Zo\xcc\xb8rvyn", NULL,
	        "may hold only letters, with at most one apostrophe or hyphen between two of "
	        "them");
}

static void length(void **state)
{
	(void)state;
	refused(NULL, NULL, "is required: a name of 3 to 24 letters");
	refused("", NULL, "is required: a name of 3 to 24 letters");
	refused("   ", NULL, "is required: a name of 3 to 24 letters");
	refused("Ab", NULL, "must have at least 3 letters");
	refused("A-b", NULL, "must have at least 3 letters"); /* the hyphen is no letter */
	refused("abcdefghijklmnopqrstuvwxy", NULL, "must have at most 24 letters");
	refused("abcdefghijkl-mnopqrstuvwxy", NULL, "must have at most 24 letters");
	char big[NAMEPROP_INPUT_MAX + 2];
	memset(big, 'a', sizeof big - 1);
	big[sizeof big - 1] = '\0';
	refused(big, NULL, "must have at most 24 letters");
}

static void characters(void **state)
{
	(void)state;
	refused("Zorvyn2", NULL, "may hold letters only, not digits");
	refused("42", NULL, "may hold letters only, not digits");
	refused("Zor vyn", NULL,
	        "may hold only letters, with at most one apostrophe or hyphen between two of "
	        "them");
	refused("Zor_vyn", NULL,
	        "may hold only letters, with at most one apostrophe or hyphen between two of "
	        "them");
	refused("<b>Zor", NULL,
	        "may hold only letters, with at most one apostrophe or hyphen between two of "
	        "them");
	refused("Zor\xff", NULL, "is not valid UTF-8");
	/* Look-alikes: an invisible letter, a Cyrillic а among
	 * Latin letters, styled letters. */
	refused("Zorvyn\u3164", NULL, word_error_text(WORD_INVISIBLE));
	refused("Z\u043ervyn", NULL, word_error_text(WORD_MIXED));
	refused("\U0001D433orvyn", NULL, word_error_text(WORD_STYLED));
	refused("\uff3aorvyn", NULL, word_error_text(WORD_STYLED));
}

static void joiners(void **state)
{
	(void)state;
	refused("Tal'Ves'sa", NULL, "may hold at most one apostrophe or hyphen");
	refused("Ash-Kae'lin", NULL, "may hold at most one apostrophe or hyphen");
	refused("Tal''Vessa", NULL,
	        "may hold at most one apostrophe or hyphen, between two letters");
	refused("'Tal", NULL, "must start with a letter");
	refused("-Tal", NULL, "must start with a letter");
	refused("Tal-", NULL, "must end with a letter");
	refused("Tal'", NULL, "must end with a letter");
}

static void taken_names(void **state)
{
	(void)state;
	static const char *const names[] = {"Zorvyn", "Søvrin", "Tal'Vessa", "Itharka"};
	enum markov_error e;
	struct markov *m = markov_build(names, 4, 3, NULL, &e);

	assert_non_null(m);
	refused("Zorvyn", m, "“Zorvyn” is a training name already");
	refused("ZORVYN", m, "“ZORVYN” is a training name already");
	refused("SØVRIN", m, "“SØVRIN” is a training name already");
	refused("tal'vessa", m, "“tal'vessa” is a training name already");
	refused("Tal\u2019Vessa", m, "“Tal'Vessa” is a training name already");

	char out[NAMEPROP_BYTES_MAX + 1];
	struct proposal_error err = {0};
	/* Accents count: Søvrin is trained, Sovrin is new. */
	assert_int_equal(nameprop_parse("Sovrin", m, out, &err), 0);
	assert_string_equal(out, "Sovrin");
	assert_int_equal(nameprop_parse("Zorvynne", m, out, &err), 0);
	markov_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(good_names), cmocka_unit_test(nfc),
	        cmocka_unit_test(length),     cmocka_unit_test(characters),
	        cmocka_unit_test(joiners),    cmocka_unit_test(taken_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
