/* dbnodes: the --db-hosts list as the daemon reads it, and which node a
 * process writes through as nodes fail and come back, with the time passed
 * in. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "dbnodes.h"

static void parses_hosts_and_ports(void **state)
{
	struct dbnodes ns;
	char why[128];
	(void)state;

	assert_int_equal(dbnodes_parse(&ns, "10.0.0.21,db2.example:3307,[fd00::3]:3308", 3306, why,
	                               sizeof(why)),
	                 0);
	assert_int_equal(ns.n, 3);
	assert_string_equal(ns.node[0].host, "10.0.0.21");
	assert_int_equal(ns.node[0].port, 3306);
	assert_string_equal(ns.node[1].host, "db2.example");
	assert_int_equal(ns.node[1].port, 3307);
	assert_string_equal(ns.node[2].host, "fd00::3");
	assert_int_equal(ns.node[2].port, 3308);
	assert_int_equal(dbnodes_current(&ns), 0);

	assert_int_equal(dbnodes_parse(&ns, "only", 3306, why, sizeof(why)), 0);
	assert_int_equal(ns.n, 1);
}

/* Each malformed list is refused with a reason naming what is wrong. */
static void refuses_malformed_lists(void **state)
{
	static const struct {
		const char *list, *why;
	} bad[] = {
	        {"", "empty"},         {"a,,b", "empty"},    {"a,", "empty"},
	        {",a", "empty"},       {"a b", "character"}, {"a;b", "character"},
	        {"a:", "port"},        {"a:0", "port"},      {"a:65536", "port"},
	        {"a:33x", "port"},     {"a:+3", "port"},     {"[::1", "bracket"},
	        {"[]:3306", "empty"},  {"::1", "bracket"},   {"a,b:3306,a", "twice"},
	        {"a:3306,a", "twice"},
	};
	struct dbnodes ns;
	char why[128];
	(void)state;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		why[0] = '\0';
		if (dbnodes_parse(&ns, bad[i].list, 3306, why, sizeof(why)) != -1 ||
		    !strstr(why, bad[i].why)) {
			fprintf(stderr, "list '%s': why '%s', want '%s'\n", bad[i].list, why,
			        bad[i].why);
			fail();
		}
	}
}

static void refuses_too_many_and_too_long(void **state)
{
	struct dbnodes ns;
	char list[DBNODES_LIST_MAX + 64], why[128];
	size_t off = 0;
	(void)state;

	for (int i = 0; i <= DBNODES_MAX; i++)
		off += (size_t)snprintf(list + off, sizeof(list) - off, "%sn%d", i ? "," : "", i);
	assert_int_equal(dbnodes_parse(&ns, list, 3306, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "at most"));
	/* Exactly the most is fine. */
	*strrchr(list, ',') = '\0';
	assert_int_equal(dbnodes_parse(&ns, list, 3306, why, sizeof(why)), 0);
	assert_int_equal(ns.n, DBNODES_MAX);

	memset(list, 'a', DBNODES_HOST_MAX + 1);
	list[DBNODES_HOST_MAX + 1] = '\0';
	assert_int_equal(dbnodes_parse(&ns, list, 3306, why, sizeof(why)), -1);
	assert_non_null(strstr(why, "long"));
	list[DBNODES_HOST_MAX] = '\0';
	assert_int_equal(dbnodes_parse(&ns, list, 3306, why, sizeof(why)), 0);
}

/* The current node stays while it works; a failure moves every handle to
 * the first node not skipped, in list order. */
static void walks_to_the_first_healthy(void **state)
{
	struct dbnodes ns;
	char why[64];
	(void)state;

	assert_int_equal(dbnodes_parse(&ns, "a,b,c", 3306, why, sizeof(why)), 0);
	assert_int_equal(dbnodes_current(&ns), 0);
	/* a dies: writes move to b. */
	assert_int_equal(dbnodes_failed(&ns, 0, 1000), 1);
	assert_int_equal(dbnodes_current(&ns), 1);
	assert_true(dbnodes_skipped(&ns, 0, 1000));
	assert_true(dbnodes_skipped(&ns, 0, 1000 + DBNODES_RETRY_MS - 1));
	assert_false(dbnodes_skipped(&ns, 0, 1000 + DBNODES_RETRY_MS));
	/* A second handle reporting a's failure changes nothing more. */
	assert_int_equal(dbnodes_failed(&ns, 0, 1100), 0);
	assert_int_equal(dbnodes_current(&ns), 1);
	/* a is back: writes stay on b (moving them would be for nothing). */
	assert_int_equal(dbnodes_current(&ns), 1);
	/* b dies after a's skip ran out: back to a, the first in the list. */
	assert_int_equal(dbnodes_failed(&ns, 1, 1100 + DBNODES_RETRY_MS), 1);
	assert_int_equal(dbnodes_current(&ns), 0);
}

static void skips_recently_failed_nodes(void **state)
{
	struct dbnodes ns;
	char why[64];
	(void)state;

	assert_int_equal(dbnodes_parse(&ns, "a,b,c", 3306, why, sizeof(why)), 0);
	assert_int_equal(dbnodes_failed(&ns, 0, 1000), 1); /* a: now b */
	assert_int_equal(dbnodes_failed(&ns, 1, 1200), 1); /* b: a is skipped, so c */
	assert_int_equal(dbnodes_current(&ns), 2);
	/* All three failed: the one after the last to fail, round the list. */
	assert_int_equal(dbnodes_failed(&ns, 2, 1300), 1);
	assert_int_equal(dbnodes_current(&ns), 0);
	/* a answered: no longer skipped, and a later failure of c finds it. */
	dbnodes_ok(&ns, 0);
	assert_false(dbnodes_skipped(&ns, 0, 1400));
	assert_int_equal(dbnodes_failed(&ns, 0, 1500), 1);
	assert_int_equal(dbnodes_current(&ns), 1);
}

static void one_node(void **state)
{
	struct dbnodes ns;
	char why[64];
	(void)state;

	assert_int_equal(dbnodes_parse(&ns, "solo:3310", 3306, why, sizeof(why)), 0);
	assert_int_equal(dbnodes_failed(&ns, 0, 10), 0);
	assert_int_equal(dbnodes_current(&ns), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(parses_hosts_and_ports),
	        cmocka_unit_test(refuses_malformed_lists),
	        cmocka_unit_test(refuses_too_many_and_too_long),
	        cmocka_unit_test(walks_to_the_first_healthy),
	        cmocka_unit_test(skips_recently_failed_nodes),
	        cmocka_unit_test(one_node),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
