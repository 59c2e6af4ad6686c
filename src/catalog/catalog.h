/* catalog: the affix tables held in memory. A catalog is built once
 * (catalog_new, catalog_add..., catalog_finish) and is immutable afterwards,
 * so every worker thread reads the same one without locks. The process keeps
 * one "current" catalog; a reload publishes a new one and the old one is freed
 * when its last reader releases it. */
#ifndef LOOTFORGE_CATALOG_H
#define LOOTFORGE_CATALOG_H

#include <stddef.h>
#include <stdint.h>

#include "dress.h"
#include "dungeon.h"
#include "mapgen.h"
#include "markov.h"
#include "recipe.h"
#include "spell.h"

struct entry {
	uint32_t id;
	const char *word; /* UTF-8, owned by the catalog */
	const char *key;  /* the word's lookup key (catalog_key), set by catalog_add */
	int32_t stat[ST__MAX];
	uint8_t active;
	uint8_t tier;        /* base types: 1..TIER_MAX; 0 for other parts */
	uint8_t tier_min;    /* affixes: rolled only for items of these tiers; */
	uint8_t tier_max;    /* 0 = no bound */
	uint8_t slot;        /* enum slot of a base type; SLOT_NONE = the kind's default */
	uint8_t mark;        /* enum mark: good or bad in SHAPE_MARKED tables, else MARK_NONE */
	uint32_t weight;     /* relative chance in random picks, >= 1 */
	uint32_t value;      /* base rows (P_TYPE): whole gold pieces, SPEC §7 */
	uint32_t value_mult; /* other parts: hundredths, 100 = x1.00 (0 read as 100) */
	/* SPEC §12: the row's classes at the catalog's revision, one bit per
	 * catalog class name (class_names): a material's class, the classes a
	 * type accepts, `worse` on a prefix. Set by catalog_finish from the
	 * class rows; 0 = none. */
	uint64_t classes;
	/* The change sets that added and retired the row (docs/items.md):
	 * it belongs to the catalog at revision R when added_rev <= R and
	 * (retired_rev == 0 or retired_rev > R). 0 and 0: always. */
	uint64_t added_rev, retired_rev;
};

/* A list of active rows to pick from, with running weight totals. */
struct pick_list {
	const struct entry **rows;
	uint64_t *cum; /* cum[i] = sum of weights of rows[0..i] */
	size_t n;
};

struct table {
	struct entry *rows; /* sorted by key (bytes) */
	size_t n;
	/* Active rows. For base types: by_tier[t] holds tier t (1..TIER_MAX),
	 * by_tier[0] all of them. For affixes: by_tier[t] holds the rows whose
	 * tier range admits t, by_tier[0] all active rows. */
	struct pick_list by_tier[TIER_MAX + 1];
	const struct entry **by_id; /* every row, by id (catalog_find_id) */
};

/* The rows of a table that are not in the catalog at its own revision
 * (retired ones): kept so that an older revision can be built from the
 * current catalog (catalog_at). */
struct old_rows {
	struct entry *rows;
	size_t n;
};

/* One tileset of map_tile (docs/maps.md), checked and ready to draw from. */
struct catalog_tileset {
	const char *name;       /* owned by the catalog */
	struct map_tile *tiles; /* in id order, names owned by the catalog */
	size_t n;
	struct map_tileset set; /* over tiles */
};

/* One spell row (SPEC §8, docs/spells.md): a spell that passed spell_check,
 * and the change sets that added and retired it (as struct entry). */
struct catalog_spell {
	uint32_t id;
	uint8_t active;
	uint64_t added_rev, retired_rev;
	struct spell s; /* s.name owned by the catalog */
};

/* One spell as a loader reads it (database, disk copy, export), before any
 * check: the effects' kinds by name, numbers as stored. */
#define SPELL_ROW_NAME_MAX 256
struct spell_row {
	uint32_t id;
	const char *name;
	long long mana, level, tier; /* long long: json_int_t and MYSQL_TYPE_LONGLONG */
	uint8_t active;
	uint64_t added_rev, retired_rev;
	/* How many effects the row has; more than SPELL_EFFECTS_MAX is refused
	 * (only the first SPELL_EFFECTS_MAX are held). */
	int n_effects;
	struct {
		const char *kind; /* "heal"; NULL or unknown is refused */
		long long p[SPELL_PARAMS];
	} effects[SPELL_EFFECTS_MAX];
};

/* One training name of the Markov chain (markov_name). */
struct catalog_name {
	uint32_t id;
	const char *name; /* owned by the catalog */
	uint64_t added_rev, retired_rev;
};

/* The order of the scroll-name chain and its shortest name when the
 * catalog has no setting for them (every revision before migration 0016;
 * docs/spells.md "Why order 3"). */
#define CATALOG_MARKOV_ORDER 3

/* One class row (migration 0016, SPEC §12): word `word` of table
 * (kind, part) has class `cls`. Keyed by the word, so an edited word keeps
 * its classes. */
