/* proposal_types: the proposal types of the lifecycle (lifecycle.h), one
 * descriptor each, proposal_<type> for every row of PROPOSAL_TYPE_LIST
 * (proposal_list.h), each defined in its own file proposal_<type>.c with
 * its statements; docs/moderation.md, "Adding a proposal type". What each
 * takes in (its proposal) and gives out (its record, struct
 * db_<type>_submission) is said in its file; a type's record is declared
 * with its rules (dressprop.h's), or in dbmod.h for the first three. */
#ifndef LOOTFORGE_PROPOSAL_TYPES_H
#define LOOTFORGE_PROPOSAL_TYPES_H

#include "dressprop.h"
#include "lifecycle.h"
#include "proposal_list.h"

#define PROPOSAL_TYPE_DECL_(type, table, prefix) extern const struct proposal_type proposal_##type;
PROPOSAL_TYPE_LIST(PROPOSAL_TYPE_DECL_)
#undef PROPOSAL_TYPE_DECL_

/* word in the case of the affix tables (docs/moderation.md, "The case of an
 * approved word"): lower case, as every shipped word is (the generator
 * capitalises names itself). Into out (cap bytes, NUL ended); 0, or -1 when
 * it does not fit, out then holds word as typed (cut to cap). */
int proposal_word_catalog_case(const char *word, char *out, size_t cap);

#endif
