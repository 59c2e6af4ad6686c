/* Spells and training names in the catalog (docs/spells.md "In the
 * catalog"): a row that fails spell_check is refused with exactly one log
 * line naming it and the rest still load; spells sort by level; older
 * revisions keep their own spells and names; the name chain is built once
 * per catalog; the disk copy and the export carry both. */
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

/* A row of one effect, kind and params as given. */
static struct spell_row row(uint32_t id, const char *name, int level, const char *kind,
                            long long p1, long long p2, long long p5)
{
	struct spell_row r = {.id = id,
	                      .name = name,
	                      .mana = 10,
	                      .level = level,
	                      .tier = 1,
	                      .active = 1,
	                      .n_effects = 1};
	r.effects[0].kind = kind;
	r.effects[0].p[0] = p1;
	r.effects[0].p[1] = p2;
	r.effects[0].p[4] = p5;
	return r;
}

/* stderr goes to a file while f runs; the file's text is returned (freed
 * by the caller), so that a test can count the log lines. */
static char *captured;
static int stderr_copy = -1;
static FILE *capture_file;

static void capture_start(void)
{
	fflush(stderr);
	capture_file = tmpfile();
	assert_non_null(capture_file);
	stderr_copy = dup(2);
	assert_true(dup2(fileno(capture_file), 2) >= 0);
}

static void capture_end(void)
{
	fflush(stderr);
	assert_true(dup2(stderr_copy, 2) >= 0);
	close(stderr_copy);
	long n = ftell(capture_file);
	captured = calloc(1, (size_t)n + 1);
	assert_non_null(captured);
	rewind(capture_file);
	assert_int_equal(fread(captured, 1, (size_t)n, capture_file), (size_t)n);
	fclose(capture_file);
}

/* Log lines holding needle. A line is a JSON object (log.h): its quotes
 * and backslashes are escaped, and unescaped here before the search. */
static int count_lines(const char *s, const char *needle)
{
	int n = 0;
	for (const char *line = s; line && *line;) {
		const char *end = strchr(line, '\n');
		size_t len = end ? (size_t)(end - line) : strlen(line), k = 0;
		char buf[512] = {0};
		for (size_t i = 0; i < len && k < sizeof buf - 1; i++) {
			if (line[i] == '\\' && i + 1 < len)
				i++;
			buf[k++] = line[i];
		}
		n += strstr(buf, needle) != NULL;
		line = end ? end + 1 : NULL;
	}
	return n;
}

static void bad_rows_refused_one_line_each(void **state)
{
	(void)state;
	struct catalog *c = catalog_new(5);
	struct spell_row good = row(1, "Ember Flick", 1, "damage", 1, 6, 1);
	struct spell_row unknown = row(2, "Fireball", 3, "fireball", 8, 6, 0);
	struct spell_row element = row(3, "Bad Bolt", 2, "damage", 2, 6, 9);
	struct spell_row none = row(4, "Empty Words", 1, "heal", 1, 6, 0);
	none.n_effects = 0;
	struct spell_row six = row(5, "Too Much", 1, "light", 3, 60, 0);
	six.n_effects = 6;
	struct spell_row huge = row(6, "Costly", 1, "light", 3, 60, 0);
	huge.mana = 1LL << 40;
	struct spell_row later = row(7, "Hop Aside", 2, "teleport", 5, 0, 0);

	capture_start();
	int r[7] = {catalog_add_spell(c, &good),    catalog_add_spell(c, &unknown),
	            catalog_add_spell(c, &element), catalog_add_spell(c, &none),
	            catalog_add_spell(c, &six),     catalog_add_spell(c, &huge),
	            catalog_add_spell(c, &later)};
	capture_end();

	assert_int_equal(r[0], 0);
	for (int i = 1; i < 6; i++)
		assert_int_equal(r[i], 1);
	assert_int_equal(r[6], 0);
	assert_int_equal(c->spells_refused, 5);
	/* One line per refused row, naming it and the reason; none for the
	 * good ones. */
	assert_int_equal(count_lines(captured, "refused"), 5);
	assert_int_equal(count_lines(captured, "catalog: spell 2 \"Fireball\" refused: effect 1: "
	                                       "unknown effect \"fireball\""),
	                 1);
	assert_int_equal(count_lines(captured, "catalog: spell 3 \"Bad Bolt\" refused: effect 1: "
	                                       "damage p5 (element) must be 1..8, got 9"),
	                 1);
	assert_int_equal(count_lines(captured, "spell 4 \"Empty Words\" refused: "), 1);
	assert_int_equal(
	        count_lines(captured, "spell 5 \"Too Much\" refused: more than 5 effects (6)"), 1);
	assert_int_equal(
	        count_lines(captured,
	                    "spell 6 \"Costly\" refused: mana must be 1..500, got 1099511627776"),
	        1);
	assert_int_equal(count_lines(captured, "Ember Flick"), 0);
	free(captured);

	assert_int_equal(catalog_finish(c), 0);
	assert_int_equal(c->n_spells, 2);
	assert_string_equal(c->spells[0].s.name, "Ember Flick");
	assert_string_equal(c->spells[1].s.name, "Hop Aside");
	assert_int_equal(c->spells[1].s.effects[0].kind, EFFECT_TELEPORT);
	catalog_free(c);
}

