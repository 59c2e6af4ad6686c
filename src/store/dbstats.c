/* dbstats: figures for operators (see dbstats.h). */
#include "dbstats.h"

#include <string.h>

#include "db_int.h"

#define FORM_NAME_(type, table, prefix) #type,
const char *const dbstats_form_names[DBSTATS_FORMS] = {PROPOSAL_TYPE_LIST(FORM_NAME_)};
const char *const dbstats_status_names[DBSTATS_STATUSES] = {"pending", "approved", "rejected"};

static int index_of(const char *const *names, int n, const char *s)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], s) == 0)
			return i;
	return -1;
}

enum db_status db_proposal_counts(struct db *d, unsigned long out[DBSTATS_FORMS][DBSTATS_STATUSES])
{
	char form[16], status[16];
	unsigned long form_len = 0, status_len = 0;
	long long n = 0;
	my_bool form_null = 0, status_null = 0, n_null = 0;
	MYSQL_BIND b[3];
	enum db_status st = DB_OK;
	int rc;

	memset(out, 0, sizeof(unsigned long) * DBSTATS_FORMS * DBSTATS_STATUSES);
	memset(b, 0, sizeof(b));
	b[0].buffer_type = MYSQL_TYPE_STRING;
	b[0].buffer = form;
	b[0].buffer_length = sizeof(form) - 1;
	b[0].length = &form_len;
	b[0].is_null = &form_null;
	b[1].buffer_type = MYSQL_TYPE_STRING;
	b[1].buffer = status;
	b[1].buffer_length = sizeof(status) - 1;
	b[1].length = &status_len;
	b[1].is_null = &status_null;
	b[2].buffer_type = MYSQL_TYPE_LONGLONG;
	b[2].buffer = &n;
	b[2].is_null = &n_null;

	if (!d)
		return DB_DOWN;
	MYSQL_STMT *s = db_stmt(d, STMT_PROPOSAL_COUNTS, &st);
	if (!s)
		return st;
	if (mysql_stmt_execute(s) != 0 || mysql_stmt_bind_result(s, b) != 0)
		return db_stmt_fail(d, STMT_PROPOSAL_COUNTS);
	while ((rc = mysql_stmt_fetch(s)) == 0 || rc == MYSQL_DATA_TRUNCATED) {
		if (rc != 0 || form_null || status_null || n_null || n < 0)
			continue;
		form[form_len < sizeof(form) ? form_len : sizeof(form) - 1] = '\0';
		status[status_len < sizeof(status) ? status_len : sizeof(status) - 1] = '\0';
		int f = index_of(dbstats_form_names, DBSTATS_FORMS, form);
		int t = index_of(dbstats_status_names, DBSTATS_STATUSES, status);
		if (f >= 0 && t >= 0)
			out[f][t] += (unsigned long)n;
	}
	if (rc != MYSQL_NO_DATA)
		return db_stmt_fail(d, STMT_PROPOSAL_COUNTS);
	mysql_stmt_free_result(s);
	db_ok(d);
	return DB_OK;
}
