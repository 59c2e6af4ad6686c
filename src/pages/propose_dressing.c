/* propose_dressing: the pages of a dungeon dressing proposal. Its forms
 * (docs/moderation.md "Dungeon dressing"): /submit/trap, /submit/occupant
 * and /submit/dressing (a room's feature, sound or smell). Three entries of
 * the proposal forms' flow (submit.c), one proposal type
 * (proposal_dressing): each reads its own fields into a struct
 * dress_proposal_input, checked by dress_proposal_parse and against look-
 * alikes of live words and rows. Its decision, dressing_decision: its cards
 * in the moderation queue, its answers and its log (moderate.c's flow,
 * moderate_int.h). */
#include <stdio.h>
#include <string.h>

#include "confusable.h"
#include "log.h"
#include "moderate_int.h"
#include "submit_int.h"

/* What each form keeps while it answers one request (submit_int.h): the
 * row parsed from a POST, and the row looked up or stored. */
struct dressing_state {
	struct dress_proposal p;
	struct db_dressing_submission row;
};

/* Each form's allow-list: the flow's fields, then the form's own. */
static const char *const trap_names[] = {"csrf",   "submission_id", "format",    "received", "name",
                                         "effect", "level_min",     "level_max", NULL};
static const char *const occupant_names[] = {
        "csrf",      "submission_id", "format",     "received",   "name", "plural",
        "level_min", "level_max",     "number_min", "number_max", NULL};
static const char *const phrase_names[] = {"csrf", "submission_id", "format", "received",
                                           "kind", "text",          NULL};
const struct field_table submit_trap_body = FIELD_NAMES(trap_names, 0);
const struct field_table submit_occupant_body = FIELD_NAMES(occupant_names, 0);
const struct field_table submit_dressing_body = FIELD_NAMES(phrase_names, 0);
/* What a GET of each form reads: the format. */
static const struct field_row get_rows[] = {{"format", FIELD_FORMATS}};
const struct field_table submit_trap_fields = FIELD_TABLE(get_rows),
                         submit_occupant_fields = FIELD_TABLE(get_rows),
                         submit_dressing_fields = FIELD_TABLE(get_rows);

/* Field name as sent, or NULL (in: NULL or the fields read). */
static const char *sent(const struct fields *in, const char *name)
{
	return in ? fields_get(in, name) : NULL;
}

static void set_typed(struct tmpl_dict *f, const char *key, const struct fields *in,
                      const char *name)
{
	const char *v = sent(in, name);
	tmpl_set(f, key, v ? v : "");
}

static void trap_fill_form(struct tmpl_dict *f, const struct fields *in)
{
	set_typed(f, "NAME", in, "name");
	set_typed(f, "EFFECT", in, "effect");
	set_typed(f, "LEVEL_MIN", in, "level_min");
	set_typed(f, "LEVEL_MAX", in, "level_max");
}

static void occupant_fill_form(struct tmpl_dict *f, const struct fields *in)
{
	set_typed(f, "NAME", in, "name");
	set_typed(f, "PLURAL", in, "plural");
	set_typed(f, "LEVEL_MIN", in, "level_min");
	set_typed(f, "LEVEL_MAX", in, "level_max");
	set_typed(f, "NUMBER_MIN", in, "number_min");
	set_typed(f, "NUMBER_MAX", in, "number_max");
}

/* The lists a phrase may be for, the one sent selected (one that is none
 * of them kept and marked). */
static void phrase_fill_form(struct tmpl_dict *f, const struct fields *in)
{
	const char *kind = sent(in, "kind");
	int known = 0;

	if (!kind)
		kind = "";

	for (int k = DP_FEATURE; k <= DP_SMELL; k++) {
		struct tmpl_dict *o = tmpl_section(f, "KIND_OPT");
		tmpl_set(o, "VALUE", dressprop_kind_names[k]);
		if (strcmp(kind, dressprop_kind_names[k]) == 0) {
			tmpl_show(o, "SEL");
			known = 1;
		}
	}
	if (*kind && !known) {
		struct tmpl_dict *o = tmpl_section(f, "KIND_OPT");
		tmpl_set(o, "VALUE", kind);
		tmpl_show(o, "SEL");
		tmpl_show(o, "BAD");
	}
	set_typed(f, "TEXT", in, "text");
}

static const char *form_path(enum dressprop_kind k)
{
	return k == DP_TRAP       ? "/submit/trap"
	       : k == DP_OCCUPANT ? "/submit/occupant"
	                          : "/submit/dressing";
}

static void dress_fill_received(struct tmpl_dict *r, const void *state)
{
	const struct dressing_state *s = state;

	const struct db_dressing_submission *row = &s->row;

	tmpl_set(r, "KIND", dressprop_kind_names[row->p.kind]);
	tmpl_set(r, "NAME", row->p.name);
	tmpl_set(r, "PATH", form_path(row->p.kind));
	submit_fill_row(r, row->status, row->sid, row->created);
}

