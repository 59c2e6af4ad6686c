/* exportpage: GET /catalog.json (SPEC §6, docs/items.md): the catalog at a
 * revision, every row of every table with its ids, stats, weights, tiers
 * and value, so that anyone can reproduce any item offline (the lootforge
 * library reads it).
 * The format is in docs/items.md. */
#include "pages.h"

#include <inttypes.h>
#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "decimal.h"
#include "catalog.h"
#include "catalog_export.h"
#include "fields.h"
#include "messages.h"
#include "page.h"
#include "kept.h"
#include "pagecache.h"

#define PERMANENT "public, max-age=31536000, immutable"

#define EXPORT_FIELDS(X)                                                                           \
	X(EF_REV, "rev", FIELD_INT(1, UINT64_MAX))                                                 \
	X(EF_FORMAT, "format", FIELD_FORMATS)
enum { EXPORT_FIELDS(FIELD_ENUM) };
static const char *const export_fields[] = {EXPORT_FIELDS(FIELD_NAME) NULL};
static const struct field_row export_rows[] = {EXPORT_FIELDS(FIELD_ROW)};
static const struct field_table exportpage_fields = FIELD_TABLE(export_rows);
/* rev without leading zeros; nginx's cache keeps only "rev=R" itself */
static const struct fields_canon export_canon = {.names = export_fields, .decimal = 1u << EF_REV};

/* rev: a decimal 1..2^64-1, digits only; 0 when malformed. */
static uint64_t parse_rev(const char *s)
{
	uint64_t v = 0;
	return decimal_parse_u64(s, strlen(s), 20, &v) == 0 ? v : 0;
}

/* The answer at a revision: immutable, with a strong ETag of its bytes. */
static void set_etag(struct response *rs)
{
	char etag[PAGE_ETAG_MAX];

	page_etag_of(&rs->body, etag);
	rs->cache_control = PERMANENT;
	response_header(rs, "ETag", etag);
}

/* GET /catalog.json[?rev=R]: 200 with the catalog at R (default: the
 * current one). With rev= the answer never changes: immutable, a strong
 * ETag, 304 on a match; without it, no-store. 301 to the canonical
 * spelling of any other query (fields_redirect_canonical);
 * 400 for a malformed rev;
 * 404 for revision 0 or one not made yet; 503 before the first catalog;
 * 500 when memory ran out. Always JSON. */
static void exportpage_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	struct fields fl;
	struct form_error err;
	uint64_t rev = 0;

	(void)ctx;
	if (fields_read(&fl, export_fields, 0, rq, 0, &err) != 0) {
		page_send_json_error(rs, 400, err.field, err.message);
		return;
	}
	const char *rev_text = fields_get(&fl, "rev");
	if (rev_text && (rev = parse_rev(rev_text)) == 0) {
		page_send_json_error(rs, 400, "rev", "must be a revision number, 1 or more");
		return;
	}
	int spelled = fields_redirect_canonical(rq, &export_canon, rs);
	if (spelled == 1)
		return;
	const struct catalog *cur = catalog_acquire(), *at = NULL;
	if (!cur) {
		page_send_json_error(rs, 503, NULL, MSG_NO_CATALOG);
		rs->retry_after = 1;
		return;
	}
	int rc = catalog_at(cur, rev ? rev : cur->revision, &at);
	if (rc == CATALOG_AT_LATER || rc == CATALOG_AT_NONE) {
		catalog_release(cur);
		page_send_json_error(rs, 404, "rev", "no such catalog revision (yet)");
		return;
	}
	if (rc != 0) {
		catalog_release(cur);
		page_send_json_error(rs, 500, NULL, MSG_INTERNAL);
		return;
	}
	/* The export of a revision never changes: built once per worker
	 * process, with its ETag, then served as bytes (~4 ms of CPU each time
	 * otherwise). With and without rev= apart: the headers differ; the
	 * bodies are the same catalog, the map tiles at that revision included
	 * (held in the current catalog's tile rows). */
	uint64_t at_rev = at->revision;
	char key[PAGECACHE_KEY_MAX] = "catalog.json";
	if (rev)
		snprintf(key, sizeof key, "catalog.json?rev=%" PRIu64, rev);
	/* Any revision may be asked for: those kept apart from the current
	 * one, so that asking for many cannot push it (or /words) out. */
	enum pagecache_shelf shelf = rev ? PAGECACHE_INPUTS : PAGECACHE_REVISION;
	if (!pagecache_get(shelf, key, at_rev, rs)) {
		json_t *j = catalog_export_json(at);
		if (j && (catalog_export_add_tiles_at(j, cur, at_rev) != 0 ||
		          catalog_export_add_budgets(j, cur, at_rev) != 0)) {
			json_decref(j);
			j = NULL;
		}
		page_send_json(rs, 200, j);
		if (rev && rs->status == 200)
			set_etag(rs);
		pagecache_put(shelf, key, at_rev, rs);
	}
	catalog_release(at);
	catalog_release(cur);
	/* the current export, asked for plainly, as a file for nginx too
	 * (kept.h: the only name nginx looks up for it is "_.json") */
	if (!rev && !(rq->query && *rq->query))
		kept_publish("catalog", rq, rs, at_rev, KEPT_JSON);
	if (spelled == 2)
		rs->cache_control = NULL; /* unknown names ignored; kept under no other query */
	if (!rev || rs->status != 200)
		return;
	/* the ETag line set_etag wrote: "ETag: \"<32 hex>\"\r\n" */
	const char *line = strstr(rs->headers, "ETag: ");
	char etag[PAGE_ETAG_MAX];
	if (!line || strlen(line) < 6 + PAGE_ETAG_MAX - 1)
		return;
	memcpy(etag, line + 6, PAGE_ETAG_MAX - 1);
	etag[PAGE_ETAG_MAX - 1] = '\0';
	if (page_none_match(rq, etag)) {
		rs->status = 304;
		buf_reset(&rs->body);
	}
}

const struct route route_catalog = {.path = "/catalog.json",
                                    .methods = M_GET,
                                    .fn = exportpage_route,
                                    .cors = 1,
                                    .query = &exportpage_fields,
                                    .formats = FMT_BIT(FMT_JSON)};
