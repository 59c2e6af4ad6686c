/* lifecycle: every proposal type's descriptor is complete and consistent
 * with the statement table, so the one flow can run it: the hooks the flow
 * always calls are there, the fetch buffers fit, the statements exist and
 * bind as many parameters as the flow gives them, and the record's status
 * is where the descriptor says. A fourth type missing any of these fails
 * here, not on its first request. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "lifecycle_int.h"
#include "proposal_types.h"

#define TYPE_(type, table, prefix) &proposal_##type,
static const struct proposal_type *const types[] = {PROPOSAL_TYPE_LIST(TYPE_)};
#define TABLE_(type, table, prefix) table,
static const char *const tables[] = {PROPOSAL_TYPE_LIST(TABLE_)};
#define N_TYPES (sizeof types / sizeof types[0])

/* The ? of a statement. */
static int params(enum stmt q)
{
	int n = 0;
	for (const char *s = stmt_get(q)->sql; s && *s; s++)
		n += *s == '?';
	return n;
}

static void test_hooks_and_buffers(void **state)
{
	(void)state;
	for (size_t i = 0; i < N_TYPES; i++) {
		const struct proposal_type *t = types[i];
		assert_non_null(t->noun);
		assert_non_null(t->a_submit);
		assert_non_null(t->a_approve);
		assert_non_null(t->a_reject);
		assert_non_null(t->table);
		assert_non_null(t->bind_row);
		assert_non_null(t->read_row);
		assert_non_null(t->live);
		assert_non_null(t->insert_params);
		assert_non_null(t->text);
		assert_non_null(t->add);
		assert_true(t->buf_size > 0 && t->buf_size <= LC_ROW_BUF_MAX);
		assert_true(t->row_size > t->status_off + 11);
	}
}

static void test_statements_take_what_the_flow_binds(void **state)
{
	(void)state;
	for (size_t i = 0; i < N_TYPES; i++) {
		const struct proposal_type *t = types[i];
		/* its block is its row's of the list */
		assert_int_equal(t->stmts, STMT_TYPE_FIRST + (int)i * TS__MAX);
		assert_string_equal(t->table, tables[i]);
		enum type_slot qs[] = {TS_BY_SID, TS_LIST,          TS_COUNT,
		                       TS_LOCK,   TS_INSERT,        TS_DECIDE,
		                       TS_LOG,    TS_TEXTS_PENDING, TS_TEXTS_APPROVED};
		for (size_t q = 0; q < sizeof qs / sizeof qs[0]; q++) {
			assert_non_null(stmt_get(lc_stmt(t, qs[q]))->sql);
			assert_non_null(strstr(stmt_get(lc_stmt(t, qs[q]))->sql, t->table));
		}
		assert_int_equal(params(lc_stmt(t, TS_BY_SID)), 1);
		assert_int_equal(params(lc_stmt(t, TS_LIST)), 1);
		assert_int_equal(params(lc_stmt(t, TS_COUNT)), 0);
		assert_int_equal(params(lc_stmt(t, TS_LOCK)), 1);
		assert_int_equal(params(lc_stmt(t, TS_TEXTS_PENDING)), 0);
		assert_int_equal(params(lc_stmt(t, TS_TEXTS_APPROVED)), 0);
		/* status, moderator, reason, [new id], id */
		assert_int_equal(params(lc_stmt(t, TS_DECIDE)), 4 + t->decide_new_id);
		/* id, moderator id and name, action, reason, new id, [before], after */
		assert_int_equal(params(lc_stmt(t, TS_LOG)), 7 + t->log_before);
	}
}

/* The insert's parameters are its statement's: a binder that binds one
 * too few or too many fails here. */
static void test_insert_binds_every_parameter(void **state)
{
	struct proposal word = {.kind = K_WEAPON, .part = P_PREFIX, .tier = 2};
	struct spell_proposal spell = {.mana = 5, .level = 1, .tier = 1};
	struct dress_proposal dress = {.kind = DP_TRAP, .level_min = 1, .level_max = 2};
	const void *proposals[] = {&word, &spell, "Qzxname", &dress};
	uint8_t client[DBMOD_HASH_BYTES] = {0};
	(void)state;

	strcpy(word.word, "Zorbish");
	strcpy(spell.name, "Zorb");
	strcpy(dress.name, "Zorb pit");
	_Static_assert(sizeof proposals / sizeof proposals[0] == PROPOSAL_TYPE_COUNT,
	               "a sample proposal of each type of proposal_list.h, in its order");
	for (size_t i = 0; i < N_TYPES; i++) {
		struct params ps = {.n = 0};
		struct lc_scratch scratch;
		if (types[i] == &proposal_spell) {
			spell.n_effects = 1;
			spell.effects[0].kind = 1;
		}
		assert_int_equal(types[i]->insert_params(&ps, "0123456789abcdef0123456789abcdef",
		                                         proposals[i], client, &scratch),
		                 0);
		assert_int_equal(ps.n, params(lc_stmt(types[i], TS_INSERT)));
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_hooks_and_buffers),
	        cmocka_unit_test(test_statements_take_what_the_flow_binds),
	        cmocka_unit_test(test_insert_binds_every_parameter),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
