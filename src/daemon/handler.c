/* handler: the route table. Finds the page of a request's path and method
 * and lets it answer; 404 and 405 are the generator page's error answers.
 * The arena the page drew from is reset once the answer is made. */
#include "handler.h"

#include <string.h>

#include "dungeonpage.h"
#include "exportpage.h"
#include "health.h"
#include "layout.h"
#include "itempage.h"
#include "login.h"
#include "logout.h"
#include "loadoutpage.h"
#include "stashpage.h"
#include "mappage.h"
#include "page.h"
#include "messages.h"
#include "metrics.h"
#include "moderate.h"
#include "proposal_list.h"
#include "spellpage.h"
#include "submit.h"
#include "treasurepage.h"
#include "loadout_query.h"
#include "fields.h"
#include "form.h"
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
		response_internal_error(rs, 0);
}

static void route_metrics(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

#define M_GET  1u /* GET and HEAD */
#define M_POST 2u

/* The route table: a path (or, with under, every path below it too), the
 * methods it takes with their Allow header, the page that answers (NULL:
 * none, 404), the guard that admits a client before the method is looked
 * at (NULL: anyone), and the methods answered in the slow lane. */
struct route {
	const char *path;
	int under;
	unsigned methods; /* the Allow header is said from them (allow_of) */
	void (*fn)(struct handler_ctx *, const struct request *, struct response *);
	const struct page_guard *guard;
	/* The methods slow by design, answered in the slow lane (lane.h) so
	 * that they never hold a thread that generates: a login's password
	 * check is Argon2, about 0.1 s. */
	unsigned slow;
	/* Whether pages of other sites may read its GET answers (CORS,
	 * below): the public data only. */
	int cors;
	/* What a GET reads from the query (NULL: nothing), and, for a route
	 * with under, what a GET of a path below it reads; and the formats
	 * its answers take. The API description is written from these
	 * (tests/house/regen.py). */
	const struct field_table *query, *below;
	unsigned formats;
	/* What a POST reads from its body (NULL: not said). */
	const struct field_table *body;
	/* What the page answers for, handed to it in ctx->route_arg: a
	 * generic page's entry (a proposal form, a decision), else NULL. */
	const void *arg;
};

#define HJ  (FMT_BIT(FMT_HTML) | FMT_BIT(FMT_JSON))
#define HJC (HJ | FMT_BIT(FMT_CSV))

#define CORS    1
#define NO_CORS 0

/* A proposal form's route (proposal_list.h): GET shows it, POST files it;
 * one page, submit_form_route, for every form's entry. */
#define FORM_ROUTE(form, path_, type)                                                              \
	{.path = path_,                                                                            \
	 .methods = M_GET | M_POST,                                                                \
	 .fn = submit_form_route,                                                                  \
	 .cors = NO_CORS,                                                                          \
	 .query = &submit_##form##_fields,                                                         \
	 .formats = HJ,                                                                            \
	 .body = &submit_##form##_body,                                                            \
	 .arg = &submit_##form##_form},

/* A proposal type's decisions (proposal_list.h): POST
 * /moderate<prefix>/approve and /moderate<prefix>/reject, two pages for
 * every type's struct decision. */
#define DECISION_ROUTE(verb, page, type, prefix)                                                   \
	{.path = "/moderate" prefix "/" verb,                                                      \
	 .methods = M_POST,                                                                        \
	 .fn = page,                                                                               \
	 .guard = &moderate_guard,                                                                 \
	 .cors = NO_CORS,                                                                          \
	 .formats = HJ,                                                                            \
	 .body = &moderate_body,                                                                   \
	 .arg = &type##_decision},
#define DECISION_ROUTE_PAIR(type, prefix)                                                          \
	DECISION_ROUTE("approve", moderate_approve, type, prefix)                                  \
	DECISION_ROUTE("reject", moderate_reject, type, prefix)

/* The table has always listed the first type's decisions, then the
 * queue's changes of live words (retire, edit), then the other types'
 * decisions; the API description and /metrics follow its order. So the
 * types' list is walked twice as a sequence (type, prefix)(type,
 * prefix)...: once for its first element, once for the rest. Each walk is
 * two macros that take turns (the preprocessor expands no macro within
 * itself, but one may leave the next element to another), and the name
 * the last turn leaves is pasted into an empty *_END. */
#define DECISION_SEQ(type, table, prefix) (type, prefix)
#define DECISION_ROUTES(walk)             DECISION_WALK(walk PROPOSAL_TYPE_LIST(DECISION_SEQ))
#define DECISION_WALK(...)                DECISION_WALK_END(__VA_ARGS__)
#define DECISION_WALK_END(...)            DECISION_PASTE_END(__VA_ARGS__)
#define DECISION_PASTE_END(...)           __VA_ARGS__##_END
#define FIRST_TYPE_ROUTES(type, prefix)   DECISION_ROUTE_PAIR(type, prefix) SKIP_A
#define SKIP_A(type, prefix)              SKIP_B
#define SKIP_B(type, prefix)              SKIP_A
#define SKIP_A_END
#define SKIP_B_END
#define OTHER_TYPES_ROUTES(type, prefix) ROUTES_A
#define ROUTES_A(type, prefix)           DECISION_ROUTE_PAIR(type, prefix) ROUTES_B
#define ROUTES_B(type, prefix)           DECISION_ROUTE_PAIR(type, prefix) ROUTES_A
#define ROUTES_A_END
#define ROUTES_B_END

static const struct route routes[] = {
        {"/healthz", 0, M_GET, route_healthz, NULL, 0, NO_CORS, NULL, NULL, FMT_BIT(FMT_TEXT), NULL,
         NULL},
        /* For the monitor's network only: nginx allows no other address. */
        {"/readyz", 0, M_GET, health_ready, NULL, 0, NO_CORS, NULL, NULL, FMT_BIT(FMT_JSON), NULL,
         NULL},
        {"/metrics", 0, M_GET, route_metrics, NULL, 0, NO_CORS, NULL, NULL, FMT_BIT(FMT_TEXT), NULL,
         NULL},
        {"/", 0, M_GET, itempage_index, NULL, 0, CORS, &form_generate_fields, NULL, HJC, NULL,
         NULL},
        {"/generate", 0, M_GET | M_POST, itempage_generate, NULL, 0, CORS, &form_generate_fields,
         NULL, HJC, &form_generate_fields, NULL},
        {"/item", 1, M_GET, itempage_code, NULL, 0, CORS, NULL, &itempage_code_fields, HJ, NULL,
         NULL},
        {"/catalog.json", 0, M_GET, exportpage_route, NULL, 0, CORS, &exportpage_fields, NULL,
         FMT_BIT(FMT_JSON), NULL, NULL},
        /* clang-format off */
        PROPOSAL_FORM_LIST(FORM_ROUTE)
        /* clang-format on */
        {"/words", 0, M_GET, words_route, NULL, 0, CORS, &words_fields, NULL, WORDS_FORMATS, NULL,
         NULL},
        {"/spells", 0, M_GET, spellpage_route, NULL, 0, CORS, &spellpage_fields, NULL, HJ, NULL,
         NULL},
        {"/map", 0, M_GET, mappage_route, NULL, 0, CORS, &mappage_fields, NULL, MAP_FORMATS, NULL,
         NULL},
        {"/dungeon", 1, M_GET, dungeonpage_route, NULL, 0, CORS, &dungeonpage_fields,
         &dungeonpage_code_fields, DUNGEON_FORMATS, NULL, NULL},
        {"/treasure", 1, M_GET, treasurepage_route, NULL, 0, CORS, &treasurepage_fields,
         &treasurepage_code_fields, TREASURE_FORMATS, NULL, NULL},
        {"/loadout", 0, M_GET, loadoutpage_route, NULL, 0, CORS, &loadout_query_fields, NULL, HJ,
         NULL, NULL},
        {"/stash", 0, M_GET | M_POST, stashpage_route, NULL, 0, NO_CORS, &page_format_fields, NULL,
         HJC, &stashpage_body, NULL},
        {"/compare", 0, M_GET, stashpage_compare, NULL, 0, NO_CORS, &stashpage_compare_fields, NULL,
         HJ, NULL, NULL},
        {"/login", 0, M_GET | M_POST, login_route, NULL, M_POST, NO_CORS, &page_format_fields, NULL,
         HJ, &login_body, NULL},
        {"/logout", 0, M_POST, logout_route, NULL, 0, NO_CORS, NULL, NULL, HJ, NULL, NULL},
        /* The moderators' pages: a moderator's session first, whatever the
         * method or path (401), then 404/405 in the queue's page. */
        {"/moderate", 0, M_GET, moderate_queue, &moderate_guard, 0, NO_CORS, &page_format_fields,
         NULL, HJ, NULL, NULL},
        /* clang-format off */
        DECISION_ROUTES(FIRST_TYPE_ROUTES)
        /* clang-format on */
        {"/moderate/retire", 0, M_POST, moderate_retire, &moderate_guard, 0, NO_CORS, NULL, NULL,
         HJ, &moderate_body, NULL},
        {"/moderate/edit", 0, M_POST, moderate_edit, &moderate_guard, 0, NO_CORS, NULL, NULL, HJ,
         &moderate_body, NULL},
        /* clang-format off */
        DECISION_ROUTES(OTHER_TYPES_ROUTES)
        /* clang-format on */
        {"/moderate", 1, 0, NULL, &moderate_guard, 0, NO_CORS, NULL, NULL, HJ, NULL, NULL},
};

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
		names[i] = routes[i].path;
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
	for (size_t i = 0; rq->path && i < sizeof(routes) / sizeof(routes[0]); i++)
		if (path_matches(&routes[i], rq->path))
			return (method_bit(rq->method) & routes[i].slow) != 0;
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
		const struct route *r = &routes[i];
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
		        routes[i].path,          routes[i].under,   allow_of(routes[i].methods),
		        routes[i].guard != NULL, routes[i].cors,    routes[i].query,
		        routes[i].below,         routes[i].formats, routes[i].body};
	return N_ROUTES;
}
