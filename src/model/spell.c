/* spell: the effect kinds as one table, the check of a row and the words
 * (docs/spells.md). */
#include "spell.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "decimal.h"

/* The tables params point into are small C tables, not catalog data: a word
 * here has a meaning the game engine acts on (fire burns, a duck quacks), so
 * a new one comes with code, not with a proposal. Index 0 is never a thing. */
static const char *const elements[] = {NULL,     "fire", "cold",   "lightning", "acid",
                                       "poison", "holy", "shadow", "force"};
static const char *const stats[] = {NULL,    "attack",   "defense",   "magic",       "stealth",
                                    "speed", "strength", "dexterity", "intelligence"};
/* Objects: the singular with its article, then the plural. */
static const char *const objects[][2] = {
        {NULL, NULL},
        {"a duck", "ducks"},
        {"a loaf of bread", "loaves of bread"},
        {"a torch", "torches"},
        {"a coil of rope", "coils of rope"},
        {"an iron key", "iron keys"},
        {"a wooden door", "wooden doors"},
        {"a flask of water", "flasks of water"},
        {"a stone wall", "stone walls"},
        {"a silver coin", "silver coins"},
        {"a cloud of moths", "clouds of moths"},
        {"a wooden ladder", "wooden ladders"},
        {"a spectral hound", "spectral hounds"},
};
/* What reveal shows. */
static const char *const sights[] = {NULL, "traps", "doors", "items", "monsters", "the map"};

#define COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])) - 1)

int spell_table_count(enum spell_table t)
{
	switch (t) {
	case SPELL_T_ELEMENT:
		return COUNT(elements);
	case SPELL_T_STAT:
		return COUNT(stats);
	case SPELL_T_OBJECT:
		return COUNT(objects);
	case SPELL_T_SIGHT:
		return COUNT(sights);
	case SPELL_T__MAX:
		break;
	}
	return 0;
}

const char *spell_table_word(enum spell_table t, int i)
{
	if (i < 1 || i > spell_table_count(t))
		return NULL;
	switch (t) {
	case SPELL_T_ELEMENT:
		return elements[i];
	case SPELL_T_STAT:
		return stats[i];
	case SPELL_T_OBJECT:
		return objects[i][0];
	case SPELL_T_SIGHT:
		return sights[i];
	case SPELL_T__MAX:
		break;
	}
	return NULL;
}

/* How one param is read. label NULL: unused, must be 0. A param with a
 * table ranges over 1..the table's count (lo and hi are then ignored). */
struct param {
	const char *label;
	int32_t lo, hi;
	int nonzero;      /* 0 inside lo..hi is refused (a buff of 0 does nothing) */
	int table;        /* 1 + enum spell_table, or 0 */
	const char *help; /* what it means, for the proposal form */
};

/* A writer puts a checked effect's words into the writer state. */
struct out {
	char *dst;
	size_t cap, len;
	int over;
};

/* Appends bytes, or marks o over when they and a NUL would not fit. */
static void put_bytes(struct out *o, const char *s, size_t n)
{
	if (o->over)
		return;
	if (n >= o->cap - o->len) {
		o->over = 1;
		return;
	}
	memcpy(o->dst + o->len, s, n);
	o->len += n;
	o->dst[o->len] = '\0';
}

/* The bytes vsnprintf wrote, for the only conversions this file uses: %d
 * (an int) and %s (NULL as glibc's "(null)"). vsnprintf was 4% of a
 * dungeon's JSON answer, which holds ~250 items. Anything else
 * after a '%' is a programming error the format attribute catches. */
static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct out *o, const char *fmt, ...)
{
	va_list ap;
	const char *lit = fmt;

	va_start(ap, fmt);
	for (const char *f = fmt; *f; f++) {
		if (f[0] != '%' || (f[1] != 'd' && f[1] != 's'))
			continue;
		put_bytes(o, lit, (size_t)(f - lit));
		if (f[1] == 'd') {
			char text[DECIMAL_MAX];
			put_bytes(o, text, decimal_i64_n(va_arg(ap, int), 0, text));
		} else {
			const char *a = va_arg(ap, const char *);
			if (!a)
				a = "(null)";
			put_bytes(o, a, strlen(a));
		}
		f++;
		lit = f + 1;
	}
	va_end(ap);
	put_bytes(o, lit, strlen(lit));
}

