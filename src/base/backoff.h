/* backoff: how long a client address is refused after failed logins.
 *
 * The first LOGIN_FREE_FAILURES failed password checks in a row from one
 * address (for any names) cost nothing; the check that makes it
 * LOGIN_FREE_FAILURES locks the address for LOGIN_BACKOFF_FIRST seconds,
 * and every further failed check (one can only be made once the lock has
 * run out) doubles that, up to LOGIN_BACKOFF_MAX. A success starts again
 * from zero. Per address, not per name: a name's back-off let
 * anyone lock a moderator out from anywhere. The count and the lock live
 * in the database (login_source, migration 0016), so every worker and
 * every daemon sees the same. */
#ifndef LOOTFORGE_BACKOFF_H
#define LOOTFORGE_BACKOFF_H

#define LOGIN_FREE_FAILURES 5
#define LOGIN_BACKOFF_FIRST 30L
#define LOGIN_BACKOFF_MAX   900L

/* Seconds an address stays locked once failures checks in a row have failed:
 * 0 below LOGIN_FREE_FAILURES, then 30, 60, 120, ... at most 900. */
long login_backoff_seconds(unsigned failures);

#endif
