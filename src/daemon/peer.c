/* peer: the FastCGI peer allow-list (see peer.h). */
#include "peer.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define ENTRY_MAX 64 /* characters of one entry, "ADDR/BITS" */

/* One entry of s (n bytes, trimmed) into a->e[a->n]. 0, or -1. */
static int parse_entry(struct peer_allow *a, const char *s, size_t n)
{
	char text[ENTRY_MAX];
	char *slash;
	unsigned bits;

	if (n == 0 || n >= sizeof(text) || a->n == PEER_ALLOW_MAX)
		return -1;
	memcpy(text, s, n);
	text[n] = '\0';
	if ((slash = strchr(text, '/')) != NULL)
		*slash = '\0';
	if (inet_pton(AF_INET, text, a->e[a->n].addr) == 1) {
		a->e[a->n].family = AF_INET;
		bits = 32;
	} else if (inet_pton(AF_INET6, text, a->e[a->n].addr) == 1) {
		a->e[a->n].family = AF_INET6;
		bits = 128;
	} else {
		return -1;
	}
	if (slash) {
		const char *d = slash + 1;
		unsigned v = 0;
		if (!*d || strlen(d) > 3)
			return -1;
		for (; *d; d++) {
			if (*d < '0' || *d > '9')
				return -1;
			v = v * 10 + (unsigned)(*d - '0');
		}
		if (v > bits)
			return -1;
		bits = v;
	}
	a->e[a->n++].prefix = bits;
	return 0;
}

int peer_allow_parse(struct peer_allow *a, const char *list, char *err, size_t errlen)
{
	memset(a, 0, sizeof(*a));
	if (!list || !*list)
		list = "127.0.0.0/8,::1";
	for (const char *p = list;;) {
		const char *comma = strchr(p, ',');
		const char *end = comma ? comma : p + strlen(p);
		const char *b = p, *e = end;
		while (b < e && (*b == ' ' || *b == '\t'))
			b++;
		while (e > b && (e[-1] == ' ' || e[-1] == '\t'))
			e--;
		if (parse_entry(a, b, (size_t)(e - b)) != 0) {
			if (a->n == PEER_ALLOW_MAX)
				snprintf(err, errlen, "more than %d addresses", PEER_ALLOW_MAX);
			else
				snprintf(err, errlen,
				         "'%.*s' is not a numeric IPv4 or IPv6 address (with an "
				         "optional /BITS)",
				         (int)(e - b < ENTRY_MAX ? e - b : ENTRY_MAX), b);
			return -1;
		}
		if (!comma)
			return 0;
		p = comma + 1;
	}
}

static int prefix_matches(const unsigned char *x, const unsigned char *y, unsigned bits)
{
	size_t whole = bits / 8;
	unsigned rest = bits % 8;

	if (memcmp(x, y, whole) != 0)
		return 0;
	if (rest == 0)
		return 1;
	unsigned char mask = (unsigned char)(0xff << (8 - rest));
	return (x[whole] & mask) == (y[whole] & mask);
}

int peer_allowed(const struct peer_allow *a, const struct sockaddr *sa)
{
	unsigned char addr[16];
	int family;

	if (!sa)
		return 0;
	if (sa->sa_family == AF_INET) {
		family = AF_INET;
		memcpy(addr, &((const struct sockaddr_in *)(const void *)sa)->sin_addr, 4);
	} else if (sa->sa_family == AF_INET6) {
		const struct in6_addr *a6 =
		        &((const struct sockaddr_in6 *)(const void *)sa)->sin6_addr;
		if (IN6_IS_ADDR_V4MAPPED(a6)) {
			family = AF_INET;
			memcpy(addr, a6->s6_addr + 12, 4);
		} else {
			family = AF_INET6;
			memcpy(addr, a6->s6_addr, 16);
		}
	} else {
		return 1;
	}
	for (size_t i = 0; i < a->n; i++)
		if (a->e[i].family == family && prefix_matches(addr, a->e[i].addr, a->e[i].prefix))
			return 1;
	return 0;
}
