/* settings: the process-wide settings of the submission and moderation
 * pages: the server secret (CSRF tokens, client hashes), the submission
 * limit and the cookies' Secure flag. main sets them once, before any
 * thread starts; they are read-only afterwards. Without settings_init (unit
 * tests, fuzzers) a random secret and the defaults are used. */
#ifndef LOOTFORGE_SETTINGS_H
#define LOOTFORGE_SETTINGS_H

#include <stdint.h>

#define SETTINGS_SECRET_BYTES 32
#define SETTINGS_SUBMIT_LIMIT 20 /* accepted proposals per client and hour */

/* Initialises libsodium and loads the secret from `secret_file` (exactly 32
 * bytes, not readable by group or others), or draws a random one when
 * secret_file is NULL (logged as a warning: tokens and client hashes then
 * change at every restart). 0, or -1 (logged). */
int settings_init(const char *secret_file, unsigned submit_limit, int cookie_secure);

/* The 32-byte server secret. */
const uint8_t *settings_secret(void);
unsigned settings_submit_limit(void);
int settings_cookie_secure(void);

#endif
