/* lf_treasure: the site's treasure offline (lootforge.h,
 * lf_treasure_json): /treasure's fields read by the page's reader
 * (treasure_query_field), the treasure made by the one recipe the page runs
 * (treasure_make) from the current catalog export's treasure budgets, and
 * written by the page's own writers, so the bytes are the site's. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "liblootforge_int.h"
#include "rng.h"
#include "treasure.h"

enum lf_treasure_field { F_LEVEL, F_TYPE, F_PARTY, F_SEED, F_FORMAT, F__MAX };
static const char *const names[F__MAX + 1] = {"level", "type", "party", "seed", "format", NULL};

static int read_field(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	static const enum treasure_field field[F__MAX] = {
	        [F_LEVEL] = TQ_LEVEL, [F_TYPE] = TQ_TYPE, [F_PARTY] = TQ_PARTY, [F_SEED] = TQ_SEED};
	if (i == F_FORMAT)
		return 0; /* the function says the format */
	return treasure_query_field(ctx, field[i], names[i], v, n, err);
}

/* The treasure of a query in the form `text` picks (0 JSON, 1 text, 2 CSV). */
static int treasure_answer(const struct lf_catalog *c, const char *query, int text, char **out,
                           const char **field, const char **why)
{
	struct treasure_query q;
	struct form_reader r;
	struct form_error err;

	*out = NULL;
	*field = NULL;
	treasure_query_defaults(&q);
	form_reader_init(&r, names, read_field, &q);
	if (form_read(&r, "query", query, query ? strlen(query) : 0, &err) != 0) {
		*field = err.field;
		*why = err.message;
		return -1;
	}
	if (c->c->n_budgets == 0) {
		*why = "this catalog export has no treasure budgets: load the current "
		       "/catalog.json (without rev=)";
		return -1;
	}
	struct treasurecode code = {.version = TREASURECODE_VERSION,
	                            .level = q.level,
	                            .type = q.type,
	                            .party = q.party,
	                            .seed = q.has_seed ? q.seed : rng_fresh_seed(),
	                            .revision = c->c->revision};
	struct treasure t;
	if (treasure_make(c->c, &code, &t, field, why) != 0)
		return -1;
	struct buf b;
	buf_init(&b);
	int rc = text == 1   ? treasure_text(&t, &b)
	         : text == 2 ? treasure_csv(&t, &b)
	                     : treasure_json(&t, &b);
	treasure_free(&t);
	*out = rc == 0 && !b.oom && b.data ? strdup(b.data) : NULL;
	buf_free(&b);
	if (!*out) {
		*why = "out of memory";
		return -1;
	}
	return 0;
}

int lf_treasure_json(const struct lf_catalog *c, const char *query, char **out, const char **field,
                     const char **why)
{
	return treasure_answer(c, query, 0, out, field, why);
}

int lf_treasure_text(const struct lf_catalog *c, const char *query, char **out, const char **field,
                     const char **why)
{
	return treasure_answer(c, query, 1, out, field, why);
}

int lf_treasure_csv(const struct lf_catalog *c, const char *query, char **out, const char **field,
                    const char **why)
{
	return treasure_answer(c, query, 2, out, field, why);
}
