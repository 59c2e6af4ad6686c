/* recipe: the vocabulary shared by every module: item kinds, the parts of an
 * item's name, stat columns, slots; and for each kind the recipe the
 * generator follows. Everything here is constant data. */
#ifndef LOOTFORGE_RECIPE_H
#define LOOTFORGE_RECIPE_H

#include <stddef.h>

/* Every item kind, once: X(enum, name). Everything that lists kinds (names,
 * form choices, messages, /words, reload logging) derives from this list; a
 * new affix-built kind adds its row here, its tables to AFFIX_TABLES, its
 * recipe (recipe.c), its proposal rules (proposal.c), a migration and an
 * icon. */
#define KIND_LIST(X)                                                                               \
	X(K_WEAPON, "weapon")                                                                      \
	X(K_ARMOR, "armor")                                                                        \
	X(K_SHIELD, "shield")                                                                      \
	X(K_TRINKET, "trinket")                                                                    \
	X(K_SCROLL, "scroll")                                                                      \
	X(K_WAND, "wand")

/* A part is one slot of a name; its table is "<kind>_<part>", a hyphen in
 * the part's name written as '_' ("scroll_tube_material"). New parts go at
 * the end: an item code names requested words by part number. The scroll
 * parts are SPEC §8's blueprint. */
#define PART_LIST(X)                                                                               \
	X(P_ELEMENT, "element")                                                                    \
	X(P_PREFIX, "prefix")                                                                      \
	X(P_MATERIAL, "material")                                                                  \
	X(P_TYPE, "type")                                                                          \
	X(P_ADJECTIVE, "adjective")                                                                \
	X(P_ABSTRACT, "abstract")                                                                  \
	X(P_TUBE_QUALITY, "tube-quality")                                                          \
	X(P_TUBE_MATERIAL, "tube-material")                                                        \
	X(P_PAPER_MATERIAL, "paper-material")                                                      \
	X(P_PAPER_CONDITION, "paper-condition")                                                    \
	X(P_WRITING_QUALITY, "writing-quality")                                                    \
	X(P_WRITING_DETAIL, "writing-detail")

#define RECIPE_ENUM_(e, name) e,
enum kind { KIND_LIST(RECIPE_ENUM_) K__MAX };
enum part { PART_LIST(RECIPE_ENUM_) P__MAX };
#undef RECIPE_ENUM_

/* How a table's rows are keyed besides the word: plain affixes, base parts
 * with a tier (weapon types, materials), base parts with a tier and a slot,
 * plain parts marked good or bad (the scroll's paper condition and writing
 * quality, whose marks choose "and" or "but", SPEC §8). */
enum table_shape { SHAPE_PLAIN, SHAPE_TIERED, SHAPE_SLOTTED, SHAPE_MARKED };

/* A row's mark (SHAPE_MARKED tables); MARK_NONE elsewhere. */
enum mark { MARK_NONE, MARK_GOOD, MARK_BAD };

/* Every affix table, once: X(kind, part, "<kind>_<part>", shape). The
 * catalog loader and the moderation statements both derive from it. Weapons
 * have no material. */
