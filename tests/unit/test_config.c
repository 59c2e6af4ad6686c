/* config: defaults, environment, flags (a flag wins), strict numbers, the
 * password sources, and the exit classes (help / invalid). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

#include "config.h"
#include "version.h"

static const char *const env_names[] = {
        "LOOTFORGE_SOCKET",           "LOOTFORGE_WORKERS",         "LOOTFORGE_TEMPLATES",
        "LOOTFORGE_DB_SOCKET",        "LOOTFORGE_DB_HOST",         "LOOTFORGE_DB_PORT",
        "LOOTFORGE_DB_USER",          "LOOTFORGE_DB_NAME",         "LOOTFORGE_DB_PASSWORD",
        "LOOTFORGE_DB_PASSWORD_FILE", "LOOTFORGE_DB_TIMEOUT",      "LOOTFORGE_POLL_MS",
        "LOOTFORGE_DB_REPLICA_HOST",  "LOOTFORGE_DB_REPLICA_PORT", "LOOTFORGE_DB_REPLICA_SOCKET",
        "LOOTFORGE_DB_HOSTS",
};

static int clear_env(void **state)
{
	(void)state;
	for (size_t i = 0; i < sizeof(env_names) / sizeof(env_names[0]); i++)
		unsetenv(env_names[i]);
	return 0;
}

/* Parses argv (NULL-terminated list after the program name); messages go to
 * a scratch file whose text is copied to msg (may be NULL). */
static enum config_result parse(struct config *c, char *msg, size_t msg_len, ...)
{
	char *argv[16] = {"lootforged"};
	int argc = 1;
	va_list ap;
	FILE *f = tmpfile();

	assert_non_null(f);
	va_start(ap, msg_len);
	for (char *a; argc < 15 && (a = va_arg(ap, char *));)
		argv[argc++] = a;
	va_end(ap);
	enum config_result r = config_parse(c, argc, argv, f, f);
	if (msg) {
		rewind(f);
		size_t n = fread(msg, 1, msg_len - 1, f);
		msg[n] = '\0';
	}
	fclose(f);
	return r;
}

static void test_defaults(void **state)
{
	struct config c;
	(void)state;
	assert_int_equal(parse(&c, NULL, 0, NULL), CONFIG_OK);
	assert_string_equal(c.socket, "var/run/fcgi.sock");
	assert_int_equal(c.workers, 2);
	assert_string_equal(c.templates, "templates");
	assert_null(c.db_socket);
	assert_string_equal(c.db_host, "localhost");
	assert_int_equal(c.db_port, 3306);
	assert_string_equal(c.db_user, "lootforge");
	assert_string_equal(c.db_name, "lootforge");
	assert_null(c.db_password);
	assert_int_equal(c.db_timeout, 2);
	assert_int_equal(c.poll_ms, 250);
	assert_int_equal(c.cookie_secure, 1); /* production is HTTPS only */
	config_free(&c);
}

static void test_env_then_flag_wins(void **state)
{
	struct config c;
	(void)state;
	setenv("LOOTFORGE_WORKERS", "8", 1);
	setenv("LOOTFORGE_DB_SOCKET", "/run/db.sock", 1);
	setenv("LOOTFORGE_POLL_MS", "1000", 1);
	assert_int_equal(parse(&c, NULL, 0, "--workers", "2", "--poll-ms=500", NULL), CONFIG_OK);
	assert_int_equal(c.workers, 2);
	assert_int_equal(c.poll_ms, 500);
	assert_string_equal(c.db_socket, "/run/db.sock");
	config_free(&c);
}

