/* jsonlinks: see jsonlinks.h. */
#include "jsonlinks.h"

#include <stdint.h>
#include <string.h>

#include "jsonw.h"
#include "recipe.h"

/* Fills l for the items of f; the buffers keep their room (a map's loot
 * fills them once an item, each with its own kind). */
int links_fill(struct links *l, const struct form *f)
{
	buf_reset(&l->buf);
	buf_reset(&l->inputs);
	buf_reset(&l->reroll);
	if (form_link_inputs(f, &l->inputs) != 0)
		return -1;
	size_t inputs_len = l->inputs.len;
	if (buf_puts(&l->inputs, "&format=json") != 0)
		return -1;
	struct jw w = {&l->reroll, 0};
	jw_str(&w, l->inputs.data);
	l->inputs.len = inputs_len;
	if (w.err || buf_puts(&l->inputs, "&seed=") != 0)
		return -1;
	l->in = l->inputs.data;
	l->in_len = l->inputs.len;
	l->rr = l->reroll.data;
	l->rr_len = l->reroll.len;
	return 0;
}

int links_init(struct links *l, const struct form *f)
{
	buf_init(&l->buf);
	buf_init(&l->inputs);
	buf_init(&l->reroll);
	return links_fill(l, f);
}

void links_free(struct links *l)
{
	buf_free(&l->buf);
	buf_free(&l->inputs);
	buf_free(&l->reroll);
}

/* The links of a plain form (no power, attributes or loadout: a dungeon's
 * items, rolled from their kind and tier alone, and the card's) depend on
 * its kind, tier and variance only: each thread keeps them, one a kind,
 * rather than printing the inputs again for each item (links_fill was
 * ~8% of a level-20 dungeon's JSON, its ~250 items appended one by one). */
struct plain_links {
	int made, tier, variance; /* made: the rest holds a form's links */
	size_t in_len, rr_len;
	char in[160], rr[224];
};

static __thread struct plain_links plain_memo[K__MAX];

static int is_plain(const struct form *f)
{
	uintptr_t any = 0; /* no word asked for: one test, not one a part */

	if (f->power_text || f->loadout || (unsigned)f->kind >= K__MAX)
		return 0;
	for (int p = 0; p < P__MAX; p++)
		any |= (uintptr_t)f->attr[p];
	return any == 0;
}

/* l's links for f: a thread's remembered ones when f is plain (*owned 0: only
 * l's scratch buffer initialised, freed by links_done only if an item
 * without a code wrote into it; a dungeon's ~170 items come here one at a
 * time), else made into l's buffers (links_init, *owned 1). 0, or -1 out
 * of memory. */
int links_for(struct links *l, const struct form *f, int *owned)
{
	struct plain_links *p = is_plain(f) ? &plain_memo[f->kind] : NULL;

	*owned = 0;
	if (p && p->made && p->tier == f->tier && p->variance == f->variance) {
		l->buf = (struct buf){.data = NULL, .len = 0, .cap = 0, .oom = 0}; /* buf_init */
		l->in = p->in;
		l->in_len = p->in_len;
		l->rr = p->rr;
		l->rr_len = p->rr_len;
		return 0;
	}
	*owned = 1;
	if (links_init(l, f) != 0)
		return -1;
	if (p && l->in_len < sizeof p->in && l->rr_len < sizeof p->rr) {
		memcpy(p->in, l->in, l->in_len);
		memcpy(p->rr, l->rr, l->rr_len);
		p->in_len = l->in_len;
		p->rr_len = l->rr_len;
		p->tier = f->tier;
		p->variance = f->variance;
		p->made = 1;
	}
	return 0;
}

/* Frees what links_for made. */
void links_done(struct links *l, int owned)
{
	if (owned)
		links_free(l);
	else if (l->buf.data)
		buf_free(&l->buf);
}
