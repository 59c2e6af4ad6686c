/* mappage: GET /map, a dungeon map (SPEC §10, docs/maps.md) drawn from a
 * tileset of the current catalog, as HTML (inline SVG), JSON or text. */
#ifndef LOOTFORGE_MAPPAGE_H
#define LOOTFORGE_MAPPAGE_H

#include "http.h"
#include "mapgen.h" /* MAP_DEFAULT_W, _H, _TILESET */

void mappage_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

#endif
