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
 * transaction, and to stderr. The three proposal types are decided by one
 * flow (decide), through a struct decision each: the lifecycle's
 * descriptor and what the queue says of that type. */
#include "moderate.h"

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
	MF__MAX
};

/* The allow-list, in the order of enum mf; the stats from STAT_LIST. */
/* clang-format off */
static const char *const mf_names[MF__MAX + 1] = {
	"csrf", "id", "tier", "slot", "reason", "format", "approved", "rejected",
	STAT_NAME_INITS
	"kind", "part", "word", "value", "value_mult", "mark", "classes", NULL};
/* clang-format on */

#define LONG_FIELDS (UINT64_C(1) << MF_REASON)

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

static void fill_item(struct tmpl_dict *queue, const struct db_submission *row)
{
	struct tmpl_dict *it = tmpl_section(queue, "ITEM");

	tmpl_set_int(it, "ID", (long)row->id);
	tmpl_set(it, "WORD", row->p.word);
	tmpl_set(it, "KIND", kind_names[row->p.kind]);
	tmpl_set(it, "PART", part_names[row->p.part]);
	tmpl_set(it, "CREATED", row->created);
	page_proposal_fields(it, &row->p, NULL, NULL);
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
                       const char *csrf)
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

/* The kinds and parts "Change a live word" offers, as choices (issue 23:
 * they were free text); from recipe.c's names, so a new kind or part is
 * listed without a change here. */
static void fill_live_choices(struct tmpl_dict *q)
{
	for (int k = 0; k < K__MAX; k++)
		if (kind_names[k]) {
			struct tmpl_dict *o = tmpl_section(q, "KIND_OPT");
			tmpl_set(o, "VALUE", kind_names[k]);
		}
	for (int p = 0; p < P__MAX; p++)
		if (part_names[p]) {
			struct tmpl_dict *o = tmpl_section(q, "PART_OPT");
			tmpl_set(o, "VALUE", part_names[p]);
		}
}

