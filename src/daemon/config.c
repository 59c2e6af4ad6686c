/* config: one table lists every setting with its flag, variable, default and
 * bounds; defaults, then the environment, then flags are applied in that
 * order, each through the same strict setter. */
#include "config.h"

#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "log.h"
#include "secretfile.h"
#include "version.h"

#define PASSWORD_MAX 1024

enum opt_type { OT_STR, OT_UINT };

struct opt_def {
	const char *flag; /* long option name, without "--" */
	const char *env;
	const char *arg; /* placeholder in --help */
	enum opt_type type;
	size_t offset; /* of the char * or unsigned field in struct config */
	unsigned min, max;
	const char *def; /* NULL: no default (unset) */
	const char *help;
};

#define STR(field)          OT_STR, offsetof(struct config, field), 0, 0
#define UINT(field, lo, hi) OT_UINT, offsetof(struct config, field), lo, hi

static const struct opt_def opts[] = {
        {"socket", "LOOTFORGE_SOCKET", "PATH", STR(socket), "var/run/fcgi.sock",
         "FastCGI socket to create (a path, or :PORT for TCP)"},
        {"fcgi-allow", "LOOTFORGE_FCGI_ALLOW", "ADDR,ADDR", STR(fcgi_allow), NULL,
         "peers a TCP --socket accepts: numeric addresses, each with an optional /BITS; "
         "default loopback only (127.0.0.0/8, ::1)"},
        {"workers", "LOOTFORGE_WORKERS", "N", UINT(workers, 1, CONFIG_WORKERS_MAX), "2",
         "worker threads per process, 1..64 (default: two processes of two, for two cores)"},
        {"processes", "LOOTFORGE_PROCESSES", "N", UINT(processes, 0, CONFIG_PROCESSES_MAX), "2",
         "worker processes, restarted when one dies; 0: serve in the supervisor's process"},
        {"templates", "LOOTFORGE_TEMPLATES", "DIR", STR(templates), "templates",
         "template directory"},
        {"db-socket", "LOOTFORGE_DB_SOCKET", "PATH", STR(db_socket), NULL,
         "MariaDB unix socket (else TCP to --db-host:--db-port)"},
        {"db-host", "LOOTFORGE_DB_HOST", "HOST", STR(db_host), "localhost", "MariaDB host"},
        {"db-port", "LOOTFORGE_DB_PORT", "PORT", UINT(db_port, 1, 65535), "3306", "MariaDB port"},
        {"db-replica-socket", "LOOTFORGE_DB_REPLICA_SOCKET", "PATH", STR(db_replica_socket), NULL,
         "a read replica's unix socket (else TCP to --db-replica-host)"},
        {"db-replica-host", "LOOTFORGE_DB_REPLICA_HOST", "HOST", STR(db_replica_host), NULL,
         "a read replica: the catalog is read there, and from the primary while it is gone; "
         "unset: no replica"},
        {"db-replica-port", "LOOTFORGE_DB_REPLICA_PORT", "PORT", UINT(db_replica_port, 1, 65535),
         "3306", "the replica's port"},
        {"db-hosts", "LOOTFORGE_DB_HOSTS", "HOST[:PORT],...", STR(db_hosts), NULL,
         "the nodes of a Galera cluster, in the same order on every daemon host: writes go "
         "through the first that works, the next within seconds when it fails; instead of "
         "--db-host/--db-socket and the replica's flags"},
        {"db-user", "LOOTFORGE_DB_USER", "USER", STR(db_user), "lootforge", "database user"},
        {"db-name", "LOOTFORGE_DB_NAME", "NAME", STR(db_name), "lootforge", "database name"},
        {"db-password-file", "LOOTFORGE_DB_PASSWORD_FILE", "PATH", STR(db_password_file), NULL,
         "file holding the password (else LOOTFORGE_DB_PASSWORD)"},
        {"db-timeout", "LOOTFORGE_DB_TIMEOUT", "SECONDS", UINT(db_timeout, 1, 3600), "2",
         "connect, read and write timeout"},
        {"poll-ms", "LOOTFORGE_POLL_MS", "N", UINT(poll_ms, 10, 60000), "250",
         "catalog revision poll interval, 10..60000"},
        {"secret-file", "LOOTFORGE_SECRET_FILE", "PATH", STR(secret_file), NULL,
         "32 secret bytes for CSRF tokens and client hashes (else random at start)"},
        {"submit-limit", "LOOTFORGE_SUBMIT_LIMIT", "N", UINT(submit_limit, 1, 100000), "20",
         "accepted proposals per client and hour, 1..100000"},
        {"cookie-secure", "LOOTFORGE_COOKIE_SECURE", "0|1", UINT(cookie_secure, 0, 1), "1",
         "1: mark cookies Secure (the site is served over HTTPS); 0 only for plain-HTTP "
         "loopback development"},
        {"db-waiters", "LOOTFORGE_DB_WAITERS", "N", UINT(db_waiters, 0, CONFIG_WORKERS_MAX), "0",
         "workers of a process that may wait on the database at once, beyond which a "
         "database page answers 503 at once; 0: workers - 1 (at least 1)"},
        {"catalog-cache", "LOOTFORGE_CATALOG_CACHE", "PATH", STR(catalog_cache),
         "var/catalog.cache",
         "the last good catalog, kept on disk; served when the database cannot be reached "
         "at start"},
        {"kept-dir", "LOOTFORGE_KEPT_DIR", "DIR", STR(kept_dir), NULL,
         "where the current revision's kept pages are written as files for nginx to serve "
         "(src/web/kept.h); emptied at start; unset: none are written"},
        /* A command rather than a setting, so it has no variable. */
        {"add-moderator", NULL, "NAME", STR(add_moderator), NULL,
         "create moderator NAME (or set a new password), reading the password from stdin, "
         "and exit"},
};

