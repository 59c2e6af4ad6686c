/* loadout: the rules of SPEC §9 over one list of (slot, place) pairs. */
#include "loadout.h"

#include <stdio.h>
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

/* The '_' spelling of docs/api.md ("main_hand") names the place too; the
 * links keep writing '-' (docs/loadout.md). */
static int same_place(const char *name, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if (name[i] != s[i] && !(name[i] == '-' && s[i] == '_'))
			return 0;
	return 1;
}

int place_from_name(const char *s, size_t len)
{
	for (int p = 0; p < PLACE__MAX; p++)
		if (strlen(place_names[p]) == len && same_place(place_names[p], s, len))
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

int loadout_stat_sums(enum stat s)
{
	return s != ST_HANDS && s != ST_MULTIPLIER && s >= 0 && s < ST__MAX;
}

/* -1 for "str", the stat for a stat that sums, else -2. */
static int base_key(const char *k, size_t n)
{
	if (n == 3 && memcmp(k, "str", 3) == 0)
		return -1;
	for (int s = 0; s < ST__MAX; s++)
		if (loadout_stat_sums((enum stat)s) && strlen(stat_names[s]) == n &&
		    memcmp(stat_names[s], k, n) == 0)
			return s;
	return -2;
}

int loadout_base_parse(const char *s, size_t n, struct loadout_base *b, char *why, size_t cap)
{
	const char *end = s + n;
	unsigned seen_str = 0, seen[ST__MAX] = {0};

	memset(b, 0, sizeof *b);
	if (cap)
		why[0] = '\0';
	while (s < end) {
		const char *comma = memchr(s, ',', (size_t)(end - s));
		const char *item_end = comma ? comma : end;
		const char *colon = memchr(s, ':', (size_t)(item_end - s));
		if (!colon) {
			snprintf(why, cap,
			         "must be stat:value pairs separated by commas, like "
			         "attack:3,str:10");
			return -1;
		}
		int key = base_key(s, (size_t)(colon - s));
		if (key == -2) {
			snprintf(why, cap,
			         "'%.*s' is not a stat that adds up (attack, defense, magic, "
			         "flaming, freezing, shocking, holy, evil, sneak, crit, str)",
			         (int)(colon - s) > 20 ? 20 : (int)(colon - s), s);
			return -1;
		}
		const char *name = key == -1 ? "str" : stat_names[key];
		if (key == -1 ? seen_str++ : seen[key]++) {
			snprintf(why, cap, "%s is given twice", name);
			return -1;
		}
		const char *v = colon + 1;
		int neg = v < item_end && *v == '-';
		long val = 0;
		size_t digits = 0;
		for (v += neg; v < item_end && *v >= '0' && *v <= '9' && digits < 5; v++, digits++)
			val = val * 10 + (*v - '0');
		if (digits == 0 || v != item_end || val > LOADOUT_BASE_LIMIT) {
			snprintf(why, cap, "%s must be a whole number from %d to %d", name,
			         -LOADOUT_BASE_LIMIT, LOADOUT_BASE_LIMIT);
			return -1;
		}
		if (key == -1)
			b->str = neg ? -val : val;
		else
			b->stat[key] = neg ? -val : val;
		b->n++;
		s = comma ? comma + 1 : end;
	}
	return 0;
}

int loadout_base_text(const struct loadout_base *b, char *dst, size_t cap)
{
	size_t used = 0;
	int n;

	if (!cap)
		return -1;
	dst[0] = '\0';
	for (int s = 0; s <= ST__MAX; s++) {
		int64_t v = s == ST__MAX ? b->str : b->stat[s];
		if (v == 0 || (s < ST__MAX && !loadout_stat_sums((enum stat)s)))
			continue;
		n = snprintf(dst + used, cap - used, "%s%s:%lld", used ? "," : "",
		             s == ST__MAX ? "str" : stat_names[s], (long long)v);
		if (n < 0 || (size_t)n >= cap - used) {
			dst[0] = '\0';
			return -1;
		}
		used += (size_t)n;
	}
	return (int)used;
}
