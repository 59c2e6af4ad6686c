/* Writes the unit tests' fixture catalog, with the shipped tilesets,
 * treasure budgets and dungeon dressing, as a catalog export (what GET
 * /catalog.json answers) on stdout: the catalog test-kit's programs load,
 * without a site (keyed dungeons need the budgets; the dressing gives their
 * doors states and their rooms descriptions). Run from the project root. */
#include <stdio.h>
#include <stdlib.h>

#include "catalog_export.h"
#include "budgets_fixture.h"
#include "dress_fixture.h"
#include "fixture.h"
#include "tiles_fixture.h"

static struct tiles_set sets[TILESETS_MAX];
static struct dress_row dress[DRESS_ROWS_MAX];

int main(void)
{
	size_t n_sets = 0;
	struct dungeon_budget budgets[DUNGEON_LEVEL_MAX];
	struct catalog *c = catalog_new(7);
	int n_dress = dress_load(dress, DRESS_ROWS_MAX);

	if (!c || tiles_load(sets, &n_sets) != 0 || budgets_load(budgets) != 0 || n_dress <= 0)
		return 1;
	for (int i = 0; i < DUNGEON_LEVEL_MAX; i++)
		if (catalog_add_budget(c, &budgets[i]) != 0)
			return 1;
	for (int i = 0; i < n_dress; i++)
		if (catalog_add_dress(c, &dress[i]) != 0)
			return 1;
	for (size_t i = 0; i < sizeof fixture_rows / sizeof fixture_rows[0]; i++) {
		struct entry e = fixture_entry(&fixture_rows[i], (uint32_t)i + 1);
		if (catalog_add(c, K_WEAPON, fixture_rows[i].part, &e) < 0)
			return 1;
	}
	fixture_add_kinds(c);
	fixture_add_magic(c);
	for (size_t s = 0; s < n_sets; s++)
		for (size_t i = 0; i < sets[s].n; i++)
			if (catalog_add_tile(c, sets[s].name, &sets[s].tiles[i]) != 0)
				return 1;
	if (catalog_finish(c) != 0)
		return 1;
	json_t *j = catalog_export_json(c);
	/* at the catalog's own revision, as GET /catalog.json writes it */
	if (!j || catalog_export_add_tiles_at(j, c, c->revision) != 0 ||
	    catalog_export_add_budgets(j, c, c->revision) != 0 ||
	    json_dumpf(j, stdout, JSON_COMPACT) != 0)
		return 1;
	json_decref(j);
	catalog_free(c);
	(void)fixture_catalog;
	return 0;
}