#define N_OPTS (sizeof(opts) / sizeof(opts[0]))

static char **str_field(struct config *c, const struct opt_def *o)
{
	return (char **)(void *)((char *)c + o->offset);
}

static unsigned *uint_field(struct config *c, const struct opt_def *o)
{
	return (unsigned *)(void *)((char *)c + o->offset);
}

/* Digits only, no sign or blanks, within [min, max]. */
static int parse_uint(const char *s, unsigned min, unsigned max, unsigned *out)
{
	unsigned long v = 0;

	if (!*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9')
			return -1;
		v = v * 10 + (unsigned long)(*s - '0');
		if (v > max)
			return -1;
	}
	if (v < min)
		return -1;
	*out = (unsigned)v;
	return 0;
}

/* `from` names the source for the message: "--workers" or "LOOTFORGE_WORKERS". */
static int set_opt(struct config *c, const struct opt_def *o, const char *value, const char *from,
                   FILE *err)
{
	if (o->type == OT_UINT) {
		if (parse_uint(value, o->min, o->max, uint_field(c, o)) == 0)
			return 0;
		fprintf(err, "lootforged: %s: '%s' is not a whole number in %u..%u\n", from, value,
		        o->min, o->max);
		return -1;
	}
	if (!*value) {
		fprintf(err, "lootforged: %s: must not be empty\n", from);
		return -1;
	}
	char *copy = strdup(value);
	if (!copy) {
		fprintf(err, "lootforged: out of memory\n");
		return -1;
	}
	free(*str_field(c, o));
	*str_field(c, o) = copy;
	return 0;
}

/* Whether o is one of the single server's address settings, which
 * --db-hosts replaces. */
static int single_server_opt(const struct opt_def *o)
{
	return o->offset == offsetof(struct config, db_host) ||
	       o->offset == offsetof(struct config, db_port) ||
	       o->offset == offsetof(struct config, db_socket);
}

static int apply_defaults(struct config *c, FILE *err)
{
	for (size_t i = 0; i < N_OPTS; i++)
		if (opts[i].def && set_opt(c, &opts[i], opts[i].def, "default", err) != 0)
			return -1;
	return 0;
}

static int apply_env(struct config *c, FILE *err)
{
	for (size_t i = 0; i < N_OPTS; i++) {
		const char *v = opts[i].env ? getenv(opts[i].env) : NULL;
		if (v && set_opt(c, &opts[i], v, opts[i].env, err) != 0)
			return -1;
		if (v && single_server_opt(&opts[i]))
			c->db_host_set = 1;
	}
	return 0;
}

