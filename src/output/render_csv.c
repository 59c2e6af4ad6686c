/* render_csv: a batch of items as CSV (docs/library.md, "CSV"), for loot
 * tables kept in spreadsheets: one header row, one row an item, the
 * members of the item's JSON that are one value each, in the JSON's order
 * and spelling, then the columns added since (rarity, the spell's level
 * and mana), last so that a sheet's columns keep their places. Parts and
 * unhonoured words (lists) stay in the JSON. */
#include "render.h"

#include <string.h>

#include "csv.h"
#include "decimal.h"
#include "scroll.h"
#include "value.h"

static const char *const tail_columns[] = {"str", "plus", "masterwork", "value", "spell", "charges",
                                           "given_name", "description", "code", "link",
                                           /* later additions: after the columns a
                                            * spreadsheet already reads */
                                           "rarity", "spell_level", "spell_mana", NULL};

static int header(struct buf *b)
{
	static const char *const head[] = {"kind", "name", "seed", "tier", "slot"};
	int err = 0;

	for (size_t i = 0; i < sizeof head / sizeof head[0]; i++)
		err |= csv_text(b, head[i], i == 0);
	for (int s = 0; s < ST__MAX; s++)
		err |= csv_text(b, stat_names[s], 0);
	for (size_t i = 0; tail_columns[i]; i++)
		err |= csv_text(b, tail_columns[i], 0);
	return err | csv_end(b);
}

/* The item's page: /item/CODE, else the inputs and the seed. */
static int link(struct buf *b, struct buf *scratch, const struct form *f, const struct item *it)
{
	buf_reset(scratch);
	if (it->code[0] ? buf_puts(scratch, "/item/") != 0 || buf_puts(scratch, it->code) != 0
	                : form_link(f, it->seed, scratch) != 0)
		return -1;
	return csv_text(b, scratch->data, 0);
}

static int row(struct buf *b, struct buf *scratch, const struct form *f, const struct item *it)
{
	char seed[DECIMAL_MAX], text[SCROLL_TEXT_MAX];
	const struct recipe *r = recipe_for(it->kind);
	int err = 0;

	err |= csv_text(b, it->kind >= 0 && it->kind < K__MAX ? kind_names[it->kind] : "?", 1);
	err |= csv_text(b, it->name, 0);
	err |= csv_text(b, decimal_u64(it->seed, seed), 0);
	err |= csv_int(b, it->tier, 0);
	err |= csv_text(
	        b, it->slot > SLOT_NONE && it->slot < SLOT__MAX ? slot_idents[it->slot] : NULL, 0);
	for (int s = 0; s < ST__MAX; s++)
		err |= s == ST_MULTIPLIER ? csv_hundredths(b, it->stat[s], 0)
		                          : csv_int(b, it->stat[s], 0);
	err |= csv_int(b, it->str, 0);
	err |= csv_int(b, it->plus, 0);
	err |= csv_text(b, it->masterwork ? "true" : "false", 0);
	err |= csv_int(b, (int64_t)item_value(it), 0);
	err |= csv_text(b, recipe_step(r, OP_SPELL) && it->spell ? it->spell->s.name : NULL, 0);
	err |= recipe_step(r, OP_CHARGES) ? csv_int(b, it->charges, 0) : csv_text(b, NULL, 0);
	err |= csv_text(b, r && r->blueprint && it->given[0] ? it->given : NULL, 0);
	if (r && r->blueprint && scroll_description(it, text, sizeof text) < 0)
		return -1;
	err |= csv_text(b, r && r->blueprint ? text : NULL, 0);
	err |= csv_text(b, it->code[0] ? it->code : NULL, 0);
	err |= link(b, scratch, f, it);
	err |= csv_text(b, render_rarity(it->str), 0);
	int spelled = recipe_step(r, OP_SPELL) && it->spell;
	err |= spelled ? csv_int(b, it->spell->s.level, 0) : csv_text(b, NULL, 0);
	err |= spelled ? csv_int(b, it->spell->s.mana, 0) : csv_text(b, NULL, 0);
	return err | csv_end(b);
}

int render_csv_items(const struct form *f, const struct item *items, size_t n, struct buf *out)
{
	struct buf scratch;
	int err = header(out);

	buf_init(&scratch);
	for (size_t i = 0; i < n && !err; i++)
		err = row(out, &scratch, f, &items[i]);
	buf_free(&scratch);
	return err || out->oom ? -1 : 0;
}
