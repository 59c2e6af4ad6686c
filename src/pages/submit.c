/* submit: the proposal pages (docs/moderation.md): /submit (a word),
 * /submit/spell and /submit/name, one flow with a table entry each.
 *
 * Fields are read through form_read's allow-list; every value is kept as
 * typed (struct fields), so that any answer other than success shows the
 * form again with everything the person entered, the same submission id
 * and a valid CSRF token. Every problem of a proposal is reported at once
 * (docs/api.md, "Errors"). Nothing is written before the CSRF check
 * passed, and the answer to a stored proposal goes out only after its
 * commit. */
#include "submit.h"

#include <stdio.h>
#include <string.h>

#include "auth.h"
#include "catalog.h"
#include "confusable.h"
#include "proposal_types.h"
#include "fields.h"
#include "log.h"
#include "nameprop.h"
#include "page.h"
#include "render.h"
#include "settings.h"

static int is_sid(const char *s)
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

/* ---- the proposal forms: one flow, a table entry each ----
 *
 * /submit, /submit/spell and /submit/name (docs/moderation.md) answer
 * alike: a form with its token and id, its "received" page, and a POST
 * checked, stored and answered the same way (pf_get, pf_post). What
 * differs is a table entry, a struct proposal_form: the path, the
 * allow-list, the template and its sections, the functions that check,
 * store and show the form's own proposal. A new form of that shape is its
 * entry, those functions, and its state in union pf_state. */

/* What a form keeps while it answers one request: the proposal parsed
 * from a POST, and the row looked up or stored. */
union pf_state {
	struct {
		struct proposal p;
		struct db_submission row;
	} word;
	struct {
		struct spell_proposal p;
		struct db_spell_submission row;
		/* the form's parts of each slot as text cells, while parsing */
		char cells[SPELL_EFFECTS_MAX][SPELL_CELL_MAX + 1];
	} spell;
	struct {
		char name[NAMEPROP_BYTES_MAX + 1];
		struct db_name_submission row;
	} name;
};

/* A store's outcome in the flow's terms. */
struct pf_stored {
	enum submit_result result;
	long retry_after;  /* SUBMIT_LIMITED */
	char refusal[320]; /* SUBMIT_LIVE, _PENDING, _REJECTED: why (a 409) */
};

struct proposal_form {
	const char *path;         /* the form's action; ?received=ID shows a proposal */
	const char *const *names; /* the allow-list: csrf, submission_id, format,
	                           * received and the form's own fields */
	const char *template_name, *title;
	const char *form_section, *received_section; /* sections of the template */
	const char *thanks;                          /* the received page's heading */
	const char *row_key;                         /* the proposal's key in JSON answers */
	const char *unknown_id;                      /* the 404's sentence for ?received=ID */
	const char *key_field;                       /* the field a 409 names */
	/* The database's failures in the form's own words; NULL: the site's. */
	const char *down_message, *failed_message;
	/* Optional: the page's body above the form section (in: NULL or the
	 * fields read). */
	void (*fill_body)(struct tmpl_dict *body, const struct fields *in);
	/* The form's own fields, as typed (in: NULL or the fields read). */
	void (*fill_form)(struct tmpl_dict *f, const struct fields *in);
	/* The proposal in s's row: its own keys of the received section, and as JSON. */
	void (*fill_received)(struct tmpl_dict *r, const union pf_state *s);
	json_t *(*row_json)(const union pf_state *s);
	/* Optional: the GET's own checks of the fields read (problems into err). */
	void (*check_get)(const struct fields *in, struct proposal_error *err);
	/* Optional: the form's description for JSON clients; NULL: pf_json. */
	json_t *(*form_json)(const char *csrf, const char *sid, const struct fields *in);
	/* The row stored under sid into s's row; *found = 0 when none. */
	enum db_status (*lookup)(struct db *d, const char *sid, union pf_state *s, int *found);
	/* The proposal checked into s: every problem into *err (empty: it
	 * passed), a check across fields marked so. */
	void (*parse)(const struct fields *in, union pf_state *s, struct proposal_error *err);
	/* Stores s's proposal under sid for client (the row into s's row). */
	enum db_status (*store)(struct db *d, const char *sid,
	                        const uint8_t client[DBMOD_HASH_BYTES], unsigned limit,
	                        union pf_state *s, struct pf_stored *out);
};

struct pf_view {
	const struct proposal_form *f;
	int status;
	const struct fields *in; /* values to show as typed */
	const char *csrf, *sid;  /* the form's token and submission id */
	const struct form_error *errors;
	const union pf_state *received; /* the "received" page of its row instead of the form */
	int already;
};

/* Field i as typed, or "" (in: NULL or the fields read). */
static const char *typed_or_empty(const struct fields *in, int i)
{
	return in && in->v[i] ? in->v[i] : "";
}

