/* session: password checks. Checks for unknown names (a flood of made-up
 * names) take none of the SESSION_VERIFY_MAX slots, so a real moderator's
 * check is never refused as busy because of them; and they answer like a
 * wrong password. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <sodium.h>
#include <stdatomic.h>
#include <string.h>
#include <time.h>

#include "session.h"

#define FLOOD 4 /* twice the slots */

static atomic_int stop, unknown_done, unknown_bad;

static void *flood(void *arg)
{
	(void)arg;
	while (!atomic_load(&stop)) {
		enum verify v = session_verify_password(NULL, "a-made-up-guess", 15);
		/* Counted, not asserted: cmocka asserts belong to the test's thread. */
		if (v != VERIFY_WRONG && v != VERIFY_BUSY)
			atomic_fetch_add(&unknown_bad, 1);
		atomic_fetch_add(&unknown_done, 1);
	}
	return NULL;
}

static void test_unknown_names_take_no_slot(void **state)
{
	static const char pw[] = "the right password";
	char hash[PASSWORD_HASH_MAX];
	pthread_t t[FLOOD];
	int busy = 0;

	(void)state;
	assert_int_equal(session_hash_password(pw, strlen(pw), hash), 0);
	for (int i = 0; i < FLOOD; i++)
		assert_int_equal(pthread_create(&t[i], NULL, flood, NULL), 0);
	/* The flood is under way: every thread has answered at least once. */
	while (atomic_load(&unknown_done) < FLOOD) {
		struct timespec ms = {0, 1000000};
		nanosleep(&ms, NULL);
	}
	for (int i = 0; i < 5; i++) {
		enum verify v = session_verify_password(hash, pw, strlen(pw));
		busy += v == VERIFY_BUSY;
		assert_true(v == VERIFY_OK || v == VERIFY_BUSY);
	}
	atomic_store(&stop, 1);
	for (int i = 0; i < FLOOD; i++)
		pthread_join(t[i], NULL);
	assert_int_equal(busy, 0);
	assert_int_equal(atomic_load(&unknown_bad), 0);
}

static void test_unknown_and_wrong(void **state)
{
	static const char pw[] = "another right password";
	char hash[PASSWORD_HASH_MAX];

	(void)state;
	assert_int_equal(session_hash_password(pw, strlen(pw), hash), 0);
	assert_int_equal(session_verify_password(hash, "not it at all", 13), VERIFY_WRONG);
	assert_int_equal(session_verify_password(NULL, pw, strlen(pw)), VERIFY_WRONG);
	assert_int_equal(session_verify_password(hash, pw, strlen(pw)), VERIFY_OK);
}

static int setup(void **state)
{
	(void)state;
	return sodium_init() < 0 ? -1 : 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_unknown_names_take_no_slot),
	        cmocka_unit_test(test_unknown_and_wrong),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
