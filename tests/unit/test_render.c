/* render: the HTML page (card, form, error) through the real templates under
 * templates/, and the JSON shapes of SPEC §5 parsed back with jansson.
 * Runs from the project root. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "catalog.h"
#include "form.h"
#include "item.h"
#include "recipe.h"
#include "render.h"
#include "tmpl.h"

#define SEED_MAX_TEXT "18446744073709551615"

static struct catalog *cat;
static struct form *form;

static void add(enum part p, const char *word, int active, int tier)
{
	struct entry e = {.word = word, .active = (uint8_t)active, .tier = (uint8_t)tier};
	assert_int_equal(catalog_add(cat, K_WEAPON, p, &e), 0);
}

static int setup(void **state)
{
	struct form_error err;
	(void)state;
	if (tmpl_init("templates", NULL) != 0)
		return -1;
	cat = catalog_new(1);
	if (!cat)
		return -1;
	add(P_TYPE, "longsword", 1, 3);
	add(P_TYPE, "dagger", 1, 1);
	add(P_TYPE, "old blade", 0, 2);
	add(P_TYPE, "light crossbow", 1, 2);
	add(P_TYPE, "war bow", 1, 5);
	add(P_TYPE, "arbalest", 1, 5);
	add(P_TYPE, "battle axe", 1, 3);
	add(P_TYPE, "halberd", 1, 3);
	add(P_TYPE, "sling", 1, 1);
	add(P_ELEMENT, "flaming", 1, 0);
	add(P_ELEMENT, "freezing", 1, 0);
	add(P_PREFIX, "sharp", 1, 0);
	add(P_PREFIX, "rusty", 0, 0);
	add(P_PREFIX, "<b>bold</b>", 1, 0);
	add(P_ADJECTIVE, "ancient", 1, 0);
	add(P_ABSTRACT, "wrath", 1, 0);
	if (catalog_finish(cat) != 0)
		return -1;
	form = malloc(sizeof *form);
	if (!form)
		return -1;
	static const char query[] = "kind=weapon&tier=3&attribute%5Bprefix%5D=Sharp"
	                            "&attribute%5Btype%5D=nosuch&power=2.5";
	if (form_parse(form, query, NULL, 0, &err) != 0)
		return -1;
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	catalog_free(cat);
	free(form);
	return 0;
}

static const struct entry *find(enum part p, const char *word)
{
	const struct entry *e = catalog_find(cat, K_WEAPON, p, word);
	assert_non_null(e);
	return e;
}

/* A weapon as the generator could make it, with a name that needs escaping. */
static void make_item(struct item *it, uint64_t seed)
{
	memset(it, 0, sizeof *it);
	it->kind = K_WEAPON;
	it->seed = seed;
	snprintf(it->name, sizeof it->name, "Flaming \"Sharp\" <Longsword> & Co of Wrath +2");
	it->tier = 3;
	it->slot = SLOT_TWO_HANDS;
	it->stat[ST_HANDS] = 2;
	it->stat[ST_MULTIPLIER] = 40;
	it->stat[ST_ATTACK] = 17;
	it->stat[ST_FLAMING] = 5;
	it->stat[ST_CRIT] = -3;
	it->str = 17;
	it->plus = 2;
	it->masterwork = 1;
	it->part[P_ELEMENT] = find(P_ELEMENT, "flaming");
	it->part[P_PREFIX] = find(P_PREFIX, "sharp");
	it->part[P_TYPE] = find(P_TYPE, "longsword");
	it->part[P_ABSTRACT] = find(P_ABSTRACT, "wrath");
	it->unhonoured[0] = (struct unhonoured){P_TYPE, "nosuch", UR_UNKNOWN, NULL};
	it->unhonoured[1] = (struct unhonoured){P_PREFIX, "<i>rusty</i>", UR_INACTIVE, NULL};
	it->unhonoured[2] = (struct unhonoured){P_ELEMENT, "granite", UR_NOT_A_PART, NULL};
	it->n_unhonoured = 3;
}

