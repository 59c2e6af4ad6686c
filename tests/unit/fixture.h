/* A small weapon catalog for unit tests: every part, a crippling element,
 * inactive rows, types on tiers 1, 2, 3 and 6 (none on 4 and 5, to exercise
 * widening). Header-only so each test program gets its own copy. */
#ifndef LOOTFORGE_TEST_FIXTURE_H
#define LOOTFORGE_TEST_FIXTURE_H

#include <stdio.h>
#include <stdlib.h>

#include "catalog.h"

struct fixture_row {
	enum part part;
	const char *word;
	int active, tier, hands, attack, defense, flaming, freezing, sneak;
};

static const struct fixture_row fixture_rows[] = {
        {P_TYPE, "dagger", 1, 1, 1, 4, 0, 0, 0, 2},
        {P_TYPE, "club", 1, 1, 1, 5, 0, 0, 0, 0},
        {P_TYPE, "short sword", 1, 2, 1, 7, 1, 0, 0, 0},
        {P_TYPE, "longsword", 1, 3, 1, 10, 2, 0, 0, 0},
        {P_TYPE, "greatsword", 1, 3, 2, 14, 1, 0, 0, 0},
        {P_TYPE, "rusted pike", 0, 3, 2, 9, 0, 0, 0, 0},
        {P_TYPE, "worldbreaker", 1, 6, 3, 40, 0, 0, 0, 0},
        {P_ELEMENT, "flaming", 1, 0, 0, 0, 0, 5, 0, 0},
        {P_ELEMENT, "freezing", 1, 0, 0, 0, 0, 0, 5, 0},
        {P_ELEMENT, "shocking", 1, 0, 0, 1, 0, 0, 0, 0},
        {P_ELEMENT, "crippling", 1, 0, 0, 2, 0, 0, 0, 3},
        {P_ELEMENT, "withering", 0, 0, 0, 0, 0, 0, 0, 0},
        {P_PREFIX, "sharp", 1, 0, 0, 2, 0, 0, 0, 0},
        {P_PREFIX, "rusty", 1, 0, 0, -2, 0, 0, 0, 0},
        {P_PREFIX, "balanced", 1, 0, 0, 1, 1, 0, 0, 0},
        {P_PREFIX, "cursed", 0, 0, 0, 0, 0, 0, 0, 0},
        {P_ADJECTIVE, "ancient", 1, 0, 0, 0, 0, 0, 0, 0},
        {P_ADJECTIVE, "burning", 1, 0, 0, 0, 0, 1, 0, 0},
        {P_ABSTRACT, "wrath", 1, 0, 0, 1, 0, 0, 0, 0},
        {P_ABSTRACT, "the bear", 1, 0, 0, 0, 1, 0, 0, 0},
        {P_ABSTRACT, "<script>alert(1)</script>", 1, 0, 0, 0, 0, 0, 0, 0},
        {P_ABSTRACT, "silence", 0, 0, 0, 0, 0, 0, 0, 0},
};

static struct entry fixture_entry(const struct fixture_row *r, uint32_t id)
{
	struct entry e = {.id = id,
	                  .word = r->word,
	                  .active = (uint8_t)r->active,
	                  .tier = (uint8_t)r->tier,
	                  .weight = 1};
	e.stat[ST_HANDS] = r->hands;
	e.stat[ST_ATTACK] = r->attack;
	e.stat[ST_DEFENSE] = r->defense;
	e.stat[ST_FLAMING] = r->flaming;
	e.stat[ST_FREEZING] = r->freezing;
	e.stat[ST_SNEAK] = r->sneak;
	return e;
}

/* The i-th slot (0 or 1) a type of kind k may be worn in, by its recipe's
 * proposal rules: the first two slots to choose from, else the fixed one. */
static enum slot fixture_slot(enum kind k, int i)
{
	const struct part_rules *r = recipe_for(k) ? &recipe_for(k)->proposal[P_TYPE] : NULL;
	int seen = 0;

	for (int s = 0; r && s < SLOT__MAX; s++)
		if ((r->slots & (1u << s)) && seen++ == i)
			return (enum slot)s;
	for (int s = 0; r && seen == 1 && s < SLOT__MAX; s++)
		if (r->slots & (1u << s))
			return (enum slot)s;
	return r ? r->fixed_slot : SLOT_NONE;
}

