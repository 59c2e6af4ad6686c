/* dbwords: see dbwords.h. */
#include "dbwords.h"

#include <stdio.h>

#include "dbrun.h"

/* The stat columns of an affix row, in the order of the edit statement's
 * (STAT_LIST, recipe.h). */
#define N_SCOLS ST_PROPOSED_COUNT
static const enum stat scols[N_SCOLS] = {STAT_PROPOSED_INITS};

/* ---- changing live words ---- */

static enum db_status log_word(struct db *d, const struct moderator *m, const char *action,
                               enum kind k, enum part p, const char *word, uint32_t word_id,
                               uint64_t rev, const char *stats)
{
	struct params ps = {.n = 0};
	char what[300];

	snprintf(what, sizeof what, "%s %s \"%.200s\" at revision %llu", kind_names[k],
	         part_names[p], word, (unsigned long long)rev);
	p_uint(&ps, &m->id);
	p_str(&ps, m->name);
	p_str(&ps, action);
	if (word_id)
		p_uint(&ps, &word_id);
	else
		p_null(&ps);
	p_str(&ps, what);
	p_str_or_null(&ps, stats);
	return dbrun_exec(d, STMT_LOG_WORD, &ps, NULL);
}

/* In an open transaction: a change set, then the live row retired. */
static enum db_status retire_in(struct db *d, int t, const char *word, int *found, uint64_t *rev)
{
	enum stmt q = (enum stmt)(STMT_RETIRE_FIRST + t);
	struct params ps = {.n = 0};
	enum db_status st;

	if ((st = dbrun_change_set(d, rev)) != DB_OK)
		return st;
	p_u64(&ps, rev);
	p_str(&ps, word);
	if ((st = dbrun_exec(d, q, &ps, NULL)) != DB_OK)
		return st;
	*found = mysql_stmt_affected_rows(db_stmt(d, q, &st)) > 0;
	return DB_OK;
}

static enum db_status word_retire_once(struct db *d, enum kind k, enum part p, const char *word,
                                       const struct moderator *m, int *found, uint64_t *rev)
{
	int t = stmt_table_index(k, p);
	enum db_status st;

	*found = 0;
	if (t < 0)
		return DB_OK;
	if ((st = dbrun_begin(d)) != DB_OK || (st = retire_in(d, t, word, found, rev)) != DB_OK)
		return st;
	if (!*found) {
		db_rollback(d);
		return DB_OK;
	}
	if ((st = log_word(d, m, "retire", k, p, word, 0, *rev, NULL)) != DB_OK)
		return st;
	return dbrun_commit(d);
}

enum db_status db_word_retire(struct db *d, enum kind k, enum part p, const char *word,
                              const struct moderator *m, int *found, uint64_t *rev)
{
	ONCE_MORE(word_retire_once(d, k, p, word, m, found, rev));
}

static enum db_status word_edit_once(struct db *d, enum kind k, enum part p, const char *word,
                                     const int32_t stat[ST__MAX], const int given[ST__MAX],
                                     const struct moderator *m, int *found, uint32_t *new_id,
                                     uint64_t *rev)
{
	int t = stmt_table_index(k, p);
	enum stmt q = (enum stmt)(STMT_EDIT_FIRST + t);
	struct params ps = {.n = 0};
	enum db_status st;
	char text[256];
	size_t used = 0;

	*found = 0;
	if (t < 0)
		return DB_OK;
	if ((st = dbrun_begin(d)) != DB_OK || (st = retire_in(d, t, word, found, rev)) != DB_OK)
		return st;
	if (!*found) {
		db_rollback(d);
		return DB_OK;
	}
	text[0] = '\0';
	for (size_t i = 0; i < N_SCOLS; i++) {
		if (!given[scols[i]]) {
			p_null(&ps);
			continue;
		}
		p_int(&ps, &stat[scols[i]]);
		if (used < sizeof text)
			used += (size_t)snprintf(text + used, sizeof text - used, "%s%s %d",
			                         used ? ", " : "", stat_names[scols[i]],
			                         (int)stat[scols[i]]);
	}
	p_u64(&ps, rev);
	p_str(&ps, word);
	p_u64(&ps, rev);
	if ((st = dbrun_exec(d, q, &ps, NULL)) != DB_OK)
		return st;
	*new_id = (uint32_t)mysql_stmt_insert_id(db_stmt(d, q, &st));
	if ((st = log_word(d, m, "edit", k, p, word, *new_id, *rev, text)) != DB_OK)
		return st;
	return dbrun_commit(d);
}

enum db_status db_word_edit(struct db *d, enum kind k, enum part p, const char *word,
                            const int32_t stat[ST__MAX], const int given[ST__MAX],
                            const struct moderator *m, int *found, uint32_t *new_id, uint64_t *rev)
{
	ONCE_MORE(word_edit_once(d, k, p, word, stat, given, m, found, new_id, rev));
}
