/* statements: every SQL statement of the daemon, in one table. db.c
 * prepares each on first use on a connection and runs it; the modules of
 * the database layer (db.c for the catalog, dbmod.c for proposals,
 * moderators and sessions) name them by enum stmt. Every value goes in
 * through a bound parameter: no statement is ever built from input. */
#ifndef LOOTFORGE_STATEMENTS_H
#define LOOTFORGE_STATEMENTS_H

#include "recipe.h"

enum stmt {
	/* the catalog (db.c) */
	STMT_REVISION,
	STMT_REVISION_BUMP,
	STMT_TABLES,
	STMT_BEGIN_SNAPSHOT,
	STMT_MAP_TILES,
	STMT_MAP_TILES_REV,
	STMT_SPELLS,
	STMT_MARKOV_NAMES,
	STMT_WORD_CLASSES, /* migration 0016 */
	STMT_SETTINGS,
	STMT_DUNGEON_TREASURE,
	STMT_DUNGEON_DRESSING, /* migration 0020 */
	/* transactions */
	STMT_BEGIN,
	STMT_COMMIT,
	/* proposals, moderators, sessions, back-off (dbmod.c) */
	STMT_SUB_BY_SID,
	STMT_SUB_RATE,
	STMT_SUB_PENDING,
	STMT_SUB_REJECTED,
	STMT_SUB_INSERT,
	STMT_SUB_LIST,
	STMT_SUB_COUNT,
	STMT_SUB_LOCK,
	STMT_SUB_DECIDE,
	STMT_LOG_INSERT,
	STMT_MOD_GET,
	STMT_MOD_INSERT,
	STMT_MOD_UPDATE,
	STMT_MOD_END_SESSIONS,
	STMT_SES_PURGE,
	STMT_SES_INSERT,
	STMT_SES_GET,
	STMT_SES_DELETE,
	STMT_CLIENT_ENSURE,
	STMT_CLIENT_LOCK,
	STMT_THR_ENSURE,
	STMT_THR_LOCK,
	STMT_THR_SET,
	STMT_THR_UNDO,
	STMT_THR_RESET,
	STMT_THR_PURGE,
	STMT_THR_NAME_FAIL,
	STMT_THR_FORGET,
	STMT_DEV_ENSURE,
	STMT_DEV_LOCK,
	STMT_DEV_SET,
	STMT_DEV_UNDO,
	STMT_DEV_RESET,
	STMT_DEV_PURGE,
	STMT_LOG_LOGIN,
	STMT_PROPOSALS_PENDING,
	STMT_PROPOSALS_SID,
	STMT_PROPOSALS_TEXTS_PENDING,
	STMT_PROPOSALS_TEXTS_APPROVED,
	STMT_LOG_WORD,
	/* spell proposals (dbmod.c, migration 0013) */
	STMT_SPELL_SUB_BY_SID,
	STMT_SPELL_LIVE,
	STMT_SPELL_SUB_INSERT,
	STMT_SPELL_SUB_LIST,
	STMT_SPELL_SUB_COUNT,
	STMT_SPELL_SUB_LOCK,
	STMT_SPELL_ADD,
	STMT_SPELL_EFFECT_ADD,
	STMT_SPELL_SUB_DECIDE,
	STMT_SPELL_LOG,
	/* training-name proposals (dbmod.c, migration 0015) */
	STMT_NAME_SUB_BY_SID,
	STMT_NAME_LIVE,
	STMT_NAME_SUB_REJECTED,
	STMT_NAME_SUB_INSERT,
	STMT_NAME_SUB_LIST,
	STMT_NAME_SUB_COUNT,
	STMT_NAME_SUB_LOCK,
	STMT_NAME_ADD,
	STMT_CLASS_ADD, /* a word_class row (0016) of an approved word */
	STMT_NAME_SUB_DECIDE,
	STMT_NAME_LOG,
	/* dungeon dressing proposals (proposal_types.c, migration 0021) */
	STMT_DRESS_SUB_BY_SID,
	STMT_DRESS_LIVE,
	STMT_DRESS_SUB_INSERT,
	STMT_DRESS_SUB_LIST,
	STMT_DRESS_SUB_COUNT,
	STMT_DRESS_SUB_LOCK,
	STMT_DRESS_ADD,
	STMT_DRESS_SUB_DECIDE,
	STMT_DRESS_LOG,
	/* operators' figures (dbstats.c) */
	STMT_PROPOSAL_COUNTS,
	/* per affix table, in AFFIX_TABLES order: load, live word, add word,
	 * retire a live word, add the edited copy of a word just retired */
	STMT_LOAD_FIRST,
	STMT_LIVE_FIRST = STMT_LOAD_FIRST + AFFIX_TABLE_COUNT,
	STMT_ADD_FIRST = STMT_LIVE_FIRST + AFFIX_TABLE_COUNT,
	STMT_RETIRE_FIRST = STMT_ADD_FIRST + AFFIX_TABLE_COUNT,
	STMT_EDIT_FIRST = STMT_RETIRE_FIRST + AFFIX_TABLE_COUNT,
	STMT__MAX = STMT_EDIT_FIRST + AFFIX_TABLE_COUNT
};

struct stmt_def {
	const char *sql;
	const char *table; /* per-table statements: the table, else NULL */
	enum kind kind;    /* per-table statements */
	enum part part;
	enum table_shape shape;
};

extern const struct stmt_def db_statements[STMT__MAX];

/* The index of table <kind>_<part> in AFFIX_TABLES, or -1. */
int stmt_table_index(enum kind k, enum part p);

#endif