static char *html_of(const struct page *p)
{
	struct buf out;
	buf_init(&out);
	assert_int_equal(render_html(p, &out), 0);
	assert_non_null(out.data);
	assert_int_equal(strlen(out.data), out.len);
	return out.data; /* the caller frees */
}

static int count_of(const char *hay, const char *needle)
{
	int n = 0;
	for (const char *s = hay; (s = strstr(s, needle)); s += strlen(needle))
		n++;
	return n;
}

#define HAS(h, s)     assert_non_null(strstr((h), (s)))
#define HAS_NOT(h, s) assert_null(strstr((h), (s)))

static void test_card(void **state)
{
	struct item it;
	(void)state;
	make_item(&it, UINT64_MAX);
	struct page p = {.cat = cat, .form = form, .items = &it, .n_items = 1, .status = 200};
	char *h = html_of(&p);

	HAS(h, "<!DOCTYPE html>");
	HAS(h, "<meta name=\"viewport\"");
	HAS(h, "href=\"/static/style.css\"");
	/* no inline script (the CSP): only the form's kind switch, from /static/ */
	assert_int_equal(count_of(h, "<script"), 1);
	HAS(h, "<script src=\"/static/form-kind.js\" defer></script>");
	HAS_NOT(h, "style=");
	/* the name, escaped, coloured by rarity (17 is rare) */
	HAS(h, "<article class=\"card rarity-rare\">");
	HAS(h, "<h2 class=\"name\">Flaming &quot;Sharp&quot; &lt;Longsword&gt; &amp; Co of Wrath "
	       "+2</h2>");
	HAS_NOT(h, "<Longsword>");
	HAS(h, "src=\"/static/icons/weapon.svg\""); /* a longsword: a sword, whatever its slot */
	HAS(h, "<span class=\"slot\">Two hands</span>");
	HAS(h, "<span class=\"tier\">Tier 3</span>");
	HAS(h, "Masterwork");
	/* non-zero stats, and none of the zero ones */
	HAS(h, "<span class=\"value\">+17</span> <span class=\"label\">Attack</span>");
	HAS(h, "<span class=\"value\">+0.40</span> <span class=\"label\">Multiplier</span>");
	HAS(h, "<span class=\"value\">+5</span> <span class=\"label\">Flaming</span>");
	HAS(h, "class=\"stat stat-crit neg\"><span class=\"value\">-3</span>");
	HAS_NOT(h, "stat-defense");
	HAS_NOT(h, "stat-magic");
	HAS_NOT(h, "stat-hands"); /* hands is said by the slot */
	HAS(h, "<dd class=\"str\">17</dd>");
	HAS(h, "<dd class=\"seed\">" SEED_MAX_TEXT "</dd>");
	/* two links: the same item (form_link's URL with the item's seed,
	 * escaped for the attribute) and "roll again" (the same inputs, no
	 * seed, so each visit makes a new item) */
	HAS(h, "<a class=\"permalink\" href=\"/generate?kind=weapon&amp;tier=3&amp;");
	HAS(h, "&amp;seed=" SEED_MAX_TEXT "\">Link to this item</a>");
	struct buf reroll;
	buf_init(&reroll);
	assert_int_equal(form_link_inputs(form, &reroll), 0);
	assert_null(strstr(reroll.data, "seed="));
	char want_reroll[1024];
	snprintf(want_reroll, sizeof want_reroll, "<a class=\"reroll\" href=\"%s\">Roll again</a>",
	         reroll.data);
	buf_free(&reroll);
	/* the template escapes & as &amp; */
	char esc[1024];
	size_t k = 0;
	for (const char *q = want_reroll; *q && k + 6 < sizeof esc; q++) {
		if (*q == '&') {
			memcpy(esc + k, "&amp;", 5);
			k += 5;
		} else {
			esc[k++] = *q;
		}
	}
	esc[k] = '\0';
	HAS(h, esc);
	/* requests not honoured, with their reasons */
	HAS(h, "Requests not honoured");
	HAS(h, "<span class=\"part\">type</span> “<span class=\"word\">nosuch</span>”: "
	       "<span class=\"reason\">unknown word</span>");
	HAS(h, "<span class=\"word\">&lt;i&gt;rusty&lt;/i&gt;</span>”: <span "
	       "class=\"reason\">not active</span>");
	HAS(h, "not a part of this kind");
	/* one card is not a list */
	HAS_NOT(h, "<ol class=\"cards");
	assert_int_equal(count_of(h, "<article"), 1);
	free(h);
}