static const char *plural(int32_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* XdY+Z, then ", +W per level" when W is not 0; Z alone when there are
 * no dice (a flat amount, checked to be at least 1). */
static void put_dice(struct out *o, const int32_t *p)
{
	if (p[0] == 0) {
		put(o, "%d", (int)p[2]);
		return;
	}
	put(o, "%dd%d", (int)p[0], (int)p[1]);
	if (p[2])
		put(o, "+%d", (int)p[2]);
}

static void put_per_level(struct out *o, int32_t w)
{
	if (w)
		put(o, ", +%d per level", (int)w);
}

static void w_heal(struct out *o, const int32_t *p)
{
	put(o, "heals ");
	put_dice(o, p);
	put_per_level(o, p[3]);
}

static void w_damage(struct out *o, const int32_t *p)
{
	put(o, "deals ");
	put_dice(o, p);
	put(o, " %s damage", elements[p[4]]);
	put_per_level(o, p[3]);
}

static void w_create_object(struct out *o, const int32_t *p)
{
	if (p[1] == 1)
		put(o, "summons %s", objects[p[0]][0]);
	else
		put(o, "summons %d %s", (int)p[1], objects[p[0]][1]);
}

static void w_teleport(struct out *o, const int32_t *p)
{
	put(o, "teleports the caster up to %d %s", (int)p[0], plural(p[0], "square", "squares"));
}

static void w_light(struct out *o, const int32_t *p)
{
	put(o, "lights a radius of %d %s for %d %s", (int)p[0], plural(p[0], "square", "squares"),
	    (int)p[1], plural(p[1], "turn", "turns"));
}

static void w_buff(struct out *o, const int32_t *p)
{
	int32_t a = p[1] < 0 ? -p[1] : p[1];

	put(o, "%s %s by %d for %d %s", p[1] > 0 ? "raises" : "lowers", stats[p[0]], (int)a,
	    (int)p[2], plural(p[2], "turn", "turns"));
}

static void w_ward(struct out *o, const int32_t *p)
{
	put(o, "absorbs up to %d damage for %d %s", (int)p[0], (int)p[1],
	    plural(p[1], "turn", "turns"));
}

static void w_reveal(struct out *o, const int32_t *p)
{
	put(o, "reveals %s within %d %s", sights[p[0]], (int)p[1],
	    plural(p[1], "square", "squares"));
}

/* Dice may be 0 for a flat amount: sides must then be 0 and the bonus at
 * least 1 (kind.dice, checked before the ranges). */
#define DICE                                                                                       \
	{"dice", 0, 20, 0, 0, "how many dice are rolled; 0 for a flat amount (the bonus alone)"},  \
	        {"sides", 2, 20, 0, 0, "sides of each die (2d6: 6); 0 when there are no dice"},    \
	        {"bonus", 0, 100, 0, 0, "a flat amount added to the roll (2d6+3: 3)"},             \
	{                                                                                          \
		"per level", 0, 10, 0, 0, "added per level of the caster"                          \
	}
#define TURNS(lo)                                                                                  \
	{                                                                                          \
		"turns", lo, 1000, 0, 0, "how long it lasts, in turns"                             \
	}

/* THE table of effect kinds: one row each, in enum order. */
static const struct kind {
	const char *name;
	struct param p[SPELL_PARAMS];
	void (*write)(struct out *, const int32_t *);
	int dice;          /* p1..p4 are DICE */
	const char *about; /* what the effect does, for the proposal form */
} kinds[EFFECT__MAX] = {
        [EFFECT_NONE] = {"none", {{0}}, NULL, 0, NULL},
        [EFFECT_HEAL] = {"heal", {DICE}, w_heal, 1, "restores hit points"},
        [EFFECT_DAMAGE] = {"damage",
                           {DICE, {"element", 0, 0, 0, 1 + SPELL_T_ELEMENT, "the kind of damage"}},
                           w_damage,
                           1,
                           "hurts the target"},
        [EFFECT_CREATE_OBJECT] = {"create_object",
                                  {{"object", 0, 0, 0, 1 + SPELL_T_OBJECT, "what appears"},
                                   {"count", 1, 12, 0, 0, "how many"}},
                                  w_create_object,
                                  0,
                                  "summons objects"},
        [EFFECT_TELEPORT] = {"teleport",
                             {{"range", 1, 100, 0, 0, "how far, in squares"}},
                             w_teleport,
                             0,
                             "moves the caster"},
        [EFFECT_LIGHT] = {"light",
                          {{"radius", 1, 20, 0, 0, "how far the light reaches, in squares"},
                           TURNS(1)},
                          w_light,
                          0,
                          "lights the area around the caster"},
        [EFFECT_BUFF] = {"buff",
                         {{"stat", 0, 0, 0, 1 + SPELL_T_STAT, "the stat changed"},
                          {"amount", -10, 10, 1, 0,
                           "added to the stat; below 0 lowers it (a curse)"},
                          TURNS(1)},
                         w_buff,
                         0,
                         "raises or lowers a stat for a while"},
        [EFFECT_WARD] = {"ward",
                         {{"absorb", 1, 200, 0, 0, "damage soaked up before it ends"}, TURNS(1)},
                         w_ward,
                         0,
                         "a shield that absorbs damage"},
        [EFFECT_REVEAL] = {"reveal",
                           {{"sight", 0, 0, 0, 1 + SPELL_T_SIGHT, "what is shown"},
                            {"radius", 1, 50, 0, 0, "how far, in squares"}},
                           w_reveal,
                           0,
                           "shows what is hidden nearby"},
};

int spell_param_info(int kind, int i, struct spell_param_info *out)
{
	const struct param *p;

	if (kind <= EFFECT_NONE || kind >= EFFECT__MAX || i < 0 || i >= SPELL_PARAMS)
		return -1;
	p = &kinds[kind].p[i];
	if (!p->label)
		return -1;
	*out = (struct spell_param_info){p->label, p->help, p->lo, p->hi, p->nonzero, p->table};
	if (p->table) {
		out->lo = 1;
		out->hi = spell_table_count((enum spell_table)(p->table - 1));
	}
	return 0;
}

const char *spell_effect_about(int kind)
{
	return kind > EFFECT_NONE && kind < EFFECT__MAX ? kinds[kind].about : NULL;
}

enum spell_effect_kind spell_effect_kind_by_name(const char *name)
{
	if (!name)
		return EFFECT_NONE;
	for (int k = EFFECT_NONE + 1; k < EFFECT__MAX; k++)
		if (strcmp(kinds[k].name, name) == 0)
			return (enum spell_effect_kind)k;
	return EFFECT_NONE;
}

const char *spell_effect_kind_name(int kind)
{
	return kind > EFFECT_NONE && kind < EFFECT__MAX ? kinds[kind].name : NULL;
}

static int refuse(char *why, size_t cap, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));
static int refuse(char *why, size_t cap, const char *fmt, ...)
{
	va_list ap;

	if (why && cap) {
		va_start(ap, fmt);
		vsnprintf(why, cap, fmt, ap);
		va_end(ap);
	}
	return -1;
}

