/* exportpage: GET /catalog.json (SPEC §6, docs/items.md): the catalog at a
 * revision, every row of every table with its ids, stats, weights, tiers
 * and value, so that anyone can reproduce any item offline (the lootforge
 * library reads it). */
#ifndef LOOTFORGE_EXPORTPAGE_H
#define LOOTFORGE_EXPORTPAGE_H

#include "fieldrow.h"
#include "http.h"

/* Its query fields, for the route table. */
extern const struct field_table exportpage_fields;

void exportpage_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

#endif
