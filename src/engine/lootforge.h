/* lootforge.h: the item generator as a C library (liblootforge.a), the one
 * header a game includes (docs/items.md, "The library"). It reads the
 * catalog the site exports (GET /catalog.json?rev=R) and makes, byte for
 * byte, the JSON the site answers: an item by its permanent code, or items
 * from the site's own form fields. Link with
 *     -llootforge -ljansson -lunistring -lm -pthread
 * Thread-safe: a loaded catalog is never written again. */
#ifndef LOOTFORGE_PUBLIC_H
#define LOOTFORGE_PUBLIC_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct lf_catalog;

/* The catalog in an export (len bytes of JSON). NULL with *why (a static
 * English phrase) when the text is not one. Free with lf_catalog_free. */
struct lf_catalog *lf_catalog_load(const char *json, size_t len, const char **why);
uint64_t lf_catalog_revision(const struct lf_catalog *c);
void lf_catalog_free(struct lf_catalog *c);

/* The item whose code is `code`, as the site's /item/CODE?format=json
 * answers it. The code must be of this catalog's revision. 0 with *out
 * (NUL-terminated, the caller frees it), or -1 with *why. */
int lf_item_json(const struct lf_catalog *c, const char *code, char **out, const char **why);

/* Items from the site's form fields as a query string ("kind=armor&tier=3&
 * seed=42&count=5"; SPEC §5, docs/form.md), as /generate?...&format=json
 * answers them; without seed= a fresh random one. 0 with *out (free it),
 * or -1 with *why and *field (the field at fault, NULL if none). */
int lf_generate_json(const struct lf_catalog *c, const char *query, char **out, const char **field,
                     const char **why);

/* SPEC §7's price: base gold x mult[i]/100 for each part x the plus factor
 * (plus 0..5) x the condition (0 none, 1 worse, 2 better, 3 masterwork),
 * rounded half up, at least 1. The items' JSON carries it as "value". */
uint64_t lf_price(uint32_t base, const uint32_t *mult, size_t n, int plus, int condition);

#ifdef __cplusplus
}
#endif

#endif