/* Every kind but weapons, for unit tests: materials and types on every
 * tier, types with slots, a few words in each other part. Added to c. */
static void fixture_add_kinds(struct catalog *c)
{
	static const char *const others[] = {"alpha", "beta", "gamma", "delta"};
	char word[32];
	uint32_t id = 1000;
	for (int k = K_ARMOR; k < K__MAX; k++) {
		for (int tier = 1; tier <= TIER_MAX; tier++) {
			for (int i = 0; i < 2; i++) {
				struct entry e = {.id = id++,
				                  .word = word,
				                  .active = 1,
				                  .tier = (uint8_t)tier,
				                  .weight = 1};
				e.stat[ST_DEFENSE] = 2 * tier + i;
				e.stat[ST_MAGIC] = tier;
				snprintf(word, sizeof word, "material %d%c", tier, 'a' + i);
				if (catalog_add(c, (enum kind)k, P_MATERIAL, &e) < 0)
					abort();
				snprintf(word, sizeof word, "type %d%c", tier, 'a' + i);
				e.slot = (uint8_t)fixture_slot((enum kind)k, i);
				if (catalog_add(c, (enum kind)k, P_TYPE, &e) < 0)
					abort();
			}
		}
		const struct recipe *r = recipe_for((enum kind)k);
		for (int p = 0; p < P__MAX; p++) {
			if (p == P_MATERIAL || p == P_TYPE || !(r->parts & (1u << p)))
				continue;
			for (size_t i = 0; i < sizeof others / sizeof others[0]; i++) {
				struct entry e = {
				        .id = id++, .word = others[i], .active = 1, .weight = 1};
				e.stat[ST_MAGIC] = 1;
				/* marked parts: alpha and beta good, gamma and delta bad */
				if (r->proposal[p].has_mark)
					e.mark = i < 2 ? MARK_GOOD : MARK_BAD;
				if (catalog_add(c, (enum kind)k, (enum part)p, &e) < 0)
					abort();
			}
		}
	}
}

/* Spells (two on each tier but 5, which has none, to exercise widening)
 * and training names for the scroll-name chain. Added to c. */
static const char *const fixture_names[] = {
        "Aldren", "Belkira", "Corvane", "Dessaly", "Elowen",  "Faramond", "Galdric", "Halvara",
        "Ithrel", "Jorvik",  "Kaelis",  "Lorwyn",  "Marivel", "Norrath",  "Orsolya", "Perrin",
        "Quenby", "Rhosyn",  "Sabriel", "Tamsin",  "Ulrika",  "Varden",   "Wynfrey", "Ysolde"};

static void fixture_add_magic(struct catalog *c)
{
	uint32_t id = 1;
	char name[32];
	for (int tier = 1; tier <= TIER_MAX; tier++) {
		if (tier == 5)
			continue;
		for (int i = 0; i < 2; i++) {
			struct spell_row r = {.id = id++,
			                      .name = name,
			                      .mana = 10 * tier,
			                      .level = tier + i > 9 ? 9 : tier + i,
			                      .tier = tier,
			                      .active = 1,
			                      .n_effects = 1};
			snprintf(name, sizeof name, "Spell %d%c", tier, 'a' + i);
			r.effects[0].kind = "heal";
			r.effects[0].p[0] = tier;
			r.effects[0].p[1] = 6;
			if (catalog_add_spell(c, &r) != 0)
				abort();
		}
	}
	for (size_t i = 0; i < sizeof fixture_names / sizeof fixture_names[0]; i++) {
		struct catalog_name n = {.id = (uint32_t)i + 1, .name = fixture_names[i]};
		if (catalog_add_name(c, &n) != 0)
			abort();
	}
}

/* A finished catalog (revision 1), or abort(): tests cannot go on without it. */
static struct catalog *fixture_catalog(void)
{
	struct catalog *c = catalog_new(1);
	if (!c)
		abort();
	for (size_t i = 0; i < sizeof fixture_rows / sizeof fixture_rows[0]; i++) {
		struct entry e = fixture_entry(&fixture_rows[i], (uint32_t)i + 1);
		if (catalog_add(c, K_WEAPON, fixture_rows[i].part, &e) < 0)
			abort();
	}
	fixture_add_kinds(c);
	fixture_add_magic(c);
	if (catalog_finish(c) < 0)
		abort();
	return c;
}

#endif
