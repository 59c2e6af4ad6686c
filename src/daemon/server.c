/* server: FastCGI workers (see server.h).
 *
 * Connections: a worker never waits on one web server connection. Left to
 * itself, libfcgi reads the next request of a kept-alive connection
 * (fastcgi_keep_conn) with a blocking read, so every idle connection nginx
 * keeps pins a worker while new connections queue behind it: with 4 workers
 * and 32 clients that gave a p99 above one second.
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
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <arpa/inet.h>
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
#include "decimal.h"
#include "elapsed.h"
#include "fcgiwire.h"
#include "form.h"
#include "handler.h"
#include "lane.h"
#include "log.h"
#include "metrics.h"
#include "peer.h"
#include "supervise.h"

/* Sent with every answer (SPEC §5: the site has no inline script or style). */
#define SECURITY_HEADERS                                                                           \
	"Content-Security-Policy: default-src 'self'; img-src 'self'; style-src 'self'; "          \
	"script-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'\r\n"       \
	"X-Content-Type-Options: nosniff\r\n"                                                      \
	"X-Frame-Options: DENY\r\n"                                                                \
	"Referrer-Policy: same-origin\r\n"

#define HEADERS_MAX     (1024 + RESPONSE_HEADERS_MAX) /* fixed headers + the handler's */
#define ACCEPT_RETRY_NS 100000000L /* after an accept error other than stopping */
#define ACCEPT_BATCH    64         /* connections accepted per wake-up */
#define SLOTS_MAX       65536      /* highest fd + 1 that can be parked */
#define FD_RESERVE      64         /* fds kept for the database, logs, templates */
#define DRAIN_MAX       (1L << 20) /* bytes of unread body read and dropped */
#define REAP_TICK_MS    100        /* how often the reaper looks */
#define PEEK_MAX        16384      /* bytes looked at for a whole request */
#define LOG_EVERY_MS    1000       /* at most one "refused" line per second */
#define STRINGIFY_(x)   #x
#define STRINGIFY(x)    STRINGIFY_(x)

/* Connection fd, parked in the epoll set until it has bytes to read. */
struct parked_conn {
	atomic_uint gen;    /* 0: not parked; else the generation in its event */
	atomic_uint since;  /* clock_ms() when parked */
	atomic_uchar fresh; /* never sent a request: the shorter idle bound */
	/* (clock_ms() | 1) when a request began to arrive but was not whole,
	 * else 0. Such a connection is parked unarmed (it is readable: it
	 * would wake a worker again at once); the reaper arms it at its next
	 * tick, and closes it SERVER_READ_MS after first_ms. */
	atomic_uint first_ms;
};

struct worker {
	pthread_t thread;
	struct server *srv;
	FCGX_Request req;
	struct handler_ctx ctx;
	struct response rs; /* body reused across requests */
	char *body;         /* SERVER_BODY_READ_MAX bytes, reused across requests */
	atomic_int busy;    /* between accepting a request and finishing it */
	/* clock_ms() + 1 when it started reading a request, 0 when not
	 * reading: the reaper interrupts a read that takes too long. */
	atomic_uint reading;
};

struct server {
	int fd;
	int tcp;  /* the listen socket is TCP (Nagle off, allow-list checked) */
	int ep;   /* epoll: the listen socket, the wake eventfd, parked connections */
	int wake; /* eventfd in ep, written once at stop: wakes every worker */
	struct peer_allow allow;
	struct parked_conn *slots; /* n_slots, indexed by fd; fds above are not parked */
	int n_slots;
	int parked_max;          /* connections parked at once */
	atomic_int parked;       /* connections parked now */
	atomic_int fd_top;       /* highest fd ever parked + 1 */
	atomic_uint gen;         /* last generation handed out */
	atomic_uint refused_log; /* clock_ms() of the last "refused" line */
	atomic_uint refused_n;   /* refusals since that line */
	atomic_int stopping;
	pthread_t reaper;
	int reaper_started;
	unsigned n;       /* workers started */
	struct worker *w; /* array of n */
	/* The slow lane (lane.h) and the worker state its thread answers
	 * with (its own database handle, response buffer, context). */
	struct lane *lane;
	struct worker lane_w;
	int lane_w_ready;
};

