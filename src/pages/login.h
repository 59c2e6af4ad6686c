/* login: GET|POST /login. A moderator's name and password, checked behind
 * the name's back-off (backoff.h), open a session (session.h). */
#ifndef LOOTFORGE_LOGIN_H
#define LOOTFORGE_LOGIN_H

#include "fieldrow.h"
#include "http.h"

/* GET: the form (JSON: the CSRF token); POST: the login itself. */
/* What POST /login reads, for the route table. */
extern const struct field_table login_body;

void login_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* The login form as a page with this status, the name filled in and an
 * error (field may be NULL; message NULL for none). */
void login_page_send(struct response *rs, int status, const char *csrf, const char *name,
                     const char *field, const char *message);

#endif
