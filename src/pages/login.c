/* login: GET and POST /login (docs/moderation.md): the form, the password
 * check behind the name's back-off, and the new session. */
#include "login.h"

#include <sodium.h>
#include <string.h>

#include "auth.h"
#include "backoff.h"
#include "cookie.h"
#include "dbsession.h"
#include "fields.h"
#include "log.h"
#include "messages.h"
#include "page.h"
#include "session.h"
#include "settings.h"

enum lf { LF_CSRF, LF_NAME, LF_PASSWORD, LF_FORMAT, LF__MAX };
static const char *const lf_names[LF__MAX + 1] = {"csrf", "name", "password", "format", NULL};
#define LONG_FIELDS (UINT64_C(1) << LF_PASSWORD)

static int read_fields(const struct request *rq, struct fields *in, struct form_error *err)
{
	return fields_read(in, lf_names, LONG_FIELDS, rq, 1, err);
}

void login_page_send(struct response *rs, int status, const char *csrf, const char *name,
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

/* A failed login in the client's format; HTML shows the form again. */
static void login_error(struct response *rs, int json, int status, const char *csrf,
                        const char *name, const char *field, const char *message)
{
	if (json)
		page_send_json_error(rs, status, field, message);
	else
		login_page_send(rs, status, csrf, name, field, message);
}

/* Answers a database failure of the login path; 1 when there was one. */
static int login_db_failed(struct response *rs, int json, const char *csrf, const char *name,
                           enum db_status st)
{
	const char *msg;

	if (st == DB_OK)
		return 0;
	int status = http_db_failure(rs, st == DB_DOWN, &msg);
	login_error(rs, json, status, csrf, name, NULL, msg);
	return 1;
}

/* The password check of a login, behind the source's back-off (backoff.h,
 * issue 31): guesses from one address lock that address, for every name,
 * and never a moderator who logs in from elsewhere. Known and unknown
 * names take the same path, with the same answers and time, so neither
 * the back-off nor the timing tells which names exist. A source in
 * back-off is refused before anything is checked: it never takes one of
 * the SESSION_VERIFY_MAX slots. A check is counted as a failure before it
 * runs, so a burst of guesses from one source gets at most
 * LOGIN_FREE_FAILURES checks. 1 with *m filled when the password is right;
 * 0 when the answer has been sent. */
static int login_check(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                       int json, const char *csrf, const char *name, const char *pw,
                       struct moderator *m)
{
	char hash[PASSWORD_HASH_MAX];
	uint8_t client[DBMOD_HASH_BYTES];
	struct login_slot slot;
	int found = 0;
	enum verify ok;

	if (rq->lane_full) {
		/* Every slot of the slow lane's queue is taken (lane.h): refused
		 * at once, before the database or Argon2, and not counted. */
		rs->retry_after = 1;
		login_error(
		        rs, json, 503, csrf, name, NULL,
		        "Too many logins are waiting to be checked; please try again in a moment.");
		return 0;
	}
	csrf_client_hash(settings_secret(), request_param(rq, "REMOTE_ADDR"), client);
	if (login_db_failed(rs, json, csrf, name, db_login_reserve(ctx->db, client, &slot)))
		return 0;
	if (slot.locked) {
		rs->retry_after = (int)slot.retry_after;
		login_error(rs, json, 429, csrf, name, NULL,
		            "Too many failed logins from your address; please wait and try again.");
		return 0;
	}
	if (slot.locked_now)
		log_warn("login: a client address locked for %lds after %u failed logins (last "
		         "name tried: \"%s\")",
		         login_backoff_seconds(slot.failures), slot.failures, name);
	if (login_db_failed(rs, json, csrf, name, db_moderator_get(ctx->db, name, m, hash, &found)))
		return 0;
	/* An unknown name's equal-time wait is the server's: it holds the
	 * answer (rs->hold_ns) without holding the lane's thread. */
	ok = session_verify_password_held(found ? hash : NULL, pw, strlen(pw), &rs->hold_ns);
	sodium_memzero(hash, sizeof(hash));
	if (ok == VERIFY_BUSY) {
		/* Not checked, so not counted; a failure to give it back only
		 * brings the back-off one check nearer. */
		if (db_login_unreserve(ctx->db, client, &slot) != DB_OK)
			log_warn("login: an unchecked attempt stays counted");
		rs->retry_after = 1;
		login_error(rs, json, 503, csrf, name, NULL,
		            "Too many logins are being checked right now; please try again.");
		return 0;
	}
	if (login_db_failed(
	            rs, json, csrf, name,
	            db_login_done(ctx->db, client, name, found ? m : NULL, ok == VERIFY_OK)))
		return 0;
	if (ok != VERIFY_OK) {
		log_warn("login: refused for moderator name \"%s\"", name);
		login_error(rs, json, 401, csrf, name, NULL, "Wrong name or password.");
		return 0;
	}
	return 1;
}

/* POST /login (name, password, csrf): 303 to /moderate with the session
 * cookie (JSON: 200); 400 a malformed field; 401 wrong name or password;
 * 403 a missing or wrong CSRF token; 429 with Retry-After while the client
 * address is in back-off after failed logins; 503 when the database cannot be reached
 * or too many logins are being checked at once. */
static void login_post(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                       const char *csrf)
{
	struct fields in;
	struct form_error err;
	struct moderator m;
	char token[SESSION_TOKEN_HEX + 1];
	uint8_t token_hash[DBMOD_HASH_BYTES], secret[DBMOD_HASH_BYTES];
	const char *why, *field, *name, *pw;
	int status, json = request_prefers_json(rq);

	if ((why = request_body_problem(rq, &status, &field)) != NULL) {
		login_error(rs, json, status, csrf, NULL, field, why);
		return;
	}
	status = read_fields(rq, &in, &err);
	json = in.json;
	if (status != 0) {
		login_error(rs, json, 400, csrf, NULL, err.field, err.message);
		return;
	}
	name = in.v[LF_NAME];
	pw = in.v[LF_PASSWORD] ? in.v[LF_PASSWORD] : "";
	if (!auth_client_ok(rq, in.v[LF_CSRF])) {
		login_error(rs, json, 403, csrf, name, "csrf",
		            "The form had expired or came from another site; please log in again.");
		return;
	}
	if (!session_name_ok(name)) {
		login_error(rs, json, 400, csrf, name, "name",
		            "must be 1 to 64 letters, digits, dots, hyphens or underscores");
		return;
	}
	if (!login_check(ctx, rq, rs, json, csrf, name, pw, &m))
		return;
	session_new(token, secret);
	session_token_hash(token, token_hash);
	if (login_db_failed(rs, json, csrf, name,
	                    db_session_new(ctx->db, token_hash, m.id, secret)))
		return;
	log_info("login: moderator %s logged in", m.name);
	cookie_set(rs, cookie_session_name(), token, SESSION_HOURS * 3600L);
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
	if (strcmp(rq->method, "POST") == 0)
		login_post(ctx, rq, rs, csrf);
	else if (request_prefers_json(rq))
		page_send_json(rs, 200, json_pack("{s:s}", "csrf", csrf));
	else
		login_page_send(rs, 200, csrf, NULL, NULL, NULL);
}
