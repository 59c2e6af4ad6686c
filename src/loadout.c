/* loadout: the rules of SPEC §9 over one list of (slot, place) pairs. */
#include "loadout.h"

#include <string.h>

#include "value.h"

const char *const place_names[PLACE__MAX] = {
        "pack",      "head",     "body", "hands",       "legs",         "feet",
        "main-hand", "off-hand", "neck", "left-finger", "right-finger",
};

const char *const place_labels[PLACE__MAX] = {
        "Pack",      "Head",     "Body", "Hands",       "Legs",         "Feet",
        "Main hand", "Off hand", "Neck", "Left finger", "Right finger",
};

int place_from_name(const char *s, size_t len)
{
	for (int p = 0; p < PLACE__MAX; p++)
		if (strlen(place_names[p]) == len && memcmp(place_names[p], s, len) == 0)
			return p;
	return -1;
}

int loadout_fits(enum slot fits, enum place p)
{
	switch (fits) {
	case SLOT_ONE_HAND:
		return p == PLACE_MAIN_HAND || p == PLACE_OFF_HAND;
	case SLOT_TWO_HANDS:
		return p == PLACE_MAIN_HAND;
	case SLOT_HEAD:
		return p == PLACE_HEAD;
	case SLOT_BODY:
		return p == PLACE_BODY;
	case SLOT_HANDS:
		return p == PLACE_HANDS;
	case SLOT_LEGS:
		return p == PLACE_LEGS;
	case SLOT_FEET:
		return p == PLACE_FEET;
	case SLOT_OFF_HAND:
		return p == PLACE_OFF_HAND;
	case SLOT_FINGER:
		return p == PLACE_LEFT_FINGER || p == PLACE_RIGHT_FINGER;
	case SLOT_NECK:
		return p == PLACE_NECK;
	default:
		return 0;
	}
}

int loadout_fills_also(const struct loadout *l, unsigned i, enum place p)
{
	return i < l->n && p == PLACE_OFF_HAND && l->item[i].fits == SLOT_TWO_HANDS &&
	       l->item[i].at == PLACE_MAIN_HAND;
}

static int fills(const struct loadout *l, unsigned i, enum place p)
{
	return p != PLACE_PACK && (l->item[i].at == p || loadout_fills_also(l, i, p));
}

int loadout_wearer(const struct loadout *l, enum place p)
{
	for (unsigned i = 0; i < l->n; i++)
		if (fills(l, i, p))
			return (int)i;
	return -1;
}

/* Where the rules put an item of slot fits when no place is asked for. */
static enum place default_place(const struct loadout *l, enum slot fits)
{
	switch (fits) {
	case SLOT_ONE_HAND:
	case SLOT_TWO_HANDS:
		return PLACE_MAIN_HAND;
	case SLOT_FINGER:
		if (loadout_wearer(l, PLACE_LEFT_FINGER) < 0)
			return PLACE_LEFT_FINGER;
		if (loadout_wearer(l, PLACE_RIGHT_FINGER) < 0)
			return PLACE_RIGHT_FINGER;
		return PLACE_LEFT_FINGER;
	default:
		for (int p = PLACE_HEAD; p < PLACE__MAX; p++)
			if (loadout_fits(fits, (enum place)p))
				return (enum place)p;
		return PLACE_PACK;
	}
}

enum loadout_result loadout_add(struct loadout *l, enum slot fits)
{
	if (l->n >= LOADOUT_MAX)
		return LO_FULL;
	l->item[l->n].fits = fits;
	l->item[l->n].at = PLACE_PACK;
	l->n++;
	return LO_OK;
}

enum loadout_result loadout_equip(struct loadout *l, unsigned i, enum place where)
{
	if (i >= l->n)
		return LO_NO_ITEM;
	enum slot fits = l->item[i].fits;
	if (fits == SLOT_NONE || fits >= SLOT__MAX)
		return LO_NO_SLOT;
	if (where == PLACE_PACK) {
		/* Already worn, and no place asked for: it stays where it is
		 * (a ring on the right finger is not moved to the left). */
		if (l->item[i].at != PLACE_PACK)
			return LO_OK;
		where = default_place(l, fits);
	}
	if (!loadout_fits(fits, where))
		return LO_WRONG_PLACE;
	if (l->item[i].at == where)
		return LO_OK;
	l->item[i].at = PLACE_PACK; /* out of its old place before the new one is cleared */
	for (unsigned j = 0; j < l->n; j++) {
		if (j == i || l->item[j].at == PLACE_PACK)
			continue;
		int clash = fills(l, j, where) ||
		            (fits == SLOT_TWO_HANDS && fills(l, j, PLACE_OFF_HAND));
		if (clash)
			l->item[j].at = PLACE_PACK;
	}
	l->item[i].at = where;
	return LO_OK;
}

enum loadout_result loadout_unequip(struct loadout *l, unsigned i)
{
	if (i >= l->n)
		return LO_NO_ITEM;
	l->item[i].at = PLACE_PACK;
	return LO_OK;
}

enum loadout_result loadout_remove(struct loadout *l, unsigned i)
{
	if (i >= l->n)
		return LO_NO_ITEM;
	memmove(&l->item[i], &l->item[i + 1], (l->n - i - 1) * sizeof(l->item[0]));
	l->n--;
	return LO_OK;
}

void loadout_totals(const struct loadout *l, const struct item *items, struct loadout_totals *t)
{
	memset(t, 0, sizeof(*t));
	for (unsigned i = 0; i < l->n; i++) {
		if (l->item[i].at == PLACE_PACK)
			continue;
		for (int s = 0; s < ST__MAX; s++)
			t->stat[s] += items[i].stat[s];
		t->str += items[i].str;
		t->value += item_value(&items[i]);
		t->worn++;
	}
}
