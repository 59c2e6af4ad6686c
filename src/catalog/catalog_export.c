/* catalog_export: see catalog_export.h; the format is in docs/items.md. */
#include "catalog_export.h"

#include <string.h>

/* One row: every column, stats by name (multiplier in hundredths, as
 * stored: integers only, so that nothing is lost on the way). */
static json_t *row_json(enum part p, const struct entry *e)
{
	json_t *stats = json_object();
	for (int s = 0; stats && s < ST__MAX; s++)
		if (json_object_set_new(stats, stat_names[s], json_integer(e->stat[s])) != 0) {
			json_decref(stats);
			return NULL;
		}
	json_t *o = stats ? json_pack("{s:I,s:s,s:b,s:I,s:I,s:o}", "id", (json_int_t)e->id, "word",
	                              e->word, "active", e->active, "weight", (json_int_t)e->weight,
	                              "added_rev", (json_int_t)e->added_rev, "stats", stats)
	                  : NULL;
	int err = !o;
	err = err || json_object_set_new(o, "tier", e->tier ? json_integer(e->tier) : json_null());
	err = err || json_object_set_new(o, "tier_min",
	                                 e->tier_min ? json_integer(e->tier_min) : json_null());
	err = err || json_object_set_new(o, "tier_max",
	                                 e->tier_max ? json_integer(e->tier_max) : json_null());
	err = err || json_object_set_new(o, "slot",
	                                 e->slot > SLOT_NONE && e->slot < SLOT__MAX
	                                         ? json_string(slot_names[e->slot])
	                                         : json_null());
	if (e->mark != MARK_NONE)
		err = err || json_object_set_new(o, "mark", json_string(mark_names[e->mark]));
	if (p == P_TYPE)
		err = err || json_object_set_new(o, "value", json_integer(e->value));
	else
		err = err || json_object_set_new(o, "value_mult",
		                                 json_integer(e->value_mult ? e->value_mult : 100));
	if (err) {
		json_decref(o);
		return NULL;
	}
	return o;
}

/* One spell: its columns, its effects ({"effect":"heal","p":[p1..p5]}) and
 * the sentence the site shows. */
static json_t *spell_json(const struct catalog_spell *cs)
{
	char text[SPELL_TEXT_MAX];
	json_t *effects = json_array();
	for (int i = 0; effects && i < cs->s.n_effects; i++) {
		const struct spell_effect *e = &cs->s.effects[i];
		if (json_array_append_new(effects,
		                          json_pack("{s:s,s:[i,i,i,i,i]}", "effect",
		                                    spell_effect_kind_name(e->kind), "p", e->p[0],
		                                    e->p[1], e->p[2], e->p[3], e->p[4])) != 0) {
			json_decref(effects);
			return NULL;
		}
	}
	if (!effects || spell_text(&cs->s, text, sizeof text) < 0) {
		json_decref(effects);
		return NULL;
	}
	return json_pack("{s:I,s:s,s:b,s:i,s:i,s:i,s:I,s:o,s:s}", "id", (json_int_t)cs->id, "name",
	                 cs->s.name, "active", cs->active, "mana", cs->s.mana, "level", cs->s.level,
	                 "tier", cs->s.tier, "added_rev", (json_int_t)cs->added_rev, "effects",
	                 effects, "text", text);
}

/* The spells and the training names of c's revision. */
static int add_spells(json_t *root, const struct catalog *c)
{
	json_t *spells = json_array(), *names = json_array();
	for (size_t i = 0; spells && i < c->n_spells; i++)
		if (json_array_append_new(spells, spell_json(&c->spells[i])) != 0) {
			json_decref(spells);
			spells = NULL;
		}
	for (size_t i = 0; names && i < c->n_names; i++)
		if (json_array_append_new(
		            names, json_pack("{s:I,s:s,s:I}", "id", (json_int_t)c->names[i].id,
		                             "name", c->names[i].name, "added_rev",
		                             (json_int_t)c->names[i].added_rev)) != 0) {
			json_decref(names);
			names = NULL;
		}
	if (!spells || !names) {
		json_decref(spells);
		json_decref(names);
		return -1;
	}
	return json_object_set_new(root, "spells", spells) != 0 ||
	       json_object_set_new(root, "markov_names", names) != 0;
}

