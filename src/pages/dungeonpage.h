/* dungeonpage: GET /dungeon and GET /dungeon/CODE (SPEC §13,
 * docs/dungeons.md): a keyed dungeon as HTML, JSON, text, PNG or Universal
 * VTT; its permanent code names its inputs, seed and catalog revision. */
#ifndef LOOTFORGE_DUNGEONPAGE_H
#define LOOTFORGE_DUNGEONPAGE_H

#include "http.h"

void dungeonpage_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

#endif
