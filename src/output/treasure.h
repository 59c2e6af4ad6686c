/* treasure: a treasure on its own (SPEC §16, docs/treasure.md), what
 * /treasure and the library both answer from: the hoard core's roll
 * (hoard.h) by the treasure budget row of the code's level at its
 * revision, its coins by denomination, its gems and art objects named by
 * their value (a name is worth the same at every level), its items rolled
 * from the catalog at that revision, each with its stats and value; and
 * its JSON, CSV and text forms. */
#ifndef LOOTFORGE_TREASURE_H
#define LOOTFORGE_TREASURE_H

#include <stdint.h>

#include "arena.h"
#include "buf.h"
#include "catalog.h"
#include "dungeon.h"
#include "fieldrow.h"
#include "hoard.h"
#include "keyed.h"
#include "treasurecode.h"

extern const char *const treasure_type_names[2]; /* by enum hoard_type: "hoard", "individual" */

/* /treasure's fields (docs/treasure.md): read by the page and the
 * library alike. Defaults: level 1, a hoard, a party of four, no seed. */
enum treasure_field { TQ_LEVEL, TQ_TYPE, TQ_PARTY, TQ_SEED };
/* Each field's row (fieldrow.h), from the limits treasure_query_field
 * checks. */
#define TREASURE_ROW_LEVEL FIELD_INT(1, DUNGEON_LEVEL_MAX)
#define TREASURE_ROW_TYPE  FIELD_ONE_OF(treasure_type_names, 2)
#define TREASURE_ROW_PARTY FIELD_INT(1, TREASURE_PARTY_MAX)
#define TREASURE_ROW_SEED  FIELD_INT(0, UINT64_MAX)
struct treasure_query {
	int level;
	enum hoard_type type;
	int party;
	int has_seed;
	uint64_t seed;
};
#define TREASURE_MSG_LEVEL "must be a whole number from 1 to 20"
#define TREASURE_MSG_TYPE  "must be hoard or individual"
#define TREASURE_MSG_PARTY "must be a whole number from 1 to 8"
#define TREASURE_MSG_SEED  "must be a whole number from 0 to 18446744073709551615"

void treasure_query_defaults(struct treasure_query *q);

/* Field f (sent as `name`, n bytes of v; empty: not sent) into q. 0, or
 * -1 with *err naming it. */
struct form_error;
int treasure_query_field(struct treasure_query *q, enum treasure_field f, const char *name,
                         const char *v, size_t n, struct form_error *err);

struct treasure {
	struct treasurecode code;
	char code_text[TREASURECODE_MAX];
	uint32_t budget; /* gp the coins, gems and art may spend (hoard_share) */
	uint32_t spent;  /* gp in coins, gems and art: <= budget */
	struct hoard h;
	uint64_t coin_count[COIN__MAX];
	uint32_t coin_value[COIN__MAX]; /* whole gp; they sum to h.coins */
	struct key_item items[HOARD_ITEMS_MAX];
	int n_items;
	uint64_t total;             /* spent plus the items' values */
	const struct catalog *icat; /* held while the items are: they point into it */
};

/* The treasure of code c from the current catalog cur into *t. 0 (free
 * it with treasure_free), or the status to answer with *field (NULL:
 * none) and *msg: 422 (no treasure budget for the level at that
 * revision), 503 (no budgets or no catalog at that revision yet) or 500. */
int treasure_make(const struct catalog *cur, const struct treasurecode *c, struct treasure *t,
                  const char **field, const char **msg);

void treasure_free(struct treasure *t);

/* The name of gem i (art 0) or art object i (art 1) of t. */
const char *treasure_valuable_name(const struct treasure *t, int art, int i);

/* The address of the same fields without the seed, appended to b. */
int treasure_again(const struct treasurecode *c, struct buf *b);

/* The JSON (docs/treasure.md), appended to out. 0, or -1 out of memory or
 * when a name is not UTF-8 (out as it was). */
int treasure_json(const struct treasure *t, struct buf *out);

/* The parts a row each (docs/treasure.md, "CSV"), appended to out. */
int treasure_csv(const struct treasure *t, struct buf *out);

/* The parts as lines of text, appended to out. */
int treasure_text(const struct treasure *t, struct buf *out);

#endif