/* Milliseconds of CLOCK_MONOTONIC, wrapping: compare by difference. */
static unsigned clock_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (unsigned)((unsigned long long)t.tv_sec * 1000u +
	                  (unsigned long)t.tv_nsec / 1000000u);
}

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
	 * about 10% of the daemon's CPU per page. */
	if (mallopt(M_MXFAST, 0) != 1)
		log_warn("server: mallopt(M_MXFAST) refused; keeping the default");
	/* Two malloc arenas, not glibc's 8 per core: each worker thread (and
	 * the catalog loader) otherwise gets an arena of its own, and each
	 * arena keeps the chunks its thread freed resident: ~1 MiB per thread
	 * with the shipped catalog, tens of MiB after a catalog load. Two, one
	 * per core, keep the lock contention as low as the CPU per request
	 * shows. */
	if (mallopt(M_ARENA_MAX, 2) != 1)
		log_warn("server: mallopt(M_ARENA_MAX) refused; keeping the default");
	/* Every parked connection is an fd: as many as the hard limit allows. */
	struct rlimit rl;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
		rl.rlim_cur = rl.rlim_max;
		if (setrlimit(RLIMIT_NOFILE, &rl) != 0)
			log_warn("server: cannot raise the fd limit: %s", strerror(errno));
	}
	return 0;
}

/* ---- one request ---- */

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

/* Reads the body into w->body. Over FORM_BODY_MAX it is marked truncated
 * (the handler answers 413 without parsing it), but its first
 * SERVER_BODY_READ_MAX bytes are still read, for the handler to see a
 * format=json in them. Stops early at end of input. Either way the input
 * is then read to its end (drain_input). */
static void read_body(struct worker *w, struct request *rq)
{
	size_t want, got = 0;

	rq->body = w->body;
	rq->body_len = 0;
	if (rq->content_length > FORM_BODY_MAX)
		rq->body_truncated = 1;
	if (rq->content_length > 0) {
		want = rq->content_length < SERVER_BODY_READ_MAX ? (size_t)rq->content_length
		                                                 : SERVER_BODY_READ_MAX;
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

/* The request's fields from its params (pointing into env); no body. */
static void request_from_env(struct request *rq, char **env)
{
	struct fcgiwire_params p = {0};

	memset(rq, 0, sizeof(*rq));
	fcgiwire_read_params(env, &p);
	rq->method = p.method ? p.method : "";
	rq->path = p.document_uri ? p.document_uri : p.script_name;
	rq->query = p.query;
	rq->content_type = p.content_type;
	rq->accept = p.accept;
	rq->content_length = fcgiwire_parse_length(p.content_length);
	rq->env = (const char *const *)env; /* cookies, Origin, Host, REMOTE_ADDR */
}

static void read_request(struct worker *w, struct request *rq)
{
	request_from_env(rq, w->req.envp);
	read_body(w, rq);
}

/* ---- writing the answer ----
 *
 * The answer goes out as FastCGI records written by us (fcgiwire.c), not
 * through libfcgi's 8 KB stream buffer; libfcgi's streams are then marked
 * closed, so that FCGX_Finish_r sends nothing more. */

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
	char text[DECIMAL_MAX];
	head_put(h, decimal_u64(v, text));
}

/* The one place that writes an answer: status line, the headers every
 * answer carries, then the body (none for HEAD), in one writev. */
/* The header block of an answer into h; -1 when it did not fit. */
static int build_head(struct head *h, const struct response *rs)
{
	head_put(h, "Status: ");
	head_num(h, rs->status > 0 ? (unsigned long)rs->status : 0);
	head_put(h, " ");
	head_put(h, http_reason(rs->status));
	head_put(h, "\r\nContent-Type: ");
	head_put(h, rs->content_type ? rs->content_type : "text/plain; charset=utf-8");
	head_put(h, "\r\nContent-Length: ");
	head_num(h, rs->body.len);
	head_put(h, "\r\nCache-Control: ");
	if (rs->cache_control) {
		head_put(h, rs->cache_control);
	} else if (rs->cache_seconds > 0) {
		head_put(h, "max-age=");
		head_num(h, (unsigned long)rs->cache_seconds);
	} else {
		head_put(h, "no-store");
	}
	head_put(h, "\r\n");
	if (rs->retry_after > 0) {
		head_put(h, "Retry-After: ");
		head_num(h, (unsigned long)rs->retry_after);
		head_put(h, "\r\n");
	}
	if (rs->allow) {
		head_put(h, "Allow: ");
		head_put(h, rs->allow);
		head_put(h, "\r\n");
	}
	head_put(h, rs->headers);
	head_put(h, SECURITY_HEADERS "\r\n");
	return h->over ? -1 : 0;
}

static int send_answer(int fd, int request_id, const struct request *rq, const struct response *rs)
{
	struct head h = {.len = 0, .over = 0};

	if (build_head(&h, rs) != 0)
		return -1;
	const char *part[2] = {h.text, rs->body.data};
	size_t len[2] = {h.len, strcmp(rq->method, "HEAD") != 0 ? rs->body.len : 0};
	return fcgiwire_write_answer(fd, request_id, part, len);
}

/* libfcgi's streams marked closed, so that FCGX_Finish_r sends nothing. */
static void streams_done(FCGX_Request *req)
{
	req->out->wasFCloseCalled = 1;
	req->err->wasFCloseCalled = 1;
}

/* Microseconds since t0 (CLOCK_MONOTONIC). */
static uint64_t us_since(const struct timespec *t0)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)((t.tv_sec - t0->tv_sec) * 1000000L + (t.tv_nsec - t0->tv_nsec) / 1000L);
}

