/* bench_generate: the generator (and the renderers) alone, in-process, on one
 * thread, against the catalog of a running database, loaded the way the
 * daemon loads it (db_load_catalog). Prints one line of key=value figures
 * for tests/bench/bench.py; not a test: it asserts nothing about time.
 *
 * Usage: bench_generate [--seconds S] [--kind KIND] [--templates DIR]
 * The database settings come from the daemon's LOOTFORGE_DB_* variables
 * (config.h). With --templates, it also times render_html and
 * render_json_items on the generated items (one, and a batch of 100), with
 * the catalog published as the daemon's current one (so the form's word-list cache is used). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "buf.h"
#include "catalog.h"
#include "config.h"
#include "db.h"
#include "dbcatalog.h"
#include "form.h"
#include "generate.h"
#include "render.h"
#include "tmpl.h"

#define CHUNK 4096 /* items between two clock reads */

struct opts {
	double seconds;
	enum kind kind;
	const char *templates;
};

static double now(clockid_t clock)
{
	struct timespec t;
	clock_gettime(clock, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static int parse_opts(struct opts *o, int argc, char **argv)
{
	*o = (struct opts){.seconds = 2.0, .kind = K_WEAPON};
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (strcmp(a, "--seconds") == 0 && v) {
			o->seconds = strtod(v, NULL);
		} else if (strcmp(a, "--kind") == 0 && v) {
			int k = 0;
			while (k < K__MAX && strcmp(kind_names[k], v) != 0)
				k++;
			if (k == K__MAX)
				return -1;
			o->kind = (enum kind)k;
		} else if (strcmp(a, "--templates") == 0 && v) {
			o->templates = v;
		} else {
			return -1;
		}
		i++;
	}
	return o->seconds > 0 ? 0 : -1;
}

static size_t catalog_rows(const struct catalog *c)
{
	size_t n = 0;
	for (int k = 0; k < K__MAX; k++)
		for (int p = 0; p < P__MAX; p++)
			n += c->t[k][p].n;
	return n;
}

/* Generates items with fresh seeds for about o->seconds of this thread's CPU
 * time. The sum of strengths is printed so the work cannot be optimised
 * away. Rates are per CPU second (one core) and per wall second. */
static int bench_generate(const struct catalog *c, const struct opts *o)
{
	struct gen_input in = {.kind = o->kind, .power = 1.0};
	struct item it;
	uint64_t n = 0, sum = 0;
	double c0 = now(CLOCK_THREAD_CPUTIME_ID), w0 = now(CLOCK_MONOTONIC), cpu, wall;

	do {
		for (int i = 0; i < CHUNK; i++, n++) {
			if (generate(c, &in, generate_batch_seed(12345, (unsigned)n + 1), &it) != 0)
				return -1;
			sum += (uint64_t)it.str;
		}
		cpu = now(CLOCK_THREAD_CPUTIME_ID) - c0;
	} while (cpu < o->seconds);
	wall = now(CLOCK_MONOTONIC) - w0;
	printf("gen_kind=%s gen_items=%llu gen_cpu_s=%.3f gen_per_cpu_s=%.0f gen_per_wall_s=%.0f "
	       "gen_checksum=%llu ",
	       kind_names[o->kind], (unsigned long long)n, cpu, (double)n / cpu, (double)n / wall,
	       (unsigned long long)sum);
	return 0;
}

/* Microseconds of CPU per item of a JSON batch of BATCH_N (GET
 * /generate?count=100): generated and written as one answer. */
#define BATCH_N 100
static int bench_batch(const struct catalog *c, const struct form *f, const struct gen_input *in,
                       const struct opts *o, struct buf *out)
{
	static struct item items[BATCH_N];
	uint64_t n = 0;
	double c0 = now(CLOCK_THREAD_CPUTIME_ID), cpu;
	int rc = 0;

	do {
		buf_reset(out);
		for (int i = 0; i < BATCH_N && rc == 0; i++, n++)
			rc = generate(c, in, generate_batch_seed(778, (unsigned)n + 1), &items[i]);
		if (rc == 0)
			rc = render_json_items(f, items, BATCH_N, 1, out);
		cpu = now(CLOCK_THREAD_CPUTIME_ID) - c0;
	} while (rc == 0 && cpu < o->seconds / 2);
	if (rc == 0)
		printf("batch_item_us=%.2f batch_bytes=%zu ", cpu * 1e6 / (double)n, out->len);
	return rc;
}

/* Microseconds of CPU per rendered answer: one HTML page with one card (the
 * default form), and one item as JSON. */
static int bench_render(const struct catalog *c, const struct opts *o)
{
	struct gen_input in = {.kind = o->kind, .power = 1.0};
	struct form f;
	struct item it;
	struct buf out;
	int rc = 0;

	if (tmpl_init(o->templates, NULL) != 0 || form_parse(&f, NULL, NULL, 0, NULL) != 0)
		return -1;
	f.kind = o->kind;
	buf_init(&out);
	for (int html = 1; html >= 0 && rc == 0; html--) {
		uint64_t n = 0;
		double c0 = now(CLOCK_THREAD_CPUTIME_ID), cpu;
		size_t bytes = 0;
		do {
			for (int i = 0; i < 256 && rc == 0; i++, n++) {
				buf_reset(&out);
				rc = generate(c, &in, generate_batch_seed(777, (unsigned)n + 1),
				              &it);
				struct page pg = {.cat = c, .form = &f, .items = &it, .n_items = 1};
				if (rc == 0)
					rc = html ? render_html(&pg, &out)
					          : render_json_items(&f, &it, 1, 0, &out);
				bytes = out.len;
			}
			cpu = now(CLOCK_THREAD_CPUTIME_ID) - c0;
		} while (rc == 0 && cpu < o->seconds / 2);
		if (rc == 0)
			printf("%s_us=%.2f %s_bytes=%zu ", html ? "html" : "json",
			       cpu * 1e6 / (double)n, html ? "html" : "json", bytes);
	}
	if (rc == 0)
		rc = bench_batch(c, &f, &in, o, &out);
	buf_free(&out);
	return rc;
}

int main(int argc, char **argv)
{
	struct opts o;
	struct config cfg;
	struct catalog *c = NULL;
	char *no_flags[] = {argv[0], NULL};
	int rc = 1;

	if (parse_opts(&o, argc, argv) != 0) {
		fprintf(stderr,
		        "usage: %s [--seconds S] [--kind KIND] [--templates DIR]\n"
		        "(database settings: the LOOTFORGE_DB_* variables)\n",
		        argv[0]);
		return 2;
	}
	if (config_parse(&cfg, 1, no_flags, stdout, stderr) != CONFIG_OK)
		return 2;
	struct db_config dbc = config_db(&cfg);
	struct db *db = db_new(&dbc);
	if (!db || db_load_catalog(db, &c) != DB_OK) {
		fprintf(stderr, "bench_generate: cannot load the catalog\n");
		goto done;
	}
	printf("rows=%zu revision=%llu ", catalog_rows(c), (unsigned long long)c->revision);
	if (bench_generate(c, &o) != 0) {
		fprintf(stderr, "bench_generate: the catalog cannot make a %s\n",
		        kind_names[o.kind]);
		goto done;
	}
	if (o.templates) {
		catalog_publish(c); /* the daemon renders the current catalog */
		const struct catalog *cur = catalog_acquire();
		int r = bench_render(cur, &o);
		catalog_release(cur);
		catalog_shutdown();
		c = NULL;
		if (r != 0) {
			fprintf(stderr, "bench_generate: rendering failed\n");
			goto done;
		}
	}
	printf("\n");
	rc = 0;
done:
	catalog_free(c);
	db_free(db);
	config_free(&cfg);
	return rc;
}
