/* submit: GET /submit (the proposal form, and the "received" page) and
 * POST /submit (a proposal). See docs/moderation.md. */
#ifndef LOOTFORGE_SUBMIT_H
#define LOOTFORGE_SUBMIT_H

#include "fieldrow.h"
#include "http.h"
#include "proposal.h"
#include "proposal_list.h"

/* Every proposal form of PROPOSAL_FORM_LIST, for the route table: its
 * entry (submit_int.h), what its GET reads from the query and what its
 * POST reads. */
struct proposal_form;
#define SUBMIT_FORM_DECLARE(form, path, type)                                                      \
	extern const struct proposal_form submit_##form##_form;                                    \
	extern const struct field_table submit_##form##_fields, submit_##form##_body;
PROPOSAL_FORM_LIST(SUBMIT_FORM_DECLARE)
#undef SUBMIT_FORM_DECLARE

/* GET (the form, and its "received" page) and POST (a proposal) of the
 * form whose entry is ctx->route_arg. */
void submit_form_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* SPEC §12: 0 when each of p's classes is a class of its kind's materials
 * in the current catalog (or the catalog has none for the kind), else -1
 * with *err naming "classes" and the choices. The moderation's approval
 * holds a changed class to it too. */
int submit_known_classes(const struct proposal *p, struct proposal_error *err);

/* Whether s is a submission id as every one is made: 32 lowercase hex
 * digits (SUBMISSION_ID_HEX). */
int submit_is_sid(const char *s);

#endif
