/* word: NFC through libunistring, then the character rule of word.h.
 * Memory: normalising uses a stack buffer; libunistring allocates only for
 * an input that grows past it, and that copy is freed here. */
#include "word.h"

#include <stdlib.h>
#include <string.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

#define NORM_BUF (WORD_INPUT_MAX * 4)

static const char *const texts[WORD__MAX] = {
        [WORD_OK] = "is fine",
        [WORD_UTF8] = "is not valid UTF-8",
        [WORD_SHORT] = "must be at least 2 characters long",
        [WORD_LONG] = "must be at most 32 characters long",
        [WORD_BYTES] = "must be at most 64 bytes long in UTF-8",
        [WORD_CHAR] = "may hold only letters, spaces, hyphens and apostrophes",
        [WORD_SPACES] = "must not hold two spaces in a row",
        [WORD_EDGE] = "must start and end with a letter",
        [WORD_INVISIBLE] = "must not hold invisible characters (such as U+3164 or U+200B)",
        [WORD_STYLED] = "must not hold styled letters (fullwidth, mathematical bold and the like); "
                        "type plain letters",
        [WORD_MIXED] = "must not mix letters of different scripts (such as Latin with a "
                       "Cyrillic or Greek look-alike)",
        [WORD_NOMEM] = "could not be checked; please try again",
};

const char *word_error_text(enum word_error e)
{
	return (unsigned)e < WORD__MAX ? texts[e] : "is not a valid word";
}

enum cls { C_LETTER, C_MARK, C_SPACE, C_JOIN, C_OTHER };

static enum cls classify(ucs4_t c)
{
	if (c == ' ')
		return C_SPACE;
	if (c == '-' || c == '\'' || c == 0x2019)
		return C_JOIN;
	if (uc_is_general_category(c, UC_LETTER))
		return C_LETTER;
	if (uc_is_general_category(c, UC_MARK))
		return C_MARK;
	return C_OTHER;
}

/* The script a letter counts for: Han, Hiragana, Katakana, Hangul and
 * Bopomofo are written together, so they count as one (TR39's "highly
 * restrictive" sets). NULL: a letter of no script (Common, Inherited,
 * unknown), such as the mathematical letters. */
static const void *script_of(ucs4_t c)
{
	static const char *const cjk[] = {"Han", "Hiragana", "Katakana", "Hangul", "Bopomofo"};
	const uc_script_t *sc = uc_script(c);

	if (!sc || strcmp(sc->name, "Common") == 0 || strcmp(sc->name, "Inherited") == 0)
		return NULL;
	for (size_t i = 0; i < sizeof(cjk) / sizeof(cjk[0]); i++)
		if (strcmp(sc->name, cjk[i]) == 0)
			return cjk;
	return sc;
}

enum word_error word_scripts(const char *text, size_t n)
{
	const uint8_t *s = (const uint8_t *)text;
	const void *script = NULL;
	uint8_t buf[NORM_BUF];
	size_t len = sizeof(buf);

	for (const uint8_t *p = s, *end = s + n; p < end;) {
		ucs4_t c;
		p += u8_mbtouc(&c, p, (size_t)(end - p));
		if (uc_is_property_default_ignorable_code_point(c))
			return WORD_INVISIBLE;
		if (!uc_is_general_category(c, UC_LETTER))
			continue;
		const void *sc = script_of(c);
		if (!sc)
			return WORD_STYLED;
		if (script && sc != script)
			return WORD_MIXED;
		script = sc;
	}
	/* A styled letter is one NFKC changes (the text is NFC already). */
	uint8_t *k = u8_normalize(UNINORM_NFKC, s, n, buf, &len);
	if (!k)
		return WORD_NOMEM;
	enum word_error e = len == n && memcmp(k, s, n) == 0 ? WORD_OK : WORD_STYLED;
	if (k != buf)
		free(k);
	return e;
}

/* The rule on the normalised, trimmed text (n > 0 bytes, valid UTF-8). */
static enum word_error check(const uint8_t *s, size_t n)
{
	size_t chars = 0;
	enum cls prev = C_OTHER, last_base = C_OTHER;

	for (const uint8_t *p = s, *end = s + n; p < end;) {
		ucs4_t c;
		int len = u8_mbtouc(&c, p, (size_t)(end - p));
		enum cls k = classify(c);

		if (k == C_OTHER)
			return WORD_CHAR;
		/* A mark belongs to the letter (or the marks) before it. */
		if (k == C_MARK && prev != C_LETTER && prev != C_MARK)
			return chars == 0 ? WORD_EDGE : WORD_CHAR;
		if (chars == 0 && k != C_LETTER)
			return WORD_EDGE;
		if (k == C_SPACE && prev == C_SPACE)
			return WORD_SPACES;
		if (k != C_MARK)
			last_base = k;
		prev = k;
		chars++;
		p += len;
	}
	if (last_base != C_LETTER)
		return WORD_EDGE;
	if (chars < WORD_CHARS_MIN)
		return WORD_SHORT;
	if (chars > WORD_CHARS_MAX)
		return WORD_LONG;
	if (n > WORD_BYTES_MAX)
		return WORD_BYTES;
	return WORD_OK;
}

enum word_error word_normalize(const char *s, size_t n, char out[WORD_BYTES_MAX + 1])
{
	uint8_t buf[NORM_BUF];
	size_t len = sizeof(buf);
	enum word_error e;

	out[0] = '\0';
	if (n > WORD_INPUT_MAX)
		return WORD_LONG;
	if (u8_check((const uint8_t *)s, n) != NULL)
		return WORD_UTF8;
	uint8_t *norm = u8_normalize(UNINORM_NFC, (const uint8_t *)s, n, buf, &len);
	if (!norm)
		return WORD_NOMEM;
	const uint8_t *p = norm;
	while (len > 0 && p[0] == ' ') {
		p++;
		len--;
	}
	while (len > 0 && p[len - 1] == ' ')
		len--;
	e = len == 0 ? WORD_SHORT : check(p, len);
	if (e == WORD_OK)
		e = word_scripts((const char *)p, len);
	if (e == WORD_OK) {
		memcpy(out, p, len);
		out[len] = '\0';
	}
	if (norm != buf)
		free(norm);
	return e;
}
