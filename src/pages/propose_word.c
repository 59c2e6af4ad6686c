/* propose_word: the pages of a word proposal. Its form, /submit
 * (docs/moderation.md "Proposing a word"): a chooser of kind and part above
 * the form of that table, its checks (proposal_parse, then the catalog's
 * classes, look-alikes and live words) and its store: one entry of the
 * proposal forms' flow (submit.c). Its decision, word_decision: its cards
 * in the moderation queue, its answers and its log (moderate.c's flow,
 * moderate_int.h). */
#include "submit.h"

#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "confusable.h"
#include "log.h"
#include "moderate_int.h"
#include "submit_int.h"

/* What the form keeps while it answers one request (submit_int.h): the
 * proposal parsed from a POST, and the row looked up or stored. */
struct word_state {
	struct proposal p;
	struct db_submission row;
};

enum sf {
	SF_CSRF,
	SF_SID,
	SF_KIND,
	SF_PART,
	SF_WORD,
	SF_TIER,
	SF_SLOT,
	SF_FORMAT,
	SF_RECEIVED,
	SF_STAT0,
	SF_VALUE = SF_STAT0 + ST__MAX,
	SF_VALUE_MULT,
	SF_MARK,
	SF_CLASSES,
	SF_SHOWN,  /* "kind/part": what the form's fields were drawn for */
	SF_CHOOSE, /* the Choose button: show the chosen part's fields, file nothing */
	SF__MAX
};

/* The allow-list; the stat names follow enum stat (recipe.h). */
/* clang-format off */
static const char *const sf_names[SF__MAX + 1] = {
	"csrf", "submission_id", "kind", "part", "word", "tier", "slot", "format", "received",
	STAT_NAME_INITS
	"value", "value_mult", "mark", "classes", "shown", "choose", NULL};
/* clang-format on */
const struct field_table submit_word_body = FIELD_NAMES(sf_names, 0);

/* What a GET of the form reads: the part to show, and the format. */
static const struct field_row get_rows[] = {{"kind", FIELD_ONE_OF(kind_names, K__MAX)},
                                            {"part", FIELD_ONE_OF(part_names, P__MAX)},
                                            {"format", FIELD_FORMATS}};
const struct field_table submit_word_fields = FIELD_TABLE(get_rows);

static const char *typed(const void *ctx, const char *field)
{
	return fields_get(ctx, field);
}

static void add_option(struct tmpl_dict *d, const char *section, const char *value,
                       const char *label, int selected)
{
	struct tmpl_dict *o = tmpl_section(d, section);

	tmpl_set(o, "VALUE", value);
	tmpl_set(o, "LABEL", label);
	if (selected)
		tmpl_show(o, "SEL");
}

/* A kind or part sent that is none: kept in the chooser, selected and
 * marked, so that the page shows every value sent. */
static int add_refused(struct tmpl_dict *c, const char *section, const char *sent, int known)
{
	char label[FORM_VALUE_MAX + 16];

	if (!sent || !*sent || known)
		return 0;
	snprintf(label, sizeof label, "%s (not valid)", sent);
	add_option(c, section, sent, label, 1);
	return 1;
}

static void fill_chooser(struct tmpl_dict *body, enum kind k, enum part p, const char *kind,
                         const char *part)
{
	struct tmpl_dict *c = tmpl_section(body, "CHOOSER");
	int bad_kind = add_refused(c, "KIND_OPT", kind, kind && kind_from_name(kind) >= 0);
	int bad_part = add_refused(c, "PART_OPT", part,
	                           part && part_from_name(part) >= 0 &&
	                                   proposal_rules(k, (enum part)part_from_name(part)));

	for (int i = 0; i < K__MAX; i++)
		add_option(c, "KIND_OPT", kind_names[i], kind_names[i], !bad_kind && (int)k == i);
	for (int i = 0; i < P__MAX; i++)
		add_option(c, "PART_OPT", part_names[i], part_names[i], !bad_part && (int)p == i);
}

/* The kind and part the form shows: as sent when they name a part, else
 * weapon element. */
static void choose(const struct fields *in, enum kind *kind, enum part *part)
{
	int k = in && in->v[SF_KIND] ? kind_from_name(in->v[SF_KIND]) : -1;
	int p = in && in->v[SF_PART] ? part_from_name(in->v[SF_PART]) : -1;

	*kind = k >= 0 ? (enum kind)k : K_WEAPON;
	*part = p >= 0 ? (enum part)p : P_ELEMENT;
	if (!proposal_rules(*kind, *part))
		*part = P_ELEMENT;
}

