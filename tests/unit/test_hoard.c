/* The hoard core (hoard.h) and the treasure code (treasurecode.h), pure:
 * over every shipped level's budget row and 500 seeds, a hoard of either
 * type spends at most its share and 90 % of it at least; an individual treasure
 * holds no art and no items; the coins' denominations sum to the coins
 * and each count is its value's; a treasure code reads back as written,
 * in one spelling only, and no dungeon code reads as one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "budgets_fixture.h"
#include "dungeoncode.h"
#include "hoard.h"
#include "treasurecode.h"

static struct dungeon_budget rows[DUNGEON_LEVEL_MAX];

static void test_spent_within_the_share(void **state)
{
	(void)state;
	assert_int_equal(budgets_load(rows), 0);
	for (int l = 0; l < DUNGEON_LEVEL_MAX; l++)
		for (int type = HOARD_FULL; type <= HOARD_INDIVIDUAL; type++)
			for (uint64_t seed = 0; seed < 500; seed++) {
				int party = 1 + (int)(seed % 8);
				uint32_t share = hoard_share(&rows[l], type, party);
				struct rng r;
				struct hoard h;
				rng_seed(&r, seed);
				uint32_t spent = hoard_roll(&r, &rows[l], share, type, &h);
				uint64_t sum = h.coins;
				for (int i = 0; i < h.n_gems; i++)
					sum += h.gem[i].value;
				for (int i = 0; i < h.n_arts; i++)
					sum += h.art[i].value;
				assert_int_equal(sum, spent);
				assert_true(spent <= share);
				assert_true(spent >=
				            share - share / 10); /* coins: 90-100 % of the rest */
				if (type == HOARD_INDIVIDUAL)
					assert_true(h.n_arts == 0 && h.n_items == 0);
				else
					assert_int_equal(h.n_items, 2);
				uint64_t count[COIN__MAX];
				uint32_t value[COIN__MAX];
				hoard_coins(&r, h.coins, rows[l].level, count, value);
				uint64_t coins = 0;
				for (int c = 0; c < COIN__MAX; c++) {
					coins += value[c];
					if (coin_per_gp[c])
						assert_true(count[c] ==
						            (uint64_t)value[c] * coin_per_gp[c]);
					else
						assert_true(count[c] * coin_gp_each[c] == value[c]);
				}
				assert_int_equal(coins, h.coins);
			}
}

static void test_share_follows_the_row(void **state)
{
	(void)state;
	assert_int_equal(budgets_load(rows), 0);
	for (int l = 0; l < DUNGEON_LEVEL_MAX; l++) {
		const struct dungeon_budget *b = &rows[l];
		assert_int_equal(hoard_share(b, HOARD_FULL, 4),
		                 b->budget_per_room * 100 / (uint32_t)b->hoard_pct);
		assert_int_equal(hoard_share(b, HOARD_INDIVIDUAL, 4), b->budget_per_room);
		assert_int_equal(hoard_share(b, HOARD_INDIVIDUAL, 8), 2 * b->budget_per_room);
	}
}

static void test_code_round_trip(void **state)
{
	(void)state;
	char text[TREASURECODE_MAX];
	for (int level = 1; level <= DUNGEON_LEVEL_MAX; level++)
		for (int party = 1; party <= TREASURE_PARTY_MAX; party++) {
			struct treasurecode c = {.level = level,
			                         .type = (enum hoard_type)(party % 2),
			                         .party = party,
			                         .seed = 0x9e3779b97f4a7c15ULL * (uint64_t)level,
			                         .revision = (uint64_t)party * 1000 + 1};
			int n = treasurecode_encode(&c, text, sizeof text);
			assert_true(n > 0);
			struct treasurecode d;
			assert_int_equal(treasurecode_decode(text, (size_t)n, &d, NULL), 0);
			assert_int_equal(d.version, TREASURECODE_VERSION);
			assert_true(d.level == level && d.party == party && d.type == c.type &&
			            d.seed == c.seed && d.revision == c.revision);
			text[n - 1] = text[n - 1] == 'A' ? 'B' : 'A'; /* another checksum */
			assert_int_equal(treasurecode_decode(text, (size_t)n, &d, NULL), -1);
		}
	struct treasurecode bad = {.level = 0, .party = 1, .revision = 1};
	assert_int_equal(treasurecode_encode(&bad, text, sizeof text), -1);
	bad.level = 1;
	bad.party = 9;
	assert_int_equal(treasurecode_encode(&bad, text, sizeof text), -1);
	/* a dungeon's code is not a treasure's */
	struct dungeoncode dc = {.w = 1, .h = 1, .level = 1, .tileset = "a", .revision = 1};
	char dtext[DUNGEONCODE_MAX];
	struct treasurecode d;
	for (uint64_t seed = 0; seed < 2000; seed++) {
		dc.seed = seed;
		int n = dungeoncode_encode(&dc, dtext, sizeof dtext);
		assert_true(n > 0);
		assert_int_equal(treasurecode_decode(dtext, (size_t)n, &d, NULL), -1);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_spent_within_the_share),
	        cmocka_unit_test(test_share_follows_the_row),
	        cmocka_unit_test(test_code_round_trip),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
