/* statements: see statements.h. */
#include "statements.h"

#include "proposal_list.h"

/* The columns every catalog query returns, in this order, so that one
 * binding reads them all. Tables without a tier or a slot select constants.
 * multiplier is DECIMAL: it is scaled to hundredths exactly by the server. */
#define LOAD_STAT_COL_(id, name, prop, load) ", " load
#define SEL(table, tier, slot, value, mark)                                                        \
	"SELECT id, word, active" STAT_LIST(                                                       \
	        LOAD_STAT_COL_) ", " tier ", " slot                                                \
	                        ", weight, tier_min, tier_max, added_rev, retired_rev, " value     \
	                        ", " mark " FROM " table
/* The query of each table shape (enum table_shape, recipe.h); base rows
 * (the type tables) have a value, the others a value_mult (0009). */
#define SEL_SHAPE_PLAIN(table, value)   SEL(table, "0", "NULL", value, "NULL")
#define SEL_SHAPE_TIERED(table, value)  SEL(table, "tier", "NULL", value, "NULL")
#define SEL_SHAPE_SLOTTED(table, value) SEL(table, "tier", "slot", value, "NULL")
#define SEL_SHAPE_MARKED(table, value)  SEL(table, "0", "NULL", value, "mark")

/* A login back-off table keyed by key (0018, 0019): its row made outside
 * the transaction, locked, set, undone for a reserved check that never ran
 * (every slot was busy), reset on success, and the rows nobody tried from
 * for a day and not locked forgotten. */
