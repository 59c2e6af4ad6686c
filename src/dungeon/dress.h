/* dress: what is in a room beyond its treasure (SPEC §16, docs/dungeons.md
 * "Dressing"): each door's state, traps in rooms and hallways, a room's
 * occupants and its short description, drawn from the dungeon_dressing
 * rows (migration 0020) of the dungeon's revision and level. Pure: the
 * same dungeon, rows and seed give the same dressing. Kept apart from
 * struct dungeon, whose bytes the older codes' answers are made of. */
#ifndef LOOTFORGE_DRESS_H
#define LOOTFORGE_DRESS_H

#include <stddef.h>
#include <stdint.h>

#include "dungeon.h"

enum dress_kind {
	DRESS_DOOR,
	DRESS_TRAP,
	DRESS_OCCUPANT,
	DRESS_FEATURE,
	DRESS_SOUND,
	DRESS_SMELL,
	DRESS__MAX
};

enum door_state {
	DOOR_OPEN,
	DOOR_CLOSED,
	DOOR_LOCKED,
	DOOR_STUCK,
	DOOR_TRAPPED,
	DOOR_SECRET,
	DOOR__MAX
};

extern const char *const dress_kind_names[DRESS__MAX];
extern const char *const door_state_names[DOOR__MAX];

#define DRESS_NAME_MAX   257 /* 64 characters of UTF-8, NUL */
#define DRESS_EFFECT_MAX 641 /* 160 characters */

/* One dungeon_dressing row with its revisions. For a door, name is a
 * door_state_names entry (state holds its index). */
struct dress_row {
	uint32_t id;
	enum dress_kind kind;
	int state; /* doors: enum door_state */
	char name[DRESS_NAME_MAX], plural[DRESS_NAME_MAX], effect[DRESS_EFFECT_MAX];
	int level_min, level_max, number_min, number_max;
	uint32_t weight;
	uint64_t added_rev, retired_rev; /* retired_rev 0: live */
};

/* The kind named s, or -1; the door state named s, or -1. */
int dress_kind_from_name(const char *s);
int door_state_from_name(const char *s);

/* Whether row r is part of the catalog at rev. */
int dress_row_at(const struct dress_row *r, uint64_t rev);

/* One trap placed in a hallway: its cell and its row. */
struct dress_hall_trap {
	int x, y;
	const struct dress_row *trap;
};

/* A room's dressing. An occupant of NULL: nobody; a trap of NULL: none. */
struct dress_room {
	const struct dress_row *feature, *sense; /* sense: a sound or a smell */
	const struct dress_row *occupant;
	int count;
	const struct dress_row *trap;
};

#define DRESS_HALL_TRAPS_MAX 32

/* Everything drawn; the rows point into the rows given, which must outlive it. */
struct dress {
	uint8_t door_state[DUNGEON_DOORS_MAX];
	struct dress_room room[DUNGEON_ROOMS_MAX + 1]; /* 1..n_rooms */
	struct dress_hall_trap hall[DRESS_HALL_TRAPS_MAX];
	int n_hall;
};

/* A room holds occupants DRESS_OCCUPIED_PCT times in 100 and a trap
 * DRESS_TRAPPED_PCT times in 100; the hallways a trap for every
 * DRESS_HALL_CELLS_TRAP of their cells (rounded down, at most
 * DRESS_HALL_TRAPS_MAX). Decisions of docs/dungeons.md, not data: the rows
 * say what, these how often. */
#define DRESS_OCCUPIED_PCT    45
#define DRESS_TRAPPED_PCT     15
#define DRESS_HALL_CELLS_TRAP 400

/* Room r's description as sentences ("A dry fountain choked with leaves.
 * It smells of smoke."), into out (cap bytes, NUL-terminated, cut short
 * when it does not fit); "" when it has none. Its length. */
#define DRESS_DESCRIPTION_MAX (2 * DRESS_NAME_MAX + 32)
size_t dress_description(const struct dress_room *r, char *out, size_t cap);

/* Room r's occupants as words ("3 goblins", "1 ogre"); "" when none. */
size_t dress_occupants_text(const struct dress_room *r, char *out, size_t cap);

/* The name of a gem (art 0) or an art object (art 1) of `value` gp, the
 * `what`-th of those of that value (modulo their count), for version 4:
 * every name belongs to one value, so a "silver ewer" is worth the same
 * at every level (the level changes which appear and how many). Values
 * no list holds fall back to the unkeyed lists of dungeon.c. */
const char *dress_valuable_name(int art, uint32_t value, int what);

/* Dresses d from the n rows (those at rev that fit d->level) with seed.
 * A kind with no row that fits leaves its part empty; a door with no door
 * row is closed. */
void dungeon_dress(const struct dungeon *d, const struct dress_row *rows, size_t n, uint64_t rev,
                   uint64_t seed, struct dress *out);

#endif
