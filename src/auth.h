/* auth: who may change something. Two kinds of client:
 *  - anyone (proposals, the login form): a random lf_csrf cookie, and forms
 *    carry csrf = HMAC(server secret, that cookie);
 *  - a moderator: the lf_session cookie names an unexpired session, whose
 *    own CSRF secret signs the cookie the same way.
 * A POST is also refused when an Origin header names another site. */
#ifndef LOOTFORGE_AUTH_H
#define LOOTFORGE_AUTH_H

#include "csrf.h"
#include "dbsession.h"
#include "http.h"

/* The client's lf_csrf cookie value into cookie; when it has none (or not
 * one of ours), a new one, sent to it with Set-Cookie on rs. */
void auth_client_cookie(const struct request *rq, struct response *rs, char cookie[CSRF_HEX + 1]);

/* The token a form of this client carries. */
void auth_client_token(const char *cookie, char token[CSRF_HEX + 1]);

/* 1 when the request's Origin (if any) is this site, it sent an lf_csrf
 * cookie, and token matches it; else 0. */
int auth_client_ok(const struct request *rq, const char *token);

/* Whether the Origin header, if any, is this site. */
int auth_origin_ok(const struct request *rq);

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

/* 1 when the Origin (if any) is this site and token is the session's. */
int auth_session_ok(const struct request *rq, const struct auth *a, const char *token);

#endif
