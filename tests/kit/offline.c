/* A game built against an installed lootforge only (pkg-config): loads a
 * catalog export and prints, for one query, the JSON answer, then each
 * item's struct members, then a map, for test_kit.sh to compare with the
 * command's answers.
 *   usage: offline CATALOG ITEM-QUERY MAP-QUERY */
#define _POSIX_C_SOURCE 200809L /* getdelim */
#include <stdio.h>
#include <stdlib.h>

#include <lootforge.h>

int main(int argc, char **argv)
{
	const char *why, *field;
	char *text = NULL, *json;
	size_t cap = 0, n;
	ssize_t len;
	FILE *f;
	struct lf_item *items;
	struct lf_map *map;

	if (argc != 4 || !(f = fopen(argv[1], "rb")))
		return 2;
	if ((len = getdelim(&text, &cap, '\0', f)) < 0) /* the whole file: it has no NUL */
		return 2;
	fclose(f);
	struct lf_catalog *c = lf_catalog_load(text, (size_t)len, &why);
	free(text);
	if (!c || lf_generate_json(c, argv[2], &json, &field, &why) != 0 ||
	    lf_item_generate(c, argv[2], &items, &n, &field, &why) != 0 ||
	    lf_map_generate(c, argv[3], &map, &field, &why) != 0) {
		fprintf(stderr, "offline: %s\n", why);
		return 1;
	}
	puts(json);
	for (size_t i = 0; i < n; i++)
		printf("%s|%d|%d|%llu|%s\n", items[i].name, items[i].attack, items[i].defense,
		       (unsigned long long)items[i].value, items[i].code ? items[i].code : "-");
	fputs(map->cells, stdout);
	free(json);
	lf_items_free(items, n);
	lf_map_free(map);
	lf_catalog_free(c);
	return 0;
}
