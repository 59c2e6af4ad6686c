/* kept: the current revision's kept pages served by nginx (see kept.h). */
#include "kept.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* The redirect's URI is a header line of the answer, which has room for
 * RESPONSE_HEADERS_MAX bytes in all: a longer query is answered directly. */
#define KEPT_URI_MAX 512

/* One letter per format in the URI, and an Accept that the pages'
 * negotiation (http.h) reads as that format. */
static const struct {
	char letter;
	const char *accept;
} formats[] = {
        [KEPT_HTML] = {'h', "text/html"},
        [KEPT_JSON] = {'j', CT_JSON},
        [KEPT_TEXT] = {'t', "text/plain"},
};

static int nginx_keeps(const struct request *rq)
{
	const char *v = request_param(rq, "LF_KEPT");
	return v && strcmp(v, "1") == 0;
}

/* nginx splits the redirect's URI at its first '?' and takes the rest as
 * the arguments as they are: only visible ASCII goes into the header. */
static int header_safe(const char *s)
{
	for (; s && *s; s++)
		if ((unsigned char)*s <= 0x20 || (unsigned char)*s >= 0x7f)
			return 0;
	return 1;
}

int kept_redirect(const struct request *rq, struct response *rs, uint64_t rev, enum kept_format f)
{
	char uri[KEPT_URI_MAX];
	const char *q = rq->query && *rq->query ? rq->query : NULL;

	if (rq->kept_rev || rev == 0 || !rq->path || !nginx_keeps(rq) || !header_safe(rq->path) ||
	    !header_safe(q))
		return 0;
	int n = snprintf(uri, sizeof uri, KEPT_PREFIX "%" PRIu64 "/%c%s%s%s", rev,
	                 formats[f].letter, rq->path, q ? "?" : "", q ? q : "");
	if (n < 0 || (size_t)n >= sizeof uri)
		return 0;
	char saved[RESPONSE_HEADERS_MAX];
	memcpy(saved, rs->headers, sizeof saved);
	if (response_header(rs, "X-Accel-Redirect", uri) != 0) {
		memcpy(rs->headers, saved, sizeof saved);
		return 0;
	}
	/* nginx carries this answer's Content-Type (and its charset) and
	 * Cache-Control over to the page it redirects to: none of the second,
	 * and a first without a charset, so the page's own are what is sent. */
	rs->status = 200;
	rs->content_type = "text/plain";
	rs->cache_control = "";
	rs->body.len = 0;
	return 1;
}

void kept_mark(const struct request *rq, struct response *rs, uint64_t rev)
{
	/* X-Accel-Expires outranks the answer's Cache-Control (no-store, for
	 * the client) in nginx's decision to keep it; nginx does not pass it
	 * on. A year: the entry can never be wrong, nginx drops it unused. */
	if (rq->kept_rev && rq->kept_rev == rev && rs->status == 200 && !rs->retry_after)
		response_header(rs, "X-Accel-Expires", "31536000");
}

int kept_unwrap(const struct request *rq, struct request *inner)
{
	const char *p = rq->path;
	uint64_t rev = 0;
	size_t f;

	if (!p || strncmp(p, KEPT_PREFIX, sizeof KEPT_PREFIX - 1) != 0 || !nginx_keeps(rq))
		return -1;
	p += sizeof KEPT_PREFIX - 1;
	if (*p < '1' || *p > '9')
		return -1;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (rev > (UINT64_MAX - (uint64_t)(*p - '0')) / 10)
			return -1;
		rev = rev * 10 + (uint64_t)(*p - '0');
	}
	if (*p++ != '/')
		return -1;
	for (f = 0; f < sizeof formats / sizeof formats[0]; f++)
		if (*p == formats[f].letter)
			break;
	if (f == sizeof formats / sizeof formats[0] || p[1] != '/' || p[2] == '\0')
		return -1;
	*inner = *rq;
	inner->path = p + 1;
	inner->accept = formats[f].accept;
	inner->kept_rev = rev;
	return 0;
}
