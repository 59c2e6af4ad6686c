/* svgpath: see svgpath.h. */
#include "svgpath.h"

#include "decimal.h"

/* Room for one piece: four numbers and seven letters. */
#define PIECE_MAX (4 * DECIMAL_MAX + 8)

static char *num(char *p, int v)
{
	return p + decimal_i64_n(v, 0, p);
}

static int put(struct buf *b, char *end)
{
	b->len = (size_t)(end - b->data);
	b->data[b->len] = '\0';
	return 0;
}

int svgpath_run(struct buf *b, int x, int y, int n)
{
	if (buf_reserve(b, PIECE_MAX) != 0)
		return -1;
	char *p = b->data + b->len;
	*p++ = 'M';
	p = num(p, x);
	*p++ = ' ';
	p = num(p, y);
	*p++ = 'h';
	p = num(p, n);
	*p++ = 'v';
	*p++ = '1';
	*p++ = 'h';
	*p++ = '-';
	p = num(p, n);
	*p++ = 'z';
	return put(b, p);
}

int svgpath_line(struct buf *b, int x0, int y0, int x1, int y1)
{
	if (buf_reserve(b, PIECE_MAX) != 0)
		return -1;
	char *p = b->data + b->len;
	*p++ = 'M';
	p = num(p, x0);
	*p++ = ' ';
	p = num(p, y0);
	*p++ = 'L';
	p = num(p, x1);
	*p++ = ' ';
	p = num(p, y1);
	return put(b, p);
}
