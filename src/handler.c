/* handler: routes one request and fills the response. Every answer, error or
 * not, goes through answer_*() below, so the format rules (JSON or HTML, as
 * the client asked) and the "no internals in an answer" rule live in one
 * place. The handler holds a catalog reference only while it generates and
 * renders; items point into that catalog. */
#include "handler.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "catalog.h"
#include "form.h"
#include "generate.h"
#include "log.h"
#include "moderate.h"
#include "render.h"
#include "submit.h"
#include "words.h"

#define CT_HTML "text/html; charset=utf-8"
#define CT_JSON "application/json"
#define CT_TEXT "text/plain; charset=utf-8"
#define CT_FORM "application/x-www-form-urlencoded"

#define MSG_NO_CATALOG "The item catalog is not loaded yet. Please try again in a moment."
#define MSG_NO_ITEM    "No item can be generated right now."
#define MSG_INTERNAL   "Something went wrong on our side."

/* ---- media types ---- */

/* q of one media range's parameters ("; q=0.5"), in thousandths; an
 * unparsable q counts as 0, so the range is ignored. */
static int parse_q(const char *p, const char *end)
{
	while (p < end) {
		while (p < end && (*p == ';' || *p == ' ' || *p == '\t'))
			p++;
		if (end - p >= 2 && (p[0] == 'q' || p[0] == 'Q') && p[1] == '=') {
			int q = 0, scale = 1000;
			p += 2;
			if (p >= end || (*p != '0' && *p != '1'))
				return 0;
			q = (*p++ - '0') * 1000;
			if (p < end && *p == '.')
				for (p++; p < end && *p >= '0' && *p <= '9' && scale > 1; p++)
					q += (*p - '0') * (scale /= 10);
			return q > 1000 ? 1000 : q;
		}
		while (p < end && *p != ';')
			p++;
	}
	return 1000;
}

/* Whether range [p, end) names exactly this media type. */
static int range_is(const char *p, const char *end, const char *type)
{
	size_t n = strlen(type);
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if ((size_t)(end - p) < n || strncasecmp(p, type, n) != 0)
		return 0;
	p += n;
	return p == end || *p == ';' || *p == ' ' || *p == '\t';
}

/* JSON when the Accept header lists application/json at least as high as
 * text/html. Wildcard ranges do not count: curl and browsers get HTML. */
static int accept_prefers_json(const char *accept)
{
	int q_json = 0, q_html = 0;

	for (const char *p = accept; p && *p;) {
		const char *end = strchr(p, ',');
		if (!end)
			end = p + strlen(p);
		const char *semi = memchr(p, ';', (size_t)(end - p));
		const char *type_end = semi ? semi : end;
		int q = semi ? parse_q(semi, end) : 1000;
		if (range_is(p, type_end, CT_JSON) && q > q_json)
			q_json = q;
		if (range_is(p, type_end, "text/html") && q > q_html)
			q_html = q;
		p = *end ? end + 1 : end;
	}
	return q_json > 0 && q_json >= q_html;
}

/* format= in the form wins over Accept. f may be NULL (no form parsed). */
static int wants_json(const struct request *rq, const struct form *f)
{
	if (f && f->has_format)
		return f->format == FMT_JSON;
	return accept_prefers_json(rq->accept);
}

/* A literal "format=json" or "format=html" pair in the raw input (len
 * bytes), or -1. Used only when parsing failed before the format field was
 * reached, so that the error still comes in the format asked for. */
static int sniff_format(const char *s, size_t len)
{
	static const char key[] = "format=";
	const size_t klen = sizeof(key) - 1;
	const char *end = s ? s + len : NULL;

	for (const char *p = s; p && p < end;) {
		const char *amp = memchr(p, '&', (size_t)(end - p));
		const char *pe = amp ? amp : end;
		size_t n = (size_t)(pe - p);
		if (n == klen + 4 && memcmp(p, key, klen) == 0) {
			if (memcmp(p + klen, "json", 4) == 0)
				return FMT_JSON;
			if (memcmp(p + klen, "html", 4) == 0)
				return FMT_HTML;
		}
		p = amp ? amp + 1 : end;
	}
	return -1;
}