static json_t *dress_row_json(const void *state)
{
	const struct dressing_state *s = state;

	const struct db_dressing_submission *row = &s->row;
	const struct dress_proposal *p = &row->p;

	return json_pack("{s:s,s:s,s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:s,s:s}", "submission_id", row->sid,
	                 "kind", dressprop_kind_names[p->kind], "name", p->name, "plural",
	                 p->plural, "effect", p->effect, "level_min", p->level_min, "level_max",
	                 p->level_max, "number_min", p->number_min, "number_max", p->number_max,
	                 "status", row->status, "created", row->created);
}

/* The fields read, checked for kind; then look-alikes of the live words
 * and rows (a check across fields, listed after the fields' own). */
static void parse_kind(const struct fields *in, const char *kind, void *state,
                       struct proposal_error *err)
{
	struct dressing_state *s = state;

	struct dress_proposal_input di = {
	        .kind = kind ? kind : sent(in, "kind"),
	        .phrase = kind == NULL,
	        .name = sent(in, "name"),
	        .plural = sent(in, "plural"),
	        .effect = sent(in, "effect"),
	        .text = sent(in, "text"),
	        .level_min = sent(in, "level_min"),
	        .level_max = sent(in, "level_max"),
	        .number_min = sent(in, "number_min"),
	        .number_max = sent(in, "number_max"),
	};
	struct dress_proposal *p = &s->p;

	dress_proposal_parse(&di, p, err);
	const char *field = kind ? "name" : "text";
	if (p->name[0] && !submit_has_problem(err, field))
		confusable_refuse_dress(p->name, field, err);
	const char *plural = sent(in, "plural");
	if (p->plural[0] && plural && *plural && !submit_has_problem(err, "plural"))
		confusable_refuse_dress(p->plural, "plural", err);
}

static void trap_parse(const struct fields *in, void *state, struct proposal_error *err)
{
	struct dressing_state *s = state;

	parse_kind(in, "trap", s, err);
}

static void occupant_parse(const struct fields *in, void *state, struct proposal_error *err)
{
	struct dressing_state *s = state;

	parse_kind(in, "occupant", s, err);
}

static void phrase_parse(const struct fields *in, void *state, struct proposal_error *err)
{
	struct dressing_state *s = state;

	parse_kind(in, NULL, s, err);
}

/* Refused: a live row of the kind so named, or one pending. A rejected
 * row may be proposed again at once (docs/moderation.md). */
static void dress_refusal(const void *state, const struct submit_outcome *out, char *text, size_t n)
{
	const struct dressing_state *s = state;

	const struct dress_proposal *p = &s->p;
	const char *kind = dressprop_kind_names[p->kind];

	if (out->result == SUBMIT_LIVE)
		snprintf(text, n, "“%s” is a live %s already", p->name, kind);
	else if (out->result == SUBMIT_PENDING)
		snprintf(text, n,
		         "“%s” has been proposed as a %s already and waits for a moderator",
		         p->name, kind);
}

#define DRESS_FORM(path_, names_, title_, section_, fill_, parse_, key_)                           \
	{                                                                                          \
		.path = path_, .names = names_, .template_name = "propose_dressing.tpl",           \
		.title = title_, .form_section = section_, .received_section = "DRESS_RECEIVED",   \
		.thanks = "Thank you", .row_key = "dressing_submission",                           \
		.unknown_id = "there is no dressing proposal with this id", .key_field = key_,     \
		.fill_form = fill_, .fill_received = dress_fill_received,                          \
		.row_json = dress_row_json, .parse = parse_, .type = &proposal_dressing,           \
		.state_size = sizeof(struct dressing_state),                                       \
		.proposal_at = offsetof(struct dressing_state, p),                                 \
		.row_at = offsetof(struct dressing_state, row), .refusal = dress_refusal,          \
	}

const struct proposal_form submit_trap_form =
        DRESS_FORM("/submit/trap", trap_names, "Propose a trap", "TRAP_FORM", trap_fill_form,
                   trap_parse, "name");
const struct proposal_form submit_occupant_form =
        DRESS_FORM("/submit/occupant", occupant_names, "Propose a creature", "OCCUPANT_FORM",
                   occupant_fill_form, occupant_parse, "name");
const struct proposal_form submit_dressing_form =
        DRESS_FORM("/submit/dressing", phrase_names, "Propose a room's feature, sound or smell",
                   "PHRASE_FORM", phrase_fill_form, phrase_parse, "text");

/* ---- the moderation's decision (moderate_int.h) ---- */

MODERATE_RECORD_CHECK(struct db_dressing_submission);

