/* kept: the pages written for nginx are the pages answered, at the live
 * revision only, under the names nginx looks for; the link follows the live
 * revision and two revisions' directories stay; nothing is written for an
 * error, a query nginx would not look up, or past the bounds; files are
 * readable by nginx whatever the umask. The pages go through
 * handle_request with the fixture catalog and the real templates (run from
 * the project root); nginx's side is tests/integration/test_pagecache.py. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "catalog.h"
#include "fixture.h"
#include "handler.h"
#include "kept.h"
#include "pagecache.h"
#include "tmpl.h"

/* <sys/stat.h> cannot be included beside recipe.h (its enum stat): the one
 * function wanted from it. */
mode_t umask(mode_t mask);

static struct handler_ctx ctx;
static struct response rs;
static char dir[64];

static void run(const char *method, const char *path, const char *query, const char *accept)
{
	const char *env[] = {"HTTP_HOST=example.org", NULL};
	struct request rq = {.method = method,
	                     .path = path,
	                     .query = query,
	                     .accept = accept,
	                     .content_length = -1,
	                     .env = env};
	handle_request(&ctx, &rq, &rs);
}

/* The file's bytes (malloc'd, NUL-terminated) and length, or NULL. */
static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return NULL;
	char *s = malloc(1 << 20);
	assert_non_null(s);
	*len = fread(s, 1, (1 << 20) - 1, f);
	s[*len] = '\0';
	fclose(f);
	return s;
}

static int exists(const char *rel)
{
	char p[256], t[8];
	snprintf(p, sizeof p, "%s/%s", dir, rel);
	return access(p, F_OK) == 0 || readlink(p, t, sizeof t) >= 0;
}

/* A file's permission bits, as stat(1) prints them ("644"): recipe.h's
 * enum stat hides struct stat in this file. */
static void assert_mode(const char *path, const char *want)
{
	char cmd[300], got[16] = "";
	snprintf(cmd, sizeof cmd, "stat -c %%a '%s'", path);
	FILE *f = popen(cmd, "r");
	assert_non_null(f);
	assert_non_null(fgets(got, sizeof got, f));
	pclose(f);
	got[strcspn(got, "\n")] = '\0';
	assert_string_equal(got, want);
}

static void assert_link(const char *want)
{
	char p[256], target[64];
	snprintf(p, sizeof p, "%s/current", dir);
	ssize_t n = readlink(p, target, sizeof target - 1);
	assert_true(n > 0);
	target[n] = '\0';
	assert_string_equal(target, want);
}

