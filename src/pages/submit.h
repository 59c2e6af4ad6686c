/* submit: GET /submit (the proposal form, and the "received" page) and
 * POST /submit (a proposal). See docs/moderation.md. */
#ifndef LOOTFORGE_SUBMIT_H
#define LOOTFORGE_SUBMIT_H

#include "fieldrow.h"
#include "http.h"
#include "proposal.h"

/* The query fields of GET /submit, for the route table. */
extern const struct field_table submit_word_fields;

/* What each form's POST reads, for the route table. */
extern const struct field_table submit_word_body, submit_spell_body, submit_name_body,
        submit_trap_body, submit_occupant_body, submit_dressing_body;

void submit_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);
/* GET /submit/spell (the spell form, and its "received" page) and POST
 * /submit/spell (a proposed spell). */
void submit_spell_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);
/* GET /submit/name (the training-name form, and its "received" page) and
 * POST /submit/name (a proposed Markov training name). */
void submit_name_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* GET and POST /submit/trap, /submit/occupant and /submit/dressing (a
 * room's feature, sound or smell): proposed dungeon dressing rows, with
 * their "received" pages. */
void submit_trap_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);
void submit_occupant_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);
void submit_dressing_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* SPEC §12: 0 when each of p's classes is a class of its kind's materials
 * in the current catalog (or the catalog has none for the kind), else -1
 * with *err naming "classes" and the choices. The moderation's approval
 * holds a changed class to it too. */
int submit_known_classes(const struct proposal *p, struct proposal_error *err);

/* Whether s is a submission id as every one is made: 32 lowercase hex
 * digits (SUBMISSION_ID_HEX). */
int submit_is_sid(const char *s);

#endif
