/* Word classes (SPEC §12, docs/recipes.md "Word classes"): every shipped
 * type x material pair of sql/data/word_classes.tsv requested together is
 * honoured exactly when the type accepts the material, and reported naming
 * both words when not; random rolls never pair words that contradict, nor
 * a `worse` prefix with masterwork; a revision before the class rows rolls
 * exactly as a catalog that never had them; and the shipped training names
 * give scroll names by §12's rules. Run from the repository's root (make
 * unit does). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "catalog_export.h"
#include "catalog_file.h"
#include "generate.h"
#include "markov.h"

#define CLASSES_TSV "sql/data/word_classes.tsv"
#define NAMES_TXT   "sql/data/scroll_names.txt"
#define ROWS_MAX    512

struct tsv_row {
	enum kind kind;
	enum part part;
	char word[64];
	char classes[96];
};

static struct tsv_row rows[ROWS_MAX];
static size_t n_rows;

static void read_tsv(void)
{
	FILE *f = fopen(CLASSES_TSV, "r");
	char line[256];
	assert_non_null(f);
	n_rows = 0;
	while (fgets(line, sizeof line, f)) {
		char kind[16], part[16];
		struct tsv_row *r = &rows[n_rows];
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '#' || strncmp(line, "kind\t", 5) == 0 || !line[0])
			continue;
		assert_int_equal(sscanf(line, "%15[^\t]\t%15[^\t]\t%63[^\t]\t%95[^\n]", kind, part,
		                        r->word, r->classes),
		                 4);
		assert_true(kind_from_name(kind) >= 0);
		assert_true(part_from_name(part) >= 0);
		r->kind = (enum kind)kind_from_name(kind);
		r->part = (enum part)part_from_name(part);
		assert_true(++n_rows < ROWS_MAX);
	}
	fclose(f);
	assert_true(n_rows > 150);
}

/* The shipped words of the tsv at revision 1 (types and materials on
 * tiers 1..6 in turn, a plain prefix besides the worse ones, an adjective
 * and an abstract), their classes at revision 2 unless `classes` is 0; the
 * catalog's own revision is `rev`. */
static struct catalog *shipped(uint64_t rev, int classes)
{
	struct catalog *c = catalog_new(rev);
	uint32_t id = 1;
	assert_non_null(c);
	for (size_t i = 0; i < n_rows; i++) {
		int dup = 0;
		for (size_t j = 0; j < i; j++)
			dup |= rows[j].kind == rows[i].kind && rows[j].part == rows[i].part &&
			       strcmp(rows[j].word, rows[i].word) == 0;
		if (dup)
			continue;
		struct entry e = {.id = id++,
		                  .word = rows[i].word,
		                  .active = 1,
		                  .weight = 1 + (uint32_t)(i % 3),
		                  .added_rev = 1};
		if (rows[i].part != P_PREFIX)
			e.tier = (uint8_t)(1 + i % TIER_MAX);
		e.stat[ST_DEFENSE] = 4;
		e.stat[ST_MAGIC] = 4;
		assert_int_equal(catalog_add(c, rows[i].kind, rows[i].part, &e), 0);
	}
	for (int k = K_ARMOR; k < K__MAX; k++) {
		if (k == K_SCROLL)
			continue;
		const struct entry plain[] = {
		        {.id = id++, .word = "sturdy", .active = 1, .weight = 2, .added_rev = 1},
		        {.id = id++, .word = "sworn", .active = 1, .weight = 1, .added_rev = 1},
		        {.id = id++, .word = "the oath", .active = 1, .weight = 1, .added_rev = 1},
		        {.id = id++, .word = "warded", .active = 1, .weight = 1, .added_rev = 1}};
		const enum part pp[] = {P_PREFIX, P_ADJECTIVE, P_ABSTRACT, P_ELEMENT};
		for (int i = 0; i < 4; i++)
			assert_int_equal(catalog_add(c, (enum kind)k, pp[i], &plain[i]), 0);
	}
	for (size_t i = 0; classes && i < n_rows; i++) {
		char buf[96], *save = NULL;
		strcpy(buf, rows[i].classes);
		for (char *w = strtok_r(buf, " ", &save); w; w = strtok_r(NULL, " ", &save)) {
			struct catalog_class r = {.id = id++,
			                          .kind = rows[i].kind,
			                          .part = rows[i].part,
			                          .word = rows[i].word,
			                          .cls = w,
			                          .added_rev = 2};
			assert_int_equal(catalog_add_class(c, &r), 0);
		}
	}
	assert_int_equal(catalog_finish(c), 0);
	return c;
}

