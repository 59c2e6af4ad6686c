/* dbnodes: the nodes of a Galera cluster (--db-hosts, docs/scaling.md) and
 * which of them a process writes through.
 *
 * Every node takes writes, but writing through several at once turns into
 * certification conflicts on the rows every write touches (the revision
 * row, a client's lock row), so all handles of a process use one node, the
 * current one, and stay on it while it works. When it fails (the connection
 * is lost, or the node says it is not part of the primary component) it is
 * skipped for DBNODES_RETRY_MS and the current node becomes the first of the
 * list, in the list's order, that is not skipped: daemons given the same
 * list and seeing the same failure land on the same node.
 *
 * Pure: the time is passed in and there is no lock, so tests can drive it;
 * db.c holds a lock around every call. */
#ifndef LOOTFORGE_DBNODES_H
#define LOOTFORGE_DBNODES_H

#include <stddef.h>

#define DBNODES_MAX      16
#define DBNODES_HOST_MAX 253  /* a DNS name's longest text */
#define DBNODES_RETRY_MS 3000 /* a failed node is skipped this long */
#define DBNODES_LIST_MAX 4096 /* the --db-hosts text */

struct db_node {
	char host[DBNODES_HOST_MAX + 1];
	unsigned port;
};

struct dbnodes {
	size_t n;
	struct db_node node[DBNODES_MAX];
	size_t current;                       /* the node writes go through */
	long long skip_until_ms[DBNODES_MAX]; /* 0: not skipped */
};

/* "host[:port],host[:port],..." (an IPv6 address in brackets: [::1]:3306),
 * each port default_port when left out. 0, or -1 with the reason in why
 * (why_len bytes): an empty entry, a bad character or port, a node listed
 * twice, more than DBNODES_MAX. The first node is the current one. */
int dbnodes_parse(struct dbnodes *ns, const char *list, unsigned default_port, char *why,
                  size_t why_len);

/* The node writes go through now. */
size_t dbnodes_current(const struct dbnodes *ns);

/* Whether node i is being skipped at now_ms (it failed recently). */
int dbnodes_skipped(const struct dbnodes *ns, size_t i, long long now_ms);

/* Node i failed at now_ms: skipped for DBNODES_RETRY_MS; if it was the
 * current node, the current one becomes the first not skipped in list
 * order, or, when every node is, the one after i. 1 when the current node
 * changed, else 0. */
int dbnodes_failed(struct dbnodes *ns, size_t i, long long now_ms);

/* Node i answered: it is not skipped any more. */
void dbnodes_ok(struct dbnodes *ns, size_t i);

#endif
