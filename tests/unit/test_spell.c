/* spell: every effect kind in words, every refusal of the check, and the
 * shipped spells (sql/data/spells.tsv) read at run time, each passing it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "spell.h"
#include "word.h"

#define E(k, a, b, c, d, e)                                                                        \
	{                                                                                          \
		k,                                                                                 \
		{                                                                                  \
			a, b, c, d, e                                                              \
		}                                                                                  \
	}

struct text_case {
	struct spell_effect e;
	const char *text;
};

/* Every kind, with the turns of its wording (no bonus, no per level,
 * singular and plural, a raise and a lowering). */
static const struct text_case texts[] = {
        {E(EFFECT_HEAL, 2, 6, 3, 1, 0), "heals 2d6+3, +1 per level"},
        {E(EFFECT_HEAL, 1, 8, 0, 0, 0), "heals 1d8"},
        {E(EFFECT_HEAL, 20, 20, 100, 10, 0), "heals 20d20+100, +10 per level"},
        /* No dice: a flat amount (the seed's own example). */
        {E(EFFECT_HEAL, 0, 0, 10, 1, 0), "heals 10, +1 per level"},
        {E(EFFECT_DAMAGE, 0, 0, 7, 0, 2), "deals 7 cold damage"},
        {E(EFFECT_DAMAGE, 3, 6, 0, 1, 1), "deals 3d6 fire damage, +1 per level"},
        {E(EFFECT_DAMAGE, 1, 4, 2, 0, 8), "deals 1d4+2 force damage"},
        {E(EFFECT_DAMAGE, 8, 10, 5, 2, 7), "deals 8d10+5 shadow damage, +2 per level"},
        {E(EFFECT_CREATE_OBJECT, 1, 1, 0, 0, 0), "summons a duck"},
        {E(EFFECT_CREATE_OBJECT, 1, 3, 0, 0, 0), "summons 3 ducks"},
        {E(EFFECT_CREATE_OBJECT, 5, 1, 0, 0, 0), "summons an iron key"},
        {E(EFFECT_CREATE_OBJECT, 2, 12, 0, 0, 0), "summons 12 loaves of bread"},
        {E(EFFECT_TELEPORT, 20, 0, 0, 0, 0), "teleports the caster up to 20 squares"},
        {E(EFFECT_TELEPORT, 1, 0, 0, 0, 0), "teleports the caster up to 1 square"},
        {E(EFFECT_LIGHT, 4, 100, 0, 0, 0), "lights a radius of 4 squares for 100 turns"},
        {E(EFFECT_LIGHT, 1, 1, 0, 0, 0), "lights a radius of 1 square for 1 turn"},
        {E(EFFECT_BUFF, 1, 2, 50, 0, 0), "raises attack by 2 for 50 turns"},
        {E(EFFECT_BUFF, 6, -3, 1, 0, 0), "lowers strength by 3 for 1 turn"},
        {E(EFFECT_WARD, 15, 20, 0, 0, 0), "absorbs up to 15 damage for 20 turns"},
        {E(EFFECT_REVEAL, 1, 10, 0, 0, 0), "reveals traps within 10 squares"},
        {E(EFFECT_REVEAL, 5, 30, 0, 0, 0), "reveals the map within 30 squares"},
};

static void test_effect_texts(void **state)
{
	int seen[EFFECT__MAX] = {0};

	(void)state;
	for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		char buf[SPELL_TEXT_MAX], why[SPELL_REASON_MAX];
		int n;

		if (spell_effect_check(&texts[i].e, why, sizeof why))
			fail_msg("case %zu refused: %s", i, why);
		n = spell_effect_text(&texts[i].e, buf, sizeof buf);
		assert_string_equal(buf, texts[i].text);
		assert_int_equal(n, (int)strlen(texts[i].text));
		seen[texts[i].e.kind] = 1;
	}
	for (int k = EFFECT_NONE + 1; k < EFFECT__MAX; k++)
		if (!seen[k])
			fail_msg("kind %s has no text case", spell_effect_kind_name(k));
}

