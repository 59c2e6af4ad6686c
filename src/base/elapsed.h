/* elapsed: the time from a stamp to now, when the stamp may have been
 * written by another thread or process after now was read. Then "then" is
 * later than "now", and plain unsigned subtraction wraps to a huge age:
 * a live worker looks dead, a fresh connection looks idle. Both clocks
 * here are milliseconds; the 32-bit one wraps every 49 days by design and
 * is compared by signed difference. */
#ifndef LOOTFORGE_ELAPSED_H
#define LOOTFORGE_ELAPSED_H

#include <stdint.h>

/* now - then on a wrapping 32-bit clock; 0 when then is later. */
static inline uint32_t elapsed_ms32(uint32_t now, uint32_t then)
{
	return (int32_t)(now - then) > 0 ? now - then : 0;
}

/* now - then on a 64-bit clock that does not wrap; 0 when then is later. */
static inline uint64_t elapsed_ms64(uint64_t now, uint64_t then)
{
	return then < now ? now - then : 0;
}

#endif
