/* server: FastCGI workers (see server.h).
 *
 * Connections: a worker never waits on one web server connection. Left to
 * itself, libfcgi reads the next request of a kept-alive connection
 * (fastcgi_keep_conn) with a blocking read, so every idle connection nginx
 * keeps pins a worker while new connections queue behind it: with 4 workers
 * and 32 clients that gave a p99 above one second (docs/benchmarks.md).
 * Instead, between two requests a kept connection is parked in an epoll set
 * beside the listen socket, and whichever worker is free takes the next
 * connection that has a request waiting, new or parked. EPOLLONESHOT hands
 * each readiness to exactly one worker, which re-arms it when done. libfcgi
 * is handed the connection through FCGX_Request.ipcFd (it reads a request
 * from an open ipcFd instead of accepting one) and never accepts by itself:
 * the requests are made with no listen socket. No mutex of ours is taken.
 *
 * Stopping: server_stop() sets `stopping`, tells libfcgi a shutdown is
 * pending and shuts the listen socket down; a worker busy with a request
 * finishes it first. A worker waiting in epoll_wait gets SIGUSR1, whose
 * no-op handler interrupts the wait. The parked connections are closed
 * once every worker has been joined. */
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
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
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

#define HEADERS_MAX     (1024 + RESPONSE_HEADERS_MAX) /* fixed headers + the handler's */
#define ACCEPT_RETRY_NS 100000000L /* after an accept error other than stopping */
#define PARKED_MAX      65536      /* highest fd + 1 that can be parked */

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
	int tcp; /* the listen socket is TCP (Nagle off on its connections) */
	int ep;  /* epoll: the listen socket and the parked connections */
	/* parked[fd]: connection fd sits in ep between two requests; read
	 * only to close those left at stop. Connections at or above n_parked
	 * are closed after their request instead of being parked. */
	atomic_uchar *parked;
	int n_parked;
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
	rq->env = (const char *const *)env; /* cookies, Origin, Host, REMOTE_ADDR */
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
	             "Cache-Control: %s\r\n%s%s%s" SECURITY_HEADERS "\r\n",
	             rs->status, http_reason(rs->status),
	             rs->content_type ? rs->content_type : "text/plain; charset=utf-8",
	             rs->body.len, cache, retry, allow, rs->headers);
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

/* ---- connections ---- */

/* (Re-)arms fd in the epoll set for one readiness. 0, or -1 (errno). */
static int arm(struct server *s, int fd)
{
	struct epoll_event ev = {.events = EPOLLIN | EPOLLONESHOT, .data.fd = fd};

	if (epoll_ctl(s->ep, EPOLL_CTL_MOD, fd, &ev) == 0)
		return 0;
	/* A connection parked for the first time is not in the set yet. */
	return errno == ENOENT ? epoll_ctl(s->ep, EPOLL_CTL_ADD, fd, &ev) : -1;
}

/* Keeps a connection the web server wants kept until its next request. */
static void park(struct server *s, int fd)
{
	if (fd >= s->n_parked) {
		close(fd); /* the web server opens a new one */
		return;
	}
	atomic_store(&s->parked[fd], 1);
	if (arm(s, fd) != 0) {
		log_warn("server: cannot keep a connection: %s", strerror(errno));
		atomic_store(&s->parked[fd], 0);
		close(fd);
	}
}

/* A new connection from the listen socket, or -1 (none waiting, or an
 * error: logged once per run of failures, then slowed down, as for EMFILE). */
static int accept_one(struct server *s, int *failing)
{
	int fd = accept4(s->fd, NULL, NULL, SOCK_CLOEXEC), err = errno, one = 1;

	if (arm(s, s->fd) != 0 && !atomic_load(&s->stopping))
		log_error("server: cannot re-arm the listen socket: %s", strerror(errno));
	if (fd >= 0) {
		*failing = 0;
		if (s->tcp)
			setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
		return fd;
	}
	if (err == EAGAIN || err == EWOULDBLOCK || err == EINTR || err == ECONNABORTED ||
	    atomic_load(&s->stopping))
		return -1;
	if (!*failing)
		log_warn("server: accept failed: %s; retrying", strerror(err));
	*failing = 1;
	nanosleep(&(struct timespec){0, ACCEPT_RETRY_NS}, NULL);
	return -1;
}

