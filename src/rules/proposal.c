/* proposal: the checks of a proposal against what its kind's part may
 * carry (the ranges are part of each kind's recipe, recipe.c). */
#include "proposal.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "catalog.h"

const struct part_rules *proposal_rules(enum kind k, enum part p)
{
	const struct recipe *rc;

	if ((unsigned)k >= K__MAX || (unsigned)p >= P__MAX)
		return NULL;
	rc = recipe_for(k);
	if (!rc || !(rc->parts & (1u << p)) || !rc->proposal)
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

void proposal_error_init(struct proposal_error *err)
{
	err->field = NULL;
	err->message[0] = '\0';
	err->code = NULL;
	err->n = 0;
}

int proposal_error_add(struct proposal_error *err, const char *field, const char *code, int cross,
                       const char *fmt, ...)
{
	char msg[PROPOSAL_MESSAGE_MAX];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (err->n == 0) {
		err->field = field;
		err->code = code;
		memcpy(err->message, msg, sizeof msg);
	}
	if (err->n < PROPOSAL_ERRORS_MAX) {
		struct proposal_problem *pr = &err->list[err->n++];
		pr->field = field;
		pr->code = code;
		pr->cross = cross;
		memcpy(pr->message, msg, sizeof msg);
	}
	return -1;
}

/* A field's own problem. */
#define set_error(err, field, code, ...) proposal_error_add(err, field, code, 0, __VA_ARGS__)

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

/* A number refused: out of its range when it is one, else not one. */
static const char *number_code(const char *v)
{
	size_t i = *v == '-';

	if (!v[i])
		return "malformed";
	for (; v[i]; i++)
		if (v[i] < '0' || v[i] > '9')
			return "malformed";
	return "out_of_range";
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
	int v, bad = 0;

	label(p->kind, p->part, what, sizeof(what));
	for (int s = 0; s < ST__MAX; s++) {
		const struct stat_range *rg = proposal_stat(r, (enum stat)s);
		if (!rg) {
			if (given(in->stat[s]))
				bad = set_error(err, stat_names[s], "not_applicable",
				                "is not a stat a %s may carry", what);
			p->stat[s] = s == ST_HANDS ? r->fixed_hands : 0;
			continue;
		}
		if (!given(in->stat[s])) {
			if (!keep)
				p->stat[s] = stat_range_default(rg);
			continue;
		}
		if (parse_small_int(in->stat[s], &v) != 0 || v < rg->min || v > rg->max)
			bad = set_error(err, stat_names[s], number_code(in->stat[s]),
			                "must be a whole number from %d to %d", rg->min, rg->max);
		else
			p->stat[s] = v;
	}

	if (!r->has_tier) {
		if (given(in->tier))
			bad = set_error(err, "tier", "not_applicable", "a %s has no tier", what);
		p->tier = 0;
	} else if (given(in->tier)) {
		if (parse_small_int(in->tier, &v) != 0 || v < 1 || v > TIER_MAX)
			bad = set_error(err, "tier", number_code(in->tier),
			                "must be a whole number from 1 to %d", TIER_MAX);
		else
			p->tier = v;
	} else if (!keep || p->tier == 0) {
		bad = set_error(err, "tier", "missing", "is required for a %s", what);
	}

	if (r->slots) {
		int sl = given(in->slot) ? slot_from_name(in->slot) : -1;
		if (sl >= 0 && (r->slots & (1u << sl)))
			p->slot = (enum slot)sl;
		else if (given(in->slot) || !keep || p->slot == SLOT_NONE)
			bad = set_error(err, "slot", given(in->slot) ? "not_one_of" : "missing",
			                "must be one of the slots a %s is worn in", what);
	} else {
		if (given(in->slot))
			bad = set_error(err, "slot", "not_applicable", "a %s has no slot to choose",
			                what);
		p->slot = r->fixed_slot;
	}

	/* SPEC §8: a paper condition or writing quality is good or bad */
	if (r->has_mark) {
		if (given(in->mark)) {
			if (strcmp(in->mark, mark_names[MARK_GOOD]) == 0)
				p->mark = MARK_GOOD;
			else if (strcmp(in->mark, mark_names[MARK_BAD]) == 0)
				p->mark = MARK_BAD;
			else
				bad = set_error(err, "mark", "not_one_of", "must be good or bad");
		} else if (!keep || p->mark == MARK_NONE) {
			bad = set_error(err, "mark", "missing",
			                "is required for a %s (good or bad)", what);
		}
	} else {
		if (given(in->mark))
			bad = set_error(err, "mark", "not_applicable",
			                "a %s is neither good nor bad", what);
		p->mark = MARK_NONE;
	}
	return bad;
}

int proposal_takes_classes(enum kind k, enum part p)
{
	const struct recipe *r = recipe_for(k);
	return (p == P_MATERIAL || p == P_TYPE) && r && !r->blueprint &&
	       (r->parts & (1u << P_MATERIAL));
}

int proposal_may_be_worse(enum kind k, enum part p)
{
	return p == P_PREFIX && proposal_takes_classes(k, P_MATERIAL);
}

/* SPEC §12: the classes of `in` into p, normalised to single spaces.
 * Required for the parts that take them (with `keep`, not given keeps
 * p's); refused for the others. Whether each is a class the catalog knows
 * is the caller's check (proposal_parse is pure). */
static int read_classes(const struct proposal_input *in, int keep, struct proposal *p,
                        struct proposal_error *err)
{
	char what[40], out[PROPOSAL_CLASSES_BYTES];
	size_t used = 0;
	int n = 0;

	label(p->kind, p->part, what, sizeof(what));
	if (proposal_may_be_worse(p->kind, p->part)) {
		if (!given(in->classes)) {
			if (!keep)
				p->classes[0] = '\0';
			return 0;
		}
		size_t a = strspn(in->classes, " "), z = strlen(in->classes);
		while (z > a && in->classes[z - 1] == ' ')
			z--;
		if (z == a) { /* blank: not worse */
			p->classes[0] = '\0';
			return 0;
		}
		if (z - a != 5 || memcmp(in->classes + a, "worse", 5) != 0)
			return set_error(err, "classes", "not_one_of",
			                 "a %s is either worse or nothing (empty)", what);
		memcpy(p->classes, "worse", 6);
		return 0;
	}
	if (!proposal_takes_classes(p->kind, p->part)) {
		if (given(in->classes))
			return set_error(err, "classes", "not_applicable", "a %s has no classes",
			                 what);
		p->classes[0] = '\0';
		return 0;
	}
	if (!given(in->classes)) {
		if (keep && p->classes[0])
			return 0;
		return set_error(err, "classes", "missing",
		                 p->part == P_MATERIAL
		                         ? "is required: the class of the %s (what it is made of)"
		                         : "is required: the material classes a %s can be made of",
		                 what);
	}
	for (const char *c = in->classes; *c;) {
		size_t len = 0;
		while (*c == ' ' || *c == ',')
			c++;
		while (c[len] >= 'a' && c[len] <= 'z')
			len++;
		if (!len && !*c)
			break;
		if (!len || len > PROPOSAL_CLASS_LEN || (c[len] && c[len] != ' ' && c[len] != ','))
			return set_error(err, "classes", "malformed",
			                 "must be class names of 1 to %d lower-case letters a-z, "
			                 "separated by spaces",
			                 PROPOSAL_CLASS_LEN);
		for (size_t at = 0; at < used;) { /* a repeat */
			size_t l = strcspn(out + at, " ");
			if (l == len && memcmp(out + at, c, len) == 0)
				return set_error(err, "classes", "duplicate",
				                 "names \"%.*s\" twice", (int)len, c);
			at += l + 1;
		}
		if (++n > (p->part == P_MATERIAL ? 1 : PROPOSAL_CLASSES_MAX))
			return set_error(err, "classes", "too_many",
			                 p->part == P_MATERIAL
			                         ? "a material has one class"
			                         : "a type accepts at most %d classes",
			                 PROPOSAL_CLASSES_MAX);
		if (used)
			out[used++] = ' ';
		memcpy(out + used, c, len);
		used += len;
		out[used] = '\0';
		c += len;
	}
	if (!n)
		return set_error(err, "classes", "missing", "is required for a %s", what);
	memcpy(p->classes, out, used + 1);
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
		                 "not_applicable", "a %s has %s instead",
		                 label(p->kind, p->part, what, sizeof(what)),
		                 proposal_worth_field(p->part));
	proposal_worth_range(p->part, &min, &max);
	if (!given(mine)) {
		if (!keep || !p->worth)
			p->worth = proposal_worth_default(p->part, p->tier);
		return 0;
	}
	for (; mine[i] >= '0' && mine[i] <= '9' && i < 7; i++)
		v = v * 10 + (uint32_t)(mine[i] - '0');
	if (mine[i] || i == 0 || v < min || v > max)
		return set_error(err, proposal_worth_field(p->part), number_code(mine),
		                 "must be a whole number from %u to %u", (unsigned)min,
		                 (unsigned)max);
	p->worth = v;
	return 0;
}

