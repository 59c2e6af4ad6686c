/* proposal_types: the proposal types of the lifecycle (lifecycle.h), one
 * descriptor each. A new type is a descriptor here, its statements
 * (statements.c), its record (dbmod.h) and its migration; docs/house.md,
 * "Adding a proposal type". */
#ifndef LOOTFORGE_PROPOSAL_TYPES_H
#define LOOTFORGE_PROPOSAL_TYPES_H

#include "dressprop.h"
#include "lifecycle.h"

/* A proposed dungeon dressing row (migration 0021), as stored. */
struct db_dressing_submission {
	uint32_t id; /* first, as every record's */
	char sid[SUBMISSION_ID_HEX + 1];
	struct dress_proposal p;
	char status[12];
	char created[20];
	uint32_t dressing_id; /* approved: the dungeon_dressing row it added; else 0 */
};

/* A word for an affix table: struct proposal in, struct db_submission out;
 * approving takes a struct proposal_input of the moderator's changes. */
extern const struct proposal_type proposal_word;

/* word in the case of the affix tables (docs/moderation.md, "The case of an
 * approved word"): lower case, as every shipped word is (the generator
 * capitalises names itself). Into out (cap bytes, NUL ended); 0, or -1 when
 * it does not fit, out then holds word as typed (cut to cap). */
int proposal_word_catalog_case(const char *word, char *out, size_t cap);
/* A spell: struct spell_proposal in, struct db_spell_submission out. */
extern const struct proposal_type proposal_spell;
/* A training name: the name (char *) in, struct db_name_submission out. */
extern const struct proposal_type proposal_name;

/* A dungeon dressing row (a trap, an occupant, a room's feature, sound or
 * smell): struct dress_proposal in, struct db_dressing_submission out. */
extern const struct proposal_type proposal_dressing;

#endif
