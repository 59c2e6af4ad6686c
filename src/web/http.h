/* http: the request and response every page works with, and what pages
 * share to read one and fill the other: FastCGI params, content
 * negotiation, the body checks, header lines, reason phrases. Below every
 * page and above nothing of the site: no page climbs back to the router. */
#ifndef LOOTFORGE_HTTP_H
#define LOOTFORGE_HTTP_H

#include <stddef.h>

#include "arena.h"
#include "buf.h"
#include "rng.h"

#define CT_HTML "text/html; charset=utf-8"
#define CT_JSON "application/json"
#define CT_CSV  "text/csv; charset=utf-8; header=present"
#define CT_TEXT "text/plain; charset=utf-8"
#define CT_FORM "application/x-www-form-urlencoded"

struct format_choice;

struct request {
	const char *method;       /* "GET", "POST", ... */
	const char *path;         /* DOCUMENT_URI, without the query */
	const char *query;        /* QUERY_STRING, may be NULL */
	const char *content_type; /* may be NULL */
	const char *accept;       /* HTTP_ACCEPT, may be NULL */
	long content_length;      /* -1 when absent or not a number */
	const char *body;         /* body_len bytes, read by the caller */
	size_t body_len;
	int body_truncated; /* the caller stopped reading at the limit */
	/* The request belongs in the slow lane (handler_slow) but its queue
	 * was full: answer at once, without the slow part (lane.h). */
	int lane_full;
	/* Every FastCGI param as "NAME=value", NULL-terminated (cookies,
	 * Origin, Host, REMOTE_ADDR); may be NULL. Read with request_param. */
	const char *const *env;
	/* The answer's format, negotiated once by the router from its route's
	 * formats (fields_negotiate) for every page to read; NULL for a
	 * request that did not come through it. */
	const struct format_choice *choice;
};

/* Room for the handler's own header lines (Set-Cookie, Location). */
/* (5120: the visitor cookie, visitor.h, is up to 3800 bytes of them) */
#define RESPONSE_HEADERS_MAX 5120

struct response {
	int status;
	/* Send the answer no sooner than this many ns after it is made (an
	 * unknown name's login: as long as a password check), without holding
	 * a thread when the server can (the slow lane); 0: at once. */
	long long hold_ns;
	const char *content_type;
	int retry_after;   /* seconds, 0 = no header */
	int cache_seconds; /* 0 = no-store */
	/* The whole Cache-Control value when set (static text), before
	 * cache_seconds: "public, max-age=31536000, immutable" */
	const char *cache_control;
	const char *allow; /* the Allow header of a 405, else NULL (static text) */
	unsigned route;    /* set by the router: its route's index, for the metrics */
	struct buf body;
	/* Extra header lines, each "Name: value\r\n", NUL-terminated; empty
	 * unless set through response_header(). */
	char headers[RESPONSE_HEADERS_MAX];
};

/* What lives for a worker thread's whole life. */
struct handler_ctx {
	struct rng seeds; /* draws fresh item seeds */
	struct db *db;    /* this worker's connection, may be NULL */
	/* The request's memory: pages allocate from it and never free; the
	 * router resets it once the answer is made. Zeroed is valid; the
	 * owner of the context calls arena_free at the end. */
	struct arena arena;
	/* What the route's guard admitted for this request (struct page_guard),
	 * else NULL; set by the router. */
	const void *admitted;
	/* The entry a generic page answers for (a route's arg), else NULL;
	 * set by the router. */
	const void *route_arg;
};

/* Who may reach a route, checked by the router before the method: admit
 * answers (and returns -1) for a client that may not, else sets *admitted
 * (memory of the request's arena) and returns 0; refuse answers the
 * route's 404 and 405 in its pages' skeleton, after admit. */
struct page_guard {
	int (*admit)(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
	             const void **admitted);
	void (*refuse)(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
	               int status, const char *message);
};

/* The value of FastCGI param `name` ("HTTP_COOKIE"), or NULL. */
const char *request_param(const struct request *rq, const char *name);

/* Appends the header line "name: value". 0, or -1 (nothing added) when it
 * would not fit or value holds a CR, LF or other control byte. */
int response_header(struct response *rs, const char *name, const char *value);

/* Whether the Accept header asks for JSON (at least as much as HTML), or,
 * for a body too large to parse, a format= pair in what was read of it. */
int request_prefers_json(const struct request *rq);

/* Whether the Accept header lists text/plain above both text/html and JSON
 * (pages with a text form answer it: curl -H 'Accept: text/plain'). */
int request_prefers_text(const struct request *rq);

/* Why a POST body cannot be read as a form, or NULL when it can: 415
 * "Content-Type" when it is not urlencoded, 413 "body" when it was too
 * large, 400 "body" when cut short (*status and *field say which). */
const char *request_body_problem(const struct request *rq, int *status, const char **field);

/* The reason phrase of a status ("Bad Request"). */
const char *http_reason(int status);

/* A literal "format=json" or "format=csv" (1: errors in JSON) or "format=html" (0) pair in the raw
 * input (len bytes), or -1: the format of a request that could not be parsed as a form (a malformed
 * or too large body), so that the error still comes in the format asked for. */
int request_sniff_format(const char *s, size_t len);

/* A 500 whose body is fixed text in JSON ({"errors": [...]}) or HTML: the
 * answer when rendering itself failed. */
void response_internal_error(struct response *rs, int json);

/* The answer to a failed database call: 503 with Retry-After
 * (DB_RETRY_AFTER) when the database cannot be reached (down), else 500.
 * Sets rs->retry_after and returns the status; *message is the sentence to
 * show (messages.h). */
int http_db_failure(struct response *rs, int down, const char **message);

/* Whether the Accept header alone asks for JSON (at least as much as HTML;
 * wildcards do not count). */
int request_accept_json(const struct request *rq);

#endif
