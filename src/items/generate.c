/* The generator: runs a kind's recipe (recipe.c) against a catalog with a
 * seeded PRNG. Every random decision goes through `roll`, `pick` or the
 * swing draw below, in step order, so one seed fixes one item. */
#include "generate.h"

#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unicase.h>
#include <unistr.h>

#include "rng.h"

const char *const unhonoured_reason_text[] = {
        [UR_UNKNOWN] = "unknown word",
        [UR_INACTIVE] = "not active",
        [UR_NOT_A_PART] = "not a part of this kind",
        [UR_OTHER_KIND] = "a word of another kind",
        [UR_CONTRADICTS] = "contradicts another part",
};

/* Whether a kind other than k has w as its part p (such a word
 * was "unknown"). */
static int other_kind_has(const struct catalog *c, enum kind k, enum part p, const char *w)
{
	for (int o = 0; o < K__MAX; o++)
		if (o != (int)k && catalog_find(c, (enum kind)o, p, w))
			return 1;
	return 0;
}

/* "a" or "an" before a type, or nothing for a plural one ("gloves",
 * "greaves"; not "cuirass", "aegis"): a heuristic for English nouns that
 * is right for every shipped type. */
static const char *article(const char *w)
{
	size_t n = strlen(w);
	if (n > 1 && w[n - 1] == 's' && !strchr("sui", w[n - 2]))
		return "";
	return strchr("aeiouAEIOU", w[0]) && w[0] ? "an " : "a ";
}

const char *unhonoured_text(const struct unhonoured *u, char *buf, size_t cap)
{
	if (u->reason == UR_CONTRADICTS && u->other && u->word) {
		snprintf(buf, cap, "%s cannot make %s%s", u->word, article(u->other->word),
		         u->other->word);
		return buf;
	}
	if ((unsigned)u->reason < UNHONOURED_REASONS)
		return unhonoured_reason_text[u->reason];
	return "refused";
}

/* More steps than any recipe has. */
#define GEN_STEPS_MAX 16

struct gen {
	const struct catalog *cat;
	const struct gen_input *in;
	const struct recipe *r;
	struct rng rng;
	struct item *it;
	const struct entry *want[P__MAX]; /* honoured requests */
	int tier;                         /* the item's tier once the bases are known */
	/* a blueprint's sub-seeds, one per step (recipe.h) */
	uint64_t sub[GEN_STEPS_MAX];
};

/* rng_range(r, lo, hi) for constant lo < hi, inline: the same draws and
 * the same value (rng_below's bound and rejection), with the divisions by
 * a constant folded into multiplications. Four of these a weapon; rng_range
 * was 9% of rolling a batch. */
static inline __attribute__((always_inline)) int64_t range_k(struct rng *r, int64_t lo, int64_t hi)
{
	const uint64_t n = (uint64_t)(hi - lo) + 1;
	const uint64_t limit = UINT64_MAX - (UINT64_MAX % n + 1) % n;
	uint64_t x;

	do
		x = rng_next(r);
	while (x > limit);
	return lo + (int64_t)(x % n);
}

/* SPEC §4: a uniform 0..100, multiplied by power. */
static double roll(struct gen *g)
{
	return (double)range_k(&g->rng, 0, 100) * g->in->power;
}

static int roll_at_least(struct gen *g, int threshold)
{
	return roll(g) >= threshold;
}

/* Where row e sits in list l, or -1. The lists keep the table's row order
 * and rows are an array, so the pointers are sorted. */
static long position(const struct pick_list *l, const struct entry *e)
{
	size_t lo = 0, hi = l->n;
	if (!e)
		return -1;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (l->rows[mid] == e)
			return (long)mid;
		if (l->rows[mid] < e)
			lo = mid + 1;
		else
			hi = mid;
	}
	return -1;
}

/* The first row of l whose running total exceeds u. When every weight is 1
 * (the default) that is row u itself, without touching the totals: with a
 * large catalog the search's cache misses were most of a pick's cost. */
