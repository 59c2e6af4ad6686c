/* spell: spells as data (SPEC §8, docs/spells.md). A spell is a name, a mana
 * cost, a level, a tier and one to five effects; an effect is a kind and five
 * whole-number params p1..p5 whose meaning is the kind's. The kinds are ONE
 * table in spell.c: each row names its params, their ranges and how the
 * effect is written in words. Pure: no I/O, no allocation. The catalog
 * loader checks every row with spell_check() (a refused row is one log line
 * with the reason, the rest of the catalog still loads); renderers write a
 * spell with spell_text(). */
#ifndef LOOTFORGE_SPELL_H
#define LOOTFORGE_SPELL_H

#include <stddef.h>
#include <stdint.h>

/* The order is this build's, not the database's: rows store the kind's name
 * (spell_effect_kind_name), so the list may grow or be reordered. */
enum spell_effect_kind {
	EFFECT_NONE = 0, /* the sentinel: an unused effect slot */
	EFFECT_HEAL,
	EFFECT_DAMAGE,
	EFFECT_CREATE_OBJECT,
	EFFECT_TELEPORT,
	EFFECT_LIGHT,
	EFFECT_BUFF,
	EFFECT_WARD,
	EFFECT_REVEAL,
	EFFECT__MAX
};

#define SPELL_PARAMS      5
#define SPELL_EFFECTS_MAX 5
#define SPELL_LEVEL_MIN   1
#define SPELL_LEVEL_MAX   9
#define SPELL_TIER_MIN    1
#define SPELL_TIER_MAX    6
#define SPELL_MANA_MIN    1
#define SPELL_MANA_MAX    500
#define SPELL_NAME_MAX    64 /* bytes of UTF-8, the word rule's limit */
/* Room for any spell in words (name, cost, five effects) and a reason. */
#define SPELL_TEXT_MAX   768
#define SPELL_REASON_MAX 160

struct spell_effect {
	int kind; /* enum spell_effect_kind; an int so a bad row can be held and refused */
	int32_t p[SPELL_PARAMS]; /* p1..p5 are p[0]..p[4]; an unused param is 0 */
};

struct spell {
	const char *name; /* not owned */
	int mana, level, tier;
	int n_effects; /* 1..SPELL_EFFECTS_MAX; effects past n_effects are ignored */
	struct spell_effect effects[SPELL_EFFECTS_MAX];
};

/* The kind named name ("heal", "create_object"), or EFFECT_NONE when no kind
 * has that name ("none" itself is not a kind a row may name). */
enum spell_effect_kind spell_effect_kind_by_name(const char *name);
/* The kind's name, or NULL for a value outside 1..EFFECT__MAX-1. */
const char *spell_effect_kind_name(int kind);

/* Checks one effect: a known kind, every used param within its range, every
 * unused param 0. Returns 0, or -1 with why (SPELL_REASON_MAX bytes) naming
 * the kind, the param and the rule: "damage p5 (element) must be 1..8, got 9". */
int spell_effect_check(const struct spell_effect *e, char *why, size_t cap);

/* Checks a whole spell: a name of 1..SPELL_NAME_MAX bytes, mana, level and
 * tier within their ranges, 1..SPELL_EFFECTS_MAX effects each passing
 * spell_effect_check. Returns 0, or -1 with why ("effect 2: ..."). */
int spell_check(const struct spell *s, char *why, size_t cap);

/* One checked effect in words into dst: "heals 2d6+3, +1 per level".
 * Returns the length, or -1 when e does not pass the check or cap is short
 * (dst is then ""). */
int spell_effect_text(const struct spell_effect *e, char *dst, size_t cap);

/* A checked spell in words into dst, effects joined by "; ":
 * "Cure Moderate Wounds — 30 mana, level 2: heals 2d6+3, +1 per level."
 * Returns the length, or -1 as spell_effect_text. */
int spell_text(const struct spell *s, char *dst, size_t cap);

/* The tables params point into, 1-based (0 is never a thing): damage's p5
 * element, buff's p1 stat, create_object's p1 object, reveal's p1 sight.
 * Each returns the word, or NULL outside 1..count. */
enum spell_table { SPELL_T_ELEMENT, SPELL_T_STAT, SPELL_T_OBJECT, SPELL_T_SIGHT, SPELL_T__MAX };
int spell_table_count(enum spell_table t);
const char *spell_table_word(enum spell_table t, int i);

/* How param i (0-based: p1 is 0) of a kind is read, from the one table, so
 * forms are drawn from it (docs/spells.md, "Proposing a spell"). */
struct spell_param_info {
	const char *label; /* "dice", "element" */
	const char *help;  /* what it means, a phrase */
	int32_t lo, hi;    /* the range; a table's 1..count */
	int nonzero;       /* 0 is refused inside lo..hi */
	int table;         /* 1 + enum spell_table when a table's number, else 0 */
};
/* 0 with *out, or -1 when the kind does not use param i (or is no kind). */
int spell_param_info(int kind, int i, struct spell_param_info *out);
/* What the kind does ("restores hit points"), or NULL outside 1..EFFECT__MAX-1. */
const char *spell_effect_about(int kind);

#endif
