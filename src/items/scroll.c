/* scroll: see scroll.h. */
#include "scroll.h"

#include <string.h>
#include <unicase.h>
#include <unistr.h>

const char *scroll_conjunction(enum mark paper, enum mark writing)
{
	int bad_paper = paper == MARK_BAD, bad_writing = writing == MARK_BAD;
	return bad_paper == bad_writing ? "and" : "but";
}

struct out {
	char *s;
	size_t n, cap;
	int err;
};

static void put(struct out *o, const char *s)
{
	size_t n = strlen(s);
	if (o->err || o->n + n + 1 > o->cap) {
		o->err = 1;
		return;
	}
	memcpy(o->s + o->n, s, n + 1);
	o->n += n;
}

/* s with its first letter upper-cased, Unicode-aware ("élan" → "Élan");
 * text that is not UTF-8 is written as it is. */
static void put_capital(struct out *o, const char *s)
{
	size_t n = strlen(s);
	ucs4_t c;
	uint8_t first[6];
	if (n == 0 || u8_check((const uint8_t *)s, n) != NULL) {
		put(o, s);
		return;
	}
	int k = u8_mbtouc(&c, (const uint8_t *)s, n);
	int m = u8_uctomb(first, uc_toupper(c), sizeof first - 1);
	if (k <= 0 || m <= 0) {
		put(o, s);
		return;
	}
	first[m] = '\0';
	put(o, (const char *)first);
	put(o, s + k);
}

/* "A" or "An" by the next word's first letter (a vowel letter in ASCII). */
static const char *article(const char *next)
{
	return next && strchr("aeiouAEIOU", next[0]) && next[0] ? "An " : "A ";
}

static const char *word(const struct item *it, enum part p)
{
	return it->part[p] ? it->part[p]->word : NULL;
}

int scroll_description(const struct item *it, char *dst, size_t cap)
{
	struct out o = {.s = dst, .n = 0, .cap = cap, .err = 0};
	const char *tq = word(it, P_TUBE_QUALITY), *tm = word(it, P_TUBE_MATERIAL);
	const char *pm = word(it, P_PAPER_MATERIAL), *pc = word(it, P_PAPER_CONDITION);
	const char *wq = word(it, P_WRITING_QUALITY), *wd = word(it, P_WRITING_DETAIL);

	if (cap == 0)
		return -1;
	dst[0] = '\0';
	if (it->kind != K_SCROLL)
		return 0;
	if (tq || tm) {
		put(&o, article(tq ? tq : tm));
		if (tq) {
			put(&o, tq);
			put(&o, " ");
		}
		if (tm) {
			put(&o, tm);
			put(&o, " ");
		}
		put(&o, "tube holds the scroll.");
	}
	if (pm && pc && wq && wd) {
		if (o.n)
			put(&o, " ");
		put_capital(&o, pm);
		put(&o, " ");
		put(&o, pc);
		put(&o, " ");
		put(&o, scroll_conjunction((enum mark)it->part[P_PAPER_CONDITION]->mark,
		                           (enum mark)it->part[P_WRITING_QUALITY]->mark));
		put(&o, " ");
		put(&o, wq);
		put(&o, " writing ");
		put(&o, wd);
		put(&o, ".");
	}
	if (o.err) {
		dst[0] = '\0';
		return -1;
	}
	return (int)o.n;
}