static int setup(void **state)
{
	(void)state;
	read_tsv();
	return 0;
}

static const enum kind classed_kinds[] = {K_ARMOR, K_SHIELD, K_TRINKET, K_WAND};

/* Every type x material pair of each classed kind, both requested. */
static void every_shipped_pair(void **state)
{
	(void)state;
	struct catalog *c = shipped(2, 1);
	size_t pairs = 0, refused = 0;
	for (size_t k = 0; k < 4; k++) {
		enum kind kind = classed_kinds[k];
		const struct table *types = &c->t[kind][P_TYPE], *mats = &c->t[kind][P_MATERIAL];
		assert_true(c->classed[kind]);
		assert_true(types->n > 10 && mats->n > 10);
		for (size_t i = 0; i < types->n; i++) {
			const struct entry *t = &types->rows[i];
			size_t accepted = 0;
			assert_int_not_equal(t->classes, 0); /* every shipped type is classed */
			for (size_t j = 0; j < mats->n; j++) {
				const struct entry *m = &mats->rows[j];
				struct gen_input in = {.kind = kind, .power = 1};
				struct item it;
				assert_int_not_equal(m->classes, 0);
				in.want[P_TYPE] = t->word;
				in.want[P_MATERIAL] = m->word;
				assert_int_equal(generate(c, &in, 1000 + pairs, &it), 0);
				pairs++;
				assert_ptr_equal(it.part[P_TYPE], t);
				assert_true(catalog_accepts(t, it.part[P_MATERIAL]));
				if (catalog_accepts(t, m)) {
					accepted++;
					assert_ptr_equal(it.part[P_MATERIAL], m);
					assert_int_equal(it.n_unhonoured, 0);
					continue;
				}
				refused++;
				char why[UNHONOURED_TEXT_MAX];
				assert_ptr_not_equal(it.part[P_MATERIAL], m);
				assert_int_equal(it.n_unhonoured, 1);
				assert_int_equal(it.unhonoured[0].part, P_MATERIAL);
				assert_int_equal(it.unhonoured[0].reason, UR_CONTRADICTS);
				const char *text =
				        unhonoured_text(&it.unhonoured[0], why, sizeof why);
				assert_non_null(strstr(text, m->word));
				assert_non_null(strstr(text, t->word));
			}
			assert_true(accepted > 0); /* no type is left without a material */
		}
		for (size_t j = 0; j < mats->n; j++) {
			size_t takers = 0;
			for (size_t i = 0; i < types->n; i++)
				takers += catalog_accepts(&types->rows[i], &mats->rows[j]);
			assert_true(takers > 0); /* no material is left without a type */
		}
	}
	/* The examples, and SPEC's. */
	static const struct {
		enum kind k;
		const char *m, *t;
		int ok;
	} named[] = {
	        {K_ARMOR, "cloth", "breastplate", 0},
	        {K_ARMOR, "dragonscale", "cap", 0},
	        {K_ARMOR, "studded leather", "crowned helm", 0},
	        {K_ARMOR, "cloth", "robe", 1},
	        {K_ARMOR, "steel", "robe", 0},
	        {K_ARMOR, "chain", "hood", 1},
	        {K_ARMOR, "bone", "breastplate", 1},
	        {K_SHIELD, "wicker", "pot lid", 0},
	        {K_TRINKET, "jade", "locket", 0},
	        {K_WAND, "silver", "twig", 0},
	        {K_WAND, "yew", "twig", 1},
	};
	for (size_t i = 0; i < sizeof named / sizeof *named; i++)
		assert_int_equal(
		        catalog_accepts(catalog_find(c, named[i].k, P_TYPE, named[i].t),
		                        catalog_find(c, named[i].k, P_MATERIAL, named[i].m)),
		        named[i].ok);
	struct gen_input in = {.kind = K_ARMOR, .power = 1};
	struct item it;
	char why[UNHONOURED_TEXT_MAX];
	in.want[P_TYPE] = "breastplate";
	in.want[P_MATERIAL] = "cloth";
	assert_int_equal(generate(c, &in, 7, &it), 0);
	assert_string_equal(unhonoured_text(&it.unhonoured[0], why, sizeof why),
	                    "cloth cannot make a breastplate");
	in.want[P_TYPE] = "gloves";
	in.want[P_MATERIAL] = "steel";
	assert_int_equal(generate(c, &in, 7, &it), 0);
	assert_string_equal(unhonoured_text(&it.unhonoured[0], why, sizeof why),
	                    "steel cannot make gloves");
	/* A material alone is honoured: the type is drawn among its takers. */
	in.want[P_TYPE] = NULL;
	in.want[P_MATERIAL] = "cloth";
	for (uint64_t s = 0; s < 500; s++) {
		assert_int_equal(generate(c, &in, s, &it), 0);
		assert_string_equal(it.part[P_MATERIAL]->word, "cloth");
		assert_int_equal(it.n_unhonoured, 0);
	}
	print_message("pairs: %zu requested, %zu refused\n", pairs, refused);
	assert_true(refused > 0 && refused < pairs);
	catalog_free(c);
}