/* The chooser is part of the proposal form itself (word_fill_form): what
 * the person sees chosen is what the POST carries, and "shown" says which
 * part the fields were drawn for, so a part changed without pressing
 * Choose is refused, never filed (word_parse). */
static void word_fill_body(struct tmpl_dict *body, const struct fields *in)
{
	(void)body;
	(void)in;
}

/* The form for the chosen kind and part, filled with the values as typed
 * (or the part's defaults). */
static void word_fill_form(struct tmpl_dict *f, const struct fields *in)
{
	struct proposal defaults;
	const struct part_rules *r;

	memset(&defaults, 0, sizeof(defaults));
	choose(in, &defaults.kind, &defaults.part);
	r = proposal_rules(defaults.kind, defaults.part);
	for (size_t i = 0; r && i < r->n_stats; i++)
		defaults.stat[r->stats[i].stat] = stat_range_default(&r->stats[i]);
	tmpl_set(f, "KIND", kind_names[defaults.kind]);
	tmpl_set(f, "PART", part_names[defaults.part]);
	char shown[64];
	snprintf(shown, sizeof shown, "%s/%s", kind_names[defaults.kind],
	         part_names[defaults.part]);
	tmpl_set(f, "SHOWN", shown);
	fill_chooser(f, defaults.kind, defaults.part, in ? in->v[SF_KIND] : NULL,
	             in ? in->v[SF_PART] : NULL);
	if (in && in->v[SF_WORD])
		tmpl_set(f, "WORD", in->v[SF_WORD]);
	page_proposal_fields(f, &defaults, in ? typed : NULL, in);
	submit_fill_links(f, "OTHER_FORM");
}

static void word_fill_received(struct tmpl_dict *r, const void *state)
{
	const struct word_state *s = state;

	const struct db_submission *row = &s->row;

	tmpl_set(r, "WORD", row->p.word);
	tmpl_set(r, "KIND", kind_names[row->p.kind]);
	tmpl_set(r, "PART", part_names[row->p.part]);
	submit_fill_row(r, row->status, row->sid, row->created);
}

static json_t *word_row_json(const void *state)
{
	const struct word_state *s = state;

	return page_submission_json(&s->row);
}

/* GET /submit?kind=K&part=P: a kind that is none, a part the kind has
 * not. */
static void word_check_get(const struct fields *in, struct proposal_error *err)
{
	enum kind k;
	enum part p;
	int pp = in->v[SF_PART] ? part_from_name(in->v[SF_PART]) : -1;

	choose(in, &k, &p);
	if (in->v[SF_KIND] && kind_from_name(in->v[SF_KIND]) < 0)
		proposal_error_add(err, "kind", "not_one_of", 0, "%s", kind_choices());
	if (in->v[SF_PART] && (pp < 0 || !proposal_rules(k, (enum part)pp)))
		proposal_error_add(err, "part", "not_one_of", 0, "a %s has no such part",
		                   kind_names[k]);
}

/* The form's description for JSON clients (curl): token, id, and the
 * fields of the chosen part with their ranges. */
