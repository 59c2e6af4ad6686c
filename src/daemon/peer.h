/* peer: which addresses may connect to the daemon's FastCGI TCP socket.
 * libfcgi's FCGI_WEB_SERVER_ADDRS does not apply (the daemon accepts by
 * itself, server.c), so this is the daemon's own check, made once per
 * accepted connection. No allocation: a list holds at most PEER_ALLOW_MAX
 * entries. */
#ifndef LOOTFORGE_PEER_H
#define LOOTFORGE_PEER_H

#include <stddef.h>
#include <sys/socket.h>

#define PEER_ALLOW_MAX 32

struct peer_allow {
	size_t n;
	struct {
		int family; /* AF_INET or AF_INET6 */
		unsigned char addr[16];
		unsigned prefix; /* bits that must match */
	} e[PEER_ALLOW_MAX];
};

/* Parses "ADDR,ADDR/BITS,..." (numeric IPv4 or IPv6 addresses, each with an
 * optional prefix length; blanks around the commas allowed). NULL or ""
 * gives the default: loopback only (127.0.0.0/8 and ::1). 0, or -1 with a
 * message naming the bad entry in err. */
int peer_allow_parse(struct peer_allow *a, const char *list, char *err, size_t errlen);

/* Whether the peer at sa may connect: an AF_INET or AF_INET6 address that
 * matches an entry (an IPv4-mapped IPv6 address is compared as IPv4).
 * Other families (unix sockets) are always allowed; NULL sa is refused. */
int peer_allowed(const struct peer_allow *a, const struct sockaddr *sa);

#endif
