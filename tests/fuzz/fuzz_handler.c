/* libFuzzer target for the whole request handler below FastCGI:
 * handle_request() with the real templates and a small in-memory catalog
 * (tests/unit/fixture.h), as a worker thread calls it.
 *
 * Input: fields split on NUL bytes, in this order; a missing field is NULL
 * (the method is then "", as server.c makes it):
 *
 *   flags NUL method NUL path NUL query NUL content-type NUL accept NUL
 *   content-length NUL params NUL body
 *
 * The body is the rest and may hold NULs. flags is a set of letters:
 *   N  no catalog published (the 503 before the first load)
 *   E  an empty catalog (nothing can be generated: the 503 path)
 *   D  the worker's database handle points at a socket that does not exist
 *      (a database that is down); without D it is NULL, which handler.h
 *      allows, so every route must cope with both
 *   P Q C A V  path, query, content-type, accept, params are NULL even if
 *      present
 * content-length "*" means the body's own length (what nginx sends with a
 * body); anything else is read by fcgiwire_parse_length, as server.c reads
 * CONTENT_LENGTH (digits, else absent), and the body is then cut as server.c's read_body() would
 * cut it. params are the other FastCGI params (request->env), "NAME=value" lines split on LF:
 * HTTP_COOKIE, HTTP_ORIGIN, HTTP_HOST, REMOTE_ADDR, ...
 *
 * Checks, besides the sanitizers: a known status with its reason phrase; a
 * content type; Allow on a 405 and only there; Retry-After on a 503; a JSON
 * body that parses (with an "error" object on 4xx/5xx); an HTML body with no
 * <script> other than a static file's (the fixture holds the word
 * "<script>alert(1)</script>", and inputs are echoed into the form); extra
 * header lines that are well formed ("Name: value" CRLF, no control byte:
 * no header can be injected); and, for the generator's pages, the same
 * answer, byte for byte, when the request is handled again with the same
 * seed generator state.
 *
 * Build and run: make fuzz FUZZ_SECONDS=N (from the project root, which holds
 * templates/; LOOTFORGE_TEMPLATES overrides the directory). */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "catalog.h"
#include "db.h"
#include "fcgiwire.h"
#include "fixture.h"
#include "form.h"
#include "handler.h"
#include "render.h"
#include "tmpl.h"

#define N_FIELDS   9 /* flags ... body */
#define MAX_PARAMS 32
#define RNG_SEED   0x10f7f0e5u
#define DOWN_DB    "/nonexistent/lootforge-fuzz/mysqld.sock"
#define SCRIPT_OK  "<script src=\"/static/"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum cat_state { CAT_NONE, CAT_FIXTURE, CAT_EMPTY };

static enum cat_state cat_state = CAT_NONE;
static struct db *down_db; /* lives for the whole run */
static struct response rs; /* reused across inputs, as a worker does */
/* The first run's answer, to compare the second with. */
static struct buf first_body;
static int first_status;
#ifdef RESPONSE_HEADERS_MAX
static char first_headers[RESPONSE_HEADERS_MAX];
#endif

/* Publishes the catalog the input asks for; rebuilt only on a change. */
static void set_catalog(enum cat_state want)
{
	struct catalog *c;

	if (want == cat_state)
		return;
	catalog_shutdown();
	cat_state = CAT_NONE;
	if (want == CAT_NONE)
		return;
	if (want == CAT_FIXTURE) {
		c = fixture_catalog();
	} else {
		c = catalog_new(2);
		if (!c || catalog_finish(c) < 0)
			abort();
	}
	catalog_publish(c);
	cat_state = want;
}

/* Every template the daemon loads at start-up: the whole directory. */
static void load_templates(void)
{
	const char *dir = getenv("LOOTFORGE_TEMPLATES");

	if (tmpl_init(dir ? dir : "templates", NULL) != 0) {
		fprintf(stderr, "fuzz_handler: cannot load the templates (run from the project "
		                "root, or set LOOTFORGE_TEMPLATES)\n");
		exit(1);
	}
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	struct db_config dbc = {.socket = DOWN_DB,
	                        .user = "fuzz",
	                        .password = "fuzz",
	                        .database = "lootforge",
	                        .connect_timeout = 1,
	                        .read_timeout = 1,
	                        .write_timeout = 1};

	(void)argc;
	(void)argv;
	load_templates();
	down_db = db_new(&dbc);
	if (!down_db)
		abort();
	buf_init(&rs.body);
	buf_init(&first_body);
	return 0;
}

/* Splits the input into NUL-terminated copies of the first N_FIELDS - 1
 * fields (missing ones NULL) and returns where the body starts (or NULL).
 * Each field is its own allocation, so ASan sees a read past any of them. */
