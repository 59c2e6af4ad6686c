/* lf_item: items as plain C structs (lootforge.h, struct lf_item), read off
 * the same generated items as the JSON answers, value by value as the JSON
 * renderer writes them (render_json.c), so the two forms cannot differ. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "lf_stats.h"
#include "liblootforge_int.h"
#include "recipe.h"
#include "render.h"
#include "scroll.h"
#include "spell.h"
#include "value.h"

/* Every stat of SPEC §3 has its field in struct lf_item, listed by
 * lf_stats.h, which make regen writes from STAT_LIST and the struct. */
#define COUNT_(id, field) +1
_Static_assert(LF_STATS_WRITTEN_FOR == ST__MAX, "lf_stats.h is of another STAT_LIST: make regen");
_Static_assert(0 LF_ITEM_STATS(COUNT_) LF_ITEM_HUNDREDTHS(COUNT_) == ST__MAX,
               "a stat without its field in struct lf_item: make regen");
#undef COUNT_

/* A copy of s, or NULL for NULL; *oom set when the copy fails. */
static const char *dup(const char *s, int *oom)
{
	char *d = s ? strdup(s) : NULL;
	if (s && !d)
		*oom = 1;
	return d;
}

/* The strings the item owns; the kind and slot names are the library's
 * constants, never freed. */
static void item_strings_free(struct lf_item *o)
{
	for (size_t i = 0; o->parts && i < o->n_parts; i++) {
		free((char *)o->parts[i].part);
		free((char *)o->parts[i].word);
	}
	free((struct lf_part *)o->parts);
	free((char *)o->name);
	free((char *)o->code);
	free((char *)o->spell);
	free((char *)o->given_name);
	free((char *)o->description);
}

/* The part's name as the JSON's key: "tube-quality" is tube_quality. */
static const char *part_key(enum part p, int *oom)
{
	char *k = (char *)dup(part_names[p], oom);
	for (char *c = k; c && *c; c++)
		if (*c == '-')
			*c = '_';
	return k;
}

static void add_part(struct lf_part *to, size_t *n, enum part p, const struct entry *e, int *oom)
{
	to[*n].part = part_key(p, oom);
	to[*n].word = e ? dup(e->word, oom) : NULL;
	(*n)++;
}

/* The kind's parts in the JSON's order (render_json.c's jw_parts). */
static void fill_parts(const struct item *it, const struct recipe *r, struct lf_item *o, int *oom)
{
	unsigned parts = r ? r->parts : 0;
	struct lf_part *to = calloc(P__MAX + 1, sizeof *to);
	size_t n = 0;

	if (!to) {
		*oom = 1;
		return;
	}
	for (unsigned left = parts; left; left &= left - 1) {
		enum part p = (enum part)__builtin_ctz(left);
		if (p != P_ELEMENT) {
			add_part(to, &n, p, it->part[p], oom);
			continue;
		}
		if (it->part[P_ELEMENT] || !it->element2)
			add_part(to, &n, p, it->part[P_ELEMENT], oom);
		if (it->element2)
			add_part(to, &n, p, it->element2, oom);
	}
	o->parts = to;
	o->n_parts = n;
}

/* Fills o from it. 0, or -1 when out of memory (o's strings then freed). */
static int to_struct(const struct item *it, struct lf_item *o)
{
	const struct recipe *r = recipe_for(it->kind);
	int oom = 0;

	memset(o, 0, sizeof *o);
	o->kind = it->kind >= 0 && it->kind < K__MAX ? kind_names[it->kind] : "?";
	o->name = dup(it->name, &oom);
	o->seed = it->seed;
	o->tier = it->tier;
	o->slot = it->slot > SLOT_NONE && it->slot < SLOT__MAX ? slot_idents[it->slot] : NULL;
#define FILL_(id, field) o->field = (int)it->stat[id];
	LF_ITEM_STATS(FILL_)
#undef FILL_
#define FILL_(id, field) o->field = (double)it->stat[id] / 100.0;
	LF_ITEM_HUNDREDTHS(FILL_)
#undef FILL_
	o->str = it->str;
	o->plus = it->plus;
	o->masterwork = it->masterwork != 0;
	o->value = item_value(it);
	o->code = it->code[0] ? dup(it->code, &oom) : NULL;
	o->charges = -1;
	if (recipe_step(r, OP_SPELL) && it->spell) {
		o->spell = dup(it->spell->s.name, &oom);
		o->spell_level = it->spell->s.level;
		o->spell_mana = it->spell->s.mana;
	}
	if (recipe_step(r, OP_CHARGES))
		o->charges = it->charges;
	if (r && r->blueprint) {
		char text[SCROLL_TEXT_MAX];
		o->given_name = it->given[0] ? dup(it->given, &oom) : NULL;
		if (scroll_description(it, text, sizeof text) < 0)
			oom = 1;
		else
			o->description = dup(text, &oom);
	}
	o->rarity = render_rarity(it->str);
	fill_parts(it, r, o, &oom);
	if (oom) {
		item_strings_free(o);
		return -1;
	}
	return 0;
}

int lf_item_from_code(const struct lf_catalog *c, const char *code, struct lf_item **out,
                      const char **why)
{
	struct coded_item ci;
	struct lf_item *o;

	*out = NULL;
	if (lfi_coded(c, code, strlen(code), &ci, why) != 0)
		return -1;
	o = malloc(sizeof *o);
	int rc = o ? to_struct(&ci.item, o) : -1;
	itemlink_release(&ci);
	if (rc != 0) {
		free(o);
		*why = "out of memory";
		return -1;
	}
	*out = o;
	return 0;
}

int lf_item_generate(const struct lf_catalog *c, const char *query, struct lf_item **itemsp,
                     size_t *n, const char **field, const char **why)
{
	struct form *f;
	struct item *items;
	struct lf_item *o;
	size_t done = 0;

	*itemsp = NULL;
	*n = 0;
	if (lfi_generate(c, query, &f, &items, field, why) != 0)
		return -1;
	size_t count = (size_t)f->count;
	if ((o = calloc(count, sizeof *o)) != NULL)
		while (done < count && to_struct(&items[done], &o[done]) == 0)
			done++;
	free(items);
	free(f);
	if (done < count) {
		lf_items_free(o, done);
		*why = "out of memory";
		return -1;
	}
	*itemsp = o;
	*n = count;
	return 0;
}

const struct lf_item *lf_item_at(const struct lf_item *items, size_t i)
{
	return items ? &items[i] : NULL;
}

void lf_items_free(struct lf_item *items, size_t n)
{
	for (size_t i = 0; items && i < n; i++)
		item_strings_free(&items[i]);
	free(items);
}

void lf_item_free(struct lf_item *item)
{
	lf_items_free(item, 1);
}
