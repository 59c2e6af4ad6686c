/* crcfold: zlib's crc32 (the CRC of PNG chunks and gzip), by carry-less
 * multiplication where the processor has it (x86-64 with PCLMULQDQ, unless
 * cpu_portable()), else zlib's own. */
#ifndef LOOTFORGE_CRCFOLD_H
#define LOOTFORGE_CRCFOLD_H

#include <stddef.h>
#include <stdint.h>

/* zlib's crc32(crc, p, n): the same value for every input. */
uint32_t crcfold(uint32_t crc, const unsigned char *p, size_t n);

#endif
