/* catalog_file: the catalog on disk (format in catalog_file.h).
 *
 * The body is written a row at a time (each row through jansson) and
 * parsed with jansson; the checksum is libsodium's BLAKE2b over the body
 * bytes exactly as written. Everything a read
 * allocates is freed before it returns, except the catalog it hands over. */
#include "catalog_file.h"

#include <dirent.h>
#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <sodium.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "catalog_export.h"
#include "log.h"

#define MAGIC    "lootforge-catalog"
#define HASH_LEN 32
#define HEAD_MAX 160
/* A row: id, word, active, tier, tier_min, tier_max, slot, weight, stats,
 * added_rev, retired_rev (0 = live), value, value_mult, mark. A row of a
 * copy written before marks existed has no mark (MARK_NONE). */

/* ---- writing ---- */

static json_t *row_json(const struct entry *e)
{
	json_t *stats = json_array();
	for (int s = 0; stats && s < ST__MAX; s++)
		if (json_array_append_new(stats, json_integer(e->stat[s])) != 0) {
			json_decref(stats);
			return NULL;
		}
	if (!stats)
		return NULL;
	return json_pack("[I s i i i i i I o I I I I i]", (json_int_t)e->id, e->word,
	                 (int)e->active, (int)e->tier, (int)e->tier_min, (int)e->tier_max,
	                 (int)e->slot, (json_int_t)e->weight, stats, (json_int_t)e->added_rev,
	                 (json_int_t)e->retired_rev, (json_int_t)e->value,
	                 (json_int_t)e->value_mult, (int)e->mark);
}

static json_t *tileset_json(const struct catalog_tileset *ts)
{
	json_t *tiles = json_array();
	for (size_t i = 0; tiles && i < ts->n; i++) {
		const struct map_tile *t = &ts->tiles[i];
		if (json_array_append_new(tiles, json_pack("[s s% i i i i I]", t->name, t->cell,
		                                           sizeof t->cell, t->edge[0], t->edge[1],
		                                           t->edge[2], t->edge[3],
		                                           (json_int_t)t->weight)) != 0) {
			json_decref(tiles);
			return NULL;
		}
	}
	if (!tiles)
		return NULL;
	return json_pack("{s s s o}", "name", ts->name, "tiles", tiles);
}

/* A spell: [id, "name", active, mana, level, tier, added_rev, retired_rev,
 * [["kind", p1, p2, p3, p4, p5], ...]]. */
static json_t *spell_json(const struct catalog_spell *cs)
{
	json_t *effects = json_array();
	for (int i = 0; effects && i < cs->s.n_effects; i++) {
		const struct spell_effect *e = &cs->s.effects[i];
		if (json_array_append_new(
		            effects, json_pack("[s i i i i i]", spell_effect_kind_name(e->kind),
		                               e->p[0], e->p[1], e->p[2], e->p[3], e->p[4])) != 0) {
			json_decref(effects);
			return NULL;
		}
	}
	if (!effects)
		return NULL;
	return json_pack("[I s i i i i I I o]", (json_int_t)cs->id, cs->s.name, (int)cs->active,
	                 cs->s.mana, cs->s.level, cs->s.tier, (json_int_t)cs->added_rev,
	                 (json_int_t)cs->retired_rev, effects);
}

/* Every spell and every training name, the current ones and the old ones. */
static json_t *spells_json(const struct catalog *c)
{
	json_t *a = json_array();
	for (size_t i = 0; a && i < c->n_spells + c->n_old_spells; i++)
		if (json_array_append_new(
		            a, spell_json(i < c->n_spells ? &c->spells[i]
		                                          : &c->old_spells[i - c->n_spells])) !=
		    0) {
			json_decref(a);
			return NULL;
		}
	return a;
}

