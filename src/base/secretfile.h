/* secretfile: opening a file that holds a secret (the database password,
 * the CSRF secret), refusing one that the wrong people could read or change.
 * Kept apart because <sys/stat.h>'s struct stat cannot share a file with
 * recipe.h's enum stat. */
#ifndef LOOTFORGE_SECRETFILE_H
#define LOOTFORGE_SECRETFILE_H

/* Opens path read-only. Refused: anything but a regular file, any permission
 * for others, and group write or execute; group read too unless
 * group_may_read (a root:lootforge 0640 file read through the daemon's
 * group). Returns the fd, or -1 with *why set to a static sentence (or
 * strerror's) that names the fix but never the content. */
int secretfile_open(const char *path, int group_may_read, const char **why);

#endif
