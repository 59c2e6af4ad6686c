/* layout: see layout.h. */
#include "layout.h"

#include "messages.h"

struct tmpl_dict *layout_new(const char *title)
{
	struct tmpl_dict *d = tmpl_dict_new("layout");

	if (d && title)
		tmpl_set(d, "TITLE", title);
	return d;
}

/* One line of the box: the field's name (its own class, error-field) and
 * the message. */
static int error_line(struct tmpl_dict *box, const char *field, const char *message)
{
	struct tmpl_dict *row = tmpl_section(box, "ERR");

	if (!row)
		return -1;
	if (field) {
		struct tmpl_dict *f = tmpl_section(row, "FIELD");
		if (!f)
			return -1;
		tmpl_set(f, "FIELD_NAME", field);
	}
	tmpl_set(row, "MESSAGE", message ? message : MSG_FALLBACK);
	return 0;
}

int layout_error(struct tmpl_dict *d, const char *field, const char *message)
{
	struct tmpl_dict *e = tmpl_include(d, "ERROR", "error.tpl");

	return e ? error_line(e, field, message) : -1;
}

int layout_errors(struct tmpl_dict *d, const struct form_error *e)
{
	struct tmpl_dict *box = tmpl_include(d, "ERROR", "error.tpl");

	if (!box)
		return -1;
	if (e->n == 0)
		return error_line(box, e->field, e->message);
	for (int i = 0; i < e->n && i < FORM_ERRORS_MAX; i++)
		if (error_line(box, e->list[i].field, e->list[i].message) != 0)
			return -1;
	return 0;
}

int layout_expand(struct tmpl_dict *d, struct buf *out)
{
	return tmpl_expand("layout.tpl", d, out);
}
