/* form: the request's fields (query string and urlencoded body), parsed,
 * validated and typed in one pass against an allow-list. Handlers read only
 * struct form; unknown keys are ignored. */
#ifndef LOOTFORGE_FORM_H
#define LOOTFORGE_FORM_H

#include <stddef.h>
#include <stdint.h>

#include "buf.h"
#include "fieldrow.h"
#include "recipe.h"

#define FORM_BODY_MAX    8192 /* bytes of a request body */
#define FORM_QUERY_MAX   4096 /* bytes of a query string */
#define FORM_FIELDS_MAX  64   /* key=value pairs in query and body together */
#define FORM_KEY_MAX     64   /* bytes of a decoded key */
#define FORM_VALUE_MAX   256  /* bytes of a decoded value */
#define FORM_WORD_MAX    64   /* bytes of a requested attribute word */
#define FORM_POWER_MAX   100.0
#define FORM_COUNT_MAX   100
#define FORM_LOADOUT_MAX 32 /* items in a carried loadout, as /loadout takes */

/* The fields of /generate (and /), as rows (fieldrow.h). */
extern const struct field_table form_generate_fields;

#define FORM_INVALID_MAX 8 /* values of failed fields kept for the form */

/* The check of the generator's format= value: "html" or "json" into *out
 * (0), else -1. FORM_FORMAT_MSG is the refusal of a form that answers in
 * those two (fields_read's). */
#define FORM_FORMAT_MSG "must be html or json"
int form_format(const char *v, enum format *out);

struct form {
	enum kind kind;           /* default K_WEAPON */
	int tier;                 /* 0..TIER_MAX, default 0 */
	int variance;             /* default 0 */
	double power;             /* 0..FORM_POWER_MAX, default 1 */
	const char *power_text;   /* as sent (for the form and links), NULL = default */
	const char *attr[P__MAX]; /* NULL when absent, empty or "random" */
	int has_seed;
	uint64_t seed;
	int count;     /* 1..FORM_COUNT_MAX, default 1 */
	int has_count; /* count was given: answer is a list */
	int has_format;
	enum format format;
	/* the loadout the visitor came from ("CODE:place,CODE,…", the items of
	 * /loadout joined by commas), carried so that each card's "add to
	 * loadout" keeps it; NULL when none (docs/loadout.md) */
	const char *loadout;
	/* values sent that did not pass (their fields keep the defaults), as
	 * sent, so that an error page's form shows every value sent:
	 * form_invalid() reads them */
	struct {
		const char *name, *value;
	} invalid[FORM_INVALID_MAX];
	int n_invalid;
	/* private: decoded keys and values live here */
	char store[FORM_BODY_MAX + FORM_QUERY_MAX + 2 * FORM_FIELDS_MAX];
	size_t used;
};

/* Every problem of a request is reported at once (docs/api.md, "Errors"):
 * the reader goes on after a bad field and lists each one. field, code and
 * message are the first problem's, so a caller that shows one still can. */
#define FORM_ERRORS_MAX FORM_FIELDS_MAX /* docs/api.md: as many as a request has fields */

struct form_problem {
	const char *field;   /* the field's name as sent, or "body", "query", NULL */
	const char *code;    /* a stable code: "out_of_range", "malformed", ... */
	const char *message; /* a static English sentence */
};

struct form_error {
	const char *field;   /* the field's name as sent, or "body", "query" */
	const char *message; /* a static English sentence */
	const char *code;    /* a field callback may set it; else read off the message */
	int n;               /* problems in list (the first is field/message/code) */
	struct form_problem list[FORM_ERRORS_MAX];
};

/* The stable code of a problem whose callback set none, read off the
 * validators' standard sentences ("must be one of", "longer than", a number
 * "from A to B" with digits sent or not); "malformed" otherwise. */
const char *form_error_code(const char *message, const char *value, size_t n);

/* Appends a problem to e (the first also fills field/message/code). */
void form_error_add(struct form_error *e, const char *field, const char *code, const char *message);

/* Resets f to defaults, then parses the query string (may be NULL) and the
 * body (may be NULL; body_len bytes, not NUL-terminated). Returns 0, or -1
 * with *err naming the field and the reason. Never reads past the inputs.
 * Rules: percent-decoding is strict ('%' + two hex digits; "%00" and
 * invalid UTF-8 are errors); '+' is a space; a known field given twice is an
 * error; the limits above are errors. */
int form_parse(struct form *f, const char *query, const char *body, size_t body_len,
               struct form_error *err);

/* The value sent for field `name` that did not pass its check, or NULL. */
const char *form_invalid(const struct form *f, const char *name);

/* Appends to out the path and query ("/generate?kind=weapon&...&seed=N")
 * that regenerates the item of seed `seed` from these inputs: every input
 * that was given, percent-encoded, no count, no format. */
int form_link(const struct form *f, uint64_t seed, struct buf *out);

/* The same link without the seed: the same inputs, a new item each time
 * ("roll again"). */
int form_link_inputs(const struct form *f, struct buf *out);

/* Percent-encodes s for a query value (RFC 3986 unreserved kept). */
int form_encode(struct buf *out, const char *s);

/* ---- other forms: form_parse's reader with the caller's allow-list ---- */

#define FORM_LONG_VALUE_MAX   1024 /* bytes of a decoded value of a "long" field */
#define FORM_READER_NAMES_MAX 64

struct form_reader {
	const char *const *names; /* accepted keys, NULL-terminated, at most 64 */
	uint64_t long_fields;     /* bit i: names[i] may be up to FORM_LONG_VALUE_MAX bytes */
	uint64_t repeatable;      /* bit i: names[i] may be given more than once (a list) */
	/* Receives each known field: i indexes names; v is the decoded value
	 * (n bytes, NUL-terminated, valid UTF-8 without control characters),
	 * valid only during the call. 0, or -1 with *err set. */
	int (*field)(void *ctx, int i, const char *v, size_t n, struct form_error *err);
	void *ctx;
	/* rank[i]: 1 + how many pairs came before names[i] was first sent,
	 * 0 when it was not (the order an error answer lists the fields in) */
	uint8_t rank[FORM_READER_NAMES_MAX];
	/* A family of names that is closed: a key that starts with closed but
	 * is not in names is a problem of closed_field (closed_msg), not a
	 * name to ignore ("attribute[" of the generator's parts). NULL: none. */
	const char *closed, *closed_field, *closed_msg;
	/* private: known fields seen, pairs counted over every source, and
	 * whether the error list was reset by the first source read */
	uint64_t seen;
	int pairs;
	int started;
};

void form_reader_init(struct form_reader *r, const char *const *names,
                      int (*field)(void *, int, const char *, size_t, struct form_error *),
                      void *ctx);

/* Reads one source ("query" or "body"; n bytes of s, s may be NULL) by the
 * rules of form_parse (docs/form.md): the same limits, counted over every
 * source read with r; strict decoding; unknown keys decoded and ignored; a
 * known key given twice is an error. 0, or -1 with *err naming the field (a
 * name of the list, or the source). */
int form_read(struct form_reader *r, const char *source, const char *s, size_t n,
              struct form_error *err);

#endif