static int setup(void **state)
{
	(void)state;
	if (tmpl_init("templates", NULL) != 0)
		return -1;
	rng_seed(&ctx.seeds, 27);
	buf_init(&rs.body);
	snprintf(dir, sizeof dir, "/tmp/lf-kept-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	umask(077); /* the service's: the files must still be nginx's to read */
	catalog_publish(fixture_catalog()); /* revision 1 */
	return 0;
}

static int teardown(void **state)
{
	char cmd[128];
	(void)state;
	buf_free(&rs.body);
	arena_free(&ctx.arena);
	catalog_shutdown();
	snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
	return system(cmd) == 0 ? 0 : -1;
}

/* What an earlier run left is gone at start; a file that is not a
 * revision's directory stays. */
static void test_init_starts_empty(void **state)
{
	char p[512];
	(void)state;
	snprintf(p, sizeof p,
	         "mkdir -p '%s/5/words' && touch '%s/5/words/_.html' '%s/notes' && "
	         "ln -s 5 '%s/current'",
	         dir, dir, dir, dir);
	assert_int_equal(system(p), 0);
	assert_int_equal(kept_init(dir), 0);
	assert_false(exists("5"));
	assert_false(exists("current"));
	assert_true(exists("notes"));
}

/* Each page the daemon keeps, in each format nginx looks up: written on
 * the first render, as answered, readable by all; a CSV is not. */
static void test_pages_written_as_answered(void **state)
{
	static const struct {
		const char *path, *query, *accept, *file;
	} pages[] = {
	        {"/words", NULL, NULL, "1/words/_.html"},
	        {"/words", "format=json", NULL, "1/words/format=json.json"},
	        {"/words", NULL, "application/json", "1/words/_.json"},
	        {"/words", "kind=weapon&part=element", NULL,
	         "1/words/kind=weapon&part=element.html"},
	        {"/spells", NULL, NULL, "1/spells/_.html"},
	        {"/spells", "level=1", "application/json", "1/spells/level=1.json"},
	};
	char p[256];
	(void)state;
	assert_int_equal(kept_init(dir), 0);
	kept_live(1);
	assert_link("1");
	for (size_t i = 0; i < sizeof pages / sizeof pages[0]; i++) {
		run("GET", pages[i].path, pages[i].query, pages[i].accept);
		assert_int_equal(rs.status, 200);
		snprintf(p, sizeof p, "%s/%s", dir, pages[i].file);
		size_t len;
		char *body = slurp(p, &len);
		if (!body)
			fail_msg("%s?%s: no %s", pages[i].path, pages[i].query, pages[i].file);
		assert_int_equal(len, rs.body.len);
		assert_memory_equal(body, rs.body.data, len);
		free(body);
		assert_mode(p, "644");
	}
	snprintf(p, sizeof p, "%s/1/words", dir);
	assert_mode(p, "755");
	assert_mode(dir, "755");
	run("GET", "/words", "format=csv", NULL);
	assert_int_equal(rs.status, 200);
	assert_false(exists("1/words/format=csv.json") || exists("1/words/format=csv.html"));
	/* an error, and a query nginx would not look up: nothing */
	run("GET", "/words", "kind=nonsense", NULL);
	assert_int_equal(rs.status, 400);
	assert_false(exists("1/words/kind=nonsense.html"));
	run("GET", "/spells", "q=fire%20ball", NULL);
	assert_int_equal(rs.status, 200);
	assert_false(exists("1/spells/q=fire%20ball.html"));
	/* no temporary file is left behind */
	snprintf(p, sizeof p, "test -z \"$(find '%s' -name '.[0-9]*')\"", dir);
	assert_int_equal(system(p), 0);
}

/* Only bodies of a whole 200 at the live revision, under a plain query. */
static void test_publish_refuses(void **state)
{
	char p[256];
	struct request rq = {.method = "GET", .path = "/words", .query = NULL};
	struct response r = {.status = 200};
	(void)state;
	assert_int_equal(kept_init(dir), 0);
	kept_live(3);
	buf_init(&r.body);
	assert_int_equal(buf_puts(&r.body, "page"), 0);

	kept_publish("words", &rq, &r, 2, KEPT_HTML); /* not the live revision */
	assert_false(exists("2/words/_.html"));
	r.status = 503;
	kept_publish("words", &rq, &r, 3, KEPT_HTML);
	r.status = 200;
	r.retry_after = 1;
	kept_publish("words", &rq, &r, 3, KEPT_HTML);
	r.retry_after = 0;
	assert_false(exists("3/words/_.html"));

	static const char *const bad[] = {"q=a b", "q=%41",      "q=a+b", "q=../x",
	                                  "a/b",   "q=\xc3\xa9", "q=a;b"};
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		assert_int_equal(kept_path("words", bad[i], 3, KEPT_HTML, p, sizeof p), -1);
		rq.query = bad[i];
		kept_publish("words", &rq, &r, 3, KEPT_HTML);
	}
	snprintf(p, sizeof p, "test \"$(ls -A '%s/3/words' 2>/dev/null | wc -l)\" = 0", dir);
	assert_int_equal(system(p), 0);

	char longest[KEPT_QUERY_MAX + 2];
	memset(longest, 'a', sizeof longest);
	longest[KEPT_QUERY_MAX] = '\0';
	assert_int_equal(kept_path("words", longest, 3, KEPT_JSON, p, sizeof p) == 0 ? 0 : -1, 0);
	longest[KEPT_QUERY_MAX] = 'a';
	longest[KEPT_QUERY_MAX + 1] = '\0';
	assert_int_equal(kept_path("words", longest, 3, KEPT_JSON, p, sizeof p), -1);
	/* the names nginx.conf makes: QUERY.EXT, "_" for none */
	static const char *const names[] = {"_.html", "_.json", "_.txt", "_.png"};
	for (int f = KEPT_HTML; f <= KEPT_PNG; f++) {
		char want[256];
		assert_int_equal(kept_path("map", NULL, 3, (enum kept_format)f, p, sizeof p), 0);
		snprintf(want, sizeof want, "%s/3/map/%s", dir, names[f]);
		assert_string_equal(p, want);
	}
	assert_int_equal(kept_path("map", "w=3&seed=9", 3, KEPT_PNG, p, sizeof p), 0);
	assert_non_null(strstr(p, "/3/map/w=3&seed=9.png"));

	rq.query = "kind=weapon";
	kept_publish("words", &rq, &r, 3, KEPT_JSON);
	assert_true(exists("3/words/kind=weapon.json"));
	buf_free(&r.body);
}