/* The keys of a received section every form's template has. */
static void fill_row(struct tmpl_dict *r, const char *status, const char *sid, const char *created)
{
	tmpl_set(r, "STATUS", status);
	if (strcmp(status, "pending") == 0)
		tmpl_show(r, "PENDING");
	tmpl_set(r, "SID", sid);
	tmpl_set(r, "CREATED", created);
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
	               status == 400   ? form_error_code(message, NULL, 0)
	               : status == 409 ? "conflict"
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
	json_t *fields = json_array();

	if (v->f->form_json)
		return v->f->form_json(v->csrf, v->sid, v->in);
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
static json_t *pf_row_answer(const struct proposal_form *f, const union pf_state *s, int already)
{
	if (already)
		return json_pack("{s:o,s:b}", f->row_key, f->row_json(s), "already_received", 1);
	return json_pack("{s:o}", f->row_key, f->row_json(s));
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
	union pf_state s;
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
	if (!is_sid(received)) {
		pf_send_error(rs, &v, 400, "received", bad_received_id);
		return;
	}
	enum db_status st = f->lookup(ctx->db, received, &s, &found);
	if (st != DB_OK) {
		pf_db_failed(rs, &v, st);
		return;
	}
	if (!found) {
		pf_send_error(rs, &v, 404, "received", f->unknown_id);
		return;
	}
	if (in.json) {
		page_send_json(rs, 200, pf_row_answer(f, &s, 0));
		return;
	}
	v.received = &s;
	pf_send_html(rs, &v);
}

/* The answer to a store that reached the database. */
static void pf_answer(struct response *rs, struct pf_view *v, const union pf_state *s,
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
	}
}

/* A client past the hourly limit is answered 429 alone, before its
 * fields are checked (docs/moderation.md); but a form it sent before and
 * that was stored is "already received", as the store would answer. The
 * limit is read here as a hint: the store counts again, under the
 * client's lock, and a database that cannot be read now is the store's
 * to report. 1 when the answer has been sent. */
static int pf_limited(const struct proposal_form *f, struct handler_ctx *ctx, struct response *rs,
                      struct pf_view *v, const uint8_t client[DBMOD_HASH_BYTES],
                      const char *sent_sid, union pf_state *s)
{
	int over = 0, found = 0;
	long retry_after = 0;
	char msg[320];

	if (db_proposal_limited(ctx->db, client, settings_submit_limit(), &over, &retry_after) !=
	            DB_OK ||
	    !over)
		return 0;
	if (is_sid(sent_sid) && f->lookup(ctx->db, sent_sid, s, &found) == DB_OK && found)
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
	union pf_state s;
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
	if (is_sid(sent_sid))
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
	if (pf_limited(f, ctx, rs, &v, client, sent_sid, &s))
		return;
	if (!bad)
		err.n = 0;
	if (!is_sid(sent_sid) && !fields_has_problem(&err, "submission_id"))
		form_error_add(&err, "submission_id",
		               sent_sid && *sent_sid ? "malformed" : "missing", bad_form_id);
	f->parse(&in, &s, &perr);
	fields_add_problems(&err, &perr);
	fields_sort_errors(&in, &err);
	fields_add_cross(&err, &perr);
	if (err.n) {
		pf_send_errors(rs, &v, fields_errors_status(&err), &err);
		return;
	}
	enum db_status st = f->store(ctx->db, sid, client, settings_submit_limit(), &s, &out);
	if (st != DB_OK) {
		pf_db_failed(rs, &v, st);
		return;
	}
	pf_answer(rs, &v, &s, &out);
}

static void pf_route(const struct proposal_form *f, struct handler_ctx *ctx,
                     const struct request *rq, struct response *rs)
{
	if (strcmp(rq->method, "POST") == 0)
		pf_post(f, ctx, rq, rs);
	else
		pf_get(f, ctx, rq, rs);
}

/* ---- words: /submit (docs/moderation.md) ---- */

enum sf {
	SF_CSRF,
	SF_SID,
	SF_KIND,
	SF_PART,
	SF_WORD,
	SF_TIER,
	SF_SLOT,
	SF_FORMAT,
	SF_RECEIVED,
	SF_STAT0,
	SF_VALUE = SF_STAT0 + ST__MAX,
	SF_VALUE_MULT,
	SF_MARK,
	SF_CLASSES,
	SF__MAX
};

/* The allow-list; the stat names follow enum stat (recipe.h). */
/* clang-format off */
static const char *const sf_names[SF__MAX + 1] = {
	"csrf", "submission_id", "kind", "part", "word", "tier", "slot", "format", "received",
	STAT_NAME_INITS
	"value", "value_mult", "mark", "classes", NULL};
/* clang-format on */

static const char *typed(const void *ctx, const char *field)
{
	return fields_get(ctx, field);
}

static void add_option(struct tmpl_dict *d, const char *section, const char *value,
                       const char *label, int selected)
{
	struct tmpl_dict *o = tmpl_section(d, section);

	tmpl_set(o, "VALUE", value);
	tmpl_set(o, "LABEL", label);
	if (selected)
		tmpl_show(o, "SEL");
}

/* A kind or part sent that is none: kept in the chooser, selected and
 * marked, so that the page shows every value sent. */
static int add_refused(struct tmpl_dict *c, const char *section, const char *sent, int known)
{
	char label[FORM_VALUE_MAX + 16];

	if (!sent || !*sent || known)
		return 0;
	snprintf(label, sizeof label, "%s (not valid)", sent);
	add_option(c, section, sent, label, 1);
	return 1;
}

