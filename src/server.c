/* server: FastCGI workers (see server.h).
 *
 * Accepting: every worker calls FCGX_Accept_r on the shared listen socket
 * without a mutex of ours. libfcgi's own lock is an fcntl record lock, which
 * does not exclude threads of one process, and Linux hands each connection
 * to exactly one accept() caller, so a mutex would only serialise for
 * nothing.
 *
 * Stopping: server_stop() sets `stopping`, tells libfcgi a shutdown is
 * pending and shuts the listen socket down, which makes every accept()
 * blocked in FCGX_Accept_r fail at once; a worker busy with a request
 * finishes it first. A worker blocked reading the next request of a
 * kept-alive connection (fastcgi_keep_conn) is not woken by that: a worker
 * that is not busy with a request gets SIGUSR1, whose no-op handler
 * interrupts the read, and libfcgi then sees the pending shutdown. */
#include "server.h"

#include <errno.h>
#include <fcgiapp.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "db.h"
#include "form.h"
#include "handler.h"
#include "log.h"

/* Sent with every answer (SPEC §5: the site has no inline script or style). */
#define SECURITY_HEADERS                                                                           \
	"Content-Security-Policy: default-src 'self'; img-src 'self'; style-src 'self'; "          \
	"script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'\r\n"       \
	"X-Content-Type-Options: nosniff\r\n"                                                      \
	"X-Frame-Options: DENY\r\n"                                                                \
	"Referrer-Policy: same-origin\r\n"

#define HEADERS_MAX     1024
#define ACCEPT_RETRY_NS 100000000L /* after an accept error other than stopping */

struct worker {
	pthread_t thread;
	struct server *srv;
	FCGX_Request req;
	struct handler_ctx ctx;
	struct response rs; /* body reused across requests */
	char *body;         /* FORM_BODY_MAX bytes, reused across requests */
	atomic_int busy;    /* between accepting a request and finishing it */
};

struct server {
	int fd;
	atomic_int stopping;
	unsigned n;       /* workers started */
	struct worker *w; /* array of n */
};

static void on_sigusr1(int sig)
{
	(void)sig; /* only there to interrupt a blocking read (no SA_RESTART) */
}

int server_init(void)
{
	struct sigaction ign = {.sa_handler = SIG_IGN}, usr = {.sa_handler = on_sigusr1};

	if (FCGX_Init() != 0) {
		log_error("server: FCGX_Init failed");
		return -1;
	}
	sigemptyset(&ign.sa_mask);
	sigemptyset(&usr.sa_mask);
	if (sigaction(SIGPIPE, &ign, NULL) != 0 || sigaction(SIGUSR1, &usr, NULL) != 0) {
		log_error("server: sigaction: %s", strerror(errno));
		return -1;
	}
	return 0;
}

/* ---- one request ---- */

/* CONTENT_LENGTH as a number: digits only; -1 when absent or malformed. */
static long parse_length(const char *s)
{
	long v = 0;

	if (!s || !*s)
		return -1;
	for (; *s; s++) {
		if (*s < '0' || *s > '9' || v > (LONG_MAX - 9) / 10)
			return -1;
		v = v * 10 + (*s - '0');
	}
	return v;
}

/* Reads the body into w->body unless it is over FORM_BODY_MAX (then the
 * handler answers 400 without it being read). Stops early at end of input. */
