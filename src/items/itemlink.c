/* itemlink: see itemlink.h. */
#include "itemlink.h"

#include <stdint.h>
#include <string.h>

int itemlink_fill(const struct catalog *c, const struct gen_input *in, struct item *it)
{
	return itemlink_fill_version(c, in, it, ITEMCODE_VERSION);
}

int itemlink_fill_version(const struct catalog *c, const struct gen_input *in, struct item *it,
                          int version)
{
	struct itemcode code = {.version = version,
	                        .kind = in->kind,
	                        .tier = in->tier,
	                        .variance = in->variance ? 1 : 0,
	                        .seed = it->seed,
	                        .revision = c->revision};
	int64_t micro = itemcode_power_micro(in->power);

	it->code[0] = '\0';
	if (micro < 0 || itemcode_power((uint32_t)micro) != in->power)
		return -1;
	code.power_micro = (uint32_t)micro;
	/* Nearly every item asks for no word (every one of a dungeon or a
	 * plain batch): the code's want[] stays 0, as initialised, without a
	 * test and a store a part. */
	uintptr_t asked = 0;
	for (int p = 0; p < P__MAX; p++)
		asked |= (uintptr_t)in->want[p];
	for (int p = 0; asked && p < P__MAX; p++) {
		const struct entry *e =
		        in->want[p] ? catalog_find(c, in->kind, p, in->want[p]) : NULL;
		code.want[p] = e ? e->id : 0;
	}
	if (itemcode_encode(&code, it->code, sizeof it->code) < 0) {
		it->code[0] = '\0';
		return -1;
	}
	it->code_version = version;
	return 0;
}

enum itemlink_status itemlink_item_from(const struct catalog *cur, const char *s, size_t n,
                                        struct coded_item *out, const char **why)
{
	const char *ignored;
	if (!why)
		why = &ignored;
	memset(out, 0, sizeof(*out));
	if (itemcode_decode(s, n, &out->code, why) != 0)
		return ITEMLINK_MALFORMED;
	if (!recipe_for(out->code.kind)) {
		*why = "no item of this code's kind can be made";
		return ITEMLINK_UNKNOWN;
	}
	switch (catalog_at(cur, out->code.revision, &out->cat)) {
	case 0:
		break;
	case CATALOG_AT_LATER:
		*why = "the code's catalog revision is not loaded here yet";
		return ITEMLINK_LATER;
	case CATALOG_AT_NONE:
		*why = "no such catalog revision";
		return ITEMLINK_UNKNOWN;
	default:
		*why = "out of memory";
		return ITEMLINK_NO_MEMORY;
	}
	struct gen_input *in = &out->in;
	in->kind = out->code.kind;
	in->tier = out->code.tier;
	in->variance = out->code.variance;
	in->power = itemcode_power(out->code.power_micro);
	for (int p = 0; p < P__MAX; p++) {
		if (!out->code.want[p])
			continue;
		const struct entry *e = catalog_find_id(out->cat, in->kind, p, out->code.want[p]);
		if (!e) {
			*why = "the code names a word its catalog revision does not hold";
			goto unknown;
		}
		in->want[p] = e->word;
	}
	if (generate(out->cat, in, out->code.seed, &out->item) != 0) {
		*why = "nothing of this kind could be made at the code's revision";
		goto unknown;
	}
	/* The code as this version writes it: the one it was given (its
	 * version too, which decides the JSON it answers). */
	out->item.code_version = out->code.version;
	if (itemcode_encode(&out->code, out->item.code, sizeof out->item.code) < 0) {
		*why = "not an item code";
		goto unknown;
	}
	return ITEMLINK_OK;
unknown:
	catalog_release(out->cat);
	out->cat = NULL;
	return ITEMLINK_UNKNOWN;
}

enum itemlink_status itemlink_item(const char *s, size_t n, struct coded_item *out,
                                   const char **why)
{
	const struct catalog *cur = catalog_acquire();
	if (!cur) {
		memset(out, 0, sizeof(*out));
		if (why)
			*why = "no catalog is loaded yet";
		return ITEMLINK_NO_CATALOG;
	}
	enum itemlink_status st = itemlink_item_from(cur, s, n, out, why);
	catalog_release(cur);
	return st;
}

void itemlink_form(const struct coded_item *ci, struct form *f, char *power_text, int json)
{
	form_parse(f, NULL, NULL, 0, NULL);
	f->kind = ci->in.kind;
	f->tier = ci->in.tier;
	f->variance = ci->in.variance;
	f->power = ci->in.power;
	if (ci->code.power_micro != ITEMCODE_POWER_ONE)
		f->power_text = itemcode_power_text(ci->code.power_micro, power_text);
	memcpy(f->attr, ci->in.want, sizeof(f->attr));
	f->has_seed = 1;
	f->seed = ci->code.seed;
	f->has_format = 1;
	f->format = json ? FMT_JSON : FMT_HTML;
}

void itemlink_release(struct coded_item *ci)
{
	if (ci && ci->cat) {
		catalog_release(ci->cat);
		ci->cat = NULL;
	}
}
