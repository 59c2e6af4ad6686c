/* csrf and cookie: tokens bound to a cookie and a key, the constant-time
 * check and what it refuses, client hashes, the Origin check, and reading a
 * cookie out of a Cookie header. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <sodium.h>
#include <string.h>

#include "cookie.h"
#include "csrf.h"

static uint8_t key[CSRF_KEY_BYTES], key2[CSRF_KEY_BYTES];

static int setup(void **state)
{
	(void)state;
	if (sodium_init() < 0)
		return -1;
	for (int i = 0; i < CSRF_KEY_BYTES; i++) {
		key[i] = (uint8_t)i;
		key2[i] = (uint8_t)(i + 1);
	}
	return 0;
}

static const char cookie_a[] = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
static const char cookie_b[] = "fedcba9876543210fedcba9876543210fedcba9876543210fedcba9876543210";

static void test_token_is_bound(void **state)
{
	char t1[CSRF_HEX + 1], t2[CSRF_HEX + 1], t3[CSRF_HEX + 1];

	(void)state;
	csrf_token(key, cookie_a, t1);
	csrf_token(key, cookie_a, t2);
	assert_string_equal(t1, t2); /* deterministic */
	assert_true(csrf_is_hex(t1));
	csrf_token(key, cookie_b, t3);
	assert_string_not_equal(t1, t3); /* another cookie */
	csrf_token(key2, cookie_a, t3);
	assert_string_not_equal(t1, t3); /* another key */
}

static void test_check(void **state)
{
	char t[CSRF_HEX + 1], bad[CSRF_HEX + 2];

	(void)state;
	csrf_token(key, cookie_a, t);
	assert_int_equal(csrf_check(key, cookie_a, t), 1);
	assert_int_equal(csrf_check(key, cookie_b, t), 0);
	assert_int_equal(csrf_check(key2, cookie_a, t), 0);
	assert_int_equal(csrf_check(key, cookie_a, NULL), 0);
	assert_int_equal(csrf_check(key, NULL, t), 0);
	assert_int_equal(csrf_check(key, "", t), 0);
	assert_int_equal(csrf_check(key, cookie_a, ""), 0);
	/* one digit changed */
	memcpy(bad, t, sizeof(t));
	bad[10] = bad[10] == '0' ? '1' : '0';
	assert_int_equal(csrf_check(key, cookie_a, bad), 0);
	/* upper case is not what we issue */
	memcpy(bad, t, sizeof(t));
	for (char *c = bad; *c; c++)
		if (*c >= 'a' && *c <= 'f')
			*c = (char)(*c - 'a' + 'A');
	assert_int_equal(csrf_check(key, cookie_a, bad), 0);
	/* too short, too long */
	memcpy(bad, t, sizeof(t));
	bad[CSRF_HEX - 1] = '\0';
	assert_int_equal(csrf_check(key, cookie_a, bad), 0);
	memcpy(bad, t, CSRF_HEX);
	bad[CSRF_HEX] = 'a';
	bad[CSRF_HEX + 1] = '\0';
	assert_int_equal(csrf_check(key, cookie_a, bad), 0);
}

static void test_is_hex_and_random(void **state)
{
	char a[CSRF_HEX + 1], b[CSRF_HEX + 1];

	(void)state;
	assert_true(csrf_is_hex(cookie_a));
	assert_false(csrf_is_hex(NULL));
	assert_false(csrf_is_hex(""));
	assert_false(csrf_is_hex("abc"));
	assert_false(
	        csrf_is_hex("0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdeg"));
	assert_false(
	        csrf_is_hex("0123456789ABCDEF0123456789abcdef0123456789abcdef0123456789abcdef"));
	csrf_random_hex(a);
	csrf_random_hex(b);
	assert_true(csrf_is_hex(a));
	assert_true(csrf_is_hex(b));
	assert_string_not_equal(a, b);
}

static void test_client_hash(void **state)
{
	uint8_t h1[CSRF_HASH_BYTES], h2[CSRF_HASH_BYTES];

	(void)state;
	csrf_client_hash(key, "192.0.2.1", h1);
	csrf_client_hash(key, "192.0.2.1", h2);
	assert_memory_equal(h1, h2, sizeof(h1));
	csrf_client_hash(key, "192.0.2.2", h2);
	assert_memory_not_equal(h1, h2, sizeof(h1));
	csrf_client_hash(key2, "192.0.2.1", h2);
	assert_memory_not_equal(h1, h2, sizeof(h1));
	/* IPv6: one /64 is one client */
	csrf_client_hash(key, "2001:db8:1:2::1", h1);
	csrf_client_hash(key, "2001:db8:1:2:ffff:eeee:dddd:cccc", h2);
	assert_memory_equal(h1, h2, sizeof(h1));
	csrf_client_hash(key, "2001:db8:1:3::1", h2);
	assert_memory_not_equal(h1, h2, sizeof(h1));
	csrf_client_hash(key, NULL, h2); /* no address: still a hash */
}

