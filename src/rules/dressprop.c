/* dressprop: see dressprop.h. */
#include "dressprop.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

#include "catalog.h"
#include "confusable.h"

const char *const dressprop_kind_names[DP__MAX] = {"trap", "occupant", "feature", "sound", "smell"};

int dressprop_kind_from_name(const char *s)
{
	for (int i = 0; s && i < DP__MAX; i++)
		if (strcmp(s, dressprop_kind_names[i]) == 0)
			return i;
	return -1;
}

static int given(const char *v)
{
	return v && *v;
}

/* Punctuation a phrase may hold between its words: a sentence's, not
 * markup's (no < > & " / \ or brackets but round ones). */
static int is_punct(ucs4_t c)
{
	return c == ',' || c == '.' || c == ';' || c == ':' || c == '\'' || c == 0x2019 ||
	       c == '-' || c == '!' || c == '?' || c == '(' || c == ')';
}

const char *dressprop_phrase(const char *typed, size_t min_chars, size_t max_chars, char *out,
                             size_t cap, const char **code, char *why, size_t why_cap)
{
	uint8_t buf[DRESSPROP_INPUT_MAX * 2];
	size_t len = sizeof buf, n = typed ? strlen(typed) : 0, chars = 0;
	const char *bad = NULL;

	out[0] = '\0';
	*code = "malformed";
	if (n > DRESSPROP_INPUT_MAX) {
		*code = "too_long";
		snprintf(why, why_cap, "must be at most %zu characters", max_chars);
		return why;
	}
	if (u8_check((const uint8_t *)typed, n) != NULL)
		return "is not valid UTF-8";
	uint8_t *norm = n ? u8_normalize(UNINORM_NFC, (const uint8_t *)typed, n, buf, &len) : buf;
	if (!norm)
		return "could not be checked; please try again";
	if (n == 0)
		len = 0;
	const uint8_t *p = norm;
	while (len > 0 && p[0] == ' ') {
		p++;
		len--;
	}
	while (len > 0 && p[len - 1] == ' ')
		len--;
	ucs4_t prev = 0, c = 0;
	for (size_t i = 0; i < len && !bad;) {
		int l = u8_mbtouc(&c, p + i, len - i);
		int letter = uc_is_general_category(c, UC_CATEGORY_L),
		    digit = uc_is_general_category(c, UC_CATEGORY_Nd),
		    mark = uc_is_general_category(c, UC_CATEGORY_M);
		if (i == 0 && !letter && !digit)
			bad = "must start with a letter or a digit";
		else if (mark && !(uc_is_general_category(prev, UC_CATEGORY_L) ||
		                   uc_is_general_category(prev, UC_CATEGORY_M)))
			bad = "may hold a combining mark only after a letter";
		else if (!letter && !digit && !mark && c != ' ' && !is_punct(c))
			bad = "may hold letters, digits, spaces and , . ; : ' - ! ? ( ) only";
		else if (c == ' ' && prev == ' ')
			bad = "must not hold two spaces in a row";
		prev = c;
		i += (size_t)l;
		chars++;
	}
	if (!bad && len > 0 && !uc_is_general_category(c, UC_CATEGORY_L) &&
	    !uc_is_general_category(c, UC_CATEGORY_M) &&
	    !uc_is_general_category(c, UC_CATEGORY_Nd) && c != '.' && c != '!' && c != '?' &&
	    c != ')')
		bad = "must end with a letter, a digit or . ! ? )";
	if (!bad && (chars < min_chars || chars > max_chars || len >= cap)) {
		*code = chars == 0 ? "missing" : chars < min_chars ? "malformed" : "too_long";
		snprintf(why, why_cap, "must be %zu to %zu characters", min_chars, max_chars);
		bad = why;
	}
	if (!bad) {
		memcpy(out, p, len);
		out[len] = '\0';
		enum word_error we = word_scripts(out, len);
		if (we != WORD_OK) {
			bad = word_error_text(we);
			out[0] = '\0';
		}
	}
	if (norm != buf)
		free(norm);
	return bad;
}

/* A name by the word rule into out (0), or its problem added to err. */
static int read_word(struct proposal_error *err, const char *field, const char *v, char *out)
{
	enum word_error we;

	out[0] = '\0';
	if (!given(v))
		return proposal_error_add(err, field, "missing", 0, "is required");
	if ((we = word_normalize(v, strlen(v), out)) != WORD_OK) {
		out[0] = '\0';
		return proposal_error_add(
		        err, field, we == WORD_LONG || we == WORD_BYTES ? "too_long" : "malformed",
		        0, "%s", word_error_text(we));
	}
	return 0;
}

/* A whole number lo..hi into *out (empty: def), or its problem. */
static int read_number(struct proposal_error *err, const char *field, const char *v, int lo, int hi,
                       int def, int *out)
{
	int n = 0, digits = 0;

	*out = def;
	if (!given(v))
		return 0;
	for (const char *s = v; *s; s++, digits++) {
		if (*s < '0' || *s > '9' || digits == 3)
			return proposal_error_add(err, field,
			                          digits == 3 ? "out_of_range" : "malformed", 0,
			                          "must be a whole number from %d to %d", lo, hi);
		n = n * 10 + (*s - '0');
	}
	if (n < lo || n > hi)
		return proposal_error_add(err, field, "out_of_range", 0,
		                          "must be a whole number from %d to %d", lo, hi);
	*out = n;
	return 0;
}

