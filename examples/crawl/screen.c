/* screen.c: the screen, drawn from the state alone: the status line, the
 * map around the player, what the room holds, the pack with the totals,
 * and the last message. 80 x 24 at least. */
#include <curses.h>
#include <inttypes.h>
#include <string.h>

#include "crawl.h"

#define MAP_COLS  50 /* the map's window; the room's panel to its right */
#define MAP_ROWS  15
#define PANEL_X   (MAP_COLS + 1)
#define PACK_ROW  (MAP_ROWS + 2)
#define PACK_ROWS 4 /* two columns of them */

/* What cell (x, y) looks like. */
static int glyph(const struct game *g, int x, int y)
{
	int ux, uy, dx, dy, c = lf_dungeon_cell(g->d, x, y), n = lf_dungeon_door_at(g->d, x, y);
	lf_dungeon_stairs(g->d, &ux, &uy, &dx, &dy);
	if (x == g->x && y == g->y)
		return '@';
	if (x == dx && y == dy)
		return '>';
	if (x == ux && y == uy)
		return '<';
	if (c == '#' || level_secret(g, x, y))
		return '#';
	if (n && (g->door[n] || strcmp(lf_dungeon_door(g->d, n)->state, "open") == 0))
		return '\'';
	if (n)
		return '+';
	return c == 'r' && level_room_loot(g, lf_dungeon_room_at(g->d, x, y)) ? ':' : '.';
}

/* The map's window, scrolled to keep the player inside. */
static void draw_map(const struct game *g)
{
	int w = lf_dungeon_width(g->d), h = lf_dungeon_height(g->d);
	int left = g->x - MAP_COLS / 2, top = g->y - MAP_ROWS / 2;
	if (left > w - MAP_COLS)
		left = w - MAP_COLS;
	if (top > h - MAP_ROWS)
		top = h - MAP_ROWS;
	left = left < 0 ? 0 : left;
	top = top < 0 ? 0 : top;
	for (int r = 0; r < MAP_ROWS; r++)
		for (int c = 0; c < MAP_COLS && left + c < w; c++)
			mvaddch(1 + r, c, (chtype)glyph(g, left + c, top + r));
}

/* Text wrapped into the panel from row *row on. */
static void panel_text(int *row, const char *text)
{
	int width = COLS - PANEL_X;
	while (*text && *row <= MAP_ROWS) {
		int n = (int)strlen(text);
		if (n > width)
			for (n = width; n > 0 && text[n] != ' '; n--)
				;
		if (n <= 0)
			n = width;
		mvaddnstr((*row)++, PANEL_X, text, n);
		text += n;
		while (*text == ' ')
			text++;
	}
}

static void draw_room(const struct game *g)
{
	int row = 1, room = lf_dungeon_room_at(g->d, g->x, g->y);
	const struct lf_room *r = lf_dungeon_room(g->d, room);
	char line[128];
	if (!r) {
		panel_text(&row, "A hallway.");
		return;
	}
	snprintf(line, sizeof line, "Room %d (%s)", r->number, r->stock);
	panel_text(&row, line);
	panel_text(&row, r->description);
	if (r->occupants[0]) {
		snprintf(line, sizeof line, "Here: %s.", r->occupants);
		panel_text(&row, line);
	}
	if (r->trap) {
		snprintf(line, sizeof line, "Trap: %s.", r->trap);
		panel_text(&row, line);
	}
	if (g->taken[room] || (r->n_items == 0 && r->hoard == 0)) {
		panel_text(&row, g->taken[room] ? "(taken)" : "Nothing of worth.");
		return;
	}
	if (r->treasure[0])
		panel_text(&row, r->treasure);
	for (size_t i = 0; i < r->n_items; i++) {
		snprintf(line, sizeof line, "- %s", r->item_names[i]);
		panel_text(&row, line);
	}
}

/* The pack a line an item (the worn ones marked), then the totals. */
static void draw_pack(const struct game *g)
{
	const struct lf_totals *t = &g->totals;
	char line[160];
	mvprintw(PACK_ROW - 1, 0, "Pack (%d; w + letter: wear or take off)", g->n_pack);
	for (int i = 0; i < g->n_pack && i < 2 * PACK_ROWS; i++) {
		const struct carried *c = &g->pack[i];
		snprintf(line, sizeof line, "%c%c %s%s%s", 'a' + i, c->place[0] ? '*' : ')',
		         c->place, c->place[0] ? ": " : "", c->item->name);
		mvaddnstr(PACK_ROW + i % PACK_ROWS, i < PACK_ROWS ? 0 : COLS / 2, line,
		          COLS / 2 - 1);
	}
	if (g->n_pack > 2 * PACK_ROWS)
		mvprintw(PACK_ROW + PACK_ROWS, COLS / 2, "... and %d more",
		         g->n_pack - 2 * PACK_ROWS);
	mvprintw(LINES - 2, 0,
	         "Worn %u: attack %" PRId64 " defense %" PRId64 " magic %" PRId64 " str %" PRId64
	         " sneak %" PRId64 " crit %" PRId64 "; %" PRIu64 " gp",
	         t->worn, t->attack, t->defense, t->magic, t->str, t->sneak, t->crit, t->value);
}

void screen_draw(const struct game *g)
{
	erase();
	mvprintw(0, 0, "Level %d  Gold %" PRIu64 "  Turn %ld  Seed %" PRIu64 "  %s", g->depth,
	         g->gold, g->turns, g->seed, lf_dungeon_code(g->d));
	draw_map(g);
	draw_room(g);
	draw_pack(g);
	mvaddnstr(LINES - 1, 0, g->msg, COLS - 1);
	move(LINES - 1, COLS - 1);
	refresh();
}
