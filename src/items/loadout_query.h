/* loadout_query: a loadout as its address spells it (docs/loadout.md), read
 * and built by the one set of rules that /loadout and the library's
 * lf_loadout_totals share: item=CODE or item=CODE:place, repeated, in
 * order (a pasted permanent link is taken for its code, an empty value is
 * skipped), and base=stat:value,... once. Building adds the items in that
 * order and wears each where its value says, so a hand-edited address
 * that puts two items in one place still gives a consistent loadout. */
#ifndef LOOTFORGE_LOADOUT_QUERY_H
#define LOOTFORGE_LOADOUT_QUERY_H

#include <stddef.h>

#include "fieldrow.h"
#include "form.h"
#include "itemcode.h"
#include "loadout.h"

#define LOADOUT_CODE_MAX (ITEMCODE_MAX - 1) /* bytes of an item code */

#define LOADOUT_MSG_ITEM     "must be an item code, optionally followed by ':' and a place"
#define LOADOUT_MSG_TOO_MANY "a loadout holds at most 32 items"

struct loadout_query {
	unsigned n;
	int base_given;
	struct loadout_base base;
	char base_why[160]; /* base's problem, when base= did not read */
	struct {
		char code[LOADOUT_CODE_MAX + 1];
		enum place place;
	} in[LOADOUT_MAX];
};

/* Reads the n bytes of query (the names item, format and base; format is
 * the caller's to read, others are ignored as form_read ignores them) into
 * q. 0, or -1 with *err naming the field; err->message may point into q
 * (base_why). */
/* The fields of /loadout, as rows (fieldrow.h). */
extern const struct field_table loadout_query_fields;

int loadout_query_read(struct loadout_query *q, const char *query, size_t n,
                       struct form_error *err);

/* Resolves code (item i of the query) into *out: 0, or a nonzero status of
 * the caller's, which loadout_build returns as it is. */
typedef int (*loadout_resolve_fn)(void *ctx, unsigned i, const char *code, struct item *out);

/* Builds l (empty) and items[0..q->n) from q: each code resolved in order,
 * added, and worn at its place. 0; or resolve's status for item *at; or -1
 * when item *at cannot be worn at its place (*refused says why). *done is
 * how many items resolve made, for the caller to release, in every case. */
int loadout_build(const struct loadout_query *q, loadout_resolve_fn resolve, void *ctx,
                  struct loadout *l, struct item *items, unsigned *done, unsigned *at,
                  enum loadout_result *refused);

#endif