struct catalog_class {
	uint32_t id;
	enum kind kind;
	enum part part;
	const char *word, *cls; /* owned by the catalog */
	uint64_t added_rev, retired_rev;
};

/* One setting row (migration 0016): a number of the catalog that is not a
 * word ("name_chain_order", "name_letters_min"). */
struct catalog_setting {
	uint32_t id;
	const char *name; /* owned by the catalog */
	int64_t value;
	uint64_t added_rev, retired_rev;
};

/* Distinct class names a catalog may hold (one bit each in entry.classes). */
#define CATALOG_CLASSES_MAX 64
#define CATALOG_CLASS_WORSE "worse"

struct catalog {
	uint64_t revision;
	struct table t[K__MAX][P__MAX];      /* the rows at `revision` */
	struct old_rows old[K__MAX][P__MAX]; /* the others */
	/* The tilesets whose every tile is well formed, sorted by name; one
	 * with a bad tile is left out (and logged) by catalog_finish. */
	struct catalog_tileset *tilesets;
	size_t n_tilesets;
	/* The spells at `revision`, by level, then name (bytes), then id, after
	 * catalog_finish; the others (retired, or added later) in old_spells. */
	struct catalog_spell *spells, *old_spells;
	size_t n_spells, n_old_spells;
	size_t spells_refused; /* rows catalog_add_spell refused */
	/* The training names at `revision` (by id) and the others. */
	struct catalog_name *names, *old_names;
	size_t n_names, n_old_names;
	/* Built by catalog_finish from `names`, once per catalog; NULL when
	 * there are none, or none the chain can learn from (logged). */
	struct markov *chain;
	/* SPEC §12: the class rows at `revision` (by id) and the others; the
	 * distinct class names, the bit of `worse` (-1: none), and per kind
	 * whether its materials or types have classes at `revision` (then the
	 * recipe draws the type first and the material among those it
	 * accepts). */
	struct catalog_class *classes, *old_classes;
	size_t n_classes, n_old_classes;
	const char *class_names[CATALOG_CLASSES_MAX];
	int n_class_names;
	int worse_bit;
	unsigned char classed[K__MAX];
	/* The settings at `revision` (by id) and the others. */
	struct catalog_setting *settings, *old_settings;
	size_t n_settings, n_old_settings;
	/* Every dungeon_treasure row, live and retired (docs/dungeons.md):
	 * few, so a dungeon picks its level's row at its revision from the
	 * current catalog (dungeon_budget_at) rather than through catalog_at. */
	struct dungeon_budget *budgets;
	size_t n_budgets, cap_budgets;
	/* Every active map_tile row with its revisions (after migration 0017),
	 * in tileset and id order: a dungeon draws from the tiles of its
	 * revision (dungeon_tiles_at); the tilesets above are the live ones. */
	struct dungeon_tile_row *tile_rows;
	size_t n_tile_rows, cap_tile_rows;
	/* Every dungeon_dressing row, live and retired (migration 0020): door
	 * states, traps, occupants, descriptions; a dungeon draws from those
	 * of its revision (dungeon_dress), as from the budgets. */
	struct dress_row *dress;
	size_t n_dress, cap_dress;
	/* private: readers holding it, plus one while it is the current one */
	long refs;
};

struct catalog *catalog_new(uint64_t revision);
/* Copies e (and its word) into the table when the row belongs to the
 * catalog at c's revision, else among the old rows. Returns 0, or -1 when
 * out of memory. Before finish only. */
int catalog_add(struct catalog *c, enum kind k, enum part p, const struct entry *e);
/* Copies tile t (and its name) into tileset `tileset`; the tiles of a
 * tileset keep the order they are added in, which a map's seed depends on.
 * 0, or -1 when out of memory. Before finish only. */
int catalog_add_tile(struct catalog *c, const char *tileset, const struct map_tile *t);
/* Copies a dungeon_treasure row. 0, or -1 when out of memory. */
int catalog_add_budget(struct catalog *c, const struct dungeon_budget *b);
/* Copies a dungeon_dressing row. 0, or -1 when out of memory. */
int catalog_add_dress(struct catalog *c, const struct dress_row *row);
/* Copies a map_tile row with its revisions. 0, or -1 when out of memory. */
int catalog_add_tile_row(struct catalog *c, const struct dungeon_tile_row *row);
/* Turns row into a spell and checks it (spell_check): the kinds by name,
 * every number in range. 0 with *out filled (out->name is row->name), or -1
 * with why (SPELL_REASON_MAX bytes): "unknown effect \"fireball\"",
 * "effect 2: create_object p2 (count) must be 1..12, got 13". Pure. */
