/* dbnodes: the cluster's node list and the current node (dbnodes.h). */
#include "dbnodes.h"

#include <stdio.h>
#include <string.h>

static int host_char(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       c == '.' || c == '-' || c == '_';
}

/* Digits only, 1..65535. */
static int parse_port(const char *s, size_t n, unsigned *out)
{
	unsigned long v = 0;

	if (n == 0 || n > 5)
		return -1;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (unsigned long)(s[i] - '0');
	}
	if (v < 1 || v > 65535)
		return -1;
	*out = (unsigned)v;
	return 0;
}

/* One entry (n bytes at e) into *node. NULL, or the reason. */
static const char *parse_entry(const char *e, size_t n, unsigned default_port, struct db_node *node)
{
	const char *host = e, *port = NULL;
	size_t host_n, port_n = 0;

	if (n == 0)
		return "an empty entry";
	if (e[0] == '[') {
		const char *close = memchr(e, ']', n);
		if (!close)
			return "a '[' without its closing bracket";
		host = e + 1;
		host_n = (size_t)(close - host);
		for (size_t i = 0; i < host_n; i++)
			if (!(host[i] == ':' || (host[i] >= '0' && host[i] <= '9') ||
			      (host[i] >= 'a' && host[i] <= 'f') ||
			      (host[i] >= 'A' && host[i] <= 'F')))
				return "a character that is not an IPv6 address's in brackets";
		size_t rest = n - (size_t)(close + 1 - e);
		if (rest) {
			if (close[1] != ':')
				return "a character after ']' other than ':port'";
			port = close + 2;
			port_n = rest - 1;
		}
	} else {
		const char *colon = memchr(e, ':', n);
		host_n = colon ? (size_t)(colon - e) : n;
		if (colon) {
			if (memchr(colon + 1, ':', n - host_n - 1))
				return "an IPv6 address not in brackets ([addr]:port)";
			port = colon + 1;
			port_n = n - host_n - 1;
		}
		for (size_t i = 0; i < host_n; i++)
			if (!host_char(host[i]))
				return "a character a host name cannot hold";
	}
	if (host_n == 0)
		return "an empty host";
	if (host_n > DBNODES_HOST_MAX)
		return "a host name too long";
	node->port = default_port;
	if (port && parse_port(port, port_n, &node->port) != 0)
		return "a port that is not a number in 1..65535";
	memcpy(node->host, host, host_n);
	node->host[host_n] = '\0';
	return NULL;
}

int dbnodes_parse(struct dbnodes *ns, const char *list, unsigned default_port, char *why,
                  size_t why_len)
{
	const char *p = list, *bad = NULL;
	size_t len = strlen(list);

	memset(ns, 0, sizeof(*ns));
	if (len > DBNODES_LIST_MAX) {
		snprintf(why, why_len, "longer than %d bytes", DBNODES_LIST_MAX);
		return -1;
	}
	for (;;) {
		const char *comma = strchr(p, ',');
		size_t n = comma ? (size_t)(comma - p) : strlen(p);
		struct db_node node;
		if (ns->n == DBNODES_MAX) {
			snprintf(why, why_len, "at most %d nodes", DBNODES_MAX);
			return -1;
		}
		if ((bad = parse_entry(p, n, default_port, &node)) != NULL) {
			snprintf(why, why_len, "entry %zu ('%.*s'): %s", ns->n + 1,
			         (int)(n > 40 ? 40 : n), p, bad);
			return -1;
		}
		for (size_t i = 0; i < ns->n; i++)
			if (strcmp(ns->node[i].host, node.host) == 0 &&
			    ns->node[i].port == node.port) {
				snprintf(why, why_len, "%s:%u listed twice", node.host, node.port);
				return -1;
			}
		ns->node[ns->n++] = node;
		if (!comma)
			break;
		p = comma + 1;
	}
	return 0;
}

size_t dbnodes_current(const struct dbnodes *ns)
{
	return ns->current;
}

int dbnodes_skipped(const struct dbnodes *ns, size_t i, long long now_ms)
{
	return i < ns->n && ns->skip_until_ms[i] && now_ms < ns->skip_until_ms[i];
}

int dbnodes_failed(struct dbnodes *ns, size_t i, long long now_ms)
{
	size_t was = ns->current;

	if (i >= ns->n)
		return 0;
	ns->skip_until_ms[i] = now_ms + DBNODES_RETRY_MS;
	if (i != ns->current)
		return 0;
	ns->current = (i + 1) % ns->n;
	for (size_t k = 0; k < ns->n; k++)
		if (k != i && !dbnodes_skipped(ns, k, now_ms)) {
			ns->current = k;
			break;
		}
	return ns->current != was;
}

void dbnodes_ok(struct dbnodes *ns, size_t i)
{
	if (i < ns->n)
		ns->skip_until_ms[i] = 0;
}
