/* confusable: see confusable.h. */
#include "confusable.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicase.h>
#include <unictype.h>
#include <uninorm.h>
#include <unistr.h>

/* Look-alike -> the Latin letter it looks like, by code point. */
static const struct {
	unsigned from;
	char to;
} table[] = {
        /* Latin letters that look like others */
        {0x0131, 'i'},
        {0x0138, 'k'},
        {0x01C0, 'l'},
        {0x0251, 'a'},
        {0x0261, 'g'},
        {0x0269, 'i'},
        {0x026A, 'i'},
        {0x0274, 'n'},
        {0x0280, 'r'},
        {0x028F, 'y'},
        /* Greek */
        {0x0391, 'A'},
        {0x0392, 'B'},
        {0x0395, 'E'},
        {0x0396, 'Z'},
        {0x0397, 'H'},
        {0x0399, 'I'},
        {0x039A, 'K'},
        {0x039C, 'M'},
        {0x039D, 'N'},
        {0x039F, 'O'},
        {0x03A1, 'P'},
        {0x03A4, 'T'},
        {0x03A5, 'Y'},
        {0x03A7, 'X'},
        {0x03B1, 'a'},
        {0x03B3, 'y'},
        {0x03B9, 'i'},
        {0x03BA, 'k'},
        {0x03BD, 'v'},
        {0x03BF, 'o'},
        {0x03C1, 'p'},
        {0x03C5, 'u'},
        {0x03C7, 'x'},
        {0x03F2, 'c'},
        {0x03F3, 'j'},
        /* Cyrillic */
        {0x0405, 'S'},
        {0x0406, 'I'},
        {0x0408, 'J'},
        {0x0410, 'A'},
        {0x0412, 'B'},
        {0x0415, 'E'},
        {0x041A, 'K'},
        {0x041C, 'M'},
        {0x041D, 'H'},
        {0x041E, 'O'},
        {0x0420, 'P'},
        {0x0421, 'C'},
        {0x0422, 'T'},
        {0x0423, 'Y'},
        {0x0425, 'X'},
        {0x0430, 'a'},
        {0x0432, 'b'},
        {0x0435, 'e'},
        {0x043A, 'k'},
        {0x043C, 'm'},
        {0x043D, 'h'},
        {0x043E, 'o'},
        {0x0440, 'p'},
        {0x0441, 'c'},
        {0x0442, 't'},
        {0x0443, 'y'},
        {0x0445, 'x'},
        {0x0455, 's'},
        {0x0456, 'i'},
        {0x0458, 'j'},
        {0x04BB, 'h'},
        {0x04C0, 'l'},
        {0x04CF, 'l'},
        {0x0501, 'd'},
        {0x051B, 'q'},
        {0x051D, 'w'},
        /* letterlike symbols */
        {0x2102, 'C'},
        {0x210A, 'g'},
        {0x210B, 'H'},
        {0x210C, 'H'},
        {0x210D, 'H'},
        {0x210E, 'h'},
        {0x2110, 'I'},
        {0x2111, 'I'},
        {0x2112, 'L'},
        {0x2113, 'l'},
        {0x2115, 'N'},
        {0x2119, 'P'},
        {0x211A, 'Q'},
        {0x211B, 'R'},
        {0x211C, 'R'},
        {0x211D, 'R'},
        {0x2124, 'Z'},
        {0x2128, 'Z'},
        {0x212C, 'B'},
        {0x212D, 'C'},
        {0x212F, 'e'},
        {0x2130, 'E'},
        {0x2131, 'F'},
        {0x2133, 'M'},
        {0x2134, 'o'},
};

/* The Latin letter c looks like, or 0. */
static char look_alike(ucs4_t c)
{
	if (c >= 0xFF21 && c <= 0xFF3A) /* fullwidth A-Z */
		return (char)('A' + (c - 0xFF21));
	if (c >= 0xFF41 && c <= 0xFF5A) /* fullwidth a-z */
		return (char)('a' + (c - 0xFF41));
	if (c >= 0x1D400 && c <= 0x1D6A3) { /* mathematical A-Z a-z, 13 styles */
		unsigned i = (c - 0x1D400) % 52;
		return (char)(i < 26 ? 'A' + i : 'a' + (i - 26));
	}
	size_t lo = 0, hi = sizeof(table) / sizeof(table[0]);
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (table[mid].from == c)
			return table[mid].to;
		if (table[mid].from < c)
			lo = mid + 1;
		else
			hi = mid;
	}
	return 0;
}