static void write_response(FCGX_Request *req, const struct request *rq, const struct response *rs)
{
	/* A failed write means the web server dropped the connection; there
	 * is no one left to tell, and FCGX_Finish_r closes it. */
	if (send_answer(req->ipcFd, req->requestId, rq, rs) != 0)
		req->keepConnection = 0;
	streams_done(req);
}

static void log_failure(const struct request *rq, const struct response *rs)
{
	/* 503s are not logged here: their cause (no catalog, database down) is
	 * logged once by the catalog poller. */
	if (rs->status >= 500 && rs->status != 503)
		log_warn("request: %.8s %.200s answered %d", rq->method, rq->path ? rq->path : "-",
		         rs->status);
}

static void park(struct server *s, int fd, int fresh);

/* An answer made and held back (response.hold_ns): its bytes, sent by the
 * lane's thread when due (lane_later). */
struct held_answer {
	struct server *srv;
	int fd, request_id, keep;
	size_t head_len, body_len;
	char bytes[]; /* head, then body */
};

/* Sends a held answer, then keeps or closes its connection. */
static void send_held(void *arg, void *item)
{
	struct held_answer *a = item;
	const char *part[2] = {a->bytes, a->bytes + a->head_len};
	size_t len[2] = {a->head_len, a->body_len};

	(void)arg;
	if (fcgiwire_write_answer(a->fd, a->request_id, part, len) == 0 && a->keep)
		park(a->srv, a->fd, 0);
	else
		close(a->fd);
	free(a);
}

/* Holds the answer of job j back for rs->hold_ns without holding the
 * lane's thread: 0, or -1 when it cannot (no room or memory; the caller
 * then waits and sends it itself). */
static int hold_answer(struct server *s, const struct lane_job *j, const struct request *rq,
                       const struct response *rs)
{
	struct head h = {.len = 0, .over = 0};

	if (build_head(&h, rs) != 0)
		return -1;
	size_t body = strcmp(rq->method, "HEAD") != 0 ? rs->body.len : 0;
	struct held_answer *a = malloc(sizeof(*a) + h.len + body);
	if (!a)
		return -1;
	a->srv = s;
	a->fd = j->fd;
	a->request_id = j->request_id;
	a->keep = j->keep;
	a->head_len = h.len;
	a->body_len = body;
	memcpy(a->bytes, h.text, h.len);
	if (body)
		memcpy(a->bytes + h.len, rs->body.data, body);
	if (lane_later(s->lane, a, rs->hold_ns) != 0) {
		free(a);
		return -1;
	}
	return 0;
}

