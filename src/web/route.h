/* route: a row of the router's table (src/daemon/handler.c), as each page
 * declares its own: a path (or, with under, every path below it too), the
 * methods it takes, the page that answers, the guard that admits a client
 * first, what it reads and the formats it answers in. The pages' rows are
 * listed once, in src/pages/pages.h; the router walks them in that order
 * and the API description is written from them (tests/house/regen.py). */
#ifndef LOOTFORGE_ROUTE_H
#define LOOTFORGE_ROUTE_H

#include "fieldrow.h"
#include "http.h"

#define M_GET  1u /* GET and HEAD */
#define M_POST 2u

/* The formats most pages answer in. */
#define ROUTE_HJ  (FMT_BIT(FMT_HTML) | FMT_BIT(FMT_JSON))
#define ROUTE_HJC (ROUTE_HJ | FMT_BIT(FMT_CSV))

struct route {
	const char *path;
	int under;
	unsigned methods; /* the Allow header is said from them */
	/* The page; NULL: none (404 below a guarded path). */
	void (*fn)(struct handler_ctx *, const struct request *, struct response *);
	/* Who may reach it, checked before the method (NULL: anyone). */
	const struct page_guard *guard;
	/* The methods slow by design, answered in the slow lane (lane.h) so
	 * that they never hold a thread that generates: a login's password
	 * check is Argon2, about 0.1 s. */
	unsigned slow;
	/* Whether pages of other sites may read its GET answers (CORS,
	 * handler.c): the public data only. */
	int cors;
	/* What a GET reads from the query (NULL: nothing), and, for a route
	 * with under, what a GET of a path below it reads; and the formats
	 * its answers take (negotiated by the router, rq->choice). */
	const struct field_table *query, *below;
	unsigned formats;
	/* What a POST reads from its body (NULL: not said). */
	const struct field_table *body;
	/* What the page answers for, handed to it in ctx->route_arg: a
	 * generic page's entry (a proposal form, a decision), else NULL. */
	const void *arg;
};

#endif
