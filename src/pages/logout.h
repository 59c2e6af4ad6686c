/* logout: POST /logout (docs/moderation.md). */
#ifndef LOOTFORGE_LOGOUT_H
#define LOOTFORGE_LOGOUT_H

#include "http.h"

/* POST /logout (csrf): ends the session and clears its cookie, 303 to
 * /login (JSON: 200). Without a session there is nothing to end: the same
 * answer. 403 with a session but without its CSRF token. */
void logout_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

#endif
