/* fcgiwire: FastCGI records and params (see fcgiwire.h). */
#include "fcgiwire.h"

#include <fastcgi.h>
#include <limits.h>
#include <string.h>
#include <sys/uio.h>

long fcgiwire_parse_length(const char *s)
{
	long v = 0;

	if (!s || !*s)
		return -1;
	for (; *s; s++) {
		int d = *s - '0';
		if (d < 0 || d > 9 || v > (LONG_MAX - d) / 10)
			return -1;
		v = v * 10 + d;
	}
	return v;
}

/* One pass over the ~30 params nginx sends (FCGX_GetParam would scan them
 * once per name). As with FCGX_GetParam, the first of a repeated name
 * counts. */
void fcgiwire_read_params(char *const *env, struct fcgiwire_params *p)
{
	const struct {
		const char *name;
		size_t n;
		const char **to;
	} want[] = {
	        {"REQUEST_METHOD", 14, &p->method},     {"DOCUMENT_URI", 12, &p->document_uri},
	        {"SCRIPT_NAME", 11, &p->script_name},   {"QUERY_STRING", 12, &p->query},
	        {"CONTENT_TYPE", 12, &p->content_type}, {"CONTENT_LENGTH", 14, &p->content_length},
	        {"HTTP_ACCEPT", 11, &p->accept},
	};
	int found[sizeof(want) / sizeof(want[0])] = {0};

	for (char *const *e = env; e && *e; e++) {
		for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
			const char *s = *e;
			if (s[0] == want[i].name[0] && !found[i] &&
			    strncmp(s, want[i].name, want[i].n) == 0 && s[want[i].n] == '=') {
				*want[i].to = s + want[i].n + 1;
				found[i] = 1;
				break;
			}
		}
	}
}

/* ---- the answer ----
 *
 * libfcgi's output stream has an 8 KB buffer and writes each time it
 * fills, so a page of 11 KB cost two write()s, two wake-ups of nginx and a
 * copy of the body. Here the records go out in one
 * writev per IOV_BATCH iovecs, pointing at the caller's bytes. */

#define IOV_BATCH 64 /* iovecs per writev */
/* A record takes two iovecs (header, content) or three (content from both
 * parts), so a batch holds at most IOV_BATCH / 2 records, plus the empty
 * record that ends the stream. */
#define HEADS_MAX (IOV_BATCH / 2 + 1)

static void record_header(FCGI_Header *h, int type, int request_id, size_t len)
{
	memset(h, 0, sizeof(*h));
	h->version = FCGI_VERSION_1;
	h->type = (unsigned char)type;
	h->requestIdB1 = (unsigned char)((request_id >> 8) & 0xff);
	h->requestIdB0 = (unsigned char)(request_id & 0xff);
	h->contentLengthB1 = (unsigned char)((len >> 8) & 0xff);
	h->contentLengthB0 = (unsigned char)(len & 0xff);
}

/* writev until everything went, or -1. */
static int writev_all(int fd, struct iovec *iov, int n)
{
	while (n > 0) {
		ssize_t w = writev(fd, iov, n);
		if (w < 0)
			return -1;
		while (n > 0 && (size_t)w >= iov->iov_len) {
			w -= (ssize_t)iov->iov_len;
			iov++;
			n--;
		}
		if (n > 0) {
			iov->iov_base = (char *)iov->iov_base + w;
			iov->iov_len -= (size_t)w;
		}
	}
	return 0;
}

int fcgiwire_write_answer(int fd, int request_id, const char *const part[2], const size_t len[2])
{
	struct iovec iov[IOV_BATCH + 4];
	FCGI_Header heads[HEADS_MAX];
	FCGI_EndRequestRecord end;
	size_t at[2] = {0, 0};
	int p = 0;

	for (;;) {
		int n = 0, nh = 0;
		/* Whole records while there is room for one more (a header and
		 * at most two slices), keeping a header for the end. */
		while (p < 2 && n + 3 <= IOV_BATCH && nh + 2 <= HEADS_MAX) {
			size_t left = len[0] - at[0] + len[1] - at[1];
			size_t rec = left < FCGIWIRE_RECORD_MAX ? left : FCGIWIRE_RECORD_MAX;
			if (rec == 0)
				break;
			record_header(&heads[nh], FCGI_STDOUT, request_id, rec);
			iov[n++] = (struct iovec){&heads[nh++], sizeof(FCGI_Header)};
			while (rec > 0) {
				size_t take = len[p] - at[p] < rec ? len[p] - at[p] : rec;
				if (take > 0)
					iov[n++] = (struct iovec){(char *)part[p] + at[p], take};
				at[p] += take;
				rec -= take;
				if (at[p] == len[p])
					p++;
			}
		}
		while (p < 2 && at[p] == len[p])
			p++;
		if (p == 2) { /* the end of the stream and of the request */
			record_header(&heads[nh], FCGI_STDOUT, request_id, 0);
			iov[n++] = (struct iovec){&heads[nh++], sizeof(FCGI_Header)};
			record_header(&end.header, FCGI_END_REQUEST, request_id, sizeof(end.body));
			memset(&end.body, 0, sizeof(end.body));
			end.body.protocolStatus = FCGI_REQUEST_COMPLETE;
			iov[n++] = (struct iovec){&end, sizeof(end)};
		}
		if (writev_all(fd, iov, n) != 0)
			return -1;
		if (p == 2)
			return 0;
	}
}

int fcgiwire_request_complete(const unsigned char *buf, size_t n)
{
	size_t at = 0;

	while (n - at >= FCGI_HEADER_LEN) {
		const unsigned char *h = buf + at;
		size_t len = (size_t)h[4] << 8 | h[5], pad = h[6];
		if (n - at - FCGI_HEADER_LEN < len + pad)
			return 0;
		if (h[1] == FCGI_GET_VALUES || (h[1] == FCGI_PARAMS && len == 0))
			return 1;
		at += FCGI_HEADER_LEN + len + pad;
	}
	return 0;
}