struct bad_case {
	struct spell_effect e;
	const char *why;
};

/* Every refusal: unknown kinds, the sentinel, each used param below and above
 * its range, a table index past its table, a 0 where 0 means nothing, and a
 * value in an unused param. */
static const struct bad_case bad[] = {
        {E(EFFECT_NONE, 0, 0, 0, 0, 0), "effect \"none\" is only the end of the list"},
        {E(EFFECT__MAX, 0, 0, 0, 0, 0), "unknown effect 9"},
        {E(-1, 0, 0, 0, 0, 0), "unknown effect -1"},
        {E(42, 1, 6, 0, 0, 0), "unknown effect 42"},
        {E(EFFECT_HEAL, 0, 6, 0, 0, 0), "heal p2 (sides) must be 0 when p1 (dice) is 0, got 6"},
        {E(EFFECT_HEAL, 0, 0, 0, 1, 0),
         "heal p3 (bonus) must be 1..100 when p1 (dice) is 0, got 0"},
        {E(EFFECT_HEAL, 0, 0, 101, 0, 0), "heal p3 (bonus) must be 0..100, got 101"},
        {E(EFFECT_HEAL, -1, 6, 0, 0, 0), "heal p1 (dice) must be 0..20, got -1"},
        {E(EFFECT_HEAL, 21, 6, 0, 0, 0), "heal p1 (dice) must be 0..20, got 21"},
        {E(EFFECT_HEAL, 1, 0, 0, 0, 0), "heal p2 (sides) must be 2..20, got 0"},
        {E(EFFECT_HEAL, 2, 1, 0, 0, 0), "heal p2 (sides) must be 2..20, got 1"},
        {E(EFFECT_HEAL, 2, 21, 0, 0, 0), "heal p2 (sides) must be 2..20, got 21"},
        {E(EFFECT_HEAL, 2, 6, -1, 0, 0), "heal p3 (bonus) must be 0..100, got -1"},
        {E(EFFECT_HEAL, 2, 6, 101, 0, 0), "heal p3 (bonus) must be 0..100, got 101"},
        {E(EFFECT_HEAL, 2, 6, 0, 11, 0), "heal p4 (per level) must be 0..10, got 11"},
        {E(EFFECT_HEAL, 2, 6, 0, -1, 0), "heal p4 (per level) must be 0..10, got -1"},
        {E(EFFECT_HEAL, 2, 6, 0, 0, 1), "heal p5 is unused and must be 0, got 1"},
        {E(EFFECT_DAMAGE, 2, 6, 0, 0, 0), "damage p5 (element) must be 1..8, got 0"},
        {E(EFFECT_DAMAGE, 2, 6, 0, 0, 9), "damage p5 (element) must be 1..8, got 9"},
        {E(EFFECT_DAMAGE, 0, 6, 0, 0, 1), "damage p2 (sides) must be 0 when p1 (dice) is 0, got 6"},
        {E(EFFECT_DAMAGE, 0, 0, 5, 0, 0), "damage p5 (element) must be 1..8, got 0"},
        {E(EFFECT_CREATE_OBJECT, 0, 1, 0, 0, 0), "create_object p1 (object) must be 1..12, got 0"},
        {E(EFFECT_CREATE_OBJECT, 13, 1, 0, 0, 0),
         "create_object p1 (object) must be 1..12, got 13"},
        {E(EFFECT_CREATE_OBJECT, 1, 0, 0, 0, 0), "create_object p2 (count) must be 1..12, got 0"},
        {E(EFFECT_CREATE_OBJECT, 1, 13, 0, 0, 0), "create_object p2 (count) must be 1..12, got 13"},
        {E(EFFECT_CREATE_OBJECT, 1, 1, 1, 0, 0), "create_object p3 is unused and must be 0, got 1"},
        {E(EFFECT_TELEPORT, 0, 0, 0, 0, 0), "teleport p1 (range) must be 1..100, got 0"},
        {E(EFFECT_TELEPORT, 101, 0, 0, 0, 0), "teleport p1 (range) must be 1..100, got 101"},
        {E(EFFECT_TELEPORT, 5, 1, 0, 0, 0), "teleport p2 is unused and must be 0, got 1"},
        {E(EFFECT_LIGHT, 0, 10, 0, 0, 0), "light p1 (radius) must be 1..20, got 0"},
        {E(EFFECT_LIGHT, 21, 10, 0, 0, 0), "light p1 (radius) must be 1..20, got 21"},
        {E(EFFECT_LIGHT, 3, 0, 0, 0, 0), "light p2 (turns) must be 1..1000, got 0"},
        {E(EFFECT_LIGHT, 3, 1001, 0, 0, 0), "light p2 (turns) must be 1..1000, got 1001"},
        {E(EFFECT_BUFF, 0, 2, 10, 0, 0), "buff p1 (stat) must be 1..8, got 0"},
        {E(EFFECT_BUFF, 9, 2, 10, 0, 0), "buff p1 (stat) must be 1..8, got 9"},
        {E(EFFECT_BUFF, 1, 0, 10, 0, 0), "buff p2 (amount) must be -10..10 and not 0, got 0"},
        {E(EFFECT_BUFF, 1, 11, 10, 0, 0), "buff p2 (amount) must be -10..10 and not 0, got 11"},
        {E(EFFECT_BUFF, 1, -11, 10, 0, 0), "buff p2 (amount) must be -10..10 and not 0, got -11"},
        {E(EFFECT_BUFF, 1, 2, 0, 0, 0), "buff p3 (turns) must be 1..1000, got 0"},
        {E(EFFECT_BUFF, 1, 2, 10, 0, 7), "buff p5 is unused and must be 0, got 7"},
        {E(EFFECT_WARD, 0, 10, 0, 0, 0), "ward p1 (absorb) must be 1..200, got 0"},
        {E(EFFECT_WARD, 201, 10, 0, 0, 0), "ward p1 (absorb) must be 1..200, got 201"},
        {E(EFFECT_WARD, 10, 0, 0, 0, 0), "ward p2 (turns) must be 1..1000, got 0"},
        {E(EFFECT_REVEAL, 0, 10, 0, 0, 0), "reveal p1 (sight) must be 1..5, got 0"},
        {E(EFFECT_REVEAL, 6, 10, 0, 0, 0), "reveal p1 (sight) must be 1..5, got 6"},
        {E(EFFECT_REVEAL, 1, 51, 0, 0, 0), "reveal p2 (radius) must be 1..50, got 51"},
        {E(EFFECT_REVEAL, 1, 5, 0, 1, 0), "reveal p4 is unused and must be 0, got 1"},
};

