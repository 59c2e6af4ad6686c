/* treasurepage: GET /treasure and GET /treasure/CODE (SPEC §16,
 * docs/treasure.md): a treasure on its own, rolled from the dungeon's
 * hoard tables and budget, as HTML that prints, JSON, CSV or text; its
 * permanent code names its level, type, party, seed and catalog revision. */
#ifndef LOOTFORGE_TREASUREPAGE_H
#define LOOTFORGE_TREASUREPAGE_H

#include "fieldrow.h"
#include "http.h"

/* Its query fields (of /treasure and of /treasure/CODE) and formats, for
 * the route table. */
extern const struct field_table treasurepage_fields, treasurepage_code_fields;

void treasurepage_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* The formats it answers in (FMT_BITs). */
#define TREASURE_FORMATS                                                                           \
	(FMT_BIT(FMT_HTML) | FMT_BIT(FMT_JSON) | FMT_BIT(FMT_CSV) | FMT_BIT(FMT_TEXT))

#endif
