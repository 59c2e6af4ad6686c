/* server: the FastCGI side. Opens the listen socket and runs the worker
 * threads; each worker owns its FastCGI request, its database handle, its
 * body and response buffers and its handler context for its whole life,
 * and hands each request to handle_request(). */
#ifndef LOOTFORGE_SERVER_H
#define LOOTFORGE_SERVER_H

/* listen(2) backlog: the kernel caps it at net.core.somaxconn (4096 on
 * current kernels). A full backlog makes nginx's connect() fail with
 * EAGAIN, a 502: with 128, 512 clients through nginx were enough. */
#define SERVER_BACKLOG       65535
#define SERVER_STOP_GRACE_MS 2000
/* What a peer can hold. A new connection that sends nothing for
 * SERVER_FRESH_IDLE_MS, or a kept one idle for SERVER_KEPT_IDLE_MS (nginx
 * drops its own idle ones after 30 s), is closed; a request whose params
 * have not all arrived SERVER_READ_MS after its first bytes is closed
 * without ever holding a worker, and one whose body is not read within
 * SERVER_READ_MS of a worker taking it is cut: a stalled client holds a
 * worker for at most that (plus 0.1 s). nginx writes a request whole
 * (its body is buffered first, and fits the socket buffer), so a request
 * of its that takes 1 s to arrive is not expected. */
#define SERVER_FRESH_IDLE_MS 10000
#define SERVER_KEPT_IDLE_MS  120000
#define SERVER_READ_MS       1000
/* Bytes of a body read into memory: FORM_BODY_MAX is what the daemon
 * parses, but a longer body (nginx lets 64 KiB through) is still read so
 * that the 413 comes in the format it asks for (format=json). */
#define SERVER_BODY_READ_MAX (64 * 1024)

/* FCGX_Init, then the signal dispositions the workers rely on: SIGPIPE
 * ignored (a client gone mid-answer is an error return, not a death), and
 * SIGUSR1, which libfcgi would take as "shut down", made a no-op used only
 * to interrupt a worker still in a request's read or write at stop.
 * Call once, before any thread starts. 0, or -1 (logged). */
int server_init(void);

/* Creates the listen socket (in listen.c): a unix socket path (mode 0666,
 * so that nginx workers running as another user can connect), or TCP:
 * ":PORT" binds 127.0.0.1 only, "HOST:PORT" the IPv4 address HOST
 * (0.0.0.0 for every interface; peers are then checked against
 * fcgi-allow, see server_start). Refuses a path where another process is listening; replaces a
 * stale socket file. Call after FCGX_Init. Returns the fd, or -1 (logged). */
int server_listen(const char *path);
/* Closes the listen socket and removes its path (unix sockets). */
void server_unlisten(int fd, const char *path);

struct server;
struct db_config;
struct peer_allow;

/* Starts `workers` threads serving listen_fd, and the reaper thread that
 * enforces the bounds above. NULL (logged) when the threads cannot be
 * started. db is copied into every worker's handle; allow (copied) lists
 * the peers a TCP listen socket accepts: any other is closed at once and
 * logged (at most a line a second). */
struct server *server_start(int listen_fd, unsigned workers, const struct db_config *db,
                            const struct peer_allow *allow);

/* Stops accepting, lets the requests in progress finish, joins the threads
 * and frees the workers. A worker waiting in epoll is woken at once (an
 * eventfd); one busy with a request gets SERVER_STOP_GRACE_MS to finish it.
 * Neither closes nor shuts down listen_fd, which other worker processes
 * share. */
void server_stop(struct server *s);

#endif
