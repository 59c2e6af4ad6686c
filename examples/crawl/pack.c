/* pack.c: the loot a player carries and wears. Items come by their codes
 * (lf_item_from_code: name, slot, stats); the worn ones make a loadout
 * whose totals the library adds up (lf_loadout_totals), as the site's
 * /loadout page does. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "crawl.h"

void pack_take(struct game *g)
{
	int room = lf_dungeon_room_at(g->d, g->x, g->y);
	if (!level_room_loot(g, room)) {
		snprintf(g->msg, sizeof g->msg, "There is nothing here to take.");
		return;
	}
	const struct lf_room *r = lf_dungeon_room(g->d, room);
	int took = 0;
	for (size_t i = 0; i < r->n_items && g->n_pack < PACK_MAX; i++) {
		const char *why = NULL;
		struct lf_item *it = NULL;
		if (r->items[i] && lf_item_from_code(g->cat, r->items[i], &it, &why) == 0) {
			g->pack[g->n_pack].item = it;
			g->pack[g->n_pack++].place[0] = '\0';
			took++;
		}
	}
	g->gold += r->hoard;
	g->taken[room] = 1;
	g->turns++;
	snprintf(g->msg, sizeof g->msg, "You take %d item%s and %" PRIu64 " gp.", took,
	         took == 1 ? "" : "s", r->hoard);
}

/* The loadout's place for an item's slot (docs/loadout.md): a ring on
 * the first free finger, a weapon in the main hand. */
static const char *place_of(const struct game *g, const char *slot)
{
	static const char *const places[][2] = {
	        {"one_hand", "main-hand"}, {"two_hands", "main-hand"}, {"off_hand", "off-hand"},
	        {"head", "head"},          {"body", "body"},           {"hands", "hands"},
	        {"legs", "legs"},          {"feet", "feet"},           {"neck", "neck"}};
	if (!slot)
		return NULL;
	if (strcmp(slot, "finger") == 0) {
		for (int i = 0; i < g->n_pack; i++)
			if (strcmp(g->pack[i].place, "left-finger") == 0)
				return "right-finger";
		return "left-finger";
	}
	for (size_t i = 0; i < sizeof places / sizeof places[0]; i++)
		if (strcmp(slot, places[i][0]) == 0)
			return places[i][1];
	return NULL;
}

/* Asks the library for the worn items' totals. */
static void add_up(struct game *g)
{
	char query[PACK_MAX * 64] = "";
	size_t at = 0;
	const char *field = NULL, *why = NULL;
	for (int i = 0; i < g->n_pack; i++)
		if (g->pack[i].place[0] && at < sizeof query)
			at += (size_t)snprintf(query + at, sizeof query - at, "%sitem=%s:%s",
			                       at ? "&" : "", g->pack[i].item->code,
			                       g->pack[i].place);
	if (lf_loadout_totals(g->cat, query, &g->totals, &field, &why) != 0)
		snprintf(g->msg, sizeof g->msg, "loadout: %s", why);
}

void pack_wear(struct game *g, int i)
{
	if (i < 0 || i >= g->n_pack) {
		snprintf(g->msg, sizeof g->msg, "You carry no such item.");
		return;
	}
	struct carried *c = &g->pack[i];
	const char *place = place_of(g, c->item->slot);
	if (c->place[0]) {
		snprintf(g->msg, sizeof g->msg, "You take off the %s.", c->item->name);
		c->place[0] = '\0';
	} else if (!place || !c->item->code) {
		snprintf(g->msg, sizeof g->msg, "The %s cannot be worn.", c->item->name);
		return;
	} else {
		/* what was worn there goes back to the pack; a two-hander
		 * takes the off hand too */
		int two = strcmp(c->item->slot, "two_hands") == 0;
		for (int j = 0; j < g->n_pack; j++) {
			const char *p = g->pack[j].place, *s = g->pack[j].item->slot;
			if (strcmp(p, place) == 0 || (two && strcmp(p, "off-hand") == 0) ||
			    (strcmp(place, "off-hand") == 0 && s && strcmp(s, "two_hands") == 0 &&
			     p[0]))
				g->pack[j].place[0] = '\0';
		}
		snprintf(c->place, sizeof c->place, "%s", place);
		snprintf(g->msg, sizeof g->msg, "You wear the %s (%s).", c->item->name, place);
	}
	g->turns++;
	add_up(g);
}

void pack_free(struct game *g)
{
	for (int i = 0; i < g->n_pack; i++)
		lf_item_free(g->pack[i].item);
	g->n_pack = 0;
}
