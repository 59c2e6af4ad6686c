/* proposal: the table of stats each kind's parts may carry, and the parse
 * and adjustment of a proposal against it. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "proposal.h"

static void test_table_is_sane(void **state)
{
	(void)state;
	for (int k = 0; k < K__MAX; k++) {
		const struct recipe *rc = recipe_for((enum kind)k);
		assert_non_null(rc);
		for (int p = 0; p < P__MAX; p++) {
			const struct part_rules *r = proposal_rules((enum kind)k, (enum part)p);
			/* every part of the kind's recipe has rules, no other */
			assert_int_equal(r != NULL, (rc->parts & (1u << p)) != 0);
			if (!r)
				continue;
			/* a scroll's parts are words with a value only */
			assert_int_equal(r->n_stats > 0, !rc->blueprint);
			assert_int_equal(r->has_tier, p == P_TYPE || p == P_MATERIAL);
			assert_int_equal(r->has_mark,
			                 p == P_PAPER_CONDITION || p == P_WRITING_QUALITY);
			for (size_t i = 0; i < r->n_stats; i++) {
				const struct stat_range *s = &r->stats[i];
				assert_true(s->min <= s->max);
				assert_true(s->stat != ST_MULTIPLIER);
				/* in column order, each once */
				if (i > 0)
					assert_true(r->stats[i - 1].stat < s->stat);
				int d = stat_range_default(s);
				assert_true(d >= s->min && d <= s->max);
				assert_true(s->min >= -99 && s->max <= 99); /* 3 digits */
			}
		}
	}
	assert_null(proposal_rules(K_WEAPON, P_MATERIAL));
	assert_null(proposal_rules(K__MAX, P_TYPE));
}

static void test_slots(void **state)
{
	const struct part_rules *r;

	(void)state;
	r = proposal_rules(K_ARMOR, P_TYPE);
	assert_int_equal(r->slots, (1u << SLOT_HEAD) | (1u << SLOT_BODY) | (1u << SLOT_HANDS) |
	                                   (1u << SLOT_LEGS) | (1u << SLOT_FEET));
	r = proposal_rules(K_TRINKET, P_TYPE);
	assert_int_equal(r->slots, (1u << SLOT_FINGER) | (1u << SLOT_NECK));
	r = proposal_rules(K_SHIELD, P_TYPE);
	assert_int_equal(r->slots, 0);
	assert_int_equal(r->fixed_slot, SLOT_OFF_HAND);
	assert_int_equal(r->fixed_hands, 1);
	r = proposal_rules(K_WEAPON, P_TYPE);
	assert_int_equal(r->slots, 0);
	assert_non_null(proposal_stat(r, ST_HANDS));
	assert_int_equal(proposal_stat(r, ST_HANDS)->min, 1);
	assert_int_equal(proposal_stat(r, ST_HANDS)->max, 2);
	assert_null(proposal_stat(r, ST_MULTIPLIER));
}

static struct proposal_input input(const char *kind, const char *part, const char *word)
{
	struct proposal_input in;

	memset(&in, 0, sizeof(in));
	in.kind = kind;
	in.part = part;
	in.word = word;
	return in;
}

static void test_parse(void **state)
{
	struct proposal_input in = input("weapon", "prefix", " Glu\u0308hend ");
	struct proposal p;
	struct proposal_error err;

	(void)state;
	in.stat[ST_ATTACK] = "-5";
	in.stat[ST_SNEAK] = "";
	assert_int_equal(proposal_parse(&in, &p, &err), 0);
	assert_int_equal(p.kind, K_WEAPON);
	assert_int_equal(p.part, P_PREFIX);
	assert_string_equal(p.word, "Gl\u00fchend");
	assert_int_equal(p.stat[ST_ATTACK], -5);
	assert_int_equal(p.stat[ST_SNEAK], 0);
	assert_int_equal(p.tier, 0);
	assert_int_equal(p.slot, SLOT_NONE);

	in = input("weapon", "type", "spork");
	in.tier = "2";
	assert_int_equal(proposal_parse(&in, &p, &err), 0);
	assert_int_equal(p.tier, 2);
	assert_int_equal(p.stat[ST_HANDS], 1); /* the default where 0 is out of range */

	in = input("shield", "type", "buckler of sorts");
	in.tier = "1";
	in.classes = "wood";
	assert_int_equal(proposal_parse(&in, &p, &err), 0);
	assert_int_equal(p.slot, SLOT_OFF_HAND);
	assert_int_equal(p.stat[ST_HANDS], 1);

	in = input("armor", "type", "greaves");
	in.tier = "6";
	in.slot = "legs";
	in.stat[ST_DEFENSE] = "30";
	in.classes = "rigid, bone";
	assert_int_equal(proposal_parse(&in, &p, &err), 0);
	assert_string_equal(p.classes, "rigid bone");
	assert_int_equal(p.slot, SLOT_LEGS);
	assert_int_equal(p.stat[ST_DEFENSE], 30);
}

