/* The shipped treasure budgets as the daemon loads them: the 20 rows of
 * migration 0017 ("(level, budget, tier, empty, items, hoard, items_max,
 * gem, art, @rev)"), read from the file itself, for the dungeon's unit
 * tests. Run from the project root. */
#ifndef LOOTFORGE_BUDGETS_FIXTURE_H
#define LOOTFORGE_BUDGETS_FIXTURE_H

#include <stdint.h>
#include <stdio.h>

#include "dungeon.h"

#define BUDGETS_MIGRATION "sql/migrations/0017_dungeon_treasure.sql"

/* Fills out[0..DUNGEON_LEVEL_MAX) with the levels' rows, ids 1..20 in the
 * file's order, all added at revision 1. 0, or -1 when the file is missing
 * or holds fewer rows. */
static inline int budgets_load(struct dungeon_budget out[DUNGEON_LEVEL_MAX])
{
	char line[256];
	size_t n = 0;
	FILE *f = fopen(BUDGETS_MIGRATION, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f) && n < DUNGEON_LEVEL_MAX) {
		unsigned v[9];
		if (sscanf(line, " (%u, %u, %u, %u, %u, %u, %u, %u, %u, @rev)", &v[0], &v[1], &v[2],
		           &v[3], &v[4], &v[5], &v[6], &v[7], &v[8]) != 9)
			continue;
		out[n] = (struct dungeon_budget){.id = (uint32_t)n + 1,
		                                 .level = (int)v[0],
		                                 .budget_per_room = v[1],
		                                 .tier = (int)v[2],
		                                 .empty_pct = (int)v[3],
		                                 .items_pct = (int)v[4],
		                                 .hoard_pct = (int)v[5],
		                                 .items_max = (int)v[6],
		                                 .gem_value = v[7],
		                                 .art_value = v[8],
		                                 .added_rev = 1};
		n++;
	}
	fclose(f);
	return n == DUNGEON_LEVEL_MAX ? 0 : -1;
}

#endif