static void fill_chooser(struct tmpl_dict *body, enum kind k, enum part p, const char *kind,
                         const char *part)
{
	struct tmpl_dict *c = tmpl_section(body, "CHOOSER");
	int bad_kind = add_refused(c, "KIND_OPT", kind, kind && kind_from_name(kind) >= 0);
	int bad_part = add_refused(c, "PART_OPT", part,
	                           part && part_from_name(part) >= 0 &&
	                                   proposal_rules(k, (enum part)part_from_name(part)));

	for (int i = 0; i < K__MAX; i++)
		add_option(c, "KIND_OPT", kind_names[i], kind_names[i], !bad_kind && (int)k == i);
	for (int i = 0; i < P__MAX; i++)
		add_option(c, "PART_OPT", part_names[i], part_names[i], !bad_part && (int)p == i);
}

/* The kind and part the form shows: as sent when they name a part, else
 * weapon element. */
static void choose(const struct fields *in, enum kind *kind, enum part *part)
{
	int k = in && in->v[SF_KIND] ? kind_from_name(in->v[SF_KIND]) : -1;
	int p = in && in->v[SF_PART] ? part_from_name(in->v[SF_PART]) : -1;

	*kind = k >= 0 ? (enum kind)k : K_WEAPON;
	*part = p >= 0 ? (enum part)p : P_ELEMENT;
	if (!proposal_rules(*kind, *part))
		*part = P_ELEMENT;
}

static void word_fill_body(struct tmpl_dict *body, const struct fields *in)
{
	enum kind k;
	enum part p;

	choose(in, &k, &p);
	fill_chooser(body, k, p, in ? in->v[SF_KIND] : NULL, in ? in->v[SF_PART] : NULL);
}

/* The form for the chosen kind and part, filled with the values as typed
 * (or the part's defaults). */
static void word_fill_form(struct tmpl_dict *f, const struct fields *in)
{
	struct proposal defaults;
	const struct part_rules *r;

	memset(&defaults, 0, sizeof(defaults));
	choose(in, &defaults.kind, &defaults.part);
	r = proposal_rules(defaults.kind, defaults.part);
	for (size_t i = 0; r && i < r->n_stats; i++)
		defaults.stat[r->stats[i].stat] = stat_range_default(&r->stats[i]);
	tmpl_set(f, "KIND", kind_names[defaults.kind]);
	tmpl_set(f, "PART", part_names[defaults.part]);
	if (in && in->v[SF_WORD])
		tmpl_set(f, "WORD", in->v[SF_WORD]);
	page_proposal_fields(f, &defaults, in ? typed : NULL, in);
}

static void word_fill_received(struct tmpl_dict *r, const union pf_state *s)
{
	const struct db_submission *row = &s->word.row;

	tmpl_set(r, "WORD", row->p.word);
	tmpl_set(r, "KIND", kind_names[row->p.kind]);
	tmpl_set(r, "PART", part_names[row->p.part]);
	fill_row(r, row->status, row->sid, row->created);
}

static json_t *word_row_json(const union pf_state *s)
{
	return page_submission_json(&s->word.row);
}

static enum db_status word_lookup(struct db *d, const char *sid, union pf_state *s, int *found)
{
	return db_proposal_by_sid(d, &proposal_word, sid, &s->word.row, found);
}

/* GET /submit?kind=K&part=P: a kind that is none, a part the kind has
 * not. */
static void word_check_get(const struct fields *in, struct proposal_error *err)
{
	enum kind k;
	enum part p;
	int pp = in->v[SF_PART] ? part_from_name(in->v[SF_PART]) : -1;

	choose(in, &k, &p);
	if (in->v[SF_KIND] && kind_from_name(in->v[SF_KIND]) < 0)
		proposal_error_add(err, "kind", "not_one_of", 0, "%s", kind_choices());
	if (in->v[SF_PART] && (pp < 0 || !proposal_rules(k, (enum part)pp)))
		proposal_error_add(err, "part", "not_one_of", 0, "a %s has no such part",
		                   kind_names[k]);
}

/* The form's description for JSON clients (curl): token, id, and the
 * fields of the chosen part with their ranges. */