/* The link follows each load; the live revision's directory and the one
 * before stay, older ones go; a load behind moves it back. */
static void test_link_follows_the_live_revision(void **state)
{
	struct request rq = {.method = "GET", .path = "/spells", .query = NULL};
	struct response r = {.status = 200};
	(void)state;
	assert_int_equal(kept_init(dir), 0);
	buf_init(&r.body);
	assert_int_equal(buf_puts(&r.body, "page"), 0);
	for (uint64_t rev = 7; rev <= 9; rev++) {
		kept_live(rev);
		kept_publish("spells", &rq, &r, rev, KEPT_HTML);
	}
	assert_link("9");
	assert_true(exists("9/spells/_.html"));
	assert_true(exists("8/spells/_.html"));
	assert_false(exists("7"));
	kept_live(8); /* a process a load behind */
	assert_link("8");
	assert_true(exists("9") && exists("8"));
	kept_live(10);
	assert_link("10");
	assert_false(exists("9"));
	assert_true(exists("8"));
	kept_stop(); /* the daemon stopped: nginx finds nothing */
	assert_false(exists("current"));
	assert_true(exists("10"));
	buf_free(&r.body);
}

/* At most KEPT_INPUTS_FILES_MAX seeded files a revision, then none; a new
 * revision starts again. */
static void test_bounded(void **state)
{
	char q[32], name[64];
	struct request rq = {.method = "GET", .path = "/map", .query = q};
	struct response r = {.status = 200};
	(void)state;
	assert_int_equal(kept_init(dir), 0);
	kept_live(4);
	buf_init(&r.body);
	assert_int_equal(buf_puts(&r.body, "m"), 0);
	for (int i = 0; i <= KEPT_INPUTS_FILES_MAX; i++) {
		snprintf(q, sizeof q, "seed=%d", i);
		kept_publish("map", &rq, &r, 4, KEPT_HTML);
	}
	snprintf(name, sizeof name, "4/map/seed=%d.html", KEPT_INPUTS_FILES_MAX - 1);
	assert_true(exists(name));
	snprintf(name, sizeof name, "4/map/seed=%d.html", KEPT_INPUTS_FILES_MAX);
	assert_false(exists(name));
	kept_live(5);
	kept_publish("map", &rq, &r, 5, KEPT_HTML);
	snprintf(name, sizeof name, "5/map/seed=%d.html", KEPT_INPUTS_FILES_MAX);
	assert_true(exists(name));
	buf_free(&r.body);
}

/* Seeded pages cannot spend the budget of the pages that depend only on
 * the revision: after a flood of maps the word list, the spells and the
 * export are still written. And the bound is the directory's, not the
 * process's: a worker that starts again (kill -9, then kept_live for the
 * same revision) or another worker process finds the count where it was. */
