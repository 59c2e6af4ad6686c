/* handler: the route table. Finds the page for a request's path and method
 * and lets it answer; 404 and 405 otherwise. It never touches the FastCGI
 * stream, so tests and fuzzers can call it. */
#ifndef LOOTFORGE_HANDLER_H
#define LOOTFORGE_HANDLER_H

#include "fieldrow.h"
#include "http.h"

/* Fills rs (status, content type, body); rs->body must be initialised. */
void handle_request(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* Whether the request is slow by design (POST /login: a password check),
 * so that the server answers it in the slow lane (lane.h), away from the
 * threads that generate. */
int handler_slow(const struct request *rq);

/* One row of the route table as the tools that describe the site read it
 * (tests/house/lists.c writes the API description's paths from it). */
struct handler_route_info {
	const char *path;
	int under;         /* every path below path too */
	const char *allow; /* the methods, as the Allow header says them; NULL: none */
	int guarded;       /* a moderator's session first */
	int cors;          /* public data, readable by pages of other sites */
	const struct field_table *query, *below; /* a GET's fields, of path and below it */
	unsigned formats;                        /* FMT_BITs */
	const struct field_table *body;          /* a POST's fields; NULL: not said */
};

/* The table's rows into out (at most cap); returns how many there are. */
size_t handler_routes(struct handler_route_info *out, size_t cap);

#endif
