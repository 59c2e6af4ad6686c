/* moderate_int: the moderation queue's one flow (moderate.c) and what each
 * proposal type of PROPOSAL_TYPE_LIST gives it: a struct decision
 * <type>_decision, in the type's page file (propose_<type>.c), saying what
 * the queue, the answers and the log say of that type. docs/moderation.md. */
#ifndef LOOTFORGE_MODERATE_INT_H
#define LOOTFORGE_MODERATE_INT_H

#include <stddef.h>
#include <stdint.h>

#include "auth.h"
#include "fields.h"
#include "moderate.h"
#include "page.h"
#include "proposal_types.h"

/* What the queue page shows again of a refused POST: its values, in the
 * form they were sent from (the item of its id in its type's list, or the
 * forms that change a live word). */
struct kept {
	const struct fields *in;
	const struct decision *list; /* the type whose item it was about, or NULL */
	uint32_t id;
};

/* A proposal type as the queue decides it: the lifecycle's descriptor, and
 * what the answers and the log say of it. Its records (dbmod.h) start
 * with their id and submission id, as struct db_submission's do
 * (MODERATE_RECORD_CHECK). */
struct decision {
	const struct proposal_type *type;
	size_t row_size;        /* its record (dbmod.h) */
	const char *noun;       /* "must be a %s's number", "there is no %s with this id",
	                         * "%s #N was approved already" */
	const char *live_field; /* the field a 409 for a live key names */
	int takes_adjust;       /* approving reads the moderator's changes */
	const char *type_name;  /* ?type= of the confirmation after the 303 */
	const char *new_id_key; /* the added row's id in the JSON answer, or NULL */
	/* A row for JSON: a decision's answer, and each item of the queue. */
	json_t *(*row_json)(const void *row);
	/* "“x” is already a ...; reject this proposal instead." */
	void (*live_message)(const void *row, char *msg, size_t n);
	/* The confirmation of a decided row, in words, into msg. */
	void (*confirm)(const void *row, int approved, char *msg, size_t n);
	/* The decision on stderr (reason: NULL when approved). */
	void (*log)(const struct auth *a, const void *row, uint32_t new_id, const char *reason);
	/* The queue's JSON keys of the type: how many are pending, and the
	 * pending rows shown. */
	const char *total_key, *pending_key;
	/* The type's HTML is one template of its own, template_name
	 * (templates/propose_<type>.tpl, which holds its forms and received
	 * page too); the queue page includes it once for each type, in the
	 * list's order, with its section queue_section shown. */
	const char *template_name, *queue_section;
	/* The queue page's part of the type: the n pending rows shown of
	 * total, into part, the type's queue_section (whose CSRF the flow sets
	 * to the session's token, csrf; an included template sees nothing of
	 * the page's values). queue is the page's own section, for what the
	 * page's head says of the type (the words' count); k: the values of a
	 * refused POST. */
	void (*fill_queue)(struct tmpl_dict *part, struct tmpl_dict *queue, const void *rows,
	                   size_t n, unsigned long total, const char *csrf, const struct kept *k);
};

/* The reason typed for the item id of t's list, into its KEPT_REASON
 * section, when the refused POST was about it. */
void moderate_keep_reason(struct tmpl_dict *it, const struct kept *k, const struct decision *t,
                          uint32_t id);

/* A record of a type's decision holds its id and submission id where
 * every record does (the flow reads them so). */
#define MODERATE_RECORD_CHECK(record)                                                              \
	_Static_assert(offsetof(record, id) == offsetof(struct db_submission, id) &&               \
	                       offsetof(record, sid) == offsetof(struct db_submission, sid),       \
	               #record " holds its id and submission id where every record does")

#endif
