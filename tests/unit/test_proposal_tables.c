/* proposal tables: every statement that reads over every proposal table
 * (the hourly limit, the global bound of waiting proposals, a submission
 * id taken by any form) reads each table of PROPOSAL_TYPE_LIST, and binds
 * one value per table where the flow binds one. A type whose table one of
 * them leaves out fails here: its proposals would pass the bound. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "proposal_list.h"
#include "statements.h"

#define TABLE_(type, table, prefix) table,
static const char *const tables[] = {PROPOSAL_TYPE_LIST(TABLE_)};
#define N_TABLES (sizeof tables / sizeof tables[0])

static const char *sql_of(enum stmt q)
{
	return stmt_get(q)->sql;
}

/* How many times sql reads table: "FROM <table>" followed by a space. */
static int reads(const char *sql, const char *table)
{
	char from[80];
	int n = 0;

	snprintf(from, sizeof from, "FROM %s ", table);
	for (const char *s = sql; (s = strstr(s, from)) != NULL; s += strlen(from))
		n++;
	return n;
}

static int params(const char *sql)
{
	int n = 0;
	for (const char *s = sql; s && *s; s++)
		n += *s == '?';
	return n;
}

static void each_table_once(enum stmt q, int binds_per_table)
{
	const char *sql = sql_of(q);

	assert_non_null(sql);
	for (size_t i = 0; i < N_TABLES; i++) {
		if (reads(sql, tables[i]) != 1)
			fail_msg("%s does not read %s once: %s", "statement", tables[i], sql);
	}
	assert_int_equal(params(sql), binds_per_table * (int)N_TABLES);
}

static void test_rate_reads_every_table(void **state)
{
	(void)state;
	each_table_once(STMT_SUB_RATE, 1);
}

static void test_pending_bound_counts_every_table(void **state)
{
	(void)state;
	each_table_once(STMT_PROPOSALS_PENDING, 0);
}

static void test_sid_looked_up_in_every_table(void **state)
{
	(void)state;
	each_table_once(STMT_PROPOSALS_SID, 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_rate_reads_every_table),
	        cmocka_unit_test(test_pending_bound_counts_every_table),
	        cmocka_unit_test(test_sid_looked_up_in_every_table),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
