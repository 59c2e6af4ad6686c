/* moderate: login, logout and the moderation queue (docs/moderation.md).
 *
 * Order of checks for everything under /moderate: the session first (401
 * without one, whatever the method or path), then the method and path
 * (405/404), then, for a POST, the body, the fields and the session's CSRF
 * token (403) — so nothing is read or changed for a client that has not
 * proven who it is. Every decision is written to the moderation log in the
 * database, in the same transaction, and to stderr. */
#include "moderate.h"

#include <stdio.h>
#include <string.h>
#include <unistr.h>

#include "auth.h"
#include "cookie.h"
#include "dbmod.h"
#include "fields.h"
#include "log.h"
#include "page.h"
#include "session.h"

#define DB_RETRY_AFTER 5

enum mf {
	MF_CSRF,
	MF_ID,
	MF_TIER,
	MF_SLOT,
	MF_REASON,
	MF_NAME,
	MF_PASSWORD,
	MF_FORMAT,
	MF_APPROVED,
	MF_REJECTED,
	MF_STAT0,
	MF__MAX = MF_STAT0 + ST__MAX
};

static const char *const mf_names[MF__MAX + 1] = {
        "csrf",     "id",       "tier",  "slot",       "reason", "name",    "password", "format",
        "approved", "rejected", "hands", "multiplier", "attack", "defense", "magic",    "flaming",
        "freezing", "shocking", "holy",  "evil",       "sneak",  "crit",    NULL};
_Static_assert(ST__MAX == 12 && ST_HANDS == 0 && ST_CRIT == 11, "mf_names follows enum stat");

#define LONG_FIELDS ((UINT64_C(1) << MF_REASON) | (UINT64_C(1) << MF_PASSWORD))

static const char MSG_DB_DOWN[] = "The database cannot be reached; please try again.";
static const char MSG_INTERNAL[] = "Something went wrong on our side.";

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

static void send_login_page(struct response *rs, int status, const char *csrf, const char *name,
                            const char *field, const char *message)
{
	struct tmpl_dict *d = page_new("Moderator login");
	struct tmpl_dict *body = page_body(d, "login.tpl");

	if (message)
		page_error(d, field, message);
	tmpl_set(body, "CSRF", csrf);
	if (name)
		tmpl_set(body, "NAME", name);
	page_send_html(rs, status, d);
}

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

static void fill_item(struct tmpl_dict *queue, const struct db_submission *row)
{
	struct tmpl_dict *it = tmpl_section(queue, "ITEM");

	tmpl_set_int(it, "ID", (long)row->id);
	tmpl_set(it, "WORD", row->p.word);
	tmpl_set(it, "KIND", kind_names[row->p.kind]);
	tmpl_set(it, "PART", part_names[row->p.part]);
	tmpl_set(it, "CREATED", row->created);
	page_proposal_fields(it, &row->p, NULL, NULL);
}

