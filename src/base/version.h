/* version: the release of lootforge, shared by the library's header, the
 * command, the daemon and the Makefile (which reads the three numbers for
 * the shared library's soname and lootforge.pc). Semantic versioning;
 * docs/library.md says what each number promises. */
#ifndef LOOTFORGE_VERSION_H
#define LOOTFORGE_VERSION_H

#define LOOTFORGE_VERSION_MAJOR 0
#define LOOTFORGE_VERSION_MINOR 9
#define LOOTFORGE_VERSION_PATCH 0
#define LOOTFORGE_VERSION       "0.9.0"

#endif
