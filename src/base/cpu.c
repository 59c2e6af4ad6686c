/* cpu: see cpu.h. */
#include "cpu.h"

#include <stdlib.h>
#include <string.h>

int cpu_portable(void)
{
	const char *v = getenv("LOOTFORGE_PORTABLE");
	return v && *v && strcmp(v, "0") != 0;
}