struct bad {
	const char *kind, *part, *word, *tier, *slot;
	enum stat stat;
	const char *value;
	const char *field;
};

static void test_parse_errors(void **state)
{
	static const struct bad cases[] = {
	        {"dragon", "prefix", "ok", NULL, NULL, ST__MAX, NULL, "kind"},
	        {NULL, "prefix", "ok", NULL, NULL, ST__MAX, NULL, "kind"},
	        {"weapon", "wheel", "ok", NULL, NULL, ST__MAX, NULL, "part"},
	        {"weapon", "material", "ok", NULL, NULL, ST__MAX, NULL, "part"},
	        {"weapon", "prefix", NULL, NULL, NULL, ST__MAX, NULL, "word"},
	        {"weapon", "prefix", "x", NULL, NULL, ST__MAX, NULL, "word"},
	        {"weapon", "prefix", "random", NULL, NULL, ST__MAX, NULL, "word"},
	        {"weapon", "abstract", "RanDom", NULL, NULL, ST__MAX, NULL, "word"},
	        {"weapon", "prefix", " RANDOM ", NULL, NULL, ST__MAX, NULL, "word"},
	        {"weapon", "prefix", "ok", NULL, NULL, ST_ATTACK, "6", "attack"},
	        {"weapon", "prefix", "ok", NULL, NULL, ST_ATTACK, "-6", "attack"},
	        {"weapon", "prefix", "ok", NULL, NULL, ST_ATTACK, "+1", "attack"},
	        {"weapon", "prefix", "ok", NULL, NULL, ST_ATTACK, "1.0", "attack"},
	        {"weapon", "prefix", "ok", NULL, NULL, ST_ATTACK, " 1", "attack"},
	        {"weapon", "prefix", "ok", NULL, NULL, ST_ATTACK, "0001", "attack"},
	        {"weapon", "prefix", "ok", NULL, NULL, ST_ATTACK, "-", "attack"},
	        {"weapon", "prefix", "ok", NULL, NULL, ST_HANDS, "1", "hands"},
	        {"weapon", "prefix", "ok", NULL, NULL, ST_MULTIPLIER, "1", "multiplier"},
	        {"weapon", "prefix", "ok", "1", NULL, ST__MAX, NULL, "tier"},
	        {"weapon", "prefix", "ok", NULL, "head", ST__MAX, NULL, "slot"},
	        {"weapon", "type", "ok", NULL, NULL, ST__MAX, NULL, "tier"},
	        {"weapon", "type", "ok", "0", NULL, ST__MAX, NULL, "tier"},
	        {"weapon", "type", "ok", "7", NULL, ST__MAX, NULL, "tier"},
	        {"weapon", "type", "ok", "2", NULL, ST_HANDS, "3", "hands"},
	        {"armor", "type", "ok", "2", NULL, ST__MAX, NULL, "slot"},
	        {"armor", "type", "ok", "2", "finger", ST__MAX, NULL, "slot"},
	        {"armor", "type", "ok", "2", "Head", ST__MAX, NULL, "slot"},
	        {"shield", "type", "ok", "2", "off hand", ST__MAX, NULL, "slot"},
	        {"shield", "type", "ok", "2", NULL, ST_HANDS, "1", "hands"},
	};
	struct proposal p;
	struct proposal_error err;

	(void)state;
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct bad *c = &cases[i];
		struct proposal_input in = input(c->kind, c->part, c->word);
		in.tier = c->tier;
		in.slot = c->slot;
		if (c->stat != ST__MAX)
			in.stat[c->stat] = c->value;
		if (proposal_parse(&in, &p, &err) == 0)
			fail_msg("case %zu accepted", i);
		if (strcmp(err.field, c->field) != 0)
			fail_msg("case %zu: field %s, want %s (%s)", i, err.field, c->field,
			         err.message);
		assert_true(strlen(err.message) > 0);
	}
}

