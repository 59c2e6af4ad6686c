/* fields: a request's form fields kept as typed, read through form_read
 * against an allow-list: for pages that show a form again, filled in, after
 * any error. format=json|html is read here too (format must be one of the
 * names when the page takes it). */
#ifndef LOOTFORGE_FIELDS_H
#define LOOTFORGE_FIELDS_H

#include "form.h"
#include "http.h"

struct fields {
	const char *const *names;             /* the allow-list, NULL-terminated */
	const char *v[FORM_READER_NAMES_MAX]; /* v[i]: names[i] as sent, NULL if not sent */
	int json;                             /* format=json, else the Accept header */
	/* private: the decoded values */
	char store[FORM_QUERY_MAX + FORM_BODY_MAX + 2 * FORM_FIELDS_MAX];
	size_t used;
};

/* Reads the query string and, when body is set, the POST body. long_fields:
 * bit i lets names[i] be up to FORM_LONG_VALUE_MAX bytes. 0, or -1 with
 * *err (f keeps the fields read before the error). */
int fields_read(struct fields *f, const char *const *names, uint64_t long_fields,
                const struct request *rq, int body, struct form_error *err);

/* The value of field `name` as sent, or NULL. */
const char *fields_get(const struct fields *f, const char *name);

#endif