static json_t *word_form_json(const char *csrf, const char *sid, const struct fields *in)
{
	struct {
		enum kind kind;
		enum part part;
	} view, *v = &view;
	choose(in, &view.kind, &view.part);
	const struct part_rules *r = proposal_rules(v->kind, v->part);
	json_t *fields = json_array(), *o;

	for (size_t i = 0; fields && r && i < r->n_stats; i++) {
		const struct stat_range *rg = &r->stats[i];
		o = json_pack("{s:s,s:i,s:i,s:i}", "name", stat_names[rg->stat], "min", rg->min,
		              "max", rg->max, "default", stat_range_default(rg));
		if (json_array_append_new(fields, o) != 0)
			goto oom;
	}
	if (fields && r) {
		/* SPEC §7: a base's value, or another part's value_mult */
		uint32_t lo, hi;
		proposal_worth_range(v->part, &lo, &hi);
		o = json_pack("{s:s,s:I,s:I,s:I}", "name", proposal_worth_field(v->part), "min",
		              (json_int_t)lo, "max", (json_int_t)hi, "default",
		              (json_int_t)proposal_worth_default(v->part, 0));
		if (json_array_append_new(fields, o) != 0)
			goto oom;
	}
	if (fields && r && r->has_tier &&
	    json_array_append_new(fields, json_pack("{s:s,s:i,s:i,s:b}", "name", "tier", "min", 1,
	                                            "max", TIER_MAX, "required", 1)) != 0)
		goto oom;
	if (fields && r && r->slots) {
		json_t *choices = json_array();
		for (int i = 1; choices && i < SLOT__MAX; i++)
			if ((r->slots & (1u << i)) &&
			    json_array_append_new(choices, json_string(slot_names[i])) != 0)
				break;
		if (json_array_append_new(fields, json_pack("{s:s,s:o,s:b}", "name", "slot",
		                                            "choices", choices, "required", 1)) !=
		    0)
			goto oom;
	}
	if (fields && r && proposal_takes_classes(v->kind, v->part)) {
		/* SPEC §12: the kind's material classes in the current catalog */
		const struct catalog *cat = catalog_acquire();
		const char *names[CATALOG_CLASSES_MAX];
		size_t n = catalog_kind_classes(cat, v->kind, names, CATALOG_CLASSES_MAX);
		json_t *choices = json_array();
		for (size_t i = 0; choices && i < n; i++)
			if (json_array_append_new(choices, json_string(names[i])) != 0)
				break;
		catalog_release(cat);
		if (json_array_append_new(
		            fields, json_pack("{s:s,s:o,s:i,s:i,s:b}", "name", "classes", "choices",
		                              choices, "min", 1, "max",
		                              v->part == P_MATERIAL ? 1 : PROPOSAL_CLASSES_MAX,
		                              "required", 1)) != 0)
			goto oom;
	}
	if (fields && r && proposal_may_be_worse(v->kind, v->part) &&
	    json_array_append_new(fields,
	                          json_pack("{s:s,s:[s],s:i,s:i,s:b}", "name", "classes", "choices",
	                                    "worse", "min", 0, "max", 1, "required", 0)) != 0)
		goto oom;
	if (fields && r && r->has_mark &&
	    json_array_append_new(fields, json_pack("{s:s,s:[s,s],s:b}", "name", "mark", "choices",
	                                            "good", "bad", "required", 1)) != 0)
		goto oom;
	return json_pack("{s:s,s:s,s:s,s:s,s:o}", "csrf", csrf, "submission_id", sid, "kind",
	                 kind_names[v->kind], "part", part_names[v->part], "fields", fields);
oom:
	json_decref(fields);
	return NULL;
}

int submit_known_classes(const struct proposal *p, struct proposal_error *err)
{
	const struct catalog *cat = catalog_acquire();
	const char *names[CATALOG_CLASSES_MAX];
	size_t n = catalog_kind_classes(cat, p->kind, names, CATALOG_CLASSES_MAX);
	int rc = 0;

	/* A catalog without classes for the kind (before migration 0016)
	 * knows none to hold a proposal to; a prefix's `worse` is checked by
	 * proposal_parse. */
	for (const char *c = proposal_may_be_worse(p->kind, p->part) ? "" : p->classes;
	     n && *c && rc == 0;) {
		size_t len = strcspn(c, " "), i = 0;
		while (i < n && !(strlen(names[i]) == len && memcmp(names[i], c, len) == 0))
			i++;
		if (i == n) {
			char msg[PROPOSAL_MESSAGE_MAX];
			size_t used = (size_t)snprintf(
			        msg, sizeof msg, "\"%.*s\" is not a class of %s materials: one of ",
			        (int)len, c, kind_names[p->kind]);
			for (size_t j = 0; j < n && used < sizeof msg; j++)
				used += (size_t)snprintf(msg + used, sizeof msg - used, "%s%s",
				                         j ? ", " : "", names[j]);
			rc = proposal_error_add(err, "classes", "not_one_of", 0, "%s", msg);
		}
		c += len;
		while (*c == ' ')
			c++;
	}
	catalog_release(cat);
	return rc;
}

/* The word checked by proposal_parse, then against the current catalog:
 * its classes (SPEC §12), look-alikes of live words; and, when another
 * field is refused anyway, whether it is live already (the store checks
 * that itself, in its transaction, for a proposal that passes). */
