/* fieldrow: see fieldrow.h. */
#include "fieldrow.h"

#include <stdio.h>
#include <string.h>

static const struct {
	const char *name;
	const char *type;
} formats[FMT__MAX] = {
#define FORMAT_ROW(e, name, type) [e] = {name, type},
        FORMAT_LIST(FORMAT_ROW)
#undef FORMAT_ROW
};

int format_from_name(const char *name)
{
	for (int f = 0; name && f < FMT__MAX; f++)
		if (strcmp(name, formats[f].name) == 0)
			return f;
	return -1;
}

const char *format_name(enum format f)
{
	return (unsigned)f < FMT__MAX ? formats[f].name : "";
}

const char *format_content_type(enum format f)
{
	return (unsigned)f < FMT__MAX ? formats[f].type : "";
}

void format_must_be(unsigned mask, char *out, size_t cap)
{
	size_t used = 0;
	int total = 0, seen = 0;

	if (!cap)
		return;
	for (int f = 0; f < FMT__MAX; f++)
		total += (mask & FMT_BIT(f)) != 0;
	out[0] = '\0';
	used = (size_t)snprintf(out, cap, "must be");
	for (int f = 0; f < FMT__MAX && used < cap; f++) {
		if (!(mask & FMT_BIT(f)))
			continue;
		seen++;
		used += (size_t)snprintf(out + used, cap - used, "%s%s",
		                         seen == 1       ? " "
		                         : seen == total ? " or "
		                                         : ", ",
		                         formats[f].name);
	}
}
