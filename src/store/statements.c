/* statements: see statements.h. */
#include "statements.h"

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

/* The stat columns a submission and an affix row are written with
 * (multiplier is never proposed), in the order of STAT_LIST, each after a
 * comma: ", hands, attack, ...", and as many ", ?". */
#define STAT_COL_(id, name, prop, load) prop(", " name)
#define STAT_COLS                       STAT_LIST(STAT_COL_)
#define STAT_Q_(id, name, prop, load)   prop(", ?")
#define STAT_QS                         STAT_LIST(STAT_Q_)
#define SUB_COLS                                                                                   \
	"id, submission_id, kind, part, word, tier, slot" STAT_COLS                                \
	", status, DATE_FORMAT(created_at, '%Y-%m-%d %H:%i'), worth, mark, classes"

#define SPELL_SUB_COLS                                                                             \
	"id, submission_id, word, mana, level, tier, effects, status, "                            \
	"DATE_FORMAT(created_at, '%Y-%m-%d %H:%i')"

#define NAME_SUB_COLS                                                                              \
	"id, submission_id, name, status, DATE_FORMAT(created_at, '%Y-%m-%d %H:%i'), "             \
	"COALESCE(markov_name_id, 0)"

#define DRESS_SUB_COLS                                                                             \
	"id, submission_id, CAST(kind AS CHAR(16) CHARACTER SET ascii), name, plural, effect, "    \
	"level_min, level_max, number_min, number_max, status, "                                   \
	"DATE_FORMAT(created_at, '%Y-%m-%d %H:%i'), COALESCE(dressing_id, 0)"

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