static void test_effect_refusals(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		char why[SPELL_REASON_MAX], buf[SPELL_TEXT_MAX] = "x";

		assert_int_equal(spell_effect_check(&bad[i].e, why, sizeof why), -1);
		assert_string_equal(why, bad[i].why);
		/* a refused effect is never written */
		assert_int_equal(spell_effect_text(&bad[i].e, buf, sizeof buf), -1);
		assert_string_equal(buf, "");
	}
}

/* The form is drawn from the table: every kind's used params have a label,
 * a help phrase and their range; unused ones say so. */
static void test_param_info(void **state)
{
	struct spell_param_info pi;

	(void)state;
	assert_int_equal(spell_param_info(EFFECT_HEAL, 0, &pi), 0);
	assert_string_equal(pi.label, "dice");
	assert_int_equal(pi.lo, 0);
	assert_int_equal(pi.hi, 20);
	assert_int_equal(pi.table, 0);
	assert_int_equal(spell_param_info(EFFECT_HEAL, 4, &pi), -1);
	assert_int_equal(spell_param_info(EFFECT_DAMAGE, 4, &pi), 0);
	assert_string_equal(pi.label, "element");
	assert_int_equal(pi.table, 1 + SPELL_T_ELEMENT);
	assert_int_equal(pi.lo, 1);
	assert_int_equal(pi.hi, 8);
	assert_int_equal(spell_param_info(EFFECT_BUFF, 1, &pi), 0);
	assert_int_equal(pi.nonzero, 1);
	assert_int_equal(pi.lo, -10);
	assert_int_equal(spell_param_info(EFFECT_NONE, 0, &pi), -1);
	assert_int_equal(spell_param_info(EFFECT__MAX, 0, &pi), -1);
	assert_int_equal(spell_param_info(EFFECT_HEAL, SPELL_PARAMS, &pi), -1);
	for (int k = EFFECT_NONE + 1; k < EFFECT__MAX; k++) {
		assert_non_null(spell_effect_about(k));
		assert_int_equal(spell_param_info(k, 0, &pi), 0); /* every kind reads p1 */
		for (int i = 0; i < SPELL_PARAMS; i++)
			if (spell_param_info(k, i, &pi) == 0)
				assert_true(pi.help && pi.help[0] && pi.lo <= pi.hi);
	}
	assert_null(spell_effect_about(EFFECT_NONE));
}

