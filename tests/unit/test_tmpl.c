/* tmpl: loading refuses unsafe or broken templates; expansion escapes what
 * the dictionary holds, appends to the buffer, and is safe from threads.
 * Each test writes its own templates into a private temporary directory. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "tmpl.h"

#define PRAGMA "{{%AUTOESCAPE context=\"HTML\"}}\n"

static char dir[64];

static void write_file(const char *name, const char *text)
{
	char path[128];
	snprintf(path, sizeof path, "%s/%s", dir, name);
	FILE *fp = fopen(path, "w");
	assert_non_null(fp);
	assert_int_equal(fputs(text, fp) >= 0, 1);
	assert_int_equal(fclose(fp), 0);
}

static int make_dir(void **state)
{
	(void)state;
	snprintf(dir, sizeof dir, "/tmp/lootforge-tmpl-XXXXXX");
	if (!mkdtemp(dir))
		return -1;
	return 0;
}

static int remove_dir(void **state)
{
	static const char *const files[] = {"page.tpl", "inc.tpl",    "bare.tpl", "late.tpl",
	                                    "attr.tpl", "open.tpl",   "raw.tpl",  "plain.tpl",
	                                    "opt.tpl",  "splice.tpl", NULL};
	char path[128];
	(void)state;
	for (const char *const *f = files; *f; f++) {
		snprintf(path, sizeof path, "%s/%s", dir, *f);
		unlink(path);
	}
	return rmdir(dir);
}

/* The templates most tests use: a page with a section and an include. */
static void load_good(void)
{
	static const char *const names[] = {"page.tpl", "inc.tpl", NULL};
	write_file("page.tpl", PRAGMA "<p title=\"{{A}}\">{{A}}</p>\n"
	                              "{{#S}}<i>{{B}}</i>{{/S}}\n"
	                              "<a href=\"/x?q={{Q}}\">{{N}}</a>\n"
	                              "<a class=\"u\" href=\"{{U}}\">u</a>\n"
	                              "{{>INC}}\n");
	write_file("inc.tpl", PRAGMA "<b>{{C}}</b>\n");
	assert_int_equal(tmpl_init(dir, names), 0);
}

static int expand_page(const char *a, const char *b, struct buf *out)
{
	struct tmpl_dict *d = tmpl_dict_new("page");
	assert_non_null(d);
	tmpl_set(d, "A", a);
	struct tmpl_dict *s = tmpl_section(d, "S");
	assert_non_null(s);
	tmpl_set(s, "B", b);
	tmpl_set(d, "Q", "a b&c");
	tmpl_set(d, "U", "javascript:alert(1)");
	tmpl_set_int(d, "N", -42);
	struct tmpl_dict *inc = tmpl_include(d, "INC", "inc.tpl");
	assert_non_null(inc);
	tmpl_set(inc, "C", "x<y");
	int rc = tmpl_expand("page.tpl", d, out);
	tmpl_dict_free(d);
	return rc;
}

static void test_values_are_escaped(void **state)
{
	struct buf out;
	(void)state;
	load_good();
	buf_init(&out);
	assert_int_equal(expand_page("<script>alert(1)</script>", "\"quotes\" & 'apos'", &out), 0);
	assert_non_null(out.data);
	assert_null(strstr(out.data, "<script>"));
	assert_non_null(strstr(out.data, "<p title=\"&lt;script&gt;alert(1)&lt;/script&gt;\">"
	                                 "&lt;script&gt;alert(1)&lt;/script&gt;</p>"));
	assert_non_null(strstr(out.data, "<i>&quot;quotes&quot; &amp; &#39;apos&#39;</i>"));
	assert_non_null(strstr(out.data, "<b>x&lt;y</b>"));
	assert_non_null(strstr(out.data, ">-42</a>"));
	/* inside a URL attribute: escaped for the attribute; a whole URL must
	 * also be a safe one, so a javascript: URL becomes "#" */
	assert_non_null(strstr(out.data, "href=\"/x?q=a b&amp;c\""));
	assert_non_null(strstr(out.data, "<a class=\"u\" href=\"#\">"));
	buf_free(&out);
}

static void test_section_hidden_unless_added(void **state)
{
	struct buf out;
	(void)state;
	load_good();
	buf_init(&out);
	struct tmpl_dict *d = tmpl_dict_new("page");
	assert_non_null(d);
	tmpl_set(d, "A", "a");
	assert_int_equal(tmpl_expand("page.tpl", d, &out), 0);
	assert_null(strstr(out.data, "<i>"));
	assert_null(strstr(out.data, "<b>")); /* no include dictionary, no include */
	tmpl_dict_free(d);
	buf_free(&out);
}

