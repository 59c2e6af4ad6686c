/* The recipes: each item kind as data. The weapon recipe is SPEC §4; the
 * others follow it in spirit (docs/recipes.md gives every number). Steps run
 * in this order; the base parts come first so that affixes can be filtered by
 * the item's tier. */
#include "recipe.h"

#include <pthread.h>
#include <string.h>

#define NAME_(e, name) [e] = name,
const char *const kind_names[K__MAX] = {KIND_LIST(NAME_)};
const char *const part_names[P__MAX] = {PART_LIST(NAME_)};
#undef NAME_

/* The messages are built from the lists: "must be one of" and each name,
 * comma-separated. */
#define CHOICE_(e, name) " " name ","
static const char kind_list_text[] = "must be one of" KIND_LIST(CHOICE_);
static const char part_list_text[] = "must be one of" PART_LIST(CHOICE_);
#undef CHOICE_
static char kind_msg[sizeof(kind_list_text)], part_msg[sizeof(part_list_text)];
static pthread_once_t choices_once = PTHREAD_ONCE_INIT;

/* Copies the text without its last comma. */
static void drop_last_comma(char *dst, const char *src, size_t n)
{
	memcpy(dst, src, n);
	dst[n - 2] = '\0';
}

static void make_choices(void)
{
	drop_last_comma(kind_msg, kind_list_text, sizeof(kind_list_text));
	drop_last_comma(part_msg, part_list_text, sizeof(part_list_text));
}

const char *kind_choices(void)
{
	pthread_once(&choices_once, make_choices);
	return kind_msg;
}

const char *part_choices(void)
{
	pthread_once(&choices_once, make_choices);
	return part_msg;
}
#define STAT_NAME_(id, name, prop, load) [id] = name,
const char *const stat_names[ST__MAX] = {STAT_LIST(STAT_NAME_)};
#undef STAT_NAME_
const char *const mark_names[3] = {"", "good", "bad"};
const char *const slot_names[SLOT__MAX] = {"",         "one hand", "two hands", "head",
                                           "body",     "hands",    "legs",      "feet",
                                           "off hand", "finger",   "neck"};
/* The same slots in docs/api.md's language (identifiers: ' ' -> '_'), as
 * every JSON and CSV answer and the library's lf_item name them. */
const char *const slot_idents[SLOT__MAX] = {"",         "one_hand", "two_hands", "head",
                                            "body",     "hands",    "legs",      "feet",
                                            "off_hand", "finger",   "neck"};

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

/* Wands: a trinket's elements and magic condition, the weapon's plus, then
 * the spell they hold and their charges (SPEC §8): 2 + 2 x tier + roll / 25,
 * so 4..8 at tier 1 and 14..18 at tier 6 with power 1. */
static const struct step wand_steps[] = {
        MADE_BASES,
        {.op = OP_ELEMENT,
         .part = P_ELEMENT,
         .threshold = 85,
         .str = 6,
         .second_threshold = 98,
         .second_str = 11},
        {.op = OP_AFFIX, .part = P_PREFIX, .threshold = 75, .str = 3},
        CONDITION_STEP(ST_MAGIC),
        PHRASE_STEP,
        PLUS_STEP,
        {.op = OP_SPELL, .str_per_level = 1},
        {.op = OP_CHARGES,
         .charge_base = 2,
         .charge_per_tier = 2,
         .charge_roll_div = 25,
         .charge_max = 99},
};

/* Scrolls: a blueprint (SPEC §8). Every part always lands, each from its own
 * sub-seed; the grade (scroll_type) sets the tier and the base value, the
 * spell is one of that tier, and the strength is mostly the spell's. */
static const struct step scroll_steps[] = {
        {.op = OP_BASE, .part = P_TYPE, .str = 1},   {.op = OP_NAME, .text = "Scroll of"},
        {.op = OP_AFFIX, .part = P_TUBE_QUALITY},    {.op = OP_AFFIX, .part = P_TUBE_MATERIAL},
        {.op = OP_AFFIX, .part = P_PAPER_MATERIAL},  {.op = OP_AFFIX, .part = P_PAPER_CONDITION},
        {.op = OP_AFFIX, .part = P_WRITING_QUALITY}, {.op = OP_AFFIX, .part = P_WRITING_DETAIL},
        {.op = OP_SPELL, .str_per_level = 3},
};