/* Random rolls of every classed kind, at every tier, with and without
 * variance, and at power 3 (masterwork on 67/101, a prefix on 76/101, so
 * the worse rule is met often). */
static void random_rolls_make_sense(void **state)
{
	(void)state;
	struct catalog *c = shipped(2, 1);
	for (size_t k = 0; k < 4; k++) {
		size_t masterwork = 0, worse = 0;
		for (uint64_t s = 0; s < 20000; s++) {
			struct gen_input in = {.kind = classed_kinds[k],
			                       .tier = (int)(s % (TIER_MAX + 1)),
			                       .variance = (int)(s / 7 % 2),
			                       .power = s % 2 ? 3 : 1};
			struct item it;
			assert_int_equal(generate(c, &in, s * 2654435761u, &it), 0);
			assert_true(catalog_accepts(it.part[P_TYPE], it.part[P_MATERIAL]));
			int w = catalog_is_worse(c, it.part[P_PREFIX]);
			assert_false(w && it.masterwork);
			masterwork += (size_t)it.masterwork;
			worse += (size_t)w;
		}
		assert_true(masterwork > 1000 && worse > 1000);
	}
	catalog_free(c);
}

static int same_item(const struct item *a, const struct item *b)
{
	return strcmp(a->name, b->name) == 0 && memcmp(a->stat, b->stat, sizeof a->stat) == 0 &&
	       a->masterwork == b->masterwork && a->tier == b->tier && a->str == b->str;
}

/* The catalog at revision 1, built from one whose classes came at 2, rolls
 * exactly as a catalog that never had classes; revision 2 does not. */
static void old_revision_rolls_as_before(void **state)
{
	(void)state;
	struct catalog *cur = shipped(2, 1), *never = shipped(1, 0);
	const struct catalog *old = NULL;
	assert_int_equal(catalog_at(cur, 1, &old), 0);
	for (size_t k = 0; k < 4; k++) {
		size_t differ = 0;
		assert_false(old->classed[classed_kinds[k]]);
		for (uint64_t s = 0; s < 5000; s++) {
			struct gen_input in = {.kind = classed_kinds[k],
			                       .tier = (int)(s % (TIER_MAX + 1)),
			                       .variance = 1,
			                       .power = 1.5};
			struct item a, b, now;
			if (s % 50 == 0) {
				in.want[P_TYPE] = cur->t[classed_kinds[k]][P_TYPE].rows[0].word;
				in.want[P_MATERIAL] =
				        cur->t[classed_kinds[k]][P_MATERIAL].rows[0].word;
			}
			assert_int_equal(generate(old, &in, s, &a), 0);
			assert_int_equal(generate(never, &in, s, &b), 0);
			assert_int_equal(generate(cur, &in, s, &now), 0);
			assert_true(same_item(&a, &b));
			assert_int_equal(a.n_unhonoured, b.n_unhonoured);
			differ += !same_item(&a, &now);
		}
		assert_true(differ > 100);
	}
	catalog_release(old);
	catalog_at_flush();
	catalog_free(cur);
	catalog_free(never);
}

/* The disk copy and the export carry the classes and the settings: what
 * comes back rolls the same items, at the current revision and an old one. */
