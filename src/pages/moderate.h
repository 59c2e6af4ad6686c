/* moderate: the moderation queue and its decisions (docs/moderation.md;
 * login is login.h, logout logout.h). Every route under /moderate is a row
 * of the router's table guarded by moderate_guard: of any method, it
 * answers 401 without a valid session before anything else; 404 and 405
 * are the queue's page; a state change without the session's CSRF token
 * is 403. The pages find the session in ctx->admitted (struct auth). */
#ifndef LOOTFORGE_MODERATE_H
#define LOOTFORGE_MODERATE_H

#include "auth.h"
#include "fields.h"
#include "http.h"
#include "proposal_list.h"

extern const struct page_guard moderate_guard;

/* What the moderators' POSTs read, for the route table. */
extern const struct field_table moderate_body;

/* GET|HEAD /moderate: the pending proposals of every type. */
void moderate_queue(struct handler_ctx *ctx, const struct request *rq, struct response *rs);
/* Every proposal type of PROPOSAL_TYPE_LIST as the queue decides it
 * (moderate_int.h), for the route table. */
struct decision;
#define MODERATE_DECISION_DECLARE(type, table, prefix) extern const struct decision type##_decision;
PROPOSAL_TYPE_LIST(MODERATE_DECISION_DECLARE)
#undef MODERATE_DECISION_DECLARE

/* POST /moderate<prefix>/approve and /moderate<prefix>/reject: one flow,
 * for the decision that is ctx->route_arg. */
void moderate_approve(struct handler_ctx *ctx, const struct request *rq, struct response *rs);
void moderate_reject(struct handler_ctx *ctx, const struct request *rq, struct response *rs);
/* POST /moderate/retire and /moderate/edit: a live word changed. */
void moderate_retire(struct handler_ctx *ctx, const struct request *rq, struct response *rs);
void moderate_edit(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* For logout.c, whose answers are the queue's: the queue's fields (csrf,
 * approved, ...) read from rq; the queue with a message above it; the
 * answer when there is no session to go on (401, 503 or 500). */
int moderate_read_fields(const struct request *rq, int post, struct fields *in,
                         struct form_error *err);
void moderate_send_queue(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                         const struct fields *in, int status, const char *field,
                         const char *message);
void moderate_send_no_session(struct response *rs, enum auth_result r, int json);

#endif
