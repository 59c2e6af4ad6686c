/* bench_dungeon: fresh dungeons through the daemon's handler, in-process,
 * one thread, with a catalog from a catalog file (the daemon's
 * var/catalog.cache, catalog_file.h) and the real templates (run from the
 * project root): CPU µs per answer for each query, a new seed each (as a
 * fresh /dungeon). Without FastCGI, nginx or the kernel: what the daemon's
 * own code costs a request. Not a test: it asserts nothing about time.
 *
 * Usage: bench_dungeon CATALOG_FILE [SECONDS [QUERY...]]
 * SECONDS as "40x": exactly 40 answers a query, whatever they take (the
 * same dungeons from one run to the next, for instruction counts under
 * callgrind). QUERY as /dungeon's query string; by default the two fresh 30 x 30
 * level-20 rows of routes.py that were above 20x the card (JSON, PNG at
 * 50 and 100 hallways). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "catalog.h"
#include "catalog_file.h"
#include "handler.h"
#include "tmpl.h"

static double cpu_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	static const char *const defaults[] = {
	        "w=30&h=30&level=20&format=json",
	        "w=30&h=30&level=20&format=png",
	        "w=30&h=30&level=20&hallways=100&format=png",
	};
	static struct handler_ctx ctx;
	static struct response rs;
	const char *why = NULL, *env[] = {"HTTP_HOST=example.org", NULL};
	double seconds = argc > 2 ? atof(argv[2]) : 2.0;
	long count = argc > 2 && strchr(argv[2], 'x') ? atol(argv[2]) : 0;
	const char *const *queries = argc > 3 ? (const char *const *)argv + 3 : defaults;
	int n_queries = argc > 3 ? argc - 3 : (int)(sizeof defaults / sizeof *defaults);

	if (argc < 2) {
		fprintf(stderr, "usage: bench_dungeon CATALOG_FILE [SECONDS [QUERY...]]\n");
		return 2;
	}
	struct catalog *c = catalog_file_read(argv[1], &why);
	if (!c) {
		fprintf(stderr, "bench_dungeon: %s: %s\n", argv[1], why ? why : "refused");
		return 1;
	}
	catalog_publish(c);
	if (tmpl_init("templates", NULL) != 0)
		return 1;
	rng_seed(&ctx.seeds, 27);
	buf_init(&rs.body);
	printf("| query | µs per answer | bytes (last) |\n|---|---:|---:|\n");
	for (int q = 0; q < n_queries; q++) {
		struct request rq = {.method = "GET",
		                     .path = "/dungeon",
		                     .query = queries[q],
		                     .content_length = -1,
		                     .env = env};
		long n = 0;
		double t0 = cpu_s(), t;
		do {
			buf_reset(&rs.body);
			handle_request(&ctx, &rq, &rs);
			if (rs.status != 200) {
				fprintf(stderr, "bench_dungeon: %s: %d\n", queries[q], rs.status);
				return 1;
			}
			n++;
		} while ((t = cpu_s() - t0), count > 0 ? n < count : t < seconds);
		printf("| `%s` | %.1f | %zu |\n", queries[q], t / (double)n * 1e6, rs.body.len);
	}
	buf_free(&rs.body);
	arena_free(&ctx.arena);
	catalog_shutdown();
	return 0;
}
