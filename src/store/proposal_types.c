/* proposal_types: what the proposal types' files share (proposal_types_int.h).
 * Each type is a file of its own, proposal_<type>.c: its descriptor, its
 * statements and what only it knows (how its row is read, its key's
 * checks, how it is written and what approving it adds to the catalog).
 * The flow is lifecycle.c. */
#include "proposal_types_int.h"

enum db_status proposal_fetch_long(struct db *d, enum stmt q, struct params *ps, void *value,
                                   int is_unsigned, int *hit)
{
	struct col c;
	MYSQL_BIND b;
	enum db_status st;
	int rc;

	if ((st = dbrun_exec(d, q, ps, NULL)) != DB_OK)
		return st;
	r_bind(&b, &c, MYSQL_TYPE_LONG, value, 0, is_unsigned);
	if ((rc = dbrun_fetch_one(d, q, &b, &st)) < 0)
		return st;
	*hit = rc;
	return DB_OK;
}

enum db_status proposal_fetch_rejected(struct db *d, enum stmt q, struct params *ps,
                                       struct submit_outcome *out, struct col c[2], int *hit)
{
	MYSQL_BIND b[2];
	enum db_status st;
	int rc;

	if ((st = dbrun_exec(d, q, ps, NULL)) != DB_OK)
		return st;
	r_bind(&b[0], &c[0], MYSQL_TYPE_STRING, out->rejected_on, 10, 0);
	r_bind(&b[1], &c[1], MYSQL_TYPE_STRING, out->again_after, 10, 0);
	if ((rc = dbrun_fetch_one(d, q, b, &st)) < 0)
		return st;
	*hit = rc;
	return DB_OK;
}
