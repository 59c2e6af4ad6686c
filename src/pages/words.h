/* words: GET /words, the live words of every kind and part with their
 * stats, as HTML or JSON, read from the in-memory catalog. */
#ifndef LOOTFORGE_WORDS_H
#define LOOTFORGE_WORDS_H

#include "http.h"

#define WORDS_TABLE_MAX 500 /* rows shown per table */

void words_route(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

#endif
