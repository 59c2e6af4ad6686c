/* render_json: items and errors as JSON (SPEC §5): items written directly
 * (the hot path), errors through jansson. */
#include "render.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include <jansson.h>
#include <unistr.h>

#include "decimal.h"
#include "jsonlinks.h"
#include "jsonw.h"
#include "render_int.h"
#include "scroll.h"
#include "value.h"

/* ---- items: written straight into the answer ------------------------
 *
 * Not through a jansson tree: a tree costs an allocation per member (~30
 * per item) and a dump that formats every number with snprintf, ~85% of a
 * batch's CPU. The bytes are exactly
 * those jansson wrote for the same tree (JSON_COMPACT, keys in insertion
 * order, reals at precision 15): tests/unit/test_render_json.c renders a
 * spread of items both ways and compares them byte for byte. Errors stay on
 * jansson (emit_json below): they are rare and small. */

static void jw_word(struct jw *w, const struct entry *e)
{
	if (e && e->word)
		jw_str(w, e->word);
	else
		JW_LIT(w, "null");
}

static void jw_link(struct jw *w, struct links *l, const struct item *it)
{
	char text[DECIMAL_MAX];
	int err;

	if (it->code[0]) {
		/* The common case, on the stack: "/item/CODE?format=json". */
		char link[sizeof "/item/" - 1 + ITEMCODE_MAX + sizeof "?format=json"];
		size_t n = strnlen(it->code, ITEMCODE_MAX);
		if (n < ITEMCODE_MAX) {
			memcpy(link, "/item/", 6);
			memcpy(link + 6, it->code, n);
			memcpy(link + 6 + n, "?format=json", 12);
			jw_strn(w, link, 6 + n + 12);
			return;
		}
	}
	buf_reset(&l->buf);
	if (it->code[0])
		err = buf_puts(&l->buf, "/item/") != 0 || buf_puts(&l->buf, it->code) != 0 ||
		      buf_puts(&l->buf, "?format=json") != 0;
	else
		err = buf_append(&l->buf, l->in, l->in_len) != 0 ||
		      buf_puts(&l->buf, decimal_u64(it->seed, text)) != 0 ||
		      buf_puts(&l->buf, "&format=json") != 0;
	if (err)
		w->err = 1;
	else
		jw_str(w, l->buf.data);
}

/* A name of a fixed set as an identifier: lowercase already; ' ' and '-'
 * become '_' ("two hands" -> "two_hands", "tube-quality" ->
 * "tube_quality"). Names are short constants of recipe.c. */
static void jw_ident(struct jw *w, const char *s)
{
	char text[64];
	size_t n = 0;

	for (; s[n] && n < sizeof text - 1; n++)
		text[n] = s[n] == ' ' || s[n] == '-' ? '_' : s[n];
	text[n] = '\0';
	jw_str(w, text);
}

/* ---- the constant texts, written once ----
 *
 * The names of kinds, slots, parts and stats are constants: their JSON
 * (quoted, as identifiers for version 2, as keys with their ',' and ':')
 * is made once, by the functions above, and then copied with its known
 * length. Measuring and checking them again for each item was a fifth of
 * the JSON of a batch (strlen, jw_strn, jw_ident). A text that
 * does not fit (none does not) keeps len 0 and takes the long way. */
#define JT_COPY 48 /* bytes copied whatever the length: the longest text is shorter */
struct jtext {
	char s[JT_COPY + 16]; /* JT_COPY from s + 1 stays inside */
	unsigned char len;    /* below JT_COPY, or 0: not made */
};

static struct {
	struct jtext kind_v2[K__MAX], kind_v1[K__MAX];
	struct jtext slot_v2[SLOT__MAX], slot_v1[SLOT__MAX];
	struct jtext part_key_v2[P__MAX], part_key_v1[P__MAX]; /* ",\"tube_quality\":" */
	struct jtext stat_key[ST__MAX];                        /* ",\"attack\":" */
	unsigned char magic[K__MAX]; /* MAGIC_*: what jw_magic writes for a kind */
	unsigned parts[K__MAX];      /* render_kind_parts's, within ALL_PARTS */
	size_t n_parts[K__MAX];      /* and how many */
	int stat_keys_short;         /* every stat_key made, and shorter than KEY_COPY */
} jt;
#define KEY_COPY 16

/* A kind's members of SPEC §8, from its recipe (recipe_step each item was
 * a walk over the steps, twice). */
enum { MAGIC_SPELL = 1, MAGIC_CHARGES = 2, MAGIC_SCROLL = 4 };
static pthread_once_t jt_once = PTHREAD_ONCE_INIT;

/* t = what one writer call (on a scratch) wrote, when it fits. */
static void jt_set(struct jtext *t, const struct buf *b, int err)
{
	if (!err && b->len > 0 && b->len < JT_COPY) {
		memcpy(t->s, b->data, b->len);
		t->len = (unsigned char)b->len;
	}
}

