/* nameprop: see nameprop.h. NFC through libunistring, as word.c; the
 * normalised copy lives on the stack unless the input grows past it, and
 * that copy is freed here. */
#include "nameprop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

#include "word.h"

#define NORM_BUF (NAMEPROP_INPUT_MAX * 4)

/* The name's one problem; its code read off the sentence (docs/api.md). */
static int fail(struct proposal_error *err, const char *message)
{
	const char *code = strstr(message, "required")     ? "missing"
	                   : strstr(message, "at most 24") ? "too_long"
	                   : strstr(message, "already")    ? "conflict"
	                                                   : "malformed";

	return proposal_error_add(err, "name", code, strcmp(code, "conflict") == 0, "%s", message);
}

static int is_joiner(ucs4_t c)
{
	return c == '\'' || c == 0x2019 || c == '-';
}

/* The rule on the normalised, trimmed text s (n > 0 bytes, valid UTF-8):
 * writes it to out with U+2019 as '. 0, or -1 with *err. */
static int check(const uint8_t *s, size_t n, char *out, struct proposal_error *err)
{
	size_t letters = 0, joiners = 0, used = 0;
	int prev_letter = 0;

	for (const uint8_t *p = s, *end = s + n; p < end;) {
		ucs4_t c;
		int len = u8_mbtouc(&c, p, (size_t)(end - p));

		if (is_joiner(c)) {
			if (!prev_letter)
				return fail(err, letters == 0
				                         ? "must start with a letter"
				                         : "may hold at most one apostrophe or "
				                           "hyphen, between two letters");
			if (++joiners > 1)
				return fail(err, "may hold at most one apostrophe or hyphen");
			prev_letter = 0;
			out[used++] = c == '-' ? '-' : '\'';
		} else if (uc_is_general_category(c, UC_LETTER)) {
			if (++letters > NAMEPROP_LETTERS_MAX)
				return fail(err, "must have at most 24 letters");
			prev_letter = 1;
			memcpy(out + used, p, (size_t)len);
			used += (size_t)len;
		} else if (c >= '0' && c <= '9') {
			return fail(err, "may hold letters only, not digits");
		} else {
			return fail(err, "may hold only letters, with at most one apostrophe or "
			                 "hyphen between two of them");
		}
		p += len;
	}
	if (!prev_letter)
		return fail(err, "must end with a letter");
	if (letters < NAMEPROP_LETTERS_MIN)
		return fail(err, "must have at least 3 letters");
	out[used] = '\0';
	return 0;
}

int nameprop_parse(const char *typed, const struct markov *taken, char out[NAMEPROP_BYTES_MAX + 1],
                   struct proposal_error *err)
{
	uint8_t buf[NORM_BUF];
	size_t len = sizeof(buf), n = typed ? strlen(typed) : 0;
	char msg[sizeof err->message];
	int rc;

	out[0] = '\0';
	proposal_error_init(err);
	if (n > NAMEPROP_INPUT_MAX)
		return fail(err, "must have at most 24 letters");
	if (u8_check((const uint8_t *)typed, n) != NULL)
		return fail(err, "is not valid UTF-8");
	uint8_t *norm = n ? u8_normalize(UNINORM_NFC, (const uint8_t *)typed, n, buf, &len) : buf;
	if (!norm)
		return fail(err, "could not be checked; please try again");
	if (n == 0)
		len = 0;
	const uint8_t *p = norm;
	while (len > 0 && p[0] == ' ') {
		p++;
		len--;
	}
	while (len > 0 && p[len - 1] == ' ')
		len--;
	/* Every code point is at most 4 bytes and U+2019 becomes one: the
	 * letter count bounds what out receives. */
	rc = len == 0 ? fail(err, "is required: a name of 3 to 24 letters")
	              : check(p, len, out, err);
	if (norm != buf)
		free(norm);
	/* Invisible, styled and mixed-script letters: the word rule's
	 * look-alike part (word.h). */
	enum word_error we = rc == 0 ? word_scripts(out, strlen(out)) : WORD_OK;
	if (we != WORD_OK)
		rc = fail(err, word_error_text(we));
	if (rc != 0) {
		out[0] = '\0';
		return rc;
	}
	if (taken && markov_is_training_name(taken, out)) {
		snprintf(msg, sizeof msg, "“%.100s” is a training name already", out);
		out[0] = '\0';
		fail(err, msg);
		return NAMEPROP_TAKEN;
	}
	return 0;
}
