/* dbcatalog: the catalog read from the database: the revision the poller
 * watches, and every affix table and the map tiles loaded in one
 * consistent snapshot into a new catalog. The connection, the gate and the
 * failure path are db.c's (db_int.h). */
#include "dbcatalog.h"
#include "db_int.h"

#include <mysql.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

/* Which tables of a later migration than the affix tables' exist. */
struct later_tables {
	int tiles;                /* map_tile (0007) */
	int spell, effect, names; /* spell, spell_effect, markov_name (0012) */
	int classes, settings;    /* word_class, catalog_setting (0016) */
	int treasure;             /* dungeon_treasure (0017) */
};

/* Marks in present[] the load statements whose table exists, and in *lt
 * which later tables do. */
static enum db_status find_tables(struct db *d, int *present, struct later_tables *lt)
{
	enum db_status r = DB_OK;
	MYSQL_STMT *st = db_prepared(d, STMT_TABLES, &r);
	char name[65];
	unsigned long len = 0;
	my_bool is_null = 0, error = 0;
	MYSQL_BIND out = {
	        .buffer_type = MYSQL_TYPE_STRING,
	        .buffer = name,
	        .buffer_length = sizeof(name),
	        .length = &len,
	        .is_null = &is_null,
	        .error = &error,
	};
	int rc;

	if (!st)
		return r;
	if (mysql_stmt_execute(st) != 0 || mysql_stmt_bind_result(st, &out) != 0)
		return db_stmt_fail(d, STMT_TABLES);
	while ((rc = mysql_stmt_fetch(st)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
		if (rc != 0 || is_null)
			continue; /* longer than any table name of ours */
		for (int i = 0; i < AFFIX_TABLE_COUNT; i++)
			if (strcmp(name, db_statements[STMT_LOAD_FIRST + i].table) == 0)
				present[i] = 1;
		lt->tiles |= strcmp(name, db_statements[STMT_MAP_TILES].table) == 0;
		lt->spell |= strcmp(name, "spell") == 0;
		lt->effect |= strcmp(name, "spell_effect") == 0;
		lt->names |= strcmp(name, db_statements[STMT_MARKOV_NAMES].table) == 0;
		lt->classes |= strcmp(name, db_statements[STMT_WORD_CLASSES].table) == 0;
		lt->settings |= strcmp(name, db_statements[STMT_SETTINGS].table) == 0;
		lt->treasure |= strcmp(name, db_statements[STMT_DUNGEON_TREASURE].table) == 0;
	}
	if (rc != MYSQL_NO_DATA)
		return db_stmt_fail(d, STMT_TABLES);
	mysql_stmt_free_result(st);
	return DB_OK;
}

/* The revision, on a connected handle, inside or outside a transaction. */
static enum db_status read_revision(struct db *d, uint64_t *rev)
{
	enum db_status r = DB_OK;
	MYSQL_STMT *st = db_prepared(d, STMT_REVISION, &r);
	unsigned long long v = 0;
	my_bool is_null = 0, error = 0;
	MYSQL_BIND out = {
	        .buffer_type = MYSQL_TYPE_LONGLONG,
	        .buffer = &v,
	        .is_unsigned = 1,
	        .is_null = &is_null,
	        .error = &error,
	};
	int rc;

