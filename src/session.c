/* session: see session.h. */
#include "session.h"

#include <pthread.h>
#include <sodium.h>
#include <stdatomic.h>
#include <string.h>
#include <unistr.h>

#include "log.h"

_Static_assert(PASSWORD_HASH_MAX == crypto_pwhash_STRBYTES, "PASSWORD_HASH_MAX");
_Static_assert(DBMOD_HASH_BYTES == crypto_hash_sha256_BYTES, "token hash size");

static atomic_int verifying;

/* A hash of a random password, verified when the name is unknown, so that
 * the answer takes as long as for a real moderator. */
static char dummy_hash[crypto_pwhash_STRBYTES];
static pthread_once_t dummy_once = PTHREAD_ONCE_INIT;

static void make_dummy(void)
{
	char pw[CSRF_HEX + 1];

	csrf_random_hex(pw);
	if (crypto_pwhash_str(dummy_hash, pw, strlen(pw), crypto_pwhash_OPSLIMIT_INTERACTIVE,
	                      crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
		dummy_hash[0] = '\0';
	sodium_memzero(pw, sizeof(pw));
}

int session_name_ok(const char *name)
{
	size_t n = 0;

	if (!name)
		return 0;
	for (; name[n]; n++) {
		char c = name[n];
		if (n == MODERATOR_NAME_MAX ||
		    !((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
		      c == '.' || c == '_' || c == '-'))
			return 0;
	}
	return n > 0;
}

const char *session_password_problem(const char *pw, size_t n)
{
	if (n > PASSWORD_BYTES_MAX)
		return "the password is longer than 1024 bytes";
	if (u8_check((const uint8_t *)pw, n) != NULL)
		return "the password is not valid UTF-8";
	if (u8_mbsnlen((const uint8_t *)pw, n) < PASSWORD_CHARS_MIN)
		return "the password must have at least 12 characters";
	return NULL;
}

int session_hash_password(const char *pw, size_t n, char out[PASSWORD_HASH_MAX])
{
	return crypto_pwhash_str(out, pw, n, crypto_pwhash_OPSLIMIT_INTERACTIVE,
	                         crypto_pwhash_MEMLIMIT_INTERACTIVE) == 0
	               ? 0
	               : -1;
}

enum verify session_verify_password(const char *hash, const char *pw, size_t n)
{
	int ok;

	if (atomic_fetch_add(&verifying, 1) >= SESSION_VERIFY_MAX) {
		atomic_fetch_sub(&verifying, 1);
		return VERIFY_BUSY;
	}
	if (!hash) {
		pthread_once(&dummy_once, make_dummy);
		hash = dummy_hash;
		/* The work is done for its time only: an unknown name never logs in. */
		int spent = hash[0] ? crypto_pwhash_str_verify(hash, pw, n) : -1;
		(void)spent;
		ok = 0;
	} else {
		ok = n <= PASSWORD_BYTES_MAX && crypto_pwhash_str_verify(hash, pw, n) == 0;
	}
	atomic_fetch_sub(&verifying, 1);
	return ok ? VERIFY_OK : VERIFY_WRONG;
}

void session_new(char token[SESSION_TOKEN_HEX + 1], uint8_t csrf_secret[DBMOD_HASH_BYTES])
{
	csrf_random_hex(token);
	randombytes_buf(csrf_secret, DBMOD_HASH_BYTES);
}

void session_token_hash(const char *token, uint8_t out[DBMOD_HASH_BYTES])
{
	crypto_hash_sha256(out, (const unsigned char *)token, strlen(token));
}