static void word_parse(const struct fields *in, void *state, struct proposal_error *err)
{
	struct word_state *s = state;

	struct proposal *p = &s->p;
	struct proposal_input pin = {.kind = in->v[SF_KIND],
	                             .part = in->v[SF_PART],
	                             .word = in->v[SF_WORD],
	                             .tier = in->v[SF_TIER],
	                             .slot = in->v[SF_SLOT],
	                             .mark = in->v[SF_MARK],
	                             .classes = in->v[SF_CLASSES],
	                             .value = in->v[SF_VALUE],
	                             .value_mult = in->v[SF_VALUE_MULT]};

	for (int i = 0; i < ST__MAX; i++)
		pin.stat[i] = in->v[SF_STAT0 + i];
	proposal_parse(&pin, p, err);
	if (!submit_has_problem(err, "kind") && !submit_has_problem(err, "part")) {
		char now[64];
		snprintf(now, sizeof now, "%s/%s", kind_names[p->kind], part_names[p->part]);
		if (in->v[SF_CHOOSE]) {
			/* only the note: the fields are the new part's, not yet filled */
			proposal_error_init(err);
			proposal_error_add(
			        err, "part", "chosen", 0,
			        "Now showing the fields of a %s %s: fill them in and press "
			        "Propose. Nothing was filed.",
			        kind_names[p->kind], part_names[p->part]);
			return;
		} else if (in->v[SF_SHOWN] && strcmp(in->v[SF_SHOWN], now) != 0)
			proposal_error_add(
			        err, "part", "conflict", 0,
			        "The fields shown were those of a %.40s, but a %s %s was "
			        "chosen: nothing was filed. The fields below are now a %s "
			        "%s's; check them and press Propose again.",
			        in->v[SF_SHOWN], kind_names[p->kind], part_names[p->part],
			        kind_names[p->kind], part_names[p->part]);
	}
	int table = !submit_has_problem(err, "kind") && !submit_has_problem(err, "part");
	int word = !submit_has_problem(err, "word") && p->word[0];
	if (table && !submit_has_problem(err, "classes"))
		submit_known_classes(p, err);
	if (word)
		confusable_refuse(p->word, "word", err);
	if (table && word && err->n) {
		const struct catalog *cat = catalog_acquire();
		const struct entry *e = cat ? catalog_find(cat, p->kind, p->part, p->word) : NULL;
		if (e)
			proposal_error_add(err, "word", "conflict", 1, "“%s” is already a %s %s.",
			                   p->word, kind_names[p->kind], part_names[p->part]);
		if (cat)
			catalog_release(cat);
	}
}

/* The store's refusals in the words of the word form. */
static void word_refusal(const void *state, const struct submit_outcome *out, char *text, size_t n)
{
	const struct word_state *s = state;

	const struct proposal *p = &s->p;
	const char *what = part_names[p->part];

	switch (out->result) {
	case SUBMIT_LIVE:
		snprintf(text, n,
		         out->live_active
		                 ? "“%s” is already a %s %s."
		                 : "“%s” is already a %s %s (retired, so it is not rolled).",
		         p->word, kind_names[p->kind], what);
		break;
	case SUBMIT_PENDING:
		snprintf(text, n,
		         "“%s” has been proposed as a %s %s already and waits for a moderator.",
		         p->word, kind_names[p->kind], what);
		break;
	case SUBMIT_REJECTED:
		snprintf(text, n, "“%s” was rejected on %s; it can be proposed again after %s.",
		         p->word, out->rejected_on, out->again_after);
		break;
	default:
		break;
	}
}

const struct proposal_form submit_word_form = {
        .path = "/submit",
        .names = sf_names,
        .template_name = "propose_word.tpl",
        .title = "Propose a word",
        .form_section = "FORM",
        .received_section = "RECEIVED",
        .thanks = "Thank you: received",
        .row_key = "submission",
        .unknown_id = "there is no proposal with this id",
        .key_field = "word",
        .down_message = "The database cannot be reached right now, so nothing was saved. Your "
                        "proposal is below: please send it again in a few seconds.",
        .failed_message = "Something went wrong on our side, so nothing was saved. Please try "
                          "again later.",
        .fill_body = word_fill_body,
        .fill_form = word_fill_form,
        .fill_received = word_fill_received,
        .row_json = word_row_json,
        .check_get = word_check_get,
        .form_json = word_form_json,
        .parse = word_parse,
        .type = &proposal_word,
        .state_size = sizeof(struct word_state),
        .proposal_at = offsetof(struct word_state, p),
        .row_at = offsetof(struct word_state, row),
        .refusal = word_refusal,
};

