/* The map generator alone, one thread: maps per CPU second and µs per map by
 * size, for each tileset of migration 0007. Prints a markdown table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "mapgen.h"

#include "../unit/tiles_fixture.h"

static struct tiles_set sets[TILESETS_MAX];
static size_t n_sets;
static struct map m;

static double cpu_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	static const int sizes[] = {1, 10, 30};
	double seconds = argc > 1 ? atof(argv[1]) : 1.0;
	char why[MAP_WHY_MAX];

	if (tiles_load(sets, &n_sets) != 0)
		return 1;
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