static void test_expand_appends(void **state)
{
	struct buf out;
	(void)state;
	load_good();
	buf_init(&out);
	assert_int_equal(buf_puts(&out, "before|"), 0);
	assert_int_equal(expand_page("one", "two", &out), 0);
	assert_int_equal(strncmp(out.data, "before|<p title=\"one\">one</p>", 29), 0);
	assert_int_equal(out.len, strlen(out.data));
	buf_free(&out);
}

static void test_expand_unknown_file_leaves_buffer(void **state)
{
	struct buf out;
	(void)state;
	load_good();
	buf_init(&out);
	assert_int_equal(buf_puts(&out, "keep"), 0);
	struct tmpl_dict *d = tmpl_dict_new("x");
	assert_non_null(d);
	assert_int_equal(tmpl_expand("nope.tpl", d, &out), -1);
	assert_int_equal(tmpl_expand("page.tpl", NULL, &out), -1);
	assert_string_equal(out.data, "keep");
	tmpl_dict_free(d);
	buf_free(&out);
}

static void test_missing_template_fails_init(void **state)
{
	static const char *const names[] = {"page.tpl", "missing.tpl", NULL};
	(void)state;
	load_good();
	assert_int_equal(tmpl_init(dir, names), -1);
	/* a failed init keeps the templates that were loaded before */
	struct buf out;
	buf_init(&out);
	assert_int_equal(expand_page("still", "here", &out), 0);
	assert_non_null(strstr(out.data, "still"));
	buf_free(&out);
}

static void test_missing_directory_fails_init(void **state)
{
	static const char *const names[] = {"page.tpl", NULL};
	(void)state;
	assert_int_equal(tmpl_init("/nonexistent/lootforge", names), -1);
	assert_int_equal(tmpl_init(NULL, names), -1);
	assert_int_equal(tmpl_init("/nonexistent/lootforge", NULL), -1);
}

/* Without a list, every *.tpl file of the directory is loaded, and one bad
 * file fails the whole init: the directory is the list. */
static void test_directory_is_the_list(void **state)
{
	char sub[96], path[160];
	struct buf out;
	(void)state;
	snprintf(sub, sizeof sub, "%s/all", dir);
	assert_int_equal(mkdir(sub, 0700), 0);
	assert_int_equal(tmpl_init(sub, NULL), -1); /* empty: nothing to serve */
	snprintf(path, sizeof path, "%s/one.tpl", sub);
	FILE *f = fopen(path, "w");
	assert_non_null(f);
	fputs(PRAGMA "<p>{{A}}</p>\n", f);
	fclose(f);
	snprintf(path, sizeof path, "%s/notes.txt", sub);
	f = fopen(path, "w"); /* not a template: ignored */
	assert_non_null(f);
	fputs("{{#unclosed}}", f);
	fclose(f);
	assert_int_equal(tmpl_init(sub, NULL), 0);
	struct tmpl_dict *d = tmpl_dict_new("one");
	assert_non_null(d);
	tmpl_set(d, "A", "<x>");
	buf_init(&out);
	assert_int_equal(tmpl_expand("one.tpl", d, &out), 0);
	assert_string_equal(out.data, "<p>&lt;x&gt;</p>");
	tmpl_dict_free(d);
	buf_free(&out);
	snprintf(path, sizeof path, "%s/two.tpl", sub);
	f = fopen(path, "w"); /* no AUTOESCAPE pragma */
	assert_non_null(f);
	fputs("<p>{{A}}</p>\n", f);
	fclose(f);
	assert_int_equal(tmpl_init(sub, NULL), -1);
	static const char *const made[] = {"one.tpl", "two.tpl", "notes.txt"};
	for (size_t i = 0; i < sizeof made / sizeof made[0]; i++) {
		snprintf(path, sizeof path, "%s/%s", sub, made[i]);
		unlink(path);
	}
	rmdir(sub);
}

/* Loads one template with this text alone; returns tmpl_init's answer. */
static int init_one(const char *name, const char *text)
{
	const char *names[] = {name, NULL};
	write_file(name, text);
	return tmpl_init(dir, names);
}

static void test_pragma_required(void **state)
{
	(void)state;
	assert_int_equal(init_one("bare.tpl", "<p>{{X}}</p>\n"), -1);
	/* not first: ctemplate accepts it, our check does not */
	assert_int_equal(init_one("late.tpl", "<p>hi</p>\n" PRAGMA "<p>{{X}}</p>\n"), -1);
	assert_int_equal(init_one("late.tpl", PRAGMA "<p>{{X}}</p>\n"), 0);
}

static void test_escaping_error_fails(void **state)
{
	(void)state;
	/* a variable where an attribute name goes cannot be escaped */
	assert_int_equal(init_one("attr.tpl", PRAGMA "<p {{ATTR}}=\"1\">x</p>\n"), -1);
}

