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

static const struct proposal_type *const types[] = {&proposal_word, &proposal_spell,
                                                    &proposal_name};
#define N_TYPES (sizeof types / sizeof types[0])

/* The ? of a statement. */
static int params(enum stmt q)
{
	int n = 0;
	for (const char *s = db_statements[q].sql; s && *s; s++)
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
		enum stmt qs[] = {t->by_sid, t->list,   t->count, t->lock,
		                  t->insert, t->decide, t->log};
		for (size_t q = 0; q < sizeof qs / sizeof qs[0]; q++)
			assert_non_null(db_statements[qs[q]].sql);
		assert_int_equal(params(t->by_sid), 1);
		assert_int_equal(params(t->list), 1);
		assert_int_equal(params(t->count), 0);
		assert_int_equal(params(t->lock), 1);
		/* status, moderator, reason, [new id], id */
		assert_int_equal(params(t->decide), 4 + t->decide_new_id);
		/* id, moderator id and name, action, reason, new id, [before], after */
		assert_int_equal(params(t->log), 7 + t->log_before);
		assert_non_null(strstr(db_statements[t->by_sid].sql, t->table));
	}
}

/* The insert's parameters are its statement's: a binder that binds one
 * too few or too many fails here. */
static void test_insert_binds_every_parameter(void **state)
{
	struct proposal word = {.kind = K_WEAPON, .part = P_PREFIX, .tier = 2};
	struct spell_proposal spell = {.mana = 5, .level = 1, .tier = 1};
	const void *proposals[] = {&word, &spell, "Qzxname"};
	uint8_t client[DBMOD_HASH_BYTES] = {0};
	(void)state;

	strcpy(word.word, "Zorbish");
	strcpy(spell.name, "Zorb");
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
		assert_int_equal(ps.n, params(types[i]->insert));
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