#define BACKOFF_STMTS(prefix, t, key)                                                              \
	[STMT_##prefix##_ENSURE] = {"INSERT IGNORE INTO " t " (" key ") VALUES (?)"},              \
	[STMT_##prefix##_LOCK] = {"SELECT failures, COALESCE(TIMESTAMPDIFF(SECOND, NOW(), "        \
	                          "locked_until), 0) FROM " t " WHERE " key " = ? FOR UPDATE"},    \
	[STMT_##prefix##_SET] = {"UPDATE " t " SET failures = ?, locked_until = IF(? > 0, NOW() "  \
	                         "+ INTERVAL ? SECOND, NULL) WHERE " key " = ?"},                  \
	[STMT_##prefix##_UNDO] = {"UPDATE " t " SET locked_until = IF(? <> 0, NULL, "              \
	                          "locked_until), failures = GREATEST(failures, 1) - 1 WHERE " key \
	                          " = ?"},                                                         \
	[STMT_##prefix##_RESET] = {"UPDATE " t " SET failures = 0, locked_until = NULL WHERE " key \
	                           " = ?"},                                                        \
	[STMT_##prefix##_PURGE] = {"DELETE FROM " t " WHERE updated_at < NOW() - INTERVAL 1 DAY "  \
	                           "AND (locked_until IS NULL OR locked_until < NOW())"}

/* One client's rows of a proposal table in the last hour. */
#define RECENT_SQL(t)                                                                              \
	"SELECT created_at FROM " t                                                                \
	" WHERE client_hash = ? AND created_at > NOW() - INTERVAL 1 HOUR"

/* The parts of the statements over every proposal table, one per row of
 * PROPOSAL_TYPE_LIST. The preprocessor cannot tell the first row from the
 * others, so each part brings its separator and the statement a neutral
 * end (a branch of no rows) or start (0). */
#define RATE_ONE_(type, t, prefix) RECENT_SQL(t) " UNION ALL "
#define COUNTS_ONE_(type, table, prefix)                                                           \
	" UNION ALL SELECT '" #type "', status, COUNT(*) FROM " table " GROUP BY status"
#define PENDING_ONE_(type, t, prefix) " + (SELECT COUNT(*) FROM " t " WHERE status = 'pending')"
#define SID_ONE_(type, t, prefix)     " + (SELECT COUNT(*) FROM " t " WHERE submission_id = ?)"

#define LIVE_SQL(t) "SELECT active FROM " t " WHERE live_word = ? LIMIT 1"
/* An approved word: its value (a base) or value_mult (the others) before
 * the change set's revision. */
#define ADD_SHAPE_PLAIN(t, value)                                                                  \
	"INSERT INTO " t " (word, active" STAT_COLS ", " value ", added_rev) VALUES (?, 1" STAT_QS \
	", ?, ?)"
#define ADD_SHAPE_TIERED(t, value)                                                                 \
	"INSERT INTO " t " (word, active, tier" STAT_COLS ", " value                               \
	", added_rev) VALUES (?, 1, ?" STAT_QS ", ?, ?)"
#define ADD_SHAPE_MARKED(t, value)                                                                 \
	"INSERT INTO " t " (word, active, mark" STAT_COLS ", " value                               \
	", added_rev) VALUES (?, 1, ?" STAT_QS ", ?, ?)"
#define ADD_SHAPE_SLOTTED(t, value)                                                                \
	"INSERT INTO " t " (word, active, tier, slot" STAT_COLS ", " value                         \
	", added_rev) VALUES (?, 1, ?, ?" STAT_QS ", ?, ?)"

/* Retiring a live word, in the change set whose revision is the first ?. */
#define RETIRE_SQL(t) "UPDATE " t " SET retired_rev = ? WHERE live_word = ? AND retired_rev IS NULL"
/* The edited copy of the row retired just now (word and revision: one row):
 * every column kept but the stats given (NULL keeps the old one). */
#define EDIT_STAT_(id, name, prop, load) prop(", COALESCE(?, " name ")")
#define EDIT_STATS                       STAT_LIST(EDIT_STAT_)
#define EDIT(t, keep, value)                                                                       \
	"INSERT INTO " t " (word, active" keep STAT_COLS                                           \
	", multiplier, weight, tier_min, tier_max, " value                                         \
	", added_rev) SELECT word, active" keep EDIT_STATS                                         \
	", multiplier, weight, tier_min, tier_max, " value ", ? FROM " t                           \
	" WHERE word = ? AND retired_rev = ?"
#define EDIT_SHAPE_PLAIN(t, value)   EDIT(t, "", value)
#define EDIT_SHAPE_TIERED(t, value)  EDIT(t, ", tier", value)
#define EDIT_SHAPE_SLOTTED(t, value) EDIT(t, ", tier, slot", value)
#define EDIT_SHAPE_MARKED(t, value)  EDIT(t, ", mark", value)

const struct stmt_def db_statements[STMT_TYPE_FIRST] = {
        [STMT_REVISION] = {"SELECT revision FROM catalog_revision WHERE id = 1"},
        /* A change set (docs/items.md): bumped once, first in its
         * transaction (the row lock orders change sets), then read back. */
        [STMT_REVISION_BUMP] = {"UPDATE catalog_revision SET revision = revision + 1 WHERE id = 1"},
        /* table_name is read as a plain string: information_schema's own
         * collation is not ours, and the names are ASCII. */
        [STMT_TABLES] = {"SELECT CAST(table_name AS CHAR(64) CHARACTER SET ascii) FROM "
                         "information_schema.tables WHERE table_schema = DATABASE()"},
        [STMT_BEGIN_SNAPSHOT] = {"START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY"},

        /* In id order: a map drawn from a seed depends on the tiles' order. */
        [STMT_MAP_TILES] = {"SELECT tileset, name, pattern, edge_n, edge_e, edge_s, edge_w, "
                            "weight FROM map_tile WHERE active = 1 ORDER BY tileset, id",
                            "map_tile"},

        /* Every row, live or retired: a dungeon's code keys it at its own
         * revision (docs/dungeons.md). */
        [STMT_DUNGEON_TREASURE] = {"SELECT id, level, budget_per_room, tier, empty_pct, items_pct, "
                                   "hoard_pct, items_max, gem_value, art_value, added_rev, "
                                   "COALESCE(retired_rev, 0) FROM dungeon_treasure ORDER BY id",
                                   "dungeon_treasure"},
        /* Every row, live or retired, as the budgets (docs/dungeons.md). */
        [STMT_DUNGEON_DRESSING] = {"SELECT id, CAST(kind AS CHAR(16) CHARACTER SET ascii), name, "
                                   "plural, effect, level_min, level_max, number_min, "
                                   "number_max, weight, added_rev, COALESCE(retired_rev, 0) "
                                   "FROM dungeon_dressing ORDER BY id",
                                   "dungeon_dressing"},

        /* After migration 0017: every row with its revisions, live or not
         * (dungeon codes draw from the tiles of their revision). */
        [STMT_MAP_TILES_REV] = {"SELECT tileset, name, pattern, edge_n, edge_e, edge_s, edge_w, "
                                "weight, active, added_rev, COALESCE(retired_rev, 0) FROM "
                                "map_tile ORDER BY tileset, id",
                                "map_tile"},

        /* Every spell row, live or not (the catalog keeps old rows for older
         * revisions), each with its effects in order: one row per effect, a
         * spell without effects once with NULLs (and refused at load). */
        [STMT_SPELLS] = {"SELECT s.id, s.word, s.mana, s.level, s.tier, s.active, s.added_rev, "
                         "s.retired_rev, e.effect, e.p1, e.p2, e.p3, e.p4, e.p5 FROM spell s "
                         "LEFT JOIN spell_effect e ON e.spell_id = s.id ORDER BY s.id, e.ord",
                         "spell"},
        [STMT_MARKOV_NAMES] = {"SELECT id, name, added_rev, retired_rev FROM markov_name "
                               "ORDER BY id",
                               "markov_name"},
        [STMT_WORD_CLASSES] = {"SELECT id, kind, part, word, class, added_rev, retired_rev "
                               "FROM word_class ORDER BY id",
                               "word_class"},
        [STMT_SETTINGS] = {"SELECT id, name, value, added_rev, retired_rev FROM catalog_setting "
                           "ORDER BY id",
                           "catalog_setting"},

        [STMT_BEGIN] = {"START TRANSACTION"},
        [STMT_COMMIT] = {"COMMIT"},
        /* The hour's accepted proposals of one client over every form (one
         * shared limit), and the seconds until the oldest of them leaves
         * the hour. */
        [STMT_SUB_RATE] = {"SELECT COUNT(*), COALESCE(TIMESTAMPDIFF(SECOND, NOW(), "
                           "MIN(created_at) + INTERVAL 1 HOUR), 0) FROM (" PROPOSAL_TYPE_LIST(
                                   RATE_ONE_) "SELECT NULL FROM DUAL WHERE FALSE) AS recent"},
        [STMT_MOD_GET] = {"SELECT id, name, password_hash FROM moderator WHERE name = ?"},
        [STMT_MOD_INSERT] = {"INSERT INTO moderator (name, password_hash) VALUES (?, ?)"},
        [STMT_MOD_UPDATE] = {"UPDATE moderator SET password_hash = ? WHERE id = ?"},
        [STMT_MOD_END_SESSIONS] = {"DELETE FROM moderator_session WHERE moderator_id = ?"},
        [STMT_SES_PURGE] = {"DELETE FROM moderator_session WHERE expires_at <= NOW()"},
        [STMT_SES_INSERT] =
                {"INSERT INTO moderator_session (token_hash, moderator_id, csrf_secret, "
                 "expires_at) VALUES (?, ?, ?, NOW() + INTERVAL 8 HOUR)"},
        [STMT_SES_GET] = {"SELECT m.id, m.name, s.csrf_secret FROM moderator_session s "
                          "JOIN moderator m ON m.id = s.moderator_id "
                          "WHERE s.token_hash = ? AND s.expires_at > NOW()"},
        [STMT_SES_DELETE] = {"DELETE FROM moderator_session WHERE token_hash = ?"},
        /* The client's lock row (0006): made outside the transaction, so
         * that the transaction's first statement is the lock itself. */
        [STMT_CLIENT_ENSURE] = {"INSERT IGNORE INTO submit_client (client_hash) VALUES (?)"},
        [STMT_CLIENT_LOCK] =
                {"SELECT client_hash FROM submit_client WHERE client_hash = ? FOR UPDATE"},
        BACKOFF_STMTS(THR, "login_source", "client_hash"),
        /* A known name's failures since its last success, from any source:
         * for the log only, it locks nothing (0018). */
        [STMT_THR_NAME_FAIL] = {"INSERT INTO login_throttle (name, failures) VALUES (?, 1) "
                                "ON DUPLICATE KEY UPDATE failures = failures + 1"},
        [STMT_THR_FORGET] = {"DELETE FROM login_throttle WHERE name = ?"},
        /* The back-off of a device cookie, as an address's. */
        BACKOFF_STMTS(DEV, "login_device", "device_hash"),
        [STMT_LOG_WORD] = {"INSERT INTO moderation_log (moderator_id, moderator, action, word_id, "
                           "reason, stats_after) VALUES (?, ?, ?, ?, ?, ?)"},
        /* Over every proposal form: how many wait (the global bound), and
         * whether a submission id is stored by any. */
        [STMT_PROPOSALS_PENDING] = {"SELECT 0" PROPOSAL_TYPE_LIST(PENDING_ONE_)},
        [STMT_PROPOSALS_SID] = {"SELECT 0" PROPOSAL_TYPE_LIST(SID_ONE_)},
        [STMT_LOG_LOGIN] = {"INSERT INTO moderation_log (moderator_id, moderator, action) "
                            "VALUES (?, ?, ?)"},
        /* Every proposal queue's rows by status, for /metrics: a scan of
         * each small table, once per scrape. */
        [STMT_PROPOSAL_COUNTS] = {"SELECT '', '', 0 FROM DUAL WHERE FALSE" PROPOSAL_TYPE_LIST(
                COUNTS_ONE_)},
/* The rows of the per-table statements: sql of the table's shape, with a
 * base's value columns or the others'. */
#define ROW_(k, p, t, s, sql, base, other)                                                         \
	{(p) == P_TYPE ? sql##s(t, base) : sql##s(t, other), t, k, p, s},
#define LOAD_ROW(k, p, t, s)   ROW_(k, p, t, s, SEL_, "value, 100", "0, value_mult")
#define LIVE_ROW(k, p, t, s)   {LIVE_SQL(t), t, k, p, s},
#define ADD_ROW(k, p, t, s)    ROW_(k, p, t, s, ADD_, "value", "value_mult")
#define RETIRE_ROW(k, p, t, s) {RETIRE_SQL(t), t, k, p, s},
#define EDIT_ROW(k, p, t, s)   ROW_(k, p, t, s, EDIT_, "value", "value_mult")
        /* Each AFFIX_TABLES is a list of rows, which clang-format takes for
         * one expression. */
        /* clang-format off */
        [STMT_LOAD_FIRST] = AFFIX_TABLES(LOAD_ROW)
        [STMT_LIVE_FIRST] = AFFIX_TABLES(LIVE_ROW)
        [STMT_ADD_FIRST] = AFFIX_TABLES(ADD_ROW)
        [STMT_RETIRE_FIRST] = AFFIX_TABLES(RETIRE_ROW)
        [STMT_EDIT_FIRST] = AFFIX_TABLES(EDIT_ROW)
/* clang-format on */
#undef ROW_
#undef LOAD_ROW
#undef LIVE_ROW
#undef ADD_ROW
#undef RETIRE_ROW
#undef EDIT_ROW
};

int stmt_table_index(enum kind k, enum part p)
{
	for (int i = 0; i < AFFIX_TABLE_COUNT; i++)
		if (db_statements[STMT_LOAD_FIRST + i].kind == k &&
		    db_statements[STMT_LOAD_FIRST + i].part == p)
			return i;
	return -1;
}

#define TYPE_STATEMENTS_(type, table, prefix) proposal_##type##_statements,
static const struct stmt_def *const type_statements[PROPOSAL_TYPE_COUNT] = {
        PROPOSAL_TYPE_LIST(TYPE_STATEMENTS_)};

const struct stmt_def *stmt_get(enum stmt s)
{
	if (s >= STMT_TYPE_FIRST) {
		unsigned i = (unsigned)(s - STMT_TYPE_FIRST);
		return &type_statements[i / TS__MAX][i % TS__MAX];
	}
	return &db_statements[s];
}