/* After a failed parse: the format, if the form did not get to it. */
static void recover_format(const struct request *rq, int post, struct form *f)
{
	int fmt = -1;

	if (f->has_format)
		return;
	if (post && rq->body)
		fmt = sniff_format(rq->body, rq->body_len);
	if (fmt < 0 && rq->query)
		fmt = sniff_format(rq->query, strlen(rq->query));
	if (fmt >= 0) {
		f->has_format = 1;
		f->format = (enum format)fmt;
	}
}

/* "application/x-www-form-urlencoded", with parameters or not. */
static int is_urlencoded(const char *ct)
{
	size_t n = strlen(CT_FORM);
	if (!ct)
		return 0;
	while (*ct == ' ' || *ct == '\t')
		ct++;
	if (strncasecmp(ct, CT_FORM, n) != 0)
		return 0;
	ct += n;
	return *ct == '\0' || *ct == ';' || *ct == ' ' || *ct == '\t';
}

/* ---- answers ---- */

static void set_status(struct response *rs, int status, const char *content_type)
{
	buf_reset(&rs->body);
	rs->status = status;
	rs->content_type = content_type;
}

/* A plain-text answer: healthz, and the last resort when rendering failed. */
static void answer_text(struct response *rs, int status, const char *text)
{
	set_status(rs, status, CT_TEXT);
	if (buf_puts(&rs->body, text) != 0)
		buf_reset(&rs->body);
}

/* Rendering ran out of memory: there is nothing better to say. */
static void answer_render_failed(struct response *rs)
{
	log_error("handler: rendering failed (out of memory?)");
	answer_text(rs, 500, MSG_INTERNAL "\n");
}

/* An error in the client's format. For HTML, the page keeps the form as
 * sent (f, may be NULL) and lists the words of the current catalog, if any.
 * field may be NULL. */
static void answer_error(const struct request *rq, const struct form *f, struct response *rs,
                         int status, const char *field, const char *message)
{
	int rc;

	if (wants_json(rq, f)) {
		set_status(rs, status, CT_JSON);
		rc = render_json_error(field, message, &rs->body);
	} else {
		struct form defaults;
		if (!f) {
			form_parse(&defaults, NULL, NULL, 0, NULL);
			f = &defaults;
		}
		const struct catalog *cat = catalog_acquire();
		struct page pg = {.cat = cat,
		                  .form = f,
		                  .status = status,
		                  .error_field = field,
		                  .error_message = message};
		set_status(rs, status, CT_HTML);
		rc = render_html(&pg, &rs->body);
		if (cat)
			catalog_release(cat);
	}
	if (rc != 0 || rs->body.oom)
		answer_render_failed(rs);
}

/* 503 with Retry-After: no catalog has been loaded yet. */
static void answer_no_catalog(const struct request *rq, const struct form *f, struct response *rs)
{
	answer_error(rq, f, rs, 503, NULL, MSG_NO_CATALOG);
	rs->retry_after = 1;
}

/* The items, in the client's format (status 200). */
static void answer_items(const struct request *rq, const struct form *f, const struct catalog *cat,
                         const struct item *items, struct response *rs)
{
	int rc;

	if (wants_json(rq, f)) {
		set_status(rs, 200, CT_JSON);
		rc = render_json_items(f, items, (size_t)f->count, f->has_count, &rs->body);
	} else {
		struct page pg = {.cat = cat,
		                  .form = f,
		                  .items = items,
		                  .n_items = (size_t)f->count,
		                  .status = 200};
		set_status(rs, 200, CT_HTML);
		rc = render_html(&pg, &rs->body);
	}
	if (rc != 0 || rs->body.oom)
		answer_render_failed(rs);
}

/* ---- generation ---- */

/* Fills items[0..count) from the form; item 0 has `seed` itself and item i
 * generate_batch_seed(seed, i). 0, or -1 when the catalog cannot make the
 * kind (no active base type). */