static void jt_build(void)
{
	struct buf b;
	buf_init(&b);
	for (int i = 0; i < K__MAX; i++) {
		struct jw w = {&b, 0};
		buf_reset(&b);
		jw_ident(&w, render_name_or(kind_names, K__MAX, i, "unknown"));
		jt_set(&jt.kind_v2[i], &b, w.err);
		buf_reset(&b);
		w.err = 0;
		jw_str(&w, render_name_or(kind_names, K__MAX, i, "?"));
		jt_set(&jt.kind_v1[i], &b, w.err);
	}
	for (int k = 0; k < K__MAX; k++) {
		const struct recipe *r = recipe_for((enum kind)k);
		jt.magic[k] = (unsigned char)((recipe_step(r, OP_SPELL) ? MAGIC_SPELL : 0) |
		                              (recipe_step(r, OP_CHARGES) ? MAGIC_CHARGES : 0) |
		                              (r && r->blueprint ? MAGIC_SCROLL : 0));
		jt.parts[k] = render_kind_parts((enum kind)k, ALL_PARTS) & ALL_PARTS;
		for (unsigned left = jt.parts[k]; left; left &= left - 1)
			jt.n_parts[k]++;
	}
	for (int i = SLOT_NONE + 1; i < SLOT__MAX; i++) {
		struct jw w = {&b, 0};
		if (!slot_names[i])
			continue;
		buf_reset(&b);
		jw_ident(&w, slot_names[i]);
		jt_set(&jt.slot_v2[i], &b, w.err);
		buf_reset(&b);
		w.err = 0;
		jw_str(&w, slot_names[i]);
		jt_set(&jt.slot_v1[i], &b, w.err);
	}
	for (int p = 0; p < P__MAX; p++) {
		struct jw w = {&b, 0};
		if (!part_names[p])
			continue;
		buf_reset(&b);
		JW_LIT(&w, ",");
		jw_ident(&w, part_names[p]);
		JW_LIT(&w, ":");
		jt_set(&jt.part_key_v2[p], &b, w.err);
		buf_reset(&b);
		w.err = 0;
		jw_key(&w, part_names[p], 0);
		jt_set(&jt.part_key_v1[p], &b, w.err);
	}
	jt.stat_keys_short = 1;
	for (int s = 0; s < ST__MAX; s++) {
		struct jw w = {&b, 0};
		if (!stat_names[s]) {
			jt.stat_keys_short = 0;
			continue;
		}
		buf_reset(&b);
		jw_key(&w, stat_names[s], 0);
		jt_set(&jt.stat_key[s], &b, w.err);
		if (jt.stat_key[s].len == 0 || jt.stat_key[s].len > KEY_COPY)
			jt.stat_keys_short = 0;
	}
	buf_free(&b);
}

/* The texts, made on the first call. */
static void jt_ready(void)
{
	pthread_once(&jt_once, jt_build);
}

/* t without its first byte (the ',') when first. */
static inline void jw_jtext(struct jw *w, const struct jtext *t, int first)
{
	struct buf *b = w->b;
	size_t off = first ? 1 : 0;

	/* A copy of a constant size, a few vector moves: of the text's own
	 * length it was a "rep movs", slower than measuring it again. */
	if (b->cap - b->len > JT_COPY) {
		memcpy(b->data + b->len, t->s + off, JT_COPY);
		b->len += t->len - off;
		return;
	}
	jw_raw(w, t->s + off, t->len - off);
}

/* A part's word as the quick way writes it (put_word): at most this many
 * bytes; a longer one takes the long way. */
#define PART_WORD_ROOM 40

/* e's word quoted at d, or null (jw_word's bytes), room for
 * PART_WORD_ROOM + 2 made; returns the end, or NULL when the word is
 * longer or holds a byte jw_str_slow must decide. */
static inline char *put_word(char *d, const struct entry *e)
{
	if (!e || !e->word) {
		memcpy(d, "null", 4);
		return d + 4;
	}
	size_t n = strlen(e->word);
	return n <= PART_WORD_ROOM ? put_plain(d, e->word, n) : NULL;
}

/* jw_parts's object for v2 at d, when each of its keys was made and each
 * word goes the quick way (put_word); else NULL (the long way then
 * writes it). Room for PARTS_ROOM(the kind's parts) made. */
#define PARTS_ROOM(n) (2 + ((n) + 1) * (JT_COPY + PART_WORD_ROOM + 8))
static char *put_parts(char *d, const struct item *it, unsigned parts)
{
	size_t first = 1;

	*d++ = '{';
	for (unsigned left = parts; left; left &= left - 1) {
		int p = __builtin_ctz(left);
		const struct jtext *t = &jt.part_key_v2[p];
		if (!t->len)
			return NULL;
		memcpy(d, t->s + first, JT_COPY);
		d += t->len - first;
		first = 0;
		if (p != P_ELEMENT) {
			d = put_word(d, it->part[p]);
		} else {
			*d++ = '[';
			if (it->part[P_ELEMENT])
				d = put_word(d, it->part[P_ELEMENT]);
			if (d && it->part[P_ELEMENT] && it->element2)
				*d++ = ',';
			if (d && it->element2)
				d = put_word(d, it->element2);
			if (d)
				*d++ = ']';
		}
		if (!d)
			return NULL;
	}
	*d++ = '}';
	return d;
}

/* One key per part of the kind; element is a list of 0..2 words. The
 * keys are the parts' names as version 1 wrote them ("tube-quality"), or
 * docs/api.md's identifiers (tube_quality) for v2. For v2, the whole
 * object in one run when it can (put_parts): a call, a strlen and a check
 * of the room a word were ~5% of a level-20 dungeon's JSON. */
