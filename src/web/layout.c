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

int layout_error(struct tmpl_dict *d, const char *field, const char *message)
{
	struct tmpl_dict *e = tmpl_include(d, "ERROR", "error.tpl");

	if (!e)
		return -1;
	if (field) {
		struct tmpl_dict *f = tmpl_section(e, "FIELD");
		if (!f)
			return -1;
		tmpl_set(f, "FIELD_NAME", field);
	}
	tmpl_set(e, "MESSAGE", message ? message : MSG_FALLBACK);
	return 0;
}

int layout_expand(struct tmpl_dict *d, struct buf *out)
{
	return tmpl_expand("layout.tpl", d, out);
}
