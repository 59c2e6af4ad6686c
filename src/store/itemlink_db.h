/* itemlink_db: a code to its item as the pages resolve it, where the
 * database can tell a revision that is coming from one never made. Apart from itemlink.c, which the
 * library (liblootforge.a) carries without any database. */
#ifndef LOOTFORGE_ITEMLINK_DB_H
#define LOOTFORGE_ITEMLINK_DB_H

#include <stddef.h>

#include "db.h"
#include "itemlink.h"

/* Why a code of a revision never made names no item. */
#define ITEMLINK_NEVER_WHY "no such catalog revision (yet)"

/* itemlink_item, and then for ITEMLINK_LATER (a revision newer than this
 * process has loaded) one primary-key read of the newest revision the
 * database made: when the code's revision is beyond it, no catalog ever had
 * it and the code was made up, so ITEMLINK_NEVER (*why ITEMLINK_NEVER_WHY;
 * a page answers 404, not a 503 Retry-After forever). When the database
 * holds the revision (another worker process made the code and this one
 * loads it within a second), or there is no database to ask (db NULL, down:
 * a real link must not read as wrong), ITEMLINK_LATER stays. */
enum itemlink_status itemlink_item_db(struct db *db, const char *s, size_t n,
                                      struct coded_item *out, const char **why);

#endif