/* The queue page: 200, or the status of an error shown above it. */
static void send_queue(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                       const struct fields *in, int status, const char *field, const char *message)
{
	struct db_submission rows[DBMOD_PENDING_MAX];
	unsigned long total = 0;
	size_t n = 0;
	char note[96];

	switch (db_pending(ctx->db, rows, DBMOD_PENDING_MAX, &n, &total)) {
	case DB_OK:
		break;
	case DB_DOWN:
		rs->retry_after = DB_RETRY_AFTER;
		rs->allow = NULL; /* the answer is no longer the 405 it may have been */
		status = 503;
		field = NULL;
		message = MSG_DB_DOWN;
		break;
	default:
		rs->allow = NULL;
		status = 500;
		field = NULL;
		message = MSG_INTERNAL;
		break;
	}
	if (in->json) {
		if (message) {
			page_send_json_error(rs, status, field, message);
			return;
		}
		json_t *list = json_array();
		for (size_t i = 0; list && i < n; i++)
			if (json_array_append_new(list, page_submission_json(&rows[i])) != 0) {
				json_decref(list);
				list = NULL;
			}
		page_send_json(rs, 200,
		               list ? json_pack("{s:s,s:s,s:I,s:o}", "moderator", a->m.name, "csrf",
		                                a->csrf, "total", (json_int_t)total, "pending",
		                                list)
		                    : NULL);
		return;
	}

	struct tmpl_dict *d = page_new("Moderation");
	struct tmpl_dict *q = tmpl_section(page_body(d, "moderate.tpl"), "QUEUE");
	if (message)
		page_error(d, field, message);
	tmpl_set(q, "MODERATOR", a->m.name);
	tmpl_set(q, "CSRF", a->csrf);
	tmpl_set_int(q, "TOTAL", (long)total);
	if (total > n)
		tmpl_set_int(tmpl_section(q, "MORE"), "SHOWN", (long)n);
	if (parse_id(in->v[MF_APPROVED]) || parse_id(in->v[MF_REJECTED])) {
		int approved = parse_id(in->v[MF_APPROVED]) != 0;
		snprintf(note, sizeof(note), "Submission #%lu %s.",
		         (unsigned long)parse_id(in->v[approved ? MF_APPROVED : MF_REJECTED]),
		         approved ? "approved: it can be rolled now" : "rejected");
		tmpl_set(tmpl_section(q, "DONE"), "DONE_TEXT", note);
	}
	if (n == 0)
		tmpl_show(q, "EMPTY");
	for (size_t i = 0; i < n; i++)
		fill_item(q, &rows[i]);
	page_send_html(rs, status, d);
}

/* ---- decisions ---- */

static void log_decision(const struct auth *a, const char *action, const struct decide_outcome *o,
                         const char *reason)
{
	struct buf stats;
	const struct proposal *p = &o->row.p;

	buf_init(&stats);
	if (proposal_stats_text(p, &stats) != 0 || !stats.data)
		buf_reset(&stats);
	if (reason)
		log_info("moderation: %s %s submission %u, %s %s \"%s\": %.*s", a->m.name, action,
		         o->row.id, kind_names[p->kind], part_names[p->part], p->word,
		         REASON_BYTES_MAX, reason);
	else
		log_info("moderation: %s %s submission %u, %s %s \"%s\", now %s_%s id %u (%s)",
		         a->m.name, action, o->row.id, kind_names[p->kind], part_names[p->part],
		         p->word, kind_names[p->kind], part_names[p->part], o->word_id,
		         stats.data ? stats.data : "");
	buf_free(&stats);
}

/* The answer to a decision's outcome. */
static void answer_decision(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                            const struct fields *in, const char *action,
                            const struct decide_outcome *o)
{
	char msg[256], loc[48];

	switch (o->result) {
	case DECIDE_DONE:
		if (in->json) {
			json_t *row = page_submission_json(&o->row);
			if (row && o->word_id)
				json_object_set_new(row, "word_id", json_integer(o->word_id));
			page_send_json(rs, 200, json_pack("{s:o}", action, row));
		} else {
			snprintf(loc, sizeof(loc), "/moderate?%s=%u", action, o->row.id);
			page_redirect(rs, loc);
		}
		return;
	case DECIDE_NOT_FOUND:
		send_queue(ctx, rs, a, in, 404, "id", "there is no submission with this id");
		return;
	case DECIDE_NOT_PENDING:
		snprintf(msg, sizeof(msg), "submission #%u was %s already", o->row.id,
		         o->row.status);
		send_queue(ctx, rs, a, in, 409, "id", msg);
		return;
	case DECIDE_LIVE:
		snprintf(msg, sizeof(msg), "“%s” is already a %s %s; reject this proposal instead.",
		         o->row.p.word, kind_names[o->row.p.kind], part_names[o->row.p.part]);
		send_queue(ctx, rs, a, in, 409, "word", msg);
		return;
	case DECIDE_BAD_STATS:
		send_queue(ctx, rs, a, in, 400, o->err.field, o->err.message);
		return;
	}
}

