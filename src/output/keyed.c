/* keyed: see keyed.h. */
#include "keyed.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "form.h"
#include "generate.h"
#include "itemlink.h"
#include "mapgen.h"
#include "messages.h"
#include "render.h"
#include "value.h"

#define MSG_TILESET "must be a tileset name (lower-case letters, digits and '-')"

int dungeon_tileset_offered(const struct catalog_tileset *t)
{
	for (size_t i = 0; i < t->n; i++)
		if (!dungeon_tile_is_room(&t->tiles[i]))
			return 1;
	return 0;
}

/* "must be one of: ..." (the tilesets offered when only_offered), in a. */
static const char *known_tilesets(struct arena *a, const struct catalog *cat, int only_offered)
{
	size_t n = sizeof "must be one of: ";
	for (size_t i = 0; i < cat->n_tilesets; i++)
		n += strlen(cat->tilesets[i].name) + 2;
	char *s = arena_alloc(a, n);
	if (!s)
		return MSG_TILESET;
	strcpy(s, "must be one of: ");
	int first = 1;
	for (size_t i = 0; i < cat->n_tilesets; i++) {
		if (only_offered && !dungeon_tileset_offered(&cat->tilesets[i]))
			continue;
		if (!first)
			strcat(s, ", ");
		first = 0;
		strcat(s, cat->tilesets[i].name);
	}
	return s;
}

void dungeon_keyed_free(struct keyed *k)
{
	catalog_release(k->icat);
	if (k->dcat)
		catalog_release(k->dcat);
	free(k->dress);
	free(k->room_total);
	free(k->d);
	free(k->m);
	free(k->items);
}

int key_item_roll(const struct catalog *icat, const struct dungeon_item *di, int item_version,
                  struct key_item *ki, struct form *f, struct buf *b)
{
	struct item *it = &ki->item; /* made in place, not copied */
	struct gen_input in = {.kind = di->kind, .tier = di->tier, .power = 1.0};
	ki->kind = in.kind;
	ki->tier = in.tier;
	ki->made = 0;
	ki->link[0] = '\0';
	if (generate(icat, &in, di->seed, it) != 0) {
		/* a kind the catalog cannot make: named, not linked */
		snprintf(ki->name, sizeof ki->name, "(no %s in the catalog)", kind_names[in.kind]);
		ki->rarity = "common";
		return 0;
	}
	memcpy(ki->name, it->name, sizeof ki->name);
	ki->rarity = render_rarity(it->str);
	buf_reset(b);
	f->kind = in.kind;
	f->tier = in.tier;
	if (itemlink_fill_version(icat, &in, it, item_version) == 0 && it->code[0]) {
		size_t n = strlen(it->code);
		if (n + sizeof "/item/" <= sizeof ki->link) {
			memcpy(ki->link, "/item/", sizeof "/item/" - 1);
			memcpy(ki->link + sizeof "/item/" - 1, it->code, n + 1);
		}
	} else if (form_link(f, di->seed, b) == 0 && b->len < sizeof ki->link)
		memcpy(ki->link, b->data, b->len + 1);
	ki->made = 1;
	return 0;
}

/* Rolls every room's items from icat (the catalog at the code's revision),
 * each linked to its permanent /item/CODE: by item codes of version 1 for a
 * dungeon code of version 1, whose answers keep the bytes they were made
 * with (docs/api.md, "Permanent links"), of the current version for a
 * dungeon code of version 2. 0, or -1 out of memory. */
static int roll_items(const struct catalog *icat, int version, struct keyed *k)
{
	size_t total = 0;
	struct form f;
	struct buf b;

	for (int id = 1; id <= k->d->n_rooms; id++)
		total += (size_t)k->d->room[id].n_items;
	/* not cleared: each field an answer reads is set below (an item of
	 * 1.6 KB, ~250 of them at level 20) */
	k->items = malloc((total ? total : 1) * sizeof *k->items);
	if (!k->items)
		return -1;
	form_parse(&f, NULL, NULL, 0, NULL);
	buf_init(&b);
	int item_version = version == DUNGEONCODE_VERSION_1 ? ITEMCODE_VERSION_1 : ITEMCODE_VERSION;
	for (int id = 1; id <= k->d->n_rooms; id++) {
		const struct dungeon_room *r = &k->d->room[id];
		for (int i = 0; i < r->n_items; i++)
			key_item_roll(icat, &r->item[i], item_version, &k->items[k->n_items++], &f,
			              &b);
	}
	buf_free(&b);
	return 0;
}

