/* itemlink_db: see itemlink_db.h. */
#include "itemlink_db.h"

#include "dbcatalog.h"

enum itemlink_status itemlink_item_db(struct db *db, const char *s, size_t n,
                                      struct coded_item *out, const char **why)
{
	uint64_t newest = 0;
	enum itemlink_status st = itemlink_item(s, n, out, why);

	if (st != ITEMLINK_LATER || !db || db_revision(db, &newest) != DB_OK ||
	    out->code.revision <= newest)
		return st;
	if (why)
		*why = ITEMLINK_NEVER_WHY;
	return ITEMLINK_NEVER;
}
