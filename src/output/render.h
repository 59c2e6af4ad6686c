/* render: an answer's body, as an HTML page (through the templates) or JSON
 * (items written directly, errors through jansson). Renderers only read;
 * they never generate or query. */
#ifndef LOOTFORGE_RENDER_H
#define LOOTFORGE_RENDER_H

#include <stddef.h>

#include <jansson.h>

#include "buf.h"
#include "catalog.h"
#include "form.h"
#include "item.h"
#include "mapgen.h"

struct page {
	const struct catalog *cat; /* lists the words in the form; NULL: no lists */
	const struct form *form;   /* values to show in the form, as sent */
	const struct item *items;  /* cards to show, may be none */
	size_t n_items;
	int status;              /* the answer's HTTP status */
	const char *error_field; /* an error to show above the form, or NULL */
	const char *error_message;
	const struct form_error *errors; /* every problem, when set (wins over error_*) */
};

/* The index/generate page: layout + form (+ cards) (+ error). 0 or -1. */
int render_html(const struct page *p, struct buf *out);

/* One item as a JSON object, or {"items": [...]} when batch is set (SPEC §5). */
int render_json_items(const struct form *f, const struct item *items, size_t n, int batch,
                      struct buf *out);
/* The same with extra[i] (JSON members, "name":value,...; NULL: none) added
 * at the end of item i. */
int render_json_items_with(const struct form *f, const struct item *items, size_t n, int batch,
                           const char *const *extra, struct buf *out);

/* The items as CSV: a header row, a row an item (render_csv.c). 0 or -1. */
int render_csv_items(const struct form *f, const struct item *items, size_t n, struct buf *out);

/* One item in docs/api.md's shape (whatever its code's version: a page that
 * wraps items is no permanent link) as a jansson value, for the answers that
 * hold items among other things (a loadout, a map's loot); f gives its
 * reroll link (f->format JSON: the links ask for JSON). NULL on failure. */
json_t *render_json_item_value(const struct form *f, const struct item *it);

/* The same item as JSON text appended to out: the bytes of that value
 * dumped compactly, without the tree. 0, or -1 (out as it was). */
int render_json_item_append(const struct form *f, const struct item *it, struct buf *out);

/* s (n bytes) as a JSON string appended to out, escaped as jansson escapes
 * it ('"', '\\' and control characters; '/' and non-ASCII as they are). 0,
 * or -1 when s is not UTF-8 or memory ran out (nothing appended). */
int render_json_string(struct buf *out, const char *s, size_t n);

/* One item of a map's loot: its tile, the floor cell its marker sits on. */
struct render_map_loot {
	int x, y, cx, cy;
	const struct item *item;
};

/* A map as GET /map's JSON answer (docs/api.md). */
struct render_map {
	const char *tileset;
	const struct catalog_tileset *ts; /* names m's tiles */
	const struct map *m;
	uint64_t seed;
	const char *link; /* the map's own link, as the answer gives it */
	int loot_tier;    /* -1: no loot members; else the tier asked (0 = any) */
	const struct render_map_loot *loot;
	size_t n_loot, n_rooms;
	int loot_max;
};

/* Appends the map's JSON to out, all or nothing (the loot items in
 * docs/api.md's shape, their links asking for JSON). 0 or -1. */
int render_json_map(const struct render_map *rm, struct buf *out);

/* {"errors": [{"field": ..., "code": ..., "message": ...}]} (docs/api.md);
 * field may be NULL (JSON null); code NULL: the status's (render_error_code). */
int render_json_error(int status, const char *field, const char *code, const char *message,
                      struct buf *out);

/* The same with every problem of a form's list. */
int render_json_errors(const struct form_error *e, struct buf *out);

/* The code of an error that has only a status: 404 "not_found", 503
 * "unavailable", 500 "internal", ... (docs/api.md's table). */
const char *render_error_code(int status);

/* Rarity class of a strength: "common", "uncommon", "rare", "epic", "legendary". */
const char *render_rarity(int str);

/* The card's icon of an item, the name of a file of public/icons/ without
 * ".svg" ("crossbow", "one-hand"): its kind's, its weapon family's, else its
 * slot's. The loadout's doll draws with it too. */
void render_icon_name(const struct item *it, char *dst, size_t n);

#endif
