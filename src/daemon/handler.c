/* handler: the route table. Finds the page of a request's path and method
 * and lets it answer; 404 and 405 are the generator page's error answers.
 * The arena the page drew from is reset once the answer is made. */
#include "handler.h"

#include <string.h>

#include "dungeonpage.h"
#include "exportpage.h"
#include "itempage.h"
#include "login.h"
#include "logout.h"
#include "loadoutpage.h"
#include "mappage.h"
#include "page.h"
#include "page.h"
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

/* The route table: a path (or, with under, every path below it too), the
 * methods it takes with their Allow header, the page that answers (NULL:
 * none, 404), the guard that admits a client before the method is looked
 * at (NULL: anyone), and the methods answered in the slow lane. */
struct route {
	const char *path;
	int under;
	unsigned methods;
	const char *allow;
	void (*fn)(struct handler_ctx *, const struct request *, struct response *);
	const struct page_guard *guard;
	/* The methods slow by design, answered in the slow lane (lane.h) so
	 * that they never hold a thread that generates: a login's password
	 * check is Argon2, about 0.1 s (issue 31). */
	unsigned slow;
};

static const struct route routes[] = {
        {"/healthz", 0, M_GET, "GET, HEAD", route_healthz, NULL, 0},
        {"/", 0, M_GET, "GET, HEAD", itempage_index, NULL, 0},
        {"/generate", 0, M_GET | M_POST, "GET, HEAD, POST", itempage_generate, NULL, 0},
        {"/item", 1, M_GET, "GET, HEAD", itempage_code, NULL, 0},
        {"/catalog.json", 0, M_GET, "GET, HEAD", exportpage_route, NULL, 0},
        {"/submit", 0, M_GET | M_POST, "GET, HEAD, POST", submit_route, NULL, 0},
        {"/submit/spell", 0, M_GET | M_POST, "GET, HEAD, POST", submit_spell_route, NULL, 0},
        {"/submit/name", 0, M_GET | M_POST, "GET, HEAD, POST", submit_name_route, NULL, 0},
        {"/words", 0, M_GET, "GET, HEAD", words_route, NULL, 0},
        {"/spells", 0, M_GET, "GET, HEAD", spellpage_route, NULL, 0},
        {"/map", 0, M_GET, "GET, HEAD", mappage_route, NULL, 0},
        {"/dungeon", 1, M_GET, "GET, HEAD", dungeonpage_route, NULL, 0},
        {"/loadout", 0, M_GET, "GET, HEAD", loadoutpage_route, NULL, 0},
        {"/login", 0, M_GET | M_POST, "GET, HEAD, POST", login_route, NULL, M_POST},
        {"/logout", 0, M_POST, "POST", logout_route, NULL, 0},
        /* The moderators' pages: a moderator's session first, whatever the
         * method or path (401), then 404/405 in the queue's page. */
        {"/moderate", 0, M_GET, "GET, HEAD", moderate_queue, &moderate_guard, 0},
        {"/moderate/approve", 0, M_POST, "POST", moderate_approve, &moderate_guard, 0},
        {"/moderate/reject", 0, M_POST, "POST", moderate_reject, &moderate_guard, 0},
        {"/moderate/retire", 0, M_POST, "POST", moderate_retire, &moderate_guard, 0},
        {"/moderate/edit", 0, M_POST, "POST", moderate_edit, &moderate_guard, 0},
        {"/moderate/spell/approve", 0, M_POST, "POST", moderate_spell_approve, &moderate_guard, 0},
        {"/moderate/spell/reject", 0, M_POST, "POST", moderate_spell_reject, &moderate_guard, 0},
        {"/moderate/name/approve", 0, M_POST, "POST", moderate_name_approve, &moderate_guard, 0},
        {"/moderate/name/reject", 0, M_POST, "POST", moderate_name_reject, &moderate_guard, 0},
        {"/moderate", 1, 0, NULL, NULL, &moderate_guard, 0},
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

/* The 404 or 405 of a route: its guard's, else the common error page. */
static void refuse(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                   const struct route *r, int status, const char *message)
{
	if (r && r->guard)
		r->guard->refuse(ctx, rq, rs, status, message);
	else
		page_send_error(rs, NULL, request_wants_json(rq, 0, 0), status, NULL, message);
}

int handler_slow(const struct request *rq)
{
	for (size_t i = 0; rq->path && i < sizeof(routes) / sizeof(routes[0]); i++)
		if (path_matches(&routes[i], rq->path))
			return (method_bit(rq->method) & routes[i].slow) != 0;
	return 0;
}

/* 404 for an unknown path, 405 (with Allow) for a method the route does
 * not take, after the route's guard; otherwise what the route answers. */
static void dispatch(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	for (size_t i = 0; rq->path && i < sizeof(routes) / sizeof(routes[0]); i++) {
		const struct route *r = &routes[i];
		if (!path_matches(r, rq->path))
			continue;
		if (r->guard && r->guard->admit(ctx, rq, rs, &ctx->admitted) != 0)
			return;
		if (!r->fn) {
			refuse(ctx, rq, rs, r, 404, MSG_NOT_FOUND);
			return;
		}
		if (!(method_bit(rq->method) & r->methods)) {
			rs->allow = r->allow;
			refuse(ctx, rq, rs, r, 405, MSG_BAD_METHOD);
			return;
		}
		r->fn(ctx, rq, rs);
		return;
	}
	refuse(ctx, rq, rs, NULL, 404, MSG_NOT_FOUND);
}

void handle_request(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	rs->retry_after = 0;
	rs->hold_ns = 0;
	rs->cache_seconds = 0;
	rs->cache_control = NULL;
	rs->allow = NULL;
	rs->headers[0] = '\0';
	ctx->admitted = NULL;
	dispatch(ctx, rq, rs);
	ctx->admitted = NULL;
	/* Nothing of the answer points into the arena: the body is rs's own. */
	arena_reset(&ctx->arena);
}