	if (!st)
		return r;
	if (mysql_stmt_execute(st) != 0 || mysql_stmt_bind_result(st, &out) != 0)
		return db_stmt_fail(d, STMT_REVISION);
	rc = mysql_stmt_fetch(st);
	if (rc == 1)
		return db_stmt_fail(d, STMT_REVISION);
	mysql_stmt_free_result(st);
	if (rc == MYSQL_NO_DATA || is_null || rc == MYSQL_DATA_TRUNCATED)
		return db_fail(d, STMT_REVISION, "catalog_revision has no usable row 1");
	*rev = (uint64_t)v;
	return DB_OK;
}

enum db_status db_revision(struct db *d, uint64_t *rev)
{
	enum db_status r = db_begin(d);
	if (r == DB_OK)
		r = read_revision(d, rev);
	return r == DB_OK ? db_done(d) : r;
}

/* One catalog row as fetched: the output buffers of the bound columns. */
enum col {
	C_ID,
	C_WORD,
	C_ACTIVE,
	C_STAT0,
	C_TIER = C_STAT0 + ST__MAX,
	C_SLOT,
	C_WEIGHT,
	C_TIER_MIN,
	C_TIER_MAX,
	C_ADDED,
	C_RETIRED,
	C_VALUE,
	C_VALUE_MULT,
	C_MARK,
	C__MAX
};

#define WORD_BUF 256 /* VARCHAR(64) of utf8mb4 is at most 256 bytes */
#define SLOT_BUF 32

struct row {
	MYSQL_BIND bind[C__MAX];
	unsigned long len[C__MAX];
	my_bool is_null[C__MAX], error[C__MAX];
	uint32_t id, weight, value, value_mult;
	unsigned long long added, retired;
	int32_t active, stat[ST__MAX], tier, tier_min, tier_max;
	char word[WORD_BUF + 1], slot[SLOT_BUF + 1], mark[SLOT_BUF + 1];
};

static void bind_col(struct row *r, enum col c, enum enum_field_types type, void *buf,
                     unsigned long buflen, int is_unsigned)
{
	MYSQL_BIND *b = &r->bind[c];
	b->buffer_type = type;
	b->buffer = buf;
	b->buffer_length = buflen;
	b->is_unsigned = (my_bool)is_unsigned;
	b->length = &r->len[c];
	b->is_null = &r->is_null[c];
	b->error = &r->error[c];
}

/* The whole row is zeroed: the client leaves a NULL column's error flag
 * as it was, so it must start at 0. */
static void bind_row(struct row *r)
{
	memset(r, 0, sizeof(*r));
	bind_col(r, C_ID, MYSQL_TYPE_LONG, &r->id, 0, 1);
	bind_col(r, C_WORD, MYSQL_TYPE_STRING, r->word, WORD_BUF, 0);
	bind_col(r, C_ACTIVE, MYSQL_TYPE_LONG, &r->active, 0, 0);
	for (int s = 0; s < ST__MAX; s++)
		bind_col(r, (enum col)(C_STAT0 + s), MYSQL_TYPE_LONG, &r->stat[s], 0, 0);
	bind_col(r, C_TIER, MYSQL_TYPE_LONG, &r->tier, 0, 0);
	bind_col(r, C_SLOT, MYSQL_TYPE_STRING, r->slot, SLOT_BUF, 0);
	bind_col(r, C_WEIGHT, MYSQL_TYPE_LONG, &r->weight, 0, 1);
	bind_col(r, C_TIER_MIN, MYSQL_TYPE_LONG, &r->tier_min, 0, 0);
	bind_col(r, C_TIER_MAX, MYSQL_TYPE_LONG, &r->tier_max, 0, 0);
	bind_col(r, C_ADDED, MYSQL_TYPE_LONGLONG, &r->added, 0, 1);
	bind_col(r, C_RETIRED, MYSQL_TYPE_LONGLONG, &r->retired, 0, 1);
	bind_col(r, C_VALUE, MYSQL_TYPE_LONG, &r->value, 0, 1);
	bind_col(r, C_VALUE_MULT, MYSQL_TYPE_LONG, &r->value_mult, 0, 1);
	bind_col(r, C_MARK, MYSQL_TYPE_STRING, r->mark, SLOT_BUF, 0);
}

static int in_tier_range(int32_t v)
{
	return v >= 0 && v <= TIER_MAX;
}

/* Turns a fetched row into an entry. -1 when a value cannot be one of ours
 * (the schema's CHECKs make that a broken database, not bad luck). */
static int row_to_entry(struct row *r, const struct stmt_def *def, struct entry *e)
{
	memset(e, 0, sizeof(*e));
	if (r->is_null[C_ID] || r->is_null[C_WORD] || r->is_null[C_ACTIVE])
		return -1;
	for (int c = 0; c < C__MAX; c++)
		if (r->error[c] && c != C_WORD && c != C_SLOT && c != C_MARK)
			return -1; /* a number out of its C type's range */
	e->id = r->id;
	e->word = r->word;
	e->active = r->active != 0;
	for (int s = 0; s < ST__MAX; s++)
		e->stat[s] = r->is_null[C_STAT0 + s] ? 0 : r->stat[s];
	e->added_rev = r->is_null[C_ADDED] ? 0 : (uint64_t)r->added;
	e->retired_rev = r->is_null[C_RETIRED] ? 0 : (uint64_t)r->retired;
	e->value = r->is_null[C_VALUE] ? 0 : r->value;
	e->value_mult = r->is_null[C_VALUE_MULT] ? 100 : r->value_mult;
	e->weight = r->is_null[C_WEIGHT] || r->weight == 0 ? 1 : r->weight;
	int32_t tier = r->is_null[C_TIER] ? 0 : r->tier;
	int32_t lo = r->is_null[C_TIER_MIN] ? 0 : r->tier_min;
	int32_t hi = r->is_null[C_TIER_MAX] ? 0 : r->tier_max;
	if (!in_tier_range(tier) || !in_tier_range(lo) || !in_tier_range(hi))
		return -1;
	e->tier = (uint8_t)tier;
	e->tier_min = (uint8_t)lo;
	e->tier_max = (uint8_t)hi;
	e->slot = SLOT_NONE;
	if (!r->is_null[C_SLOT] && !r->error[C_SLOT]) {
		int slot = slot_from_name(r->slot);
		if (slot < 0) {
			log_warn("db: %s id %u: unknown slot '%s'; using the kind's default",
			         def->table, r->id, r->slot);
			slot = SLOT_NONE;
		}
		e->slot = (uint8_t)slot;
	}
	e->mark = MARK_NONE;
	if (def->shape == SHAPE_MARKED) {
		/* the schema's ENUM allows only these two */
		if (r->is_null[C_MARK] || r->error[C_MARK])
			return -1;
		if (strcmp(r->mark, "good") == 0)
			e->mark = MARK_GOOD;
		else if (strcmp(r->mark, "bad") == 0)
			e->mark = MARK_BAD;
		else
			return -1;
	}
	return 0;
}

/* A word longer than the buffer (a wider column than ours) is fetched again
 * whole into *big, which the caller frees. */
static int fetch_long_word(MYSQL_STMT *st, struct row *r, char **big)
{
	unsigned long n = r->len[C_WORD];
	my_bool is_null = 0, error = 0;
	MYSQL_BIND b = {0};

	*big = malloc(n + 1);
	if (!*big)
		return -1;
	b.buffer_type = MYSQL_TYPE_STRING;
	b.buffer = *big;
	b.buffer_length = n + 1;
	b.length = &n;
	b.is_null = &is_null;
	b.error = &error;
	if (mysql_stmt_fetch_column(st, &b, C_WORD, 0) != 0 || error) {
		free(*big);
		*big = NULL;
		return -1;
	}
	(*big)[n] = '\0';
	return 0;
}

/* Reads one table into c. */
static enum db_status load_table(struct db *d, enum stmt s, struct catalog *c)
{
	enum db_status res = DB_OK;
	MYSQL_STMT *st = db_prepared(d, s, &res);
	const struct stmt_def *def = &db_statements[s];
	struct row r;
	struct entry e;
	int rc;

