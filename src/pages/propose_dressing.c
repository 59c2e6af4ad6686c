/* submit_dungeon: the dungeon dressing forms (docs/moderation.md "Dungeon
 * dressing"): /submit/trap, /submit/occupant and /submit/dressing (a
 * room's feature, sound or smell). Three entries of the proposal forms'
 * flow (submit.c), one proposal type (proposal_dressing): each reads its
 * own fields into a struct dress_proposal_input, checked by
 * dress_proposal_parse and against look-alikes of live words and rows. */
#include <stdio.h>
#include <string.h>

#include "confusable.h"
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
		.path = path_, .names = names_, .template_name = "submit.tpl", .title = title_,    \
		.form_section = section_, .received_section = "DRESS_RECEIVED",                    \
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
