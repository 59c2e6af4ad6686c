/* catalog_int: the inside of the catalog module, shared by its two files:
 * catalog.c (building, finishing, the current catalog) and catalog_at.c
 * (catalogs at older revisions, derived from the current one's rows). */
#ifndef LOOTFORGE_CATALOG_INT_H
#define LOOTFORGE_CATALOG_INT_H

#include "catalog.h"

/* Words are copied into large chunks rather than one malloc each: with a
 * hundred thousand rows the per-allocation overhead would be a third of the
 * catalog's memory. */
#define WORD_CHUNK 65536
struct word_chunk {
	struct word_chunk *next;
	size_t used, cap;
	char text[];
};

/* Rows are appended into a growable array per table; `cap` lives beside the
 * table in a parallel array so that struct table stays what readers need. */
struct pending_tile {
	const char *tileset;
	size_t seq; /* the order it was added in */
	struct map_tile t;
};

struct catalog_build {
	size_t cap[K__MAX][P__MAX];
	size_t cap_old[K__MAX][P__MAX];
	struct word_chunk *words;
	/* Tiles as added, grouped into tilesets by catalog_finish. */
	struct pending_tile *tiles;
	size_t n_tiles, cap_tiles;
	size_t cap_spells, cap_old_spells, cap_names, cap_old_names;
	size_t cap_classes, cap_old_classes, cap_settings, cap_old_settings;
	/* A catalog at an old revision (catalog_at) shares its words, keys,
	 * spell and training names with the catalog it was derived from, held
	 * here until it is freed; and that one's name chain when the training
	 * names are the same (chain_shared: not its to free). */
	const struct catalog *base;
	int chain_shared;
	/* A current catalog's retired rows in key order and in id order (made
	 * by catalog_finish), so that build_at merges them with the live rows
	 * (already in those orders) instead of sorting. */
	const struct entry **old_by_key[K__MAX][P__MAX], **old_by_id[K__MAX][P__MAX];
};

/* What catalog.c keeps private, for catalog_at.c to build from (catalog.c). */
struct catalog_build *catalog_build_of(struct catalog *c);
void *catalog_grow_any(void **items, size_t size, size_t *n, size_t *cap);
int catalog_rev_at(uint64_t added, uint64_t retired, uint64_t rev);
int catalog_build_tilesets(struct catalog *c);
int catalog_build_list(struct table *t, int tier);
int catalog_build_chain(struct catalog *c);
int catalog_apply_classes(struct catalog *c);
int catalog_spell_order(const void *a, const void *b);
int catalog_name_order(const void *a, const void *b);
int catalog_class_order(const void *a, const void *b);
int catalog_setting_order(const void *a, const void *b);
/* Drops the cached older catalogs whose base is not cur (NULL: all). */
void catalog_old_drop_stale(const struct catalog *cur);

#endif