static void jw_parts(struct jw *w, const struct item *it, int v2)
{
	int known = (unsigned)it->kind < K__MAX;
	unsigned parts;
	int first = 1;

	jt_ready();
	parts = known ? jt.parts[it->kind] : render_kind_parts(it->kind, ALL_PARTS) & ALL_PARTS;
	if (v2) {
		char *d = jw_room(w, PARTS_ROOM(known ? jt.n_parts[it->kind] : P__MAX));
		char *end = d ? put_parts(d, it, parts) : NULL;
		if (end) {
			jw_done(w, end);
			return;
		}
	}
	JW_LIT(w, "{");
	for (unsigned left = parts; left; left &= left - 1) {
		int p = __builtin_ctz(left); /* the kind's parts only, in order */
		const struct jtext *t = v2 ? &jt.part_key_v2[p] : &jt.part_key_v1[p];
		if (t->len) {
			jw_jtext(w, t, first);
		} else if (v2) {
			if (!first)
				JW_LIT(w, ",");
			jw_ident(w, part_names[p]);
			JW_LIT(w, ":");
		} else {
			jw_key(w, part_names[p], first);
		}
		first = 0;
		if (p != P_ELEMENT) {
			jw_word(w, it->part[p]);
			continue;
		}
		JW_LIT(w, "[");
		if (it->part[P_ELEMENT])
			jw_word(w, it->part[P_ELEMENT]);
		if (it->part[P_ELEMENT] && it->element2)
			JW_LIT(w, ",");
		if (it->element2)
			jw_word(w, it->element2);
		JW_LIT(w, "]");
	}
	JW_LIT(w, "}");
}

static void jw_unhonoured(struct jw *w, const struct item *it)
{
	int n = it->n_unhonoured > ITEM_UNHONOURED_MAX ? ITEM_UNHONOURED_MAX : it->n_unhonoured;

	JW_LIT(w, "[");
	for (int i = 0; i < n; i++) {
		const struct unhonoured *u = &it->unhonoured[i];
		if (i)
			JW_LIT(w, ",");
		JW_LIT(w, "{\"part\":");
		jw_str(w, render_name_or(part_names, P__MAX, (int)u->part, "?"));
		JW_LIT(w, ",\"word\":");
		jw_str(w, u->word ? u->word : "");
		JW_LIT(w, ",\"reason\":");
		char why[UNHONOURED_TEXT_MAX];
		jw_str(w, unhonoured_text(u, why, sizeof why));
		JW_LIT(w, "}");
	}
	JW_LIT(w, "]");
}

/* SPEC §8's members, only for the kinds that have them, so the other
 * kinds' answers keep their bytes: the spell (or null), a wand's charges, a
 * scroll's given name and description. */

/* The spell's object, member by member: {"name":...,"text":...}. */
static void jw_spell(struct jw *w, const struct spell *sp, const char *text)
{
	JW_LIT(w, "{\"name\":");
	jw_str(w, sp->name);
	JW_LIT(w, ",\"mana\":");
	jw_int(w, sp->mana);
	JW_LIT(w, ",\"level\":");
	jw_int(w, sp->level);
	JW_LIT(w, ",\"tier\":");
	jw_int(w, sp->tier);
	JW_LIT(w, ",\"text\":");
	jw_str(w, text);
	JW_LIT(w, "}");
}

/* A spell's JSON depends on the spell alone, and the same few dozen
 * spells come back in every wand and scroll: each thread keeps the objects
 * it wrote last, one a slot by the spell's address, found by its content
 * (name, numbers and every effect compared in full, so that a spell of
 * another catalog at the same address is not taken for it). Its text
 * (spell_text) was ~3.5% of a level-20 dungeon's JSON, and then writing
 * it ~13% more: every text holds an em dash, which sends it the long way
 * (jw_str_slow, u8_check). */
#define SPELL_MEMOS     32
#define SPELL_JSON_KEPT 1024 /* a spell's object is ~150-250 bytes */

struct spell_memo {
	int used, mana, level, tier, n_effects;
	struct spell_effect effects[SPELL_EFFECTS_MAX];
	char name[SPELL_NAME_MAX + 1];
	size_t json_len;
	char json[SPELL_JSON_KEPT];
};

static __thread struct spell_memo spell_memos[SPELL_MEMOS];

static int memo_is(const struct spell_memo *e, const struct spell *sp)
{
	return e->used && e->mana == sp->mana && e->level == sp->level && e->tier == sp->tier &&
	       e->n_effects == sp->n_effects &&
	       memcmp(e->effects, sp->effects, sizeof e->effects) == 0 &&
	       strcmp(e->name, sp->name) == 0;
}

/* sp's object remembered, made now if need be; NULL when it is not remembered (a name
 * longer than spell_check allows, an object longer than the room, or
 * anything the long way must decide: no text, text not UTF-8, no memory). */
static const struct spell_memo *spell_memo_of(const struct spell *sp)
{
	uintptr_t at = (uintptr_t)(const void *)sp;
	struct spell_memo *e = &spell_memos[(at ^ at >> 7 ^ at >> 13) % SPELL_MEMOS];

	if (memo_is(e, sp))
		return e;
	size_t name_len = strlen(sp->name);
	if (name_len > SPELL_NAME_MAX)
		return NULL;
	char text[SPELL_TEXT_MAX];
	if (spell_text(sp, text, sizeof text) < 0)
		return NULL;
	struct buf b;
	buf_init(&b);
	struct jw w = {&b, 0};
	jw_spell(&w, sp, text);
	e->used = 0;
	if (w.err || b.len >= sizeof e->json) {
		buf_free(&b);
		return NULL;
	}
	memcpy(e->json, b.data, b.len);
	e->json_len = b.len;
	buf_free(&b);
	e->mana = sp->mana;
	e->level = sp->level;
	e->tier = sp->tier;
	e->n_effects = sp->n_effects;
	memcpy(e->effects, sp->effects, sizeof e->effects);
	memcpy(e->name, sp->name, name_len + 1);
	e->used = 1;
	return e;
}