static json_t *word_form_json(const char *csrf, const char *sid, const struct fields *in)
{
	struct {
		enum kind kind;
		enum part part;
	} view, *v = &view;
	choose(in, &view.kind, &view.part);
	const struct part_rules *r = proposal_rules(v->kind, v->part);
	json_t *fields = json_array(), *o;

	for (size_t i = 0; fields && r && i < r->n_stats; i++) {
		const struct stat_range *rg = &r->stats[i];
		o = json_pack("{s:s,s:i,s:i,s:i}", "name", stat_names[rg->stat], "min", rg->min,
		              "max", rg->max, "default", stat_range_default(rg));
		if (json_array_append_new(fields, o) != 0)
			goto oom;
	}
	if (fields && r) {
		/* SPEC §7: a base's value, or another part's value_mult */
		uint32_t lo, hi;
		proposal_worth_range(v->part, &lo, &hi);
		o = json_pack("{s:s,s:I,s:I,s:I}", "name", proposal_worth_field(v->part), "min",
		              (json_int_t)lo, "max", (json_int_t)hi, "default",
		              (json_int_t)proposal_worth_default(v->part, 0));
		if (json_array_append_new(fields, o) != 0)
			goto oom;
	}
	if (fields && r && r->has_tier &&
	    json_array_append_new(fields, json_pack("{s:s,s:i,s:i,s:b}", "name", "tier", "min", 1,
	                                            "max", TIER_MAX, "required", 1)) != 0)
		goto oom;
	if (fields && r && r->slots) {
		json_t *choices = json_array();
		for (int i = 1; choices && i < SLOT__MAX; i++)
			if ((r->slots & (1u << i)) &&
			    json_array_append_new(choices, json_string(slot_names[i])) != 0)
				break;
		if (json_array_append_new(fields, json_pack("{s:s,s:o,s:b}", "name", "slot",
		                                            "choices", choices, "required", 1)) !=
		    0)
			goto oom;
	}
	if (fields && r && proposal_takes_classes(v->kind, v->part)) {
		/* SPEC §12: the kind's material classes in the current catalog */
		const struct catalog *cat = catalog_acquire();
		const char *names[CATALOG_CLASSES_MAX];
		size_t n = catalog_kind_classes(cat, v->kind, names, CATALOG_CLASSES_MAX);
		json_t *choices = json_array();
		for (size_t i = 0; choices && i < n; i++)
			if (json_array_append_new(choices, json_string(names[i])) != 0)
				break;
		catalog_release(cat);
		if (json_array_append_new(
		            fields, json_pack("{s:s,s:o,s:i,s:i,s:b}", "name", "classes", "choices",
		                              choices, "min", 1, "max",
		                              v->part == P_MATERIAL ? 1 : PROPOSAL_CLASSES_MAX,
		                              "required", 1)) != 0)
			goto oom;
	}
	if (fields && r && proposal_may_be_worse(v->kind, v->part) &&
	    json_array_append_new(fields,
	                          json_pack("{s:s,s:[s],s:i,s:i,s:b}", "name", "classes", "choices",
	                                    "worse", "min", 0, "max", 1, "required", 0)) != 0)
		goto oom;
	if (fields && r && r->has_mark &&
	    json_array_append_new(fields, json_pack("{s:s,s:[s,s],s:b}", "name", "mark", "choices",
	                                            "good", "bad", "required", 1)) != 0)
		goto oom;
	return json_pack("{s:s,s:s,s:s,s:s,s:o}", "csrf", csrf, "submission_id", sid, "kind",
	                 kind_names[v->kind], "part", part_names[v->part], "fields", fields);
oom:
	json_decref(fields);
	return NULL;
}

int submit_known_classes(const struct proposal *p, struct proposal_error *err)
{
	const struct catalog *cat = catalog_acquire();
	const char *names[CATALOG_CLASSES_MAX];
	size_t n = catalog_kind_classes(cat, p->kind, names, CATALOG_CLASSES_MAX);
	int rc = 0;

	/* A catalog without classes for the kind (before migration 0016)
	 * knows none to hold a proposal to; a prefix's `worse` is checked by
	 * proposal_parse. */
	for (const char *c = proposal_may_be_worse(p->kind, p->part) ? "" : p->classes;
	     n && *c && rc == 0;) {
		size_t len = strcspn(c, " "), i = 0;
		while (i < n && !(strlen(names[i]) == len && memcmp(names[i], c, len) == 0))
			i++;
		if (i == n) {
			char msg[PROPOSAL_MESSAGE_MAX];
			size_t used = (size_t)snprintf(
			        msg, sizeof msg, "\"%.*s\" is not a class of %s materials: one of ",
			        (int)len, c, kind_names[p->kind]);
			for (size_t j = 0; j < n && used < sizeof msg; j++)
				used += (size_t)snprintf(msg + used, sizeof msg - used, "%s%s",
				                         j ? ", " : "", names[j]);
			rc = proposal_error_add(err, "classes", "not_one_of", 0, "%s", msg);
		}
		c += len;
		while (*c == ' ')
			c++;
	}
	catalog_release(cat);
	return rc;
}

/* Whether err lists a problem of field. */
static int has_problem(const struct proposal_error *err, const char *field)
{
	for (int i = 0; i < err->n; i++)
		if (err->list[i].field && strcmp(err->list[i].field, field) == 0)
			return 1;
	return 0;
}

/* The word checked by proposal_parse, then against the current catalog:
 * its classes (SPEC §12), look-alikes of live words; and, when another
 * field is refused anyway, whether it is live already (the store checks
 * that itself, in its transaction, for a proposal that passes). */