/* An item's stats as words, the nonzero ones in the catalog's order
 * (the multiplier in hundredths, written as a decimal). */
static void stats_words(const struct item *it, char *out, size_t cap)
{
	size_t at = 0;
	out[0] = '\0';
	for (int s = 0; s < ST__MAX && at < cap; s++) {
		int32_t v = it->stat[s];
		if (v == 0 || (s == ST_MULTIPLIER && v == 100))
			continue;
		int n = s == ST_MULTIPLIER
		                ? snprintf(out + at, cap - at, "%s%s x%d.%02d", at ? ", " : "",
		                           stat_names[s], v / 100, (v < 0 ? -v : v) % 100)
		                : snprintf(out + at, cap - at, "%s%s %d", at ? ", " : "",
		                           stat_names[s], (int)v);
		if (n < 0 || (size_t)n >= cap - at) {
			out[at] = '\0';
			break;
		}
		at += (size_t)n;
	}
}

uint64_t key_item_worth(struct key_item *ki)
{
	ki->value = 0;
	ki->stats[0] = '\0';
	if (!ki->made)
		return 0;
	ki->value = item_value(&ki->item);
	stats_words(&ki->item, ki->stats, sizeof ki->stats);
	return ki->value;
}

/* Version 4: each item's value and stats, each room's total and the
 * dungeon's (coins, gems and art as the dungeon's spent, plus the items).
 * 0, or -1 out of memory. */
static int key_values(struct keyed *k)
{
	size_t item = 0;
	k->room_total = calloc((size_t)k->d->n_rooms + 1, sizeof *k->room_total);
	if (!k->room_total)
		return -1;
	k->total = 0;
	for (int id = 1; id <= k->d->n_rooms; id++) {
		const struct dungeon_room *r = &k->d->room[id];
		uint64_t t = r->coins;
		for (int i = 0; i < r->n_gems; i++)
			t += r->gem[i].value;
		for (int i = 0; i < r->n_arts; i++)
			t += r->art[i].value;
		for (int i = 0; i < r->n_items; i++, item++)
			t += key_item_worth(&k->items[item]);
		k->room_total[id] = t;
		k->total += t;
	}
	return 0;
}

/* A worker's last weighed tileset: the tiles of a tileset at a revision,
 * weighed for a hallways mix, and the generator's tileset made of them.
 * Building them (reading the catalog's tile rows, weighing, checking every
 * tile and grouping them) was ~7% of a fresh 30 x 30 dungeon's CPU, and
 * the next dungeon most often asks for the same. They depend only on the
 * key: the catalog's revision (a revision's rows never change), the code's
 * revision, the tileset and the mix. One per thread (~66 KB), never shared;
 * the names are copies, so nothing points into a catalog once released. */
struct weighed_set {
	int kept; /* 0: nothing (or half-made) */
	uint64_t cat_revision, revision;
	char tileset[DUNGEONCODE_SET_MAX + 1];
	int hallways;
	size_t n;
	struct map_tile tiles[MAP_TILES_MAX];
	char names[MAP_TILES_MAX][sizeof((struct dungeon_tile_row *)0)->name];
	struct map_tileset set;
};

static __thread struct weighed_set weighed_kept;

static int weighed_is(const struct weighed_set *w, const struct catalog *cur,
                      const struct dungeoncode *c)
{
	return w->kept && w->cat_revision == cur->revision && w->revision == c->revision &&
	       w->hallways == c->hallways && strcmp(w->tileset, c->tileset) == 0;
}

