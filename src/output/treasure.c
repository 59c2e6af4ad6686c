/* treasure: see treasure.h. The hoard draws from the seed's treasure
 * stream, the coins' denominations from a stream of their own, so that
 * splitting the coins never moves what the hoard holds. */
#include "treasure.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "csv.h"
#include "decimal.h"
#include "dress.h"
#include "form.h"
#include "messages.h"
#include "render.h"

#define TREASURE_SALT 0x7472656173757265ULL /* "treasure": the hoard */
#define COINS_SALT    0x636f696e73000000ULL /* "coins": their denominations */

const char *const treasure_type_names[2] = {"hoard", "individual"};

void treasure_free(struct treasure *t)
{
	if (t->icat)
		catalog_release(t->icat);
	t->icat = NULL;
}

const char *treasure_valuable_name(const struct treasure *t, int art, int i)
{
	const struct dungeon_valuable *v = art ? &t->h.art[i] : &t->h.gem[i];
	return dress_valuable_name(art, v->value, v->what);
}

void treasure_query_defaults(struct treasure_query *q)
{
	memset(q, 0, sizeof *q);
	q->level = 1;
	q->type = HOARD_FULL;
	q->party = TREASURE_PARTY_DEF;
}

static int bad(struct form_error *err, const char *field, const char *message)
{
	err->field = field;
	err->message = message;
	return -1;
}

int treasure_query_field(struct treasure_query *q, enum treasure_field f, const char *name,
                         const char *v, size_t n, struct form_error *err)
{
	uint64_t x;
	if (n == 0)
		return 0;
	switch (f) {
	case TQ_LEVEL:
		if (decimal_parse_u64(v, n, 3, &x) != 0 || x < 1 || x > DUNGEON_LEVEL_MAX)
			return bad(err, name, TREASURE_MSG_LEVEL);
		q->level = (int)x;
		return 0;
	case TQ_PARTY:
		if (decimal_parse_u64(v, n, 3, &x) != 0 || x < 1 || x > TREASURE_PARTY_MAX)
			return bad(err, name, TREASURE_MSG_PARTY);
		q->party = (int)x;
		return 0;
	case TQ_TYPE:
		if (strcmp(v, "hoard") == 0)
			q->type = HOARD_FULL;
		else if (strcmp(v, "individual") == 0)
			q->type = HOARD_INDIVIDUAL;
		else
			return bad(err, name, TREASURE_MSG_TYPE);
		return 0;
	case TQ_SEED:
		if (decimal_parse_u64(v, n, 20, &q->seed) != 0)
			return bad(err, name, TREASURE_MSG_SEED);
		q->has_seed = 1;
		return 0;
	}
	return 0;
}

int treasure_make(const struct catalog *cur, const struct treasurecode *c, struct treasure *t,
                  const char **field, const char **msg)
{
	struct rng r, coins;

	memset(t, 0, sizeof *t);
	*field = NULL;
	const struct dungeon_budget *b =
	        dungeon_budget_at(cur->budgets, cur->n_budgets, c->level, c->revision);
	if (!b) {
		*field = "level";
		*msg = "has no treasure budget in the catalog at this revision";
		return cur->n_budgets ? 422 : 503;
	}
	const struct catalog *icat = NULL;
	int rc = catalog_at(cur, c->revision, &icat);
	if (rc == CATALOG_AT_LATER || rc == CATALOG_AT_NONE) {
		*msg = MSG_NO_CATALOG;
		return 503;
	}
	if (rc != 0) {
		*msg = MSG_INTERNAL;
		return 500;
	}
	t->icat = icat;
	t->code = *c;
	t->code.version = c->version ? c->version : TREASURECODE_VERSION;
	if (treasurecode_encode(&t->code, t->code_text, sizeof t->code_text) < 0) {
		treasure_free(t);
		*msg = MSG_INTERNAL;
		return 500;
	}
	t->budget = hoard_share(b, c->type, c->party);
	rng_seed(&r, c->seed ^ TREASURE_SALT);
	t->spent = hoard_roll(&r, b, t->budget, c->type, &t->h);
	rng_seed(&coins, c->seed ^ COINS_SALT);
	hoard_coins(&coins, t->h.coins, c->level, t->coin_count, t->coin_value);
	t->total = t->spent;

	struct form f;
	struct buf scratch;
	form_parse(&f, NULL, NULL, 0, NULL);
	buf_init(&scratch);
	for (int i = 0; i < t->h.n_items; i++) {
		struct key_item *ki = &t->items[t->n_items++];
		key_item_roll(icat, &t->h.item[i], ITEMCODE_VERSION, ki, &f, &scratch);
		t->total += key_item_worth(ki);
	}
	buf_free(&scratch);
	return 0;
}