int catalog_spell_from_row(const struct spell_row *row, struct spell *out, char *why, size_t cap);
/* Checks row (catalog_spell_from_row) and copies it in, among the spells
 * or the old ones by its revisions. A row that fails is refused with ONE
 * log line naming it ("catalog: spell 48 \"Bad Bolt\" refused: ...") and
 * counted in spells_refused; the rest of the catalog is unaffected.
 * Returns 0 (added), 1 (refused) or -1 (out of memory). Before finish only. */
int catalog_add_spell(struct catalog *c, const struct spell_row *row);
/* Copies training name n in, as catalog_add. 0, or -1 when out of memory. */
int catalog_add_name(struct catalog *c, const struct catalog_name *n);

/* Copies class row r (or setting row s) in, as catalog_add_name. 0, or -1
 * when out of memory. Before finish only. */
int catalog_add_class(struct catalog *c, const struct catalog_class *r);
int catalog_add_setting(struct catalog *c, const struct catalog_setting *s);

/* The setting called name at c's revision, or dflt when it has none. */
int64_t catalog_setting(const struct catalog *c, const char *name, int64_t dflt);

/* SPEC §12: whether type row t accepts material row m (either without a
 * class accepts everything), and whether row e carries class `worse`. */
int catalog_accepts(const struct entry *t, const struct entry *m);
int catalog_is_worse(const struct catalog *c, const struct entry *e);

/* The distinct classes of kind k's materials at c's revision, in the
 * order first met (SPEC §12: the classes a proposed material may take and
 * a proposed type may accept), at most cap of them into names; the count. */
size_t catalog_kind_classes(const struct catalog *c, enum kind k, const char **names, size_t cap);

/* Row e's classes as text, names joined by sep ("soft leather"), into out
 * (cap bytes, cut when short); the length. */
size_t catalog_classes_text(const struct catalog *c, const struct entry *e, const char *sep,
                            char *out, size_t cap);

/* Sorts and indexes every table, groups the tiles into tilesets, sorts the
 * spells and builds the name chain. Returns 0, or -1 when out of memory or
 * when a table holds the same word twice (the same key). */
int catalog_finish(struct catalog *c);
void catalog_free(struct catalog *c);

/* The lookup key of a word, so that words match case-insensitively after
 * Unicode NFC normalisation ("E\u0301pe\u0301e" finds "épée", "LONGSWORD"
 * finds "longsword"): the word in NFC, case-folded, in NFC again. Bytes that
 * are not UTF-8 are kept, ASCII letters lowered. Writes it NUL-terminated to
 * out; 0, or -1 when it does not fit in cap bytes or memory ran out. */
#define CATALOG_KEY_MAX 1024
int catalog_key(const char *word, char *out, size_t cap);

/* The row whose key is word's key, active or not; NULL if none. */
const struct entry *catalog_find(const struct catalog *c, enum kind k, enum part p,
                                 const char *word);

/* The row of table (k, p) at this catalog's revision whose id is id,
 * active or not; NULL if none. */
const struct entry *catalog_find_id(const struct catalog *c, enum kind k, enum part p, uint32_t id);

/* Whether row e belongs to the catalog at revision rev. */
int catalog_row_at(const struct entry *e, uint64_t rev);

/* The catalog at revision rev, built from cur (the current one, which
 * holds every row ever added) and returned held: release it with
 * catalog_release. rev == cur->revision gives cur itself, at once. An older
 * revision is built on its first use and kept in a small process-wide
 * cache (CATALOG_OLD_CACHE catalogs, and at most CATALOG_OLD_CACHE_ROWS
 * rows among them; the least recently used dropped): memory stays bounded.
 * More slots than a loadout has items (LOADOUT_MAX, 32), so that one
 * loadout of 32 old revisions finds them all again on its next request
 * (with 8 it rebuilt most of them every time: 8.2 vs 1.4 ms).
 * Returns 0; CATALOG_AT_LATER when rev is newer than cur (another process
 * may have it already); CATALOG_AT_NONE when rev is 0; -1 when out of
 * memory. Thread-safe. */
#define CATALOG_OLD_CACHE      40
#define CATALOG_OLD_CACHE_ROWS 400000
enum { CATALOG_AT_NONE = 1, CATALOG_AT_LATER = 2 };
int catalog_at(const struct catalog *cur, uint64_t rev, const struct catalog **out);
/* Empties the cache of old revisions (at exit, and in tests). */
void catalog_at_flush(void);

/* The tileset called name, or NULL when there is none (or it was left out). */
const struct catalog_tileset *catalog_tileset(const struct catalog *c, const char *name);

/* The process-wide current catalog. publish takes ownership of c. acquire
 * returns the current one (NULL before the first publish) and must be paired
 * with release. Thread-safe. */
void catalog_publish(struct catalog *c);
const struct catalog *catalog_acquire(void);
void catalog_release(const struct catalog *c);
/* Another reference on c, which the caller already holds; returns c. */
const struct catalog *catalog_hold(const struct catalog *c);
/* Drops the current catalog (at exit). */
void catalog_shutdown(void);

#endif