/* After the database call of a decision: 503 / 500 on failure. */
static int db_failed(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                     const struct fields *in, enum db_status st)
{
	if (st == DB_OK)
		return 0;
	if (st == DB_DOWN) {
		rs->retry_after = DB_RETRY_AFTER;
		send_queue(ctx, rs, a, in, 503, NULL, MSG_DB_DOWN);
	} else {
		send_queue(ctx, rs, a, in, 500, NULL, MSG_INTERNAL);
	}
	return 1;
}

/* POST /moderate/approve (id, tier, slot, stats): 303 back to the queue
 * (JSON: 200 with the row); 400 bad id or stat; 404 no such submission;
 * 409 decided already, or the word is live already; 503. */
static void approve(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                    const struct fields *in)
{
	struct proposal_input adjust = {.tier = in->v[MF_TIER], .slot = in->v[MF_SLOT]};
	struct decide_outcome o;
	uint32_t id = parse_id(in->v[MF_ID]);
	enum db_status st;

	if (!id) {
		send_queue(ctx, rs, a, in, 400, "id", "must be a submission's number");
		return;
	}
	for (int s = 0; s < ST__MAX; s++)
		adjust.stat[s] = in->v[MF_STAT0 + s];
	st = db_approve(ctx->db, id, &adjust, &a->m, &o);
	if (db_failed(ctx, rs, a, in, st))
		return;
	if (o.result == DECIDE_DONE)
		log_decision(a, "approved", &o, NULL);
	answer_decision(ctx, rs, a, in, "approved", &o);
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

/* POST /moderate/reject (id, reason): 303 back to the queue (JSON: 200
 * with the row); 400 bad id or reason; 404; 409 decided already; 503. */
static void reject(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                   const struct fields *in)
{
	char reason[REASON_BYTES_MAX + 1];
	struct decide_outcome o;
	uint32_t id = parse_id(in->v[MF_ID]);
	enum db_status st;

	if (!id) {
		send_queue(ctx, rs, a, in, 400, "id", "must be a submission's number");
		return;
	}
	if (!check_reason(in->v[MF_REASON], reason, sizeof(reason))) {
		send_queue(ctx, rs, a, in, 400, "reason", "must be 1 to 200 characters");
		return;
	}
	st = db_reject(ctx->db, id, reason, &a->m, &o);
	if (db_failed(ctx, rs, a, in, st))
		return;
	if (o.result == DECIDE_DONE)
		log_decision(a, "rejected", &o, reason);
	answer_decision(ctx, rs, a, in, "rejected", &o);
}

/* The answer when there is no session to go on: 401, 503 or 500. */
static void send_no_session(struct response *rs, enum auth_result r, int json)
{
	switch (r) {
	case AUTH_OK:
	case AUTH_NONE:
		send_login_needed(rs, json);
		return;
	case AUTH_DOWN:
		rs->retry_after = DB_RETRY_AFTER;
		if (json)
			page_send_json_error(rs, 503, NULL, MSG_DB_DOWN);
		else
			send_login_page(rs, 503, "", NULL, NULL, MSG_DB_DOWN);
		return;
	case AUTH_ERROR:
		if (json)
			page_send_json_error(rs, 500, NULL, MSG_INTERNAL);
		else
			send_login_page(rs, 500, "", NULL, NULL, MSG_INTERNAL);
		return;
	}
}

static int is_method(const struct request *rq, const char *m)
{
	return strcmp(rq->method, m) == 0;
}

/* Any method, any path under /moderate: 401 without a session first; then
 * GET|HEAD /moderate (the queue), POST /moderate/approve and
 * /moderate/reject (403 without the session's CSRF token); 405 or 404 for
 * anything else. */
void moderate_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	int get = is_method(rq, "GET") || is_method(rq, "HEAD");
	int queue = strcmp(rq->path, "/moderate") == 0;
	int is_approve = strcmp(rq->path, "/moderate/approve") == 0;
	int is_reject = strcmp(rq->path, "/moderate/reject") == 0;
	struct fields in;
	struct form_error err;
	struct auth a;
	const char *why, *field;
	int status;

	in.json = request_prefers_json(rq);
	in.names = mf_names;
	memset(in.v, 0, sizeof(in.v));
	enum auth_result who = auth_session(ctx, rq, &a);
	if (who != AUTH_OK) {
		send_no_session(rs, who, in.json);
		return;
	}
	if (!queue && !is_approve && !is_reject) {
		send_queue(ctx, rs, &a, &in, 404, NULL, "There is no page at this address.");
		return;
	}
	if (queue ? !get : !is_method(rq, "POST")) {
		rs->allow = queue ? "GET, HEAD" : "POST";
		send_queue(ctx, rs, &a, &in, 405, NULL, "This address does not take that method.");
		return;
	}
	if (queue) {
		if (read_fields(rq, 0, &in, &err) != 0)
			send_queue(ctx, rs, &a, &in, 400, err.field, err.message);
		else
			send_queue(ctx, rs, &a, &in, 200, NULL, NULL);
		return;
	}
	if ((why = request_body_problem(rq, &status, &field)) != NULL) {
		send_queue(ctx, rs, &a, &in, status, field, why);
		return;
	}
	if (read_fields(rq, 1, &in, &err) != 0) {
		send_queue(ctx, rs, &a, &in, 400, err.field, err.message);
		return;
	}
	if (!auth_session_ok(rq, &a, in.v[MF_CSRF])) {
		send_queue(ctx, rs, &a, &in, 403, "csrf",
		           "The form had expired or came from another site; nothing was changed.");
		return;
	}
	if (is_approve)
		approve(ctx, rs, &a, &in);
	else
		reject(ctx, rs, &a, &in);
}