static void wait_ns(long long ns)
{
	struct timespec t = {(time_t)(ns / 1000000000LL), (long)(ns % 1000000000LL)};
	while (nanosleep(&t, &t) != 0 && errno == EINTR)
		;
}

/* Answers a request of the slow lane with w's state (the lane's own, or
 * the worker's when the lane was full: lane_full), then keeps or closes
 * its connection, and frees the job. */
static void answer_job(struct server *s, struct worker *w, struct lane_job *j, int lane_full)
{
	struct request rq;
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	request_from_env(&rq, j->env);
	rq.content_length = j->content_length;
	rq.body = j->body;
	rq.body_len = j->body_len;
	rq.body_truncated = j->body_truncated;
	rq.lane_full = lane_full;
	log_set_request(request_param(&rq, "REQUEST_ID"));
	buf_reset(&w->rs.body);
	handle_request(&w->ctx, &rq, &w->rs);
	log_failure(&rq, &w->rs);
	/* Counted when made (from the lane's start): a held answer's wait is
	 * the lane's deliberate equal time, not the daemon's. */
	metrics_request(w->rs.route, w->rs.status, us_since(&t0));
	log_set_request(NULL);
	if (w->rs.hold_ns > 0) {
		/* Held by the lane's thread, which answers others meanwhile;
		 * elsewhere, or when it cannot, waited for here. */
		if (w == &s->lane_w && hold_answer(s, j, &rq, &w->rs) == 0) {
			lane_job_free(j);
			return;
		}
		wait_ns(w->rs.hold_ns);
	}
	if (send_answer(j->fd, j->request_id, &rq, &w->rs) == 0 && j->keep)
		park(s, j->fd, 0);
	else
		close(j->fd);
	lane_job_free(j);
}

static void lane_run(void *arg, struct lane_job *j)
{
	struct server *s = arg;

	answer_job(s, &s->lane_w, j, 0);
}

/* Reads one request and answers it; or, for a slow one (handler_slow),
 * returns it as a job for the slow lane, unanswered. */
static struct lane_job *serve(struct worker *w)
{
	struct request rq;
	struct timespec t0;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	read_request(w, &rq);
	atomic_store(&w->reading, 0); /* read: no longer the reaper's business */
	if (w->srv->lane && handler_slow(&rq)) {
		struct lane_job *j = lane_job_new(w->req.envp, rq.body, rq.body_len);
		if (j) {
			j->request_id = w->req.requestId;
			j->keep = w->req.keepConnection;
			j->content_length = rq.content_length;
			j->body_truncated = rq.body_truncated;
			return j;
		}
		rq.lane_full = 1; /* out of memory: answered at once, like a full lane */
	}
	/* What this thread logs until the answer is out names the request as
	 * nginx's access log does (rid=). */
	log_set_request(request_param(&rq, "REQUEST_ID"));
	buf_reset(&w->rs.body);
	handle_request(&w->ctx, &rq, &w->rs);
	log_failure(&rq, &w->rs);
	if (w->rs.hold_ns > 0)
		wait_ns(w->rs.hold_ns); /* not in the lane: waited for here */
	write_response(&w->req, &rq, &w->rs);
	metrics_request(w->rs.route, w->rs.status, us_since(&t0));
	log_set_request(NULL);
	return NULL;
}

/* ---- connections ----
 *
 * Every connection, new or kept, waits in the epoll set (parked) until it
 * has bytes to read, so an idle one costs an fd, never a worker. Each
 * parking hands out a new generation, carried in the epoll event beside
 * the fd; whoever takes a parked connection (a worker for its event, the
 * reaper for its idle time) swaps that generation for 0 first, so exactly
 * one of them owns it, even if the fd number was closed and reused since. */

static uint64_t event_key(int fd, unsigned gen)
{
	return (uint64_t)gen << 32 | (uint32_t)fd;
}

