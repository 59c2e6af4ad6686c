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
	int dressing;             /* dungeon_dressing (0020) */
};

/* The output buffers of a result's columns, bound for mysql_stmt_fetch.
 * Zeroed first: the client leaves a NULL column's error flag as it was. */
#define COLS_MAX 32
struct cols {
	MYSQL_BIND b[COLS_MAX];
	unsigned long len[COLS_MAX];
	my_bool is_null[COLS_MAX], error[COLS_MAX];
};

static void col(struct cols *c, int i, enum enum_field_types type, void *buf, unsigned long cap,
                int is_unsigned)
{
	MYSQL_BIND *b = &c->b[i];
	b->buffer_type = type;
	b->buffer = buf;
	b->buffer_length = cap;
	b->is_unsigned = (my_bool)is_unsigned;
	b->length = &c->len[i];
	b->is_null = &c->is_null[i];
	b->error = &c->error[i];
}

/* Takes one fetched row (truncated: a column did not fit its buffer).
 * NULL, or why the row is refused: the whole load fails with it. */
typedef const char *take_row(void *ctx, MYSQL_STMT *st, int truncated);

/* Executes s with its results in c and hands every row to take: the one
 * loop of every loader below. */
static enum db_status each_row(struct db *d, enum stmt s, struct cols *c, take_row *take, void *ctx)
{
	enum db_status res = DB_OK;
	MYSQL_STMT *st = db_prepared(d, s, &res);
	int rc;