static json_t *tile_json(const struct map_tile *t, const char *name)
{
	return json_pack("{s:s,s:s#,s:[i,i,i,i],s:I}", "name", name, "cells", t->cell,
	                 (int)sizeof t->cell, "edges", t->edge[MAP_N], t->edge[MAP_E],
	                 t->edge[MAP_S], t->edge[MAP_W], "weight", (json_int_t)t->weight);
}

/* Appends {"name", "tiles"} to sets, or frees tiles; -1 when out of memory. */
static int add_set(json_t *sets, const char *name, json_t *tiles)
{
	if (!tiles)
		return -1;
	return json_array_append_new(sets, json_pack("{s:s,s:o}", "name", name, "tiles", tiles));
}

int catalog_export_add_tiles(json_t *root, const struct catalog *c)
{
	json_t *sets = json_array();
	for (size_t i = 0; sets && i < c->n_tilesets; i++) {
		const struct catalog_tileset *ts = &c->tilesets[i];
		json_t *tiles = json_array();
		for (size_t j = 0; tiles && j < ts->n; j++)
			if (json_array_append_new(
			            tiles, tile_json(&ts->tiles[j], ts->tiles[j].name)) != 0) {
				json_decref(tiles);
				tiles = NULL;
			}
		if (add_set(sets, ts->name, tiles) != 0) {
			json_decref(sets);
			sets = NULL;
		}
	}
	return sets ? json_object_set_new(root, "tilesets", sets) : -1;
}

/* Whether row r is part of the catalog at rev (dungeon_tiles_at's rule). */
static int row_at(const struct dungeon_tile_row *r, uint64_t rev)
{
	return r->added_rev <= rev && (r->retired_rev == 0 || r->retired_rev > rev);
}

json_t *catalog_dress_json(const struct dress_row *r)
{
	return json_pack("[I s s s s i i i i I I I]", (json_int_t)r->id, dress_kind_names[r->kind],
	                 r->name, r->plural, r->effect, r->level_min, r->level_max, r->number_min,
	                 r->number_max, (json_int_t)r->weight, (json_int_t)r->added_rev,
	                 (json_int_t)r->retired_rev);
}

const char *catalog_dress_read(json_t *v, struct catalog *c)
{
	json_int_t id, weight, added, retired;
	const char *kind, *name, *plural, *effect;
	struct dress_row r;
	memset(&r, 0, sizeof r);
	if (json_unpack(v, "[I s s s s i i i i I I I!]", &id, &kind, &name, &plural, &effect,
	                &r.level_min, &r.level_max, &r.number_min, &r.number_max, &weight, &added,
	                &retired) != 0 ||
	    id < 0 || id > UINT32_MAX || strlen(name) >= sizeof r.name ||
	    strlen(plural) >= sizeof r.plural || strlen(effect) >= sizeof r.effect ||
	    r.level_min < 1 || r.level_max > 20 || r.level_min > r.level_max || r.number_min < 1 ||
	    r.number_min > r.number_max || r.number_max > 20 || weight < 1 || weight > 1000000 ||
	    added < 0 || retired < 0)
		return "a dressing row of the wrong shape";
	int k = dress_kind_from_name(kind);
	if (k < 0)
		return NULL; /* a later build's kind */
	r.kind = (enum dress_kind)k;
	r.state = k == DRESS_DOOR ? door_state_from_name(name) : 0;
	if (r.state < 0)
		return "a door state this build does not know";
	r.id = (uint32_t)id;
	r.weight = (uint32_t)weight;
	r.added_rev = (uint64_t)added;
	r.retired_rev = (uint64_t)retired;
	memcpy(r.name, name, strlen(name) + 1);
	memcpy(r.plural, plural, strlen(plural) + 1);
	memcpy(r.effect, effect, strlen(effect) + 1);
	return catalog_add_dress(c, &r) != 0 ? "out of memory" : NULL;
}