/* (Re-)arms fd in the epoll set for one readiness. 0, or -1 (errno). */
static int arm(struct server *s, int fd, unsigned gen)
{
	struct epoll_event ev = {.events = EPOLLIN | EPOLLONESHOT, .data.u64 = event_key(fd, gen)};

	if (epoll_ctl(s->ep, EPOLL_CTL_MOD, fd, &ev) == 0)
		return 0;
	/* A connection parked for the first time is not in the set yet. */
	return errno == ENOENT ? epoll_ctl(s->ep, EPOLL_CTL_ADD, fd, &ev) : -1;
}

/* One line per LOG_EVERY_MS at most, counting the refusals in between. */
static void log_refused(struct server *s, const char *why)
{
	unsigned now = clock_ms(), last = atomic_load(&s->refused_log);
	unsigned n = atomic_fetch_add(&s->refused_n, 1) + 1;

	if (elapsed_ms32(now, last) < LOG_EVERY_MS ||
	    !atomic_compare_exchange_strong(&s->refused_log, &last, now))
		return;
	atomic_fetch_sub(&s->refused_n, n);
	log_warn("server: closed %u connection(s) in the last second; this one: %s", n, why);
}

/* Keeps connection fd until it has a request to read (fresh: it has sent
 * nothing yet), or closes it when the table is full. first_ms: 0, or
 * (clock_ms() | 1) when part of a request arrived, which the reaper bounds;
 * armed: in the epoll set now (else the reaper arms it at its next tick). */
static void park_as(struct server *s, int fd, int fresh, unsigned first_ms, int armed)
{
	unsigned gen;

	if (fd >= s->n_slots || atomic_fetch_add(&s->parked, 1) >= s->parked_max) {
		if (fd < s->n_slots)
			atomic_fetch_sub(&s->parked, 1);
		close(fd); /* nginx opens a new one */
		log_refused(s, "too many open connections");
		return;
	}
	while ((gen = atomic_fetch_add(&s->gen, 1) + 1) == 0)
		; /* 0 means "not parked" */
	struct parked_conn *sl = &s->slots[fd];
	atomic_store(&sl->since, clock_ms());
	atomic_store(&sl->fresh, (unsigned char)fresh);
	atomic_store(&sl->first_ms, first_ms);
	atomic_store(&sl->gen, gen);
	for (int top = atomic_load(&s->fd_top);
	     fd >= top && !atomic_compare_exchange_weak(&s->fd_top, &top, fd + 1);)
		;
	if (!armed)
		return;
	if (arm(s, fd, gen) != 0) {
		log_warn("server: cannot keep a connection: %s", strerror(errno));
		if (atomic_compare_exchange_strong(&sl->gen, &gen, 0)) {
			atomic_fetch_sub(&s->parked, 1);
			close(fd);
		}
	}
}

static void park(struct server *s, int fd, int fresh)
{
	park_as(s, fd, fresh, 0, 1);
}

/* Takes parked connection fd of generation gen for its owner. 1 when it
 * was still parked with that generation, else 0 (someone else has it). */
static int unpark(struct server *s, int fd, unsigned gen)
{
	if (fd < 0 || fd >= s->n_slots ||
	    !atomic_compare_exchange_strong(&s->slots[fd].gen, &gen, 0))
		return 0;
	atomic_fetch_sub(&s->parked, 1);
	return 1;
}

/* A connection just accepted: dropped at once when its peer is not
 * allowed, else set up and parked until its first record arrives. */
static void admit(struct server *s, int fd, const struct sockaddr_storage *peer)
{
	int one = 1;

	if (s->tcp) {
		if (!peer_allowed(&s->allow, (const struct sockaddr *)peer)) {
			char addr[INET6_ADDRSTRLEN + 8] = "?";
			if (peer->ss_family == AF_INET)
				inet_ntop(
				        AF_INET,
				        &((const struct sockaddr_in *)(const void *)peer)->sin_addr,
				        addr, sizeof(addr));
			else if (peer->ss_family == AF_INET6)
				inet_ntop(AF_INET6,
				          &((const struct sockaddr_in6 *)(const void *)peer)
				                   ->sin6_addr,
				          addr, sizeof(addr));
			close(fd);
			char why[96];
			snprintf(why, sizeof(why), "peer %s is not in fcgi-allow", addr);
			log_refused(s, why);
			return;
		}
		setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
	}
	park(s, fd, 1);
}

