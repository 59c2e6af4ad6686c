/* fields: see fields.h. */
#include "fields.h"

#include <string.h>

static int keep(void *ctx, int i, const char *v, size_t n, struct form_error *err)
{
	struct fields *f = ctx;

	if (n + 1 > sizeof(f->store) - f->used) {
		err->field = f->names[i];
		err->message = "is too long";
		return -1;
	}
	memcpy(f->store + f->used, v, n + 1);
	f->v[i] = f->store + f->used;
	f->used += n + 1;
	if (strcmp(f->names[i], "format") == 0)
		return form_format_field(v, &f->json, err);
	return 0;
}

int fields_read(struct fields *f, const char *const *names, uint64_t long_fields,
                const struct request *rq, int body, struct form_error *err)
{
	struct form_reader r;

	f->names = names;
	memset(f->v, 0, sizeof(f->v));
	f->used = 0;
	f->json = request_prefers_json(rq);
	form_reader_init(&r, names, keep, f);
	r.long_fields = long_fields;
	if (form_read(&r, "query", rq->query, rq->query ? strlen(rq->query) : 0, err) != 0)
		return -1;
	if (body && form_read(&r, "body", rq->body, rq->body_len, err) != 0)
		return -1;
	return 0;
}

const char *fields_get(const struct fields *f, const char *name)
{
	for (int i = 0; i < FORM_READER_NAMES_MAX && f->names && f->names[i]; i++)
		if (strcmp(f->names[i], name) == 0)
			return f->v[i];
	return NULL;
}