#define AFFIX_TABLES(X)                                                                            \
	X(K_WEAPON, P_ELEMENT, "weapon_element", SHAPE_PLAIN)                                      \
	X(K_WEAPON, P_PREFIX, "weapon_prefix", SHAPE_PLAIN)                                        \
	X(K_WEAPON, P_TYPE, "weapon_type", SHAPE_TIERED)                                           \
	X(K_WEAPON, P_ADJECTIVE, "weapon_adjective", SHAPE_PLAIN)                                  \
	X(K_WEAPON, P_ABSTRACT, "weapon_abstract", SHAPE_PLAIN)                                    \
	X(K_ARMOR, P_ELEMENT, "armor_element", SHAPE_PLAIN)                                        \
	X(K_ARMOR, P_PREFIX, "armor_prefix", SHAPE_PLAIN)                                          \
	X(K_ARMOR, P_MATERIAL, "armor_material", SHAPE_TIERED)                                     \
	X(K_ARMOR, P_TYPE, "armor_type", SHAPE_SLOTTED)                                            \
	X(K_ARMOR, P_ADJECTIVE, "armor_adjective", SHAPE_PLAIN)                                    \
	X(K_ARMOR, P_ABSTRACT, "armor_abstract", SHAPE_PLAIN)                                      \
	X(K_SHIELD, P_ELEMENT, "shield_element", SHAPE_PLAIN)                                      \
	X(K_SHIELD, P_PREFIX, "shield_prefix", SHAPE_PLAIN)                                        \
	X(K_SHIELD, P_MATERIAL, "shield_material", SHAPE_TIERED)                                   \
	X(K_SHIELD, P_TYPE, "shield_type", SHAPE_SLOTTED)                                          \
	X(K_SHIELD, P_ADJECTIVE, "shield_adjective", SHAPE_PLAIN)                                  \
	X(K_SHIELD, P_ABSTRACT, "shield_abstract", SHAPE_PLAIN)                                    \
	X(K_TRINKET, P_ELEMENT, "trinket_element", SHAPE_PLAIN)                                    \
	X(K_TRINKET, P_PREFIX, "trinket_prefix", SHAPE_PLAIN)                                      \
	X(K_TRINKET, P_MATERIAL, "trinket_material", SHAPE_TIERED)                                 \
	X(K_TRINKET, P_TYPE, "trinket_type", SHAPE_SLOTTED)                                        \
	X(K_TRINKET, P_ADJECTIVE, "trinket_adjective", SHAPE_PLAIN)                                \
	X(K_TRINKET, P_ABSTRACT, "trinket_abstract", SHAPE_PLAIN)                                  \
	X(K_SCROLL, P_TYPE, "scroll_type", SHAPE_TIERED)                                           \
	X(K_SCROLL, P_TUBE_QUALITY, "scroll_tube_quality", SHAPE_PLAIN)                            \
	X(K_SCROLL, P_TUBE_MATERIAL, "scroll_tube_material", SHAPE_PLAIN)                          \
	X(K_SCROLL, P_PAPER_MATERIAL, "scroll_paper_material", SHAPE_PLAIN)                        \
	X(K_SCROLL, P_PAPER_CONDITION, "scroll_paper_condition", SHAPE_MARKED)                     \
	X(K_SCROLL, P_WRITING_QUALITY, "scroll_writing_quality", SHAPE_MARKED)                     \
	X(K_SCROLL, P_WRITING_DETAIL, "scroll_writing_detail", SHAPE_PLAIN)                        \
	X(K_WAND, P_ELEMENT, "wand_element", SHAPE_PLAIN)                                          \
	X(K_WAND, P_PREFIX, "wand_prefix", SHAPE_PLAIN)                                            \
	X(K_WAND, P_MATERIAL, "wand_material", SHAPE_TIERED)                                       \
	X(K_WAND, P_TYPE, "wand_type", SHAPE_TIERED)                                               \
	X(K_WAND, P_ADJECTIVE, "wand_adjective", SHAPE_PLAIN)                                      \
	X(K_WAND, P_ABSTRACT, "wand_abstract", SHAPE_PLAIN)

#define RECIPE_COUNT_(k, p, t, s) +1
enum { AFFIX_TABLE_COUNT = 0 AFFIX_TABLES(RECIPE_COUNT_) };
#undef RECIPE_COUNT_

/* The stats, in the order of SPEC §3: the one list every stat column,
 * name, statement and form field comes from (docs/house.md, "Adding a
 * stat"). Values are integers; ST_MULTIPLIER is stored in hundredths (0.40
 * is 40). A row: the enum, the name (the SQL column, the form field, the
 * JSON key), whether proposals and edits carry it (STAT_PROPOSED) or not
 * (STAT_FIXED), and the expression the catalog loader selects it with. */
#define STAT_LIST(X)                                                                               \
	X(ST_HANDS, "hands", STAT_PROPOSED, "hands")                                               \
	X(ST_MULTIPLIER, "multiplier", STAT_FIXED, "CAST(ROUND(multiplier * 100) AS SIGNED)")      \
	X(ST_ATTACK, "attack", STAT_PROPOSED, "attack")                                            \
	X(ST_DEFENSE, "defense", STAT_PROPOSED, "defense")                                         \
	X(ST_MAGIC, "magic", STAT_PROPOSED, "magic")                                               \
	X(ST_FLAMING, "flaming", STAT_PROPOSED, "flaming")                                         \
	X(ST_FREEZING, "freezing", STAT_PROPOSED, "freezing")                                      \
	X(ST_SHOCKING, "shocking", STAT_PROPOSED, "shocking")                                      \
	X(ST_HOLY, "holy", STAT_PROPOSED, "holy")                                                  \
	X(ST_EVIL, "evil", STAT_PROPOSED, "evil")                                                  \
	X(ST_SNEAK, "sneak", STAT_PROPOSED, "sneak")                                               \
	X(ST_CRIT, "crit", STAT_PROPOSED, "crit")

/* The third column: STAT_PROPOSED(x) is x, STAT_FIXED(x) nothing, so that a
 * list can take the proposed stats alone. */
#define STAT_PROPOSED(x) x
#define STAT_FIXED(x)

#define STAT_ENUM_(id, name, prop, load) id,
enum stat { STAT_LIST(STAT_ENUM_) ST__MAX };
#undef STAT_ENUM_