static void test_config_db(void **state)
{
	struct config c;
	(void)state;
	assert_int_equal(parse(&c, NULL, 0, "--db-host", "db.example", "--db-port", "3307",
	                       "--db-timeout", "5", "--db-user", "u", "--db-name", "n", NULL),
	                 CONFIG_OK);
	struct db_config d = config_db(&c);
	assert_string_equal(d.host, "db.example");
	assert_int_equal(d.port, 3307);
	assert_string_equal(d.user, "u");
	assert_string_equal(d.database, "n");
	assert_int_equal(d.connect_timeout, 5);
	assert_int_equal(d.read_timeout, 5);
	assert_int_equal(d.write_timeout, 5);
	assert_null(d.socket);
	config_free(&c);
}

static void test_invalid_numbers(void **state)
{
	static const char *const bad[][2] = {
	        {"--workers", "0"},
	        {"--workers", "65"},
	        {"--workers", "4x"},
	        {"--workers", ""},
	        {"--workers", "-1"},
	        {"--workers", " 4"},
	        {"--db-port", "0"},
	        {"--db-port", "65536"},
	        {"--poll-ms", "5"},
	        {"--db-timeout", "0"},
	        {"--workers", "99999999999999999999"},
	};
	char msg[256];
	(void)state;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct config c;
		assert_int_equal(parse(&c, msg, sizeof(msg), bad[i][0], bad[i][1], NULL),
		                 CONFIG_INVALID);
		assert_non_null(strstr(msg, bad[i][0])); /* the message names the flag */
		config_free(&c);
	}
}

static void test_invalid_env(void **state)
{
	struct config c;
	char msg[256];
	(void)state;
	setenv("LOOTFORGE_WORKERS", "many", 1);
	assert_int_equal(parse(&c, msg, sizeof(msg), NULL), CONFIG_INVALID);
	assert_non_null(strstr(msg, "LOOTFORGE_WORKERS"));
	config_free(&c);
}

static void test_bad_arguments(void **state)
{
	struct config c;
	(void)state;
	assert_int_equal(parse(&c, NULL, 0, "--nope", NULL), CONFIG_INVALID);
	config_free(&c);
	assert_int_equal(parse(&c, NULL, 0, "stray", NULL), CONFIG_INVALID);
	config_free(&c);
	assert_int_equal(parse(&c, NULL, 0, "--workers", NULL), CONFIG_INVALID);
	config_free(&c);
	assert_int_equal(parse(&c, NULL, 0, "--socket", "", NULL), CONFIG_INVALID);
	config_free(&c);
	/* No abbreviations: a password on the command line is refused, and its
	 * value is not echoed as if it were a file name. */
	char msg[256];
	assert_int_equal(parse(&c, msg, sizeof(msg), "--db-password", "hunter2", NULL),
	                 CONFIG_INVALID);
	assert_null(strstr(msg, "hunter2"));
	config_free(&c);
}

static void test_help(void **state)
{
	struct config c;
	char msg[4096];
	(void)state;
	assert_int_equal(parse(&c, msg, sizeof(msg), "--workers", "2", "--help", NULL),
	                 CONFIG_HELP);
	assert_non_null(strstr(msg, "--db-password-file"));
	assert_non_null(strstr(msg, "LOOTFORGE_POLL_MS"));
	config_free(&c);
}

/* --version prints the one version string (version.h) and nothing else. */
static void test_version(void **state)
{
	struct config c;
	char msg[256];
	(void)state;
	assert_int_equal(parse(&c, msg, sizeof(msg), "--version", NULL), CONFIG_HELP);
	assert_string_equal(msg, "lootforged " LOOTFORGE_VERSION "\n");
	config_free(&c);
}

/* config.h reaches recipe.h, whose enum stat rules out <sys/stat.h> here;
 * this is its declaration of chmod. The mode rules themselves are tested in
 * test_secretfile.c. */
int chmod(const char *path, mode_t mode);

/* A password file that others may read is refused, naming the fix and not
 * the password; the same file at 0640 is taken. */
