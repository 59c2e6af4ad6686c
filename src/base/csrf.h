/* csrf: the keyed hashes made with a secret: the CSRF cookie values the
 * server mints, CSRF tokens bound to a cookie, the hash that stands for a
 * client's address, and the Origin check. Tokens and cookie values are 64
 * lowercase hex digits (32 bytes). */
#ifndef LOOTFORGE_CSRF_H
#define LOOTFORGE_CSRF_H

#include <stddef.h>
#include <stdint.h>

#define CSRF_KEY_BYTES  32
#define CSRF_HEX        64 /* hex digits of a cookie value or a token */
#define CSRF_HASH_BYTES 32

/* 32 fresh random bytes as hex, NUL-terminated. libsodium must be
 * initialised (settings_secret() does it). */
void csrf_random_hex(char out[CSRF_HEX + 1]);

/* A new CSRF cookie value, minted by the server: 32 hex digits of a
 * random nonce, then 32 of HMAC-SHA256(key, "cookie:" nonce) cut to 16
 * bytes. A client cannot choose its own: one the server did not mint fails
 * csrf_cookie_ok. libsodium must be initialised. */
void csrf_cookie_new(const uint8_t key[CSRF_KEY_BYTES], char out[CSRF_HEX + 1]);

/* 1 when cookie is a value csrf_cookie_new made with key (compared in
 * constant time), else 0; NULL is 0. */
int csrf_cookie_ok(const uint8_t key[CSRF_KEY_BYTES], const char *cookie);

/* Whether s is exactly 64 lowercase hex digits (a cookie we could have set). */
int csrf_is_hex(const char *s);

/* The token of `bound` (a cookie value): hex HMAC-SHA256(key, "csrf:" bound). */
void csrf_token(const uint8_t key[CSRF_KEY_BYTES], const char *bound, char out[CSRF_HEX + 1]);

/* 1 when token is the token of bound under key (compared in constant
 * time), else 0; NULL or malformed arguments are 0. */
int csrf_check(const uint8_t key[CSRF_KEY_BYTES], const char *bound, const char *token);

/* The hash that stands for a client: HMAC-SHA256(key, "client:" address),
 * where an IPv6 address counts by its /64 (one host often holds a whole
 * /64). The raw address is never stored. addr may be NULL. */
void csrf_client_hash(const uint8_t key[CSRF_KEY_BYTES], const char *addr,
                      uint8_t out[CSRF_HASH_BYTES]);

/* 1 when there is no Origin, or it is http:// or https:// followed by the
 * host name of the Host header (ASCII case-insensitive; ports are not
 * compared); 0 otherwise ("null", another site, no Host to compare with). */
int csrf_origin_ok(const char *origin, const char *host);

#endif
