/* dungeon_key: see dungeon_key.h. */
#include "dungeon_key.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include "decimal.h"
#include "form.h"
#include "recipe.h"
#include "render.h"

const char *const dungeon_stock_names[] = {"empty", "items", "hoard"};

/* The treasure of room r as one line of text ("120 gp; gems: ...; ..."),
 * without its items. */
int dungeon_treasure_line(const struct dungeon_room *r, struct buf *b)
{
	int rc = 0;
	if (r->coins)
		rc |= buf_printf(b, "%" PRIu32 " gp in coins", r->coins);
	for (int i = 0; i < r->n_gems; i++)
		rc |= buf_printf(b, "%s%s (%" PRIu32 " gp)", b->len ? "; " : "",
		                 dungeon_gem_names[r->gem[i].what], r->gem[i].value);
	for (int i = 0; i < r->n_arts; i++)
		rc |= buf_printf(b, "%s%s (%" PRIu32 " gp)", b->len ? "; " : "",
		                 dungeon_art_names[r->art[i].what], r->art[i].value);
	return rc;
}

static json_t *valuables_json(const struct dungeon_valuable *v, int n, const char *const *names)
{
	json_t *a = json_array();
	for (int i = 0; a && i < n; i++)
		if (json_array_append_new(a, json_pack("{s:s,s:I}", "name", names[v[i].what],
		                                       "value", (json_int_t)v[i].value)) != 0) {
			json_decref(a);
			a = NULL;
		}
	return a;
}

int dungeon_key_again(const struct dungeoncode *c, struct buf *b)
{
	if (buf_printf(b, "/dungeon?w=%d&h=%d&tileset=", c->w, c->h) != 0 ||
	    form_encode(b, c->tileset) != 0)
		return -1;
	return buf_printf(b, "&level=%d&hallways=%d", c->level, c->hallways);
}

/* The grid a row a string, into cells: both versions write it so, and
 * version 1 is frozen (test_v1_codes_keep_their_bytes checks it). */
static int cells_json(const struct keyed *k, json_t *cells)
{
	const struct dungeon *d = k->d;
	for (int y = 0; y < d->ch; y++)
		if (json_array_append_new(cells,
		                          json_stringn(&k->m->cell[(size_t)y * (size_t)d->cw],
		                                       (size_t)d->cw)) != 0)
			return -1;
	return 0;
}

/* ---- version 1: frozen ----
 *
 * The JSON of a dungeon whose code is of version 1, byte for byte as every
 * release before dungeon codes of version 2 wrote it: w and h, rooms' n,
 * items as {kind, name, link} linked by version-1 item codes (docs/api.md,
 * "Permanent links"; tests/integration/test_dungeon.py,
 * test_v1_codes_keep_their_bytes). Do not change this function. */