int proposal_parse(const struct proposal_input *in, struct proposal *p, struct proposal_error *err)
{
	const struct part_rules *r = NULL;
	enum word_error we;
	int k = -1, pt = -1;

	memset(p, 0, sizeof(*p));
	proposal_error_init(err);
	/* Every field is checked; those the kind and part decide (tier, slot,
	 * stats, worth, classes) only once both are known. */
	if (!given(in->kind) || (k = kind_from_name(in->kind)) < 0)
		set_error(err, "kind", given(in->kind) ? "not_one_of" : "missing", "%s",
		          kind_choices());
	if (!given(in->part) || (pt = part_from_name(in->part)) < 0)
		set_error(err, "part", given(in->part) ? "not_one_of" : "missing", "%s",
		          part_choices());
	if (k >= 0 && pt >= 0) {
		p->kind = (enum kind)k;
		p->part = (enum part)pt;
		if (!(r = proposal_rules(p->kind, p->part)))
			set_error(err, "part", "not_one_of", "a %s has no %s", kind_names[k],
			          part_names[pt]);
	}
	char key[CATALOG_KEY_MAX];
	if (!in->word) {
		set_error(err, "word", "missing", "is required");
	} else if ((we = word_normalize(in->word, strlen(in->word), p->word)) != WORD_OK) {
		set_error(err, "word",
		          we == WORD_LONG || we == WORD_BYTES ? "too_long"
		          : we == WORD_SHORT && !*in->word    ? "missing"
		                                              : "malformed",
		          "%s", word_error_text(we));
		p->word[0] = '\0';
	} else if (catalog_key(p->word, key, sizeof key) == 0 && strcmp(key, "random") == 0) {
		/* The form sends "random" (any case) for "no word wanted", so a
		 * word by that name could never be requested. */
		set_error(err, "word", "malformed",
		          "cannot be \"random\": the form uses it to ask for a random word");
	}
	if (r) {
		read_stats(r, in, 0, p, err);
		read_worth(in, 0, p, err);
		read_classes(in, 0, p, err);
	}
	return err->n ? -1 : 0;
}

