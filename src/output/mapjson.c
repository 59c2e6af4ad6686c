/* mapjson: see mapjson.h. */
#include "mapjson.h"

#include "render.h"

int mapjson_write(const struct catalog_tileset *ts, const struct mapquery *q, const struct map *m,
                  uint64_t seed, const struct map_loot *loot, size_t n_loot, size_t n_rooms,
                  struct buf *out)
{
	struct render_map_loot at[MAPLOOT_MAX];
	struct buf link;
	int rc = -1;

	if (n_loot > MAPLOOT_MAX)
		return -1;
	buf_init(&link);
	/* a JSON answer's links ask for JSON (docs/api.md) */
	if (mapquery_link(&link, q, &seed) == 0 && buf_puts(&link, "&format=json") == 0) {
		for (size_t i = 0; i < n_loot; i++)
			at[i] = (struct render_map_loot){.x = loot[i].x,
			                                 .y = loot[i].y,
			                                 .cx = loot[i].cx,
			                                 .cy = loot[i].cy,
			                                 .item = &loot[i].item};
		struct render_map rm = {.tileset = q->tileset,
		                        .ts = ts,
		                        .m = m,
		                        .seed = seed,
		                        .link = link.data,
		                        .loot_tier = q->loot,
		                        .loot = at,
		                        .n_loot = n_loot,
		                        .n_rooms = n_rooms,
		                        .loot_max = MAPLOOT_MAX};
		rc = render_json_map(&rm, out);
	}
	buf_free(&link);
	return rc;
}