static void test_syntax_error_fails(void **state)
{
	(void)state;
	assert_int_equal(init_one("open.tpl", PRAGMA "{{#S}}<p>never closed\n"), -1);
}

static void test_raw_modifier_refused(void **state)
{
	(void)state;
	assert_int_equal(init_one("raw.tpl", PRAGMA "<p>{{X:none}}</p>\n"), -1);
}

/* x-plain: a value of letters, digits, ' ', '.', '#', '-' and newlines goes
 * out as it is, in an attribute and in a <pre> (where escaping would not
 * have changed it either); any other byte fails the whole expansion, the
 * buffer as it was. */
static void test_plain_modifier(void **state)
{
	static const char *const names[] = {"plain.tpl", NULL};
	static const char *const bad[] = {"a<b", "a\"b", "a&b", "a'b",  "a:b",
	                                  "a/b", "a=b",  "a>b", "a\tb", "\xc3\xa9"};
	struct buf out;
	(void)state;
	write_file("plain.tpl", PRAGMA "<path d=\"{{D:x-plain}}\"/><pre>{{T:x-plain}}</pre>\n");
	assert_int_equal(tmpl_init(dir, names), 0);
	buf_init(&out);
	struct tmpl_dict *d = tmpl_dict_new("plain");
	tmpl_set(d, "D", "M0 1h12v1h-12zM3 4h1v1h-1z");
	tmpl_set(d, "T", "##..#\n#...#\nAZaz09 -.\n");
	assert_int_equal(tmpl_expand("plain.tpl", d, &out), 0);
	assert_string_equal(out.data, "<path d=\"M0 1h12v1h-12zM3 4h1v1h-1z\"/>"
	                              "<pre>##..#\n#...#\nAZaz09 -.\n</pre>");
	tmpl_dict_free(d);
	/* tmpl_set_ref: the caller's bytes, n of them, not copied; NULL is
	 * empty; the modifier checks them the same */
	{
		char path[] = "M0 1h12v1h-12zTRAILING";
		buf_reset(&out);
		d = tmpl_dict_new("plain");
		tmpl_set_ref(d, "D", path, 14);
		tmpl_set_ref(d, "T", NULL, 0);
		assert_int_equal(tmpl_expand("plain.tpl", d, &out), 0);
		assert_string_equal(out.data, "<path d=\"M0 1h12v1h-12z\"/><pre></pre>");
		tmpl_set_ref(d, "T", "a<b", 3);
		assert_int_equal(tmpl_expand("plain.tpl", d, &out), -1);
		tmpl_dict_free(d);
	}
	for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
		buf_reset(&out);
		assert_int_equal(buf_puts(&out, "kept"), 0);
		d = tmpl_dict_new("plain");
		tmpl_set(d, "D", i % 2 ? bad[i] : "M0 0");
		tmpl_set(d, "T", i % 2 ? "#" : bad[i]);
		assert_int_equal(tmpl_expand("plain.tpl", d, &out), -1);
		assert_string_equal(out.data, "kept");
		/* the same dictionary, the bad value replaced: expands again */
		tmpl_set(d, i % 2 ? "D" : "T", "ok");
		assert_int_equal(tmpl_expand("plain.tpl", d, &out), 0);
		tmpl_dict_free(d);
	}
	/* every byte value at every place of a 40-byte value (the check reads
	 * sixteen bytes at a time, then the rest a byte at a time): refused
	 * exactly when it is not plain */
	for (int c = 1; c < 256; c++)
		for (int at = 0; at < 40; at++) {
			char v[41];
			memset(v, at % 2 ? '#' : 'a', 40);
			v[40] = '\0';
			v[at] = (char)c;
			int plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
			            (c >= '0' && c <= '9') || c == ' ' || c == '.' || c == '#' ||
			            c == '-' || c == '\n';
			buf_reset(&out);
			d = tmpl_dict_new("plain");
			tmpl_set(d, "D", "M0 0");
			tmpl_set(d, "T", v);
			assert_int_equal(tmpl_expand("plain.tpl", d, &out), plain ? 0 : -1);
			if (plain)
				assert_non_null(strstr(out.data, v));
			tmpl_dict_free(d);
		}
	buf_free(&out);
}

#define THREADS 4
#define ROUNDS  300

struct job {
	int id;
	int bad;
};

/* Each thread builds its own dictionaries and expands the shared templates. */
static void *expand_many(void *arg)
{
	struct job *j = arg;
	char a[32], want[64];
	struct buf out;

	buf_init(&out);
	for (int i = 0; i < ROUNDS; i++) {
		buf_reset(&out);
		snprintf(a, sizeof a, "t%d<%d>", j->id, i);
		snprintf(want, sizeof want, "<p title=\"t%d&lt;%d&gt;\">t%d&lt;%d&gt;</p>", j->id,
		         i, j->id, i);
		if (expand_page(a, "b", &out) != 0 || !strstr(out.data, want))
			j->bad++;
	}
	buf_free(&out);
	return NULL;
}