	if (!st)
		return res;
	bind_row(&r);
	if (mysql_stmt_execute(st) != 0 || mysql_stmt_bind_result(st, r.bind) != 0)
		return db_stmt_fail(d, s);
	while ((rc = mysql_stmt_fetch(st)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
		char *big = NULL;
		if (rc == MYSQL_DATA_TRUNCATED && r.error[C_WORD] &&
		    fetch_long_word(st, &r, &big) != 0)
			goto bad_row;
		int bad = row_to_entry(&r, def, &e);
		if (big)
			e.word = big;
		if (bad || catalog_add(c, def->kind, def->part, &e) != 0) {
			free(big);
			goto bad_row;
		}
		free(big);
	}
	if (rc != MYSQL_NO_DATA)
		return db_stmt_fail(d, s);
	mysql_stmt_free_result(st);
	return DB_OK;

bad_row:
	mysql_stmt_free_result(st);
	return db_fail(d, s, "a row with a value out of range, or out of memory");
}

/* One map_tile row as fetched; the last three with STMT_MAP_TILES_REV. */
enum tcol {
	T_SET,
	T_NAME,
	T_PATTERN,
	T_N,
	T_E,
	T_S,
	T_W,
	T_WEIGHT,
	T_ACTIVE,
	T_ADDED,
	T_RETIRED,
	T__MAX
};

struct tile_row {
	MYSQL_BIND bind[T__MAX];
	unsigned long len[T__MAX];
	my_bool is_null[T__MAX], error[T__MAX];
	char set[33], name[65], pattern[MAP_TILE * MAP_TILE + 1];
	uint32_t edge[4], weight, active;
	unsigned long long added, retired;
};

static void bind_tile_row(struct tile_row *r)
{
	memset(r, 0, sizeof(*r));
	for (int c = 0; c < T__MAX; c++) {
		MYSQL_BIND *b = &r->bind[c];
		b->length = &r->len[c];
		b->is_null = &r->is_null[c];
		b->error = &r->error[c];
		if (c == T_SET || c == T_NAME || c == T_PATTERN) {
			b->buffer_type = MYSQL_TYPE_STRING;
			b->buffer = c == T_SET ? r->set : c == T_NAME ? r->name : r->pattern;
			b->buffer_length = c == T_SET    ? sizeof r->set
			                   : c == T_NAME ? sizeof r->name
			                                 : sizeof r->pattern;
		} else if (c == T_ADDED || c == T_RETIRED) {
			b->buffer_type = MYSQL_TYPE_LONGLONG;
			b->buffer = c == T_ADDED ? &r->added : &r->retired;
			b->is_unsigned = 1;
		} else {
			b->buffer_type = MYSQL_TYPE_LONG;
			b->buffer = c == T_WEIGHT   ? &r->weight
			            : c == T_ACTIVE ? &r->active
			                            : &r->edge[c - T_N];
			b->is_unsigned = 1;
		}
	}
}

/* A fetched row as a tile; -1 when a value cannot be one (the schema's
 * CHECKs make that a broken database). The tile's own rules (the edges
 * spell their types, one floor) are map_tileset_init's, in catalog_finish. */
static int row_to_tile(const struct tile_row *r, struct map_tile *t)
{
	for (int c = 0; c < T__MAX; c++)
		if (r->is_null[c] || r->error[c])
			return -1;
	if (r->len[T_PATTERN] != MAP_TILE * MAP_TILE)
		return -1;
	memset(t, 0, sizeof(*t));
	t->name = r->name;
	memcpy(t->cell, r->pattern, sizeof t->cell);
	for (int e = 0; e < 4; e++) {
		if (r->edge[e] > 255)
			return -1;
		t->edge[e] = (uint8_t)r->edge[e];
	}
	t->weight = r->weight;
	return 0;
}

/* One fetched row into c: a live active row into its tileset; with
 * revisions (after 0017), every active row among the tile rows too. */
static int add_tile(struct catalog *c, const struct tile_row *r, int revisioned)
{
	struct map_tile t;
	if (row_to_tile(r, &t) != 0)
		return -1;
	if (!revisioned)
		return catalog_add_tile(c, r->set, &t);
	if (!r->active)
		return 0; /* never part of a tileset (the flag never changes) */
	struct dungeon_tile_row row = {.t = t, .added_rev = r->added, .retired_rev = r->retired};
	snprintf(row.tileset, sizeof row.tileset, "%s", r->set);
	snprintf(row.name, sizeof row.name, "%s", r->name);
	if (catalog_add_tile_row(c, &row) != 0)
		return -1;
	return r->retired ? 0 : catalog_add_tile(c, r->set, &t);
}

/* Reads map_tile into c: the active rows (before 0017), or every row with
 * its revisions (revisioned). */
static enum db_status load_tiles(struct db *d, struct catalog *c, int revisioned)
{
	enum stmt s = revisioned ? STMT_MAP_TILES_REV : STMT_MAP_TILES;
	enum db_status res = DB_OK;
	MYSQL_STMT *st = db_prepared(d, s, &res);
	struct tile_row r;
	int rc;