static void usage(FILE *out)
{
	fprintf(out, "usage: lootforged [options]\n"
	             "Every option can also be set by its environment variable; a flag wins.\n\n");
	for (size_t i = 0; i < N_OPTS; i++) {
		char left[64];
		snprintf(left, sizeof(left), "--%s %s", opts[i].flag, opts[i].arg);
		fprintf(out, "  %-26s %s", left, opts[i].help);
		if (opts[i].def)
			fprintf(out, " [%s]", opts[i].def);
		fprintf(out, "\n");
		if (opts[i].env)
			fprintf(out, "  %-26s env %s\n", "", opts[i].env);
	}
	fprintf(out, "  %-26s %s\n", "--help", "print this and exit");
	fprintf(out, "  %-26s %s\n\n", "--version", "print the version and exit");
	fprintf(out, "The database password comes from the file of --db-password-file, else\n"
	             "from LOOTFORGE_DB_PASSWORD; none is sent when neither is set.\n");
}

/* The table entry of flag name n (n bytes, without "--"); exact matches
 * only: no abbreviations, so "--db-password SECRET" is an unknown option and
 * never taken for --db-password-file (whose errors print the value). */
static const struct opt_def *find_flag(const char *n, size_t len)
{
	for (size_t i = 0; i < N_OPTS; i++)
		if (strlen(opts[i].flag) == len && strncmp(opts[i].flag, n, len) == 0)
			return &opts[i];
	return NULL;
}

/* "--name value" or "--name=value"; "--help" or "-h"; "--version". */
static int apply_flags(struct config *c, int argc, char **argv, FILE *out, FILE *err)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
			usage(out);
			return CONFIG_HELP;
		}
		if (strcmp(a, "--version") == 0) {
			fprintf(out, "lootforged %s\n", LOOTFORGE_VERSION);
			return CONFIG_HELP;
		}
		if (strncmp(a, "--", 2) != 0) {
			fprintf(err, "lootforged: unexpected argument '%s' (see --help)\n", a);
			return CONFIG_INVALID;
		}
		const char *eq = strchr(a + 2, '=');
		size_t len = eq ? (size_t)(eq - (a + 2)) : strlen(a + 2);
		const struct opt_def *o = find_flag(a + 2, len);
		if (!o) {
			fprintf(err, "lootforged: unknown option '--%.*s' (see --help)\n", (int)len,
			        a + 2);
			return CONFIG_INVALID;
		}
		const char *value = eq ? eq + 1 : (i + 1 < argc ? argv[++i] : NULL);
		char from[64];
		snprintf(from, sizeof(from), "--%s", o->flag);
		if (!value) {
			fprintf(err, "lootforged: %s needs a value (see --help)\n", from);
			return CONFIG_INVALID;
		}
		if (set_opt(c, o, value, from, err) != 0)
			return CONFIG_INVALID;
		if (single_server_opt(o))
			c->db_host_set = 1;
	}
	return CONFIG_OK;
}

/* The first line of the file, without its line ending. */
static int read_password_file(struct config *c, FILE *err)
{
	char line[PASSWORD_MAX + 2];
	const char *why;
	int fd = secretfile_open(c->db_password_file, 1, &why);
	FILE *f = fd >= 0 ? fdopen(fd, "r") : NULL;

	if (!f) {
		fprintf(err, "lootforged: --db-password-file %s: %s\n", c->db_password_file,
		        fd >= 0 ? strerror(errno) : why);
		if (fd >= 0)
			close(fd);
		return -1;
	}
	if (!fgets(line, sizeof(line), f))
		line[0] = '\0';
	fclose(f);
	size_t n = strcspn(line, "\r\n");
	if (n > PASSWORD_MAX) {
		fprintf(err, "lootforged: --db-password-file: password longer than %d bytes\n",
		        PASSWORD_MAX);
		explicit_bzero(line, sizeof(line));
		return -1;
	}
	line[n] = '\0';
	c->db_password = strdup(line);
	explicit_bzero(line, sizeof(line));
	return c->db_password ? 0 : -1;
}

static int load_password(struct config *c, FILE *err)
{
	if (c->db_password_file)
		return read_password_file(c, err);
	const char *v = getenv("LOOTFORGE_DB_PASSWORD");
	if (!v)
		return 0;
	c->db_password = strdup(v);
	return c->db_password ? 0 : -1;
}

/* --db-hosts: the nodes parsed, and the two modes kept apart: a daemon
 * that wrote to a cluster and read a replica of something else would serve
 * a catalog no one writes to. */