static void word_parse(const struct fields *in, union pf_state *s, struct proposal_error *err)
{
	struct proposal *p = &s->word.p;
	struct proposal_input pin = {.kind = in->v[SF_KIND],
	                             .part = in->v[SF_PART],
	                             .word = in->v[SF_WORD],
	                             .tier = in->v[SF_TIER],
	                             .slot = in->v[SF_SLOT],
	                             .mark = in->v[SF_MARK],
	                             .classes = in->v[SF_CLASSES],
	                             .value = in->v[SF_VALUE],
	                             .value_mult = in->v[SF_VALUE_MULT]};

	for (int i = 0; i < ST__MAX; i++)
		pin.stat[i] = in->v[SF_STAT0 + i];
	proposal_parse(&pin, p, err);
	int table = !has_problem(err, "kind") && !has_problem(err, "part");
	int word = !has_problem(err, "word") && p->word[0];
	if (table && !has_problem(err, "classes"))
		submit_known_classes(p, err);
	if (word)
		confusable_refuse(p->word, "word", err);
	if (table && word && err->n) {
		const struct catalog *cat = catalog_acquire();
		const struct entry *e = cat ? catalog_find(cat, p->kind, p->part, p->word) : NULL;
		if (e)
			proposal_error_add(err, "word", "conflict", 1, "“%s” is already a %s %s.",
			                   p->word, kind_names[p->kind], part_names[p->part]);
		if (cat)
			catalog_release(cat);
	}
}

/* The store's refusals in the words of the word form. */
static enum db_status word_store(struct db *d, const char *sid,
                                 const uint8_t client[DBMOD_HASH_BYTES], unsigned limit,
                                 union pf_state *s, struct pf_stored *o)
{
	struct submit_outcome out;
	const struct proposal *p = &s->word.p;
	const char *what = part_names[p->part];
	enum db_status st =
	        db_proposal_submit(d, &proposal_word, sid, p, client, limit, &out, &s->word.row);

	if (st != DB_OK)
		return st;
	o->result = out.result;
	o->retry_after = out.retry_after;
	switch (out.result) {
	case SUBMIT_LIVE:
		snprintf(o->refusal, sizeof(o->refusal),
		         out.live_active
		                 ? "“%s” is already a %s %s."
		                 : "“%s” is already a %s %s (retired, so it is not rolled).",
		         p->word, kind_names[p->kind], what);
		break;
	case SUBMIT_PENDING:
		snprintf(o->refusal, sizeof(o->refusal),
		         "“%s” has been proposed as a %s %s already and waits for a moderator.",
		         p->word, kind_names[p->kind], what);
		break;
	case SUBMIT_REJECTED:
		snprintf(o->refusal, sizeof(o->refusal),
		         "“%s” was rejected on %s; it can be proposed again after %s.", p->word,
		         out.rejected_on, out.again_after);
		break;
	default:
		break;
	}
	return DB_OK;
}

static const struct proposal_form word_form = {
        .path = "/submit",
        .names = sf_names,
        .template_name = "submit.tpl",
        .title = "Propose a word",
        .form_section = "FORM",
        .received_section = "RECEIVED",
        .thanks = "Thank you: received",
        .row_key = "submission",
        .unknown_id = "there is no proposal with this id",
        .key_field = "word",
        .down_message = "The database cannot be reached right now, so nothing was saved. Your "
                        "proposal is below: please send it again in a few seconds.",
        .failed_message = "Something went wrong on our side, so nothing was saved. Please try "
                          "again later.",
        .fill_body = word_fill_body,
        .fill_form = word_fill_form,
        .fill_received = word_fill_received,
        .row_json = word_row_json,
        .check_get = word_check_get,
        .form_json = word_form_json,
        .lookup = word_lookup,
        .parse = word_parse,
        .store = word_store,
};

/* ---- spells: /submit/spell (docs/moderation.md "Spells") ---- */

/* An effect slot is either one text cell (effectN, "heal 2 6 3 1", the
 * syntax of sql/data/spells.tsv, for curl) or its parts, as the HTML form
 * sends them: effectN_kind and effectN_p1..effectN_p5 (docs/form.md). */
#define SP_SLOT_FIELDS (1 + SPELL_PARAMS)
enum spf {
	SP_CSRF,
	SP_SID,
	SP_NAME,
	SP_MANA,
	SP_LEVEL,
	SP_TIER,
	SP_EFFECT1,
	SP_FORMAT = SP_EFFECT1 + SPELL_EFFECTS_MAX,
	SP_RECEIVED,
	SP_SLOT1, /* effect1_kind, effect1_p1..p5, effect2_kind, ... */
	SP__MAX = SP_SLOT1 + SPELL_EFFECTS_MAX * SP_SLOT_FIELDS
};
#define SLOT_NAMES(n)                                                                              \
	"effect" #n "_kind", "effect" #n "_p1", "effect" #n "_p2", "effect" #n "_p3",              \
	        "effect" #n "_p4", "effect" #n "_p5"
static const char *const sp_names[SP__MAX + 1] = {
        "csrf",        "submission_id", "name",        "mana",        "level",
        "tier",        "effect1",       "effect2",     "effect3",     "effect4",
        "effect5",     "format",        "received",    SLOT_NAMES(1), SLOT_NAMES(2),
        SLOT_NAMES(3), SLOT_NAMES(4),   SLOT_NAMES(5), NULL};

