/* markov: the chain trained on the shipped names (sql/data/markov_names.txt,
 * read at run time from the repository root): determinism, the length,
 * case and novelty rules over 100,000 draws, clean failures, and the memory
 * of a chain for 300 and for 30,000 names. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unicase.h>
#include <unistr.h>

#include "markov.h"
#include "rng.h"

#define ORDER 3 /* the order the catalog builds (docs/spells.md) */

struct names {
	char **v;
	size_t n;
};

static struct names read_names(const char *path)
{
	struct names ns = {NULL, 0};
	size_t cap = 0;
	char line[256];
	FILE *f = fopen(path, "r");

	assert_non_null(f);
	while (fgets(line, sizeof line, f)) {
		line[strcspn(line, "\r\n")] = '\0';
		if (!line[0])
			continue;
		if (ns.n == cap) {
			cap = cap ? cap * 2 : 256;
			ns.v = realloc(ns.v, cap * sizeof *ns.v);
			assert_non_null(ns.v);
		}
		ns.v[ns.n] = strdup(line);
		assert_non_null(ns.v[ns.n]);
		ns.n++;
	}
	fclose(f);
	return ns;
}

static void free_names(struct names *ns)
{
	for (size_t i = 0; i < ns->n; i++)
		free(ns->v[i]);
	free(ns->v);
}

static struct markov *shipped(struct names *ns, struct markov_stats *st)
{
	enum markov_error e = MARKOV__MAX;
	struct markov *m;

	*ns = read_names("sql/data/markov_names.txt");
	m = markov_build((const char *const *)ns->v, ns->n, ORDER, st, &e);
	assert_non_null(m);
	assert_int_equal(e, MARKOV_OK);
	return m;
}

/* The shipped list: at least 300 names the chain learns from; the two with
 * an apostrophe or a hyphen teach nothing but still count as taken. */
static void test_shipped_training(void **state)
{
	struct names ns;
	struct markov_stats st;
	struct markov *m = shipped(&ns, &st);

	(void)state;
	assert_int_equal(st.names, ns.n);
	assert_true(st.trained >= 300);
	assert_int_equal(st.skipped, 2);
	assert_int_equal(st.trained + st.skipped, ns.n);
	for (size_t i = 0; i < ns.n; i++)
		assert_true(markov_is_training_name(m, ns.v[i]));
	assert_true(markov_is_training_name(m, "tal'vessa"));
	assert_true(markov_is_training_name(m, "\u00c6RINDEL")); /* Ærindel */
	assert_true(markov_is_training_name(m, "s\u00f8vrin"));  /* Søvrin */
	assert_false(markov_is_training_name(m, "Nobodyever"));
	assert_false(markov_is_training_name(m, "\xff"));
	print_message("shipped: %zu names, %zu trained, %zu letters, %zu contexts, %zu "
	              "transitions, %zu bytes\n",
	              st.names, st.trained, st.letters, st.contexts, st.transitions, st.bytes);
	markov_free(m);
	free_names(&ns);
}

static void test_deterministic(void **state)
{
	struct names a, b;
	struct markov *ma = shipped(&a, NULL), *mb = shipped(&b, NULL);
	int differ = 0;

	(void)state;
	for (uint64_t seed = 0; seed < 1000; seed++) {
		char x[MARKOV_NAME_MAX], y[MARKOV_NAME_MAX], z[MARKOV_NAME_MAX];

		assert_int_equal(markov_draw(ma, seed, x), MARKOV_OK);
		assert_int_equal(markov_draw(mb, seed, y), MARKOV_OK); /* another build */
		assert_int_equal(markov_draw(ma, seed, z), MARKOV_OK); /* the same build again */
		assert_string_equal(x, y);
		assert_string_equal(x, z);
		assert_int_equal(markov_draw(ma, seed + 1000, z), MARKOV_OK);
		differ += strcmp(x, z) != 0;
	}
	/* a seed decides the name: 1,000 pairs of seeds almost always differ */
	assert_true(differ > 900);
	{
		char x[MARKOV_NAME_MAX];
		/* pinned: a change of the walk or the data shows here */
		assert_int_equal(markov_draw(ma, 42, x), MARKOV_OK);
		assert_string_equal(x, "Itharka");
		assert_int_equal(markov_draw(ma, UINT64_MAX, x), MARKOV_OK);
		assert_string_equal(x, "Yssiel");
	}
	markov_free(ma);
	markov_free(mb);
	free_names(&a);
	free_names(&b);
}

