/* layout: see layout.h. */
#include "layout.h"

#include <string.h>

#include "auth.h"
#include "cookie.h"
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

#define MODERATE_LINK " <a href=\"/moderate\">Moderate</a>"

void layout_moderator(struct handler_ctx *ctx, const struct request *rq, struct response *rs)
{
	struct auth a;
	struct buf *b = &rs->body;
	const char *h = request_param(rq, "HTTP_COOKIE");

	if (!h || !rs->content_type || strcmp(rs->content_type, CT_HTML) != 0 || !b->len ||
	    b->oom || (rs->cache_control && strstr(rs->cache_control, "public")) ||
	    !strstr(h, cookie_session_name()))
		return;
	const char *nav = strstr(b->data, "<nav class=\"site-nav\">");
	const char *end = nav ? strstr(nav, "</nav>") : NULL;
	if (!end)
		return;
	size_t at = (size_t)(end - b->data);
	/* a page that says so itself, or a nav of another page's body */
	if (memmem(nav, (size_t)(end - nav), "href=\"/moderate\"", 17))
		return;
	/* a database that cannot say leaves the page as everyone gets it */
	if (auth_session(ctx, rq, &a) != AUTH_OK)
		return;
	size_t n = sizeof MODERATE_LINK - 1;
	if (buf_reserve(b, n) != 0)
		return;
	memmove(b->data + at + n, b->data + at, b->len - at + 1);
	memcpy(b->data + at, MODERATE_LINK, n);
	b->len += n;
	rs->cache_seconds = 0;
	rs->cache_control = "private, no-store";
}
