/* server: the FastCGI side. Opens the listen socket and runs the worker
 * threads; each worker owns its FastCGI request, its database handle, its
 * body and response buffers and its handler context for its whole life,
 * and hands each request to handle_request(). */
#ifndef LOOTFORGE_SERVER_H
#define LOOTFORGE_SERVER_H

#define SERVER_BACKLOG       128
#define SERVER_STOP_GRACE_MS 2000

/* FCGX_Init, then the signal dispositions the workers rely on: SIGPIPE
 * ignored (a client gone mid-answer is an error return, not a death), and
 * SIGUSR1, which libfcgi would take as "shut down", made a no-op used only
 * to interrupt a worker still in a request's read or write at stop.
 * Call once, before any thread starts. 0, or -1 (logged). */
int server_init(void);

/* Creates the listen socket (in listen.c): a unix socket path (mode 0666,
 * so that nginx workers running as another user can connect), or ":PORT" /
 * "HOST:PORT" for TCP. Refuses a path where another process is listening; replaces a
 * stale socket file. Call after FCGX_Init. Returns the fd, or -1 (logged). */
int server_listen(const char *path);
/* Closes the listen socket and removes its path (unix sockets). */
void server_unlisten(int fd, const char *path);

struct server;
struct db_config;

/* Starts `workers` threads accepting on listen_fd. NULL (logged) when the
 * threads cannot be started. db is copied into every worker's handle. */
struct server *server_start(int listen_fd, unsigned workers, const struct db_config *db);

/* Stops accepting, lets the requests in progress finish, joins the threads
 * and frees the workers. A worker waiting in epoll is woken at once (an
 * eventfd); one busy with a request gets SERVER_STOP_GRACE_MS to finish it.
 * Neither closes nor shuts down listen_fd, which other worker processes
 * share. */
void server_stop(struct server *s);

#endif