static void test_kind_names(void **state)
{
	(void)state;
	for (int k = EFFECT_NONE + 1; k < EFFECT__MAX; k++) {
		const char *n = spell_effect_kind_name(k);

		assert_non_null(n);
		assert_int_equal(spell_effect_kind_by_name(n), k);
	}
	assert_int_equal(spell_effect_kind_by_name("heal"), EFFECT_HEAL);
	assert_int_equal(spell_effect_kind_by_name("create_object"), EFFECT_CREATE_OBJECT);
	assert_int_equal(spell_effect_kind_by_name("none"), EFFECT_NONE);
	assert_int_equal(spell_effect_kind_by_name("Heal"), EFFECT_NONE);
	assert_int_equal(spell_effect_kind_by_name("frobnicate"), EFFECT_NONE);
	assert_int_equal(spell_effect_kind_by_name(""), EFFECT_NONE);
	assert_int_equal(spell_effect_kind_by_name(NULL), EFFECT_NONE);
	assert_null(spell_effect_kind_name(EFFECT_NONE));
	assert_null(spell_effect_kind_name(EFFECT__MAX));
	assert_null(spell_effect_kind_name(-1));
}

static void test_tables(void **state)
{
	(void)state;
	assert_string_equal(spell_table_word(SPELL_T_ELEMENT, 1), "fire");
	assert_string_equal(spell_table_word(SPELL_T_OBJECT, 1), "a duck");
	assert_string_equal(spell_table_word(SPELL_T_STAT, 1), "attack");
	assert_string_equal(spell_table_word(SPELL_T_SIGHT, 1), "traps");
	for (int t = 0; t < SPELL_T__MAX; t++) {
		int n = spell_table_count((enum spell_table)t);

		assert_true(n > 0);
		assert_null(spell_table_word((enum spell_table)t, 0));
		assert_null(spell_table_word((enum spell_table)t, n + 1));
		for (int i = 1; i <= n; i++)
			assert_non_null(spell_table_word((enum spell_table)t, i));
	}
}

static struct spell cure(void)
{
	struct spell s = {.name = "Cure Moderate Wounds",
	                  .mana = 30,
	                  .level = 2,
	                  .tier = 2,
	                  .n_effects = 1,
	                  .effects = {E(EFFECT_HEAL, 2, 6, 3, 1, 0)}};
	return s;
}

