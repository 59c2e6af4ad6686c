/* page: see page.h. Values are set raw; the templates escape them. */
#include "page.h"

#include <stdio.h>
#include <string.h>

#include <sodium.h>

#include "catalog.h"
#include "keyed.h"
#include "layout.h"
#include "log.h"
#include "render.h"

static const struct field_row format_rows[] = {{"format", FIELD_FORMATS}};
const struct field_table page_format_fields = FIELD_TABLE(format_rows);

struct tmpl_dict *page_new(const char *title)
{
	return layout_new(title);
}

struct tmpl_dict *page_body(struct tmpl_dict *d, const char *file)
{
	return tmpl_include(d, "PAGE", file);
}

void page_error(struct tmpl_dict *d, const char *field, const char *message)
{
	/* Out of memory: page_send_html's expansion fails the same way. */
	(void)layout_error(d, field, message);
}

void page_failed(struct response *rs, int json)
{
	log_error("page: rendering failed (out of memory?)");
	response_internal_error(rs, json);
}

static void failed(struct response *rs, int json)
{
	page_failed(rs, json);
}

void page_send_html(struct response *rs, int status, struct tmpl_dict *d)
{
	buf_reset(&rs->body);
	rs->status = status;
	rs->content_type = CT_HTML;
	if (!d || layout_expand(d, &rs->body) != 0 || rs->body.oom)
		failed(rs, 0);
	tmpl_dict_free(d);
}

static int dump_to_buf(const char *p, size_t n, void *data)
{
	return buf_append(data, p, n);
}

void page_send_json(struct response *rs, int status, json_t *v)
{
	buf_reset(&rs->body);
	rs->status = status;
	rs->content_type = CT_JSON;
	/* 15 digits print hundredths as written (1.72, not 1.7199999999999999) */
	if (!v ||
	    json_dump_callback(v, dump_to_buf, &rs->body, JSON_COMPACT | JSON_REAL_PRECISION(15)) !=
	            0 ||
	    rs->body.oom)
		failed(rs, 1);
	json_decref(v);
}

void page_send_json_error(struct response *rs, int status, const char *field, const char *message)
{
	page_send_problem(rs, FMT_JSON, status, field, message, NULL, NULL);
}

void page_send_json_errors(struct response *rs, int status, const struct form_error *e)
{
	buf_reset(&rs->body);
	rs->status = status;
	rs->content_type = CT_JSON;
	if (render_json_errors(e, &rs->body) != 0 || rs->body.oom)
		failed(rs, 1);
}

void page_errors(struct tmpl_dict *d, const struct form_error *e)
{
	/* Out of memory: page_send_html's expansion fails the same way. */
	(void)layout_errors(d, e);
}

static void send_text_problems(struct response *rs, int status, const struct form_error *e)
{
	buf_reset(&rs->body);
	rs->status = status;
	rs->content_type = CT_TEXT;
	for (int i = 0; i < e->n && i < FORM_ERRORS_MAX; i++) {
		const struct form_problem *p = &e->list[i];
		if (buf_printf(&rs->body, "%s%s%s\n", p->field ? p->field : "",
		               p->field ? ": " : "", p->message) != 0) {
			failed(rs, 0);
			return;
		}
	}
}

void page_send_problems(struct response *rs, enum format fmt, int status,
                        const struct form_error *e, page_html_fn html, const void *ctx)
{
	struct tmpl_dict *d;

	switch (fmt) {
	case FMT_JSON:
	case FMT_VTT:
		page_send_json_errors(rs, status, e);
		break;
	case FMT_HTML:
		d = html(ctx);
		page_errors(d, e);
		page_send_html(rs, status, d);
		break;
	default:
		send_text_problems(rs, status, e);
	}
}

void page_send_problem(struct response *rs, enum format fmt, int status, const char *field,
                       const char *message, page_html_fn html, const void *ctx)
{
	/* a field's problem has the code of its sentence; the rest, the status's */
	const char *code = status == 400 && field ? form_error_code(message, NULL, 0)
	                                          : render_error_code(status);
	struct form_error e = {.field = field, .message = message, .code = code, .n = 1};

	e.list[0] = (struct form_problem){field, code, message};
	page_send_problems(rs, fmt, status, &e, html, ctx);
}

/* The generator's page keeping the form as sent under the error box: one
 * problem (field, message) or every one of e. */
