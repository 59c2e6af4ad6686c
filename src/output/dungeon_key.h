/* dungeon_key: a keyed dungeon with its items rolled (what /dungeon
 * answers from), and its JSON and text forms (docs/dungeons.md). */
#ifndef LOOTFORGE_DUNGEON_KEY_H
#define LOOTFORGE_DUNGEON_KEY_H

#include "buf.h"
#include "keyed.h"
#include "catalog.h"
#include "dungeon.h"
#include "dungeoncode.h"
#include "item.h"
#include "itemcode.h"
#include "mapgen.h"

extern const char *const dungeon_stock_names[]; /* by enum dungeon_stock */

/* The treasure of room r as one line ("120 gp in coins; agate (10 gp)"),
 * without its items, appended to b. 0, or -1 out of memory. */
int dungeon_treasure_line(const struct dungeon_room *r, struct buf *b);

/* The same in the language of k's code: from version 4 each gem and art
 * object named by its value (dress_valuable_name). */
int dungeon_treasure_line_of(const struct keyed *k, const struct dungeon_room *r, struct buf *b);

/* The dungeon as JSON in the language of its code's version
 * (docs/dungeons.md), appended to out: version 1 the shape it always had,
 * version 2 docs/api.md's. 0, or -1 out of memory or when a name is not
 * UTF-8 (out as it was). */
int dungeon_key_json(const struct keyed *k, struct buf *out);

/* The address of the same inputs without the seed ("another dungeon"),
 * appended to b. 0, or -1 out of memory. */
int dungeon_key_again(const struct dungeoncode *c, struct buf *b);

/* dungeon_text, then a summary line and the key a room a line, appended to
 * out. 0, or -1 out of memory. */
int dungeon_key_text(const struct keyed *k, struct buf *out);

#endif