/* The dressing rows of the catalog at rev, when there are any. */
static int add_dressing_at(json_t *root, const struct catalog *cur, uint64_t rev)
{
	json_t *rows = json_array();
	for (size_t i = 0; rows && i < cur->n_dress; i++)
		if (dress_row_at(&cur->dress[i], rev) &&
		    json_array_append_new(rows, catalog_dress_json(&cur->dress[i])) != 0) {
			json_decref(rows);
			rows = NULL;
		}
	if (!rows)
		return -1;
	if (json_array_size(rows) == 0) {
		json_decref(rows);
		return 0;
	}
	return json_object_set_new(root, "dungeon_dressing", rows);
}

static int add_tiles_at(json_t *root, const struct catalog *cur, uint64_t rev);

int catalog_export_add_tiles_at(json_t *root, const struct catalog *cur, uint64_t rev)
{
	return add_tiles_at(root, cur, rev) != 0 || add_dressing_at(root, cur, rev) != 0 ? -1 : 0;
}

static int add_tiles_at(json_t *root, const struct catalog *cur, uint64_t rev)
{
	if (cur->n_tile_rows == 0)
		return rev == cur->revision ? catalog_export_add_tiles(root, cur) : 0;
	json_t *sets = json_array();
	/* the rows are in tileset and id order: a tileset is a run of them */
	for (size_t i = 0; sets && i < cur->n_tile_rows;) {
		const char *name = cur->tile_rows[i].tileset;
		size_t end = i;
		while (end < cur->n_tile_rows && strcmp(cur->tile_rows[end].tileset, name) == 0)
			end++;
		json_t *tiles = json_array();
		for (size_t j = i; tiles && j < end; j++) {
			const struct dungeon_tile_row *r = &cur->tile_rows[j];
			if (row_at(r, rev) &&
			    json_array_append_new(tiles, tile_json(&r->t, r->name)) != 0) {
				json_decref(tiles);
				tiles = NULL;
			}
		}
		if (tiles && json_array_size(tiles) == 0)
			json_decref(tiles); /* no tile of this set at rev */
		else if (add_set(sets, name, tiles) != 0) {
			json_decref(sets);
			sets = NULL;
		}
		i = end;
	}
	if (sets && json_array_size(sets) == 0) {
		/* a revision before any tile: the key is left out, as before */
		json_decref(sets);
		return 0;
	}
	return sets ? json_object_set_new(root, "tilesets", sets) : -1;
}

/* SPEC §12: the class rows and the settings of c's revision, by id; each
 * list only when it has rows, so the export of a revision before
 * migration 0016 keeps its bytes. */
static int add_classes(json_t *root, const struct catalog *c)
{
	json_t *classes = c->n_classes ? json_array() : NULL;
	json_t *settings = c->n_settings ? json_array() : NULL;
	int err = (c->n_classes && !classes) || (c->n_settings && !settings);
	for (size_t i = 0; !err && i < c->n_classes; i++) {
		const struct catalog_class *r = &c->classes[i];
		err = json_array_append_new(classes, json_pack("{s:I,s:s,s:s,s:s,s:s,s:I}", "id",
		                                               (json_int_t)r->id, "kind",
		                                               kind_names[r->kind], "part",
		                                               part_names[r->part], "word", r->word,
		                                               "class", r->cls, "added_rev",
		                                               (json_int_t)r->added_rev)) != 0;
	}
	for (size_t i = 0; !err && i < c->n_settings; i++) {
		const struct catalog_setting *r = &c->settings[i];
		err = json_array_append_new(
		              settings, json_pack("{s:I,s:s,s:I,s:I}", "id", (json_int_t)r->id,
		                                  "name", r->name, "value", (json_int_t)r->value,
		                                  "added_rev", (json_int_t)r->added_rev)) != 0;
	}
	if (!err && classes)
		err = json_object_set_new(root, "word_classes", classes) != 0;
	else
		json_decref(classes);
	if (!err && settings)
		err = json_object_set_new(root, "settings", settings) != 0;
	else
		json_decref(settings);
	return err ? -1 : 0;
}

/* The catalog c as the export: tables in AFFIX_TABLES order, rows by id;
 * the spells by level, the training names by id. */
