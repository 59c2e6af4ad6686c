/* lootforge.h: the item generator as a C library (liblootforge.so and .a),
 * the one header a game includes (docs/library.md, lootforge(3)). It reads
 * the catalog the site exports (GET /catalog.json, or ?rev=R) and makes,
 * byte for byte, the JSON the site answers: an item by its permanent code,
 * items from the site's own form fields, a map; and the same as plain C
 * structs. Build with
 *     cc game.c $(pkg-config --cflags --libs lootforge)
 * (statically: -llootforge -ljansson -lunistring -lm -pthread). Only the
 * lf_ and lootforge_ names are exported. Thread-safe: a loaded catalog is
 * never written again. */
#ifndef LOOTFORGE_PUBLIC_H
#define LOOTFORGE_PUBLIC_H

#include <stddef.h>
#include <stdint.h>

#include "version.h" /* LOOTFORGE_VERSION_MAJOR, _MINOR, _PATCH, LOOTFORGE_VERSION */

#ifdef __cplusplus
extern "C" {
#endif

/* The library's version, "MAJOR.MINOR.PATCH": the one it was built as,
 * which may be later than the header a program was compiled with (same
 * MAJOR: docs/library.md). */
const char *lootforge_version(void);

struct lf_catalog;

/* The catalog in an export (len bytes of JSON). NULL with *why (a static
 * English phrase) when the text is not one. Free with lf_catalog_free. */
struct lf_catalog *lf_catalog_load(const char *json, size_t len, const char **why);
uint64_t lf_catalog_revision(const struct lf_catalog *c);
void lf_catalog_free(struct lf_catalog *c);

/* The item whose code is `code`, as the site's /item/CODE?format=json
 * answers it. The code must be of this catalog's revision. 0 with *out
 * (NUL-terminated, the caller frees it), or -1 with *why. */
int lf_item_json(const struct lf_catalog *c, const char *code, char **out, const char **why);

/* Items from the site's form fields as a query string ("kind=armor&tier=3&
 * seed=42&count=5"; SPEC §5, docs/form.md), as /generate?...&format=json
 * answers them; without seed= a fresh random one. 0 with *out (free it),
 * or -1 with *why and *field (the field at fault, NULL if none). */
int lf_generate_json(const struct lf_catalog *c, const char *query, char **out, const char **field,
                     const char **why);

/* SPEC §7's price: base gold x mult[i]/100 for each part x the plus factor
 * (plus 0..5) x the condition (0 none, 1 worse, 2 better, 3 masterwork),
 * rounded half up, at least 1. The items' JSON carries it as "value". */
uint64_t lf_price(uint32_t base, const uint32_t *mult, size_t n, int plus, int condition);

/* ---- Plain C structs (docs/library.md, "Structs") ----------------------
 * The same answers as C values, for a game that has no JSON parser. Each
 * struct the library allocates owns its strings, refers to nothing of the
 * catalog (it may outlive it) and is freed by its _free function only;
 * fields are only ever added at the end (docs/library.md, "Versions"). */

/* An item: the members of its JSON (SPEC §5) as C values. */
struct lf_item {
	const char *kind; /* "weapon", "armor", "shield", "trinket", "scroll", "wand" */
	const char *name; /* UTF-8, title case */
	uint64_t seed;
	int tier;
	const char *slot; /* "one_hand", "two_hands", "head", ...; NULL: never worn */
	/* SPEC §3's stats */
	int hands;
	double multiplier; /* as the JSON has it: 0.4 */
	int attack, defense, magic, flaming, freezing, shocking, holy, evil, sneak, crit;
	int str;
	int plus;         /* 0..5 */
	int masterwork;   /* 0 or 1 */
	uint64_t value;   /* gold pieces (lf_price) */
	const char *code; /* the permanent code (/item/CODE); NULL when it has none */
	/* SPEC §8, scrolls and wands */
	const char *spell;           /* the spell's name; NULL: none, or another kind */
	int spell_level, spell_mana; /* 0 without a spell */
	int charges;                 /* a wand's; -1 for the other kinds */
	const char *given_name;      /* a scroll's given name; NULL when none */
	const char *description;     /* a scroll's description; NULL for the other kinds */
	/* the JSON's "rarity" and "parts" */
	const char *rarity; /* "common", "uncommon", "rare", "epic" or "legendary" */
	size_t n_parts;
	const struct lf_part *parts; /* in the JSON's order */

	/* SPEC §3's stats that came after the first release, in the order they
	 * came: make regen writes them from STAT_LIST (tests/house/regen_lib.py) */
	/* BEGIN make regen: stats added since 0.9.0, never reordered */
	/* END make regen */
};

/* One word of an item's name: each part of its kind once, in the JSON's
 * order, with its word or NULL; the element once per word (1 or 2), or
 * once with NULL when it has none (the JSON's []). */
struct lf_part {
	const char *part; /* the JSON's key: "prefix", "tube_quality", ... */
	const char *word; /* NULL: the part has none */
};

/* The item of a code, as lf_item_json. 0 with *out (free it with
 * lf_item_free), or -1 with *why. */
int lf_item_from_code(const struct lf_catalog *c, const char *code, struct lf_item **out,
                      const char **why);

/* The items of a query, as lf_generate_json: 0 with *items, an array of *n
 * (1 without count=; free it with lf_items_free(*items, *n)), or -1 with
 * *why and *field (the field at fault, NULL if none). */
int lf_item_generate(const struct lf_catalog *c, const char *query, struct lf_item **items,
                     size_t *n, const char **field, const char **why);

/* Frees an item of lf_item_from_code (NULL: nothing). */
void lf_item_free(struct lf_item *item);
/* Frees an array of n items of lf_item_generate (NULL: nothing). */
void lf_items_free(struct lf_item *items, size_t n);

/* The i-th item of an array of lf_item_generate. Read items through it:
 * indexing items[i] uses the struct's size the program was compiled with,
 * which a later library's added fields make larger. */
const struct lf_item *lf_item_at(const struct lf_item *items, size_t i);

/* A dungeon map (SPEC §10, docs/maps.md), as /map?format=json has it. */
struct lf_map {
	const char *tileset;
	int w, h; /* tiles */
	uint64_t seed;
	int cw, ch; /* cells: 6w x 6h */
	/* ch rows of cw cells, '#' wall or '.' floor, each row ending in '\n'
	 * (the /map?format=text answer): cell (x, y) is cells[y * (cw + 1) + x] */
	const char *cells;
	const char *const *tiles; /* w x h tile names, row by row */
	/* loot= (docs/maps.md): one item a room, at most 100 */
	int loot_tier;  /* -1: no loot asked for; else the tier (0 = any) */
	size_t n_rooms; /* rooms the map has (0 without loot=) */
	size_t n_loot;
	const struct lf_map_loot *loot;
};

/* An item lying in a map's room, as /map's JSON "loot" has it: read the
 * whole item with lf_item_from_code(code). */
struct lf_map_loot {
	int x, y;   /* its tile */
	int cx, cy; /* the floor cell it lies on */
	const char *kind, *name, *rarity;
	const char *code; /* NULL: an item without a code (its kind has no codes) */
};

/* The map of /map's fields as a query string ("w=20&h=12&tileset=ruins&
 * seed=7&loot=3"; docs/maps.md), from the tiles in the catalog export;
 * without seed= a fresh random one. 0 with *out
 * (free it with lf_map_free), or -1 with *why and *field (NULL if none). */
int lf_map_generate(const struct lf_catalog *c, const char *query, struct lf_map **out,
                    const char **field, const char **why);
void lf_map_free(struct lf_map *m);

/* The same map as /map?...&format=json answers it, byte for byte: 0 with
 * *out (NUL-terminated; the caller frees it), or -1 as lf_map_generate. */
int lf_map_json(const struct lf_catalog *c, const char *query, char **out, const char **field,
                const char **why);

/* A keyed dungeon (SPEC §13, docs/dungeons.md) of /dungeon's fields as a
 * query string ("w=12&h=8&seed=7&tileset=plain&level=4&hallways=50"), as
 * /dungeon?...&format=json answers it, byte for byte: its rooms, doors,
 * stairs and key, each room's items with their /item/CODE links and
 * treasure. Needs the current catalog export (without rev=: it carries
 * the tiles and the treasure budgets); the code is of its revision.
 * Without seed= a fresh random one. 0 with *out (NUL-terminated; the
 * caller frees it), or -1 with *why and *field (NULL if none). */
int lf_dungeon_json(const struct lf_catalog *c, const char *query, char **out, const char **field,
                    const char **why);

/* The same dungeon as /dungeon?...&format=text answers it: the map, a
 * summary and the key a room a line. As lf_dungeon_json. */
int lf_dungeon_text(const struct lf_catalog *c, const char *query, char **out, const char **field,
                    const char **why);

/* The same dungeon as C values, for a game that walks it (docs/library.md,
 * "Keyed dungeons as structs"; examples/crawl): an opaque dungeon read by
 * the accessors below, which owns everything they point at and refers to
 * nothing of the catalog. Cells are addressed (x, y), 0 <= x < width,
 * 0 <= y < height; rooms and doors are numbered from 1, as in the key. */
struct lf_dungeon;

/* A room and what it holds: the JSON's room. */
struct lf_room {
	int number;
	int x0, y0, x1, y1;   /* bounding box, cells, inclusive */
	int cells;            /* floor cells */
	const char *stock;    /* "empty", "items" or "hoard" */
	uint64_t coins;       /* gp */
	uint64_t hoard;       /* gp in coins, gems and art */
	const char *treasure; /* the coins, gems and art as the key's words; "" when none */
	uint64_t total;       /* gp: the hoard and the items' values */
	size_t n_items;
	const char *const *items;       /* n_items codes (lf_item_from_code); NULL: not made */
	const char *const *item_names;  /* n_items names, as the key writes them */
	const char *description;        /* sentences; "" when none */
	const char *occupants;          /* "6 kobolds"; "" when none */
	const char *trap, *trap_effect; /* NULL when none */
};

/* A door: the run of cell sides where a hallway meets a room, from
 * (x0, y0) to (x1, y1) on the grid lines (vertical when x0 == x1); (x, y)
 * its first hallway cell, where the text draws '+'. */
struct lf_door {
	int number;
	int x0, y0, x1, y1;
	int x, y;
	int room;
	const char *state; /* "open", "closed", "locked", "stuck", "trapped" or "secret" */
};

/* The dungeon of a query, as lf_dungeon_json: 0 with *out (free it with
 * lf_dungeon_free), or -1 with *why and *field (NULL if none). */
int lf_dungeon_make(const struct lf_catalog *c, const char *query, struct lf_dungeon **out,
                    const char **field, const char **why);
void lf_dungeon_free(struct lf_dungeon *d);

const char *lf_dungeon_code(const struct lf_dungeon *d); /* its permanent code (/dungeon/CODE) */
int lf_dungeon_level(const struct lf_dungeon *d);
int lf_dungeon_width(const struct lf_dungeon *d);      /* cells */
int lf_dungeon_height(const struct lf_dungeon *d);     /* cells */
uint64_t lf_dungeon_total(const struct lf_dungeon *d); /* gp in all the rooms */

/* Cell (x, y): '#' wall (also outside the map), '.' hallway floor, 'r'
 * room floor. */
int lf_dungeon_cell(const struct lf_dungeon *d, int x, int y);
/* The room cell (x, y) is in, or 0 (a hallway, a wall, outside). */
int lf_dungeon_room_at(const struct lf_dungeon *d, int x, int y);
/* The door whose hallway side holds cell (x, y), or 0. */
int lf_dungeon_door_at(const struct lf_dungeon *d, int x, int y);

int lf_dungeon_rooms(const struct lf_dungeon *d);
const struct lf_room *lf_dungeon_room(const struct lf_dungeon *d, int number); /* NULL: none */
int lf_dungeon_doors(const struct lf_dungeon *d);
const struct lf_door *lf_dungeon_door(const struct lf_dungeon *d, int number); /* NULL: none */

/* The stairs' cells; each pointer may be NULL. */
void lf_dungeon_stairs(const struct lf_dungeon *d, int *up_x, int *up_y, int *down_x, int *down_y);

/* A loadout's totals (SPEC §9, docs/loadout.md): the "totals" of
 * /loadout?format=json, the character's base= values plus the worn items'
 * bonuses, for each stat that adds up (hands and the multiplier do not);
 * str is the character's own (base=): the worn items' strength (their
 * affix points) is never added into it (lf_loadout_make's item_str).
 * Filled in the caller's struct, which therefore never grows: nothing to
 * free. */
struct lf_totals {
	int64_t attack, defense, magic, flaming, freezing, shocking, holy, evil, sneak, crit;
	int64_t str;
	uint64_t value; /* gold pieces of the worn items */
	unsigned worn;  /* items worn */
};

/* The totals of /loadout's address as a query string
 * ("item=CODE:main-hand&item=CODE:head&item=CODE&base=attack:3,str:10";
 * codes of this catalog's revision). 0, or -1 with *why and *field (NULL
 * if none). */
int lf_loadout_totals(const struct lf_catalog *c, const char *query, struct lf_totals *out,
                      const char **field, const char **why);

/* The same loadout with what /loadout?format=json adds to its totals,
 * allocated by the library (so later versions may add fields): free it
 * with lf_loadout_free. 0 with *out, or -1 as lf_loadout_totals. */
struct lf_loadout {
	struct lf_totals totals;
	int64_t item_str; /* the worn items' strength (/loadout's "item_str") */

	/* the totals of the stats that add up and came after the first release
	 * (struct lf_totals never grows): make regen writes them, as lf_item's */
	/* BEGIN make regen: stats added since 0.9.0, never reordered */
	/* END make regen */
};
int lf_loadout_make(const struct lf_catalog *c, const char *query, struct lf_loadout **out,
                    const char **field, const char **why);
void lf_loadout_free(struct lf_loadout *l);

/* ---- Treasure (SPEC §16, docs/treasure.md) ----------------------------- */

/* Treasure on its own, of /treasure's fields as a query string
 * ("level=5&type=hoard&party=4&seed=7"; type hoard or individual, party 1
 * to 8), as /treasure?...&format=json answers it, byte for byte: its
 * coins by denomination, gems, art objects and items (with stats and
 * value), its total in gold pieces and its permanent code. Needs the
 * current catalog export (without rev=: it carries the treasure budgets).
 * Without seed= a fresh random one. 0 with *out (NUL-terminated; the
 * caller frees it), or -1 with *why and *field (NULL if none). */
int lf_treasure_json(const struct lf_catalog *c, const char *query, char **out,
                     const char **field, const char **why);

/* The same treasure as /treasure?...&format=text and format=csv answer
 * it. As lf_treasure_json. */
int lf_treasure_text(const struct lf_catalog *c, const char *query, char **out,
                     const char **field, const char **why);
int lf_treasure_csv(const struct lf_catalog *c, const char *query, char **out,
                    const char **field, const char **why);

#ifdef __cplusplus
}
#endif

#endif
