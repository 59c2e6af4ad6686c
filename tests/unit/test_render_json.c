/* render_json's direct writer against the jansson tree it replaced: the
 * reference below is the renderer as it was (a json_t per member, dumped
 * JSON_COMPACT at precision 15), kept here and nowhere else. Both render
 * the same spread of items, and every answer must be byte for byte the
 * same, failures included: generated items of every kind, tier and power,
 * with and without codes, single and in batches; random items with every
 * field at its edges (negative and extreme stats, slots and reasons out of
 * range, quotes, backslashes, control characters, multi-byte UTF-8); and
 * text that is not UTF-8, which both refuse. The same items in docs/api.md's
 * language (version 2, every answer's but a version-1 code's) are pinned by
 * a hash of their answers (pin_v2). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "decimal.h"
#include "fixture.h"
#include "fnv_fixture.h"
#include "scroll.h"
#include "form.h"
#include "generate.h"
#include "item.h"
#include "itemlink.h"
#include "render.h"
#include "render_int.h"
#include "value.h"

#define N_REASONS UNHONOURED_REASONS

/* ---- the reference: the jansson tree, as src/output/render_json.c built it ---- */

static int put(json_t *o, const char *key, json_t *v)
{
	if (!v)
		return -1;
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

struct links {
	struct buf buf;
	struct buf inputs;
	size_t inputs_len;
	json_t *reroll;
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

/* SPEC §8's members, for the kinds whose recipe has them. */
static int magic_json(json_t *o, const struct item *it)
{
	const struct recipe *r = recipe_for(it->kind);
	int spell = 0, charges = 0, err = 0;
	char text[SCROLL_TEXT_MAX > SPELL_TEXT_MAX ? SCROLL_TEXT_MAX : SPELL_TEXT_MAX];

	for (size_t i = 0; r && i < r->n_steps; i++) {
		spell |= r->steps[i].op == OP_SPELL;
		charges |= r->steps[i].op == OP_CHARGES;
	}
	if (spell) {
		json_t *sp = json_null();
		if (it->spell && spell_text(&it->spell->s, text, sizeof text) >= 0)
			sp = json_pack("{s:s,s:i,s:i,s:i,s:s}", "name", it->spell->s.name, "mana",
			               it->spell->s.mana, "level", it->spell->s.level, "tier",
			               it->spell->s.tier, "text", text);
		err = err || put(o, "spell", sp);
	}
	if (charges)
		err = err || put(o, "charges", json_integer(it->charges));
	if (r && r->blueprint) {
		err = err ||
		      put(o, "given_name", it->given[0] ? json_string(it->given) : json_null());
		err = err || scroll_description(it, text, sizeof text) < 0 ||
		      put(o, "description", json_string(text));
	}
	return err;
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
	err = err || magic_json(o, it);
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

/* The reference answer as a malloc'd string, or NULL where it failed. */
static char *reference(const struct form *f, const struct item *items, size_t n, int batch)
{
	struct links links;
	json_t *root = NULL;
	char *text = NULL;

	f = render_form(f);
	if (links_init(&links, f) != 0)
		goto out;
	if (!batch) {
		root = n == 1 ? item_json(&items[0], &links) : NULL;
	} else {
		json_t *list = json_array();
		root = json_object();
		int err = put(root, "items", list) != 0;
		for (size_t i = 0; !err && i < n; i++)
			err = push(list, item_json(&items[i], &links)) != 0;
		if (err) {
			json_decref(root);
			root = NULL;
		}
	}
	if (root)
		text = json_dumps(root, JSON_COMPACT | JSON_REAL_PRECISION(15));
	json_decref(root);
out:
	links_free(&links);
	return text;
}

/* ---- the comparison ---------------------------------------------------- */

static size_t compared, refused;

/* Renders items both ways after some existing text in out (an answer is
 * appended to its buffer) and asserts the same bytes, or the same failure
 * with out left as it was. */
static void same(const struct form *f, const struct item *given, size_t n, int batch)
{
	static const char before[] = "before|";
	/* The reference is the tree of the version-1 JSON, which items of
	 * version-1 codes keep byte for byte (docs/api.md): compared as such. */
	struct item *items = NULL;
	if (given) {
		items = malloc((n ? n : 1) * sizeof *items);
		assert_non_null(items);
		memcpy(items, given, n * sizeof *items);
		for (size_t i = 0; i < n; i++)
			items[i].code_version = ITEMCODE_VERSION_1;
	}
	char *want = reference(f, items, n, batch);
	struct buf out;

	buf_init(&out);
	assert_int_equal(buf_puts(&out, before), 0);
	int rc = render_json_items(f, items, n, batch, &out);
	if (!want) {
		assert_int_equal(rc, -1);
		assert_int_equal(out.len, strlen(before));
		assert_string_equal(out.data, before);
		refused++;
	} else {
		assert_int_equal(rc, 0);
		assert_int_equal(out.len, strlen(before) + strlen(want));
		assert_string_equal(out.data + strlen(before), want);
		assert_int_equal(strlen(out.data), out.len);
		compared++;
	}
	free(want);
	free(items);
	buf_free(&out);
}

/* ---- version 2: pinned ----
 *
 * docs/api.md's language (the items of every answer but a version-1 code's)
 * has no jansson reference here: its answers for the same items, failures
 * included, are pinned by a hash of their bytes, recorded with the writer
 * as it was before the writer was made faster (main at 67863a7). Each test below
 * adds every item it renders, one by one and as the batch. */
static uint64_t v2_hash;
/* test_generated's answers are pinned kind by kind, so that a new kind adds
 * its pin and breaks none: pin_kind, when set, is the kind being pinned. */
static int pin_kind = -1;
static uint64_t v2_kind[K__MAX];
static const uint64_t generated_v2[K__MAX] = {
        [K_WEAPON] = 0x782acfc15bd8c58dULL, [K_ARMOR] = 0x59246de064c8a973ULL,
        [K_SHIELD] = 0xd0d58c112b229091ULL, [K_TRINKET] = 0x45ca22bcb3eb9397ULL,
        [K_SCROLL] = 0xda3dc2241da79017ULL, [K_WAND] = 0xf20924386f4260efULL};
#define RANDOM_V2     0xddb984527881ab69ULL
#define MULTIPLIER_V2 0x7a6ef3243c3ea6baULL
#define NOT_UTF8_V2   0x8a8d561e4cb7a425ULL

static void pin_v2(const struct form *f, const struct item *items, size_t n, int batch)
{
	struct buf out;
	int rc;
	uint64_t *h = pin_kind >= 0 ? &v2_kind[pin_kind] : &v2_hash;

	buf_init(&out);
	for (size_t i = 0; i < n && !batch; i++) {
		buf_reset(&out);
		rc = render_json_item_append(f, &items[i], &out);
		*h = fnv(*h, &rc, sizeof rc);
		*h = fnv(*h, out.data ? out.data : "", out.len);
	}
	if (batch) { /* items with a code of version 1 answer version 1 here */
		buf_reset(&out);
		rc = render_json_items(f, items, n, 1, &out);
		*h = fnv(*h, &rc, sizeof rc);
		*h = fnv(*h, out.data ? out.data : "", out.len);
	}
	buf_free(&out);
}

/* Asserts the hash of the answers pinned since the test began. */
static void pinned_v2(uint64_t want)
{
	if (v2_hash != want)
		print_message("version 2's answers hash to 0x%016llx, not 0x%016llx\n",
		              (unsigned long long)v2_hash, (unsigned long long)want);
	assert_true(v2_hash == want);
}

static struct form *parsed(const char *query)
{
	struct form_error err;
	struct form *f = malloc(sizeof *f);
	assert_non_null(f);
	assert_int_equal(form_parse(f, query, NULL, 0, &err), 0);
	return f;
}

/* Forms whose links differ: defaults, every field, words with quotes and
 * accents, JSON asked for in the query. */
static const char *const queries[] = {
        "",
        "kind=weapon&tier=3&attribute%5Bprefix%5D=Sharp&attribute%5Btype%5D=nosuch&power=2.5",
        "kind=armor&tier=6&variance=0&power=0.25",
        "attribute%5Bprefix%5D=%22quoted%22%5C&attribute%5Babstract%5D=%C3%A9p%C3%A9e%20%E2%9A%94",
        "count=100&format=json&kind=trinket",
};
#define N_QUERIES (sizeof queries / sizeof queries[0])

/* ---- generated items ----------------------------------------------------- */

static void test_generated(void **state)
{
	(void)state;
	struct catalog *c = fixture_catalog();
	static const char *const wants[][2] = {
	        {NULL, NULL}, {"sharp", "greatsword"}, {"cursed", "nosuch"}, {"alpha", "type 3a"}};
	static const double powers[] = {1.0, 0.0, 2.5, 10.0};
	struct item *items = calloc(100, sizeof *items);
	assert_non_null(items);
	size_t before = compared;
	for (int k = 0; k < K__MAX; k++)
		v2_kind[k] = FNV_OFFSET;

	for (size_t q = 0; q < N_QUERIES; q++) {
		struct form *f = parsed(queries[q]);
		for (int k = 0; k < K__MAX; k++)
			for (int tier = 0; tier <= TIER_MAX; tier++)
				for (size_t wi = 0; wi < sizeof wants / sizeof wants[0]; wi++) {
					struct gen_input in = {.kind = (enum kind)k,
					                       .tier = tier,
					                       .variance = (tier + (int)wi) % 2,
					                       .power = powers[(tier + k) % 4]};
					in.want[P_PREFIX] = wants[wi][0];
					in.want[P_TYPE] = wants[wi][1];
					size_t n =
					        1 +
					        (size_t)(q * 7 + (size_t)tier * 13 + wi * 29) % 100;
					uint64_t seed = UINT64_C(0x9e3779b97f4a7c15) * (q + 1) *
					                        (size_t)(k + 1) +
					                (uint64_t)tier;
					for (size_t i = 0; i < n; i++) {
						assert_int_equal(
						        generate(c, &in,
						                 generate_batch_seed(seed,
						                                     (unsigned)i),
						                 &items[i]),
						        0);
						if (i % 3) /* some without a code: the other link */
							itemlink_fill(c, &in, &items[i]);
					}
					same(f, items, 1, 0);
					same(f, items, n, 1);
					pin_kind = k;
					pin_v2(f, items, n, 0);
					pin_v2(f, items, n, 1);
					pin_kind = -1;
				}
		free(f);
	}
	same(NULL, items, 0, 1); /* an empty batch */
	same(NULL, items, 2, 0); /* not one item, not a batch: both refuse */
	print_message("generated: %zu answers compared\n", compared - before);
	int pinned = 1;
	for (int k = 0; k < K__MAX; k++)
		if (v2_kind[k] != generated_v2[k]) {
			print_message("%s's answers hash to 0x%016llx, not 0x%016llx%s\n",
			              kind_names[k], (unsigned long long)v2_kind[k],
			              (unsigned long long)generated_v2[k],
			              generated_v2[k] ? "" : " (a new kind: pin it)");
			pinned = 0;
		}
	assert_true(pinned);
	free(items);
	catalog_free(c);
}

/* ---- random items at the edges -------------------------------------------- */

static uint64_t rng_state = 0x2545F4914F6CDD1DULL; /* fixed seed: the same spread every run */

static uint64_t next(void)
{
	uint64_t x = rng_state;
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return rng_state = x;
}

static const char *const texts[] = {
        "longsword",
        "",
        "\"quoted\" and \\back\\slashed\\",
        "tab\there, newline\nthere, cr\r, bs\b, ff\f",
        "\x01\x02\x1f\x7f low and DEL",
        "épée ⚔ 🗡 Ǆ",
        "</script><script>alert(1)</script>",
        "a/b//c",
        "ﬁnal ﬂame of Ærin",
};
#define N_TEXTS (sizeof texts / sizeof texts[0])

static int32_t edge_int(void)
{
	static const int32_t edges[] = {
	        0, 1,  -1,  99,    100,       -100,      101,           -101,
	        5, -5, 250, 10000, INT32_MAX, INT32_MIN, INT32_MAX - 1, INT32_MIN + 1};
	uint64_t r = next();
	if (r % 3 == 0)
		return edges[(r >> 8) % (sizeof edges / sizeof edges[0])];
	if (r % 3 == 1)
		return (int32_t)((r >> 8) % 2001) - 1000;
	return (int32_t)(uint32_t)(r >> 16);
}

static struct entry pool[N_TEXTS];

static const struct entry *some_entry(void)
{
	uint64_t r = next() % (N_TEXTS + 2);
	return r < N_TEXTS ? &pool[r] : NULL; /* now and then none */
}

static void random_item(struct item *it)
{
	memset(it, 0, sizeof *it);
	/* the six kinds pinned, or one without a recipe ("?"): a new kind
	 * leaves the draws and the pin as they are */
	uint64_t k = next() % 7;
	it->kind = k < 6 ? (enum kind)k : K__MAX;
	it->seed = next();
	snprintf(it->name, sizeof it->name, "%s %s", texts[next() % N_TEXTS],
	         texts[next() % N_TEXTS]);
	it->tier = edge_int();
	it->slot = (enum slot)((int)(next() % (SLOT__MAX + 2)) - 1);
	for (int s = 0; s < ST__MAX; s++)
		it->stat[s] = edge_int();
	it->str = edge_int();
	it->plus = (int)(next() % 9) - 2;
	it->masterwork = (int)(next() % 2);
	it->better = (int)(next() % 2);
	for (int p = 0; p < P__MAX; p++)
		it->part[p] = some_entry();
	it->element2 = some_entry();
	it->n_unhonoured = (int)(next() % (ITEM_UNHONOURED_MAX + 2));
	for (int i = 0; i < ITEM_UNHONOURED_MAX; i++)
		it->unhonoured[i] = (struct unhonoured){
		        .part = (enum part)((int)(next() % (P__MAX + 2)) - 1),
		        .word = next() % 5 ? texts[next() % N_TEXTS] : NULL,
		        .reason = (enum unhonoured_reason)((int)(next() % (N_REASONS + 2)) - 1)};
	if (next() % 2) {
		static const char code_chars[] =
		        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
		size_t len = 1 + next() % (ITEMCODE_MAX - 1);
		for (size_t i = 0; i < len; i++)
			it->code[i] = code_chars[next() % (sizeof code_chars - 1)];
	}
}

static void test_random(void **state)
{
	(void)state;
	struct item *items = calloc(100, sizeof *items);
	assert_non_null(items);
	size_t before = compared;
	v2_hash = FNV_OFFSET;

	for (size_t i = 0; i < N_TEXTS; i++)
		pool[i] = (struct entry){.word = i ? texts[i] : NULL, /* a row without a word */
		                         .value = (uint32_t)next(),
		                         .value_mult = (uint32_t)(next() % 1000)};
	for (int round = 0; round < 400; round++) {
		struct form *f = parsed(queries[(size_t)round % N_QUERIES]);
		size_t n = 1 + next() % 100;
		for (size_t i = 0; i < n; i++)
			random_item(&items[i]);
		same(f, items, 1, 0);
		same(f, items, n, 1);
		pin_v2(f, items, n, 0);
		pin_v2(f, items, n, 1);
		free(f);
	}
	print_message("random: %zu answers compared\n", compared - before);
	pinned_v2(RANDOM_V2);
	free(items);
}

/* Every hundredth of the multiplier that a stat can hold near the edges
 * and across the small values: the real's text is where a hand-written
 * number could differ from "%.15g". */
static void test_multiplier(void **state)
{
	(void)state;
	struct item it;
	memset(&it, 0, sizeof it);
	it.kind = K_WEAPON;
	v2_hash = FNV_OFFSET;
	for (int32_t v = -100000; v <= 100000; v++) {
		it.stat[ST_MULTIPLIER] = v;
		same(NULL, &it, 1, 0);
		pin_v2(NULL, &it, 1, 0);
	}
	static const int32_t far[] = {INT32_MIN, INT32_MIN + 1, INT32_MAX, INT32_MAX - 1,
	                              999999999, -999999999,    100000000, 2147483600};
	for (size_t i = 0; i < sizeof far / sizeof far[0]; i++) {
		it.stat[ST_MULTIPLIER] = far[i];
		same(NULL, &it, 1, 0);
		pin_v2(NULL, &it, 1, 0);
	}
	pinned_v2(MULTIPLIER_V2);
}

/* Text that is not UTF-8 in any string of an item: both refuse, and out
 * keeps what it had. */
static void test_not_utf8(void **state)
{
	(void)state;
	static const char *const broken[] = {"\xff", "caf\xc3", "\xc0\xaf" /* overlong */,
	                                     "\xed\xa0\x80" /* a surrogate */,
	                                     "\xf4\x90\x80\x80" /* past U+10FFFF */};
	struct item items[3];
	size_t before = refused;
	v2_hash = FNV_OFFSET;

	for (size_t b = 0; b < sizeof broken / sizeof broken[0]; b++) {
		struct entry e = {.word = broken[b]};
		for (int where = 0; where < 4; where++) {
			memset(items, 0, sizeof items);
			for (int i = 0; i < 3; i++) {
				items[i].kind = K_WEAPON;
				snprintf(items[i].name, sizeof items[i].name, "fine");
			}
			struct item *it = &items[2]; /* the last of a batch: earlier ones written */
			if (where == 0)
				snprintf(it->name, sizeof it->name, "%s", broken[b]);
			else if (where == 1)
				it->part[P_TYPE] = &e;
			else if (where == 2)
				it->element2 = &e;
			else
				it->unhonoured[0] =
				        (struct unhonoured){P_TYPE, broken[b], UR_UNKNOWN, NULL},
				it->n_unhonoured = 1;
			same(NULL, it, 1, 0);
			same(NULL, items, 3, 1);
			pin_v2(NULL, items, 3, 0);
			pin_v2(NULL, items, 3, 1);
		}
	}
	assert_int_equal(refused - before, 2 * 4 * sizeof broken / sizeof broken[0]);
	pinned_v2(NOT_UTF8_V2);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_generated),
	        cmocka_unit_test(test_random),
	        cmocka_unit_test(test_multiplier),
	        cmocka_unit_test(test_not_utf8),
	};
	int rc = cmocka_run_group_tests(tests, NULL, NULL);
	print_message("%zu answers byte for byte the same, %zu refused by both\n", compared,
	              refused);
	return rc;
}
