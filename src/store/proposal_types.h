/* proposal_types: the proposal types of the lifecycle (lifecycle.h), one
 * descriptor each. A new type is a descriptor here, its statements
 * (statements.c), its record (dbmod.h) and its migration; docs/house.md,
 * "Adding a proposal type". */
#ifndef LOOTFORGE_PROPOSAL_TYPES_H
#define LOOTFORGE_PROPOSAL_TYPES_H

#include "lifecycle.h"

/* A word for an affix table: struct proposal in, struct db_submission out;
 * approving takes a struct proposal_input of the moderator's changes. */
extern const struct proposal_type proposal_word;
/* A spell: struct spell_proposal in, struct db_spell_submission out. */
extern const struct proposal_type proposal_spell;
/* A training name: the name (char *) in, struct db_name_submission out. */
extern const struct proposal_type proposal_name;

#endif
