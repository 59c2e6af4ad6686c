/* catalog_file: the last good catalog on disk, so that a worker process
 * that starts while the database cannot be reached still generates.
 *
 * Format (version 2; docs/stack.md): one header line, then a JSON body.
 *
 *     lootforge-catalog 2 <body bytes> <BLAKE2b-256 of the body, hex>\n
 *     {"revision":R,"stats":["hands",...],"tables":[{"kind":"weapon",
 *      "part":"type","rows":[[id,"word",active,tier,tier_min,tier_max,
 *      slot,weight,[stat,...],added_rev,retired_rev,value,value_mult],...]},...],"tilesets":[{"name":"plain",
 *      "tiles":[["name","36 cells",n,e,s,w,weight],...]},...],
 *      "spells":[[id,"name",active,mana,level,tier,added_rev,retired_rev,
 *      [["kind",p1,p2,p3,p4,p5],...]],...],
 *      "names":[[id,"name",added_rev,retired_rev],...]}
 *
 * `stats` names the stat columns in the order every row lists them; a file
 * whose list differs from this daemon's is refused like another version.
 * "tilesets", "spells" and "names" may be absent (files of older builds).
 * Spells are read through the loader's check (catalog_add_spell).
 * A file is written whole under a temporary name, fsync'ed, then renamed
 * over the old one, so a reader sees the old file or the new one, never a
 * mix; two processes writing at once each use their own temporary name and
 * the last rename wins (both hold the same catalog of that revision). */
#ifndef LOOTFORGE_CATALOG_FILE_H
#define LOOTFORGE_CATALOG_FILE_H

#include "catalog.h"

#define CATALOG_FILE_VERSION 2
#define CATALOG_FILE_MAX     (256L * 1024 * 1024) /* a larger file is refused */

/* Writes c to path (atomically, see above). 0, or -1 (logged). */
int catalog_file_write(const char *path, const struct catalog *c);

/* The catalog in path, finished, owned by the caller; NULL when the file is
 * absent or refused: truncated, wrong version, bad checksum, or a body that
 * is not a catalog (one log line says which; *why, if not NULL, points at
 * the same static reason). */
struct catalog *catalog_file_read(const char *path, const char **why);

#endif
