/* words: GET /words, the live words of every kind and part with their
 * stats, as HTML or JSON, read from the in-memory catalog. */
#ifndef LOOTFORGE_WORDS_H
#define LOOTFORGE_WORDS_H

#include "fieldrow.h"
#include "http.h"

#define WORDS_TABLE_MAX 500 /* rows shown per table */

/* Its query fields, for the route table. */
extern const struct field_table words_fields;

void words_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* The formats it answers in (FMT_BITs). */
#define WORDS_FORMATS (FMT_BIT(FMT_HTML) | FMT_BIT(FMT_JSON) | FMT_BIT(FMT_CSV))

#endif