static json_t *key_json_v1(const struct keyed *k)
{
	const struct dungeon *d = k->d;
	json_t *cells = json_array(), *rooms = json_array(), *doors = json_array();
	char num[DECIMAL_MAX], link[DUNGEONCODE_MAX + 16];
	size_t item = 0;
	int ok = cells && rooms && doors;

	ok = ok && cells_json(k, cells) == 0;
	for (int id = 1; ok && id <= d->n_rooms; id++) {
		const struct dungeon_room *r = &d->room[id];
		json_t *items = json_array();
		for (int i = 0; items && i < r->n_items; i++, item++) {
			const struct key_item *ki = &k->items[item];
			if (json_array_append_new(
			            items, json_pack("{s:s,s:s,s:s?}", "kind", kind_names[ki->kind],
			                             "name", ki->name, "link",
			                             ki->link[0] ? ki->link : NULL)) != 0) {
				json_decref(items);
				items = NULL;
			}
		}
		json_t *o = json_pack(
		        "{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:s,s:I,s:o,s:o,s:o}", "n", id, "x0",
		        r->x0, "y0", r->y0, "x1", r->x1, "y1", r->y1, "cells", r->n_cells,
		        "label_x", r->lx, "label_y", r->ly, "stock", dungeon_stock_names[r->stock],
		        "coins", (json_int_t)r->coins, "gems",
		        valuables_json(r->gem, r->n_gems, dungeon_gem_names), "art",
		        valuables_json(r->art, r->n_arts, dungeon_art_names), "items", items);
		ok = o && json_array_append_new(rooms, o) == 0;
	}
	for (int i = 0; ok && i < d->n_doors; i++) {
		const struct dungeon_door *o = &d->door[i];
		ok = json_array_append_new(doors, json_pack("{s:i,s:i,s:i,s:i,s:i}", "x0", o->x0,
		                                            "y0", o->y0, "x1", o->x1, "y1", o->y1,
		                                            "room", o->room)) == 0;
	}
	if (!ok) {
		json_decref(cells);
		json_decref(rooms);
		json_decref(doors);
		return NULL;
	}
	snprintf(link, sizeof link, "/dungeon/%s", k->code_text);
	decimal_u64(k->code.seed, num);
	return json_pack("{s:s,s:i,s:i,s:i,s:i,s:s,s:I,s:s,s:s,s:o,s:o,s:o,s:{s:{s:i,s:i,s:i},s:{s:"
	                 "i,s:i,s:i}},s:I,s:I}",
	                 "tileset", k->code.tileset, "w", d->w, "h", d->h, "level", d->level,
	                 "hallways", k->code.hallways, "seed", num, "revision",
	                 (json_int_t)k->code.revision, "code", k->code_text, "link", link, "cells",
	                 cells, "rooms", rooms, "doors", doors, "stairs", "up", "x", d->up_x, "y",
	                 d->up_y, "room", d->up_room, "down", "x", d->down_x, "y", d->down_y,
	                 "room", d->down_room, "budget", (json_int_t)d->budget, "spent",
	                 (json_int_t)d->spent);
}

/* ---- version 2: docs/api.md's language ---- */

/* A stair: its cell and its room, null in a hallway. */
static json_t *stair_json(int x, int y, int room)
{
	return json_pack("{s:i,s:i,s:o}", "x", x, "y", y, "room",
	                 room ? json_integer(room) : json_null());
}

/* A room's items, each the item object of docs/api.md (its links asking
 * for JSON, its reroll its kind at its tier), into *items; the kinds the
 * catalog could not make into *unmade. Advances *at over k->items. */
static int room_items_v2(const struct keyed *k, const struct dungeon_room *r, size_t *at,
                         json_t **items, json_t **unmade)
{
	struct form f;

	*items = json_array();
	*unmade = json_array();
	if (!*items || !*unmade)
		return -1;
	form_parse(&f, NULL, NULL, 0, NULL);
	f.has_format = 1;
	f.format = FMT_JSON;
	for (int i = 0; i < r->n_items; i++, (*at)++) {
		const struct key_item *ki = &k->items[*at];
		json_t *v;
		f.kind = ki->kind;
		f.tier = ki->tier;
		if (ki->made)
			v = render_json_item_value(&f, &ki->item);
		else
			v = json_pack("{s:s,s:i}", "kind", kind_names[ki->kind], "tier", ki->tier);
		if (json_array_append_new(ki->made ? *items : *unmade, v) != 0)
			return -1;
	}
	return 0;
}

