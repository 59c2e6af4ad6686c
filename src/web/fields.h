/* fields: a request's form fields kept as typed, read through form_read
 * against an allow-list: for pages that show a form again, filled in, after
 * any error. format=json|html is read here too (format must be one of the
 * names when the page takes it). */
#ifndef LOOTFORGE_FIELDS_H
#define LOOTFORGE_FIELDS_H

#include "fieldrow.h"
#include "form.h"
#include "http.h"
#include "proposal.h"

struct fields {
	const char *const *names;             /* the allow-list, NULL-terminated */
	const char *v[FORM_READER_NAMES_MAX]; /* v[i]: names[i] as sent, NULL if not sent */
	int json;                             /* format=json, else the Accept header */
	uint8_t rank[FORM_READER_NAMES_MAX];  /* the reader's: the order fields were sent in */
	/* private: the decoded values */
	char store[FORM_QUERY_MAX + FORM_BODY_MAX + 2 * FORM_FIELDS_MAX];
	size_t used;
};

/* Reads the query string and, when body is set, the POST body. long_fields:
 * bit i lets names[i] be up to FORM_LONG_VALUE_MAX bytes. 0, or -1 with
 * *err (f keeps the fields read before the error). */
int fields_read(struct fields *f, const char *const *names, uint64_t long_fields,
                const struct request *rq, int body, struct form_error *err);

/* The value of field `name` as sent, or NULL. */
const char *fields_get(const struct fields *f, const char *name);

/* ---- the format of an answer, negotiated once ----
 * The router reads format= of the query (and, for a POST of a route with a
 * body, of the body) against its route's formats (mask: FMT_BITs) and the
 * Accept header, once per request, into a choice it hands every page in
 * rq->choice; the pages read it through the functions below. */
struct format_choice {
	unsigned mask;      /* the route's formats */
	enum format format; /* format= when sent with one of mask's names, else accept */
	enum format accept; /* the Accept header's (fields_accept_format) */
	int accept_json;    /* the Accept header, and nothing else, prefers JSON */
	int sent;           /* format= was read (with a value or empty) */
	int named;          /* the format its value names, any of FORMAT_LIST; -1 none */
	/* What a form that could not be read says of its format: the literal
	 * pair of request_sniff_format (1 JSON, 0 HTML), -1 none. */
	int sniffed;
	int bad; /* reading format= failed: err says why */
	struct form_error err;
	char must_be[64]; /* "must be html, json or text": mask's names */
};

/* The negotiation, for the router: body says a POST's urlencoded body is
 * read too (after the query, as one form). */
void fields_negotiate(const struct request *rq, unsigned mask, int body, struct format_choice *c);

/* For a page that reads its format first, so that a bad value of any other
 * field is answered in the format asked for: 0 with *fmt (format= when
 * sent with a value, else the Accept header's); -1 with *err (the reading
 * of format= in the query: "format": "must be html, json or text", the
 * route's formats, or why the query could not be read) and *fmt the
 * Accept header's. */
int fields_format(const struct request *rq, enum format *fmt, struct form_error *err);

/* For a page whose own reader meets format= among its fields: the
 * router's verdict on that value (empty is no format): 0 with *fmt, or -1
 * with *err naming "format" and the route's formats. */
int fields_format_value(const struct request *rq, enum format *fmt, struct form_error *err);

/* Whether an error answer is JSON: format= names JSON or CSV (a CSV
 * client's errors are JSON: they have no rows), HTML when it names HTML;
 * else the pair a form that could not be read holds; else Accept. */
int fields_errors_json(const struct request *rq);

/* The Accept header's format among the route's (the choice's accept). */
enum format fields_accept(const struct request *rq);

/* JSON when the Accept header prefers it, text when it prefers text/plain
 * and mask has text, else HTML. */
enum format fields_accept_format(const struct request *rq, unsigned mask);

