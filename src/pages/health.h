/* health: the operators' pages (docs/operations.md). GET /readyz: whether
 * this host is fit to serve, with the detail (the database, the replica,
 * the catalog revision live in each worker process), 200 "ok" or 503
 * "degraded". GET /metrics: the Prometheus text format. Both are for the
 * monitor's network only: nginx refuses every other address. /healthz, the
 * liveness probe, stays in the router: it touches nothing. */
#ifndef LOOTFORGE_HEALTH_H
#define LOOTFORGE_HEALTH_H

#include "http.h"

void health_ready(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

/* routes: the router's paths by route index (n_routes of them; index
 * n_routes is "other": no route matched), the labels of the counters. */
void health_metrics(struct handler_ctx *ctx, const struct request *rq, struct response *rs,
                    const char *const *routes, unsigned n_routes);

#endif