/* Weapon icons by family, from the end of the type word (bows
 * and crossbows got the two-handed axe); a type of no family keeps its
 * slot's icon. */
static void test_weapon_icons(void **state)
{
	static const struct {
		const char *type, *icon;
	} cases[] = {
	        {"light crossbow", "crossbow"}, {"war bow", "bow"},     {"arbalest", "crossbow"},
	        {"battle axe", "axe"},          {"halberd", "spear"},   {"dagger", "dagger"},
	        {"longsword", "weapon"},        {"sling", "two-hands"},
	};
	struct item it;
	char want[64];

	(void)state;
	for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
		make_item(&it, 7);
		it.n_unhonoured = 0;
		it.part[P_TYPE] = find(P_TYPE, cases[i].type);
		struct page p = {.cat = cat, .form = form, .items = &it, .n_items = 1};
		char *h = html_of(&p);
		snprintf(want, sizeof want, "src=\"/static/icons/%s.svg\"", cases[i].icon);
		if (!strstr(h, want))
			fail_msg("%s: no %s", cases[i].type, want);
		free(h);
	}
}

static void test_card_without_extras(void **state)
{
	struct item it;
	(void)state;
	make_item(&it, 7);
	memset(it.stat, 0, sizeof it.stat);
	it.stat[ST_HANDS] = 1;
	it.slot = SLOT_TWO_HANDS; /* a slot that disagrees with hands: both shown */
	it.masterwork = 0;
	it.n_unhonoured = 0;
	it.str = 30;
	it.stat[ST_MULTIPLIER] = -125;
	struct page p = {.cat = cat, .form = form, .items = &it, .n_items = 1};
	char *h = html_of(&p);
	HAS(h, "rarity-legendary");
	HAS(h, "<span class=\"hands\">One-handed</span>");
	HAS(h, "<span class=\"value\">-1.25</span>");
	HAS_NOT(h, "Masterwork");
	HAS_NOT(h, "Requests not honoured");
	free(h);

	it.stat[ST_MULTIPLIER] = 0;
	it.slot = SLOT_NONE;
	h = html_of(&p);
	HAS(h, "No bonuses.");
	HAS(h, "src=\"/static/icons/weapon.svg\"");
	HAS_NOT(h, "class=\"slot\"");
	free(h);
}

static void test_form(void **state)
{
	struct item it;
	(void)state;
	make_item(&it, 1);
	struct page p = {.cat = cat, .form = form, .items = &it, .n_items = 1};
	char *h = html_of(&p);

	HAS(h, "<form class=\"generate\" method=\"get\" action=\"/generate\">");
	HAS(h, "<option value=\"weapon\" selected>Weapon</option>");
	HAS(h, "<option value=\"0\">any</option>");
	HAS(h, "<option value=\"3\" selected>3</option>");
	HAS(h, "<option value=\"6\">6</option>");
	HAS(h, "name=\"power\" step=\"any\" min=\"0\" max=\"100\" value=\"2.5\"");
	HAS_NOT(h, " checked");
	/* the requested prefix is selected whatever its case; inactive words are
	 * not offered; words are escaped */
	HAS(h, "<select name=\"attribute[prefix]\"><option value=\"\">random</option>");
	HAS(h, "<option value=\"sharp\" selected>sharp</option>");
	HAS(h, "<option value=\"&lt;b&gt;bold&lt;/b&gt;\">&lt;b&gt;bold&lt;/b&gt;</option>");
	HAS_NOT(h, "rusty\"");
	HAS_NOT(h, "old blade");
	/* sorted: dagger before longsword */
	const char *d = strstr(h, "<option value=\"dagger\">");
	const char *l = strstr(h, "<option value=\"longsword\">");
	assert_non_null(d);
	assert_non_null(l);
	assert_true(d < l);
	/* an unknown requested word is kept, as sent */
	HAS(h, "<option value=\"nosuch\" selected>nosuch (not available)</option>");
	/* one select per part of the kind */
	const struct recipe *r = recipe_for(K_WEAPON);
	unsigned parts = r ? r->parts
	                   : (1u << P_ELEMENT | 1u << P_PREFIX | 1u << P_TYPE | 1u << P_ADJECTIVE |
	                      1u << P_ABSTRACT);
	char name[64];
	for (int i = 0; i < P__MAX; i++) {
		snprintf(name, sizeof name, "<select name=\"attribute[%s]\">", part_names[i]);
		if (parts & (1u << i))
			HAS(h, name);
		else
			HAS_NOT(h, name);
	}
	HAS(h, "name=\"seed\"");
	HAS(h, "placeholder=\"random\" value=\"\"");
	HAS(h, "name=\"count\" min=\"1\" max=\"100\"");
	HAS(h, "<button type=\"submit\">Generate</button>");
	free(h);
}

