/* moderate: the moderation queue and logout (docs/moderation.md); login is
 * login.c.
 *
 * Order of checks for everything under /moderate: the session first (401
 * without one, whatever the method or path), then the method and path
 * (405/404), then, for a POST, the body, the fields and the session's CSRF
 * token (403) — so nothing is read or changed for a client that has not
 * proven who it is. Every decision is written to the moderation log in the
 * database, in the same transaction, and to stderr. */
#include "moderate.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistr.h>

#include "arena.h"
#include "auth.h"
#include "cookie.h"
#include "dbmod.h"
#include "fields.h"
#include "log.h"
#include "messages.h"
#include "login.h"
#include "page.h"
#include "proposal.h"
#include "session.h"

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

static const char *const mf_names[MF__MAX + 1] = {
        "csrf",     "id",       "tier",       "slot",       "reason",  "format",  "approved",
        "rejected", "hands",    "multiplier", "attack",     "defense", "magic",   "flaming",
        "freezing", "shocking", "holy",       "evil",       "sneak",   "crit",    "kind",
        "part",     "word",     "value",      "value_mult", "mark",    "classes", NULL};
_Static_assert(ST__MAX == 12 && ST_HANDS == 0 && ST_CRIT == 11, "mf_names follows enum stat");

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

	enum db_status st = db_pending(ctx->db, rows, DBMOD_PENDING_MAX, &n, &total);
	if (st == DB_OK) {
		/* A spell row is large: from the request's arena, not the stack. */
		spells = arena_alloc(&ctx->arena, SPELL_QUEUE_MAX * sizeof *spells);
		st = spells ? db_spell_pending(ctx->db, spells, SPELL_QUEUE_MAX, &n_spells,
		                               &spell_total)
		            : DB_ERROR;
	}
	if (st == DB_OK) {
		names = arena_alloc(&ctx->arena, NAME_QUEUE_MAX * sizeof *names);
		st = names ? db_name_pending(ctx->db, names, NAME_QUEUE_MAX, &n_names, &name_total)
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

/* ---- decisions ---- */

static void log_decision(const struct auth *a, const char *action, const struct decide_outcome *o,
                         const char *reason)
{
	struct buf stats;
	const struct proposal *p = &o->row.p;

	buf_init(&stats);
	if (proposal_stats_text(p, &stats) != 0 || !stats.data)
		buf_reset(&stats);
	if (reason)
		log_info("moderation: %s %s submission %u, %s %s \"%s\": %.*s", a->m.name, action,
		         o->row.id, kind_names[p->kind], part_names[p->part], p->word,
		         REASON_BYTES_MAX, reason);
	else
		log_info("moderation: %s %s submission %u, %s %s \"%s\", now %s_%s id %u (%s)",
		         a->m.name, action, o->row.id, kind_names[p->kind], part_names[p->part],
		         p->word, kind_names[p->kind], part_names[p->part], o->word_id,
		         stats.data ? stats.data : "");
	buf_free(&stats);
}

/* The answer to a decision's outcome. */
static void answer_decision(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                            const struct fields *in, const char *action,
                            const struct decide_outcome *o)
{
	char msg[256], loc[48];

	switch (o->result) {
	case DECIDE_DONE:
		if (in->json) {
			json_t *row = page_submission_json(&o->row);
			if (row && o->word_id)
				json_object_set_new(row, "word_id", json_integer(o->word_id));
			page_send_json(rs, 200, json_pack("{s:o}", action, row));
		} else {
			snprintf(loc, sizeof(loc), "/moderate?%s=%u", action, o->row.id);
			page_redirect(rs, loc);
		}
		return;
	case DECIDE_NOT_FOUND:
		send_queue(ctx, rs, a, in, 404, "id", "there is no submission with this id");
		return;
	case DECIDE_NOT_PENDING:
		snprintf(msg, sizeof(msg), "submission #%u was %s already", o->row.id,
		         o->row.status);
		send_queue(ctx, rs, a, in, 409, "id", msg);
		return;
	case DECIDE_LIVE:
		snprintf(msg, sizeof(msg), "“%s” is already a %s %s; reject this proposal instead.",
		         o->row.p.word, kind_names[o->row.p.kind], part_names[o->row.p.part]);
		send_queue(ctx, rs, a, in, 409, "word", msg);
		return;
	case DECIDE_BAD_STATS:
		send_queue(ctx, rs, a, in, 400, o->err.field, o->err.message);
		return;
	}
}

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

/* POST /moderate/approve (id, tier, slot, stats): 303 back to the queue
 * (JSON: 200 with the row); 400 bad id or stat; 404 no such submission;
 * 409 decided already, or the word is live already; 503. */
static void approve(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                    const struct fields *in)
{
	struct proposal_input adjust = {
	        .tier = in->v[MF_TIER],
	        .slot = in->v[MF_SLOT],
	        .mark = in->v[MF_MARK],
	        .classes = in->v[MF_CLASSES]}; /* SPEC §12: the moderator may change them */
	struct decide_outcome o;
	uint32_t id = parse_id(in->v[MF_ID]);
	enum db_status st;

	if (!id) {
		send_queue(ctx, rs, a, in, 400, "id", "must be a submission's number");
		return;
	}
	for (int s = 0; s < ST__MAX; s++)
		adjust.stat[s] = in->v[MF_STAT0 + s];
	adjust.value = in->v[MF_VALUE];
	adjust.value_mult = in->v[MF_VALUE_MULT];
	st = db_approve(ctx->db, id, &adjust, &a->m, &o);
	if (db_failed(ctx, rs, a, in, st))
		return;
	if (o.result == DECIDE_DONE)
		log_decision(a, "approved", &o, NULL);
	answer_decision(ctx, rs, a, in, "approved", &o);
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

/* POST /moderate/reject (id, reason): 303 back to the queue (JSON: 200
 * with the row); 400 bad id or reason; 404; 409 decided already; 503. */
static void reject(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                   const struct fields *in)
{
	char reason[REASON_BYTES_MAX + 1];
	struct decide_outcome o;
	uint32_t id = parse_id(in->v[MF_ID]);
	enum db_status st;

	if (!id) {
		send_queue(ctx, rs, a, in, 400, "id", "must be a submission's number");
		return;
	}
	if (!check_reason(in->v[MF_REASON], reason, sizeof(reason))) {
		send_queue(ctx, rs, a, in, 400, "reason", "must be 1 to 200 characters");
		return;
	}
	st = db_reject(ctx->db, id, reason, &a->m, &o);
	if (db_failed(ctx, rs, a, in, st))
		return;
	if (o.result == DECIDE_DONE)
		log_decision(a, "rejected", &o, reason);
	answer_decision(ctx, rs, a, in, "rejected", &o);
}

/* ---- spells (docs/moderation.md "Spells") ---- */

/* POST /moderate/spell/approve (id) and /moderate/spell/reject (id,
 * reason): 303 back to the queue (JSON: 200 with the row, and the new
 * spell's id); 400 bad id or reason, or a spell that no longer passes the
 * check; 404; 409 decided already, or a live spell of that name; 503. */
static void decide_spell(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                         const struct fields *in, int approving)
{
	char reason[REASON_BYTES_MAX + 1], msg[256];
	struct spell_decide_outcome o;
	uint32_t id = parse_id(in->v[MF_ID]);
	enum db_status st;

	if (!id) {
		send_queue(ctx, rs, a, in, 400, "id", "must be a spell proposal's number");
		return;
	}
	if (!approving && !check_reason(in->v[MF_REASON], reason, sizeof(reason))) {
		send_queue(ctx, rs, a, in, 400, "reason", "must be 1 to 200 characters");
		return;
	}
	st = approving ? db_spell_approve(ctx->db, id, &a->m, &o)
	               : db_spell_reject(ctx->db, id, reason, &a->m, &o);
	if (db_failed(ctx, rs, a, in, st))
		return;
	switch (o.result) {
	case DECIDE_DONE:
		if (approving)
			log_info(
			        "moderation: %s approved spell proposal %u \"%s\", now spell id %u",
			        a->m.name, o.row.id, o.row.p.name, o.spell_id);
		else
			log_info("moderation: %s rejected spell proposal %u \"%s\": %.*s",
			         a->m.name, o.row.id, o.row.p.name, REASON_BYTES_MAX, reason);
		if (in->json) {
			json_t *row = spell_row_json(&o.row);
			if (row && o.spell_id)
				json_object_set_new(row, "spell_id", json_integer(o.spell_id));
			page_send_json(
			        rs, 200,
			        json_pack("{s:o}", approving ? "approved" : "rejected", row));
		} else {
			page_redirect(rs, "/moderate");
		}
		return;
	case DECIDE_NOT_FOUND:
		send_queue(ctx, rs, a, in, 404, "id", "there is no spell proposal with this id");
		return;
	case DECIDE_NOT_PENDING:
		snprintf(msg, sizeof(msg), "spell proposal #%u was %s already", o.row.id,
		         o.row.status);
		send_queue(ctx, rs, a, in, 409, "id", msg);
		return;
	case DECIDE_LIVE:
		snprintf(msg, sizeof(msg), "“%s” is already a spell; reject this proposal instead.",
		         o.row.p.name);
		send_queue(ctx, rs, a, in, 409, "name", msg);
		return;
	case DECIDE_BAD_STATS:
		send_queue(ctx, rs, a, in, 400, o.err.field, o.err.message);
		return;
	}
}

/* ---- training names (docs/moderation.md "Training names") ---- */

/* POST /moderate/name/approve (id) and /moderate/name/reject (id, reason):
 * 303 back to the queue (JSON: 200 with the row and, approved, its
 * markov_name_id); 400 bad id or reason; 404; 409 decided already, or
 * (approve) a live training name spelled the same but for case; 503. */
static void decide_name(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                        const struct fields *in, int approving)
{
	char reason[REASON_BYTES_MAX + 1], msg[256];
	struct name_decide_outcome o;
	uint32_t id = parse_id(in->v[MF_ID]);
	enum db_status st;

	if (!id) {
		send_queue(ctx, rs, a, in, 400, "id", "must be a name proposal's number");
		return;
	}
	if (!approving && !check_reason(in->v[MF_REASON], reason, sizeof(reason))) {
		send_queue(ctx, rs, a, in, 400, "reason", "must be 1 to 200 characters");
		return;
	}
	st = approving ? db_name_approve(ctx->db, id, &a->m, &o)
	               : db_name_reject(ctx->db, id, reason, &a->m, &o);
	if (db_failed(ctx, rs, a, in, st))
		return;
	switch (o.result) {
	case DECIDE_DONE:
		if (approving)
			log_info("moderation: %s approved name proposal %u \"%s\", now markov_name "
			         "id %u",
			         a->m.name, o.row.id, o.row.name, o.row.markov_name_id);
		else
			log_info("moderation: %s rejected name proposal %u \"%s\": %.*s", a->m.name,
			         o.row.id, o.row.name, REASON_BYTES_MAX, reason);
		if (in->json)
			page_send_json(rs, 200,
			               json_pack("{s:o}", approving ? "approved" : "rejected",
			                         name_row_json(&o.row)));
		else
			page_redirect(rs, "/moderate");
		return;
	case DECIDE_NOT_FOUND:
		send_queue(ctx, rs, a, in, 404, "id", "there is no name proposal with this id");
		return;
	case DECIDE_NOT_PENDING:
		snprintf(msg, sizeof(msg), "name proposal #%u was %s already", o.row.id,
		         o.row.status);
		send_queue(ctx, rs, a, in, 409, "id", msg);
		return;
	case DECIDE_LIVE:
	case DECIDE_BAD_STATS:
		snprintf(msg, sizeof(msg),
		         "“%s” is a training name already; reject this proposal instead.",
		         o.row.name);
		send_queue(ctx, rs, a, in, 409, "name", msg);
		return;
	}
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
static void change_word(struct handler_ctx *ctx, struct response *rs, const struct auth *a,
                        const struct fields *in, int edit)
{
	enum kind k;
	enum part p;
	int32_t stat[ST__MAX] = {0};
	int given[ST__MAX], any, found = 0;
	uint32_t new_id = 0;
	uint64_t rev = 0;
	char loc[64], msg[160];
	enum db_status st;

	if (word_target(ctx, rs, a, in, &k, &p) != 0 ||
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

/* The answer when there is no session to go on: 401, 503 or 500. */
static void send_no_session(struct response *rs, enum auth_result r, int json)
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

static int is_method(const struct request *rq, const char *m)
{
	return strcmp(rq->method, m) == 0;
}

/* Any method, any path under /moderate: 401 without a session first; then
 * GET|HEAD /moderate (the queue), POST /moderate/approve, /moderate/reject,
 * /moderate/retire, /moderate/edit, /moderate/spell/approve|reject and
 * /moderate/name/approve|reject (403 without the session's CSRF token);
 * 405 or 404 for anything else. */
void moderate_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	int get = is_method(rq, "GET") || is_method(rq, "HEAD");
	int queue = strcmp(rq->path, "/moderate") == 0;
	int is_approve = strcmp(rq->path, "/moderate/approve") == 0;
	int is_reject = strcmp(rq->path, "/moderate/reject") == 0;
	int is_retire = strcmp(rq->path, "/moderate/retire") == 0;
	int is_edit = strcmp(rq->path, "/moderate/edit") == 0;
	int is_spell_approve = strcmp(rq->path, "/moderate/spell/approve") == 0;
	int is_spell_reject = strcmp(rq->path, "/moderate/spell/reject") == 0;
	int is_name_approve = strcmp(rq->path, "/moderate/name/approve") == 0;
	int is_name_reject = strcmp(rq->path, "/moderate/name/reject") == 0;
	struct fields in;
	struct form_error err;
	struct auth a;
	const char *why, *field;
	int status;

	in.json = request_prefers_json(rq);
	in.names = mf_names;
	memset(in.v, 0, sizeof(in.v));
	enum auth_result who = auth_session(ctx, rq, &a);
	if (who != AUTH_OK) {
		send_no_session(rs, who, in.json);
		return;
	}
	if (!queue && !is_approve && !is_reject && !is_retire && !is_edit && !is_spell_approve &&
	    !is_spell_reject && !is_name_approve && !is_name_reject) {
		send_queue(ctx, rs, &a, &in, 404, NULL, "There is no page at this address.");
		return;
	}
	if (queue ? !get : !is_method(rq, "POST")) {
		rs->allow = queue ? "GET, HEAD" : "POST";
		send_queue(ctx, rs, &a, &in, 405, NULL, "This address does not take that method.");
		return;
	}
	if (queue) {
		if (read_fields(rq, 0, &in, &err) != 0)
			send_queue(ctx, rs, &a, &in, 400, err.field, err.message);
		else
			send_queue(ctx, rs, &a, &in, 200, NULL, NULL);
		return;
	}
	if ((why = request_body_problem(rq, &status, &field)) != NULL) {
		send_queue(ctx, rs, &a, &in, status, field, why);
		return;
	}
	if (read_fields(rq, 1, &in, &err) != 0) {
		send_queue(ctx, rs, &a, &in, 400, err.field, err.message);
		return;
	}
	if (!auth_session_ok(rq, &a, in.v[MF_CSRF])) {
		send_queue(ctx, rs, &a, &in, 403, "csrf",
		           "The form had expired or came from another site; nothing was changed.");
		return;
	}
	if (is_spell_approve || is_spell_reject)
		decide_spell(ctx, rs, &a, &in, is_spell_approve);
	else if (is_name_approve || is_name_reject)
		decide_name(ctx, rs, &a, &in, is_name_approve);
	else if (is_approve)
		approve(ctx, rs, &a, &in);
	else if (is_reject)
		reject(ctx, rs, &a, &in);
	else
		change_word(ctx, rs, &a, &in, is_edit);
}

/* ---- logout ---- */

/* POST /logout (csrf): ends the session and clears its cookie, 303 to
 * /login (JSON: 200). Without a session there is nothing to end: the same
 * answer. 403 with a session but without its CSRF token. */
void logout_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	struct fields in;
	struct form_error err;
	struct auth a;
	uint8_t hash[DBMOD_HASH_BYTES];
	const char *field;
	int status, json;
	enum auth_result who;
	/* A body that cannot be read carries no token: the check below fails. */
	int body = request_body_problem(rq, &status, &field) == NULL;

	if (read_fields(rq, body, &in, &err) != 0)
		memset(in.v, 0, sizeof(in.v));
	json = in.json;
	switch ((who = auth_session(ctx, rq, &a))) {
	case AUTH_OK:
		if (!auth_session_ok(rq, &a, in.v[MF_CSRF])) {
			send_queue(ctx, rs, &a, &in, 403, "csrf",
			           "The form had expired or came from another site; you are still "
			           "logged in.");
			return;
		}
		session_token_hash(a.token, hash);
		enum db_status st = db_session_end(ctx->db, hash);
		if (st != DB_OK) {
			const char *msg;
			status = http_db_failure(rs, st == DB_DOWN, &msg);
			send_queue(ctx, rs, &a, &in, status, NULL, msg);
			return;
		}
		log_info("login: moderator %s logged out", a.m.name);
		break;
	case AUTH_NONE:
		break;
	default:
		send_no_session(rs, who, json);
		return;
	}
	cookie_set(rs, cookie_session_name(), "", 0);
	if (json)
		page_send_json(rs, 200, json_pack("{s:b}", "logged_out", 1));
	else
		page_redirect(rs, "/login");
}
