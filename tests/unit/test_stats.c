/* Rates of every weapon part (and the condition's masterwork / better /
 * worse) over 200,000 weapons at powers 1, 2 and 0.5, and the weapon's mean
 * attack and mean strength, against their exact values under SPEC §4. Fixed seeds, so a run is
 * repeatable; the bound is 4 sigma of a binomial count, so a correct
 * generator fails it with probability ~6e-5 per rate, and a wrong threshold
 * (one roll value = 1/101 ≈ 1%) moves a rate by ~17 sigma at this size. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "fixture.h"
#include "generate.h"

#define N_ITEMS 200000
#define SIGMAS  4.0

/* P(roll × power ≥ t) for the uniform roll 0..100; `strict` for "> t". */
static double p_roll(double power, int t, int strict)
{
	int n = 0;
	for (int r = 0; r <= 100; r++)
		n += strict ? r * power > t : r * power >= t;
	return n / 101.0;
}

/* P(m in [lo, hi]) for the uniform m = 1..100 of the plus step. */
static double p_m(int lo, int hi)
{
	return (hi - lo + 1) / 100.0;
}

enum rate {
	R_ELEMENT,
	R_SECOND,
	R_CRIPPLING,
	R_PREFIX,
	R_OF,
	R_ADJECTIVE,
	R_PLUS1,
	R_PLUS2,
	R_PLUS3,
	R_PLUS4,
	R_PLUS5,
	R_MASTERWORK,
	R_BETTER,
	R_WORSE,
	R__MAX
};
static const char *const rate_names[R__MAX] = {"element",
                                               "second element",
                                               "crippling",
                                               "prefix",
                                               "\"of\" phrase",
                                               "adjective",
                                               "+1",
                                               "+2",
                                               "+3",
                                               "+4",
                                               "+5",
                                               "masterwork",
                                               "better",
                                               "worse"};

/* The documented numbers of docs/recipes.md, written out again here (not
 * read from recipe.c) so that the test checks the engine against the docs. */
struct kind_rules {
	enum kind kind;
	int element, special, second; /* thresholds; 0 = the kind has no such roll */
	int has_plus;
	enum stat condition;
};
static const struct kind_rules rules[K__MAX] = {
        [K_WEAPON] = {K_WEAPON, 95, 99, 98, 1, ST_ATTACK},
        [K_ARMOR] = {K_ARMOR, 95, 0, 0, 0, ST_DEFENSE},
        [K_SHIELD] = {K_SHIELD, 95, 0, 0, 1, ST_DEFENSE},
        [K_TRINKET] = {K_TRINKET, 80, 0, 97, 1, ST_MAGIC},
};

static void expected(const struct kind_rules *k, double pw, double *p)
{
	double el = p_roll(pw, k->element, 0);
	double crip = k->special ? p_roll(pw, k->special, 0) : 0;
	double plus = k->has_plus ? p_roll(pw, 90, 0) : 0;
	p[R_ELEMENT] = el;
	p[R_CRIPPLING] = el * crip;
	p[R_SECOND] = k->second ? el * (1 - crip) * p_roll(pw, k->second, 0) : 0;
	p[R_PREFIX] = p_roll(pw, 75, 0);
	p[R_OF] = p_roll(pw, 65, 0);
	p[R_ADJECTIVE] = p[R_OF] * p_roll(pw, 60, 0);
	p[R_PLUS1] = plus * p_m(1, 69);
	p[R_PLUS2] = plus * p_m(70, 84);
	p[R_PLUS3] = plus * p_m(85, 91);
	p[R_PLUS4] = plus * p_m(92, 97);
	p[R_PLUS5] = plus * p_m(98, 100);
	p[R_MASTERWORK] = p_roll(pw, 98, 0);
	/* §4.4: a second, fresh roll decides better or worse. */
	p[R_BETTER] = (1 - p[R_MASTERWORK]) * p_roll(pw, 38, 1);
	p[R_WORSE] = (1 - p[R_MASTERWORK]) * (1 - p_roll(pw, 38, 1));
}

