/* backoff: see backoff.h. */
#include "backoff.h"

long login_backoff_seconds(unsigned failures)
{
	long s = LOGIN_BACKOFF_FIRST;

	if (failures < LOGIN_FREE_FAILURES)
		return 0;
	/* Doubling stops at the cap, so no shift can overflow. */
	for (unsigned i = LOGIN_FREE_FAILURES; i < failures && s < LOGIN_BACKOFF_MAX; i++)
		s *= 2;
	return s < LOGIN_BACKOFF_MAX ? s : LOGIN_BACKOFF_MAX;
}
