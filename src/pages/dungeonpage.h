/* dungeonpage: GET /dungeon and GET /dungeon/CODE (SPEC §13,
 * docs/dungeons.md): a keyed dungeon as HTML, JSON, text, PNG or Universal
 * VTT; its permanent code names its inputs, seed and catalog revision. */
#ifndef LOOTFORGE_DUNGEONPAGE_H
#define LOOTFORGE_DUNGEONPAGE_H

#include "fieldrow.h"
#include "http.h"

/* The query fields of /dungeon and of /dungeon/CODE, for the route table. */
extern const struct field_table dungeonpage_fields, dungeonpage_code_fields;

void dungeonpage_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* The formats it answers in (FMT_BITs). */
#define DUNGEON_FORMATS                                                                            \
	(FMT_BIT(FMT_HTML) | FMT_BIT(FMT_JSON) | FMT_BIT(FMT_TEXT) | FMT_BIT(FMT_PNG) |            \
	 FMT_BIT(FMT_VTT))

#endif