/* Waits for the next connection with a request to read: a new one or a
 * parked one. -1 when interrupted (SIGUSR1 at stop) or none was ready. */
static int next_connection(struct server *s, int *failing)
{
	struct epoll_event ev;
	int n = epoll_wait(s->ep, &ev, 1, -1);

	if (n <= 0) {
		if (n < 0 && errno != EINTR)
			log_error("server: epoll_wait: %s", strerror(errno));
		return -1;
	}
	if (ev.data.fd == s->fd)
		return accept_one(s, failing);
	atomic_store(&s->parked[ev.data.fd], 0);
	return ev.data.fd;
}

/* One request on connection fd, then the connection parked, or closed
 * when the web server did not ask to keep it (or closed it itself). */
static void serve_connection(struct worker *w, int fd)
{
	atomic_store(&w->busy, 1);
	/* FCGX_Accept_r first finishes "the previous request", and closes
	 * ipcFd unless that one was to be kept: say it was. */
	w->req.ipcFd = fd;
	w->req.keepConnection = 1;
	if (FCGX_Accept_r(&w->req) == 0) {
		serve(w);
		FCGX_Finish_r(&w->req); /* closes fd unless it is to be kept */
	}
	/* On failure (the web server closed an idle connection) libfcgi has
	 * closed fd and set ipcFd to -1. */
	fd = w->req.ipcFd;
	w->req.ipcFd = -1;
	atomic_store(&w->busy, 0);
	if (fd >= 0)
		park(w->srv, fd);
}

/* ---- workers ---- */

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	int failing = 0;

	while (!atomic_load(&w->srv->stopping)) {
		int fd = next_connection(w->srv, &failing);
		if (fd >= 0)
			serve_connection(w, fd);
	}
	return NULL;
}

static int worker_init(struct worker *w, struct server *s, const struct db_config *db)
{
	/* No listen socket: connections come from next_connection. First:
	 * worker_free relies on it. */
	FCGX_InitRequest(&w->req, -1, 0);
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

/* Closes the connections still parked and the epoll set. Workers joined. */
static void poll_free(struct server *s)
{
	for (int fd = 0; s->parked && fd < s->n_parked; fd++)
		if (atomic_load(&s->parked[fd]))
			close(fd);
	free(s->parked);
	s->parked = NULL;
	if (s->ep >= 0)
		close(s->ep);
	s->ep = -1;
}

/* The epoll set with the listen socket in it, made non-blocking (a worker
 * woken for it must not block when another took the connection), and the
 * table of parked connections. 0, or -1 (logged). */
static int poll_init(struct server *s)
{
	struct sockaddr_storage sa;
	socklen_t len = sizeof(sa);
	struct rlimit rl;
	int on = 1;

	s->ep = -1;
	s->n_parked = PARKED_MAX;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < (rlim_t)PARKED_MAX)
		s->n_parked = (int)rl.rlim_cur;
	if (getsockname(s->fd, (struct sockaddr *)&sa, &len) == 0)
		s->tcp = sa.ss_family == AF_INET || sa.ss_family == AF_INET6;
	if (!(s->parked = calloc((size_t)s->n_parked, sizeof(*s->parked)))) {
		log_error("server: out of memory");
		return -1;
	}
	/* FIONBIO, not fcntl: <fcntl.h> brings a struct stat that clashes
	 * with recipe.h's enum stat. */
	if (ioctl(s->fd, FIONBIO, &on) != 0 || (s->ep = epoll_create1(EPOLL_CLOEXEC)) < 0 ||
	    arm(s, s->fd) != 0) {
		log_error("server: cannot set up polling: %s", strerror(errno));
		poll_free(s);
		return -1;
	}
	return 0;
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
	if (poll_init(s) != 0) {
		free(s->w);
		free(s);
		return NULL;
	}
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
	poll_free(s);
	free(s->w);
	free(s);
}