static void send_error_page(struct response *rs, const struct form *f, int status,
                            const char *field, const char *message, const struct form_error *e)
{
	struct form defaults;

	if (!f) {
		form_parse(&defaults, NULL, NULL, 0, NULL);
		f = &defaults;
	}
	const struct catalog *cat = catalog_acquire();
	struct page pg = {.cat = cat,
	                  .form = f,
	                  .status = status,
	                  .error_field = field,
	                  .error_message = message,
	                  .errors = e};
	buf_reset(&rs->body);
	rs->status = status;
	rs->content_type = CT_HTML;
	int rc = render_html(&pg, &rs->body);
	if (cat)
		catalog_release(cat);
	if (rc != 0 || rs->body.oom)
		failed(rs, 0);
}

void page_send_error(struct response *rs, const struct form *f, int json, int status,
                     const char *field, const char *message)
{
	if (json)
		page_send_json_error(rs, status, field, message);
	else
		send_error_page(rs, f, status, field, message, NULL);
}

void page_send_errors(struct response *rs, const struct form *f, int json, int status,
                      const struct form_error *e)
{
	if (json)
		page_send_json_errors(rs, status, e);
	else
		send_error_page(rs, f, status, e->field, e->message, e);
}

void page_redirect(struct response *rs, const char *location)
{
	buf_reset(&rs->body);
	rs->status = 303;
	rs->content_type = CT_TEXT;
	if (response_header(rs, "Location", location) != 0 ||
	    buf_printf(&rs->body, "See %s\n", location) != 0)
		failed(rs, 0);
}

struct tmpl_dict *page_key_item(struct tmpl_dict *d, const struct key_item *ki)
{
	struct tmpl_dict *li = tmpl_section(d, "ITEM");

	tmpl_set(li, "NAME", ki->name);
	tmpl_set(li, "KIND", kind_names[ki->kind]);
	tmpl_set(li, "RARITY", ki->rarity);
	if (ki->link[0])
		tmpl_set(tmpl_section(li, "LINKED"), "LINK", ki->link);
	else
		tmpl_show(li, "UNLINKED");
	return li;
}

json_t *page_submission_json(const struct db_submission *row)
{
	const struct proposal *p = &row->p;
	const struct part_rules *r = proposal_rules(p->kind, p->part);
	json_t *stats = json_object();

	for (size_t i = 0; stats && r && i < r->n_stats; i++)
		if (json_object_set_new(stats, stat_names[r->stats[i].stat],
		                        json_integer(p->stat[r->stats[i].stat])) != 0) {
			json_decref(stats);
			stats = NULL;
		}
	if (!stats)
		return NULL;
	json_t *o = json_pack("{s:I,s:s,s:s,s:s,s:s,s:o,s:o,s:o,s:I,s:s,s:s}", "id",
	                      (json_int_t)row->id, "submission_id", row->sid, "kind",
	                      kind_names[p->kind], "part", part_names[p->part], "word", p->word,
	                      "tier", p->tier > 0 ? json_integer(p->tier) : json_null(), "slot",
	                      p->slot != SLOT_NONE ? json_string(slot_names[p->slot]) : json_null(),
	                      "stats", stats, proposal_worth_field(p->part), (json_int_t)p->worth,
	                      "status", row->status, "created_at", row->created);
	/* SPEC §12: the classes, for the parts that take them */
	if (o &&
	    (proposal_takes_classes(p->kind, p->part) || proposal_may_be_worse(p->kind, p->part))) {
		json_t *a = json_array();
		for (const char *c = p->classes; a && *c;) {
			size_t len = strcspn(c, " ");
			if (json_array_append_new(a, json_stringn(c, len)) != 0) {
				json_decref(a);
				a = NULL;
			}
			c += len;
			while (*c == ' ')
				c++;
		}
		if (!a || json_object_set_new(o, "classes", a) != 0) {
			json_decref(o);
			return NULL;
		}
	}
	return o;
}

/* "attack" -> "Attack". */
static const char *capital(const char *s, char *dst, size_t n)
{
	snprintf(dst, n, "%s", s);
	if (dst[0] >= 'a' && dst[0] <= 'z')
		dst[0] = (char)(dst[0] - 'a' + 'A');
	return dst;
}

void page_stat_sections(struct tmpl_dict *d, const char *section,
                        const char *(*sent)(const void *ctx, const char *field), const void *ctx)
{
	static const enum stat proposed[] = {STAT_PROPOSED_INITS};
	char label[32];

	for (size_t i = 0; i < sizeof proposed / sizeof proposed[0]; i++) {
		struct tmpl_dict *s = tmpl_section(d, section);
		const char *v = sent ? sent(ctx, stat_names[proposed[i]]) : NULL;
		tmpl_set(s, "NAME", stat_names[proposed[i]]);
		tmpl_set(s, "LABEL", capital(stat_names[proposed[i]], label, sizeof label));
		if (v)
			tmpl_set(tmpl_section(s, "KEPT"), "VALUE", v);
	}
}