static void test_spell_text(void **state)
{
	struct spell s = cure();
	char buf[SPELL_TEXT_MAX];
	int n;

	(void)state;

	n = spell_text(&s, buf, sizeof buf);
	assert_int_equal(n, (int)strlen(buf));
	assert_string_equal(
	        buf, "Cure Moderate Wounds \u2014 30 mana, level 2: heals 2d6+3, +1 per level.");

	/* five effects, joined by "; " */
	s.name = "Everything";
	s.n_effects = 5;
	s.effects[1] = (struct spell_effect)E(EFFECT_DAMAGE, 1, 4, 0, 0, 2);
	s.effects[2] = (struct spell_effect)E(EFFECT_CREATE_OBJECT, 1, 1, 0, 0, 0);
	s.effects[3] = (struct spell_effect)E(EFFECT_LIGHT, 2, 5, 0, 0, 0);
	s.effects[4] = (struct spell_effect)E(EFFECT_TELEPORT, 3, 0, 0, 0, 0);
	assert_true(spell_text(&s, buf, sizeof buf) > 0);
	assert_string_equal(buf, "Everything \u2014 30 mana, level 2: heals 2d6+3, +1 per level; "
	                         "deals 1d4 cold damage; summons a duck; lights a radius of 2 "
	                         "squares for 5 turns; teleports the caster up to 3 squares.");

	/* a buffer one byte short is refused whole, never cut */
	{
		char small[SPELL_TEXT_MAX];
		size_t need = strlen(buf) + 1;

		assert_int_equal(spell_text(&s, small, need), (int)need - 1);
		assert_int_equal(spell_text(&s, small, need - 1), -1);
		assert_string_equal(small, "");
		assert_int_equal(spell_effect_text(&s.effects[0], small, 5), -1);
		assert_string_equal(small, "");
	}
}

struct spell_bad {
	void (*spoil)(struct spell *);
	const char *why;
};

static void no_name(struct spell *s)
{
	s->name = "";
}
static void null_name(struct spell *s)
{
	s->name = NULL;
}
static void long_name(struct spell *s)
{
	s->name = "Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"; /* 65 */
}
static void mana_low(struct spell *s)
{
	s->mana = 0;
}
static void mana_high(struct spell *s)
{
	s->mana = 501;
}
static void level_low(struct spell *s)
{
	s->level = 0;
}
static void level_high(struct spell *s)
{
	s->level = 10;
}
static void tier_low(struct spell *s)
{
	s->tier = 0;
}
static void tier_high(struct spell *s)
{
	s->tier = 7;
}
static void no_effects(struct spell *s)
{
	s->n_effects = 0;
}
static void six_effects(struct spell *s)
{
	s->n_effects = 6;
}
static void bad_second(struct spell *s)
{
	s->n_effects = 2;
	s->effects[1] = (struct spell_effect)E(EFFECT_DAMAGE, 2, 6, 0, 0, 99);
}
static void none_second(struct spell *s)
{
	s->n_effects = 2;
	s->effects[1] = (struct spell_effect)E(EFFECT_NONE, 0, 0, 0, 0, 0);
}

static const struct spell_bad spell_bad[] = {
        {no_name, "name must be 1..64 bytes, got 0"},
        {null_name, "name must be 1..64 bytes, got 0"},
        {long_name, "name must be 1..64 bytes, got 65"},
        {mana_low, "mana must be 1..500, got 0"},
        {mana_high, "mana must be 1..500, got 501"},
        {level_low, "level must be 1..9, got 0"},
        {level_high, "level must be 1..9, got 10"},
        {tier_low, "tier must be 1..6, got 0"},
        {tier_high, "tier must be 1..6, got 7"},
        {no_effects, "a spell has 1..5 effects, got 0"},
        {six_effects, "a spell has 1..5 effects, got 6"},
        {bad_second, "effect 2: damage p5 (element) must be 1..8, got 99"},
        {none_second, "effect 2: effect \"none\" is only the end of the list"},
};