static void copies_keep_the_classes(void **state)
{
	(void)state;
	struct catalog *c = shipped(2, 1);
	struct catalog_setting set = {
	        .id = 1, .name = "name_chain_order", .value = 2, .added_rev = 2};
	char path[] = "/tmp/lf-classes-XXXXXX";
	int fd = mkstemp(path);
	const char *why = NULL;
	assert_true(fd >= 0);
	close(fd);
	/* a second catalog with a setting, since shipped() has none */
	struct catalog *with = catalog_new(2);
	assert_int_equal(catalog_add_setting(with, &set), 0);
	assert_int_equal(catalog_finish(with), 0);
	assert_int_equal(catalog_setting(with, "name_chain_order", 3), 2);
	assert_int_equal(catalog_file_write(path, with), 0);
	struct catalog *wb = catalog_file_read(path, &why);
	assert_non_null(wb);
	assert_int_equal(catalog_setting(wb, "name_chain_order", 3), 2);
	assert_int_equal(catalog_setting(wb, "name_letters_min", 4), 4);
	catalog_free(wb);
	catalog_free(with);

	assert_int_equal(catalog_file_write(path, c), 0);
	struct catalog *back = catalog_file_read(path, &why);
	unlink(path);
	assert_non_null(back);
	json_t *exp = catalog_export_json(c);
	char *text = json_dumps(exp, JSON_COMPACT);
	struct catalog *imp = catalog_export_read(text, strlen(text), &why);
	assert_non_null(imp);
	assert_int_equal(back->n_classes, c->n_classes);
	assert_int_equal(imp->n_classes, c->n_classes);
	for (size_t k = 0; k < 4; k++) {
		assert_true(back->classed[classed_kinds[k]] && imp->classed[classed_kinds[k]]);
		for (uint64_t s = 0; s < 2000; s++) {
			struct gen_input in = {
			        .kind = classed_kinds[k], .tier = (int)(s % 7), .power = 2};
			struct item a, b, x;
			assert_int_equal(generate(c, &in, s, &a), 0);
			assert_int_equal(generate(back, &in, s, &b), 0);
			assert_int_equal(generate(imp, &in, s, &x), 0);
			assert_true(same_item(&a, &b) && same_item(&a, &x));
		}
	}
	/* an export at the revision before the classes has no class key */
	const struct catalog *old = NULL;
	assert_int_equal(catalog_at(c, 1, &old), 0);
	json_t *oexp = catalog_export_json(old);
	assert_null(json_object_get(oexp, "word_classes"));
	assert_null(json_object_get(oexp, "settings"));
	assert_non_null(json_object_get(exp, "word_classes"));
	json_decref(oexp);
	catalog_release(old);
	catalog_at_flush();
	free(text);
	json_decref(exp);
	catalog_free(imp);
	catalog_free(back);
	catalog_free(c);
}

/* The chain of a revision before migration 0016's settings is the old one
 * (order 3, 4 letters, its own names); the chain of the revision with them
 * is order 2 with 7 letters: a scroll code keeps its given name. */
