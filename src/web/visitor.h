/* visitor: the visitor's own state, kept in one cookie and nowhere else
 * (docs/loadout.md, "Your stash and loadout"): the current loadout (codes
 * and places, as the loadout address has them), a stash of kept items and
 * the last rolls. No account and no server state: the cookie is the state.
 *
 * The value is "1" (the layout's revision), then three lists, each after a
 * '~': the loadout ("CODE" or "CODE:place"), the stash and the recent
 * rolls, entries separated by '.'. Every byte is a cookie-octet, so it
 * needs no quoting. Reading never fails: each entry is taken on its own
 * and one that is not a well-formed code (or place), repeats one already
 * read, or comes past a list's bound is dropped; a value of another
 * revision is dropped whole. The bounds keep the whole value under
 * VISITOR_BYTES_MAX, so the cookie fits any browser's 4096. */
#ifndef LOOTFORGE_VISITOR_H
#define LOOTFORGE_VISITOR_H

#include <stddef.h>

#include "loadout.h"
#include "loadout_query.h"

#define VISITOR_COOKIE     "lf_visitor"
#define VISITOR_REVISION   '1'
#define VISITOR_STASH_MAX  50
#define VISITOR_RECENT_MAX 20
#define VISITOR_BYTES_MAX  3800 /* the value written; older rolls, then kept items give way */
#define VISITOR_READ_MAX   8192 /* bytes of a value read; the rest is not looked at */
#define VISITOR_MAX_AGE    (365L * 24 * 3600)

struct visitor_code {
	char code[LOADOUT_CODE_MAX + 1];
};

struct visitor {
	unsigned n_worn, n_stash, n_recent;
	struct {
		char code[LOADOUT_CODE_MAX + 1];
		enum place place; /* PLACE_PACK: carried */
	} worn[LOADOUT_MAX];
	struct visitor_code stash[VISITOR_STASH_MAX];   /* newest first */
	struct visitor_code recent[VISITOR_RECENT_MAX]; /* newest first */
	unsigned dropped;                               /* entries read and not kept */
	int found;                                      /* a value was there to read */
};

/* Reads the n bytes of value into *v (its lists emptied first; what lies
 * past each count is not cleared, and nothing reads it). Never fails. */
void visitor_parse(struct visitor *v, const char *value, size_t n);

/* The cookie called name (cookie_visitor_name()) of a Cookie header (may
 * be NULL) into *v. */
void visitor_from_header(struct visitor *v, const char *cookie_header, const char *name);

/* Whether s (n bytes) is an item code the decoder takes. */
int visitor_code_ok(const char *s, size_t n);

/* v as the cookie's value into dst (cap bytes with the NUL): the oldest
 * recent rolls, then the oldest kept items are left out until it is at
 * most VISITOR_BYTES_MAX. Its length, or -1 when cap is short. */
int visitor_text(const struct visitor *v, char *dst, size_t cap);

/* The changes. code must be visitor_code_ok (-1 otherwise); each returns 0
 * or -1 when refused (a bad code, a full loadout). */
int visitor_keep(struct visitor *v, const char *code);   /* to the stash's front */
int visitor_unkeep(struct visitor *v, const char *code); /* 0 even when absent */
int visitor_rolled(struct visitor *v, const char *code); /* to the recent rolls' front */
/* Adds code to the loadout at place (PLACE_PACK: carried), or moves it
 * there when the loadout holds it already. */
int visitor_wear(struct visitor *v, const char *code, enum place place);
int visitor_unwear(struct visitor *v, const char *code); /* 0 even when absent */
/* Replaces the loadout with q's entries (a shared address made one's own). */
void visitor_set_loadout(struct visitor *v, const struct loadout_query *q);
/* The loadout as an address query would read it, for loadout_build. */
void visitor_loadout_query(const struct visitor *v, struct loadout_query *q);

#endif
