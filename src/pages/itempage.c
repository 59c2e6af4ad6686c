/* itempage: the generator's page. GET / (the form under a freshly rolled
 * item) and GET|POST /generate take the same fields (docs/form.md) and
 * answer HTML or JSON as the client asks.
 * GET / and GET|POST /generate, the generator's page (SPEC §5):
 * parse the form, generate, render in the client's format. Every answer,
 * error or not, goes through answer_*() below, so the format rules (JSON or
 * HTML, as the client asked) and the "no internals in an answer" rule live
 * in one place. A catalog reference is held only while it generates and
 * renders; items point into that catalog. */
#include "pages.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "catalog.h"
#include "fields.h"
#include "form.h"
#include "generate.h"
#include "itemlink.h"
#include "itemlink_db.h"
#include "layout.h"
#include "log.h"
#include "messages.h"
#include "metrics.h"
#include "page.h"
#include "render.h"
#include "stashpage.h"

#define MSG_NO_ITEM "No item of this kind can be generated right now. Please try again later."

/* format= in the form wins over the router's choice (fields_errors_json:
 * what a form that could not be read says, else Accept). f may be NULL (no
 * form parsed). A CSV client's errors are JSON: they have no rows. */
static int wants_json(const struct request *rq, const struct form *f)
{
	if (f && f->has_format)
		return f->format == FMT_JSON || f->format == FMT_CSV;
	return fields_errors_json(rq);
}

/* ---- answers ---- */

static void set_status(struct response *rs, int status, const char *content_type)
{
	buf_reset(&rs->body);
	rs->status = status;
	rs->content_type = content_type;
}

/* Rendering failed: the page kit's 500, in the client's format (f may be
 * NULL). */
static void answer_render_failed(const struct request *rq, const struct form *f,
                                 struct response *rs)
{
	page_failed(rs, wants_json(rq, f));
}

/* An error in the client's format: the site's error answer, keeping the
 * form as sent (f, may be NULL); every problem of errs when given
 * (docs/api.md), else the one named by field (may be NULL) and message. */
static void answer_errors(const struct request *rq, const struct form *f, struct response *rs,
                          int status, const char *field, const char *message,
                          const struct form_error *errs)
{
	if (errs)
		page_send_errors(rs, f, wants_json(rq, f), status, errs);
	else
		page_send_error(rs, f, wants_json(rq, f), status, field, message);
}

static void answer_error(const struct request *rq, const struct form *f, struct response *rs,
                         int status, const char *field, const char *message)
{
	answer_errors(rq, f, rs, status, field, message, NULL);
}

/* 503 with Retry-After: no catalog has been loaded yet. */
static void answer_no_catalog(const struct request *rq, const struct form *f, struct response *rs)
{
	answer_error(rq, f, rs, 503, NULL, MSG_NO_CATALOG);
	rs->retry_after = 1;
}

/* The items, in the client's format (status 200). */
/* The generator's page as one visitor sees it: each card and batch row
 * with the visitor's forms (Keep, Add to loadout), and the rolls added to
 * the visitor cookie's recent ones. Private, never stored by anyone: the
 * forms carry this client's token. */
static int render_visitor_page(struct handler_ctx *ctx, const struct request *rq,
                               const struct page *pg, struct response *rs)
{
	char token[CSRF_HEX + 1];
	struct buf back;
	int rc;

	stash_token(rq, rs, token);
	buf_init(&back);
	if (form_link(pg->form, pg->items[0].seed, &back) != 0 ||
	    (pg->n_items > 1 && buf_printf(&back, "&count=%zu", pg->n_items) != 0)) {
		buf_free(&back);
		return -1;
	}
	struct card_actions a = {token, back.data, NULL, NULL};
	struct stash_cards *cmp = NULL;
	/* each card against what the visitor wears (SPEC §15) */
	rc = stash_cards_compare(ctx, rq, token, back.data, pg->items, pg->n_items, &cmp);
	if (rc == -2)
		cmp = NULL; /* the worn items' revision not loaded: the cards alone */
	if (cmp) {
		a.compare = stash_compare_card;
		a.compare_arg = cmp;
	}
	rc = rc == -1 ? -1 : render_html_for(pg, &a, &rs->body);
	stash_cards_release(cmp);
	buf_free(&back);
	rs->cache_control = "private, no-store";
	struct visitor *v = arena_alloc(&ctx->arena, sizeof(*v));
	if (rc == 0 && v && stash_may_write(rq)) {
		stash_visitor(rq, v);
		size_t n = pg->n_items < VISITOR_RECENT_MAX ? pg->n_items : VISITOR_RECENT_MAX;
		for (size_t i = n; i-- > 0;)
			if (pg->items[i].code[0])
				visitor_rolled(v, pg->items[i].code);
		stash_save(rs, v);
	}
	return rc;
}

