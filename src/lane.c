/* lane: see lane.h. A ring of LANE_QUEUE_MAX jobs under one mutex; the
 * lane's thread sleeps on a condition variable while it is empty. */
#include "lane.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "log.h"

struct lane {
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct lane_job *ring[LANE_QUEUE_MAX];
	size_t head, n;
	int stopping;
	void (*run)(void *arg, struct lane_job *job);
	void *arg;
};

struct lane_job *lane_job_new(char *const *env, const char *body, size_t body_len)
{
	size_t n = 0, text = 0;

	for (; env && env[n]; n++)
		text += strlen(env[n]) + 1;
	size_t ptrs = (n + 1) * sizeof(char *);
	struct lane_job *j = malloc(sizeof(*j) + ptrs + text + body_len + 1);
	if (!j)
		return NULL;
	memset(j, 0, sizeof(*j));
	j->env = (char **)(void *)(j + 1);
	char *at = (char *)j->env + ptrs;
	for (size_t i = 0; i < n; i++) {
		size_t len = strlen(env[i]) + 1;
		j->env[i] = memcpy(at, env[i], len);
		at += len;
	}
	j->env[n] = NULL;
	j->body = at;
	if (body_len)
		memcpy(j->body, body, body_len);
	j->body[body_len] = '\0';
	j->body_len = body_len;
	j->fd = -1;
	return j;
}

void lane_job_free(struct lane_job *j)
{
	free(j);
}

static void *lane_main(void *arg)
{
	struct lane *l = arg;

	pthread_mutex_lock(&l->mu);
	for (;;) {
		while (l->n == 0 && !l->stopping)
			pthread_cond_wait(&l->cv, &l->mu);
		if (l->n == 0)
			break; /* stopping, and every queued job answered */
		struct lane_job *j = l->ring[l->head];
		l->head = (l->head + 1) % LANE_QUEUE_MAX;
		l->n--;
		pthread_mutex_unlock(&l->mu);
		l->run(l->arg, j);
		pthread_mutex_lock(&l->mu);
	}
	pthread_mutex_unlock(&l->mu);
	return NULL;
}

struct lane *lane_start(void (*run)(void *arg, struct lane_job *job), void *arg)
{
	struct lane *l = calloc(1, sizeof(*l));

	if (!l) {
		log_error("lane: out of memory");
		return NULL;
	}
	l->run = run;
	l->arg = arg;
	pthread_mutex_init(&l->mu, NULL);
	pthread_cond_init(&l->cv, NULL);
	if (pthread_create(&l->thread, NULL, lane_main, l) != 0) {
		log_error("lane: cannot start its thread");
		pthread_cond_destroy(&l->cv);
		pthread_mutex_destroy(&l->mu);
		free(l);
		return NULL;
	}
	return l;
}

int lane_push(struct lane *l, struct lane_job *job)
{
	int rc = -1;

	pthread_mutex_lock(&l->mu);
	if (!l->stopping && l->n < LANE_QUEUE_MAX) {
		l->ring[(l->head + l->n) % LANE_QUEUE_MAX] = job;
		l->n++;
		rc = 0;
		pthread_cond_signal(&l->cv);
	}
	pthread_mutex_unlock(&l->mu);
	return rc;
}

void lane_stop(struct lane *l)
{
	if (!l)
		return;
	pthread_mutex_lock(&l->mu);
	l->stopping = 1;
	pthread_cond_signal(&l->cv);
	pthread_mutex_unlock(&l->mu);
	pthread_join(l->thread, NULL);
	pthread_cond_destroy(&l->cv);
	pthread_mutex_destroy(&l->mu);
	free(l);
}
