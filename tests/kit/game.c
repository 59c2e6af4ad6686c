/* A game that names three of its own functions as the engine names its
 * internal ones (generate, log_msg, buf_init): it must link against
 * liblootforge (static or shared) and each call must reach its own
 * definition, not the library's. Prints one line the test compares. */
#include <stdio.h>

#include "lootforge.h"

static int calls;

/* The game's own, with the engine's names and other signatures. */
int generate(int level);
void log_msg(const char *s);
void buf_init(int *b);

int generate(int level)
{
	calls++;
	return level * 2;
}

void log_msg(const char *s)
{
	calls++;
	(void)s;
}

void buf_init(int *b)
{
	calls++;
	*b = 7;
}

int main(void)
{
	static const uint32_t mult[] = {150};
	int b = 0, g;

	log_msg("start");
	buf_init(&b);
	g = generate(21);
	printf("game %d %d %d version %s %s price %llu\n", g, b, calls, LOOTFORGE_VERSION,
	       lootforge_version(), (unsigned long long)lf_price(100, mult, 1, 1, 0));
	return 0;
}
