/* treasurepage: GET /treasure and GET /treasure/CODE (SPEC §16,
 * docs/treasure.md): a treasure on its own, rolled from the dungeon's
 * hoard tables and budget, as HTML that prints, JSON, CSV or text; its
 * permanent code names its level, type, party, seed and catalog revision. */
#ifndef LOOTFORGE_TREASUREPAGE_H
#define LOOTFORGE_TREASUREPAGE_H

#include "http.h"

void treasurepage_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

#endif