/* The spell's object, or null when it has none (no name: spell_check
 * refuses it; no text). */
static void jw_spell_of(struct jw *w, const struct spell *sp)
{
	if (!sp || !sp->name) {
		JW_LIT(w, "null");
		return;
	}
	const struct spell_memo *e = spell_memo_of(sp);
	if (e) {
		jw_raw(w, e->json, e->json_len);
		return;
	}
	char text[SPELL_TEXT_MAX];
	if (spell_text(sp, text, sizeof text) < 0)
		JW_LIT(w, "null");
	else
		jw_spell(w, sp, text);
}

static void jw_magic(struct jw *w, const struct item *it)
{
	unsigned magic = (unsigned)it->kind < K__MAX ? jt.magic[it->kind] : 0;

	if (magic & MAGIC_SPELL) {
		JW_LIT(w, ",\"spell\":");
		jw_spell_of(w, it->spell ? &it->spell->s : NULL);
	}
	if (magic & MAGIC_CHARGES) {
		JW_LIT(w, ",\"charges\":");
		jw_int(w, it->charges);
	}
	if (magic & MAGIC_SCROLL) {
		char text[SCROLL_TEXT_MAX];
		JW_LIT(w, ",\"given_name\":");
		if (it->given[0])
			jw_str(w, it->given);
		else
			JW_LIT(w, "null");
		JW_LIT(w, ",\"description\":");
		if (scroll_description(it, text, sizeof text) < 0)
			w->err = 1;
		else
			jw_str(w, text);
	}
}

/* ---- the language of docs/api.md ---- */

static const char *const reason_codes[UR__MAX] = {
        [UR_UNKNOWN] = "unknown_word",    [UR_INACTIVE] = "inactive",
        [UR_NOT_A_PART] = "not_a_part",   [UR_OTHER_KIND] = "other_kind",
        [UR_CONTRADICTS] = "contradicts",
};

static void jw_unhonoured_v2(struct jw *w, const struct item *it)
{
	int n = it->n_unhonoured > ITEM_UNHONOURED_MAX ? ITEM_UNHONOURED_MAX : it->n_unhonoured;

	JW_LIT(w, "[");
	for (int i = 0; i < n; i++) {
		const struct unhonoured *u = &it->unhonoured[i];
		if (i)
			JW_LIT(w, ",");
		JW_LIT(w, "{\"part\":");
		jw_ident(w, render_name_or(part_names, P__MAX, (int)u->part, "unknown"));
		JW_LIT(w, ",\"word\":");
		jw_str(w, u->word ? u->word : "");
		JW_LIT(w, ",\"reason\":");
		jw_str(w, render_name_or(reason_codes, UR__MAX, (int)u->reason, "refused"));
		/* the sentence the card shows ("cloth cannot make a breastplate") */
		char why[UNHONOURED_TEXT_MAX];
		JW_LIT(w, ",\"message\":");
		jw_str(w, unhonoured_text(u, why, sizeof why));
		JW_LIT(w, "}");
	}
	JW_LIT(w, "]");
}

/* "str", "plus", "masterwork", "value": the same members, in the same
 * order, in both versions of the item. At d, room for NUMBERS_ROOM;
 * returns the end. */
#define NUMBERS_ROOM (64 + 3 * DECIMAL_MAX)
static char *put_numbers(char *d, const struct item *it)
{
	PUT_LIT(d, "\"str\":");
	d = put_int(d, it->str);
	PUT_LIT(d, ",\"plus\":");
	d = put_int(d, it->plus);
	if (it->masterwork)
		PUT_LIT(d, ",\"masterwork\":true");
	else
		PUT_LIT(d, ",\"masterwork\":false");
	PUT_LIT(d, ",\"value\":");
	return put_int(d, (int64_t)item_value(it));
}

static void jw_numbers(struct jw *w, const struct item *it)
{
	char *d = jw_room(w, NUMBERS_ROOM);
	if (d)
		jw_done(w, put_numbers(d, it));
}

/* A name of one of the tables above: its text made once, or the long way
 * (fallback is what the long way writes). */
static inline void jw_named(struct jw *w, const struct jtext *t, const char *name, int ident)
{
	if (t->len)
		jw_jtext(w, t, 0);
	else if (ident)
		jw_ident(w, name);
	else
		jw_str(w, name);
}

/* The stats' keys and values, the first without its ','. Each key is
 * copied KEY_COPY bytes at a time whatever its length: only when jt_build
 * found them all shorter (stat_keys_short). At d, room for STATS_ROOM;
 * returns the end. */
#define STATS_ROOM (ST__MAX * (KEY_COPY + HUNDREDTHS_MAX))
static char *put_stats(char *d, const struct item *it)
{
	/* unrolled: each stat's tests (the first, the multiplier) decided
	 * by the compiler, no loop; ~1% of a level-20 dungeon's JSON */
#pragma GCC unroll 16
	for (int s = 0; s < ST__MAX; s++) {
		const struct jtext *t = &jt.stat_key[s];
		size_t off = s == 0;
		memcpy(d, t->s + off, KEY_COPY);
		d += t->len - off;
		d = s == ST_MULTIPLIER ? put_hundredths(d, it->stat[s]) : put_int(d, it->stat[s]);
	}
	return d;
}

/* ",\"slot\":S,\"stats\":{...},\"str\":...,\"value\":V,\"parts\":" after one
 * check of the room, when every text it needs was made (always, with
 * today's names); else the long way. */
