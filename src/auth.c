/* auth: see auth.h. */
#include "auth.h"

#include <string.h>

#include "cookie.h"
#include "session.h"
#include "settings.h"

void auth_client_cookie(const struct request *rq, struct response *rs, char cookie[CSRF_HEX + 1])
{
	if (cookie_get(request_param(rq, "HTTP_COOKIE"), COOKIE_CSRF, cookie, CSRF_HEX + 1) &&
	    csrf_is_hex(cookie))
		return;
	csrf_random_hex(cookie);
	cookie_set(rs, COOKIE_CSRF, cookie, -1);
}

void auth_client_token(const char *cookie, char token[CSRF_HEX + 1])
{
	csrf_token(settings_secret(), cookie, token);
}

int auth_origin_ok(const struct request *rq)
{
	return csrf_origin_ok(request_param(rq, "HTTP_ORIGIN"), request_param(rq, "HTTP_HOST"));
}

int auth_client_ok(const struct request *rq, const char *token)
{
	char cookie[CSRF_HEX + 1];

	if (!auth_origin_ok(rq) ||
	    !cookie_get(request_param(rq, "HTTP_COOKIE"), COOKIE_CSRF, cookie, sizeof(cookie)))
		return 0;
	return csrf_check(settings_secret(), cookie, token);
}

enum auth_result auth_session(struct handler_ctx *ctx, const struct request *rq, struct auth *a)
{
	uint8_t hash[DBMOD_HASH_BYTES];
	int found = 0;

	memset(a, 0, sizeof(*a));
	if (!cookie_get(request_param(rq, "HTTP_COOKIE"), COOKIE_SESSION, a->token,
	                sizeof(a->token)) ||
	    !csrf_is_hex(a->token))
		return AUTH_NONE;
	session_token_hash(a->token, hash);
	switch (db_session_get(ctx->db, hash, &a->m, a->csrf_secret, &found)) {
	case DB_OK:
		break;
	case DB_DOWN:
		return AUTH_DOWN;
	default:
		return AUTH_ERROR;
	}
	if (!found)
		return AUTH_NONE;
	csrf_token(a->csrf_secret, a->token, a->csrf);
	return AUTH_OK;
}

int auth_session_ok(const struct request *rq, const struct auth *a, const char *token)
{
	return auth_origin_ok(rq) && csrf_check(a->csrf_secret, a->token, token);
}
