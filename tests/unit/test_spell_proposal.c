/* A proposed spell (docs/moderation.md "Spells"): the fields as typed,
 * checked by the same rules as the loader (spell_check), each error naming
 * the field it was typed in; the stored form of the effects both ways. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "proposal.h"

static struct spell_proposal_input input(void)
{
	struct spell_proposal_input in = {
	        .name = "Shade Skip", .mana = "20", .level = "3", .tier = "2"};
	in.effect[0] = "teleport 12";
	in.effect[1] = "buff 4 2 10";
	return in;
}

static void good_spell(void **state)
{
	(void)state;
	struct spell_proposal_input in = input();
	struct spell_proposal p;
	struct proposal_error err = {0};
	char text[SPELL_TEXT_MAX];
	struct spell s;

	assert_int_equal(spell_proposal_parse(&in, &p, &err), 0);
	assert_string_equal(p.name, "Shade Skip");
	assert_int_equal(p.n_effects, 2);
	spell_proposal_view(&p, &s);
	assert_true(spell_text(&s, text, sizeof text) > 0);
	assert_string_equal(text, "Shade Skip — 20 mana, level 3: teleports the caster up to 12 "
	                          "squares; raises stealth by 2 for 10 turns.");

	/* Empty cells are skipped; the spaces around numbers do not matter. */
	in.effect[0] = "";
	in.effect[2] = "  teleport   12 ";
	assert_int_equal(spell_proposal_parse(&in, &p, &err), 0);
	assert_int_equal(p.effects[0].kind, EFFECT_BUFF);
	assert_int_equal(p.effects[1].kind, EFFECT_TELEPORT);
	assert_int_equal(p.effects[1].p[0], 12);
}

/* The name is given back when another field fails (the spell form then
 * says whether it is a live spell's): before, p kept what it held, and the
 * form named a spell of an earlier request (make check saw "conflict" for
 * a name no spell had). */
static void name_given_back_when_other_fields_fail(void **state)
{
	struct spell_proposal_input in = {
	        .name = "Zzfizzle", .mana = "5", .level = "1", .tier = "1"};
	struct spell_proposal p;
	struct proposal_error err;

	(void)state;
	memset(&p, 0xa5, sizeof p);
	assert_int_equal(spell_proposal_parse(&in, &p, &err), -1); /* no effect */
	assert_string_equal(err.list[0].field, "effect1");
	assert_string_equal(p.name, "Zzfizzle");
	assert_int_equal(p.mana, 5);
	in.name = "";
	memset(&p, 0xa5, sizeof p);
	assert_int_equal(spell_proposal_parse(&in, &p, &err), -1);
	assert_string_equal(p.name, "");
}

static void expect(struct spell_proposal_input in, const char *field, const char *message)
{
	struct spell_proposal p;
	struct proposal_error err = {0};
	assert_int_equal(spell_proposal_parse(&in, &p, &err), -1);
	assert_string_equal(err.field, field);
	assert_string_equal(err.message, message);
}

/* Every field's problem, then each effect's numbers together
 * (marked as a check across fields). */
static void every_problem_listed(void **state)
{
	struct spell_proposal_input in = {.name = "Zap", .mana = "0", .level = "x", .tier = "3"};
	struct spell_proposal p;
	struct proposal_error err;

	(void)state;
	in.effect[0] = "heal 0 6 3"; /* no dice, so no sides */
	in.effect[1] = "buff 4 2 10";
	in.effect[2] = "damage 1 6 0 0 9"; /* element 9 */
	in.effect[3] = "zap";              /* no such effect: the others are checked still */
	assert_int_equal(spell_proposal_parse(&in, &p, &err), -1);
	assert_int_equal(err.n, 5);
	assert_string_equal(err.list[0].field, "mana");
	assert_string_equal(err.list[0].code, "out_of_range");
	assert_int_equal(err.list[0].cross, 0);
	assert_string_equal(err.list[1].field, "level");
	assert_string_equal(err.list[1].code, "malformed");
	assert_string_equal(err.list[2].field, "effect4");
	assert_string_equal(err.list[2].code, "not_one_of");
	assert_int_equal(err.list[2].cross, 0);
	assert_string_equal(err.list[3].field, "effect1");
	assert_int_equal(err.list[3].cross, 1);
	assert_string_equal(err.list[4].field, "effect3");
	assert_int_equal(err.list[4].cross, 1);
}

static void bad_fields_named(void **state)
{
	(void)state;
	struct spell_proposal_input in;

	in = input(), in.name = "";
	expect(in, "name", "is required");
	in = input(), in.mana = "0";
	expect(in, "mana", "must be a whole number from 1 to 500");
	in = input(), in.mana = "20x";
	expect(in, "mana", "must be a whole number from 1 to 500");
	in = input(), in.level = "10";
	expect(in, "level", "must be a whole number from 1 to 9");
	in = input(), in.tier = "";
	expect(in, "tier", "is required: a whole number from 1 to 6");
	in = input(), in.effect[0] = in.effect[1] = NULL;
	expect(in, "effect1", "a spell needs at least one effect");
	in = input(), in.effect[1] = "fireball 8 6";
	expect(in, "effect2",
	       "must start with an effect: one of heal, damage, create_object, "
	       "teleport, light, buff, ward, reveal");
	in = input(), in.effect[1] = "buff 4 0 10";
	expect(in, "effect2", "buff p2 (amount) must be -10..10 and not 0, got 0");
	in = input(), in.effect[0] = "teleport 12 1";
	expect(in, "effect1", "teleport p2 is unused and must be 0, got 1");
	in = input(), in.effect[1] = "buff 4 2 10 0 0 0";
	expect(in, "effect2", "has more than 5 numbers");
	in = input(), in.effect[1] = "buff 4 two 10";
	expect(in, "effect2",
	       "must be the effect's name and whole numbers separated by spaces, "
	       "like \"heal 2 6 3\"");
	/* Typed in the fourth box, the error names the fourth box. */
	in = input(), in.effect[1] = NULL, in.effect[3] = "damage 2 6 0 0 9";
	expect(in, "effect4", "damage p5 (element) must be 1..8, got 9");
}

static void stored_text_both_ways(void **state)
{
	(void)state;
	struct spell_proposal_input in = input();
	struct spell_proposal p, back;
	struct proposal_error err = {0};
	char text[SPELL_EFFECTS_TEXT_MAX];

	in.effect[2] = "heal 2 6 0 1";
	assert_int_equal(spell_proposal_parse(&in, &p, &err), 0);
	int n = spell_effects_text(&p, text, sizeof text);
	assert_int_equal(n, (int)strlen(text));
	assert_string_equal(text, "teleport 12; buff 4 2 10; heal 2 6 0 1");
	memset(&back, 0, sizeof back);
	assert_int_equal(spell_effects_parse(text, &back, &err), 0);
	assert_int_equal(back.n_effects, 3);
	assert_memory_equal(back.effects, p.effects, sizeof p.effects);
	assert_int_equal(spell_effects_text(&p, text, 10), -1);
	assert_string_equal(text, "");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(good_spell),
	        cmocka_unit_test(bad_fields_named),
	        cmocka_unit_test(every_problem_listed),
	        cmocka_unit_test(name_given_back_when_other_fields_fail),
	        cmocka_unit_test(stored_text_both_ways),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
