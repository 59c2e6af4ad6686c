/* catalog_export: the catalog at one revision as JSON (docs/items.md), the
 * answer of GET /catalog.json and what the lootforge library loads: every
 * row of every table with its id, stats, weight, tiers, slot, value; the
 * spells with their effects and their sentence; the Markov training names. */
#ifndef LOOTFORGE_CATALOG_EXPORT_H
#define LOOTFORGE_CATALOG_EXPORT_H

#include <stddef.h>

#include <jansson.h>

#include "catalog.h"

#define CATALOG_EXPORT_VERSION 1

/* The export of c (its own revision's rows); NULL when out of memory. */
json_t *catalog_export_json(const struct catalog *c);

/* Adds "tilesets" to an export: the map tiles (docs/maps.md), tileset by
 * tileset, each one's tiles in the order a map's seed depends on, so the
 * library draws the site's maps offline: c's live tilesets. 0, or -1 when
 * out of memory. */
int catalog_export_add_tiles(json_t *root, const struct catalog *c);

/* The same for the catalog at revision rev, from cur's tile rows (each
 * with its revisions, migration 0017): the tiles a dungeon of revision rev
 * draws from, so that the export at a revision, asked for with rev= or as
 * the current one, is the same catalog and never changes. A catalog
 * without tile rows (a database before 0017) has its live tilesets at its
 * own revision and none at an older one; with no tile at rev the key is
 * left out. Also adds "dungeon_dressing": the dressing rows of the
 * catalog at rev (migration 0020; left out when there are none), so the
 * library dresses the dungeons of that revision as the site does.
 * 0, or -1 when out of memory. */
int catalog_export_add_tiles_at(json_t *root, const struct catalog *cur, uint64_t rev);

/* Adds "treasure_budgets" to an export: each level's treasure budget live
 * at revision rev (level order), from cur's rows, what the library needs
 * to key a dungeon offline; as with the tiles, the export at a revision is
 * the same with rev= or as the current one; left out when none is live.
 * 0, or -1 when out of memory. */
int catalog_export_add_budgets(json_t *root, const struct catalog *cur, uint64_t rev);

/* A dungeon_dressing row as the export and the disk copy write it:
 * [id, kind, name, plural, effect, level_min, level_max, number_min,
 * number_max, weight, added_rev, retired_rev]; NULL when out of memory. */
json_t *catalog_dress_json(const struct dress_row *r);

/* Such a row into c, checked as the database loader checks it: NULL, or
 * why not (a static phrase). A kind of a later build is skipped. */
const char *catalog_dress_read(json_t *v, struct catalog *c);

/* A finished catalog from an export (len bytes of text; "tilesets" read
 * when present), owned by the caller; NULL with *why (a static phrase) when it is not one. */
struct catalog *catalog_export_read(const char *text, size_t len, const char **why);

#endif
