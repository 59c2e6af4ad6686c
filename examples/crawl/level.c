/* level.c: one level of the dungeon: made by the library from the run's
 * seed and the depth, walked cell by cell, its doors opened by their
 * states, and travelled by the shortest known way. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crawl.h"

/* The dungeon's size in tiles (6 x 6 cells each) and the deepest level
 * the library keys; deeper levels repeat its budget. */
#define LEVEL_W   10
#define LEVEL_H   6
#define LEVEL_MAX 20

/* splitmix64: small, and the same on every machine, so a seed replays. */
static uint64_t mix(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

uint64_t crawl_random(struct game *g, uint64_t n)
{
	return mix(&g->rng) % n;
}

int level_enter(struct game *g, int depth)
{
	char query[128];
	const char *field = NULL, *why = NULL;
	uint64_t s = g->seed + (uint64_t)depth; /* each level its own dungeon */
	struct lf_dungeon *d;

	snprintf(query, sizeof query, "w=%d&h=%d&tileset=plain&level=%d&seed=%" PRIu64, LEVEL_W,
	         LEVEL_H, depth < LEVEL_MAX ? depth : LEVEL_MAX, mix(&s) >> 1);
	if (lf_dungeon_make(g->cat, query, &d, &field, &why) != 0) {
		snprintf(g->msg, sizeof g->msg, "no dungeon: %s%s%s", field ? field : "",
		         field ? ": " : "", why);
		return -1;
	}
	level_free(g);
	g->d = d;
	g->depth = depth;
	g->door = calloc((size_t)lf_dungeon_doors(d) + 1, 1);
	g->taken = calloc((size_t)lf_dungeon_rooms(d) + 1, 1);
	if (!g->door || !g->taken) {
		snprintf(g->msg, sizeof g->msg, "out of memory");
		return -1;
	}
	lf_dungeon_stairs(d, &g->x, &g->y, NULL, NULL);
	snprintf(g->msg, sizeof g->msg, "You arrive on level %d.", depth);
	return 0;
}

void level_free(struct game *g)
{
	lf_dungeon_free(g->d);
	free(g->door);
	free(g->taken);
	g->d = NULL;
	g->door = g->taken = NULL;
}

int level_secret(const struct game *g, int x, int y)
{
	int n = lf_dungeon_door_at(g->d, x, y);
	return n && !g->door[n] && strcmp(lf_dungeon_door(g->d, n)->state, "secret") == 0;
}

int level_room_loot(const struct game *g, int room)
{
	const struct lf_room *r = lf_dungeon_room(g->d, room);
	return r && !g->taken[room] && (r->n_items > 0 || r->hoard > 0);
}

/* Whether a step from (x, y) by (dx, dy) may be tried: not into a wall or
 * an unfound secret door, and through a door (between a hallway and a
 * room) only straight. The door it crosses, if any, in *door. */
static int may_step(const struct game *g, int x, int y, int dx, int dy, int *door)
{
	int nx = x + dx, ny = y + dy;
	int from = lf_dungeon_cell(g->d, x, y), to = lf_dungeon_cell(g->d, nx, ny);
	*door = 0;
	if (to == '#' || level_secret(g, nx, ny))
		return 0;
	if (from == to)
		return 1;
	*door = from == '.' ? lf_dungeon_door_at(g->d, x, y) : lf_dungeon_door_at(g->d, nx, ny);
	return dx == 0 || dy == 0;
}

/* Tries door n: 1 when it lets the player through now. */
static int try_door(struct game *g, int n)
{
	const char *state = lf_dungeon_door(g->d, n)->state;
	if (g->door[n] || strcmp(state, "open") == 0)
		return 1;
	g->turns++;
	if (strcmp(state, "locked") == 0 && crawl_random(g, 3) != 0) {
		snprintf(g->msg, sizeof g->msg, "The door is locked. You work at the lock...");
		return 0;
	}
	if (strcmp(state, "stuck") == 0 && crawl_random(g, 2) != 0) {
		snprintf(g->msg, sizeof g->msg, "The door is stuck. You push...");
		return 0;
	}
	g->door[n] = 1;
	snprintf(g->msg, sizeof g->msg, "%s",
	         strcmp(state, "trapped") == 0  ? "You open the door. Something clicks!"
	         : strcmp(state, "locked") == 0 ? "You pick the lock and open the door."
	         : strcmp(state, "stuck") == 0  ? "You force the stuck door open."
	                                        : "You open the door.");
	return 0; /* opening it took the turn */
}

int level_step(struct game *g, int dx, int dy)
{
	int door;
	if (!may_step(g, g->x, g->y, dx, dy, &door)) {
		snprintf(g->msg, sizeof g->msg, "%s",
		         door ? "Go through a door straight." : "A wall blocks the way.");
		return 0;
	}
	if (door && !try_door(g, door))
		return 0;
	int was = lf_dungeon_room_at(g->d, g->x, g->y);
	g->x += dx;
	g->y += dy;
	g->turns++;
	int room = lf_dungeon_room_at(g->d, g->x, g->y);
	if (room && room != was)
		snprintf(g->msg, sizeof g->msg, "You enter room %d.%s", room,
		         level_room_loot(g, room) ? " Something lies here (g: take it)." : "");
	return 1;
}

void level_search(struct game *g)
{
	int found = 0;
	g->turns++;
	for (int y = g->y - 2; y <= g->y + 2; y++)
		for (int x = g->x - 2; x <= g->x + 2; x++)
			if (level_secret(g, x, y)) {
				g->door[lf_dungeon_door_at(g->d, x, y)] = 1;
				found = 1;
			}
	snprintf(g->msg, sizeof g->msg, "%s",
	         found ? "You find a secret door!" : "You find nothing.");
}

/* Breadth first from the player over the cells a step may reach, to the
 * nearest cell of a room with loot (to_loot) or the stairs down; then
 * walked, each door tried until it gives. */
void level_travel(struct game *g, int to_loot)
{
	int w = lf_dungeon_width(g->d), h = lf_dungeon_height(g->d), dx, dy, door;
	int *from = malloc((size_t)w * (size_t)h * sizeof *from);
	int *queue = malloc((size_t)w * (size_t)h * sizeof *queue);
	int head = 0, tail = 0, goal = -1;

	lf_dungeon_stairs(g->d, NULL, NULL, &dx, &dy);
	if (!from || !queue) {
		free(from);
		free(queue);
		return;
	}
	for (int i = 0; i < w * h; i++)
		from[i] = -1;
	from[g->y * w + g->x] = g->y * w + g->x;
	queue[tail++] = g->y * w + g->x;
	while (head < tail && goal < 0) {
		int at = queue[head++], x = at % w, y = at / w;
		if (to_loot ? level_room_loot(g, lf_dungeon_room_at(g->d, x, y))
		            : x == dx && y == dy)
			goal = at;
		for (int sy = -1; sy <= 1; sy++)
			for (int sx = -1; sx <= 1; sx++) {
				int next = (y + sy) * w + x + sx;
				if ((sx || sy) && may_step(g, x, y, sx, sy, &door) &&
				    from[next] < 0) {
					from[next] = at;
					queue[tail++] = next;
				}
			}
	}
	int n = 0;
	for (int at = goal; at >= 0 && at != from[at]; at = from[at])
		queue[n++] = at; /* the way back, reused */
	if (goal < 0)
		snprintf(g->msg, sizeof g->msg, "%s",
		         to_loot ? "Nothing left to take here. (>: the stairs)"
		                 : "No known way down. (s: search for secret doors)");
	for (int i = n - 1, tries = 0; i >= 0 && tries < 50; tries++) {
		int x = queue[i] % w, y = queue[i] / w;
		if (level_step(g, x - g->x, y - g->y)) {
			i--;
			tries = 0;
		}
	}
	free(from);
	free(queue);
}