static void read_body(struct worker *w, struct request *rq)
{
	size_t want, got = 0;

	rq->body = w->body;
	rq->body_len = 0;
	if (rq->content_length <= 0)
		return;
	if (rq->content_length > FORM_BODY_MAX) {
		rq->body_truncated = 1;
		return;
	}
	want = (size_t)rq->content_length;
	while (got < want) {
		int n = FCGX_GetStr(w->body + got, (int)(want - got), w->req.in);
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	rq->body_len = got;
}

static void read_request(struct worker *w, struct request *rq)
{
	FCGX_ParamArray env = w->req.envp;

	memset(rq, 0, sizeof(*rq));
	rq->method = FCGX_GetParam("REQUEST_METHOD", env);
	rq->path = FCGX_GetParam("DOCUMENT_URI", env);
	if (!rq->path)
		rq->path = FCGX_GetParam("SCRIPT_NAME", env);
	rq->query = FCGX_GetParam("QUERY_STRING", env);
	rq->content_type = FCGX_GetParam("CONTENT_TYPE", env);
	rq->accept = FCGX_GetParam("HTTP_ACCEPT", env);
	rq->content_length = parse_length(FCGX_GetParam("CONTENT_LENGTH", env));
	if (!rq->method)
		rq->method = "";
	read_body(w, rq);
}

/* The one place that writes an answer: status line, the headers every
 * answer carries, then the body (none for HEAD). Two writes to the stream. */
static void write_response(FCGX_Stream *out, const struct request *rq, const struct response *rs)
{
	char h[HEADERS_MAX];
	char cache[32] = "no-store";
	char retry[48] = "", allow[96] = "";
	int n;

	if (rs->cache_seconds > 0)
		snprintf(cache, sizeof(cache), "max-age=%d", rs->cache_seconds);
	if (rs->retry_after > 0)
		snprintf(retry, sizeof(retry), "Retry-After: %d\r\n", rs->retry_after);
	if (rs->allow)
		snprintf(allow, sizeof(allow), "Allow: %s\r\n", rs->allow);
	n = snprintf(h, sizeof(h),
	             "Status: %d %s\r\nContent-Type: %s\r\nContent-Length: %zu\r\n"
	             "Cache-Control: %s\r\n%s%s" SECURITY_HEADERS "\r\n",
	             rs->status, http_reason(rs->status),
	             rs->content_type ? rs->content_type : "text/plain; charset=utf-8",
	             rs->body.len, cache, retry, allow);
	if (n < 0 || (size_t)n >= sizeof(h))
		return; /* cannot happen with the fixed texts above */
	/* A failed write means the web server dropped the connection; there is
	 * no one left to tell, and FCGX_Finish_r closes it. */
	FCGX_PutStr(h, n, out);
	if (strcmp(rq->method, "HEAD") != 0 && rs->body.len > 0)
		FCGX_PutStr(rs->body.data, (int)rs->body.len, out);
}

static void serve(struct worker *w)
{
	struct request rq;

	read_request(w, &rq);
	buf_reset(&w->rs.body);
	handle_request(&w->ctx, &rq, &w->rs);
	/* 503s are not logged here: their cause (no catalog, database down) is
	 * logged once by the catalog poller. */
	if (w->rs.status >= 500 && w->rs.status != 503)
		log_warn("request: %.8s %.200s answered %d", rq.method, rq.path ? rq.path : "-",
		         w->rs.status);
	write_response(w->req.out, &rq, &w->rs);
}

/* ---- workers ---- */

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	int failing = 0;

	for (;;) {
		if (FCGX_Accept_r(&w->req) < 0) {
			if (atomic_load(&w->srv->stopping))
				break;
			if (!failing)
				log_warn("server: accept failed: %s; retrying", strerror(errno));
			failing = 1;
			nanosleep(&(struct timespec){0, ACCEPT_RETRY_NS}, NULL);
			continue;
		}
		failing = 0;
		atomic_store(&w->busy, 1);
		serve(w);
		FCGX_Finish_r(&w->req);
		atomic_store(&w->busy, 0);
	}
	FCGX_Finish_r(&w->req);
	return NULL;
}

static int worker_init(struct worker *w, struct server *s, const struct db_config *db)
{
	FCGX_InitRequest(&w->req, s->fd, 0); /* first: worker_free relies on it */
	atomic_init(&w->busy, 0);
	w->srv = s;
	buf_init(&w->rs.body);
	rng_seed(&w->ctx.seeds, rng_fresh_seed());
	w->ctx.db = db_new(db);
	w->body = malloc(FORM_BODY_MAX);
	if (!w->ctx.db || !w->body)
		return -1;
	return 0;
}

static void worker_free(struct worker *w)
{
	FCGX_Free(&w->req, 1);
	db_free(w->ctx.db);
	buf_free(&w->rs.body);
	free(w->body);
}

struct server *server_start(int listen_fd, unsigned workers, const struct db_config *db)
{
	struct server *s = calloc(1, sizeof(*s));

	if (!s || !(s->w = calloc(workers, sizeof(*s->w)))) {
		free(s);
		log_error("server: out of memory");
		return NULL;
	}
	s->fd = listen_fd;
	atomic_init(&s->stopping, 0);
	for (; s->n < workers; s->n++) {
		struct worker *w = &s->w[s->n];
		if (worker_init(w, s, db) != 0 ||
		    pthread_create(&w->thread, NULL, worker_main, w)) {
			log_error("server: cannot start worker %u", s->n + 1);
			worker_free(w);
			server_stop(s);
			return NULL;
		}
	}
	return s;
}

/* A CLOCK_REALTIME deadline (pthread_timedjoin_np's clock) ms from now. */
static void deadline_in(struct timespec *t, long ms)
{
	clock_gettime(CLOCK_REALTIME, t);
	t->tv_sec += ms / 1000;
	t->tv_nsec += (ms % 1000) * 1000000L;
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

/* Joins a worker, interrupting it while it waits for a request (again and
 * again: a signal that lands just before it blocks would be lost). A busy
 * worker is left to finish its answer, up to the grace deadline. */
static void join_worker(struct worker *w, const struct timespec *grace)
{
	struct timespec now, again;

	for (;;) {
		clock_gettime(CLOCK_REALTIME, &now);
		if (!atomic_load(&w->busy) || now.tv_sec > grace->tv_sec)
			pthread_kill(w->thread, SIGUSR1);
		deadline_in(&again, 20);
		if (pthread_timedjoin_np(w->thread, NULL, &again) == 0)
			return;
	}
}

void server_stop(struct server *s)
{
	if (!s)
		return;
	struct timespec grace;

	atomic_store(&s->stopping, 1);
	FCGX_ShutdownPending();
	shutdown(s->fd, SHUT_RDWR);
	deadline_in(&grace, SERVER_STOP_GRACE_MS);
	for (unsigned i = 0; i < s->n; i++) {
		join_worker(&s->w[i], &grace);
		worker_free(&s->w[i]);
	}
	free(s->w);
	free(s);
}