int confusable_skeleton(const char *s, char *out, size_t cap)
{
	uint8_t nfd[CONFUSABLE_SKELETON_MAX], mapped[CONFUSABLE_SKELETON_MAX];
	size_t n = strlen(s), len = sizeof(nfd), used = 0;

	if (u8_check((const uint8_t *)s, n) != NULL)
		return -1;
	uint8_t *d = u8_normalize(UNINORM_NFD, (const uint8_t *)s, n, nfd, &len);
	if (!d)
		return -1;
	int rc = 0;
	for (const uint8_t *p = d, *end = d + len; p < end && rc == 0;) {
		ucs4_t c;
		p += u8_mbtouc(&c, p, (size_t)(end - p));
		if (uc_is_property_default_ignorable_code_point(c))
			continue;
		char l = look_alike(c);
		if (l)
			c = (ucs4_t)l;
		int w = u8_uctomb(mapped + used, c, (int)(sizeof(mapped) - used));
		if (w < 0)
			rc = -1;
		else
			used += (size_t)w;
	}
	if (d != nfd)
		free(d);
	if (rc != 0)
		return -1;
	len = cap;
	uint8_t *low = u8_tolower(mapped, used, NULL, UNINORM_NFD, (uint8_t *)out, &len);
	if (!low)
		return -1;
	if (low != (uint8_t *)out || len >= cap) {
		if (low != (uint8_t *)out)
			free(low);
		return -1;
	}
	out[len] = '\0';
	return 0;
}

int confusable_looks_like(const char *w, const char *skel, const char *word)
{
	char s[CONFUSABLE_SKELETON_MAX], a[CATALOG_KEY_MAX], b[CATALOG_KEY_MAX];

	/* Most live words are ASCII, whose skeleton is their lower case: no
	 * need to normalise them to see that they differ. */
	size_t i = 0;
	for (; w[i] && !(w[i] & 0x80); i++) {
		char c = w[i] >= 'A' && w[i] <= 'Z' ? (char)(w[i] + 32) : w[i];
		if (c != skel[i])
			return 0;
	}
	if (w[i] == '\0' && skel[i] != '\0')
		return 0;
	if (w[i] && (confusable_skeleton(w, s, sizeof s) != 0 || strcmp(s, skel) != 0))
		return 0;
	if (catalog_key(w, a, sizeof a) == 0 && catalog_key(word, b, sizeof b) == 0 &&
	    strcmp(a, b) == 0)
		return 0;
	return 1;
}

const char *confusable_live(const struct catalog *c, const char *word)
{
	char skel[CONFUSABLE_SKELETON_MAX];

	if (!c || confusable_skeleton(word, skel, sizeof skel) != 0)
		return NULL;
	for (int k = 0; k < K__MAX; k++)
		for (int p = 0; p < P__MAX; p++)
			for (size_t i = 0; i < c->t[k][p].n; i++)
				if (confusable_looks_like(c->t[k][p].rows[i].word, skel, word))
					return c->t[k][p].rows[i].word;
	for (size_t i = 0; i < c->n_spells; i++)
		if (confusable_looks_like(c->spells[i].s.name, skel, word))
			return c->spells[i].s.name;
	for (size_t i = 0; i < c->n_names; i++)
		if (confusable_looks_like(c->names[i].name, skel, word))
			return c->names[i].name;
	return NULL;
}

int confusable_refuse(const char *word, const char *field, struct proposal_error *err)
{
	const struct catalog *c = catalog_acquire();
	const char *live = confusable_live(c, word);
	int rc = 0;

	if (live) /* a check against the live words: listed after the fields' own */
		rc = proposal_error_add(err, field, "confusable", 1,
		                        "looks like the live word “%.64s” (look-alike letters)",
		                        live);
	if (c)
		catalog_release(c);
	return rc;
}
