/* lf_dungeon: the site's keyed dungeons offline (lootforge.h,
 * lf_dungeon_json): /dungeon's fields read by mapquery's rules, the
 * dungeon made by the one recipe the page runs (dungeon_make_keyed) from
 * the current catalog export's tiles and treasure budgets, and written by
 * the page's own writers (dungeon_key_json, dungeon_key_text), or copied
 * into struct lf_dungeon (lf_dungeon_make), so whatever a keyed dungeon
 * holds on the site, the library holds too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "buf.h"
#include "dungeon.h"
#include "dungeon_key.h"
#include "dress.h"
#include "dungeoncode.h"
#include "keyed.h"
#include "liblootforge_int.h"
#include "mapquery.h"
#include "rng.h"

enum lf_dungeon_field { F_W, F_H, F_SEED, F_TILESET, F_LEVEL, F_HALLWAYS, F_FORMAT, F__MAX };
static const char *const names[F__MAX + 1] = {"w",     "h",        "seed",   "tileset",
                                              "level", "hallways", "format", NULL};

#define DEFAULT_W       12
#define DEFAULT_H       8
#define DEFAULT_TILESET "plain"

static int read_field(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	static const enum mapquery_field field[F__MAX] = {
	        [F_W] = MQ_W,         [F_H] = MQ_H,
	        [F_SEED] = MQ_SEED,   [F_TILESET] = MQ_TILESET,
	        [F_LEVEL] = MQ_LEVEL, [F_HALLWAYS] = MQ_HALLWAYS};
	if (i == F_FORMAT)
		return 0; /* the function says the format */
	return mapquery_field(ctx, field[i], names[i], v, n, err);
}

/* The keyed dungeon of a query into *k, made in arena a (both freed by the
 * caller when 0: dungeon_keyed_free, arena_free; a freed when -1). 0, or
 * -1 with *why and *field. */
static int keyed_of(const struct lf_catalog *c, const char *query, struct arena *a, struct keyed *k,
                    const char **field, const char **why)
{
	struct mapquery q = {.w = DEFAULT_W,
	                     .h = DEFAULT_H,
	                     .loot = -1,
	                     .level = 1,
	                     .hallways = DUNGEON_HALLWAYS_DEF};
	struct form_reader r;
	struct form_error err;

	*field = NULL;
	strcpy(q.tileset, DEFAULT_TILESET);
	form_reader_init(&r, names, read_field, &q);
	if (form_read(&r, "query", query, query ? strlen(query) : 0, &err) != 0) {
		*field = err.field;
		*why = err.message;
		return -1;
	}
	struct dungeoncode code = {.version = DUNGEONCODE_VERSION,
	                           .w = q.w,
	                           .h = q.h,
	                           .level = q.level,
	                           .hallways = q.hallways,
	                           .seed = q.has_seed ? q.seed : rng_fresh_seed(),
	                           .revision = c->c->revision};
	memcpy(code.tileset, q.tileset, sizeof code.tileset);
	if (c->c->n_budgets == 0) {
		*why = "this catalog export has no treasure budgets: load the current "
		       "/catalog.json "
		       "(without rev=)";
		return -1;
	}
	const char *msg = NULL;
	arena_init(a, 4096, 1 << 20);
	if (dungeon_make_keyed(a, c->c, &code, 1, k, field, &msg) != 0) {
		/* the sentence may be in the arena: kept where it outlives it */
		static __thread char kept[512];
		snprintf(kept, sizeof kept, "%s", msg ? msg : "cannot make this dungeon");
		arena_free(a);
		*why = kept;
		return -1;
	}
	return 0;
}

/* The dungeon of a query in the form `text` picks (0 JSON, 1 text). */
static int dungeon_answer(const struct lf_catalog *c, const char *query, int text, char **out,
                          const char **field, const char **why)
{
	struct arena a;
	struct keyed k;

	*out = NULL;
	if (keyed_of(c, query, &a, &k, field, why) != 0)
		return -1;
	struct buf b;
	buf_init(&b);
	int rc = text ? dungeon_key_text(&k, &b) : dungeon_key_json(&k, &b);
	dungeon_keyed_free(&k);
	arena_free(&a);
	*out = rc == 0 && !b.oom && b.data ? strdup(b.data) : NULL;
	buf_free(&b);
	if (!*out) {
		*why = "out of memory";
		return -1;
	}
	return 0;
}

int lf_dungeon_json(const struct lf_catalog *c, const char *query, char **out, const char **field,
                    const char **why)
{
	return dungeon_answer(c, query, 0, out, field, why);
}

int lf_dungeon_text(const struct lf_catalog *c, const char *query, char **out, const char **field,
                    const char **why)
{
	return dungeon_answer(c, query, 1, out, field, why);
}

