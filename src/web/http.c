/* http: see http.h. */
#include "http.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "log.h"
#include "messages.h"

/* ---- media types ---- */

/* q of one media range's parameters ("; q=0.5"), in thousandths; an
 * unparsable q counts as 0, so the range is ignored. */
static int parse_q(const char *p, const char *end)
{
	while (p < end) {
		while (p < end && (*p == ';' || *p == ' ' || *p == '\t'))
			p++;
		if (end - p >= 2 && (p[0] == 'q' || p[0] == 'Q') && p[1] == '=') {
			int q = 0, scale = 1000;
			p += 2;
			if (p >= end || (*p != '0' && *p != '1'))
				return 0;
			q = (*p++ - '0') * 1000;
			if (p < end && *p == '.')
				for (p++; p < end && *p >= '0' && *p <= '9' && scale > 1; p++)
					q += (*p - '0') * (scale /= 10);
			return q > 1000 ? 1000 : q;
		}
		while (p < end && *p != ';')
			p++;
	}
	return 1000;
}

/* Whether range [p, end) names exactly this media type. */
static int range_is(const char *p, const char *end, const char *type)
{
	size_t n = strlen(type);
	while (p < end && (*p == ' ' || *p == '\t'))
		p++;
	if ((size_t)(end - p) < n || strncasecmp(p, type, n) != 0)
		return 0;
	p += n;
	return p == end || *p == ';' || *p == ' ' || *p == '\t';
}

/* JSON when the Accept header lists application/json at least as high as
 * text/html. Wildcard ranges do not count: curl and browsers get HTML. */
static int accept_prefers_json(const char *accept)
{
	int q_json = 0, q_html = 0;

	for (const char *p = accept; p && *p;) {
		const char *end = strchr(p, ',');
		if (!end)
			end = p + strlen(p);
		const char *semi = memchr(p, ';', (size_t)(end - p));
		const char *type_end = semi ? semi : end;
		int q = semi ? parse_q(semi, end) : 1000;
		if (range_is(p, type_end, CT_JSON) && q > q_json)
			q_json = q;
		if (range_is(p, type_end, "text/html") && q > q_html)
			q_html = q;
		p = *end ? end + 1 : end;
	}
	return q_json > 0 && q_json >= q_html;
}

/* The highest q the Accept header gives this exact media type (wildcards do
 * not count), in thousandths; 0 when it is not listed. */
static int accept_q(const char *accept, const char *type)
{
	int best = 0;

	for (const char *p = accept; p && *p;) {
		const char *end = strchr(p, ',');
		if (!end)
			end = p + strlen(p);
		const char *semi = memchr(p, ';', (size_t)(end - p));
		int q = semi ? parse_q(semi, end) : 1000;
		if (range_is(p, semi ? semi : end, type) && q > best)
			best = q;
		p = *end ? end + 1 : end;
	}
	return best;
}

int request_prefers_text(const struct request *rq)
{
	int q = accept_q(rq->accept, "text/plain");
	return q > 0 && q > accept_q(rq->accept, "text/html") && q > accept_q(rq->accept, CT_JSON);
}

/* "application/x-www-form-urlencoded", with parameters or not. */
static int is_urlencoded(const char *ct)
{
	size_t n = strlen(CT_FORM);
	if (!ct)
		return 0;
	while (*ct == ' ' || *ct == '\t')
		ct++;
	if (strncasecmp(ct, CT_FORM, n) != 0)
		return 0;
	ct += n;
	return *ct == '\0' || *ct == ';' || *ct == ' ' || *ct == '\t';
}

const char *request_body_problem(const struct request *rq, int *status, const char **field)
{
	*status = 400;
	*field = "body";
	if (!is_urlencoded(rq->content_type)) {
		*status = 415;
		*field = "Content-Type";
		return "Send the form as " CT_FORM ".";
	}
	if (rq->body_truncated) {
		*status = 413;
		return "The request body is too large.";
	}
	if (rq->content_length >= 0 && (size_t)rq->content_length != rq->body_len)
		return "The request body is shorter than its Content-Length.";
	return NULL;
}

