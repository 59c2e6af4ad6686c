/* Unit tests of fcgiwire: CONTENT_LENGTH parsing, the params pass, and the
 * answer writer, whose records are read back from a socketpair and parsed:
 * stream lengths 0, 1, 65,535, 65,536 and 5,000,000 bytes (the last one
 * needs more records per writev batch than there were headers for before:
 * run it under ASan, make unit-san). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>
#include <fastcgi.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fcgiwire.h"

static void test_parse_length(void **state)
{
	(void)state;
	assert_int_equal(fcgiwire_parse_length("0"), 0);
	assert_int_equal(fcgiwire_parse_length("8193"), 8193);
	assert_int_equal(fcgiwire_parse_length("9223372036854775807"), 9223372036854775807L);
	assert_int_equal(fcgiwire_parse_length("9223372036854775808"), -1);
	assert_int_equal(fcgiwire_parse_length(NULL), -1);
	assert_int_equal(fcgiwire_parse_length(""), -1);
	assert_int_equal(fcgiwire_parse_length("-1"), -1);
	assert_int_equal(fcgiwire_parse_length("+1"), -1);
	assert_int_equal(fcgiwire_parse_length(" 1"), -1);
	assert_int_equal(fcgiwire_parse_length("1 "), -1);
	assert_int_equal(fcgiwire_parse_length("0x10"), -1);
}

static void test_read_params(void **state)
{
	char *env[] = {"REQUEST_METHODX=no",     "REQUEST_METHOD=POST",
	               "QUERY_STRING=a=1",       "HTTP_ACCEPT=application/json",
	               "REQUEST_METHOD=GET",     "CONTENT_LENGTH=",
	               "DOCUMENT_URI=/generate", NULL};
	struct fcgiwire_params p = {0};

	(void)state;
	fcgiwire_read_params(env, &p);
	assert_string_equal(p.method, "POST"); /* the first one counts */
	assert_string_equal(p.query, "a=1");
	assert_string_equal(p.accept, "application/json");
	assert_string_equal(p.content_length, "");
	assert_string_equal(p.document_uri, "/generate");
	assert_null(p.script_name);
	assert_null(p.content_type);
	fcgiwire_read_params(NULL, &p); /* no params: nothing changes */
	assert_string_equal(p.method, "POST");
}

struct writer {
	int fd, request_id, rc;
	const char *part[2];
	size_t len[2];
};

static void *write_answer(void *arg)
{
	struct writer *w = arg;
	w->rc = fcgiwire_write_answer(w->fd, w->request_id, w->part, w->len);
	close(w->fd);
	return NULL;
}

/* Reads everything from fd. */
static unsigned char *read_all(int fd, size_t *n)
{
	size_t cap = 1 << 16, len = 0;
	unsigned char *b = malloc(cap);

	assert_non_null(b);
	for (;;) {
		if (len == cap) {
			b = realloc(b, cap *= 2);
			assert_non_null(b);
		}
		ssize_t r = read(fd, b + len, cap - len);
		assert_true(r >= 0);
		if (r == 0)
			break;
		len += (size_t)r;
	}
	*n = len;
	return b;
}

/* Writes head + body as request 258's answer and parses the records back:
 * every STDOUT record at most 65,535 bytes and no padding, the stream equal
 * to head + body, ended by one empty STDOUT record, then END_REQUEST. */
static void check_answer(size_t head_len, size_t body_len)
{
	char *head = malloc(head_len + 1), *body = malloc(body_len + 1);
	int sv[2];
	pthread_t t;
	size_t n, at = 0, stream = 0, records = 0;

	assert_non_null(head);
	assert_non_null(body);
	for (size_t i = 0; i < head_len; i++)
		head[i] = (char)('A' + i % 26);
	for (size_t i = 0; i < body_len; i++)
		body[i] = (char)(i * 7 % 251);
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	struct writer w = {sv[1], 258, -2, {head, body}, {head_len, body_len}};
	assert_int_equal(pthread_create(&t, NULL, write_answer, &w), 0);
	unsigned char *b = read_all(sv[0], &n);
	assert_int_equal(pthread_join(t, NULL), 0);
	close(sv[0]);
	assert_int_equal(w.rc, 0);

	int ended = 0;
	while (at + sizeof(FCGI_Header) <= n && !ended) {
		const FCGI_Header *h = (const FCGI_Header *)(b + at);
		size_t len = (size_t)h->contentLengthB1 << 8 | h->contentLengthB0;
		assert_int_equal(h->version, FCGI_VERSION_1);
		assert_int_equal((h->requestIdB1 << 8) | h->requestIdB0, 258);
		assert_int_equal(h->paddingLength, 0);
		at += sizeof(FCGI_Header);
		assert_true(at + len <= n);
		if (h->type == FCGI_STDOUT && len > 0) {
			for (size_t i = 0; i < len; i++, stream++) {
				char want =
				        stream < head_len ? head[stream] : body[stream - head_len];
				if ((char)b[at + i] != want)
					fail_msg("byte %zu of the stream differs", stream);
			}
			records++;
		} else if (h->type == FCGI_STDOUT) {
			assert_int_equal(stream, head_len + body_len); /* the end of the stream */
			const FCGI_EndRequestRecord *e = (const FCGI_EndRequestRecord *)(b + at);
			assert_true(at + sizeof(*e) == n);
			assert_int_equal(e->header.type, FCGI_END_REQUEST);
			assert_int_equal(e->body.protocolStatus, FCGI_REQUEST_COMPLETE);
			ended = 1;
		} else {
			fail_msg("unexpected record type %d", h->type);
		}
		at += len;
	}
	assert_true(ended);
	/* Full records except the last one. */
	size_t total = head_len + body_len;
	assert_int_equal(records, (total + FCGIWIRE_RECORD_MAX - 1) / FCGIWIRE_RECORD_MAX);
	free(b);
	free(head);
	free(body);
}

