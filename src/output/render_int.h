/* render_int: what the renderers share (render.c, render_html.c,
 * render_json.c, formcache.c) and nothing else includes. */
#ifndef LOOTFORGE_RENDER_INT_H
#define LOOTFORGE_RENDER_INT_H

#include <stddef.h>

#include "form.h"
#include "recipe.h"

#define PART_BIT(p) (1u << (p))
#define WEAPON_PARTS                                                                               \
	(PART_BIT(P_ELEMENT) | PART_BIT(P_PREFIX) | PART_BIT(P_TYPE) | PART_BIT(P_ADJECTIVE) |     \
	 PART_BIT(P_ABSTRACT))
#define ALL_PARTS ((1u << P__MAX) - 1)

/* f, or the defaults when the caller has no form (no request fields). */
const struct form *render_form(const struct form *f);

/* The parts a kind's item is made of; fallback when the kind has no recipe. */
unsigned render_kind_parts(enum kind k, unsigned fallback);

/* names[i], or other when i is out of range or names[i] is NULL. */
const char *render_name_or(const char *const *names, int n, int i, const char *other);

/* Copies s into dst (n > 0 bytes), cut short if need be; returns dst. */
char *render_copy(const char *s, char *dst, size_t n);

/* s with its first letter upper-cased ("two hands" -> "Two hands"). */
const char *render_capitalised(const char *s, char *dst, size_t n);

/* "Weapon", "Armour": the recipe's label, else the kind's name capitalised. */
const char *render_kind_label(enum kind k, char *dst, size_t n);

#endif