static void jw_body(struct jw *w, const struct item *it)
{
	int slotted = it->slot > SLOT_NONE && it->slot < SLOT__MAX;
	const struct jtext *slot = slotted ? &jt.slot_v2[it->slot] : NULL;

	if (jt.stat_keys_short && (!slot || slot->len)) {
		char *d = jw_room(w, 32 + JT_COPY + STATS_ROOM + NUMBERS_ROOM);
		if (!d)
			return;
		PUT_LIT(d, ",\"slot\":");
		if (slot) {
			memcpy(d, slot->s, JT_COPY);
			d += slot->len;
		} else {
			PUT_LIT(d, "null");
		}
		PUT_LIT(d, ",\"stats\":{");
		d = put_stats(d, it);
		PUT_LIT(d, "},");
		d = put_numbers(d, it);
		PUT_LIT(d, ",\"parts\":");
		jw_done(w, d);
		return;
	}
	JW_LIT(w, ",\"slot\":");
	if (slotted)
		jw_ident(w, slot_names[it->slot]);
	else
		JW_LIT(w, "null");
	JW_LIT(w, ",\"stats\":{");
	for (int s = 0; s < ST__MAX; s++) {
		jw_key(w, stat_names[s], s == 0);
		if (s == ST_MULTIPLIER)
			jw_hundredths(w, it->stat[s]);
		else
			jw_int(w, it->stat[s]);
	}
	JW_LIT(w, "},");
	jw_numbers(w, it);
	JW_LIT(w, ",\"parts\":");
}

/* ",\"seed\":\"SEED\",\"tier\":T,\"rarity\":" at d (room for SEED_TIER_ROOM):
 * the seed as a string, digits only, nothing to escape. Returns the end. */
#define SEED_TIER_ROOM (40 + 2 * DECIMAL_MAX)
static char *put_seed_tier(char *d, const struct item *it)
{
	PUT_LIT(d, ",\"seed\":\"");
	d += decimal_u64_n(it->seed, d);
	PUT_LIT(d, "\",\"tier\":");
	d = put_int(d, it->tier);
	PUT_LIT(d, ",\"rarity\":");
	return d;
}

/* "code" and its value; returns the code's length when its JSON is the
 * code itself between quotes (nothing escaped: always, for a code that
 * itemcode_encode made), so that the link can copy it; else 0. */
static size_t jw_code(struct jw *w, const struct item *it)
{
	JW_LIT(w, "{\"code\":");
	if (!it->code[0]) {
		JW_LIT(w, "null");
		return 0;
	}
	size_t n = strnlen(it->code, ITEMCODE_MAX), before = w->b->len;
	if (n == ITEMCODE_MAX) { /* not terminated: as jw_str always did */
		jw_str(w, it->code);
		return 0;
	}
	jw_strn(w, it->code, n);
	/* an escape makes the text longer; other bytes are copied */
	return !w->err && w->b->len == before + n + 2 ? n : 0;
}

/* ",\"revision\":774,\"kind\":\"weapon\",\"name\":", the same for every item
 * of a batch and for a dungeon's of one kind: each thread keeps the last one
 * it wrote of each kind. */
static __thread struct {
	uint64_t revision;
	struct jtext t;
} head_kept[K__MAX];

static void jw_head(struct jw *w, const struct item *it)
{
	int known = (int)it->kind >= 0 && (int)it->kind < K__MAX;

	if (known && head_kept[it->kind].t.len && head_kept[it->kind].revision == it->revision) {
		jw_jtext(w, &head_kept[it->kind].t, 0);
		return;
	}
	size_t start = w->b->len;
	JW_LIT(w, ",\"revision\":");
	jw_int(w, (int64_t)it->revision);
	JW_LIT(w, ",\"kind\":");
	if (known)
		jw_named(w, &jt.kind_v2[it->kind],
		         render_name_or(kind_names, K__MAX, (int)it->kind, "unknown"), 1);
	else
		jw_ident(w, "unknown");
	JW_LIT(w, ",\"name\":");
	size_t n = w->b->len - start;
	if (known && !w->err && n < JT_COPY) {
		memcpy(head_kept[it->kind].t.s, w->b->data + start, n);
		head_kept[it->kind].t.len = (unsigned char)n;
		head_kept[it->kind].revision = it->revision;
	}
}

/* The rarity's name, quoted: a few constants of render.c, each kept by
 * each thread once written. */
#define RARITIES_KEPT 8
static __thread struct {
	const char *name;
	struct jtext t;
} rarity_kept[RARITIES_KEPT];

static void jw_rarity(struct jw *w, int str)
{
	const char *name = render_rarity(str);
	int i = 0;

	while (i < RARITIES_KEPT && rarity_kept[i].name && rarity_kept[i].name != name)
		i++;
	if (i < RARITIES_KEPT && rarity_kept[i].name == name) {
		jw_jtext(w, &rarity_kept[i].t, 0);
		return;
	}
	size_t start = w->b->len;
	jw_str(w, name);
	size_t n = w->b->len - start;
	if (i < RARITIES_KEPT && !w->err && n < JT_COPY) {
		memcpy(rarity_kept[i].t.s, w->b->data + start, n);
		rarity_kept[i].t.len = (unsigned char)n;
		rarity_kept[i].name = name;
	}
}

/* From "{" to "rarity": the code, the head (jw_code, jw_head), the name,
 * the seed and the tier as one run when the code and the name need no
 * escaping and the head was kept (every item of a batch but the first);
 * else member by member. Returns what jw_code returns. */
