/* render: what the HTML and JSON renderers share: the rarity scale, the
 * default form, kind labels (render_int.h). The renderers themselves are
 * render_html.c (pages, through the templates), render_json.c (jansson) and
 * formcache.c (the form's catalog-bound fragments).
 *
 * Escaping is the template engine's job: no renderer builds HTML itself.
 * Everything a renderer allocates (dictionaries, JSON trees, scratch
 * buffers) is freed before it returns; the output is appended to the
 * caller's buffer, and on failure whatever the call appended is taken back,
 * so a caller never sends half an answer. */
#include "render.h"

#include <string.h>

#include "render_int.h"

/* Strength is the sum of the parts' points (SPEC §4): a bare base type is
 * 1, a full weapon with crippling and +5 reaches 32. The steps put a plain
 * or slightly decorated item in "common" and keep "legendary" for the rare
 * stacks of element, "of" phrase and a high plus. docs/rendering.md. */
static const struct {
	int below;
	const char *name;
} rarity_scale[] = {
        {8, "common"},
        {14, "uncommon"},
        {20, "rare"},
        {26, "epic"},
};

const char *render_rarity(int str)
{
	for (size_t i = 0; i < sizeof rarity_scale / sizeof rarity_scale[0]; i++)
		if (str < rarity_scale[i].below)
			return rarity_scale[i].name;
	return "legendary";
}

/* What to show when the caller has no form (no request fields at all). */
static const struct form default_form = {.kind = K_WEAPON, .power = 1.0, .count = 1};

const struct form *render_form(const struct form *f)
{
	return f ? f : &default_form;
}

unsigned render_kind_parts(enum kind k, unsigned fallback)
{
	const struct recipe *r = recipe_for(k);
	return r ? r->parts : fallback;
}

const char *render_name_or(const char *const *names, int n, int i, const char *other)
{
	return i >= 0 && i < n && names[i] ? names[i] : other;
}

char *render_copy(const char *s, char *dst, size_t n)
{
	size_t len = strlen(s);
	if (len >= n)
		len = n - 1;
	memcpy(dst, s, len);
	dst[len] = '\0';
	return dst;
}

const char *render_capitalised(const char *s, char *dst, size_t n)
{
	render_copy(s, dst, n);
	if (dst[0] >= 'a' && dst[0] <= 'z')
		dst[0] = (char)(dst[0] - 'a' + 'A');
	return dst;
}

const char *render_kind_label(enum kind k, char *dst, size_t n)
{
	const struct recipe *r = recipe_for(k);
	if (r && r->label)
		return r->label;
	return render_capitalised(render_name_or(kind_names, K__MAX, (int)k, "item"), dst, n);
}
