/* treasurepage: GET /treasure and GET /treasure/CODE (SPEC §16,
 * docs/treasure.md): a treasure on its own, rolled from the dungeon's
 * hoard tables and budget, as HTML that prints, JSON, CSV or text; its
 * permanent code names its level, type, party, seed and catalog revision.
 * The fields are read as /dungeon reads them (format first, so a bad field is answered in the
 * client's format); the treasure is made by treasure_make (output/treasure.c), the one recipe the
 * library runs too. */
#include "pages.h"

#include <stdio.h>
#include <string.h>

#include "catalog.h"
#include "decimal.h"
#include "fields.h"
#include "form.h"
#include "messages.h"
#include "page.h"
#include "rng.h"
#include "treasure.h"

/* The formats it answers in (FMT_BITs). */
#define TREASURE_FORMATS                                                                           \
	(FMT_BIT(FMT_HTML) | FMT_BIT(FMT_JSON) | FMT_BIT(FMT_CSV) | FMT_BIT(FMT_TEXT))

/* The fields of /treasure, each with its row (fieldrow.h); a code's page
 * reads its format only. */
#define TREASURE_FIELDS(X)                                                                         \
	X(TF_LEVEL, "level", TREASURE_ROW_LEVEL)                                                   \
	X(TF_TYPE, "type", TREASURE_ROW_TYPE)                                                      \
	X(TF_PARTY, "party", TREASURE_ROW_PARTY)                                                   \
	X(TF_SEED, "seed", TREASURE_ROW_SEED)                                                      \
	X(TF_FORMAT, "format", FIELD_FORMATS)
enum tf { TREASURE_FIELDS(FIELD_ENUM) TF__MAX };
static const char *const tf_names[TF__MAX + 1] = {TREASURE_FIELDS(FIELD_NAME) NULL};
static const struct field_row tf_rows[] = {TREASURE_FIELDS(FIELD_ROW)};
#define CODE_FIELDS(X) X(TC_FORMAT, "format", FIELD_FORMATS)
enum { CODE_FIELDS(FIELD_ENUM) };
static const struct field_row code_rows[] = {CODE_FIELDS(FIELD_ROW)};
static const char *const format_only[] = {CODE_FIELDS(FIELD_NAME) NULL};
static const struct field_table treasurepage_fields = FIELD_TABLE(tf_rows);
static const struct field_table treasurepage_code_fields = FIELD_TABLE(code_rows);
/* The spelling nginx's cache keeps (fields.h): a code's format only. */
static const struct fields_canon code_canon = {.names = format_only};

#define PERMANENT      "public, max-age=31536000, immutable"
#define MSG_NO_SUCH    "No treasure has this code"
#define MSG_NO_BUDGETS "No treasure budgets are loaded yet. Please try again in a moment."

struct tquery {
	struct treasure_query t;
	enum format format;
	int failed; /* refused: the form shows raw */
	struct fields_raw raw;
};

static int read_field(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	static const enum treasure_field field[TF__MAX] = {[TF_LEVEL] = TQ_LEVEL,
	                                                   [TF_TYPE] = TQ_TYPE,
	                                                   [TF_PARTY] = TQ_PARTY,
	                                                   [TF_SEED] = TQ_SEED};
	struct tquery *q = ctx;
	if (i == TF_FORMAT)
		return 0;
	return treasure_query_field(&q->t, field[i], tf_names[i], v, n, err);
}

static int read_query(const struct request *rq, int permanent, struct tquery *q,
                      struct form_error *err)
{
	const char *s = rq->query;
	size_t n = s ? strlen(s) : 0;
	struct form_reader r;
	if (fields_format(rq, &q->format, err) != 0)
		return -1;
	if (permanent)
		return 0; /* a code's page: format is all it reads */
	form_reader_init(&r, tf_names, read_field, q);
	return form_read(&r, "query", s, n, err);
}

/* ---- the form and errors ---- */