static void test_answer_0(void **state)
{
	(void)state;
	check_answer(0, 0);
}

static void test_answer_1(void **state)
{
	(void)state;
	check_answer(0, 1);
	check_answer(1, 0);
}

static void test_answer_65535(void **state)
{
	(void)state;
	check_answer(0, 65535);
	check_answer(200, 65535 - 200);
}

static void test_answer_65536(void **state)
{
	(void)state;
	check_answer(0, 65536);
	check_answer(300, 65536);
}

static void test_answer_5000000(void **state)
{
	(void)state;
	check_answer(0, 5000000);
	check_answer(412, 5000000);
}

/* A peer that went away: -1, not a crash or a hang (SIGPIPE ignored). */
static void test_peer_gone(void **state)
{
	int sv[2];
	static char big[1 << 20];
	const char *part[2] = {"Status: 200\r\n\r\n", big};
	size_t len[2] = {strlen(part[0]), sizeof(big)};

	(void)state;
	assert_int_equal(socketpair(AF_UNIX, SOCK_STREAM, 0, sv), 0);
	close(sv[0]);
	assert_int_equal(fcgiwire_write_answer(sv[1], 1, part, len), -1);
	close(sv[1]);
}

/* One record: header and content (padded by pad bytes) into out. */
static size_t record(unsigned char *out, int type, const char *content, size_t len, size_t pad)
{
	unsigned char h[FCGI_HEADER_LEN] = {
	        FCGI_VERSION_1,     (unsigned char)type, 0, 1, (unsigned char)(len >> 8),
	        (unsigned char)len, (unsigned char)pad,  0};
	memcpy(out, h, sizeof(h));
	memcpy(out + sizeof(h), content, len);
	memset(out + sizeof(h) + len, 0, pad);
	return sizeof(h) + len + pad;
}

static void test_request_complete(void **state)
{
	static const unsigned char begin[8] = {0, FCGI_RESPONDER, FCGI_KEEP_CONN};
	unsigned char buf[512];
	size_t n = 0, params_at, empty_at;
	(void)state;
	n += record(buf + n, FCGI_BEGIN_REQUEST, (const char *)begin, sizeof(begin), 0);
	params_at = n;
	n += record(buf + n, FCGI_PARAMS, "\x0e\x03REQUEST_METHODGET", 19, 5);
	empty_at = n;
	n += record(buf + n, FCGI_PARAMS, "", 0, 0);
	n += record(buf + n, FCGI_STDIN, "tier=3", 6, 2);
	/* Every cut before the end of the empty params record: not complete. */
	for (size_t cut = 0; cut < empty_at + FCGI_HEADER_LEN; cut++)
		assert_int_equal(fcgiwire_request_complete(buf, cut), 0);
	for (size_t cut = empty_at + FCGI_HEADER_LEN; cut <= n; cut++)
		assert_int_equal(fcgiwire_request_complete(buf, cut), 1);
	/* Padding counts: a params record whose padding has not all arrived. */
	assert_int_equal(fcgiwire_request_complete(buf, params_at + FCGI_HEADER_LEN + 19 + 4), 0);
	/* A management record is answered by libfcgi at once. */
	n = record(buf, FCGI_GET_VALUES, "", 0, 0);
	assert_int_equal(fcgiwire_request_complete(buf, n), 1);
	assert_int_equal(fcgiwire_request_complete(buf, 0), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_parse_length),     cmocka_unit_test(test_read_params),
	        cmocka_unit_test(test_answer_0),         cmocka_unit_test(test_answer_1),
	        cmocka_unit_test(test_answer_65535),     cmocka_unit_test(test_answer_65536),
	        cmocka_unit_test(test_answer_5000000),   cmocka_unit_test(test_peer_gone),
	        cmocka_unit_test(test_request_complete),
	};
	signal(SIGPIPE, SIG_IGN);
	return cmocka_run_group_tests(tests, NULL, NULL);
}
