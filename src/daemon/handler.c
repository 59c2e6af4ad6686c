/* handler: the route table. Finds the page of a request's path and method
 * and lets it answer; 404 and 405 are the generator page's error answers.
 * The arena the page drew from is reset once the answer is made. */
#include "handler.h"

#include <string.h>

#include "health.h"
#include "layout.h"
#include "page.h"
#include "pages.h"
#include "messages.h"
#include "metrics.h"
#include "fields.h"

/* GET /healthz: 200 "ok". Touches nothing: the floor for benchmarks. */
static void route_healthz(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	(void)ctx;
	(void)rq;
	buf_reset(&rs->body);
	rs->status = 200;
	rs->content_type = CT_TEXT;
	if (buf_puts(&rs->body, "ok\n") != 0)
		response_internal_error(rs, 0);
}

static void route_metrics(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* The route table: the router's own two rows, then every page's
 * (pages.h), tried in this order. */
static const struct route healthz_row = {
        .path = "/healthz", .methods = M_GET, .fn = route_healthz, .formats = FMT_BIT(FMT_TEXT)};
static const struct route metrics_row = {
        .path = "/metrics", .methods = M_GET, .fn = route_metrics, .formats = FMT_BIT(FMT_TEXT)};

#define ROUTE_AT(row)                          &row,
#define ROUTE_AT_FORM(form, path, type)        &route_submit_##form,
#define ROUTE_AT_DECISION(type, table, prefix) &route_approve_##type, &route_reject_##type,
static const struct route *const routes[] = {&healthz_row, &metrics_row, PAGE_ROUTES(ROUTE_AT)};

#define N_ROUTES (sizeof(routes) / sizeof(routes[0]))

/* The Allow header of a route's methods; NULL for none. */
static const char *allow_of(unsigned methods)
{
	switch (methods) {
	case M_GET:
		return "GET, HEAD";
	case M_POST:
		return "POST";
	case M_GET | M_POST:
		return "GET, HEAD, POST";
	default:
		return NULL;
	}
}
_Static_assert(N_ROUTES < METRICS_ROUTES, "the metrics count every route and \"other\"");

/* The counters are labelled with the routes' paths. */
static void route_metrics(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	const char *names[N_ROUTES];
	for (size_t i = 0; i < N_ROUTES; i++)
		names[i] = routes[i]->path;
	health_metrics(ctx, rq, rs, names, N_ROUTES);
}

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
	else /* the literal format= pair of the query wins over Accept, as
	      * on every page (a JSON client's DELETE /generate?format=json
	      * gets a JSON 405) */
		page_send_error(rs, NULL,
		                rq->choice->sniffed >= 0 ? rq->choice->sniffed
		                                         : rq->choice->accept_json,
		                status, NULL, message);
}

int handler_slow(const struct request *rq)
{
	for (size_t i = 0; rq->path && i < N_ROUTES; i++)
		if (path_matches(routes[i], rq->path))
			return (method_bit(rq->method) & routes[i]->slow) != 0;
	return 0;
}

/* CORS (docs/library.md, "CORS"): a route's GET JSON and CSV answers may be
 * read by a page of any site, so that browser games can call the API.
 * Never with credentials (no Allow-Credentials: a browser then sends no
 * cookie), and never on what changes data or needs a session (/submit*,
 * /login, /logout, /moderate*: no CORS flag). A preflight (OPTIONS, which a
 * browser sends before a request with other headers than the simple ones)
 * is answered 204 with what may be asked. */
static void cors_allow(struct response *rs)
{
	response_header(rs, "Access-Control-Allow-Origin", "*");
}

static void cors_preflight(const struct route *r, struct response *rs)
{
	buf_reset(&rs->body);
	rs->status = 204;
	rs->content_type = NULL;
	rs->allow = allow_of(r->methods);
	cors_allow(rs);
	response_header(rs, "Access-Control-Allow-Methods", "GET, HEAD");
	response_header(rs, "Access-Control-Allow-Headers", "Accept");
	response_header(rs, "Access-Control-Max-Age", "86400");
}

/* JSON, or CSV: the same data for spreadsheets. */
static int is_data(const char *content_type)
{
	return content_type && (strncmp(content_type, CT_JSON, sizeof CT_JSON - 1) == 0 ||
	                        strcmp(content_type, CT_CSV) == 0);
}

/* 404 for an unknown path, 405 (with Allow) for a method the route does
 * not take, after the route's guard; 204 for a preflight on a CORS route;
 * otherwise what the route answers. */
static void dispatch(struct handler_ctx *ctx, const struct request *in, struct response *rs)
{
	struct request negotiated = *in;
	const struct request *rq = &negotiated;
	struct format_choice choice;

	/* The answer's format, negotiated here once for the page and every
	 * error: among the route's formats (any, for no route). */
	negotiated.choice = &choice;
	rs->route = N_ROUTES; /* "other" until a route matches */
	for (size_t i = 0; rq->path && i < N_ROUTES; i++) {
		const struct route *r = routes[i];
		if (!path_matches(r, rq->path))
			continue;
		rs->route = (unsigned)i;
		fields_negotiate(in, r->formats,
		                 r->body && (r->methods & M_POST) &&
		                         method_bit(in->method) == M_POST,
		                 &choice);
		if (r->guard && r->guard->admit(ctx, rq, rs, &ctx->admitted) != 0)
			return;
		if (!r->fn) {
			refuse(ctx, rq, rs, r, 404, MSG_NOT_FOUND);
			return;
		}
		if (r->cors && rq->method && strcmp(rq->method, "OPTIONS") == 0) {
			cors_preflight(r, rs);
			return;
		}
		if (!(method_bit(rq->method) & r->methods)) {
			rs->allow = allow_of(r->methods);
			refuse(ctx, rq, rs, r, 405, MSG_BAD_METHOD);
			return;
		}
		ctx->route_arg = r->arg;
		r->fn(ctx, rq, rs);
		if (r->cors && method_bit(rq->method) == M_GET && is_data(rs->content_type))
			cors_allow(rs);
		return;
	}
	fields_negotiate(in, ~0u, 0, &choice);
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
	ctx->route_arg = NULL;
	dispatch(ctx, rq, rs);
	ctx->admitted = NULL;
	ctx->route_arg = NULL;
	layout_moderator(ctx, rq, rs);
	/* A page that ran out of memory writing its body and did not say so:
	 * never half an answer, nor one kept by a cache */
	if (rs->body.oom) {
		rs->cache_seconds = 0;
		rs->cache_control = NULL;
		rs->headers[0] = '\0';
		response_internal_error(rs,
		                        rs->content_type && strcmp(rs->content_type, CT_JSON) == 0);
	}
	/* Nothing of the answer points into the arena: the body is rs's own. */
	arena_reset(&ctx->arena);
}

size_t handler_routes(struct handler_route_info *out, size_t cap)
{
	for (size_t i = 0; i < N_ROUTES && i < cap; i++)
		out[i] = (struct handler_route_info){
		        routes[i]->path,          routes[i]->under,   allow_of(routes[i]->methods),
		        routes[i]->guard != NULL, routes[i]->cors,    routes[i]->query,
		        routes[i]->below,         routes[i]->formats, routes[i]->body};
	return N_ROUTES;
}
