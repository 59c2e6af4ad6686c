/* lootforge: the item generator on the command line (docs/items.md), over
 * liblootforge.a and nothing else but lootforge.h. It reads a catalog
 * export (GET /catalog.json?rev=R) and prints JSON, byte for byte what the
 * site answers.
 *
 *   lootforge item --catalog FILE CODE...
 *       each code's item, one JSON object a line (/item/CODE?format=json)
 *   lootforge generate --catalog FILE [--kind K] [--tier N] [--variance]
 *                      [--power P] [--seed S] [--count N] [--attr PART=WORD]...
 *       items from the form's fields (/generate?...&format=json)
 *
 * Exit status: 0; 1 when an item could not be made (the reason on
 * stderr); 2 for a bad command line or catalog. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lootforge.h"

static void usage(void)
{
	fputs("usage: lootforge item --catalog FILE CODE...\n"
	      "       lootforge generate --catalog FILE [--kind K] [--tier N] [--variance]\n"
	      "                 [--power P] [--seed S] [--count N] [--attr PART=WORD]...\n",
	      stderr);
	exit(2);
}

static char *read_file(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	size_t cap = 0, n = 0, got;

	if (!f)
		return NULL;
	do {
		if (n == cap) {
			char *more = realloc(text, cap = cap ? cap * 2 : 1 << 16);
			if (!more) {
				free(text);
				fclose(f);
				return NULL;
			}
			text = more;
		}
		got = fread(text + n, 1, cap - n, f);
		n += got;
	} while (got > 0);
	fclose(f);
	*len = n;
	return text;
}

/* Appends "&key=value" to q, the value percent-encoded (RFC 3986's
 * unreserved characters kept). */
static void add(char *q, size_t cap, const char *key, const char *value)
{
	static const char hex[] = "0123456789ABCDEF";
	size_t n = strlen(q);
	int w = snprintf(q + n, cap - n, "%s%s=", n ? "&" : "", key);
	if (w < 0 || (size_t)w >= cap - n)
		usage();
	n += (size_t)w;
	for (const unsigned char *v = (const unsigned char *)value; *v; v++) {
		if (n + 4 >= cap)
			usage();
		if ((*v >= 'A' && *v <= 'Z') || (*v >= 'a' && *v <= 'z') ||
		    (*v >= '0' && *v <= '9') || *v == '-' || *v == '.' || *v == '_' || *v == '~') {
			q[n++] = (char)*v;
		} else {
			q[n++] = '%';
			q[n++] = hex[*v >> 4];
			q[n++] = hex[*v & 15];
		}
	}
	q[n] = '\0';
}

int main(int argc, char **argv)
{
	const char *catalog = NULL, *why = NULL, *field = NULL;
	char query[4096] = "", key[80];
	int generate, i, rc = 0;

	if (argc < 2)
		usage();
	generate = strcmp(argv[1], "generate") == 0;
	if (!generate && strcmp(argv[1], "item") != 0)
		usage();
	for (i = 2; i < argc && strncmp(argv[i], "--", 2) == 0; i++) {
		const char *opt = argv[i] + 2;
		if (strcmp(opt, "variance") == 0) {
			add(query, sizeof query, "tier-variance", "on");
			continue;
		}
		if (i + 1 >= argc)
			usage();
		const char *v = argv[++i];
		if (strcmp(opt, "catalog") == 0) {
			catalog = v;
		} else if (generate && strcmp(opt, "attr") == 0) {
			const char *eq = strchr(v, '=');
			if (!eq || eq == v || (size_t)(eq - v) > 40)
				usage();
			snprintf(key, sizeof key, "attribute[%.*s]", (int)(eq - v), v);
			add(query, sizeof query, key, eq + 1);
		} else if (generate && (strcmp(opt, "kind") == 0 || strcmp(opt, "tier") == 0 ||
		                        strcmp(opt, "power") == 0 || strcmp(opt, "seed") == 0 ||
		                        strcmp(opt, "count") == 0)) {
			add(query, sizeof query, opt, v);
		} else {
			usage();
		}
	}
	if (!catalog || (generate ? i != argc : i == argc))
		usage();

	size_t len = 0;
	char *text = read_file(catalog, &len);
	if (!text) {
		fprintf(stderr, "lootforge: cannot read %s\n", catalog);
		return 2;
	}
	struct lf_catalog *c = lf_catalog_load(text, len, &why);
	free(text);
	if (!c) {
		fprintf(stderr, "lootforge: %s: %s\n", catalog, why);
		return 2;
	}
	if (generate) {
		char *out;
		if (lf_generate_json(c, query, &out, &field, &why) != 0) {
			fprintf(stderr, "lootforge: %s%s%s\n", field ? field : "",
			        field ? ": " : "", why);
			rc = field ? 2 : 1;
		} else {
			puts(out);
			free(out);
		}
	}
	for (; !generate && i < argc; i++) {
		char *out;
		if (lf_item_json(c, argv[i], &out, &why) != 0) {
			fprintf(stderr, "lootforge: %s: %s\n", argv[i], why);
			rc = 1;
			continue;
		}
		puts(out);
		free(out);
	}
	lf_catalog_free(c);
	return rc;
}