json_t *catalog_export_json(const struct catalog *c)
{
	json_t *tables = json_array();
	for (int k = 0; tables && k < K__MAX; k++)
		for (int p = 0; p < P__MAX; p++) {
			const struct table *t = &c->t[k][p];
			if (t->n == 0)
				continue;
			json_t *rows = json_array();
			for (size_t i = 0; rows && i < t->n; i++)
				if (json_array_append_new(rows, row_json(p, t->by_id[i])) != 0) {
					json_decref(rows);
					rows = NULL;
				}
			if (!rows ||
			    json_array_append_new(
			            tables, json_pack("{s:s,s:s,s:o}", "kind", kind_names[k],
			                              "part", part_names[p], "rows", rows)) != 0) {
				json_decref(tables);
				return NULL;
			}
		}
	if (!tables)
		return NULL;
	json_t *root = json_pack("{s:i,s:I,s:o}", "format", CATALOG_EXPORT_VERSION, "revision",
	                         (json_int_t)c->revision, "tables", tables);
	if (root && (add_spells(root, c) != 0 || add_classes(root, c) != 0)) {
		json_decref(root);
		return NULL;
	}
	return root;
}

/* ---- reading ---- */

static int in_range(json_int_t v, json_int_t lo, json_int_t hi)
{
	return v >= lo && v <= hi;
}

static int opt_int(json_t *o, const char *key, json_int_t lo, json_int_t hi, json_int_t *out)
{
	json_t *v = json_object_get(o, key);
	if (!v || json_is_null(v)) {
		*out = 0;
		return 0;
	}
	if (!json_is_integer(v) || !in_range(json_integer_value(v), lo, hi))
		return -1;
	*out = json_integer_value(v);
	return 0;
}

static const char *read_row(struct catalog *c, enum kind k, enum part p, json_t *row)
{
	struct entry e;
	json_int_t id, weight, added, tier, lo, hi, worth;
	const char *word, *slot = NULL;
	int active;
	json_t *stats;

	memset(&e, 0, sizeof e);
	if (json_unpack(row, "{s:I,s:s,s:b,s:I,s:I,s:o}", "id", &id, "word", &word, "active",
	                &active, "weight", &weight, "added_rev", &added, "stats", &stats) != 0 ||
	    !json_is_object(stats))
		return "a row of the wrong shape";
	if (!in_range(id, 1, UINT32_MAX) || !in_range(weight, 0, UINT32_MAX) || added < 0 ||
	    opt_int(row, "tier", 0, TIER_MAX, &tier) ||
	    opt_int(row, "tier_min", 0, TIER_MAX, &lo) ||
	    opt_int(row, "tier_max", 0, TIER_MAX, &hi) ||
	    opt_int(row, p == P_TYPE ? "value" : "value_mult", 0, UINT32_MAX, &worth))
		return "a row with a value out of range";
	for (int s = 0; s < ST__MAX; s++) {
		json_t *v = json_object_get(stats, stat_names[s]);
		if (v &&
		    (!json_is_integer(v) || !in_range(json_integer_value(v), INT32_MIN, INT32_MAX)))
			return "a row with a value out of range";
		e.stat[s] = v ? (int32_t)json_integer_value(v) : 0;
	}
	json_t *sl = json_object_get(row, "slot");
	if (sl && !json_is_null(sl)) {
		int n = (slot = json_string_value(sl)) ? slot_from_name(slot) : -1;
		if (n < 0)
			return "a row with an unknown slot";
		e.slot = (uint8_t)n;
	}
	json_t *mk = json_object_get(row, "mark");
	if (mk && !json_is_null(mk)) {
		const char *m = json_string_value(mk);
		if (m && strcmp(m, "good") == 0)
			e.mark = MARK_GOOD;
		else if (m && strcmp(m, "bad") == 0)
			e.mark = MARK_BAD;
		else
			return "a row with an unknown mark";
	}
	e.id = (uint32_t)id;
	e.word = word;
	e.active = (uint8_t)(active != 0);
	e.weight = (uint32_t)weight;
	e.added_rev = (uint64_t)added;
	e.tier = (uint8_t)tier;
	e.tier_min = (uint8_t)lo;
	e.tier_max = (uint8_t)hi;
	if (p == P_TYPE)
		e.value = (uint32_t)worth;
	else
		e.value_mult = (uint32_t)(worth ? worth : 100);
	return catalog_add(c, k, p, &e) == 0 ? NULL : "out of memory";
}

