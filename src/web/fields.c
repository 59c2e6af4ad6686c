/* fields: see fields.h. */
#include "fields.h"

#include <stdio.h>
#include <string.h>

/* The forms read here answer in HTML or JSON, whatever their route's
 * formats (/catalog.json takes format=html and answers JSON; /stash tells
 * its CSV from this refusal): the value is checked against those two. */
static int check_format(const char *v, size_t n, int *json, struct form_error *err)
{
	int f = n ? format_from_name(v) : -1;

	if (f != FMT_HTML && f != FMT_JSON) {
		err->field = "format";
		err->message = FORM_FORMAT_MSG;
		return -1;
	}
	*json = f == FMT_JSON;
	return 0;
}

static int keep(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	struct fields *f = ctx;

	if (n + 1 > sizeof(f->store) - f->used) {
		err->field = f->names[i];
		err->message = "is too long";
		return -1;
	}
	memcpy(f->store + f->used, v, n + 1);
	f->v[i] = f->store + f->used;
	f->used += n + 1;
	if (strcmp(f->names[i], "format") == 0)
		return check_format(v, n, &f->json, err);
	return 0;
}

/* format= as the router reads it: the first value (form_read refuses a
 * second before it gets here); empty is no format. */
static int note_format(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	struct format_choice *c = ctx;

	(void)i;
	c->sent = 1;
	c->named = n ? format_from_name(v) : -1;
	if (c->named < 0 || !(c->mask & FMT_BIT(c->named)))
		format_must_be(c->mask, c->must_be, sizeof c->must_be);
	if (!n)
		return 0;
	if (c->named < 0 || !(c->mask & FMT_BIT(c->named))) {
		err->field = "format";
		err->message = c->must_be;
		return -1;
	}
	c->format = (enum format)c->named;
	return 0;
}

enum format fields_accept_format(const struct request *rq, unsigned mask)
{
	if (request_prefers_json(rq))
		return FMT_JSON;
	if ((mask & FMT_BIT(FMT_TEXT)) && request_prefers_text(rq))
		return FMT_TEXT;
	return FMT_HTML;
}

void fields_negotiate(const struct request *rq, unsigned mask, int body, struct format_choice *c)
{
	static const char *const names[] = {"format", NULL};
	struct form_reader r;
	const char *s = rq->query;

	c->mask = mask;
	c->accept = fields_accept_format(rq, mask);
	c->accept_json = request_accept_json(rq);
	c->format = c->accept;
	c->sent = 0;
	c->named = -1;
	c->sniffed = -1;
	c->must_be[0] = '\0';
	form_reader_init(&r, names, note_format, c);
	c->bad = form_read(&r, "query", s, s ? strlen(s) : 0, &c->err) != 0;
	int status;
	const char *field;
	int readable = body && !request_body_problem(rq, &status, &field);
	if (readable)
		c->bad |= form_read(&r, "body", rq->body, rq->body_len, &c->err) != 0;
	/* an unreadable form may still hold the pair, as it was typed: its
	 * error is then answered in that format (of a body too large to
	 * parse too: server.c reads up to SERVER_BODY_READ_MAX of it) */
	if ((readable || (body && rq->body_truncated)) && rq->body)
		c->sniffed = request_sniff_format(rq->body, rq->body_len);
	if (c->sniffed < 0 && s)
		c->sniffed = request_sniff_format(s, strlen(s));
}

/* The router's choice, or for a request that did not come through it (a
 * unit's), the same negotiation among every format. */
static const struct format_choice *choice_of(const struct request *rq, struct format_choice *own)
{
	if (rq->choice)
		return rq->choice;
	fields_negotiate(rq, ~0u, 0, own);
	return own;
}

int fields_format(const struct request *rq, enum format *fmt, struct form_error *err)
{
	static _Thread_local struct format_choice own;
	const struct format_choice *c = choice_of(rq, &own);

	if (c->bad) {
		*err = c->err;
		*fmt = c->accept;
		return -1;
	}
	*fmt = c->format;
	return 0;
}

int fields_format_value(const struct request *rq, enum format *fmt, struct form_error *err)
{
	static _Thread_local struct format_choice own;
	const struct format_choice *c = choice_of(rq, &own);

	if (c->named < 0 || !(c->mask & FMT_BIT(c->named))) {
		err->field = "format";
		err->message = c->must_be[0] ? c->must_be : "must be a format of this page";
		return -1;
	}
	*fmt = (enum format)c->named;
	return 0;
}

enum format fields_accept(const struct request *rq)
{
	static _Thread_local struct format_choice own;
	return choice_of(rq, &own)->accept;
}

int fields_errors_json(const struct request *rq)
{
	static _Thread_local struct format_choice own;
	const struct format_choice *c = choice_of(rq, &own);

	if (c->named == FMT_JSON || c->named == FMT_CSV)
		return 1;
	if (c->named == FMT_HTML)
		return 0;
	return c->sniffed >= 0 ? c->sniffed : c->accept_json;
}

