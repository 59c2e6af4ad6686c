/* cpu: whether to use only the portable code paths. */
#ifndef LOOTFORGE_CPU_H
#define LOOTFORGE_CPU_H

/* Whether the environment asks for the portable code only
 * (LOOTFORGE_PORTABLE set and not "0"): what a processor without AVX2,
 * PCLMULQDQ or SSSE3 runs, so that a machine that has them can test it. */
int cpu_portable(void);

#endif
