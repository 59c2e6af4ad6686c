/* codebytes: see codebytes.h. */
#include "codebytes.h"

#include <sodium.h>
#include <string.h>

static uint16_t checksum(const unsigned char *p, size_t n, const char *salt)
{
	uint32_t h = 2166136261u;
	for (const char *s = salt; *s; s++) {
		h ^= (unsigned char)*s;
		h *= 16777619u;
	}
	for (size_t i = 0; i < n; i++) {
		h ^= p[i];
		h *= 16777619u;
	}
	return (uint16_t)(h ^ h >> 16);
}

size_t codebytes_put_tail(unsigned char *raw, size_t k, uint64_t revision, uint64_t seed,
                          const char *salt)
{
	for (uint64_t v = revision;; v >>= 7) {
		raw[k++] = (unsigned char)((v & 0x7f) | (v >= 0x80 ? 0x80 : 0));
		if (v < 0x80)
			break;
	}
	for (int i = 0; i < 8; i++)
		raw[k++] = (unsigned char)(seed >> (8 * i));
	uint16_t sum = checksum(raw, k, salt);
	raw[k++] = (unsigned char)(sum & 0xff);
	raw[k++] = (unsigned char)(sum >> 8);
	return k;
}

int codebytes_get_tail(const unsigned char *raw, size_t k, size_t len, uint64_t *revision,
                       uint64_t *seed, const char **why)
{
	*revision = 0;
	*seed = 0;
	for (int shift = 0;; shift += 7) {
		if (k >= len || shift > 63) {
			*why = "a revision out of range";
			return -1;
		}
		*revision |= (uint64_t)(raw[k] & 0x7f) << shift;
		if (!(raw[k++] & 0x80))
			break;
	}
	if (k + 8 + 2 != len) {
		*why = "the wrong length";
		return -1;
	}
	for (int i = 0; i < 8; i++)
		*seed |= (uint64_t)raw[k++] << (8 * i);
	return 0;
}

int codebytes_encode(const unsigned char *raw, size_t n, char *out, size_t cap)
{
	if (sodium_base64_ENCODED_LEN(n, sodium_base64_VARIANT_URLSAFE_NO_PADDING) > cap)
		return -1;
	sodium_bin2base64(out, cap, raw, n, sodium_base64_VARIANT_URLSAFE_NO_PADDING);
	return (int)strlen(out);
}