	if (!st)
		return res;
	bind_tile_row(&r);
	if (mysql_stmt_execute(st) != 0 || mysql_stmt_bind_result(st, r.bind) != 0)
		return db_stmt_fail(d, s);
	while ((rc = mysql_stmt_fetch(st)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
		if (rc != 0 || add_tile(c, &r, revisioned) != 0) {
			mysql_stmt_free_result(st);
			return db_fail(d, s, "a row with a value out of range, or out of memory");
		}
	}
	if (rc != MYSQL_NO_DATA)
		return db_stmt_fail(d, s);
	mysql_stmt_free_result(st);
	return DB_OK;
}

/* Reads every dungeon_treasure row into c: twelve unsigned numbers a row. */
static enum db_status load_budgets(struct db *d, struct catalog *c)
{
	enum { NCOL = 12 };
	enum db_status res = DB_OK;
	MYSQL_STMT *st = db_prepared(d, STMT_DUNGEON_TREASURE, &res);
	MYSQL_BIND bind[NCOL];
	unsigned long long v[NCOL];
	my_bool is_null[NCOL], error[NCOL];
	int rc;

	if (!st)
		return res;
	memset(bind, 0, sizeof bind);
	for (int i = 0; i < NCOL; i++) {
		bind[i].buffer_type = MYSQL_TYPE_LONGLONG;
		bind[i].buffer = &v[i];
		bind[i].is_unsigned = 1;
		bind[i].is_null = &is_null[i];
		bind[i].error = &error[i];
	}
	if (mysql_stmt_execute(st) != 0 || mysql_stmt_bind_result(st, bind) != 0)
		return db_stmt_fail(d, STMT_DUNGEON_TREASURE);
	while ((rc = mysql_stmt_fetch(st)) == 0) {
		int bad = 0;
		for (int i = 0; i < NCOL; i++)
			bad |= is_null[i] || (i < 10 && v[i] > UINT32_MAX);
		struct dungeon_budget b = {
		        .id = (uint32_t)v[0],
		        .level = (int)v[1],
		        .budget_per_room = (uint32_t)v[2],
		        .tier = (int)v[3],
		        .empty_pct = (int)v[4],
		        .items_pct = (int)v[5],
		        .hoard_pct = (int)v[6],
		        .items_max = (int)v[7],
		        .gem_value = (uint32_t)v[8],
		        .art_value = (uint32_t)v[9],
		        .added_rev = v[10],
		        .retired_rev = v[11],
		};
		/* the schema's CHECKs: a row outside them is a broken database */
		bad |= b.level < 1 || b.level > DUNGEON_LEVEL_MAX || b.tier < 1 ||
		       b.tier > TIER_MAX || b.items_max < 1 || b.items_max > 4 ||
		       b.empty_pct + b.items_pct + b.hoard_pct != 100 ||
		       b.budget_per_room > 1000000;
		if (bad || catalog_add_budget(c, &b) != 0) {
			mysql_stmt_free_result(st);
			return db_fail(d, STMT_DUNGEON_TREASURE,
			               "a row with a value out of range, or out of memory");
		}
	}
	if (rc != MYSQL_NO_DATA)
		return db_stmt_fail(d, STMT_DUNGEON_TREASURE);
	mysql_stmt_free_result(st);
	return DB_OK;
}

/* One row of STMT_SPELLS: a spell's columns and one of its effects. */
enum scol {
	S_ID,
	S_WORD,
	S_MANA,
	S_LEVEL,
	S_TIER,
	S_ACTIVE,
	S_ADDED,
	S_RETIRED,
	S_EFFECT,
	S_P1,
	S__MAX = S_P1 + SPELL_PARAMS
};

#define EFFECT_BUF 32 /* VARCHAR(32) of ascii */

struct spell_fetch {
	MYSQL_BIND bind[S__MAX];
	unsigned long len[S__MAX];
	my_bool is_null[S__MAX], error[S__MAX];
	uint32_t id;
	long long mana, level, tier, p[SPELL_PARAMS];
	int32_t active;
	unsigned long long added, retired;
	char word[WORD_BUF + 1], effect[EFFECT_BUF + 1];
};

static void bind_spell_fetch(struct spell_fetch *f)
{
	memset(f, 0, sizeof *f);
	for (int c = 0; c < S__MAX; c++) {
		MYSQL_BIND *b = &f->bind[c];
		b->length = &f->len[c];
		b->is_null = &f->is_null[c];
		b->error = &f->error[c];
		b->buffer_type = MYSQL_TYPE_LONGLONG;
		switch (c) {
		case S_ID:
			b->buffer_type = MYSQL_TYPE_LONG;
			b->buffer = &f->id;
			b->is_unsigned = 1;
			break;
		case S_WORD:
			b->buffer_type = MYSQL_TYPE_STRING;
			b->buffer = f->word;
			b->buffer_length = WORD_BUF;
			break;
		case S_EFFECT:
			b->buffer_type = MYSQL_TYPE_STRING;
			b->buffer = f->effect;
			b->buffer_length = EFFECT_BUF;
			break;
		case S_MANA:
			b->buffer = &f->mana;
			break;
		case S_LEVEL:
			b->buffer = &f->level;
			break;
		case S_TIER:
			b->buffer = &f->tier;
			break;
		case S_ACTIVE:
			b->buffer_type = MYSQL_TYPE_LONG;
			b->buffer = &f->active;
			break;
		case S_ADDED:
		case S_RETIRED:
			b->buffer = c == S_ADDED ? &f->added : &f->retired;
			b->is_unsigned = 1;
			break;
		default:
			b->buffer = &f->p[c - S_P1];
			break;
		}
	}
}

/* The spell being gathered from its rows (one per effect); the strings
 * are copies, since the next fetch overwrites the buffers. */
struct spell_acc {
	struct spell_row row;
	char name[WORD_BUF + 1];
	char kind[SPELL_EFFECTS_MAX][EFFECT_BUF + 1];
	int open;
};

/* Starts a spell from the fetched row; -1 when a column cannot be one of
 * ours (the schema's NOT NULLs make that a broken database). */
static int acc_start(struct spell_acc *a, const struct spell_fetch *f)
{
	memset(a, 0, sizeof *a);
	for (int c = S_ID; c < S_EFFECT; c++)
		if ((f->is_null[c] && c != S_RETIRED) || (f->error[c] && c != S_WORD))
			return -1;
	a->open = 1;
	a->row.id = f->id;
	/* A longer name than the buffer is cut here; it is refused anyway
	 * (SPELL_NAME_MAX bytes) and the log line names it by id. */
	memcpy(a->name, f->word, f->len[S_WORD] < WORD_BUF ? f->len[S_WORD] : WORD_BUF);
	a->row.name = a->name;
	a->row.mana = f->mana;
	a->row.level = f->level;
	a->row.tier = f->tier;
	a->row.active = f->active != 0;
	a->row.added_rev = f->added;
	a->row.retired_rev = f->is_null[S_RETIRED] ? 0 : f->retired;
	return 0;
}

/* Adds the fetched row's effect (none for a spell without effects). */
static void acc_effect(struct spell_acc *a, const struct spell_fetch *f)
{
	if (f->is_null[S_EFFECT])
		return;
	int i = a->row.n_effects++;
	if (i >= SPELL_EFFECTS_MAX)
		return; /* counted: refused as too many */
	size_t n = f->len[S_EFFECT] < EFFECT_BUF ? f->len[S_EFFECT] : EFFECT_BUF;
	memcpy(a->kind[i], f->effect, n);
	a->kind[i][n] = '\0';
	a->row.effects[i].kind = a->kind[i];
	for (int j = 0; j < SPELL_PARAMS; j++)
		a->row.effects[i].p[j] = f->is_null[S_P1 + j] ? 0 : f->p[j];
}

/* Reads every spell with its effects into c. A spell that fails its check
 * is refused by catalog_add_spell (one log line), the rest still load. */
static enum db_status load_spells(struct db *d, struct catalog *c)
{
	enum db_status res = DB_OK;
	MYSQL_STMT *st = db_prepared(d, STMT_SPELLS, &res);
	struct spell_fetch *f = malloc(sizeof *f);
	struct spell_acc *a = malloc(sizeof *a);
	int rc;

