/* lifecycle_int: the descriptor of a proposal type, for the files that
 * define one (proposal_<type>.c). Each hook runs inside the lifecycle's
 * open transaction, on the statements of dbrun.h. */
#ifndef LOOTFORGE_LIFECYCLE_INT_H
#define LOOTFORGE_LIFECYCLE_INT_H

#include "buf.h"
#include "dbrun.h"
#include "lifecycle.h"

/* Room for any type's fetch buffers (its binds, columns and strings). */
#define LC_ROW_BUF_MAX 8192

/* What an insert's parameters point at while the statement runs. */
struct lc_scratch {
	int32_t n[4];
	char text[1024];
};

struct proposal_type {
	/* Names in logs: "submission"; "a submission", "an approval", "a rejection". */
	const char *noun, *a_submit, *a_approve, *a_reject;
	const char *table; /* named when a row cannot be read */

	/* The record (dbmod.h): its size, and where its status is. */
	size_t row_size, status_off;
	/* Its row as fetched: binds into buf (buf_size <= LC_ROW_BUF_MAX), and
	 * buf into the record (-1: a row the daemon cannot read). */
	size_t buf_size;
	MYSQL_BIND *(*bind_row)(void *buf);
	int (*read_row)(void *buf, void *row);

	/* Statements: the first of the type's block, TYPE_STMT(type, 0)
	 * (statements.h; the SQL proposal_<type>_statements, in its file). The
	 * flow binds: by submission id, the id; the list, a limit; the lock, the
	 * id; the decision, status, moderator, reason, [the new row's id when
	 * decide_new_id], id; its log entry, id, moderator id and name, action,
	 * reason, the new row's id, [the text before, when log_before], the
	 * text after. */
	enum stmt stmts;
	int decide_new_id, log_before;

	/* Submitting, after the id and the rate: *hit when the proposal's key is
	 * live (*active: its row is active); pending (NULL: the insert's
	 * duplicate key says it); rejected lately (NULL: never refused so; the
	 * dates into out). */
	enum db_status (*live)(struct db *d, const void *proposal, int *hit, int *active);
	enum db_status (*pending)(struct db *d, const void *proposal, int *hit);
	enum db_status (*rejected)(struct db *d, const void *proposal, struct submit_outcome *out,
	                           int *hit);
	/* The text a look-alike is judged by (a word, a spell's or a training
	 * name): of a proposal, and of a stored row. */
	const char *(*proposal_text)(const void *proposal);
	const char *(*row_text)(const void *row);
	/* The insert's parameters (values kept in scratch); -1 when the
	 * proposal cannot be written (before anything runs). */
	int (*insert_params)(struct params *ps, const char *sid, const void *proposal,
	                     const uint8_t *client, struct lc_scratch *scratch);

	/* Approving: the stored proposal adjusted and checked again (NULL: no
	 * check), the text the log keeps (approved: after the check), the rows
	 * it adds to the catalog in a change set of their own (*new_id; a
	 * duplicate key through expected, or *live when the key is live
	 * meanwhile), and what the record keeps of the addition (NULL: nothing). */
	int (*check)(void *row, const void *adjust, struct proposal_error *err);
	const char *(*text)(const void *row, int approved, struct buf *b);
	enum db_status (*add)(struct db *d, void *row, uint32_t *new_id, unsigned *expected,
	                      int *live);
	void (*approved)(void *row, uint32_t new_id);
};

/* Statement slot of type t. */
static inline enum stmt lc_stmt(const struct proposal_type *t, enum type_slot slot)
{
	return (enum stmt)(t->stmts + slot);
}

#endif
