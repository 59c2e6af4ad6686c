/* submit: the proposal pages (docs/moderation.md): /submit (a word),
 * /submit/spell, /submit/name and the dungeon dressing forms (/submit/trap,
 * /submit/occupant, /submit/dressing), one flow with a table entry each.
 *
 * Fields are read through form_read's allow-list; every value is kept as
 * typed (struct fields), so that any answer other than success shows the
 * form again with everything the person entered, the same submission id
 * and a valid CSRF token. Every problem of a proposal is reported at once
 * (docs/api.md, "Errors"). Nothing is written before the CSRF check
 * passed, and the answer to a stored proposal goes out only after its
 * commit. This file is the flow; each form is its table entry, in its
 * type's page file, propose_<type>.c (submit_int.h). */
#include "submit.h"
#include "pages.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"
#include "auth.h"
#include "render.h"
#include "settings.h"
#include "submit_int.h"

int submit_is_sid(const char *s)
{
	size_t i = 0;

	for (; s && s[i]; i++)
		if (i == SUBMISSION_ID_HEX ||
		    !((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
			return 0;
	return i == SUBMISSION_ID_HEX;
}

/* A fresh one-time id: 128 random bits. */
static void new_sid(char sid[SUBMISSION_ID_HEX + 1])
{
	char hex[CSRF_HEX + 1];

	csrf_random_hex(hex);
	memcpy(sid, hex, SUBMISSION_ID_HEX);
	sid[SUBMISSION_ID_HEX] = '\0';
}

/* Sentences every proposal form says. */
static const char csrf_refused[] =
        "The form had expired or came from another site; nothing was saved. "
        "Please check it and send it again.";
static const char bad_received_id[] = "must be a submission id (32 hex digits)";
static const char bad_form_id[] = "must be the form's id (32 hex digits)";

/* The 429's sentence (into msg, returned) for a client past the hourly
 * limit, which counts the proposals of every form; sets Retry-After. */
static const char *limited(struct response *rs, long retry_after, char *msg, size_t n)
{
	rs->retry_after = retry_after > 0 ? (int)retry_after : 1;
	snprintf(msg, n,
	         "You have made %u proposals in the last hour, the most we take; please try again "
	         "in %ld minute%s.",
	         settings_submit_limit(), (retry_after + 59) / 60,
	         (retry_after + 59) / 60 == 1 ? "" : "s");
	return msg;
}

/* ---- the flow (submit_int.h) ---- */

struct pf_view {
	const struct proposal_form *f;
	int status;
	const struct fields *in; /* values to show as typed */
	const char *csrf, *sid;  /* the form's token and submission id */
	const struct form_error *errors;
	const void *received; /* the "received" page of its row instead of the form */
	int already;
};

const char *submit_typed(const struct fields *in, int i)
{
	return in && in->v[i] ? in->v[i] : "";
}

void submit_fill_row(struct tmpl_dict *r, const char *status, const char *sid, const char *created)
{
	tmpl_set(r, "STATUS", status);
	if (strcmp(status, "pending") == 0)
		tmpl_show(r, "PENDING");
	tmpl_set(r, "SID", sid);
	tmpl_set(r, "CREATED", created);
}

/* Every form, in the list's order. */
#define FORM_ENTRY(form, path, type) &submit_##form##_form,
static const struct proposal_form *const forms[] = {PROPOSAL_FORM_LIST(FORM_ENTRY)};
#define N_FORMS (sizeof forms / sizeof *forms)

void submit_fill_links(struct tmpl_dict *s, const char *section)
{
	size_t n = 0, i = 0;

	for (size_t k = 0; k < N_FORMS; k++)
		n += forms[k]->link != NULL;
	for (size_t k = 0; k < N_FORMS; k++) {
		const struct proposal_form *f = forms[k];
		if (!f->link)
			continue;
		struct tmpl_dict *l = tmpl_section(s, section);
		tmpl_set(l, "PATH", f->path);
		tmpl_set(l, "LINK", f->link);
		if (f->link_note)
			tmpl_set(l, "NOTE", f->link_note);
		if (i == 0)
			tmpl_show(l, "FIRST");
		else
			tmpl_set(l, "SEP", i + 1 == n ? ", or " : ", ");
		i++;
	}
}

int submit_has_problem(const struct proposal_error *err, const char *field)
{
	for (int i = 0; i < err->n; i++)
		if (err->list[i].field && strcmp(err->list[i].field, field) == 0)
			return 1;
	return 0;
}

static void pf_send_html(struct response *rs, const struct pf_view *v)
{
	const struct proposal_form *f = v->f;
	struct tmpl_dict *d = page_new(v->received ? "Proposal received" : f->title);
	struct tmpl_dict *body = page_body(d, f->template_name);

	if (v->errors)
		page_errors(d, v->errors);
	if (v->received) {
		struct tmpl_dict *r = tmpl_section(body, f->received_section);
		tmpl_set(r, "HEADING", v->already ? "Already received" : f->thanks);
		f->fill_received(r, v->received);
	} else {
		if (f->fill_body)
			f->fill_body(body, v->in);
		struct tmpl_dict *s = tmpl_section(body, f->form_section);
		tmpl_set(s, "CSRF", v->csrf);
		tmpl_set(s, "SID", v->sid);
		f->fill_form(s, v->in);
	}
	page_send_html(rs, v->status, d);
}

/* Every problem of e, in the client's format (HTML: the form again, as
 * typed, under the error box). */
static void pf_send_errors(struct response *rs, struct pf_view *v, int status,
                           const struct form_error *e)
{
	v->status = status;
	v->errors = e;
	if (v->in && v->in->json)
		page_send_json_errors(rs, status, e);
	else
		pf_send_html(rs, v);
}

/* One problem that stops the request (the body, the token, the limit, the
 * database, a 409 of the store): its code is the status's, or for a 400
 * the sentence's. */
static void pf_send_error(struct response *rs, struct pf_view *v, int status, const char *field,
                          const char *message)
{
	struct form_error e = {.n = 0};

	form_error_add(&e, field,
	               status == 400 ? form_error_code(message, NULL, 0)
	                             : render_error_code(status),
	               message);
	pf_send_errors(rs, v, status, &e);
}

static void pf_db_failed(struct response *rs, struct pf_view *v, enum db_status st)
{
	const char *msg;
	int status = http_db_failure(rs, st == DB_DOWN, &msg);

	if (st == DB_DOWN && v->f->down_message)
		msg = v->f->down_message;
	else if (st != DB_DOWN && v->f->failed_message)
		msg = v->f->failed_message;
	pf_send_error(rs, v, status, NULL, msg);
}

static int is_common_field(const char *name)
{
	static const char *const common[] = {"csrf", "submission_id", "format", "received"};

	for (size_t i = 0; i < sizeof(common) / sizeof(common[0]); i++)
		if (strcmp(name, common[i]) == 0)
			return 1;
	return 0;
}

/* The form for JSON clients: token, id, and the names of its own fields
 * (the allow-list's but those every form has). */
static json_t *pf_json(const struct pf_view *v)
{
	json_t *fields;

	if (v->f->form_json)
		return v->f->form_json(v->csrf, v->sid, v->in);
	fields = json_array();
	for (size_t i = 0; fields && v->f->names[i]; i++)
		if (!is_common_field(v->f->names[i]) &&
		    json_array_append_new(fields, json_string(v->f->names[i])) != 0) {
			json_decref(fields);
			return NULL;
		}
	return json_pack("{s:s,s:s,s:o}", "csrf", v->csrf, "submission_id", v->sid, "fields",
	                 fields);
}

/* {"<row_key>": the row}, with "already_received" for a resent form. */
static json_t *pf_row_answer(const struct proposal_form *f, const void *s, int already)
{
	if (already)
		return json_pack("{s:o,s:b}", f->row_key, f->row_json(s), "already_received", 1);
	return json_pack("{s:o}", f->row_key, f->row_json(s));
}

/* The row stored under sid into s's row; *found = 0 when none. */
static enum db_status pf_lookup(const struct proposal_form *f, struct db *d, const char *sid,
                                void *s, int *found)
{
	return db_proposal_by_sid(d, f->type, sid, (char *)s + f->row_at, found);
}

/* GET: 200 with the form (JSON: its description); 400 listing every bad
 * field (the form shown for the defaults); ?received=ID: the proposal, 400
 * for a malformed id, 404 when unknown, 503 when the database cannot be
 * reached. Sets the lf_csrf cookie when missing. */
static void pf_get(const struct proposal_form *f, struct handler_ctx *ctx, const struct request *rq,
                   struct response *rs)
{
	struct fields in;
	struct form_error err;
	struct proposal_error perr;
	void *s;
	char cookie[CSRF_HEX + 1], token[CSRF_HEX + 1], sid[SUBMISSION_ID_HEX + 1];
	struct pf_view v = {.f = f, .status = 200, .csrf = token, .sid = sid, .in = &in};
	const char *received;
	int found = 0;

	auth_client_cookie(rq, rs, cookie);
	auth_client_token(cookie, token);
	new_sid(sid);
	if (fields_read(&in, f->names, 0, rq, 0, &err) != 0) {
		fields_sort_errors(&in, &err);
		memset(in.v, 0, sizeof(in.v)); /* show the defaults */
		pf_send_errors(rs, &v, 400, &err);
		return;
	}
	if (!(received = fields_get(&in, "received"))) {
		proposal_error_init(&perr);
		if (f->check_get)
			f->check_get(&in, &perr);
		if (perr.n) {
			err.n = 0;
			fields_add_problems(&err, &perr);
			fields_sort_errors(&in, &err);
			pf_send_errors(rs, &v, 400, &err);
		} else if (in.json) {
			page_send_json(rs, 200, pf_json(&v));
		} else {
			pf_send_html(rs, &v);
		}
		return;
	}
	if (!submit_is_sid(received)) {
		pf_send_error(rs, &v, 400, "received", bad_received_id);
		return;
	}
	s = arena_calloc(&ctx->arena, 1, f->state_size);
	enum db_status st = s ? pf_lookup(f, ctx->db, received, s, &found) : DB_ERROR;
	if (st != DB_OK) {
		pf_db_failed(rs, &v, st);
		return;
	}
	if (!found) {
		pf_send_error(rs, &v, 404, "received", f->unknown_id);
		return;
	}
	if (in.json) {
		page_send_json(rs, 200, pf_row_answer(f, s, 0));
		return;
	}
	v.received = s;
	pf_send_html(rs, &v);
}

/* Stores s's proposal under sid for client (the row into s's row), a
 * refusal said in the form's words. */
static enum db_status pf_store(const struct proposal_form *f, struct db *d, const char *sid,
                               const uint8_t client[DBMOD_HASH_BYTES], unsigned limit, void *s,
                               struct pf_stored *o)
{
	struct submit_outcome out;
	enum db_status st = db_proposal_submit(d, f->type, sid, (const char *)s + f->proposal_at,
	                                       client, limit, &out, (char *)s + f->row_at);

	if (st != DB_OK)
		return st;
	o->result = out.result;
	o->retry_after = out.retry_after;
	o->refusal[0] = '\0';
	if (out.result == SUBMIT_LIVE || out.result == SUBMIT_PENDING ||
	    out.result == SUBMIT_REJECTED)
		f->refusal(s, &out, o->refusal, sizeof o->refusal);
	return DB_OK;
}

/* The answer to a store that reached the database. */
static void pf_answer(struct response *rs, struct pf_view *v, const void *s,
                      const struct pf_stored *o)
{
	char msg[320], loc[80];

	/* the row was stored under the form's id */
	snprintf(loc, sizeof(loc), "%s?received=%s", v->f->path, v->sid);
	switch (o->result) {
	case SUBMIT_STORED:
		if (v->in->json)
			page_send_json(rs, 201, pf_row_answer(v->f, s, 0));
		else
			page_redirect(rs, loc);
		return;
	case SUBMIT_ALREADY:
		response_header(rs, "Content-Location", loc);
		if (v->in->json) {
			page_send_json(rs, 200, pf_row_answer(v->f, s, 1));
		} else {
			v->received = s;
			v->already = 1;
			pf_send_html(rs, v);
		}
		return;
	case SUBMIT_LIVE:
	case SUBMIT_PENDING:
	case SUBMIT_REJECTED:
		pf_send_error(rs, v, 409, v->f->key_field, o->refusal);
		return;
	case SUBMIT_LIMITED:
		pf_send_error(rs, v, 429, NULL, limited(rs, o->retry_after, msg, sizeof(msg)));
		return;
	case SUBMIT_FULL:
		/* everyone's bound, not this client's: 503, and when to come back */
		rs->retry_after = PROPOSALS_FULL_RETRY;
		snprintf(msg, sizeof msg,
		         "The moderation queue is full: %u proposals wait for a moderator, the "
		         "most we "
		         "keep. Nothing was saved; please try again in %d minutes.",
		         PROPOSALS_PENDING_MAX, PROPOSALS_FULL_RETRY / 60);
		pf_send_error(rs, v, 503, NULL, msg);
		return;
	case SUBMIT_SID_TAKEN:
		pf_send_error(rs, v, 409, "submission_id",
		              "was used by another proposal form; nothing was saved. Please reload "
		              "this form and send it again.");
		return;
	case SUBMIT_LOOKALIKE:
		pf_send_error(rs, v, 409, v->f->key_field,
		              "looks like a proposal that waits for a moderator (the same letters "
		              "in another script, or look-alike letters); nothing was saved");
		return;
	}
}

/* A client past the hourly limit is answered 429 alone, not with its
 * fields' problems (docs/moderation.md); but a form it sent before and
 * that was stored is "already received", as the store would answer. Read
 * only when the fields have problems: a form without any goes to the
 * store, which counts under the client's lock and answers 429 itself, so
 * a good proposal costs no extra query. A database that cannot be read
 * now leaves the fields' problems as the answer. 1 when the answer has
 * been sent. */
static int pf_limited(const struct proposal_form *f, struct handler_ctx *ctx, struct response *rs,
                      struct pf_view *v, const uint8_t client[DBMOD_HASH_BYTES],
                      const char *sent_sid, void *s)
{
	int over = 0, found = 0;
	long retry_after = 0;
	char msg[320];

	if (db_proposal_limited(ctx->db, client, settings_submit_limit(), &over, &retry_after) !=
	            DB_OK ||
	    !over)
		return 0;
	if (submit_is_sid(sent_sid) && pf_lookup(f, ctx->db, sent_sid, s, &found) == DB_OK && found)
		return 0;
	pf_send_error(rs, v, 429, NULL, limited(rs, retry_after, msg, sizeof(msg)));
	return 1;
}

/* Whether e lists a problem of the request as a whole (its body or query
 * could not be read through): answered before the token is checked, as
 * nothing of the form can be trusted to be what was sent. */
static int unreadable(const struct form_error *e)
{
	for (int i = 0; i < e->n; i++)
		if (e->list[i].field && (strcmp(e->list[i].field, "body") == 0 ||
		                         strcmp(e->list[i].field, "query") == 0))
			return 1;
	return 0;
}

/* POST: 303 to the "received" page (JSON: 201 with the row) once stored;
 * 200 for an id stored before. Refused, one answer each, before any field
 * is checked: 415 for a body that is not a form, 400 for a request that
 * cannot be read through, 403 for a bad CSRF token or a foreign Origin.
 * Then every field is checked and every problem listed at once (400; 409
 * when the first is a proposal that exists already: docs/api.md); then the
 * store's own single answers: 409 naming key_field for a proposal live,
 * pending or lately rejected, 429 past the hourly limit (over every
 * form), 503 when the database cannot be reached. Every error shows the
 * form again as typed. */
static void pf_post(const struct proposal_form *f, struct handler_ctx *ctx,
                    const struct request *rq, struct response *rs)
{
	struct fields in;
	struct form_error err;
	struct proposal_error perr;
	void *s;
	struct pf_stored out;
	uint8_t client[DBMOD_HASH_BYTES];
	char cookie[CSRF_HEX + 1], token[CSRF_HEX + 1], sid[SUBMISSION_ID_HEX + 1];
	struct pf_view v = {.f = f, .status = 200, .csrf = token, .sid = sid, .in = &in};
	const char *field, *why, *sent_sid;
	int status;

	/* Every answer below re-shows the form: it needs a valid token. */
	auth_client_cookie(rq, rs, cookie);
	auth_client_token(cookie, token);
	if ((why = request_body_problem(rq, &status, &field)) != NULL) {
		fields_read(&in, f->names, 0, rq, 0, &err); /* the query's, to show */
		new_sid(sid);
		pf_send_error(rs, &v, status, field, why);
		return;
	}
	int bad = fields_read(&in, f->names, 0, rq, 1, &err) != 0;
	sent_sid = fields_get(&in, "submission_id");
	if (submit_is_sid(sent_sid))
		memcpy(sid, sent_sid, sizeof(sid));
	else
		new_sid(sid);
	if (bad && unreadable(&err)) {
		fields_sort_errors(&in, &err);
		pf_send_errors(rs, &v, 400, &err);
		return;
	}
	if (!auth_client_check(rq, fields_get(&in, "csrf"), &why)) {
		pf_send_error(rs, &v, 403, "csrf", why ? why : csrf_refused);
		return;
	}
	csrf_client_hash(settings_secret(), request_param(rq, "REMOTE_ADDR"), client);
	if (!bad)
		err.n = 0;
	if (!submit_is_sid(sent_sid) && !fields_has_problem(&err, "submission_id"))
		form_error_add(&err, "submission_id",
		               sent_sid && *sent_sid ? "malformed" : "missing", bad_form_id);
	/* zeroed: nothing of an earlier request */
	if (!(s = arena_calloc(&ctx->arena, 1, f->state_size))) {
		pf_db_failed(rs, &v, DB_ERROR);
		return;
	}
	f->parse(&in, s, &perr);
	fields_add_problems(&err, &perr);
	fields_sort_errors(&in, &err);
	fields_add_cross(&err, &perr);
	if (err.n) {
		/* the Choose button alone asked for a part's form: a form to
		 * fill in, not a refusal (its note says nothing was filed) */
		status = err.n == 1 && err.list[0].code && strcmp(err.list[0].code, "chosen") == 0
		                 ? 200
		                 : fields_errors_status(&err);
		if (!pf_limited(f, ctx, rs, &v, client, sent_sid, s))
			pf_send_errors(rs, &v, status, &err);
		return;
	}
	enum db_status st = pf_store(f, ctx->db, sid, client, settings_submit_limit(), s, &out);
	if (st != DB_OK) {
		pf_db_failed(rs, &v, st);
		return;
	}
	pf_answer(rs, &v, s, &out);
}

static void pf_route(const struct proposal_form *f, struct handler_ctx *ctx,
                     const struct request *rq, struct response *rs)
{
	if (strcmp(rq->method, "POST") == 0)
		pf_post(f, ctx, rq, rs);
	else
		pf_get(f, ctx, rq, rs);
}

void submit_form_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	pf_route(ctx->route_arg, ctx, rq, rs);
}

/* A proposal form's route (proposal_list.h): GET shows it, POST files it;
 * one page, submit_form_route, for every form's entry. */
#define FORM_ROUTE(form, path_, type)                                                              \
	const struct route route_submit_##form = {.path = path_,                                   \
	                                          .methods = M_GET | M_POST,                       \
	                                          .fn = submit_form_route,                         \
	                                          .query = &submit_##form##_fields,                \
	                                          .formats = ROUTE_HJ,                             \
	                                          .body = &submit_##form##_body,                   \
	                                          .arg = &submit_##form##_form};
PROPOSAL_FORM_LIST(FORM_ROUTE)