/* ---- struct lf_dungeon ---------------------------------------------- */

struct lf_dungeon {
	char code[DUNGEONCODE_MAX];
	int level, cw, ch;
	uint64_t total;
	char *kind;        /* cw x ch: '#', '.', 'r' */
	uint16_t *room_of; /* cw x ch: 0 or the room */
	uint16_t *door_of; /* cw x ch: 0 or the door whose hallway side it is */
	int up_x, up_y, down_x, down_y;
	int n_rooms, n_doors;
	struct lf_room *rooms; /* room n at [n - 1] */
	struct lf_door *doors;
	/* every string and array the rooms point at, freed with the dungeon */
	void **owned;
	size_t n_owned, cap_owned;
	int oom;
};

/* p, owned by d from now on (freed at once when it cannot be). */
static void *own(struct lf_dungeon *d, void *p)
{
	if (!p) {
		d->oom = 1;
		return NULL;
	}
	if (d->n_owned == d->cap_owned) {
		size_t ncap = d->cap_owned ? 2 * d->cap_owned : 64;
		void **more = realloc(d->owned, ncap * sizeof *more);
		if (!more) {
			free(p);
			d->oom = 1;
			return NULL;
		}
		d->owned = more;
		d->cap_owned = ncap;
	}
	return d->owned[d->n_owned++] = p;
}

static const char *own_str(struct lf_dungeon *d, const char *s)
{
	return own(d, strdup(s));
}

/* Room id's members, its items from k->items[*item] on. */
static void copy_room(struct lf_dungeon *d, const struct keyed *k, int id, size_t *item)
{
	const struct dungeon_room *r = &k->d->room[id];
	struct lf_room *o = &d->rooms[id - 1];
	struct buf b;
	char text[DRESS_DESCRIPTION_MAX];

	o->number = id;
	o->x0 = r->x0;
	o->y0 = r->y0;
	o->x1 = r->x1;
	o->y1 = r->y1;
	o->cells = r->n_cells;
	o->stock = dungeon_stock_names[r->stock];
	o->coins = r->coins;
	o->hoard = r->coins;
	for (int i = 0; i < r->n_gems; i++)
		o->hoard += r->gem[i].value;
	for (int i = 0; i < r->n_arts; i++)
		o->hoard += r->art[i].value;
	buf_init(&b);
	o->treasure = dungeon_treasure_line_of(k, r, &b) == 0 && !b.oom
	                      ? own_str(d, b.data ? b.data : "")
	                      : own(d, NULL);
	buf_free(&b);
	o->total = k->room_total ? k->room_total[id] : o->hoard;
	o->n_items = (size_t)r->n_items;
	const char **codes = own(d, calloc(o->n_items + 1, sizeof *codes));
	const char **item_names = own(d, calloc(o->n_items + 1, sizeof *item_names));
	for (size_t i = 0; codes && item_names && i < o->n_items; i++) {
		const struct key_item *ki = &k->items[*item + i];
		item_names[i] = own_str(d, ki->name);
		if (ki->made && strncmp(ki->link, "/item/", 6) == 0)
			codes[i] = own_str(d, ki->link + 6);
	}
	*item += o->n_items;
	o->items = codes;
	o->item_names = item_names;
	o->description = o->occupants = "";
	o->trap = o->trap_effect = NULL;
	if (k->dress) {
		const struct dress_room *dr = &k->dress->room[id];
		dress_description(dr, text, sizeof text);
		o->description = own_str(d, text);
		dress_occupants_text(dr, text, sizeof text);
		o->occupants = own_str(d, text);
		if (dr->trap) {
			o->trap = own_str(d, dr->trap->name);
			o->trap_effect = own_str(d, dr->trap->effect);
		}
	}
}

/* Door i's members, and its hallway side's cells in door_of. */
static void copy_door(struct lf_dungeon *d, const struct keyed *k, int i)
{
	const struct dungeon_door *w = &k->d->door[i];
	struct lf_door *o = &d->doors[i];

	*o = (struct lf_door){
	        .number = i + 1,
	        .x0 = w->x0,
	        .y0 = w->y0,
	        .x1 = w->x1,
	        .y1 = w->y1,
	        .x = w->hx,
	        .y = w->hy,
	        .room = w->room,
	        .state = door_state_names[k->dress ? k->dress->door_state[i] : DOOR_CLOSED]};
	/* a vertical run on grid line x0 lies beside the cells of rows
	 * y0..y1-1; a horizontal one beside those of columns x0..x1-1 */
	int vertical = w->x0 == w->x1;
	int from = vertical ? w->y0 : w->x0, to = vertical ? w->y1 : w->x1;
	for (int v = from; v < to; v++) {
		int x = vertical ? w->hx : v, y = vertical ? v : w->hy;
		if (x >= 0 && y >= 0 && x < d->cw && y < d->ch && d->kind[y * d->cw + x] == '.')
			d->door_of[y * d->cw + x] = (uint16_t)(i + 1);
	}
}