/* 4..12 letters, title case, valid UTF-8, never a training name. */
static void check_name(const struct markov *m, const char *s)
{
	ucs4_t c;
	size_t len = strlen(s);
	const uint8_t *p = (const uint8_t *)s;
	int letters = 0;

	if (u8_check(p, len))
		fail_msg("\"%s\" is not UTF-8", s);
	while (len) {
		int k = u8_mbtouc(&c, p, len);

		if (letters == 0 ? uc_totitle(c) != c : uc_tolower(c) != c)
			fail_msg("\"%s\" is not in title case", s);
		p += k;
		len -= (size_t)k;
		letters++;
	}
	if (letters < MARKOV_LETTERS_MIN || letters > MARKOV_LETTERS_MAX)
		fail_msg("\"%s\" has %d letters", s, letters);
	if (markov_is_training_name(m, s))
		fail_msg("\"%s\" is a training name", s);
}

static void test_100000_draws(void **state)
{
	struct names ns;
	struct markov *m = shipped(&ns, NULL);
	int by_len[MARKOV_LETTERS_MAX + 1] = {0}, non_ascii = 0;
	size_t distinct = 0;
	char(*all)[MARKOV_NAME_MAX] = malloc(100000 * sizeof *all);

	(void)state;
	assert_non_null(all);
	for (uint64_t seed = 0; seed < 100000; seed++) {
		char *x = all[seed];
		size_t letters;

		assert_int_equal(markov_draw(m, seed * 0x9e3779b97f4a7c15u, x), MARKOV_OK);
		check_name(m, x);
		letters = u8_strlen((const uint8_t *)x) ? u8_mbsnlen((const uint8_t *)x, strlen(x))
		                                        : 0;
		by_len[letters]++;
		for (const char *c = x; *c; c++)
			if ((unsigned char)*c >= 0x80) {
				non_ascii++;
				break;
			}
	}
	qsort(all, 100000, sizeof *all, (int (*)(const void *, const void *))strcmp);
	for (size_t i = 0; i < 100000; i++)
		distinct += i == 0 || strcmp(all[i], all[i - 1]) != 0;
	print_message("100,000 draws: %zu distinct, %d with a letter beyond ASCII; by length "
	              "4..12:",
	              distinct, non_ascii);
	for (int l = MARKOV_LETTERS_MIN; l <= MARKOV_LETTERS_MAX; l++)
		print_message(" %d", by_len[l]);
	print_message("\n");
	/* variety (6,597 distinct at order 3 on the shipped list): a chain stuck
	 * on a few names fails here */
	assert_true(distinct > 5000);
	assert_true(non_ascii > 0);
	free(all);
	markov_free(m);
	free_names(&ns);
}

/* A list whose chain can only give its own names (or names too short) fails
 * cleanly, and so does a build that cannot be made. */
static void test_failures(void **state)
{
	static const char *const one[] = {"Abcd"};
	static const char *const shorts[] = {"Ab", "Bo", "Cyd"};
	static const char *const none[] = {"Tal'Vessa", "Ash-Kaelin", "x1", "\xff\xfe"};
	static const char *const ok[] = {"Abcd"};
	char out[MARKOV_NAME_MAX];
	struct markov_stats st;
	enum markov_error e;
	struct markov *m;

	(void)state;
	m = markov_build(one, 1, 2, &st, &e);
	assert_non_null(m);
	strcpy(out, "junk");
	assert_int_equal(markov_draw(m, 7, out), MARKOV_EXHAUSTED);
	assert_string_equal(out, "");
	markov_free(m);

	m = markov_build(shorts, 3, 3, &st, &e);
	assert_non_null(m);
	assert_int_equal(markov_draw(m, 7, out), MARKOV_EXHAUSTED);
	markov_free(m);

	assert_null(markov_build(none, 4, 2, &st, &e));
	assert_int_equal(e, MARKOV_EMPTY);
	assert_int_equal(st.skipped, 4);
	assert_null(markov_build(NULL, 0, 2, &st, &e));
	assert_int_equal(e, MARKOV_EMPTY);
	assert_null(markov_build(ok, 1, 1, &st, &e));
	assert_int_equal(e, MARKOV_ORDER);
	assert_null(markov_build(ok, 1, 4, &st, &e));
	assert_int_equal(e, MARKOV_ORDER);
	for (int i = 0; i < MARKOV__MAX; i++)
		assert_non_null(markov_error_text((enum markov_error)i));
	markov_free(NULL);
}