static void test_password_file_permissions(void **state)
{
	char path[] = "/tmp/lootforge-test-pw-XXXXXX";
	char msg[512];
	struct config c;
	int fd = mkstemp(path);
	(void)state;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, "s3cret\n", 7), 7);
	close(fd);

	assert_int_equal(chmod(path, 0644), 0);
	assert_int_equal(parse(&c, msg, sizeof(msg), "--db-password-file", path, NULL),
	                 CONFIG_INVALID);
	assert_null(c.db_password);
	assert_non_null(strstr(msg, "chmod 600"));
	assert_null(strstr(msg, "s3cret"));
	config_free(&c);

	assert_int_equal(chmod(path, 0640), 0);
	assert_int_equal(parse(&c, msg, sizeof(msg), "--db-password-file", path, NULL), CONFIG_OK);
	assert_string_equal(c.db_password, "s3cret");
	config_free(&c);
	unlink(path);
}

static void test_password_sources(void **state)
{
	struct config c;
	char path[] = "/tmp/lootforge-test-pw-XXXXXX";
	int fd = mkstemp(path);
	(void)state;

	assert_true(fd >= 0);
	assert_int_equal(write(fd, "s3cret\nsecond line\n", 19), 19);
	close(fd);

	setenv("LOOTFORGE_DB_PASSWORD", "from-env", 1);
	assert_int_equal(parse(&c, NULL, 0, NULL), CONFIG_OK);
	assert_string_equal(c.db_password, "from-env");
	config_free(&c);
	assert_null(c.db_password);

	/* The file wins over the variable; only its first line counts. */
	assert_int_equal(parse(&c, NULL, 0, "--db-password-file", path, NULL), CONFIG_OK);
	assert_string_equal(c.db_password, "s3cret");
	config_free(&c);

	setenv("LOOTFORGE_DB_PASSWORD_FILE", path, 1);
	assert_int_equal(parse(&c, NULL, 0, NULL), CONFIG_OK);
	assert_string_equal(c.db_password, "s3cret");
	config_free(&c);

	unlink(path);
	assert_int_equal(parse(&c, NULL, 0, NULL), CONFIG_INVALID);
	config_free(&c);
}

/* No replica by default; one set by variable or flag (a flag wins) takes
 * the primary's credentials and timeouts, and its handle is a replica's. */
static void test_replica(void **state)
{
	struct config c;
	struct db_config r;
	(void)state;
	assert_int_equal(parse(&c, NULL, 0, NULL), CONFIG_OK);
	assert_int_equal(config_db_replica(&c, &r), 0);
	config_free(&c);

	setenv("LOOTFORGE_DB_REPLICA_HOST", "10.0.0.9", 1);
	setenv("LOOTFORGE_DB_REPLICA_PORT", "3307", 1);
	setenv("LOOTFORGE_DB_PASSWORD", "pw", 1);
	assert_int_equal(parse(&c, NULL, 0, "--db-host", "10.0.0.1", "--db-replica-port", "3308",
	                       "--db-timeout", "5", NULL),
	                 CONFIG_OK);
	assert_int_equal(config_db_replica(&c, &r), 1);
	assert_string_equal(r.host, "10.0.0.9");
	assert_int_equal(r.port, 3308);
	assert_null(r.socket);
	assert_string_equal(r.user, "lootforge");
	assert_string_equal(r.password, "pw");
	assert_int_equal(r.connect_timeout, 5);
	assert_int_equal(r.replica, 1);
	assert_int_equal(config_db(&c).replica, 0);
	assert_string_equal(config_db(&c).host, "10.0.0.1");
	config_free(&c);

	char msg[512];
	assert_int_equal(parse(&c, msg, sizeof(msg), "--db-replica-port", "0", NULL),
	                 CONFIG_INVALID);
	assert_non_null(strstr(msg, "--db-replica-port"));
	config_free(&c);
	assert_int_equal(parse(&c, NULL, 0, "--db-replica-socket", "/run/replica.sock", NULL),
	                 CONFIG_OK);
	assert_int_equal(config_db_replica(&c, &r), 1);
	assert_string_equal(r.socket, "/run/replica.sock");
	config_free(&c);
}