	if (!st)
		return res;
	if (mysql_stmt_execute(st) != 0 || mysql_stmt_bind_result(st, c->b) != 0)
		return db_stmt_fail(d, s);
	while ((rc = mysql_stmt_fetch(st)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
		const char *why = take(ctx, st, rc == MYSQL_DATA_TRUNCATED);
		if (why) {
			mysql_stmt_free_result(st);
			return db_fail(d, s, why);
		}
	}
	if (rc != MYSQL_NO_DATA)
		return db_stmt_fail(d, s);
	mysql_stmt_free_result(st);
	return DB_OK;
}

#define BAD_ROW           "a row with a value out of range"
#define BAD_ROW_OR_MEMORY "a row with a value out of range, or out of memory"

struct tables_ctx {
	struct cols c;
	char name[65];
	int *present;
	struct later_tables *lt;
};

static const char *take_table(void *ctx, MYSQL_STMT *st, int truncated)
{
	struct tables_ctx *t = ctx;
	const char *name = t->name;
	struct later_tables *lt = t->lt;
	(void)st;
	if (truncated || t->c.is_null[0])
		return NULL; /* longer than any table name of ours */
	for (int i = 0; i < AFFIX_TABLE_COUNT; i++)
		if (strcmp(name, db_statements[STMT_LOAD_FIRST + i].table) == 0)
			t->present[i] = 1;
	lt->tiles |= strcmp(name, db_statements[STMT_MAP_TILES].table) == 0;
	lt->spell |= strcmp(name, "spell") == 0;
	lt->effect |= strcmp(name, "spell_effect") == 0;
	lt->names |= strcmp(name, db_statements[STMT_MARKOV_NAMES].table) == 0;
	lt->classes |= strcmp(name, db_statements[STMT_WORD_CLASSES].table) == 0;
	lt->settings |= strcmp(name, db_statements[STMT_SETTINGS].table) == 0;
	lt->treasure |= strcmp(name, db_statements[STMT_DUNGEON_TREASURE].table) == 0;
	lt->dressing |= strcmp(name, db_statements[STMT_DUNGEON_DRESSING].table) == 0;
	return NULL;
}

/* Marks in present[] the load statements whose table exists, and in *lt
 * which later tables do. */
static enum db_status find_tables(struct db *d, int *present, struct later_tables *lt)
{
	struct tables_ctx t = {.present = present, .lt = lt};
	col(&t.c, 0, MYSQL_TYPE_STRING, t.name, sizeof t.name, 0);
	return each_row(d, STMT_TABLES, &t.c, take_table, &t);
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
	struct cols c;
	uint32_t id, weight, value, value_mult;
	unsigned long long added, retired;
	int32_t active, stat[ST__MAX], tier, tier_min, tier_max;
	char word[WORD_BUF + 1], slot[SLOT_BUF + 1], mark[SLOT_BUF + 1];
};

_Static_assert(C__MAX <= COLS_MAX, "struct cols holds a catalog row");

static void bind_row(struct row *r)
{
	memset(r, 0, sizeof(*r));
	col(&r->c, C_ID, MYSQL_TYPE_LONG, &r->id, 0, 1);
	col(&r->c, C_WORD, MYSQL_TYPE_STRING, r->word, WORD_BUF, 0);
	col(&r->c, C_ACTIVE, MYSQL_TYPE_LONG, &r->active, 0, 0);
	for (int s = 0; s < ST__MAX; s++)
		col(&r->c, C_STAT0 + s, MYSQL_TYPE_LONG, &r->stat[s], 0, 0);
	col(&r->c, C_TIER, MYSQL_TYPE_LONG, &r->tier, 0, 0);
	col(&r->c, C_SLOT, MYSQL_TYPE_STRING, r->slot, SLOT_BUF, 0);
	col(&r->c, C_WEIGHT, MYSQL_TYPE_LONG, &r->weight, 0, 1);
	col(&r->c, C_TIER_MIN, MYSQL_TYPE_LONG, &r->tier_min, 0, 0);
	col(&r->c, C_TIER_MAX, MYSQL_TYPE_LONG, &r->tier_max, 0, 0);
	col(&r->c, C_ADDED, MYSQL_TYPE_LONGLONG, &r->added, 0, 1);
	col(&r->c, C_RETIRED, MYSQL_TYPE_LONGLONG, &r->retired, 0, 1);
	col(&r->c, C_VALUE, MYSQL_TYPE_LONG, &r->value, 0, 1);
	col(&r->c, C_VALUE_MULT, MYSQL_TYPE_LONG, &r->value_mult, 0, 1);
	col(&r->c, C_MARK, MYSQL_TYPE_STRING, r->mark, SLOT_BUF, 0);
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
	if (r->c.is_null[C_ID] || r->c.is_null[C_WORD] || r->c.is_null[C_ACTIVE])
		return -1;
	for (int c = 0; c < C__MAX; c++)
		if (r->c.error[c] && c != C_WORD && c != C_SLOT && c != C_MARK)
			return -1; /* a number out of its C type's range */
	e->id = r->id;
	e->word = r->word;
	e->active = r->active != 0;
	for (int s = 0; s < ST__MAX; s++)
		e->stat[s] = r->c.is_null[C_STAT0 + s] ? 0 : r->stat[s];
	e->added_rev = r->c.is_null[C_ADDED] ? 0 : (uint64_t)r->added;
	e->retired_rev = r->c.is_null[C_RETIRED] ? 0 : (uint64_t)r->retired;
	e->value = r->c.is_null[C_VALUE] ? 0 : r->value;
	e->value_mult = r->c.is_null[C_VALUE_MULT] ? 100 : r->value_mult;
	e->weight = r->c.is_null[C_WEIGHT] || r->weight == 0 ? 1 : r->weight;
	int32_t tier = r->c.is_null[C_TIER] ? 0 : r->tier;
	int32_t lo = r->c.is_null[C_TIER_MIN] ? 0 : r->tier_min;
	int32_t hi = r->c.is_null[C_TIER_MAX] ? 0 : r->tier_max;
	if (!in_tier_range(tier) || !in_tier_range(lo) || !in_tier_range(hi))
		return -1;
	e->tier = (uint8_t)tier;
	e->tier_min = (uint8_t)lo;
	e->tier_max = (uint8_t)hi;
	e->slot = SLOT_NONE;
	if (!r->c.is_null[C_SLOT] && !r->c.error[C_SLOT]) {
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
		if (r->c.is_null[C_MARK] || r->c.error[C_MARK])
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
	unsigned long n = r->c.len[C_WORD];
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

struct table_ctx {
	struct row r;
	const struct stmt_def *def;
	struct catalog *cat;
};

static const char *take_entry(void *ctx, MYSQL_STMT *st, int truncated)
{
	struct table_ctx *t = ctx;
	struct entry e;
	char *big = NULL;
	if (truncated && t->r.c.error[C_WORD] && fetch_long_word(st, &t->r, &big) != 0)
		return BAD_ROW_OR_MEMORY;
	int bad = row_to_entry(&t->r, t->def, &e);
	if (big)
		e.word = big;
	bad = bad || catalog_add(t->cat, t->def->kind, t->def->part, &e) != 0;
	free(big);
	return bad ? BAD_ROW_OR_MEMORY : NULL;
}

/* Reads one table into c. */
static enum db_status load_table(struct db *d, enum stmt s, struct catalog *c)
{
	struct table_ctx *t = malloc(sizeof *t);
	if (!t)
		return db_fail(d, s, "out of memory");
	t->def = &db_statements[s];
	t->cat = c;
	bind_row(&t->r);
	enum db_status res = each_row(d, s, &t->r.c, take_entry, t);
	free(t);
	return res;
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
	struct cols c;
	char set[33], name[65], pattern[MAP_TILE * MAP_TILE + 1];
	uint32_t edge[4], weight, active;
	unsigned long long added, retired;
};

static void bind_tile_row(struct tile_row *r)
{
	memset(r, 0, sizeof(*r));
	col(&r->c, T_SET, MYSQL_TYPE_STRING, r->set, sizeof r->set, 0);
	col(&r->c, T_NAME, MYSQL_TYPE_STRING, r->name, sizeof r->name, 0);
	col(&r->c, T_PATTERN, MYSQL_TYPE_STRING, r->pattern, sizeof r->pattern, 0);
	for (int e = 0; e < 4; e++)
		col(&r->c, T_N + e, MYSQL_TYPE_LONG, &r->edge[e], 0, 1);
	col(&r->c, T_WEIGHT, MYSQL_TYPE_LONG, &r->weight, 0, 1);
	col(&r->c, T_ACTIVE, MYSQL_TYPE_LONG, &r->active, 0, 1);
	col(&r->c, T_ADDED, MYSQL_TYPE_LONGLONG, &r->added, 0, 1);
	col(&r->c, T_RETIRED, MYSQL_TYPE_LONGLONG, &r->retired, 0, 1);
}

/* A fetched row as a tile; -1 when a value cannot be one (the schema's
 * CHECKs make that a broken database). The tile's own rules (the edges
 * spell their types, one floor) are map_tileset_init's, in catalog_finish. */
static int row_to_tile(const struct tile_row *r, struct map_tile *t)
{
	for (int c = 0; c < T__MAX; c++)
		if (r->c.is_null[c] || r->c.error[c])
			return -1;
	if (r->c.len[T_PATTERN] != MAP_TILE * MAP_TILE)
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

struct tiles_ctx {
	struct tile_row r;
	struct catalog *cat;
	int revisioned;
};

static const char *take_tile(void *ctx, MYSQL_STMT *st, int truncated)
{
	struct tiles_ctx *t = ctx;
	(void)st;
	return truncated || add_tile(t->cat, &t->r, t->revisioned) != 0 ? BAD_ROW_OR_MEMORY : NULL;
}

/* Reads map_tile into c: the active rows (before 0017), or every row with
 * its revisions (revisioned). */
static enum db_status load_tiles(struct db *d, struct catalog *c, int revisioned)
{
	struct tiles_ctx t = {.cat = c, .revisioned = revisioned};
	bind_tile_row(&t.r);
	return each_row(d, revisioned ? STMT_MAP_TILES_REV : STMT_MAP_TILES, &t.r.c, take_tile, &t);
}

enum { BUDGET_COLS = 12 };

struct budgets_ctx {
	struct cols c;
	unsigned long long v[BUDGET_COLS];
	struct catalog *cat;
};

static const char *take_budget(void *ctx, MYSQL_STMT *st, int truncated)
{
	struct budgets_ctx *t = ctx;
	const unsigned long long *v = t->v;
	int bad = truncated;
	(void)st;
	for (int i = 0; i < BUDGET_COLS; i++)
		bad |= t->c.is_null[i] || (i < 10 && v[i] > UINT32_MAX);
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
	bad |= b.level < 1 || b.level > DUNGEON_LEVEL_MAX || b.tier < 1 || b.tier > TIER_MAX ||
	       b.items_max < 1 || b.items_max > 4 ||
	       b.empty_pct + b.items_pct + b.hoard_pct != 100 || b.budget_per_room > 1000000;
	return bad || catalog_add_budget(t->cat, &b) != 0 ? BAD_ROW_OR_MEMORY : NULL;
}

/* Reads every dungeon_treasure row into c: twelve unsigned numbers a row. */
static enum db_status load_budgets(struct db *d, struct catalog *c)
{
	struct budgets_ctx t = {.cat = c};
	for (int i = 0; i < BUDGET_COLS; i++)
		col(&t.c, i, MYSQL_TYPE_LONGLONG, &t.v[i], 0, 1);
	return each_row(d, STMT_DUNGEON_TREASURE, &t.c, take_budget, &t);
}

enum { DRESS_COLS = 12 };

struct dress_ctx {
	struct cols c;
	uint32_t id;
	char kind[17], name[DRESS_NAME_MAX], plural[DRESS_NAME_MAX], effect[DRESS_EFFECT_MAX];
	unsigned long long v[7]; /* level_min .. retired_rev */
	struct catalog *cat;
};

/* A dungeon_dressing row; the schema's CHECKs hold, or the database is
 * broken. A kind of a later daemon is skipped. */
static const char *take_dress(void *ctx, MYSQL_STMT *st, int truncated)
{
	struct dress_ctx *t = ctx;
	(void)st;
	if (truncated)
		return BAD_ROW;
	for (int i = 0; i < DRESS_COLS; i++)
		if (t->c.is_null[i])
			return BAD_ROW;
	t->kind[t->c.len[1]] = '\0';
	t->name[t->c.len[2]] = '\0';
	t->plural[t->c.len[3]] = '\0';
	t->effect[t->c.len[4]] = '\0';
	int k = dress_kind_from_name(t->kind);
	if (k < 0)
		return NULL;
	struct dress_row r = {.id = t->id,
	                      .kind = (enum dress_kind)k,
	                      .state = k == DRESS_DOOR ? door_state_from_name(t->name) : 0,
	                      .level_min = (int)t->v[0],
	                      .level_max = (int)t->v[1],
	                      .number_min = (int)t->v[2],
	                      .number_max = (int)t->v[3],
	                      .weight = (uint32_t)t->v[4],
	                      .added_rev = t->v[5],
	                      .retired_rev = t->v[6]};
	if (r.state < 0 || strlen(t->name) >= sizeof r.name ||
	    strlen(t->plural) >= sizeof r.plural || strlen(t->effect) >= sizeof r.effect ||
	    r.level_min < 1 || r.level_max > 20 || r.level_min > r.level_max || r.number_min < 1 ||
	    r.number_min > r.number_max || r.number_max > 20 || t->v[4] > 1000000)
		return BAD_ROW;
	memcpy(r.name, t->name, strlen(t->name) + 1);
	memcpy(r.plural, t->plural, strlen(t->plural) + 1);
	memcpy(r.effect, t->effect, strlen(t->effect) + 1);
	return catalog_add_dress(t->cat, &r) != 0 ? "out of memory" : NULL;
}

/* Reads every dungeon_dressing row into c. */
static enum db_status load_dressing(struct db *d, struct catalog *c)
{
	static __thread struct dress_ctx t;
	memset(&t, 0, sizeof t);
	t.cat = c;
	col(&t.c, 0, MYSQL_TYPE_LONG, &t.id, 0, 1);
	col(&t.c, 1, MYSQL_TYPE_STRING, t.kind, sizeof t.kind, 0);
	col(&t.c, 2, MYSQL_TYPE_STRING, t.name, sizeof t.name, 0);
	col(&t.c, 3, MYSQL_TYPE_STRING, t.plural, sizeof t.plural, 0);
	col(&t.c, 4, MYSQL_TYPE_STRING, t.effect, sizeof t.effect, 0);
	for (int i = 0; i < 7; i++)
		col(&t.c, 5 + i, MYSQL_TYPE_LONGLONG, &t.v[i], 0, 1);
	return each_row(d, STMT_DUNGEON_DRESSING, &t.c, take_dress, &t);
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
	struct cols c;
	uint32_t id;
	long long mana, level, tier, p[SPELL_PARAMS];
	int32_t active;
	unsigned long long added, retired;
	char word[WORD_BUF + 1], effect[EFFECT_BUF + 1];
};

_Static_assert(S__MAX <= COLS_MAX, "struct cols holds a spell row");

static void bind_spell_fetch(struct spell_fetch *f)
{
	memset(f, 0, sizeof *f);
	col(&f->c, S_ID, MYSQL_TYPE_LONG, &f->id, 0, 1);
	col(&f->c, S_WORD, MYSQL_TYPE_STRING, f->word, WORD_BUF, 0);
	col(&f->c, S_MANA, MYSQL_TYPE_LONGLONG, &f->mana, 0, 0);
	col(&f->c, S_LEVEL, MYSQL_TYPE_LONGLONG, &f->level, 0, 0);
	col(&f->c, S_TIER, MYSQL_TYPE_LONGLONG, &f->tier, 0, 0);
	col(&f->c, S_ACTIVE, MYSQL_TYPE_LONG, &f->active, 0, 0);
	col(&f->c, S_ADDED, MYSQL_TYPE_LONGLONG, &f->added, 0, 1);
	col(&f->c, S_RETIRED, MYSQL_TYPE_LONGLONG, &f->retired, 0, 1);
	col(&f->c, S_EFFECT, MYSQL_TYPE_STRING, f->effect, EFFECT_BUF, 0);
	for (int j = 0; j < SPELL_PARAMS; j++)
		col(&f->c, S_P1 + j, MYSQL_TYPE_LONGLONG, &f->p[j], 0, 0);
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
		if ((f->c.is_null[c] && c != S_RETIRED) || (f->c.error[c] && c != S_WORD))
			return -1;
	a->open = 1;
	a->row.id = f->id;
	/* A longer name than the buffer is cut here; it is refused anyway
	 * (SPELL_NAME_MAX bytes) and the log line names it by id. */
	memcpy(a->name, f->word, f->c.len[S_WORD] < WORD_BUF ? f->c.len[S_WORD] : WORD_BUF);
	a->row.name = a->name;
	a->row.mana = f->mana;
	a->row.level = f->level;
	a->row.tier = f->tier;
	a->row.active = f->active != 0;
	a->row.added_rev = f->added;
	a->row.retired_rev = f->c.is_null[S_RETIRED] ? 0 : f->retired;
	return 0;
}

/* Adds the fetched row's effect (none for a spell without effects). */
static void acc_effect(struct spell_acc *a, const struct spell_fetch *f)
{
	if (f->c.is_null[S_EFFECT])
		return;
	int i = a->row.n_effects++;
	if (i >= SPELL_EFFECTS_MAX)
		return; /* counted: refused as too many */
	size_t n = f->c.len[S_EFFECT] < EFFECT_BUF ? f->c.len[S_EFFECT] : EFFECT_BUF;
	memcpy(a->kind[i], f->effect, n);
	a->kind[i][n] = '\0';
	a->row.effects[i].kind = a->kind[i];
	for (int j = 0; j < SPELL_PARAMS; j++)
		a->row.effects[i].p[j] = f->c.is_null[S_P1 + j] ? 0 : f->p[j];
}

struct spells_ctx {
	struct spell_fetch f;
	struct spell_acc a;
	struct catalog *cat;
};

/* A row opens a spell or adds an effect to the open one; a spell is
 * added when the next one opens (and the last after the loop). */
static const char *take_spell_row(void *ctx, MYSQL_STMT *st, int truncated)
{
	struct spells_ctx *t = ctx;
	(void)st;
	(void)truncated; /* a name cut to the buffer: refused by its check */
	if (!t->a.open || t->a.row.id != t->f.id) {
		if (t->a.open && catalog_add_spell(t->cat, &t->a.row) < 0)
			return BAD_ROW_OR_MEMORY;
		if (acc_start(&t->a, &t->f) != 0)
			return BAD_ROW_OR_MEMORY;
	}
	acc_effect(&t->a, &t->f);
	return NULL;
}

/* Reads every spell with its effects into c. A spell that fails its check
 * is refused by catalog_add_spell (one log line), the rest still load. */
static enum db_status load_spells(struct db *d, struct catalog *c)
{
	struct spells_ctx *t = malloc(sizeof *t);
	if (!t)
		return db_fail(d, STMT_SPELLS, "out of memory");
	bind_spell_fetch(&t->f);
	t->a.open = 0;
	t->cat = c;
	enum db_status res = each_row(d, STMT_SPELLS, &t->f.c, take_spell_row, t);
	if (res == DB_OK && t->a.open && catalog_add_spell(c, &t->a.row) < 0)
		res = db_fail(d, STMT_SPELLS, "out of memory");
	free(t);
	return res;
}

/* The shape shared by the three small tables: an id, strings, a number
 * (settings only), added and retired revisions. */
struct small_ctx {
	struct cols c;
	uint32_t id;
	long long value;
	unsigned long long added, retired;
	char str[4][WORD_BUF + 1];
	struct catalog *cat;
};

/* Binds id, n strings of the given capacities, the value when with_value,
 * then added and retired; returns the number of columns. */
static int bind_small(struct small_ctx *t, int n, const unsigned long *cap, int with_value)
{
	int i = 0;
	col(&t->c, i++, MYSQL_TYPE_LONG, &t->id, 0, 1);
	for (int j = 0; j < n; j++)
		col(&t->c, i++, MYSQL_TYPE_STRING, t->str[j], cap[j], 0);
	if (with_value)
		col(&t->c, i++, MYSQL_TYPE_LONGLONG, &t->value, 0, 0);
	col(&t->c, i++, MYSQL_TYPE_LONGLONG, &t->added, 0, 1);
	col(&t->c, i++, MYSQL_TYPE_LONGLONG, &t->retired, 0, 1);
	return i;
}

/* Whether a fetched small row can be one (every column but the last, the
 * retired revision, is NOT NULL); terminates its strings. */
static int small_ok(struct small_ctx *t, int ncols, int nstr, int truncated)
{
	if (truncated)
		return 0;
	for (int i = 0; i < ncols - 1; i++)
		if (t->c.is_null[i])
			return 0;
	for (int j = 0; j < nstr; j++)
		t->str[j][t->c.len[1 + j]] = '\0';
	return 1;
}

static uint64_t small_retired(const struct small_ctx *t, int ncols)
{
	return t->c.is_null[ncols - 1] ? 0 : t->retired;
}

static const char *take_name(void *ctx, MYSQL_STMT *st, int truncated)
{
	struct small_ctx *t = ctx;
	(void)st;
	if (!small_ok(t, 4, 1, truncated))
		return BAD_ROW;
	struct catalog_name n = {.id = t->id,
	                         .name = t->str[0],
	                         .added_rev = t->added,
	                         .retired_rev = small_retired(t, 4)};
	return catalog_add_name(t->cat, &n) != 0 ? "out of memory" : NULL;
}

/* Reads every training name into c. */
static enum db_status load_names(struct db *d, struct catalog *c)
{
	struct small_ctx t = {.cat = c};
	const unsigned long cap[] = {WORD_BUF};
	bind_small(&t, 1, cap, 0);
	return each_row(d, STMT_MARKOV_NAMES, &t.c, take_name, &t);
}

enum { CLASS_CAP = 16 };

static const char *take_class(void *ctx, MYSQL_STMT *st, int truncated)
{
	struct small_ctx *t = ctx;
	(void)st;
	if (!small_ok(t, 7, 4, truncated))
		return BAD_ROW;
	int k = kind_from_name(t->str[0]), p = part_from_name(t->str[1]);
	if (k < 0 || p < 0)
		return NULL; /* a later daemon's kind or part */
	struct catalog_class r = {.id = t->id,
	                          .kind = (enum kind)k,
	                          .part = (enum part)p,
	                          .word = t->str[2],
	                          .cls = t->str[3],
	                          .added_rev = t->added,
	                          .retired_rev = small_retired(t, 7)};
	return catalog_add_class(t->cat, &r) != 0 ? "out of memory" : NULL;
}

/* Reads every class row (SPEC §12) into c; a row of an unknown kind or
 * part is skipped (a later daemon's). */
static enum db_status load_classes(struct db *d, struct catalog *c)
{
	struct small_ctx t = {.cat = c};
	const unsigned long cap[] = {CLASS_CAP, CLASS_CAP, WORD_BUF, CLASS_CAP};
	bind_small(&t, 4, cap, 0);
	return each_row(d, STMT_WORD_CLASSES, &t.c, take_class, &t);
}

static const char *take_setting(void *ctx, MYSQL_STMT *st, int truncated)
{
	struct small_ctx *t = ctx;
	(void)st;
	if (!small_ok(t, 5, 1, truncated))
		return BAD_ROW;
	struct catalog_setting r = {.id = t->id,
	                            .name = t->str[0],
	                            .value = t->value,
	                            .added_rev = t->added,
	                            .retired_rev = small_retired(t, 5)};
	return catalog_add_setting(t->cat, &r) != 0 ? "out of memory" : NULL;
}

/* Reads every setting row into c. */
static enum db_status load_settings(struct db *d, struct catalog *c)
{
	struct small_ctx t = {.cat = c};
	const unsigned long cap[] = {32};
	bind_small(&t, 1, cap, 1);
	return each_row(d, STMT_SETTINGS, &t.c, take_setting, &t);
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
	    (lt.treasure && (r = load_budgets(d, c)) != DB_OK) ||
	    /* Before migration 0020 no dressing: old codes need none. */
	    (lt.dressing && (r = load_dressing(d, c)) != DB_OK)) {
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
