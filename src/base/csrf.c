/* csrf: HMAC-SHA256 (libsodium's crypto_auth_hmacsha256) with a message
 * prefix per use, so a token can never be taken for a client hash. */
#include "csrf.h"

#include <arpa/inet.h>
#include <sodium.h>
#include <string.h>
#include <strings.h>

#define TOKEN_PREFIX  "csrf:"
#define CLIENT_PREFIX "client:"
#define COOKIE_PREFIX "cookie:"
#define NONCE_HEX     (CSRF_HEX / 2) /* the cookie's first half; its tag is the rest */

static void hmac(const uint8_t key[CSRF_KEY_BYTES], const char *prefix, const void *msg, size_t n,
                 uint8_t out[crypto_auth_hmacsha256_BYTES])
{
	crypto_auth_hmacsha256_state st;

	crypto_auth_hmacsha256_init(&st, key, CSRF_KEY_BYTES);
	crypto_auth_hmacsha256_update(&st, (const unsigned char *)prefix, strlen(prefix));
	crypto_auth_hmacsha256_update(&st, msg, n);
	crypto_auth_hmacsha256_final(&st, out);
	sodium_memzero(&st, sizeof(st));
}

void csrf_random_hex(char out[CSRF_HEX + 1])
{
	uint8_t raw[CSRF_HEX / 2];

	randombytes_buf(raw, sizeof(raw));
	sodium_bin2hex(out, CSRF_HEX + 1, raw, sizeof(raw));
}

int csrf_is_hex(const char *s)
{
	size_t i;

	if (!s)
		return 0;
	for (i = 0; s[i]; i++)
		if (i == CSRF_HEX ||
		    !((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return i == CSRF_HEX;
}

/* The tag of a cookie's nonce: HMAC-SHA256(key, "cookie:" nonce) cut to
 * 16 bytes, as hex. 128 bits are as hard to guess as the nonce itself. */
static void cookie_tag(const uint8_t key[CSRF_KEY_BYTES], const char *nonce,
                       char out[CSRF_HEX - NONCE_HEX + 1])
{
	uint8_t mac[crypto_auth_hmacsha256_BYTES];

	hmac(key, COOKIE_PREFIX, nonce, NONCE_HEX, mac);
	sodium_bin2hex(out, CSRF_HEX - NONCE_HEX + 1, mac, (CSRF_HEX - NONCE_HEX) / 2);
	sodium_memzero(mac, sizeof(mac));
}

void csrf_cookie_new(const uint8_t key[CSRF_KEY_BYTES], char out[CSRF_HEX + 1])
{
	uint8_t raw[NONCE_HEX / 2];

	randombytes_buf(raw, sizeof(raw));
	sodium_bin2hex(out, NONCE_HEX + 1, raw, sizeof(raw));
	cookie_tag(key, out, out + NONCE_HEX);
}

int csrf_cookie_ok(const uint8_t key[CSRF_KEY_BYTES], const char *cookie)
{
	char want[CSRF_HEX - NONCE_HEX + 1];
	int ok;

	if (!csrf_is_hex(cookie))
		return 0;
	cookie_tag(key, cookie, want);
	ok = sodium_memcmp(want, cookie + NONCE_HEX, CSRF_HEX - NONCE_HEX) == 0;
	sodium_memzero(want, sizeof(want));
	return ok;
}

void csrf_token(const uint8_t key[CSRF_KEY_BYTES], const char *bound, char out[CSRF_HEX + 1])
{
	uint8_t mac[crypto_auth_hmacsha256_BYTES];

	hmac(key, TOKEN_PREFIX, bound, strlen(bound), mac);
	sodium_bin2hex(out, CSRF_HEX + 1, mac, sizeof(mac));
}

int csrf_check(const uint8_t key[CSRF_KEY_BYTES], const char *bound, const char *token)
{
	char want[CSRF_HEX + 1];
	int ok;

	if (!bound || !*bound || !csrf_is_hex(token))
		return 0;
	csrf_token(key, bound, want);
	ok = sodium_memcmp(want, token, CSRF_HEX) == 0;
	sodium_memzero(want, sizeof(want));
	return ok;
}

void csrf_client_hash(const uint8_t key[CSRF_KEY_BYTES], const char *addr,
                      uint8_t out[CSRF_HASH_BYTES])
{
	unsigned char a6[16];
	char text[INET6_ADDRSTRLEN];

	if (addr && !strchr(addr, '.') && inet_pton(AF_INET6, addr, a6) == 1) {
		memset(a6 + 8, 0, 8);
		if (inet_ntop(AF_INET6, a6, text, sizeof(text)))
			addr = text;
	}
	if (!addr)
		addr = "";
	hmac(key, CLIENT_PREFIX, addr, strlen(addr), out);
}

/* The length of the host name at s: up to a ':' that starts a port, or
 * through the ']' of an IPv6 literal. */
static size_t host_len(const char *s)
{
	const char *end;

	if (*s == '[')
		return (end = strchr(s, ']')) ? (size_t)(end - s) + 1 : strlen(s);
	return strcspn(s, ":");
}

int csrf_origin_ok(const char *origin, const char *host)
{
	const char *rest;
	size_t n;

	if (!origin)
		return 1;
	if (!host || !*host)
		return 0;
	if (strncasecmp(origin, "http://", 7) == 0)
		rest = origin + 7;
	else if (strncasecmp(origin, "https://", 8) == 0)
		rest = origin + 8;
	else
		return 0;
	/* Ports aside: nginx's usual HTTP_HOST ($host) carries none, and a
	 * page of the same host on another port is the same site anyway. */
	n = host_len(rest);
	if (n == 0 || n != host_len(host) || strncasecmp(rest, host, n) != 0)
		return 0;
	rest += n;
	host += n;
	/* what may follow the name: nothing, or a port of digits */
	if (*rest == ':')
		rest += 1 + strspn(rest + 1, "0123456789");
	if (*host == ':')
		host += 1 + strspn(host + 1, "0123456789");
	return *rest == '\0' && *host == '\0';
}
