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
};

struct response {
	int status;
	const char *content_type;
	int retry_after;   /* seconds, 0 = no header */
	int cache_seconds; /* 0 = no-store */
	const char *allow; /* the Allow header of a 405, else NULL (static text) */
	struct buf body;
};

/* What lives for a worker thread's whole life. */
struct handler_ctx {
	struct rng seeds; /* draws fresh item seeds */
	struct db *db;    /* this worker's connection, may be NULL */
};

/* Fills rs (status, content type, body); rs->body must be initialised. */
void handle_request(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* The reason phrase of a status ("Bad Request"). */
const char *http_reason(int status);

#endif