/* A spell of the export, through the loader's check. */
static const char *read_spell(struct catalog *c, json_t *o)
{
	struct spell_row r;
	json_int_t id, added;
	json_t *effects, *e;
	int active;
	size_t i;

	memset(&r, 0, sizeof r);
	if (json_unpack(o, "{s:I,s:s,s:b,s:I,s:I,s:I,s:I,s:o}", "id", &id, "name", &r.name,
	                "active", &active, "mana", &r.mana, "level", &r.level, "tier", &r.tier,
	                "added_rev", &added, "effects", &effects) != 0 ||
	    !json_is_array(effects) || !in_range(id, 1, UINT32_MAX) || added < 0)
		return "a spell of the wrong shape";
	r.id = (uint32_t)id;
	r.active = active != 0;
	r.added_rev = (uint64_t)added;
	size_t n = json_array_size(effects);
	r.n_effects = (int)(n > SPELL_EFFECTS_MAX ? SPELL_EFFECTS_MAX + 1 : n);
	json_array_foreach(effects, i, e)
	{
		if (i >= SPELL_EFFECTS_MAX)
			break;
		if (json_unpack(e, "{s:s,s:[I,I,I,I,I]}", "effect", &r.effects[i].kind, "p",
		                &r.effects[i].p[0], &r.effects[i].p[1], &r.effects[i].p[2],
		                &r.effects[i].p[3], &r.effects[i].p[4]) != 0)
			return "a spell of the wrong shape";
	}
	int rc = catalog_add_spell(c, &r);
	return rc == 0 ? NULL : rc > 0 ? "a spell that does not pass its check" : "out of memory";
}

/* A tileset of the export; its tiles' own rules are checked by
 * catalog_finish, as the database's are. */
static const char *read_tileset(struct catalog *c, json_t *o)
{
	const char *set;
	json_t *tiles, *t;
	size_t i, n_cells;

	if (json_unpack(o, "{s:s,s:o}", "name", &set, "tiles", &tiles) != 0 ||
	    !json_is_array(tiles) || json_array_size(tiles) > MAP_TILES_MAX)
		return "a tileset of the wrong shape";
	json_array_foreach(tiles, i, t)
	{
		struct map_tile m = {0};
		const char *cells;
		int e[4];
		json_int_t w;
		if (json_unpack(t, "{s:s,s:s%,s:[i,i,i,i],s:I}", "name", &m.name, "cells", &cells,
		                &n_cells, "edges", &e[0], &e[1], &e[2], &e[3], "weight", &w) != 0 ||
		    n_cells != sizeof m.cell || !in_range(w, 1, UINT32_MAX))
			return "a tile of the wrong shape";
		memcpy(m.cell, cells, sizeof m.cell);
		for (int k = 0; k < 4; k++) {
			if (e[k] < 0 || e[k] >= EDGE__MAX)
				return "a tile of the wrong shape";
			m.edge[k] = (uint8_t)e[k];
		}
		m.weight = (uint32_t)w;
		if (catalog_add_tile(c, set, &m) != 0)
			return "out of memory";
		/* and as a row live at the export's revision, which a keyed
		 * dungeon draws its tiles from (dungeon_tiles_at) */
		struct dungeon_tile_row row = {.t = m, .added_rev = c->revision};
		if (strlen(set) >= sizeof row.tileset || strlen(m.name) >= sizeof row.name)
			return "a tile of the wrong shape";
		strcpy(row.tileset, set);
		strcpy(row.name, m.name);
		if (catalog_add_tile_row(c, &row) != 0)
			return "out of memory";
	}
	return NULL;
}

