/* buf: a growable byte buffer (see buf.h for the ownership rules). */
#include "buf.h"

#include "fault.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BUF_MIN_CAP 64

void buf_init(struct buf *b)
{
	b->data = NULL;
	b->len = 0;
	b->cap = 0;
	b->oom = 0;
}

void buf_free(struct buf *b)
{
	free(b->data);
	buf_init(b);
}

/* Keeps the allocation, and forgets an earlier allocation failure so that a
 * reused per-request buffer starts the next request clean. */
void buf_reset(struct buf *b)
{
	b->len = 0;
	b->oom = 0;
	if (b->data)
		b->data[0] = '\0';
}

/* Makes room for `extra` more bytes plus the terminating NUL. */
static int reserve(struct buf *b, size_t extra)
{
	size_t need, cap;
	char *p;

	if (b->oom)
		return -1;
	if (extra > SIZE_MAX - 1 - b->len)
		goto fail;
	need = b->len + extra + 1;
	if (need <= b->cap)
		return 0;
	cap = b->cap ? b->cap : BUF_MIN_CAP;
	while (cap < need) {
		if (cap > SIZE_MAX / 2) {
			cap = need;
			break;
		}
		cap *= 2;
	}
	p = fault_alloc() ? NULL : realloc(b->data, cap);
	if (!p)
		goto fail;
	b->data = p;
	b->cap = cap;
	return 0;
fail:
	b->oom = 1;
	return -1;
}

int buf_reserve(struct buf *b, size_t extra)
{
	return reserve(b, extra);
}

int buf_append(struct buf *b, const void *p, size_t n)
{
	if (reserve(b, n) != 0)
		return -1;
	if (n > 0)
		memcpy(b->data + b->len, p, n);
	b->len += n;
	b->data[b->len] = '\0';
	return 0;
}

int buf_puts(struct buf *b, const char *s)
{
	return buf_append(b, s, strlen(s));
}

int buf_putc(struct buf *b, char c)
{
	return buf_append(b, &c, 1);
}

/* Formats straight into the spare room; when that is too small, grows to the
 * exact size vsnprintf asked for and formats once more. An encoding error
 * from vsnprintf returns -1 with the buffer unchanged (and oom not set). */
__attribute__((format(printf, 2, 0))) int buf_vprintf(struct buf *b, const char *fmt, va_list ap)
{
	va_list aq;
	int n;

	if (reserve(b, 0) != 0)
		return -1;
	va_copy(aq, ap);
	n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, aq);
	va_end(aq);
	if (n < 0) {
		b->data[b->len] = '\0';
		return -1;
	}
	if ((size_t)n >= b->cap - b->len) {
		if (reserve(b, (size_t)n) != 0) {
			b->data[b->len] = '\0';
			return -1;
		}
		va_copy(aq, ap);
		n = vsnprintf(b->data + b->len, b->cap - b->len, fmt, aq);
		va_end(aq);
		if (n < 0) {
			b->data[b->len] = '\0';
			return -1;
		}
	}
	b->len += (size_t)n;
	return 0;
}

int buf_printf(struct buf *b, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = buf_vprintf(b, fmt, ap);
	va_end(ap);
	return rc;
}