int spell_effect_check(const struct spell_effect *e, char *why, size_t cap)
{
	const struct kind *k;

	if (why && cap)
		why[0] = '\0';
	if (e->kind == EFFECT_NONE)
		return refuse(why, cap, "effect \"none\" is only the end of the list");
	if (e->kind < 0 || e->kind >= EFFECT__MAX)
		return refuse(why, cap, "unknown effect %d", e->kind);
	k = &kinds[e->kind];
	/* No dice: a flat amount, so sides mean nothing and the bonus is it. */
	int flat = k->dice && e->p[0] == 0;
	if (flat && e->p[1] != 0)
		return refuse(why, cap, "%s p2 (sides) must be 0 when p1 (dice) is 0, got %d",
		              k->name, (int)e->p[1]);
	if (flat && e->p[2] < 1)
		return refuse(why, cap, "%s p3 (bonus) must be 1..%d when p1 (dice) is 0, got %d",
		              k->name, (int)k->p[2].hi, (int)e->p[2]);
	for (int i = 0; i < SPELL_PARAMS; i++) {
		const struct param *p = &k->p[i];
		int32_t v = e->p[i], lo = p->lo, hi = p->hi;

		if (flat && i == 1)
			continue;

		if (!p->label) {
			if (v != 0)
				return refuse(why, cap, "%s p%d is unused and must be 0, got %d",
				              k->name, i + 1, (int)v);
			continue;
		}
		if (p->table) {
			lo = 1;
			hi = spell_table_count((enum spell_table)(p->table - 1));
		}
		if (v < lo || v > hi || (p->nonzero && v == 0))
			return refuse(why, cap, "%s p%d (%s) must be %d..%d%s, got %d", k->name,
			              i + 1, p->label, (int)lo, (int)hi,
			              p->nonzero ? " and not 0" : "", (int)v);
	}
	return 0;
}

