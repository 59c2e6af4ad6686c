/* mapquery: see mapquery.h. */
#include "mapquery.h"

#include <inttypes.h>
#include <string.h>

#include "decimal.h"
#include "dungeon.h"
#include "mapgen.h"
#include "recipe.h"

static int bad(struct form_error *err, const char *field, const char *message)
{
	err->field = field;
	err->message = message;
	return -1;
}

/* A whole number of at most 3 digits from lo to hi. */
static int read_int(const char *v, size_t n, int lo, int hi, int *out)
{
	uint64_t x;
	if (decimal_parse_u64(v, n, 3, &x) != 0 || x < (uint64_t)lo || x > (uint64_t)hi)
		return -1;
	*out = (int)x;
	return 0;
}

int mapquery_field(struct mapquery *q, enum mapquery_field f, const char *name, const char *v,
                   size_t n, struct form_error *err)
{
	if (n == 0)
		return 0;
	switch (f) {
	case MQ_W:
	case MQ_H:
		if (read_int(v, n, 1, MAP_DIM_MAX, f == MQ_W ? &q->w : &q->h) != 0)
			return bad(err, name, MAPQUERY_MSG_SIZE);
		return 0;
	case MQ_SEED:
		if (decimal_parse_u64(v, n, 20, &q->seed) != 0)
			return bad(err, name, MAPQUERY_MSG_SEED);
		q->has_seed = 1;
		return 0;
	case MQ_TILESET:
		if (n > MAPQUERY_TILESET_MAX ||
		    strspn(v, "abcdefghijklmnopqrstuvwxyz0123456789-") != n)
			return bad(err, name, MAPQUERY_MSG_TILESET);
		memcpy(q->tileset, v, n + 1);
		return 0;
	case MQ_LOOT:
		if (read_int(v, n, 0, TIER_MAX, &q->loot) != 0)
			return bad(err, name, MAPQUERY_MSG_LOOT);
		return 0;
	case MQ_LEVEL:
		if (read_int(v, n, 1, DUNGEON_LEVEL_MAX, &q->level) != 0)
			return bad(err, name, MAPQUERY_MSG_LEVEL);
		return 0;
	case MQ_HALLWAYS:
		if (read_int(v, n, 0, DUNGEON_HALLWAYS_MAX, &q->hallways) != 0)
			return bad(err, name, MAPQUERY_MSG_HALLWAYS);
		return 0;
	}
	return 0;
}

int mapquery_link(struct buf *b, const struct mapquery *q, const uint64_t *seed)
{
	if (buf_printf(b, "/map?w=%d&h=%d&tileset=", q->w, q->h) != 0 ||
	    form_encode(b, q->tileset) != 0)
		return -1;
	if (q->loot >= 0 && buf_printf(b, "&loot=%d", q->loot) != 0)
		return -1;
	return seed ? buf_printf(b, "&seed=%" PRIu64, *seed) : 0;
}
