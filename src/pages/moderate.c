/* moderate: the moderation queue (docs/moderation.md); login is login.c,
 * logout logout.c.
 *
 * Order of checks for everything under /moderate: the session first (401
 * without one, whatever the method or path: moderate_guard, which the
 * router runs before it looks at the method), then the method and path
 * (405/404, answered by the guard in the queue's page), then, for a POST,
 * the body, the fields and the session's CSRF token (403) — so nothing is
 * read or changed for a client that has not proven who it is. Every
 * decision is written to the moderation log in the database, in the same
 * transaction, and to stderr. The proposal types are listed and decided
 * by one flow (send_queue_errors, decide), through a struct decision each
 * (moderate_int.h), in its type's page file: the lifecycle's descriptor
 * and what the queue says of that type. */
#include "moderate.h"
#include "pages.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistr.h>

#include "arena.h"
#include "auth.h"
#include "dbwords.h"
#include "fields.h"
#include "log.h"
#include "login.h"
#include "messages.h"
#include "page.h"
#include "proposal.h"
#include "proposal_types.h"
#include "render.h"
#include "moderate_int.h"
#include "proposal_list.h"
#include "submit.h"

enum mf {
	MF_CSRF,
	MF_ID,
	MF_TIER,
	MF_SLOT,
	MF_REASON,
	MF_FORMAT,
	MF_APPROVED,
	MF_REJECTED,
	MF_STAT0,
	MF_KIND = MF_STAT0 + ST__MAX,
	MF_PART,
	MF_WORD,
	MF_VALUE,
	MF_VALUE_MULT,
	MF_MARK,
	MF_CLASSES,
	MF_TYPE,
	MF__MAX
};

/* The allow-list, in the order of enum mf; the stats from STAT_LIST. */
/* clang-format off */
static const char *const mf_names[MF__MAX + 1] = {
	"csrf", "id", "tier", "slot", "reason", "format", "approved", "rejected",
	STAT_NAME_INITS
	"kind", "part", "word", "value", "value_mult", "mark", "classes", "type", NULL};
/* clang-format on */

#define LONG_FIELDS (UINT64_C(1) << MF_REASON)
const struct field_table moderate_body = FIELD_NAMES(mf_names, LONG_FIELDS);

static int read_fields(const struct request *rq, int post, struct fields *in,
                       struct form_error *err)
{
	return fields_read(in, mf_names, LONG_FIELDS, rq, post, err);
}