static int check_cluster(struct config *c, FILE *err)
{
	char why[160];

	if (!c->db_hosts)
		return 0;
	if (c->db_host_set || c->db_replica_host || c->db_replica_socket) {
		fprintf(err, "lootforged: --db-hosts (a Galera cluster) cannot be combined with "
		             "--db-host, --db-port, --db-socket or --db-replica-* (a primary and "
		             "replica): set one mode\n");
		return -1;
	}
	if (!(c->db_nodes = malloc(sizeof(*c->db_nodes)))) {
		fprintf(err, "lootforged: out of memory\n");
		return -1;
	}
	if (dbnodes_parse(c->db_nodes, c->db_hosts, c->db_port, why, sizeof(why)) != 0) {
		fprintf(err, "lootforged: --db-hosts: %s\n", why);
		return -1;
	}
	return 0;
}

enum config_result config_parse(struct config *c, int argc, char **argv, FILE *out, FILE *err)
{
	enum config_result r;

	memset(c, 0, sizeof(*c));
	if (apply_defaults(c, err) != 0 || apply_env(c, err) != 0)
		return CONFIG_INVALID;
	r = apply_flags(c, argc, argv, out, err);
	if (r != CONFIG_OK)
		return r;
	if (check_cluster(c, err) != 0 || load_password(c, err) != 0)
		return CONFIG_INVALID;
	return CONFIG_OK;
}

void config_free(struct config *c)
{
	for (size_t i = 0; i < N_OPTS; i++) {
		if (opts[i].type != OT_STR)
			continue;
		free(*str_field(c, &opts[i]));
		*str_field(c, &opts[i]) = NULL;
	}
	if (c->db_password) {
		explicit_bzero(c->db_password, strlen(c->db_password));
		free(c->db_password);
		c->db_password = NULL;
	}
	free(c->db_nodes);
	c->db_nodes = NULL;
}

void config_log(const struct config *c)
{
	log_info("config: socket=%s workers=%u templates=%s poll-ms=%u", c->socket, c->workers,
	         c->templates, c->poll_ms);
	if (c->db_nodes)
		log_info("config: db galera nodes=%s (%zu)", c->db_hosts, c->db_nodes->n);
	else if (c->db_socket)
		log_info("config: db socket=%s", c->db_socket);
	else
		log_info("config: db tcp=%s:%u", c->db_host, c->db_port);
	if (c->db_nodes)
		log_info("config: db replica none (every node of the cluster has everything)");
	else if (c->db_replica_socket)
		log_info("config: db replica socket=%s", c->db_replica_socket);
	else if (c->db_replica_host)
		log_info("config: db replica tcp=%s:%u", c->db_replica_host, c->db_replica_port);
	else
		log_info("config: db replica none (the catalog is read from the primary)");
	log_info("config: db user=%s name=%s timeout=%us password=%s", c->db_user, c->db_name,
	         c->db_timeout,
	         c->db_password ? (c->db_password_file ? "from file" : "from environment")
	                        : "none");
	log_info("config: submit-limit=%u/hour cookie-secure=%u secret=%s", c->submit_limit,
	         c->cookie_secure, c->secret_file ? c->secret_file : "random");
	log_info("config: db-waiters=%u catalog-cache=%s kept-dir=%s", config_db_waiters(c),
	         c->catalog_cache, c->kept_dir ? c->kept_dir : "(none)");
}

unsigned config_db_waiters(const struct config *c)
{
	if (c->db_waiters)
		return c->db_waiters;
	return c->workers > 1 ? c->workers - 1 : 1;
}

struct db_config config_db(const struct config *c)
{
	return (struct db_config){
	        .socket = c->db_socket,
	        .host = c->db_host,
	        .port = c->db_port,
	        .user = c->db_user,
	        .password = c->db_password,
	        .database = c->db_name,
	        .connect_timeout = c->db_timeout,
	        .read_timeout = c->db_timeout,
	        .write_timeout = c->db_timeout,
	        .nodes = c->db_nodes,
	};
}

int config_db_replica(const struct config *c, struct db_config *out)
{
	if (!c->db_replica_socket && !c->db_replica_host)
		return 0;
	*out = config_db(c);
	out->socket = c->db_replica_socket;
	out->host = c->db_replica_host;
	out->port = c->db_replica_port;
	out->replica = 1;
	return 1;
}
