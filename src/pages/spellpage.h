/* spellpage: GET /spells, every live spell of the current catalog in words,
 * by level, as HTML or JSON (SPEC §8, docs/spells.md). */
#ifndef LOOTFORGE_SPELLPAGE_H
#define LOOTFORGE_SPELLPAGE_H

#include "fieldrow.h"
#include "http.h"

/* Its query fields, for the route table. */
extern const struct field_table spellpage_fields;

void spellpage_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

#endif