/* The choices of a table param as "1 fire, 2 cold, ...", for the hints. */
static void table_choices(int table, char *dst, size_t cap)
{
	size_t used = 0;
	enum spell_table t = (enum spell_table)(table - 1);

	dst[0] = '\0';
	for (int i = 1; i <= spell_table_count(t) && used < cap; i++)
		used += (size_t)snprintf(dst + used, cap - used, "%s%d %s", i > 1 ? ", " : "", i,
		                         spell_table_word(t, i));
}

/* What each param of each kind means, from spell.c's one table: the hint
 * table under the effects (read by public/spell-form.js to label the
 * inputs of the chosen kind). */
static void spell_fill_kinds(struct tmpl_dict *f)
{
	for (int k = EFFECT_NONE + 1; k < EFFECT__MAX; k++) {
		struct tmpl_dict *row = tmpl_section(f, "KIND_HELP");
		tmpl_set(row, "KIND", spell_effect_kind_name(k));
		tmpl_set(row, "ABOUT", spell_effect_about(k));
		for (int i = 0; i < SPELL_PARAMS; i++) {
			struct tmpl_dict *c = tmpl_section(row, "PARAM");
			struct spell_param_info pi;
			char range[48], choices[400];

			tmpl_set_int(c, "N", i + 1);
			if (spell_param_info(k, i, &pi) != 0) {
				tmpl_show(c, "UNUSED");
				continue;
			}
			tmpl_show(c, "USED");
			tmpl_set(c, "LABEL", pi.label);
			tmpl_set(c, "HELP", pi.help);
			tmpl_set_int(c, "MIN", pi.lo);
			tmpl_set_int(c, "MAX", pi.hi);
			if (pi.table) {
				table_choices(pi.table, choices, sizeof choices);
				tmpl_set(c, "CHOICES", choices);
				tmpl_show(c, "TABLE");
			} else {
				snprintf(range, sizeof range, "%d to %d%s", (int)pi.lo, (int)pi.hi,
				         pi.nonzero ? ", not 0" : "");
				tmpl_set(c, "RANGE", range);
				tmpl_show(c, "NUMBER");
			}
		}
	}
}

static void spell_fill_form(struct tmpl_dict *f, const struct fields *in)
{
	static const char *const keys[] = {"NAME", "MANA", "LEVEL", "TIER"};

	for (int i = SP_NAME; i <= SP_TIER; i++)
		tmpl_set(f, keys[i - SP_NAME], typed_or_empty(in, i));
	for (int i = 0; i < SPELL_EFFECTS_MAX; i++) {
		struct tmpl_dict *e = tmpl_section(f, "EFFECT");
		int at = SP_SLOT1 + i * SP_SLOT_FIELDS;
		const char *kind = typed_or_empty(in, at);

		tmpl_set_int(e, "N", i + 1);
		tmpl_set(e, "KIND_FIELD", sp_names[at]);
		for (int k = EFFECT_NONE + 1; k < EFFECT__MAX; k++) {
			struct tmpl_dict *o = tmpl_section(e, "OPT");
			tmpl_set(o, "VALUE", spell_effect_kind_name(k));
			tmpl_set(o, "LABEL", spell_effect_kind_name(k));
			if (strcmp(kind, spell_effect_kind_name(k)) == 0)
				tmpl_show(o, "SEL");
		}
		for (int p = 0; p < SPELL_PARAMS; p++) {
			struct tmpl_dict *pd = tmpl_section(e, "P");
			tmpl_set_int(pd, "N", p + 1);
			tmpl_set(pd, "FIELD", sp_names[at + 1 + p]);
			tmpl_set(pd, "VALUE", typed_or_empty(in, at + 1 + p));
		}
		/* A cell typed as text (curl) is shown as such after an error. */
		if (in && in->v[SP_EFFECT1 + i] && in->v[SP_EFFECT1 + i][0]) {
			struct tmpl_dict *t = tmpl_section(e, "TEXT");
			tmpl_set(t, "FIELD", sp_names[SP_EFFECT1 + i]);
			tmpl_set(t, "VALUE", in->v[SP_EFFECT1 + i]);
		}
	}
	spell_fill_kinds(f);
}

static void spell_fill_received(struct tmpl_dict *r, const union pf_state *s)
{
	const struct db_spell_submission *row = &s->spell.row;
	char effects[SPELL_EFFECTS_TEXT_MAX + 1];

	tmpl_set(r, "NAME", row->p.name);
	if (spell_effects_text(&row->p, effects, sizeof effects) >= 0)
		tmpl_set(r, "EFFECTS", effects);
	fill_row(r, row->status, row->sid, row->created);
}

static json_t *spell_row_json(const union pf_state *s)
{
	const struct db_spell_submission *row = &s->spell.row;
	char effects[SPELL_EFFECTS_TEXT_MAX + 1];

	if (spell_effects_text(&row->p, effects, sizeof effects) < 0)
		effects[0] = '\0';
	return json_pack("{s:s,s:s,s:i,s:i,s:i,s:s,s:s,s:s}", "submission_id", row->sid, "name",
	                 row->p.name, "mana", row->p.mana, "level", row->p.level, "tier",
	                 row->p.tier, "effects", effects, "status", row->status, "created",
	                 row->created);
}

static enum db_status spell_lookup(struct db *d, const char *sid, union pf_state *s, int *found)
{
	return db_proposal_by_sid(d, &proposal_spell, sid, &s->spell.row, found);
}

