/* jsonlinks: the links of items in JSON answers, made once an answer (or
 * once a thread, for the plain forms) and copied into each item. */
#ifndef LOOTFORGE_JSONLINKS_H
#define LOOTFORGE_JSONLINKS_H

#include <stddef.h>

#include "buf.h"
#include "form.h"

/* The links of a list of items from one form (SPEC §6; JSON answers' links
 * ask for JSON): an item's permanent link is /item/CODE?format=json; "roll
 * again" (the inputs, no seed) is the same for all of them, written once as
 * JSON text and copied into each item. An item without a code (none could
 * be made) links to the inputs and its seed instead. */
struct links {
	struct buf buf;    /* scratch for one item's link */
	struct buf inputs; /* the inputs, "&seed=" */
	struct buf reroll; /* the inputs, "&format=json", as a JSON string */
	/* what the items read: the two above, or a thread's remembered copy
	 * (plain_links) */
	const char *in, *rr;
	size_t in_len, rr_len;
};

/* Fills l for the items of f; the buffers keep their room (a map's loot
 * fills them once an item, each with its own kind). 0, or -1 out of
 * memory. */
int links_fill(struct links *l, const struct form *f);
/* l's buffers made, then links_fill. */
int links_init(struct links *l, const struct form *f);
void links_free(struct links *l);
/* l's links for f: a thread's remembered ones when f is plain (*owned 0), else
 * made into l's buffers (*owned 1). 0, or -1 out of memory. */
int links_for(struct links *l, const struct form *f, int *owned);
/* Frees what links_for made. */
void links_done(struct links *l, int owned);

#endif