static int make_items(const struct catalog *cat, const struct form *f, uint64_t seed,
                      struct item *items)
{
	struct gen_input in = {
	        .kind = f->kind, .tier = f->tier, .variance = f->variance, .power = f->power};

	memcpy(in.want, f->attr, sizeof(in.want));
	for (int i = 0; i < f->count; i++) {
		uint64_t s = i == 0 ? seed : generate_batch_seed(seed, (unsigned)i);
		if (generate(cat, &in, s, &items[i]) != 0)
			return -1;
	}
	return 0;
}

/* 200 with the items; 503 before the first catalog; 500 when nothing can be
 * generated (the catalog lacks active base types) or memory ran out. */
static void serve_items(struct handler_ctx *ctx, const struct request *rq, const struct form *f,
                        struct response *rs)
{
	const struct catalog *cat = catalog_acquire();
	if (!cat) {
		answer_no_catalog(rq, f, rs);
		return;
	}
	uint64_t seed = f->has_seed ? f->seed : rng_next(&ctx->seeds);
	struct item *items = calloc((size_t)f->count, sizeof(*items));
	if (!items) {
		answer_error(rq, f, rs, 500, NULL, MSG_INTERNAL);
	} else if (make_items(cat, f, seed, items) != 0) {
		log_error("handler: catalog revision %llu cannot generate a %s",
		          (unsigned long long)cat->revision, kind_names[f->kind]);
		answer_error(rq, f, rs, 500, NULL, MSG_NO_ITEM);
	} else {
		answer_items(rq, f, cat, items, rs);
	}
	free(items);
	catalog_release(cat);
}

/* ---- routes ---- */

/* GET /healthz: 200 "ok". Touches nothing: the floor for benchmarks. */
static void route_healthz(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	(void)ctx;
	(void)rq;
	answer_text(rs, 200, "ok\n");
}

/* GET /: the form under a fresh random weapon of default inputs.
 * 200; 503 before the first catalog; 500 as serve_items. */
static void route_index(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	struct form f;

	form_parse(&f, NULL, NULL, 0, NULL); /* the defaults */
	serve_items(ctx, rq, &f, rs);
}

const char *request_body_problem(const struct request *rq, int *status, const char **field)
{
	*status = 400;
	*field = "body";
	if (!is_urlencoded(rq->content_type)) {
		*status = 415;
		*field = "Content-Type";
		return "Send the form as " CT_FORM ".";
	}
	if (rq->body_truncated)
		return "The request body is too large.";
	if (rq->content_length >= 0 && (size_t)rq->content_length != rq->body_len)
		return "The request body is shorter than its Content-Length.";
	return NULL;
}

/* The checks on a POST body before it is parsed. 415 when it is not a form,
 * 400 "body" when it was too large or cut short. 0 when it may be parsed. */
static int check_body(const struct request *rq, struct form *f, struct response *rs)
{
	const char *field;
	int status;
	struct form_error ignored;
	const char *why = request_body_problem(rq, &status, &field);

	if (!why)
		return 0;
	/* The query alone says which format and which form values to answer with. */
	if (form_parse(f, rq->query, NULL, 0, &ignored) != 0)
		recover_format(rq, 0, f);
	answer_error(rq, f, rs, status, field, why);
	return -1;
}

/* GET|POST /generate: 200 with the item(s); 400 for a bad field or a kind
 * without a recipe; 415 for a POST body that is not a form; 503 before the
 * first catalog; 500 as serve_items. */
static void route_generate(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	int post = strcmp(rq->method, "POST") == 0;
	struct form_error err;
	struct form f;
	char msg[96];

	if (post && check_body(rq, &f, rs) != 0)
		return;
	if (form_parse(&f, rq->query, post ? rq->body : NULL, post ? rq->body_len : 0, &err) != 0) {
		recover_format(rq, post, &f);
		answer_error(rq, &f, rs, 400, err.field, err.message);
		return;
	}
	if (!recipe_for(f.kind)) {
		snprintf(msg, sizeof(msg), "The kind \"%s\" is not available yet.",
		         kind_names[f.kind]);
		answer_error(rq, &f, rs, 400, "kind", msg);
		return;
	}
	serve_items(ctx, rq, &f, rs);
}

