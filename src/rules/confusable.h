/* confusable: look-alikes of live words, after Unicode TR39's
 * skeleton. The word rule (word.h) already refuses invisible characters,
 * styled letters and mixed scripts; what is left is a word wholly in
 * another script that looks like a live one (Cyrillic "аре" for "ape"), or
 * Latin letters that look like others (dotless ı for i). Both are refused
 * when their skeleton is a live word's.
 *
 * The skeleton is NFD, then each code point through a small table of the
 * common look-alikes (Cyrillic and Greek letters that look Latin, Latin
 * ı ɑ ɡ ɩ ǀ ĸ, fullwidth and mathematical letters, letterlike symbols) to
 * the Latin letter they look like, invisible characters dropped, then
 * lower case. Not TR39's whole confusables.txt (some 6,000 pairs, and
 * sequences such as "rn" for "m", left out: they would refuse real words):
 * the table holds the letters that pass the word rule and look the same
 * in common fonts. Marks stay: "Café" and "Cafe" are different words. */
#ifndef LOOTFORGE_CONFUSABLE_H
#define LOOTFORGE_CONFUSABLE_H

#include <stddef.h>

#include "catalog.h"
#include "proposal.h"

#define CONFUSABLE_SKELETON_MAX 512 /* bytes of a skeleton, NUL included */

/* The skeleton of the UTF-8 text s into out. 0, or -1 (not valid UTF-8,
 * out of memory, or longer than cap). */
int confusable_skeleton(const char *s, char *out, size_t cap);

/* The live word of c (any table's row, spell name or training name) that
 * word looks like without being it (compared without case), or NULL. */
const char *confusable_live(const struct catalog *c, const char *word);

/* The check the proposal forms make: against the current catalog, when
 * there is one. 0, or -1 with a problem added to *err (code "confusable")
 * naming field and the live word. */
int confusable_refuse(const char *word, const char *field, struct proposal_error *err);

/* Whether the live text w has the skeleton skel (confusable_skeleton of
 * word) while not being word but for case (that one is the database's
 * 409, not a look-alike): for the look-alike checks of each proposal
 * type's rules (dressprop.h's, for one). */
int confusable_looks_like(const char *w, const char *skel, const char *word);

#endif
