/* propose_spell: the pages of a spell proposal. Its form, /submit/spell
 * (docs/moderation.md "Spells"): its effect slots as text or by their
 * parts, its checks (spell_proposal_parse, look-alikes, live spells) and
 * its store. One entry of the proposal forms' flow (submit.c). Its
 * decision, spell_decision: its cards in the moderation queue, its answers
 * and its log (moderate.c's flow, moderate_int.h). */
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "confusable.h"
#include "log.h"
#include "moderate_int.h"
#include "submit_int.h"

/* What the form keeps while it answers one request (submit_int.h): the
 * proposal parsed from a POST, the row looked up or stored, and the
 * form's parts of each slot as text cells, while parsing. */
struct spell_state {
	struct spell_proposal p;
	struct db_spell_submission row;
	char cells[SPELL_EFFECTS_MAX][SPELL_CELL_MAX + 1];
};

/* An effect slot is either one text cell (effectN, "heal 2 6 3 1", the
 * syntax of sql/data/spells.tsv, for curl) or its parts, as the HTML form
 * sends them: effectN_kind and effectN_p1..effectN_p5 (docs/form.md). */
#define SP_SLOT_FIELDS (1 + SPELL_PARAMS)
enum spf {
	SP_CSRF,
	SP_SID,
	SP_NAME,
	SP_MANA,
	SP_LEVEL,
	SP_TIER,
	SP_EFFECT1,
	SP_FORMAT = SP_EFFECT1 + SPELL_EFFECTS_MAX,
	SP_RECEIVED,
	SP_SLOT1, /* effect1_kind, effect1_p1..p5, effect2_kind, ... */
	SP__MAX = SP_SLOT1 + SPELL_EFFECTS_MAX * SP_SLOT_FIELDS
};
#define SLOT_NAMES(n)                                                                              \
	"effect" #n "_kind", "effect" #n "_p1", "effect" #n "_p2", "effect" #n "_p3",              \
	        "effect" #n "_p4", "effect" #n "_p5"
static const char *const sp_names[SP__MAX + 1] = {
        "csrf",        "submission_id", "name",        "mana",        "level",
        "tier",        "effect1",       "effect2",     "effect3",     "effect4",
        "effect5",     "format",        "received",    SLOT_NAMES(1), SLOT_NAMES(2),
        SLOT_NAMES(3), SLOT_NAMES(4),   SLOT_NAMES(5), NULL};
const struct field_table submit_spell_body = FIELD_NAMES(sp_names, 0);
/* What a GET of the form reads: the format. */
static const struct field_row get_rows[] = {{"format", FIELD_FORMATS}};
const struct field_table submit_spell_fields = FIELD_TABLE(get_rows);

/* The choices of a table param as "1 fire, 2 cold, ...", for the hints. */
static void table_choices(int table, char *dst, size_t cap)
{
	size_t used = 0;
	enum spell_table t = (enum spell_table)(table - 1);

	dst[0] = '\0';
	for (int i = 1; i <= spell_table_count(t) && used < cap; i++)
		used += (size_t)snprintf(dst + used, cap - used, "%s%d %s", i > 1 ? ", " : "", i,
		                         spell_table_word(t, i));
}

/* What each param of each kind means, from spell.c's one table: the hint
 * table under the effects (read by public/spell-form.js to label the
 * inputs of the chosen kind). */
static void spell_fill_kinds(struct tmpl_dict *f)
{
	for (int k = EFFECT_NONE + 1; k < EFFECT__MAX; k++) {
		struct tmpl_dict *row = tmpl_section(f, "KIND_HELP");
		tmpl_set(row, "KIND", spell_effect_kind_name(k));
		tmpl_set(row, "ABOUT", spell_effect_about(k));
		for (int i = 0; i < SPELL_PARAMS; i++) {
			struct tmpl_dict *c = tmpl_section(row, "PARAM");
			struct spell_param_info pi;
			char range[48], choices[400];

			tmpl_set_int(c, "N", i + 1);
			if (spell_param_info(k, i, &pi) != 0) {
				tmpl_show(c, "UNUSED");
				continue;
			}
			tmpl_show(c, "USED");
			tmpl_set(c, "LABEL", pi.label);
			tmpl_set(c, "HELP", pi.help);
			tmpl_set_int(c, "MIN", pi.lo);
			tmpl_set_int(c, "MAX", pi.hi);
			if (pi.table) {
				table_choices(pi.table, choices, sizeof choices);
				tmpl_set(c, "CHOICES", choices);
				tmpl_show(c, "TABLE");
			} else {
				snprintf(range, sizeof range, "%d to %d%s", (int)pi.lo, (int)pi.hi,
				         pi.nonzero ? ", not 0" : "");
				tmpl_set(c, "RANGE", range);
				tmpl_show(c, "NUMBER");
			}
		}
	}
}