int proposal_adjust(struct proposal *p, const struct proposal_input *in, struct proposal_error *err)
{
	const struct part_rules *r = proposal_rules(p->kind, p->part);
	struct proposal q = *p;

	proposal_error_init(err);
	if (!r)
		return set_error(err, "part", "not_one_of", "this kind has no such part");
	read_stats(r, in, 1, &q, err);
	read_worth(in, 1, &q, err);
	read_classes(in, 1, &q, err);
	if (err->n)
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
	if (p->mark == MARK_GOOD || p->mark == MARK_BAD) {
		rc |= buf_printf(out, "%smark=%s", sep, mark_names[p->mark]);
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
	if (p->classes[0]) /* "classes=soft,leather": one token in the log */
		for (const char *c = p->classes; *c; c++)
			rc |= buf_printf(out, "%s%c", c == p->classes ? " classes=" : "",
			                 *c == ' ' ? ',' : *c);
	return rc ? -1 : 0;
}

/* ---- spells ---- */

static const char *const effect_fields[SPELL_EFFECTS_MAX] = {"effect1", "effect2", "effect3",
                                                             "effect4", "effect5"};

/* An optional '-' and 1..6 digits up to the next space or the end; *end
 * is where it stopped. */
static int parse_param(const char *v, long *out, const char **end)
{
	int neg = *v == '-', digits = 0;
	long n = 0;

	for (v += neg; *v && *v != ' '; v++, digits++) {
		if (*v < '0' || *v > '9' || digits == 6)
			return -1;
		n = n * 10 + (*v - '0');
	}
	if (digits == 0)
		return -1;
	*out = neg ? -n : n;
	*end = v;
	return 0;
}

/* One cell ("buff 4 2 10") into e; field names it in *err. */
static int parse_cell(const char *cell, struct spell_effect *e, const char *field,
                      struct proposal_error *err)
{
	char kind[32];
	size_t n = 0;

	memset(e, 0, sizeof *e);
	if (strlen(cell) > SPELL_CELL_MAX)
		return set_error(err, field, "too_long", "must be at most %d characters",
		                 SPELL_CELL_MAX);
	while (*cell == ' ')
		cell++;
	while (cell[n] && cell[n] != ' ' && n < sizeof kind - 1) {
		kind[n] = cell[n];
		n++;
	}
	kind[n] = '\0';
	cell += n;
	e->kind = (int)spell_effect_kind_by_name(kind);
	if (e->kind == EFFECT_NONE) {
		char names[160];
		size_t used = 0;
		names[0] = '\0';
		for (int k = 1; k < EFFECT__MAX && used < sizeof names; k++)
			used += (size_t)snprintf(names + used, sizeof names - used, "%s%s",
			                         k > 1 ? ", " : "", spell_effect_kind_name(k));
		return set_error(err, field, "not_one_of", "must start with an effect: one of %s",
		                 names);
	}
	for (int i = 0;; i++) {
		while (*cell == ' ')
			cell++;
		if (!*cell)
			break;
		long v;
		if (i == SPELL_PARAMS)
			return set_error(err, field, "too_many", "has more than %d numbers",
			                 SPELL_PARAMS);
		if (parse_param(cell, &v, &cell) != 0)
			return set_error(err, field, "malformed",
			                 "must be the effect's name and whole numbers separated by "
			                 "spaces, like \"heal 2 6 3\"");
		e->p[i] = (int32_t)v;
	}
	return 0;
}

/* 1..4 digits. */
static int parse_count(const char *v, int *out)
{
	int n = 0, digits = 0;
	if (!v)
		return -1;
	for (; *v; v++, digits++) {
		if (*v < '0' || *v > '9' || digits == 4)
			return -1;
		n = n * 10 + (*v - '0');
	}
	if (digits == 0)
		return -1;
	*out = n;
	return 0;
}

void spell_proposal_view(const struct spell_proposal *p, struct spell *s)
{
	memset(s, 0, sizeof *s);
	s->name = p->name;
	s->mana = p->mana;
	s->level = p->level;
	s->tier = p->tier;
	s->n_effects = p->n_effects;
	memcpy(s->effects, p->effects, sizeof s->effects);
}

int spell_proposal_parse(const struct spell_proposal_input *in, struct spell_proposal *p,
                         struct proposal_error *err)
{
	struct spell_proposal q;
	const char *field_of[SPELL_EFFECTS_MAX] = {0};
	struct spell s;
	char why[SPELL_REASON_MAX];
	int cell_bad[SPELL_EFFECTS_MAX] = {0};

	memset(&q, 0, sizeof q);
	/* Every field is checked, then the numbers of each effect that parsed together
	 * (its dice, sides and bonus: spell_effect_check), then the whole by
	 * the loader's own check. */
	static const struct {
		const char *field;
		size_t at; /* the value's offset in the input, the number's in q */
		size_t to;
		int min, max;
	} counts[] = {
	        {"mana", offsetof(struct spell_proposal_input, mana),
	         offsetof(struct spell_proposal, mana), SPELL_MANA_MIN, SPELL_MANA_MAX},
	        {"level", offsetof(struct spell_proposal_input, level),
	         offsetof(struct spell_proposal, level), SPELL_LEVEL_MIN, SPELL_LEVEL_MAX},
	        {"tier", offsetof(struct spell_proposal_input, tier),
	         offsetof(struct spell_proposal, tier), SPELL_TIER_MIN, SPELL_TIER_MAX},
	};
	proposal_error_init(err);
	if (!given(in->name)) {
		set_error(err, "name", "missing", "is required");
	} else {
		enum word_error we = word_normalize(in->name, strlen(in->name), q.name);
		if (we != WORD_OK)
			set_error(err, "name",
			          we == WORD_LONG || we == WORD_BYTES ? "too_long" : "malformed",
			          "%s", word_error_text(we));
	}
	for (size_t i = 0; i < sizeof counts / sizeof counts[0]; i++) {
		const char *v = *(const char *const *)((const char *)in + counts[i].at);
		int *to = (int *)((char *)&q + counts[i].to);
		if (parse_count(v, to) != 0 || *to < counts[i].min || *to > counts[i].max)
			set_error(err, counts[i].field,
			          !given(v)                 ? "missing"
			          : parse_count(v, to) == 0 ? "out_of_range"
			                                    : "malformed",
			          given(v) ? "must be a whole number from %d to %d"
			                   : "is required: a whole number from %d to %d",
			          counts[i].min, counts[i].max);
	}
	for (int i = 0; i < SPELL_EFFECTS_MAX; i++) {
		if (!given(in->effect[i]))
			continue;
		field_of[q.n_effects] = effect_fields[i];
		if (parse_cell(in->effect[i], &q.effects[q.n_effects], effect_fields[i], err) != 0)
			cell_bad[q.n_effects] = 1;
		q.n_effects++;
	}
	if (q.n_effects == 0)
		set_error(err, "effect1", "missing", "a spell needs at least one effect");
	/* each effect's params together (those that parsed), named by the
	 * field it was typed in */
	for (int i = 0; i < q.n_effects; i++)
		if (!cell_bad[i] && spell_effect_check(&q.effects[i], why, sizeof why) != 0)
			proposal_error_add(err, field_of[i], "out_of_range", 1, "%s", why);
	/* p holds what parsed even when something else did not: the page
	 * names a live spell of the same name beside the other problems, and
	 * read p->name left from an earlier request when it was not set */
	*p = q;
	if (err->n)
		return -1;
	spell_proposal_view(&q, &s);
	if (spell_check(&s, why, sizeof why) != 0) /* the rules above are all of it */
		return proposal_error_add(err, field_of[0], "malformed", 1, "%s", why);
	return 0;
}

int spell_effects_text(const struct spell_proposal *p, char *dst, size_t cap)
{
	size_t used = 0;

	if (cap == 0)
		return -1;
	dst[0] = '\0';
	for (int i = 0; i < p->n_effects; i++) {
		const struct spell_effect *e = &p->effects[i];
		const char *name = spell_effect_kind_name(e->kind);
		int last = SPELL_PARAMS;
		while (last > 0 && e->p[last - 1] == 0)
			last--;
		int k = snprintf(dst + used, cap - used, "%s%s", i ? "; " : "",
		                 name ? name : "none");
		if (k < 0 || (size_t)k >= cap - used)
			goto short_buf;
		used += (size_t)k;
		for (int j = 0; j < last; j++) {
			k = snprintf(dst + used, cap - used, " %ld", (long)e->p[j]);
			if (k < 0 || (size_t)k >= cap - used)
				goto short_buf;
			used += (size_t)k;
		}
	}
	return (int)used;
short_buf:
	dst[0] = '\0';
	return -1;
}

int spell_effects_parse(const char *text, struct spell_proposal *p, struct proposal_error *err)
{
	char cell[SPELL_CELL_MAX + 1];

	proposal_error_init(err);
	p->n_effects = 0;
	memset(p->effects, 0, sizeof p->effects);
	while (*text) {
		const char *end = strchr(text, ';');
		size_t n = end ? (size_t)(end - text) : strlen(text);
		if (p->n_effects == SPELL_EFFECTS_MAX || n > SPELL_CELL_MAX)
			return set_error(err, "effects", "too_long",
			                 "more than %d effects, or one too long",
			                 SPELL_EFFECTS_MAX);
		memcpy(cell, text, n);
		cell[n] = '\0';
		if (parse_cell(cell, &p->effects[p->n_effects], effect_fields[p->n_effects], err) !=
		    0)
			return -1;
		p->n_effects++;
		text += n;
		if (*text == ';')
			text++;
	}
	return 0;
}
