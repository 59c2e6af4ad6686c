/* render_errors: error answers as JSON (docs/api.md, "Errors"), through
 * jansson: they are rare and small. */
#include "render.h"

#include <jansson.h>

#include "messages.h"

/* Sets o[key] = v. Takes v in every case (jansson releases it when the set
 * fails); a NULL v, from a failed constructor, is a failure. */
static int put(json_t *o, const char *key, json_t *v)
{
	if (!v)
		return -1;
	/* Every key is one of this file's ASCII constants: no UTF-8 check. */
	return json_object_set_new_nocheck(o, key, v);
}

/* Appends v compactly to out and releases v. All or nothing. */
#define JSON_ROOM_MIN 1024 /* an error is far smaller */

static int emit_json(json_t *v, struct buf *out)
{
	size_t start = out->len;
	int rc = -1;

	/* 15 digits print hundredths exactly (1.4, not 1.3999999999999999). */
	const size_t flags = JSON_COMPACT | JSON_REAL_PRECISION(15);
	/* Straight into the buffer, whose room a worker keeps from one answer
	 * to the next: one pass, unless the room was short (then a second
	 * one, with the size the first said). */
	if (v && buf_reserve(out, JSON_ROOM_MIN) == 0) {
		size_t room = out->cap - out->len - 1;
		size_t n = json_dumpb(v, out->data + start, room, flags);
		if (n > room && buf_reserve(out, n) == 0)
			n = json_dumpb(v, out->data + start, out->cap - out->len - 1, flags);
		if (n > 0 && n <= out->cap - out->len - 1) {
			out->len += n;
			out->data[out->len] = '\0';
			rc = 0;
		}
	}
	json_decref(v);
	if (rc != 0 && out->data) {
		out->len = start;
		out->data[start] = '\0';
	}
	return rc == 0 ? 0 : -1;
}

const char *render_error_code(int status)
{
	switch (status) {
	case 400:
		return "malformed";
	case 401:
		return "unauthorized";
	case 403:
		return "csrf";
	case 404:
		return "not_found";
	case 405:
		return "method_not_allowed";
	case 409:
		return "conflict";
	case 413:
		return "too_long";
	case 415:
		return "unsupported_media_type";
	case 429:
		return "rate_limited";
	case 503:
		return "unavailable";
	default:
		return "internal";
	}
}

static int put_problem(json_t *list, const char *field, const char *code, const char *message)
{
	json_t *e = json_object();
	int err = put(e, "field", field ? json_string(field) : json_null()) != 0;
	err = err || put(e, "code", json_string(code ? code : "malformed")) != 0;
	err = err || put(e, "message", json_string(message ? message : MSG_FALLBACK));
	if (err) {
		json_decref(e);
		return -1;
	}
	return json_array_append_new(list, e);
}

int render_json_error(int status, const char *field, const char *code, const char *message,
                      struct buf *out)
{
	if (!out)
		return -1;
	json_t *root = json_object(), *list = json_array();
	int err = put(root, "errors", list) != 0;
	err = err || put_problem(list, field, code ? code : render_error_code(status), message);
	if (err) {
		json_decref(root);
		return -1;
	}
	return emit_json(root, out);
}

int render_json_errors(const struct form_error *e, struct buf *out)
{
	if (!out || !e)
		return -1;
	json_t *root = json_object(), *list = json_array();
	int err = put(root, "errors", list) != 0;
	for (int i = 0; !err && i < e->n && i < FORM_ERRORS_MAX; i++)
		err = put_problem(list, e->list[i].field, e->list[i].code, e->list[i].message) != 0;
	if (!err && e->n == 0)
		err = put_problem(list, e->field, e->code, e->message) != 0;
	if (err) {
		json_decref(root);
		return -1;
	}
	return emit_json(root, out);
}
