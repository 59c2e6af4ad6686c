/* The shipped tilesets as the daemon loads them: the rows of migration 0007
 * ("('set', 'name', 'pattern', n, e, s, w, weight)"), read from the file
 * itself, for the map generator's unit test and benchmark. Run from the
 * project root. */
#ifndef LOOTFORGE_TILES_FIXTURE_H
#define LOOTFORGE_TILES_FIXTURE_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "mapgen.h"

#define TILES_MIGRATION "sql/migrations/0007_map_tiles.sql"
#define TILESETS_MAX    4

struct tiles_set {
	char name[32];
	struct map_tile tiles[MAP_TILES_MAX];
	char names[MAP_TILES_MAX][64];
	size_t n;
	struct map_tileset ts;
};

/* Fills sets[0..*n) from the tile rows of migration `path`, each tileset
 * checked and grouped. 0, or -1 (with the reason on stderr). */
static int tiles_load_file(const char *path, struct tiles_set *sets, size_t *n_sets)
{
	char line[512], set[32], name[64], pattern[40], why[MAP_WHY_MAX];
	unsigned e[4], weight;
	FILE *f = fopen(path, "r");

	*n_sets = 0;
	if (!f) {
		fprintf(stderr, "cannot read %s (run from the project root)\n", path);
		return -1;
	}
	while (fgets(line, sizeof line, f)) {
		if (sscanf(line, " ('%31[^']', '%63[^']', '%39[^']', %u, %u, %u, %u, %u)", set,
		           name, pattern, &e[0], &e[1], &e[2], &e[3], &weight) != 8)
			continue;
		size_t i = 0;
		while (i < *n_sets && strcmp(sets[i].name, set) != 0)
			i++;
		if (i == *n_sets) {
			if (*n_sets == TILESETS_MAX)
				break;
			snprintf(sets[(*n_sets)++].name, sizeof sets[0].name, "%s", set);
		}
		struct tiles_set *s = &sets[i];
		if (s->n == MAP_TILES_MAX || strlen(pattern) != 36)
			break;
		struct map_tile *t = &s->tiles[s->n];
		snprintf(s->names[s->n], sizeof s->names[0], "%s", name);
		t->name = s->names[s->n];
		memcpy(t->cell, pattern, 36);
		for (int k = 0; k < 4; k++)
			t->edge[k] = (uint8_t)e[k];
		t->weight = weight;
		s->n++;
	}
	fclose(f);
	for (size_t i = 0; i < *n_sets; i++)
		if (map_tileset_init(&sets[i].ts, sets[i].tiles, sets[i].n, why) != 0) {
			fprintf(stderr, "%s: %s\n", sets[i].name, why);
			return -1;
		}
	return *n_sets ? 0 : -1;
}

/* The tilesets of migration 0007. */
static inline int tiles_load(struct tiles_set *sets, size_t *n_sets)
{
	return tiles_load_file(TILES_MIGRATION, sets, n_sets);
}

#endif
