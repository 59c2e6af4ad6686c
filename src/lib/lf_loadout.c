/* lf_loadout: a loadout's totals offline (lootforge.h, lf_loadout_totals):
 * /loadout's address read with its rules (docs/loadout.md), each code's item
 * made as /item/CODE makes it, worn by the same rules (loadout.c), summed
 * by the same function and added to the same base as the page's "totals". */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "lf_stats.h"
#include "liblootforge_int.h"
#include "loadout.h"
#include "loadout_query.h"

#define MSG_BASE                                                                                   \
	"must be stat:value pairs (attack:3,str:10), each a stat that adds up or str, once, from " \
	"-1000 to 1000"

/* Every stat that adds up (loadout_stat_sums; hands and the multiplier do
 * not) has its field in struct lf_totals or, when newer than it, in struct
 * lf_loadout, listed by lf_stats.h, which make regen writes. */
_Static_assert(LF_STATS_WRITTEN_FOR == ST__MAX, "lf_stats.h is of another STAT_LIST: make regen");

/* The library's resolver for loadout_build: a code through the catalog
 * the game loaded, as lf_item_code makes its item. */
struct resolver {
	const struct lf_catalog *c;
	struct coded_item *ci;
	const char *why;
};

static int resolve(void *vr, unsigned i, const char *code, struct item *out)
{
	struct resolver *r = vr;
	if (lfi_coded(r->c, code, strlen(code), &r->ci[i], &r->why) != 0)
		return 1;
	*out = r->ci[i].item;
	return 0;
}

/* The loadout into *lo: its totals, the worn items' strength and the
 * totals of the stats newer than struct lf_totals. */
static int totals(const struct lf_catalog *c, const char *query, struct lf_loadout *lo,
                  const char **field, const char **why)
{
	struct lf_totals *out = &lo->totals;
	struct loadout_query *q = calloc(1, sizeof *q);
	struct coded_item *ci = calloc(LOADOUT_MAX, sizeof *ci);
	struct item *items = calloc(LOADOUT_MAX, sizeof *items);
	struct form_error err;
	struct loadout l = {0};
	struct loadout_totals t;
	unsigned held = 0, at;
	enum loadout_result refused;
	int rc = -1;

	*field = NULL;
	memset(lo, 0, sizeof *lo);
	if (!q || !ci || !items) {
		*why = "out of memory";
		goto done;
	}
	if (loadout_query_read(q, query, query ? strlen(query) : 0, &err) != 0) {
		*field = err.field;
		/* err.message may be q's, freed below: a static sentence instead */
		*why = err.message == q->base_why ? MSG_BASE : err.message;
		goto done;
	}
	struct resolver rv = {c, ci, NULL};
	int st = loadout_build(q, resolve, &rv, &l, items, &held, &at, &refused);
	if (st != 0) {
		*field = "item";
		*why = st > 0 ? rv.why : "an item cannot be worn at the place given";
		goto done;
	}
	loadout_totals(&l, items, &t);
#define SUM_(id, field) out->field = q->base.stat[id] + t.stat[id];
	LF_TOTALS_STATS(SUM_)
#undef SUM_
#define SUM_(id, field) lo->field = q->base.stat[id] + t.stat[id];
	LF_LOADOUT_STATS(SUM_)
#undef SUM_
	/* an item's strength is its affix points, not the character's */
	out->str = q->base.str;
	lo->item_str = t.str;
	out->value = t.value;
	out->worn = t.worn;
	rc = 0;
done:
	for (unsigned i = 0; i < held; i++)
		itemlink_release(&ci[i]);
	free(items);
	free(ci);
	free(q);
	return rc;
}

int lf_loadout_totals(const struct lf_catalog *c, const char *query, struct lf_totals *out,
                      const char **field, const char **why)
{
	struct lf_loadout lo;
	int rc = totals(c, query, &lo, field, why);
	*out = lo.totals;
	return rc;
}

int lf_loadout_make(const struct lf_catalog *c, const char *query, struct lf_loadout **out,
                    const char **field, const char **why)
{
	struct lf_loadout *l = calloc(1, sizeof *l);

	*out = NULL;
	*field = NULL;
	if (!l) {
		*why = "out of memory";
		return -1;
	}
	if (totals(c, query, l, field, why) != 0) {
		free(l);
		return -1;
	}
	*out = l;
	return 0;
}

void lf_loadout_free(struct lf_loadout *l)
{
	free(l);
}
