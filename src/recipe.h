/* recipe: the vocabulary shared by every module: item kinds, the parts of an
 * item's name, stat columns, slots; and for each kind the recipe the
 * generator follows. Everything here is constant data. */
#ifndef LOOTFORGE_RECIPE_H
#define LOOTFORGE_RECIPE_H

#include <stddef.h>

enum kind { K_WEAPON, K_ARMOR, K_SHIELD, K_TRINKET, K__MAX };

/* A part is one slot of a name; its table is "<kind>_<part>". */
enum part { P_ELEMENT, P_PREFIX, P_MATERIAL, P_TYPE, P_ADJECTIVE, P_ABSTRACT, P__MAX };

/* Stat columns, in the order of SPEC §3. Values are integers;
 * ST_MULTIPLIER is stored in hundredths (0.40 is 40). */
enum stat {
	ST_HANDS,
	ST_MULTIPLIER,
	ST_ATTACK,
	ST_DEFENSE,
	ST_MAGIC,
	ST_FLAMING,
	ST_FREEZING,
	ST_SHOCKING,
	ST_HOLY,
	ST_EVIL,
	ST_SNEAK,
	ST_CRIT,
	ST__MAX
};

enum slot {
	SLOT_NONE,
	SLOT_ONE_HAND,
	SLOT_TWO_HANDS,
	SLOT_HEAD,
	SLOT_BODY,
	SLOT_HANDS,
	SLOT_LEGS,
	SLOT_FEET,
	SLOT_OFF_HAND,
	SLOT_FINGER,
	SLOT_NECK,
	SLOT__MAX
};

#define TIER_MAX 6

extern const char *const kind_names[K__MAX];    /* "weapon", "armor", ... */
extern const char *const part_names[P__MAX];    /* "element", "prefix", ... */
extern const char *const stat_names[ST__MAX];   /* SQL column names */
extern const char *const slot_names[SLOT__MAX]; /* "one hand", "head", ... */

/* Returns the enum value, or -1 when the name is not known. */
int kind_from_name(const char *s);
int part_from_name(const char *s);
int slot_from_name(const char *s);

/* A step of a recipe. Steps run in order; each draws its own rolls. */
enum step_op {
	OP_BASE,      /* the base type, picked by tier (SPEC §4.3) */
	OP_ELEMENT,   /* element(s), with the special word and a second one (§4.1) */
	OP_AFFIX,     /* requested word, else on roll >= threshold a random one (§4.2) */
	OP_CONDITION, /* masterwork / better / worse on a stat (§4.4) */
	OP_PHRASE,    /* "of" adjective abstract (§4.5) */
	OP_PLUS,      /* +1..+5 (§4.6) */
};

struct step {
	enum step_op op;
	enum part part; /* OP_BASE, OP_ELEMENT, OP_AFFIX */
	int threshold;  /* roll needed for the step to happen; 0 = always */
	int str;        /* strength points when it lands */
	/* OP_ELEMENT */
	const char *special; /* the word rolled on special_threshold: "crippling" */
	int special_threshold, special_str;
	int second_threshold, second_str; /* second element; second_str is the total */
	/* OP_PHRASE: adjective chance and strengths; abstract always lands */
	int adj_threshold, adj_str, abs_str;
	/* OP_CONDITION: the stat it works on, the spread, masterwork roll, better roll (>) */
	enum stat stat;
	int spread_pct, masterwork_threshold, better_threshold;
};

struct recipe {
	enum kind kind;
	const char *label;           /* "Weapon" */
	unsigned parts;              /* bit (1u << part) for each part the kind has */
	const enum part *name_order; /* parts in name order, n_name entries */
	size_t n_name;
	const struct step *steps;
	size_t n_steps;
	enum slot default_slot;   /* slot when the base type has none */
	int slot_from_hands;      /* weapons: one hand / two hands from `hands` */
	int hands_min, hands_max; /* `hands` is clamped to this range */
};

/* The recipe of a kind, or NULL if the kind has none (yet). */
const struct recipe *recipe_for(enum kind k);

#endif
