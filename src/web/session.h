/* session: moderators' passwords and login tokens. Passwords are stored as
 * libsodium crypto_pwhash_str (Argon2id, OPSLIMIT/MEMLIMIT_INTERACTIVE);
 * verifying one is slow and takes 64 MiB by design, so it happens only on
 * POST /login, and at most SESSION_VERIFY_MAX at a time. A login token is 32
 * random bytes in hex, kept only in the moderator's cookie; the database
 * holds its SHA-256. */
#ifndef LOOTFORGE_SESSION_H
#define LOOTFORGE_SESSION_H

#include <stddef.h>
#include <stdint.h>

#include "csrf.h"
#include "dbmod.h"

#define SESSION_TOKEN_HEX  CSRF_HEX
#define PASSWORD_CHARS_MIN 12
#define PASSWORD_BYTES_MAX 1024
#define SESSION_VERIFY_MAX 2

/* Whether name can be a moderator's: 1..64 ASCII letters, digits, '.', '_'
 * or '-'. */
int session_name_ok(const char *name);

/* Whether pw (n bytes) is acceptable: valid UTF-8, 12+ characters, at most
 * 1024 bytes. NULL, or why not. */
const char *session_password_problem(const char *pw, size_t n);

/* Hashes pw for storage. 0, or -1 (out of memory). */
int session_hash_password(const char *pw, size_t n, char out[PASSWORD_HASH_MAX]);

enum verify { VERIFY_OK, VERIFY_WRONG, VERIFY_BUSY };

/* Checks pw against hash. VERIFY_BUSY when SESSION_VERIFY_MAX checks run
 * already. hash NULL (no such moderator) is VERIFY_WRONG, or VERIFY_BUSY
 * under the same condition, after as long as the latest real check took;
 * it runs no Argon2 and takes no slot, so made-up names cannot crowd out a
 * moderator (the first one in a process hashes once, to have a time to
 * wait). Thread-safe. */
enum verify session_verify_password(const char *hash, const char *pw, size_t n);

/* The same, but for an unknown name (hash NULL) it does not wait: it sets
 * *hold_ns to the time it would have waited, for the caller to hold the
 * answer that long without holding a thread (the slow lane, lane.h); 0
 * otherwise. */
enum verify session_verify_password_held(const char *hash, const char *pw, size_t n,
                                         long long *hold_ns);

/* A new login: the token for the cookie and the session's CSRF secret. */
void session_new(char token[SESSION_TOKEN_HEX + 1], uint8_t csrf_secret[DBMOD_HASH_BYTES]);

/* SHA-256 of the token as sent in the cookie. */
void session_token_hash(const char *token, uint8_t out[DBMOD_HASH_BYTES]);

#endif
