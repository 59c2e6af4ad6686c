/* loadout_query: see loadout_query.h. */
#include "loadout_query.h"

#include <string.h>

/* The fields of /loadout, each with its row (fieldrow.h). */
#define LOADOUT_FIELDS(X)                                                                          \
	X(F_ITEM, "item", FIELD_TEXTS(FORM_VALUE_MAX))                                             \
	X(F_FORMAT, "format", FIELD_FORMATS)                                                       \
	X(F_BASE, "base", FIELD_TEXT(FORM_VALUE_MAX))
enum { LOADOUT_FIELDS(FIELD_ENUM) };
static const char *const names[] = {LOADOUT_FIELDS(FIELD_NAME) NULL};
static const struct field_row rows[] = {LOADOUT_FIELDS(FIELD_ROW)};
const struct field_table loadout_query_fields = FIELD_TABLE(rows);

static int field_error(struct form_error *err, const char *field, const char *message)
{
	err->field = field;
	err->message = message;
	return -1;
}

static int read_item(struct loadout_query *q, const char *v, size_t n, struct form_error *err)
{
	const char *slash = NULL;
	for (const char *p = v; p < v + n; p++)
		if (*p == '/')
			slash = p;
	if (slash && slash - v >= 5 && memcmp(slash - 5, "/item", 5) == 0) {
		n -= (size_t)(slash + 1 - v);
		v = slash + 1;
		const char *qm = memchr(v, '?', n);
		if (qm)
			n = (size_t)(qm - v);
	}
	if (n == 0)
		return 0;
	if (q->n == LOADOUT_MAX)
		return field_error(err, "item", LOADOUT_MSG_TOO_MANY);
	const char *colon = memchr(v, ':', n);
	size_t code_len = colon ? (size_t)(colon - v) : n;
	int place = PLACE_PACK;
	if (colon && (place = place_from_name(colon + 1, n - code_len - 1)) < 0)
		return field_error(err, "item", LOADOUT_MSG_ITEM);
	if (code_len == 0 || code_len > LOADOUT_CODE_MAX ||
	    strspn(v, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_") <
	            code_len)
		return field_error(err, "item", LOADOUT_MSG_ITEM);
	memcpy(q->in[q->n].code, v, code_len);
	q->in[q->n].code[code_len] = '\0';
	q->in[q->n].place = (enum place)place;
	q->n++;
	return 0;
}

static int read_base(struct loadout_query *q, const char *v, size_t n, struct form_error *err)
{
	if (q->base_given++)
		return field_error(err, "base", "is given twice");
	if (loadout_base_parse(v, n, &q->base, q->base_why, sizeof q->base_why) != 0)
		return field_error(err, "base", q->base_why);
	return 0;
}

static int read_field(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	return i == F_ITEM   ? read_item(ctx, v, n, err)
	       : i == F_BASE ? read_base(ctx, v, n, err)
	                     : 0;
}

int loadout_query_read(struct loadout_query *q, const char *query, size_t n, struct form_error *err)
{
	struct form_reader r;

	memset(q, 0, sizeof *q);
	form_reader_init(&r, names, read_field, q);
	r.repeatable = 1u << F_ITEM;
	return form_read(&r, "query", query, n, err);
}

int loadout_build(const struct loadout_query *q, loadout_resolve_fn resolve, void *ctx,
                  struct loadout *l, struct item *items, unsigned *done, unsigned *at,
                  enum loadout_result *refused)
{
	*done = 0;
	for (unsigned i = 0; i < q->n; i++) {
		*at = i;
		int st = resolve(ctx, i, q->in[i].code, &items[i]);
		if (st != 0)
			return st;
		++*done;
		loadout_add(l, items[i].slot);
		if (q->in[i].place == PLACE_PACK)
			continue;
		enum loadout_result r = loadout_equip(l, i, q->in[i].place);
		if (r != LO_OK) {
			*refused = r;
			return -1;
		}
	}
	return 0;
}