static const uint8_t *split(const uint8_t *data, size_t size, char **field)
{
	const uint8_t *p = data, *end = data + size;

	for (int i = 0; i < N_FIELDS - 1; i++) {
		field[i] = NULL;
		if (!p)
			continue;
		const uint8_t *nul = memchr(p, 0, (size_t)(end - p));
		size_t n = nul ? (size_t)(nul - p) : (size_t)(end - p);
		field[i] = malloc(n + 1);
		if (!field[i])
			abort();
		memcpy(field[i], p, n);
		field[i][n] = '\0';
		p = nul ? nul + 1 : NULL;
	}
	return p;
}

/* The params field as a NULL-terminated "NAME=value" array (in `out`, room
 * for MAX_PARAMS + 1), each line a copy of its own; the caller frees them. */
static void split_params(const char *text, char **out)
{
	int n = 0;

	for (const char *p = text; p && n < MAX_PARAMS;) {
		const char *nl = strchr(p, '\n');
		size_t len = nl ? (size_t)(nl - p) : strlen(p);
		if (!(out[n] = strndup(p, len)))
			abort();
		n++;
		p = nl ? nl + 1 : NULL;
	}
	out[n] = NULL;
}

static int has_flag(const char *flags, char c)
{
	return flags && strchr(flags, c) != NULL;
}

/* The body as server.c's read_body() leaves it: none when the length is
 * absent, zero or over FORM_BODY_MAX (then truncated), else at most that
 * many of the bytes that arrived. Copied to an exact-size allocation. */
static char *make_body(struct request *rq, const char *cl, const uint8_t *p, size_t avail)
{
	char *body;

	rq->content_length = cl && strcmp(cl, "*") == 0 ? (long)avail : fcgiwire_parse_length(cl);
	rq->body_len = 0;
	if (rq->content_length > FORM_BODY_MAX)
		rq->body_truncated = 1;
	else if (rq->content_length > 0)
		rq->body_len =
		        avail < (size_t)rq->content_length ? avail : (size_t)rq->content_length;
	body = malloc(rq->body_len ? rq->body_len : 1);
	if (!body)
		abort();
	if (rq->body_len)
		memcpy(body, p, rq->body_len);
	rq->body = body;
	return body;
}

/* An HTML body may hold no <script> except one that loads a static file. */
static void check_no_script(const char *s)
{
	while ((s = strcasestr(s, "<script")) != NULL) {
		if (strncmp(s, SCRIPT_OK, strlen(SCRIPT_OK)) != 0)
			abort();
		s++;
	}
}

static void check_json(const struct response *r)
{
	json_error_t e;
	json_t *j = json_loadb(r->body.data, r->body.len, 0, &e);

	if (!j)
		abort();
	/* docs/api.md: {"errors": [{"field", "code", "message"}, ...]}, at
	 * least one, each code and message a string; but for /readyz's
	 * degraded 503, which is its readiness document (docs/operations.md):
	 * "status" "degraded" and the problems listed */
	int readiness = r->status == 503 && json_is_string(json_object_get(j, "status")) &&
	                strcmp(json_string_value(json_object_get(j, "status")), "degraded") == 0 &&
	                json_array_size(json_object_get(j, "problems")) > 0;
	if (r->status >= 400 && !readiness) {
		json_t *list = json_object_get(j, "errors"), *err;
		size_t i;
		if (!json_is_array(list) || json_array_size(list) == 0)
			abort();
		json_array_foreach(list, i, err)
		{
			if (!json_is_string(json_object_get(err, "code")) ||
			    !json_is_string(json_object_get(err, "message")) ||
			    !json_object_get(err, "field"))
				abort();
		}
	}
	json_decref(j);
}

#ifdef RESPONSE_HEADERS_MAX
/* Lines of "Name: value\r\n": a token name, then no control byte but the
 * line's own CRLF. */
