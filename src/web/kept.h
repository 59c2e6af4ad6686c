/* kept: the current revision's kept pages written as files, which nginx
 * serves itself, without asking the daemon.
 *
 * /words, /spells, a map or dungeon with its seed and the current export
 * depend only on the catalog's revision and the request (pagecache.h). When
 * the daemon answers one (HTML, JSON, text or PNG) for a query that is plain
 * (letters, digits, '=', '&', '_', '-'; at most KEPT_QUERY_MAX bytes), it
 * also writes it to
 *
 *   DIR/REV/PAGE/QUERY.EXT      (QUERY "_" when there is none)
 *
 * and DIR/current is a symbolic link to the live revision's REV. nginx
 * looks there first (try_files), with the format it reads from the query
 * or the Accept header the way the daemon does (docs/stack.md), and asks
 * the daemon when nothing is there. A revision's page never changes, so a
 * file is never stale; the link moves when a worker process has a new
 * revision live (kept_live), which is when the daemon itself starts
 * answering it. Bounded per revision, over every worker process and across
 * their restarts: at most KEPT_FILES_MAX files and KEPT_BYTES_MAX bytes in
 * a revision's directory, counted in DIR/REV/.budget, a file every worker
 * maps and counts in (a worker started again finds the count where it was;
 * a daemon started again empties the directory, kept_init). Two shares:
 * the revision's own pages (/words, /spells and the current export without
 * a q= filter, a small fixed set of names) have KEPT_REVISION_FILES_MAX
 * files and KEPT_REVISION_BYTES_MAX bytes of their own, so that a flood of
 * seeds or filters, which gets the rest, cannot keep them out. Two
 * revisions' directories are kept (the live one and the one before, for
 * requests in flight). docs/operations.md, "Kept pages and the page cache". */
#ifndef LOOTFORGE_KEPT_H
#define LOOTFORGE_KEPT_H

#include <stdint.h>

#include "fieldrow.h"
#include "http.h"

#define KEPT_QUERY_MAX          200
#define KEPT_FILES_MAX          4096
#define KEPT_BYTES_MAX          (64u << 20)
#define KEPT_REVISION_FILES_MAX 256
#define KEPT_REVISION_BYTES_MAX (16u << 20)
/* what the seeded and filtered pages may take */
#define KEPT_INPUTS_FILES_MAX (KEPT_FILES_MAX - KEPT_REVISION_FILES_MAX)
#define KEPT_INPUTS_BYTES_MAX (KEPT_BYTES_MAX - KEPT_REVISION_BYTES_MAX)

/* HTML and JSON as the query or Accept names them; text and PNG by the
 * query's format= only (nginx looks them up for no Accept). */
enum kept_format { KEPT_HTML, KEPT_JSON, KEPT_TEXT, KEPT_PNG, KEPT__N };

/* The kept formats, in the order nginx tries them on a query's format=:
 * X(member, its format, the file's extension, whether
 * Accept can name it, whether pages of any site may read it). nginx's maps
 * of kept files are written from this by make regen
 * (tests/house/regen_nginx.py), so a format added here reaches them. */
#define KEPT_FORMATS(X)                                                                            \
	X(KEPT_JSON, FMT_JSON, "json", 1, 1)                                                       \
	X(KEPT_HTML, FMT_HTML, "html", 1, 0)                                                       \
	X(KEPT_TEXT, FMT_TEXT, "txt", 0, 1)                                                        \
	X(KEPT_PNG, FMT_PNG, "png", 0, 1)

/* A drawn picture's formats (a PNG, a .dd2vtt): one without a seed is
 * drawn anew each time, nothing to keep, so nginx limits them per client
 * ($lf_fresh_picture, written from this by make regen). */
#define KEPT_PICTURE_FORMATS (FMT_BIT(FMT_PNG) | FMT_BIT(FMT_VTT))

/* Once per daemon, before its worker processes start: files go under dir
 * (created when missing); whatever an earlier run left there is removed,
 * since a database made again may reuse its revision numbers. NULL or "":
 * nothing is written. 0, or -1 (logged; nothing is written). */
int kept_init(const char *dir);

/* The daemon stops: the link goes, so that nginx asks (and gets its 502)
 * rather than serve a revision a change made meanwhile would not reach. */
void kept_stop(void);

/* Revision rev is live in this process (the catalog poller's hook): the
 * link names it, and the directories but its and the one before go. */
void kept_live(uint64_t rev);

/* After a page is answered at revision rev (rendered or from the page
 * cache), when no file is there yet: writes rs's body as the file
 * nginx looks for, when it is a whole 200 (a HEAD's too: the page renders
 * and keeps its body for both) with a plain query, rev
 * is this process's live revision and the bounds allow. page is the path's
 * name ("words"). Failures are logged and leave no file behind. */
void kept_publish(const char *page, const struct request *rq, const struct response *rs,
                  uint64_t rev, enum kept_format f);

/* For an answer that cannot be a file (a .dd2vtt: its download name is
 * the daemon's to send), kept by nginx's cache instead under a key that
 * holds the live revision as nginx reads it from the link: this header
 * names the revision it was made at, and nginx keeps the answer only when
 * the two agree (docs/stack.md). A whole 200 only; nothing when no files
 * are kept. */
void kept_mark(struct response *rs, uint64_t rev);

/* The file's path for page, query (NULL: none) and format at revision rev,
 * into out; -1 when the query is not plain or the path does not fit, or
 * nothing is kept. For tests. */
int kept_path(const char *page, const char *query, uint64_t rev, enum kept_format f, char *out,
              size_t cap);

#endif
