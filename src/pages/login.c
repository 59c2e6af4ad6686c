/* login: GET and POST /login (docs/moderation.md): the form, the password
 * check behind the name's back-off, and the new session. */
#include "login.h"
#include "pages.h"

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
#include "render.h"
#include "session.h"
#include "settings.h"

enum lf { LF_CSRF, LF_NAME, LF_PASSWORD, LF_FORMAT, LF__MAX };
static const char *const lf_names[LF__MAX + 1] = {"csrf", "name", "password", "format", NULL};
#define LONG_FIELDS (UINT64_C(1) << LF_PASSWORD)
const struct field_table login_body = FIELD_NAMES(lf_names, LONG_FIELDS);

static int read_fields(const struct request *rq, struct fields *in, struct form_error *err)
{
	return fields_read(in, lf_names, LONG_FIELDS, rq, 1, err);
}

/* The form with every problem of e (NULL: none) above it; the name as
 * sent, the password never (it is not sent back in a page). */
static void page_send(struct response *rs, int status, const char *csrf, const char *name,
                      const struct form_error *e)
{
	struct tmpl_dict *d = page_new("Moderator login");
	struct tmpl_dict *body = page_body(d, "login.tpl");

	if (e)
		page_errors(d, e);
	tmpl_set(body, "CSRF", csrf);
	if (name)
		tmpl_set(body, "NAME", name);
	page_send_html(rs, status, d);
}

void login_page_send(struct response *rs, int status, const char *csrf, const char *name,
                     const char *field, const char *message)
{
	struct form_error e = {.n = 0};

	if (message)
		form_error_add(&e, field, render_error_code(status), message);
	page_send(rs, status, csrf, name, message ? &e : NULL);
}

/* Every problem of e in the client's format; HTML shows the form again. */
static void login_errors(struct response *rs, int json, int status, const char *csrf,
                         const char *name, const struct form_error *e)
{
	if (json)
		page_send_json_errors(rs, status, e);
	else
		page_send(rs, status, csrf, name, e);
}

/* A failed login that stops the request (one problem: the token, the
 * back-off, the password, the database). */
