/* nameprop: the rule a proposed Markov training name must pass
 * (docs/moderation.md "Training names"). Pure: no I/O, no state.
 *
 * A name is taken as typed, put in Unicode NFC and trimmed of spaces, then
 * checked: 3..24 letters (general category L, the code points markov.c
 * learns), with at most one apostrophe (' or U+2019, stored as ') or hyphen,
 * and only between two letters; nothing else (no digit, space, mark or
 * symbol). It must not be a training name already, compared as the chain
 * compares (lower case, code point by code point); the database checks that
 * again when it stores the proposal and when a moderator approves it. */
#ifndef LOOTFORGE_NAMEPROP_H
#define LOOTFORGE_NAMEPROP_H

#include "markov.h"
#include "proposal.h"

#define NAMEPROP_LETTERS_MIN 3
#define NAMEPROP_LETTERS_MAX 24
/* 24 letters of up to 4 bytes and one joiner */
#define NAMEPROP_BYTES_MAX (NAMEPROP_LETTERS_MAX * 4 + 1)
#define NAMEPROP_INPUT_MAX 256 /* bytes accepted before normalising */

/* Checks typed (NULL or empty: missing) and writes the name in NFC to out.
 * taken, when not NULL, is the current catalog's chain: a name it was
 * trained on (markov_is_training_name) is refused with NAMEPROP_TAKEN (a
 * 409 for the pages: the name is fine, only not new). 0, or -1 for a name
 * that breaks the rule, or NAMEPROP_TAKEN; each with *err naming the field
 * "name" and saying why (out is then empty). */
#define NAMEPROP_TAKEN (-2)
int nameprop_parse(const char *typed, const struct markov *taken, char out[NAMEPROP_BYTES_MAX + 1],
                   struct proposal_error *err);

#endif
