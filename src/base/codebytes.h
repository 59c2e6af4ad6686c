/* codebytes: the parts permanent codes share (dungeon and treasure codes):
 * a revision as a LEB128 varint, a seed as 8 little-endian bytes, a 16-bit
 * checksum (FNV-1a from a salt, folded) and unpadded base64url. */
#ifndef LOOTFORGE_CODEBYTES_H
#define LOOTFORGE_CODEBYTES_H

#include <stddef.h>
#include <stdint.h>

/* Room the tail takes at most: the varint, the seed, the checksum. */
#define CODEBYTES_TAIL_MAX (10 + 8 + 2)

/* Appends revision, seed and the checksum of everything before it (raw[0..
 * k) and the tail, salted by salt) at raw + k; returns the new length. */
size_t codebytes_put_tail(unsigned char *raw, size_t k, uint64_t revision, uint64_t seed,
                          const char *salt);

/* Reads revision and seed from raw + k, the checksum's 2 bytes ending the
 * len bytes (the caller checks the checksum by encoding again). 0, or -1
 * with *why. */
int codebytes_get_tail(const unsigned char *raw, size_t k, size_t len, uint64_t *revision,
                       uint64_t *seed, const char **why);

/* raw[0..n) as unpadded base64url into out (cap bytes with the NUL): its
 * length, or -1 when it does not fit. */
int codebytes_encode(const unsigned char *raw, size_t n, char *out, size_t cap);

#endif
