/* statements: every SQL statement of the daemon, by enum stmt. db.c
 * prepares each on first use on a connection and runs it; the modules of
 * the database layer name them by enum stmt. The catalog's, the sessions'
 * and those over every proposal table are in one table here
 * (statements.c); each proposal type's are in its own file
 * (proposal_<type>.c), a block of enum stmt per row of
 * PROPOSAL_TYPE_LIST. Every value goes in through a bound parameter: no
 * statement is ever built from input. */
#ifndef LOOTFORGE_STATEMENTS_H
#define LOOTFORGE_STATEMENTS_H

#include "proposal_list.h"
#include "recipe.h"

/* The statements of a proposal type, by slot. The lifecycle (lifecycle.c)
 * runs the first ones; the others are the type's own hooks' (a slot the
 * type does not use has no SQL). */
enum type_slot {
	TS_BY_SID,         /* one row by submission id (the id bound) */
	TS_LIST,           /* the pending rows, oldest first (a limit bound) */
	TS_COUNT,          /* how many are pending */
	TS_LOCK,           /* one row locked for its decision (the id bound) */
	TS_INSERT,         /* a new pending row */
	TS_DECIDE,         /* a decision (struct proposal_type says its parameters) */
	TS_LOG,            /* the decision's moderation log line */
	TS_TEXTS_PENDING,  /* the texts that wait (the look-alike check of a submit) */
	TS_TEXTS_APPROVED, /* the texts approved (the look-alike check of an approval) */
	TS_LIVE,           /* the type's own: its key live in the catalog, */
	TS_PENDING,        /* pending, */
	TS_REJECTED,       /* lately rejected, */
	TS_ADD,            /* added to the catalog, */
	TS_EXTRA,          /* and one more row an approval adds */
	TS__MAX
};

/* The index of each row of PROPOSAL_TYPE_LIST: PROPOSAL_INDEX_<type>. */
#define STMT_PROPOSAL_INDEX_(type, table, prefix) PROPOSAL_INDEX_##type,
enum proposal_index { PROPOSAL_TYPE_LIST(STMT_PROPOSAL_INDEX_) };
#undef STMT_PROPOSAL_INDEX_

/* Statement slot of proposal type type (its row's first name). */
#define TYPE_STMT(type, slot)                                                                      \
	((enum stmt)(STMT_TYPE_FIRST + PROPOSAL_INDEX_##type * TS__MAX + (slot)))

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
	/* proposals over every type, moderators, sessions, back-off */
	STMT_SUB_RATE,
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
	STMT_LOG_WORD,
	/* operators' figures (dbstats.c) */
	STMT_PROPOSAL_COUNTS,
	/* per affix table, in AFFIX_TABLES order: load, live word, add word,
	 * retire a live word, add the edited copy of a word just retired */
	STMT_LOAD_FIRST,
	STMT_LIVE_FIRST = STMT_LOAD_FIRST + AFFIX_TABLE_COUNT,
	STMT_ADD_FIRST = STMT_LIVE_FIRST + AFFIX_TABLE_COUNT,
	STMT_RETIRE_FIRST = STMT_ADD_FIRST + AFFIX_TABLE_COUNT,
	STMT_EDIT_FIRST = STMT_RETIRE_FIRST + AFFIX_TABLE_COUNT,
	/* per proposal type, in PROPOSAL_TYPE_LIST order: TS__MAX slots each */
	STMT_TYPE_FIRST = STMT_EDIT_FIRST + AFFIX_TABLE_COUNT,
	STMT__MAX = STMT_TYPE_FIRST + PROPOSAL_TYPE_COUNT * TS__MAX
};

struct stmt_def {
	const char *sql;
	const char *table; /* per-table statements: the table, else NULL */
	enum kind kind;    /* per-table statements */
	enum part part;
	enum table_shape shape;
};

/* The statements below STMT_TYPE_FIRST. */
extern const struct stmt_def db_statements[STMT_TYPE_FIRST];

/* Each proposal type's, by enum type_slot (in its own file). */
#define STMT_TYPE_STATEMENTS_(type, table, prefix)                                                 \
	extern const struct stmt_def proposal_##type##_statements[TS__MAX];
PROPOSAL_TYPE_LIST(STMT_TYPE_STATEMENTS_)
#undef STMT_TYPE_STATEMENTS_

/* Statement s (below STMT__MAX), wherever it is kept; its sql is NULL for
 * a slot a type does not use. */
const struct stmt_def *stmt_get(enum stmt s);

/* The stat columns a submission and an affix row are written with
 * (multiplier is never proposed), in the order of STAT_LIST, each after a
 * comma: ", hands, attack, ...", and as many ", ?". */
#define STAT_COL_(id, name, prop, load) prop(", " name)
#define STAT_COLS                       STAT_LIST(STAT_COL_)
#define STAT_Q_(id, name, prop, load)   prop(", ?")
#define STAT_QS                         STAT_LIST(STAT_Q_)

/* The index of table <kind>_<part> in AFFIX_TABLES, or -1. */
int stmt_table_index(enum kind k, enum part p);

#endif
