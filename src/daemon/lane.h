/* lane: the slow lane of a worker process. Requests whose
 * answer is slow by design (a login's password check: Argon2, or the same
 * time spent waiting for an unknown name) must not hold the worker threads
 * that generate items. A worker reads such a request whole, copies it into
 * a job and queues the job here; one thread of the lane answers the jobs
 * one after another, with its own database handle. The queue is bounded:
 * when it is full the worker answers at once (503 with Retry-After,
 * naming the reason) instead of queueing. */
#ifndef LOOTFORGE_LANE_H
#define LOOTFORGE_LANE_H

#include <stddef.h>

/* Jobs waiting at most. A real check is about 65 ms of Argon2, so a queue
 * of real checks is answered within about 2 s; a made-up name costs the
 * lane only its database statements (its answer is held without the
 * thread, lane_later), so a burst of those fits. */
#define LANE_QUEUE_MAX 32

/* Jobs of trusted logins waiting at most, apart (a good device cookie,
 * auth.h): answered before any other job, so that a flood of untrusted
 * logins, which fills the queue above, neither refuses nor delays a
 * browser that logged in before. Only the server can make such a cookie,
 * so a flood cannot take these slots without one. */
#define LANE_TRUSTED_MAX 8

/* One request, copied out of the worker's buffers (one allocation). */
struct lane_job {
	int fd;         /* the web server's connection */
	int request_id; /* FastCGI request id of the answer */
	int keep;       /* keep the connection after the answer */
	char **env;     /* "NAME=value" params, NULL-terminated */
	char *body;
	size_t body_len;
	int body_truncated;
	long content_length;
};

/* A job holding copies of env (may be NULL) and body; NULL when out of
 * memory. */
struct lane_job *lane_job_new(char *const *env, const char *body, size_t body_len);
void lane_job_free(struct lane_job *j);

struct lane;

/* Starts the lane's thread, which calls run(arg, job) for each job in
 * turn; run owns the job (frees it); and later(arg, item) for each item
 * given to lane_later once its time has come. NULL (logged) on failure. */
struct lane *lane_start(void (*run)(void *arg, struct lane_job *job),
                        void (*later)(void *arg, void *item), void *arg);

/* Answers held back (an unknown name's login waits as long as a password
 * check, without a thread): at most this many per lane at once. */
#define LANE_HELD_MAX 64

/* From the lane's own thread (inside run): calls later(arg, item) on the
 * lane's thread delay_ns from now, or soon after. 0, or -1 when
 * LANE_HELD_MAX items are held already (the caller keeps item). */
int lane_later(struct lane *l, void *item, long long delay_ns);

/* Queues job (a trusted login's apart, first): 0, or -1 when its queue
 * is full or the lane is stopping (the caller keeps the job). */
int lane_push(struct lane *l, struct lane_job *job);

/* Answers the jobs still queued and the held items (at their time), then
 * joins the thread and frees l. */
void lane_stop(struct lane *l);

#endif