/* A decimal id 1..4294967295, digits only. 0 when malformed. */
static uint32_t parse_id(const char *s)
{
	uint64_t v = 0;
	size_t i = 0;

	for (; s && s[i]; i++) {
		if (s[i] < '0' || s[i] > '9' || i == 10)
			return 0;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	return i > 0 && v <= UINT32_MAX ? (uint32_t)v : 0;
}

/* ---- pages ---- */

/* 401: the page that sends people to /login. */
static void send_login_needed(struct response *rs, int json)
{
	static const char msg[] = "Only moderators may do this; please log in first.";

	if (json) {
		page_send_json_error(rs, 401, NULL, msg);
		return;
	}
	struct tmpl_dict *d = page_new("Moderators only");
	tmpl_show(page_body(d, "moderate.tpl"), "LOGIN_NEEDED");
	page_send_html(rs, 401, d);
}

static const char *typed(const void *ctx, const char *field)
{
	return fields_get(ctx, field);
}

void moderate_keep_reason(struct tmpl_dict *it, const struct kept *k, const struct decision *t,
                          uint32_t id)
{
	if (k->list == t && k->id == id && k->in->v[MF_REASON])
		tmpl_set(tmpl_section(it, "KEPT_REASON"), "VALUE", k->in->v[MF_REASON]);
}

/* Every type's decision, in the list's order: the queue's. */
#define DECISION_ENTRY(type, table, prefix) &type##_decision,
static const struct decision *const decisions[] = {PROPOSAL_TYPE_LIST(DECISION_ENTRY)};
#define N_DECISIONS (sizeof decisions / sizeof *decisions)

/* The kinds and parts "Change a live word" offers, as choices rather than
 * free text; from recipe.c's names, so a new kind or part is listed
 * without a change here. */
static void live_choice(struct tmpl_dict *q, const char *section, const char *value,
                        const char *sent, int refused)
{
	struct tmpl_dict *o = tmpl_section(q, section);

	tmpl_set(o, "VALUE", value);
	if (sent && strcmp(sent, value) == 0)
		tmpl_show(o, "SEL");
	if (refused)
		tmpl_show(o, "BAD");
}

/* The choices, with the values a refused change sent kept (a value that
 * is none of them added, marked). */
static void fill_live_choices(struct tmpl_dict *q, const struct fields *in)
{
	const char *kind = in->v[MF_KIND], *part = in->v[MF_PART];

	for (int k = 0; k < K__MAX; k++)
		if (kind_names[k])
			live_choice(q, "KIND_OPT", kind_names[k], kind, 0);
	if (kind && *kind && kind_from_name(kind) < 0)
		live_choice(q, "KIND_OPT", kind, kind, 1);
	for (int p = 0; p < P__MAX; p++)
		if (part_names[p])
			live_choice(q, "PART_OPT", part_names[p], part, 0);
	if (part && *part && part_from_name(part) < 0)
		live_choice(q, "PART_OPT", part, part, 1);
	if (in->v[MF_WORD])
		tmpl_set(tmpl_section(q, "KEPT_WORD"), "VALUE", in->v[MF_WORD]);
}

static void fill_done(struct handler_ctx *ctx, struct tmpl_dict *q, const struct fields *in);

/* The queue page: 200, or the status of the problems of e (NULL: none)
 * listed above it, with the values of the POST kept (k: NULL for none). */
static void send_queue_errors(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                              const struct fields *in, int status, const struct form_error *e,
                              const struct kept *k)
{
	struct kept none = {.in = in, .list = NULL, .id = 0};
	struct form_error down = {.n = 0};
	const char *message = NULL;
	/* each type's pending rows, from the request's arena (a spell's
	 * record is large) */
	void *rows[N_DECISIONS] = {NULL};
	unsigned long total[N_DECISIONS] = {0};
	size_t n[N_DECISIONS] = {0};
	enum db_status st = DB_OK;

	for (size_t i = 0; i < N_DECISIONS && st == DB_OK; i++) {
		const struct decision *t = decisions[i];
		rows[i] = arena_alloc(&ctx->arena, DBMOD_PENDING_MAX * t->row_size);
		st = rows[i] ? db_proposal_pending(ctx->db, t->type, rows[i], DBMOD_PENDING_MAX,
		                                   &n[i], &total[i])
		             : DB_ERROR;
	}
	if (st != DB_OK) {
		rs->allow = NULL; /* the answer is no longer the 405 it may have been */
		status = http_db_failure(rs, st == DB_DOWN, &message);
		form_error_add(&down, NULL, render_error_code(status), message);
		e = &down;
	}
	if (!k)
		k = &none;
	if (in->json) {
		if (e) {
			page_send_json_errors(rs, status, e);
			return;
		}
		json_t *o = json_pack("{s:s,s:s}", "moderator", a->m.name, "csrf", a->csrf);
		for (size_t i = 0; o && i < N_DECISIONS; i++) {
			const struct decision *t = decisions[i];
			json_t *list = json_array();
			for (size_t r = 0; list && r < n[i]; r++)
				if (json_array_append_new(list, t->row_json((const char *)rows[i] +
				                                            r * t->row_size)) !=
				    0) {
					json_decref(list);
					list = NULL;
				}
			if (!list ||
			    json_object_set_new(o, t->total_key,
			                        json_integer((json_int_t)total[i])) != 0 ||
			    json_object_set_new(o, t->pending_key, list) != 0) {
				json_decref(o);
				o = NULL;
			}
		}
		page_send_json(rs, 200, o);
		return;
	}

	struct tmpl_dict *d = page_new("Moderation");
	struct tmpl_dict *q = tmpl_section(page_body(d, "moderate.tpl"), "QUEUE");
	if (e)
		page_errors(d, e);
	tmpl_set(q, "MODERATOR", a->m.name);
	tmpl_set(q, "CSRF", a->csrf);
	fill_live_choices(q, in);
	fill_done(ctx, q, in);
	page_stat_sections(q, "EDIT_STAT", typed, in);
	/* each type's part, from its own template: its count, its cards in a
	 * grid of their own */
	for (size_t i = 0; i < N_DECISIONS; i++) {
		const struct decision *t = decisions[i];
		struct tmpl_dict *part = tmpl_section(
		        tmpl_include(q, "TYPE_QUEUE", t->template_name), t->queue_section);
		tmpl_set(part, "CSRF", a->csrf);
		t->fill_queue(part, q, rows[i], n[i], total[i], a->csrf, k);
	}
	page_send_html(rs, status, d);
}

/* The queue page with one problem (field may be NULL; message NULL: none);
 * its code is the status's, or for a 400 the sentence's. */
static void send_queue(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                       const struct fields *in, int status, const char *field, const char *message)
{
	struct form_error e = {.n = 0};

	if (message)
		form_error_add(&e, field,
		               status == 400 ? form_error_code(message, NULL, 0)
		                             : render_error_code(status),
		               message);
	send_queue_errors(ctx, rs, a, in, status, message ? &e : NULL, NULL);
}

/* ---- decisions (docs/moderation.md) ---- */

static int read_post(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                     struct fields *in, struct form_error *err);

/* After the database call of a decision: 503 / 500 on failure. */
static int db_failed(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                     const struct fields *in, enum db_status st)
{
	const char *msg;

	if (st == DB_OK)
		return 0;
	int status = http_db_failure(rs, st == DB_DOWN, &msg);
	send_queue(ctx, rs, a, in, status, NULL, msg);
	return 1;
}

/* Why a reason is refused: not given, or longer than 200 characters. */
static const char *reason_code(const char *r)
{
	size_t a = r ? strspn(r, " ") : 0;

	return !r || !r[a] ? "missing" : "too_long";
}

/* The reason, trimmed: 1..200 characters. NULL when it is not. */
static const char *check_reason(const char *r, char *out, size_t cap)
{
	size_t n;

	if (!r)
		return NULL;
	while (*r == ' ')
		r++;
	n = strlen(r);
	while (n > 0 && r[n - 1] == ' ')
		n--;
	if (n == 0 || n >= cap || u8_mbsnlen((const uint8_t *)r, n) > REASON_CHARS_MAX)
		return NULL;
	memcpy(out, r, n);
	out[n] = '\0';
	return out;
}

/* The id of a decided row: every record (dbmod.h) holds it where struct
 * db_submission does (MODERATE_RECORD_CHECK). */
static uint32_t row_id(const void *row)
{
	uint32_t id;
	memcpy(&id, (const char *)row + offsetof(struct db_submission, id), sizeof id);
	return id;
}

/* The submission id of a decided row, placed so too. */
static const char *row_sid(const void *row)
{
	return (const char *)row + offsetof(struct db_submission, sid);
}

/* ?approved=SID&type=T or ?rejected=SID&type=T, after a decision's 303: the
 * note names what was decided, read from the store, and only when that
 * proposal was decided so. Anything else in the query shows nothing (it is
 * a pointer for display, never a reason to change anything). */
static void fill_done(struct handler_ctx *ctx, struct tmpl_dict *q, const struct fields *in)
{
	const char *ap = in->v[MF_APPROVED], *rj = in->v[MF_REJECTED], *type = in->v[MF_TYPE];
	const struct decision *t = NULL;
	int found = 0, approved = ap != NULL;
	const char *sid = approved ? ap : rj;
	char msg[SPELL_TEXT_MAX + 160];
	void *row;

	if ((ap != NULL) == (rj != NULL) || !submit_is_sid(sid) || !type)
		return;
	for (size_t i = 0; i < N_DECISIONS; i++)
		if (strcmp(decisions[i]->type_name, type) == 0)
			t = decisions[i];
	if (!t || !(row = arena_alloc(&ctx->arena, t->row_size)) ||
	    db_proposal_by_sid(ctx->db, t->type, sid, row, &found) != DB_OK || !found ||
	    strcmp(db_proposal_status(t->type, row), approved ? "approved" : "rejected") != 0)
		return;
	t->confirm(row, approved, msg, sizeof msg);
	tmpl_set(tmpl_section(q, "DONE"), "DONE_TEXT", msg);
}

/* POST /moderate/approve (id, and for words tier, slot, mark, stats, value)
 * and /moderate/reject (id, reason), and the same under /moderate/spell and
 * /moderate/name: 303 back to the queue (JSON: 200 with the row, and the
 * added row's id); 400 a bad id or reason, an adjusted stat out of range
 * or a proposal that no longer passes its check; 404 no such proposal; 409
 * decided already, or its key is live meanwhile; 503. */
static void decide(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                   const struct decision *t, int approving)
{
	const struct auth *a = ctx->admitted;
	char reason[REASON_BYTES_MAX + 1], msg[256], loc[96];
	const char *action = approving ? "approved" : "rejected";
	struct proposal_input adjust;
	struct decide_outcome o;
	struct fields in;
	struct form_error err;
	enum db_status st;
	void *row;

	if (read_post(ctx, rq, rs, &in, &err) != 0)
		return;
	uint32_t id = parse_id(in.v[MF_ID]);
	struct kept k = {.in = &in, .list = t, .id = id};
	/* every field at once: the id, the reason (docs/api.md) */
	if (!id && !fields_has_problem(&err, "id")) {
		snprintf(msg, sizeof msg, "must be a %s's number", t->noun);
		form_error_add(&err, "id", in.v[MF_ID] && *in.v[MF_ID] ? "malformed" : "missing",
		               msg);
	}
	if (!approving && !check_reason(in.v[MF_REASON], reason, sizeof(reason)) &&
	    !fields_has_problem(&err, "reason"))
		form_error_add(&err, "reason", reason_code(in.v[MF_REASON]),
		               "must be 1 to 200 characters");
	if (err.n) {
		fields_sort_errors(&in, &err);
		send_queue_errors(ctx, rs, a, &in, 400, &err, &k);
		return;
	}
	if (!(row = arena_alloc(&ctx->arena, t->row_size))) {
		db_failed(ctx, rs, a, &in, DB_ERROR);
		return;
	}
	if (approving && t->takes_adjust) {
		adjust = (struct proposal_input){
		        .tier = in.v[MF_TIER],
		        .slot = in.v[MF_SLOT],
		        .mark = in.v[MF_MARK],
		        .classes = in.v[MF_CLASSES]}; /* SPEC §12: the moderator may change them */
		for (int s = 0; s < ST__MAX; s++)
			adjust.stat[s] = in.v[MF_STAT0 + s];
		adjust.value = in.v[MF_VALUE];
		adjust.value_mult = in.v[MF_VALUE_MULT];
	}
	st = approving ? db_proposal_approve(ctx->db, t->type, id, t->takes_adjust ? &adjust : NULL,
	                                     &a->m, &o, row)
	               : db_proposal_reject(ctx->db, t->type, id, reason, &a->m, &o, row);
	if (db_failed(ctx, rs, a, &in, st))
		return;
	switch (o.result) {
	case DECIDE_DONE: {
		t->log(a, row, o.new_id, approving ? NULL : reason);
		if (!in.json) {
			/* the confirmation is drawn from the store, by this pointer */
			snprintf(loc, sizeof(loc), "/moderate?%s=%s&type=%s", action, row_sid(row),
			         t->type_name);
			page_redirect(rs, loc);
			return;
		}
		json_t *j = t->row_json(row);
		if (j && t->new_id_key && o.new_id)
			json_object_set_new(j, t->new_id_key, json_integer(o.new_id));
		page_send_json(rs, 200, json_pack("{s:o}", action, j));
		return;
	}
	case DECIDE_NOT_FOUND:
		snprintf(msg, sizeof msg, "there is no %s with this id", t->noun);
		send_queue(ctx, rs, a, &in, 404, "id", msg);
		return;
	case DECIDE_NOT_PENDING:
		snprintf(msg, sizeof(msg), "%s #%u was %s already", t->noun, row_id(row),
		         db_proposal_status(t->type, row));
		send_queue(ctx, rs, a, &in, 409, "id", msg);
		return;
	case DECIDE_LIVE:
		t->live_message(row, msg, sizeof msg);
		send_queue(ctx, rs, a, &in, 409, t->live_field, msg);
		return;
	case DECIDE_LOOKALIKE:
		snprintf(msg, sizeof msg,
		         "%s #%u looks like “%s”, which is live or was approved; reject it "
		         "instead",
		         t->noun, row_id(row), o.lookalike);
		send_queue(ctx, rs, a, &in, 409, "id", msg);
		return;
	case DECIDE_BAD_STATS:
		/* every problem of the adjusted proposal, its own checks after */
		err.n = 0;
		fields_add_problems(&err, &o.err);
		fields_sort_errors(&in, &err);
		fields_add_cross(&err, &o.err);
		send_queue_errors(ctx, rs, a, &in, 400, &err, &k);
		return;
	}
}

void moderate_approve(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	decide(ctx, rq, rs, ctx->route_arg, 1);
}

void moderate_reject(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	decide(ctx, rq, rs, ctx->route_arg, 0);
}

/* ---- changing live words (docs/items.md) ---- */

/* The table a change names (kind, part), the word, and for an edit the
 * stats to change (whole numbers in the range the part's proposals may
 * carry; stats a part cannot carry may not be given; at least one): every
 * problem into e (docs/api.md). */
static void check_change(const struct fields *in, int edit, enum kind *k, enum part *p,
                         int32_t *stat, int *given, struct proposal_error *e)
{
	const char *kind = in->v[MF_KIND], *part = in->v[MF_PART], *w = in->v[MF_WORD];
	int kk = kind ? kind_from_name(kind) : -1;
	int pp = part ? part_from_name(part) : -1;
	const struct recipe *r = kk >= 0 ? recipe_for((enum kind)kk) : NULL;
	int table = kk >= 0 && pp >= 0 && r && (r->parts & (1u << pp));
	int any = 0, bad_stat = 0;

	if (kk < 0)
		proposal_error_add(e, "kind", kind && *kind ? "not_one_of" : "missing", 0, "%s",
		                   kind_choices());
	if (kk >= 0 && !table)
		proposal_error_add(e, "part", part && *part ? "not_one_of" : "missing", 0,
		                   "must be a part of this kind");
	else if (kk < 0 && pp < 0)
		proposal_error_add(e, "part", part && *part ? "not_one_of" : "missing", 0,
		                   "must be a part of this kind");
	if (!w || !*w || strlen(w) > 64 * 4)
		proposal_error_add(e, "word", !w || !*w ? "missing" : "too_long", 0,
		                   "must name a live word");
	*k = table ? (enum kind)kk : K_WEAPON;
	*p = table ? (enum part)pp : P_ELEMENT;
	if (!edit)
		return;
	const struct part_rules *rules = table ? proposal_rules(*k, *p) : NULL;
	for (int s = 0; s < ST__MAX; s++) {
		const char *v = in->v[MF_STAT0 + s];
		given[s] = 0;
		if (!v || !*v)
			continue;
		const struct stat_range *rg = rules ? proposal_stat(rules, (enum stat)s) : NULL;
		char *end;
		long x = strtol(v, &end, 10);
		if (rg && !*end && end != v && x >= rg->min && x <= rg->max) {
			stat[s] = (int32_t)x;
			given[s] = any = 1;
		} else if (rg) {
			bad_stat = proposal_error_add(
			        e, stat_names[s], *end || end == v ? "malformed" : "out_of_range",
			        0, "must be a whole number from %d to %d", rg->min, rg->max);
		} else if (table) {
			bad_stat = proposal_error_add(e, stat_names[s], "not_applicable", 0,
			                              "a %s %s carries no %s", kind_names[*k],
			                              part_names[*p], stat_names[s]);
		} else {
			any = 1; /* checked once the table is known */
		}
	}
	if (!any && !bad_stat)
		proposal_error_add(e, NULL, "missing", 0, "give at least one stat to change");
}

/* POST /moderate/retire (kind, part, word) and /moderate/edit (the same and
 * the stats to change): one change set each. 303 to the word list (JSON:
 * 200 with the revision); 400 a bad field; 404 no live word so spelled;
 * 503. */
static void change_word(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                        int edit)
{
	const struct auth *a = ctx->admitted;
	struct fields fin;
	const struct fields *in = &fin;
	struct form_error err;
	struct proposal_error perr;
	enum kind k;
	enum part p;
	int32_t stat[ST__MAX] = {0};
	int given[ST__MAX], found = 0;
	uint32_t new_id = 0;
	uint64_t rev = 0;
	char loc[64], msg[160];
	enum db_status st;

	if (read_post(ctx, rq, rs, &fin, &err) != 0)
		return;
	proposal_error_init(&perr);
	check_change(in, edit, &k, &p, stat, given, &perr);
	fields_add_problems(&err, &perr);
	if (err.n) {
		fields_sort_errors(in, &err);
		send_queue_errors(ctx, rs, a, in, 400, &err, NULL);
		return;
	}
	const char *w = in->v[MF_WORD];
	st = edit ? db_word_edit(ctx->db, k, p, w, stat, given, &a->m, &found, &new_id, &rev)
	          : db_word_retire(ctx->db, k, p, w, &a->m, &found, &rev);
	if (db_failed(ctx, rs, a, in, st))
		return;
	if (!found) {
		snprintf(msg, sizeof msg, "“%.64s” is not a live %s %s", w, kind_names[k],
		         part_names[p]);
		send_queue(ctx, rs, a, in, 404, "word", msg);
		return;
	}
	log_info("moderation: %s %s %s %s \"%s\" at revision %llu", a->m.name,
	         edit ? "edited" : "retired", kind_names[k], part_names[p], w,
	         (unsigned long long)rev);
	if (in->json) {
		json_t *o = json_pack("{s:s,s:s,s:s,s:I}", "kind", kind_names[k], "part",
		                      part_names[p], "word", w, "revision", (json_int_t)rev);
		if (o && edit)
			json_object_set_new(o, "word_id", json_integer(new_id));
		page_send_json(rs, 200, json_pack("{s:o}", edit ? "edited" : "retired", o));
		return;
	}
	snprintf(loc, sizeof loc, "/words?kind=%s&part=%s", kind_names[k], part_names[p]);
	page_redirect(rs, loc);
}

void moderate_retire(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	change_word(ctx, rq, rs, 0);
}

void moderate_edit(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	change_word(ctx, rq, rs, 1);
}

/* ---- the session, the queue, the POSTs ---- */

void moderate_send_no_session(struct response *rs, enum auth_result r, int json)
{
	switch (r) {
	case AUTH_OK:
	case AUTH_NONE:
		send_login_needed(rs, json);
		return;
	case AUTH_DOWN:
	case AUTH_ERROR: {
		const char *msg;
		int status = http_db_failure(rs, r == AUTH_DOWN, &msg);
		if (json)
			page_send_json_error(rs, status, NULL, msg);
		else
			login_page_send(rs, status, "", NULL, NULL, msg);
		return;
	}
	}
}

void moderate_send_queue(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                         const struct fields *in, int status, const char *field,
                         const char *message)
{
	send_queue(ctx, rs, a, in, status, field, message);
}

int moderate_read_fields(const struct request *rq, int post, struct fields *in,
                         struct form_error *err)
{
	return read_fields(rq, post, in, err);
}

/* Who may reach /moderate: a moderator's session, into the request's arena
 * for the page (ctx->admitted); otherwise 401, 503 or 500. */
static int admit(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                 const void **admitted)
{
	struct auth *a = arena_alloc(&ctx->arena, sizeof *a);
	enum auth_result who = a ? auth_session(ctx, rq, a) : AUTH_ERROR;

	if (who != AUTH_OK) {
		moderate_send_no_session(rs, who, request_prefers_json(rq));
		return -1;
	}
	*admitted = a;
	return 0;
}

/* A 404 or 405 under /moderate: the queue, with the message above it. */
static void refuse(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                   int status, const char *message)
{
	struct fields in;

	in.json = request_prefers_json(rq);
	in.names = mf_names;
	memset(in.v, 0, sizeof(in.v));
	send_queue(ctx, rs, ctx->admitted, &in, status, NULL, message);
}

const struct page_guard moderate_guard = {admit, refuse};

/* A POST's body, fields and CSRF token: 0 with the fields' own problems
 * in *err (the caller lists them with its checks'), or -1 after answering
 * one that stops the request: a body that is not a form (415), one that
 * cannot be read through (400), the token (403). */
static int read_post(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                     struct fields *in, struct form_error *err)
{
	const struct auth *a = ctx->admitted;
	const char *why, *field;
	int status;

	in->json = request_prefers_json(rq);
	in->names = mf_names;
	memset(in->v, 0, sizeof(in->v));
	memset(in->rank, 0, sizeof(in->rank));
	if ((why = request_body_problem(rq, &status, &field)) != NULL) {
		send_queue(ctx, rs, a, in, status, field, why);
		return -1;
	}
	int bad = read_fields(rq, 1, in, err) != 0;
	if (bad && (fields_has_problem(err, "body") || fields_has_problem(err, "query"))) {
		fields_sort_errors(in, err);
		send_queue_errors(ctx, rs, a, in, 400, err, NULL);
		return -1;
	}
	if (!auth_session_ok(rq, a, in->v[MF_CSRF])) {
		send_queue(ctx, rs, a, in, 403, "csrf",
		           "The form had expired or came from another site; nothing was changed.");
		return -1;
	}
	if (!bad)
		err->n = 0;
	return 0;
}

/* GET|HEAD /moderate: the queue (?approved=ID or ?rejected=ID: the note of
 * a decision just made). */
void moderate_queue(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	struct fields in;
	struct form_error err;

	in.json = request_prefers_json(rq);
	in.names = mf_names;
	memset(in.v, 0, sizeof(in.v));
	if (read_fields(rq, 0, &in, &err) != 0) {
		fields_sort_errors(&in, &err);
		send_queue_errors(ctx, rs, ctx->admitted, &in, 400, &err, NULL);
	} else
		send_queue(ctx, rs, ctx->admitted, &in, 200, NULL, NULL);
}

/* The moderators' pages: a moderator's session first, whatever the method or path (401), then
 * 404/405 in the queue's page. */
const struct route route_moderate = {.path = "/moderate",
                                     .methods = M_GET,
                                     .fn = moderate_queue,
                                     .guard = &moderate_guard,
                                     .query = &page_format_fields,
                                     .formats = ROUTE_HJ};
const struct route route_moderate_retire = {.path = "/moderate/retire",
                                            .methods = M_POST,
                                            .fn = moderate_retire,
                                            .guard = &moderate_guard,
                                            .formats = ROUTE_HJ,
                                            .body = &moderate_body};
const struct route route_moderate_edit = {.path = "/moderate/edit",
                                          .methods = M_POST,
                                          .fn = moderate_edit,
                                          .guard = &moderate_guard,
                                          .formats = ROUTE_HJ,
                                          .body = &moderate_body};
/* Any other path below /moderate: the guard first, then the queue's 404. */
const struct route route_moderate_below = {
        .path = "/moderate", .under = 1, .guard = &moderate_guard, .formats = ROUTE_HJ};

/* A proposal type's decisions (proposal_list.h): POST
 * /moderate<prefix>/approve and /moderate<prefix>/reject, two pages for
 * every type's struct decision. */
#define DECISION_ROUTE(verb, page, type, prefix)                                                   \
	const struct route route_##verb##_##type = {.path = "/moderate" prefix "/" #verb,          \
	                                            .methods = M_POST,                             \
	                                            .fn = page,                                    \
	                                            .guard = &moderate_guard,                      \
	                                            .formats = ROUTE_HJ,                           \
	                                            .body = &moderate_body,                        \
	                                            .arg = &type##_decision};
#define DECISION_ROUTES(type, table, prefix)                                                       \
	DECISION_ROUTE(approve, moderate_approve, type, prefix)                                    \
	DECISION_ROUTE(reject, moderate_reject, type, prefix)
PROPOSAL_TYPE_LIST(DECISION_ROUTES)