/* Accepts what is waiting on the listen socket (up to ACCEPT_BATCH) and
 * parks it. Errors other than "none left" are logged once per run of
 * failures, then slowed down (EMFILE would otherwise spin). */
static void accept_all(struct server *s, int *failing)
{
	for (int i = 0; i < ACCEPT_BATCH; i++) {
		struct sockaddr_storage peer;
		socklen_t len = sizeof(peer);
		int fd = accept4(s->fd, (struct sockaddr *)&peer, &len, SOCK_CLOEXEC), err = errno;
		if (fd >= 0) {
			*failing = 0;
			admit(s, fd, &peer);
			continue;
		}
		if (err != EAGAIN && err != EWOULDBLOCK && err != EINTR && err != ECONNABORTED &&
		    !atomic_load(&s->stopping)) {
			if (!*failing)
				log_warn("server: accept failed: %s; retrying", strerror(err));
			*failing = 1;
			nanosleep(&(struct timespec){0, ACCEPT_RETRY_NS}, NULL);
		}
		break;
	}
	if (arm(s, s->fd, 0) != 0 && !atomic_load(&s->stopping))
		log_error("server: cannot re-arm the listen socket: %s", strerror(errno));
}

/* Waits for the next connection with bytes to read, accepting new ones on
 * the way. -1 when interrupted (SIGUSR1 at stop) or none was ready. */
static int next_connection(struct server *s, int *failing)
{
	struct epoll_event ev;
	int n = epoll_wait(s->ep, &ev, 1, -1);

	if (n <= 0) {
		if (n < 0 && errno != EINTR)
			log_error("server: epoll_wait: %s", strerror(errno));
		return -1;
	}
	int fd = (int)(uint32_t)ev.data.u64;
	unsigned gen = (unsigned)(ev.data.u64 >> 32);
	if (fd == s->wake && gen == 0)
		return -1; /* stopping */
	if (fd == s->fd && gen == 0) {
		accept_all(s, failing);
		return -1;
	}
	return unpark(s, fd, gen) ? fd : -1;
}

/* Whether connection fd has sent enough for libfcgi to read a request
 * without waiting (fcgiwire_request_complete), looking without taking.
 * More than PEEK_MAX bytes of params, an error or end of input: yes, let
 * libfcgi read (and close) it. */
static int request_ready(int fd)
{
	unsigned char buf[PEEK_MAX];
	ssize_t n = recv(fd, buf, sizeof(buf), MSG_PEEK | MSG_DONTWAIT);

	if (n < 0)
		return errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR;
	if (n == 0 || (size_t)n == sizeof(buf))
		return 1;
	return fcgiwire_request_complete(buf, (size_t)n);
}

/* One request on connection fd, then the connection parked, or closed
 * when the web server did not ask to keep it (or closed it itself). */
static void serve_connection(struct worker *w, int fd)
{
	/* Not before the request's params are all there (libfcgi would wait
	 * for them with a worker): back to the reaper until then. */
	if (!request_ready(fd)) {
		unsigned first = atomic_load(&w->srv->slots[fd].first_ms);
		park_as(w->srv, fd, 0, first ? first : clock_ms() | 1u, 0);
		return;
	}
	atomic_store(&w->busy, 1);
	atomic_store(&w->reading, clock_ms() | 1u);
	/* FCGX_Accept_r first finishes "the previous request", and closes
	 * ipcFd unless that one was to be kept: say it was. */
	w->req.ipcFd = fd;
	w->req.keepConnection = 1;
	struct lane_job *job = NULL;
	if (FCGX_Accept_r(&w->req) == 0) {
		if ((job = serve(w)) != NULL) {
			/* The answer comes from the job: libfcgi lets go of the
			 * connection without closing it or writing anything. */
			w->req.keepConnection = 1;
			streams_done(&w->req);
		}
		FCGX_Finish_r(&w->req); /* closes fd unless it is to be kept */
	}
	atomic_store(&w->reading, 0);
	/* On failure (the web server closed an idle connection, or the reaper
	 * cut a read that took too long) libfcgi has closed fd and set ipcFd
	 * to -1. */
	fd = w->req.ipcFd;
	w->req.ipcFd = -1;
	if (job && fd < 0) {
		lane_job_free(job);
		job = NULL;
	} else if (job) {
		/* Queued only now, once libfcgi is done with fd; a full queue is
		 * answered here at once (503, lane_full). */
		job->fd = fd;
		if (lane_push(w->srv->lane, job) != 0)
			answer_job(w->srv, w, job, 1);
		atomic_store(&w->busy, 0);
		return;
	}
	atomic_store(&w->busy, 0);
	if (fd >= 0)
		park(w->srv, fd, 0);
}