static size_t first_above(const struct pick_list *l, uint64_t u)
{
	if (l->cum[l->n - 1] == l->n)
		return (size_t)u;
	size_t lo = 0, hi = l->n - 1;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (u < l->cum[mid])
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

/* A weighted pick over the lists by_tier[lo..hi] of a table, skipping rows
 * equal to `not1`/`not2`. With every weight 1 this is a uniform pick. It
 * is the pick a walk over the lists in order would make for one draw below
 * the total weight, found by binary search on the running totals: the
 * excluded rows' weights are left out of the total, and the draw is moved
 * past their stretches of the running totals. */
static const struct entry *pick_range(struct gen *g, const struct table *t, int lo, int hi,
                                      const struct entry *not1, const struct entry *not2)
{
	uint64_t total = 0, skip[TIER_MAX + 1] = {0};
	long at[TIER_MAX + 1][2];

	if (not2 == not1)
		not2 = NULL;
	/* One list and nothing left out (a base of tier 0, every item of a
	 * plain batch): the same draw and row as below, without its
	 * bookkeeping. */
	if (lo == hi && !not1 && !not2) {
		const struct pick_list *l = &t->by_tier[lo];
		if (l->n == 0 || l->cum[l->n - 1] == 0)
			return NULL;
		return l->rows[first_above(l, rng_below(&g->rng, l->cum[l->n - 1]))];
	}
	for (int i = lo; i <= hi; i++) {
		const struct pick_list *l = &t->by_tier[i];
		long a = position(l, not1), b = position(l, not2);
		if (a > b) { /* in list order */
			long x = a;
			a = b;
			b = x;
		}
		at[i][0] = a;
		at[i][1] = b;
		for (int k = 0; k < 2; k++)
			if (at[i][k] >= 0)
				skip[i] += l->rows[at[i][k]]->weight;
		if (l->n)
			total += l->cum[l->n - 1] - skip[i];
	}
	if (total == 0)
		return NULL;
	uint64_t u = rng_below(&g->rng, total);
	for (int i = lo; i <= hi; i++) {
		const struct pick_list *l = &t->by_tier[i];
		uint64_t here = l->n ? l->cum[l->n - 1] - skip[i] : 0;
		if (u >= here) {
			u -= here;
			continue;
		}
		for (int k = 0; k < 2; k++) {
			long p = at[i][k];
			if (p >= 0 && u >= l->cum[p] - l->rows[p]->weight)
				u += l->rows[p]->weight;
		}
		return l->rows[first_above(l, u)];
	}
	return NULL; /* not reached: u < total */
}

/* An affix: rows whose tier range admits the item's tier; when that holds
 * nothing, every active row (docs/recipes.md, "fallback"). The list scan is
 * linear only when rows must be excluded; otherwise the running totals give
 * a binary search. */
static const struct entry *pick_affix(struct gen *g, enum part p, const struct entry *not1,
                                      const struct entry *not2)
{
	const struct table *t = &g->cat->t[g->r->kind][p];
	int tier = g->tier;
	if (tier < 0 || tier > TIER_MAX || t->by_tier[tier].n == 0)
		tier = 0;
	const struct pick_list *l = &t->by_tier[tier];
	if (l->n == 0)
		return NULL;
	if (not1 || not2)
		return pick_range(g, t, tier, tier, not1, not2);
	return l->rows[first_above(l, rng_below(&g->rng, l->cum[l->n - 1]))];
}

/* SPEC §4.3: tier 0 → any; a tier with variance → a swing of 0, 1 or 2 from
 * a plain draw; an empty range widens one tier each side until it holds an
 * active row. */
static const struct entry *pick_base(struct gen *g, enum part p)
{
	const struct table *t = &g->cat->t[g->r->kind][p];
	int tier = g->in->tier;
	if (tier <= 0 || tier > TIER_MAX)
		return pick_range(g, t, 0, 0, NULL, NULL);
	int v = 0;
	if (g->in->variance) {
		int64_t swing = range_k(&g->rng, 0, 100);
		v = swing >= 80 ? 2 : swing >= 50 ? 1 : 0;
	}
	for (int lo = tier - v, hi = tier + v; lo >= 1 || hi <= TIER_MAX; lo--, hi++) {
		const struct entry *e = pick_range(g, t, lo < 1 ? 1 : lo,
		                                   hi > TIER_MAX ? TIER_MAX : hi, NULL, NULL);
		if (e)
			return e;
	}
	return NULL;
}

/* SPEC §12: which rows a classed base pick may land on. */
struct base_filter {
	const struct entry *type;     /* materials: those this type accepts */
	const struct entry *material; /* types: those that accept this material */
};

static int passes(const struct base_filter *f, const struct entry *e)
{
	return catalog_accepts(f->type ? f->type : e, f->type ? e : f->material);
}

/* Rows pick_range_if remembers on the stack; more take a second walk. */
#define PICK_IF_MAX 64

/* pick_range restricted to the rows that pass f, with the same relative
 * weights among them: a linear walk (base tables are small, and only
 * classed kinds come here). The rows that pass are noted as they are
 * weighed, so that the draw walks them alone rather than the table again
 * with each row's test (catalog_accepts) repeated: ~1% of rolling a
 * level-20 dungeon's items. */
static const struct entry *pick_range_if(struct gen *g, const struct table *t, int lo, int hi,
                                         const struct base_filter *f)
{
	const struct entry *ok[PICK_IF_MAX];
	size_t n_ok = 0;
	uint64_t total = 0;
	for (int i = lo; i <= hi; i++)
		for (size_t j = 0; j < t->by_tier[i].n; j++) {
			const struct entry *e = t->by_tier[i].rows[j];
			if (!passes(f, e))
				continue;
			if (n_ok < PICK_IF_MAX)
				ok[n_ok] = e;
			n_ok++;
			total += e->weight;
		}
	if (total == 0)
		return NULL;
	uint64_t u = rng_below(&g->rng, total);
	if (n_ok <= PICK_IF_MAX) {
		for (size_t k = 0; k < n_ok; k++) {
			if (u < ok[k]->weight)
				return ok[k];
			u -= ok[k]->weight;
		}
		return NULL; /* not reached */
	}
	for (int i = lo; i <= hi; i++)
		for (size_t j = 0; j < t->by_tier[i].n; j++) {
			const struct entry *e = t->by_tier[i].rows[j];
			if (!passes(f, e))
				continue;
			if (u < e->weight)
				return e;
			u -= e->weight;
		}
	return NULL; /* not reached */
}

/* pick_base among the rows that pass f: the same tier swing and widening,
 * so a type whose accepted materials sit at other tiers still gets the
 * nearest ones. NULL when no active row passes at any tier. */
static const struct entry *pick_base_if(struct gen *g, enum part p, const struct base_filter *f)
{
	const struct table *t = &g->cat->t[g->r->kind][p];
	int tier = g->in->tier;
	if (tier <= 0 || tier > TIER_MAX)
		return pick_range_if(g, t, 0, 0, f);
	int v = 0;
	if (g->in->variance) {
		int64_t swing = range_k(&g->rng, 0, 100);
		v = swing >= 80 ? 2 : swing >= 50 ? 1 : 0;
	}
	for (int lo = tier - v, hi = tier + v; lo >= 1 || hi <= TIER_MAX; lo--, hi++) {
		const struct entry *e =
		        pick_range_if(g, t, lo < 1 ? 1 : lo, hi > TIER_MAX ? TIER_MAX : hi, f);
		if (e)
			return e;
	}
	return NULL;
}

/* to[s] += from[s] for every stat; restrict lets the compiler add them a
 * vector at a time (it otherwise must assume the two may overlap). */
static void add_stats(int32_t *restrict to, const int32_t *restrict from)
{
	for (int s = 0; s < ST__MAX; s++)
		to[s] += from[s];
}

static void take(struct gen *g, enum part p, const struct entry *e, int str)
{
	g->it->part[p] = e;
	add_stats(g->it->stat, e->stat);
	g->it->str += str;
}

static int is_special(const struct step *s, const struct entry *e)
{
	return s->special && strcasecmp(e->word, s->special) == 0;
}

static void step_element(struct gen *g, const struct step *s)
{
	const struct entry *w = g->want[s->part];
	if (w) {
		take(g, s->part, w, is_special(s, w) ? s->special_str : s->str);
		return;
	}
	if (!roll_at_least(g, s->threshold))
		return;
	const struct entry *special = NULL;
	if (s->special) {
		special = catalog_find(g->cat, g->r->kind, s->part, s->special);
		if (special && !special->active)
			special = NULL;
		/* The special roll is drawn even when the special word is inactive,
		 * so deactivating it changes no other draw; an inactive special
		 * falls through to an ordinary element. */
		if (roll_at_least(g, s->special_threshold) && special) {
			take(g, s->part, special, s->special_str);
			return;
		}
	}
	const struct entry *first = pick_affix(g, s->part, special, NULL);
	if (!first)
		return;
	take(g, s->part, first, s->str);
	if (s->second_threshold && roll_at_least(g, s->second_threshold)) {
		const struct entry *second = pick_affix(g, s->part, special, first);
		if (second) {
			g->it->element2 = second;
			add_stats(g->it->stat, second->stat);
			g->it->str += s->second_str;
		}
	}
}

static void step_affix(struct gen *g, const struct step *s)
{
	const struct entry *e = g->want[s->part];
	if (!e && (s->threshold == 0 || roll_at_least(g, s->threshold)))
		e = pick_affix(g, s->part, NULL, NULL);
	if (e)
		take(g, s->part, e, s->str);
}

/* lround(v * pct / 100.0), in integers: the product is exact either way,
 * and below 2^40 the double's quotient is within 2^-18 of the true one, so
 * it lies on the same side of every half (those are exact): the same
 * rounding, half away from zero, without a division and a call to lround
 * an item. */
static long percent_of(int32_t v, int pct)
{
	int64_t a = (int64_t)v * pct, m = a < 0 ? -a : a;

	if (m >= (INT64_C(1) << 40)) /* not with a recipe's pct (40) */
		return lround((double)v * pct / 100.0);
	int64_t q = (m + 50) / 100;
	return (long)(a < 0 ? -q : q);
}

/* SPEC §4.4, on the recipe's stat. */
static void step_condition(struct gen *g, const struct step *s)
{
	int32_t *v = &g->it->stat[s->stat];
	long spread = percent_of(*v, s->spread_pct);
	int64_t c = rng_range(&g->rng, 0, spread > 0 ? spread : 0);
	/* Two fresh rolls, as in the original: the better check is not the
	 * masterwork roll read again. */
	/* SPEC §12: a `worse` prefix never meets masterwork; the roll falls
	 * through to better or worse (catalogs without classes: never). */
	if (roll(g) >= s->masterwork_threshold &&
	    !catalog_is_worse(g->cat, g->it->part[P_PREFIX])) {
		*v *= 2;
		g->it->masterwork = 1;
	} else if (roll(g) > s->better_threshold) {
		*v += (int32_t)c;
		g->it->better = 1;
	} else {
		*v -= (int32_t)c;
	}
}

/* SPEC §4.5. */
static void step_phrase(struct gen *g, const struct step *s)
{
	const struct entry *adj = g->want[P_ADJECTIVE], *abs = g->want[P_ABSTRACT];
	if (!adj && !abs && !roll_at_least(g, s->threshold))
		return;
	if (!adj && roll_at_least(g, s->adj_threshold))
		adj = pick_affix(g, P_ADJECTIVE, NULL, NULL);
	if (!abs)
		abs = pick_affix(g, P_ABSTRACT, NULL, NULL);
	if (adj)
		take(g, P_ADJECTIVE, adj, s->adj_str);
	if (abs)
		take(g, P_ABSTRACT, abs, s->abs_str);
}

/* SPEC §4.6: the level bands of m = 1..100. */
static const struct plus_level {
	int min_m, plus, multiplier, str;
} plus_levels[] = {
        {98, 5, 100, 10}, {92, 4, 80, 9}, {85, 3, 60, 8}, {70, 2, 40, 7}, {1, 1, 20, 5},
};

static void step_plus(struct gen *g, const struct step *s)
{
	if (!roll_at_least(g, s->threshold))
		return;
	int64_t m = range_k(&g->rng, 1, 100);
	for (size_t i = 0; i < sizeof plus_levels / sizeof plus_levels[0]; i++) {
		const struct plus_level *l = &plus_levels[i];
		if (m >= l->min_m) {
			g->it->plus = l->plus;
			g->it->stat[ST_MULTIPLIER] += l->multiplier;
			g->it->str += l->str;
			return;
		}
	}
}

/* Step i of a blueprint draws from its own sub-seed; an affix kind's steps
 * share one stream. */
static void step_stream(struct gen *g, size_t i)
{
	if (g->r->blueprint)
		rng_seed(&g->rng, g->sub[i]);
}

/* SPEC §8: a given name from the catalog's chain, from the step's own draw. */
static void step_name(struct gen *g)
{
	if (!g->cat->chain ||
	    markov_draw(g->cat->chain, rng_next(&g->rng), g->it->given) != MARKOV_OK)
		g->it->given[0] = '\0';
}

/* Whether spell s is in the catalog at its revision and may be rolled. */
static int spell_live(const struct catalog_spell *s)
{
	return s->active;
}

/* Spells a pick remembers on the stack (step_spell); a catalog with more
 * at one tier takes the two passes. */
#define SPELLS_AT_TIER_MAX 128

/* SPEC §8: a uniform pick among the live spells of the item's tier; a tier
 * without one widens by one tier each side until a spell is found. The
 * spells are few (dozens), so passes over them cost less than an index
 * kept per tier: one that notes where the tier's own spells are (nearly
 * every pick is among them), then, only when it has none, or more than it
 * noted, two a width (the count, then the u-th). One pass rather than two
 * was ~1.5% of rolling a level-20 dungeon's items. */
static void step_spell(struct gen *g, const struct step *s)
{
	const struct catalog *c = g->cat;
	int tier = g->tier < 1 ? 1 : g->tier > TIER_MAX ? TIER_MAX : g->tier;
	size_t at[SPELLS_AT_TIER_MAX + 1], n_at = 0;

	for (size_t i = 0; i < c->n_spells; i++) {
		/* written whether or not it is one, no branch to mispredict: at
		 * the next place, or past the last (at[SPELLS_AT_TIER_MAX], never
		 * read) once they are all taken */
		at[n_at < SPELLS_AT_TIER_MAX ? n_at : SPELLS_AT_TIER_MAX] = i;
		n_at += spell_live(&c->spells[i]) && c->spells[i].s.tier == tier;
	}
	if (n_at > 0 && n_at <= SPELLS_AT_TIER_MAX) {
		const struct catalog_spell *sp = &c->spells[at[rng_below(&g->rng, n_at)]];
		g->it->spell = sp;
		g->it->str += s->str_per_level * sp->s.level;
		return;
	}
	for (int v = 0; v < TIER_MAX; v++) {
		uint64_t n = 0;
		for (size_t i = 0; i < c->n_spells; i++)
			n += spell_live(&c->spells[i]) && abs(c->spells[i].s.tier - tier) <= v;
		if (n == 0)
			continue;
		uint64_t u = rng_below(&g->rng, n);
		for (size_t i = 0; i < c->n_spells; i++) {
			const struct catalog_spell *sp = &c->spells[i];
			if (!spell_live(sp) || abs(sp->s.tier - tier) > v || u-- > 0)
				continue;
			g->it->spell = sp;
			g->it->str += s->str_per_level * sp->s.level;
			return;
		}
	}
}

/* SPEC §8: a wand's charges, a roll by tier (recipe.c gives the numbers). */
static void step_charges(struct gen *g, const struct step *s)
{
	double r = roll(g);
	long n = s->charge_base + (long)s->charge_per_tier * g->tier;
	if (s->charge_roll_div > 0)
		n += (long)(r / s->charge_roll_div);
	if (n > s->charge_max)
		n = s->charge_max;
	g->it->charges = (int)n;
}

/* Looks up every requested word; what cannot be honoured is reported and
 * that part is rolled as usual. */
static void resolve_requests(struct gen *g)
{
	uintptr_t any = 0;
	for (int p = 0; p < P__MAX; p++)
		any |= (uintptr_t)g->in->want[p];
	if (!any) /* most items: nothing asked for */
		return;
	for (int p = 0; p < P__MAX; p++) {
		const char *w = g->in->want[p];
		if (!w)
			continue;
		enum unhonoured_reason why;
		const struct entry *e = NULL;
		if (!(g->r->parts & (1u << p))) {
			why = UR_NOT_A_PART;
		} else {
			e = catalog_find(g->cat, g->r->kind, (enum part)p, w);
			why = e                                                     ? UR_INACTIVE
			      : other_kind_has(g->cat, g->r->kind, (enum part)p, w) ? UR_OTHER_KIND
			                                                            : UR_UNKNOWN;
		}
		if (e && e->active) {
			g->want[p] = e;
			continue;
		}
		struct unhonoured *u = &g->it->unhonoured[g->it->n_unhonoured++];
		u->part = (enum part)p;
		u->word = w;
		u->reason = why;
	}
}

/* SPEC §12, a kind whose catalog has classes: the type first (requested,
 * else drawn among the types that accept a requested material), then the
 * material among those the type accepts. A requested material the type
 * does not accept is reported, naming both words, and another drawn. The
 * steps' strengths are the recipe's, the tier the mean as before. */
static int run_classed_bases(struct gen *g, const struct step *ms, const struct step *ts)
{
	const struct entry *type = g->want[P_TYPE], *mat = g->want[P_MATERIAL];
	struct base_filter f = {.type = NULL, .material = mat};
	if (!type)
		type = pick_base_if(g, P_TYPE, &f);
	if (!type) /* no type accepts the requested material */
		type = pick_base(g, P_TYPE);
	if (!type)
		return -1;
	if (mat && !catalog_accepts(type, mat)) {
		struct unhonoured *u = &g->it->unhonoured[g->it->n_unhonoured++];
		u->part = P_MATERIAL;
		u->word = g->in->want[P_MATERIAL];
		u->reason = UR_CONTRADICTS;
		u->other = type;
		mat = NULL;
	}
	if (!mat) {
		f = (struct base_filter){.type = type, .material = NULL};
		mat = pick_base_if(g, P_MATERIAL, &f);
	}
	if (!mat) /* no active material of a class it accepts: any */
		mat = pick_base(g, P_MATERIAL);
	if (!mat)
		return -1;
	take(g, P_TYPE, type, ts->str);
	take(g, P_MATERIAL, mat, ms->str);
	g->tier = (type->tier + mat->tier + 1) / 2;
	return 0;
}

/* The bases first; the item's tier is the rounded-up mean of their tiers. */
static int run_bases(struct gen *g)
{
	if (g->cat->classed[g->r->kind]) {
		const struct step *ms = NULL, *ts = NULL;
		int n = 0;
		for (size_t i = 0; i < g->r->n_steps; i++)
			if (g->r->steps[i].op == OP_BASE) {
				n++;
				if (g->r->steps[i].part == P_MATERIAL)
					ms = &g->r->steps[i];
				if (g->r->steps[i].part == P_TYPE)
					ts = &g->r->steps[i];
			}
		if (n == 2 && ms && ts && !g->r->blueprint)
			return run_classed_bases(g, ms, ts);
	}
	int sum = 0, n = 0;
	for (size_t i = 0; i < g->r->n_steps; i++) {
		const struct step *s = &g->r->steps[i];
		if (s->op != OP_BASE)
			continue;
		step_stream(g, i);
		const struct entry *e = g->want[s->part];
		if (!e)
			e = pick_base(g, s->part);
		if (!e)
			return -1;
		take(g, s->part, e, s->str);
		sum += e->tier;
		n++;
	}
	g->tier = n ? (sum + n - 1) / n : 0;
	return 0;
}

/* The name is built here, larger than item.name, and then cut to fit on a
 * character boundary: title case may make a word longer in bytes, and a
 * cut in the middle of a UTF-8 sequence would make the name unreadable
 * (and refused by the JSON encoder). */
struct name_buf {
	char s[ITEM_NAME_MAX * 2];
	size_t len;
};

static void name_put(struct name_buf *nb, const char *p, size_t n)
{
	size_t room = sizeof nb->s - 1 - nb->len;
	if (n > room)
		n = room;
	memcpy(nb->s + nb->len, p, n);
	nb->len += n;
	nb->s[nb->len] = '\0';
}

/* One word (n > 0 bytes of valid UTF-8) in title case: its first
 * character's title case, the rest lower case. Done by hand rather than
 * with u8_totitle, which would also raise the letter after a digit
 * ("2a" → "2A"). */
static void title_word(struct name_buf *nb, const uint8_t *w, size_t n)
{
	ucs4_t c;
	uint8_t first[6];
	int k = u8_mbtouc(&c, w, n);
	int m = u8_uctomb(first, uc_totitle(c), sizeof first);
	if (m > 0)
		name_put(nb, (const char *)first, (size_t)m);
	if ((size_t)k >= n)
		return;
	uint8_t buf[ITEM_NAME_MAX];
	size_t len = sizeof buf;
	uint8_t *low = u8_tolower(w + k, n - (size_t)k, NULL, NULL, buf, &len);
	if (!low) { /* out of memory: the rest as written */
		name_put(nb, (const char *)w + k, n - (size_t)k);
		return;
	}
	name_put(nb, (const char *)low, len);
	if (low != buf)
		free(low);
}

/* A byte in title case: [1] at the start of a word (a lower-case ASCII
 * letter raised), [0] inside one (an upper-case ASCII letter lowered);
 * every other byte as it is. [2]: 1 after a byte that ends a word. */
#define TC_SEP(c)  ((c) == ' ' || (c) == '-')
#define TC_UP(c)   ((c) >= 'a' && (c) <= 'z' ? (c) - 'a' + 'A' : (c))
#define TC_LOW(c)  ((c) >= 'A' && (c) <= 'Z' ? (c) - 'A' + 'a' : (c))
#define TC4(f, c)  f(c), f((c) + 1), f((c) + 2), f((c) + 3)
#define TC16(f, c) TC4(f, c), TC4(f, (c) + 4), TC4(f, (c) + 8), TC4(f, (c) + 12)
#define TC64(f, c) TC16(f, c), TC16(f, (c) + 16), TC16(f, (c) + 32), TC16(f, (c) + 48)
#define TC256(f)   TC64(f, 0), TC64(f, 64), TC64(f, 128), TC64(f, 192)
static const unsigned char title_case[3][256] = {{TC256(TC_LOW)}, {TC256(TC_UP)}, {TC256(TC_SEP)}};

/* The title case of an ASCII word (NUL-terminated), nearly every word:
 * written straight into nb without libunistring, whose checks and case
 * mapping cost more than the rest of the item. 0 (nothing written) when
 * word is not all ASCII. One pass, a table look-up a byte, measuring the
 * word as it goes (a strlen, a check, then a copy with two branches a
 * byte, was a tenth of a batch's generation). */
static int ascii_title(struct name_buf *nb, const char *word)
{
	size_t room = sizeof nb->s - 1 - nb->len, i = 0;
	char *out = nb->s + nb->len;
	unsigned any = 0, start = 1, c;

	for (; i < room && (c = (unsigned char)word[i]) != 0; i++) {
		any |= c;
		out[i] = (char)title_case[start][c];
		start = title_case[2][c];
	}
	size_t m = i;
	for (; word[i]; i++) /* cut short: the rest is checked too */
		any |= (unsigned char)word[i];
	if (any & 0x80) {
		*out = '\0';
		return 0;
	}
	nb->len += m;
	nb->s[nb->len] = '\0';
	return 1;
}

/* The space between two words (name_put's, without a copy call). */
static void name_space(struct name_buf *nb)
{
	if (nb->len > 0 && nb->len < sizeof nb->s - 1)
		nb->s[nb->len++] = ' ';
}

/* Appends n bytes of word; `title` writes each of its words (between
 * spaces and hyphens) in title case, Unicode-aware: "épée" → "Épée",
 * "LONGSWORD" → "Longsword", "blood-soaked" → "Blood-Soaked". Text that is
 * not UTF-8 is kept as it is. */
static void name_text(struct name_buf *nb, const char *word, size_t n, int title)
{
	if (!title || u8_check((const uint8_t *)word, n) != NULL) {
		name_put(nb, word, n);
		return;
	}
	for (size_t i = 0; i < n;) {
		size_t end = i;
		while (end < n && word[end] != ' ' && word[end] != '-')
			end++;
		if (end > i)
			title_word(nb, (const uint8_t *)word + i, end - i);
		if (end == n)
			break;
		name_put(nb, word + end, 1);
		i = end + 1;
	}
}

/* n bytes of word after a space, as they are. */
static void name_add(struct name_buf *nb, const char *word, size_t n)
{
	name_space(nb);
	name_text(nb, word, n, 0);
}

/* A catalog's word (NUL-terminated) after a space, in title case. */
static void name_add_title(struct name_buf *nb, const char *word)
{
	name_space(nb);
	if (!ascii_title(nb, word))
		name_text(nb, word, strlen(word), 1);
}

/* The length of a leading article of an abstract ("the ", "a ", "an ",
 * ASCII case-insensitive), spaces included; 0 when there is none, or when
 * nothing follows it. */
static size_t article_len(const char *w)
{
	static const char *const articles[] = {"the", "a", "an"};
	for (size_t i = 0; i < sizeof articles / sizeof articles[0]; i++) {
		const char *a = articles[i];
		size_t n = 0;
		/* | 0x20 lowers an ASCII letter and maps nothing else onto one */
		while (a[n] && (w[n] | 0x20) == a[n])
			n++;
		if (a[n] || w[n] != ' ')
			continue;
		while (w[n] == ' ')
			n++;
		return w[n] ? n : 0;
	}
	return 0;
}

/* SPEC §4: element(s), prefix, (material,) type, "of", adjective, abstract,
 * plus. An abstract's article comes first in the phrase, lower-case:
 * "of the Ancient Bear". */
static void make_name(const struct recipe *r, struct item *it)
{
	struct name_buf nb; /* not zeroed: 640 bytes, only nb.len of them read */
	const struct entry *abs = it->part[P_ABSTRACT];
	size_t art = abs ? article_len(abs->word) : 0;
	int of_done = 0;
	const struct step *name_step = recipe_step(r, OP_NAME);
	const char *lead = name_step ? name_step->text : NULL;

	nb.len = 0;
	nb.s[0] = '\0';
	/* SPEC §8: "Scroll of Veldrakis"; without a given name (no chain),
	 * the spell's name; without a spell, the name order's words. */
	const char *given = it->given[0] ? it->given : it->spell ? it->spell->s.name : NULL;
	if (lead && given) {
		name_add(&nb, lead, strlen(lead));
		name_add(&nb, given, strlen(given));
	}
	for (size_t i = 0; !(lead && given) && i < r->n_name; i++) {
		enum part p = r->name_order[i];
		const struct entry *e = it->part[p];
		if (!e)
			continue;
		size_t skip = 0;
		if ((p == P_ADJECTIVE || p == P_ABSTRACT) && !of_done) {
			name_add(&nb, "of", 2);
			if (art) {
				char lower[8];
				size_t n = 0;
				for (; n < sizeof lower && abs->word[n] != ' '; n++)
					lower[n] = (char)tolower((unsigned char)abs->word[n]);
				name_add(&nb, lower, n);
			}
			of_done = 1;
		}
		if (p == P_ABSTRACT)
			skip = art;
		name_add_title(&nb, e->word + skip);
		if (p == P_ELEMENT && it->element2) {
			name_add(&nb, "&", 1);
			name_add_title(&nb, it->element2->word);
		}
	}
	if (it->plus) {
		char plus[8] = {'+', (char)('0' + it->plus), '\0'};
		name_add(&nb, plus, 2);
	}
	size_t n = nb.len < sizeof it->name - 1 ? nb.len : sizeof it->name - 1;
	while (n > 0 && n < nb.len && ((unsigned char)nb.s[n] & 0xC0) == 0x80)
		n--; /* s[n] continues a character that began before the cut */
	memcpy(it->name, nb.s, n);
	it->name[n] = '\0';
}

/* memset through a pointer the compiler does not follow: GCC expands a
 * memset of a constant 128 bytes or more as "rep stosq", whose start-up
 * made clearing an item (1 KB) twice as slow as libc's vector stores (~25
 * against ~12 ns, on this project's 2-core AMD machine): ~5% of
 * generating. */
static void *(*volatile const clear)(void *, int, size_t) = memset;

int generate(const struct catalog *c, const struct gen_input *in, uint64_t seed, struct item *out)
{
	const struct recipe *r = recipe_for(in->kind);
	clear(out, 0, sizeof *out);
	out->kind = in->kind;
	out->seed = seed;
	if (!r || !c)
		return -1;
	out->revision = c->revision;
	if (r->n_steps > GEN_STEPS_MAX)
		return -1;
	/* Not "= {...}": that clears sub[] too, as "rep stosq" (a loop or a
	 * memset of want[] alone is one as well); sub[] is written before it
	 * is read (blueprints). */
	struct gen g;
	g.cat = c;
	g.in = in;
	g.r = r;
	g.it = out;
	g.tier = 0;
	clear(g.want, 0, sizeof g.want);
	rng_seed(&g.rng, seed);
	if (r->blueprint)
		for (size_t i = 0; i < r->n_steps; i++)
			g.sub[i] = rng_next(&g.rng);
	resolve_requests(&g);
	if (run_bases(&g) < 0)
		return -1;
	for (size_t i = 0; i < r->n_steps; i++) {
		const struct step *s = &r->steps[i];
		if (s->op != OP_BASE)
			step_stream(&g, i);
		switch (s->op) {
		case OP_BASE:
			break; /* done by run_bases */
		case OP_ELEMENT:
			step_element(&g, s);
			break;
		case OP_AFFIX:
			step_affix(&g, s);
			break;
		case OP_CONDITION:
			step_condition(&g, s);
			break;
		case OP_PHRASE:
			step_phrase(&g, s);
			break;
		case OP_PLUS:
			step_plus(&g, s);
			break;
		case OP_NAME:
			step_name(&g);
			break;
		case OP_SPELL:
			step_spell(&g, s);
			break;
		case OP_CHARGES:
			step_charges(&g, s);
			break;
		}
	}
	int32_t *hands = &out->stat[ST_HANDS];
	if (*hands < r->hands_min)
		*hands = r->hands_min;
	if (*hands > r->hands_max)
		*hands = r->hands_max;
	out->tier = g.tier;
	const struct entry *type = out->part[P_TYPE];
	out->slot = type && type->slot ? (enum slot)type->slot : r->default_slot;
	if (r->slot_from_hands)
		out->slot = *hands >= 2 ? SLOT_TWO_HANDS : SLOT_ONE_HAND;
	make_name(r, out);
	return 0;
}

/* splitmix64's finaliser on seed + i·golden: distinct, well-spread seeds for
 * the items of a batch, reproducible from the first one. */
uint64_t generate_batch_seed(uint64_t seed, unsigned i)
{
	if (i == 0)
		return seed;
	uint64_t z = seed + (uint64_t)i * 0x9e3779b97f4a7c15ULL;
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}
