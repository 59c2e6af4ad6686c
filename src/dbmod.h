/* dbmod: the database side of proposals and moderation (migration 0005):
 * submissions, the checks a new one must pass, moderators, their sessions,
 * decisions with their log, and an approved word's row in its affix table.
 * Every function runs on the caller's handle (one per worker thread),
 * connects if need be, and leaves no transaction open. DB_DOWN: the
 * database cannot be reached (or stayed busy); DB_ERROR: anything else
 * (logged). */
#ifndef LOOTFORGE_DBMOD_H
#define LOOTFORGE_DBMOD_H

#include <stddef.h>
#include <stdint.h>

#include "db.h"
#include "nameprop.h"
#include "proposal.h"

#define SUBMISSION_ID_HEX  32  /* a one-time submission id: 128 bits in hex */
#define DBMOD_PENDING_MAX  100 /* rows on one moderation page */
#define MODERATOR_NAME_MAX 64
#define PASSWORD_HASH_MAX  128 /* crypto_pwhash_STRBYTES, with the NUL */
#define REASON_CHARS_MAX   200
#define REASON_BYTES_MAX   (REASON_CHARS_MAX * 4)
#define DBMOD_HASH_BYTES   32
#define SESSION_HOURS      8

struct db_submission {
	uint32_t id;
	char sid[SUBMISSION_ID_HEX + 1];
	struct proposal p;
	char status[12];  /* "pending", "approved", "rejected" */
	char created[20]; /* "2025-01-31 14:02", UTC */
};

enum submit_result {
	SUBMIT_STORED,   /* a new pending row: out->row */
	SUBMIT_ALREADY,  /* this submission id was stored before: out->row */
	SUBMIT_LIVE,     /* the word is in its affix table (active or not) */
	SUBMIT_PENDING,  /* the word is waiting for a moderator already */
	SUBMIT_REJECTED, /* rejected less than 30 days ago */
	SUBMIT_LIMITED,  /* the client reached the hourly limit */
};

struct submit_outcome {
	enum submit_result result;
	struct db_submission row;
	int live_active;      /* SUBMIT_LIVE: 1 when the row is active */
	char rejected_on[11]; /* SUBMIT_REJECTED: "YYYY-MM-DD" (UTC) */
	char again_after[11];
	long retry_after; /* SUBMIT_LIMITED: seconds until a slot frees up */
};

/* Stores p as pending under sid (32 hex digits) for client (a csrf.h client
 * hash), unless one of the other outcomes applies; checks and insert run in
 * one transaction, committed before this returns. limit: accepted
 * proposals per client in the last hour. */
enum db_status db_submit(struct db *d, const char *sid, const struct proposal *p,
                         const uint8_t client[DBMOD_HASH_BYTES], unsigned limit,
                         struct submit_outcome *out);

/* The submission stored under sid; *found = 0 when none. */
enum db_status db_submission_by_sid(struct db *d, const char *sid, struct db_submission *row,
                                    int *found);

/* Up to max pending submissions, oldest first, and how many are pending. */
enum db_status db_pending(struct db *d, struct db_submission *rows, size_t max, size_t *n,
                          unsigned long *total);

struct moderator {
	uint32_t id;
	char name[MODERATOR_NAME_MAX * 4 + 1];
};

enum decide_result {
	DECIDE_DONE,
	DECIDE_NOT_FOUND,   /* no submission with that id */
	DECIDE_NOT_PENDING, /* decided already */
	DECIDE_LIVE,        /* approve: the word is in its affix table already */
	DECIDE_BAD_STATS,   /* approve: an adjusted stat is out of range (err) */
};

struct decide_outcome {
	enum decide_result result;
	struct db_submission row; /* the submission, with the approved stats */
	uint32_t word_id;         /* approved: the new row's id in <kind>_<part> */
	struct proposal_error err;
};

/* In one transaction: locks the pending row, applies the moderator's
 * adjustments (proposal_adjust), inserts the word as active into its affix
 * table (whose triggers bump catalog_revision), marks the row approved and
 * writes the moderation log. */
enum db_status db_approve(struct db *d, uint32_t id, const struct proposal_input *adjust,
                          const struct moderator *m, struct decide_outcome *out);

