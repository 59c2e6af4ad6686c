/* The dungeon's PNG alone, one thread: CPU µs per PNG of version 1 (cairo,
 * libpng), version 2 (pngwrite_indexed) and version 3 (pngwrite_lines_cells)
 * for the largest dungeon the page draws (30 x 30 tiles: 1800 x 1800
 * pixels; 100 hallways, or the second argument), eight seeds of each
 * tileset, and the PNGs' bytes. Prints a markdown table.
 *
 * Usage: bench_dungeon_png [SECONDS [HALLWAYS [VERSION]]]
 * With VERSION (1, 2 or 3), that version alone: the fastest of five
 * rounds of SECONDS / 5 each per tileset, and their mean over the
 * tilesets (the least of rounds: other processes on the machine only add
 * time, so A and B compare better so, run after each other).
 *
 * Then the pictures at a scale (dungeon_draw_png_at, what codes of
 * version 4 draw): CPU ms per picture and µs per megapixel at the default
 * ppg of 30 x 30 tiles and for the largest picture a stranger can ask for
 * (the size and ppg of the most pixels within 4096 px a side), PNG and
 * .dd2vtt. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dungeon.h"
#include "dungeon_draw.h"
#include "dungeoncode.h"
#include "mapgen.h"

#include "../unit/tiles_fixture.h"

#define SEEDS 8

static struct tiles_set sets[2 * TILESETS_MAX];
static size_t n_sets;
static struct map m;
static struct dungeon d[SEEDS];
static struct map_tile weighed[MAP_TILES_MAX];
static const struct dungeon_budget budget = {.id = 1,
                                             .level = 20,
                                             .budget_per_room = 1000,
                                             .tier = 6,
                                             .empty_pct = 30,
                                             .items_pct = 40,
                                             .hoard_pct = 30,
                                             .items_max = 4,
                                             .added_rev = 1};

static double cpu_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* CPU µs per PNG of version v over the dungeons, for at least `seconds`;
 * their bytes (one each) into *bytes. */
static double time_png(int v, double seconds, size_t *bytes)
{
	struct buf out;
	long n = 0;
	double t0 = cpu_s(), t;
	buf_init(&out);
	*bytes = 0;
	do {
		buf_reset(&out);
		if (dungeon_draw_png_v(&d[n % SEEDS], v, &out) != 0)
			exit(1);
		if (n < SEEDS)
			*bytes += out.len;
		n++;
	} while ((t = cpu_s() - t0) < seconds || n < SEEDS);
	buf_free(&out);
	return t / (double)n * 1e6;
}

/* The dungeons of tileset i (hallways weighed as given) into d[]. */
static int build(size_t i, int hallways)
{
	char why[MAP_WHY_MAX];
	static struct map_tileset ts;
	dungeon_weigh_tiles(sets[i].tiles, sets[i].n, hallways, weighed);
	if (map_tileset_init(&ts, weighed, sets[i].n, why) != 0)
		return -1;
	for (int s = 0; s < SEEDS; s++)
		if (map_generate(&ts, 30, 30, (uint64_t)s + 1, &m, why) != 0 ||
		    dungeon_build(&m, weighed, &budget, (uint64_t)s + 1, &d[s]) != 0)
			return -1;
	return 0;
}

/* Version v alone: per tileset the least µs of five rounds. */
static int time_one(int v, double seconds, int hallways)
{
	double sum = 0;
	printf("| tileset | v%d µs (least of 5) | bytes |\n|---|---:|---:|\n", v);
	for (size_t i = 0; i < n_sets; i++) {
		if (build(i, hallways) != 0)
			return 1;
		double least = 0;
		size_t bytes = 0;
		for (int r = 0; r < 5; r++) {
			double t = time_png(v, seconds / 5, &bytes);
			if (r == 0 || t < least)
				least = t;
		}
		sum += least;
		printf("| %s | %.1f | %zu |\n", sets[i].name, least, bytes / SEEDS);
	}
	printf("| mean | %.1f | |\n", sum / (double)n_sets);
	return 0;
}

/* CPU µs per picture of d[] at ppg, PNG (vtt 0) or .dd2vtt. */
static double time_scaled(int ppg, int vtt, double seconds, size_t *bytes)
{
	struct buf out;
	long n = 0;
	double t0 = cpu_s(), t;
	buf_init(&out);
	*bytes = 0;
	do {
		struct dungeon_picture pic = {.ppg = ppg, .grid = 1, .door_state = NULL};
		buf_reset(&out);
		if ((vtt ? dungeon_draw_vtt_at(&d[n % SEEDS], &pic, &out)
		         : dungeon_draw_png_at(&d[n % SEEDS], &pic, &out)) != 0)
			exit(1);
		if (n < SEEDS)
			*bytes += out.len;
		n++;
	} while ((t = cpu_s() - t0) < seconds || n < SEEDS);
	buf_free(&out);
	return t / (double)n * 1e6;
}

