/* dbwords: changing the live words of the affix tables (docs/items.md):
 * each call is one change set, logged in the moderation log, run again
 * once after a lost connection. */
#ifndef LOOTFORGE_DBWORDS_H
#define LOOTFORGE_DBWORDS_H

#include <stdint.h>

#include "dbmod.h"

/* Retires the live word of table (k, p) (matched as the table's collation
 * does): it stays in the catalogs of earlier revisions, so every item made
 * with it stays as it was. *found = 0 when no live row has the word. */
enum db_status db_word_retire(struct db *d, enum kind k, enum part p, const char *word,
                              const struct moderator *m, int *found, uint64_t *rev);

/* Edits the live word: retires its row and adds a copy with stat[s] for
 * each s whose given[s] is set (the others kept). *new_id is the copy's
 * id. *found = 0 when no live row has the word. */
enum db_status db_word_edit(struct db *d, enum kind k, enum part p, const char *word,
                            const int32_t stat[ST__MAX], const int given[ST__MAX],
                            const struct moderator *m, int *found, uint32_t *new_id, uint64_t *rev);

#endif
