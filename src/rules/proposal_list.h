/* proposal_list: every proposal type and every proposal form, once. Each
 * layer makes its own entries from these rows by name, so that a new type
 * is its row here and its own modules, never an entry in someone else's
 * list:
 *   store: the descriptor proposal_<type> (proposal_types.h) and its table,
 *          in the statements over every proposal table;
 *   pages: the form submit_<form>_form with its body submit_<form>_body,
 *          and the decision <type>_decision of the moderation queue;
 *   daemon: the routes <path> (GET and POST: the form) and
 *          /moderate<prefix>/approve and /moderate<prefix>/reject.
 * The order is the moderation queue's. */
#ifndef LOOTFORGE_PROPOSAL_LIST_H
#define LOOTFORGE_PROPOSAL_LIST_H

/* X(type, table, moderate prefix) */
#define PROPOSAL_TYPE_LIST(X)                                                                      \
	X(word, "submission", "")                                                                  \
	X(spell, "spell_submission", "/spell")                                                     \
	X(name, "name_submission", "/name")                                                        \
	X(dressing, "dressing_submission", "/dressing")

/* X(form, path, type) */
#define PROPOSAL_FORM_LIST(X)                                                                      \
	X(word, "/submit", word)                                                                   \
	X(spell, "/submit/spell", spell)                                                           \
	X(name, "/submit/name", name)                                                              \
	X(trap, "/submit/trap", dressing)                                                          \
	X(occupant, "/submit/occupant", dressing)                                                  \
	X(dressing, "/submit/dressing", dressing)

#define PROPOSAL_COUNT_ONE(...) +1
/* How many types there are. */
#define PROPOSAL_TYPE_COUNT (0 PROPOSAL_TYPE_LIST(PROPOSAL_COUNT_ONE))

#endif