/* ---- the reaper ----
 *
 * One thread that bounds what a peer can hold: a parked connection idle
 * for too long is closed; one whose request has not arrived whole (a
 * worker looked and put it back, serve_connection) is armed again each
 * tick and closed SERVER_READ_MS after its first bytes; and a worker that
 * has been reading one request for SERVER_READ_MS (its body, or params
 * over PEEK_MAX) is interrupted (SIGUSR1: its read fails, libfcgi closes
 * the connection). So a client that sends half a request and then nothing
 * holds no worker, and one that stalls in its body holds one for at most
 * SERVER_READ_MS + REAP_TICK_MS. The interrupt is sent only while the
 * worker says it is reading; the rare one that lands just after the read
 * ended fails at most that request. */

static void reap_idle(struct server *s, unsigned now)
{
	int top = atomic_load(&s->fd_top);

	for (int fd = 0; fd < top; fd++) {
		struct parked_conn *sl = &s->slots[fd];
		unsigned gen = atomic_load(&sl->gen);
		if (gen == 0)
			continue;
		unsigned first = atomic_load(&sl->first_ms);
		if (first != 0) {
			/* Part of a request: armed again to look for the rest, or
			 * closed once it has taken too long. */
			if (!unpark(s, fd, gen))
				continue;
			if (elapsed_ms32(now, first) < SERVER_READ_MS) {
				park_as(s, fd, 0, first, 1);
				continue;
			}
			close(fd);
			log_refused(s, "a request did not arrive whole within " STRINGIFY(
			                       SERVER_READ_MS) " ms");
			continue;
		}
		unsigned idle = elapsed_ms32(now, atomic_load(&sl->since));
		if (idle < (atomic_load(&sl->fresh) ? SERVER_FRESH_IDLE_MS : SERVER_KEPT_IDLE_MS))
			continue;
		if (unpark(s, fd, gen)) /* else a worker took it meanwhile */
			close(fd);
	}
}

static void reap_slow_reads(struct server *s, unsigned now)
{
	for (unsigned i = 0; i < s->n; i++) {
		unsigned since = atomic_load(&s->w[i].reading);
		if (since != 0 && elapsed_ms32(now, since) >= SERVER_READ_MS) {
			pthread_kill(s->w[i].thread, SIGUSR1);
			log_refused(s, "a request was not read within " STRINGIFY(
			                       SERVER_READ_MS) " ms");
		}
	}
}

static void *reaper_main(void *arg)
{
	struct server *s = arg;
	const struct timespec tick = {0, REAP_TICK_MS * 1000000L};

	while (!atomic_load(&s->stopping)) {
		nanosleep(&tick, NULL);
		supervise_beat(); /* alive: the supervisor's watchdog (supervise.h) */
		unsigned now = clock_ms();
		reap_idle(s, now);
		reap_slow_reads(s, now);
	}
	return NULL;
}

/* ---- workers ---- */

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	int failing = 0;

	metrics_bind_thread((unsigned)(w - w->srv->w));
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
	atomic_init(&w->reading, 0);
	w->srv = s;
	buf_init(&w->rs.body);
	rng_seed(&w->ctx.seeds, rng_fresh_seed());
	w->ctx.db = db_new(db);
	w->body = malloc(SERVER_BODY_READ_MAX);
	if (!w->ctx.db || !w->body)
		return -1;
	return 0;
}

