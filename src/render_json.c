/* render_json: items and errors as JSON (SPEC §5), through jansson. */
#include "render.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <jansson.h>

#include "decimal.h"
#include "render_int.h"
#include "value.h"

/* unhonoured_reason_text (item.h) is defined beside the generator, which
 * decides the reasons; its size is not visible here, hence the count. */
#define N_REASONS (UR_NOT_A_PART + 1)

/* ---- JSON -------------------------------------------------------------- */

/* Sets o[key] = v. Takes v in every case (jansson releases it when the set
 * fails); a NULL v, from a failed constructor, is a failure. */
static int put(json_t *o, const char *key, json_t *v)
{
	if (!v)
		return -1;
	/* Every key is one of this file's ASCII constants: no UTF-8 check. */
	return json_object_set_new_nocheck(o, key, v);
}

static int push(json_t *a, json_t *v)
{
	if (!v)
		return -1;
	return json_array_append_new(a, v);
}

static json_t *word_or_null(const struct entry *e)
{
	return e && e->word ? json_string(e->word) : json_null();
}

/* One key per part of the kind; element is a list of 0..2 words. */
static json_t *parts_json(const struct item *it)
{
	json_t *o = json_object(), *el;
	unsigned parts = render_kind_parts(it->kind, ALL_PARTS);
	int err = !o;

	for (int p = 0; !err && p < P__MAX; p++) {
		if (!(parts & PART_BIT(p)))
			continue;
		if (p != P_ELEMENT) {
			err = put(o, part_names[p], word_or_null(it->part[p])) != 0;
			continue;
		}
		err = !(el = json_array()) || put(o, part_names[p], el) != 0;
		if (!err && it->part[P_ELEMENT])
			err = push(el, word_or_null(it->part[P_ELEMENT])) != 0;
		if (!err && it->element2)
			err = push(el, word_or_null(it->element2)) != 0;
	}
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

static json_t *unhonoured_json(const struct item *it)
{
	json_t *a = json_array();
	int n = it->n_unhonoured > ITEM_UNHONOURED_MAX ? ITEM_UNHONOURED_MAX : it->n_unhonoured;
	int err = !a;

	for (int i = 0; !err && i < n; i++) {
		const struct unhonoured *u = &it->unhonoured[i];
		json_t *o = json_object();
		err = push(a, o) != 0 ||
		      put(o, "part",
		          json_string(render_name_or(part_names, P__MAX, (int)u->part, "?"))) ||
		      put(o, "word", json_string(u->word ? u->word : "")) ||
		      put(o, "reason",
		          json_string(render_name_or(unhonoured_reason_text, N_REASONS,
		                                     (int)u->reason, "refused")));
	}
	if (err) {
		json_decref(a);
		return NULL;
	}
	return a;
}

/* The links of a list of items from one form (SPEC §6; JSON answers' links
 * ask for JSON): an item's permanent link is /item/CODE?format=json; "roll
 * again" (the inputs, no seed) is the same for all of them, made once. An
 * item without a code (none could be made) links to the inputs and its
 * seed instead. */
struct links {
	struct buf buf;    /* scratch for one item's link */
	struct buf inputs; /* the inputs, "&seed=" */
	size_t inputs_len; /* bytes of the inputs alone */
	json_t *reroll;    /* one reference, shared by every item */
};

static int links_init(struct links *l, const struct form *f)
{
	buf_init(&l->buf);
	buf_init(&l->inputs);
	l->reroll = NULL;
	if (form_link_inputs(f, &l->inputs) != 0)
		return -1;
	l->inputs_len = l->inputs.len;
	if (buf_puts(&l->inputs, "&format=json") != 0 ||
	    !(l->reroll = json_stringn_nocheck(l->inputs.data, l->inputs.len)))
		return -1;
	l->inputs.len = l->inputs_len;
	return buf_puts(&l->inputs, "&seed=");
}

static void links_free(struct links *l)
{
	json_decref(l->reroll);
	buf_free(&l->buf);
	buf_free(&l->inputs);
}

static json_t *link_json(struct links *l, const struct item *it)
{
	char text[DECIMAL_MAX];

	buf_reset(&l->buf);
	if (it->code[0]) {
		if (buf_puts(&l->buf, "/item/") != 0 || buf_puts(&l->buf, it->code) != 0 ||
		    buf_puts(&l->buf, "?format=json") != 0)
			return NULL;
	} else if (buf_append(&l->buf, l->inputs.data, l->inputs.len) != 0 ||
	           buf_puts(&l->buf, decimal_u64(it->seed, text)) != 0 ||
	           buf_puts(&l->buf, "&format=json") != 0) {
		return NULL;
	}
	return json_stringn_nocheck(l->buf.data, l->buf.len);
}

static json_t *item_json(const struct item *it, struct links *links)
{
	json_t *o = json_object();
	char seed[DECIMAL_MAX];
	int err = !o;

	decimal_u64(it->seed, seed);
	err = err ||
	      put(o, "kind", json_string(render_name_or(kind_names, K__MAX, (int)it->kind, "?")));
	err = err || put(o, "name", json_string(it->name));
	err = err || put(o, "seed", json_string_nocheck(seed));
	err = err || put(o, "tier", json_integer(it->tier));
	err = err ||
	      put(o, "slot",
	          it->slot > SLOT_NONE && it->slot < SLOT__MAX ? json_string(slot_names[it->slot])
	                                                       : json_null());
	for (int s = 0; !err && s < ST__MAX; s++)
		err = put(o, stat_names[s],
		          s == ST_MULTIPLIER ? json_real(it->stat[s] / 100.0)
		                             : json_integer(it->stat[s])) != 0;
	err = err || put(o, "str", json_integer(it->str));
	err = err || put(o, "plus", json_integer(it->plus));
	err = err || put(o, "masterwork", json_boolean(it->masterwork));
	err = err || put(o, "value", json_integer((json_int_t)item_value(it)));
	err = err || put(o, "parts", parts_json(it));
	err = err || put(o, "unhonoured", unhonoured_json(it));
	err = err || put(o, "code", it->code[0] ? json_string_nocheck(it->code) : json_null());
	err = err || put(o, "link", link_json(links, it));
	err = err || put(o, "reroll", json_incref(links->reroll));
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* Appends v compactly to out and releases v. All or nothing. */
#define JSON_ROOM_MIN 1024 /* an item is about 500 bytes */

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

int render_json_items(const struct form *f, const struct item *items, size_t n, int batch,
                      struct buf *out)
{
	if (!out || (n > 0 && !items))
		return -1;
	f = render_form(f);
	struct links links;
	int rc;
	if (links_init(&links, f) != 0) {
		links_free(&links);
		return -1;
	}
	if (!batch) {
		rc = n == 1 ? emit_json(item_json(&items[0], &links), out) : -1;
		links_free(&links);
		return rc;
	}

	/* put and push take their value even when they fail, so each tree
	 * has one owner at every step: root. */
	json_t *root = json_object(), *list = json_array();
	int err = put(root, "items", list) != 0;
	for (size_t i = 0; !err && i < n; i++)
		err = push(list, item_json(&items[i], &links)) != 0;
	links_free(&links);
	if (err) {
		json_decref(root);
		return -1;
	}
	return emit_json(root, out);
}

int render_json_error(const char *field, const char *message, struct buf *out)
{
	if (!out)
		return -1;
	json_t *root = json_object(), *e = json_object();
	int err = put(root, "error", e) != 0;
	err = err || put(e, "field", field ? json_string(field) : json_null());
	err = err || put(e, "message", json_string(message ? message : "Something went wrong."));
	if (err) {
		json_decref(root);
		return -1;
	}
	return emit_json(root, out);
}
