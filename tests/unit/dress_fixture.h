/* The shipped dressing rows as the daemon loads them: the rows of
 * migration 0020 ("('kind', 'name', 'plural', 'effect', level_min,
 * level_max, number_min, number_max, weight, @rev)"), read from the file
 * itself, for the dungeon's unit tests. Run from the project root. */
#ifndef LOOTFORGE_DRESS_FIXTURE_H
#define LOOTFORGE_DRESS_FIXTURE_H

#include <stdio.h>
#include <string.h>

#include "dress.h"

#define DRESS_MIGRATION "sql/migrations/0020_dungeon_dressing.sql"
#define DRESS_ROWS_MAX  256

/* A quoted SQL string at *p (no escapes in the shipped rows) into out. */
static inline int dress_quoted(const char **p, char *out, size_t cap)
{
	const char *s = strchr(*p, '\'');
	if (!s)
		return -1;
	const char *e = strchr(s + 1, '\'');
	if (!e || (size_t)(e - s - 1) >= cap)
		return -1;
	memcpy(out, s + 1, (size_t)(e - s - 1));
	out[e - s - 1] = '\0';
	*p = e + 1;
	return 0;
}

/* Fills out with the file's rows (ids 1.. in its order, added at revision
 * 1); their count, or -1 when the file is missing. */
static inline int dress_load(struct dress_row *out, size_t cap)
{
	char line[1024], kind[32];
	size_t n = 0;
	FILE *f = fopen(DRESS_MIGRATION, "r");
	if (!f)
		return -1;
	while (fgets(line, sizeof line, f) && n < cap) {
		struct dress_row r;
		const char *p = line;
		memset(&r, 0, sizeof r);
		if (strncmp(line, "  ('", 4) != 0 || dress_quoted(&p, kind, sizeof kind) != 0 ||
		    dress_quoted(&p, r.name, sizeof r.name) != 0 ||
		    dress_quoted(&p, r.plural, sizeof r.plural) != 0 ||
		    dress_quoted(&p, r.effect, sizeof r.effect) != 0 ||
		    sscanf(p, ", %d, %d, %d, %d, %u, @rev)", &r.level_min, &r.level_max,
		           &r.number_min, &r.number_max, &r.weight) != 5)
			continue;
		int k = dress_kind_from_name(kind);
		if (k < 0)
			continue;
		r.kind = (enum dress_kind)k;
		r.state = k == DRESS_DOOR ? door_state_from_name(r.name) : 0;
		r.id = (uint32_t)n + 1;
		r.added_rev = 1;
		out[n++] = r;
	}
	fclose(f);
	return (int)n;
}

#endif