/* The dungeons of tileset i at w x h tiles into d[]. */
static int build_at(size_t i, int hallways, int w, int h)
{
	char why[MAP_WHY_MAX];
	static struct map_tileset ts;
	dungeon_weigh_tiles(sets[i].tiles, sets[i].n, hallways, weighed);
	if (map_tileset_init(&ts, weighed, sets[i].n, why) != 0)
		return -1;
	for (int s = 0; s < SEEDS; s++)
		if (map_generate(&ts, w, h, (uint64_t)s + 1, &m, why) != 0 ||
		    dungeon_build(&m, weighed, &budget, (uint64_t)s + 1, &d[s]) != 0)
			return -1;
	return 0;
}

/* The scaled pictures over the tilesets: the default ppg of 30 x 30, and
 * the square size whose largest ppg makes the most pixels (the most
 * cells among those). */
static int time_scaled_all(double seconds, int hallways)
{
	int best_t = 1, best_px = 0;
	for (int t = 1; t <= MAP_DIM_MAX; t++) {
		int px = 6 * t * dungeon_ppg_largest(6 * t, 6 * t);
		if (px >= best_px)
			best_px = px, best_t = t;
	}
	struct {
		int t, ppg;
	} cases[] = {{30, dungeon_ppg_default(180, 180)},
	             {best_t, dungeon_ppg_largest(6 * best_t, 6 * best_t)}};
	printf("\n| tiles | ppg | pixels | PNG ms | PNG µs/MP | .dd2vtt ms | PNG bytes |\n"
	       "|---|---:|---:|---:|---:|---:|---:|\n");
	for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
		double png = 0, vtt = 0;
		size_t bytes = 0, vb, total = 0;
		for (size_t i = 0; i < n_sets; i++) {
			if (build_at(i, hallways, cases[c].t, cases[c].t) != 0)
				return 1;
			png += time_scaled(cases[c].ppg, 0, seconds / 4, &bytes);
			vtt += time_scaled(cases[c].ppg, 1, seconds / 4, &vb);
			total += bytes / SEEDS;
		}
		int side = 6 * cases[c].t * cases[c].ppg;
		double mp = (double)side * side / 1e6;
		png /= (double)n_sets;
		vtt /= (double)n_sets;
		printf("| %d x %d | %d | %d x %d | %.2f | %.0f | %.2f | %zu |\n", cases[c].t,
		       cases[c].t, cases[c].ppg, side, side, png / 1e3, png / mp, vtt / 1e3,
		       total / n_sets);
	}
	return 0;
}

int main(int argc, char **argv)
{
	double seconds = argc > 1 ? atof(argv[1]) : 1.0;
	int hallways = argc > 2 ? atoi(argv[2]) : 100;
	size_t n7 = 0, n17 = 0;
	char why[MAP_WHY_MAX];
	static struct map_tileset ts;

	int only = argc > 3 ? atoi(argv[3]) : 0;
	if (tiles_load(sets, &n7) != 0 ||
	    tiles_load_file("sql/migrations/0017_dungeon_treasure.sql", sets + n7, &n17) != 0)
		return 1;
	n_sets = n7 + n17;
	if (only)
		return time_one(only, seconds, hallways);
	printf("| tileset | v1 µs | v2 µs | v3 µs | v1 / v2 | v2 / v3 | v1 bytes | v2 bytes | v3 "
	       "bytes |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
	for (size_t i = 0; i < n_sets; i++) {
		dungeon_weigh_tiles(sets[i].tiles, sets[i].n, hallways, weighed);
		if (map_tileset_init(&ts, weighed, sets[i].n, why) != 0)
			return 1;
		for (int s = 0; s < SEEDS; s++)
			if (map_generate(&ts, 30, 30, (uint64_t)s + 1, &m, why) != 0 ||
			    dungeon_build(&m, weighed, &budget, (uint64_t)s + 1, &d[s]) != 0)
				return 1;
		size_t b1, b2, b3;
		double t1 = time_png(DUNGEONCODE_VERSION_1, seconds, &b1);
		double t2 = time_png(DUNGEONCODE_VERSION_2, seconds, &b2);
		double t3 = time_png(DUNGEONCODE_VERSION_3, seconds, &b3);
		printf("| %s | %.0f | %.0f | %.0f | %.1f | %.2f | %zu | %zu | %zu |\n",
		       sets[i].name, t1, t2, t3, t1 / t2, t2 / t3, b1 / SEEDS, b2 / SEEDS,
		       b3 / SEEDS);
	}
	return time_scaled_all(seconds, hallways);
}