static void test_adjust(void **state)
{
	struct proposal_input in = input("armor", "type", "greaves"), adj;
	struct proposal p, before;
	struct proposal_error err;
	struct buf b;

	(void)state;
	in.tier = "3";
	in.slot = "legs";
	in.stat[ST_DEFENSE] = "10";
	in.stat[ST_SNEAK] = "-1";
	in.classes = "rigid";
	assert_int_equal(proposal_parse(&in, &p, &err), 0);

	memset(&adj, 0, sizeof(adj));
	adj.kind = "weapon"; /* ignored */
	adj.word = "x";      /* ignored */
	adj.stat[ST_DEFENSE] = "12";
	assert_int_equal(proposal_adjust(&p, &adj, &err), 0);
	assert_int_equal(p.stat[ST_DEFENSE], 12);
	assert_int_equal(p.stat[ST_SNEAK], -1); /* kept */
	assert_int_equal(p.tier, 3);
	assert_int_equal(p.slot, SLOT_LEGS);
	assert_int_equal(p.kind, K_ARMOR);
	assert_string_equal(p.word, "greaves");

	before = p;
	adj.stat[ST_DEFENSE] = "31";
	assert_int_equal(proposal_adjust(&p, &adj, &err), -1);
	assert_string_equal(err.field, "defense");
	assert_memory_equal(&p, &before, sizeof(p)); /* unchanged */
	adj.stat[ST_DEFENSE] = NULL;
	adj.slot = "neck";
	assert_int_equal(proposal_adjust(&p, &adj, &err), -1);
	assert_string_equal(err.field, "slot");

	buf_init(&b);
	assert_int_equal(proposal_stats_text(&p, &b), 0);
	assert_string_equal(
	        b.data,
	        "tier=3 slot=legs attack=0 defense=12 magic=0 sneak=-1 value=80 classes=rigid");
	buf_free(&b);

	/* SPEC §12: a moderator may change the classes; not given keeps them */
	adj.slot = NULL;
	adj.classes = "mail  leather";
	assert_int_equal(proposal_adjust(&p, &adj, &err), 0);
	assert_string_equal(p.classes, "mail leather");
	adj.classes = NULL;
	assert_int_equal(proposal_adjust(&p, &adj, &err), 0);
	assert_string_equal(p.classes, "mail leather");
	adj.classes = "Mail";
	assert_int_equal(proposal_adjust(&p, &adj, &err), -1);
	assert_string_equal(err.field, "classes");
}

/* SPEC §12: a material names one class, a type one or more; both
 * required; a prefix of the same kinds may be `worse`; weapons and the
 * other parts take none. */
static void test_classes(void **state)
{
	struct proposal p;
	struct proposal_error err;
	static const struct {
		const char *kind, *part, *classes;
		int ok;
		const char *want;
	} cases[] = {
	        {"armor", "material", "soft", 1, "soft"},
	        {"armor", "material", " soft ", 1, "soft"},
	        {"armor", "material", NULL, 0, NULL},
	        {"armor", "material", "", 0, NULL},
	        {"armor", "material", " , ", 0, NULL},
	        {"armor", "material", "soft leather", 0, NULL},
	        {"armor", "material", "so-ft", 0, NULL},
	        {"armor", "material", "abcdefghijklmnopq", 0, NULL},
	        {"wand", "material", "wood", 1, "wood"},
	        {"trinket", "type", "metal,gem bone", 1, "metal gem bone"},
	        {"trinket", "type", "metal metal", 0, NULL},
	        {"trinket", "type", "a b c d e f g h i", 0, NULL},
	        {"trinket", "type", "a b c d e f g h", 1, "a b c d e f g h"},
	        {"weapon", "type", "rigid", 0, NULL},
	        {"weapon", "type", NULL, 1, ""},
	        {"armor", "prefix", "worse", 1, "worse"},
	        {"wand", "prefix", " worse ", 1, "worse"},
	        {"armor", "prefix", NULL, 1, ""},
	        {"armor", "prefix", " ", 1, ""},
	        {"armor", "prefix", "dented", 0, NULL},
	        {"armor", "prefix", "worse worse", 0, NULL},
	        {"weapon", "prefix", "worse", 0, NULL},
	        {"armor", "element", "worse", 0, NULL},
	        {"scroll", "type", "paper", 0, NULL},
	};

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct proposal_input in = input(cases[i].kind, cases[i].part, "newword");
		in.tier = strcmp(cases[i].part, "prefix") && strcmp(cases[i].part, "element")
		                  ? "2"
		                  : NULL;
		in.slot = strcmp(cases[i].kind, "armor") == 0 && strcmp(cases[i].part, "type") == 0
		                  ? "legs"
		          : strcmp(cases[i].kind, "trinket") == 0 &&
		                          strcmp(cases[i].part, "type") == 0
		                  ? "neck"
		                  : NULL;
		in.classes = cases[i].classes;
		int rc = proposal_parse(&in, &p, &err);
		if (cases[i].ok) {
			if (rc != 0)
				fail_msg("case %zu: %s %s", i, err.field, err.message);
			assert_string_equal(p.classes, cases[i].want);
		} else {
			assert_int_equal(rc, -1);
			assert_string_equal(err.field, "classes");
		}
	}
}