/* ---- login and logout ---- */

/* A failed login in the client's format; HTML shows the form again. */
static void login_error(struct response *rs, int json, int status, const char *csrf,
                        const char *name, const char *field, const char *message)
{
	if (json)
		page_send_json_error(rs, status, field, message);
	else
		send_login_page(rs, status, csrf, name, field, message);
}

/* POST /login (name, password, csrf): 303 to /moderate with the session
 * cookie (JSON: 200); 400 a malformed field; 401 wrong name or password;
 * 403 a missing or wrong CSRF token; 503 when the database cannot be
 * reached or too many logins are being checked at once. */
static void login_post(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                       const char *csrf)
{
	struct fields in;
	struct form_error err;
	struct moderator m;
	char hash[PASSWORD_HASH_MAX], token[SESSION_TOKEN_HEX + 1];
	uint8_t token_hash[DBMOD_HASH_BYTES], secret[DBMOD_HASH_BYTES];
	const char *why, *field, *name, *pw;
	int status, found = 0, json = request_prefers_json(rq);
	enum verify ok;

	if ((why = request_body_problem(rq, &status, &field)) != NULL) {
		login_error(rs, json, status, csrf, NULL, field, why);
		return;
	}
	status = read_fields(rq, 1, &in, &err);
	json = in.json;
	if (status != 0) {
		login_error(rs, json, 400, csrf, NULL, err.field, err.message);
		return;
	}
	name = in.v[MF_NAME];
	pw = in.v[MF_PASSWORD] ? in.v[MF_PASSWORD] : "";
	if (!auth_client_ok(rq, in.v[MF_CSRF])) {
		login_error(rs, json, 403, csrf, name, "csrf",
		            "The form had expired or came from another site; please log in again.");
		return;
	}
	if (!session_name_ok(name)) {
		login_error(rs, json, 400, csrf, name, "name",
		            "must be 1 to 64 letters, digits, dots, hyphens or underscores");
		return;
	}
	switch (db_moderator_get(ctx->db, name, &m, hash, &found)) {
	case DB_OK:
		break;
	case DB_DOWN:
		rs->retry_after = DB_RETRY_AFTER;
		login_error(rs, json, 503, csrf, name, NULL, MSG_DB_DOWN);
		return;
	default:
		login_error(rs, json, 500, csrf, name, NULL, MSG_INTERNAL);
		return;
	}
	ok = session_verify_password(found ? hash : NULL, pw, strlen(pw));
	if (ok == VERIFY_BUSY) {
		rs->retry_after = 1;
		login_error(rs, json, 503, csrf, name, NULL,
		            "Too many logins are being checked right now; please try again.");
		return;
	}
	if (ok != VERIFY_OK) {
		log_warn("login: refused for moderator name \"%s\"", name);
		login_error(rs, json, 401, csrf, name, NULL, "Wrong name or password.");
		return;
	}
	session_new(token, secret);
	session_token_hash(token, token_hash);
	switch (db_session_new(ctx->db, token_hash, m.id, secret)) {
	case DB_OK:
		break;
	case DB_DOWN:
		rs->retry_after = DB_RETRY_AFTER;
		login_error(rs, json, 503, csrf, name, NULL, MSG_DB_DOWN);
		return;
	default:
		login_error(rs, json, 500, csrf, name, NULL, MSG_INTERNAL);
		return;
	}
	log_info("login: moderator %s logged in", m.name);
	cookie_set(rs, COOKIE_SESSION, token, SESSION_HOURS * 3600L);
	if (in.json) {
		char session_csrf[CSRF_HEX + 1];
		csrf_token(secret, token, session_csrf);
		page_send_json(rs, 200,
		               json_pack("{s:s,s:s}", "moderator", m.name, "csrf", session_csrf));
	} else {
		page_redirect(rs, "/moderate");
	}
}