#define M_GET  1u /* GET and HEAD */
#define M_POST 2u

struct route {
	const char *path;
	unsigned methods;
	const char *allow;
	void (*fn)(struct handler_ctx *, const struct request *, struct response *);
};

static const struct route routes[] = {
        {"/healthz", M_GET, "GET, HEAD", route_healthz},
        {"/", M_GET, "GET, HEAD", route_index},
        {"/generate", M_GET | M_POST, "GET, HEAD, POST", route_generate},
        {"/submit", M_GET | M_POST, "GET, HEAD, POST", submit_route},
        {"/words", M_GET, "GET, HEAD", words_route},
        {"/login", M_GET | M_POST, "GET, HEAD, POST", login_route},
        {"/logout", M_POST, "POST", logout_route},
};

/* Everything under /moderate, whatever the method, goes to moderate_route:
 * it refuses first anyone without a moderator's session. */
static int is_moderate_path(const char *path)
{
	static const char prefix[] = "/moderate";
	const size_t n = sizeof(prefix) - 1;

	return path && strncmp(path, prefix, n) == 0 && (path[n] == '\0' || path[n] == '/');
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

/* Dispatch. 404 for an unknown path, 405 (with Allow) for a method the
 * route does not take; otherwise what the route answers. */
void handle_request(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	rs->retry_after = 0;
	rs->cache_seconds = 0;
	rs->allow = NULL;
	rs->headers[0] = '\0';
	if (is_moderate_path(rq->path)) {
		moderate_route(ctx, rq, rs);
		return;
	}
	for (size_t i = 0; i < sizeof(routes) / sizeof(routes[0]); i++) {
		const struct route *r = &routes[i];
		if (!rq->path || strcmp(rq->path, r->path) != 0)
			continue;
		if (!(method_bit(rq->method) & r->methods)) {
			answer_error(rq, NULL, rs, 405, NULL,
			             "This address does not take that method.");
			rs->allow = r->allow;
			return;
		}
		r->fn(ctx, rq, rs);
		return;
	}
	answer_error(rq, NULL, rs, 404, NULL, "There is no page at this address.");
}

const char *request_param(const struct request *rq, const char *name)
{
	size_t n = strlen(name);

	for (const char *const *e = rq ? rq->env : NULL; e && *e; e++)
		if (strncmp(*e, name, n) == 0 && (*e)[n] == '=')
			return *e + n + 1;
	return NULL;
}

int response_header(struct response *rs, const char *name, const char *value)
{
	size_t used = strlen(rs->headers);
	int n;

	for (const char *c = value; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			return -1;
	n = snprintf(rs->headers + used, sizeof(rs->headers) - used, "%s: %s\r\n", name, value);
	if (n < 0 || (size_t)n >= sizeof(rs->headers) - used) {
		rs->headers[used] = '\0';
		log_error("handler: no room for the %s header", name);
		return -1;
	}
	return 0;
}

int request_prefers_json(const struct request *rq)
{
	return accept_prefers_json(rq->accept);
}

const char *http_reason(int status)
{
	switch (status) {
	case 200:
		return "OK";
	case 201:
		return "Created";
	case 303:
		return "See Other";
	case 400:
		return "Bad Request";
	case 401:
		return "Unauthorized";
	case 403:
		return "Forbidden";
	case 409:
		return "Conflict";
	case 429:
		return "Too Many Requests";
	case 404:
		return "Not Found";
	case 405:
		return "Method Not Allowed";
	case 413:
		return "Content Too Large";
	case 415:
		return "Unsupported Media Type";
	case 500:
		return "Internal Server Error";
	case 503:
		return "Service Unavailable";
	default:
		return "Unknown";
	}
}
