/* item: what the generator produces and the renderers show. Plain data;
 * words point into the catalog the item was generated from, so an item must
 * not outlive the catalog reference its request holds. */
#ifndef LOOTFORGE_ITEM_H
#define LOOTFORGE_ITEM_H

#include <stdint.h>

#include "catalog.h"
#include "itemcode.h"
#include "recipe.h"

#define ITEM_NAME_MAX       320
#define ITEM_UNHONOURED_MAX P__MAX

/* UR_OTHER_KIND: no such word for this kind, but another kind has it (a
 * "helmet" asked of a weapon). UR_CONTRADICTS: the word contradicts another
 * part (word classes). Appended, so the values keep their numbers. */
enum unhonoured_reason {
	UR_UNKNOWN,
	UR_INACTIVE,
	UR_NOT_A_PART,
	UR_OTHER_KIND,
	UR_CONTRADICTS,
	UR__MAX
};
extern const char *const unhonoured_reason_text[]; /* "unknown word", ... */
#define UNHONOURED_REASONS UR__MAX

struct unhonoured {
	enum part part;
	const char *word; /* the requested text, owned by the request's form */
	enum unhonoured_reason reason;
	/* UR_CONTRADICTS (SPEC §12): the honoured word it contradicts (the
	 * type, for a material); the reason names both (unhonoured_text) */
	const struct entry *other;
};

/* The reason of u as a sentence: unhonoured_reason_text, or for a
 * contradiction "cloth cannot make a breastplate". Into buf (cap bytes)
 * when it has to be made; returns the text. */
#define UNHONOURED_TEXT_MAX 192
const char *unhonoured_text(const struct unhonoured *u, char *buf, size_t cap);

struct item {
	enum kind kind;
	uint64_t seed;
	uint64_t revision;        /* of the catalog it was generated from */
	char name[ITEM_NAME_MAX]; /* title case, UTF-8 */
	int tier;                 /* the base type's tier */
	enum slot slot;
	int32_t stat[ST__MAX]; /* ST_MULTIPLIER in hundredths */
	int str;
	int plus;       /* 0..5 */
	int masterwork; /* 1 when the condition roll doubled the stat */
	int better;     /* 1 when the condition step added c, 0 otherwise */
	/* the word chosen for each part, NULL where none; element may have two */
	const struct entry *part[P__MAX];
	const struct entry *element2;
	/* SPEC §8: the spell a scroll or wand holds (NULL when none: another
	 * kind, or no spell of any tier at the catalog's revision), a wand's
	 * charges, and a scroll's given name from the name chain ("" when
	 * none was drawn; the name then uses the spell's). */
	const struct catalog_spell *spell;
	int charges;
	char given[MARKOV_NAME_MAX];
	struct unhonoured unhonoured[ITEM_UNHONOURED_MAX];
	int n_unhonoured;
	/* its permanent code (itemlink_fill), "" when it has none: the link
	 * is then the /generate address with the seed */
	char code[ITEMCODE_MAX];
	/* the code's version: ITEMCODE_VERSION_1 answers the JSON it was made
	 * with (docs/api.md, "Permanent links"); 0 or later, today's */
	int code_version;
};

#endif