static void answer_items(struct handler_ctx *ctx, const struct request *rq, const struct form *f,
                         const struct catalog *cat, const struct item *items, struct response *rs)
{
	int rc;

	if (f->has_format && f->format == FMT_CSV) {
		set_status(rs, 200, CT_CSV);
		rc = render_csv_items(f, items, (size_t)f->count, &rs->body);
	} else if (wants_json(rq, f)) {
		/* compared with the visitor's loadout: an answer of this client
		 * alone, which no shared cache may keep */
		const char *const *cmp = NULL;
		int st = stash_compare_items(ctx, rq, f->loadout, items, (size_t)f->count, &cmp);
		if (st == -2) {
			answer_no_catalog(rq, f, rs);
			return;
		}
		set_status(rs, 200, CT_JSON);
		rc = st != 0 ? -1
		             : render_json_items_with(f, items, (size_t)f->count, f->has_count, cmp,
		                                      &rs->body);
		if (cmp)
			rs->cache_control = "private, no-store";
	} else {
		struct page pg = {.cat = cat,
		                  .form = f,
		                  .items = items,
		                  .n_items = (size_t)f->count,
		                  .status = 200};
		set_status(rs, 200, CT_HTML);
		rc = render_visitor_page(ctx, rq, &pg, rs);
	}
	if (rc != 0 || rs->body.oom)
		answer_render_failed(rq, f, rs);
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
		/* A power the code cannot hold exactly leaves the item without
		 * a code; its link is then the inputs and the seed. */
		itemlink_fill(cat, &in, &items[i]);
	}
	metrics_generated((unsigned)f->kind, (unsigned)f->count);
	return 0;
}

/* How long a client should wait before asking again for a kind the catalog
 * cannot make: a moderator must activate a base type first. */
#define RETRY_NO_BASE 30

/* 200 with the items; 503 (Retry-After) before the first catalog and when
 * nothing can be generated (the catalog holds no active base type for the
 * kind: a state of the data, like a database away, not a fault); 500 when
 * memory ran out. */
static void serve_items(struct handler_ctx *ctx, const struct request *rq, const struct form *f,
                        struct response *rs)
{
	const struct catalog *cat = catalog_acquire();
	if (!cat) {
		answer_no_catalog(rq, f, rs);
		return;
	}
	uint64_t seed = f->has_seed ? f->seed : rng_next(&ctx->seeds);
	/* not zeroed here: generate clears each item before it writes it (a
	 * batch's 100 items are ~118 KB, cleared twice before) */
	struct item *items = arena_alloc(&ctx->arena, (size_t)f->count * sizeof(*items));
	if (!items) {
		answer_error(rq, f, rs, 500, NULL, MSG_INTERNAL);
	} else if (make_items(cat, f, seed, items) != 0) {
		log_error("handler: catalog revision %llu cannot generate a %s",
		          (unsigned long long)cat->revision, kind_names[f->kind]);
		answer_error(rq, f, rs, 503, NULL, MSG_NO_ITEM);
		rs->retry_after = RETRY_NO_BASE;
	} else {
		answer_items(ctx, rq, f, cat, items, rs);
	}
	catalog_release(cat);
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
	/* The query says which form values to answer with; the format may also
	 * come from what was read of a body too large to parse (server.c reads
	 * up to SERVER_BODY_READ_MAX of it for this). */
	(void)form_parse(f, rq->query, NULL, 0, &ignored);
	answer_error(rq, f, rs, status, field, why);
	return -1;
}

/* GET|POST /generate: 200 with the item(s); 400 for a bad field or a kind
 * without a recipe; 415 for a POST body that is not a form; 503 before the
 * first catalog; 500 as serve_items. */
static void itempage_generate(struct handler_ctx *ctx, const struct request *rq,
                              struct response *rs)
{
	int post = strcmp(rq->method, "POST") == 0;
	struct form_error err;
	struct form f;
	char msg[96];

	if (post && check_body(rq, &f, rs) != 0)
		return;
	if (form_parse(&f, rq->query, post ? rq->body : NULL, post ? rq->body_len : 0, &err) != 0) {
		answer_errors(rq, &f, rs, 400, err.field, err.message, &err);
		return;
	}
	if (!recipe_for(f.kind)) {
		snprintf(msg, sizeof(msg), "The kind \"%s\" is not available yet.",
		         kind_names[f.kind]);
		err.n = 0;
		form_error_add(&err, "kind", "unavailable_kind", msg);
		answer_errors(rq, &f, rs, 400, "kind", msg, &err);
		return;
	}
	serve_items(ctx, rq, &f, rs);
}

/* GET /: the form under a freshly generated item. It takes the same query
 * fields as /generate (format, count, kind, ...; none given: one random
 * weapon), and answers as route_generate does. */
static void itempage_index(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	itempage_generate(ctx, rq, rs);
}

/* ---- /item/CODE ---- */

#define PERMANENT        "public, max-age=31536000, immutable"
#define MSG_NO_SUCH_ITEM "No item has this code"

