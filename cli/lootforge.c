/* lootforge: the item generator on the command line (docs/items.md,
 * lootforge(1)), over liblootforge and nothing else but lootforge.h. It
 * reads a catalog export (GET /catalog.json) and prints what the site
 * answers: JSON byte for byte for items, the text of /map?format=text.
 *
 *   lootforge item --catalog FILE CODE...
 *       each code's item, one JSON object a line (/item/CODE?format=json)
 *   lootforge generate --catalog FILE [--kind K] [--tier N] [--variance]
 *                      [--power P] [--seed S] [--count N] [--attr PART=WORD]...
 *       items from the form's fields (/generate?...&format=json)
 *   lootforge map --catalog FILE [--width W] [--height H] [--tileset T] [--seed S]
 *                 [--loot N] [--json]
 *       a dungeon map as text (/map?format=text)
 *   lootforge dungeon --catalog FILE [--width W] [--height H] [--tileset T] [--seed S]
 *                     [--level N] [--hallways N] [--text]
 *       a keyed dungeon as JSON (/dungeon?...&format=json), or its text
 *   lootforge treasure --catalog FILE [--level N] [--type hoard|individual]
 *                      [--party N] [--seed S] [--text | --csv]
 *       treasure on its own as JSON (/treasure?...&format=json), its text or CSV
 *   lootforge --version | --help
 *
 * Options are GNU long options (getopt_long), in any order, with short
 * forms for the common ones. Exit status: 0; 1 when an item could not be
 * made (the reason on stderr); 2 for a bad command line or catalog. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lootforge.h"

static const char usage_text[] =
        "usage: lootforge item --catalog FILE CODE...\n"
        "       lootforge generate --catalog FILE [--kind K] [--tier N] [--variance]\n"
        "                 [--power P] [--seed S] [--count N] [--attr PART=WORD]...\n"
        "       lootforge map --catalog FILE [--width W] [--height H] [--tileset T] [--seed S]\n"
        "                 [--loot N] [--json]\n"
        "       lootforge dungeon --catalog FILE [--width W] [--height H] [--tileset T]\n"
        "                 [--seed S] [--level N] [--hallways N] [--text]\n"
        "       lootforge treasure --catalog FILE [--level N] [--type hoard|individual]\n"
        "                 [--party N] [--seed S] [--text | --csv]\n"
        "       lootforge --version | --help\n"
        "\n"
        "  -c, --catalog FILE   a catalog export (GET /catalog.json; maps need one without rev=)\n"
        "  -k, --kind K         weapon, armor, shield, trinket, scroll or wand\n"
        "  -t, --tier N         0 (any) to 6\n"
        "      --variance       let the tier vary\n"
        "  -p, --power P        0 to 100 (default 1)\n"
        "  -s, --seed S         the seed (default: a fresh one)\n"
        "  -n, --count N        a batch of N items (1 to 100), as one JSON list\n"
        "  -a, --attr PART=WORD ask for a word (repeatable)\n"
        "  -W, --width W        map width in tiles, 1 to 30 (default 12)\n"
        "  -H, --height H       map height in tiles, 1 to 30 (default 8)\n"
        "  -T, --tileset T      map tileset (default plain)\n"
        "      --loot N         map: an item in each room, rolled at tier N (0: any, to 6)\n"
        "      --json           the map as JSON (/map?format=json), not its cells\n"
        "  -l, --level N        dungeon level, 1 to 20 (default 1): deeper, richer\n"
        "      --hallways N     dungeon's mix of hallway pieces, 0 to 100 (default 50)\n"
        "      --text           the dungeon or treasure as text (format=text), not JSON\n"
        "      --type T         treasure: hoard (default) or individual\n"
        "      --party N        treasure: the party's size, 1 to 8 (default 4)\n"
        "      --csv            the treasure as CSV (/treasure?format=csv), not JSON\n"
        "  -V, --version        print the version and exit\n"
        "  -h, --help           print this help and exit\n"
        "\n"
        "Exit status: 0; 1 when an item or map could not be made; 2 for a bad command line\n"
        "or catalog. See lootforge(1).\n";

/* A bad command line: the synopsis (the first seven lines) on stderr. */
static void usage(void)
{
	const char *end = usage_text;
	for (int i = 0; i < 5; i++)
		end = strchr(end, '\n') + 1;
	fprintf(stderr, "%.*sTry 'lootforge --help'.\n", (int)(end - usage_text), usage_text);
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

enum command { CMD_ITEM, CMD_GENERATE, CMD_MAP, CMD_DUNGEON, CMD_TREASURE };

static const struct option options[] = {{"catalog", required_argument, NULL, 'c'},
                                        {"kind", required_argument, NULL, 'k'},
                                        {"tier", required_argument, NULL, 't'},
                                        {"variance", no_argument, NULL, 'v'},
                                        {"power", required_argument, NULL, 'p'},
                                        {"seed", required_argument, NULL, 's'},
                                        {"count", required_argument, NULL, 'n'},
                                        {"attr", required_argument, NULL, 'a'},
                                        {"width", required_argument, NULL, 'W'},
                                        {"height", required_argument, NULL, 'H'},
                                        {"tileset", required_argument, NULL, 'T'},
                                        {"version", no_argument, NULL, 'V'},
                                        {"help", no_argument, NULL, 'h'},
                                        {"level", required_argument, NULL, 'l'},
                                        {"hallways", required_argument, NULL, 'w'},
                                        {"text", no_argument, NULL, 'x'},
                                        {"type", required_argument, NULL, 'y'},
                                        {"party", required_argument, NULL, 'P'},
                                        {"csv", no_argument, NULL, 'C'},
                                        {"loot", required_argument, NULL, 'o'},
                                        {"json", no_argument, NULL, 'j'},
                                        {NULL, 0, NULL, 0}};

/* Which options each command takes: the letters of options[]. */
static const char *const takes[] = {
        [CMD_ITEM] = "c",           [CMD_GENERATE] = "cktvpsna", [CMD_MAP] = "cWHTsoj",
        [CMD_DUNGEON] = "cWHTslwx", [CMD_TREASURE] = "clyPsxC",
};

/* The query-string name of an option's field. */
static const char *field_of(int opt)
{
	switch (opt) {
	case 'k':
		return "kind";
	case 't':
		return "tier";
	case 'p':
		return "power";
	case 's':
		return "seed";
	case 'n':
		return "count";
	case 'W':
		return "w";
	case 'H':
		return "h";
	case 'T':
		return "tileset";
	case 'l':
		return "level";
	case 'w':
		return "hallways";
	case 'y':
		return "type";
	case 'P':
		return "party";
	case 'o':
		return "loot";
	default:
		return NULL;
	}
}

static struct lf_catalog *load(const char *catalog)
{
	const char *why = NULL;
	size_t len = 0;
	char *text = read_file(catalog, &len);
	if (!text) {
		fprintf(stderr, "lootforge: cannot read %s\n", catalog);
		exit(2);
	}
	struct lf_catalog *c = lf_catalog_load(text, len, &why);
	free(text);
	if (!c) {
		fprintf(stderr, "lootforge: %s: %s\n", catalog, why);
		exit(2);
	}
	return c;
}

int main(int argc, char **argv)
{
	const char *catalog = NULL, *why = NULL, *field = NULL;
	char query[4096] = "", key[80];
	enum command cmd;
	int opt, rc = 0, text = 0;

	/* --version and --help alone, before any command */
	if (argc == 2 && (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)) {
		printf("lootforge %s (library %s)\n", LOOTFORGE_VERSION, lootforge_version());
		return 0;
	}
	if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
		fputs(usage_text, stdout);
		return 0;
	}
	if (argc < 2)
		usage();
	if (strcmp(argv[1], "item") == 0)
		cmd = CMD_ITEM;
	else if (strcmp(argv[1], "generate") == 0)
		cmd = CMD_GENERATE;
	else if (strcmp(argv[1], "map") == 0)
		cmd = CMD_MAP;
	else if (strcmp(argv[1], "dungeon") == 0)
		cmd = CMD_DUNGEON;
	else if (strcmp(argv[1], "treasure") == 0)
		cmd = CMD_TREASURE;
	else
		usage();
	argc--;
	argv++; /* getopt_long reads from argv[1]: the command's own options */
	while ((opt = getopt_long(argc, argv, "c:k:t:p:s:n:a:W:H:T:l:Vh", options, NULL)) != -1) {
		if (opt == 'h') {
			fputs(usage_text, stdout);
			return 0;
		}
		if (opt == 'V') {
			printf("lootforge %s (library %s)\n", LOOTFORGE_VERSION,
			       lootforge_version());
			return 0;
		}
		if (opt == '?' || !strchr(takes[cmd], opt))
			usage();
		if (opt == 'c') {
			catalog = optarg;
		} else if (opt == 'x') {
			text = 1;
		} else if (opt == 'C') {
			text = 2;
		} else if (opt == 'j') {
			text = 3;
		} else if (opt == 'v') {
			add(query, sizeof query, "tier-variance", "on");
		} else if (opt == 'a') {
			const char *eq = strchr(optarg, '=');
			if (!eq || eq == optarg || (size_t)(eq - optarg) > 40)
				usage();
			snprintf(key, sizeof key, "attribute[%.*s]", (int)(eq - optarg), optarg);
			add(query, sizeof query, key, eq + 1);
		} else {
			add(query, sizeof query, field_of(opt), optarg);
		}
	}
	if (!catalog || (cmd == CMD_ITEM ? optind == argc : optind != argc))
		usage();

	struct lf_catalog *c = load(catalog);
	if (cmd == CMD_GENERATE) {
		char *out;
		if (lf_generate_json(c, query, &out, &field, &why) != 0) {
			fprintf(stderr, "lootforge: %s%s%s\n", field ? field : "",
			        field ? ": " : "", why);
			rc = field ? 2 : 1;
		} else {
			puts(out);
			free(out);
		}
	} else if (cmd == CMD_MAP && text == 3) {
		char *out;
		if (lf_map_json(c, query, &out, &field, &why) != 0) {
			fprintf(stderr, "lootforge: %s%s%s\n", field ? field : "",
			        field ? ": " : "", why);
			rc = field && strcmp(field, "tileset") != 0 ? 2 : 1;
		} else {
			puts(out);
			free(out);
		}
	} else if (cmd == CMD_MAP) {
		struct lf_map *m;
		if (lf_map_generate(c, query, &m, &field, &why) != 0) {
			fprintf(stderr, "lootforge: %s%s%s\n", field ? field : "",
			        field ? ": " : "", why);
			rc = field && strcmp(field, "tileset") != 0 ? 2 : 1;
		} else {
			fputs(m->cells, stdout);
			lf_map_free(m);
		}
	}
	if (cmd == CMD_DUNGEON) {
		char *out;
		if ((text ? lf_dungeon_text : lf_dungeon_json)(c, query, &out, &field, &why) != 0) {
			fprintf(stderr, "lootforge: %s%s%s\n", field ? field : "",
			        field ? ": " : "", why);
			rc = 1;
		} else {
			fputs(out, stdout);
			if (!text)
				putchar('\n');
			free(out);
		}
	}
	if (cmd == CMD_TREASURE) {
		char *out;
		int (*fn)(const struct lf_catalog *, const char *, char **, const char **,
		          const char **) = text == 1   ? lf_treasure_text
		                           : text == 2 ? lf_treasure_csv
		                                       : lf_treasure_json;
		if (fn(c, query, &out, &field, &why) != 0) {
			fprintf(stderr, "lootforge: %s%s%s\n", field ? field : "",
			        field ? ": " : "", why);
			rc = field ? 2 : 1;
		} else {
			fputs(out, stdout);
			if (text == 0)
				putchar('\n');
			free(out);
		}
	}
	for (int i = optind; cmd == CMD_ITEM && i < argc; i++) {
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