const struct stmt_def db_statements[STMT__MAX] = {
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
        [STMT_SUB_BY_SID] = {"SELECT " SUB_COLS " FROM submission WHERE submission_id = ?"},
        /* The hour's accepted proposals of one client over every form (word,
         * spell, name: one shared limit), and the seconds until the
         * oldest of them leaves the hour. */
        [STMT_SUB_RATE] =
                {"SELECT COUNT(*), COALESCE(TIMESTAMPDIFF(SECOND, NOW(), MIN(created_at) + "
                 "INTERVAL 1 HOUR), 0) FROM (SELECT created_at FROM submission WHERE "
                 "client_hash = ? AND created_at > NOW() - INTERVAL 1 HOUR UNION ALL SELECT "
                 "created_at FROM spell_submission WHERE client_hash = ? AND created_at > "
                 "NOW() - INTERVAL 1 HOUR UNION ALL SELECT created_at FROM name_submission "
                 "WHERE client_hash = ? AND created_at > NOW() - INTERVAL 1 HOUR UNION ALL "
                 "SELECT created_at FROM dressing_submission WHERE client_hash = ? AND "
                 "created_at > NOW() - INTERVAL 1 HOUR) AS recent"},
        [STMT_SUB_PENDING] = {"SELECT id FROM submission WHERE kind = ? AND part = ? AND word = ? "
                              "AND status = 'pending' LIMIT 1"},
        [STMT_SUB_REJECTED] = {"SELECT DATE_FORMAT(decided_at, '%Y-%m-%d'), "
                               "DATE_FORMAT(decided_at + INTERVAL 30 DAY, '%Y-%m-%d') "
                               "FROM submission WHERE kind = ? AND part = ? AND word = ? "
                               "AND status = 'rejected' AND decided_at > NOW() - INTERVAL 30 DAY "
                               "ORDER BY decided_at DESC LIMIT 1"},
        [STMT_SUB_INSERT] =
                {"INSERT INTO submission (submission_id, kind, part, word, tier, slot" STAT_COLS
                 ", worth, client_hash, mark, classes) VALUES (?, ?, ?, ?, ?, ?" STAT_QS
                 ", ?, ?, ?, ?)"},
        [STMT_SUB_LIST] = {"SELECT " SUB_COLS " FROM submission WHERE status = 'pending' "
                           "ORDER BY created_at, id LIMIT ?"},
        [STMT_SUB_COUNT] = {"SELECT COUNT(*) FROM submission WHERE status = 'pending'"},
        [STMT_SUB_LOCK] = {"SELECT " SUB_COLS " FROM submission WHERE id = ? FOR UPDATE"},
        [STMT_SUB_DECIDE] =
                {"UPDATE submission SET status = ?, decided_at = NOW(), decided_by = ?, "
                 "reason = ? WHERE id = ? AND status = 'pending'"},
        [STMT_LOG_INSERT] = {"INSERT INTO moderation_log (submission_id, moderator_id, moderator, "
                             "action, reason, word_id, stats_before, stats_after) "
                             "VALUES (?, ?, ?, ?, ?, ?, ?, ?)"},
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
        /* The back-off per source (0018): one row per client hash. */
        [STMT_THR_ENSURE] = {"INSERT IGNORE INTO login_source (client_hash) VALUES (?)"},
        [STMT_THR_LOCK] =
                {"SELECT failures, COALESCE(TIMESTAMPDIFF(SECOND, NOW(), locked_until), 0) "
                 "FROM login_source WHERE client_hash = ? FOR UPDATE"},
        [STMT_THR_SET] =
                {"UPDATE login_source SET failures = ?, "
                 "locked_until = IF(? > 0, NOW() + INTERVAL ? SECOND, NULL) WHERE client_hash = ?"},
        /* A reserved check that never ran (every slot was busy). */
        [STMT_THR_UNDO] = {"UPDATE login_source SET locked_until = IF(? <> 0, NULL, locked_until), "
                           "failures = GREATEST(failures, 1) - 1 WHERE client_hash = ?"},
        [STMT_THR_RESET] = {"UPDATE login_source SET failures = 0, locked_until = NULL "
                            "WHERE client_hash = ?"},
        /* Sources nobody tried from for a day, and not locked: nothing to
         * remember. */
        [STMT_THR_PURGE] = {"DELETE FROM login_source WHERE updated_at < NOW() - INTERVAL 1 DAY "
                            "AND (locked_until IS NULL OR locked_until < NOW())"},
        /* A known name's failures since its last success, from any source:
         * for the log only, it locks nothing (0018). */
        [STMT_THR_NAME_FAIL] = {"INSERT INTO login_throttle (name, failures) VALUES (?, 1) "
                                "ON DUPLICATE KEY UPDATE failures = failures + 1"},
        [STMT_THR_FORGET] = {"DELETE FROM login_throttle WHERE name = ?"},
        /* The back-off of a device cookie (0019), as an address's. */
        [STMT_DEV_ENSURE] = {"INSERT IGNORE INTO login_device (device_hash) VALUES (?)"},
        [STMT_DEV_LOCK] =
                {"SELECT failures, COALESCE(TIMESTAMPDIFF(SECOND, NOW(), locked_until), 0) "
                 "FROM login_device WHERE device_hash = ? FOR UPDATE"},
        [STMT_DEV_SET] =
                {"UPDATE login_device SET failures = ?, "
                 "locked_until = IF(? > 0, NOW() + INTERVAL ? SECOND, NULL) WHERE device_hash = ?"},
        [STMT_DEV_UNDO] = {"UPDATE login_device SET locked_until = IF(? <> 0, NULL, locked_until), "
                           "failures = GREATEST(failures, 1) - 1 WHERE device_hash = ?"},
        [STMT_DEV_RESET] = {"UPDATE login_device SET failures = 0, locked_until = NULL "
                            "WHERE device_hash = ?"},
        [STMT_DEV_PURGE] = {"DELETE FROM login_device WHERE updated_at < NOW() - INTERVAL 1 DAY "
                            "AND (locked_until IS NULL OR locked_until < NOW())"},
        [STMT_LOG_WORD] = {"INSERT INTO moderation_log (moderator_id, moderator, action, word_id, "
                           "reason, stats_after) VALUES (?, ?, ?, ?, ?, ?)"},
        /* Over every proposal form: how many wait (the global bound),
         * whether a submission id is stored by any, and the texts that
         * wait or were approved (the look-alike checks; at most
         * PROPOSALS_PENDING_MAX wait, and approvals are a moderator's). */
        [STMT_PROPOSALS_PENDING] = {"SELECT (SELECT COUNT(*) FROM submission WHERE status = "
                                    "'pending') + (SELECT COUNT(*) FROM spell_submission WHERE "
                                    "status = 'pending') + (SELECT COUNT(*) FROM "
                                    "name_submission WHERE status = 'pending')"},
        [STMT_PROPOSALS_SID] = {"SELECT (SELECT COUNT(*) FROM submission WHERE submission_id = "
                                "?) + (SELECT COUNT(*) FROM spell_submission WHERE "
                                "submission_id = ?) + (SELECT COUNT(*) FROM name_submission "
                                "WHERE submission_id = ?) + (SELECT COUNT(*) FROM "
                                "dressing_submission WHERE submission_id = ?)"},
        [STMT_PROPOSALS_TEXTS_PENDING] = {"SELECT word COLLATE utf8mb4_bin FROM submission WHERE "
                                          "status = 'pending' UNION ALL SELECT word COLLATE "
                                          "utf8mb4_bin FROM spell_submission WHERE status = "
                                          "'pending' UNION ALL SELECT name COLLATE utf8mb4_bin "
                                          "FROM name_submission WHERE status = 'pending' "
                                          "UNION ALL SELECT name COLLATE utf8mb4_bin FROM "
                                          "dressing_submission WHERE status = 'pending'"},
        [STMT_PROPOSALS_TEXTS_APPROVED] = {"SELECT word COLLATE utf8mb4_bin FROM submission "
                                           "WHERE status = 'approved' UNION ALL SELECT word "
                                           "COLLATE utf8mb4_bin FROM spell_submission WHERE "
                                           "status = 'approved' UNION ALL SELECT name COLLATE "
                                           "utf8mb4_bin FROM name_submission WHERE status = "
                                           "'approved' UNION ALL SELECT name COLLATE "
                                           "utf8mb4_bin FROM dressing_submission WHERE "
                                           "status = 'approved'"},
        [STMT_LOG_LOGIN] = {"INSERT INTO moderation_log (moderator_id, moderator, action) "
                            "VALUES (?, ?, ?)"},
        [STMT_SPELL_SUB_BY_SID] = {"SELECT " SPELL_SUB_COLS
                                   " FROM spell_submission WHERE submission_id = ?"},
        [STMT_SPELL_LIVE] = {"SELECT active FROM spell WHERE live_word = ? LIMIT 1"},
        [STMT_SPELL_SUB_INSERT] = {"INSERT INTO spell_submission (submission_id, word, mana, "
                                   "level, tier, effects, client_hash) "
                                   "VALUES (?, ?, ?, ?, ?, ?, ?)"},
        [STMT_SPELL_SUB_LIST] = {"SELECT " SPELL_SUB_COLS " FROM spell_submission WHERE "
                                 "status = 'pending' ORDER BY created_at, id LIMIT ?"},
        [STMT_SPELL_SUB_COUNT] = {"SELECT COUNT(*) FROM spell_submission "
                                  "WHERE status = 'pending'"},
        [STMT_SPELL_SUB_LOCK] = {"SELECT " SPELL_SUB_COLS
                                 " FROM spell_submission WHERE id = ? FOR UPDATE"},
        /* An approved spell, in the change set whose revision is the last ?;
         * its effects follow in the same transaction (0012's trigger). */
        [STMT_SPELL_ADD] = {"INSERT INTO spell (word, mana, level, tier, active, added_rev) "
                            "VALUES (?, ?, ?, ?, 1, ?)"},
        [STMT_SPELL_EFFECT_ADD] = {"INSERT INTO spell_effect (spell_id, ord, effect, p1, p2, "
                                   "p3, p4, p5) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"},
        [STMT_SPELL_SUB_DECIDE] = {"UPDATE spell_submission SET status = ?, decided_at = NOW(), "
                                   "decided_by = ?, reason = ?, spell_id = ? "
                                   "WHERE id = ? AND status = 'pending'"},
        [STMT_SPELL_LOG] = {"INSERT INTO moderation_log (spell_submission_id, moderator_id, "
                            "moderator, action, reason, word_id, stats_after) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?)"},
        [STMT_NAME_SUB_BY_SID] = {"SELECT " NAME_SUB_COLS
                                  " FROM name_submission WHERE submission_id = ?"},
        /* A live training name spelled the same but for case (accents
         * count), as name_submission compares names (0015); markov_name's
         * own key is by code point. */
        [STMT_NAME_LIVE] = {"SELECT id FROM markov_name WHERE retired_rev IS NULL AND "
                            "name COLLATE utf8mb4_uca1400_as_ci = ? LIMIT 1"},
        [STMT_NAME_SUB_REJECTED] = {"SELECT DATE_FORMAT(decided_at, '%Y-%m-%d'), "
                                    "DATE_FORMAT(decided_at + INTERVAL 30 DAY, '%Y-%m-%d') "
                                    "FROM name_submission WHERE name = ? AND status = "
                                    "'rejected' AND decided_at > NOW() - INTERVAL 30 DAY "
                                    "ORDER BY decided_at DESC LIMIT 1"},
        [STMT_NAME_SUB_INSERT] = {"INSERT INTO name_submission (submission_id, name, "
                                  "client_hash) VALUES (?, ?, ?)"},
        [STMT_NAME_SUB_LIST] = {"SELECT " NAME_SUB_COLS " FROM name_submission WHERE "
                                "status = 'pending' ORDER BY created_at, id LIMIT ?"},
        [STMT_NAME_SUB_COUNT] = {"SELECT COUNT(*) FROM name_submission "
                                 "WHERE status = 'pending'"},
        [STMT_NAME_SUB_LOCK] = {"SELECT " NAME_SUB_COLS
                                " FROM name_submission WHERE id = ? FOR UPDATE"},
        /* An approved name, in the change set whose revision is the ?. */
        [STMT_NAME_ADD] = {"INSERT INTO markov_name (name, added_rev) VALUES (?, ?)"},
        [STMT_CLASS_ADD] = {"INSERT INTO word_class (kind, part, word, class, added_rev) "
                            "VALUES (?, ?, ?, ?, ?)"},
        [STMT_NAME_SUB_DECIDE] = {"UPDATE name_submission SET status = ?, decided_at = NOW(), "
                                  "decided_by = ?, reason = ?, markov_name_id = ? "
                                  "WHERE id = ? AND status = 'pending'"},
        [STMT_NAME_LOG] = {"INSERT INTO moderation_log (name_submission_id, moderator_id, "
                           "moderator, action, reason, word_id, stats_after) "
                           "VALUES (?, ?, ?, ?, ?, ?, ?)"},
        [STMT_DRESS_SUB_BY_SID] = {"SELECT " DRESS_SUB_COLS
                                   " FROM dressing_submission WHERE submission_id = ?"},
        /* A live row of the kind spelled the same as the table compares
         * (case- and accent-insensitively). */
        [STMT_DRESS_LIVE] = {"SELECT id FROM dungeon_dressing WHERE retired_rev IS NULL AND "
                             "kind = ? AND name = ? LIMIT 1"},
        [STMT_DRESS_SUB_INSERT] = {"INSERT INTO dressing_submission (submission_id, kind, name, "
                                   "plural, effect, level_min, level_max, number_min, "
                                   "number_max, client_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, "
                                   "?)"},
        [STMT_DRESS_SUB_LIST] = {"SELECT " DRESS_SUB_COLS " FROM dressing_submission WHERE "
                                 "status = 'pending' ORDER BY created_at, id LIMIT ?"},
        [STMT_DRESS_SUB_COUNT] = {"SELECT COUNT(*) FROM dressing_submission "
                                  "WHERE status = 'pending'"},
        [STMT_DRESS_SUB_LOCK] = {"SELECT " DRESS_SUB_COLS
                                 " FROM dressing_submission WHERE id = ? FOR UPDATE"},
        /* An approved row, in the change set whose revision is the last ?. */
        [STMT_DRESS_ADD] = {"INSERT INTO dungeon_dressing (kind, name, plural, effect, "
                            "level_min, level_max, number_min, number_max, weight, added_rev) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"},
        [STMT_DRESS_SUB_DECIDE] = {"UPDATE dressing_submission SET status = ?, decided_at = "
                                   "NOW(), decided_by = ?, reason = ?, dressing_id = ? "
                                   "WHERE id = ? AND status = 'pending'"},
        [STMT_DRESS_LOG] = {"INSERT INTO moderation_log (dressing_submission_id, moderator_id, "
                            "moderator, action, reason, word_id, stats_after) "
                            "VALUES (?, ?, ?, ?, ?, ?, ?)"},
        /* Every proposal queue's rows by status, for /metrics: a scan of
         * three small tables, once per scrape. */
        [STMT_PROPOSAL_COUNTS] = {"SELECT 'word', status, COUNT(*) FROM submission GROUP BY status "
                                  "UNION ALL SELECT 'spell', status, COUNT(*) FROM "
                                  "spell_submission GROUP BY status "
                                  "UNION ALL SELECT 'name', status, COUNT(*) FROM "
                                  "name_submission GROUP BY status"},
#define LOAD_ROW(k, p, t, s)                                                                       \
	{(p) == P_TYPE ? SEL_##s(t, "value, 100") : SEL_##s(t, "0, value_mult"), t, k, p, s},
        [STMT_LOAD_FIRST] = AFFIX_TABLES(LOAD_ROW)
#undef LOAD_ROW
#define LIVE_ROW(k, p, t, s) {LIVE_SQL(t), t, k, p, s},
                [STMT_LIVE_FIRST] = AFFIX_TABLES(LIVE_ROW)
#undef LIVE_ROW
#define ADD_ROW(k, p, t, s)                                                                        \
	{(p) == P_TYPE ? ADD_##s(t, "value") : ADD_##s(t, "value_mult"), t, k, p, s},
                        [STMT_ADD_FIRST] = AFFIX_TABLES(ADD_ROW)
#undef ADD_ROW
#define RETIRE_ROW(k, p, t, s) {RETIRE_SQL(t), t, k, p, s},
                                [STMT_RETIRE_FIRST] = AFFIX_TABLES(RETIRE_ROW)
#undef RETIRE_ROW
#define EDIT_ROW(k, p, t, s)                                                                       \
	{(p) == P_TYPE ? EDIT_##s(t, "value") : EDIT_##s(t, "value_mult"), t, k, p, s},
                                        [STMT_EDIT_FIRST] = AFFIX_TABLES(EDIT_ROW)
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
