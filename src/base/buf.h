/* buf: a growable byte buffer. The owner of a struct buf frees it with
 * buf_free(); buf_reset() keeps the allocation for reuse (per-request
 * buffers in workers are reset, not freed, between requests). */
#ifndef LOOTFORGE_BUF_H
#define LOOTFORGE_BUF_H

#include <stdarg.h>
#include <stddef.h>

struct buf {
	char *data; /* always NUL-terminated when len > 0 or after any append */
	size_t len;
	size_t cap;
	int oom; /* set once an allocation failed; later appends are no-ops */
};

void buf_init(struct buf *b);
void buf_free(struct buf *b);
void buf_reset(struct buf *b);
/* Each returns 0, or -1 when memory ran out (and sets b->oom). */
int buf_append(struct buf *b, const void *p, size_t n);
/* Room for extra more bytes (and the NUL) after len, for a writer that
 * fills data + len itself and then adds to len. */
int buf_reserve(struct buf *b, size_t extra);
int buf_puts(struct buf *b, const char *s);
int buf_putc(struct buf *b, char c);
int buf_printf(struct buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
int buf_vprintf(struct buf *b, const char *fmt, va_list ap);

#endif
