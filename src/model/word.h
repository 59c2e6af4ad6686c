/* word: the rule a proposed word must pass (docs/moderation.md). A word is
 * taken as the person typed it, put in Unicode NFC, trimmed of spaces, then
 * checked: 2..32 code points, each a letter of any script (a combining mark
 * may follow a letter), a space, a hyphen or an apostrophe (' or U+2019);
 * no two spaces in a row; it starts and ends with a letter; at most 64 bytes
 * of UTF-8 (the longest word /generate accepts in attribute[...]). Case is
 * kept as typed; the database compares words case-insensitively.
 *
 * Look-alikes (Unicode TR39's ideas): no invisible character
 * (Default_Ignorable_Code_Point, such as U+3164 HANGUL FILLER, which is a
 * "letter"); no styled letter (one that NFKC changes: fullwidth Ａ,
 * mathematical bold 𝐚, ligatures, ſ); and the letters of one word all of
 * one script (Latin, Cyrillic, Greek, ...; Han, Hiragana, Katakana, Hangul
 * and Bopomofo count as one), so "bаlanced" with a Cyrillic а is refused
 * while a word wholly in Cyrillic is not. A word wholly in another script
 * that looks like a live word is caught by the skeleton (confusable.h). */
#ifndef LOOTFORGE_WORD_H
#define LOOTFORGE_WORD_H

#include <stddef.h>

#define WORD_CHARS_MIN 2
#define WORD_CHARS_MAX 32
#define WORD_BYTES_MAX 64
#define WORD_INPUT_MAX 256 /* bytes accepted before normalising */

enum word_error {
	WORD_OK,
	WORD_UTF8,      /* not valid UTF-8 */
	WORD_SHORT,     /* fewer than 2 code points */
	WORD_LONG,      /* more than 32 code points, or input over 256 bytes */
	WORD_BYTES,     /* more than 64 bytes */
	WORD_CHAR,      /* a character that is not allowed */
	WORD_SPACES,    /* two spaces in a row */
	WORD_EDGE,      /* does not start or end with a letter */
	WORD_INVISIBLE, /* a default-ignorable (invisible) character */
	WORD_STYLED,    /* a letter NFKC changes (fullwidth, mathematical, ...) */
	WORD_MIXED,     /* letters of more than one script */
	WORD_NOMEM,
	WORD__MAX
};

/* Normalises and checks the n bytes at s. On WORD_OK, out holds the word,
 * NUL-terminated. Otherwise out is an empty string. */
enum word_error word_normalize(const char *s, size_t n, char out[WORD_BYTES_MAX + 1]);

/* The look-alike part of the rule alone, for the name rule (nameprop.c):
 * WORD_INVISIBLE, WORD_STYLED, WORD_MIXED or WORD_OK for the n bytes of
 * valid NFC UTF-8 at s; WORD_NOMEM when NFKC could not be computed. */
enum word_error word_scripts(const char *s, size_t n);

/* A sentence for the client, to follow the field's name ("word: ..."). */
const char *word_error_text(enum word_error e);

#endif
