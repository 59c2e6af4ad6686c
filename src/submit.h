/* submit: GET /submit (the proposal form, and the "received" page) and
 * POST /submit (a proposal). See docs/moderation.md. */
#ifndef LOOTFORGE_SUBMIT_H
#define LOOTFORGE_SUBMIT_H

#include "http.h"

void submit_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);
/* GET /submit/spell (the spell form, and its "received" page) and POST
 * /submit/spell (a proposed spell). */
void submit_spell_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);
/* GET /submit/name (the training-name form, and its "received" page) and
 * POST /submit/name (a proposed Markov training name). */
void submit_name_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

#endif
