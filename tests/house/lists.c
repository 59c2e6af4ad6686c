/* lists: the lists the C code holds once (recipe.h, loadout.h), printed as
 * one JSON object, for tests/house/regen.py to write the copies outside C
 * from (public/openapi.json, the Python package, sql/data) and to check
 * they have not drifted; and the route table, which the API description
 * follows. */
#include <stdio.h>

#include "cookie.h"
#include "handler.h"
#include "loadout.h"
#include "recipe.h"

static void list(const char *key, const char *const *names, int n, int (*keep)(int), int last)
{
	printf("\"%s\":[", key);
	for (int i = 0, first = 1; i < n; i++) {
		if (!names[i] || !names[i][0] || (keep && !keep(i)))
			continue;
		printf("%s\"%s\"", first ? "" : ",", names[i]);
		first = 0;
	}
	printf("]%s", last ? "" : ",");
}

static int sums(int s)
{
	return loadout_stat_sums((enum stat)s);
}

int main(void)
{
	printf("{");
	list("kinds", kind_names, K__MAX, NULL, 0);
	list("parts", part_names, P__MAX, NULL, 0);
	list("stats", stat_names, ST__MAX, NULL, 0);
	list("summed_stats", stat_names, ST__MAX, sums, 0);
	list("slots", slot_idents, SLOT__MAX, NULL, 0);
	list("places", place_names, PLACE__MAX, NULL, 0);
	printf("\"session_cookie\":\"%s\",\"routes\":[", COOKIE_SESSION);
	struct handler_route_info r[64];
	size_t n = handler_routes(r, 64);
	for (size_t i = 0; i < n && i < 64; i++)
		printf("%s{\"path\":\"%s\",\"under\":%d,\"allow\":\"%s\",\"guarded\":%d,"
		       "\"cors\":%d}",
		       i ? "," : "", r[i].path, r[i].under, r[i].allow ? r[i].allow : "", r[i].guarded,
		       r[i].cors);
	printf("]}\n");
	return 0;
}
