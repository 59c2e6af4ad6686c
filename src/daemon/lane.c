/* lane: see lane.h. A ring of LANE_QUEUE_MAX jobs under one mutex; the
 * lane's thread sleeps on a condition variable while it is empty. */
#include "lane.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "auth.h"
#include "log.h"

struct lane {
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	struct lane_job *ring[LANE_QUEUE_MAX];
	size_t head, n;
	struct lane_job *trusted[LANE_TRUSTED_MAX]; /* answered first */
	size_t t_head, t_n;
	int stopping;
	void (*run)(void *arg, struct lane_job *job);
	void (*later)(void *arg, void *item);
	void *arg;
	/* Held items, in the order they are due (each is due a fixed delay
	 * after it is given, so mostly appended at the end). */
	struct {
		long long due; /* CLOCK_MONOTONIC ns */
		void *item;
	} held[LANE_HELD_MAX];
	size_t n_held;
};

static long long mono_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

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

/* Takes the first held item if it is due (lock held); NULL if none. */
static void *take_due(struct lane *l)
{
	if (l->n_held == 0 || l->held[0].due > mono_ns())
		return NULL;
	void *item = l->held[0].item;
	memmove(&l->held[0], &l->held[1], --l->n_held * sizeof l->held[0]);
	return item;
}

static void *lane_main(void *arg)
{
	struct lane *l = arg;

	pthread_mutex_lock(&l->mu);
	for (;;) {
		void *item = take_due(l);
		if (item) {
			pthread_mutex_unlock(&l->mu);
			l->later(l->arg, item);
			pthread_mutex_lock(&l->mu);
			continue;
		}
		if (l->t_n > 0) {
			struct lane_job *j = l->trusted[l->t_head];
			l->t_head = (l->t_head + 1) % LANE_TRUSTED_MAX;
			l->t_n--;
			pthread_mutex_unlock(&l->mu);
			l->run(l->arg, j);
			pthread_mutex_lock(&l->mu);
			continue;
		}
		if (l->n > 0) {
			struct lane_job *j = l->ring[l->head];
			l->head = (l->head + 1) % LANE_QUEUE_MAX;
			l->n--;
			pthread_mutex_unlock(&l->mu);
			l->run(l->arg, j);
			pthread_mutex_lock(&l->mu);
			continue;
		}
		if (l->n_held > 0) {
			long long due = l->held[0].due;
			struct timespec t = {(time_t)(due / 1000000000LL),
			                     (long)(due % 1000000000LL)};
			pthread_cond_timedwait(&l->cv, &l->mu, &t);
			continue;
		}
		if (l->stopping)
			break; /* every queued job answered, every held item sent */
		pthread_cond_wait(&l->cv, &l->mu);
	}
	pthread_mutex_unlock(&l->mu);
	return NULL;
}

int lane_later(struct lane *l, void *item, long long delay_ns)
{
	long long due = mono_ns() + delay_ns;
	int rc = -1;

	pthread_mutex_lock(&l->mu);
	if (l->n_held < LANE_HELD_MAX) {
		size_t i = l->n_held;
		while (i > 0 && l->held[i - 1].due > due) {
			l->held[i] = l->held[i - 1];
			i--;
		}
		l->held[i].due = due;
		l->held[i].item = item;
		l->n_held++;
		rc = 0;
	}
	pthread_mutex_unlock(&l->mu);
	return rc;
}

struct lane *lane_start(void (*run)(void *arg, struct lane_job *job),
                        void (*later)(void *arg, void *item), void *arg)
{
	struct lane *l = calloc(1, sizeof(*l));

	if (!l) {
		log_error("lane: out of memory");
		return NULL;
	}
	l->run = run;
	l->later = later;
	l->arg = arg;
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC); /* held items' due times */
	pthread_mutex_init(&l->mu, NULL);
	pthread_cond_init(&l->cv, &ca);
	pthread_condattr_destroy(&ca);
	if (pthread_create(&l->thread, NULL, lane_main, l) != 0) {
		log_error("lane: cannot start its thread");
		pthread_cond_destroy(&l->cv);
		pthread_mutex_destroy(&l->mu);
		free(l);
		return NULL;
	}
	return l;
}

/* Whether the job's request shows a good device cookie (checked outside
 * the lock: an HMAC). */
static int job_trusted(const struct lane_job *job)
{
	static const char key[] = "HTTP_COOKIE=";
	for (char **e = job->env; e && *e; e++)
		if (strncmp(*e, key, sizeof key - 1) == 0)
			return auth_device_of(*e + sizeof key - 1, NULL) != 0;
	return 0;
}

int lane_push(struct lane *l, struct lane_job *job)
{
	int rc = -1, trusted = job_trusted(job);

	pthread_mutex_lock(&l->mu);
	if (!l->stopping && trusted && l->t_n < LANE_TRUSTED_MAX) {
		l->trusted[(l->t_head + l->t_n) % LANE_TRUSTED_MAX] = job;
		l->t_n++;
		rc = 0;
		pthread_cond_signal(&l->cv);
	} else if (!l->stopping && l->n < LANE_QUEUE_MAX) {
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
