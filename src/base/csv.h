/* csv: cells of RFC 4180 text (docs/library.md, "CSV"): a header row, rows
 * ending in CRLF, a cell quoted when it holds a comma, a quote, CR or LF
 * (quotes doubled). A text cell that a spreadsheet would read as a formula
 * (it starts with '=', '+', '-', '@', a tab or CR) gets a leading
 * apostrophe, which spreadsheets show as text; numbers are written as they
 * are, so a negative stat stays a number. */
#ifndef LOOTFORGE_CSV_H
#define LOOTFORGE_CSV_H

#include <stdint.h>

#include "buf.h"

/* A text cell (s may be NULL: an empty cell), preceded by a comma unless
 * first. 0, or -1 when out of memory. */
int csv_text(struct buf *b, const char *s, int first);

/* A whole number, preceded by a comma unless first. */
int csv_int(struct buf *b, int64_t v, int first);

/* Hundredths as a decimal ("0.4", "-1.25", "2.0"), the JSON's spelling. */
int csv_hundredths(struct buf *b, int64_t v, int first);

/* Ends the row (CRLF). */
int csv_end(struct buf *b);

#endif
