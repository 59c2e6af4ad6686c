/* proposal_types_int: what the files of the proposal types (proposal_<type>.c)
 * share and nothing else uses: the SQL every proposal table is read and
 * decided by, the descriptor's common fields, and two fetches. */
#ifndef LOOTFORGE_PROPOSAL_TYPES_INT_H
#define LOOTFORGE_PROPOSAL_TYPES_INT_H

#include "lifecycle_int.h"
#include "proposal_types.h"

/* The texts of a proposal table's rows of a status (col: the text). */
#define TYPE_TEXTS_SQL(t, col, status)                                                             \
	"SELECT " col " COLLATE utf8mb4_bin FROM " t " WHERE status = '" status "'"

/* What every proposal table t is read by (lifecycle.c): one row by its
 * submission id, the pending ones oldest first, how many wait, one row
 * locked for its decision, and the texts (column col) that wait or were
 * approved, for the look-alike checks (at most PROPOSALS_PENDING_MAX wait,
 * and approvals are a moderator's). */
#define TYPE_QUEUE_STMTS(t, cols, col)                                                             \
	[TS_BY_SID] = {"SELECT " cols " FROM " t " WHERE submission_id = ?"},                      \
	[TS_LIST] = {"SELECT " cols " FROM " t " WHERE status = 'pending' "                        \
	             "ORDER BY created_at, id LIMIT ?"},                                           \
	[TS_COUNT] = {"SELECT COUNT(*) FROM " t " WHERE status = 'pending'"},                      \
	[TS_LOCK] = {"SELECT " cols " FROM " t " WHERE id = ? FOR UPDATE"},                        \
	[TS_TEXTS_PENDING] = {TYPE_TEXTS_SQL(t, col, "pending")},                                  \
	[TS_TEXTS_APPROVED] = {TYPE_TEXTS_SQL(t, col, "approved")}

/* A decision on a pending row; set names the row it added, if any. */
#define DECIDE_SQL(t, set)                                                                         \
	"UPDATE " t " SET status = ?, decided_at = NOW(), decided_by = ?, reason = ?" set          \
	" WHERE id = ? AND status = 'pending'"

/* The log line of a decision on a row of the table whose id goes in col. */
#define DECIDE_LOG_SQL(col)                                                                        \
	"INSERT INTO moderation_log (" col ", moderator_id, moderator, action, reason, word_id, "  \
	"stats_after) VALUES (?, ?, ?, ?, ?, ?, ?)"

/* The latest rejection of the last 30 days of a key, and the day it may be
 * proposed again. */
#define REJECTED_SQL(t, key)                                                                       \
	"SELECT DATE_FORMAT(decided_at, '%Y-%m-%d'), "                                             \
	"DATE_FORMAT(decided_at + INTERVAL 30 DAY, '%Y-%m-%d') FROM " t " WHERE " key              \
	" AND status = 'rejected' AND decided_at > NOW() - INTERVAL 30 DAY "                       \
	"ORDER BY decided_at DESC LIMIT 1"

/* The fields every descriptor fills alike: its table, its record (row_t,
 * with a status), its fetch buffer (buf_t) and its block of statements
 * (type: its row's name in PROPOSAL_TYPE_LIST). */
#define TYPE_ROWS(type, tbl, row_t, buf_t, bind, read)                                             \
	.table = tbl, .row_size = sizeof(row_t), .status_off = offsetof(row_t, status),            \
	.buf_size = sizeof(buf_t), .bind_row = bind, .read_row = read, .stmts = TYPE_STMT(type, 0)
/* The log's names of a type called "<what> proposal". */
#define TYPE_NOUNS(what)                                                                           \
	.noun = what " proposal", .a_submit = "a " what " proposal",                               \
	.a_approve = "a " what " approval", .a_reject = "a " what " rejection"

/* Runs q and reads the one LONG column of its row, if any, into value
 * (is_unsigned as bound); *hit = 1 when a row came. */
enum db_status proposal_fetch_long(struct db *d, enum stmt q, struct params *ps, void *value,
                                   int is_unsigned, int *hit);

/* Runs q (a REJECTED_SQL) and reads the dates of the rejection, if any,
 * into out through c; *hit = 1 when there was one. The caller reads the
 * texts out of c. */
enum db_status proposal_fetch_rejected(struct db *d, enum stmt q, struct params *ps,
                                       struct submit_outcome *out, struct col c[2], int *hit);

#endif