/* lo..hi of a range: the upper end no lower than the lower. */
static void read_range(struct proposal_error *err, const char *fmin, const char *fmax,
                       const char *vmin, const char *vmax, int top, int defmax_is_min, int *lo,
                       int *hi)
{
	int a = read_number(err, fmin, vmin, 1, top, 1, lo);
	int b = read_number(err, fmax, vmax, 1, top, top, hi);

	if (a == 0 && b == 0 && !given(vmax) && defmax_is_min)
		*hi = *lo;
	if (a == 0 && b == 0 && *hi < *lo)
		proposal_error_add(err, fmax, "out_of_range", 1, "must be at least %s (%d)", fmin,
		                   *lo);
}

int dress_proposal_parse(const struct dress_proposal_input *in, struct dress_proposal *p,
                         struct proposal_error *err)
{
	const char *why, *code;
	char msg[PROPOSAL_MESSAGE_MAX];
	int k;

	memset(p, 0, sizeof *p);
	proposal_error_init(err);
	p->level_min = p->number_min = p->number_max = 1;
	p->level_max = DRESSPROP_LEVEL_MAX;
	if ((k = dressprop_kind_from_name(in->kind)) < 0 || (in->phrase && k < DP_FEATURE)) {
		proposal_error_add(err, "kind", given(in->kind) ? "not_one_of" : "missing", 0,
		                   "must be one of feature, sound, smell");
		if (!in->phrase)
			return -1;
		k = DP_FEATURE; /* the phrase is checked all the same */
	}
	p->kind = (enum dressprop_kind)k;
	switch (p->kind) {
	case DP_TRAP:
		read_word(err, "name", in->name, p->name);
		if (!given(in->effect))
			proposal_error_add(err, "effect", "missing", 0,
			                   "is required: what the trap does, in one line");
		else if ((why = dressprop_phrase(in->effect, DRESSPROP_EFFECT_CHARS_MIN,
		                                 DRESSPROP_EFFECT_CHARS_MAX, p->effect,
		                                 sizeof p->effect, &code, msg, sizeof msg)) != NULL)
			proposal_error_add(err, "effect", code, 0, "%s", why);
		read_range(err, "level_min", "level_max", in->level_min, in->level_max,
		           DRESSPROP_LEVEL_MAX, 0, &p->level_min, &p->level_max);
		break;
	case DP_OCCUPANT:
		read_word(err, "name", in->name, p->name);
		if (given(in->plural)) {
			read_word(err, "plural", in->plural, p->plural);
		} else if (p->name[0]) {
			char guess[WORD_INPUT_MAX];
			snprintf(guess, sizeof guess, "%s%s", p->name, "s");
			if (word_normalize(guess, strlen(guess), p->plural) != WORD_OK)
				proposal_error_add(err, "plural", "missing", 0,
				                   "is required: the name with an “s” does not pass "
				                   "the word rule");
		}
		read_range(err, "level_min", "level_max", in->level_min, in->level_max,
		           DRESSPROP_LEVEL_MAX, 0, &p->level_min, &p->level_max);
		read_range(err, "number_min", "number_max", in->number_min, in->number_max,
		           DRESSPROP_NUMBER_MAX, 1, &p->number_min, &p->number_max);
		break;
	case DP_FEATURE:
	case DP_SOUND:
	case DP_SMELL:
		if (!given(in->text))
			proposal_error_add(err, "text", "missing", 0,
			                   "is required: a short phrase (3 to 64 characters)");
		else if ((why = dressprop_phrase(in->text, DRESSPROP_TEXT_CHARS_MIN,
		                                 DRESSPROP_TEXT_CHARS_MAX, p->name, sizeof p->name,
		                                 &code, msg, sizeof msg)) != NULL)
			proposal_error_add(err, "text", code, 0, "%s", why);
		break;
	case DP__MAX:
		break;
	}
	return err->n ? -1 : 0;
}

const char *confusable_live_dress(const struct catalog *c, const char *text)
{
	char skel[CONFUSABLE_SKELETON_MAX];

	if (!c || confusable_skeleton(text, skel, sizeof skel) != 0)
		return NULL;
	for (size_t i = 0; i < c->n_dress; i++) {
		const struct dress_row *r = &c->dress[i];
		if (r->retired_rev == 0 && r->kind != DRESS_DOOR &&
		    confusable_looks_like(r->name, skel, text))
			return r->name;
	}
	return NULL;
}

int confusable_refuse_dress(const char *text, const char *field, struct proposal_error *err)
{
	const struct catalog *c = catalog_acquire();
	const char *live = confusable_live(c, text);
	int rc = 0;

	if (!live)
		live = confusable_live_dress(c, text);
	if (live)
		rc = proposal_error_add(err, field, "confusable", 1,
		                        "looks like the live “%.64s” (look-alike letters)", live);
	if (c)
		catalog_release(c);
	return rc;
}
