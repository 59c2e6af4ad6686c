/* The map generator alone, one thread: maps per CPU second and µs per map by
 * size, for each tileset of migration 0007. Prints a markdown table.
 *
 * bench_mapgen --dungeons N [P]: N fresh 30 x 30 level-20 dungeons of
 * `plain` weighed for 50 hallways (what a fresh /dungeon?w=30&h=30&level=20
 * makes), seeds 1..N: CPU µs per map and per dungeon_build. A fixed count,
 * so that callgrind's instructions divide into a figure per dungeon. With P
 * passes over the N seeds it times by the monotonic clock instead (read
 * without a system call: the CPU clock's costs 1.2 µs on this VM and
 * disturbs what it times) and also prints the mean of each seed's best of
 * its P times: steady on a busy machine, where a mean is not, and still a
 * fresh dungeon's time (each seed's map and dungeon built once a pass, so
 * the branch predictor has not learnt it, as it would from the same seed
 * built again at once). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dungeon.h"
#include "mapgen.h"

#include "../unit/budgets_fixture.h"
#include "../unit/tiles_fixture.h"

static struct tiles_set sets[TILESETS_MAX];
static size_t n_sets;
static struct map m;
static struct dungeon d;

static double cpu_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static double wall_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static int bench_dungeons(long n, long passes)
{
	double (*now)(void) = passes > 1 ? wall_s : cpu_s;
	static struct map_tile weighed[MAP_TILES_MAX];
	static struct dungeon_budget budgets[DUNGEON_LEVEL_MAX];
	struct map_tileset ts;
	char why[MAP_WHY_MAX];
	double in_map = 0, in_build = 0, best_map = 0, best_build = 0;
	double *best = calloc((size_t)n * 2, sizeof *best); /* a seed's map, build */
	long rooms = 0;

	if (!best)
		return 1;
	if (budgets_load(budgets) != 0) {
		fprintf(stderr, "bench_mapgen: cannot read %s\n", BUDGETS_MIGRATION);
		return 1;
	}
	dungeon_weigh_tiles(sets[0].tiles, sets[0].n, DUNGEON_HALLWAYS_DEF, weighed);
	if (map_tileset_init(&ts, weighed, sets[0].n, why) != 0) {
		fprintf(stderr, "bench_mapgen: %s\n", why);
		return 1;
	}
	for (long p = 0; p < passes; p++)
		for (long i = 1; i <= n; i++) {
			double t0 = now();
			if (map_generate(&ts, MAP_DIM_MAX, MAP_DIM_MAX, (uint64_t)i, &m, why) !=
			    0) {
				fprintf(stderr, "bench_mapgen: %s\n", why);
				return 1;
			}
			double t1 = now();
			if (dungeon_build(&m, weighed, &budgets[DUNGEON_LEVEL_MAX - 1], (uint64_t)i,
			                  &d) != 0) {
				fprintf(stderr, "bench_mapgen: dungeon_build failed\n");
				return 1;
			}
			double t2 = now(), *b = &best[(i - 1) * 2];
			if (p == 0) {
				in_map += t1 - t0;
				in_build += t2 - t1;
				rooms += d.n_rooms;
			}
			b[0] = p == 0 || t1 - t0 < b[0] ? t1 - t0 : b[0];
			b[1] = p == 0 || t2 - t1 < b[1] ? t2 - t1 : b[1];
		}
	printf("%s 30x30, hallways 50, level 20: %ld dungeons, %.1f rooms each; %s µs per "
	       "map %.1f, per dungeon_build %.1f\n",
	       sets[0].name, n, (double)rooms / (double)n, passes > 1 ? "wall" : "CPU",
	       in_map / (double)n * 1e6, in_build / (double)n * 1e6);
	if (passes > 1) {
		for (long i = 0; i < n; i++) {
			best_map += best[i * 2];
			best_build += best[i * 2 + 1];
		}
		printf("each seed's best of %ld passes: wall µs per map %.1f, per dungeon_build "
		       "%.1f\n",
		       passes, best_map / (double)n * 1e6, best_build / (double)n * 1e6);
	}
	free(best);
	return 0;
}

int main(int argc, char **argv)
{
	static const int sizes[] = {1, 10, 30};
	double seconds = argc > 1 ? atof(argv[1]) : 1.0;
	char why[MAP_WHY_MAX];

	if (tiles_load(sets, &n_sets) != 0)
		return 1;
	if (argc > 2 && strcmp(argv[1], "--dungeons") == 0)
		return bench_dungeons(atol(argv[2]), argc > 3 ? atol(argv[3]) : 1);
	printf("| tileset | size | maps per CPU second | CPU µs per map |\n|---|---|---:|---:|\n");
	for (size_t i = 0; i < n_sets; i++) {
		for (size_t k = 0; k < sizeof sizes / sizeof sizes[0]; k++) {
			long maps = 0;
			double t0 = cpu_s(), t;
			do {
				if (map_generate(&sets[i].ts, sizes[k], sizes[k],
				                 (unsigned long long)maps, &m, why) != 0) {
					fprintf(stderr, "bench_mapgen: %s\n", why);
					return 1;
				}
				maps++;
			} while ((t = cpu_s() - t0) < seconds);
			printf("| %s | %dx%d | %.0f | %.1f |\n", sets[i].name, sizes[k], sizes[k],
			       (double)maps / t, t / (double)maps * 1e6);
		}
	}
	return 0;
}
