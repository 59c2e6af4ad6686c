/* fieldrow: what a page's field is, as data: its name, its type and its
 * limits, and the formats an answer can take. A page keeps one table of
 * rows beside its reader, built from the same constants its checks use;
 * the route table points at it, and the API description's parameters and
 * content types are written from those rows (tests/house/regen.py). */
#ifndef LOOTFORGE_FIELDROW_H
#define LOOTFORGE_FIELDROW_H

#include <stddef.h>

/* The formats an answer may take: the format= value, its content type. */
#define FORMAT_LIST(X)                                                                             \
	X(FMT_HTML, "html", "text/html; charset=utf-8")                                            \
	X(FMT_JSON, "json", "application/json")                                                    \
	X(FMT_CSV, "csv", "text/csv; charset=utf-8; header=present")                               \
	X(FMT_TEXT, "text", "text/plain; charset=utf-8")                                           \
	X(FMT_PNG, "png", "image/png")                                                             \
	X(FMT_VTT, "vtt", "application/json")

enum format {
#define FORMAT_ENUM(e, name, type) e,
	FORMAT_LIST(FORMAT_ENUM)
#undef FORMAT_ENUM
	        FMT__MAX
};

#define FMT_BIT(f) (1u << (f))

/* format=NAME's format, or -1. */
int format_from_name(const char *name);

/* A format's name ("json") and content type. */
const char *format_name(enum format f);
const char *format_content_type(enum format f);

/* "must be html, json or text": the message of a format= value that is
 * none of the formats of mask, into out (cap bytes, cut if need be). */
void format_must_be(unsigned mask, char *out, size_t cap);

enum field_type {
	FIELD_STRING,  /* text of at most max_len bytes */
	FIELD_INTEGER, /* digits, min..max */
	FIELD_NUMBER,  /* a plain decimal, min..max */
	FIELD_BOOLEAN, /* on/off and the usual spellings */
	FIELD_CHOICE,  /* one of choices[0..n_choices) */
	FIELD_FORMAT,  /* one of the route's formats */
};

struct field_row {
	const char *name;
	enum field_type type;
	unsigned long long min, max; /* FIELD_INTEGER, FIELD_NUMBER */
	unsigned max_len;            /* FIELD_STRING: bytes; 0: the reader's limit */
	const char *const *choices;  /* FIELD_CHOICE; NULL: the catalog's names (tilesets) */
	unsigned n_choices;
	int many;     /* may be given more than once, each a value */
	int required; /* the page refuses a request without it */
};

/* The fields a page reads from the query (or the body), in its order: its
 * rows, or (rows NULL) only the names of its reader's allow-list, each text
 * of the reader's limit (bit i of long_fields: names[i] a long one). */
struct field_table {
	const struct field_row *rows;
	size_t n;
	const char *const *names; /* NULL-terminated */
	unsigned long long long_fields;
};

#define FIELD_TABLE(r)                                                                             \
	{                                                                                          \
		.rows = r, .n = sizeof(r) / sizeof(r[0])                                           \
	}
#define FIELD_NAMES(nm, longs)                                                                     \
	{                                                                                          \
		.names = nm, .long_fields = longs                                                  \
	}

/* A row's type and limits, after its name: {"tier", FIELD_INT(0, 6)}. */
#define FIELD_INT(lo, hi)      FIELD_INTEGER, lo, hi, 0, NULL, 0, 0, 0
#define FIELD_NUM(lo, hi)      FIELD_NUMBER, lo, hi, 0, NULL, 0, 0, 0
#define FIELD_TEXT(len)        FIELD_STRING, 0, 0, len, NULL, 0, 0, 0
#define FIELD_TEXTS(len)       FIELD_STRING, 0, 0, len, NULL, 0, 1, 0
#define FIELD_NEEDED_TEXT(len) FIELD_STRING, 0, 0, len, NULL, 0, 0, 1
#define FIELD_FLAG             FIELD_BOOLEAN, 0, 0, 0, NULL, 0, 0, 0
#define FIELD_ONE_OF(c, n)     FIELD_CHOICE, 0, 0, 0, c, n, 0, 0
#define FIELD_FORMATS          FIELD_FORMAT, 0, 0, 0, NULL, 0, 0, 0

/* A page's fields as an X-list, X(ENUM, "name", row): its enum's members,
 * its reader's names and its rows, each made from the one list. */
#define FIELD_ENUM(e, name, row) e,
#define FIELD_NAME(e, name, row) name,
#define FIELD_ROW(e, name, row)  {name, row},

#endif
