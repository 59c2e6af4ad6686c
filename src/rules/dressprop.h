/* dressprop: what a proposed dungeon dressing row may carry (SPEC §16,
 * docs/moderation.md "Dungeon dressing"): a trap (a name and a one-line
 * effect, a level range), an occupant (a creature's name and plural, a
 * level range, a number appearing) or a room's feature, sound or smell (a
 * phrase). Door states are not proposed (docs/moderation.md says why).
 * Names follow the word rule (word.h); phrases a rule of their own below;
 * every text NFC, trimmed, of one script, nothing invisible or styled. */
#ifndef LOOTFORGE_DRESSPROP_H
#define LOOTFORGE_DRESSPROP_H

#include <stdint.h>

#include "proposal.h"
#include "word.h"

/* A room's phrase: 3..64 code points, at most 128 bytes (the look-alike
 * checks read texts of that length); a trap's effect 8..160 code points. */
#define DRESSPROP_TEXT_CHARS_MIN   3
#define DRESSPROP_TEXT_CHARS_MAX   64
#define DRESSPROP_TEXT_BYTES_MAX   128
#define DRESSPROP_EFFECT_CHARS_MIN 8
#define DRESSPROP_EFFECT_CHARS_MAX 160
#define DRESSPROP_EFFECT_BYTES_MAX 640
#define DRESSPROP_INPUT_MAX        1024 /* bytes accepted before normalising */
#define DRESSPROP_LEVEL_MAX        20
#define DRESSPROP_NUMBER_MAX       20
/* A proposal's weight among the rows of its kind: the middle of the
 * starter rows' (3 to 40); a moderator changes it by a change set. */
#define DRESSPROP_WEIGHT 10

enum dressprop_kind { DP_TRAP, DP_OCCUPANT, DP_FEATURE, DP_SOUND, DP_SMELL, DP__MAX };

/* "trap", "occupant", "feature", "sound", "smell": dungeon_dressing's kinds. */
extern const char *const dressprop_kind_names[DP__MAX];
int dressprop_kind_from_name(const char *s);

struct dress_proposal {
	enum dressprop_kind kind;
	/* a trap's or creature's name (the word rule), or a room's phrase */
	char name[DRESSPROP_TEXT_BYTES_MAX + 1];
	char plural[WORD_BYTES_MAX + 1];             /* occupants; else "" */
	char effect[DRESSPROP_EFFECT_BYTES_MAX + 1]; /* traps; else "" */
	int level_min, level_max, number_min, number_max;
};

/* A proposed row as the store keeps it (table dressing_submission,
 * migration 0021; src/store/proposal_dressing.c reads and writes it). */
struct db_dressing_submission {
	uint32_t id; /* first, as every record's */
	char sid[SUBMISSION_ID_HEX + 1];
	struct dress_proposal p;
	char status[12];
	char created[20];
	uint32_t dressing_id; /* approved: the dungeon_dressing row it added; else 0 */
};

/* What a form sent (NULL: not sent). kind: for the room's phrase form
 * (feature, sound or smell); the trap and occupant forms set it. text:
 * the phrase. */
struct dress_proposal_input {
	const char *kind, *name, *plural, *effect, *text;
	const char *level_min, *level_max, *number_min, *number_max;
	int phrase; /* the phrase form: kind must be feature, sound or smell */
};

/* Checks every field of in for its kind into p: 0, or -1 with every
 * problem in *err (each naming its field; a range whose ends do not go
 * together names its upper end, marked as a check across fields). An
 * occupant's plural left empty is its name and "s"; levels left empty are
 * 1 and 20, numbers 1 and the lower. */
int dress_proposal_parse(const struct dress_proposal_input *in, struct dress_proposal *p,
                         struct proposal_error *err);

/* The phrase rule alone (a room's phrase, a trap's effect): NULL with the
 * NFC, trimmed text in out (cap bytes), or the sentence why not (in why
 * or a constant) and its *code. */
const char *dressprop_phrase(const char *typed, size_t min_chars, size_t max_chars, char *out,
                             size_t cap, const char **code, char *why, size_t why_cap);

/* The look-alike checks of a dressing row's texts (confusable.h's skeleton).
 * The live dungeon dressing row of c (a trap, an occupant, a room's
 * phrase; door states are not names) that text looks like without being
 * it, or NULL. */
struct catalog;
const char *confusable_live_dress(const struct catalog *c, const char *text);

/* The check of the dressing forms: a look-alike of a live word (as
 * confusable_refuse) or of a live dressing row. 0, or -1 with a problem
 * added to *err (code "confusable") naming field and the live text. */
int confusable_refuse_dress(const char *text, const char *field, struct proposal_error *err);

#endif