static int sent(const char *v)
{
	return v && v[0];
}

/* A param as sent by the form: empty (0) or an optional minus and 1..5
 * digits, so it cannot carry a second number or another cell. */
static int param_ok(const char *v)
{
	size_t n = 0;

	if (!sent(v))
		return 1;
	if (*v == '-')
		v++;
	for (; *v; v++, n++)
		if (*v < '0' || *v > '9' || n == 5)
			return 0;
	return n > 0;
}

/* Slot i's parts (effectN_kind, effectN_p1..p5) as one text cell in cell;
 * "" when the slot has no kind. 0, or -1 with every problem added to
 * *err, each naming its field. */
static int slot_cell(const struct fields *in, int i, char *cell, size_t cap,
                     struct proposal_error *err)
{
	int at = SP_SLOT1 + i * SP_SLOT_FIELDS, rc = 0;
	const char *kind = in->v[at];
	size_t used;

	cell[0] = '\0';
	for (int p = 0; p < SPELL_PARAMS; p++)
		if (!param_ok(in->v[at + 1 + p]))
			rc = proposal_error_add(err, sp_names[at + 1 + p], "malformed", 0,
			                        "must be a whole number (or empty for 0)");
	if (!sent(kind) || strcmp(kind, "none") == 0)
		return rc;
	if (sent(in->v[SP_EFFECT1 + i]))
		return proposal_error_add(
		        err, sp_names[SP_EFFECT1 + i], "duplicate", 0,
		        "give effect %d either as text (%s) or by its parts (%s), not both", i + 1,
		        sp_names[SP_EFFECT1 + i], sp_names[at]);
	if (rc)
		return rc;
	used = (size_t)snprintf(cell, cap, "%s", kind);
	for (int p = 0; p < SPELL_PARAMS && used < cap; p++)
		used += (size_t)snprintf(cell + used, cap - used, " %s",
		                         sent(in->v[at + 1 + p]) ? in->v[at + 1 + p] : "0");
	return 0;
}

/* The spell checked as the catalog loader checks one; each slot is its
 * text cell or its parts, which become a cell of the same syntax. The
 * slots' own problems (a param that is no number, a slot given twice) are
 * listed with the spell's; a slot with one is left out of its check. */
static void spell_parse(const struct fields *in, union pf_state *s, struct proposal_error *err)
{
	struct spell_proposal_input pin = {
	        .name = in->v[SP_NAME],
	        .mana = in->v[SP_MANA],
	        .level = in->v[SP_LEVEL],
	        .tier = in->v[SP_TIER],
	};
	struct proposal_error slots;

	proposal_error_init(&slots);
	for (int i = 0; i < SPELL_EFFECTS_MAX; i++) {
		char *cell = s->spell.cells[i];
		int bad = slot_cell(in, i, cell, sizeof s->spell.cells[i], &slots) != 0;
		pin.effect[i] = bad ? NULL : cell[0] ? cell : in->v[SP_EFFECT1 + i];
	}
	if (spell_proposal_parse(&pin, &s->spell.p, err) != 0 && slots.n) {
		/* the slots' problems join the spell's; an effect given wrong is
		 * not "missing" */
		struct proposal_error spell = *err;
		proposal_error_init(err);
		for (int i = 0; i < spell.n; i++)
			if (strcmp(spell.list[i].code, "missing") != 0 ||
			    strcmp(spell.list[i].field, "effect1") != 0)
				proposal_error_add(err, spell.list[i].field, spell.list[i].code,
				                   spell.list[i].cross, "%s",
				                   spell.list[i].message);
	}
	for (int i = 0; i < slots.n; i++)
		proposal_error_add(err, slots.list[i].field, slots.list[i].code, 0, "%s",
		                   slots.list[i].message);
	int name_ok = !has_problem(err, "name") && s->spell.p.name[0];
	if (!name_ok)
		return;
	confusable_refuse(s->spell.p.name, "name", err);
	if (err->n) { /* refused anyway: say too if the name is a spell already */
		const struct catalog *cat = catalog_acquire();
		char key[CATALOG_KEY_MAX], other[CATALOG_KEY_MAX];
		for (size_t i = 0; cat && i < cat->n_spells; i++)
			if (catalog_key(s->spell.p.name, key, sizeof key) == 0 &&
			    catalog_key(cat->spells[i].s.name, other, sizeof other) == 0 &&
			    strcmp(key, other) == 0) {
				proposal_error_add(err, "name", "conflict", 1,
				                   "“%s” is already a spell.", s->spell.p.name);
				break;
			}
		if (cat)
			catalog_release(cat);
	}
}

/* A live spell of the name, or a pending proposal of it, is refused; so is
 * a rejected one, though the lifecycle never answers that for spells (a name may be
 * proposed again). */
static enum db_status spell_store(struct db *d, const char *sid,
                                  const uint8_t client[DBMOD_HASH_BYTES], unsigned limit,
                                  union pf_state *s, struct pf_stored *o)
{
	struct submit_outcome out;
	const char *name = s->spell.p.name;
	enum db_status st = db_proposal_submit(d, &proposal_spell, sid, &s->spell.p, client, limit,
	                                       &out, &s->spell.row);

