/* session: see session.h. */
#include "session.h"

#include <errno.h>
#include <pthread.h>
#include <sodium.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>
#include <unistr.h>

#include "log.h"

_Static_assert(PASSWORD_HASH_MAX == crypto_pwhash_STRBYTES, "PASSWORD_HASH_MAX");
_Static_assert(DBMOD_HASH_BYTES == crypto_hash_sha256_BYTES, "token hash size");

static atomic_int verifying;

/* How long the latest real check took (ns): what a check for an unknown
 * name waits instead of running Argon2. Until a process has made a real
 * check, it is the time one check of a fresh hash took. */
static atomic_llong check_ns;
static pthread_once_t measure_once = PTHREAD_ONCE_INIT;

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

static void measure(void)
{
	char pw[CSRF_HEX + 1], hash[crypto_pwhash_STRBYTES];
	long long t0;

	csrf_random_hex(pw);
	if (crypto_pwhash_str(hash, pw, strlen(pw), crypto_pwhash_OPSLIMIT_INTERACTIVE,
	                      crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0) {
		atomic_store(&check_ns, 100000000LL); /* out of memory: Argon2's usual 0.1 s */
		return;
	}
	/* A wrong password, as most checks are; the real ones take over. */
	t0 = now_ns();
	if (crypto_pwhash_str_verify(hash, "-", 1) == 0)
		log_error("session: a random password's hash matched \"-\"");
	long long spent = now_ns() - t0;
	long long expected = 0;
	atomic_compare_exchange_strong(&check_ns, &expected, spent);
	sodium_memzero(pw, sizeof(pw));
}

static void wait_ns(long long ns)
{
	struct timespec t = {.tv_sec = (time_t)(ns / 1000000000LL),
	                     .tv_nsec = (long)(ns % 1000000000LL)};

	while (nanosleep(&t, &t) != 0 && errno == EINTR)
		;
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

enum verify session_verify_password_held(const char *hash, const char *pw, size_t n,
                                         long long *hold_ns)
{
	long long t0;
	int ok;

	*hold_ns = 0;
	if (!hash) {
		/* An unknown name answers like a wrong password, in the same time,
		 * and busy exactly when a real check would be: but it waits instead
		 * of hashing and takes no slot, so a flood of made-up names cannot
		 * keep a real moderator's check from running. */
		pthread_once(&measure_once, measure);
		if (atomic_load(&verifying) >= SESSION_VERIFY_MAX)
			return VERIFY_BUSY;
		*hold_ns = atomic_load(&check_ns);
		return VERIFY_WRONG;
	}
	if (atomic_fetch_add(&verifying, 1) >= SESSION_VERIFY_MAX) {
		atomic_fetch_sub(&verifying, 1);
		return VERIFY_BUSY;
	}
	t0 = now_ns();
	ok = n <= PASSWORD_BYTES_MAX && crypto_pwhash_str_verify(hash, pw, n) == 0;
	atomic_store(&check_ns, now_ns() - t0);
	atomic_fetch_sub(&verifying, 1);
	return ok ? VERIFY_OK : VERIFY_WRONG;
}

enum verify session_verify_password(const char *hash, const char *pw, size_t n)
{
	long long hold;
	enum verify v = session_verify_password_held(hash, pw, n, &hold);

	if (hold > 0)
		wait_ns(hold);
	return v;
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