static void test_form_keeps_seed_count_variance(void **state)
{
	struct form *f = malloc(sizeof *f);
	struct form_error err;
	(void)state;
	assert_non_null(f);
	assert_int_equal(
	        form_parse(f, "kind=armor&tier-variance=on&seed=99&count=4", NULL, 0, &err), 0);
	struct page p = {.cat = cat, .form = f};
	char *h = html_of(&p);
	HAS(h, "<option value=\"armor\" selected>");
	HAS(h, "value=\"on\" checked>");
	HAS(h, "placeholder=\"random\" value=\"99\"");
	HAS(h, "placeholder=\"1\" value=\"4\"");
	HAS(h, "value=\"1\"></label>"); /* power: the default */
	HAS_NOT(h, "<article");
	HAS(h, "<select name=\"attribute[type]\">");
	free(h);
	free(f);
}

static void test_no_catalog_no_form(void **state)
{
	(void)state;
	struct page p = {0};
	char *h = html_of(&p);
	HAS(h, "<option value=\"weapon\" selected>");
	HAS(h, "<select name=\"attribute[type]\"><option value=\"\">random</option></select>");
	HAS(h, "<title>Item generator · lootforge</title>");
	free(h);
}

static void test_many_cards(void **state)
{
	struct item it[3];
	(void)state;
	for (int i = 0; i < 3; i++)
		make_item(&it[i], 100 + (uint64_t)i);
	struct page p = {.cat = cat, .form = form, .items = it, .n_items = 3};
	char *h = html_of(&p);
	HAS(h, "<ol class=\"cards grid\">");
	assert_int_equal(count_of(h, "<li><article"), 3);
	HAS(h, "<dd class=\"seed\">100</dd>");
	HAS(h, "<dd class=\"seed\">102</dd>");
	HAS(h, "<title>3 items · lootforge</title>");
	free(h);
}

static void test_error_page(void **state)
{
	(void)state;
	struct page p = {.cat = cat,
	                 .form = form,
	                 .status = 400,
	                 .error_field = "power",
	                 .error_message = "must be <= 100"};
	char *h = html_of(&p);
	HAS(h, "role=\"alert\"");
	HAS(h, "<li><strong class=\"error-field\">power</strong>: must be &lt;= 100</li>");
	HAS(h, "<title>Error · lootforge</title>");
	/* the form follows, to correct the field */
	const char *e = strstr(h, "role=\"alert\"");
	const char *f = strstr(h, "<form");
	assert_non_null(f);
	assert_true(e < f);
	free(h);

	p.error_field = NULL;
	h = html_of(&p);
	HAS(h, "<li>must be &lt;= 100</li>");
	HAS_NOT(h, "<strong class=\"error-field\">");
	free(h);
}

static void test_render_html_appends_and_fails_cleanly(void **state)
{
	struct buf out;
	(void)state;
	buf_init(&out);
	assert_int_equal(buf_puts(&out, "x"), 0);
	struct page p = {0};
	assert_int_equal(render_html(&p, &out), 0);
	assert_int_equal(out.data[0], 'x');
	assert_int_equal(render_html(NULL, &out), -1);
	buf_free(&out);
}

