/* propose_name: the pages of a training-name proposal. Its form,
 * /submit/name (docs/moderation.md "Training names"): its check
 * (nameprop_parse against the chain, look-alikes) and its store: one entry
 * of the proposal forms' flow (submit.c). Its decision, name_decision: its
 * cards in the moderation queue, its answers and its log (moderate.c's
 * flow, moderate_int.h). */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "confusable.h"
#include "nameprop.h"
#include "log.h"
#include "moderate_int.h"
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
        .template_name = "propose_name.tpl",
        .title = "Propose a name",
        .link = "a name for scrolls",
        .link_note = " for the name chain to learn from",
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

/* ---- the moderation's decision (moderate_int.h) ---- */

MODERATE_RECORD_CHECK(struct db_name_submission);

static json_t *name_queue_json(const void *r)
{
	const struct db_name_submission *row = r;
	json_t *o = json_pack("{s:I,s:s,s:s,s:s,s:s}", "id", (json_int_t)row->id, "submission_id",
	                      row->sid, "name", row->name, "status", row->status, "created",
	                      row->created);
	if (o && row->markov_name_id &&
	    json_object_set_new(o, "markov_name_id", json_integer(row->markov_name_id)) != 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static void name_fill_queue(struct tmpl_dict *q, struct tmpl_dict *queue, const void *rows,
                            size_t n, unsigned long total, const char *csrf, const struct kept *k)
{
	(void)queue;
	const struct db_name_submission *row = rows;
	struct tmpl_dict *list;

	tmpl_set_int(q, "NAME_TOTAL", (long)total);
	list = n ? tmpl_section(q, "NAME_ITEM_LIST") : NULL;
	for (size_t i = 0; i < n; i++) {
		struct tmpl_dict *it = tmpl_section(list, "NAME_ITEM");
		tmpl_set_int(it, "ID", (long)row[i].id);
		tmpl_set(it, "NAME", row[i].name);
		tmpl_set(it, "CREATED", row[i].created);
		tmpl_set(it, "CSRF", csrf);
		moderate_keep_reason(it, k, &name_decision, row[i].id);
	}
}

static void name_live(const void *row, char *msg, size_t n)
{
	snprintf(msg, n, "“%s” is a training name already; reject this proposal instead.",
	         ((const struct db_name_submission *)row)->name);
}

static void name_log(const struct auth *a, const void *r, uint32_t markov_id, const char *reason)
{
	const struct db_name_submission *row = r;

	if (!reason)
		log_info("moderation: %s approved name proposal %u \"%s\", now markov_name id %u",
		         a->m.name, row->id, row->name, markov_id);
	else
		log_info("moderation: %s rejected name proposal %u \"%s\": %.*s", a->m.name,
		         row->id, row->name, REASON_BYTES_MAX, reason);
}

static void name_confirm(const void *row, int approved, char *msg, size_t n)
{
	const struct db_name_submission *r = row;

	snprintf(msg, n,
	         approved ? "Approved the training name “%s”: the scroll-name chain learns it at "
	                    "the next catalog revision."
	                  : "Rejected the training name “%s”.",
	         r->name);
}

const struct decision name_decision = {
        .type = &proposal_name,
        .row_size = sizeof(struct db_name_submission),
        .noun = "name proposal",
        .type_name = "name",
        .confirm = name_confirm,
        .live_field = "name",
        .row_json = name_queue_json,
        .live_message = name_live,
        .log = name_log,
        .total_key = "name_total",
        .pending_key = "pending_names",
        .template_name = "propose_name.tpl",
        .queue_section = "NAME_QUEUE",
        .fill_queue = name_fill_queue,
};
