/* logout: POST /logout (docs/moderation.md).
 * Its refusals are the moderation queue's page (the client is still logged in), so it answers
 * through moderate.h. */
#include "pages.h"

#include <string.h>

#include "cookie.h"
#include "dbsession.h"
#include "log.h"
#include "moderate.h"
#include "page.h"
#include "session.h"

static void logout_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
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

	if (moderate_read_fields(rq, body, &in, &err) != 0)
		memset(in.v, 0, sizeof(in.v));
	json = in.json;
	switch ((who = auth_session(ctx, rq, &a))) {
	case AUTH_OK:
		if (!auth_session_ok(rq, &a, fields_get(&in, "csrf"))) {
			moderate_send_queue(
			        ctx, rs, &a, &in, 403, "csrf",
			        "The form had expired or came from another site; you are "
			        "still logged in.");
			return;
		}
		session_token_hash(a.token, hash);
		enum db_status st = db_session_end(ctx->db, hash);
		if (st != DB_OK) {
			const char *msg;
			status = http_db_failure(rs, st == DB_DOWN, &msg);
			moderate_send_queue(ctx, rs, &a, &in, status, NULL, msg);
			return;
		}
		log_info("login: moderator %s logged out", a.m.name);
		break;
	case AUTH_NONE:
		break;
	default:
		moderate_send_no_session(rs, who, json);
		return;
	}
	cookie_set(rs, cookie_session_name(), "", 0);
	if (json)
		page_send_json(rs, 200, json_pack("{s:b}", "logged_out", 1));
	else
		page_redirect(rs, "/login");
}

const struct route route_logout = {
        .path = "/logout", .methods = M_POST, .fn = logout_route, .formats = ROUTE_HJ};