static void count(const struct item *it, long *n)
{
	const struct entry *el = it->part[P_ELEMENT];
	n[R_ELEMENT] += el != NULL;
	n[R_SECOND] += it->element2 != NULL;
	n[R_CRIPPLING] += el && strcmp(el->word, "crippling") == 0;
	n[R_PREFIX] += it->part[P_PREFIX] != NULL;
	n[R_OF] += it->part[P_ABSTRACT] != NULL;
	n[R_ADJECTIVE] += it->part[P_ADJECTIVE] != NULL;
	if (it->plus)
		n[R_PLUS1 + it->plus - 1]++;
	n[R_MASTERWORK] += it->masterwork;
	n[R_BETTER] += it->better;
	n[R_WORSE] += !it->masterwork && !it->better;
}

/* Exact mean and variance of a weapon's attack and strength under SPEC §4,
 * from the rules and the fixture catalog's active rows (every weight 1, so
 * each pick is uniform), with no sampling: a discrete distribution per step,
 * combined by convolution. The test's bound on an observed mean is then
 * 4 sigma of the mean, sigma = sqrt(variance / N). */
#define V_MIN (-256)
#define V_N   1024
struct dist {
	double p[V_N]; /* p[v - V_MIN] = P(value v) */
};

static void dist_put(struct dist *d, int v, double p)
{
	assert_true(v >= V_MIN && v < V_MIN + V_N);
	d->p[v - V_MIN] += p;
}

/* out = a + b for independent a and b. */
static void dist_sum(struct dist *out, const struct dist *a, const struct dist *b)
{
	memset(out, 0, sizeof *out);
	for (int i = 0; i < V_N; i++)
		for (int j = 0; j < V_N; j++)
			if (a->p[i] != 0 && b->p[j] != 0)
				dist_put(out, i + j + 2 * V_MIN, a->p[i] * b->p[j]);
}

static void dist_moments(const struct dist *d, double *mean, double *var)
{
	double m = 0, m2 = 0, total = 0;
	for (int i = 0; i < V_N; i++) {
		double v = i + V_MIN;
		total += d->p[i];
		m += d->p[i] * v;
		m2 += d->p[i] * v * v;
	}
	assert_true(fabs(total - 1) < 1e-9);
	*mean = m;
	*var = m2 - m * m;
}

/* The active rows of a weapon table, every one of weight 1. */
static const struct pick_list *active_rows(const struct catalog *c, enum part p)
{
	const struct pick_list *l = &c->t[K_WEAPON][p].by_tier[0];
	assert_int_equal(l->cum[l->n - 1], l->n);
	return l;
}

/* The element step (§4.1) on one stat (st = ST__MAX: its strength instead). */
static void element_dist(const struct catalog *c, double pw, enum stat st, struct dist *d)
{
	const struct pick_list *l = active_rows(c, P_ELEMENT);
	const struct entry *crip = catalog_find(c, K_WEAPON, P_ELEMENT, "crippling");
	assert_true(crip && crip->active);
	double el = p_roll(pw, 95, 0), pc = p_roll(pw, 99, 0), ps = p_roll(pw, 98, 0);
	size_t m = l->n - 1; /* the elements other than crippling */
	assert_true(m >= 2);
	memset(d, 0, sizeof *d);
	dist_put(d, 0, 1 - el);
	dist_put(d, st == ST__MAX ? 12 : crip->stat[st], el * pc);
	for (size_t i = 0; i < l->n; i++) {
		const struct entry *f = l->rows[i];
		if (f == crip)
			continue;
		double pf = el * (1 - pc) / m;
		dist_put(d, st == ST__MAX ? 6 : f->stat[st], pf * (1 - ps));
		for (size_t j = 0; j < l->n; j++) {
			const struct entry *s2 = l->rows[j];
			if (s2 == crip || s2 == f)
				continue;
			dist_put(d, st == ST__MAX ? 17 : f->stat[st] + s2->stat[st],
			         pf * ps / (m - 1));
		}
	}
}

/* An affix rolled with probability `p` and picked uniformly, on stat st. */
static void affix_dist(const struct catalog *c, enum part part, double p, enum stat st,
                       struct dist *d)
{
	const struct pick_list *l = active_rows(c, part);
	memset(d, 0, sizeof *d);
	dist_put(d, 0, 1 - p);
	for (size_t i = 0; i < l->n; i++)
		dist_put(d, l->rows[i]->stat[st], p / l->n);
}