static void spell_fill_form(struct tmpl_dict *f, const struct fields *in)
{
	static const char *const keys[] = {"NAME", "MANA", "LEVEL", "TIER"};

	for (int i = SP_NAME; i <= SP_TIER; i++)
		tmpl_set(f, keys[i - SP_NAME], submit_typed(in, i));
	for (int i = 0; i < SPELL_EFFECTS_MAX; i++) {
		struct tmpl_dict *e = tmpl_section(f, "EFFECT");
		int at = SP_SLOT1 + i * SP_SLOT_FIELDS;
		const char *kind = submit_typed(in, at);

		tmpl_set_int(e, "N", i + 1);
		tmpl_set(e, "KIND_FIELD", sp_names[at]);
		for (int k = EFFECT_NONE + 1; k < EFFECT__MAX; k++) {
			struct tmpl_dict *o = tmpl_section(e, "OPT");
			tmpl_set(o, "VALUE", spell_effect_kind_name(k));
			tmpl_set(o, "LABEL", spell_effect_kind_name(k));
			if (strcmp(kind, spell_effect_kind_name(k)) == 0)
				tmpl_show(o, "SEL");
		}
		for (int p = 0; p < SPELL_PARAMS; p++) {
			struct tmpl_dict *pd = tmpl_section(e, "P");
			tmpl_set_int(pd, "N", p + 1);
			tmpl_set(pd, "FIELD", sp_names[at + 1 + p]);
			tmpl_set(pd, "VALUE", submit_typed(in, at + 1 + p));
		}
		/* A cell typed as text (curl) is shown as such after an error. */
		if (in && in->v[SP_EFFECT1 + i] && in->v[SP_EFFECT1 + i][0]) {
			struct tmpl_dict *t = tmpl_section(e, "TEXT");
			tmpl_set(t, "FIELD", sp_names[SP_EFFECT1 + i]);
			tmpl_set(t, "VALUE", in->v[SP_EFFECT1 + i]);
		}
	}
	spell_fill_kinds(f);
}

static void spell_fill_received(struct tmpl_dict *r, const void *state)
{
	const struct spell_state *s = state;

	const struct db_spell_submission *row = &s->row;
	char effects[SPELL_EFFECTS_TEXT_MAX + 1];

	tmpl_set(r, "NAME", row->p.name);
	if (spell_effects_text(&row->p, effects, sizeof effects) >= 0)
		tmpl_set(r, "EFFECTS", effects);
	submit_fill_row(r, row->status, row->sid, row->created);
}

static json_t *spell_row_json(const void *state)
{
	const struct spell_state *s = state;

	const struct db_spell_submission *row = &s->row;
	char effects[SPELL_EFFECTS_TEXT_MAX + 1];

	if (spell_effects_text(&row->p, effects, sizeof effects) < 0)
		effects[0] = '\0';
	return json_pack("{s:s,s:s,s:i,s:i,s:i,s:s,s:s,s:s}", "submission_id", row->sid, "name",
	                 row->p.name, "mana", row->p.mana, "level", row->p.level, "tier",
	                 row->p.tier, "effects", effects, "status", row->status, "created",
	                 row->created);
}

static int sent(const char *v)
{
	return v && v[0];
}

/* A param as sent by the form: empty (0) or an optional minus and 1..5
 * digits, so it cannot carry a second number or another cell. */
static int param_ok(const char *v)
{
	size_t n = 0;

	if (!sent(v))
		return 1;
	if (*v == '-')
		v++;
	for (; *v; v++, n++)
		if (*v < '0' || *v > '9' || n == 5)
			return 0;
	return n > 0;
}

/* Slot i's parts (effectN_kind, effectN_p1..p5) as one text cell in cell;
 * "" when the slot has no kind. 0, or -1 with every problem added to
 * *err, each naming its field. */
static int slot_cell(const struct fields *in, int i, char *cell, size_t cap,
                     struct proposal_error *err)
{
	int at = SP_SLOT1 + i * SP_SLOT_FIELDS, rc = 0;
	const char *kind = in->v[at];
	size_t used;

