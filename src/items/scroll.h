/* scroll: a scroll's card sentences (SPEC §8, docs/recipes.md). Pure: they
 * read the item's parts and marks and write text, so the site and the
 * library say the same thing for the same item. */
#ifndef LOOTFORGE_SCROLL_H
#define LOOTFORGE_SCROLL_H

#include <stddef.h>

#include "item.h"

/* Room for both sentences: six words of at most 256 bytes and the glue. */
#define SCROLL_TEXT_MAX 1700

/* "and" when the two marks agree (both good or both bad), "but" when they
 * differ; a row without a mark counts as good. */
const char *scroll_conjunction(enum mark paper, enum mark writing);

/* The description of scroll it into dst: the tube sentence, then the paper
 * and writing sentence, "A beautifully carved iron tube holds the scroll.
 * Vellum has torn a bit but good quality writing is decorative." A sentence
 * whose parts are missing (an empty table) is left out. Returns the length,
 * 0 when the item is not a scroll or has no such parts, or -1 when cap is
 * too short (dst is then ""). */
int scroll_description(const struct item *it, char *dst, size_t cap);

#endif
