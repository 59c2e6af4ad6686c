/* kept: the current revision's kept pages (pagecache.h) served by nginx.
 *
 * A page that depends only on the revision and its inputs (/words,
 * /spells, a map or dungeon with its seed) is answered, when nginx says it
 * can keep them (the FastCGI param LF_KEPT), with an empty answer and
 * X-Accel-Redirect: /_kept/REV/F/PATH?QUERY. nginx follows it internally
 * to its cache, keyed by that URI: the revision is in the key, so an entry
 * never goes stale, and the daemon still decides on every request which
 * revision is current (a change is shown as soon as the daemon has it).
 * A miss comes back here as /_kept/...: kept_unwrap turns it into the
 * page's own request, and kept_mark lets nginx keep the answer when it was
 * made at that revision. docs/benchmarks.md, "Issue 27: nginx keeps the
 * current revision's pages". */
#ifndef LOOTFORGE_KEPT_H
#define LOOTFORGE_KEPT_H

#include <stdint.h>

#include "http.h"

/* The path prefix nginx's internal location answers. */
#define KEPT_PREFIX "/_kept/"

/* The format a page chose, carried in the URI so that the cache key holds
 * it and the inner request is negotiated the same way. */
enum kept_format { KEPT_HTML, KEPT_JSON, KEPT_TEXT };

/* When rq came from nginx (not from /_kept/), nginx keeps pages (LF_KEPT)
 * and rq's query fits a header: fills rs with the redirect to the page
 * at revision rev and returns 1. Otherwise 0, rs untouched: the page
 * answers itself. */
int kept_redirect(const struct request *rq, struct response *rs, uint64_t rev, enum kept_format f);

/* For an answer to /_kept/REV/... made at revision rev: a whole 200 made at
 * REV may be kept by nginx (X-Accel-Expires); anything else is not. */
void kept_mark(const struct request *rq, struct response *rs, uint64_t rev);

/* rq's path starts with KEPT_PREFIX: when nginx sent it (LF_KEPT) and it
 * reads as /_kept/REV/F/PATH, fills inner with rq as the page sees it (PATH,
 * the Accept of F, the revision) and returns 0; else -1 (a 404). */
int kept_unwrap(const struct request *rq, struct request *inner);

#endif
