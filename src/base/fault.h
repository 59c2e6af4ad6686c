/* fault: a countdown that makes the n-th allocation of an arena block or a
 * buffer fail, as SQLite tests its out-of-memory paths: the tests arm it
 * and walk n over every allocation a request makes; nothing else does, so
 * in the daemon it is never armed and each check is one load. */
#ifndef LOOTFORGE_FAULT_H
#define LOOTFORGE_FAULT_H

/* The n-th allocation from now fails (n >= 1), and only that one; n == 0
 * disarms; n < 0 only counts. */
void fault_arm(long n);

/* Allocations counted since the last fault_arm. */
long fault_seen(void);

/* At each allocation site: 1 when this one is to fail. */
int fault_alloc(void);

#endif
