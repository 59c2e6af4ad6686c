/* page: the page kit, what every page shares: the site's skeleton (layout.h:
 * layout.tpl with the page's template as its PAGE include, the error box),
 * answers in HTML or JSON, the one error answer of the site and of pages
 * without a form of their own (page_send_error), the one 500 of a page that
 * cannot be rendered, redirects, and a submission as JSON. */
#ifndef LOOTFORGE_PAGE_H
#define LOOTFORGE_PAGE_H

#include <jansson.h>

#include "dbmod.h"
#include "fieldrow.h"
#include "form.h"
#include "http.h"
#include "tmpl.h"

struct catalog;
struct key_item;

/* The query of a page that reads its format only (fieldrow.h). */
extern const struct field_table page_format_fields;

/* A layout dictionary titled `title` ("Propose a word"); NULL when out of
 * memory. The caller passes it to page_send_html. */
struct tmpl_dict *page_new(const char *title);

/* The body of the page: `file` filled through the returned dictionary
 * (owned by d). */
struct tmpl_dict *page_body(struct tmpl_dict *d, const char *file);

/* The error box above the body; field may be NULL. */
void page_error(struct tmpl_dict *d, const char *field, const char *message);

/* The error box listing every problem of e (docs/api.md). */
void page_errors(struct tmpl_dict *d, const struct form_error *e);

/* Answers d (taken, freed here) as an HTML page with this status; a 500
 * HTML page when it cannot be rendered. d NULL counts as a failure. */
void page_send_html(struct response *rs, int status, struct tmpl_dict *d);

/* Answers v (taken) as JSON with this status; a 500 JSON error when v is
 * NULL or cannot be written. */
void page_send_json(struct response *rs, int status, json_t *v);

/* {"errors": [{"field": ..., "code": ..., "message": ...}]} (docs/api.md):
 * the code read off a field's message (form_error_code), else the
 * status's (render_error_code). */
void page_send_json_error(struct response *rs, int status, const char *field, const char *message);

/* The same with every problem of e. */
void page_send_json_errors(struct response *rs, int status, const struct form_error *e);

/* A page's own skeleton for its error answer in HTML: the layout (page_new)
 * with its body (page_body) filled from ctx, the form as sent shown
 * again; NULL when out of memory. The error box is added by the caller. */
typedef struct tmpl_dict *(*page_html_fn)(const void *ctx);

/* A page's error answer in its format fmt: for JSON (and the JSON-based
 * VTT) {"errors": [...]} as page_send_json_errors; for HTML html(ctx)
 * with every problem of e in its error box; for the other formats (text,
 * CSV, PNG) plain text, a line "field: message" a problem ("message" for
 * a problem of no field). */
void page_send_problems(struct response *rs, enum format fmt, int status,
                        const struct form_error *e, page_html_fn html, const void *ctx);

/* The same with one problem: field (may be NULL) and message, its code
 * read off the message for a 400 naming a field, else the status's (as
 * page_send_json_error). */
void page_send_problem(struct response *rs, enum format fmt, int status, const char *field,
                       const char *message, page_html_fn html, const void *ctx);

/* The site's error answer (the router's 404 and 405, the generator's
 * errors): in JSON the error alone; in HTML the generator's page keeping
 * the form as sent (f; NULL: its defaults) under the error box. field may
 * be NULL. */
void page_send_error(struct response *rs, const struct form *f, int json, int status,
                     const char *field, const char *message);

/* The same with every problem of e. */
void page_send_errors(struct response *rs, const struct form *f, int json, int status,
                      const struct form_error *e);

/* The 500 of a page that could not be rendered (out of memory, or data the
 * renderer refused), in the format the answer was to have; logged. */
void page_failed(struct response *rs, int json);

/* 303 See Other to a path of this site. */
void page_redirect(struct response *rs, const char *location);

/* The strong ETag of a permanent answer: a digest of the body exactly as
 * sent, so that it changes whenever a byte does (a release that renders
 * otherwise included), quoted, into out. */
#define PAGE_ETAG_MAX 35
void page_etag_of(const struct buf *body, char out[PAGE_ETAG_MAX]);

/* Whether the request's If-None-Match names etag (in a list, weakly: W/"…"
 * too, since nginx weakens the tag of an answer it compresses; or "*"). */
int page_none_match(const struct request *rq, const char *etag);

/* rs holds a permanent answer: its ETag and Vary: Accept, then a 304 with
 * no body when If-None-Match names it. 0, or -1 when a header does not fit
 * (rs as it was but for the headers). */
int page_etag(const struct request *rq, struct response *rs);

/* d's TILESET_OPT sections (VALUE, SEL): every tileset of cat, chosen
 * selected; a chosen name the catalog does not hold is added, selected,
 * so that a form shown again keeps what was typed. */
void page_tileset_options(struct tmpl_dict *d, const struct catalog *cat, const char *chosen);

/* An ITEM section of d for an item a dungeon or a treasure holds: NAME,
 * KIND, RARITY, and LINKED (LINK) to its card or UNLINKED; returned, for
 * what the page adds of its worth. */
struct tmpl_dict *page_key_item(struct tmpl_dict *d, const struct key_item *ki);

/* A submission as JSON: id, submission_id, kind, part, word, tier, slot,
 * stats (every stat the part carries), status, created_at. NULL when out of
 * memory. */
json_t *page_submission_json(const struct db_submission *row);

/* One section per stat a proposal or an edit may carry (STAT_LIST), in
 * column order, each with NAME ("attack") and LABEL ("Attack"), and a KEPT
 * section with VALUE for a value sent (sent: NULL for none). */
void page_stat_sections(struct tmpl_dict *d, const char *section,
                        const char *(*sent)(const void *ctx, const char *field), const void *ctx);

/* Fills d's STAT sections ("STAT": NAME, LABEL, RANGE, MIN, MAX, VALUE),
 * the TIER and SLOT sections (with OPT options) and FIXED for the part of
 * p, with the values to show: values[field name] as sent when given
 * (sent, may be NULL), else p's. */
int page_proposal_fields(struct tmpl_dict *d, const struct proposal *p,
                         const char *(*sent)(const void *ctx, const char *field), const void *ctx);

#endif
