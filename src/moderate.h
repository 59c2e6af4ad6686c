/* moderate: the moderators' pages (login is login.h): POST /logout, and
 * everything under /moderate: GET /moderate (the pending proposals of
 * words, spells and training names), POST /moderate/approve|reject (words),
 * /moderate/retire|edit, /moderate/spell/approve|reject and
 * /moderate/name/approve|reject. Every /moderate route, of
 * any method, answers 401 without a valid session and 403 for a state
 * change without the session's CSRF token, before anything else. */
#ifndef LOOTFORGE_MODERATE_H
#define LOOTFORGE_MODERATE_H

#include "http.h"

void moderate_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);
void logout_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

#endif
