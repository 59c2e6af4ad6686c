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
 * pending and writes an eventfd that sits (level-triggered) in the epoll
 * set, which wakes every worker in epoll_wait; a worker busy with a request
 * finishes it first. The listen socket is left alone: it is shared with the
 * supervisor's other worker processes (supervise.c). The parked connections
 * are closed once every worker has been joined. */
#include "server.h"

#include <errno.h>
#include <fastcgi.h>
#include <fcgiapp.h>
#include <limits.h>
#include <malloc.h>
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
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/uio.h>
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
#define DRAIN_MAX       (1L << 20) /* bytes of unread body read and dropped */

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
	int tcp;  /* the listen socket is TCP (Nagle off on its connections) */
	int ep;   /* epoll: the listen socket and the parked connections */
	int wake; /* eventfd in ep, written once at stop: wakes every worker */
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
	/* No fastbins (small frees go to the per-thread cache and the bins):
	 * every request allocates blocks of 8 KB and more (libfcgi's stream
	 * buffers, ctemplate's dictionary arena), and each such malloc first
	 * merges every fastbin chunk the previous request freed. Measured:
	 * about 10% of the daemon's CPU per page (docs/benchmarks.md). */
	if (mallopt(M_MXFAST, 0) != 1)
		log_warn("server: mallopt(M_MXFAST) refused; keeping the default");
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

/* Reads what is left of the request's input, up to its end, and drops it:
 * the next request on a kept connection must start where libfcgi expects a
 * new request, not in this one's body (it would see a protocol error and
 * close the connection nginx was about to use: a 502). More than DRAIN_MAX
 * is not worth reading: the connection is closed after the answer instead.
 * Before the answer, so that nginx has sent nothing newer yet. */
static void drain_input(struct worker *w)
{
	char scratch[4096]; /* not w->body: it may hold the body just read */
	long left = DRAIN_MAX;
	int n = 1;

	while (n > 0 && left > 0 && !FCGX_HasSeenEOF(w->req.in)) {
		n = FCGX_GetStr(scratch, (int)sizeof(scratch), w->req.in);
		left -= n > 0 ? n : 0;
	}
	if (!FCGX_HasSeenEOF(w->req.in))
		w->req.keepConnection = 0;
}

/* Reads the body into w->body unless it is over FORM_BODY_MAX (then the
 * handler answers 400 without it being read). Stops early at end of input.
 * Either way the input is then read to its end (drain_input). */
static void read_body(struct worker *w, struct request *rq)
{
	size_t want, got = 0;

	rq->body = w->body;
	rq->body_len = 0;
	if (rq->content_length > FORM_BODY_MAX) {
		rq->body_truncated = 1;
	} else if (rq->content_length > 0) {
		want = (size_t)rq->content_length;
		while (got < want) {
			int n = FCGX_GetStr(w->body + got, (int)(want - got), w->req.in);
			if (n <= 0)
				break;
			got += (size_t)n;
		}
		rq->body_len = got;
	}
	drain_input(w);
}

/* The params a request is read from, in one pass over the ~30 that nginx
 * sends (FCGX_GetParam would scan them once per name). As with
 * FCGX_GetParam, the first of a repeated name counts. */
static void read_params(char **env, struct request *rq, const char **script, const char **length)
{
	const struct {
		const char *name;
		size_t n;
		const char **to;
	} want[] = {
	        {"REQUEST_METHOD", 14, &rq->method},
	        {"DOCUMENT_URI", 12, &rq->path},
	        {"SCRIPT_NAME", 11, script},
	        {"QUERY_STRING", 12, &rq->query},
	        {"CONTENT_TYPE", 12, &rq->content_type},
	        {"CONTENT_LENGTH", 14, length},
	        {"HTTP_ACCEPT", 11, &rq->accept},
	};

	for (char **e = env; e && *e; e++) {
		for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
			const char *s = *e;
			if (s[0] == want[i].name[0] && !*want[i].to &&
			    strncmp(s, want[i].name, want[i].n) == 0 && s[want[i].n] == '=') {
				*want[i].to = s + want[i].n + 1;
				break;
			}
		}
	}
}