	cell[0] = '\0';
	for (int p = 0; p < SPELL_PARAMS; p++)
		if (!param_ok(in->v[at + 1 + p]))
			rc = proposal_error_add(err, sp_names[at + 1 + p], "malformed", 0,
			                        "must be a whole number (or empty for 0)");
	if (!sent(kind) || strcmp(kind, "none") == 0)
		return rc;
	if (sent(in->v[SP_EFFECT1 + i]))
		return proposal_error_add(
		        err, sp_names[SP_EFFECT1 + i], "duplicate", 0,
		        "give effect %d either as text (%s) or by its parts (%s), not both", i + 1,
		        sp_names[SP_EFFECT1 + i], sp_names[at]);
	if (rc)
		return rc;
	used = (size_t)snprintf(cell, cap, "%s", kind);
	for (int p = 0; p < SPELL_PARAMS && used < cap; p++)
		used += (size_t)snprintf(cell + used, cap - used, " %s",
		                         sent(in->v[at + 1 + p]) ? in->v[at + 1 + p] : "0");
	return 0;
}

/* The spell checked as the catalog loader checks one; each slot is its
 * text cell or its parts, which become a cell of the same syntax. The
 * slots' own problems (a param that is no number, a slot given twice) are
 * listed with the spell's; a slot with one is left out of its check. */
static void spell_parse(const struct fields *in, void *state, struct proposal_error *err)
{
	struct spell_state *s = state;

	struct spell_proposal_input pin = {
	        .name = in->v[SP_NAME],
	        .mana = in->v[SP_MANA],
	        .level = in->v[SP_LEVEL],
	        .tier = in->v[SP_TIER],
	};
	struct proposal_error slots;

	proposal_error_init(&slots);
	for (int i = 0; i < SPELL_EFFECTS_MAX; i++) {
		char *cell = s->cells[i];
		int bad = slot_cell(in, i, cell, sizeof s->cells[i], &slots) != 0;
		pin.effect[i] = bad ? NULL : cell[0] ? cell : in->v[SP_EFFECT1 + i];
	}
	if (spell_proposal_parse(&pin, &s->p, err) != 0 && slots.n) {
		/* the slots' problems join the spell's; an effect given wrong is
		 * not "missing" */
		struct proposal_error spell = *err;
		proposal_error_init(err);
		for (int i = 0; i < spell.n; i++)
			if (strcmp(spell.list[i].code, "missing") != 0 ||
			    strcmp(spell.list[i].field, "effect1") != 0)
				proposal_error_add(err, spell.list[i].field, spell.list[i].code,
				                   spell.list[i].cross, "%s",
				                   spell.list[i].message);
	}
	for (int i = 0; i < slots.n; i++)
		proposal_error_add(err, slots.list[i].field, slots.list[i].code, 0, "%s",
		                   slots.list[i].message);
	int name_ok = !submit_has_problem(err, "name") && s->p.name[0];
	if (!name_ok)
		return;
	confusable_refuse(s->p.name, "name", err);
	if (err->n) { /* refused anyway: say too if the name is a spell already */
		const struct catalog *cat = catalog_acquire();
		char key[CATALOG_KEY_MAX], other[CATALOG_KEY_MAX];
		for (size_t i = 0; cat && i < cat->n_spells; i++)
			if (catalog_key(s->p.name, key, sizeof key) == 0 &&
			    catalog_key(cat->spells[i].s.name, other, sizeof other) == 0 &&
			    strcmp(key, other) == 0) {
				proposal_error_add(err, "name", "conflict", 1,
				                   "“%s” is already a spell.", s->p.name);
				break;
			}
		if (cat)
			catalog_release(cat);
	}
}

/* A live spell of the name, or a pending proposal of it, is refused; so is
 * a rejected one, though the lifecycle never answers that for spells (a name may be
 * proposed again). */
static void spell_refusal(const void *state, const struct submit_outcome *out, char *text, size_t n)
{
	const struct spell_state *s = state;

	const char *name = s->p.name;

	if (out->result == SUBMIT_LIVE)
		snprintf(text, n, "“%s” is already a spell.", name);
	else
		snprintf(text, n,
		         "“%s” has been proposed as a spell already and waits for a moderator.",
		         name);
}

const struct proposal_form submit_spell_form = {
        .path = "/submit/spell",
        .names = sp_names,
        .template_name = "propose_spell.tpl",
        .title = "Propose a spell",
        .link = "a spell",
        .form_section = "SPELL_FORM",
        .received_section = "SPELL_RECEIVED",
        .thanks = "Thank you",
        .row_key = "spell_submission",
        .unknown_id = "there is no spell proposal with this id",
        .key_field = "name",
        .fill_form = spell_fill_form,
        .fill_received = spell_fill_received,
        .row_json = spell_row_json,
        .parse = spell_parse,
        .type = &proposal_spell,
        .state_size = sizeof(struct spell_state),
        .proposal_at = offsetof(struct spell_state, p),
        .row_at = offsetof(struct spell_state, row),
        .refusal = spell_refusal,
};

/* ---- the moderation's decision (moderate_int.h) ---- */

MODERATE_RECORD_CHECK(struct db_spell_submission);