/* ---- JSON -------------------------------------------------------------- */

static json_t *parse(const struct buf *b)
{
	json_error_t e;
	json_t *v = json_loadb(b->data, b->len, 0, &e);
	if (!v)
		fail_msg("JSON does not parse: %s at %d", e.text, e.position);
	return v;
}

static json_t *item_json(const struct item *it)
{
	struct buf out;
	buf_init(&out);
	assert_int_equal(render_json_items(form, it, 1, 0, &out), 0);
	HAS_NOT(out.data, "\n");
	json_t *v = parse(&out);
	buf_free(&out);
	return v;
}

static const char *str_of(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);
	assert_true(json_is_string(v));
	return json_string_value(v);
}

static json_int_t int_of(json_t *o, const char *key)
{
	json_t *v = json_object_get(o, key);
	assert_true(json_is_integer(v));
	return json_integer_value(v);
}

static void test_json_item(void **state)
{
	struct item it;
	char want[128];
	(void)state;
	make_item(&it, UINT64_MAX);
	json_t *o = item_json(&it);

	assert_true(json_is_object(o));
	assert_string_equal(str_of(o, "kind"), "weapon");
	assert_string_equal(str_of(o, "name"), it.name);
	assert_string_equal(str_of(o, "seed"), SEED_MAX_TEXT);
	assert_int_equal(strtoull(str_of(o, "seed"), NULL, 10), UINT64_MAX);
	assert_int_equal(int_of(o, "tier"), 3);
	/* docs/api.md: identifiers in snake_case, stats nested, every one */
	assert_string_equal(str_of(o, "slot"), "two_hands");
	assert_string_equal(str_of(o, "rarity"), render_rarity(it.str));
	assert_true(json_is_integer(json_object_get(o, "revision")));
	json_t *stats = json_object_get(o, "stats");
	assert_int_equal(json_object_size(stats), ST__MAX);
	assert_int_equal(int_of(stats, "hands"), 2);
	json_t *m = json_object_get(stats, "multiplier");
	assert_true(json_is_real(m));
	assert_true(json_real_value(m) > 0.3999 && json_real_value(m) < 0.4001);
	for (int s = 0; s < ST__MAX; s++) {
		if (s == ST_MULTIPLIER)
			continue;
		assert_int_equal(int_of(stats, stat_names[s]), it.stat[s]);
	}
	assert_int_equal(int_of(o, "str"), 17);
	assert_int_equal(int_of(o, "plus"), 2);
	assert_true(json_is_true(json_object_get(o, "masterwork")));

	json_t *parts = json_object_get(o, "parts");
	assert_true(json_is_object(parts));
	json_t *el = json_object_get(parts, "element");
	assert_true(json_is_array(el));
	assert_int_equal(json_array_size(el), 1);
	assert_string_equal(json_string_value(json_array_get(el, 0)), "flaming");
	assert_string_equal(str_of(parts, "prefix"), "sharp");
	assert_string_equal(str_of(parts, "type"), "longsword");
	assert_true(json_is_null(json_object_get(parts, "adjective")));
	assert_string_equal(str_of(parts, "abstract"), "wrath");
	const struct recipe *r = recipe_for(K_WEAPON);
	unsigned bits = r ? r->parts : (1u << P__MAX) - 1;
	for (int p = 0; p < P__MAX; p++)
		assert_int_equal(json_object_get(parts, part_names[p]) != NULL,
		                 !!(bits & (1u << p)));

	json_t *un = json_object_get(o, "unhonoured");
	assert_true(json_is_array(un));
	assert_int_equal(json_array_size(un), 3);
	json_t *u0 = json_array_get(un, 0);
	assert_string_equal(str_of(u0, "part"), "type");
	assert_string_equal(str_of(u0, "word"), "nosuch");
	assert_string_equal(str_of(u0, "reason"), "unknown_word");
	assert_string_equal(str_of(json_array_get(un, 1), "word"), "<i>rusty</i>");
	assert_string_equal(str_of(json_array_get(un, 1), "reason"), "inactive");
	assert_string_equal(str_of(json_array_get(un, 2), "reason"), "not_a_part");

	/* An item without a code links to form_link's address, asking for
	 * JSON (an item with one: /item/CODE?format=json, test_items.py) */
	struct buf link;
	buf_init(&link);
	assert_int_equal(form_link(form, UINT64_MAX, &link), 0);
	assert_int_equal(buf_puts(&link, "&format=json"), 0);
	assert_string_equal(str_of(o, "link"), link.data);
	snprintf(want, sizeof want, "&seed=%s", SEED_MAX_TEXT);
	HAS(link.data, want);
	/* reroll: the same link without the seed */
	buf_reset(&link);
	assert_int_equal(form_link_inputs(form, &link), 0);
	assert_int_equal(buf_puts(&link, "&format=json"), 0);
	assert_string_equal(str_of(o, "reroll"), link.data);
	assert_null(strstr(str_of(o, "reroll"), "seed="));
	assert_int_equal(strncmp(str_of(o, "link"), link.data, link.len - strlen("&format=json")),
	                 0);
	buf_free(&link);
	assert_true(json_is_null(json_object_get(o, "code"))); /* no code */

	/* every key once: code, revision, kind, name, seed, tier, rarity, slot,
	 * stats, str, plus, masterwork, value, parts, unhonoured, link, reroll */
	assert_true(json_is_integer(json_object_get(o, "value"))); /* SPEC §7 */
	assert_int_equal(json_object_size(o), 17);
	json_decref(o);
}

