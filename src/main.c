/* lootforged: start-up, wait for SIGTERM/SIGINT, clean shutdown.
 *
 * Start-up failures (bad settings, templates that do not load, a socket that
 * cannot be created) are fatal; a database that is down is not: the catalog
 * poller keeps trying and requests answer 503 until the first catalog loads.
 * Exit status: 0 after a clean stop or --help, 1 when start-up failed,
 * 2 for invalid settings. `--add-moderator NAME` does only that, and exits
 * with modcli_add's status. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "catalog.h"
#include "config.h"
#include "log.h"
#include "modcli.h"
#include "page.h"
#include "reload.h"
#include "render.h"
#include "server.h"
#include "settings.h"
#include "tmpl.h"

#define TEMPLATES_MAX 32

/* render.c's templates and page.c's, as one list for tmpl_init. */
static int all_templates(const char *list[TEMPLATES_MAX])
{
	size_t n = 0;

	for (const char *const *t = render_templates; *t && n < TEMPLATES_MAX - 1; t++)
		list[n++] = *t;
	for (const char *const *t = page_templates; *t && n < TEMPLATES_MAX - 1; t++)
		list[n++] = *t;
	list[n] = NULL;
	return n == TEMPLATES_MAX - 1 ? -1 : 0;
}

/* The signals that stop the daemon, blocked in every thread and taken by
 * sigwait() in the main thread, so no handler runs inside a worker. */
static void stop_signals(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGINT);
}

/* Runs until a stop signal. 0, or -1 when start-up failed (logged). */
static int run(const struct config *cfg)
{
	struct db_config dbc = config_db(cfg);
	struct reloader *rl = NULL;
	struct server *srv = NULL;
	const char *templates[TEMPLATES_MAX];
	sigset_t stop;
	int fd, sig = 0, rc = -1;

	stop_signals(&stop);
	if (settings_init(cfg->secret_file, cfg->submit_limit, (int)cfg->cookie_secure) != 0)
		return -1;
	if (all_templates(templates) != 0 || tmpl_init(cfg->templates, templates) != 0) {
		log_error("main: cannot load the templates from %s", cfg->templates);
		return -1;
	}
	/* Blocked before any thread exists, so every thread inherits the mask. */
	if (server_init() != 0 || pthread_sigmask(SIG_BLOCK, &stop, NULL) != 0)
		return -1;
	if ((fd = server_listen(cfg->socket)) < 0)
		return -1;
	if (!(rl = reload_start(&dbc, cfg->poll_ms)))
		log_error("main: cannot start the catalog poller");
	else if (!(srv = server_start(fd, cfg->workers, &dbc)))
		log_error("main: cannot start the workers");
	else {
		log_info("lootforged: ready on %s with %u workers", cfg->socket, cfg->workers);
		if (sigwait(&stop, &sig) == 0)
			log_info("lootforged: %s received, stopping", strsignal(sig));
		rc = 0;
	}
	server_stop(srv);
	reload_stop(rl);
	server_unlisten(fd, cfg->socket);
	catalog_shutdown();
	return rc;
}

int main(int argc, char **argv)
{
	struct config cfg;
	int rc;

	switch (config_parse(&cfg, argc, argv, stdout, stderr)) {
	case CONFIG_HELP:
		config_free(&cfg);
		return 0;
	case CONFIG_INVALID:
		config_free(&cfg);
		return 2;
	case CONFIG_OK:
		break;
	}
	if (cfg.add_moderator) {
		struct db_config dbc = config_db(&cfg);
		rc = modcli_add(&dbc, cfg.add_moderator, stdin, stdout, stderr);
		config_free(&cfg);
		return rc;
	}
	log_info("lootforged: starting (pid %ld)", (long)getpid());
	config_log(&cfg);
	rc = run(&cfg);
	config_free(&cfg);
	log_info("lootforged: %s", rc == 0 ? "stopped" : "start-up failed");
	return rc == 0 ? 0 : 1;
}