/* A spell proposal for JSON: its fields, its stored effects, its words. */
static json_t *spell_queue_json(const void *r)
{
	const struct db_spell_submission *row = r;
	char effects[SPELL_EFFECTS_TEXT_MAX + 1], text[SPELL_TEXT_MAX];
	struct spell s;

	spell_proposal_view(&row->p, &s);
	if (spell_effects_text(&row->p, effects, sizeof effects) < 0)
		effects[0] = '\0';
	if (spell_text(&s, text, sizeof text) < 0)
		text[0] = '\0';
	return json_pack("{s:I,s:s,s:s,s:i,s:i,s:i,s:s,s:s,s:s,s:s}", "id", (json_int_t)row->id,
	                 "submission_id", row->sid, "name", row->p.name, "mana", row->p.mana,
	                 "level", row->p.level, "tier", row->p.tier, "effects", effects, "text",
	                 text, "status", row->status, "created", row->created);
}

static void spell_fill_item(struct tmpl_dict *queue, const struct db_spell_submission *row,
                            const char *csrf, const struct kept *k)
{
	struct tmpl_dict *it = tmpl_section(queue, "SPELL_ITEM");
	char effects[SPELL_EFFECTS_TEXT_MAX + 1], text[SPELL_TEXT_MAX];
	struct spell s;

	spell_proposal_view(&row->p, &s);
	tmpl_set_int(it, "ID", (long)row->id);
	tmpl_set(it, "NAME", row->p.name);
	tmpl_set(it, "CREATED", row->created);
	tmpl_set(it, "CSRF", csrf);
	tmpl_set(it, "EFFECTS",
	         spell_effects_text(&row->p, effects, sizeof effects) >= 0 ? effects : "");
	tmpl_set(it, "TEXT",
	         spell_text(&s, text, sizeof text) >= 0 ? text : "(does not pass the check now)");
	moderate_keep_reason(it, k, &spell_decision, row->id);
}

static void spell_fill_queue(struct tmpl_dict *q, struct tmpl_dict *queue, const void *rows,
                             size_t n, unsigned long total, const char *csrf, const struct kept *k)
{
	(void)queue;
	const struct db_spell_submission *row = rows;
	struct tmpl_dict *list;

	tmpl_set_int(q, "SPELL_TOTAL", (long)total);
	list = n ? tmpl_section(q, "SPELL_ITEM_LIST") : NULL;
	for (size_t i = 0; i < n; i++)
		spell_fill_item(list, &row[i], csrf, k);
}

static void spell_live(const void *row, char *msg, size_t n)
{
	snprintf(msg, n, "“%s” is already a spell; reject this proposal instead.",
	         ((const struct db_spell_submission *)row)->p.name);
}

static void spell_log(const struct auth *a, const void *r, uint32_t spell_id, const char *reason)
{
	const struct db_spell_submission *row = r;

	if (!reason)
		log_info("moderation: %s approved spell proposal %u \"%s\", now spell id %u",
		         a->m.name, row->id, row->p.name, spell_id);
	else
		log_info("moderation: %s rejected spell proposal %u \"%s\": %.*s", a->m.name,
		         row->id, row->p.name, REASON_BYTES_MAX, reason);
}

/* The spell's effects in the words of /spells (spell_effect_text), joined
 * by "; ". */
static void spell_confirm(const void *row, int approved, char *msg, size_t n)
{
	const struct db_spell_submission *r = row;
	char effects[SPELL_TEXT_MAX] = "", one[SPELL_TEXT_MAX];
	size_t used = 0;
	struct spell s;

	spell_proposal_view(&r->p, &s);
	for (int e = 0; e < s.n_effects; e++) {
		if (spell_effect_text(&s.effects[e], one, sizeof one) < 0)
			continue;
		int w = snprintf(effects + used, sizeof effects - used, "%s%s", used ? "; " : "",
		                 one);
		if (w < 0 || (size_t)w >= sizeof effects - used)
			break;
		used += (size_t)w;
	}
	snprintf(msg, n, "%s the spell “%s”%s%s%s", approved ? "Approved" : "Rejected", r->p.name,
	         used ? " (" : "", effects, used ? ")." : ".");
}

const struct decision spell_decision = {
        .type = &proposal_spell,
        .row_size = sizeof(struct db_spell_submission),
        .noun = "spell proposal",
        .type_name = "spell",
        .confirm = spell_confirm,
        .live_field = "name",
        .new_id_key = "spell_id",
        .row_json = spell_queue_json,
        .live_message = spell_live,
        .log = spell_log,
        .total_key = "spell_total",
        .pending_key = "pending_spells",
        .template_name = "propose_spell.tpl",
        .queue_section = "SPELL_QUEUE",
        .fill_queue = spell_fill_queue,
};
