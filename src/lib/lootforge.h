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
};

/* The map of /map's fields as a query string ("w=20&h=12&tileset=ruins&
 * seed=7"; docs/maps.md; loot= is not offered here yet), from the tiles
 * in the catalog export; without seed= a fresh random one. 0 with *out
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

/* A loadout's totals (SPEC §9, docs/loadout.md): the "totals" of
 * /loadout?format=json, the character's base= values plus the worn items'
 * bonuses, for each stat that adds up (hands and the multiplier do not).
 * Filled in the caller's struct: nothing to free. */
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
