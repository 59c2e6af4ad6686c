/* settings: see settings.h. The values are written by settings_init (or by
 * the fallback, once, under pthread_once) before any reader runs. */
#include "settings.h"

#include <pthread.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "secretfile.h"

static uint8_t secret[SETTINGS_SECRET_BYTES];
static unsigned submit_limit = SETTINGS_SUBMIT_LIMIT;
static int cookie_secure;
static int configured;
static pthread_once_t fallback_once = PTHREAD_ONCE_INIT;

/* Tests and fuzzers that never call settings_init still get a secret. */
static void fallback(void)
{
	if (configured)
		return;
	if (sodium_init() < 0)
		abort(); /* no randomness: nothing secure can be done */
	randombytes_buf(secret, sizeof(secret));
}

static int read_secret(const char *path)
{
	ssize_t n;
	uint8_t extra;
	const char *why;
	int fd = secretfile_open(path, 0, &why);

	if (fd < 0) {
		log_error("settings: --secret-file %s: %s", path, why);
		return -1;
	}
	n = read(fd, secret, sizeof(secret));
	if (n != (ssize_t)sizeof(secret) || read(fd, &extra, 1) != 0) {
		log_error("settings: --secret-file %s: must hold exactly %d bytes "
		          "(head -c 32 /dev/urandom)",
		          path, SETTINGS_SECRET_BYTES);
		sodium_memzero(secret, sizeof(secret));
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

int settings_init(const char *secret_file, unsigned limit, int secure)
{
	if (sodium_init() < 0) {
		log_error("settings: libsodium cannot be initialised");
		return -1;
	}
	if (secret_file) {
		if (read_secret(secret_file) != 0)
			return -1;
	} else {
		randombytes_buf(secret, sizeof(secret));
		log_warn("settings: no --secret-file: a random secret is used, so forms and "
		         "client hashes do not survive a restart");
	}
	submit_limit = limit;
	cookie_secure = secure != 0;
	configured = 1;
	return 0;
}

const uint8_t *settings_secret(void)
{
	pthread_once(&fallback_once, fallback);
	return secret;
}

unsigned settings_submit_limit(void)
{
	return submit_limit;
}

int settings_cookie_secure(void)
{
	return cookie_secure;
}