static void attack_moments(const struct catalog *c, double pw, double *mean, double *var)
{
	static struct dist type, el, pre, a, b, after, abs, z;
	affix_dist(c, P_TYPE, 1, ST_ATTACK, &type);
	element_dist(c, pw, ST_ATTACK, &el);
	affix_dist(c, P_PREFIX, p_roll(pw, 75, 0), ST_ATTACK, &pre);
	dist_sum(&a, &type, &el);
	dist_sum(&b, &a, &pre);
	/* §4.4 on A = the attack so far: c uniform 0..round(0.4 A) (0 when
	 * that is negative); masterwork 2A; else better A + c, worse A − c. */
	double pm = p_roll(pw, 98, 0), pb = p_roll(pw, 38, 1);
	memset(&after, 0, sizeof after);
	for (int i = 0; i < V_N; i++) {
		if (b.p[i] == 0)
			continue;
		int v = i + V_MIN;
		long s = lround(v * 0.4);
		if (s < 0)
			s = 0;
		dist_put(&after, 2 * v, b.p[i] * pm);
		for (long k = 0; k <= s; k++) {
			double pk = b.p[i] * (1 - pm) / (double)(s + 1);
			dist_put(&after, v + (int)k, pk * pb);
			dist_put(&after, v - (int)k, pk * (1 - pb));
		}
	}
	/* §4.5: the abstract comes with every phrase. The fixture's adjectives
	 * carry no attack, which keeps this sum simple. */
	const struct pick_list *al = active_rows(c, P_ADJECTIVE);
	for (size_t i = 0; i < al->n; i++)
		assert_int_equal(al->rows[i]->stat[ST_ATTACK], 0);
	affix_dist(c, P_ABSTRACT, p_roll(pw, 65, 0), ST_ATTACK, &abs);
	dist_sum(&z, &after, &abs);
	dist_moments(&z, mean, var);
}

static void strength_moments(const struct catalog *c, double pw, double *mean, double *var)
{
	static struct dist el, rest, all;
	element_dist(c, pw, ST__MAX, &el);
	double pp = p_roll(pw, 75, 0), pof = p_roll(pw, 65, 0), padj = p_roll(pw, 60, 0);
	double plus = p_roll(pw, 90, 0);
	/* type 1 + prefix 3 + phrase (abstract 2, adjective 4) + plus, each an
	 * independent step; enumerated jointly over their few outcomes. */
	static const struct {
		int lo, hi, str;
	} bands[] = {{1, 69, 5}, {70, 84, 7}, {85, 91, 8}, {92, 97, 9}, {98, 100, 10}};
	memset(&rest, 0, sizeof rest);
	for (int hasp = 0; hasp < 2; hasp++)
		for (int ph = 0; ph < 3; ph++) /* none, abstract, abstract + adjective */
			for (int b = -1; b < 5; b++) {
				double p = hasp ? pp : 1 - pp;
				p *= ph == 0 ? 1 - pof : ph == 1 ? pof * (1 - padj) : pof * padj;
				p *= b < 0 ? 1 - plus : plus * p_m(bands[b].lo, bands[b].hi);
				int v = 1 + 3 * hasp +
				        (ph == 0   ? 0
				         : ph == 1 ? 2
				                   : 6) +
				        (b < 0 ? 0 : bands[b].str);
				dist_put(&rest, v, p);
			}
	dist_sum(&all, &el, &rest);
	dist_moments(&all, mean, var);
}

/* Observed mean of the N values against the exact mean, 4 sigma of the mean. */
static int check_mean(const char *what, double sum, double mean, double var)
{
	double obs = sum / N_ITEMS, sd = sqrt(var / N_ITEMS);
	double z = sd > 0 ? (obs - mean) / sd : fabs(obs - mean) < 1e-9 ? 0 : INFINITY;
	printf("  mean %-11s %10.6f %10.6f %10s %+8.2f\n", what, mean, obs, "", z);
	if (fabs(z) > SIGMAS) {
		printf("  ^ outside %.0f sigma\n", SIGMAS);
		return 1;
	}
	return 0;
}