/* Letters beyond ASCII are letters: the chain walks "Ø" as one, and a draw
 * that starts with one is in title case. Two names that share their middle
 * give two new ones: "Ølmira" + "Ærmino" → "Ølmino", "Ærmira". */
static void test_non_ascii(void **state)
{
	static const char *const two[] = {"\u00d8lmira", "\u00c6rmino"};
	char out[MARKOV_NAME_MAX];
	int got_o = 0, got_ae = 0;
	struct markov *m = markov_build(two, 2, 2, NULL, NULL);

	(void)state;
	assert_non_null(m);
	for (uint64_t seed = 0; seed < 200; seed++) {
		assert_int_equal(markov_draw(m, seed, out), MARKOV_OK);
		if (strcmp(out, "\u00d8lmino") == 0)
			got_o++;
		else if (strcmp(out, "\u00c6rmira") == 0)
			got_ae++;
		else
			fail_msg("unexpected \"%s\"", out);
	}
	assert_true(got_o > 0 && got_ae > 0);
	markov_free(m);
}

/* The memory of a chain of 300 names (the first 300 shipped) and of 30,000:
 * names of 4..10 letters drawn uniformly from 32 letters (26 of ASCII and 6
 * beyond), the worst case, since real names share far more contexts. */
static void test_memory(void **state)
{
	static const char *const alphabet[] = {
	        "a", "b", "c", "d", "e",      "f",      "g",      "h",      "i",      "j",     "k",
	        "l", "m", "n", "o", "p",      "q",      "r",      "s",      "t",      "u",     "v",
	        "w", "x", "y", "z", "\u00e6", "\u00f8", "\u00e9", "\u00eb", "\u00fe", "\u00f6"};
	struct names ns = read_names("sql/data/markov_names.txt");
	struct markov_stats st300, st30k;
	struct markov *big;
	char **v = malloc(30000 * sizeof *v);
	struct rng r;

	(void)state;
	assert_non_null(v);
	markov_free(markov_build((const char *const *)ns.v, 300, ORDER, &st300, NULL));
	rng_seed(&r, 30000);
	for (size_t i = 0; i < 30000; i++) {
		int len = (int)rng_range(&r, 4, 10);

		v[i] = calloc(1, 4 * 10 + 1);
		assert_non_null(v[i]);
		for (int k = 0; k < len; k++)
			strcat(v[i], alphabet[rng_below(&r, 32)]);
	}
	big = markov_build((const char *const *)v, 30000, ORDER, &st30k, NULL);
	assert_non_null(big);
	print_message("memory: 300 names %zu bytes (%zu contexts, %zu transitions); 30,000 names "
	              "%zu bytes (%zu contexts, %zu transitions)\n",
	              st300.bytes, st300.contexts, st300.transitions, st30k.bytes, st30k.contexts,
	              st30k.transitions);
	/* the bounds docs/spells.md states: under 64 KiB and under 8 MiB */
	assert_true(st300.bytes < 64 * 1024);
	assert_true(st30k.bytes < 8 * 1024 * 1024);
	for (size_t i = 0; i < 30000; i++)
		free(v[i]);
	free(v);
	markov_free(big);
	free_names(&ns);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_shipped_training), cmocka_unit_test(test_deterministic),
	        cmocka_unit_test(test_100000_draws),     cmocka_unit_test(test_failures),
	        cmocka_unit_test(test_non_ascii),        cmocka_unit_test(test_memory),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