static void from_row_reasons(void **state)
{
	(void)state;
	struct spell s;
	char why[SPELL_REASON_MAX];
	struct spell_row r = row(9, "Cure", 2, "heal", 2, 6, 0);
	r.effects[0].p[2] = 3;
	r.effects[0].p[3] = 1;
	assert_int_equal(catalog_spell_from_row(&r, &s, why, sizeof why), 0);
	assert_string_equal(why, "");
	char text[SPELL_TEXT_MAX];
	assert_true(spell_text(&s, text, sizeof text) > 0);
	assert_string_equal(text, "Cure — 10 mana, level 2: heals 2d6+3, +1 per level.");

	r.level = 10;
	assert_int_equal(catalog_spell_from_row(&r, &s, why, sizeof why), -1);
	assert_string_equal(why, "level must be 1..9, got 10");
	r.level = 2;
	r.effects[0].p[1] = 1LL << 33;
	assert_int_equal(catalog_spell_from_row(&r, &s, why, sizeof why), -1);
	assert_string_equal(why, "effect 1: heal p2 out of range, got 8589934592");
	r.effects[0].p[1] = 6;
	r.effects[0].kind = NULL;
	assert_int_equal(catalog_spell_from_row(&r, &s, why, sizeof why), -1);
	assert_string_equal(why, "effect 1: unknown effect \"\"");
}

static const char *const shipped_like[] = {
        "Aldric",  "Berengar", "Caelith", "Dravenna", "Elowen", "Faelar", "Gorvath",
        "Halvard", "Isolde",   "Jorund",  "Kaelis",   "Lirael", "Morwen", "Nythra",
};
#define N_NAMES (sizeof shipped_like / sizeof *shipped_like)

/* Revision 10: spells 1 (from 2), 2 (from 2, retired at 6), 3 (from 8);
 * names 1..N from 2, the last one retired at 6. */
static struct catalog *history(void)
{
	struct catalog *c = catalog_new(10);
	struct spell_row a = row(1, "Shade Skip", 3, "teleport", 12, 0, 0);
	struct spell_row b = row(2, "Glimmerlight", 1, "light", 3, 60, 0);
	struct spell_row d = row(3, "Frostnip", 2, "damage", 2, 4, 2);
	a.added_rev = b.added_rev = 2;
	b.retired_rev = 6;
	d.added_rev = 8;
	assert_int_equal(catalog_add_spell(c, &a), 0);
	assert_int_equal(catalog_add_spell(c, &b), 0);
	assert_int_equal(catalog_add_spell(c, &d), 0);
	for (size_t i = 0; i < N_NAMES; i++) {
		struct catalog_name n = {.id = (uint32_t)i + 1,
		                         .name = shipped_like[i],
		                         .added_rev = 2,
		                         .retired_rev = i == N_NAMES - 1 ? 6 : 0};
		assert_int_equal(catalog_add_name(c, &n), 0);
	}
	assert_int_equal(catalog_finish(c), 0);
	return c;
}

static void revisions_and_chain(void **state)
{
	(void)state;
	struct catalog *c = history();
	char name[MARKOV_NAME_MAX];

	/* Current: by level (Frostnip 2, Shade Skip 3); Glimmerlight is old. */
	assert_int_equal(c->n_spells, 2);
	assert_string_equal(c->spells[0].s.name, "Frostnip");
	assert_string_equal(c->spells[1].s.name, "Shade Skip");
	assert_int_equal(c->n_old_spells, 1);
	assert_int_equal(c->n_names, N_NAMES - 1);
	assert_non_null(c->chain);
	assert_int_equal(markov_draw(c->chain, 42, name), MARKOV_OK);
	assert_false(markov_is_training_name(c->chain, "Nythra")); /* retired */
	assert_true(markov_is_training_name(c->chain, "aldric"));

	const struct catalog *at4 = NULL;
	assert_int_equal(catalog_at(c, 4, &at4), 0);
	assert_int_equal(at4->n_spells, 2);
	assert_string_equal(at4->spells[0].s.name, "Glimmerlight");
	assert_string_equal(at4->spells[1].s.name, "Shade Skip");
	assert_int_equal(at4->n_names, N_NAMES);
	assert_non_null(at4->chain);
	assert_true(markov_is_training_name(at4->chain, "Nythra"));
	catalog_release(at4);
	catalog_at_flush();
	catalog_free(c);
}