int fields_read(struct fields *f, const char *const *names, uint64_t long_fields,
                const struct request *rq, int body, struct form_error *err)
{
	struct form_reader r;

	f->names = names;
	memset(f->v, 0, sizeof(f->v));
	f->used = 0;
	f->json = request_prefers_json(rq);
	form_reader_init(&r, names, keep, f);
	r.long_fields = long_fields;
	/* both sources are read, so that every bad field of each is listed */
	int bad = form_read(&r, "query", rq->query, rq->query ? strlen(rq->query) : 0, err) != 0;
	bad |= body && form_read(&r, "body", rq->body, rq->body_len, err) != 0;
	memcpy(f->rank, r.rank, sizeof f->rank);
	return bad ? -1 : 0;
}

const char *fields_get(const struct fields *f, const char *name)
{
	for (int i = 0; i < FORM_READER_NAMES_MAX && f->names && f->names[i]; i++)
		if (strcmp(f->names[i], name) == 0)
			return f->v[i];
	return NULL;
}

int fields_has_problem(const struct form_error *e, const char *field)
{
	for (int i = 0; i < e->n; i++)
		if (e->list[i].field && field && strcmp(e->list[i].field, field) == 0)
			return 1;
	return 0;
}

void fields_add_problems(struct form_error *e, const struct proposal_error *pe)
{
	int before = e->n;

	for (int i = 0; i < pe->n; i++) {
		const struct proposal_problem *p = &pe->list[i];
		int seen = 0;
		for (int j = 0; j < before && !seen; j++)
			seen = e->list[j].field && p->field &&
			       strcmp(e->list[j].field, p->field) == 0;
		if (!p->cross && !seen)
			form_error_add(e, p->field, p->code, p->message);
	}
}

void fields_add_cross(struct form_error *e, const struct proposal_error *pe)
{
	for (int i = 0; i < pe->n; i++)
		if (pe->list[i].cross)
			form_error_add(e, pe->list[i].field, pe->list[i].code, pe->list[i].message);
}

/* Where a problem of this field goes in the list (see fields.h). */
static int place(const struct fields *f, const char *field)
{
	if (!field)
		return 3000;
	if (strcmp(field, "body") == 0 || strcmp(field, "query") == 0)
		return 0;
	for (int i = 0; i < FORM_READER_NAMES_MAX && f->names && f->names[i]; i++)
		if (strcmp(f->names[i], field) == 0)
			return f->rank[i] ? f->rank[i] : 1000 + i;
	return 2000;
}

void fields_sort_errors(const struct fields *f, struct form_error *e)
{
	/* insertion sort: stable, and the list is at most FORM_ERRORS_MAX */
	for (int i = 1; i < e->n; i++) {
		struct form_problem x = e->list[i];
		int at = place(f, x.field), j = i;
		while (j > 0 && place(f, e->list[j - 1].field) > at) {
			e->list[j] = e->list[j - 1];
			j--;
		}
		e->list[j] = x;
	}
	if (e->n > 0) {
		e->field = e->list[0].field;
		e->code = e->list[0].code;
		e->message = e->list[0].message;
	}
}

int fields_errors_status(const struct form_error *e)
{
	static const struct {
		const char *code;
		int status;
	} by_code[] = {{"conflict", 409}, {"not_found", 404},    {"unauthorized", 401},
	               {"csrf", 403},     {"rate_limited", 429}, {"unsupported_media_type", 415}};
	const char *code = e->n > 0 ? e->list[0].code : e->code;

	for (size_t i = 0; code && i < sizeof by_code / sizeof by_code[0]; i++)
		if (strcmp(code, by_code[i].code) == 0)
			return by_code[i].status;
	return 400;
}

static int keep_raw(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	struct fields_raw *raw = ctx;
	(void)err;
	if (n > FIELDS_RAW_MAX)
		n = FIELDS_RAW_MAX;
	memcpy(raw->v[i], v, n);
	raw->v[i][n] = '\0';
	raw->sent[i] = 1;
	return 0;
}

void fields_raw_read(struct fields_raw *raw, const char *const *names, const char *query)
{
	struct form_reader r;
	struct form_error ignored;

	memset(raw, 0, sizeof *raw);
	form_reader_init(&r, names, keep_raw, raw);
	r.repeatable = ~0ULL;
	(void)form_read(&r, "query", query, query ? strlen(query) : 0, &ignored);
}

const char *fields_raw_get(const struct fields_raw *raw, int i, const char *dflt)
{
	return raw->sent[i] ? raw->v[i] : dflt;
}

/* ---- the canonical spelling ---- */

struct canon_read {
	const char *v[FORM_READER_NAMES_MAX]; /* decoded, NULL when not sent */
	char store[FORM_QUERY_MAX + FORM_FIELDS_MAX];
	size_t used;
};

