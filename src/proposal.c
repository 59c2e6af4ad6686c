/* proposal: the checks of a proposal against what its kind's part may
 * carry (the ranges are part of each kind's recipe, recipe.c). */
#include "proposal.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"

const struct part_rules *proposal_rules(enum kind k, enum part p)
{
	const struct recipe *rc;

	if ((unsigned)k >= K__MAX || (unsigned)p >= P__MAX)
		return NULL;
	rc = recipe_for(k);
	if (!rc || !(rc->parts & (1u << p)) || !rc->proposal || rc->proposal[p].n_stats == 0)
		return NULL;
	return &rc->proposal[p];
}

const struct stat_range *proposal_stat(const struct part_rules *r, enum stat s)
{
	for (size_t i = 0; r && i < r->n_stats; i++)
		if (r->stats[i].stat == s)
			return &r->stats[i];
	return NULL;
}

int stat_range_default(const struct stat_range *r)
{
	if (r->min > 0)
		return r->min;
	if (r->max < 0)
		return r->max;
	return 0;
}

void stat_range_text(const struct stat_range *r, char *dst, size_t n)
{
	snprintf(dst, n, "%d to %d", r->min, r->max);
}

static int set_error(struct proposal_error *err, const char *field, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

static int set_error(struct proposal_error *err, const char *field, const char *fmt, ...)
{
	va_list ap;

	err->field = field;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
	return -1;
}

static int given(const char *v)
{
	return v && *v;
}

/* An optional '-' and 1..3 digits, nothing else. */
static int parse_small_int(const char *v, int *out)
{
	int neg = *v == '-', n = 0, digits = 0;

	for (v += neg; *v; v++, digits++) {
		if (*v < '0' || *v > '9' || digits == 3)
			return -1;
		n = n * 10 + (*v - '0');
	}
	if (digits == 0)
		return -1;
	*out = neg ? -n : n;
	return 0;
}

static const char *label(enum kind k, enum part p, char *dst, size_t n)
{
	snprintf(dst, n, "%s %s", kind_names[k], part_names[p]);
	return dst;
}

/* Tier, slot and stats of `in` into p, by r. With `keep`, fields not given
 * keep p's values (adjusting); without, they take their defaults. */
static int read_stats(const struct part_rules *r, const struct proposal_input *in, int keep,
                      struct proposal *p, struct proposal_error *err)
{
	char what[40];
	int v;

	for (int s = 0; s < ST__MAX; s++) {
		const struct stat_range *rg = proposal_stat(r, (enum stat)s);
		if (!rg) {
			if (given(in->stat[s]))
				return set_error(err, stat_names[s], "is not a stat a %s may carry",
				                 label(p->kind, p->part, what, sizeof(what)));
			p->stat[s] = s == ST_HANDS ? r->fixed_hands : 0;
			continue;
		}
		if (!given(in->stat[s])) {
			if (!keep)
				p->stat[s] = stat_range_default(rg);
			continue;
		}
		if (parse_small_int(in->stat[s], &v) != 0 || v < rg->min || v > rg->max)
			return set_error(err, stat_names[s], "must be a whole number from %d to %d",
			                 rg->min, rg->max);
		p->stat[s] = v;
	}

	if (!r->has_tier) {
		if (given(in->tier))
			return set_error(err, "tier", "a %s has no tier",
			                 label(p->kind, p->part, what, sizeof(what)));
		p->tier = 0;
	} else if (given(in->tier)) {
		if (parse_small_int(in->tier, &v) != 0 || v < 1 || v > TIER_MAX)
			return set_error(err, "tier", "must be a whole number from 1 to %d",
			                 TIER_MAX);
		p->tier = v;
	} else if (!keep || p->tier == 0) {
		return set_error(err, "tier", "is required for a %s",
		                 label(p->kind, p->part, what, sizeof(what)));
	}

	if (r->slots) {
		int sl = given(in->slot) ? slot_from_name(in->slot) : -1;
		if (sl >= 0 && (r->slots & (1u << sl)))
			p->slot = (enum slot)sl;
		else if (given(in->slot) || !keep || p->slot == SLOT_NONE)
			return set_error(err, "slot", "must be one of the slots a %s is worn in",
			                 label(p->kind, p->part, what, sizeof(what)));
	} else {
		if (given(in->slot))
			return set_error(err, "slot", "a %s has no slot to choose",
			                 label(p->kind, p->part, what, sizeof(what)));
		p->slot = r->fixed_slot;
	}
	return 0;
}

const char *proposal_worth_field(enum part p)
{
	return p == P_TYPE ? "value" : "value_mult";
}

void proposal_worth_range(enum part p, uint32_t *min, uint32_t *max)
{
	*min = p == P_TYPE ? PROPOSAL_VALUE_MIN : PROPOSAL_MULT_MIN;
	*max = p == P_TYPE ? PROPOSAL_VALUE_MAX : PROPOSAL_MULT_MAX;
}

uint32_t proposal_worth_default(enum part p, int tier)
{
	static const uint32_t by_tier[TIER_MAX + 1] = {10, 10, 30, 80, 200, 500, 1200};
	if (p != P_TYPE)
		return 100;
	return by_tier[tier >= 0 && tier <= TIER_MAX ? tier : 0];
}

/* The value or value_mult of `in` into p (after the tier, which a base's
 * default depends on). With `keep`, not given keeps p's. */
static int read_worth(const struct proposal_input *in, int keep, struct proposal *p,
                      struct proposal_error *err)
{
	const char *mine = p->part == P_TYPE ? in->value : in->value_mult;
	const char *other = p->part == P_TYPE ? in->value_mult : in->value;
	uint32_t min, max, v = 0;
	size_t i = 0;
	char what[40];

	if (given(other))
		return set_error(err, proposal_worth_field(p->part == P_TYPE ? P_PREFIX : P_TYPE),
		                 "a %s has %s instead", label(p->kind, p->part, what, sizeof(what)),
		                 proposal_worth_field(p->part));
	proposal_worth_range(p->part, &min, &max);
	if (!given(mine)) {
		if (!keep || !p->worth)
			p->worth = proposal_worth_default(p->part, p->tier);
		return 0;
	}
	for (; mine[i] >= '0' && mine[i] <= '9' && i < 7; i++)
		v = v * 10 + (uint32_t)(mine[i] - '0');
	if (mine[i] || v < min || v > max)
		return set_error(err, proposal_worth_field(p->part),
		                 "must be a whole number from %u to %u", (unsigned)min,
		                 (unsigned)max);
	p->worth = v;
	return 0;
}

int proposal_parse(const struct proposal_input *in, struct proposal *p, struct proposal_error *err)
{
	const struct part_rules *r;
	enum word_error we;
	int k, pt;

	memset(p, 0, sizeof(*p));
	if (!given(in->kind) || (k = kind_from_name(in->kind)) < 0)
		return set_error(err, "kind", "%s", kind_choices());
	if (!given(in->part) || (pt = part_from_name(in->part)) < 0)
		return set_error(err, "part", "%s", part_choices());
	p->kind = (enum kind)k;
	p->part = (enum part)pt;
	if (!(r = proposal_rules(p->kind, p->part)))
		return set_error(err, "part", "a %s has no %s", kind_names[k], part_names[pt]);
	if (!in->word)
		return set_error(err, "word", "is required");
	we = word_normalize(in->word, strlen(in->word), p->word);
	if (we != WORD_OK)
		return set_error(err, "word", "%s", word_error_text(we));
	/* The form sends "random" (any case) for "no word wanted", so a word
	 * by that name could never be requested. */
	char key[CATALOG_KEY_MAX];
	if (catalog_key(p->word, key, sizeof key) == 0 && strcmp(key, "random") == 0)
		return set_error(err, "word",
		                 "cannot be \"random\": the form uses it to ask for a random word");
	if (read_stats(r, in, 0, p, err) != 0)
		return -1;
	return read_worth(in, 0, p, err);
}

int proposal_adjust(struct proposal *p, const struct proposal_input *in, struct proposal_error *err)
{
	const struct part_rules *r = proposal_rules(p->kind, p->part);
	struct proposal q = *p;

	if (!r)
		return set_error(err, "part", "this kind has no such part");
	if (read_stats(r, in, 1, &q, err) != 0 || read_worth(in, 1, &q, err) != 0)
		return -1;
	*p = q;
	return 0;
}

int proposal_stats_text(const struct proposal *p, struct buf *out)
{
	const struct part_rules *r = proposal_rules(p->kind, p->part);
	const char *sep = "";
	int rc = 0;

	if (!r)
		return buf_puts(out, "-");
	if (r->has_tier) {
		rc |= buf_printf(out, "tier=%d", p->tier);
		sep = " ";
	}
	if (p->slot != SLOT_NONE) {
		rc |= buf_printf(out, "%sslot=%s", sep, slot_names[p->slot]);
		sep = " ";
	}
	for (size_t i = 0; i < r->n_stats; i++) {
		rc |= buf_printf(out, "%s%s=%d", sep, stat_names[r->stats[i].stat],
		                 (int)p->stat[r->stats[i].stat]);
		sep = " ";
	}
	if (p->worth)
		rc |= buf_printf(out, "%s%s=%u", sep, proposal_worth_field(p->part),
		                 (unsigned)p->worth);
	return rc ? -1 : 0;
}