static void test_json_elements_and_nulls(void **state)
{
	struct item it;
	(void)state;
	make_item(&it, 5);
	it.element2 = find(P_ELEMENT, "freezing");
	it.slot = SLOT_NONE;
	it.masterwork = 0;
	it.n_unhonoured = 0;
	it.stat[ST_MULTIPLIER] = 140;
	json_t *o = item_json(&it);
	json_t *el = json_object_get(json_object_get(o, "parts"), "element");
	assert_int_equal(json_array_size(el), 2);
	assert_string_equal(json_string_value(json_array_get(el, 1)), "freezing");
	assert_true(json_is_null(json_object_get(o, "slot")));
	assert_true(json_is_false(json_object_get(o, "masterwork")));
	assert_int_equal(json_array_size(json_object_get(o, "unhonoured")), 0);
	json_decref(o);

	it.part[P_ELEMENT] = NULL;
	it.element2 = NULL;
	o = item_json(&it);
	el = json_object_get(json_object_get(o, "parts"), "element");
	assert_true(json_is_array(el));
	assert_int_equal(json_array_size(el), 0);
	json_decref(o);

	/* hundredths print as written, not as binary fractions */
	struct buf out;
	buf_init(&out);
	assert_int_equal(render_json_items(form, &it, 1, 0, &out), 0);
	HAS(out.data, "\"multiplier\":1.4,");
	buf_free(&out);
}

static void test_json_batch(void **state)
{
	struct item it[3];
	struct buf out;
	(void)state;
	for (int i = 0; i < 3; i++)
		make_item(&it[i], 10 + (uint64_t)i);
	buf_init(&out);
	assert_int_equal(render_json_items(form, it, 3, 1, &out), 0);
	json_t *o = parse(&out);
	assert_int_equal(json_object_size(o), 1);
	json_t *items = json_object_get(o, "items");
	assert_true(json_is_array(items));
	assert_int_equal(json_array_size(items), 3);
	assert_string_equal(str_of(json_array_get(items, 2), "seed"), "12");
	json_decref(o);

	/* a batch of one is still a list; one item without batch is not */
	buf_reset(&out);
	assert_int_equal(render_json_items(form, it, 1, 1, &out), 0);
	o = parse(&out);
	assert_int_equal(json_array_size(json_object_get(o, "items")), 1);
	json_decref(o);

	/* without batch exactly one item; nothing is appended on failure */
	buf_reset(&out);
	assert_int_equal(render_json_items(form, it, 2, 0, &out), -1);
	assert_int_equal(render_json_items(form, it, 0, 0, &out), -1);
	assert_int_equal(out.len, 0);
	buf_free(&out);
}