const char *request_param(const struct request *rq, const char *name)
{
	size_t n = strlen(name);

	for (const char *const *e = rq ? rq->env : NULL; e && *e; e++)
		if (strncmp(*e, name, n) == 0 && (*e)[n] == '=')
			return *e + n + 1;
	return NULL;
}

int response_header(struct response *rs, const char *name, const char *value)
{
	size_t used = strlen(rs->headers);
	int n;

	for (const char *c = value; *c; c++)
		if ((unsigned char)*c < 0x20 || *c == 0x7f)
			return -1;
	n = snprintf(rs->headers + used, sizeof(rs->headers) - used, "%s: %s\r\n", name, value);
	if (n < 0 || (size_t)n >= sizeof(rs->headers) - used) {
		rs->headers[used] = '\0';
		log_error("http: no room for the %s header", name);
		return -1;
	}
	return 0;
}

int request_sniff_format(const char *s, size_t len)
{
	static const char key[] = "format=";
	const size_t klen = sizeof(key) - 1;
	const char *end = s ? s + len : NULL;

	for (const char *p = s; p && p < end;) {
		const char *amp = memchr(p, '&', (size_t)(end - p));
		const char *pe = amp ? amp : end;
		size_t n = (size_t)(pe - p);
		/* a CSV client's errors are JSON (docs/library.md, "CSV") */
		if (n == klen + 3 && memcmp(p, key, klen) == 0 && memcmp(p + klen, "csv", 3) == 0)
			return 1;
		if (n == klen + 4 && memcmp(p, key, klen) == 0) {
			if (memcmp(p + klen, "json", 4) == 0)
				return 1;
			if (memcmp(p + klen, "html", 4) == 0)
				return 0;
		}
		p = amp ? amp + 1 : end;
	}
	return -1;
}

int request_prefers_json(const struct request *rq)
{
	/* A body too large to parse is not read as a form, so its format field
	 * would be missed: the 413 is answered in the format it names. */
	int fmt =
	        rq->body_truncated && rq->body ? request_sniff_format(rq->body, rq->body_len) : -1;

	return fmt >= 0 ? fmt : accept_prefers_json(rq->accept);
}

const char *http_reason(int status)
{
	switch (status) {
	case 200:
		return "OK";
	case 201:
		return "Created";
	case 204:
		return "No Content";
	case 301:
		return "Moved Permanently";
	case 303:
		return "See Other";
	case 304:
		return "Not Modified";
	case 400:
		return "Bad Request";
	case 401:
		return "Unauthorized";
	case 403:
		return "Forbidden";
	case 409:
		return "Conflict";
	case 429:
		return "Too Many Requests";
	case 404:
		return "Not Found";
	case 405:
		return "Method Not Allowed";
	case 413:
		return "Content Too Large";
	case 415:
		return "Unsupported Media Type";
	case 500:
		return "Internal Server Error";
	case 503:
		return "Service Unavailable";
	default:
		return "Unknown";
	}
}

int request_accept_json(const struct request *rq)
{
	return accept_prefers_json(rq->accept);
}

int http_db_failure(struct response *rs, int down, const char **message)
{
	if (down) {
		rs->retry_after = DB_RETRY_AFTER;
		*message = MSG_DB_DOWN;
		return 503;
	}
	*message = MSG_INTERNAL;
	return 500;
}

/* The bodies of a 500 when rendering itself failed: fixed text, so they need
 * no renderer and no memory beyond the copy. */
#define JSON_INTERNAL                                                                              \
	"{\"errors\": [{\"field\": null, \"code\": \"internal\", \"message\": \"" MSG_INTERNAL     \
	"\"}]}\n"
#define HTML_INTERNAL                                                                              \
	"<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"                        \
	"<title>Error</title></head>\n<body><h1>Error</h1><p>" MSG_INTERNAL "</p></body></html>\n"

void response_internal_error(struct response *rs, int json)
{
	buf_reset(&rs->body);
	rs->status = 500;
	rs->content_type = json ? CT_JSON : CT_HTML;
	if (buf_puts(&rs->body, json ? JSON_INTERNAL : HTML_INTERNAL) != 0)
		buf_reset(&rs->body);
}
