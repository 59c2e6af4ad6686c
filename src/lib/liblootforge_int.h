/* liblootforge_int: the inside of the library, shared by its files
 * (liblootforge.c: the catalog and the JSON answers; lf_item.c, lf_map.c,
 * lf_loadout.c: the same answers as structs), so that each answer is read
 * and made one way whatever its form. */
#ifndef LOOTFORGE_LIBLOOTFORGE_INT_H
#define LOOTFORGE_LIBLOOTFORGE_INT_H

#include "catalog.h"
#include "form.h"
#include "item.h"
#include "itemlink.h"
#include "lootforge.h"

struct lf_catalog {
	struct catalog *c;
};

/* The item of a code of c's revision: 0 with *ci (itemlink_release it), or
 * -1 with *why. */
int lfi_coded(const struct lf_catalog *c, const char *code, size_t len, struct coded_item *ci,
              const char **why);

/* The items of a query: 0 with *f (malloc'd) and *items (f->count of them,
 * malloc'd), or -1 with *why and *field. The caller frees both. */
int lfi_generate(const struct lf_catalog *c, const char *query, struct form **f,
                 struct item **items, const char **field, const char **why);

#endif