	if (!f || !a) {
		free(f);
		free(a);
		return st ? db_fail(d, STMT_SPELLS, "out of memory") : res;
	}
	if (!st)
		goto out;
	bind_spell_fetch(f);
	a->open = 0;
	if (mysql_stmt_execute(st) != 0 || mysql_stmt_bind_result(st, f->bind) != 0) {
		res = db_stmt_fail(d, STMT_SPELLS);
		goto out;
	}
	while ((rc = mysql_stmt_fetch(st)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
		if (!a->open || a->row.id != f->id) {
			if (a->open && catalog_add_spell(c, &a->row) < 0)
				goto bad;
			if (acc_start(a, f) != 0)
				goto bad;
		}
		acc_effect(a, f);
	}
	if (rc != MYSQL_NO_DATA) {
		res = db_stmt_fail(d, STMT_SPELLS);
		goto out;
	}
	mysql_stmt_free_result(st);
	if (a->open && catalog_add_spell(c, &a->row) < 0) {
		res = db_fail(d, STMT_SPELLS, "out of memory");
		goto out;
	}
	goto out;
bad:
	mysql_stmt_free_result(st);
	res = db_fail(d, STMT_SPELLS, "a row with a value out of range, or out of memory");
out:
	free(f);
	free(a);
	return res;
}

/* Reads every training name into c. */
static enum db_status load_names(struct db *d, struct catalog *c)
{
	enum db_status res = DB_OK;
	MYSQL_STMT *st = db_prepared(d, STMT_MARKOV_NAMES, &res);
	uint32_t id = 0;
	unsigned long long added = 0, retired = 0;
	char name[WORD_BUF + 1];
	unsigned long len[4] = {0};
	my_bool is_null[4] = {0}, error[4] = {0};
	MYSQL_BIND b[4];
	int rc;