static json_t *names_json(const struct catalog *c)
{
	json_t *a = json_array();
	for (size_t i = 0; a && i < c->n_names + c->n_old_names; i++) {
		const struct catalog_name *n =
		        i < c->n_names ? &c->names[i] : &c->old_names[i - c->n_names];
		if (json_array_append_new(a, json_pack("[I s I I]", (json_int_t)n->id, n->name,
		                                       (json_int_t)n->added_rev,
		                                       (json_int_t)n->retired_rev)) != 0) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

/* SPEC §12: every class row and setting, live and old, as names. */
static json_t *classes_json(const struct catalog *c)
{
	json_t *a = json_array();
	for (size_t i = 0; a && i < c->n_classes + c->n_old_classes; i++) {
		const struct catalog_class *r =
		        i < c->n_classes ? &c->classes[i] : &c->old_classes[i - c->n_classes];
		if (json_array_append_new(a, json_pack("[I s s s s I I]", (json_int_t)r->id,
		                                       kind_names[r->kind], part_names[r->part],
		                                       r->word, r->cls, (json_int_t)r->added_rev,
		                                       (json_int_t)r->retired_rev)) != 0) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

static json_t *settings_json(const struct catalog *c)
{
	json_t *a = json_array();
	for (size_t i = 0; a && i < c->n_settings + c->n_old_settings; i++) {
		const struct catalog_setting *r =
		        i < c->n_settings ? &c->settings[i] : &c->old_settings[i - c->n_settings];
		if (json_array_append_new(a,
		                          json_pack("[I s I I I]", (json_int_t)r->id, r->name,
		                                    (json_int_t)r->value, (json_int_t)r->added_rev,
		                                    (json_int_t)r->retired_rev)) != 0) {
			json_decref(a);
			return NULL;
		}
	}
	return a;
}

/* The dungeons' rows (migration 0017): every budget row and every tile row
 * with its revisions, as arrays of numbers (and the tiles' three strings). */
static json_t *dungeon_json(const struct catalog *c)
{
	json_t *budgets = json_array(), *tiles = json_array();
	for (size_t i = 0; budgets && i < c->n_budgets; i++) {
		const struct dungeon_budget *b = &c->budgets[i];
		if (json_array_append_new(
		            budgets,
		            json_pack("[I i I i i i i i I I I I]", (json_int_t)b->id, b->level,
		                      (json_int_t)b->budget_per_room, b->tier, b->empty_pct,
		                      b->items_pct, b->hoard_pct, b->items_max,
		                      (json_int_t)b->gem_value, (json_int_t)b->art_value,
		                      (json_int_t)b->added_rev, (json_int_t)b->retired_rev)) != 0) {
			json_decref(budgets);
			budgets = NULL;
		}
	}
	for (size_t i = 0; tiles && i < c->n_tile_rows; i++) {
		const struct dungeon_tile_row *r = &c->tile_rows[i];
		if (json_array_append_new(tiles, json_pack("[s s s% i i i i I I I]", r->tileset,
		                                           r->name, r->t.cell, sizeof r->t.cell,
		                                           r->t.edge[0], r->t.edge[1], r->t.edge[2],
		                                           r->t.edge[3], (json_int_t)r->t.weight,
		                                           (json_int_t)r->added_rev,
		                                           (json_int_t)r->retired_rev)) != 0) {
			json_decref(tiles);
			tiles = NULL;
		}
	}
	json_t *dressing = json_array();
	for (size_t i = 0; dressing && i < c->n_dress; i++) {
		const struct dress_row *r = &c->dress[i];
		if (json_array_append_new(dressing, catalog_dress_json(r)) != 0) {
			json_decref(dressing);
			dressing = NULL;
		}
	}
	if (!budgets || !tiles || !dressing) {
		json_decref(budgets);
		json_decref(tiles);
		json_decref(dressing);
		return NULL;
	}
	return json_pack("{s o s o s o}", "budgets", budgets, "tiles", tiles, "dressing", dressing);
}

static int dump_cb(const char *s, size_t n, void *b)
{
	return buf_append(b, s, n);
}

/* Appends v's JSON to out and releases v (NULL: out of memory). */
static int put_json(struct buf *out, json_t *v)
{
	int rc = v ? json_dump_callback(v, dump_cb, out, JSON_COMPACT | JSON_ENCODE_ANY) : -1;
	json_decref(v);
	return rc == 0 && !out->oom ? 0 : -1;
}

/* Every row of every table, the current ones and the old ones, so that a
 * catalog read back can still build older revisions. Written a row at a
 * time: a tree of the whole catalog would take ~20 JSON values per row,
 * ~130 MiB for 100k rows, held by each worker process at once while it
 * loads (docs/benchmarks.md, "The last changes"). */
static int put_tables(struct buf *out, const struct catalog *c)
{
	int first = 1;
	if (buf_putc(out, '[') != 0)
		return -1;
	for (int k = 0; k < K__MAX; k++)
		for (int p = 0; p < P__MAX; p++) {
			const struct table *t = &c->t[k][p];
			const struct old_rows *old = &c->old[k][p];
			if (!t->n && !old->n)
				continue;
			if ((!first && buf_putc(out, ',') != 0) ||
			    buf_puts(out, "{\"kind\":") != 0 ||
			    put_json(out, json_string(kind_names[k])) != 0 ||
			    buf_puts(out, ",\"part\":") != 0 ||
			    put_json(out, json_string(part_names[p])) != 0 ||
			    buf_puts(out, ",\"rows\":[") != 0)
				return -1;
			first = 0;
			for (size_t i = 0; i < t->n + old->n; i++)
				if ((i && buf_putc(out, ',') != 0) ||
				    put_json(out, row_json(i < t->n ? &t->rows[i]
				                                    : &old->rows[i - t->n])) != 0)
					return -1;
			if (buf_puts(out, "]}") != 0)
				return -1;
		}
	return buf_putc(out, ']');
}

/* The body: {"revision", "stats", "tables", "tilesets", "spells",
 * "names", "dungeon"}; only the tables grow with the catalog. */
static int catalog_body(struct buf *out, const struct catalog *c)
{
	json_t *stats = json_array(), *sets = json_array();
	for (int s = 0; stats && s < ST__MAX; s++)
		if (json_array_append_new(stats, json_string(stat_names[s])) != 0)
			goto fail;
	for (size_t i = 0; sets && i < c->n_tilesets; i++)
		if (json_array_append_new(sets, tileset_json(&c->tilesets[i])) != 0)
			goto fail;
	if (!stats || !sets)
		goto fail;
	int rc = buf_puts(out, "{\"revision\":") != 0 ||
	         put_json(out, json_integer((json_int_t)c->revision)) != 0 ||
	         buf_puts(out, ",\"stats\":") != 0 || put_json(out, stats) != 0;
	stats = NULL;
	rc = rc || buf_puts(out, ",\"tables\":") != 0 || put_tables(out, c) != 0 ||
	     buf_puts(out, ",\"tilesets\":") != 0 || put_json(out, sets) != 0;
	sets = NULL;
	rc = rc || buf_puts(out, ",\"spells\":") != 0 || put_json(out, spells_json(c)) != 0 ||
	     buf_puts(out, ",\"names\":") != 0 || put_json(out, names_json(c)) != 0 ||
	     buf_puts(out, ",\"word_classes\":") != 0 || put_json(out, classes_json(c)) != 0 ||
	     buf_puts(out, ",\"settings\":") != 0 || put_json(out, settings_json(c)) != 0 ||
	     buf_puts(out, ",\"dungeon\":") != 0 || put_json(out, dungeon_json(c)) != 0 ||
	     buf_putc(out, '}') != 0;
	return rc ? -1 : 0;
fail:
	json_decref(stats);
	json_decref(sets);
	return -1;
}

static void hex(const unsigned char *in, size_t n, char *out)
{
	static const char digits[] = "0123456789abcdef";
	for (size_t i = 0; i < n; i++) {
		out[2 * i] = digits[in[i] >> 4];
		out[2 * i + 1] = digits[in[i] & 15];
	}
	out[2 * n] = '\0';
}

/* So the rename itself survives a crash; without it the old file may come
 * back, which is still a whole, valid file. */
static void sync_dir_of(const char *path)
{
	char dir[PATH_MAX];
	const char *slash = strrchr(path, '/');
	size_t n = slash ? (size_t)(slash - path) : 1;
	if (n >= sizeof(dir))
		return;
	memcpy(dir, slash ? path : ".", n);
	dir[n ? n : 1] = '\0';
	if (slash == path)
		dir[0] = '/', dir[1] = '\0';
	DIR *d = opendir(dir);
	if (!d)
		return;
	fsync(dirfd(d));
	closedir(d);
}

static int write_all(const char *tmp, const char *head, const char *body, size_t len)
{
	FILE *f = fopen(tmp, "wb");
	if (!f)
		return -1;
	int ok = fputs(head, f) >= 0 && fwrite(body, 1, len, f) == len && fflush(f) == 0 &&
	         fsync(fileno(f)) == 0;
	if (fclose(f) != 0)
		ok = 0;
	return ok ? 0 : -1;
}

int catalog_file_write(const char *path, const struct catalog *c)
{
	unsigned char hash[HASH_LEN];
	char tmp[PATH_MAX], head[HEAD_MAX], digest[2 * HASH_LEN + 1];
	struct buf out;
	int rc = -1;

	buf_init(&out);
	if (catalog_body(&out, c) != 0 || sodium_init() < 0) {
		log_error("catalog-cache: cannot write %s: out of memory", path);
		goto done;
	}
	const char *body = out.data;
	size_t len = out.len;
	crypto_generichash(hash, sizeof(hash), (const unsigned char *)body, len, NULL, 0);
	hex(hash, sizeof(hash), digest);
	snprintf(head, sizeof(head), MAGIC " %d %zu %s\n", CATALOG_FILE_VERSION, len, digest);
	/* Per process: the worker processes may write at the same moment. */
	if (snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", path, (long)getpid()) >= (int)sizeof(tmp)) {
		log_error("catalog-cache: path too long: %s", path);
		goto done;
	}
	if (write_all(tmp, head, body, len) != 0 || rename(tmp, path) != 0) {
		log_error("catalog-cache: cannot write %s: %s", path, strerror(errno));
		unlink(tmp);
		goto done;
	}
	sync_dir_of(path);
	rc = 0;
done:
	buf_free(&out);
	return rc;
}

/* ---- reading ---- */

/* The whole file in *out (NUL-terminated, freed by the caller), or a
 * reason. */
static const char *slurp(const char *path, char **out, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t n = 0, cap = 0;

	*out = NULL;
	if (!f)
		return errno == ENOENT ? "absent" : "cannot be opened";
	for (;;) {
		if (cap - n < 65536) {
			cap = cap ? cap * 2 : 65536;
			char *more = cap <= (size_t)CATALOG_FILE_MAX + HEAD_MAX
			                     ? realloc(buf, cap + 1)
			                     : NULL;
			if (!more) {
				free(buf);
				fclose(f);
				return "too large, or out of memory";
			}
			buf = more;
		}
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (got == 0)
			break;
	}
	int bad = ferror(f);
	fclose(f);
	if (bad) {
		free(buf);
		return "cannot be read";
	}
	buf[n] = '\0';
	*out = buf;
	*len = n;
	return NULL;
}

/* Checks the header; *body and *body_len are the checked body. */
static const char *check_head(const char *buf, size_t len, const char **body, size_t *body_len)
{
	const char *nl = memchr(buf, '\n', len < HEAD_MAX ? len : HEAD_MAX);
	char magic[32], digest[2 * HASH_LEN + 2], want[2 * HASH_LEN + 1];
	unsigned char hash[HASH_LEN];
	unsigned long long n;
	int version, used = 0;

	if (!nl)
		return "no header line";
	if (sscanf(buf, "%31s %d %llu %65s%n", magic, &version, &n, digest, &used) != 4 ||
	    strcmp(magic, MAGIC) != 0 || buf + used != nl)
		return "not a catalog file";
	if (version != CATALOG_FILE_VERSION)
		return "another format version";
	*body = nl + 1;
	*body_len = len - (size_t)(nl + 1 - buf);
	if (n != *body_len)
		return n > *body_len ? "truncated" : "longer than its header says";
	if (sodium_init() < 0)
		return "out of memory";
	crypto_generichash(hash, sizeof(hash), (const unsigned char *)*body, *body_len, NULL, 0);
	hex(hash, sizeof(hash), want);
	if (strcmp(digest, want) != 0)
		return "checksum mismatch";
	return NULL;
}

static int in_range(json_int_t v, json_int_t lo, json_int_t hi)
{
	return v >= lo && v <= hi;
}

static const char *add_row(struct catalog *c, enum kind k, enum part p, json_t *row)
{
	json_int_t id, weight, added, retired, value, value_mult;
	int active, tier, lo, hi, slot;
	const char *word;
	json_t *stats;
	struct entry e;

	int mark = MARK_NONE;
	if (json_unpack(row, "[I s i i i i i I o I I I I]", &id, &word, &active, &tier, &lo, &hi,
	                &slot, &weight, &stats, &added, &retired, &value, &value_mult) != 0 ||
	    !json_is_array(stats) || json_array_size(stats) != ST__MAX ||
	    json_array_size(row) > 14 ||
	    (json_array_size(row) == 14 &&
	     json_unpack(row, "[I s i i i i i I o I I I I i]", &id, &word, &active, &tier, &lo, &hi,
	                 &slot, &weight, &stats, &added, &retired, &value, &value_mult,
	                 &mark) != 0))
		return "a row of the wrong shape";
	if (!in_range(mark, MARK_NONE, MARK_BAD))
		return "a row with a value out of range";
	if (!in_range(id, 0, UINT32_MAX) || !in_range(weight, 0, UINT32_MAX) ||
	    !in_range(active, 0, 1) || !in_range(tier, 0, TIER_MAX) || !in_range(lo, 0, TIER_MAX) ||
	    !in_range(hi, 0, TIER_MAX) || !in_range(slot, 0, SLOT__MAX - 1) || added < 0 ||
	    retired < 0 || !in_range(value, 0, UINT32_MAX) || !in_range(value_mult, 0, UINT32_MAX))
		return "a row with a value out of range";
	memset(&e, 0, sizeof(e));
	for (int s = 0; s < ST__MAX; s++) {
		json_t *v = json_array_get(stats, (size_t)s);
		if (!json_is_integer(v) || !in_range(json_integer_value(v), INT32_MIN, INT32_MAX))
			return "a row with a value out of range";
		e.stat[s] = (int32_t)json_integer_value(v);
	}
	e.id = (uint32_t)id;
	e.word = word;
	e.active = (uint8_t)active;
	e.tier = (uint8_t)tier;
	e.tier_min = (uint8_t)lo;
	e.tier_max = (uint8_t)hi;
	e.slot = (uint8_t)slot;
	e.weight = (uint32_t)weight;
	e.added_rev = (uint64_t)added;
	e.retired_rev = (uint64_t)retired;
	e.value = (uint32_t)value;
	e.value_mult = (uint32_t)value_mult;
	e.mark = (uint8_t)mark;
	return catalog_add(c, k, p, &e) == 0 ? NULL : "out of memory";
}

static const char *check_stats(json_t *stats)
{
	if (!json_is_array(stats) || json_array_size(stats) != ST__MAX)
		return "other stat columns than this daemon's";
	for (int s = 0; s < ST__MAX; s++) {
		const char *name = json_string_value(json_array_get(stats, (size_t)s));
		if (!name || strcmp(name, stat_names[s]) != 0)
			return "other stat columns than this daemon's";
	}
	return NULL;
}

/* The map tiles of one tileset; the tiles' own rules are checked by
 * catalog_finish, as for tiles read from the database. */
static const char *add_tileset(struct catalog *c, json_t *set)
{
	const char *name, *tname, *pattern;
	json_t *tiles, *tile;
	json_int_t weight;
	size_t i, plen;
	int edge[4];

	if (json_unpack(set, "{s s s o}", "name", &name, "tiles", &tiles) != 0 ||
	    !json_is_array(tiles))
		return "a tileset of the wrong shape";
	json_array_foreach(tiles, i, tile)
	{
		struct map_tile t;
		if (json_unpack(tile, "[s s% i i i i I!]", &tname, &pattern, &plen, &edge[0],
		                &edge[1], &edge[2], &edge[3], &weight) != 0 ||
		    plen != sizeof t.cell)
			return "a tile of the wrong shape";
		memset(&t, 0, sizeof t);
		for (int e = 0; e < 4; e++) {
			if (!in_range(edge[e], 0, EDGE__MAX - 1))
				return "a tile with a value out of range";
			t.edge[e] = (uint8_t)edge[e];
		}
		if (!in_range(weight, 0, UINT32_MAX))
			return "a tile with a value out of range";
		t.name = tname;
		memcpy(t.cell, pattern, sizeof t.cell);
		t.weight = (uint32_t)weight;
		if (catalog_add_tile(c, name, &t) != 0)
			return "out of memory";
	}
	return NULL;
}

/* The dungeons' rows as dungeon_json writes them (ranges as the database
 * loader checks them). */
static const char *add_dungeon(struct catalog *c, json_t *d)
{
	json_t *budgets, *tiles, *dressing = NULL, *v;
	size_t i;

	/* "dressing" is absent from files written before migration 0020 */
	if (json_unpack(d, "{s o s o s? o}", "budgets", &budgets, "tiles", &tiles, "dressing",
	                &dressing) != 0 ||
	    !json_is_array(budgets) || !json_is_array(tiles) ||
	    (dressing && !json_is_array(dressing)))
		return "dungeon rows of the wrong shape";
	json_array_foreach(dressing, i, v)
	{
		const char *why = catalog_dress_read(v, c);
		if (why)
			return why;
	}
	json_array_foreach(budgets, i, v)
	{
		json_int_t id, bpr, gem, art, added, retired;
		int level, tier, e, it, h, imax;
		if (json_unpack(v, "[I i I i i i i i I I I I!]", &id, &level, &bpr, &tier, &e, &it,
		                &h, &imax, &gem, &art, &added, &retired) != 0 ||
		    !in_range(id, 0, UINT32_MAX) || level < 1 || level > DUNGEON_LEVEL_MAX ||
		    !in_range(bpr, 0, 1000000) || tier < 1 || tier > TIER_MAX || imax < 1 ||
		    imax > 4 || e + it + h != 100 || !in_range(gem, 0, UINT32_MAX) ||
		    !in_range(art, 0, UINT32_MAX) || added < 0 || retired < 0)
			return "a treasure budget of the wrong shape";
		struct dungeon_budget b = {.id = (uint32_t)id,
		                           .level = level,
		                           .budget_per_room = (uint32_t)bpr,
		                           .tier = tier,
		                           .empty_pct = e,
		                           .items_pct = it,
		                           .hoard_pct = h,
		                           .items_max = imax,
		                           .gem_value = (uint32_t)gem,
		                           .art_value = (uint32_t)art,
		                           .added_rev = (uint64_t)added,
		                           .retired_rev = (uint64_t)retired};
		if (catalog_add_budget(c, &b) != 0)
			return "out of memory";
	}
	json_array_foreach(tiles, i, v)
	{
		const char *set, *name, *pattern;
		size_t plen;
		int edge[4];
		json_int_t weight, added, retired;
		struct dungeon_tile_row r;
		memset(&r, 0, sizeof r);
		if (json_unpack(v, "[s s s% i i i i I I I!]", &set, &name, &pattern, &plen,
		                &edge[0], &edge[1], &edge[2], &edge[3], &weight, &added,
		                &retired) != 0 ||
		    plen != sizeof r.t.cell || strlen(set) >= sizeof r.tileset ||
		    strlen(name) >= sizeof r.name || !in_range(weight, 0, UINT32_MAX) ||
		    added < 0 || retired < 0)
			return "a tile row of the wrong shape";
		for (int k = 0; k < 4; k++) {
			if (!in_range(edge[k], 0, EDGE__MAX - 1))
				return "a tile row with a value out of range";
			r.t.edge[k] = (uint8_t)edge[k];
		}
		memcpy(r.tileset, set, strlen(set) + 1);
		memcpy(r.name, name, strlen(name) + 1);
		memcpy(r.t.cell, pattern, sizeof r.t.cell);
		r.t.weight = (uint32_t)weight;
		r.added_rev = (uint64_t)added;
		r.retired_rev = (uint64_t)retired;
		if (catalog_add_tile_row(c, &r) != 0)
			return "out of memory";
	}
	return NULL;
}

/* A spell as spell_json writes it, through the loader's check: a file
 * holds only rows that passed it, so a refusal here means a bad file. */
static const char *add_spell(struct catalog *c, json_t *j)
{
	struct spell_row r;
	json_int_t id, added, retired;
	json_t *effects, *e;
	const char *name;
	int active;
	size_t i;

	memset(&r, 0, sizeof r);
	if (json_unpack(j, "[I s i I I I I I o!]", &id, &name, &active, &r.mana, &r.level, &r.tier,
	                &added, &retired, &effects) != 0 ||
	    !json_is_array(effects) || !in_range(id, 0, UINT32_MAX) || added < 0 || retired < 0)
		return "a spell of the wrong shape";
	r.id = (uint32_t)id;
	r.name = name;
	r.active = active != 0;
	r.added_rev = (uint64_t)added;
	r.retired_rev = (uint64_t)retired;
	r.n_effects =
	        (int)(json_array_size(effects) > SPELL_EFFECTS_MAX + 1 ? SPELL_EFFECTS_MAX + 1
	                                                               : json_array_size(effects));
	json_array_foreach(effects, i, e)
	{
		if (i >= SPELL_EFFECTS_MAX)
			break;
		if (json_unpack(e, "[s I I I I I!]", &r.effects[i].kind, &r.effects[i].p[0],
		                &r.effects[i].p[1], &r.effects[i].p[2], &r.effects[i].p[3],
		                &r.effects[i].p[4]) != 0)
			return "a spell of the wrong shape";
	}
	int rc = catalog_add_spell(c, &r);
	return rc == 0 ? NULL : rc > 0 ? "a spell that does not pass its check" : "out of memory";
}

static const char *add_name(struct catalog *c, json_t *j)
{
	struct catalog_name n;
	json_int_t id, added, retired;
	if (json_unpack(j, "[I s I I!]", &id, &n.name, &added, &retired) != 0 ||
	    !in_range(id, 0, UINT32_MAX) || added < 0 || retired < 0)
		return "a name of the wrong shape";
	n.id = (uint32_t)id;
	n.added_rev = (uint64_t)added;
	n.retired_rev = (uint64_t)retired;
	return catalog_add_name(c, &n) == 0 ? NULL : "out of memory";
}

static const char *add_class(struct catalog *c, json_t *j)
{
	struct catalog_class r;
	const char *kn, *pn;
	json_int_t id, added, retired;
	int k, p;
	if (json_unpack(j, "[I s s s s I I!]", &id, &kn, &pn, &r.word, &r.cls, &added, &retired) !=
	            0 ||
	    !in_range(id, 0, UINT32_MAX) || added < 0 || retired < 0 ||
	    (k = kind_from_name(kn)) < 0 || (p = part_from_name(pn)) < 0)
		return "a word class of the wrong shape";
	r.id = (uint32_t)id;
	r.kind = (enum kind)k;
	r.part = (enum part)p;
	r.added_rev = (uint64_t)added;
	r.retired_rev = (uint64_t)retired;
	return catalog_add_class(c, &r) == 0 ? NULL : "out of memory";
}

static const char *add_setting(struct catalog *c, json_t *j)
{
	struct catalog_setting r;
	json_int_t id, value, added, retired;
	if (json_unpack(j, "[I s I I I!]", &id, &r.name, &value, &added, &retired) != 0 ||
	    !in_range(id, 0, UINT32_MAX) || added < 0 || retired < 0)
		return "a setting of the wrong shape";
	r.id = (uint32_t)id;
	r.value = value;
	r.added_rev = (uint64_t)added;
	r.retired_rev = (uint64_t)retired;
	return catalog_add_setting(c, &r) == 0 ? NULL : "out of memory";
}

static const char *build(json_t *root, struct catalog **out)
{
	json_int_t rev;
	json_t *stats, *tables, *t, *sets = NULL, *spells = NULL, *names = NULL;
	json_t *classes = NULL, *settings = NULL, *dungeon = NULL;
	const char *why;
	size_t i;

	/* "tilesets" is absent from files written before maps, "spells" and
	 * "names" from files written before spells, "word_classes" and
	 * "settings" from files written before classes, "dungeon" from files
	 * written before dungeons (which then answer 503 from such a file). */
	if (json_unpack(root, "{s I s o s o s?o s?o s?o s?o s?o s?o}", "revision", &rev, "stats",
	                &stats, "tables", &tables, "tilesets", &sets, "spells", &spells, "names",
	                &names, "word_classes", &classes, "settings", &settings, "dungeon",
	                &dungeon) != 0 ||
	    rev < 0 || !json_is_array(tables) || (sets && !json_is_array(sets)) ||
	    (spells && !json_is_array(spells)) || (names && !json_is_array(names)) ||
	    (classes && !json_is_array(classes)) || (settings && !json_is_array(settings)) ||
	    (dungeon && !json_is_object(dungeon)))
		return "a body that is not a catalog";
	if ((why = check_stats(stats)))
		return why;
	struct catalog *c = catalog_new((uint64_t)rev);
	if (!c)
		return "out of memory";
	json_array_foreach(tables, i, t)
	{
		const char *kn, *pn;
		json_t *rows, *row;
		size_t r;
		int k, p;
		if (json_unpack(t, "{s s s s s o}", "kind", &kn, "part", &pn, "rows", &rows) != 0 ||
		    (k = kind_from_name(kn)) < 0 || (p = part_from_name(pn)) < 0 ||
		    !json_is_array(rows)) {
			catalog_free(c);
			return "a table that is not one of ours";
		}
		json_array_foreach(rows, r, row)
		{
			if ((why = add_row(c, (enum kind)k, (enum part)p, row))) {
				catalog_free(c);
				return why;
			}
		}
	}
	json_array_foreach(sets, i, t)
	{
		if ((why = add_tileset(c, t))) {
			catalog_free(c);
			return why;
		}
	}
	json_array_foreach(spells, i, t)
	{
		if ((why = add_spell(c, t))) {
			catalog_free(c);
			return why;
		}
	}
	json_array_foreach(names, i, t)
	{
		if ((why = add_name(c, t))) {
			catalog_free(c);
			return why;
		}
	}
	json_array_foreach(classes, i, t)
	{
		if ((why = add_class(c, t))) {
			catalog_free(c);
			return why;
		}
	}
	json_array_foreach(settings, i, t)
	{
		if ((why = add_setting(c, t))) {
			catalog_free(c);
			return why;
		}
	}
	if (dungeon && (why = add_dungeon(c, dungeon))) {
		catalog_free(c);
		return why;
	}
	if (catalog_finish(c) != 0) {
		catalog_free(c);
		return "a word twice in a table, or out of memory";
	}
	*out = c;
	return NULL;
}

struct catalog *catalog_file_read(const char *path, const char **why)
{
	struct catalog *c = NULL;
	const char *reason, *body;
	size_t len, body_len;
	char *buf;

	if (!(reason = slurp(path, &buf, &len)) &&
	    !(reason = check_head(buf, len, &body, &body_len))) {
		json_t *root = json_loadb(body, body_len, JSON_REJECT_DUPLICATES, NULL);
		reason = root ? build(root, &c) : "a body that is not JSON";
		json_decref(root);
	}
	free(buf);
	if (reason)
		log_warn("catalog-cache: %s refused: %s", path, reason);
	if (why)
		*why = reason;
	return c;
}