int spell_check(const struct spell *s, char *why, size_t cap)
{
	size_t len = s->name ? strlen(s->name) : 0;
	char sub[SPELL_REASON_MAX];

	if (why && cap)
		why[0] = '\0';
	if (len < 1 || len > SPELL_NAME_MAX)
		return refuse(why, cap, "name must be 1..%d bytes, got %zu", SPELL_NAME_MAX, len);
	if (s->mana < SPELL_MANA_MIN || s->mana > SPELL_MANA_MAX)
		return refuse(why, cap, "mana must be %d..%d, got %d", SPELL_MANA_MIN,
		              SPELL_MANA_MAX, s->mana);
	if (s->level < SPELL_LEVEL_MIN || s->level > SPELL_LEVEL_MAX)
		return refuse(why, cap, "level must be %d..%d, got %d", SPELL_LEVEL_MIN,
		              SPELL_LEVEL_MAX, s->level);
	if (s->tier < SPELL_TIER_MIN || s->tier > SPELL_TIER_MAX)
		return refuse(why, cap, "tier must be %d..%d, got %d", SPELL_TIER_MIN,
		              SPELL_TIER_MAX, s->tier);
	if (s->n_effects < 1 || s->n_effects > SPELL_EFFECTS_MAX)
		return refuse(why, cap, "a spell has 1..%d effects, got %d", SPELL_EFFECTS_MAX,
		              s->n_effects);
	for (int i = 0; i < s->n_effects; i++)
		if (spell_effect_check(&s->effects[i], sub, sizeof sub))
			return refuse(why, cap, "effect %d: %s", i + 1, sub);
	return 0;
}

static int finish(struct out *o)
{
	if (o->over) {
		if (o->cap)
			o->dst[0] = '\0';
		return -1;
	}
	return (int)o->len;
}

int spell_effect_text(const struct spell_effect *e, char *dst, size_t cap)
{
	struct out o = {dst, cap, 0, cap == 0};

	if (cap)
		dst[0] = '\0';
	if (spell_effect_check(e, NULL, 0))
		return -1;
	kinds[e->kind].write(&o, e->p);
	return finish(&o);
}

int spell_text(const struct spell *s, char *dst, size_t cap)
{
	struct out o = {dst, cap, 0, cap == 0};

	if (cap)
		dst[0] = '\0';
	if (spell_check(s, NULL, 0))
		return -1;
	put(&o, "%s \u2014 %d mana, level %d: ", s->name, s->mana, s->level);
	for (int i = 0; i < s->n_effects; i++) {
		if (i)
			put(&o, "; ");
		kinds[s->effects[i].kind].write(&o, s->effects[i].p);
	}
	put(&o, ".");
	return finish(&o);
}
