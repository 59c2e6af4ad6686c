/* keyed: a keyed dungeon made from its code (docs/dungeons.md): the one
 * recipe that /dungeon and the library both run: the tiles of the
 * tileset at the code's revision weighed by its hallways, the map, the
 * rooms, doors and stairs, the treasure budget of its level, and each
 * room's items rolled from the catalog at that revision, each with its
 * permanent link. */
#ifndef LOOTFORGE_KEYED_H
#define LOOTFORGE_KEYED_H

#include "arena.h"
#include "catalog.h"
#include "dress.h"
#include "dungeon.h"
#include "dungeoncode.h"
#include "item.h"
#include "itemcode.h"
#include "mapgen.h"

/* An item of the key, rolled: what the page shows of it, and the item
 * itself for the JSON of a version-2 code (docs/dungeons.md). */
struct key_item {
	enum kind kind;
	int tier;
	int made; /* 0: a kind the catalog cannot make ("(no wand in the catalog)") */
	char name[ITEM_NAME_MAX];
	char link[ITEMCODE_MAX + 16];
	const char *rarity;
	struct item item; /* when made */
	/* version 4, when made: its value in gp and its stats as words
	 * ("attack 3, defense 1"; "" when none) */
	uint64_t value;
	char stats[160];
};

/* Rolls the planned item di from icat into ki, linked by an item code of
 * item_version (its /item/CODE; the generator's address when it has
 * none); a kind icat cannot make is named "(no wand in the catalog)",
 * not made. f and b are the caller's scratch (a form read from nothing, a
 * buffer). Returns 0. */
struct form;
struct buf;
int key_item_roll(const struct catalog *icat, const struct dungeon_item *di, int item_version,
                  struct key_item *ki, struct form *f, struct buf *b);

/* ki's value in gp and its stats as words into ki (0 and "" when not
 * made). Returns the value. */
uint64_t key_item_worth(struct key_item *ki);

/* Everything one answer draws from. */
struct keyed {
	struct dungeon *d;
	struct map *m;
	struct key_item *items; /* room by room, in order */
	size_t n_items;
	/* the catalog the items were rolled from, held while they are: an
	 * item points at its words and spell */
	const struct catalog *icat;
	struct dungeoncode code;
	char code_text[DUNGEONCODE_MAX];
	/* From version 4 (NULL before): each door's state, each room's
	 * description, occupants and trap, the hallways' traps, drawn from the
	 * dressing rows of the code's revision (dress.h), which point into
	 * dcat, held while they are. */
	struct dress *dress;
	const struct catalog *dcat;
	/* version 4, with the items: each room's worth in gp (coins, gems,
	 * art and its items' values; 1..n_rooms) and the dungeon's */
	uint64_t *room_total;
	uint64_t total;
};

/* Whether tileset t is offered for dungeons made now (code version 4): it
 * has a hallway piece. A tileset of room pieces only (`ruins`) makes one
 * great room with no doors, both stairs in room 1; older codes of it keep
 * answering. */
int dungeon_tileset_offered(const struct catalog_tileset *t);

/* Makes the dungeon of code c from the current catalog cur into *k: the
 * items too when with_items (the pictures show none: rolling a 30 x 30
 * level-20 dungeon's ~250 items was a tenth of its PNG's CPU; the catalog
 * at the code's revision is still asked for, so that every format answers
 * the same status). Returns 0 (free *k with dungeon_keyed_free), or the
 * status the site answers with *field (NULL: none) and *msg: 400 (a
 * tileset the catalog does not have; the message, listing those it has,
 * from the arena a), 422 (the tileset cannot tile the grid, or no
 * treasure budget for the level at that revision), 503 (no budget or
 * catalog yet) or 500. Per thread it keeps its last weighed tileset. */
int dungeon_make_keyed(struct arena *a, const struct catalog *cur, const struct dungeoncode *c,
                       int with_items, struct keyed *k, const char **field, const char **msg);

/* Releases what dungeon_make_keyed made (the catalog it held included). */
void dungeon_keyed_free(struct keyed *k);

#endif
