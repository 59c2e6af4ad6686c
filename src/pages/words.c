/* words: GET /words, the live words of every kind and part with their
 * stats, as HTML or JSON, read from the in-memory catalog.
 * GET /words from the current catalog: the same words the generator
 * rolls, so a word approved a second ago shows here as soon as it can be
 * rolled. Holds a catalog reference only while it renders. */
#include "pages.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "csv.h"
#include "fields.h"
#include "form.h"
#include "page.h"
#include "kept.h"
#include "pagecache.h"

#define WORDS_TABLE_MAX 500 /* rows shown per table */

/* The formats it answers in (FMT_BITs). */
#define WORDS_FORMATS (FMT_BIT(FMT_HTML) | FMT_BIT(FMT_JSON) | FMT_BIT(FMT_CSV))

/* The fields of /words, each with its row (fieldrow.h). */
#define WORDS_FIELDS(X)                                                                            \
	X(WF_KIND, "kind", FIELD_ONE_OF(kind_names, K__MAX))                                       \
	X(WF_PART, "part", FIELD_ONE_OF(part_names, P__MAX))                                       \
	X(WF_FORMAT, "format", FIELD_FORMATS)                                                      \
	X(WF_Q, "q", FIELD_TEXT(FORM_WORD_MAX))
enum wf { WORDS_FIELDS(FIELD_ENUM) WF__MAX };
static const char *const wf_names[WF__MAX + 1] = {WORDS_FIELDS(FIELD_NAME) NULL};
static const struct field_row wf_rows[] = {WORDS_FIELDS(FIELD_ROW)};
static const struct field_table words_fields = FIELD_TABLE(wf_rows);

struct filter {
	const struct request *rq; /* its format, as the router negotiated it */
	int kind, part;           /* -1: all */
	int json;
	int csv;                   /* format=csv (errors are then JSON: json is set too) */
	char q[FORM_WORD_MAX + 1]; /* words containing this text (any case); "" all */
};

static int read_filter(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	struct filter *f = ctx;

	(void)n;
	switch (i) {
	case WF_KIND:
		if (*v && (f->kind = kind_from_name(v)) < 0) {
			err->field = "kind";
			err->message = kind_choices();
			return -1;
		}
		return 0;
	case WF_PART: {
		/* the '_' spelling of docs/api.md, or the '-' of older links */
		char name[32];
		size_t k = 0;
		for (; v[k] && k + 1 < sizeof name; k++)
			name[k] = v[k] == '_' ? '-' : v[k];
		name[k] = '\0';
		if (*v && (v[k] || (f->part = part_from_name(name)) < 0)) {
			err->field = "part";
			err->message = part_choices();
			return -1;
		}
		return 0;
	}
	case WF_Q:
		if (n > FORM_WORD_MAX) {
			err->field = "q";
			err->message = "must be at most 64 bytes";
			return -1;
		}
		memcpy(f->q, v, n + 1);
		return 0;
	default: {
		enum format fmt;
		if (fields_format_value(f->rq, &fmt, err) != 0)
			return -1;
		f->csv = fmt == FMT_CSV;
		f->json = fmt == FMT_JSON || f->csv; /* a CSV client's errors are JSON */
		return 0;
	}
	}
}

/* Whether table (k, p) is listed under filter f. */
static int listed(const struct filter *f, enum kind k, enum part p)
{
	const struct recipe *r = recipe_for(k);

	return r && (r->parts & (1u << p)) && (f->kind < 0 || f->kind == (int)k) &&
	       (f->part < 0 || f->part == (int)p);
}

/* Whether e is shown under f's text filter: live, and its word contains
 * the text, ignoring ASCII case. */
static int shown_word(const struct filter *f, const struct entry *e)
{
	return e->active && (!f->q[0] || strcasestr(e->word, f->q));
}

static int is_base(enum part p)
{
	return p == P_TYPE || p == P_MATERIAL;
}

/* "attack +3, sneak -1 (tiers 4-6)": the non-zero stats of e. */
static void stats_text(const struct entry *e, enum part p, char *dst, size_t n)
{
	size_t used = 0;

	dst[0] = '\0';
	for (int s = 0; s < ST__MAX && used < n; s++) {
		int32_t v = e->stat[s];
		if (v == 0)
			continue;
		if (s == ST_MULTIPLIER)
			used += (size_t)snprintf(dst + used, n - used, "%s%s %+.2f",
			                         used ? ", " : "", stat_names[s], v / 100.0);
		else
			used += (size_t)snprintf(dst + used, n - used, "%s%s %+" PRId32,
			                         used ? ", " : "", stat_names[s], v);
	}
	if (!is_base(p) && (e->tier_min || e->tier_max) && used < n)
		used += (size_t)snprintf(dst + used, n - used, "%s(tiers %d to %d)",
		                         used ? " " : "", e->tier_min ? e->tier_min : 1,
		                         e->tier_max ? e->tier_max : TIER_MAX);
	/* a scroll paper condition or writing quality: good or bad (SPEC §8) */
	if (e->mark != MARK_NONE && e->mark <= MARK_BAD && used < n)
		used += (size_t)snprintf(dst + used, n - used, "%s%s", used ? " " : "",
		                         mark_names[e->mark]);
	if (used == 0)
		snprintf(dst, n, "none");
}