static void fill_form(struct tmpl_dict *body_dict, const struct tquery *q)
{
	char num[DECIMAL_MAX];
	struct tmpl_dict *body = tmpl_section(body_dict, "FORM");

	if (q->failed) {
		tmpl_set(body, "LEVEL", fields_raw_get(&q->raw, TF_LEVEL, "1"));
		tmpl_set(body, "PARTY", fields_raw_get(&q->raw, TF_PARTY, "4"));
		tmpl_set(body, "SEED", fields_raw_get(&q->raw, TF_SEED, ""));
	} else {
		tmpl_set_int(body, "LEVEL", q->t.level);
		tmpl_set_int(body, "PARTY", q->t.party);
		if (q->t.has_seed)
			tmpl_set(body, "SEED", decimal_u64(q->t.seed, num));
	}
	const char *type = q->failed ? fields_raw_get(&q->raw, TF_TYPE, "hoard")
	                             : treasure_type_names[q->t.type];
	tmpl_show(body, strcmp(type, "individual") == 0 ? "INDIVIDUAL_SEL" : "HOARD_SEL");
}

/* The form of a refused query under the error box (page_send_problems). */
static struct tmpl_dict *error_page(const void *q)
{
	struct tmpl_dict *d = page_new("Treasure");
	fill_form(page_body(d, "treasure.tpl"), q);
	return d;
}

/* ---- answers ---- */

static void send_html(struct response *rs, const struct tquery *q, const struct treasure *t,
                      int permanent)
{
	struct tmpl_dict *page = page_new("Treasure");
	struct tmpl_dict *body = page_body(page, "treasure.tpl");
	struct tmpl_dict *tr = tmpl_section(body, "TREASURE");
	char num[DECIMAL_MAX], link[TREASURECODE_MAX + 16];
	struct buf again;

	buf_init(&again);
	if (!permanent)
		fill_form(body, q);
	treasure_again(&t->code, &again);
	tmpl_set(tr, "TYPE", t->code.type == HOARD_FULL ? "Hoard" : "Individual treasure");
	tmpl_set_int(tr, "LEVEL", t->code.level);
	tmpl_set_int(tr, "PARTY", t->code.party);
	tmpl_set(tr, "SEED", decimal_u64(t->code.seed, num));
	tmpl_set(tr, "BUDGET", decimal_u64(t->budget, num));
	tmpl_set(tr, "SPENT", decimal_u64(t->spent, num));
	tmpl_set(tr, "TOTAL", decimal_u64(t->total, num));
	tmpl_set(tr, "CODE", t->code_text);
	snprintf(link, sizeof link, "/treasure/%s", t->code_text);
	tmpl_set(tr, "LINK", link);
	tmpl_set(tr, "AGAIN", again.len && !again.oom ? again.data : "/treasure");
	for (int c = COIN__MAX - 1; c >= 0; c--) {
		if (!t->coin_count[c])
			continue;
		struct tmpl_dict *co = tmpl_section(tr, "COIN");
		tmpl_set(co, "COUNT", decimal_u64(t->coin_count[c], num));
		tmpl_set(co, "NAME", coin_names[c]);
		tmpl_set(co, "GP", decimal_u64(t->coin_value[c], num));
	}
	for (int art = 0; art < 2; art++) {
		int n = art ? t->h.n_arts : t->h.n_gems;
		for (int i = 0; i < n; i++) {
			struct tmpl_dict *v = tmpl_section(tr, art ? "ART" : "GEM");
			tmpl_set(v, "NAME", treasure_valuable_name(t, art, i));
			tmpl_set(v, "GP",
			         decimal_u64(art ? t->h.art[i].value : t->h.gem[i].value, num));
		}
	}
	for (int i = 0; i < t->n_items; i++) {
		const struct key_item *ki = &t->items[i];
		struct tmpl_dict *li = page_key_item(tr, ki);
		if (ki->made) {
			struct tmpl_dict *wd = tmpl_section(li, "WORTH");
			if (ki->stats[0])
				tmpl_set(tmpl_section(wd, "STATS"), "TEXT", ki->stats);
			tmpl_set(wd, "GP", decimal_u64(ki->value, num));
		}
	}
	buf_free(&again);
	page_send_html(rs, 200, page);
}