/* A piece copied from another fragment splices the same bytes as the
 * expansion it was made by; a piece out of range is refused and leaves the
 * fragment as it was. */
static void test_frag_copy(void **state)
{
	static const char *const names[] = {"opt.tpl", "splice.tpl", NULL};
	struct buf a, b;
	(void)state;
	write_file("opt.tpl", PRAGMA "<option value=\"{{V}}\">{{V}}</option>");
	write_file("splice.tpl", PRAGMA "<select>{{F:x-frag}}</select>\n");
	assert_int_equal(tmpl_init(dir, names), 0);
	struct tmpl_frag *made = tmpl_frag_new(), *copied = tmpl_frag_new();
	assert_non_null(made);
	assert_non_null(copied);
	static const char *const words[] = {"sword", "<b>bold</b>", "a\"quote"};
	for (int i = 0; i < 3; i++) {
		struct tmpl_dict *d = tmpl_dict_new("opt");
		assert_non_null(d);
		tmpl_set(d, "V", words[i]);
		assert_int_equal(tmpl_frag_add(made, "opt.tpl", d), 0);
		tmpl_dict_free(d);
	}
	/* in another order: 2, 0, 1 */
	assert_int_equal(tmpl_frag_copy(copied, made, 2), 0);
	assert_int_equal(tmpl_frag_copy(copied, made, 0), 0);
	assert_int_equal(tmpl_frag_copy(copied, made, 1), 0);
	assert_int_equal(tmpl_frag_copy(copied, made, 3), -1);
	assert_int_equal(tmpl_frag_copy(copied, copied, 0), -1);
	assert_int_equal(tmpl_frag_copy(NULL, made, 0), -1);
	assert_int_equal(tmpl_frag_count(copied), 3);

	buf_init(&a);
	buf_init(&b);
	struct tmpl_dict *d = tmpl_dict_new("splice");
	assert_non_null(d);
	struct tmpl_span mine[] = {{made, 2, 3}, {made, 0, 2}};
	tmpl_set_spans(d, "F", mine, 2);
	assert_int_equal(tmpl_expand("splice.tpl", d, &a), 0);
	tmpl_dict_free(d);
	d = tmpl_dict_new("splice");
	assert_non_null(d);
	struct tmpl_span theirs[] = {{copied, 0, 3}};
	tmpl_set_spans(d, "F", theirs, 1);
	assert_int_equal(tmpl_expand("splice.tpl", d, &b), 0);
	tmpl_dict_free(d);
	assert_string_equal(a.data, b.data);
	assert_string_equal(b.data, "<select><option value=\"a&quot;quote\">a&quot;quote</option>"
	                            "<option value=\"sword\">sword</option>"
	                            "<option value=\"&lt;b&gt;bold&lt;/b&gt;\">"
	                            "&lt;b&gt;bold&lt;/b&gt;</option></select>");
	buf_free(&a);
	buf_free(&b);
	tmpl_frag_free(made);
	tmpl_frag_free(copied);
}

static void test_threads_expand_concurrently(void **state)
{
	pthread_t t[THREADS];
	struct job jobs[THREADS];
	(void)state;
	load_good();
	for (int i = 0; i < THREADS; i++) {
		jobs[i] = (struct job){.id = i};
		assert_int_equal(pthread_create(&t[i], NULL, expand_many, &jobs[i]), 0);
	}
	for (int i = 0; i < THREADS; i++) {
		assert_int_equal(pthread_join(t[i], NULL), 0);
		assert_int_equal(jobs[i].bad, 0);
	}
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_values_are_escaped),
	        cmocka_unit_test(test_section_hidden_unless_added),
	        cmocka_unit_test(test_expand_appends),
	        cmocka_unit_test(test_expand_unknown_file_leaves_buffer),
	        cmocka_unit_test(test_missing_template_fails_init),
	        cmocka_unit_test(test_missing_directory_fails_init),
	        cmocka_unit_test(test_directory_is_the_list),
	        cmocka_unit_test(test_pragma_required),
	        cmocka_unit_test(test_escaping_error_fails),
	        cmocka_unit_test(test_syntax_error_fails),
	        cmocka_unit_test(test_raw_modifier_refused),
	        cmocka_unit_test(test_plain_modifier),
	        cmocka_unit_test(test_frag_copy),
	        cmocka_unit_test(test_threads_expand_concurrently),
	};
	return cmocka_run_group_tests(tests, make_dir, remove_dir);
}
