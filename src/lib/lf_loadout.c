/* lf_loadout: a loadout's totals offline (lootforge.h, lf_loadout_totals):
 * /loadout's address read with its rules (docs/loadout.md), each code's item
 * made as /item/CODE makes it, worn by the same rules (loadout.c), summed
 * by the same function and added to the same base as the page's "totals". */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "liblootforge_int.h"
#include "loadout.h"

#define CODE_MAX     (ITEMCODE_MAX - 1)
#define MSG_ITEM     "must be an item code, optionally followed by ':' and a place"
#define MSG_TOO_MANY "a loadout holds at most 32 items"
#define MSG_BASE                                                                                   \
	"must be stat:value pairs (attack:3,str:10), each a stat that adds up or str, once, from " \
	"-1000 to 1000"

static const char *const names[] = {"item", "format", "base", NULL};

struct query {
	int base_given;
	struct loadout_base base;
	unsigned n;
	struct {
		char code[CODE_MAX + 1];
		enum place place;
	} in[LOADOUT_MAX];
};

/* Where each stat that adds up lives in struct lf_totals (hands and the
 * multiplier do not add up: loadout_stat_sums). */
_Static_assert(ST__MAX == 12, "a stat without its field in struct lf_totals");
static const size_t total_at[ST__MAX] = {
        [ST_ATTACK] = offsetof(struct lf_totals, attack),
        [ST_DEFENSE] = offsetof(struct lf_totals, defense),
        [ST_MAGIC] = offsetof(struct lf_totals, magic),
        [ST_FLAMING] = offsetof(struct lf_totals, flaming),
        [ST_FREEZING] = offsetof(struct lf_totals, freezing),
        [ST_SHOCKING] = offsetof(struct lf_totals, shocking),
        [ST_HOLY] = offsetof(struct lf_totals, holy),
        [ST_EVIL] = offsetof(struct lf_totals, evil),
        [ST_SNEAK] = offsetof(struct lf_totals, sneak),
        [ST_CRIT] = offsetof(struct lf_totals, crit),
};

static int bad(struct form_error *err, const char *message)
{
	err->field = "item";
	err->message = message;
	return -1;
}

/* base=attack:3,str:10, once (loadout.c reads it). */
static int read_base(struct query *q, const char *v, size_t n, struct form_error *err)
{
	char why[160];

	err->field = "base";
	if (q->base_given++) {
		err->message = "is given twice";
		return -1;
	}
	if (loadout_base_parse(v, n, &q->base, why, sizeof why) != 0) {
		err->message = MSG_BASE; /* why is the caller's buffer: a static sentence */
		return -1;
	}
	return 0;
}

/* "CODE" or "CODE:place"; a pasted permanent link ("…/item/CODE?…") is
 * taken for its code; an empty value is skipped (loadoutpage.c's rules). */
static int read_item(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	struct query *q = ctx;
	const char *slash = NULL;

	if (i == 2)
		return read_base(q, v, n, err);
	if (i != 0)
		return 0; /* format: the library answers a struct */
	for (const char *p = v; p < v + n; p++)
		if (*p == '/')
			slash = p;
	if (slash && slash - v >= 5 && memcmp(slash - 5, "/item", 5) == 0) {
		n -= (size_t)(slash + 1 - v);
		v = slash + 1;
		const char *qm = memchr(v, '?', n);
		if (qm)
			n = (size_t)(qm - v);
	}
	if (n == 0)
		return 0;
	if (q->n == LOADOUT_MAX)
		return bad(err, MSG_TOO_MANY);
	const char *colon = memchr(v, ':', n);
	size_t code_len = colon ? (size_t)(colon - v) : n;
	int place = PLACE_PACK;
	if (colon && (place = place_from_name(colon + 1, n - code_len - 1)) < 0)
		return bad(err, MSG_ITEM);
	if (code_len == 0 || code_len > CODE_MAX ||
	    strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") <
	            code_len)
		return bad(err, MSG_ITEM);
	memcpy(q->in[q->n].code, v, code_len);
	q->in[q->n].code[code_len] = '\0';
	q->in[q->n].place = (enum place)place;
	q->n++;
	return 0;
}

int lf_loadout_totals(const struct lf_catalog *c, const char *query, struct lf_totals *out,
                      const char **field, const char **why)
{
	struct query *q = calloc(1, sizeof *q);
	struct coded_item *ci = calloc(LOADOUT_MAX, sizeof *ci);
	struct item *items = calloc(LOADOUT_MAX, sizeof *items);
	struct form_reader r;
	struct form_error err;
	struct loadout l = {0};
	struct loadout_totals t;
	unsigned held = 0;
	int rc = -1;

	*field = NULL;
	memset(out, 0, sizeof *out);
	if (!q || !ci || !items) {
		*why = "out of memory";
		goto done;
	}
	form_reader_init(&r, names, read_item, q);
	r.repeatable = 1; /* item */
	if (form_read(&r, "query", query, query ? strlen(query) : 0, &err) != 0) {
		*field = err.field;
		*why = err.message;
		goto done;
	}
	for (unsigned i = 0; i < q->n; i++) {
		if (lfi_coded(c, q->in[i].code, strlen(q->in[i].code), &ci[i], why) != 0) {
			*field = "item";
			goto done;
		}
		held++;
		items[i] = ci[i].item;
		loadout_add(&l, items[i].slot);
		if (q->in[i].place != PLACE_PACK && loadout_equip(&l, i, q->in[i].place) != LO_OK) {
			*field = "item";
			*why = "an item cannot be worn at the place given";
			goto done;
		}
	}
	loadout_totals(&l, items, &t);
	for (int s = 0; s < ST__MAX; s++)
		if (loadout_stat_sums((enum stat)s))
			*(int64_t *)((char *)out + total_at[s]) = q->base.stat[s] + t.stat[s];
	out->str = q->base.str + t.str;
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