/* --db-hosts: the nodes, each with --db-port when it names none, in the
 * handle's settings; never beside the single server's or the replica's
 * address settings, by flag or by variable; a malformed list is refused
 * naming the flag. */
static void test_db_hosts(void **state)
{
	struct config c;
	struct db_config d, r;
	char msg[512];
	(void)state;

	assert_int_equal(parse(&c, NULL, 0, NULL), CONFIG_OK);
	assert_null(c.db_nodes);
	assert_null(config_db(&c).nodes);
	config_free(&c);

	assert_int_equal(parse(&c, NULL, 0, "--db-hosts", "10.0.0.21,10.0.0.22:3307,10.0.0.23",
	                       "--db-port", NULL),
	                 CONFIG_INVALID); /* --db-port needs a value; checked first */
	config_free(&c);
	assert_int_equal(
	        parse(&c, NULL, 0, "--db-hosts", "10.0.0.21,10.0.0.22:3307,10.0.0.23", NULL),
	        CONFIG_OK);
	assert_non_null(c.db_nodes);
	assert_int_equal(c.db_nodes->n, 3);
	assert_string_equal(c.db_nodes->node[1].host, "10.0.0.22");
	assert_int_equal(c.db_nodes->node[1].port, 3307);
	assert_int_equal(c.db_nodes->node[2].port, 3306);
	d = config_db(&c);
	assert_ptr_equal(d.nodes, c.db_nodes);
	assert_int_equal(config_db_replica(&c, &r), 0);
	config_free(&c);
	assert_null(c.db_nodes);

	const char *other[][2] = {{"--db-host", "10.0.0.20"},
	                          {"--db-port", "3307"},
	                          {"--db-socket", "/run/db.sock"},
	                          {"--db-replica-host", "10.0.0.21"},
	                          {"--db-replica-socket", "/run/r.sock"}};
	for (size_t i = 0; i < sizeof(other) / sizeof(other[0]); i++) {
		assert_int_equal(parse(&c, msg, sizeof(msg), "--db-hosts", "a,b,c",
		                       (char *)other[i][0], (char *)other[i][1], NULL),
		                 CONFIG_INVALID);
		assert_non_null(strstr(msg, "--db-hosts"));
		assert_non_null(strstr(msg, "set one mode"));
		config_free(&c);
	}
	setenv("LOOTFORGE_DB_HOST", "10.0.0.20", 1);
	assert_int_equal(parse(&c, msg, sizeof(msg), "--db-hosts", "a,b", NULL), CONFIG_INVALID);
	assert_non_null(strstr(msg, "set one mode"));
	config_free(&c);
	unsetenv("LOOTFORGE_DB_HOST");

	setenv("LOOTFORGE_DB_HOSTS", "a,,b", 1);
	assert_int_equal(parse(&c, msg, sizeof(msg), NULL), CONFIG_INVALID);
	assert_non_null(strstr(msg, "--db-hosts: entry 2"));
	config_free(&c);
	unsetenv("LOOTFORGE_DB_HOSTS");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test_setup(test_defaults, clear_env),
	        cmocka_unit_test_setup(test_replica, clear_env),
	        cmocka_unit_test_setup(test_db_hosts, clear_env),
	        cmocka_unit_test_setup(test_env_then_flag_wins, clear_env),
	        cmocka_unit_test_setup(test_config_db, clear_env),
	        cmocka_unit_test_setup(test_invalid_numbers, clear_env),
	        cmocka_unit_test_setup(test_invalid_env, clear_env),
	        cmocka_unit_test_setup(test_bad_arguments, clear_env),
	        cmocka_unit_test_setup(test_help, clear_env),
	        cmocka_unit_test_setup(test_version, clear_env),
	        cmocka_unit_test_setup(test_password_sources, clear_env),
	        cmocka_unit_test_setup(test_password_file_permissions, clear_env),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
