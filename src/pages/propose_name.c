/* submit_name: the training-name form, /submit/name (docs/moderation.md
 * "Training names"): its check (nameprop_parse against the chain,
 * look-alikes) and its store. One entry of the proposal forms' flow
 * (submit.c). */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "confusable.h"
#include "nameprop.h"
#include "submit_int.h"

/* What the form keeps while it answers one request (submit_int.h): the
 * name parsed from a POST, and the row looked up or stored. */
struct name_state {
	char name[NAMEPROP_BYTES_MAX + 1];
	struct db_name_submission row;
};

enum nf { NF_CSRF, NF_SID, NF_NAME, NF_FORMAT, NF_RECEIVED, NF__MAX };
static const char *const nf_names[NF__MAX + 1] = {"csrf",   "submission_id", "name",
                                                  "format", "received",      NULL};
const struct field_table submit_name_body = FIELD_NAMES(nf_names, 0);
/* What a GET of the form reads: the format. */
static const struct field_row get_rows[] = {{"format", FIELD_FORMATS}};
const struct field_table submit_name_fields = FIELD_TABLE(get_rows);

static void name_fill_form(struct tmpl_dict *f, const struct fields *in)
{
	tmpl_set(f, "NAME", submit_typed(in, NF_NAME));
}

static void name_fill_received(struct tmpl_dict *r, const void *state)
{
	const struct name_state *s = state;

	const struct db_name_submission *row = &s->row;

	tmpl_set(r, "NAME", row->name);
	submit_fill_row(r, row->status, row->sid, row->created);
}

static json_t *name_row_json(const void *state)
{
	const struct name_state *s = state;

	const struct db_name_submission *row = &s->row;

	return json_pack("{s:s,s:s,s:s,s:s}", "submission_id", row->sid, "name", row->name,
	                 "status", row->status, "created", row->created);
}

/* The name checked by nameprop_parse, against the current catalog's chain
 * when there is one (the database checks again when it stores it): a name
 * the chain trains on already is a conflict (409). */
static void name_parse(const struct fields *in, void *state, struct proposal_error *err)
{
	struct name_state *s = state;

	const struct catalog *cat = catalog_acquire();
	int rc = nameprop_parse(in->v[NF_NAME], cat ? cat->chain : NULL, s->name, err);

	if (cat)
		catalog_release(cat);
	if (rc == 0)
		confusable_refuse(s->name, "name", err);
}

/* Refused: a training name already (in any case), one pending, or one
 * rejected in the last 30 days. */
static void name_refusal(const void *state, const struct submit_outcome *out, char *text, size_t n)
{
	const struct name_state *s = state;

	const char *name = s->name;

	switch (out->result) {
	case SUBMIT_LIVE:
		snprintf(text, n, "“%s” is a training name already", name);
		break;
	case SUBMIT_PENDING:
		snprintf(text, n, "“%s” has been proposed already and waits for a moderator", name);
		break;
	case SUBMIT_REJECTED:
		snprintf(text, n, "“%s” was rejected on %s; it can be proposed again after %s",
		         name, out->rejected_on, out->again_after);
		break;
	default:
		break;
	}
}

const struct proposal_form submit_name_form = {
        .path = "/submit/name",
        .names = nf_names,
        .template_name = "submit.tpl",
        .title = "Propose a name",
        .form_section = "NAME_FORM",
        .received_section = "NAME_RECEIVED",
        .thanks = "Thank you",
        .row_key = "name_submission",
        .unknown_id = "there is no name proposal with this id",
        .key_field = "name",
        .fill_form = name_fill_form,
        .fill_received = name_fill_received,
        .row_json = name_row_json,
        .parse = name_parse,
        .type = &proposal_name,
        .state_size = sizeof(struct name_state),
        .proposal_at = offsetof(struct name_state, name),
        .row_at = offsetof(struct name_state, row),
        .refusal = name_refusal,
};