static json_t *dress_queue_json(const void *r)
{
	const struct db_dressing_submission *row = r;
	const struct dress_proposal *p = &row->p;
	json_t *o = json_pack("{s:I,s:s,s:s,s:s,s:s,s:s,s:i,s:i,s:i,s:i,s:s,s:s}", "id",
	                      (json_int_t)row->id, "submission_id", row->sid, "kind",
	                      dressprop_kind_names[p->kind], "name", p->name, "plural", p->plural,
	                      "effect", p->effect, "level_min", p->level_min, "level_max",
	                      p->level_max, "number_min", p->number_min, "number_max",
	                      p->number_max, "status", row->status, "created", row->created);
	if (o && row->dressing_id &&
	    json_object_set_new(o, "dressing_id", json_integer(row->dressing_id)) != 0) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static void dress_fill_item(struct tmpl_dict *queue, const struct db_dressing_submission *row,
                            const char *csrf, const struct kept *k)
{
	const struct dress_proposal *p = &row->p;
	struct tmpl_dict *it = tmpl_section(queue, "DRESS_ITEM");
	char levels[48], number[48];

	tmpl_set_int(it, "ID", (long)row->id);
	tmpl_set(it, "KIND", dressprop_kind_names[p->kind]);
	tmpl_set(it, "NAME", p->name);
	tmpl_set(it, "CREATED", row->created);
	tmpl_set(it, "CSRF", csrf);
	if (p->kind == DP_TRAP || p->kind == DP_OCCUPANT) {
		snprintf(levels, sizeof levels, "levels %d to %d", p->level_min, p->level_max);
		tmpl_set(tmpl_section(it, "LEVELS"), "TEXT", levels);
	}
	if (p->kind == DP_TRAP)
		tmpl_set(tmpl_section(it, "EFFECT"), "TEXT", p->effect);
	if (p->kind == DP_OCCUPANT) {
		snprintf(number, sizeof number, "%d to %d appearing", p->number_min, p->number_max);
		struct tmpl_dict *o = tmpl_section(it, "OCCUPANT");
		tmpl_set(o, "PLURAL", p->plural);
		tmpl_set(o, "NUMBER", number);
	}
	moderate_keep_reason(it, k, &dressing_decision, row->id);
}

static void dress_fill_queue(struct tmpl_dict *q, struct tmpl_dict *queue, const void *rows,
                             size_t n, unsigned long total, const char *csrf, const struct kept *k)
{
	(void)queue;
	const struct db_dressing_submission *row = rows;
	struct tmpl_dict *list;

	tmpl_set_int(q, "DRESS_TOTAL", (long)total);
	list = n ? tmpl_section(q, "DRESS_ITEM_LIST") : NULL;
	for (size_t i = 0; i < n; i++)
		dress_fill_item(list, &row[i], csrf, k);
}

static void dress_live(const void *row, char *msg, size_t n)
{
	const struct dress_proposal *p = &((const struct db_dressing_submission *)row)->p;
	snprintf(msg, n, "“%s” is a live %s already; reject this proposal instead.", p->name,
	         dressprop_kind_names[p->kind]);
}

static void dress_log(const struct auth *a, const void *r, uint32_t dressing_id, const char *reason)
{
	const struct db_dressing_submission *row = r;
	const char *kind = dressprop_kind_names[row->p.kind];

	if (!reason)
		log_info("moderation: %s approved dressing proposal %u, %s \"%s\", now "
		         "dungeon_dressing id %u",
		         a->m.name, row->id, kind, row->p.name, dressing_id);
	else
		log_info("moderation: %s rejected dressing proposal %u, %s \"%s\": %.*s", a->m.name,
		         row->id, kind, row->p.name, REASON_BYTES_MAX, reason);
}

static void dress_confirm(const void *row, int approved, char *msg, size_t n)
{
	const struct dress_proposal *p = &((const struct db_dressing_submission *)row)->p;

	snprintf(msg, n,
	         approved ? "Approved the %s “%s”: dungeons made from the next catalog revision "
	                    "on may draw it."
	                  : "Rejected the %s “%s”.",
	         dressprop_kind_names[p->kind], p->name);
}

const struct decision dressing_decision = {
        .type = &proposal_dressing,
        .row_size = sizeof(struct db_dressing_submission),
        .noun = "dressing proposal",
        .type_name = "dressing",
        .confirm = dress_confirm,
        .live_field = "name",
        .new_id_key = "dressing_id",
        .row_json = dress_queue_json,
        .live_message = dress_live,
        .log = dress_log,
        .total_key = "dressing_total",
        .pending_key = "pending_dressing",
        .template_name = "propose_dressing.tpl",
        .queue_section = "DRESS_QUEUE",
        .fill_queue = dress_fill_queue,
};