static size_t active_count(const struct table *t)
{
	size_t n = 0;

	for (size_t i = 0; i < t->n; i++)
		n += t->rows[i].active != 0;
	return n;
}

/* SPEC §12: whether any active row of t has a class. */
static int has_classes(const struct table *t)
{
	for (size_t i = 0; i < t->n; i++)
		if (t->rows[i].active && t->rows[i].classes)
			return 1;
	return 0;
}

static void fill_table(struct tmpl_dict *body, const struct filter *f, const struct catalog *cat,
                       const struct table *t, enum kind k, enum part p)
{
	struct tmpl_dict *d = tmpl_section(body, "TABLE");
	size_t count = active_count(t), shown = 0;
	char text[256];

	tmpl_set(d, "KIND", kind_names[k]);
	tmpl_set(d, "PART", part_names[p]);
	tmpl_set_int(d, "COUNT", (long)count);
	if (count > WORDS_TABLE_MAX)
		tmpl_set_int(tmpl_section(d, "TRUNCATED"), "SHOWN", WORDS_TABLE_MAX);
	if (is_base(p))
		tmpl_show(d, "HAS_TIER");
	int classed = has_classes(t);
	if (classed) /* a type lists the material classes it accepts */
		tmpl_set(tmpl_section(d, "HAS_CLASSES"), "H", p == P_TYPE ? "Accepts" : "Class");
	for (size_t i = 0; i < t->n && shown < WORDS_TABLE_MAX; i++) {
		const struct entry *e = &t->rows[i];
		if (!shown_word(f, e))
			continue;
		struct tmpl_dict *row = tmpl_section(d, "ROW");
		tmpl_set(row, "WORD", e->word);
		if (is_base(p)) {
			snprintf(text, sizeof(text), "%d", e->tier);
			if (e->slot != SLOT_NONE && e->slot < SLOT__MAX) {
				size_t n = strlen(text);
				snprintf(text + n, sizeof(text) - n, " · %s", slot_names[e->slot]);
			}
			tmpl_set(tmpl_section(row, "TIER"), "V", text);
		}
		if (classed) {
			catalog_classes_text(cat, e, ", ", text, sizeof(text));
			tmpl_set(tmpl_section(row, "CLASSES"), "V", text);
		}
		stats_text(e, p, text, sizeof(text));
		tmpl_set(row, "STATS", text);
		/* SPEC §7: a base's price, or a part's factor on it. */
		if (p == P_TYPE)
			snprintf(text, sizeof(text), "%u gp", (unsigned)e->value);
		else
			snprintf(text, sizeof(text), "\u00d7%u.%02u",
			         (unsigned)(e->value_mult / 100), (unsigned)(e->value_mult % 100));
		tmpl_set(row, "WORTH", text);
		shown++;
	}
	if (shown == 0)
		tmpl_show(d, count == 0 ? "EMPTY" : "NO_MATCH");
}

static void send_html(struct response *rs, const struct catalog *cat, const struct filter *f,
                      int status, const char *field, const char *message,
                      const struct form_error *errs)
{
	struct tmpl_dict *d = page_new("Words");
	struct tmpl_dict *body = page_body(d, "words.tpl");

	if (errs)
		page_errors(d, errs); /* every problem at once (docs/api.md) */
	else if (message)
		page_error(d, field, message);
	for (int k = -1; k < K__MAX; k++) {
		struct tmpl_dict *o = tmpl_section(body, "KIND_OPT");
		tmpl_set(o, "VALUE", k < 0 ? "" : kind_names[k]);
		tmpl_set(o, "LABEL", k < 0 ? "all" : kind_names[k]);
		if (f->kind == k)
			tmpl_show(o, "SEL");
	}
	for (int p = -1; p < P__MAX; p++) {
		struct tmpl_dict *o = tmpl_section(body, "PART_OPT");
		tmpl_set(o, "VALUE", p < 0 ? "" : part_names[p]);
		tmpl_set(o, "LABEL", p < 0 ? "all" : part_names[p]);
		if (f->part == p)
			tmpl_show(o, "SEL");
	}
	tmpl_set(body, "Q", f->q);
	for (int k = 0; cat && k < K__MAX; k++)
		for (int p = 0; p < P__MAX; p++)
			if (listed(f, (enum kind)k, (enum part)p))
				fill_table(body, f, cat, &cat->t[k][p], (enum kind)k, (enum part)p);
	page_send_html(rs, status, d);
}