int catalog_export_add_budgets(json_t *root, const struct catalog *cur, uint64_t rev)
{
	json_t *rows = json_array();
	for (int level = 1; rows && level <= DUNGEON_LEVEL_MAX; level++) {
		const struct dungeon_budget *b =
		        dungeon_budget_at(cur->budgets, cur->n_budgets, level, rev);
		if (b &&
		    json_array_append_new(
		            rows,
		            json_pack("{s:i,s:I,s:i,s:i,s:i,s:i,s:i,s:I,s:I}", "level", b->level,
		                      "budget_per_room", (json_int_t)b->budget_per_room, "tier",
		                      b->tier, "empty_pct", b->empty_pct, "items_pct", b->items_pct,
		                      "hoard_pct", b->hoard_pct, "items_max", b->items_max,
		                      "gem_value", (json_int_t)b->gem_value, "art_value",
		                      (json_int_t)b->art_value)) != 0) {
			json_decref(rows);
			rows = NULL;
		}
	}
	if (rows && json_array_size(rows) == 0) {
		json_decref(rows);
		return 0;
	}
	return rows ? json_object_set_new(root, "treasure_budgets", rows) : -1;
}

/* The budgets of an export, each live at the export's revision. */
static const char *read_budget(struct catalog *c, json_t *o)
{
	int level, tier, e, it, h, imax;
	json_int_t bpr, gem, art;
	if (json_unpack(o, "{s:i,s:I,s:i,s:i,s:i,s:i,s:i,s:I,s:I}", "level", &level,
	                "budget_per_room", &bpr, "tier", &tier, "empty_pct", &e, "items_pct", &it,
	                "hoard_pct", &h, "items_max", &imax, "gem_value", &gem, "art_value",
	                &art) != 0 ||
	    level < 1 || level > DUNGEON_LEVEL_MAX || !in_range(bpr, 0, 1000000) || tier < 1 ||
	    tier > TIER_MAX || imax < 1 || imax > 4 || e < 0 || it < 0 || h < 0 ||
	    e + it + h != 100 || !in_range(gem, 0, UINT32_MAX) || !in_range(art, 0, UINT32_MAX))
		return "a treasure budget of the wrong shape";
	struct dungeon_budget b = {.id = (uint32_t)level,
	                           .level = level,
	                           .budget_per_room = (uint32_t)bpr,
	                           .tier = tier,
	                           .empty_pct = e,
	                           .items_pct = it,
	                           .hoard_pct = h,
	                           .items_max = imax,
	                           .gem_value = (uint32_t)gem,
	                           .art_value = (uint32_t)art,
	                           .added_rev = c->revision};
	return catalog_add_budget(c, &b) != 0 ? "out of memory" : NULL;
}

static const char *read_name(struct catalog *c, json_t *o)
{
	struct catalog_name n = {0};
	json_int_t id, added;
	if (json_unpack(o, "{s:I,s:s,s:I}", "id", &id, "name", &n.name, "added_rev", &added) != 0 ||
	    !in_range(id, 1, UINT32_MAX) || added < 0)
		return "a training name of the wrong shape";
	n.id = (uint32_t)id;
	n.added_rev = (uint64_t)added;
	return catalog_add_name(c, &n) == 0 ? NULL : "out of memory";
}

static const char *read_class(struct catalog *c, json_t *o)
{
	struct catalog_class r = {0};
	const char *kind, *part;
	json_int_t id, added;
	int k, p;
	if (json_unpack(o, "{s:I,s:s,s:s,s:s,s:s,s:I}", "id", &id, "kind", &kind, "part", &part,
	                "word", &r.word, "class", &r.cls, "added_rev", &added) != 0 ||
	    !in_range(id, 1, UINT32_MAX) || added < 0 || (k = kind_from_name(kind)) < 0 ||
	    (p = part_from_name(part)) < 0)
		return "a word class of the wrong shape";
	r.id = (uint32_t)id;
	r.kind = (enum kind)k;
	r.part = (enum part)p;
	r.added_rev = (uint64_t)added;
	return catalog_add_class(c, &r) == 0 ? NULL : "out of memory";
}