static json_t *key_json_v2(const struct keyed *k)
{
	const struct dungeon *d = k->d;
	json_t *cells = json_array(), *rooms = json_array(), *doors = json_array();
	char num[DECIMAL_MAX];
	struct buf link, again;
	size_t item = 0;
	int ok = cells && rooms && doors;

	ok = ok && cells_json(k, cells) == 0;
	for (int id = 1; ok && id <= d->n_rooms; id++) {
		const struct dungeon_room *r = &d->room[id];
		json_t *items = NULL, *unmade = NULL;
		if (room_items_v2(k, r, &item, &items, &unmade) != 0) {
			json_decref(items);
			json_decref(unmade);
			ok = 0;
			break;
		}
		json_t *o =
		        json_pack("{s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:s,s:I,s:o,s:o,s:o,s:o}",
		                  "number", id, "x0", r->x0, "y0", r->y0, "x1", r->x1, "y1", r->y1,
		                  "cells", r->n_cells, "label_x", r->lx, "label_y", r->ly, "stock",
		                  dungeon_stock_names[r->stock], "coins", (json_int_t)r->coins,
		                  "gems", valuables_json(r->gem, r->n_gems, dungeon_gem_names),
		                  "art", valuables_json(r->art, r->n_arts, dungeon_art_names),
		                  "items", items, "unmade", unmade);
		ok = o && json_array_append_new(rooms, o) == 0;
	}
	for (int i = 0; ok && i < d->n_doors; i++) {
		const struct dungeon_door *o = &d->door[i];
		ok = json_array_append_new(doors, json_pack("{s:i,s:i,s:i,s:i,s:i}", "x0", o->x0,
		                                            "y0", o->y0, "x1", o->x1, "y1", o->y1,
		                                            "room", o->room)) == 0;
	}
	buf_init(&link);
	buf_init(&again);
	ok = ok && buf_printf(&link, "/dungeon/%s?format=json", k->code_text) == 0 &&
	     dungeon_key_again(&k->code, &again) == 0 && buf_puts(&again, "&format=json") == 0;
	json_t *v = NULL;
	if (ok) {
		decimal_u64(k->code.seed, num);
		v = json_pack(
		        "{s:s,s:i,s:i,s:i,s:i,s:s,s:I,s:s,s:s,s:s,s:o,s:o,s:o,s:{s:o,s:o},s:I,"
		        "s:I}",
		        "tileset", k->code.tileset, "width", d->w, "height", d->h, "level",
		        d->level, "hallways", k->code.hallways, "seed", num, "revision",
		        (json_int_t)k->code.revision, "code", k->code_text, "link", link.data,
		        "reroll", again.data, "cells", cells, "rooms", rooms, "doors", doors,
		        "stairs", "up", stair_json(d->up_x, d->up_y, d->up_room), "down",
		        stair_json(d->down_x, d->down_y, d->down_room), "budget",
		        (json_int_t)d->budget, "spent", (json_int_t)d->spent);
	} else {
		json_decref(cells);
		json_decref(rooms);
		json_decref(doors);
	}
	buf_free(&link);
	buf_free(&again);
	return v;
}

json_t *dungeon_key_json(const struct keyed *k)
{
	return k->code.version == DUNGEONCODE_VERSION_1 ? key_json_v1(k) : key_json_v2(k);
}

/* dungeon_text, then the key a room a line ("3 (hoard): 120 gp in coins;
 * agate (10 gp); Rusty Sword"). */
int dungeon_key_text(const struct keyed *k, struct buf *out)
{
	const struct dungeon *d = k->d;
	size_t cap = (size_t)d->ch * (size_t)(d->cw + 1) + 1;
	char *grid = malloc(cap);
	struct buf line;
	size_t item = 0;
	int rc;

	if (!grid)
		return -1;
	size_t n = dungeon_text(d, grid);
	rc = buf_append(out, grid, n);
	free(grid);
	rc |= buf_printf(out, "\nLevel %d, %d room%s; stairs up ", d->level, d->n_rooms,
	                 d->n_rooms == 1 ? "" : "s");
	rc |= d->up_room ? buf_printf(out, "in room %d", d->up_room)
	                 : buf_puts(out, "in a hallway");
	rc |= d->down_room ? buf_printf(out, ", down in room %d", d->down_room)
	                   : buf_puts(out, ", down in a hallway");
	rc |= buf_printf(out, ". %s\n\n", k->code_text);
	buf_init(&line);
	for (int id = 1; rc == 0 && id <= d->n_rooms; id++) {
		const struct dungeon_room *r = &d->room[id];
		buf_reset(&line);
		rc |= dungeon_treasure_line(r, &line);
		for (int i = 0; i < r->n_items; i++, item++)
			rc |= buf_printf(&line, "%s%s", line.len ? "; " : "", k->items[item].name);
		rc |= buf_printf(out, "%d (%s)%s%s\n", id, dungeon_stock_names[r->stock],
		                 line.len ? ": " : "", line.len ? line.data : "");
	}
	buf_free(&line);
	return rc || out->oom ? -1 : 0;
}