static void check_header_lines(const char *h)
{
	while (*h) {
		size_t name = strspn(h, "!#$%&'*+-.^_`|~0123456789"
		                        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz");
		if (name == 0 || h[name] != ':' || h[name + 1] != ' ')
			abort();
		for (h += name + 2; *h != '\r'; h++)
			if ((unsigned char)*h < 0x20 || *h == 0x7f)
				abort();
		if (h[1] != '\n')
			abort();
		h += 2;
	}
}
#endif

static int starts_with(const char *s, const char *prefix)
{
	return strncmp(s, prefix, strlen(prefix)) == 0;
}

static void check_response(const struct response *r)
{
	if (strcmp(http_reason(r->status), "Unknown") == 0 || !r->content_type || r->body.oom)
		abort();
	if ((r->status == 405) != (r->allow != NULL))
		abort();
	if (r->status == 503 && r->retry_after <= 0)
		abort();
	if (r->body.len == 0 || !r->body.data || strlen(r->body.data) != r->body.len)
		abort();
	if (starts_with(r->content_type, "application/json"))
		check_json(r);
	else if (starts_with(r->content_type, "text/html"))
		check_no_script(r->body.data);
	else if (!starts_with(r->content_type, "text/plain"))
		abort();
#ifdef RESPONSE_HEADERS_MAX
	if (memchr(r->headers, '\0', sizeof(r->headers)) == NULL)
		abort();
	check_header_lines(r->headers);
#endif
}

/* The generator's pages are a function of the request, the catalog and the
 * seed generator's state. Others (sessions, CSRF tokens) may rightly draw
 * from the operating system. */
static int deterministic(const struct request *rq, const struct response *r)
{
	static const char *const paths[] = {"/", "/generate", "/healthz"};

	if (r->status == 404 || r->status == 405)
		return 1;
	for (size_t i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
		if (rq->path && strcmp(rq->path, paths[i]) == 0)
			return 1;
	return 0;
}

/* A client without a cookie is given a fresh CSRF token on every page (in
 * its forms and its Set-Cookie): blanked, so that the rest of two answers
 * to one request can be compared. */
static void blank_after(char *s, size_t n, const char *key, char end)
{
	size_t k = strlen(key);
	for (char *p = memmem(s, n, key, k); p; p = memmem(p, n - (size_t)(p - s), key, k))
		for (p += k; p < s + n && *p != end; p++)
			*p = '0';
}

static void blank_tokens(void)
{
	if (rs.body.data) {
		blank_after(rs.body.data, rs.body.len, "name=\"csrf\" value=\"", '"');
		blank_after(rs.body.data, rs.body.len, "\"csrf\":\"", '"');
	}
#ifdef RESPONSE_HEADERS_MAX
	blank_after(rs.headers, strlen(rs.headers), "lf_csrf=", ';');
#endif
}

static void keep_first(void)
{
	blank_tokens();
	first_status = rs.status;
	buf_reset(&first_body);
	if (buf_append(&first_body, rs.body.data, rs.body.len) != 0)
		abort();
#ifdef RESPONSE_HEADERS_MAX
	memcpy(first_headers, rs.headers, sizeof(first_headers));
#endif
}

static void check_same_as_first(void)
{
	blank_tokens();
	if (rs.status != first_status || rs.body.len != first_body.len ||
	    memcmp(rs.body.data, first_body.data, first_body.len) != 0)
		abort();
#ifdef RESPONSE_HEADERS_MAX
	if (strcmp(rs.headers, first_headers) != 0)
		abort();
#endif
}

/* Handles rq with the seed generator in a fixed state, into rs. */
static void handle(struct handler_ctx *ctx, const struct request *rq)
{
	rng_seed(&ctx->seeds, RNG_SEED);
	buf_reset(&rs.body);
	handle_request(ctx, rq, &rs);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *f[N_FIELDS - 1];
	char *params[MAX_PARAMS + 1];
	const uint8_t *rest = split(data, size, f);
	const char *flags = f[0];
	struct handler_ctx ctx = {.db = has_flag(flags, 'D') ? down_db : NULL};
	struct request rq = {
	        .method = f[1] ? f[1] : "",
	        .path = has_flag(flags, 'P') ? NULL : f[2],
	        .query = has_flag(flags, 'Q') ? NULL : f[3],
	        .content_type = has_flag(flags, 'C') ? NULL : f[4],
	        .accept = has_flag(flags, 'A') ? NULL : f[5],
	};
	char *body = make_body(&rq, f[6], rest, rest ? (size_t)(data + size - rest) : 0);

	split_params(f[7], params);
#ifdef RESPONSE_HEADERS_MAX
	/* request->env came with the crowd-sourcing pages; the guard lets this
	 * target build on either side of that change. */
	rq.env = has_flag(flags, 'V') ? NULL : (const char *const *)params;
#endif

	set_catalog(has_flag(flags, 'N')   ? CAT_NONE
	            : has_flag(flags, 'E') ? CAT_EMPTY
	                                   : CAT_FIXTURE);
	handle(&ctx, &rq);
	check_response(&rs);
	if (deterministic(&rq, &rs)) {
		/* Again: anything else the answer depended on (uninitialised
		 * memory, state left by the first run) shows as a difference. */
		keep_first();
		handle(&ctx, &rq);
		check_response(&rs);
		check_same_as_first();
	}
	arena_free(&ctx.arena);
	free(body);
	for (int i = 0; params[i]; i++)
		free(params[i]);
	for (int i = 0; i < N_FIELDS - 1; i++)
		free(f[i]);
	return 0;
}
