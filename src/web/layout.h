/* layout: the one page skeleton of the site: layout.tpl (header, the
 * page's title, an error box, the page's body) and the error box
 * (error.tpl). Every HTML answer is built on it: the generator's page
 * (render_html.c) and every other page through the page kit (page.h). */
#ifndef LOOTFORGE_LAYOUT_H
#define LOOTFORGE_LAYOUT_H

#include "buf.h"
#include "tmpl.h"

/* A layout dictionary titled `title` (NULL: set TITLE later); NULL when out
 * of memory. */
struct tmpl_dict *layout_new(const char *title);

/* The error box above the body; field may be NULL, message NULL is "Something
 * went wrong.". 0, or -1 when out of memory. */
int layout_error(struct tmpl_dict *d, const char *field, const char *message);

/* d expanded into out (appended). 0, or -1. */
int layout_expand(struct tmpl_dict *d, struct buf *out);

#endif