/* SPEC §8: a scroll's paper condition and writing quality are good or bad,
 * required; no other part takes a mark; a moderator may change it. */
/* Every bad field at once, each with its code, in the order
 * the checks run; the fields the kind and part decide only when both are
 * good. */
static void test_every_problem(void **state)
{
	struct proposal_input in = input("weapon", "element", "x");
	struct proposal p;
	struct proposal_error err;

	enum stat carried = proposal_rules(K_WEAPON, P_ELEMENT)->stats[0].stat;

	(void)state;
	in.tier = "3";            /* an element has no tier */
	in.stat[carried] = "999"; /* out of every range */
	in.value_mult = "x";      /* no number */
	assert_int_equal(proposal_parse(&in, &p, &err), -1);
	assert_int_equal(err.n, 4);
	assert_string_equal(err.list[0].field, "word");
	assert_string_equal(err.list[0].code, "malformed");
	assert_string_equal(err.list[1].field, stat_names[carried]);
	assert_string_equal(err.list[1].code, "out_of_range");
	assert_string_equal(err.list[2].field, "tier");
	assert_string_equal(err.list[2].code, "not_applicable");
	assert_string_equal(err.list[3].field, "value_mult");
	assert_string_equal(err.list[3].code, "malformed");
	/* the first problem is field, message and code too */
	assert_string_equal(err.field, "word");
	assert_string_equal(err.message, err.list[0].message);
	/* a kind that is none: kind, then the word; no stat is looked at */
	in.kind = "axe";
	assert_int_equal(proposal_parse(&in, &p, &err), -1);
	assert_int_equal(err.n, 2);
	assert_string_equal(err.list[0].field, "kind");
	assert_string_equal(err.list[0].code, "not_one_of");
	assert_string_equal(err.list[1].field, "word");
	for (int i = 0; i < err.n; i++)
		assert_int_equal(err.list[i].cross, 0);
}