int dungeon_make_keyed(struct arena *a, const struct catalog *cur, const struct dungeoncode *c,
                       int with_items, struct keyed *k, const char **field, const char **msg)
{
	static __thread char why[MAP_WHY_MAX];
	struct weighed_set *w = &weighed_kept;
	int hit = weighed_is(w, cur, c);

	memset(k, 0, sizeof *k);
	*field = NULL;
	if (c->version == 0 || c->version >= DUNGEONCODE_VERSION_4) {
		/* a tileset of rooms only is one room, no doors: not a dungeon */
		const struct catalog_tileset *t = catalog_tileset(cur, c->tileset);
		if (t && !dungeon_tileset_offered(t)) {
			*field = "tileset";
			*msg = known_tilesets(a, cur, 1);
			return 400;
		}
	}
	if (!hit) {
		/* the tiles of the tileset at the dungeon's revision */
		w->kept = 0;
		w->n = dungeon_tiles_at(cur->tile_rows, cur->n_tile_rows, c->tileset, c->revision,
		                        w->tiles, MAP_TILES_MAX);
		if (w->n == 0) {
			*field = "tileset";
			*msg = known_tilesets(a, cur, 0);
			return 400;
		}
		for (size_t i = 0; i < w->n; i++) {
			snprintf(w->names[i], sizeof w->names[i], "%s", w->tiles[i].name);
			w->tiles[i].name = w->names[i];
		}
	}
	const struct dungeon_budget *b =
	        dungeon_budget_at(cur->budgets, cur->n_budgets, c->level, c->revision);
	if (!b) {
		*field = "level";
		*msg = "has no treasure budget in the catalog at this revision";
		return cur->n_budgets ? 422 : 503;
	}
	k->m = malloc(sizeof *k->m);
	k->d = malloc(sizeof *k->d);
	if (!k->m || !k->d) {
		dungeon_keyed_free(k);
		*msg = MSG_INTERNAL;
		return 500;
	}
	int status = 0;
	if (!hit) {
		/* weighed, then the generator's tileset */
		dungeon_weigh_tiles(w->tiles, w->n, c->hallways, w->tiles);
		if (map_tileset_init(&w->set, w->tiles, w->n, why) != 0) {
			*field = "tileset";
			*msg = why;
			status = 422;
		} else {
			w->cat_revision = cur->revision;
			w->revision = c->revision;
			w->hallways = c->hallways;
			memcpy(w->tileset, c->tileset, sizeof w->tileset);
			w->kept = 1;
		}
	}
	if (status == 0 && map_generate(&w->set, c->w, c->h, c->seed, k->m, why) != 0) {
		*field = "tileset";
		*msg = why;
		status = 422;
	} else if (status == 0 && dungeon_build(k->m, w->tiles, b, c->seed, k->d) != 0) {
		*msg = MSG_INTERNAL;
		status = 500;
	}
	if (status == 0 && (c->version == 0 || c->version >= DUNGEONCODE_VERSION_4)) {
		/* the answers of older codes hold no dressing: their bytes stay */
		k->dress = malloc(sizeof *k->dress);
		if (!k->dress) {
			*msg = MSG_INTERNAL;
			status = 500;
		} else {
			k->dcat = catalog_hold(cur);
			dungeon_dress(k->d, cur->dress, cur->n_dress, c->revision, c->seed,
			              k->dress);
		}
	}
	if (status) {
		dungeon_keyed_free(k);
		return status;
	}
	const struct catalog *icat = NULL;
	int rc = catalog_at(cur, c->revision, &icat);
	if (rc == CATALOG_AT_LATER || rc == CATALOG_AT_NONE) {
		dungeon_keyed_free(k);
		*msg = MSG_NO_CATALOG;
		return 503;
	}
	k->icat = icat; /* released by keyed_free */
	if (rc != 0 || (with_items && roll_items(icat, c->version, k) != 0) ||
	    (with_items && k->dress && key_values(k) != 0)) {
		dungeon_keyed_free(k);
		*msg = MSG_INTERNAL;
		return 500;
	}
	k->code = *c;
	if (dungeoncode_encode(c, k->code_text, sizeof k->code_text) < 0) {
		dungeon_keyed_free(k);
		*msg = MSG_INTERNAL;
		return 500;
	}
	return 0;
}
