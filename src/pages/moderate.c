/* moderate: the moderation queue (docs/moderation.md); login is login.c,
 * logout logout.c.
 *
 * Order of checks for everything under /moderate: the session first (401
 * without one, whatever the method or path: moderate_guard, which the
 * router runs before it looks at the method), then the method and path
 * (405/404, answered by the guard in the queue's page), then, for a POST,
 * the body, the fields and the session's CSRF token (403) — so nothing is
 * read or changed for a client that has not proven who it is. Every
 * decision is written to the moderation log in the database, in the same
 * transaction, and to stderr. The proposal types are decided by one
 * flow (decide), through a struct decision each: the lifecycle's
 * descriptor and what the queue says of that type. */
#include "moderate.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistr.h>

#include "arena.h"
#include "auth.h"
#include "dbwords.h"
#include "fields.h"
#include "log.h"
#include "login.h"
#include "messages.h"
#include "page.h"
#include "proposal.h"
#include "proposal_types.h"
#include "render.h"
#include "submit.h"

enum mf {
	MF_CSRF,
	MF_ID,
	MF_TIER,
	MF_SLOT,
	MF_REASON,
	MF_FORMAT,
	MF_APPROVED,
	MF_REJECTED,
	MF_STAT0,
	MF_KIND = MF_STAT0 + ST__MAX,
	MF_PART,
	MF_WORD,
	MF_VALUE,
	MF_VALUE_MULT,
	MF_MARK,
	MF_CLASSES,
	MF_TYPE,
	MF__MAX
};

/* The allow-list, in the order of enum mf; the stats from STAT_LIST. */
/* clang-format off */
static const char *const mf_names[MF__MAX + 1] = {
	"csrf", "id", "tier", "slot", "reason", "format", "approved", "rejected",
	STAT_NAME_INITS
	"kind", "part", "word", "value", "value_mult", "mark", "classes", "type", NULL};
/* clang-format on */

#define LONG_FIELDS (UINT64_C(1) << MF_REASON)
const struct field_table moderate_body = FIELD_NAMES(mf_names, LONG_FIELDS);

static int read_fields(const struct request *rq, int post, struct fields *in,
                       struct form_error *err)
{
	return fields_read(in, mf_names, LONG_FIELDS, rq, post, err);
}