/* In one transaction: locks the pending row, marks it rejected with the
 * reason and writes the moderation log. */
enum db_status db_reject(struct db *d, uint32_t id, const char *reason, const struct moderator *m,
                         struct decide_outcome *out);

/* The moderator called name and the password hash; *found = 0 when none. */
enum db_status db_moderator_get(struct db *d, const char *name, struct moderator *m,
                                char hash[PASSWORD_HASH_MAX], int *found);

/* Creates moderator name, or sets a new password hash for an existing one
 * and ends their sessions. *created says which. */
enum db_status db_moderator_set(struct db *d, const char *name, const char *hash, int *created);

/* A session of SESSION_HOURS for moderator_id, known by the hash of its
 * cookie token; removes expired sessions on the way. */
enum db_status db_session_new(struct db *d, const uint8_t token_hash[DBMOD_HASH_BYTES],
                              uint32_t moderator_id, const uint8_t csrf_secret[DBMOD_HASH_BYTES]);

/* The moderator and CSRF secret of an unexpired session; *found = 0 when
 * there is none. */
enum db_status db_session_get(struct db *d, const uint8_t token_hash[DBMOD_HASH_BYTES],
                              struct moderator *m, uint8_t csrf_secret[DBMOD_HASH_BYTES],
                              int *found);

enum db_status db_session_end(struct db *d, const uint8_t token_hash[DBMOD_HASH_BYTES]);

/* ---- changing live words (docs/items.md): each call is one change set ---- */

/* Retires the live word of table (k, p) (matched as the table's collation
 * does): it stays in the catalogs of earlier revisions, so every item made
 * with it stays as it was. *found = 0 when no live row has the word. */
enum db_status db_word_retire(struct db *d, enum kind k, enum part p, const char *word,
                              const struct moderator *m, int *found, uint64_t *rev);

/* Edits the live word: retires its row and adds a copy with stat[s] for
 * each s whose given[s] is set (the others kept). *new_id is the copy's
 * id. *found = 0 when no live row has the word. */
enum db_status db_word_edit(struct db *d, enum kind k, enum part p, const char *word,
                            const int32_t stat[ST__MAX], const int given[ST__MAX],
                            const struct moderator *m, int *found, uint32_t *new_id, uint64_t *rev);

/* ---- the login back-off (migrations 0006, 0016, backoff.h) ----
 * Kept per source address (client hash, as the proposal limit), for every
 * name alike, so that an unknown name behaves like a known one and guesses
 * from one address never lock out a moderator at another (issue 31). */

struct login_slot {
	int locked;       /* the source is in back-off: refuse, check nothing */
	long retry_after; /* locked: seconds until it ends */
	int locked_now;   /* this reservation started a back-off */
	unsigned failures;
};

/* Reserves one password check for the source client: counts it as a
 * failure before it runs (so parallel guesses cannot outrun the count) and
 * starts the back-off when that makes LOGIN_FREE_FAILURES, unless the
 * source is locked already (out->locked, nothing counted). One transaction. */
enum db_status db_login_reserve(struct db *d, const uint8_t client[DBMOD_HASH_BYTES],
                                struct login_slot *out);

/* Gives back a reserved check that did not run (no free slot). */
enum db_status db_login_unreserve(struct db *d, const uint8_t client[DBMOD_HASH_BYTES],
                                  const struct login_slot *slot);

/* Records the outcome of a check. A moderator's name (m not NULL): a row in
 * the moderation log, and its failure count in login_throttle (cleared by a
 * success). An unknown name (m NULL) writes no row. A success also clears
 * the source's count; sources nobody tried from for a day are forgotten. */
enum db_status db_login_done(struct db *d, const uint8_t client[DBMOD_HASH_BYTES], const char *name,
                             const struct moderator *m, int ok);

/* ---- spell proposals (migration 0013, docs/moderation.md "Spells") ---- */

struct db_spell_submission {
	uint32_t id;
	char sid[SUBMISSION_ID_HEX + 1];
	struct spell_proposal p;
	char status[12];
	char created[20];
};