/* GET /login: the form (sets lf_csrf when missing). POST /login: above. */
void login_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	char cookie[CSRF_HEX + 1], csrf[CSRF_HEX + 1];

	auth_client_cookie(rq, rs, cookie);
	auth_client_token(cookie, csrf);
	if (is_method(rq, "POST"))
		login_post(ctx, rq, rs, csrf);
	else if (request_prefers_json(rq))
		page_send_json(rs, 200, json_pack("{s:s}", "csrf", csrf));
	else
		send_login_page(rs, 200, csrf, NULL, NULL, NULL);
}

/* POST /logout (csrf): ends the session and clears its cookie, 303 to
 * /login (JSON: 200). Without a session there is nothing to end: the same
 * answer. 403 with a session but without its CSRF token. */
void logout_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	struct fields in;
	struct form_error err;
	struct auth a;
	uint8_t hash[DBMOD_HASH_BYTES];
	const char *field;
	int status, json;
	enum auth_result who;
	/* A body that cannot be read carries no token: the check below fails. */
	int body = request_body_problem(rq, &status, &field) == NULL;

	if (read_fields(rq, body, &in, &err) != 0)
		memset(in.v, 0, sizeof(in.v));
	json = in.json;
	switch ((who = auth_session(ctx, rq, &a))) {
	case AUTH_OK:
		if (!auth_session_ok(rq, &a, in.v[MF_CSRF])) {
			send_queue(ctx, rs, &a, &in, 403, "csrf",
			           "The form had expired or came from another site; you are still "
			           "logged in.");
			return;
		}
		session_token_hash(a.token, hash);
		if (db_session_end(ctx->db, hash) != DB_OK) {
			rs->retry_after = DB_RETRY_AFTER;
			send_queue(ctx, rs, &a, &in, 503, NULL, MSG_DB_DOWN);
			return;
		}
		log_info("login: moderator %s logged out", a.m.name);
		break;
	case AUTH_NONE:
		break;
	default:
		send_no_session(rs, who, json);
		return;
	}
	cookie_set(rs, COOKIE_SESSION, "", 0);
	if (json)
		page_send_json(rs, 200, json_pack("{s:b}", "logged_out", 1));
	else
		page_redirect(rs, "/login");
}