static size_t jw_front(struct jw *w, const struct item *it)
{
	size_t n = it->code[0] ? strnlen(it->code, ITEMCODE_MAX) : 0;

	if ((unsigned)it->kind < K__MAX && n > 0 && n < ITEMCODE_MAX && head_kept[it->kind].t.len &&
	    head_kept[it->kind].revision == it->revision) {
		const struct jtext *head = &head_kept[it->kind].t;
		size_t name_n = strlen(it->name);
		char *d = jw_room(w, 16 + n + JT_COPY + name_n + 2 + SEED_TIER_ROOM);
		char *end = d ? put_plain(d + sizeof "{\"code\":" - 1, it->code, n) : NULL;
		if (end) {
			memcpy(end, head->s, JT_COPY);
			end = put_plain(end + head->len, it->name, name_n);
		}
		if (end) {
			PUT_LIT(d, "{\"code\":");
			jw_done(w, put_seed_tier(end, it));
			return n;
		}
	}
	size_t code_n = jw_code(w, it);
	jw_head(w, it);
	jw_str(w, it->name);
	char *d = jw_room(w, SEED_TIER_ROOM);
	if (d)
		jw_done(w, put_seed_tier(d, it));
	return code_n;
}

/* From "unhonoured" to the end: one run when nothing was refused and the
 * code needs no escaping (code_n, jw_code's), as for nearly every item. */
static void jw_tail(struct jw *w, const struct item *it, struct links *l, size_t code_n)
{
	if (code_n && it->n_unhonoured <= 0) {
		char *d = jw_room(w, 64 + code_n + l->rr_len);
		if (!d)
			return;
		PUT_LIT(d, ",\"unhonoured\":[],\"link\":\"/item/");
		memcpy(d, it->code, code_n);
		d += code_n;
		PUT_LIT(d, "?format=json\",\"reroll\":");
		memcpy(d, l->rr, l->rr_len);
		d += l->rr_len;
		*d++ = '}';
		jw_done(w, d);
		return;
	}
	JW_LIT(w, ",\"unhonoured\":");
	jw_unhonoured_v2(w, it);
	JW_LIT(w, ",\"link\":");
	if (code_n) { /* "/item/CODE?format=json", nothing to escape */
		JW_LIT(w, "\"/item/");
		jw_raw(w, it->code, code_n);
		JW_LIT(w, "?format=json\"");
	} else {
		jw_link(w, l, it);
	}
	JW_LIT(w, ",\"reroll\":");
	jw_raw(w, l->rr, l->rr_len);
	JW_LIT(w, "}");
}

/* docs/api.md, "The item": one shape wherever an item appears. */
static void jw_item_v2(struct jw *w, const struct item *it, struct links *l)
{
	jt_ready();
	size_t code_n = jw_front(w, it);
	jw_rarity(w, it->str);
	jw_body(w, it);
	jw_parts(w, it, 1);
	jw_magic(w, it);
	jw_tail(w, it, l, code_n);
}

/* ---- version 1: frozen ----
 *
 * The JSON of items whose code is of version 1, byte for byte as every
 * release before docs/api.md's language wrote it: a version-1 code's
 * /item/CODE?format=json keeps its bytes (docs/api.md, "Permanent links";
 * tests/integration/test_api.py). Do not change this function. */
static void jw_item_v1(struct jw *w, const struct item *it, struct links *l)
{
	char seed[DECIMAL_MAX];

	JW_LIT(w, "{\"kind\":");
	jw_str(w, render_name_or(kind_names, K__MAX, (int)it->kind, "?"));
	JW_LIT(w, ",\"name\":");
	jw_str(w, it->name);
	JW_LIT(w, ",\"seed\":");
	jw_str(w, decimal_u64(it->seed, seed));
	JW_LIT(w, ",\"tier\":");
	jw_int(w, it->tier);
	JW_LIT(w, ",\"slot\":");
	if (it->slot > SLOT_NONE && it->slot < SLOT__MAX)
		jw_str(w, slot_names[it->slot]);
	else
		JW_LIT(w, "null");
	for (int s = 0; s < ST__MAX; s++) {
		jw_key(w, stat_names[s], 0);
		if (s == ST_MULTIPLIER)
			jw_hundredths(w, it->stat[s]);
		else
			jw_int(w, it->stat[s]);
	}
	JW_LIT(w, ",");
	jw_numbers(w, it);
	JW_LIT(w, ",\"parts\":");
	jw_parts(w, it, 0);
	jw_magic(w, it);
	JW_LIT(w, ",\"unhonoured\":");
	jw_unhonoured(w, it);
	JW_LIT(w, ",\"code\":");
	if (it->code[0])
		jw_str(w, it->code);
	else
		JW_LIT(w, "null");
	JW_LIT(w, ",\"link\":");
	jw_link(w, l, it);
	JW_LIT(w, ",\"reroll\":");
	jw_raw(w, l->rr, l->rr_len);
	JW_LIT(w, "}");
}

#define JSON_ITEM_ROOM 768 /* an item is 500-700 bytes */

/* render_json_items, with every item written in version 2's language when
 * v2 (render_json_item_append: not a copy of the item to say so). */
