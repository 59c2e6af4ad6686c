/* crawl: walk lootforge's keyed dungeons, take what the rooms hold, wear
 * it, and go down (README.md).
 *     crawl [--catalog FILE] [--seed N] [--keys FILE]
 * --keys plays the keys of FILE ('-': stdin; '#' to the end of a line is a
 * comment) instead of the keyboard, and prints the last screen on stdout. */
#include <curses.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "crawl.h"

/* The whole of a file, NUL-terminated (free it); NULL when unreadable. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	size_t cap = 0;
	*len = 0;
	if (!f)
		return NULL;
	for (;;) {
		if (*len + 4096 + 1 > cap) {
			char *more = realloc(text, cap = 2 * cap + 4096 + 1);
			if (!more)
				break;
			text = more;
		}
		size_t n = fread(text + *len, 1, cap - *len - 1, f);
		*len += n;
		if (n == 0)
			break;
	}
	fclose(f);
	if (text)
		text[*len] = '\0';
	return text;
}

/* One key: 1 to go on, 0 to stop. */
static int play(struct game *g, int key)
{
	static const char moves[] = "hjklyubn";
	static const int mx[] = {-1, 0, 0, 1, -1, 1, -1, 1}, my[] = {0, 1, -1, 0, -1, -1, 1, 1};
	const char *m = key > 0 && key < 128 ? strchr(moves, key) : NULL;
	int dx, dy;

	if (key == KEY_LEFT || key == KEY_RIGHT || key == KEY_UP || key == KEY_DOWN)
		m = strchr(moves, key == KEY_LEFT    ? 'h'
		                  : key == KEY_RIGHT ? 'l'
		                  : key == KEY_UP    ? 'k'
		                                     : 'j');
	if (m) {
		level_step(g, mx[m - moves], my[m - moves]);
		return 1;
	}
	switch (key) {
	case 'g':
	case ',':
		pack_take(g);
		break;
	case 'w': {
		int letter = getch();
		pack_wear(g, letter - 'a');
		break;
	}
	case 's':
		level_search(g);
		break;
	case 't':
		level_travel(g, 1);
		break;
	case '>':
		lf_dungeon_stairs(g->d, NULL, NULL, &dx, &dy);
		if (g->x != dx || g->y != dy)
			level_travel(g, 0);
		else if (level_enter(g, g->depth + 1) != 0)
			return 0;
		break;
	case 'q':
	case ERR: /* the end of the keys */
		return 0;
	}
	return 1;
}

int main(int argc, char **argv)
{
	const char *catalog = "catalog.json", *keys = NULL, *why = NULL;
	struct game g = {.seed = (uint64_t)time(NULL)};
	FILE *in = NULL;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--catalog") == 0 && i + 1 < argc)
			catalog = argv[++i];
		else if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
			g.seed = strtoull(argv[++i], NULL, 10);
		else if (strcmp(argv[i], "--keys") == 0 && i + 1 < argc)
			keys = argv[++i];
		else {
			fprintf(stderr, "usage: crawl [--catalog FILE] [--seed N] [--keys FILE]\n");
			return 2;
		}
	}
	size_t len;
	char *text = slurp(catalog, &len);
	if (!text) {
		fprintf(stderr, "crawl: %s: %s (save the site's /catalog.json there)\n", catalog,
		        strerror(errno));
		return 1;
	}
	struct lf_catalog *cat = lf_catalog_load(text, len, &why);
	free(text);
	if (!cat) {
		fprintf(stderr, "crawl: %s: %s\n", catalog, why);
		return 1;
	}
	g.cat = cat;
	g.rng = g.seed;
	if (level_enter(&g, 1) != 0) {
		fprintf(stderr, "crawl: %s\n", g.msg);
		return 1;
	}
	pack_wear(&g, -1); /* nothing worn: the totals of an empty loadout */
	snprintf(g.msg, sizeof g.msg, "Level 1. t: to the loot, g: take, >: down, q: quit.");

	if (keys) {
		/* a terminal of its own, 80 x 24, drawn to nowhere: the same
		 * screen whatever runs it */
		in = strcmp(keys, "-") == 0 ? stdin : fopen(keys, "r");
		FILE *out = fopen("/dev/null", "w");
		if (!in || !out) {
			fprintf(stderr, "crawl: %s: %s\n", keys, strerror(errno));
			return 1;
		}
		use_env(FALSE);
		newterm("vt100", out, in);
		resizeterm(24, 80);
	} else
		initscr();
	cbreak();
	noecho();
	keypad(stdscr, TRUE);
	for (;;) {
		screen_draw(&g);
		int key = getch();
		if (keys && key == '#')
			while (key != '\n' && key != ERR)
				key = getch();
		if (!play(&g, key))
			break;
	}
	screen_draw(&g);
	if (keys)
		for (int y = 0; y < LINES; y++) {
			char line[256];
			mvinnstr(y, 0, line, COLS < 255 ? COLS : 255);
			for (size_t n = strlen(line); n > 0 && line[n - 1] == ' ';)
				line[--n] = '\0';
			printf("%s\n", line);
		}
	endwin();
	pack_free(&g);
	level_free(&g);
	lf_catalog_free(cat);
	return 0;
}
