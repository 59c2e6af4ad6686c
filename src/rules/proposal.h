/* proposal: what a person may propose for each kind and part, as data:
 * the stats a word of that table may carry and their ranges, and whether it
 * needs a tier or a slot; and the check of a proposal against it. Pure: no
 * I/O, no state. docs/moderation.md lists the table. */
#ifndef LOOTFORGE_PROPOSAL_H
#define LOOTFORGE_PROPOSAL_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "recipe.h"
#include "spell.h"
#include "word.h"

/* A proposal's one-time submission id, of every type: 128 bits in hex. */
#define SUBMISSION_ID_HEX 32

/* The rules of table <kind>_<part>; NULL when the kind has no such part. */
const struct part_rules *proposal_rules(enum kind k, enum part p);

/* The range of stat s in r, or NULL when the part does not carry it. */
const struct stat_range *proposal_stat(const struct part_rules *r, enum stat s);

/* A stat's value when none is given: 0, or the bound nearest to 0. */
int stat_range_default(const struct stat_range *r);

/* SPEC §12 (docs/recipes.md "Word classes"): a class is 1..16 letters a-z;
 * a material has one, a type accepts 1..PROPOSAL_CLASSES_MAX. */
#define PROPOSAL_CLASS_LEN     16
#define PROPOSAL_CLASSES_MAX   8
#define PROPOSAL_CLASSES_BYTES (PROPOSAL_CLASSES_MAX * (PROPOSAL_CLASS_LEN + 1))

/* Whether a proposal of (k, p) chooses classes: the material and the type
 * of a kind whose recipe has a material (weapons have none, and keep the
 * original's rules). */
int proposal_takes_classes(enum kind k, enum part p);
/* Whether a proposal of (k, p) may be marked `worse` (optional): the
 * prefix of the same kinds (never on a masterwork item, SPEC §12). */
int proposal_may_be_worse(enum kind k, enum part p);

struct proposal {
	enum kind kind;
	enum part part;
	char word[WORD_BYTES_MAX + 1];
	int32_t stat[ST__MAX]; /* ST_MULTIPLIER is never proposed: 0 */
	int tier;              /* 0 when the part has none */
	enum slot slot;        /* SLOT_NONE when the table has no slot */
	enum mark mark;        /* MARK_NONE when the table has no mark */
	/* SPEC §7: a base (type) row's value in gold pieces, or another part's
	 * value_mult in hundredths (proposal_worth_field says which) */
	uint32_t worth;
	/* SPEC §12: a material's class, or the classes a type accepts, space-
	 * separated ("soft leather"); "" for a part that takes none */
	char classes[PROPOSAL_CLASSES_BYTES];
};

/* The bounds of what a proposal may carry (docs/items.md): a base's value
 * 1..100000 gp, a part's value_mult 40..400 (x0.40 to x4.00). */
#define PROPOSAL_VALUE_MIN 1
#define PROPOSAL_VALUE_MAX 100000
#define PROPOSAL_MULT_MIN  40
#define PROPOSAL_MULT_MAX  400

/* "value" for a base part (P_TYPE), else "value_mult". */
const char *proposal_worth_field(enum part p);
/* Its range and its default when not given: a base by its tier (10, 30,
 * 80, 200, 500, 1200 gp, as the shipped ones), a part x1.00. */
void proposal_worth_range(enum part p, uint32_t *min, uint32_t *max);
uint32_t proposal_worth_default(enum part p, int tier);

/* The fields as sent; NULL when not sent. */
struct proposal_input {
	const char *kind, *part, *word, *tier, *slot;
	const char *mark; /* "good" or "bad": the marked parts only (SHAPE_MARKED) */
	const char *stat[ST__MAX];
	const char *value, *value_mult; /* the one of proposal_worth_field */
	const char *classes;            /* proposal_takes_classes: names, by spaces or commas */
};

/* Every problem of a proposal at once (docs/api.md, "Errors"): the checks
 * go on after a bad field and list each one with its stable code. field,
 * message and code are the first problem's, so that a caller that shows
 * one still can. A check across fields (a word already live, a look-alike
 * of one, an effect's params together) is marked `cross`: the pages list
 * those after the fields' own. */