static void answer(const struct request *rq, struct response *rs, const struct tquery *q,
                   const struct treasure *t, int permanent)
{
	int rc = 0;

	buf_reset(&rs->body);
	rs->status = 200;
	switch (q->format) {
	case FMT_HTML:
		send_html(rs, q, t, permanent);
		break;
	case FMT_JSON:
		rs->content_type = CT_JSON;
		rc = treasure_json(t, &rs->body);
		break;
	case FMT_CSV: {
		char name[TREASURECODE_MAX + 48];
		rs->content_type = CT_CSV;
		rc = treasure_csv(t, &rs->body);
		/* the code is base64url: safe in a quoted file name */
		snprintf(name, sizeof name, "attachment; filename=\"treasure-%s.csv\"",
		         t->code_text);
		if (rc == 0)
			rc = response_header(rs, "Content-Disposition", name);
		break;
	}
	case FMT_TEXT:
		rs->content_type = CT_TEXT;
		rc = treasure_text(t, &rs->body);
		break;
	default: /* not one of TREASURE_FORMATS: fields_format never says so */
		rc = -1;
		break;
	}
	if (rc != 0 || rs->body.oom) {
		page_failed(rs, q->format == FMT_JSON);
		return;
	}
	if (permanent && rs->status == 200) {
		rs->cache_control = PERMANENT;
		if (page_etag(rq, rs) != 0)
			page_failed(rs, q->format == FMT_JSON);
	}
}

/* GET /treasure (level, type, party, seed, format) and GET /treasure/CODE
 * (format only): 200 with the treasure and its permanent link; 400 naming
 * a bad field; 404 for a code that names no treasure; 422 when the level
 * has no budget at the revision; 503 (Retry-After) before the catalog
 * holds budgets, or for a revision this process has not loaded yet.
 * /treasure/CODE is immutable, with a strong ETag, and a 301 to the
 * canonical spelling of a query that is not. */
static void treasurepage_route(struct handler_ctx *ctx, const struct request *rq,
                               struct response *rs)
{
	static const char prefix[] = "/treasure/";
	struct tquery q;
	struct form_error err;
	struct treasurecode c;
	int permanent = strncmp(rq->path, prefix, sizeof prefix - 1) == 0;

	memset(&q, 0, sizeof q);
	treasure_query_defaults(&q.t);
	q.format = fields_accept(rq);
	if (read_query(rq, permanent, &q, &err) != 0) {
		q.failed = 1;
		fields_raw_read(&q.raw, tf_names, rq->query);
		page_send_problems(rs, q.format, 400, &err, error_page, &q);
		return;
	}
	int spelled = permanent ? fields_redirect_canonical(rq, &code_canon, rs) : 0;
	if (spelled == 1)
		return;
	const struct catalog *cur = catalog_acquire();
	if (!cur || cur->n_budgets == 0) {
		rs->retry_after = 1;
		page_send_problem(rs, q.format, 503, NULL, cur ? MSG_NO_BUDGETS : MSG_NO_CATALOG,
		                  error_page, &q);
		catalog_release(cur);
		return;
	}
	if (permanent) {
		const char *code = rq->path + sizeof prefix - 1, *why = NULL;
		char msg[160];
		if (treasurecode_decode(code, strlen(code), &c, &why) != 0) {
			snprintf(msg, sizeof msg, MSG_NO_SUCH ": %s.", why ? why : "not a code");
			page_send_problem(rs, q.format, 404, NULL, msg, error_page, &q);
			catalog_release(cur);
			return;
		}
		if (c.revision > cur->revision) {
			/* a revision past this process's: another may have it */
			rs->retry_after = 1;
			page_send_problem(rs, q.format, 503, NULL, MSG_NO_CATALOG, error_page, &q);
			catalog_release(cur);
			return;
		}
	} else {
		c = (struct treasurecode){.version = TREASURECODE_VERSION,
		                          .level = q.t.level,
		                          .type = q.t.type,
		                          .party = q.t.party,
		                          .seed = q.t.has_seed ? q.t.seed : rng_next(&ctx->seeds),
		                          .revision = cur->revision};
	}
	struct treasure t;
	const char *field = NULL, *msg = NULL;
	int status = treasure_make(cur, &c, &t, &field, &msg);
	if (status) {
		if (status == 503)
			rs->retry_after = 1;
		page_send_problem(rs, q.format, status, field, msg, error_page, &q);
	} else {
		answer(rq, rs, &q, &t, permanent);
		treasure_free(&t);
	}
	if (spelled == 2)
		rs->cache_control = NULL; /* unknown names ignored; kept under no other query */
	catalog_release(cur);
}

const struct route route_treasure = {.path = "/treasure",
                                     .under = 1,
                                     .methods = M_GET,
                                     .fn = treasurepage_route,
                                     .cors = 1,
                                     .query = &treasurepage_fields,
                                     .below = &treasurepage_code_fields,
                                     .formats = TREASURE_FORMATS};
