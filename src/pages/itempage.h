/* itempage: the generator's page. GET / (the form under a freshly rolled
 * item) and GET|POST /generate take the same fields (docs/form.md) and
 * answer HTML or JSON as the client asks. */
#ifndef LOOTFORGE_ITEMPAGE_H
#define LOOTFORGE_ITEMPAGE_H

#include "fieldrow.h"
#include "http.h"

void itempage_index(struct handler_ctx *ctx, const struct request *rq, struct response *rs);
void itempage_generate(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* GET /item/CODE: the item a permanent code names (docs/items.md). */
/* The query fields of /item/CODE, for the route table. */
extern const struct field_table itempage_code_fields;

void itempage_code(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

#endif