static void worker_free(struct worker *w)
{
	FCGX_Free(&w->req, 1);
	db_free(w->ctx.db);
	arena_free(&w->ctx.arena);
	buf_free(&w->rs.body);
	free(w->body);
}

/* Closes the connections still parked and the epoll set. Workers and
 * reaper joined. */
static void poll_free(struct server *s)
{
	for (int fd = 0; s->slots && fd < s->n_slots; fd++)
		if (atomic_load(&s->slots[fd].gen) != 0)
			close(fd);
	free(s->slots);
	s->slots = NULL;
	if (s->ep >= 0)
		close(s->ep);
	s->ep = -1;
	if (s->wake >= 0)
		close(s->wake);
	s->wake = -1;
}

/* The epoll set with the listen socket in it, made non-blocking (a worker
 * woken for it must not block when another took the connection), and the
 * table of parked connections, sized by the fd limit. 0, or -1 (logged). */
static int poll_init(struct server *s)
{
	struct sockaddr_storage sa;
	socklen_t len = sizeof(sa);
	struct rlimit rl;
	int on = 1;

	s->ep = -1;
	s->wake = -1;
	s->n_slots = SLOTS_MAX;
	if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < (rlim_t)SLOTS_MAX)
		s->n_slots = (int)rl.rlim_cur;
	s->parked_max = s->n_slots > 2 * FD_RESERVE ? s->n_slots - FD_RESERVE : s->n_slots / 2;
	if (getsockname(s->fd, (struct sockaddr *)&sa, &len) == 0)
		s->tcp = sa.ss_family == AF_INET || sa.ss_family == AF_INET6;
	if (!(s->slots = calloc((size_t)s->n_slots, sizeof(*s->slots)))) {
		log_error("server: out of memory");
		return -1;
	}
	/* FIONBIO, not fcntl: <fcntl.h> brings a struct stat that clashes
	 * with recipe.h's enum stat. */
	struct epoll_event wake = {.events = EPOLLIN}; /* level: wakes them all */
	if (ioctl(s->fd, FIONBIO, &on) != 0 || (s->ep = epoll_create1(EPOLL_CLOEXEC)) < 0 ||
	    arm(s, s->fd, 0) != 0 || (s->wake = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) < 0 ||
	    (wake.data.u64 = event_key(s->wake, 0),
	     epoll_ctl(s->ep, EPOLL_CTL_ADD, s->wake, &wake)) != 0) {
		log_error("server: cannot set up polling: %s", strerror(errno));
		poll_free(s);
		return -1;
	}
	return 0;
}

struct server *server_start(int listen_fd, unsigned workers, const struct db_config *db,
                            const struct peer_allow *allow)
{
	struct server *s = calloc(1, sizeof(*s));

	if (!s || !(s->w = calloc(workers, sizeof(*s->w)))) {
		free(s);
		log_error("server: out of memory");
		return NULL;
	}
	s->fd = listen_fd;
	s->allow = *allow;
	atomic_init(&s->stopping, 0);
	if (poll_init(s) != 0) {
		free(s->w);
		free(s);
		return NULL;
	}
	/* Before the workers, which hand it requests from the start. */
	s->lane_w_ready = 1; /* worker_free copes with a half-made one */
	if (worker_init(&s->lane_w, s, db) != 0 ||
	    !(s->lane = lane_start(lane_run, send_held, s))) {
		log_error("server: cannot start the slow lane");
		server_stop(s);
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
	if (pthread_create(&s->reaper, NULL, reaper_main, s) != 0) {
		log_error("server: cannot start the reaper");
		server_stop(s);
		return NULL;
	}
	s->reaper_started = 1;
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
	if (s->reaper_started)
		pthread_join(s->reaper, NULL); /* first: it signals the workers */
	for (unsigned i = 0; i < s->n; i++) {
		join_worker(&s->w[i], &grace);
		worker_free(&s->w[i]);
	}
	/* After the workers, which queue jobs until they stop: the jobs still
	 * queued are answered (at most LANE_QUEUE_MAX checks). */
	lane_stop(s->lane);
	if (s->lane_w_ready)
		worker_free(&s->lane_w);
	poll_free(s);
	free(s->w);
	free(s);
}
