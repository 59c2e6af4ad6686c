/* auth: see auth.h. */
#include "auth.h"

#include <inttypes.h>
#include <sodium.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

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
 * token counts only from its body. */
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

/* ---- device cookies ---- */

#define DEVICE_SIGNED 49 /* "d", the id, the time and the nonce */

static void device_mac(const char *signed_part, char out[CSRF_HEX + 1])
{
	uint8_t mac[crypto_auth_hmacsha256_BYTES];
	crypto_auth_hmacsha256_state st;

	crypto_auth_hmacsha256_init(&st, settings_secret(), SETTINGS_SECRET_BYTES);
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)"device:", 7);
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)signed_part, DEVICE_SIGNED);
	crypto_auth_hmacsha256_final(&st, mac);
	sodium_bin2hex(out, CSRF_HEX + 1, mac, sizeof mac);
}

void auth_device_new(uint32_t moderator_id, char out[AUTH_DEVICE_HEX + 1])
{
	uint8_t nonce[16];
	char hex[33];

	randombytes_buf(nonce, sizeof nonce);
	sodium_bin2hex(hex, sizeof hex, nonce, sizeof nonce);
	snprintf(out, DEVICE_SIGNED + 1, "d%08" PRIx32 "%08" PRIx32 "%s", moderator_id,
	         (uint32_t)time(NULL), hex);
	device_mac(out, out + DEVICE_SIGNED);
}

static int hex32(const char *s, uint32_t *v)
{
	*v = 0;
	for (int i = 0; i < 8; i++) {
		int d = hex_digit(s[i]);
		if (d < 0 || (s[i] >= 'A' && s[i] <= 'F'))
			return -1;
		*v = *v << 4 | (uint32_t)d;
	}
	return 0;
}

uint32_t auth_device_of(const char *cookie_header, uint8_t hash[DBMOD_HASH_BYTES])
{
	char v[AUTH_DEVICE_HEX + 2], mac[CSRF_HEX + 1];
	uint32_t id, made;

	if (!cookie_get(cookie_header, cookie_device_name(), v, sizeof v) ||
	    strlen(v) != AUTH_DEVICE_HEX || v[0] != 'd' || hex32(v + 1, &id) != 0 ||
	    hex32(v + 9, &made) != 0 || id == 0)
		return 0;
	device_mac(v, mac);
	if (sodium_memcmp(mac, v + DEVICE_SIGNED, CSRF_HEX) != 0)
		return 0;
	long long age = (long long)time(NULL) - (long long)made;
	if (age < -300 || age > AUTH_DEVICE_DAYS * 86400LL)
		return 0;
	if (hash)
		crypto_generichash(hash, DBMOD_HASH_BYTES, (const unsigned char *)v,
		                   AUTH_DEVICE_HEX, NULL, 0);
	return id;
}

uint32_t auth_device(const struct request *rq, uint8_t hash[DBMOD_HASH_BYTES])
{
	return auth_device_of(request_param(rq, "HTTP_COOKIE"), hash);
}
