/* lootforged: start-up, wait for SIGTERM/SIGINT, clean shutdown.
 *
 * Start-up failures (bad settings, templates that do not load, a socket that
 * cannot be created) are fatal; a database that is down is not: the catalog
 * poller keeps trying, serves the last good catalog from the cache file
 * meanwhile, and requests answer 503 only when there is none.
 * Exit status: 0 after a clean stop or --help, 1 when start-up failed,
 * 2 for invalid settings. `--add-moderator NAME` does only that, and exits
 * with modcli_add's status. */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "catalog.h"
#include "config.h"
#include "log.h"
#include "metrics.h"
#include "kept.h"
#include "modcli.h"
#include "peer.h"
#include "page.h"
#include "reload.h"
#include "render.h"
#include "server.h"
#include "settings.h"
#include "supervise.h"
#include "tmpl.h"

/* A worker process gets this long to finish its requests at stop. */
#define SUPERVISE_GRACE_MS    (SERVER_STOP_GRACE_MS + 3000)
#define FIRST_CATALOG_WAIT_MS 3000

/* The signals that stop the daemon, blocked in every thread and taken by
 * sigwait() in the main thread, so no handler runs inside a worker. */
static void stop_signals(sigset_t *set)
{
	sigemptyset(set);
	sigaddset(set, SIGTERM);
	sigaddset(set, SIGINT);
}

/* What a worker process runs: the catalog poller and the worker threads on
 * the inherited socket, until a stop signal. */
struct worker_args {
	const struct config *cfg;
	int fd;
	const struct peer_allow *allow;
};

/* A fresh worker process accepts nothing until its first catalog is in
 * (from the database, or from the cache file when the database does not
 * answer), so a restarted worker never answers 503 while its siblings could
 * answer 200; with neither it starts anyway (and answers 503). */
static void wait_first_catalog(void)
{
	const struct timespec step = {0, 5 * 1000000L};
	for (unsigned waited = 0; waited < FIRST_CATALOG_WAIT_MS; waited += 5) {
		const struct catalog *c = catalog_acquire();
		if (c) {
			catalog_release(c);
			return;
		}
		supervise_beat(); /* starting, not frozen (supervise.h) */
		nanosleep(&step, NULL);
	}
	log_warn("main: no catalog after %u ms; serving without one for now",
	         FIRST_CATALOG_WAIT_MS);
}

static int serve(const struct config *cfg, int fd, const struct peer_allow *allow)
{
	struct db_config dbc = config_db(cfg), replica;
	int has_replica = config_db_replica(cfg, &replica);
	struct reloader *rl = NULL;
	struct server *srv = NULL;
	sigset_t stop;
	int sig = 0, rc = 1;

	stop_signals(&stop);
	db_set_max_waiting(config_db_waiters(cfg));
	if (!(rl = reload_start(&dbc, has_replica ? &replica : NULL, cfg->poll_ms,
	                        cfg->catalog_cache, kept_live)))
		log_error("main: cannot start the catalog poller");
	else if (wait_first_catalog(), !(srv = server_start(fd, cfg->workers, &dbc, allow)))
		log_error("main: cannot start the workers");
	else {
		log_info("lootforged: ready on %s with %u workers (pid %ld)", cfg->socket,
		         cfg->workers, (long)getpid());
		if (sigwait(&stop, &sig) == 0)
			log_info("lootforged: %s received, stopping (pid %ld)", strsignal(sig),
			         (long)getpid());
		rc = 0;
	}
	server_stop(srv);
	reload_stop(rl);
	catalog_shutdown();
	return rc;
}

static int serve_child(void *arg)
{
	const struct worker_args *a = arg;
	return serve(a->cfg, a->fd, a->allow);
}

/* Start-up shared by every process (settings, templates, the socket), then
 * either the worker threads in this process (--processes 0) or the
 * supervisor of --processes worker processes. 0, or -1 when start-up failed
 * (logged). */
static int run(const struct config *cfg)
{
	sigset_t stop;
	struct peer_allow allow;
	char why[160];
	int fd, rc;

	stop_signals(&stop);
	if (settings_init(cfg->secret_file, cfg->submit_limit, (int)cfg->cookie_secure) != 0)
		return -1;
	if (tmpl_init(cfg->templates, NULL) != 0) {
		log_error("main: cannot load the templates from %s", cfg->templates);
		return -1;
	}
	/* Blocked before any thread or child exists, so all inherit the mask. */
	if (server_init() != 0 || pthread_sigmask(SIG_BLOCK, &stop, NULL) != 0)
		return -1;
	if (peer_allow_parse(&allow, cfg->fcgi_allow, why, sizeof(why)) != 0) {
		log_error("main: fcgi-allow: %s", why);
		return -1;
	}
	if ((fd = server_listen(cfg->socket)) < 0)
		return -1;
	/* Before the fork: the worker processes write into what it made. Not
	 * fatal: without it nginx asks the daemon for every page. */
	kept_init(cfg->kept_dir);
	/* Before the fork: every worker process shares the one table. */
	metrics_init(cfg->processes, cfg->workers, cfg->poll_ms);
	if (cfg->processes == 0) {
		metrics_bind_process(0);
		rc = serve(cfg, fd, &allow) == 0 ? 0 : -1;
	} else {
		struct worker_args args = {cfg, fd, &allow};
		rc = supervise(cfg->processes, serve_child, &args, &stop, SUPERVISE_GRACE_MS);
	}
	kept_stop();
	server_unlisten(fd, cfg->socket);
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