	if (st != DB_OK)
		return st;
	o->result = out.result;
	o->retry_after = out.retry_after;
	switch (out.result) {
	case SUBMIT_LIVE:
		snprintf(o->refusal, sizeof(o->refusal), "“%s” is already a spell.", name);
		break;
	case SUBMIT_PENDING:
	case SUBMIT_REJECTED:
		snprintf(o->refusal, sizeof(o->refusal),
		         "“%s” has been proposed as a spell already and waits for a moderator.",
		         name);
		break;
	default:
		break;
	}
	return DB_OK;
}

static const struct proposal_form spell_form = {
        .path = "/submit/spell",
        .names = sp_names,
        .template_name = "submit.tpl",
        .title = "Propose a spell",
        .form_section = "SPELL_FORM",
        .received_section = "SPELL_RECEIVED",
        .thanks = "Thank you",
        .row_key = "spell_submission",
        .unknown_id = "there is no spell proposal with this id",
        .key_field = "name",
        .fill_form = spell_fill_form,
        .fill_received = spell_fill_received,
        .row_json = spell_row_json,
        .lookup = spell_lookup,
        .parse = spell_parse,
        .store = spell_store,
};

/* ---- training names: /submit/name (docs/moderation.md "Training names") ---- */

enum nf { NF_CSRF, NF_SID, NF_NAME, NF_FORMAT, NF_RECEIVED, NF__MAX };
static const char *const nf_names[NF__MAX + 1] = {"csrf",   "submission_id", "name",
                                                  "format", "received",      NULL};

static void name_fill_form(struct tmpl_dict *f, const struct fields *in)
{
	tmpl_set(f, "NAME", typed_or_empty(in, NF_NAME));
}

static void name_fill_received(struct tmpl_dict *r, const union pf_state *s)
{
	const struct db_name_submission *row = &s->name.row;

	tmpl_set(r, "NAME", row->name);
	fill_row(r, row->status, row->sid, row->created);
}

static json_t *name_row_json(const union pf_state *s)
{
	const struct db_name_submission *row = &s->name.row;

	return json_pack("{s:s,s:s,s:s,s:s}", "submission_id", row->sid, "name", row->name,
	                 "status", row->status, "created", row->created);
}

static enum db_status name_lookup(struct db *d, const char *sid, union pf_state *s, int *found)
{
	return db_proposal_by_sid(d, &proposal_name, sid, &s->name.row, found);
}

/* The name checked by nameprop_parse, against the current catalog's chain
 * when there is one (the database checks again when it stores it): a name
 * the chain trains on already is a conflict (409). */
static void name_parse(const struct fields *in, union pf_state *s, struct proposal_error *err)
{
	const struct catalog *cat = catalog_acquire();
	int rc = nameprop_parse(in->v[NF_NAME], cat ? cat->chain : NULL, s->name.name, err);

	if (cat)
		catalog_release(cat);
	if (rc == 0)
		confusable_refuse(s->name.name, "name", err);
}

/* Refused: a training name already (in any case), one pending, or one
 * rejected in the last 30 days. */
static enum db_status name_store(struct db *d, const char *sid,
                                 const uint8_t client[DBMOD_HASH_BYTES], unsigned limit,
                                 union pf_state *s, struct pf_stored *o)
{
	struct submit_outcome out;
	const char *name = s->name.name;
	enum db_status st =
	        db_proposal_submit(d, &proposal_name, sid, name, client, limit, &out, &s->name.row);

	if (st != DB_OK)
		return st;
	o->result = out.result;
	o->retry_after = out.retry_after;
	switch (out.result) {
	case SUBMIT_LIVE:
		snprintf(o->refusal, sizeof(o->refusal), "“%s” is a training name already", name);
		break;
	case SUBMIT_PENDING:
		snprintf(o->refusal, sizeof(o->refusal),
		         "“%s” has been proposed already and waits for a moderator", name);
		break;
	case SUBMIT_REJECTED:
		snprintf(o->refusal, sizeof(o->refusal),
		         "“%s” was rejected on %s; it can be proposed again after %s", name,
		         out.rejected_on, out.again_after);
		break;
	default:
		break;
	}
	return DB_OK;
}

static const struct proposal_form name_form = {
        .path = "/submit/name",
        .names = nf_names,
        .template_name = "submit.tpl",
        .title = "Propose a name",
        .form_section = "NAME_FORM",
        .received_section = "NAME_RECEIVED",
        .thanks = "Thank you",
        .row_key = "name_submission",
        .unknown_id = "there is no name proposal with this id",
        .key_field = "name",
        .fill_form = name_fill_form,
        .fill_received = name_fill_received,
        .row_json = name_row_json,
        .lookup = name_lookup,
        .parse = name_parse,
        .store = name_store,
};

/* ---- the routes ---- */

void submit_name_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	pf_route(&name_form, ctx, rq, rs);
}

void submit_spell_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	pf_route(&spell_form, ctx, rq, rs);
}

void submit_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	pf_route(&word_form, ctx, rq, rs);
}
