/* modcli: `lootforged --add-moderator NAME`, run once by an administrator
 * (docs/moderation.md): creates the moderator, or gives an existing one a
 * new password and ends their sessions. */
#ifndef LOOTFORGE_MODCLI_H
#define LOOTFORGE_MODCLI_H

#include <stdio.h>

#include "db.h"

/* Reads the password from the first line of `in` (asking on `err`, without
 * echo, when `in` is a terminal), hashes it (Argon2id) and stores it.
 * Returns the exit status: 0 done, 1 the database failed, 2 a bad name or
 * password. */
int modcli_add(const struct db_config *dbc, const char *name, FILE *in, FILE *out, FILE *err);

#endif
