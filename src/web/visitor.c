/* visitor: see visitor.h. Pure: no allocation, no I/O. */
#include "visitor.h"

#include <stdio.h>
#include <string.h>

#include "itemcode.h"

int visitor_code_ok(const char *s, size_t n)
{
	struct itemcode c;

	if (n == 0 || n > LOADOUT_CODE_MAX)
		return 0;
	for (size_t i = 0; i < n; i++) {
		char ch = s[i];
		if (!((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') ||
		      (ch >= '0' && ch <= '9') || ch == '-' || ch == '_'))
			return 0;
	}
	return itemcode_decode(s, n, &c, NULL) == 0;
}

static int in_list(const struct visitor_code *l, unsigned n, const char *s, size_t len)
{
	for (unsigned i = 0; i < n; i++)
		if (strlen(l[i].code) == len && memcmp(l[i].code, s, len) == 0)
			return (int)i;
	return -1;
}

static int worn_index(const struct visitor *v, const char *s, size_t len)
{
	for (unsigned i = 0; i < v->n_worn; i++)
		if (strlen(v->worn[i].code) == len && memcmp(v->worn[i].code, s, len) == 0)
			return (int)i;
	return -1;
}

/* One entry of list `which` (0 loadout, 1 stash, 2 recent), appended when
 * it reads and fits. */
static void take(struct visitor *v, int which, const char *s, size_t n)
{
	const char *colon = which == 0 ? memchr(s, ':', n) : NULL;
	size_t clen = colon ? (size_t)(colon - s) : n;
	enum place place = PLACE_PACK;

	if (n == 0)
		return;
	if (!visitor_code_ok(s, clen))
		goto drop;
	if (colon) {
		int p = place_from_name(colon + 1, n - clen - 1);
		if (p < 0)
			goto drop;
		place = (enum place)p;
	}
	if (which == 0) {
		if (v->n_worn >= LOADOUT_MAX || worn_index(v, s, clen) >= 0)
			goto drop;
		memcpy(v->worn[v->n_worn].code, s, clen);
		v->worn[v->n_worn].code[clen] = '\0';
		v->worn[v->n_worn++].place = place;
	} else {
		struct visitor_code *l = which == 1 ? v->stash : v->recent;
		unsigned *cnt = which == 1 ? &v->n_stash : &v->n_recent;
		unsigned max = which == 1 ? VISITOR_STASH_MAX : VISITOR_RECENT_MAX;
		if (*cnt >= max || in_list(l, *cnt, s, clen) >= 0)
			goto drop;
		memcpy(l[*cnt].code, s, clen);
		l[(*cnt)++].code[clen] = '\0';
	}
	return;
drop:
	v->dropped++;
}

void visitor_parse(struct visitor *v, const char *value, size_t n)
{
	memset(v, 0, sizeof *v);
	if (!value || n == 0)
		return;
	v->found = 1;
	if (n > VISITOR_READ_MAX)
		n = VISITOR_READ_MAX;
	/* another revision's layout is not guessed at */
	if (value[0] != VISITOR_REVISION || (n > 1 && value[1] != '~')) {
		v->dropped++;
		return;
	}
	int which = -1;
	const char *end = value + n;
	for (const char *p = value + 1; p < end;) {
		if (*p == '~') {
			which++;
			p++;
			continue;
		}
		const char *e = p;
		while (e < end && *e != '.' && *e != '~')
			e++;
		if (which >= 0 && which <= 2)
			take(v, which, p, (size_t)(e - p));
		else
			v->dropped++;
		p = e < end && *e == '.' ? e + 1 : e;
	}
}

void visitor_from_header(struct visitor *v, const char *header, const char *name)
{
	size_t nlen = strlen(name);

	for (const char *p = header; p && *p;) {
		while (*p == ' ' || *p == '\t' || *p == ';')
			p++;
		const char *e = strchr(p, ';');
		if (!e)
			e = p + strlen(p);
		if ((size_t)(e - p) > nlen && strncmp(p, name, nlen) == 0 && p[nlen] == '=') {
			const char *val = p + nlen + 1, *ve = e;
			while (ve > val && (ve[-1] == ' ' || ve[-1] == '\t'))
				ve--;
			visitor_parse(v, val, (size_t)(ve - val));
			return;
		}
		p = e;
	}
	visitor_parse(v, NULL, 0);
}

/* The length of v written with only the first ns kept and nr recent. */
static size_t length_with(const struct visitor *v, unsigned ns, unsigned nr)
{
	size_t len = 4; /* "1~~~" */
	for (unsigned i = 0; i < v->n_worn; i++)
		len += (i ? 1 : 0) + strlen(v->worn[i].code) +
		       (v->worn[i].place != PLACE_PACK ? 1 + strlen(place_names[v->worn[i].place])
		                                       : 0);
	for (unsigned i = 0; i < ns; i++)
		len += (i ? 1 : 0) + strlen(v->stash[i].code);
	for (unsigned i = 0; i < nr; i++)
		len += (i ? 1 : 0) + strlen(v->recent[i].code);
	return len;
}

int visitor_text(const struct visitor *v, char *dst, size_t cap)
{
	unsigned ns = v->n_stash, nr = v->n_recent;

	while (nr && length_with(v, ns, nr) > VISITOR_BYTES_MAX)
		nr--;
	while (ns && length_with(v, ns, nr) > VISITOR_BYTES_MAX)
		ns--;
	size_t len = length_with(v, ns, nr), at = 0;
	if (len + 1 > cap)
		return -1;
#define PUT(s)                                                                                     \
	do {                                                                                       \
		size_t l_ = strlen(s);                                                             \
		memcpy(dst + at, s, l_);                                                           \
		at += l_;                                                                          \
	} while (0)
	PUT("1~");
	for (unsigned i = 0; i < v->n_worn; i++) {
		if (i)
			PUT(".");
		PUT(v->worn[i].code);
		if (v->worn[i].place != PLACE_PACK) {
			PUT(":");
			PUT(place_names[v->worn[i].place]);
		}
	}
	PUT("~");
	for (unsigned i = 0; i < ns; i++) {
		if (i)
			PUT(".");
		PUT(v->stash[i].code);
	}
	PUT("~");
	for (unsigned i = 0; i < nr; i++) {
		if (i)
			PUT(".");
		PUT(v->recent[i].code);
	}
#undef PUT
	dst[at] = '\0';
	return (int)at;
}

/* Puts code at the front of list l (count *n, bound max), moving it there
 * when it is in the list already, the last one falling off when full. */
static int front(struct visitor_code *l, unsigned *n, unsigned max, const char *code)
{
	size_t len = strlen(code);
	if (!visitor_code_ok(code, len))
		return -1;
	int at = in_list(l, *n, code, len);
	unsigned last = at >= 0 ? (unsigned)at : (*n < max ? (*n)++ : max - 1);
	memmove(&l[1], &l[0], sizeof(l[0]) * last);
	memcpy(l[0].code, code, len + 1);
	return 0;
}

int visitor_keep(struct visitor *v, const char *code)
{
	return front(v->stash, &v->n_stash, VISITOR_STASH_MAX, code);
}

int visitor_rolled(struct visitor *v, const char *code)
{
	return front(v->recent, &v->n_recent, VISITOR_RECENT_MAX, code);
}

int visitor_unkeep(struct visitor *v, const char *code)
{
	int at = in_list(v->stash, v->n_stash, code, strlen(code));
	if (at >= 0) {
		memmove(&v->stash[at], &v->stash[at + 1],
		        sizeof(v->stash[0]) * (v->n_stash - at - 1));
		v->n_stash--;
	}
	return 0;
}

int visitor_wear(struct visitor *v, const char *code, enum place place)
{
	size_t len = strlen(code);
	if (!visitor_code_ok(code, len))
		return -1;
	int at = worn_index(v, code, len);
	if (at < 0) {
		if (v->n_worn >= LOADOUT_MAX)
			return -1;
		at = (int)v->n_worn++;
		memcpy(v->worn[at].code, code, len + 1);
	}
	v->worn[at].place = place;
	return 0;
}

int visitor_unwear(struct visitor *v, const char *code)
{
	int at = worn_index(v, code, strlen(code));
	if (at >= 0) {
		memmove(&v->worn[at], &v->worn[at + 1], sizeof(v->worn[0]) * (v->n_worn - at - 1));
		v->n_worn--;
	}
	return 0;
}

void visitor_set_loadout(struct visitor *v, const struct loadout_query *q)
{
	v->n_worn = 0;
	for (unsigned i = 0; i < q->n && v->n_worn < LOADOUT_MAX; i++)
		if (visitor_code_ok(q->in[i].code, strlen(q->in[i].code)))
			visitor_wear(v, q->in[i].code, q->in[i].place);
}

void visitor_loadout_query(const struct visitor *v, struct loadout_query *q)
{
	memset(q, 0, sizeof *q);
	for (unsigned i = 0; i < v->n_worn; i++) {
		memcpy(q->in[i].code, v->worn[i].code, sizeof q->in[i].code);
		q->in[i].place = v->worn[i].place;
	}
	q->n = v->n_worn;
}