	if (!st)
		return res;
	memset(b, 0, sizeof b);
	b[0].buffer_type = MYSQL_TYPE_LONG;
	b[0].buffer = &id;
	b[1].buffer_type = MYSQL_TYPE_STRING;
	b[1].buffer = name;
	b[1].buffer_length = WORD_BUF;
	b[2].buffer_type = b[3].buffer_type = MYSQL_TYPE_LONGLONG;
	b[2].buffer = &added;
	b[3].buffer = &retired;
	for (int i = 0; i < 4; i++) {
		b[i].is_unsigned = i != 1;
		b[i].length = &len[i];
		b[i].is_null = &is_null[i];
		b[i].error = &error[i];
	}
	if (mysql_stmt_execute(st) != 0 || mysql_stmt_bind_result(st, b) != 0)
		return db_stmt_fail(d, STMT_MARKOV_NAMES);
	while ((rc = mysql_stmt_fetch(st)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
		if (rc != 0 || is_null[0] || is_null[1] || is_null[2]) {
			mysql_stmt_free_result(st);
			return db_fail(d, STMT_MARKOV_NAMES, "a row with a value out of range");
		}
		name[len[1]] = '\0';
		struct catalog_name n = {.id = id,
		                         .name = name,
		                         .added_rev = added,
		                         .retired_rev = is_null[3] ? 0 : retired};
		if (catalog_add_name(c, &n) != 0) {
			mysql_stmt_free_result(st);
			return db_fail(d, STMT_MARKOV_NAMES, "out of memory");
		}
	}
	if (rc != MYSQL_NO_DATA)
		return db_stmt_fail(d, STMT_MARKOV_NAMES);
	mysql_stmt_free_result(st);
	return DB_OK;
}

/* Reads every class row (SPEC §12) into c; a row of an unknown kind or
 * part is skipped (a later daemon's). */
static enum db_status load_classes(struct db *d, struct catalog *c)
{
	enum db_status res = DB_OK;
	MYSQL_STMT *st = db_prepared(d, STMT_WORD_CLASSES, &res);
	uint32_t id = 0;
	unsigned long long added = 0, retired = 0;
	char kind[17], part[17], word[WORD_BUF + 1], cls[17];
	char *str[4] = {kind, part, word, cls};
	unsigned long cap[4] = {sizeof kind - 1, sizeof part - 1, WORD_BUF, sizeof cls - 1};
	unsigned long len[7] = {0};
	my_bool is_null[7] = {0}, error[7] = {0};
	MYSQL_BIND b[7];
	int rc;

