/* The recipes: each item kind as data. The weapon recipe is SPEC §4; the
 * others follow it in spirit (docs/recipes.md gives every number). Steps run
 * in this order; the base parts come first so that affixes can be filtered by
 * the item's tier. */
#include "recipe.h"

#include <string.h>

const char *const kind_names[K__MAX] = {"weapon", "armor", "shield", "trinket"};
const char *const part_names[P__MAX] = {"element", "prefix",    "material",
                                        "type",    "adjective", "abstract"};
const char *const stat_names[ST__MAX] = {"hands", "multiplier", "attack",   "defense",
                                         "magic", "flaming",    "freezing", "shocking",
                                         "holy",  "evil",       "sneak",    "crit"};
const char *const slot_names[SLOT__MAX] = {"",         "one hand", "two hands", "head",
                                           "body",     "hands",    "legs",      "feet",
                                           "off hand", "finger",   "neck"};

static int index_of(const char *const *names, int n, const char *s)
{
	if (!s)
		return -1;
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

int kind_from_name(const char *s)
{
	return index_of(kind_names, K__MAX, s);
}

int part_from_name(const char *s)
{
	return index_of(part_names, P__MAX, s);
}

int slot_from_name(const char *s)
{
	if (!s || !*s)
		return -1;
	return index_of(slot_names, SLOT__MAX, s);
}

#define PART(p) (1u << (p))

#define PHRASE_STEP                                                                                \
	{                                                                                          \
		.op = OP_PHRASE, .threshold = 65, .adj_threshold = 60, .adj_str = 4, .abs_str = 2  \
	}
#define PLUS_STEP                                                                                  \
	{                                                                                          \
		.op = OP_PLUS, .threshold = 90                                                     \
	}
#define CONDITION_STEP(st)                                                                         \
	{                                                                                          \
		.op = OP_CONDITION, .stat = (st), .spread_pct = 40, .masterwork_threshold = 98,    \
		.better_threshold = 38                                                             \
	}

/* SPEC §4. */
static const struct step weapon_steps[] = {
        {.op = OP_BASE, .part = P_TYPE, .str = 1},
        {.op = OP_ELEMENT,
         .part = P_ELEMENT,
         .threshold = 95,
         .str = 6,
         .special = "crippling",
         .special_threshold = 99,
         .special_str = 12,
         .second_threshold = 98,
         .second_str = 11},
        {.op = OP_AFFIX, .part = P_PREFIX, .threshold = 75, .str = 3},
        CONDITION_STEP(ST_ATTACK),
        PHRASE_STEP,
        PLUS_STEP,
};
static const enum part weapon_name[] = {P_ELEMENT, P_PREFIX, P_TYPE, P_ADJECTIVE, P_ABSTRACT};

/* Material and type, rolled separately by tier. */
#define MADE_BASES                                                                                 \
	{.op = OP_BASE, .part = P_MATERIAL, .str = 1},                                             \
	{                                                                                          \
		.op = OP_BASE, .part = P_TYPE, .str = 1                                            \
	}
/* Armour: one element at most, the condition on defense. */
#define ARMOUR_STEPS                                                                               \
	MADE_BASES, {.op = OP_ELEMENT, .part = P_ELEMENT, .threshold = 95, .str = 6},              \
	        {.op = OP_AFFIX, .part = P_PREFIX, .threshold = 75, .str = 3},                     \
	        CONDITION_STEP(ST_DEFENSE), PHRASE_STEP

/* Armour has no enchantment slot: no plus. */
static const struct step armor_steps[] = {ARMOUR_STEPS};
static const enum part material_name[] = {P_ELEMENT, P_PREFIX,    P_MATERIAL,
                                          P_TYPE,    P_ADJECTIVE, P_ABSTRACT};

/* Shields: armour with the weapon's plus. */
static const struct step shield_steps[] = {ARMOUR_STEPS, PLUS_STEP};

/* Trinkets are where magic lives: elements are 3.5 times as common as on
 * weapons (21/101 against 6/101) and may come in pairs; the condition works
 * on magic. */
static const struct step trinket_steps[] = {
        MADE_BASES,
        {.op = OP_ELEMENT,
         .part = P_ELEMENT,
         .threshold = 80,
         .str = 6,
         .second_threshold = 97,
         .second_str = 11},
        {.op = OP_AFFIX, .part = P_PREFIX, .threshold = 75, .str = 3},
        CONDITION_STEP(ST_MAGIC),
        PHRASE_STEP,
        PLUS_STEP,
};

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define ALL_PARTS                                                                                  \
	(PART(P_ELEMENT) | PART(P_PREFIX) | PART(P_MATERIAL) | PART(P_TYPE) | PART(P_ADJECTIVE) |  \
	 PART(P_ABSTRACT))

static const struct recipe recipes[K__MAX] = {
        [K_WEAPON] = {.kind = K_WEAPON,
                      .label = "Weapon",
                      .parts = ALL_PARTS & ~PART(P_MATERIAL),
                      .name_order = weapon_name,
                      .n_name = N(weapon_name),
                      .steps = weapon_steps,
                      .n_steps = N(weapon_steps),
                      .default_slot = SLOT_ONE_HAND,
                      .slot_from_hands = 1,
                      .hands_min = 1,
                      .hands_max = 2},
        [K_ARMOR] = {.kind = K_ARMOR,
                     .label = "Armour",
                     .parts = ALL_PARTS,
                     .name_order = material_name,
                     .n_name = N(material_name),
                     .steps = armor_steps,
                     .n_steps = N(armor_steps),
                     .default_slot = SLOT_BODY},
        [K_SHIELD] = {.kind = K_SHIELD,
                      .label = "Shield",
                      .parts = ALL_PARTS,
                      .name_order = material_name,
                      .n_name = N(material_name),
                      .steps = shield_steps,
                      .n_steps = N(shield_steps),
                      .default_slot = SLOT_OFF_HAND,
                      .hands_min = 1,
                      .hands_max = 1},
        [K_TRINKET] = {.kind = K_TRINKET,
                       .label = "Trinket",
                       .parts = ALL_PARTS,
                       .name_order = material_name,
                       .n_name = N(material_name),
                       .steps = trinket_steps,
                       .n_steps = N(trinket_steps),
                       .default_slot = SLOT_FINGER},
};

const struct recipe *recipe_for(enum kind k)
{
	if ((unsigned)k >= K__MAX)
		return NULL;
	return &recipes[k];
}