static void option(struct tmpl_dict *sel, const char *value, const char *label, int selected)
{
	struct tmpl_dict *o = tmpl_section(sel, "OPT");

	tmpl_set(o, "VALUE", value);
	tmpl_set(o, "LABEL", label);
	if (selected)
		tmpl_show(o, "SEL");
}

/* A value sent that none of the choices is: kept, selected and marked, so
 * that the form shows every value sent (as the generator's form does). */
static void option_refused(struct tmpl_dict *sel, const char *v, int matched)
{
	char label[FORM_VALUE_MAX + 16];

	if (matched || !*v)
		return;
	snprintf(label, sizeof label, "%s (not valid)", v);
	option(sel, v, label, 1);
}

static const char *shown(const char *(*sent)(const void *, const char *), const void *ctx,
                         const char *field)
{
	return sent ? sent(ctx, field) : NULL;
}

int page_proposal_fields(struct tmpl_dict *d, const struct proposal *p,
                         const char *(*sent)(const void *ctx, const char *field), const void *ctx)
{
	const struct part_rules *r = proposal_rules(p->kind, p->part);
	char text[64], label[32];
	const char *v;

	if (!r)
		return -1;
	if (r->has_tier) {
		struct tmpl_dict *t = tmpl_section(d, "TIER");
		snprintf(text, sizeof(text), "%d", p->tier);
		v = shown(sent, ctx, "tier");
		if (!v)
			v = p->tier > 0 ? text : "";
		int matched = 0;
		option(t, "", "choose", *v == '\0');
		for (int i = 1; i <= TIER_MAX; i++) {
			char n[12];
			snprintf(n, sizeof(n), "%d", i);
			matched |= strcmp(v, n) == 0;
			option(t, n, n, strcmp(v, n) == 0);
		}
		option_refused(t, v, matched);
	}
	if (r->slots) {
		struct tmpl_dict *s = tmpl_section(d, "SLOT");
		v = shown(sent, ctx, "slot");
		if (!v)
			v = p->slot != SLOT_NONE ? slot_names[p->slot] : "";
		int matched = 0;
		option(s, "", "choose", *v == '\0');
		for (int i = 1; i < SLOT__MAX; i++)
			if (r->slots & (1u << i)) {
				matched |= strcmp(v, slot_names[i]) == 0;
				option(s, slot_names[i],
				       capital(slot_names[i], label, sizeof(label)),
				       strcmp(v, slot_names[i]) == 0);
			}
		option_refused(s, v, matched);
	}
	if (r->has_mark) {
		/* SPEC §8: good or bad, which picks "and" or "but" on a scroll */
		struct tmpl_dict *m = tmpl_section(d, "MARK");
		v = shown(sent, ctx, "mark");
		if (!v)
			v = p->mark == MARK_GOOD || p->mark == MARK_BAD ? mark_names[p->mark] : "";
		option(m, "", "choose", *v == '\0');
		option(m, "good", "Good", strcmp(v, "good") == 0);
		option(m, "bad", "Bad", strcmp(v, "bad") == 0);
		option_refused(m, v, strcmp(v, "good") == 0 || strcmp(v, "bad") == 0);
	}
	if (proposal_takes_classes(p->kind, p->part)) {
		/* SPEC §12: a material's class, or the classes a type accepts,
		 * among the kind's material classes in the current catalog */
		struct tmpl_dict *c = tmpl_section(d, "CLASSES");
		const struct catalog *cat = catalog_acquire();
		const char *names[CATALOG_CLASSES_MAX];
		size_t n = catalog_kind_classes(cat, p->kind, names, CATALOG_CLASSES_MAX);
		char hint[CATALOG_CLASSES_MAX * (PROPOSAL_CLASS_LEN + 2) + 32];
		size_t used =
		        (size_t)snprintf(hint, sizeof hint, "%s",
		                         p->part == P_MATERIAL ? "one of " : "one or more of ");
		for (size_t i = 0; i < n && used < sizeof hint; i++)
			used += (size_t)snprintf(hint + used, sizeof hint - used, "%s%s",
			                         i ? ", " : "", names[i]);
		catalog_release(cat);
		v = shown(sent, ctx, "classes");
		tmpl_set(c, "VALUE", v ? v : p->classes);
		tmpl_set(c, "HINT", n ? hint : "letters a-z, separated by spaces");
		tmpl_set(c, "LABEL", p->part == P_MATERIAL ? "Class" : "Classes it is made of");
		tmpl_show(c, "REQUIRED");
	}
	if (proposal_may_be_worse(p->kind, p->part)) {
		/* SPEC §12: a worse prefix never meets a masterwork */
		struct tmpl_dict *c = tmpl_section(d, "CLASSES");
		v = shown(sent, ctx, "classes");
		tmpl_set(c, "VALUE", v ? v : p->classes);
		tmpl_set(c, "HINT", "“worse” for a flaw such as dented, or empty");
		tmpl_set(c, "LABEL", "Worse");
	}
	if (r->fixed_slot != SLOT_NONE || r->fixed_hands) {
		snprintf(text, sizeof(text), "Always worn in the %s, held in %d hand%s.",
		         slot_names[r->fixed_slot], r->fixed_hands, r->fixed_hands == 1 ? "" : "s");
		tmpl_set(tmpl_section(d, "FIXED"), "TEXT", text);
	}
	for (size_t i = 0; i < r->n_stats; i++) {
		const struct stat_range *rg = &r->stats[i];
		struct tmpl_dict *s = tmpl_section(d, "STAT");
		tmpl_set(s, "NAME", stat_names[rg->stat]);
		tmpl_set(s, "LABEL", capital(stat_names[rg->stat], label, sizeof(label)));
		stat_range_text(rg, text, sizeof(text));
		tmpl_set(s, "RANGE", text);
		tmpl_set_int(s, "MIN", rg->min);
		tmpl_set_int(s, "MAX", rg->max);
		v = shown(sent, ctx, stat_names[rg->stat]);
		if (v)
			tmpl_set(s, "VALUE", v);
		else
			tmpl_set_int(s, "VALUE", p->stat[rg->stat]);
	}
	/* SPEC §7: what the word is worth, in the same kind of field. */
	uint32_t lo, hi;
	const char *name = proposal_worth_field(p->part);
	struct tmpl_dict *w = tmpl_section(d, "STAT");
	proposal_worth_range(p->part, &lo, &hi);
	tmpl_set(w, "NAME", name);
	tmpl_set(w, "LABEL", p->part == P_TYPE ? "Value in gold" : "Value ×/100");
	snprintf(text, sizeof(text), "%u to %u", (unsigned)lo, (unsigned)hi);
	tmpl_set(w, "RANGE", text);
	tmpl_set_int(w, "MIN", (long)lo);
	tmpl_set_int(w, "MAX", (long)hi);
	v = shown(sent, ctx, name);
	if (v)
		tmpl_set(w, "VALUE", v);
	else
		tmpl_set_int(
		        w, "VALUE",
		        (long)(p->worth ? p->worth : proposal_worth_default(p->part, p->tier)));
	return 0;
}