	if (!st)
		return res;
	memset(b, 0, sizeof b);
	b[0].buffer_type = MYSQL_TYPE_LONG;
	b[0].buffer = &id;
	for (int i = 0; i < 4; i++) {
		b[1 + i].buffer_type = MYSQL_TYPE_STRING;
		b[1 + i].buffer = str[i];
		b[1 + i].buffer_length = cap[i];
	}
	b[5].buffer_type = b[6].buffer_type = MYSQL_TYPE_LONGLONG;
	b[5].buffer = &added;
	b[6].buffer = &retired;
	for (int i = 0; i < 7; i++) {
		b[i].is_unsigned = i == 0 || i >= 5;
		b[i].length = &len[i];
		b[i].is_null = &is_null[i];
		b[i].error = &error[i];
	}
	if (mysql_stmt_execute(st) != 0 || mysql_stmt_bind_result(st, b) != 0)
		return db_stmt_fail(d, STMT_WORD_CLASSES);
	while ((rc = mysql_stmt_fetch(st)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
		if (rc != 0 || is_null[0] || is_null[1] || is_null[2] || is_null[3] || is_null[4] ||
		    is_null[5]) {
			mysql_stmt_free_result(st);
			return db_fail(d, STMT_WORD_CLASSES, "a row with a value out of range");
		}
		for (int i = 0; i < 4; i++)
			str[i][len[1 + i]] = '\0';
		int k = kind_from_name(kind), p = part_from_name(part);
		if (k < 0 || p < 0)
			continue;
		struct catalog_class r = {.id = id,
		                          .kind = (enum kind)k,
		                          .part = (enum part)p,
		                          .word = word,
		                          .cls = cls,
		                          .added_rev = added,
		                          .retired_rev = is_null[6] ? 0 : retired};
		if (catalog_add_class(c, &r) != 0) {
			mysql_stmt_free_result(st);
			return db_fail(d, STMT_WORD_CLASSES, "out of memory");
		}
	}
	if (rc != MYSQL_NO_DATA)
		return db_stmt_fail(d, STMT_WORD_CLASSES);
	mysql_stmt_free_result(st);
	return DB_OK;
}

/* Reads every setting row into c. */
static enum db_status load_settings(struct db *d, struct catalog *c)
{
	enum db_status res = DB_OK;
	MYSQL_STMT *st = db_prepared(d, STMT_SETTINGS, &res);
	uint32_t id = 0;
	long long value = 0;
	unsigned long long added = 0, retired = 0;
	char name[33];
	unsigned long len[5] = {0};
	my_bool is_null[5] = {0}, error[5] = {0};
	MYSQL_BIND b[5];
	int rc;

