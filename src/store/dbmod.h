/* dbmod: the records of the moderation store (migrations 0005, 0006, 0013,
 * 0015): a proposal of each type as stored (a word, a spell, a training
 * name), the outcomes of storing and deciding one, a moderator, a login
 * slot, and their limits. The calls are in lifecycle.h (proposals, one flow
 * for every type; the types in proposal_types.h), dbsession.h (moderators,
 * sessions, the login back-off) and dbwords.h (editing and retiring live
 * words). */
#ifndef LOOTFORGE_DBMOD_H
#define LOOTFORGE_DBMOD_H

#include <stddef.h>
#include <stdint.h>

#include "db.h"
#include "nameprop.h"
#include "proposal.h"

#define DBMOD_PENDING_MAX  100 /* rows on one moderation page */
#define MODERATOR_NAME_MAX 64
#define PASSWORD_HASH_MAX  128 /* crypto_pwhash_STRBYTES, with the NUL */
#define REASON_CHARS_MAX   200
#define REASON_BYTES_MAX   (REASON_CHARS_MAX * 4)
#define DBMOD_HASH_BYTES   32
#define SESSION_HOURS      8

/* A word proposal (table submission). */
struct db_submission {
	uint32_t id;
	char sid[SUBMISSION_ID_HEX + 1];
	struct proposal p;
	char status[12];  /* "pending", "approved", "rejected" */
	char created[20]; /* "2025-01-31 14:02", UTC */
};

/* A spell proposal (table spell_submission). */
struct db_spell_submission {
	uint32_t id;
	char sid[SUBMISSION_ID_HEX + 1];
	struct spell_proposal p;
	char status[12];
	char created[20];
};

/* A training-name proposal (table name_submission). */
struct db_name_submission {
	uint32_t id;
	char sid[SUBMISSION_ID_HEX + 1];
	char name[NAMEPROP_BYTES_MAX + 1];
	char status[12];
	char created[20];
	uint32_t markov_name_id; /* approved: the markov_name row it added; else 0 */
};

enum submit_result {
	SUBMIT_STORED,    /* a new pending row */
	SUBMIT_ALREADY,   /* this submission id was stored before */
	SUBMIT_LIVE,      /* the key is live in the catalog (active or not) */
	SUBMIT_PENDING,   /* the key is waiting for a moderator already */
	SUBMIT_REJECTED,  /* rejected less than 30 days ago (words, names) */
	SUBMIT_LIMITED,   /* the client reached the hourly limit */
	SUBMIT_FULL,      /* PROPOSALS_PENDING_MAX proposals wait already, of every form */
	SUBMIT_SID_TAKEN, /* the submission id was stored by another form */
	SUBMIT_LOOKALIKE, /* looks like a proposal of any form that waits (not the same text) */
};

/* Proposals of every form (words, spells, names) waiting for a moderator
 * at most: past it a proposal is refused (503 with Retry-After) until the
 * queue is worked down. Each client is limited per hour as well
 * (settings.h); this bounds what many clients together can leave. Counted
 * under the client's lock only, so parallel posts of different clients
 * can pass it by at most their number (docs/moderation.md). */
#define PROPOSALS_PENDING_MAX 2000
#define PROPOSALS_FULL_RETRY  600 /* seconds: Retry-After when full */

struct submit_outcome {
	enum submit_result result;
	int live_active;      /* SUBMIT_LIVE: 1 when the live row is active */
	char rejected_on[11]; /* SUBMIT_REJECTED: "YYYY-MM-DD" (UTC) */
	char again_after[11];
	long retry_after; /* SUBMIT_LIMITED: seconds until a slot frees up */
};

struct moderator {
	uint32_t id;
	char name[MODERATOR_NAME_MAX * 4 + 1];
};

enum decide_result {
	DECIDE_DONE,
	DECIDE_NOT_FOUND,   /* no proposal with that id */
	DECIDE_NOT_PENDING, /* decided already */
	DECIDE_LIVE,        /* approve: the key is live in the catalog already */
	DECIDE_BAD_STATS,   /* approve: the adjusted or stored proposal fails its check (err) */
	DECIDE_LOOKALIKE,   /* approve: looks like an approved proposal (lookalike) */
};

struct decide_outcome {
	enum decide_result result;
	uint32_t new_id; /* approved: the new row's id (<kind>_<part>, spell, markov_name) */
	struct proposal_error err;
	char lookalike[WORD_BYTES_MAX * 2 + 2]; /* DECIDE_LOOKALIKE: the approved text */
};

/* ---- the login back-off (migrations 0006, 0016, backoff.h) ----
 * Kept per source address (client hash, as the proposal limit), for every
 * name alike, so that an unknown name behaves like a known one and guesses
 * from one address never lock out a moderator at another. */
struct login_slot {
	int locked;       /* the source is in back-off: refuse, check nothing */
	long retry_after; /* locked: seconds until it ends */
	int locked_now;   /* this reservation started a back-off */
	unsigned failures;
};

#endif
