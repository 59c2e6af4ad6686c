/* loadoutpage: GET /loadout?item=CODE[:place]&item=… (SPEC §9). The URL is
 * the whole state: each item by its permanent code, worn at `place` or in
 * the pack when no place is given. The page shows the paper doll, the
 * pack and the totals, with equip / unequip / remove as links to the URL
 * of the state that follows. */
#ifndef LOOTFORGE_LOADOUTPAGE_H
#define LOOTFORGE_LOADOUTPAGE_H

#include "http.h"

void loadoutpage_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

#endif