static void check_power(enum kind kind, double power, uint64_t master_seed)
{
	struct catalog *cat = fixture_catalog();
	struct gen_input in = {.kind = kind, .power = power};
	long n[R__MAX] = {0};
	double attack = 0, strength = 0;
	for (unsigned i = 0; i < N_ITEMS; i++) {
		struct item it;
		assert_int_equal(generate(cat, &in, generate_batch_seed(master_seed, i), &it), 0);
		count(&it, n);
		attack += it.stat[ST_ATTACK];
		strength += it.str;
	}
	double p[R__MAX];
	expected(&rules[kind], power, p);
	printf("%s, power %.1f, %d items, seed %llu\n", kind_names[kind], power, N_ITEMS,
	       (unsigned long long)master_seed);
	printf("  %-16s %10s %10s %10s %8s\n", "rate", "expected", "observed", "count", "z");
	int bad = 0;
	for (int r = 0; r < R__MAX; r++) {
		double mean = N_ITEMS * p[r];
		double sd = sqrt(N_ITEMS * p[r] * (1 - p[r]));
		double z = sd > 0 ? (n[r] - mean) / sd : (n[r] == mean ? 0 : INFINITY);
		printf("  %-16s %10.6f %10.6f %10ld %+8.2f\n", rate_names[r], p[r],
		       (double)n[r] / N_ITEMS, n[r], z);
		if (fabs(z) > SIGMAS) {
			printf("  ^ outside %.0f sigma\n", SIGMAS);
			bad++;
		}
	}
	if (kind == K_WEAPON) {
		double mean, var;
		attack_moments(cat, power, &mean, &var);
		bad += check_mean("attack", attack, mean, var);
		strength_moments(cat, power, &mean, &var);
		bad += check_mean("strength", strength, mean, var);
	}
	catalog_free(cat);
	assert_int_equal(bad, 0);
}

static void test_power_1(void **state)
{
	(void)state;
	check_power(K_WEAPON, 1.0, 20261122);
}

static void test_power_2(void **state)
{
	(void)state;
	check_power(K_WEAPON, 2.0, 7);
}

static void test_power_half(void **state)
{
	(void)state;
	check_power(K_WEAPON, 0.5, 123456789);
}

static void test_armor(void **state)
{
	(void)state;
	check_power(K_ARMOR, 1.0, 11);
	check_power(K_ARMOR, 2.0, 12);
}

static void test_shield(void **state)
{
	(void)state;
	check_power(K_SHIELD, 1.0, 21);
	check_power(K_SHIELD, 2.0, 22);
}

static void test_trinket(void **state)
{
	(void)state;
	check_power(K_TRINKET, 1.0, 31);
	check_power(K_TRINKET, 2.0, 32);
}

/* Weighted picks: a prefix of weight 3 beside two of weight 1 is picked 3/5
 * of the time (4 sigma again). */
static void test_weights_followed(void **state)
{
	(void)state;
	struct catalog *cat = catalog_new(1);
	struct entry type = {.word = "club", .active = 1, .tier = 1, .weight = 1};
	assert_int_equal(catalog_add(cat, K_WEAPON, P_TYPE, &type), 0);
	const char *words[] = {"heavy", "light", "sharp"};
	const uint32_t weights[] = {3, 1, 1};
	for (int i = 0; i < 3; i++) {
		struct entry e = {.word = words[i], .active = 1, .weight = weights[i]};
		assert_int_equal(catalog_add(cat, K_WEAPON, P_PREFIX, &e), 0);
	}
	assert_int_equal(catalog_finish(cat), 0);
	struct gen_input in = {.kind = K_WEAPON, .power = 100}; /* a prefix every time but r=0 */
	long seen[3] = {0}, total = 0;
	for (unsigned i = 0; i < N_ITEMS; i++) {
		struct item it;
		assert_int_equal(generate(cat, &in, generate_batch_seed(5, i), &it), 0);
		const struct entry *e = it.part[P_PREFIX];
		if (!e)
			continue;
		total++;
		for (int w = 0; w < 3; w++)
			seen[w] += strcmp(e->word, words[w]) == 0;
	}
	for (int w = 0; w < 3; w++) {
		double p = weights[w] / 5.0;
		double z = (seen[w] - total * p) / sqrt(total * p * (1 - p));
		printf("  weight %u %-6s expected %.4f observed %.4f z %+.2f\n", weights[w],
		       words[w], p, (double)seen[w] / total, z);
		assert_true(fabs(z) <= SIGMAS);
	}
	catalog_free(cat);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_power_1),          cmocka_unit_test(test_power_2),
	        cmocka_unit_test(test_power_half),       cmocka_unit_test(test_armor),
	        cmocka_unit_test(test_shield),           cmocka_unit_test(test_trinket),
	        cmocka_unit_test(test_weights_followed),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
