/* auth: see auth.h. */
#include "auth.h"

#include <string.h>

#include "cookie.h"
#include "session.h"
#include "settings.h"

void auth_client_cookie(const struct request *rq, struct response *rs, char cookie[CSRF_HEX + 1])
{
	if (cookie_get(request_param(rq, "HTTP_COOKIE"), cookie_csrf_name(), cookie,
	               CSRF_HEX + 1) &&
	    csrf_cookie_ok(settings_secret(), cookie))
		return;
	csrf_cookie_new(settings_secret(), cookie);
	cookie_set(rs, cookie_csrf_name(), cookie, -1);
}

void auth_client_token(const char *cookie, char token[CSRF_HEX + 1])
{
	csrf_token(settings_secret(), cookie, token);
}

int auth_origin_ok(const struct request *rq)
{
	return csrf_origin_ok(request_param(rq, "HTTP_ORIGIN"), request_param(rq, "HTTP_HOST"));
}

static int hex_digit(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Whether the query string has a key that decodes (as the form reader
 * decodes: %XX, '+') to "csrf". A token in the address ends up in logs,
 * the Referer and the history, and a link could carry one, so a POST's
 * token counts only from its body (issue 31). */
static int query_names_csrf(const char *q)
{
	static const char name[] = "csrf";

	for (const char *p = q; p && *p;) {
		size_t k = 0;
		int same = 1;
		while (*p && *p != '&' && *p != '=') {
			char c = *p++;
			if (c == '+')
				c = ' ';
			else if (c == '%' && hex_digit(p[0]) >= 0 && hex_digit(p[1]) >= 0) {
				c = (char)(hex_digit(p[0]) * 16 + hex_digit(p[1]));
				p += 2;
			}
			same = same && k < sizeof(name) - 1 && c == name[k];
			k++;
		}
		if (same && k == sizeof(name) - 1)
			return 1;
		while (*p && *p != '&')
			p++;
		if (*p == '&')
			p++;
	}
	return 0;
}

int auth_client_check(const struct request *rq, const char *token, const char **why)
{
	char cookie[CSRF_HEX + 1];
	const char *ignored;

	if (!why)
		why = &ignored;
	*why = NULL;
	if (!auth_origin_ok(rq))
		return 0;
	if (query_names_csrf(rq->query)) {
		*why = AUTH_WHY_QUERY;
		return 0;
	}
	if (!cookie_get(request_param(rq, "HTTP_COOKIE"), cookie_csrf_name(), cookie,
	                sizeof(cookie)))
		return 0;
	if (!csrf_cookie_ok(settings_secret(), cookie)) {
		*why = AUTH_WHY_COOKIE;
		return 0;
	}
	return csrf_check(settings_secret(), cookie, token);
}

int auth_client_ok(const struct request *rq, const char *token)
{
	return auth_client_check(rq, token, NULL);
}

enum auth_result auth_session(struct handler_ctx *ctx, const struct request *rq, struct auth *a)
{
	uint8_t hash[DBMOD_HASH_BYTES];
	int found = 0;

	memset(a, 0, sizeof(*a));
	if (!cookie_get(request_param(rq, "HTTP_COOKIE"), cookie_session_name(), a->token,
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
	return auth_origin_ok(rq) && !query_names_csrf(rq->query) &&
	       csrf_check(a->csrf_secret, a->token, token);
}
