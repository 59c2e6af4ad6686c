/* reload: the catalog poller. One thread with its own database connection
 * reads the catalog revision every poll interval and, when it differs from
 * the current catalog's (or there is none yet), loads the catalog and
 * publishes it (catalog_publish), so a change is live on every worker within
 * one interval plus the load time.
 *
 * Its connection to the primary is the database gate's probe (db.h): while the database is
 * unreachable, its polls are what finds it back. Every catalog it loads is
 * written to the cache file (catalog_file.h); when the database cannot be
 * reached and no catalog is live yet, it publishes the cached one, and the
 * revision check replaces it once the database answers with another. */
#ifndef LOOTFORGE_RELOAD_H
#define LOOTFORGE_RELOAD_H

#include <stdint.h>

#include "db.h"

struct reloader;

/* Starts the thread; the first poll happens at once. NULL when the thread or
 * a connection handle cannot be created. cfg (the primary), replica (NULL:
 * none; else the catalog is read there, see readroute.h) and cache_path
 * (NULL: no cache file) are copied. on_live (NULL: none) is called, on the
 * poller's thread, with each revision just before it is published. */
struct reloader *reload_start(const struct db_config *cfg, const struct db_config *replica,
                              unsigned poll_ms, const char *cache_path,
                              void (*on_live)(uint64_t revision));

/* Wakes the thread, joins it and frees everything it owns. The current
 * catalog stays published (catalog_shutdown drops it). */
void reload_stop(struct reloader *r);

#endif