static void login_error(struct response *rs, int json, int status, const char *csrf,
                        const char *name, const char *field, const char *message)
{
	struct form_error e = {.n = 0};

	form_error_add(&e, field,
	               status == 400 ? form_error_code(message, NULL, 0)
	                             : render_error_code(status),
	               message);
	login_errors(rs, json, status, csrf, name, &e);
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

/* The source's back-off (backoff.h): guesses from one address
 * lock that address, for every name, and never a moderator who logs in
 * from elsewhere. A source in back-off is refused (429) before its fields
 * are checked: it never takes one of the SESSION_VERIFY_MAX slots. A
 * check is counted as a failure before it runs (reserved here), so a
 * burst of guesses from one source gets at most LOGIN_FREE_FAILURES
 * checks. 1 with *slot and client filled when the check may go on; 0 when
 * the answer has been sent; -1 when the back-off could not be read (*st):
 * the fields are checked still, and the failure answered if they pass. */
static int login_admit(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                       int json, const char *csrf, const char *name,
                       uint8_t client[DBMOD_HASH_BYTES], struct login_slot *slot,
                       enum db_status *st)
{
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
	if ((*st = db_login_reserve(ctx->db, client, slot)) != DB_OK)
		return -1;
	if (slot->locked) {
		rs->retry_after = (int)slot->retry_after;
		login_error(rs, json, 429, csrf, name, NULL,
		            "Too many failed logins from your address; please wait and try again.");
		return 0;
	}
	if (slot->locked_now)
		log_warn("login: a client address locked for %lds after %u failed logins (last "
		         "name tried: \"%s\")",
		         login_backoff_seconds(slot->failures), slot->failures, name ? name : "");
	return 1;
}

/* Whether this login is trusted (auth.h, device cookies): its device
 * cookie is good and names the moderator called name, and the cookie is
 * not in back-off. Then its check is counted on the cookie (reserved
 * here, *dslot), not on its address. A cookie in back-off, one for
 * another name, or a database that cannot say: an untrusted login, which
 * the address's back-off holds as any other. */
static int login_trusted(struct handler_ctx *ctx, const struct request *rq, const char *name,
                         const char *pw, uint8_t device[DBMOD_HASH_BYTES], struct login_slot *dslot)
{
	char hash[PASSWORD_HASH_MAX];
	struct moderator m;
	int found = 0;

	uint32_t id = auth_device(rq, device);
	if (!id || !session_name_ok(name) || !*pw)
		return 0;
	enum db_status st = db_moderator_get(ctx->db, name, &m, hash, &found);
	sodium_memzero(hash, sizeof(hash));
	if (st != DB_OK || !found || m.id != id)
		return 0;
	if (db_device_reserve(ctx->db, device, dslot) != DB_OK)
		return 0;
	if (dslot->locked) {
		log_warn("login: a device cookie of moderator %s is in back-off; the login is "
		         "untrusted",
		         m.name);
		return 0;
	}
	if (dslot->locked_now)
		log_warn("login: a device cookie of moderator %s locked for %lds after %u failed "
		         "logins",
		         m.name, login_backoff_seconds(dslot->failures), dslot->failures);
	return 1;
}

/* The password check of an admitted login. Known and unknown names take
 * the same path, with the same answers and time, so neither the back-off
 * nor the timing tells which names exist. 1 with *m filled when the
 * password is right; 0 when the answer has been sent. */
static int login_check(struct handler_ctx *ctx, struct response *rs, int json, const char *csrf,
                       const char *name, const char *pw, const uint8_t *client,
                       const uint8_t *device, struct login_slot *slot, struct moderator *m)
{
	char hash[PASSWORD_HASH_MAX];
	int found = 0;
	enum verify ok;

	enum db_status got = db_moderator_get(ctx->db, name, m, hash, &found);
	if (got != DB_OK) {
		/* not checked, so not counted: given back if the next node answers */
		if ((device ? db_device_unreserve(ctx->db, device, slot)
		            : db_login_unreserve(ctx->db, client, slot)) != DB_OK)
			log_warn("login: an unchecked attempt stays counted");
		login_db_failed(rs, json, csrf, name, got);
		return 0;
	}
	/* An unknown name's equal-time wait is the server's: it holds the
	 * answer (rs->hold_ns) without holding the lane's thread. */
	ok = session_verify_password_held(found ? hash : NULL, pw, strlen(pw), &rs->hold_ns);
	sodium_memzero(hash, sizeof(hash));
	if (ok == VERIFY_BUSY) {
		/* Not checked, so not counted; a failure to give it back only
		 * brings the back-off one check nearer. */
		if ((device ? db_device_unreserve(ctx->db, device, slot)
		            : db_login_unreserve(ctx->db, client, slot)) != DB_OK)
			log_warn("login: an unchecked attempt stays counted");
		rs->retry_after = 1;
		login_error(rs, json, 503, csrf, name, NULL,
		            "Too many logins are being checked right now; please try again.");
		return 0;
	}
	/* a trusted login's address keeps its count (client NULL); its
	 * cookie's starts again */
	enum db_status done = db_login_done(ctx->db, device ? NULL : client, name, found ? m : NULL,
	                                    ok == VERIFY_OK);
	/* The right password whose outcome was lost with a database node: its
	 * reserved check is given back on the next node, so a node's loss does
	 * not lock a moderator's address out. A wrong one stays counted. */
	if (done != DB_OK && ok == VERIFY_OK &&
	    (device ? db_device_unreserve(ctx->db, device, slot)
	            : db_login_unreserve(ctx->db, client, slot)) != DB_OK)
		log_warn("login: a right password's check stays counted (the database failed)");
	if (login_db_failed(rs, json, csrf, name, done))
		return 0;
	if (device && ok == VERIFY_OK &&
	    login_db_failed(rs, json, csrf, name, db_device_succeeded(ctx->db, device)))
		return 0;
	if (ok != VERIFY_OK) {
		log_warn("login: refused for moderator name \"%s\"", name);
		login_error(rs, json, 401, csrf, name, NULL, "Wrong name or password.");
		return 0;
	}
	return 1;
}

/* POST /login (name, password, csrf): 303 to /moderate with the session
 * cookie (JSON: 200). Refused, one answer each, before the fields are
 * checked: 415 a body that is not a form, 400 one that cannot be read
 * through, 403 a missing or wrong CSRF token, 503 too many logins waiting,
 * 429 with Retry-After while the client address is in back-off after
 * failed logins. Then 400 listing every bad field at once (docs/api.md);
 * then 401 wrong name or password; 503 when the database cannot be
 * reached or too many logins are being checked at once. */
static void login_post(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                       const char *csrf)
{
	struct fields in;
	struct form_error err;
	struct moderator m;
	struct login_slot slot;
	char token[SESSION_TOKEN_HEX + 1];
	uint8_t token_hash[DBMOD_HASH_BYTES], secret[DBMOD_HASH_BYTES],
	        client[DBMOD_HASH_BYTES] = {0};
	const char *why, *field, *name, *pw;
	int status, json = request_prefers_json(rq);

	if ((why = request_body_problem(rq, &status, &field)) != NULL) {
		login_error(rs, json, status, csrf, NULL, field, why);
		return;
	}
	int bad = read_fields(rq, &in, &err) != 0;
	json = in.json;
	name = in.v[LF_NAME];
	pw = in.v[LF_PASSWORD] ? in.v[LF_PASSWORD] : "";
	if (bad && (fields_has_problem(&err, "body") || fields_has_problem(&err, "query"))) {
		fields_sort_errors(&in, &err);
		login_errors(rs, json, 400, csrf, name, &err);
		return;
	}
	if (!auth_client_ok(rq, in.v[LF_CSRF])) {
		login_error(rs, json, 403, csrf, name, "csrf",
		            "The form had expired or came from another site; please log in again.");
		return;
	}
	/* A browser that logged in before (its device cookie) is not held by
	 * its address's back-off: a flood of guesses from anywhere leaves it
	 * its way in (docs/moderation.md, "Device cookies"). */
	uint8_t device[DBMOD_HASH_BYTES];
	int trusted =
	        !rq->lane_full && !bad && pw && login_trusted(ctx, rq, name, pw, device, &slot);
	enum db_status held = DB_OK;
	int admitted =
	        trusted ? 1 : login_admit(ctx, rq, rs, json, csrf, name, client, &slot, &held);
	if (admitted == 0)
		return;
	/* every field at once; the reader's problems first for their fields */
	if (!bad)
		err.n = 0;
	if (!session_name_ok(name) && !fields_has_problem(&err, "name"))
		form_error_add(&err, "name",
		               !name || !*name     ? "missing"
		               : strlen(name) > 64 ? "too_long"
		                                   : "malformed",
		               "must be 1 to 64 letters, digits, dots, hyphens or underscores");
	if (!*pw && !fields_has_problem(&err, "password"))
		form_error_add(&err, "password", "missing", "is required");
	if (err.n) {
		/* not a check of the password: not counted */
		if (admitted > 0 && (trusted ? db_device_unreserve(ctx->db, device, &slot)
		                             : db_login_unreserve(ctx->db, client, &slot)) != DB_OK)
			log_warn("login: a refused attempt stays counted");
		fields_sort_errors(&in, &err);
		login_errors(rs, json, 400, csrf, name, &err);
		return;
	}
	if (admitted < 0) {
		login_db_failed(rs, json, csrf, name, held);
		return;
	}
	if (!login_check(ctx, rs, json, csrf, name, pw, client, trusted ? device : NULL, &slot, &m))
		return;
	session_new(token, secret);
	session_token_hash(token, token_hash);
	if (login_db_failed(rs, json, csrf, name,
	                    db_session_new(ctx->db, token_hash, m.id, secret)))
		return;
	log_info("login: moderator %s logged in%s", m.name, trusted ? " (device cookie)" : "");
	cookie_set(rs, cookie_session_name(), token, SESSION_HOURS * 3600L);
	/* a new device cookie each time: its days count from this login */
	char dev[AUTH_DEVICE_HEX + 1];
	auth_device_new(m.id, dev);
	if (cookie_set(rs, cookie_device_name(), dev, AUTH_DEVICE_DAYS * 86400L) != 0)
		log_warn("login: no room for the device cookie");
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
	if (strcmp(rq->method, "POST") == 0) {
		login_post(ctx, rq, rs, csrf);
		return;
	}
	enum format f;
	struct form_error err;
	if (fields_format(rq, &f, &err) != 0)
		login_error(rs, f == FMT_JSON, 400, csrf, NULL, err.field, err.message);
	else if (f == FMT_JSON)
		page_send_json(rs, 200, json_pack("{s:s}", "csrf", csrf));
	else
		login_page_send(rs, 200, csrf, NULL, NULL, NULL);
}

const struct route route_login = {.path = "/login",
                                  .methods = M_GET | M_POST,
                                  .fn = login_route,
                                  .slow = M_POST,
                                  .query = &page_format_fields,
                                  .formats = ROUTE_HJ,
                                  .body = &login_body};
