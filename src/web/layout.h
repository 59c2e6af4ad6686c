/* layout: the one page skeleton of the site: layout.tpl (header, the
 * page's title, an error box, the page's body) and the error box
 * (error.tpl). Every HTML answer is built on it: the generator's page
 * (render_html.c) and every other page through the page kit (page.h). */
#ifndef LOOTFORGE_LAYOUT_H
#define LOOTFORGE_LAYOUT_H

#include "buf.h"
#include "form.h"
#include "http.h"
#include "tmpl.h"

/* A layout dictionary titled `title` (NULL: set TITLE later); NULL when out
 * of memory. */
struct tmpl_dict *layout_new(const char *title);

/* The error box above the body; field may be NULL, message NULL is "Something
 * went wrong.". 0, or -1 when out of memory. */
int layout_error(struct tmpl_dict *d, const char *field, const char *message);

/* The error box listing every problem of e (docs/api.md: all at once), each
 * field's name beside its message. 0, or -1 when out of memory. */
int layout_errors(struct tmpl_dict *d, const struct form_error *e);

/* What a visitor's own page adds to each card and batch row of the
 * generator's page: the Keep and Add to loadout forms (POST /stash), with
 * the csrf token and the address (a path of the site) to come back to. A
 * page that is the same for everyone (/item/CODE) passes none. */
struct card_actions {
	const char *csrf;
	const char *back;
	/* Card i's comparison with what the visitor wears, filled into the
	 * card's dictionary (NULL: none; the generator's page sets it). */
	void (*compare)(void *arg, size_t i, struct tmpl_dict *card);
	void *compare_arg;
};

struct page;

/* render_html (render.h) with the visitor's forms a (NULL: none). */
int render_html_for(const struct page *p, const struct card_actions *a, struct buf *out);

/* d expanded into out (appended). 0, or -1. */
int layout_expand(struct tmpl_dict *d, struct buf *out);

/* The header's "Moderate" on an HTML answer rs to a signed-in moderator
 * (the lf_session cookie names a session). Pages are rendered the same for
 * everyone (and kept so: the page cache, nginx), so the link is added to
 * the answer as it leaves, which then is private and no-store; an answer
 * marked public (a permanent /item/CODE) is everyone's and left alone. */
void layout_moderator(struct handler_ctx *ctx, const struct request *rq, struct response *rs);

#endif
