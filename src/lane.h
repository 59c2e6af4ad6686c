/* lane: the slow lane of a worker process (issue 31). Requests whose
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

/* Jobs waiting at most: about 0.1 s of Argon2 each, so a full queue is
 * answered within a second or so. */
#define LANE_QUEUE_MAX 8

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
 * turn; run owns the job (frees it). NULL (logged) on failure. */
struct lane *lane_start(void (*run)(void *arg, struct lane_job *job), void *arg);

/* Queues job: 0, or -1 when the queue is full or the lane is stopping
 * (the caller keeps the job). */
int lane_push(struct lane *l, struct lane_job *job);

/* Answers the jobs still queued, then joins the thread and frees l. */
void lane_stop(struct lane *l);

#endif