/* A decimal id 1..4294967295, digits only. 0 when malformed. */
static uint32_t parse_id(const char *s)
{
	uint64_t v = 0;
	size_t i = 0;

	for (; s && s[i]; i++) {
		if (s[i] < '0' || s[i] > '9' || i == 10)
			return 0;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	return i > 0 && v <= UINT32_MAX ? (uint32_t)v : 0;
}

/* ---- pages ---- */

/* 401: the page that sends people to /login. */
static void send_login_needed(struct response *rs, int json)
{
	static const char msg[] = "Only moderators may do this; please log in first.";

	if (json) {
		page_send_json_error(rs, 401, NULL, msg);
		return;
	}
	struct tmpl_dict *d = page_new("Moderators only");
	tmpl_show(page_body(d, "moderate.tpl"), "LOGIN_NEEDED");
	page_send_html(rs, 401, d);
}

/* The list whose item a refused decision's values are kept in (the
 * queue lists words, spells and names, each with ids of its own). */
enum kept_list { KEPT_NONE, KEPT_WORD, KEPT_SPELL, KEPT_NAME, KEPT_DRESS };

/* What the queue page shows again of a refused POST: its values, in the
 * form they were sent from (the item of its id in its list, or the
 * forms that change a live word). */
struct kept {
	const struct fields *in;
	enum kept_list list;
	uint32_t id;
};

static const char *typed(const void *ctx, const char *field)
{
	return fields_get(ctx, field);
}

/* The reason typed for this item, when the POST was about it. */
static void keep_reason(struct tmpl_dict *it, const struct kept *k, enum kept_list list,
                        uint32_t id)
{
	if (k->list == list && k->id == id && k->in->v[MF_REASON])
		tmpl_set(tmpl_section(it, "KEPT_REASON"), "VALUE", k->in->v[MF_REASON]);
}

static void fill_item(struct tmpl_dict *queue, const struct db_submission *row,
                      const struct kept *k)
{
	struct tmpl_dict *it = tmpl_section(queue, "ITEM");
	int mine = k->list == KEPT_WORD && k->id == row->id;

	tmpl_set_int(it, "ID", (long)row->id);
	tmpl_set(it, "WORD", row->p.word);
	tmpl_set(it, "KIND", kind_names[row->p.kind]);
	tmpl_set(it, "PART", part_names[row->p.part]);
	tmpl_set(it, "CREATED", row->created);
	page_proposal_fields(it, &row->p, mine ? typed : NULL, mine ? k->in : NULL);
	keep_reason(it, k, KEPT_WORD, row->id);
}

/* Pending spells shown on one queue page. */
#define SPELL_QUEUE_MAX DBMOD_PENDING_MAX

/* A spell proposal for JSON: its fields, its stored effects, its words. */
static json_t *spell_row_json(const struct db_spell_submission *row)
{
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

static void fill_spell(struct tmpl_dict *queue, const struct db_spell_submission *row,
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
	keep_reason(it, k, KEPT_SPELL, row->id);
}

/* Pending training names shown on one queue page. */
#define NAME_QUEUE_MAX DBMOD_PENDING_MAX

static json_t *name_row_json(const struct db_name_submission *row)
{
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

/* Pending dressing rows shown on one queue page. */
#define DRESS_QUEUE_MAX DBMOD_PENDING_MAX

static json_t *dress_row_json(const struct db_dressing_submission *row)
{
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

static void fill_dress(struct tmpl_dict *queue, const struct db_dressing_submission *row,
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
	keep_reason(it, k, KEPT_DRESS, row->id);
}

/* The kinds and parts "Change a live word" offers, as choices rather than
 * free text; from recipe.c's names, so a new kind or part is listed
 * without a change here. */
static void live_choice(struct tmpl_dict *q, const char *section, const char *value,
                        const char *sent, int refused)
{
	struct tmpl_dict *o = tmpl_section(q, section);

	tmpl_set(o, "VALUE", value);
	if (sent && strcmp(sent, value) == 0)
		tmpl_show(o, "SEL");
	if (refused)
		tmpl_show(o, "BAD");
}

/* The choices, with the values a refused change sent kept (a value that
 * is none of them added, marked). */
static void fill_live_choices(struct tmpl_dict *q, const struct fields *in)
{
	const char *kind = in->v[MF_KIND], *part = in->v[MF_PART];

	for (int k = 0; k < K__MAX; k++)
		if (kind_names[k])
			live_choice(q, "KIND_OPT", kind_names[k], kind, 0);
	if (kind && *kind && kind_from_name(kind) < 0)
		live_choice(q, "KIND_OPT", kind, kind, 1);
	for (int p = 0; p < P__MAX; p++)
		if (part_names[p])
			live_choice(q, "PART_OPT", part_names[p], part, 0);
	if (part && *part && part_from_name(part) < 0)
		live_choice(q, "PART_OPT", part, part, 1);
	if (in->v[MF_WORD])
		tmpl_set(tmpl_section(q, "KEPT_WORD"), "VALUE", in->v[MF_WORD]);
}

static void fill_done(struct handler_ctx *ctx, struct tmpl_dict *q, const struct fields *in);

/* The queue page: 200, or the status of the problems of e (NULL: none)
 * listed above it, with the values of the POST kept (k: NULL for none). */
static void send_queue_errors(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                              const struct fields *in, int status, const struct form_error *e,
                              const struct kept *k)
{
	struct kept none = {.in = in, .list = KEPT_NONE, .id = 0};
	struct form_error down = {.n = 0};
	const char *message = NULL;
	struct db_submission rows[DBMOD_PENDING_MAX];
	unsigned long total = 0;
	size_t n = 0;

	struct db_spell_submission *spells = NULL;
	unsigned long spell_total = 0;
	size_t n_spells = 0;

	struct db_name_submission *names = NULL;
	unsigned long name_total = 0;
	size_t n_names = 0;

	struct db_dressing_submission *dress = NULL;
	unsigned long dress_total = 0;
	size_t n_dress = 0;

	enum db_status st =
	        db_proposal_pending(ctx->db, &proposal_word, rows, DBMOD_PENDING_MAX, &n, &total);
	if (st == DB_OK) {
		/* A spell row is large: from the request's arena, not the stack. */
		spells = arena_alloc(&ctx->arena, SPELL_QUEUE_MAX * sizeof *spells);
		st = spells ? db_proposal_pending(ctx->db, &proposal_spell, spells, SPELL_QUEUE_MAX,
		                                  &n_spells, &spell_total)
		            : DB_ERROR;
	}
	if (st == DB_OK) {
		names = arena_alloc(&ctx->arena, NAME_QUEUE_MAX * sizeof *names);
		st = names ? db_proposal_pending(ctx->db, &proposal_name, names, NAME_QUEUE_MAX,
		                                 &n_names, &name_total)
		           : DB_ERROR;
	}
	if (st == DB_OK) {
		dress = arena_alloc(&ctx->arena, DRESS_QUEUE_MAX * sizeof *dress);
		st = dress ? db_proposal_pending(ctx->db, &proposal_dressing, dress,
		                                 DRESS_QUEUE_MAX, &n_dress, &dress_total)
		           : DB_ERROR;
	}
	if (st != DB_OK) {
		rs->allow = NULL; /* the answer is no longer the 405 it may have been */
		status = http_db_failure(rs, st == DB_DOWN, &message);
		form_error_add(&down, NULL, render_error_code(status), message);
		e = &down;
	}
	if (!k)
		k = &none;
	if (in->json) {
		if (e) {
			page_send_json_errors(rs, status, e);
			return;
		}
		json_t *list = json_array();
		for (size_t i = 0; list && i < n; i++)
			if (json_array_append_new(list, page_submission_json(&rows[i])) != 0) {
				json_decref(list);
				list = NULL;
			}
		json_t *slist = json_array();
		for (size_t i = 0; slist && i < n_spells; i++)
			if (json_array_append_new(slist, spell_row_json(&spells[i])) != 0) {
				json_decref(slist);
				slist = NULL;
			}
		json_t *nlist = json_array();
		for (size_t i = 0; nlist && i < n_names; i++)
			if (json_array_append_new(nlist, name_row_json(&names[i])) != 0) {
				json_decref(nlist);
				nlist = NULL;
			}
		json_t *dlist = json_array();
		for (size_t i = 0; dlist && i < n_dress; i++)
			if (json_array_append_new(dlist, dress_row_json(&dress[i])) != 0) {
				json_decref(dlist);
				dlist = NULL;
			}
		page_send_json(rs, 200,
		               list && slist && nlist && dlist
		                       ? json_pack("{s:s,s:s,s:I,s:o,s:I,s:o,s:I,s:o,s:I,s:o}",
		                                   "moderator", a->m.name, "csrf", a->csrf, "total",
		                                   (json_int_t)total, "pending", list,
		                                   "spell_total", (json_int_t)spell_total,
		                                   "pending_spells", slist, "name_total",
		                                   (json_int_t)name_total, "pending_names", nlist,
		                                   "dressing_total", (json_int_t)dress_total,
		                                   "pending_dressing", dlist)
		                       : NULL);
		if (!slist || !list || !nlist || !dlist) {
			json_decref(list);
			json_decref(slist);
			json_decref(nlist);
			json_decref(dlist);
		}
		return;
	}

	struct tmpl_dict *d = page_new("Moderation");
	struct tmpl_dict *q = tmpl_section(page_body(d, "moderate.tpl"), "QUEUE");
	if (e)
		page_errors(d, e);
	tmpl_set(q, "MODERATOR", a->m.name);
	tmpl_set(q, "CSRF", a->csrf);
	fill_live_choices(q, in);
	tmpl_set_int(q, "TOTAL", (long)total);
	if (total > n)
		tmpl_set_int(tmpl_section(q, "MORE"), "SHOWN", (long)n);
	fill_done(ctx, q, in);
	if (n == 0)
		tmpl_show(q, "EMPTY");
	/* each list in a grid of its own, only when it has cards */
	struct tmpl_dict *list = n ? tmpl_section(q, "ITEM_LIST") : NULL;
	for (size_t i = 0; i < n; i++)
		fill_item(list, &rows[i], k);
	page_stat_sections(q, "EDIT_STAT", typed, in);
	tmpl_set_int(q, "SPELL_TOTAL", (long)spell_total);
	list = n_spells ? tmpl_section(q, "SPELL_ITEM_LIST") : NULL;
	for (size_t i = 0; i < n_spells; i++)
		fill_spell(list, &spells[i], a->csrf, k);
	tmpl_set_int(q, "NAME_TOTAL", (long)name_total);
	list = n_names ? tmpl_section(q, "NAME_ITEM_LIST") : NULL;
	for (size_t i = 0; i < n_names; i++) {
		struct tmpl_dict *it = tmpl_section(list, "NAME_ITEM");
		tmpl_set_int(it, "ID", (long)names[i].id);
		tmpl_set(it, "NAME", names[i].name);
		tmpl_set(it, "CREATED", names[i].created);
		tmpl_set(it, "CSRF", a->csrf);
		keep_reason(it, k, KEPT_NAME, names[i].id);
	}
	tmpl_set_int(q, "DRESS_TOTAL", (long)dress_total);
	list = n_dress ? tmpl_section(q, "DRESS_ITEM_LIST") : NULL;
	for (size_t i = 0; i < n_dress; i++)
		fill_dress(list, &dress[i], a->csrf, k);
	page_send_html(rs, status, d);
}

/* The queue page with one problem (field may be NULL; message NULL: none);
 * its code is the status's, or for a 400 the sentence's. */
static void send_queue(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                       const struct fields *in, int status, const char *field, const char *message)
{
	struct form_error e = {.n = 0};

	if (message)
		form_error_add(&e, field,
		               status == 400 ? form_error_code(message, NULL, 0)
		                             : render_error_code(status),
		               message);
	send_queue_errors(ctx, rs, a, in, status, message ? &e : NULL, NULL);
}

/* ---- decisions (docs/moderation.md) ---- */

static int read_post(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                     struct fields *in, struct form_error *err);

/* After the database call of a decision: 503 / 500 on failure. */
static int db_failed(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                     const struct fields *in, enum db_status st)
{
	const char *msg;

	if (st == DB_OK)
		return 0;
	int status = http_db_failure(rs, st == DB_DOWN, &msg);
	send_queue(ctx, rs, a, in, status, NULL, msg);
	return 1;
}

/* Why a reason is refused: not given, or longer than 200 characters. */
static const char *reason_code(const char *r)
{
	size_t a = r ? strspn(r, " ") : 0;

	return !r || !r[a] ? "missing" : "too_long";
}

/* The reason, trimmed: 1..200 characters. NULL when it is not. */
static const char *check_reason(const char *r, char *out, size_t cap)
{
	size_t n;

	if (!r)
		return NULL;
	while (*r == ' ')
		r++;
	n = strlen(r);
	while (n > 0 && r[n - 1] == ' ')
		n--;
	if (n == 0 || n >= cap || u8_mbsnlen((const uint8_t *)r, n) > REASON_CHARS_MAX)
		return NULL;
	memcpy(out, r, n);
	out[n] = '\0';
	return out;
}

/* A proposal type as the queue decides it: the lifecycle's descriptor, and
 * what the answers and the log say of it. */
struct decision {
	const struct proposal_type *type;
	enum kept_list list;    /* the queue's list of its items */
	size_t row_size;        /* its record (dbmod.h) */
	const char *noun;       /* "must be a %s's number", "there is no %s with this id",
	                         * "%s #N was approved already" */
	const char *live_field; /* the field a 409 for a live key names */
	int takes_adjust;       /* approving reads the moderator's changes */
	const char *type_name;  /* ?type= of the confirmation after the 303 */
	const char *new_id_key; /* the added row's id in the JSON answer, or NULL */
	json_t *(*row_json)(const void *row);
	/* "“x” is already a ...; reject this proposal instead." */
	void (*live_message)(const void *row, char *msg, size_t n);
	/* The confirmation of a decided row, in words, into msg. */
	void (*confirm)(const void *row, int approved, char *msg, size_t n);
	/* The decision on stderr (reason: NULL when approved). */
	void (*log)(const struct auth *a, const void *row, uint32_t new_id, const char *reason);
};

/* -- words -- */

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
        .list = KEPT_WORD,
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
};

/* -- spells (docs/moderation.md "Spells") -- */

static json_t *spell_json(const void *row)
{
	return spell_row_json(row);
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
        .list = KEPT_SPELL,
        .row_size = sizeof(struct db_spell_submission),
        .noun = "spell proposal",
        .type_name = "spell",
        .confirm = spell_confirm,
        .live_field = "name",
        .new_id_key = "spell_id",
        .row_json = spell_json,
        .live_message = spell_live,
        .log = spell_log,
};

/* -- training names (docs/moderation.md "Training names") -- */

static json_t *name_json(const void *row)
{
	return name_row_json(row);
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
        .list = KEPT_NAME,
        .row_size = sizeof(struct db_name_submission),
        .noun = "name proposal",
        .type_name = "name",
        .confirm = name_confirm,
        .live_field = "name",
        .row_json = name_json,
        .live_message = name_live,
        .log = name_log,
};

/* -- dungeon dressing (docs/moderation.md "Dungeon dressing") -- */

static json_t *dress_json(const void *row)
{
	return dress_row_json(row);
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
        .list = KEPT_DRESS,
        .row_size = sizeof(struct db_dressing_submission),
        .noun = "dressing proposal",
        .type_name = "dressing",
        .confirm = dress_confirm,
        .live_field = "name",
        .new_id_key = "dressing_id",
        .row_json = dress_json,
        .live_message = dress_live,
        .log = dress_log,
};

/* The id of a decided row: every record (dbmod.h) starts with it. */
static uint32_t row_id(const void *row)
{
	uint32_t id;
	memcpy(&id, row, sizeof id);
	return id;
}

/* The submission id of a decided row: every record follows its id with it. */
static const char *row_sid(const void *row)
{
	return (const char *)row + offsetof(struct db_submission, sid);
}
_Static_assert(offsetof(struct db_spell_submission, sid) == offsetof(struct db_submission, sid) &&
                       offsetof(struct db_name_submission, sid) ==
                               offsetof(struct db_submission, sid) &&
                       offsetof(struct db_dressing_submission, sid) ==
                               offsetof(struct db_submission, sid),
               "every record has its submission id at the same place");

static const struct decision *const decisions[] = {&word_decision, &spell_decision, &name_decision,
                                                   &dressing_decision};

/* ?approved=SID&type=T or ?rejected=SID&type=T, after a decision's 303: the
 * note names what was decided, read from the store, and only when that
 * proposal was decided so. Anything else in the query shows nothing (it is
 * a pointer for display, never a reason to change anything). */
static void fill_done(struct handler_ctx *ctx, struct tmpl_dict *q, const struct fields *in)
{
	const char *ap = in->v[MF_APPROVED], *rj = in->v[MF_REJECTED], *type = in->v[MF_TYPE];
	const struct decision *t = NULL;
	int found = 0, approved = ap != NULL;
	const char *sid = approved ? ap : rj;
	char msg[SPELL_TEXT_MAX + 160];
	void *row;

	if ((ap != NULL) == (rj != NULL) || !submit_is_sid(sid) || !type)
		return;
	for (size_t i = 0; i < sizeof decisions / sizeof *decisions; i++)
		if (strcmp(decisions[i]->type_name, type) == 0)
			t = decisions[i];
	if (!t || !(row = arena_alloc(&ctx->arena, t->row_size)) ||
	    db_proposal_by_sid(ctx->db, t->type, sid, row, &found) != DB_OK || !found ||
	    strcmp(db_proposal_status(t->type, row), approved ? "approved" : "rejected") != 0)
		return;
	t->confirm(row, approved, msg, sizeof msg);
	tmpl_set(tmpl_section(q, "DONE"), "DONE_TEXT", msg);
}

/* POST /moderate/approve (id, and for words tier, slot, mark, stats, value)
 * and /moderate/reject (id, reason), and the same under /moderate/spell and
 * /moderate/name: 303 back to the queue (JSON: 200 with the row, and the
 * added row's id); 400 a bad id or reason, an adjusted stat out of range
 * or a proposal that no longer passes its check; 404 no such proposal; 409
 * decided already, or its key is live meanwhile; 503. */
static void decide(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                   const struct decision *t, int approving)
{
	const struct auth *a = ctx->admitted;
	char reason[REASON_BYTES_MAX + 1], msg[256], loc[96];
	const char *action = approving ? "approved" : "rejected";
	struct proposal_input adjust;
	struct decide_outcome o;
	struct fields in;
	struct form_error err;
	enum db_status st;
	void *row;

	if (read_post(ctx, rq, rs, &in, &err) != 0)
		return;
	uint32_t id = parse_id(in.v[MF_ID]);
	struct kept k = {.in = &in, .list = t->list, .id = id};
	/* every field at once: the id, the reason (docs/api.md) */
	if (!id && !fields_has_problem(&err, "id")) {
		snprintf(msg, sizeof msg, "must be a %s's number", t->noun);
		form_error_add(&err, "id", in.v[MF_ID] && *in.v[MF_ID] ? "malformed" : "missing",
		               msg);
	}
	if (!approving && !check_reason(in.v[MF_REASON], reason, sizeof(reason)) &&
	    !fields_has_problem(&err, "reason"))
		form_error_add(&err, "reason", reason_code(in.v[MF_REASON]),
		               "must be 1 to 200 characters");
	if (err.n) {
		fields_sort_errors(&in, &err);
		send_queue_errors(ctx, rs, a, &in, 400, &err, &k);
		return;
	}
	if (!(row = arena_alloc(&ctx->arena, t->row_size))) {
		db_failed(ctx, rs, a, &in, DB_ERROR);
		return;
	}
	if (approving && t->takes_adjust) {
		adjust = (struct proposal_input){
		        .tier = in.v[MF_TIER],
		        .slot = in.v[MF_SLOT],
		        .mark = in.v[MF_MARK],
		        .classes = in.v[MF_CLASSES]}; /* SPEC §12: the moderator may change them */
		for (int s = 0; s < ST__MAX; s++)
			adjust.stat[s] = in.v[MF_STAT0 + s];
		adjust.value = in.v[MF_VALUE];
		adjust.value_mult = in.v[MF_VALUE_MULT];
	}
	st = approving ? db_proposal_approve(ctx->db, t->type, id, t->takes_adjust ? &adjust : NULL,
	                                     &a->m, &o, row)
	               : db_proposal_reject(ctx->db, t->type, id, reason, &a->m, &o, row);
	if (db_failed(ctx, rs, a, &in, st))
		return;
	switch (o.result) {
	case DECIDE_DONE: {
		t->log(a, row, o.new_id, approving ? NULL : reason);
		if (!in.json) {
			/* the confirmation is drawn from the store, by this pointer */
			snprintf(loc, sizeof(loc), "/moderate?%s=%s&type=%s", action, row_sid(row),
			         t->type_name);
			page_redirect(rs, loc);
			return;
		}
		json_t *j = t->row_json(row);
		if (j && t->new_id_key && o.new_id)
			json_object_set_new(j, t->new_id_key, json_integer(o.new_id));
		page_send_json(rs, 200, json_pack("{s:o}", action, j));
		return;
	}
	case DECIDE_NOT_FOUND:
		snprintf(msg, sizeof msg, "there is no %s with this id", t->noun);
		send_queue(ctx, rs, a, &in, 404, "id", msg);
		return;
	case DECIDE_NOT_PENDING:
		snprintf(msg, sizeof(msg), "%s #%u was %s already", t->noun, row_id(row),
		         db_proposal_status(t->type, row));
		send_queue(ctx, rs, a, &in, 409, "id", msg);
		return;
	case DECIDE_LIVE:
		t->live_message(row, msg, sizeof msg);
		send_queue(ctx, rs, a, &in, 409, t->live_field, msg);
		return;
	case DECIDE_LOOKALIKE:
		snprintf(msg, sizeof msg,
		         "%s #%u looks like “%s”, which is live or was approved; reject it "
		         "instead",
		         t->noun, row_id(row), o.lookalike);
		send_queue(ctx, rs, a, &in, 409, "id", msg);
		return;
	case DECIDE_BAD_STATS:
		/* every problem of the adjusted proposal, its own checks after */
		err.n = 0;
		fields_add_problems(&err, &o.err);
		fields_sort_errors(&in, &err);
		fields_add_cross(&err, &o.err);
		send_queue_errors(ctx, rs, a, &in, 400, &err, &k);
		return;
	}
}

void moderate_approve(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	decide(ctx, rq, rs, ctx->route_arg, 1);
}

void moderate_reject(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	decide(ctx, rq, rs, ctx->route_arg, 0);
}

/* ---- changing live words (docs/items.md) ---- */

/* The table a change names (kind, part), the word, and for an edit the
 * stats to change (whole numbers in the range the part's proposals may
 * carry; stats a part cannot carry may not be given; at least one): every
 * problem into e (docs/api.md). */
static void check_change(const struct fields *in, int edit, enum kind *k, enum part *p,
                         int32_t *stat, int *given, struct proposal_error *e)
{
	const char *kind = in->v[MF_KIND], *part = in->v[MF_PART], *w = in->v[MF_WORD];
	int kk = kind ? kind_from_name(kind) : -1;
	int pp = part ? part_from_name(part) : -1;
	const struct recipe *r = kk >= 0 ? recipe_for((enum kind)kk) : NULL;
	int table = kk >= 0 && pp >= 0 && r && (r->parts & (1u << pp));
	int any = 0, bad_stat = 0;

	if (kk < 0)
		proposal_error_add(e, "kind", kind && *kind ? "not_one_of" : "missing", 0, "%s",
		                   kind_choices());
	if (kk >= 0 && !table)
		proposal_error_add(e, "part", part && *part ? "not_one_of" : "missing", 0,
		                   "must be a part of this kind");
	else if (kk < 0 && pp < 0)
		proposal_error_add(e, "part", part && *part ? "not_one_of" : "missing", 0,
		                   "must be a part of this kind");
	if (!w || !*w || strlen(w) > 64 * 4)
		proposal_error_add(e, "word", !w || !*w ? "missing" : "too_long", 0,
		                   "must name a live word");
	*k = table ? (enum kind)kk : K_WEAPON;
	*p = table ? (enum part)pp : P_ELEMENT;
	if (!edit)
		return;
	const struct part_rules *rules = table ? proposal_rules(*k, *p) : NULL;
	for (int s = 0; s < ST__MAX; s++) {
		const char *v = in->v[MF_STAT0 + s];
		given[s] = 0;
		if (!v || !*v)
			continue;
		const struct stat_range *rg = rules ? proposal_stat(rules, (enum stat)s) : NULL;
		char *end;
		long x = strtol(v, &end, 10);
		if (rg && !*end && end != v && x >= rg->min && x <= rg->max) {
			stat[s] = (int32_t)x;
			given[s] = any = 1;
		} else if (rg) {
			bad_stat = proposal_error_add(
			        e, stat_names[s], *end || end == v ? "malformed" : "out_of_range",
			        0, "must be a whole number from %d to %d", rg->min, rg->max);
		} else if (table) {
			bad_stat = proposal_error_add(e, stat_names[s], "not_applicable", 0,
			                              "a %s %s carries no %s", kind_names[*k],
			                              part_names[*p], stat_names[s]);
		} else {
			any = 1; /* checked once the table is known */
		}
	}
	if (!any && !bad_stat)
		proposal_error_add(e, NULL, "missing", 0, "give at least one stat to change");
}

/* POST /moderate/retire (kind, part, word) and /moderate/edit (the same and
 * the stats to change): one change set each. 303 to the word list (JSON:
 * 200 with the revision); 400 a bad field; 404 no live word so spelled;
 * 503. */
static void change_word(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                        int edit)
{
	const struct auth *a = ctx->admitted;
	struct fields fin;
	const struct fields *in = &fin;
	struct form_error err;
	struct proposal_error perr;
	enum kind k;
	enum part p;
	int32_t stat[ST__MAX] = {0};
	int given[ST__MAX], found = 0;
	uint32_t new_id = 0;
	uint64_t rev = 0;
	char loc[64], msg[160];
	enum db_status st;

	if (read_post(ctx, rq, rs, &fin, &err) != 0)
		return;
	proposal_error_init(&perr);
	check_change(in, edit, &k, &p, stat, given, &perr);
	fields_add_problems(&err, &perr);
	if (err.n) {
		fields_sort_errors(in, &err);
		send_queue_errors(ctx, rs, a, in, 400, &err, NULL);
		return;
	}
	const char *w = in->v[MF_WORD];
	st = edit ? db_word_edit(ctx->db, k, p, w, stat, given, &a->m, &found, &new_id, &rev)
	          : db_word_retire(ctx->db, k, p, w, &a->m, &found, &rev);
	if (db_failed(ctx, rs, a, in, st))
		return;
	if (!found) {
		snprintf(msg, sizeof msg, "“%.64s” is not a live %s %s", w, kind_names[k],
		         part_names[p]);
		send_queue(ctx, rs, a, in, 404, "word", msg);
		return;
	}
	log_info("moderation: %s %s %s %s \"%s\" at revision %llu", a->m.name,
	         edit ? "edited" : "retired", kind_names[k], part_names[p], w,
	         (unsigned long long)rev);
	if (in->json) {
		json_t *o = json_pack("{s:s,s:s,s:s,s:I}", "kind", kind_names[k], "part",
		                      part_names[p], "word", w, "revision", (json_int_t)rev);
		if (o && edit)
			json_object_set_new(o, "word_id", json_integer(new_id));
		page_send_json(rs, 200, json_pack("{s:o}", edit ? "edited" : "retired", o));
		return;
	}
	snprintf(loc, sizeof loc, "/words?kind=%s&part=%s", kind_names[k], part_names[p]);
	page_redirect(rs, loc);
}

void moderate_retire(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	change_word(ctx, rq, rs, 0);
}

void moderate_edit(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	change_word(ctx, rq, rs, 1);
}

/* ---- the session, the queue, the POSTs ---- */

void moderate_send_no_session(struct response *rs, enum auth_result r, int json)
{
	switch (r) {
	case AUTH_OK:
	case AUTH_NONE:
		send_login_needed(rs, json);
		return;
	case AUTH_DOWN:
	case AUTH_ERROR: {
		const char *msg;
		int status = http_db_failure(rs, r == AUTH_DOWN, &msg);
		if (json)
			page_send_json_error(rs, status, NULL, msg);
		else
			login_page_send(rs, status, "", NULL, NULL, msg);
		return;
	}
	}
}

void moderate_send_queue(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                         const struct fields *in, int status, const char *field,
                         const char *message)
{
	send_queue(ctx, rs, a, in, status, field, message);
}

int moderate_read_fields(const struct request *rq, int post, struct fields *in,
                         struct form_error *err)
{
	return read_fields(rq, post, in, err);
}

/* Who may reach /moderate: a moderator's session, into the request's arena
 * for the page (ctx->admitted); otherwise 401, 503 or 500. */
static int admit(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                 const void **admitted)
{
	struct auth *a = arena_alloc(&ctx->arena, sizeof *a);
	enum auth_result who = a ? auth_session(ctx, rq, a) : AUTH_ERROR;

	if (who != AUTH_OK) {
		moderate_send_no_session(rs, who, request_prefers_json(rq));
		return -1;
	}
	*admitted = a;
	return 0;
}

/* A 404 or 405 under /moderate: the queue, with the message above it. */
static void refuse(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                   int status, const char *message)
{
	struct fields in;

	in.json = request_prefers_json(rq);
	in.names = mf_names;
	memset(in.v, 0, sizeof(in.v));
	send_queue(ctx, rs, ctx->admitted, &in, status, NULL, message);
}

const struct page_guard moderate_guard = {admit, refuse};

/* A POST's body, fields and CSRF token: 0 with the fields' own problems
 * in *err (the caller lists them with its checks'), or -1 after answering
 * one that stops the request: a body that is not a form (415), one that
 * cannot be read through (400), the token (403). */
static int read_post(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                     struct fields *in, struct form_error *err)
{
	const struct auth *a = ctx->admitted;
	const char *why, *field;
	int status;

	in->json = request_prefers_json(rq);
	in->names = mf_names;
	memset(in->v, 0, sizeof(in->v));
	memset(in->rank, 0, sizeof(in->rank));
	if ((why = request_body_problem(rq, &status, &field)) != NULL) {
		send_queue(ctx, rs, a, in, status, field, why);
		return -1;
	}
	int bad = read_fields(rq, 1, in, err) != 0;
	if (bad && (fields_has_problem(err, "body") || fields_has_problem(err, "query"))) {
		fields_sort_errors(in, err);
		send_queue_errors(ctx, rs, a, in, 400, err, NULL);
		return -1;
	}
	if (!auth_session_ok(rq, a, in->v[MF_CSRF])) {
		send_queue(ctx, rs, a, in, 403, "csrf",
		           "The form had expired or came from another site; nothing was changed.");
		return -1;
	}
	if (!bad)
		err->n = 0;
	return 0;
}

/* GET|HEAD /moderate: the queue (?approved=ID or ?rejected=ID: the note of
 * a decision just made). */
void moderate_queue(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	struct fields in;
	struct form_error err;

	in.json = request_prefers_json(rq);
	in.names = mf_names;
	memset(in.v, 0, sizeof(in.v));
	if (read_fields(rq, 0, &in, &err) != 0) {
		fields_sort_errors(&in, &err);
		send_queue_errors(ctx, rs, ctx->admitted, &in, 400, &err, NULL);
	} else
		send_queue(ctx, rs, ctx->admitted, &in, 200, NULL, NULL);
}
