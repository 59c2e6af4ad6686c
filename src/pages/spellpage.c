/* spellpage: GET /spells, every live spell of the current catalog in words,
 * by level, as HTML or JSON (SPEC §8, docs/spells.md).
 * Reads the spells the catalog loaded (every one passed spell_check there), so a spell approved a
 * moment ago shows as soon as the catalog that holds it is published. Holds a catalog reference
 * only while it renders. */
#include "pages.h"

#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "fields.h"
#include "form.h"
#include "page.h"
#include "kept.h"
#include "pagecache.h"

#define SPELL_Q_MAX 64 /* bytes of the text filter */

/* The fields of /spells, each with its row (fieldrow.h). */
#define SPELLS_FIELDS(X)                                                                           \
	X(SF_LEVEL, "level", FIELD_INT(SPELL_LEVEL_MIN, SPELL_LEVEL_MAX))                          \
	X(SF_FORMAT, "format", FIELD_FORMATS)                                                      \
	X(SF_Q, "q", FIELD_TEXT(SPELL_Q_MAX))
enum sf { SPELLS_FIELDS(FIELD_ENUM) SF__MAX };
static const char *const sf_names[SF__MAX + 1] = {SPELLS_FIELDS(FIELD_NAME) NULL};
static const struct field_row sf_rows[] = {SPELLS_FIELDS(FIELD_ROW)};
static const struct field_table spellpage_fields = FIELD_TABLE(sf_rows);

struct filter {
	const struct request *rq; /* its format, as the router negotiated it */
	int level;                /* 0: every level */
	int json;
	char q[SPELL_Q_MAX + 1]; /* spells whose name contains this (any case); "" all */
};

static int read_filter(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	struct filter *f = ctx;

	if (i == SF_LEVEL) {
		if (n == 0)
			return 0;
		if (n != 1 || v[0] < '0' + SPELL_LEVEL_MIN || v[0] > '0' + SPELL_LEVEL_MAX) {
			err->field = "level";
			err->message = "must be a whole number from 1 to 9";
			return -1;
		}
		f->level = v[0] - '0';
		return 0;
	}
	if (i == SF_Q) {
		if (n > SPELL_Q_MAX) {
			err->field = "q";
			err->message = "must be at most 64 bytes";
			return -1;
		}
		memcpy(f->q, v, n + 1);
		return 0;
	}
	enum format fmt;
	if (fields_format_value(f->rq, &fmt, err) != 0)
		return -1;
	f->json = fmt == FMT_JSON;
	return 0;
}

static int listed(const struct filter *f, const struct catalog_spell *cs)
{
	return cs->active && (f->level == 0 || cs->s.level == f->level) &&
	       (!f->q[0] || strcasestr(cs->s.name, f->q));
}

/* The spells are sorted by level (catalog_finish): one table (ANY), one
 * LEVEL row group per level that has any, each with its spells by name. */
static void fill_html(struct tmpl_dict *body, const struct catalog *cat, const struct filter *f)
{
	struct tmpl_dict *lv = NULL, *table = NULL;
	int cur = 0;
	size_t shown = 0;
	char text[SPELL_TEXT_MAX];

	for (size_t i = 0; i < cat->n_spells; i++) {
		const struct catalog_spell *cs = &cat->spells[i];
		if (!listed(f, cs))
			continue;
		if (!lv || cs->s.level != cur) {
			cur = cs->s.level;
			if (!table)
				table = tmpl_section(body, "ANY");
			lv = tmpl_section(table, "LEVEL");
			tmpl_set_int(lv, "LEVEL", cur);
		}
		struct tmpl_dict *row = tmpl_section(lv, "SPELL");
		tmpl_set(row, "NAME", cs->s.name);
		tmpl_set_int(row, "MANA", cs->s.mana);
		tmpl_set_int(row, "TIER", cs->s.tier);
		for (int e = 0; e < cs->s.n_effects; e++)
			if (spell_effect_text(&cs->s.effects[e], text, sizeof text) >= 0)
				tmpl_set(tmpl_section(row, "EFFECT"), "TEXT", text);
		if (spell_text(&cs->s, text, sizeof text) >= 0)
			tmpl_set(row, "TEXT", text);
		shown++;
	}
	tmpl_set_int(body, "COUNT", (long)shown);
	if (shown == 0)
		tmpl_show(body, "EMPTY");
}

