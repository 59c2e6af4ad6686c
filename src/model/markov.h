/* markov: names from a character-level Markov chain (SPEC §8, docs/spells.md
 * "How a name is drawn"). Built once per catalog from the training names,
 * then read-only: any number of threads may draw from one chain at once.
 *
 * Letters are Unicode code points, not bytes: the chain learns "ö" as one
 * letter. Training lowercases each letter (simple case mapping); a name that
 * holds anything but letters (a space, a hyphen, an apostrophe, a digit, a
 * combining mark: names come in NFC) teaches the chain nothing, but is still
 * a name a draw must not give back; a name that is not valid UTF-8 is skipped
 * whole. A drawn name is 4..12 letters, in title case (the first letter in
 * title case, the rest lower case), never one of the training names compared
 * case-insensitively, and the same for the same chain and seed. */
#ifndef LOOTFORGE_MARKOV_H
#define LOOTFORGE_MARKOV_H

#include <stddef.h>
#include <stdint.h>

#define MARKOV_ORDER_MIN   2
#define MARKOV_ORDER_MAX   3
#define MARKOV_LETTERS_MIN 4
#define MARKOV_LETTERS_MAX 12
/* Bytes for a drawn name: 12 letters of up to 4 bytes of UTF-8 and the NUL. */
#define MARKOV_NAME_MAX (MARKOV_LETTERS_MAX * 4 + 1)
/* Walks a draw may take before it gives up (each walk is one try). */
#define MARKOV_TRIES 200

enum markov_error {
	MARKOV_OK,
	MARKOV_NOMEM,
	MARKOV_ORDER,     /* the order is not 2 or 3 */
	MARKOV_EMPTY,     /* no training name of letters only */
	MARKOV_EXHAUSTED, /* MARKOV_TRIES walks gave no new name of 4..12 letters */
	MARKOV__MAX
};

struct markov;

struct markov_stats {
	size_t names;       /* names given */
	size_t trained;     /* names the chain learned from */
	size_t skipped;     /* names that taught nothing (not letters only, or not UTF-8) */
	size_t letters;     /* distinct letters */
	size_t contexts;    /* distinct contexts (order letters each) */
	size_t transitions; /* distinct (context, next letter) pairs */
	size_t bytes;       /* memory the chain holds, the training set included */
};

/* Builds a chain of order 2 or 3 from n names (NUL-terminated UTF-8; the
 * strings are copied, the caller keeps them). Returns the chain, owned by
 * the caller and freed with markov_free, or NULL with *err set. st, when not
 * NULL, is filled either way as far as the build went. */
struct markov *markov_build(const char *const *names, size_t n, int order, struct markov_stats *st,
                            enum markov_error *err);
void markov_free(struct markov *m);

/* The shortest name a draw gives (MARKOV_LETTERS_MIN after a build): a
 * catalog setting (SPEC §12, docs/spells.md). Before the chain is shared
 * only. 0, or -1 when letters is outside MARKOV_LETTERS_MIN..MAX. */
int markov_set_letters_min(struct markov *m, int letters);

/* Draws a name from seed into out: MARKOV_OK, or MARKOV_EXHAUSTED with out
 * "". Pure: the same chain and seed give the same name. */
enum markov_error markov_draw(const struct markov *m, uint64_t seed, char out[MARKOV_NAME_MAX]);

/* Whether name (UTF-8) is one of the training names, case-insensitively. */
int markov_is_training_name(const struct markov *m, const char *name);

/* A sentence for the log. */
const char *markov_error_text(enum markov_error e);

#endif
