/* csv: see csv.h. */
#include "csv.h"

#include <inttypes.h>
#include <string.h>

static int sep(struct buf *b, int first)
{
	return first ? 0 : buf_append(b, ",", 1);
}

int csv_text(struct buf *b, const char *s, int first)
{
	if (sep(b, first) != 0)
		return -1;
	if (!s || !*s)
		return 0;
	/* A formula-looking cell is shown as text: the apostrophe (OWASP's
	 * advice for CSV injection) is what a spreadsheet user types too. */
	const char *lead = strchr("=+-@\t\r", s[0]) ? "'" : "";
	if (!strpbrk(s, ",\"\r\n"))
		return buf_puts(b, lead) != 0 || buf_puts(b, s) != 0 ? -1 : 0;
	if (buf_puts(b, "\"") != 0 || buf_puts(b, lead) != 0)
		return -1;
	for (const char *q; (q = strchr(s, '"')) != NULL; s = q + 1)
		if (buf_append(b, s, (size_t)(q - s)) != 0 || buf_puts(b, "\"\"") != 0)
			return -1;
	return buf_puts(b, s) != 0 || buf_puts(b, "\"") != 0 ? -1 : 0;
}

int csv_int(struct buf *b, int64_t v, int first)
{
	return sep(b, first) != 0 ? -1 : buf_printf(b, "%" PRId64, v);
}

int csv_hundredths(struct buf *b, int64_t v, int first)
{
	uint64_t a = v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v;
	unsigned c = (unsigned)(a % 100);

	if (sep(b, first) != 0 ||
	    buf_printf(b, "%s%" PRIu64 ".%u", v < 0 ? "-" : "", a / 100, c / 10) != 0)
		return -1;
	return c % 10 ? buf_printf(b, "%u", c % 10) : 0;
}

int csv_end(struct buf *b)
{
	return buf_append(b, "\r\n", 2);
}
