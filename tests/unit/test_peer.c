/* Unit tests of peer: the fcgi-allow list and its loopback default. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <arpa/inet.h>
#include <cmocka.h>
#include <netinet/in.h>
#include <sys/un.h>

#include "peer.h"

static int allowed4(const struct peer_allow *a, const char *ip)
{
	struct sockaddr_in sa = {.sin_family = AF_INET};
	assert_int_equal(inet_pton(AF_INET, ip, &sa.sin_addr), 1);
	return peer_allowed(a, (const struct sockaddr *)&sa);
}

static int allowed6(const struct peer_allow *a, const char *ip)
{
	struct sockaddr_in6 sa = {.sin6_family = AF_INET6};
	assert_int_equal(inet_pton(AF_INET6, ip, &sa.sin6_addr), 1);
	return peer_allowed(a, (const struct sockaddr *)&sa);
}

static void test_default_is_loopback(void **state)
{
	struct peer_allow a;
	char err[128] = "";
	(void)state;
	assert_int_equal(peer_allow_parse(&a, NULL, err, sizeof(err)), 0);
	assert_true(allowed4(&a, "127.0.0.1"));
	assert_true(allowed4(&a, "127.3.4.5"));
	assert_true(allowed6(&a, "::1"));
	assert_true(allowed6(&a, "::ffff:127.0.0.1"));
	assert_false(allowed4(&a, "10.0.0.1"));
	assert_false(allowed4(&a, "128.0.0.1"));
	assert_false(allowed6(&a, "::2"));
	assert_false(allowed6(&a, "::ffff:10.0.0.1"));
	assert_int_equal(peer_allow_parse(&a, "", err, sizeof(err)), 0);
	assert_false(allowed4(&a, "192.168.1.1"));
	/* A unix socket peer has no address to check. */
	struct sockaddr_un un = {.sun_family = AF_UNIX};
	assert_true(peer_allowed(&a, (const struct sockaddr *)&un));
	assert_false(peer_allowed(&a, NULL));
}

static void test_list(void **state)
{
	struct peer_allow a;
	char err[128] = "";
	(void)state;
	assert_int_equal(
	        peer_allow_parse(&a, "10.1.2.3, 192.168.0.0/16 ,fd00::/8", err, sizeof(err)), 0);
	assert_true(allowed4(&a, "10.1.2.3"));
	assert_false(allowed4(&a, "10.1.2.4"));
	assert_true(allowed4(&a, "192.168.200.7"));
	assert_false(allowed4(&a, "192.169.0.1"));
	assert_true(allowed6(&a, "fd12::1"));
	assert_false(allowed6(&a, "fe80::1"));
	/* Naming an address replaces the default. */
	assert_false(allowed4(&a, "127.0.0.1"));
	assert_int_equal(peer_allow_parse(&a, "10.0.0.0/9", err, sizeof(err)), 0);
	assert_true(allowed4(&a, "10.127.0.1"));
	assert_false(allowed4(&a, "10.128.0.1"));
	assert_int_equal(peer_allow_parse(&a, "0.0.0.0/0", err, sizeof(err)), 0);
	assert_true(allowed4(&a, "8.8.8.8"));
}

static void test_bad_entries(void **state)
{
	static const char *const bad[] = {"localhost",  "10.0.0.1/33", "::1/129",  "10.0.0.1/",
	                                  "10.0.0.1/x", "1.2.3.4,",    ",1.2.3.4", "1.2.3"};
	struct peer_allow a;
	char err[128];
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		err[0] = '\0';
		assert_int_equal(peer_allow_parse(&a, bad[i], err, sizeof(err)), -1);
		assert_true(strlen(err) > 0);
	}
	char many[PEER_ALLOW_MAX * 12 + 16] = "";
	for (int i = 0; i <= PEER_ALLOW_MAX; i++)
		strcat(many, i ? ",10.0.0.1" : "10.0.0.1");
	assert_int_equal(peer_allow_parse(&a, many, err, sizeof(err)), -1);
	assert_non_null(strstr(err, "more than"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_default_is_loopback),
	        cmocka_unit_test(test_list),
	        cmocka_unit_test(test_bad_entries),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
