/* auth: who may change something. Two kinds of client:
 *  - anyone (proposals, the login form): an lf_csrf cookie the server
 *    minted (csrf_cookie_new; "__Host-lf_csrf" when cookies are Secure), and
 *    forms carry csrf = HMAC(server secret, that cookie), in the POST body;
 *  - a moderator: the lf_session cookie ("__Host-lf_session" when cookies
 *    are Secure) names an unexpired session, whose
 *    own CSRF secret signs the cookie the same way.
 * A POST is also refused when an Origin header names another site. */
#ifndef LOOTFORGE_AUTH_H
#define LOOTFORGE_AUTH_H

#include "csrf.h"
#include "dbsession.h"
#include "http.h"

/* The client's lf_csrf cookie value into cookie; when it has none (or one
 * the server did not mint), a new one, sent to it with Set-Cookie on rs. */
void auth_client_cookie(const struct request *rq, struct response *rs, char cookie[CSRF_HEX + 1]);

/* The token a form of this client carries. */
void auth_client_token(const char *cookie, char token[CSRF_HEX + 1]);

/* Why a form was refused, when it is more than "expired or from another
 * site": for the 403's message. */
#define AUTH_WHY_QUERY                                                                             \
	"The form's csrf token came in the address; it is taken from the form's body only. "       \
	"Nothing was saved."
#define AUTH_WHY_COOKIE                                                                            \
	"The form's lf_csrf cookie was not issued by this site; nothing was saved. Please "        \
	"reload the form and send it again."

/* 1 when the request's Origin (if any) is this site, no csrf field is in
 * its query string, it sent an lf_csrf cookie the server minted, and token
 * matches it; else 0, with *why (why may be NULL) set to AUTH_WHY_QUERY or
 * AUTH_WHY_COOKIE for those reasons and NULL for the others. */
int auth_client_check(const struct request *rq, const char *token, const char **why);

/* auth_client_check without the reason. */
int auth_client_ok(const struct request *rq, const char *token);

/* Whether the Origin header, if any, is this site. */
int auth_origin_ok(const struct request *rq);

/* ---- device cookies (docs/moderation.md, "Device cookies") ----
 *
 * A browser that logged in as a moderator gets a device cookie naming that
 * moderator: "d", the moderator's id (8 hex digits), the time it was made
 * (8 hex digits, seconds), a random nonce (32) and HMAC-SHA256(server
 * secret, "device:" and the 48 digits before) (64). Nothing is stored for
 * it until it is tried; it is good for AUTH_DEVICE_DAYS from when it was
 * made, and a new one comes with each successful login. A login that shows
 * a good one for the name it tries is trusted: it skips the queue of
 * untrusted logins (lane.h) and its address's back-off, and counts its
 * failures on the cookie instead (dbsession.h, db_device_reserve). */
#define AUTH_DEVICE_HEX  113
#define AUTH_DEVICE_DAYS 90

/* A new device cookie's value for moderator id. */
void auth_device_new(uint32_t moderator_id, char out[AUTH_DEVICE_HEX + 1]);

/* The moderator id a Cookie header's device cookie names when the server
 * made it and it has not run out, with the hash that stands for it
 * (hash may be NULL); 0 when there is none. */
uint32_t auth_device_of(const char *cookie_header, uint8_t hash[DBMOD_HASH_BYTES]);

/* The same for a request. */
uint32_t auth_device(const struct request *rq, uint8_t hash[DBMOD_HASH_BYTES]);

enum auth_result { AUTH_OK, AUTH_NONE, AUTH_DOWN, AUTH_ERROR };

struct auth {
	struct moderator m;
	char token[CSRF_HEX + 1]; /* the session cookie */
	uint8_t csrf_secret[DBMOD_HASH_BYTES];
	char csrf[CSRF_HEX + 1]; /* the token its forms carry */
};

/* The moderator whose session the lf_session cookie names. AUTH_NONE: no
 * cookie, or no such unexpired session; AUTH_DOWN / AUTH_ERROR: the
 * database could not say. */
enum auth_result auth_session(struct handler_ctx *ctx, const struct request *rq, struct auth *a);

/* 1 when the Origin (if any) is this site, no csrf field is in the query
 * string, and token is the session's. */
int auth_session_ok(const struct request *rq, const struct auth *a, const char *token);

#endif