	if (!st)
		return res;
	memset(b, 0, sizeof b);
	b[0].buffer_type = MYSQL_TYPE_LONG;
	b[0].buffer = &id;
	b[1].buffer_type = MYSQL_TYPE_STRING;
	b[1].buffer = name;
	b[1].buffer_length = sizeof name - 1;
	b[2].buffer_type = b[3].buffer_type = b[4].buffer_type = MYSQL_TYPE_LONGLONG;
	b[2].buffer = &value;
	b[3].buffer = &added;
	b[4].buffer = &retired;
	for (int i = 0; i < 5; i++) {
		b[i].is_unsigned = i != 1 && i != 2;
		b[i].length = &len[i];
		b[i].is_null = &is_null[i];
		b[i].error = &error[i];
	}
	if (mysql_stmt_execute(st) != 0 || mysql_stmt_bind_result(st, b) != 0)
		return db_stmt_fail(d, STMT_SETTINGS);
	while ((rc = mysql_stmt_fetch(st)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
		if (rc != 0 || is_null[0] || is_null[1] || is_null[2] || is_null[3]) {
			mysql_stmt_free_result(st);
			return db_fail(d, STMT_SETTINGS, "a row with a value out of range");
		}
		name[len[1]] = '\0';
		struct catalog_setting r = {.id = id,
		                            .name = name,
		                            .value = value,
		                            .added_rev = added,
		                            .retired_rev = is_null[4] ? 0 : retired};
		if (catalog_add_setting(c, &r) != 0) {
			mysql_stmt_free_result(st);
			return db_fail(d, STMT_SETTINGS, "out of memory");
		}
	}
	if (rc != MYSQL_NO_DATA)
		return db_stmt_fail(d, STMT_SETTINGS);
	mysql_stmt_free_result(st);
	return DB_OK;
}

/* Revision and every table inside the open snapshot. */
static enum db_status load_in_snapshot(struct db *d, struct catalog **out)
{
	uint64_t rev;
	enum db_status r = read_revision(d, &rev);
	if (r != DB_OK)
		return r;
	struct catalog *c = catalog_new(rev);
	if (!c)
		return db_fail(d, STMT_REVISION, "out of memory");
	int present[AFFIX_TABLE_COUNT] = {0};
	struct later_tables lt = {0};
	if ((r = find_tables(d, present, &lt)) != DB_OK) {
		catalog_free(c);
		return r;
	}
	for (int i = 0; i < AFFIX_TABLE_COUNT; i++) {
		if (!present[i])
			continue; /* a table of a later migration: the kind has no words yet */
		if ((r = load_table(d, (enum stmt)(STMT_LOAD_FIRST + i), c)) != DB_OK) {
			catalog_free(c);
			return r;
		}
	}
	/* Before migration 0007 there are no maps, and the items still work. */
	/* Migration 0017 (dungeon_treasure) gave map_tile its revisions. */
	if (lt.tiles && (r = load_tiles(d, c, lt.treasure)) != DB_OK) {
		catalog_free(c);
		return r;
	}
	/* Before migration 0012 there are no spells and no names; before
	 * 0017 no dungeon budgets (/dungeon answers 503). */
	if ((lt.spell && lt.effect && (r = load_spells(d, c)) != DB_OK) ||
	    (lt.names && (r = load_names(d, c)) != DB_OK) ||
	    /* Before migration 0016 there are no classes and no settings. */
	    (lt.classes && (r = load_classes(d, c)) != DB_OK) ||
	    (lt.settings && (r = load_settings(d, c)) != DB_OK) ||
	    (lt.treasure && (r = load_budgets(d, c)) != DB_OK)) {
		catalog_free(c);
		return r;
	}
	*out = c;
	return DB_OK;
}

enum db_status db_load_catalog(struct db *d, struct catalog **out)
{
	struct catalog *c = NULL;
	enum db_status r;

	*out = NULL;
	if ((r = db_begin(d)) != DB_OK || (r = db_run(d, STMT_BEGIN_SNAPSHOT)) != DB_OK)
		return r;
	if ((r = load_in_snapshot(d, &c)) != DB_OK)
		return r; /* db_fail() already rolled back or disconnected */
	if ((r = db_run(d, STMT_COMMIT)) != DB_OK) {
		catalog_free(c);
		return r;
	}
	if (catalog_finish(c) != 0) {
		db_give_up(d, "catalog", "a word twice in a table, or out of memory");
		catalog_free(c);
		return DB_ERROR;
	}
	*out = c;
	return db_done(d);
}