#define N(a) (sizeof(a) / sizeof((a)[0]))
#define SCROLL_PARTS                                                                               \
	(PART(P_TYPE) | PART(P_TUBE_QUALITY) | PART(P_TUBE_MATERIAL) | PART(P_PAPER_MATERIAL) |    \
	 PART(P_PAPER_CONDITION) | PART(P_WRITING_QUALITY) | PART(P_WRITING_DETAIL))
#define ALL_PARTS                                                                                  \
	(PART(P_ELEMENT) | PART(P_PREFIX) | PART(P_MATERIAL) | PART(P_TYPE) | PART(P_ADJECTIVE) |  \
	 PART(P_ABSTRACT))

/* ---- what each part may carry when proposed (proposal.c) ----
 * The ranges hold every shipped word of the table (migrations 0002, 0004)
 * with a little room above; docs/moderation.md repeats them. */

#define ELEM(lo, hi)                                                                               \
	{ST_FLAMING, lo, hi}, {ST_FREEZING, lo, hi}, {ST_SHOCKING, lo, hi}, {ST_HOLY, lo, hi},     \
	{                                                                                          \
		ST_EVIL, lo, hi                                                                    \
	}

/* ---- weapons ---- */
static const struct stat_range w_element[] = {
        {ST_ATTACK, -2, 6}, {ST_MAGIC, 0, 6}, ELEM(0, 10), {ST_SNEAK, 0, 6}, {ST_CRIT, 0, 5}};
static const struct stat_range w_prefix[] = {{ST_ATTACK, -5, 5}, {ST_DEFENSE, -5, 5},
                                             {ST_MAGIC, 0, 5},   ELEM(0, 5),
                                             {ST_SNEAK, -2, 5},  {ST_CRIT, -2, 5}};
static const struct stat_range w_type[] = {
        {ST_HANDS, 1, 2}, {ST_ATTACK, 0, 40}, {ST_DEFENSE, -3, 5}, {ST_MAGIC, 0, 5},
        ELEM(0, 5),       {ST_SNEAK, 0, 8},   {ST_CRIT, 0, 5}};
static const struct stat_range w_phrase[] = {{ST_ATTACK, -3, 3}, {ST_DEFENSE, -3, 3},
                                             {ST_MAGIC, 0, 3},   ELEM(0, 3),
                                             {ST_SNEAK, -3, 3},  {ST_CRIT, 0, 3}};

/* ---- armour ---- */
static const struct stat_range a_element[] = {{ST_DEFENSE, 0, 3}, {ST_MAGIC, 0, 6}, ELEM(0, 10)};
static const struct stat_range a_prefix[] = {
        {ST_ATTACK, 0, 2}, {ST_DEFENSE, -5, 5}, {ST_MAGIC, 0, 5}, ELEM(0, 3), {ST_SNEAK, -3, 3}};
static const struct stat_range a_material[] = {
        {ST_DEFENSE, 0, 15}, {ST_MAGIC, 0, 8}, ELEM(0, 5), {ST_SNEAK, -3, 3}};
static const struct stat_range a_type[] = {
        {ST_ATTACK, 0, 2}, {ST_DEFENSE, 0, 30}, {ST_MAGIC, 0, 8}, {ST_SNEAK, -5, 5}};
static const struct stat_range a_phrase[] = {
        {ST_ATTACK, 0, 3}, {ST_DEFENSE, -3, 5}, {ST_MAGIC, 0, 3}, ELEM(0, 3), {ST_SNEAK, -3, 3}};

/* ---- shields ---- */
static const struct stat_range s_element[] = {
        {ST_ATTACK, 0, 2}, {ST_DEFENSE, 0, 2}, {ST_MAGIC, 0, 6}, ELEM(0, 10)};
static const struct stat_range s_prefix[] = {
        {ST_ATTACK, 0, 3}, {ST_DEFENSE, -5, 5}, {ST_MAGIC, 0, 3}, ELEM(0, 3), {ST_SNEAK, -3, 3}};
static const struct stat_range s_material[] = {
        {ST_DEFENSE, 0, 12}, {ST_MAGIC, 0, 3}, ELEM(0, 3), {ST_SNEAK, -3, 3}};
static const struct stat_range s_type[] = {{ST_ATTACK, 0, 5},
                                           {ST_DEFENSE, 0, 20},
                                           {ST_MAGIC, 0, 3},
                                           {ST_SNEAK, -5, 0},
                                           {ST_CRIT, 0, 2}};
static const struct stat_range s_phrase[] = {{ST_ATTACK, 0, 3}, {ST_DEFENSE, -3, 3},
                                             {ST_MAGIC, 0, 3},  ELEM(0, 3),
                                             {ST_SNEAK, -3, 3}, {ST_CRIT, 0, 2}};

