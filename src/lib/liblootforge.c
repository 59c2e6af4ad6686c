/* liblootforge: the public API (lootforge.h) over the daemon's own
 * modules: the same catalog, generator, codes, value and JSON renderer, so
 * that the library's answers are the site's, byte for byte. */
#include "lootforge.h"

#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "catalog.h"
#include "catalog_export.h"
#include "form.h"
#include "generate.h"
#include "itemlink.h"
#include "liblootforge_int.h"
#include "render.h"
#include "rng.h"
#include "value.h"

const char *lootforge_version(void)
{
	return LOOTFORGE_VERSION;
}

struct lf_catalog *lf_catalog_load(const char *json, size_t len, const char **why)
{
	struct lf_catalog *lc = calloc(1, sizeof *lc);
	if (!lc) {
		*why = "out of memory";
		return NULL;
	}
	if (!(lc->c = catalog_export_read(json, len, why))) {
		free(lc);
		return NULL;
	}
	return lc;
}

uint64_t lf_catalog_revision(const struct lf_catalog *c)
{
	return c->c->revision;
}

void lf_catalog_free(struct lf_catalog *c)
{
	if (c) {
		catalog_release(c->c);
		free(c);
	}
}

/* Hands the buffer's text to the caller. */
static int take(struct buf *b, char **out, const char **why)
{
	if (b->oom || !b->data) {
		buf_free(b);
		*why = "out of memory";
		return -1;
	}
	*out = strdup(b->data);
	buf_free(b);
	if (!*out) {
		*why = "out of memory";
		return -1;
	}
	return 0;
}

int lfi_coded(const struct lf_catalog *c, const char *code, size_t len, struct coded_item *ci,
              const char **why)
{
	switch (itemlink_item_from(c->c, code, len, ci, why)) {
	case ITEMLINK_OK:
		break;
	case ITEMLINK_LATER:
		*why = "the code is of a later revision than this catalog";
		return -1;
	default:
		return -1;
	}
	if (ci->code.revision != c->c->revision) {
		itemlink_release(ci);
		*why = "the code is of an earlier revision than this catalog: load that revision's "
		       "export";
		return -1;
	}
	return 0;
}

int lf_item_json(const struct lf_catalog *c, const char *code, char **out, const char **why)
{
	struct coded_item ci;
	struct form f;
	struct buf b;
	char power_text[16];

	*out = NULL;
	if (lfi_coded(c, code, strlen(code), &ci, why) != 0)
		return -1;
	itemlink_form(&ci, &f, power_text, 1);
	buf_init(&b);
	int rc = render_json_items(&f, &ci.item, 1, 0, &b);
	itemlink_release(&ci);
	if (rc != 0) {
		buf_free(&b);
		*why = "out of memory";
		return -1;
	}
	return take(&b, out, why);
}

int lfi_generate(const struct lf_catalog *c, const char *query, struct form **fp,
                 struct item **itemsp, const char **field, const char **why)
{
	struct form_error err;
	struct form *f = malloc(sizeof *f);
	struct item *items = NULL;

	*fp = NULL;
	*itemsp = NULL;
	*field = NULL;
	if (!f) {
		*why = "out of memory";
		return -1;
	}
	if (form_parse(f, query, NULL, 0, &err) != 0) {
		*field = err.field;
		*why = err.message;
		goto fail;
	}
	if (!recipe_for(f->kind)) {
		*field = "kind";
		*why = "this kind cannot be made yet";
		goto fail;
	}
	uint64_t seed = f->has_seed ? f->seed : rng_fresh_seed();
	struct gen_input in = {
	        .kind = f->kind, .tier = f->tier, .variance = f->variance, .power = f->power};
	memcpy(in.want, f->attr, sizeof(in.want));
	if (!(items = calloc((size_t)f->count, sizeof *items))) {
		*why = "out of memory";
		goto fail;
	}
	for (int i = 0; i < f->count; i++) {
		uint64_t s = i == 0 ? seed : generate_batch_seed(seed, (unsigned)i);
		if (generate(c->c, &in, s, &items[i]) != 0) {
			*why = "the catalog holds no active base type of this kind";
			goto fail;
		}
		itemlink_fill(c->c, &in, &items[i]);
	}
	*fp = f;
	*itemsp = items;
	return 0;
fail:
	free(items);
	free(f);
	return -1;
}

int lf_generate_json(const struct lf_catalog *c, const char *query, char **out, const char **field,
                     const char **why)
{
	struct form *f;
	struct item *items;
	struct buf b;
	int rc = -1;

	*out = NULL;
	if (lfi_generate(c, query, &f, &items, field, why) != 0)
		return -1;
	buf_init(&b);
	if (render_json_items(f, items, (size_t)f->count, f->has_count, &b) != 0) {
		buf_free(&b);
		*why = "out of memory";
	} else {
		rc = take(&b, out, why);
	}
	free(items);
	free(f);
	return rc;
}

uint64_t lf_price(uint32_t base, const uint32_t *mult, size_t n, int plus, int condition)
{
	return value_price(base, mult, n, plus,
	                   condition >= COND_NONE && condition <= COND_MASTERWORK
	                           ? (enum value_condition)condition
	                           : COND_NONE);
}
