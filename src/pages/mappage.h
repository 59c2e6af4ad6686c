/* mappage: GET /map, a dungeon map (SPEC §10, docs/maps.md) drawn from a
 * tileset of the current catalog, as HTML (inline SVG), JSON or text. */
#ifndef LOOTFORGE_MAPPAGE_H
#define LOOTFORGE_MAPPAGE_H

#include "fieldrow.h"
#include "http.h"
#include "mapgen.h" /* MAP_DEFAULT_W, _H, _TILESET */

/* Its query fields, for the route table. */
extern const struct field_table mappage_fields;

void mappage_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* The formats it answers in (FMT_BITs). */
#define MAP_FORMATS (FMT_BIT(FMT_HTML) | FMT_BIT(FMT_JSON) | FMT_BIT(FMT_TEXT))

#endif