int treasure_again(const struct treasurecode *c, struct buf *b)
{
	return buf_printf(b, "/treasure?level=%d&type=%s&party=%d", c->level,
	                  treasure_type_names[c->type], c->party);
}

/* ---- JSON ---- */

/* A string member's value; the first failure sticks in *err. */
static void put_str(struct buf *b, const char *s, int *err)
{
	if (!*err && render_json_string(b, s, strlen(s)) != 0)
		*err = 1;
}

static void put(struct buf *b, int *err, const char *fmt, ...)
        __attribute__((format(printf, 3, 4)));

static void put(struct buf *b, int *err, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (!*err && buf_vprintf(b, fmt, ap) != 0)
		*err = 1;
	va_end(ap);
}

static void put_valuables(struct buf *b, const struct treasure *t, int art, int *err)
{
	int n = art ? t->h.n_arts : t->h.n_gems;
	for (int i = 0; i < n; i++) {
		put(b, err, "%s{\"name\":", i ? "," : "");
		put_str(b, treasure_valuable_name(t, art, i), err);
		put(b, err, ",\"value\":%" PRIu32 "}", art ? t->h.art[i].value : t->h.gem[i].value);
	}
}

int treasure_json(const struct treasure *t, struct buf *out)
{
	size_t start = out->len;
	char num[DECIMAL_MAX];
	struct buf again;
	struct form f;
	int err = 0, first = 1;

	buf_init(&again);
	if (treasure_again(&t->code, &again) != 0 || buf_puts(&again, "&format=json") != 0)
		err = 1;
	form_parse(&f, NULL, NULL, 0, NULL);
	f.has_format = 1;
	f.format = FMT_JSON;
	put(out, &err,
	    "{\"level\":%d,\"type\":\"%s\",\"party\":%d,\"seed\":\"%s\",\"revision\":%" PRIu64
	    ",\"code\":",
	    t->code.level, treasure_type_names[t->code.type], t->code.party,
	    decimal_u64(t->code.seed, num), t->code.revision);
	put_str(out, t->code_text, &err);
	put(out, &err, ",\"link\":\"/treasure/%s?format=json\",\"reroll\":", t->code_text);
	if (!err)
		put_str(out, again.data, &err);
	put(out, &err,
	    ",\"budget\":%" PRIu32 ",\"spent\":%" PRIu32 ",\"total\":%" PRIu64
	    ",\"parts\":{\"coins\":[",
	    t->budget, t->spent, t->total);
	for (int c = 0; c < COIN__MAX; c++) {
		if (!t->coin_count[c])
			continue;
		put(out, &err,
		    "%s{\"denomination\":\"%s\",\"count\":%" PRIu64 ",\"value\":%" PRIu32 "}",
		    first ? "" : ",", coin_names[c], t->coin_count[c], t->coin_value[c]);
		first = 0;
	}
	put(out, &err, "],\"gems\":[");
	put_valuables(out, t, 0, &err);
	put(out, &err, "],\"art\":[");
	put_valuables(out, t, 1, &err);
	put(out, &err, "],\"items\":[");
	first = 1;
	for (int i = 0; i < t->n_items; i++) {
		const struct key_item *ki = &t->items[i];
		if (!ki->made)
			continue;
		if (!first)
			put(out, &err, ",");
		first = 0;
		f.kind = ki->kind;
		f.tier = ki->tier;
		if (!err && render_json_item_append(&f, &ki->item, out) != 0)
			err = 1;
	}
	put(out, &err, "],\"unmade\":[");
	first = 1;
	for (int i = 0; i < t->n_items; i++) {
		const struct key_item *ki = &t->items[i];
		if (ki->made)
			continue;
		put(out, &err, "%s{\"kind\":\"%s\",\"tier\":%d}", first ? "" : ",",
		    kind_names[ki->kind], ki->tier);
		first = 0;
	}
	put(out, &err, "]}}");
	buf_free(&again);
	if (err || out->oom) {
		if (out->data) {
			out->len = start;
			out->data[start] = '\0';
		}
		return -1;
	}
	return 0;
}

