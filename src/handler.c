/* handler: the route table. Finds the page of a request's path and method
 * and lets it answer; 404 and 405 are the generator page's error answers.
 * The arena the page drew from is reset once the answer is made. */
#include "handler.h"

#include <string.h>

#include "dungeonpage.h"
#include "exportpage.h"
#include "itempage.h"
#include "login.h"
#include "loadoutpage.h"
#include "mappage.h"
#include "messages.h"
#include "moderate.h"
#include "spellpage.h"
#include "submit.h"
#include "words.h"

/* GET /healthz: 200 "ok". Touches nothing: the floor for benchmarks. */
static void route_healthz(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	(void)ctx;
	(void)rq;
	buf_reset(&rs->body);
	rs->status = 200;
	rs->content_type = CT_TEXT;
	if (buf_puts(&rs->body, "ok\n") != 0)
		buf_reset(&rs->body);
}

#define M_GET  1u /* GET and HEAD */
#define M_POST 2u
#define M_ANY  (~0u)

/* The route table: a path (or, with under, every path below it too), the
 * methods it takes with their Allow header, and the page that answers. */
struct route {
	const char *path;
	int under;
	unsigned methods;
	const char *allow;
	void (*fn)(struct handler_ctx *, const struct request *, struct response *);
};

static const struct route routes[] = {
        {"/healthz", 0, M_GET, "GET, HEAD", route_healthz},
        {"/", 0, M_GET, "GET, HEAD", itempage_index},
        {"/generate", 0, M_GET | M_POST, "GET, HEAD, POST", itempage_generate},
        {"/item", 1, M_GET, "GET, HEAD", itempage_code},
        {"/catalog.json", 0, M_GET, "GET, HEAD", exportpage_route},
        {"/submit", 0, M_GET | M_POST, "GET, HEAD, POST", submit_route},
        {"/submit/spell", 0, M_GET | M_POST, "GET, HEAD, POST", submit_spell_route},
        {"/submit/name", 0, M_GET | M_POST, "GET, HEAD, POST", submit_name_route},
        {"/words", 0, M_GET, "GET, HEAD", words_route},
        {"/spells", 0, M_GET, "GET, HEAD", spellpage_route},
        {"/map", 0, M_GET, "GET, HEAD", mappage_route},
        {"/dungeon", 1, M_GET, "GET, HEAD", dungeonpage_route},
        {"/loadout", 0, M_GET, "GET, HEAD", loadoutpage_route},
        {"/login", 0, M_GET | M_POST, "GET, HEAD, POST", login_route},
        {"/logout", 0, M_POST, "POST", logout_route},
        /* Whatever the method: the queue refuses first anyone without a
         * moderator's session, then answers 405 itself. */
        {"/moderate", 1, M_ANY, NULL, moderate_route},
};

static int path_matches(const struct route *r, const char *path)
{
	size_t n = strlen(r->path);

	if (strncmp(path, r->path, n) != 0)
		return 0;
	return path[n] == '\0' || (r->under && path[n] == '/');
}

static unsigned method_bit(const char *m)
{
	if (!m)
		return 0;
	if (strcmp(m, "GET") == 0 || strcmp(m, "HEAD") == 0)
		return M_GET;
	if (strcmp(m, "POST") == 0)
		return M_POST;
	return 0;
}

/* The requests that are slow by design, answered in the slow lane
 * (lane.h) so that they never hold a thread that generates: a login's
 * password check is Argon2, about 0.1 s (issue 31). */
static const struct {
	const char *path;
	unsigned methods;
} slow_routes[] = {
        {"/login", M_POST},
};

int handler_slow(const struct request *rq)
{
	for (size_t i = 0; rq->path && i < sizeof(slow_routes) / sizeof(slow_routes[0]); i++)
		if (strcmp(rq->path, slow_routes[i].path) == 0)
			return (method_bit(rq->method) & slow_routes[i].methods) != 0;
	return 0;
}

/* 404 for an unknown path, 405 (with Allow) for a method the route does
 * not take; otherwise what the route answers. */
static void dispatch(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	for (size_t i = 0; rq->path && i < sizeof(routes) / sizeof(routes[0]); i++) {
		const struct route *r = &routes[i];
		if (!path_matches(r, rq->path))
			continue;
		if (r->methods != M_ANY && !(method_bit(rq->method) & r->methods)) {
			itempage_error(rq, rs, 405, MSG_BAD_METHOD);
			rs->allow = r->allow;
			return;
		}
		r->fn(ctx, rq, rs);
		return;
	}
	itempage_error(rq, rs, 404, MSG_NOT_FOUND);
}

void handle_request(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	rs->retry_after = 0;
	rs->hold_ns = 0;
	rs->cache_seconds = 0;
	rs->cache_control = NULL;
	rs->allow = NULL;
	rs->headers[0] = '\0';
	dispatch(ctx, rq, rs);
	/* Nothing of the answer points into the arena: the body is rs's own. */
	arena_reset(&ctx->arena);
}
