/* lifecycle: the one life of a proposal, whatever it proposes (a word, a
 * spell, a training name; docs/moderation.md): stored once under the
 * client's submission id, within the client's hourly limit, unless its key
 * is live, pending or lately rejected; looked up by that id; listed in the
 * moderation queue; approved (checked again, added to the catalog in a
 * change set of its own) or rejected, each decision in the moderation log
 * in the same transaction. One flow, driven by a descriptor per type
 * (struct proposal_type, lifecycle_int.h; the types in proposal_types.h).
 *
 * row arguments are the type's record (struct db_submission,
 * db_spell_submission, db_name_submission: dbmod.h) and proposal arguments
 * what it stores (struct proposal, spell_proposal, a name). Every call runs
 * on the caller's handle, connects if need be, leaves no transaction open,
 * and is run again once after a lost connection and a few times after a
 * lock conflict. DB_DOWN: the database cannot be reached (or stayed busy);
 * DB_ERROR: anything else (logged). */
#ifndef LOOTFORGE_LIFECYCLE_H
#define LOOTFORGE_LIFECYCLE_H

#include <stddef.h>
#include <stdint.h>

#include "dbmod.h"

struct proposal_type;

/* The status of a record of type t ("pending", "approved", "rejected"). */
const char *db_proposal_status(const struct proposal_type *t, const void *row);

/* Stores the proposal as pending under sid (32 hex digits) for client (a
 * csrf.h client hash), unless one of the other outcomes applies; checks and
 * insert run in one transaction, committed before this returns. limit:
 * accepted proposals per client in the last hour. row: the stored one
 * (SUBMIT_STORED, SUBMIT_ALREADY), else zeroes. */
enum db_status db_proposal_submit(struct db *d, const struct proposal_type *t, const char *sid,
                                  const void *proposal, const uint8_t client[DBMOD_HASH_BYTES],
                                  unsigned limit, struct submit_outcome *out, void *row);

/* Whether client is at the hourly limit now (*over, and *retry_after in
 * seconds), read outside a transaction: the proposal forms answer 429
 * before they check a proposal's fields (docs/moderation.md); the store
 * counts again under the client's lock. */
enum db_status db_proposal_limited(struct db *d, const uint8_t client[DBMOD_HASH_BYTES],
                                   unsigned limit, int *over, long *retry_after);

/* The proposal stored under sid; *found = 0 when none. */
enum db_status db_proposal_by_sid(struct db *d, const struct proposal_type *t, const char *sid,
                                  void *row, int *found);

/* Up to max pending proposals into rows (an array of the type's record),
 * oldest first, and how many are pending. */
enum db_status db_proposal_pending(struct db *d, const struct proposal_type *t, void *rows,
                                   size_t max, size_t *n, unsigned long *total);

/* In one transaction: locks the pending proposal id into row, applies
 * adjust (words: struct proposal_input, the moderator's changes; NULL for
 * the others) and checks it again, adds it to the catalog in a change set,
 * marks it approved and writes the moderation log. */
enum db_status db_proposal_approve(struct db *d, const struct proposal_type *t, uint32_t id,
                                   const void *adjust, const struct moderator *m,
                                   struct decide_outcome *out, void *row);

/* In one transaction: marks the pending proposal id rejected with the
 * reason, and logs it. */
enum db_status db_proposal_reject(struct db *d, const struct proposal_type *t, uint32_t id,
                                  const char *reason, const struct moderator *m,
                                  struct decide_outcome *out, void *row);

#endif