static void test_json_error(void **state)
{
	struct buf out;
	(void)state;
	buf_init(&out);
	assert_int_equal(
	        render_json_error(400, "tier", "out_of_range", "must be 0 to 6 <here>", &out), 0);
	assert_string_equal(out.data, "{\"errors\":[{\"field\":\"tier\",\"code\":\"out_of_range\","
	                              "\"message\":\"must be 0 to 6 <here>\"}]}");
	json_t *o = parse(&out);
	json_decref(o);

	buf_reset(&out);
	assert_int_equal(render_json_error(503, NULL, NULL, "database unavailable", &out), 0);
	o = parse(&out);
	json_t *e = json_array_get(json_object_get(o, "errors"), 0);
	assert_true(json_is_null(json_object_get(e, "field")));
	assert_string_equal(str_of(e, "code"), "unavailable");
	assert_string_equal(str_of(e, "message"), "database unavailable");
	json_decref(o);

	/* every problem of a form, in order */
	struct form f;
	struct form_error err;
	assert_int_equal(form_parse(&f, "tier=9&count=1000&kind=axe&tier=x", NULL, 0, &err), -1);
	assert_int_equal(err.n, 4);
	buf_reset(&out);
	assert_int_equal(render_json_errors(&err, &out), 0);
	/* the kinds' message is the vocabulary's: a new kind grows it */
	assert_memory_equal(kind_choices(),
	                    "must be one of weapon, armor, shield, trinket, scroll, wand", 58);
	char want[512];
	snprintf(want, sizeof want,
	         "{\"errors\":[{\"field\":\"tier\",\"code\":\"out_of_range\",\"message\":"
	         "\"must be a whole number from 0 to 6\"},{\"field\":\"count\",\"code\":"
	         "\"out_of_range\",\"message\":\"must be a whole number from 1 to 100\"},"
	         "{\"field\":\"kind\",\"code\":\"not_one_of\",\"message\":\"%s\"},"
	         "{\"field\":\"tier\",\"code\":\"duplicate\",\"message\":\"given more than "
	         "once\"}]}",
	         kind_choices());
	assert_string_equal(out.data, want);
	buf_free(&out);
}

static void test_rarity(void **state)
{
	(void)state;
	assert_string_equal(render_rarity(-5), "common");
	assert_string_equal(render_rarity(0), "common");
	assert_string_equal(render_rarity(7), "common");
	assert_string_equal(render_rarity(8), "uncommon");
	assert_string_equal(render_rarity(13), "uncommon");
	assert_string_equal(render_rarity(14), "rare");
	assert_string_equal(render_rarity(19), "rare");
	assert_string_equal(render_rarity(20), "epic");
	assert_string_equal(render_rarity(25), "epic");
	assert_string_equal(render_rarity(26), "legendary");
	assert_string_equal(render_rarity(32), "legendary");
}

static void test_reason_texts(void **state)
{
	(void)state;
	assert_string_equal(unhonoured_reason_text[UR_UNKNOWN], "unknown word");
	assert_string_equal(unhonoured_reason_text[UR_INACTIVE], "not active");
	assert_string_equal(unhonoured_reason_text[UR_NOT_A_PART], "not a part of this kind");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_card),
	        cmocka_unit_test(test_weapon_icons),
	        cmocka_unit_test(test_card_without_extras),
	        cmocka_unit_test(test_form),
	        cmocka_unit_test(test_form_keeps_seed_count_variance),
	        cmocka_unit_test(test_no_catalog_no_form),
	        cmocka_unit_test(test_many_cards),
	        cmocka_unit_test(test_error_page),
	        cmocka_unit_test(test_render_html_appends_and_fails_cleanly),
	        cmocka_unit_test(test_json_item),
	        cmocka_unit_test(test_json_elements_and_nulls),
	        cmocka_unit_test(test_json_batch),
	        cmocka_unit_test(test_json_error),
	        cmocka_unit_test(test_rarity),
	        cmocka_unit_test(test_reason_texts),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