/* A name of a fixed set as docs/api.md's identifier: "two hands" ->
 * "two_hands", "tube-quality" -> "tube_quality". */
static const char *ident(const char *s, char *dst, size_t n)
{
	size_t i = 0;
	for (; s[i] && i + 1 < n; i++)
		dst[i] = s[i] == ' ' || s[i] == '-' ? '_' : s[i];
	dst[i] = '\0';
	return dst;
}

static json_t *entry_json(const struct catalog *cat, const struct entry *e, enum part p)
{
	json_t *stats = json_object(), *o;
	char id[32];

	/* every stat, zeros too: a word's zero is a fact (docs/api.md) */
	for (int s = 0; stats && s < ST__MAX; s++) {
		json_t *v = s == ST_MULTIPLIER ? json_real(e->stat[s] / 100.0)
		                               : json_integer(e->stat[s]);
		if (json_object_set_new(stats, stat_names[s], v) != 0) {
			json_decref(stats);
			return NULL;
		}
	}
	o = json_pack("{s:s,s:o,s:i}", "word", e->word, "stats", stats, "weight", (int)e->weight);
	if (o && is_base(p))
		json_object_set_new(o, "tier", json_integer(e->tier));
	/* SPEC §7: a base's price in gold, a part's factor as the page shows
	 * it (x1.72 is 1.72: docs/api.md) */
	if (o)
		json_object_set_new(o, p == P_TYPE ? "value" : "value_mult",
		                    p == P_TYPE ? json_integer(e->value)
		                                : json_real(e->value_mult / 100.0));
	if (o && e->slot != SLOT_NONE && e->slot < SLOT__MAX)
		json_object_set_new(o, "slot",
		                    json_string(ident(slot_names[e->slot], id, sizeof id)));
	if (o && e->mark != MARK_NONE && e->mark <= MARK_BAD)
		json_object_set_new(o, "mark", json_string(mark_names[e->mark]));
	/* SPEC §12: a material's class, the classes a type accepts, `worse` */
	if (o && e->classes) {
		json_t *a = json_array();
		for (int b = 0; a && b < cat->n_class_names; b++)
			if (e->classes >> b & 1)
				json_array_append_new(a, json_string(cat->class_names[b]));
		json_object_set_new(o, "classes", a ? a : json_null());
	}
	return o;
}

static json_t *table_json(const struct filter *f, const struct catalog *cat, const struct table *t,
                          enum kind k, enum part p)
{
	json_t *words = json_array();
	size_t count = active_count(t), shown = 0;

	for (size_t i = 0; words && i < t->n && shown < WORDS_TABLE_MAX; i++) {
		if (!shown_word(f, &t->rows[i]))
			continue;
		if (json_array_append_new(words, entry_json(cat, &t->rows[i], p)) != 0) {
			json_decref(words);
			return NULL;
		}
		shown++;
	}
	char id[32];
	return json_pack("{s:s,s:s,s:I,s:b,s:o}", "kind", kind_names[k], "part",
	                 ident(part_names[p], id, sizeof id), "count", (json_int_t)count,
	                 "truncated", count > WORDS_TABLE_MAX, "words", words);
}

static void send_json(struct response *rs, const struct catalog *cat, const struct filter *f)
{
	json_t *tables = json_array();

	for (int k = 0; tables && k < K__MAX; k++)
		for (int p = 0; tables && p < P__MAX; p++)
			if (listed(f, (enum kind)k, (enum part)p) &&
			    json_array_append_new(tables, table_json(f, cat, &cat->t[k][p],
			                                             (enum kind)k, (enum part)p)) !=
			            0) {
				json_decref(tables);
				tables = NULL;
			}
	/* the revision first, as /spells says it */
	page_send_json(rs, 200,
	               tables ? json_pack("{s:I,s:o}", "revision", (json_int_t)cat->revision,
	                                  "tables", tables)
	                      : NULL);
}

/* The same words as CSV (docs/library.md, "CSV"): a row a word, with its
 * table, every stat (0 where the JSON leaves one out), and the columns the
 * JSON has for some tables only, empty elsewhere. */