#define PROPOSAL_ERRORS_MAX  64 /* as FORM_ERRORS_MAX: one per field a request may have */
#define PROPOSAL_MESSAGE_MAX 160

struct proposal_problem {
	const char *field; /* static */
	const char *code;  /* "missing", "out_of_range", ... (docs/api.md's table) */
	int cross;
	char message[PROPOSAL_MESSAGE_MAX];
};

struct proposal_error {
	const char *field; /* the first problem's field's name (static) */
	char message[PROPOSAL_MESSAGE_MAX];
	const char *code;
	int n; /* problems in list */
	struct proposal_problem list[PROPOSAL_ERRORS_MAX];
};

/* An empty list (the parse functions below start with it). */
void proposal_error_init(struct proposal_error *err);

/* Appends a problem; the first also fills field, message and code.
 * Returns -1, for `return proposal_error_add(...)`. */
int proposal_error_add(struct proposal_error *err, const char *field, const char *code, int cross,
                       const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Fills p from in: kind and part (required; the part must be one of the
 * kind's), the word (word.h), then tier, slot and stats by the part's rules.
 * A stat the part does not carry must be absent or empty; one it carries
 * takes its default when absent or empty. Numbers are an optional '-' and
 * 1..3 digits. 0, or -1 with *err listing every bad field (the first
 * first; the fields the kind and part decide are checked only when both
 * are good). */
int proposal_parse(const struct proposal_input *in, struct proposal *p, struct proposal_error *err);

/* A moderator's adjustment: tier, slot and the stats given in `in` (its
 * kind, part and word are ignored) replace p's, checked against p's rules;
 * the others keep p's values. 0, or -1 with *err (p is then unchanged). */
int proposal_adjust(struct proposal *p, const struct proposal_input *in,
                    struct proposal_error *err);

/* "tier=3 slot=head attack=4 sneak=-1": tier, slot and every stat of the
 * part's rules, for the moderation log. 0 or -1 (out of memory). */
int proposal_stats_text(const struct proposal *p, struct buf *out);

/* ---- spells (docs/moderation.md "Spells") ---- */

/* A proposed spell as typed: name, mana, level, tier, and up to five
 * effect cells in the syntax of sql/data/spells.tsv ("heal 2 6 3 1": the
 * kind's name, then p1.. separated by spaces, trailing zeros left out).
 * NULL or empty cells are skipped; the others keep their order. */
#define SPELL_CELL_MAX 96 /* bytes of one effect cell as typed */
struct spell_proposal_input {
	const char *name, *mana, *level, *tier;
	const char *effect[SPELL_EFFECTS_MAX];
};

struct spell_proposal {
	char name[WORD_BYTES_MAX + 1]; /* normalised by the word rule */
	int mana, level, tier, n_effects;
	struct spell_effect effects[SPELL_EFFECTS_MAX];
};

/* Fills p from in: the name by the word rule (word.h), mana, level and
 * tier as whole numbers, each cell parsed, then the whole through
 * spell_check, the loader's own check. 0, or -1 with *err naming the
 * field ("name", "mana", "level", "tier", "effect1".."effect5") and why;
 * either way p holds every field that parsed (the name "" when it did
 * not). */
int spell_proposal_parse(const struct spell_proposal_input *in, struct spell_proposal *p,
                         struct proposal_error *err);

/* p as a struct spell (s->name points into p). */
void spell_proposal_view(const struct spell_proposal *p, struct spell *s);

/* The effects as cells joined by "; " ("teleport 12; buff 4 2 10"), how a
 * proposal is stored and shown to moderators. Length, or -1 when cap is
 * short. SPELL_EFFECTS_TEXT_MAX holds any checked spell's. */
#define SPELL_EFFECTS_TEXT_MAX 512
int spell_effects_text(const struct spell_proposal *p, char *dst, size_t cap);

/* The reverse: the cells of text (as spell_effects_text writes them) into
 * p's effects; 0, or -1 with *err. Numbers are checked by spell_check, not
 * here. */
int spell_effects_parse(const char *text, struct spell_proposal *p, struct proposal_error *err);

/* The range as text for forms: "-5 to 5". */
void stat_range_text(const struct stat_range *r, char *dst, size_t n);

#endif