int lf_dungeon_make(const struct lf_catalog *c, const char *query, struct lf_dungeon **out,
                    const char **field, const char **why)
{
	struct arena a;
	struct keyed k;

	*out = NULL;
	if (keyed_of(c, query, &a, &k, field, why) != 0)
		return -1;
	const struct dungeon *g = k.d;
	struct lf_dungeon *d = calloc(1, sizeof *d);
	size_t cells = (size_t)g->cw * (size_t)g->ch;
	if (d) {
		snprintf(d->code, sizeof d->code, "%s", k.code_text);
		d->level = g->level;
		d->cw = g->cw;
		d->ch = g->ch;
		d->total = k.total;
		d->up_x = g->up_x;
		d->up_y = g->up_y;
		d->down_x = g->down_x;
		d->down_y = g->down_y;
		d->n_rooms = g->n_rooms;
		d->n_doors = g->n_doors;
		d->kind = own(d, malloc(cells));
		d->room_of = own(d, malloc(cells * sizeof *d->room_of));
		d->door_of = own(d, calloc(cells, sizeof *d->door_of));
		d->rooms = own(d, calloc((size_t)g->n_rooms + 1, sizeof *d->rooms));
		d->doors = own(d, calloc((size_t)g->n_doors + 1, sizeof *d->doors));
	}
	if (d && !d->oom) {
		size_t item = 0;
		for (int y = 0; y < g->ch; y++)
			for (int x = 0; x < g->cw; x++) {
				size_t at = (size_t)y * g->cw + (size_t)x;
				d->kind[at] = g->kind[at];
				d->room_of[at] = g->room_of[at];
			}
		for (int id = 1; id <= g->n_rooms && !d->oom; id++)
			copy_room(d, &k, id, &item);
		for (int i = 0; i < g->n_doors && !d->oom; i++)
			copy_door(d, &k, i);
	}
	dungeon_keyed_free(&k);
	arena_free(&a);
	if (!d || d->oom) {
		lf_dungeon_free(d);
		*why = "out of memory";
		return -1;
	}
	*out = d;
	return 0;
}

void lf_dungeon_free(struct lf_dungeon *d)
{
	if (!d)
		return;
	for (size_t i = 0; i < d->n_owned; i++)
		free(d->owned[i]);
	free(d->owned);
	free(d);
}

const char *lf_dungeon_code(const struct lf_dungeon *d)
{
	return d->code;
}

int lf_dungeon_level(const struct lf_dungeon *d)
{
	return d->level;
}

int lf_dungeon_width(const struct lf_dungeon *d)
{
	return d->cw;
}

int lf_dungeon_height(const struct lf_dungeon *d)
{
	return d->ch;
}

uint64_t lf_dungeon_total(const struct lf_dungeon *d)
{
	return d->total;
}

static int inside(const struct lf_dungeon *d, int x, int y)
{
	return x >= 0 && y >= 0 && x < d->cw && y < d->ch;
}

int lf_dungeon_cell(const struct lf_dungeon *d, int x, int y)
{
	return inside(d, x, y) ? d->kind[y * d->cw + x] : '#';
}

int lf_dungeon_room_at(const struct lf_dungeon *d, int x, int y)
{
	return inside(d, x, y) ? d->room_of[y * d->cw + x] : 0;
}

int lf_dungeon_door_at(const struct lf_dungeon *d, int x, int y)
{
	return inside(d, x, y) ? d->door_of[y * d->cw + x] : 0;
}

int lf_dungeon_rooms(const struct lf_dungeon *d)
{
	return d->n_rooms;
}

const struct lf_room *lf_dungeon_room(const struct lf_dungeon *d, int number)
{
	return number >= 1 && number <= d->n_rooms ? &d->rooms[number - 1] : NULL;
}

int lf_dungeon_doors(const struct lf_dungeon *d)
{
	return d->n_doors;
}

const struct lf_door *lf_dungeon_door(const struct lf_dungeon *d, int number)
{
	return number >= 1 && number <= d->n_doors ? &d->doors[number - 1] : NULL;
}

void lf_dungeon_stairs(const struct lf_dungeon *d, int *up_x, int *up_y, int *down_x, int *down_y)
{
	if (up_x)
		*up_x = d->up_x;
	if (up_y)
		*up_y = d->up_y;
	if (down_x)
		*down_x = d->down_x;
	if (down_y)
		*down_y = d->down_y;
}