static int csv_word(struct buf *b, const struct entry *e, enum kind k, enum part p)
{
	char id[32];
	/* the part as the JSON's identifier (tube_quality), as the slot below */
	int err = csv_text(b, kind_names[k], 1) |
	          csv_text(b, ident(part_names[p], id, sizeof id), 0) | csv_text(b, e->word, 0);
	for (int s = 0; s < ST__MAX; s++)
		err |= s == ST_MULTIPLIER ? csv_hundredths(b, e->stat[s], 0)
		                          : csv_int(b, e->stat[s], 0);
	err |= csv_int(b, e->weight, 0);
	err |= is_base(p) ? csv_int(b, e->tier, 0) : csv_text(b, NULL, 0);
	err |= p == P_TYPE ? csv_int(b, e->value, 0) : csv_text(b, NULL, 0);
	/* a factor, as the JSON writes it (1.72; docs/api.md) */
	err |= p != P_TYPE ? csv_hundredths(b, e->value_mult, 0) : csv_text(b, NULL, 0);
	err |= csv_text(
	        b, e->slot != SLOT_NONE && e->slot < SLOT__MAX ? slot_idents[e->slot] : NULL, 0);
	err |= csv_text(b, e->mark != MARK_NONE && e->mark <= MARK_BAD ? mark_names[e->mark] : NULL,
	                0);
	return err | csv_end(b);
}

static void send_csv(struct response *rs, const struct catalog *cat, const struct filter *f)
{
	static const char *const head[] = {"kind", "part", "word"};
	static const char *const tail[] = {"weight", "tier", "value", "value_mult", "slot", "mark"};
	struct buf *b = &rs->body;
	int err = 0;

	buf_reset(b);
	for (size_t i = 0; i < 3; i++)
		err |= csv_text(b, head[i], i == 0);
	for (int s = 0; s < ST__MAX; s++)
		err |= csv_text(b, stat_names[s], 0);
	for (size_t i = 0; i < sizeof tail / sizeof tail[0]; i++)
		err |= csv_text(b, tail[i], 0);
	err |= csv_end(b);
	for (int k = 0; k < K__MAX; k++)
		for (int p = 0; p < P__MAX; p++) {
			if (!listed(f, (enum kind)k, (enum part)p))
				continue;
			const struct table *t = &cat->t[k][p];
			size_t shown = 0;
			for (size_t i = 0; i < t->n && shown < WORDS_TABLE_MAX && !err; i++)
				if (t->rows[i].active) {
					err |= csv_word(b, &t->rows[i], (enum kind)k, (enum part)p);
					shown++;
				}
		}
	if (err || b->oom) {
		response_internal_error(rs, 1);
		return;
	}
	rs->status = 200;
	rs->content_type = CT_CSV;
}

/* GET /words[?kind=K][&part=P]: 200 with the live words; 400 for a bad
 * filter; 503 (Retry-After) before the first catalog. */
static void words_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	struct filter f = {.rq = rq, .kind = -1, .part = -1, .json = fields_accept(rq) == FMT_JSON};
	struct form_reader r;
	struct form_error err;
	const struct catalog *cat;

	(void)ctx;
	form_reader_init(&r, wf_names, read_filter, &f);
	if (form_read(&r, "query", rq->query, rq->query ? strlen(rq->query) : 0, &err) != 0) {
		if (f.json) {
			page_send_json_errors(rs, 400, &err);
		} else {
			f.kind = f.part = -1;
			send_html(rs, NULL, &f, 400, err.field, err.message, &err);
		}
		return;
	}
	if (!(cat = catalog_acquire())) {
		rs->retry_after = 1;
		if (f.json)
			page_send_json_error(rs, 503, NULL, "The word lists are not loaded yet.");
		else
			send_html(rs, NULL, &f, 503, NULL, "The word lists are not loaded yet.",
			          NULL);
		return;
	}
	/* The list depends only on the revision and the filter (q is at most
	 * FORM_WORD_MAX bytes, so the key always fits). */
	char key[PAGECACHE_KEY_MAX];
	snprintf(key, sizeof key, "words|%d|%d|%d|%d|%s", f.kind, f.part, f.json, f.csv, f.q);
	/* a text filter is the client's to vary: on a shelf of its own */
	enum pagecache_shelf shelf = f.q[0] ? PAGECACHE_QUERIES : PAGECACHE_REVISION;
	if (!pagecache_get(shelf, key, cat->revision, rs)) {
		if (f.csv)
			send_csv(rs, cat, &f);
		else if (f.json)
			send_json(rs, cat, &f);
		else
			send_html(rs, cat, &f, 200, NULL, NULL, NULL);
		pagecache_put(shelf, key, cat->revision, rs);
	}
	if (!f.csv)
		kept_publish("words", rq, rs, cat->revision, f.json ? KEPT_JSON : KEPT_HTML);
	catalog_release(cat);
}

const struct route route_words = {.path = "/words",
                                  .methods = M_GET,
                                  .fn = words_route,
                                  .cors = 1,
                                  .query = &words_fields,
                                  .formats = WORDS_FORMATS};