static void old_revision_keeps_its_names(void **state)
{
	(void)state;
	static const char *const old_names[] = {"Aladon", "Belvyn", "Caelmond", "Dorwen",
	                                        "Elaris", "Faldor", "Gwenith",  "Halvar",
	                                        "Ithorn", "Jorvik", "Kaelis",   "Lorien"};
	static const char *const new_names[] = {"Acecora",  "Brosodan", "Clarina",   "Devonir",
	                                        "Enathen",  "Feshumad", "Golianor",  "Hebanar",
	                                        "Izitorem", "Khevian",  "Loramadun", "Misomar"};
	const size_t n = sizeof old_names / sizeof *old_names;
	struct catalog *cur = catalog_new(2);
	uint32_t id = 1;
	for (size_t i = 0; i < n; i++) {
		struct catalog_name o = {
		        .id = id++, .name = old_names[i], .added_rev = 1, .retired_rev = 2};
		struct catalog_name w = {.id = id++, .name = new_names[i], .added_rev = 2};
		assert_int_equal(catalog_add_name(cur, &o), 0);
		assert_int_equal(catalog_add_name(cur, &w), 0);
	}
	struct catalog_setting s1 = {
	        .id = 1, .name = "name_chain_order", .value = 2, .added_rev = 2};
	struct catalog_setting s2 = {
	        .id = 2, .name = "name_letters_min", .value = 7, .added_rev = 2};
	assert_int_equal(catalog_add_setting(cur, &s1), 0);
	assert_int_equal(catalog_add_setting(cur, &s2), 0);
	assert_int_equal(catalog_finish(cur), 0);
	const struct catalog *old = NULL;
	assert_int_equal(catalog_at(cur, 1, &old), 0);
	struct markov *was = markov_build(old_names, n, 3, NULL, NULL);
	struct markov *now = markov_build(new_names, n, 2, NULL, NULL);
	assert_int_equal(markov_set_letters_min(now, 7), 0);
	size_t differ = 0;
	for (uint64_t s = 0; s < 500; s++) {
		char a[MARKOV_NAME_MAX], b[MARKOV_NAME_MAX], x[MARKOV_NAME_MAX], y[MARKOV_NAME_MAX];
		assert_int_equal(markov_draw(old->chain, s, a), markov_draw(was, s, b));
		assert_string_equal(a, b);
		assert_int_equal(markov_draw(cur->chain, s, x), markov_draw(now, s, y));
		assert_string_equal(x, y);
		differ += strcmp(a, x) != 0;
	}
	assert_true(differ > 400);
	markov_free(was);
	markov_free(now);
	catalog_release(old);
	catalog_at_flush();
	catalog_free(cur);
}

/* SPEC §12's name rules over 1,000 draws of the chain of the shipped
 * training names, with migration 0016's settings (order 2, 7 letters). */
static int is_vowel(const char *p)
{
	return strchr("aeiouy", *p) != NULL;
}

static void names_read_as_names(void **state)
{
	(void)state;
	static char names[1024][32];
	const char *list[1024];
	size_t n = 0;
	FILE *f = fopen(NAMES_TXT, "r");
	assert_non_null(f);
	while (n < 1024 && fgets(names[n], sizeof names[n], f)) {
		names[n][strcspn(names[n], "\n")] = '\0';
		for (char *p = names[n]; *p; p++)
			*p = (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p);
		if (names[n][0] && names[n][0] != '#')
			list[n] = names[n], n++;
	}
	fclose(f);
	assert_true(n >= 300);
	struct markov *m = markov_build(list, n, 2, NULL, NULL);
	assert_non_null(m);
	assert_int_equal(markov_set_letters_min(m, 7), 0);
	static char drawn[1000][MARKOV_NAME_MAX];
	size_t distinct = 0, worst = 0;
	for (int i = 0; i < 1000; i++) {
		assert_int_equal(markov_draw(m, 0x5eed0000u + (uint64_t)i * 7919, drawn[i]),
		                 MARKOV_OK);
		size_t len = strlen(drawn[i]), same = 0;
		assert_true(len >= 7 && len <= 12);
		for (int j = 0; j <= i; j++)
			same += strcmp(drawn[i], drawn[j]) == 0;
		distinct += same == 1;
		worst = same > worst ? same : worst;
		char low[MARKOV_NAME_MAX];
		strcpy(low, drawn[i]);
		low[0] = (char)(low[0] - 'A' + 'a');
		/* Three vowels or three consonants in a row only as a training
		 * name has them. */
		for (size_t p = 0; p + 3 <= len; p++) {
			int v = is_vowel(low + p);
			if (is_vowel(low + p + 1) != v || is_vowel(low + p + 2) != v)
				continue;
			int found = 0;
			for (size_t t = 0; t < n && !found; t++)
				for (const char *q = list[t]; *q && !found; q++)
					found = strncmp(q, low + p, 3) == 0;
			if (!found)
				fail_msg("\"%s\" has \"%.3s\", which no training name has",
				         drawn[i], low + p);
		}
	}
	print_message("names: %zu of 1000 distinct, none more than %zu times\n", distinct, worst);
	assert_true(distinct >= 950);
	assert_true(worst <= 2);
	markov_free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(every_shipped_pair),
	        cmocka_unit_test(random_rolls_make_sense),
	        cmocka_unit_test(old_revision_rolls_as_before),
	        cmocka_unit_test(copies_keep_the_classes),
	        cmocka_unit_test(old_revision_keeps_its_names),
	        cmocka_unit_test(names_read_as_names),
	};
	return cmocka_run_group_tests(tests, setup, NULL);
}
