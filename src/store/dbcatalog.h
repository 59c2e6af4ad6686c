/* dbcatalog: the catalog as the database holds it. */
#ifndef LOOTFORGE_DBCATALOG_H
#define LOOTFORGE_DBCATALOG_H

#include <stdint.h>

#include "catalog.h"
#include "db.h"

/* The catalog revision number (bumped by triggers on every affix change). */
enum db_status db_revision(struct db *d, uint64_t *rev);
/* Loads every affix table into a new, finished catalog (*out, owned by the
 * caller) in one consistent snapshot. */
enum db_status db_load_catalog(struct db *d, struct catalog **out);

#endif