/* ---- trinkets ---- */
static const struct stat_range t_element[] = {{ST_MAGIC, 0, 8}, ELEM(0, 10)};
static const struct stat_range t_prefix[] = {
        {ST_DEFENSE, -2, 2}, {ST_MAGIC, -2, 5}, ELEM(0, 3), {ST_SNEAK, 0, 3}, {ST_CRIT, 0, 3}};
static const struct stat_range t_material[] = {
        {ST_ATTACK, 0, 2}, {ST_DEFENSE, 0, 2}, {ST_MAGIC, 0, 10}, ELEM(0, 3), {ST_SNEAK, 0, 2}};
static const struct stat_range t_type[] = {{ST_ATTACK, 0, 2}, {ST_DEFENSE, 0, 3}, {ST_MAGIC, 0, 15},
                                           ELEM(0, 3),        {ST_SNEAK, 0, 3},   {ST_CRIT, 0, 2}};
static const struct stat_range t_phrase[] = {{ST_ATTACK, 0, 2}, {ST_DEFENSE, -2, 2},
                                             {ST_MAGIC, -2, 5}, ELEM(0, 3),
                                             {ST_SNEAK, 0, 3},  {ST_CRIT, 0, 3}};

/* ---- wands ---- */
static const struct stat_range n_element[] = {{ST_MAGIC, 0, 8}, ELEM(0, 10)};
static const struct stat_range n_prefix[] = {
        {ST_ATTACK, -2, 2}, {ST_MAGIC, -3, 5}, ELEM(0, 3), {ST_SNEAK, 0, 3}, {ST_CRIT, 0, 3}};
static const struct stat_range n_material[] = {
        {ST_ATTACK, 0, 2}, {ST_MAGIC, 0, 10}, ELEM(0, 5), {ST_SNEAK, 0, 2}};
static const struct stat_range n_type[] = {
        {ST_ATTACK, 0, 4}, {ST_DEFENSE, 0, 3}, {ST_MAGIC, 0, 20}, ELEM(0, 3), {ST_CRIT, 0, 2}};
static const struct stat_range n_phrase[] = {{ST_ATTACK, 0, 2}, {ST_DEFENSE, -2, 2},
                                             {ST_MAGIC, -2, 5}, ELEM(0, 3),
                                             {ST_SNEAK, 0, 3},  {ST_CRIT, 0, 3}};

#define STATS(a) a, N(a)
#define SLOT(s)  (1u << (s))
#define ARMOR_SLOTS                                                                                \
	(SLOT(SLOT_HEAD) | SLOT(SLOT_BODY) | SLOT(SLOT_HANDS) | SLOT(SLOT_LEGS) | SLOT(SLOT_FEET))

static const struct part_rules weapon_rules[P__MAX] = {
        [P_ELEMENT] = {STATS(w_element)},          [P_PREFIX] = {STATS(w_prefix)},
        [P_TYPE] = {STATS(w_type), .has_tier = 1}, [P_ADJECTIVE] = {STATS(w_phrase)},
        [P_ABSTRACT] = {STATS(w_phrase)},
};

static const struct part_rules armor_rules[P__MAX] = {
        [P_ELEMENT] = {STATS(a_element)},
        [P_PREFIX] = {STATS(a_prefix)},
        [P_MATERIAL] = {STATS(a_material), .has_tier = 1},
        [P_TYPE] = {STATS(a_type), .has_tier = 1, .slots = ARMOR_SLOTS},
        [P_ADJECTIVE] = {STATS(a_phrase)},
        [P_ABSTRACT] = {STATS(a_phrase)},
};

static const struct part_rules shield_rules[P__MAX] = {
        [P_ELEMENT] = {STATS(s_element)},
        [P_PREFIX] = {STATS(s_prefix)},
        [P_MATERIAL] = {STATS(s_material), .has_tier = 1},
        [P_TYPE] = {STATS(s_type), .has_tier = 1, .fixed_slot = SLOT_OFF_HAND, .fixed_hands = 1},
        [P_ADJECTIVE] = {STATS(s_phrase)},
        [P_ABSTRACT] = {STATS(s_phrase)},
};

