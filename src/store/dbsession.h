/* dbsession: moderators, their sessions and the login back-off in the
 * database (migrations 0005, 0006). Every call runs on the caller's handle,
 * connects if need be, leaves no transaction open and is run again once
 * after a lost connection. DB_DOWN: the database cannot be reached;
 * DB_ERROR: anything else (logged). */
#ifndef LOOTFORGE_DBSESSION_H
#define LOOTFORGE_DBSESSION_H

#include <stdint.h>

#include "dbmod.h"

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

/* ---- the login back-off (backoff.h) ---- */

/* Reserves one password check for the source client: counts it as a
 * failure before it runs (so parallel guesses cannot outrun the count) and
 * starts the back-off when that makes LOGIN_FREE_FAILURES, unless the
 * source is locked already (out->locked, nothing counted). One transaction. */
enum db_status db_login_reserve(struct db *d, const uint8_t client[DBMOD_HASH_BYTES],
                                struct login_slot *out);

/* Gives back a reserved check that did not run (no free slot). */
enum db_status db_login_unreserve(struct db *d, const uint8_t client[DBMOD_HASH_BYTES],
                                  const struct login_slot *slot);

/* The same back-off for a device cookie (login_device, migration 0019),
 * known by the hash of its value: a trusted login counts its check on the
 * cookie, not on its address. */
enum db_status db_device_reserve(struct db *d, const uint8_t device[DBMOD_HASH_BYTES],
                                 struct login_slot *out);
enum db_status db_device_unreserve(struct db *d, const uint8_t device[DBMOD_HASH_BYTES],
                                   const struct login_slot *slot);
/* A trusted login succeeded: the cookie's count starts again. */
enum db_status db_device_succeeded(struct db *d, const uint8_t device[DBMOD_HASH_BYTES]);

/* Records the outcome of a check. A moderator's name (m not NULL): a row in
 * the moderation log, and its failure count in login_throttle (cleared by a
 * success). An unknown name (m NULL) writes no row. A success also clears
 * the source's count (client NULL, a trusted login: it does not); sources nobody tried from for a
 * day are forgotten. */
enum db_status db_login_done(struct db *d, const uint8_t client[DBMOD_HASH_BYTES], const char *name,
                             const struct moderator *m, int ok);

#endif