/* The queue page: 200, or the status of an error shown above it. */
static void send_queue(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                       const struct fields *in, int status, const char *field, const char *message)
{
	struct db_submission rows[DBMOD_PENDING_MAX];
	unsigned long total = 0;
	size_t n = 0;
	char note[96];

	struct db_spell_submission *spells = NULL;
	unsigned long spell_total = 0;
	size_t n_spells = 0;

	struct db_name_submission *names = NULL;
	unsigned long name_total = 0;
	size_t n_names = 0;

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
	if (st != DB_OK) {
		rs->allow = NULL; /* the answer is no longer the 405 it may have been */
		status = http_db_failure(rs, st == DB_DOWN, &message);
		field = NULL;
	}
	if (in->json) {
		if (message) {
			page_send_json_error(rs, status, field, message);
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
		page_send_json(rs, 200,
		               list && slist && nlist
		                       ? json_pack("{s:s,s:s,s:I,s:o,s:I,s:o,s:I,s:o}", "moderator",
		                                   a->m.name, "csrf", a->csrf, "total",
		                                   (json_int_t)total, "pending", list,
		                                   "spell_total", (json_int_t)spell_total,
		                                   "pending_spells", slist, "name_total",
		                                   (json_int_t)name_total, "pending_names", nlist)
		                       : NULL);
		if (!slist || !list || !nlist) {
			json_decref(list);
			json_decref(slist);
			json_decref(nlist);
		}
		return;
	}

	struct tmpl_dict *d = page_new("Moderation");
	struct tmpl_dict *q = tmpl_section(page_body(d, "moderate.tpl"), "QUEUE");
	if (message)
		page_error(d, field, message);
	tmpl_set(q, "MODERATOR", a->m.name);
	tmpl_set(q, "CSRF", a->csrf);
	fill_live_choices(q);
	tmpl_set_int(q, "TOTAL", (long)total);
	if (total > n)
		tmpl_set_int(tmpl_section(q, "MORE"), "SHOWN", (long)n);
	if (parse_id(in->v[MF_APPROVED]) || parse_id(in->v[MF_REJECTED])) {
		int approved = parse_id(in->v[MF_APPROVED]) != 0;
		snprintf(note, sizeof(note), "Submission #%lu %s.",
		         (unsigned long)parse_id(in->v[approved ? MF_APPROVED : MF_REJECTED]),
		         approved ? "approved: it can be rolled now" : "rejected");
		tmpl_set(tmpl_section(q, "DONE"), "DONE_TEXT", note);
	}
	if (n == 0)
		tmpl_show(q, "EMPTY");
	for (size_t i = 0; i < n; i++)
		fill_item(q, &rows[i]);
	page_stat_sections(q, "EDIT_STAT");
	tmpl_set_int(q, "SPELL_TOTAL", (long)spell_total);
	for (size_t i = 0; i < n_spells; i++)
		fill_spell(q, &spells[i], a->csrf);
	tmpl_set_int(q, "NAME_TOTAL", (long)name_total);
	for (size_t i = 0; i < n_names; i++) {
		struct tmpl_dict *it = tmpl_section(q, "NAME_ITEM");
		tmpl_set_int(it, "ID", (long)names[i].id);
		tmpl_set(it, "NAME", names[i].name);
		tmpl_set(it, "CREATED", names[i].created);
		tmpl_set(it, "CSRF", a->csrf);
	}
	page_send_html(rs, status, d);
}

/* ---- decisions (docs/moderation.md) ---- */

static int read_post(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                     struct fields *in);

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
	size_t row_size;        /* its record (dbmod.h) */
	const char *noun;       /* "must be a %s's number", "there is no %s with this id",
	                         * "%s #N was approved already" */
	const char *live_field; /* the field a 409 for a live key names */
	int takes_adjust;       /* approving reads the moderator's changes */
	int redirect_to_row;    /* HTML: /moderate?approved=ID, else /moderate */
	const char *new_id_key; /* the added row's id in the JSON answer, or NULL */
	json_t *(*row_json)(const void *row);
	/* "“x” is already a ...; reject this proposal instead." */
	void (*live_message)(const void *row, char *msg, size_t n);
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

static const struct decision word_decision = {
        .type = &proposal_word,
        .row_size = sizeof(struct db_submission),
        .noun = "submission",
        .live_field = "word",
        .takes_adjust = 1,
        .redirect_to_row = 1,
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

static const struct decision spell_decision = {
        .type = &proposal_spell,
        .row_size = sizeof(struct db_spell_submission),
        .noun = "spell proposal",
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

static const struct decision name_decision = {
        .type = &proposal_name,
        .row_size = sizeof(struct db_name_submission),
        .noun = "name proposal",
        .live_field = "name",
        .row_json = name_json,
        .live_message = name_live,
        .log = name_log,
};

/* The id of a decided row: every record (dbmod.h) starts with it. */
static uint32_t row_id(const void *row)
{
	uint32_t id;
	memcpy(&id, row, sizeof id);
	return id;
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
	char reason[REASON_BYTES_MAX + 1], msg[256], loc[48];
	const char *action = approving ? "approved" : "rejected";
	struct proposal_input adjust;
	struct decide_outcome o;
	struct fields in;
	enum db_status st;
	void *row;

	if (read_post(ctx, rq, rs, &in) != 0)
		return;
	uint32_t id = parse_id(in.v[MF_ID]);
	if (!id) {
		snprintf(msg, sizeof msg, "must be a %s's number", t->noun);
		send_queue(ctx, rs, a, &in, 400, "id", msg);
		return;
	}
	if (!approving && !check_reason(in.v[MF_REASON], reason, sizeof(reason))) {
		send_queue(ctx, rs, a, &in, 400, "reason", "must be 1 to 200 characters");
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
			if (t->redirect_to_row)
				snprintf(loc, sizeof(loc), "/moderate?%s=%u", action, row_id(row));
			else
				snprintf(loc, sizeof(loc), "/moderate");
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
	case DECIDE_BAD_STATS:
		send_queue(ctx, rs, a, &in, 400, o.err.field, o.err.message);
		return;
	}
}

void moderate_approve(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	decide(ctx, rq, rs, &word_decision, 1);
}

void moderate_reject(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	decide(ctx, rq, rs, &word_decision, 0);
}

void moderate_spell_approve(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	decide(ctx, rq, rs, &spell_decision, 1);
}

void moderate_spell_reject(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	decide(ctx, rq, rs, &spell_decision, 0);
}

void moderate_name_approve(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	decide(ctx, rq, rs, &name_decision, 1);
}

void moderate_name_reject(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	decide(ctx, rq, rs, &name_decision, 0);
}

/* ---- changing live words (docs/items.md) ---- */

/* The table a change names (kind, part) and the word; 0, or -1 after
 * answering 400 naming the field. */
static int word_target(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                       const struct fields *in, enum kind *k, enum part *p)
{
	int kk = in->v[MF_KIND] ? kind_from_name(in->v[MF_KIND]) : -1;
	int pp = in->v[MF_PART] ? part_from_name(in->v[MF_PART]) : -1;
	const char *w = in->v[MF_WORD];

	if (kk < 0) {
		send_queue(ctx, rs, a, in, 400, "kind", kind_choices());
		return -1;
	}
	const struct recipe *r = recipe_for((enum kind)kk);
	if (pp < 0 || !r || !(r->parts & (1u << pp))) {
		send_queue(ctx, rs, a, in, 400, "part", "must be a part of this kind");
		return -1;
	}
	if (!w || !*w || strlen(w) > 64 * 4) {
		send_queue(ctx, rs, a, in, 400, "word", "must name a live word");
		return -1;
	}
	*k = (enum kind)kk;
	*p = (enum part)pp;
	return 0;
}

/* A whole number in the range the part's proposals may carry; stats a
 * part cannot carry may not be given. 0, or -1 after answering 400. */
static int edit_stats(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                      const struct fields *in, enum kind k, enum part p, int32_t *stat, int *given,
                      int *any)
{
	const struct part_rules *rules = proposal_rules(k, p);
	char msg[96];

	*any = 0;
	for (int s = 0; s < ST__MAX; s++) {
		const char *v = in->v[MF_STAT0 + s];
		given[s] = 0;
		if (!v || !*v)
			continue;
		const struct stat_range *r = rules ? proposal_stat(rules, (enum stat)s) : NULL;
		char *end;
		long x = strtol(v, &end, 10);
		if (!r || *end || end == v || x < r->min || x > r->max) {
			if (r)
				snprintf(msg, sizeof msg, "must be a whole number from %d to %d",
				         r->min, r->max);
			else
				snprintf(msg, sizeof msg, "a %s %s carries no %s", kind_names[k],
				         part_names[p], stat_names[s]);
			send_queue(ctx, rs, a, in, 400, stat_names[s], msg);
			return -1;
		}
		stat[s] = (int32_t)x;
		given[s] = *any = 1;
	}
	if (!*any) {
		send_queue(ctx, rs, a, in, 400, NULL, "give at least one stat to change");
		return -1;
	}
	return 0;
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
	enum kind k;
	enum part p;
	int32_t stat[ST__MAX] = {0};
	int given[ST__MAX], any, found = 0;
	uint32_t new_id = 0;
	uint64_t rev = 0;
	char loc[64], msg[160];
	enum db_status st;

	if (read_post(ctx, rq, rs, &fin) != 0 || word_target(ctx, rs, a, in, &k, &p) != 0 ||
	    (edit && edit_stats(ctx, rs, a, in, k, p, stat, given, &any) != 0))
		return;
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

/* A POST's body, fields and CSRF token: 0, or -1 after answering 4xx. */
static int read_post(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                     struct fields *in)
{
	const struct auth *a = ctx->admitted;
	struct form_error err;
	const char *why, *field;
	int status;

	in->json = request_prefers_json(rq);
	in->names = mf_names;
	memset(in->v, 0, sizeof(in->v));
	if ((why = request_body_problem(rq, &status, &field)) != NULL) {
		send_queue(ctx, rs, a, in, status, field, why);
		return -1;
	}
	if (read_fields(rq, 1, in, &err) != 0) {
		send_queue(ctx, rs, a, in, 400, err.field, err.message);
		return -1;
	}
	if (!auth_session_ok(rq, a, in->v[MF_CSRF])) {
		send_queue(ctx, rs, a, in, 403, "csrf",
		           "The form had expired or came from another site; nothing was changed.");
		return -1;
	}
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
	if (read_fields(rq, 0, &in, &err) != 0)
		send_queue(ctx, rs, ctx->admitted, &in, 400, err.field, err.message);
	else
		send_queue(ctx, rs, ctx->admitted, &in, 200, NULL, NULL);
}