static int write_items(const struct form *f, const struct item *items, size_t n, int batch, int v2,
                       const char *const *extra, struct buf *out)
{
	if (!out || (n > 0 && !items) || (!batch && n != 1))
		return -1;
	f = render_form(f);
	struct links links;
	struct jw w = {out, 0};
	size_t start = out->len, room = n * JSON_ITEM_ROOM + 16;
	int owned;

	w.err = links_for(&links, f, &owned) != 0;
	/* One reservation for most answers; none when an answer that
	 * appends its items one by one made the room already. */
	if (!w.err && (out->oom || room >= out->cap - out->len) && buf_reserve(out, room) != 0)
		w.err = 1;
	if (batch)
		JW_LIT(&w, "{\"items\":[");
	for (size_t i = 0; i < n && !w.err; i++) {
		if (i)
			JW_LIT(&w, ",");
		if (!v2 && items[i].code_version == ITEMCODE_VERSION_1)
			jw_item_v1(&w, &items[i], &links);
		else
			jw_item_v2(&w, &items[i], &links);
		/* a member of the request's own (its "compare"), last: the item
		 * written ends in its '}' */
		if (extra && extra[i] && !w.err && out->len > start) {
			out->len--;
			JW_LIT(&w, ",");
			jw_raw(&w, extra[i], strlen(extra[i]));
			JW_LIT(&w, "}");
		}
	}
	if (batch)
		JW_LIT(&w, "]}");
	links_done(&links, owned);
	/* All or nothing: a failed answer leaves out as it was. */
	if (w.err) {
		if (out->data) {
			out->len = start;
			out->data[start] = '\0';
		}
		return -1;
	}
	out->data[out->len] = '\0'; /* jw_raw leaves room for it */
	return 0;
}

int render_json_items(const struct form *f, const struct item *items, size_t n, int batch,
                      struct buf *out)
{
	return write_items(f, items, n, batch, 0, NULL, out);
}

int render_json_items_with(const struct form *f, const struct item *items, size_t n, int batch,
                           const char *const *extra, struct buf *out)
{
	return write_items(f, items, n, batch, 0, extra, out);
}

int render_json_item_append(const struct form *f, const struct item *it, struct buf *out)
{
	if (!it)
		return -1;
	return write_items(f, it, 1, 0, 1, NULL, out);
}

json_t *render_json_item_value(const struct form *f, const struct item *it)
{
	struct buf b;
	json_t *v = NULL;

	buf_init(&b);
	if (render_json_item_append(f, it, &b) == 0)
		v = json_loadb(b.data, b.len, 0, NULL);
	buf_free(&b);
	return v;
}

/* The writer's string for the answers written elsewhere (a dungeon's,
 * dungeon_key.c: the kit's library holds this file and no dungeon). */
int render_json_string(struct buf *out, const char *s, size_t n)
{
	struct jw w = {out, 0};

	if (!out || (!s && n))
		return -1;
	jw_strn(&w, s ? s : "", n);
	if (w.err)
		return -1;
	out->data[out->len] = '\0'; /* jw_strn leaves room for it */
	return 0;
}

/* ---- a map (GET /map, docs/api.md) ----
 *
 * Written straight into the answer like the items: through a jansson tree,
 * a fresh 30 x 30 map with loot was ~1,100 values built, dumped and freed,
 * 59 times the card's daemon CPU. The bytes
 * are those the tree wrote (JSON_COMPACT, members in insertion order, each
 * loot item as render_json_item_value's value):
 * tests/unit/test_render_map_json.c keeps that tree and compares the two. */

/* Room for a map without its loot: the cells' rows, quoted, and the tiles'
 * names (short words) with their quotes and commas. */
static size_t map_room(const struct render_map *rm)
{
	size_t w = (size_t)rm->m->w, h = (size_t)rm->m->h;
	return 256 + strlen(rm->link) + MAP_TILE * h * (MAP_TILE * w + 3) + w * h * 24;
}

/* The loot's items. Their links depend on the item's kind only (the map's
 * tier and format are the same for all): filled once per kind, not once
 * per item (a form's link written and quoted a hundred times a map). */
static void jw_loot(struct jw *w, const struct render_map *rm, struct links *per_kind)
{
	struct form f; /* the defaults; each item sets its kind */
	unsigned char filled[K__MAX] = {0};

	form_parse(&f, NULL, NULL, 0, NULL);
	f.tier = rm->loot_tier;
	f.has_format = 1;
	f.format = FMT_JSON;
	JW_LIT(w, "[");
	for (size_t i = 0; i < rm->n_loot && !w->err; i++) {
		const struct render_map_loot *o = &rm->loot[i];
		/* as render_json_item_value: docs/api.md's shape whatever the
		 * code's version (jw_item_v2 does not read it, so the item is not
		 * copied to set it: 1 KB an item), the reroll link with the
		 * item's kind */
		enum kind kind = o->item->kind;
		if ((unsigned)kind >= K__MAX) { /* form_link_inputs refuses it */
			w->err = 1;
			break;
		}
		struct links *l = &per_kind[kind];
		if (!filled[kind]) {
			f.kind = kind;
			if (links_fill(l, render_form(&f)) != 0) {
				w->err = 1;
				break;
			}
			filled[kind] = 1;
		}
		if (i)
			JW_LIT(w, ",");
		JW_LIT(w, "{\"x\":");
		jw_int(w, o->x);
		JW_LIT(w, ",\"y\":");
		jw_int(w, o->y);
		JW_LIT(w, ",\"cx\":");
		jw_int(w, o->cx);
		JW_LIT(w, ",\"cy\":");
		jw_int(w, o->cy);
		JW_LIT(w, ",\"item\":");
		jw_item_v2(w, o->item, l);
		JW_LIT(w, "}");
	}
	JW_LIT(w, "]");
}

/* The tiles' names, row by row. Each tile of the set is quoted once, when
 * the map first uses it, and copied after that (900 places a 30 x 30 map,
 * each a strlen and a check of every byte). */