static void read_request(struct worker *w, struct request *rq)
{
	FCGX_ParamArray env = w->req.envp;
	const char *script = NULL, *length = NULL;

	memset(rq, 0, sizeof(*rq));
	read_params(env, rq, &script, &length);
	if (!rq->path)
		rq->path = script;
	rq->content_length = parse_length(length);
	rq->env = (const char *const *)env; /* cookies, Origin, Host, REMOTE_ADDR */
	if (!rq->method)
		rq->method = "";
	read_body(w, rq);
}

/* ---- writing the answer ----
 *
 * The answer goes out as FastCGI records written by us, in one writev:
 * libfcgi's output stream has an 8 KB buffer and writes each time it
 * fills, so a page of 11 KB cost two write()s, two wake-ups of nginx and a
 * copy of the body; the kernel's side of write() was the largest item of
 * the daemon's profile (docs/benchmarks.md). The records are what libfcgi
 * would send: the STDOUT stream in records of at most 65535 bytes, an
 * empty STDOUT record (its end) and FCGI_END_REQUEST. libfcgi's streams
 * are then marked closed, so that FCGX_Finish_r sends nothing more. */

#define RECORD_MAX 65535 /* content bytes of one FastCGI record */
#define IOV_BATCH  64    /* iovecs per writev */

static void record_header(FCGI_Header *h, int type, int request_id, size_t len)
{
	memset(h, 0, sizeof(*h));
	h->version = FCGI_VERSION_1;
	h->type = (unsigned char)type;
	h->requestIdB1 = (unsigned char)((request_id >> 8) & 0xff);
	h->requestIdB0 = (unsigned char)(request_id & 0xff);
	h->contentLengthB1 = (unsigned char)((len >> 8) & 0xff);
	h->contentLengthB0 = (unsigned char)(len & 0xff);
}

/* writev until everything went, or -1: the web server went away, or the
 * write was interrupted, which only server_stop does (SIGUSR1 once a busy
 * worker's grace is over), as libfcgi's own writes give up then too. */
static int writev_all(int fd, struct iovec *iov, int n)
{
	while (n > 0) {
		ssize_t w = writev(fd, iov, n);
		if (w < 0)
			return -1;
		while (n > 0 && (size_t)w >= iov->iov_len) {
			w -= (ssize_t)iov->iov_len;
			iov++;
			n--;
		}
		if (n > 0) {
			iov->iov_base = (char *)iov->iov_base + w;
			iov->iov_len -= (size_t)w;
		}
	}
	return 0;
}

/* Sends the STDOUT stream (the two parts one after the other) and the end
 * of the request on the request's connection. 0, or -1 when the web server
 * went away (the connection is then closed, not kept). */
static int send_records(FCGX_Request *req, const char *part[2], const size_t len[2])
{
	struct iovec iov[IOV_BATCH + 4];
	FCGI_Header heads[IOV_BATCH / 3 + 2];
	FCGI_EndRequestRecord end;
	size_t at[2] = {0, 0};
	int p = 0;

	for (;;) {
		int n = 0, nh = 0;
		/* Whole records while there is room for one more (a header and
		 * at most two slices). */
		while (p < 2 && n + 3 <= IOV_BATCH) {
			size_t left = len[0] - at[0] + len[1] - at[1];
			size_t rec = left < RECORD_MAX ? left : RECORD_MAX;
			if (rec == 0)
				break;
			record_header(&heads[nh], FCGI_STDOUT, req->requestId, rec);
			iov[n++] = (struct iovec){&heads[nh++], sizeof(FCGI_Header)};
			while (rec > 0) {
				size_t take = len[p] - at[p] < rec ? len[p] - at[p] : rec;
				if (take > 0)
					iov[n++] = (struct iovec){(char *)part[p] + at[p], take};
				at[p] += take;
				rec -= take;
				if (at[p] == len[p])
					p++;
			}
		}
		while (p < 2 && at[p] == len[p])
			p++;
		if (p == 2) { /* the end of the stream and of the request */
			record_header(&heads[nh], FCGI_STDOUT, req->requestId, 0);
			iov[n++] = (struct iovec){&heads[nh++], sizeof(FCGI_Header)};
			record_header(&end.header, FCGI_END_REQUEST, req->requestId,
			              sizeof(end.body));
			memset(&end.body, 0, sizeof(end.body));
			end.body.protocolStatus = FCGI_REQUEST_COMPLETE;
			iov[n++] = (struct iovec){&end, sizeof(end)};
		}
		if (writev_all(req->ipcFd, iov, n) != 0) {
			req->keepConnection = 0;
			return -1;
		}
		if (p == 2)
			return 0;
	}
}