static void test_spell_refusals(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof spell_bad / sizeof spell_bad[0]; i++) {
		struct spell s = cure();
		char why[SPELL_REASON_MAX], buf[SPELL_TEXT_MAX];

		assert_int_equal(spell_check(&s, why, sizeof why), 0);
		spell_bad[i].spoil(&s);
		assert_int_equal(spell_check(&s, why, sizeof why), -1);
		assert_string_equal(why, spell_bad[i].why);
		assert_int_equal(spell_text(&s, buf, sizeof buf), -1);
	}
}

/* ---- the shipped data, read at run time from the repository root ---- */

/* Splits line at tabs in place; returns the number of cells (at most max). */
static int cells(char *line, char **cell, int max)
{
	int n = 0;

	line[strcspn(line, "\r\n")] = '\0';
	while (n < max) {
		cell[n++] = line;
		line = strchr(line, '\t');
		if (!line)
			break;
		*line++ = '\0';
	}
	return n;
}

static int whole(const char *s, int *v)
{
	char *end;
	long x;

	if (!*s)
		return -1;
	x = strtol(s, &end, 10);
	if (*end || x < -1000000 || x > 1000000)
		return -1;
	*v = (int)x;
	return 0;
}

/* An effect cell: "kind p1 p2 ..." (missing trailing params are 0). */
static int effect_cell(const char *cell, struct spell_effect *e)
{
	char kind[32];
	int n = 0, used;

	memset(e, 0, sizeof *e);
	if (sscanf(cell, "%31s%n", kind, &used) != 1)
		return -1;
	e->kind = spell_effect_kind_by_name(kind);
	if (e->kind == EFFECT_NONE)
		return -1;
	cell += used;
	while (*cell) {
		int v;

		if (n == SPELL_PARAMS || sscanf(cell, " %d%n", &v, &used) != 1)
			return -1;
		e->p[n++] = v;
		cell += used;
	}
	return 0;
}

static void test_shipped_spells(void **state)
{
	FILE *f = fopen("sql/data/spells.tsv", "r");
	char line[1024], name[SPELL_NAME_MAX + 1];
	int lines = 0, spells = 0, levels[SPELL_LEVEL_MAX + 1] = {0}, kinds[EFFECT__MAX] = {0};

	(void)state;
	assert_non_null(f);
	while (fgets(line, sizeof line, f)) {
		char *cell[4 + SPELL_EFFECTS_MAX + 1], text[SPELL_TEXT_MAX], why[SPELL_REASON_MAX];
		char norm[WORD_BYTES_MAX + 1];
		struct spell s = {0};
		int n;

		lines++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		n = cells(line, cell, 4 + SPELL_EFFECTS_MAX + 1);
		if (strcmp(cell[0], "name") == 0)
			continue; /* the header */
		if (n < 5 || n > 4 + SPELL_EFFECTS_MAX)
			fail_msg("spells.tsv:%d: %d cells", lines, n);
		/* a spell's name is a word (docs/moderation.md), as a proposal's would be */
		if (word_normalize(cell[0], strlen(cell[0]), norm) != WORD_OK ||
		    strcmp(norm, cell[0]) != 0)
			fail_msg("spells.tsv:%d: name \"%s\" is not a word", lines, cell[0]);
		snprintf(name, sizeof name, "%s", cell[0]);
		s.name = name;
		if (whole(cell[1], &s.mana) || whole(cell[2], &s.level) || whole(cell[3], &s.tier))
			fail_msg("spells.tsv:%d: mana, level, tier must be whole numbers", lines);
		s.n_effects = n - 4;
		for (int i = 0; i < s.n_effects; i++)
			if (effect_cell(cell[4 + i], &s.effects[i]))
				fail_msg("spells.tsv:%d: effect %d \"%s\" unreadable", lines, i + 1,
				         cell[4 + i]);
		if (spell_check(&s, why, sizeof why))
			fail_msg("spells.tsv:%d: %s: %s", lines, name, why);
		assert_true(spell_text(&s, text, sizeof text) > 0);
		if (getenv("SPELLS_PRINT"))
			print_message("%s\n", text);
		levels[s.level]++;
		for (int i = 0; i < s.n_effects; i++)
			kinds[s.effects[i].kind]++;
		spells++;
	}
	fclose(f);
	assert_true(spells >= 40);
	for (int l = SPELL_LEVEL_MIN; l <= SPELL_LEVEL_MAX; l++)
		if (!levels[l])
			fail_msg("no shipped spell of level %d", l);
	for (int k = EFFECT_NONE + 1; k < EFFECT__MAX; k++)
		if (!kinds[k])
			fail_msg("no shipped spell uses %s", spell_effect_kind_name(k));
	print_message("%d shipped spells, every level and every effect kind\n", spells);
}