static void send_html(struct response *rs, const struct catalog *cat, const struct filter *f,
                      int status, const char *field, const char *message,
                      const struct form_error *errs)
{
	struct tmpl_dict *d = page_new("Spells");
	struct tmpl_dict *body = page_body(d, "spells.tpl");

	if (errs)
		page_errors(d, errs); /* every problem at once (docs/api.md) */
	else if (message)
		page_error(d, field, message);
	for (int l = 0; l <= SPELL_LEVEL_MAX; l++) {
		struct tmpl_dict *o = tmpl_section(body, "LEVEL_OPT");
		if (l)
			tmpl_set_int(o, "VALUE", l);
		else
			tmpl_set(o, "VALUE", "");
		if (l)
			tmpl_set_int(o, "LABEL", l);
		else
			tmpl_set(o, "LABEL", "all");
		if (f->level == l)
			tmpl_show(o, "SEL");
	}
	tmpl_set(body, "Q", f->q);
	if (cat)
		fill_html(body, cat, f);
	page_send_html(rs, status, d);
}

static json_t *spell_json(const struct catalog_spell *cs)
{
	char text[SPELL_TEXT_MAX];
	json_t *effects = json_array();

	for (int i = 0; effects && i < cs->s.n_effects; i++) {
		const struct spell_effect *e = &cs->s.effects[i];
		if (spell_effect_text(e, text, sizeof text) < 0 ||
		    json_array_append_new(effects, json_pack("{s:s,s:[i,i,i,i,i],s:s}", "effect",
		                                             spell_effect_kind_name(e->kind),
		                                             "params", e->p[0], e->p[1], e->p[2],
		                                             e->p[3], e->p[4], "text", text)) !=
		            0) {
			json_decref(effects);
			return NULL;
		}
	}
	if (!effects || spell_text(&cs->s, text, sizeof text) < 0) {
		json_decref(effects);
		return NULL;
	}
	return json_pack("{s:I,s:s,s:i,s:i,s:i,s:o,s:s}", "id", (json_int_t)cs->id, "name",
	                 cs->s.name, "mana", cs->s.mana, "level", cs->s.level, "tier", cs->s.tier,
	                 "effects", effects, "text", text);
}

static void send_json(struct response *rs, const struct catalog *cat, const struct filter *f)
{
	json_t *spells = json_array();

	for (size_t i = 0; spells && i < cat->n_spells; i++)
		if (listed(f, &cat->spells[i]) &&
		    json_array_append_new(spells, spell_json(&cat->spells[i])) != 0) {
			json_decref(spells);
			spells = NULL;
		}
	page_send_json(rs, 200,
	               spells ? json_pack("{s:I,s:I,s:o}", "revision", (json_int_t)cat->revision,
	                                  "count", (json_int_t)json_array_size(spells), "spells",
	                                  spells)
	                      : NULL);
}

/* GET /spells[?level=N][&format=json]: 200 with the live spells by level;
 * 400 naming the field for a bad filter; 503 (Retry-After) before the
 * first catalog. */
static void spellpage_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	struct filter f = {.rq = rq, .level = 0, .json = fields_accept(rq) == FMT_JSON};
	struct form_reader r;
	struct form_error err;
	const struct catalog *cat;

	(void)ctx;
	form_reader_init(&r, sf_names, read_filter, &f);
	if (form_read(&r, "query", rq->query, rq->query ? strlen(rq->query) : 0, &err) != 0) {
		if (f.json) {
			page_send_json_errors(rs, 400, &err);
		} else {
			f.level = 0;
			send_html(rs, NULL, &f, 400, err.field, err.message, &err);
		}
		return;
	}
	if (!(cat = catalog_acquire())) {
		rs->retry_after = 1;
		if (f.json)
			page_send_json_error(rs, 503, NULL, "The spells are not loaded yet.");
		else
			send_html(rs, NULL, &f, 503, NULL, "The spells are not loaded yet.", NULL);
		return;
	}
	/* The list depends only on the revision and the filter (q is at most
	 * SPELL_Q_MAX bytes, so the key always fits). */
	char key[PAGECACHE_KEY_MAX];
	snprintf(key, sizeof key, "spells|%d|%d|%s", f.level, f.json, f.q);
	/* a text filter is the client's to vary: on a shelf of its own */
	enum pagecache_shelf shelf = f.q[0] ? PAGECACHE_QUERIES : PAGECACHE_REVISION;
	if (!pagecache_get(shelf, key, cat->revision, rs)) {
		if (f.json)
			send_json(rs, cat, &f);
		else
			send_html(rs, cat, &f, 200, NULL, NULL, NULL);
		pagecache_put(shelf, key, cat->revision, rs);
	}
	kept_publish("spells", rq, rs, cat->revision, f.json ? KEPT_JSON : KEPT_HTML);
	catalog_release(cat);
}

const struct route route_spells = {.path = "/spells",
                                   .methods = M_GET,
                                   .fn = spellpage_route,
                                   .cors = 1,
                                   .query = &spellpage_fields,
                                   .formats = ROUTE_HJ};