static void jw_tiles(struct jw *w, const struct map *m, const struct catalog_tileset *ts)
{
	uint32_t off[MAP_TILES_MAX], len[MAP_TILES_MAX]; /* in names; len 0: not yet */
	struct buf names;
	struct jw nw = {&names, 0};

	buf_init(&names);
	memset(len, 0, sizeof len);
	for (int y = 0; y < m->h && !w->err; y++) {
		if (y)
			JW_LIT(w, ",");
		JW_LIT(w, "[");
		for (int x = 0; x < m->w; x++) {
			uint16_t t = m->tile[y * m->w + x];
			if (x)
				JW_LIT(w, ",");
			if (t >= ts->n || !ts->tiles[t].name) {
				w->err = 1; /* jansson: json_string(NULL) failed the tree */
			} else if (t >= MAP_TILES_MAX) {
				jw_str(w, ts->tiles[t].name);
			} else {
				if (!len[t]) {
					size_t at = names.len;
					jw_str(&nw, ts->tiles[t].name);
					if (nw.err) { /* not UTF-8, or out of memory */
						w->err = 1;
						break;
					}
					off[t] = (uint32_t)at;
					len[t] = (uint32_t)(names.len - at); /* the quotes: >= 2 */
				}
				jw_raw(w, names.data + off[t], len[t]);
			}
		}
		JW_LIT(w, "]");
	}
	buf_free(&names);
}

/* Whether every byte of s[0..n) is '#' or '.', the only cells a map holds
 * (map_tile_check refuses any other in a tile): sixteen at a time with the
 * compiler's vectors where it has them, and-ed over the row and tested once. */
static int all_cells(const char *s, size_t n)
{
	size_t i = 0;
#if defined(__GNUC__)
	typedef unsigned char v16 __attribute__((vector_size(16)));
	typedef signed char m16 __attribute__((vector_size(16)));
	const v16 hash = (v16){0} + '#', dot = (v16){0} + '.';
	m16 all = (m16){0} - 1;
	for (; i + 16 <= n; i += 16) {
		v16 c;
		memcpy(&c, s + i, 16);
		all &= (c == hash) | (c == dot);
	}
	uint64_t half[2];
	memcpy(half, &all, 16);
	if ((half[0] & half[1]) != UINT64_MAX)
		return 0;
#endif
	for (; i < n; i++)
		if (s[i] != '#' && s[i] != '.')
			return 0;
	return 1;
}

/* A row of cells as a JSON string: copied as it is when it holds only
 * cells (nothing to escape), else through jw_strn. A 30 x 30 map has 180
 * rows of 180 cells; jw_strn's check of eight bytes at a time was ~9% of
 * the map's JSON. */
static void jw_cells(struct jw *w, const char *row, size_t n)
{
	struct buf *b = w->b;

	if (!w->err && n + 2 < b->cap - b->len && all_cells(row, n)) {
		char *d = b->data + b->len;
		d[0] = '"';
		memcpy(d + 1, row, n);
		d[n + 1] = '"';
		b->len += n + 2;
		return;
	}
	jw_strn(w, row, n);
}

int render_json_map(const struct render_map *rm, struct buf *out)
{
	if (!rm || !out || !rm->m || !rm->ts || !rm->tileset || !rm->link ||
	    (rm->loot_tier >= 0 && rm->n_loot > 0 && !rm->loot))
		return -1;
	const struct map *m = rm->m;
	const struct catalog_tileset *ts = rm->ts;
	struct jw w = {out, 0};
	size_t start = out->len, cw = (size_t)(MAP_TILE * m->w);
	char num[DECIMAL_MAX];
	struct links links[K__MAX];

	for (int k = 0; k < K__MAX; k++) {
		buf_init(&links[k].buf);
		buf_init(&links[k].inputs);
		buf_init(&links[k].reroll);
	}
	if (buf_reserve(out, map_room(rm) + rm->n_loot * (JSON_ITEM_ROOM + 64)) != 0)
		w.err = 1;
	JW_LIT(&w, "{\"tileset\":");
	jw_str(&w, rm->tileset);
	JW_LIT(&w, ",\"width\":");
	jw_int(&w, m->w);
	JW_LIT(&w, ",\"height\":");
	jw_int(&w, m->h);
	JW_LIT(&w, ",\"seed\":");
	jw_str(&w, decimal_u64(rm->seed, num));
	JW_LIT(&w, ",\"tiles\":[");
	jw_tiles(&w, m, ts);
	JW_LIT(&w, "],\"cells\":[");
	for (size_t y = 0; y < (size_t)(MAP_TILE * m->h) && !w.err; y++) {
		if (y)
			JW_LIT(&w, ",");
		jw_cells(&w, &m->cell[y * cw], cw);
	}
	JW_LIT(&w, "],\"link\":");
	jw_str(&w, rm->link);
	/* The cap stated with the loot: how many rooms, and at most how many
	 * hold an item (drawn among all of them by the seed). */
	if (rm->loot_tier >= 0) {
		JW_LIT(&w, ",\"loot\":");
		jw_loot(&w, rm, links);
		JW_LIT(&w, ",\"rooms\":");
		jw_int(&w, (int64_t)rm->n_rooms);
		JW_LIT(&w, ",\"loot_max\":");
		jw_int(&w, rm->loot_max);
	}
	JW_LIT(&w, "}");
	for (int k = 0; k < K__MAX; k++)
		links_free(&links[k]);
	if (w.err) {
		if (out->data) {
			out->len = start;
			out->data[start] = '\0';
		}
		return -1;
	}
	out->data[out->len] = '\0'; /* jw_raw leaves room for it */
	return 0;
}