void page_tileset_options(struct tmpl_dict *d, const struct catalog *cat, const char *chosen)
{
	int matched = 0;
	for (size_t i = 0; cat && i < cat->n_tilesets; i++) {
		struct tmpl_dict *o = tmpl_section(d, "TILESET_OPT");
		tmpl_set(o, "VALUE", cat->tilesets[i].name);
		if (strcmp(cat->tilesets[i].name, chosen) == 0) {
			tmpl_show(o, "SEL");
			matched = 1;
		}
	}
	if (!matched && *chosen) {
		struct tmpl_dict *o = tmpl_section(d, "TILESET_OPT");
		tmpl_set(o, "VALUE", chosen);
		tmpl_show(o, "SEL");
	}
}

void page_etag_of(const struct buf *body, char out[PAGE_ETAG_MAX])
{
	unsigned char h[16];
	crypto_generichash(h, sizeof h, (const unsigned char *)body->data, body->len, NULL, 0);
	out[0] = '"';
	sodium_bin2hex(out + 1, 33, h, sizeof h);
	out[33] = '"';
	out[34] = '\0';
}

int page_none_match(const struct request *rq, const char *etag)
{
	const char *inm = request_param(rq, "HTTP_IF_NONE_MATCH");
	size_t n = strlen(etag);
	if (!inm)
		return 0;
	if (strcmp(inm, "*") == 0)
		return 1;
	/* RFC 9110 13.1.2: If-None-Match compares weakly */
	for (const char *p = inm; (p = strstr(p, etag)) != NULL; p += n)
		if (p == inm || p[-1] == ' ' || p[-1] == ',' ||
		    (p - inm >= 2 && p[-1] == '/' && p[-2] == 'W'))
			return 1;
	return 0;
}

int page_etag(const struct request *rq, struct response *rs)
{
	char etag[PAGE_ETAG_MAX];
	page_etag_of(&rs->body, etag);
	if (response_header(rs, "ETag", etag) != 0 || response_header(rs, "Vary", "Accept") != 0)
		return -1;
	if (page_none_match(rq, etag)) {
		rs->status = 304;
		buf_reset(&rs->body);
	}
	return 0;
}