/* The stat names as initialisers ("hands", "multiplier", ...): for
 * allow-lists that hold every stat in enum order. */
#define STAT_NAME_INIT_(id, name, prop, load) name,
#define STAT_NAME_INITS                       STAT_LIST(STAT_NAME_INIT_)

/* The stats proposals carry, in column order, as initialisers. */
#define STAT_COMMA_                                ,
#define STAT_PROPOSED_INIT_(id, name, prop, load)  prop(id STAT_COMMA_)
#define STAT_PROPOSED_INITS                        STAT_LIST(STAT_PROPOSED_INIT_)
#define STAT_PROPOSED_COUNT_(id, name, prop, load) prop(+1)
enum { ST_PROPOSED_COUNT = 0 STAT_LIST(STAT_PROPOSED_COUNT_) };

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

extern const char *const kind_names[K__MAX];     /* "weapon", "armor", ... */
extern const char *const part_names[P__MAX];     /* "element", "prefix", ... */
extern const char *const stat_names[ST__MAX];    /* SQL column names */
extern const char *const slot_names[SLOT__MAX];  /* "one hand", "head", ... */
extern const char *const slot_idents[SLOT__MAX]; /* "one_hand", "head", ...: docs/api.md */
extern const char *const mark_names[3];          /* "", "good", "bad" */

/* "must be one of weapon, armor, shield, trinket", from the lists above. */
const char *kind_choices(void);
const char *part_choices(void);

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
	OP_NAME,      /* a given name from the catalog's name chain (SPEC §8) */
	OP_SPELL,     /* a spell of the item's tier (SPEC §8) */
	OP_CHARGES,   /* charges by tier: charge_base + charge_per_tier x tier + roll /
	                 charge_roll_div */
};

struct step {
	enum step_op op;
	enum part part; /* OP_BASE, OP_ELEMENT, OP_AFFIX */
	int threshold;  /* roll needed for the step to happen; 0 = always */
	int str;        /* strength points when it lands */
	/* OP_ELEMENT */
	const char *special; /* the word rolled on special_threshold: "crippling" */
	int special_threshold, special_str;
	int second_threshold, second_str; /* second element; second_str is what the second adds */
	/* OP_PHRASE: adjective chance and strengths; abstract always lands */
	int adj_threshold, adj_str, abs_str;
	/* OP_CONDITION: the stat it works on, the spread, masterwork roll, better roll (>) */
	enum stat stat;
	int spread_pct, masterwork_threshold, better_threshold;
	/* OP_NAME: the words before the given name ("Scroll of") */
	const char *text;
	/* OP_SPELL: strength per spell level; OP_CHARGES: the formula above */
	int str_per_level;
	int charge_base, charge_per_tier, charge_roll_div, charge_max;
};

/* What a person may propose for one part of a kind (proposal.c checks it):
 * the stats a word of that table may carry and their ranges, and whether it
 * needs a tier or a slot. */
struct stat_range {
	enum stat stat;
	int min, max;
};

struct part_rules {
	const struct stat_range *stats; /* in column order */
	size_t n_stats;
	int has_tier;         /* a tier 1..TIER_MAX is required */
	int has_mark;         /* good or bad is required (SHAPE_MARKED) */
	unsigned slots;       /* bit (1u << slot) of each slot to choose from; 0: no choice */
	enum slot fixed_slot; /* stored for every row when there is no choice (shields) */
	int fixed_hands;      /* hands stored for every row when not a stat here (shields: 1) */
};

struct recipe {
	enum kind kind;
	const char *label;           /* "Weapon" */
	const char *icon;            /* the card's icon (public/icons/NAME.svg); NULL: by slot */
	unsigned parts;              /* bit (1u << part) for each part the kind has */
	const enum part *name_order; /* parts in name order, n_name entries */
	size_t n_name;
	const struct step *steps;
	size_t n_steps;
	enum slot default_slot;            /* slot when the base type has none */
	int slot_from_hands;               /* weapons: one hand / two hands from `hands` */
	int hands_min, hands_max;          /* `hands` is clamped to this range */
	const struct part_rules *proposal; /* P__MAX entries: what a part may carry */
	/* A blueprint kind (SPEC §8, docs/recipes.md): before any step, one
	 * sub-seed per step is drawn from the item's seed, in step order, and
	 * each step draws only from its own; requesting a part then changes no
	 * other part. An affix kind (0) draws every step from one stream. */
	int blueprint;
};

/* The recipe of a kind, or NULL if the kind has none (yet). */
const struct recipe *recipe_for(enum kind k);

/* The first step of r (NULL: none) doing op, or NULL when it has none:
 * whether a kind has a condition, a spell, charges, a given name. */
const struct step *recipe_step(const struct recipe *r, enum step_op op);

#endif
