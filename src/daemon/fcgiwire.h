/* fcgiwire: the parts of the FastCGI wire format the daemon handles itself
 * rather than through libfcgi: the records of an answer (the STDOUT stream
 * and FCGI_END_REQUEST, written in a few writev calls) and the parsing of
 * the params a request is read from. Pure functions of their arguments
 * plus the one fd written to: the unit tests and the fuzzer call them. */
#ifndef LOOTFORGE_FCGIWIRE_H
#define LOOTFORGE_FCGIWIRE_H

#include <stddef.h>

#define FCGIWIRE_RECORD_MAX 65535 /* content bytes of one FastCGI record */

/* CONTENT_LENGTH as a number: digits only, no sign or blank, at most
 * LONG_MAX; -1 when s is NULL, empty or anything else. */
long fcgiwire_parse_length(const char *s);

/* The params a request is read from, found in one pass over env (a
 * NULL-terminated array of "NAME=value", as libfcgi gives it; may be NULL).
 * Each out pointer is set to the value of the first param of its name, and
 * left alone when the name is absent (so the caller sets defaults first,
 * NULL for "absent"). The values point into env. */
struct fcgiwire_params {
	const char *method;         /* REQUEST_METHOD */
	const char *document_uri;   /* DOCUMENT_URI */
	const char *script_name;    /* SCRIPT_NAME */
	const char *query;          /* QUERY_STRING */
	const char *content_type;   /* CONTENT_TYPE */
	const char *content_length; /* CONTENT_LENGTH */
	const char *accept;         /* HTTP_ACCEPT */
};
void fcgiwire_read_params(char *const *env, struct fcgiwire_params *p);

/* Whether the n bytes at buf, the start of what a connection has sent, hold
 * a request's records up to the end of its params (the empty FCGI_PARAMS
 * record), or a management record: what libfcgi reads before it returns a
 * request, so that a worker given the connection does not wait for more.
 * The body (FCGI_STDIN) may still be on its way. */
int fcgiwire_request_complete(const unsigned char *buf, size_t n);

/* Writes the answer of request request_id on fd: the STDOUT stream made of
 * part[0] then part[1] (len[i] bytes each; either may be empty) in records
 * of at most FCGIWIRE_RECORD_MAX bytes, the empty STDOUT record that ends
 * it, and FCGI_END_REQUEST with FCGI_REQUEST_COMPLETE: what libfcgi would
 * send. Any length; nothing is copied. 0, or -1 (errno) when a write
 * failed: the peer went away, or a signal interrupted it. */
int fcgiwire_write_answer(int fd, int request_id, const char *const part[2], const size_t len[2]);

#endif