/* ---- a refused query shown again (/map, /dungeon) ----
 * Every value as sent, whatever it is, cut to FIELDS_RAW_MAX bytes: the
 * form after an error keeps what the person typed, valid or not. */
#define FIELDS_RAW_MAX 32
struct fields_raw {
	char v[FORM_READER_NAMES_MAX][FIELDS_RAW_MAX + 1];
	uint8_t sent[FORM_READER_NAMES_MAX];
};

/* Reads query (may be NULL) against names into raw; a field given twice
 * keeps the last; a pair that cannot be decoded at all ends the reading,
 * keeping those before it. Never fails. */
void fields_raw_read(struct fields_raw *raw, const char *const *names, const char *query);

/* names[i] as sent, or dflt when it was not. */
const char *fields_raw_get(const struct fields_raw *raw, int i, const char *dflt);

/* ---- every problem of a form at once (docs/api.md, "Errors") ----
 *
 * A page that checks a form lists its problems in e: the reader's (from
 * fields_read) and its own checks' (form_error_add, or a proposal's list
 * with fields_add_problems). fields_sort_errors then puts them in the
 * order their fields were sent: the request as a whole ("body", "query")
 * first, then each field by when it was first sent, fields not sent after
 * those (in the allow-list's order), problems of no field last; a check
 * across fields (pe's `cross`) is added after the sort by
 * fields_add_cross, so that it follows the fields' own problems. */

/* Whether e lists a problem of field. */
int fields_has_problem(const struct form_error *e, const char *field);

/* pe's problems of single fields into e (their messages stay pe's), but
 * those of a field e lists already (the reader's: the check saw the field
 * as not sent). */
void fields_add_problems(struct form_error *e, const struct proposal_error *pe);

/* pe's checks across fields into e, after what e holds. */
void fields_add_cross(struct form_error *e, const struct proposal_error *pe);

/* Sorts e's list (stable) as above; field/code/message become the first's. */
void fields_sort_errors(const struct fields *f, struct form_error *e);

/* The status of an answer listing e: its first problem's (409 for
 * "conflict", 404 "not_found", 401 "unauthorized", 403 "csrf", 429
 * "rate_limited", else 400). */
int fields_errors_status(const struct form_error *e);

/* ---- the one spelling of a query that nginx keeps (docs/stack.md,
 * "Canonical queries") ----
 * A route whose answers nginx's cache keeps under the raw query (/item/CODE,
 * /dungeon/CODE, /catalog.json?rev=R, a seeded /dungeon's .dd2vtt) answers
 * 200 only for the canonical spelling of what it read: for each of its
 * names, in its order, that was sent with a value, "name=value", the name
 * as listed, the value decoded and percent-encoded again (form_encode), a
 * whole number without leading zeros; nothing else (unknown names, empty
 * values). So nginx's key, built from
 * the raw query, is a function of exactly what the daemon read. */
struct fields_canon {
	const char *const *names; /* the route's names in canonical order, NULL-terminated */
	uint64_t decimal;         /* bit i: names[i] is a whole number (digits) */
};

/* The canonical spelling of query (may be NULL) into out ("" for none).
 * 1 when query is spelled so already; 2 when it is but for pairs of
 * unknown names (plain bytes, not listed: the daemon ignores them); 0 for
 * any other spelling; -1 when it cannot be read (the route's own reader
 * says why) or memory ran out. */
int fields_canonical(const char *query, const struct fields_canon *c, struct buf *out);

/* After the route read its query without a problem: 0 when that query is
 * canonical (nothing answered); 2 when it is but for unknown names, which
 * are ignored: the route answers, with no-store (rs->cache_control NULL),
 * so that neither nginx nor a browser keeps it; else 1, and rs is a 301 to
 * the path with the canonical query, no-store, which nginx never keeps, or
 * a 400 "query" when it cannot be said (a path that is not plain). */
int fields_redirect_canonical(const struct request *rq, const struct fields_canon *c,
                              struct response *rs);

#endif
