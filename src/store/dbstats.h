/* dbstats: figures for operators read from the database at the moment they
 * are asked for (GET /metrics): the proposal queues by status. */
#ifndef LOOTFORGE_DBSTATS_H
#define LOOTFORGE_DBSTATS_H

#include "db.h"
#include "proposal_list.h"

/* The proposal types, in PROPOSAL_TYPE_LIST's order. */
enum { DBSTATS_FORMS = PROPOSAL_TYPE_COUNT };
enum dbstats_status { DBSTATS_PENDING, DBSTATS_APPROVED, DBSTATS_REJECTED, DBSTATS_STATUSES };

extern const char *const dbstats_form_names[DBSTATS_FORMS];      /* "word", "spell", ... */
extern const char *const dbstats_status_names[DBSTATS_STATUSES]; /* "pending", ... */

/* How many proposals of each form are in each status. */
enum db_status db_proposal_counts(struct db *d, unsigned long out[DBSTATS_FORMS][DBSTATS_STATUSES]);

#endif