/* ---- CSV: part,name,count,each_gp,value_gp,stats,link ---- */

static int csv_row(struct buf *b, const char *part, const char *name, uint64_t count, int64_t each,
                   int64_t value, const char *stats, const char *link)
{
	int rc = csv_text(b, part, 1) | csv_text(b, name, 0) | csv_int(b, (int64_t)count, 0);
	rc |= each < 0 ? csv_text(b, NULL, 0) : csv_int(b, each, 0);
	rc |= csv_int(b, value, 0) | csv_text(b, stats, 0) | csv_text(b, link, 0);
	return rc | csv_end(b);
}

int treasure_csv(const struct treasure *t, struct buf *out)
{
	int rc = buf_puts(out, "part,name,count,each_gp,value_gp,stats,link\r\n");
	for (int c = 0; c < COIN__MAX; c++)
		if (t->coin_count[c])
			rc |= csv_row(out, "coins", coin_names[c], t->coin_count[c],
			              coin_gp_each[c] ? (int64_t)coin_gp_each[c] : -1,
			              t->coin_value[c], NULL, NULL);
	for (int i = 0; i < t->h.n_gems; i++)
		rc |= csv_row(out, "gem", treasure_valuable_name(t, 0, i), 1, t->h.gem[i].value,
		              t->h.gem[i].value, NULL, NULL);
	for (int i = 0; i < t->h.n_arts; i++)
		rc |= csv_row(out, "art", treasure_valuable_name(t, 1, i), 1, t->h.art[i].value,
		              t->h.art[i].value, NULL, NULL);
	for (int i = 0; i < t->n_items; i++) {
		const struct key_item *ki = &t->items[i];
		rc |= csv_row(out, "item", ki->name, 1, (int64_t)ki->value, (int64_t)ki->value,
		              ki->stats, ki->link[0] ? ki->link : NULL);
	}
	rc |= csv_row(out, "total", NULL, 0, -1, (int64_t)t->total, NULL, NULL);
	return rc || out->oom ? -1 : 0;
}

/* ---- text ---- */

int treasure_text(const struct treasure *t, struct buf *out)
{
	int rc = buf_printf(out, "%s, level %d, party of %d. %s\n",
	                    t->code.type == HOARD_FULL ? "Hoard" : "Individual treasure",
	                    t->code.level, t->code.party, t->code_text);
	int first = 1;
	for (int c = COIN__MAX - 1; c >= 0; c--) {
		if (!t->coin_count[c])
			continue;
		rc |= buf_printf(out, "%s%" PRIu64 " %s", first ? "Coins: " : ", ",
		                 t->coin_count[c], coin_names[c]);
		first = 0;
	}
	if (!first)
		rc |= buf_printf(out, " (%" PRIu32 " gp)\n", t->h.coins);
	for (int art = 0; art < 2; art++) {
		int n = art ? t->h.n_arts : t->h.n_gems;
		for (int i = 0; i < n; i++)
			rc |= buf_printf(out, "%s%s (%" PRIu32 " gp)",
			                 i     ? "; "
			                 : art ? "Art: "
			                       : "Gems: ",
			                 treasure_valuable_name(t, art, i),
			                 art ? t->h.art[i].value : t->h.gem[i].value);
		if (n)
			rc |= buf_puts(out, "\n");
	}
	for (int i = 0; i < t->n_items; i++) {
		const struct key_item *ki = &t->items[i];
		rc |= buf_printf(out, "%s%s", i ? "; " : "Items: ", ki->name);
		if (ki->made)
			rc |= buf_printf(out, " (%s%s%" PRIu64 " gp)", ki->stats,
			                 ki->stats[0] ? "; " : "", ki->value);
	}
	if (t->n_items)
		rc |= buf_puts(out, "\n");
	rc |= buf_printf(out,
	                 "Total: %" PRIu64 " gp (coins, gems and art %" PRIu32
	                 " of a budget of %" PRIu32 " gp).\n",
	                 t->total, t->spent, t->budget);
	return rc || out->oom ? -1 : 0;
}