static const char *read_setting(struct catalog *c, json_t *o)
{
	struct catalog_setting r = {0};
	json_int_t id, value, added;
	if (json_unpack(o, "{s:I,s:s,s:I,s:I}", "id", &id, "name", &r.name, "value", &value,
	                "added_rev", &added) != 0 ||
	    !in_range(id, 1, UINT32_MAX) || added < 0)
		return "a setting of the wrong shape";
	r.id = (uint32_t)id;
	r.value = value;
	r.added_rev = (uint64_t)added;
	return catalog_add_setting(c, &r) == 0 ? NULL : "out of memory";
}

struct catalog *catalog_export_read(const char *text, size_t len, const char **why)
{
	json_error_t jerr;
	json_t *root = json_loadb(text, len, 0, &jerr), *tables, *t, *rows, *row;
	json_t *spells = NULL, *names = NULL, *classes = NULL, *settings = NULL, *tilesets = NULL;
	json_t *budgets = NULL, *dressing = NULL;
	struct catalog *c = NULL;
	json_int_t format, rev;
	const char *kind, *part, *bad = NULL;
	size_t i, j;

	if (!root) {
		*why = "not JSON";
		return NULL;
	}
	/* "spells" and "markov_names" are absent from exports of older builds,
	 * "word_classes" and "settings" from revisions without any, "tilesets"
	 * from an export with rev= (tiles are not revisioned). */
	if (json_unpack(root, "{s:I,s:I,s:o,s?o,s?o,s?o,s?o,s?o,s?o,s?o}", "format", &format,
	                "revision", &rev, "tables", &tables, "spells", &spells, "markov_names",
	                &names, "word_classes", &classes, "settings", &settings, "tilesets",
	                &tilesets, "treasure_budgets", &budgets, "dungeon_dressing",
	                &dressing) != 0 ||
	    (budgets && !json_is_array(budgets)) || (dressing && !json_is_array(dressing)) ||
	    !json_is_array(tables) || rev < 1 || (spells && !json_is_array(spells)) ||
	    (names && !json_is_array(names)) || (classes && !json_is_array(classes)) ||
	    (settings && !json_is_array(settings)) || (tilesets && !json_is_array(tilesets))) {
		bad = "not a lootforge catalog export";
		goto done;
	}
	if (format != CATALOG_EXPORT_VERSION) {
		bad = "an export of another format version";
		goto done;
	}
	if (!(c = catalog_new((uint64_t)rev))) {
		bad = "out of memory";
		goto done;
	}
	json_array_foreach(tables, i, t)
	{
		int k, p;
		if (json_unpack(t, "{s:s,s:s,s:o}", "kind", &kind, "part", &part, "rows", &rows) !=
		            0 ||
		    !json_is_array(rows) || (k = kind_from_name(kind)) < 0 ||
		    (p = part_from_name(part)) < 0) {
			bad = "a table of the wrong shape";
			goto done;
		}
		json_array_foreach(rows, j, row)
		{
			if ((bad = read_row(c, (enum kind)k, (enum part)p, row)) != NULL)
				goto done;
		}
	}
	json_array_foreach(spells, i, t)
	{
		if ((bad = read_spell(c, t)) != NULL)
			goto done;
	}
	json_array_foreach(names, i, t)
	{
		if ((bad = read_name(c, t)) != NULL)
			goto done;
	}
	json_array_foreach(classes, i, t)
	{
		if ((bad = read_class(c, t)) != NULL)
			goto done;
	}
	json_array_foreach(settings, i, t)
	{
		if ((bad = read_setting(c, t)) != NULL)
			goto done;
	}
	json_array_foreach(tilesets, i, t)
	{
		if ((bad = read_tileset(c, t)) != NULL)
			goto done;
	}
	json_array_foreach(budgets, i, t)
	{
		if ((bad = read_budget(c, t)) != NULL)
			goto done;
	}
	json_array_foreach(dressing, i, t)
	{
		if ((bad = catalog_dress_read(t, c)) != NULL)
			goto done;
	}
	if (catalog_finish(c) != 0)
		bad = "a word twice in a table, or out of memory";
done:
	json_decref(root);
	if (bad) {
		catalog_free(c);
		*why = bad;
		return NULL;
	}
	return c;
}
