/* version: the one version string of the daemon and the command-line tool
 * (`lootforged --version`, `lootforge --version`). Raised by hand at a
 * release (docs/operations.md, "Upgrade"); nothing else holds a version
 * number of the program. Included by main/config and cli/lootforge.c. */
#ifndef LOOTFORGE_VERSION_H
#define LOOTFORGE_VERSION_H

#define LOOTFORGE_VERSION "0.9.0"

#endif