/* The header block, built by appending (snprintf with its dozen
 * conversions was a visible part of a request's cost). */
struct head {
	char text[HEADERS_MAX];
	size_t len;
	int over; /* did not fit: cannot happen with the texts below */
};

static void head_put(struct head *h, const char *s)
{
	size_t n = strlen(s);
	if (h->over || n >= sizeof(h->text) - h->len) {
		h->over = 1;
		return;
	}
	memcpy(h->text + h->len, s, n);
	h->len += n;
}

static void head_num(struct head *h, unsigned long v)
{
	char digits[24], *p = digits + sizeof(digits) - 1;
	*p = '\0';
	do
		*--p = (char)('0' + v % 10);
	while (v /= 10);
	head_put(h, p);
}

/* The one place that writes an answer: status line, the headers every
 * answer carries, then the body (none for HEAD), in one writev. */
static void write_response(FCGX_Request *req, const struct request *rq, const struct response *rs)
{
	struct head h = {.len = 0, .over = 0};

	head_put(&h, "Status: ");
	head_num(&h, rs->status > 0 ? (unsigned long)rs->status : 0);
	head_put(&h, " ");
	head_put(&h, http_reason(rs->status));
	head_put(&h, "\r\nContent-Type: ");
	head_put(&h, rs->content_type ? rs->content_type : "text/plain; charset=utf-8");
	head_put(&h, "\r\nContent-Length: ");
	head_num(&h, rs->body.len);
	head_put(&h, "\r\nCache-Control: ");
	if (rs->cache_seconds > 0) {
		head_put(&h, "max-age=");
		head_num(&h, (unsigned long)rs->cache_seconds);
	} else {
		head_put(&h, "no-store");
	}
	head_put(&h, "\r\n");
	if (rs->retry_after > 0) {
		head_put(&h, "Retry-After: ");
		head_num(&h, (unsigned long)rs->retry_after);
		head_put(&h, "\r\n");
	}
	if (rs->allow) {
		head_put(&h, "Allow: ");
		head_put(&h, rs->allow);
		head_put(&h, "\r\n");
	}
	head_put(&h, rs->headers);
	head_put(&h, SECURITY_HEADERS "\r\n");
	if (h.over)
		return;
	const char *part[2] = {h.text, rs->body.data};
	size_t len[2] = {h.len, strcmp(rq->method, "HEAD") != 0 ? rs->body.len : 0};
	/* A failed write means the web server dropped the connection; there
	 * is no one left to tell, and FCGX_Finish_r closes it. */
	send_records(req, part, len);
	req->out->wasFCloseCalled = 1;
	req->err->wasFCloseCalled = 1;
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
	write_response(&w->req, &rq, &w->rs);
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
	if (ev.data.fd == s->wake)
		return -1; /* stopping */
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
	if (s->wake >= 0)
		close(s->wake);
	s->wake = -1;
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
	s->wake = -1;
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
	struct epoll_event wake = {.events = EPOLLIN}; /* level: wakes them all */
	if (ioctl(s->fd, FIONBIO, &on) != 0 || (s->ep = epoll_create1(EPOLL_CLOEXEC)) < 0 ||
	    arm(s, s->fd) != 0 || (s->wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) < 0 ||
	    (wake.data.fd = s->wake, epoll_ctl(s->ep, EPOLL_CTL_ADD, s->wake, &wake)) != 0) {
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

	/* The listen socket is shared with the other worker processes, so it
	 * is not shut down here (that would stop them too): the eventfd wakes
	 * this process's workers instead. */
	uint64_t one = 1;
	atomic_store(&s->stopping, 1);
	FCGX_ShutdownPending();
	if (write(s->wake, &one, sizeof one) != (ssize_t)sizeof one)
		log_warn("server: cannot wake the workers: %s", strerror(errno));
	deadline_in(&grace, SERVER_STOP_GRACE_MS);
	for (unsigned i = 0; i < s->n; i++) {
		join_worker(&s->w[i], &grace);
		worker_free(&s->w[i]);
	}
	poll_free(s);
	free(s->w);
	free(s);
}
