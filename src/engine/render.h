/* render: an answer's body, as an HTML page (through the templates) or JSON
 * (items written directly, errors through jansson). Renderers only read;
 * they never generate or query. */
#ifndef LOOTFORGE_RENDER_H
#define LOOTFORGE_RENDER_H

#include <stddef.h>

#include "buf.h"
#include "catalog.h"
#include "form.h"
#include "item.h"

struct page {
	const struct catalog *cat; /* lists the words in the form; NULL: no lists */
	const struct form *form;   /* values to show in the form, as sent */
	const struct item *items;  /* cards to show, may be none */
	size_t n_items;
	int status;              /* the answer's HTTP status */
	const char *error_field; /* an error to show above the form, or NULL */
	const char *error_message;
};

/* The index/generate page: layout + form (+ cards) (+ error). 0 or -1. */
int render_html(const struct page *p, struct buf *out);

/* One item as a JSON object, or {"items": [...]} when batch is set (SPEC §5). */
int render_json_items(const struct form *f, const struct item *items, size_t n, int batch,
                      struct buf *out);

/* The items as CSV: a header row, a row an item (render_csv.c). 0 or -1. */
int render_csv_items(const struct form *f, const struct item *items, size_t n, struct buf *out);

/* {"error": {"field": ..., "message": ...}}; field may be NULL (JSON null). */
int render_json_error(const char *field, const char *message, struct buf *out);

/* Rarity class of a strength: "common", "uncommon", "rare", "epic", "legendary". */
const char *render_rarity(int str);

/* The card's icon of an item, the name of a file of public/icons/ without
 * ".svg" ("crossbow", "one-hand"): its kind's, its weapon family's, else its
 * slot's. The loadout's doll draws with it too. */
void render_icon_name(const struct item *it, char *dst, size_t n);

#endif