static int group(const char *name)
{
	static const char *const known[] = {"scroll_tube_material",   "scroll_tube_quality",
	                                    "scroll_paper_material",  "scroll_paper_condition",
	                                    "scroll_writing_quality", "scroll_writing_detail"};
	for (int i = 0; i < 6; i++)
		if (strcmp(name, known[i]) == 0)
			return i;
	return -1;
}

/* The scroll part tables (SPEC §8): a known table, a word that passes the
 * word rule, value_mult within 50..300 hundredths, and a good/bad mark
 * exactly where the description needs one (paper condition, writing
 * quality), with both marks present there. */
static void test_shipped_scroll_parts(void **state)
{
	FILE *f = fopen("sql/data/scroll_parts.tsv", "r");
	char line[512];
	int lines = 0, rows[6] = {0}, good[6] = {0}, bad_[6] = {0};

	(void)state;
	assert_non_null(f);
	while (fgets(line, sizeof line, f)) {
		char *cell[5], norm[WORD_BYTES_MAX + 1];
		int n, g, mult;

		lines++;
		if (line[0] == '#' || line[0] == '\n')
			continue;
		n = cells(line, cell, 5);
		if (strcmp(cell[0], "table") == 0)
			continue; /* the header */
		if (n != 4)
			fail_msg("scroll_parts.tsv:%d: %d cells, want 4", lines, n);
		g = group(cell[0]);
		if (g < 0)
			fail_msg("scroll_parts.tsv:%d: unknown table %s", lines, cell[0]);
		if (word_normalize(cell[1], strlen(cell[1]), norm) != WORD_OK ||
		    strcmp(norm, cell[1]) != 0)
			fail_msg("scroll_parts.tsv:%d: \"%s\" is not a word", lines, cell[1]);
		if (whole(cell[2], &mult) || mult < 50 || mult > 300)
			fail_msg("scroll_parts.tsv:%d: value_mult %s not 50..300", lines, cell[2]);
		if (g == 3 || g == 4) {
			if (strcmp(cell[3], "good") == 0)
				good[g]++;
			else if (strcmp(cell[3], "bad") == 0)
				bad_[g]++;
			else
				fail_msg("scroll_parts.tsv:%d: mark must be good or bad", lines);
		} else if (strcmp(cell[3], "-") != 0) {
			fail_msg("scroll_parts.tsv:%d: %s takes no mark (-)", lines, cell[0]);
		}
		rows[g]++;
	}
	fclose(f);
	for (int g = 0; g < 6; g++)
		if (rows[g] < 5)
			fail_msg("table %d has %d rows, want at least 5", g, rows[g]);
	assert_true(good[3] > 0 && bad_[3] > 0);
	assert_true(good[4] > 0 && bad_[4] > 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_effect_texts),
	        cmocka_unit_test(test_effect_refusals),
	        cmocka_unit_test(test_param_info),
	        cmocka_unit_test(test_kind_names),
	        cmocka_unit_test(test_tables),
	        cmocka_unit_test(test_spell_text),
	        cmocka_unit_test(test_spell_refusals),
	        cmocka_unit_test(test_shipped_spells),
	        cmocka_unit_test(test_shipped_scroll_parts),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