/* A code's page reads its format only. */
#define CODE_FIELDS(X) X(CF_FORMAT, "format", FIELD_FORMATS)
enum { CODE_FIELDS(FIELD_ENUM) };
static const char *const code_fields[] = {CODE_FIELDS(FIELD_NAME) NULL};
static const struct field_row code_rows[] = {CODE_FIELDS(FIELD_ROW)};
static const struct field_table itempage_code_fields = FIELD_TABLE(code_rows);
/* nginx keeps the answer under the raw query: only its one spelling is a 200 */
static const struct fields_canon code_canon = {.names = code_fields};

/* An error of /item/CODE in the client's format: the form is the default
 * one, nothing of the code is echoed but in the message; errs, when given,
 * lists the query's problems, each naming its field. */
static void answer_code_errors(const struct request *rq, int json, struct response *rs, int status,
                               const char *message, const struct form_error *errs)
{
	struct form f;
	form_parse(&f, NULL, NULL, 0, NULL);
	f.has_format = 1;
	f.format = json ? FMT_JSON : FMT_HTML;
	answer_errors(rq, &f, rs, status, errs ? errs->field : NULL, message, errs);
}

static void answer_code_error(const struct request *rq, int json, struct response *rs, int status,
                              const char *message)
{
	answer_code_errors(rq, json, rs, status, message, NULL);
}

/* GET /item/CODE: the item of the code, at the code's revision, the same
 * bytes every time (SPEC §6): 200 with Cache-Control immutable and a strong
 * ETag, or 304 when If-None-Match names it; 301 to the canonical spelling
 * of a query that is not (fields_redirect_canonical); 404 for a malformed code or one
 * that names no item or a revision the database never made; 400 for a bad
 * format=; 503 (Retry-After) before the first catalog or for a revision
 * the database holds and this process has not loaded yet; 500
 * when memory ran out. */
static void itempage_code(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	static const char prefix[] = "/item/";
	struct fields fl;
	struct form_error err;
	struct coded_item ci;
	struct form f;
	const char *why = NULL;
	char msg[160], power_text[16];
	int rc;

	int bad = fields_read(&fl, code_fields, 0, rq, 0, &err) != 0;
	int json = fl.json;
	if (bad) {
		answer_code_errors(rq, json, rs, 400, err.message, &err);
		return;
	}
	int spelled = fields_redirect_canonical(rq, &code_canon, rs);
	if (spelled == 1)
		return;
	const char *code = strncmp(rq->path, prefix, sizeof prefix - 1) == 0
	                           ? rq->path + sizeof prefix - 1
	                           : "";
	switch (itemlink_item_db(ctx->db, code, strlen(code), &ci, &why)) {
	case ITEMLINK_OK:
		break;
	case ITEMLINK_MALFORMED:
	case ITEMLINK_UNKNOWN:
	case ITEMLINK_NEVER:
		snprintf(msg, sizeof msg, MSG_NO_SUCH_ITEM ": %s.", why ? why : "not an item code");
		answer_code_error(rq, json, rs, 404, msg);
		return;
	case ITEMLINK_LATER:
	case ITEMLINK_NO_CATALOG:
		answer_code_error(rq, json, rs, 503, MSG_NO_CATALOG);
		rs->retry_after = 1;
		return;
	default:
		answer_code_error(rq, json, rs, 500, MSG_INTERNAL);
		return;
	}
	itemlink_form(&ci, &f, power_text, json);
	if (json) {
		set_status(rs, 200, CT_JSON);
		rc = render_json_items(&f, &ci.item, 1, 0, &rs->body);
	} else {
		/* the form's Generate rolls a new item (SPEC §15): no seed carried
		 * into it; the card links "Same seed again" */
		f.has_seed = 0;
		struct page pg = {
		        .cat = ci.cat, .form = &f, .items = &ci.item, .n_items = 1, .status = 200};
		set_status(rs, 200, CT_HTML);
		rc = render_html(&pg, &rs->body);
	}
	itemlink_release(&ci);
	if (rc != 0 || rs->body.oom) {
		answer_render_failed(rq, &f, rs);
		return;
	}
	/* unknown names ignored: the same page, but kept under no other query */
	rs->cache_control = spelled == 2 ? NULL : PERMANENT;
	if (page_etag(rq, rs) != 0)
		answer_render_failed(rq, &f, rs);
}

const struct route route_index = {.path = "/",
                                  .methods = M_GET,
                                  .fn = itempage_index,
                                  .cors = 1,
                                  .query = &form_generate_fields,
                                  .formats = ROUTE_HJC};
const struct route route_generate = {.path = "/generate",
                                     .methods = M_GET | M_POST,
                                     .fn = itempage_generate,
                                     .cors = 1,
                                     .query = &form_generate_fields,
                                     .formats = ROUTE_HJC,
                                     .body = &form_generate_fields};
const struct route route_item = {.path = "/item",
                                 .under = 1,
                                 .methods = M_GET,
                                 .fn = itempage_code,
                                 .cors = 1,
                                 .below = &itempage_code_fields,
                                 .formats = ROUTE_HJ};
