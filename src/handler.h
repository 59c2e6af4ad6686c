/* handler: one request, below FastCGI: route → parse → generate → render.
 * It never touches the FastCGI stream, so tests and fuzzers can call it. */
#ifndef LOOTFORGE_HANDLER_H
#define LOOTFORGE_HANDLER_H

#include <stddef.h>

#include "buf.h"
#include "rng.h"

struct request {
	const char *method;       /* "GET", "POST", ... */
	const char *path;         /* DOCUMENT_URI, without the query */
	const char *query;        /* QUERY_STRING, may be NULL */
	const char *content_type; /* may be NULL */
	const char *accept;       /* HTTP_ACCEPT, may be NULL */
	long content_length;      /* -1 when absent or not a number */
	const char *body;         /* body_len bytes, read by the caller */
	size_t body_len;
	int body_truncated;       /* the caller stopped reading at the limit */
	/* Every FastCGI param as "NAME=value", NULL-terminated (cookies,
	 * Origin, Host, REMOTE_ADDR); may be NULL. Read with request_param. */
	const char *const *env;
};

/* Room for the handler's own header lines (Set-Cookie, Location). */
#define RESPONSE_HEADERS_MAX 768

struct response {
	int status;
	const char *content_type;
	int retry_after;   /* seconds, 0 = no header */
	int cache_seconds; /* 0 = no-store */
	const char *allow; /* the Allow header of a 405, else NULL (static text) */
	struct buf body;
	/* Extra header lines, each "Name: value\r\n", NUL-terminated; empty
	 * unless set through response_header(). */
	char headers[RESPONSE_HEADERS_MAX];
};

/* What lives for a worker thread's whole life. */
struct handler_ctx {
	struct rng seeds; /* draws fresh item seeds */
	struct db *db;    /* this worker's connection, may be NULL */
};

/* Fills rs (status, content type, body); rs->body must be initialised. */
void handle_request(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* The value of FastCGI param `name` ("HTTP_COOKIE"), or NULL. */
const char *request_param(const struct request *rq, const char *name);

/* Appends the header line "name: value". 0, or -1 (nothing added) when it
 * would not fit or value holds a CR, LF or other control byte. */
int response_header(struct response *rs, const char *name, const char *value);

/* Whether the Accept header asks for JSON (at least as much as HTML). */
int request_prefers_json(const struct request *rq);

/* Why a POST body cannot be read as a form, or NULL when it can: 415
 * "Content-Type" when it is not urlencoded, 400 "body" when it was too
 * large or cut short (*status and *field say which). */
const char *request_body_problem(const struct request *rq, int *status, const char **field);

/* The reason phrase of a status ("Bad Request"). */
const char *http_reason(int status);

#endif