static void test_origin(void **state)
{
	(void)state;
	assert_true(csrf_origin_ok(NULL, "example.org"));
	assert_true(csrf_origin_ok(NULL, NULL));
	assert_true(csrf_origin_ok("http://127.0.0.1:8080", "127.0.0.1:8080"));
	assert_true(csrf_origin_ok("https://Example.ORG", "example.org"));
	assert_false(csrf_origin_ok("null", "example.org"));
	assert_false(csrf_origin_ok("http://evil.example", "example.org"));
	assert_false(csrf_origin_ok("http://example.org.evil.example", "example.org"));
	/* ports are not compared: nginx's $host drops the port */
	assert_true(csrf_origin_ok("http://example.org:8080", "example.org"));
	assert_true(csrf_origin_ok("http://127.0.0.1:8080", "127.0.0.1"));
	assert_true(csrf_origin_ok("http://[::1]:8080", "[::1]"));
	assert_false(csrf_origin_ok("http://[::2]:8080", "[::1]"));
	assert_false(csrf_origin_ok("http://example.org:80x", "example.org"));
	assert_false(csrf_origin_ok("http://example.org/path", "example.org"));
	assert_false(csrf_origin_ok("http://example.org", "example.org.evil"));
	assert_false(csrf_origin_ok("http://", "example.org"));
	assert_false(csrf_origin_ok("ftp://example.org", "example.org"));
	assert_false(csrf_origin_ok("http://example.org", NULL));
	assert_false(csrf_origin_ok("http://example.org", ""));
}

/* The CSRF cookie is the server's: a value minted with the key passes, the
 * same with any digit changed, another key's or a hex string a client made
 * up does not. */
static void test_cookie_is_minted(void **state)
{
	char a[CSRF_HEX + 1], b[CSRF_HEX + 1];

	(void)state;
	csrf_cookie_new(key, a);
	csrf_cookie_new(key, b);
	assert_true(csrf_is_hex(a));
	assert_string_not_equal(a, b);
	assert_true(csrf_cookie_ok(key, a));
	assert_true(csrf_cookie_ok(key, b));
	assert_false(csrf_cookie_ok(key2, a));
	for (int i = 0; i < CSRF_HEX; i++) {
		char c[CSRF_HEX + 1];
		memcpy(c, a, sizeof(c));
		c[i] = c[i] == '0' ? '1' : '0';
		assert_false(csrf_cookie_ok(key, c));
	}
	assert_false(csrf_cookie_ok(
	        key, "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"));
	assert_false(csrf_cookie_ok(key, NULL));
	assert_false(csrf_cookie_ok(key, ""));
	a[10] = '\0';
	assert_false(csrf_cookie_ok(key, a));
}

static void test_cookie_get(void **state)
{
	char v[CSRF_HEX + 1];

	(void)state;
	assert_int_equal(cookie_get("a=1; lf_csrf=abc; b=2", "lf_csrf", v, sizeof(v)), 1);
	assert_string_equal(v, "abc");
	assert_int_equal(cookie_get("xlf_csrf=1;lf_csrf=2", "lf_csrf", v, sizeof(v)), 1);
	assert_string_equal(v, "2");
	assert_int_equal(cookie_get("lf_csrf=first; lf_csrf=second", "lf_csrf", v, sizeof(v)), 1);
	assert_string_equal(v, "first");
	assert_int_equal(cookie_get("lf_csrfx=1", "lf_csrf", v, sizeof(v)), 0);
	assert_int_equal(cookie_get(NULL, "lf_csrf", v, sizeof(v)), 0);
	assert_int_equal(cookie_get("", "lf_csrf", v, sizeof(v)), 0);
	assert_string_equal(v, "");
	/* longer than the room for it: not taken */
	assert_int_equal(cookie_get("lf_csrf=0123456789", "lf_csrf", v, 5), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_token_is_bound),
	        cmocka_unit_test(test_check),
	        cmocka_unit_test(test_is_hex_and_random),
	        cmocka_unit_test(test_client_hash),
	        cmocka_unit_test(test_origin),
	        cmocka_unit_test(test_cookie_is_minted),
	        cmocka_unit_test(test_cookie_get),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