/* ---- the moderation's decision (moderate_int.h) ---- */

MODERATE_RECORD_CHECK(struct db_submission);

static void word_fill_item(struct tmpl_dict *queue, const struct db_submission *row,
                           const struct kept *k)
{
	struct tmpl_dict *it = tmpl_section(queue, "ITEM");
	int mine = k->list == &word_decision && k->id == row->id;

	tmpl_set_int(it, "ID", (long)row->id);
	tmpl_set(it, "WORD", row->p.word);
	tmpl_set(it, "KIND", kind_names[row->p.kind]);
	tmpl_set(it, "PART", part_names[row->p.part]);
	tmpl_set(it, "CREATED", row->created);
	page_proposal_fields(it, &row->p, mine ? typed : NULL, mine ? k->in : NULL);
	moderate_keep_reason(it, k, &word_decision, row->id);
}

/* The pending words: how many, and the oldest shown as cards. */
static void word_fill_queue(struct tmpl_dict *part, struct tmpl_dict *queue, const void *rows,
                            size_t n, unsigned long total, const char *csrf, const struct kept *k)
{
	const struct db_submission *row = rows;
	struct tmpl_dict *list;

	(void)csrf; /* the cards' forms take the part's */
	/* the page's head counts the words */
	tmpl_set_int(queue, "TOTAL", (long)total);
	if (total > n)
		tmpl_set_int(tmpl_section(queue, "MORE"), "SHOWN", (long)n);
	if (n == 0)
		tmpl_show(part, "EMPTY");
	list = n ? tmpl_section(part, "ITEM_LIST") : NULL;
	for (size_t i = 0; i < n; i++)
		word_fill_item(list, &row[i], k);
}

static json_t *word_json(const void *row)
{
	return page_submission_json(row);
}

static void word_live(const void *row, char *msg, size_t n)
{
	const struct proposal *p = &((const struct db_submission *)row)->p;
	snprintf(msg, n, "“%s” is already a %s %s; reject this proposal instead.", p->word,
	         kind_names[p->kind], part_names[p->part]);
}

static void word_log(const struct auth *a, const void *r, uint32_t word_id, const char *reason)
{
	const struct db_submission *row = r;
	const struct proposal *p = &row->p;
	struct buf stats;

	buf_init(&stats);
	if (proposal_stats_text(p, &stats) != 0 || !stats.data)
		buf_reset(&stats);
	if (reason)
		log_info("moderation: %s %s submission %u, %s %s \"%s\": %.*s", a->m.name,
		         "rejected", row->id, kind_names[p->kind], part_names[p->part], p->word,
		         REASON_BYTES_MAX, reason);
	else
		log_info("moderation: %s %s submission %u, %s %s \"%s\", now %s_%s id %u (%s)",
		         a->m.name, "approved", row->id, kind_names[p->kind], part_names[p->part],
		         p->word, kind_names[p->kind], part_names[p->part], word_id,
		         stats.data ? stats.data : "");
	buf_free(&stats);
}

/* The word as the catalog holds it once approved (the record keeps it as
 * typed). */
static void word_confirm(const void *row, int approved, char *msg, size_t n)
{
	const struct proposal *p = &((const struct db_submission *)row)->p;
	char word[sizeof p->word];

	if (!approved || proposal_word_catalog_case(p->word, word, sizeof word) != 0)
		snprintf(word, sizeof word, "%s", p->word);
	snprintf(msg, n,
	         approved ? "Approved the %s %s “%s”: it can be rolled now."
	                  : "Rejected the %s %s “%s”.",
	         kind_names[p->kind], part_names[p->part], word);
}

const struct decision word_decision = {
        .type = &proposal_word,
        .row_size = sizeof(struct db_submission),
        .noun = "submission",
        .live_field = "word",
        .takes_adjust = 1,
        .type_name = "word",
        .confirm = word_confirm,
        .new_id_key = "word_id",
        .row_json = word_json,
        .live_message = word_live,
        .log = word_log,
        .total_key = "total",
        .pending_key = "pending",
        .template_name = "propose_word.tpl",
        .queue_section = "WORD_QUEUE",
        .fill_queue = word_fill_queue,
};