static int canon_keep(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	struct canon_read *cr = ctx;

	(void)err;
	/* the decoded query is never longer than the raw one, which fits */
	memcpy(cr->store + cr->used, v, n + 1);
	cr->v[i] = cr->store + cr->used;
	cr->used += n + 1;
	return 0;
}

/* Whether names[] lists the n bytes at s exactly. */
static int declared(const struct fields_canon *c, const char *s, size_t n)
{
	for (int i = 0; i < FORM_READER_NAMES_MAX && c->names[i]; i++)
		if (strlen(c->names[i]) == n && memcmp(c->names[i], s, n) == 0)
			return 1;
	return 0;
}

/* Whether query is canon once the pairs of unknown names are left out: a
 * name of plain bytes (it decodes to itself, so the daemon reads it as
 * unknown too) that is not declared; an escaped name may be a declared one. */
static int only_unknown(const char *query, size_t qn, const struct fields_canon *c,
                        const char *canon)
{
	size_t at = 0, cn = strlen(canon);
	int kept = 0;

	if (qn && query[qn - 1] == '&')
		return 0; /* an empty pair is a spelling too */

	for (size_t i = 0; i < qn;) {
		size_t j = i;
		while (j < qn && query[j] != '&')
			j++;
		const char *eq = memchr(query + i, '=', j - i);
		size_t name = eq ? (size_t)(eq - (query + i)) : j - i;
		int unknown =
		        name > 0 && !declared(c, query + i, name) &&
		        strspn(query + i, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		                          "0123456789-._~") >= name;
		if (!unknown) {
			/* a kept pair must be the canon's next one, as sent */
			if (kept && (at >= cn || canon[at] != '&'))
				return 0;
			at += kept;
			if (j - i > cn - at || memcmp(canon + at, query + i, j - i) != 0 ||
			    (canon[at + j - i] != '&' && canon[at + j - i] != '\0'))
				return 0;
			at += j - i;
			kept = 1;
		}
		i = j + 1;
	}
	return at == cn;
}

int fields_canonical(const char *query, const struct fields_canon *c, struct buf *out)
{
	struct canon_read cr;
	struct form_reader r;
	struct form_error err;
	size_t qn = query ? strlen(query) : 0;
	int first = 1;

	memset(cr.v, 0, sizeof cr.v);
	cr.used = 0;
	buf_reset(out);
	form_reader_init(&r, c->names, canon_keep, &cr);
	if (form_read(&r, "query", query, qn, &err) != 0)
		return -1;
	for (int i = 0; i < FORM_READER_NAMES_MAX && c->names[i]; i++) {
		const char *v = cr.v[i];
		uint64_t bit = UINT64_C(1) << i;
		if (!v || !*v)
			continue;
		if (c->decimal & bit) {
			if (strspn(v, "0123456789") != strlen(v))
				return -1;
			while (v[0] == '0' && v[1])
				v++;
		}
		if ((!first && buf_putc(out, '&') != 0) || buf_puts(out, c->names[i]) != 0 ||
		    buf_putc(out, '=') != 0 || form_encode(out, v) != 0)
			return -1;
		first = 0;
	}
	if (buf_putc(out, '\0') != 0) /* a string even when empty */
		return -1;
	out->len--;
	if (out->len == qn && memcmp(out->data, query ? query : "", qn) == 0)
		return 1;
	return only_unknown(query, qn, c, out->data) ? 2 : 0;
}

/* A path that goes into Location as it is: unreserved bytes and '/'. */
static int plain_path(const char *p)
{
	return strspn(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/") ==
	       strlen(p);
}

int fields_redirect_canonical(const struct request *rq, const struct fields_canon *c,
                              struct response *rs)
{
	struct buf q;
	char location[RESPONSE_HEADERS_MAX / 2];
	int rc;

	buf_init(&q);
	rc = fields_canonical(rq->query, c, &q);
	if (rc == 1 || rc == 2) {
		buf_free(&q);
		return rc == 1 ? 0 : 2;
	}
	buf_reset(&rs->body);
	rs->cache_control = NULL;
	rs->cache_seconds = 0;
	rs->content_type = CT_TEXT;
	if (q.oom) { /* not the client's spelling: ours */
		buf_free(&q);
		response_internal_error(rs, 0);
		return 1;
	}
	int n = rc == 0 ? snprintf(location, sizeof location, "%s%s%s", rq->path, q.len ? "?" : "",
	                           q.len ? q.data : "")
	                : -1;
	buf_free(&q);
	if (n >= 0 && (size_t)n < sizeof location && plain_path(rq->path) &&
	    response_header(rs, "Location", location) == 0) {
		rs->status = 301;
		/* without its text (no memory) the answer is still whole */
		if (buf_printf(&rs->body, "Moved to %s\n", location) != 0)
			buf_reset(&rs->body);
		return 1;
	}
	/* no spelling to send the client to: refused, never kept either */
	buf_reset(&rs->body);
	rs->status = 400;
	if (buf_puts(&rs->body, "query: has no canonical spelling for this address\n") != 0)
		response_internal_error(rs, 0);
	return 1;
}