static void test_mark(void **state)
{
	struct proposal_input in = input("scroll", "paper-condition", "is foxed");
	struct proposal p;
	struct proposal_error err;
	struct buf b;

	(void)state;
	assert_int_equal(proposal_parse(&in, &p, &err), -1);
	assert_string_equal(err.field, "mark");
	assert_string_equal(err.message, "is required for a scroll paper-condition (good or bad)");
	in.mark = "so-so";
	assert_int_equal(proposal_parse(&in, &p, &err), -1);
	assert_string_equal(err.field, "mark");
	assert_string_equal(err.message, "must be good or bad");
	in.mark = "bad";
	assert_int_equal(proposal_parse(&in, &p, &err), 0);
	assert_int_equal(p.mark, MARK_BAD);
	assert_int_equal(p.worth, 100);
	buf_init(&b);
	assert_int_equal(proposal_stats_text(&p, &b), 0);
	assert_string_equal(b.data, "mark=bad value_mult=100");
	buf_free(&b);

	struct proposal_input adj;
	memset(&adj, 0, sizeof adj);
	assert_int_equal(proposal_adjust(&p, &adj, &err), 0);
	assert_int_equal(p.mark, MARK_BAD); /* kept */
	adj.mark = "good";
	assert_int_equal(proposal_adjust(&p, &adj, &err), 0);
	assert_int_equal(p.mark, MARK_GOOD);

	/* a part without marks refuses one; a scroll part takes no stats */
	struct proposal_input tube = input("scroll", "tube-material", "pewter");
	tube.mark = "good";
	assert_int_equal(proposal_parse(&tube, &p, &err), -1);
	assert_string_equal(err.field, "mark");
	tube.mark = NULL;
	tube.stat[ST_MAGIC] = "1";
	assert_int_equal(proposal_parse(&tube, &p, &err), -1);
	assert_string_equal(err.field, "magic");
	tube.stat[ST_MAGIC] = NULL;
	assert_int_equal(proposal_parse(&tube, &p, &err), 0);
	assert_int_equal(p.mark, MARK_NONE);
	struct proposal_input grade = input("scroll", "type", "novice scroll");
	assert_int_equal(proposal_parse(&grade, &p, &err), -1);
	assert_string_equal(err.field, "tier");
}

/* SPEC §7: a base carries value (1..100000 gp, default by tier), any other
 * part value_mult (40..400, default 100); the other one is refused. */
static void test_worth(void **state)
{
	(void)state;
	struct proposal p;
	struct proposal_error err;
	struct proposal_input in = {.kind = "weapon", .part = "prefix", .word = "gilded"};
	assert_int_equal(proposal_parse(&in, &p, &err), 0);
	assert_int_equal(p.worth, 100);
	in.value_mult = "180";
	assert_int_equal(proposal_parse(&in, &p, &err), 0);
	assert_int_equal(p.worth, 180);
	const char *bad[] = {"39", "401", "-5", "1.5", "x", "0400000"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		in.value_mult = bad[i];
		assert_int_equal(proposal_parse(&in, &p, &err), -1);
		assert_string_equal(err.field, "value_mult");
	}
	in.value_mult = NULL;
	in.value = "50";
	assert_int_equal(proposal_parse(&in, &p, &err), -1);
	assert_string_equal(err.field, "value"); /* a prefix has value_mult */

	struct proposal_input base = {
	        .kind = "weapon", .part = "type", .word = "glaive", .tier = "4", .stat = {"2"}};
	assert_int_equal(proposal_parse(&base, &p, &err), 0);
	assert_int_equal(p.worth, 200); /* tier 4's default */
	base.value = "100000";
	assert_int_equal(proposal_parse(&base, &p, &err), 0);
	assert_int_equal(p.worth, 100000);
	base.value = "100001";
	assert_int_equal(proposal_parse(&base, &p, &err), -1);
	assert_string_equal(err.field, "value");
	base.value = "0";
	assert_int_equal(proposal_parse(&base, &p, &err), -1);

	/* A moderator's adjustment replaces it, within the same bounds. */
	base.value = "900";
	assert_int_equal(proposal_parse(&base, &p, &err), 0);
	struct proposal_input adj = {.value = "1200"};
	assert_int_equal(proposal_adjust(&p, &adj, &err), 0);
	assert_int_equal(p.worth, 1200);
	adj.value = "200000";
	assert_int_equal(proposal_adjust(&p, &adj, &err), -1);
	assert_int_equal(p.worth, 1200);
}

static void test_range_text(void **state)
{
	struct stat_range r = {ST_ATTACK, -5, 5};
	char t[32];

	(void)state;
	stat_range_text(&r, t, sizeof(t));
	assert_string_equal(t, "-5 to 5");
	r.min = 2;
	assert_int_equal(stat_range_default(&r), 2);
	r.min = -5;
	r.max = -1;
	assert_int_equal(stat_range_default(&r), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_table_is_sane), cmocka_unit_test(test_slots),
	        cmocka_unit_test(test_parse),         cmocka_unit_test(test_parse_errors),
	        cmocka_unit_test(test_adjust),        cmocka_unit_test(test_classes),
	        cmocka_unit_test(test_worth),         cmocka_unit_test(test_mark),
	        cmocka_unit_test(test_range_text),    cmocka_unit_test(test_every_problem),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