static const struct part_rules trinket_rules[P__MAX] = {
        [P_ELEMENT] = {STATS(t_element)},
        [P_PREFIX] = {STATS(t_prefix)},
        [P_MATERIAL] = {STATS(t_material), .has_tier = 1},
        [P_TYPE] = {STATS(t_type), .has_tier = 1, .slots = SLOT(SLOT_FINGER) | SLOT(SLOT_NECK)},
        [P_ADJECTIVE] = {STATS(t_phrase)},
        [P_ABSTRACT] = {STATS(t_phrase)},
};

static const struct part_rules wand_rules[P__MAX] = {
        [P_ELEMENT] = {STATS(n_element)},
        [P_PREFIX] = {STATS(n_prefix)},
        [P_MATERIAL] = {STATS(n_material), .has_tier = 1},
        [P_TYPE] = {STATS(n_type), .has_tier = 1, .fixed_hands = 1},
        [P_ADJECTIVE] = {STATS(n_phrase)},
        [P_ABSTRACT] = {STATS(n_phrase)},
};

/* Scroll parts carry no stats: only words, a value_mult, and for two of
 * them a mark; the grade (type) a tier and a value. */
static const struct part_rules scroll_rules[P__MAX] = {
        [P_TYPE] = {.has_tier = 1},
        [P_TUBE_QUALITY] = {0},
        [P_TUBE_MATERIAL] = {0},
        [P_PAPER_MATERIAL] = {0},
        [P_PAPER_CONDITION] = {.has_mark = 1},
        [P_WRITING_QUALITY] = {.has_mark = 1},
        [P_WRITING_DETAIL] = {0},
};

static const enum part scroll_name[] = {P_TYPE};

static const struct recipe recipes[K__MAX] = {
        [K_WEAPON] = {.kind = K_WEAPON,
                      .proposal = weapon_rules,
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
                     .proposal = armor_rules,
                     .label = "Armour",
                     .parts = ALL_PARTS,
                     .name_order = material_name,
                     .n_name = N(material_name),
                     .steps = armor_steps,
                     .n_steps = N(armor_steps),
                     .default_slot = SLOT_BODY},
        [K_SHIELD] = {.kind = K_SHIELD,
                      .proposal = shield_rules,
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
                       .proposal = trinket_rules,
                       .label = "Trinket",
                       .parts = ALL_PARTS,
                       .name_order = material_name,
                       .n_name = N(material_name),
                       .steps = trinket_steps,
                       .n_steps = N(trinket_steps),
                       .default_slot = SLOT_FINGER},
        [K_SCROLL] = {.kind = K_SCROLL,
                      .proposal = scroll_rules,
                      .label = "Scroll",
                      .icon = "scroll",
                      .parts = SCROLL_PARTS,
                      .name_order = scroll_name,
                      .n_name = N(scroll_name),
                      .steps = scroll_steps,
                      .n_steps = N(scroll_steps),
                      .default_slot = SLOT_NONE,
                      .blueprint = 1},
        [K_WAND] = {.kind = K_WAND,
                    .proposal = wand_rules,
                    .label = "Wand",
                    .icon = "wand",
                    .parts = ALL_PARTS,
                    .name_order = material_name,
                    .n_name = N(material_name),
                    .steps = wand_steps,
                    .n_steps = N(wand_steps),
                    .default_slot = SLOT_ONE_HAND,
                    .hands_min = 1,
                    .hands_max = 1},
};

const struct recipe *recipe_for(enum kind k)
{
	if ((unsigned)k >= K__MAX)
		return NULL;
	return &recipes[k];
}

static const struct step *first_step(const struct recipe *r, enum step_op op)
{
	for (size_t i = 0; r && i < r->n_steps; i++)
		if (r->steps[i].op == op)
			return &r->steps[i];
	return NULL;
}

/* Each recipe's first step of each op, found once: the JSON of every item
 * asks three or four times (a spell? charges? a condition? a given name?),
 * and the walk over the steps was 3% of a batch's instructions. */
#define OPS (OP_CHARGES + 1)
static const struct step *steps_by_op[K__MAX][OPS];
static pthread_once_t steps_once = PTHREAD_ONCE_INIT;

static void index_steps(void)
{
	for (int k = 0; k < K__MAX; k++)
		for (int op = 0; op < OPS; op++)
			steps_by_op[k][op] = first_step(&recipes[k], (enum step_op)op);
}

const struct step *recipe_step(const struct recipe *r, enum step_op op)
{
	if (r && (unsigned)r->kind < K__MAX && r == &recipes[r->kind] && (unsigned)op < OPS) {
		pthread_once(&steps_once, index_steps);
		return steps_by_op[r->kind][op];
	}
	return first_step(r, op);
}