struct spell_submit_outcome {
	enum submit_result result; /* never SUBMIT_REJECTED: a name may be proposed again */
	struct db_spell_submission row;
	int live_active;  /* SUBMIT_LIVE: 1 when the spell is active */
	long retry_after; /* SUBMIT_LIMITED */
};

/* Stores p (checked by spell_proposal_parse) as pending under sid for
 * client, as db_submit does for words: the same client lock, the hourly
 * limit counted over word and spell proposals together, a live spell of
 * that name or a pending proposal of it refused. */
enum db_status db_spell_submit(struct db *d, const char *sid, const struct spell_proposal *p,
                               const uint8_t client[DBMOD_HASH_BYTES], unsigned limit,
                               struct spell_submit_outcome *out);

/* The spell proposal stored under sid; *found = 0 when none. */
enum db_status db_spell_submission_by_sid(struct db *d, const char *sid,
                                          struct db_spell_submission *row, int *found);

/* Up to max pending spell proposals, oldest first, and how many are pending. */
enum db_status db_spell_pending(struct db *d, struct db_spell_submission *rows, size_t max,
                                size_t *n, unsigned long *total);

struct spell_decide_outcome {
	enum decide_result result; /* DECIDE_BAD_STATS: the stored spell fails the check now */
	struct db_spell_submission row;
	uint32_t spell_id; /* approved: the new spell's id */
	struct proposal_error err;
};

/* In one transaction: locks the pending row, checks the spell again
 * (spell_check), adds it and its effects in one change set, marks the row
 * approved and writes the moderation log. */
enum db_status db_spell_approve(struct db *d, uint32_t id, const struct moderator *m,
                                struct spell_decide_outcome *out);
/* In one transaction: marks the pending row rejected with the reason, and logs it. */
enum db_status db_spell_reject(struct db *d, uint32_t id, const char *reason,
                               const struct moderator *m, struct spell_decide_outcome *out);

/* ---- training-name proposals (migration 0015, docs/moderation.md
 * "Training names") ---- */

struct db_name_submission {
	uint32_t id;
	char sid[SUBMISSION_ID_HEX + 1];
	char name[NAMEPROP_BYTES_MAX + 1];
	char status[12];
	char created[20];
	uint32_t markov_name_id; /* approved: the markov_name row it added; else 0 */
};

struct name_submit_outcome {
	enum submit_result result;
	struct db_name_submission row;
	char rejected_on[11]; /* SUBMIT_REJECTED: "YYYY-MM-DD" (UTC) */
	char again_after[11];
	long retry_after; /* SUBMIT_LIMITED */
};

/* Stores name (checked by nameprop_parse) as pending under sid for client,
 * as db_submit does for words: the same client lock, one hourly limit over
 * word, spell and name proposals; refused when a live training name is
 * spelled the same but for case (SUBMIT_LIVE), when it is pending
 * (SUBMIT_PENDING) or was rejected in the last 30 days (SUBMIT_REJECTED). */
enum db_status db_name_submit(struct db *d, const char *sid, const char *name,
                              const uint8_t client[DBMOD_HASH_BYTES], unsigned limit,
                              struct name_submit_outcome *out);

/* The name proposal stored under sid; *found = 0 when none. */
enum db_status db_name_submission_by_sid(struct db *d, const char *sid,
                                         struct db_name_submission *row, int *found);

/* Up to max pending name proposals, oldest first, and how many are pending. */
enum db_status db_name_pending(struct db *d, struct db_name_submission *rows, size_t max, size_t *n,
                               unsigned long *total);

struct name_decide_outcome {
	enum decide_result result; /* DECIDE_LIVE: a live training name has it */
	struct db_name_submission row;
};

/* In one transaction: locks the pending row, opens a change set, refuses a
 * name live meanwhile, adds the markov_name row with the change set's
 * revision, marks the proposal approved with its id and logs the decision. */
enum db_status db_name_approve(struct db *d, uint32_t id, const struct moderator *m,
                               struct name_decide_outcome *out);
/* In one transaction: marks the pending row rejected with the reason, and logs it. */
enum db_status db_name_reject(struct db *d, uint32_t id, const char *reason,
                              const struct moderator *m, struct name_decide_outcome *out);

#endif