static void no_names_no_chain(void **state)
{
	(void)state;
	struct catalog *c = catalog_new(1);
	assert_int_equal(catalog_finish(c), 0);
	assert_null(c->chain);
	assert_int_equal(c->n_spells, 0);
	catalog_free(c);
}

static void disk_copy_carries_spells_and_names(void **state)
{
	(void)state;
	struct catalog *c = history();
	char path[] = "/tmp/lf-spells-XXXXXX";
	int fd = mkstemp(path);
	assert_true(fd >= 0);
	close(fd);
	assert_int_equal(catalog_file_write(path, c), 0);
	struct catalog *back = catalog_file_read(path, NULL);
	unlink(path);
	assert_non_null(back);
	assert_int_equal(back->n_spells, 2);
	assert_int_equal(back->n_old_spells, 1);
	assert_int_equal(back->spells_refused, 0);
	for (size_t i = 0; i < c->n_spells; i++) {
		assert_int_equal(back->spells[i].id, c->spells[i].id);
		assert_string_equal(back->spells[i].s.name, c->spells[i].s.name);
		assert_memory_equal(back->spells[i].s.effects, c->spells[i].s.effects,
		                    sizeof c->spells[i].s.effects);
		assert_int_equal(back->spells[i].added_rev, c->spells[i].added_rev);
	}
	assert_int_equal(back->old_spells[0].retired_rev, 6);
	assert_int_equal(back->n_names, N_NAMES - 1);
	assert_int_equal(back->n_old_names, 1);
	assert_non_null(back->chain);
	char a[MARKOV_NAME_MAX], b[MARKOV_NAME_MAX];
	assert_int_equal(markov_draw(c->chain, 7, a), MARKOV_OK);
	assert_int_equal(markov_draw(back->chain, 7, b), MARKOV_OK);
	assert_string_equal(a, b);
	catalog_free(back);
	catalog_free(c);
}

static void export_carries_spells_and_names(void **state)
{
	(void)state;
	struct catalog *c = history();
	json_t *j = catalog_export_json(c);
	assert_non_null(j);
	json_t *spells = json_object_get(j, "spells");
	assert_int_equal(json_array_size(spells), 2);
	assert_string_equal(json_string_value(json_object_get(json_array_get(spells, 0), "text")),
	                    "Frostnip — 10 mana, level 2: deals 2d4 cold damage.");
	assert_int_equal(json_array_size(json_object_get(j, "markov_names")), N_NAMES - 1);
	char *text = json_dumps(j, JSON_COMPACT);
	json_decref(j);
	assert_non_null(text);
	const char *why = NULL;
	struct catalog *back = catalog_export_read(text, strlen(text), &why);
	free(text);
	assert_non_null(back);
	assert_int_equal(back->n_spells, 2);
	assert_string_equal(back->spells[1].s.name, "Shade Skip");
	assert_int_equal(back->spells[1].s.effects[0].p[0], 12);
	assert_int_equal(back->n_names, N_NAMES - 1);
	assert_non_null(back->chain);
	catalog_free(back);

	/* An export whose spell fails the check is not a catalog. */
	const char *bad = "{\"format\":1,\"revision\":3,\"tables\":[],\"spells\":[{\"id\":1,"
	                  "\"name\":\"X\",\"active\":true,\"mana\":1,\"level\":1,\"tier\":1,"
	                  "\"added_rev\":1,\"effects\":[{\"effect\":\"zap\",\"p\":[1,0,0,0,0]}]}]}";
	capture_start();
	back = catalog_export_read(bad, strlen(bad), &why);
	capture_end();
	free(captured);
	assert_null(back);
	assert_string_equal(why, "a spell that does not pass its check");
	catalog_free(c);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(bad_rows_refused_one_line_each),
	        cmocka_unit_test(from_row_reasons),
	        cmocka_unit_test(revisions_and_chain),
	        cmocka_unit_test(no_names_no_chain),
	        cmocka_unit_test(disk_copy_carries_spells_and_names),
	        cmocka_unit_test(export_carries_spells_and_names),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