static void test_revision_pages_first_and_bound_on_disk(void **state)
{
	char q[32], name[64];
	struct request rq = {.method = "GET", .path = "/map", .query = q};
	struct request plain = {.method = "GET", .path = "/words", .query = NULL};
	struct response r = {.status = 200};
	(void)state;
	assert_int_equal(kept_init(dir), 0);
	kept_live(6);
	buf_init(&r.body);
	assert_int_equal(buf_puts(&r.body, "m"), 0);
	int last = -1;
	for (int i = 0; i <= KEPT_FILES_MAX; i++) {
		snprintf(q, sizeof q, "seed=%d", i);
		kept_publish("map", &rq, &r, 6, KEPT_HTML);
		snprintf(name, sizeof name, "6/map/seed=%d.html", i);
		if (exists(name))
			last = i;
	}
	assert_true(last > 0 && last < KEPT_FILES_MAX);
	kept_publish("words", &plain, &r, 6, KEPT_HTML);
	kept_publish("spells", &plain, &r, 6, KEPT_JSON);
	kept_publish("catalog", &plain, &r, 6, KEPT_JSON);
	assert_true(exists("6/words/_.html"));
	assert_true(exists("6/spells/_.json"));
	assert_true(exists("6/catalog/_.json"));

	/* the same process started again: nothing more */
	kept_live(6);
	snprintf(q, sizeof q, "seed=again");
	kept_publish("map", &rq, &r, 6, KEPT_HTML);
	assert_false(exists("6/map/seed=again.html"));

	/* another worker process: nothing more either */
	pid_t child = fork();
	assert_true(child >= 0);
	if (child == 0) {
		kept_live(6);
		snprintf(q, sizeof q, "seed=child");
		kept_publish("map", &rq, &r, 6, KEPT_HTML);
		_exit(0);
	}
	int status = 0;
	assert_int_equal(waitpid(child, &status, 0), child);
	assert_false(exists("6/map/seed=child.html"));
	buf_free(&r.body);
}

/* The revision header for nginx's cache: on a whole 200 only, and only
 * when pages are kept at all. */
static void test_mark(void **state)
{
	struct response r = {.status = 200};
	(void)state;
	assert_int_equal(kept_init(dir), 0);
	kept_mark(&r, 12);
	assert_string_equal(r.headers, "X-Kept-Revision: 12\r\n");
	r.headers[0] = '\0';
	r.status = 404;
	kept_mark(&r, 12);
	r.status = 200;
	r.retry_after = 1;
	kept_mark(&r, 12);
	assert_string_equal(r.headers, "");
	r.retry_after = 0;
	assert_int_equal(kept_init(NULL), 0);
	kept_mark(&r, 12);
	assert_string_equal(r.headers, "");
}

/* Without a directory nothing is written and nothing fails. */
static void test_off(void **state)
{
	char p[256];
	(void)state;
	assert_int_equal(kept_init(NULL), 0);
	kept_live(1);
	run("GET", "/spells", NULL, NULL);
	assert_int_equal(rs.status, 200);
	assert_int_equal(kept_path("spells", NULL, 1, KEPT_HTML, p, sizeof p), -1);
	assert_int_equal(kept_init(""), 0);
	/* a directory that cannot be made, a path too long: refused, and then
	 * nothing is written either */
	assert_int_equal(kept_init("/proc/lootforge-kept"), -1);
	assert_int_equal(kept_path("spells", NULL, 1, KEPT_HTML, p, sizeof p), -1);
	static char lengthy[5000];
	memset(lengthy, 'k', sizeof lengthy - 1);
	lengthy[0] = '/';
	assert_int_equal(kept_init(lengthy), -1);
	assert_int_equal(kept_path("spells", NULL, 1, KEPT_HTML, p, sizeof p), -1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_init_starts_empty),
	        cmocka_unit_test(test_pages_written_as_answered),
	        cmocka_unit_test(test_publish_refuses),
	        cmocka_unit_test(test_link_follows_the_live_revision),
	        cmocka_unit_test(test_bounded),
	        cmocka_unit_test(test_revision_pages_first_and_bound_on_disk),
	        cmocka_unit_test(test_mark),
	        cmocka_unit_test(test_off),
	};
	return cmocka_run_group_tests(tests, setup, teardown);
}
