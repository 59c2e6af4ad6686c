/* dbgate: the circuit breaker and the cap on waiting workers (dbgate.h).
 *
 * One mutex guards a gate; it is held for a few instructions (a walk over
 * the handles of one process: the worker threads and the poller), never
 * across a wait on the network. */
#include "dbgate.h"

#include <time.h>

#include "log.h"

#define REFUSED_LOG_MS 10000 /* at most one line about refusals this often */

void breaker_init(struct breaker *b)
{
	b->state = BREAKER_CLOSED;
	b->opened_ms = 0;
	b->slow = 0;
	b->trial_out = 0;
}

int breaker_admit(struct breaker *b, int probe, int *trial)
{
	*trial = 0;
	if (b->state == BREAKER_CLOSED)
		return 1;
	if (probe) {
		b->state = BREAKER_HALF_OPEN;
		return 1;
	}
	/* After a timeout a trial would cost a worker the whole timeout:
	 * only the probe tries then. */
	if (b->slow || b->trial_out)
		return 0;
	b->state = BREAKER_HALF_OPEN;
	b->trial_out = 1;
	*trial = 1;
	return 1;
}

enum breaker_change breaker_report(struct breaker *b, long long now_ms, int ok, int probe_or_trial,
                                   int slow)
{
	if (ok) {
		/* Another worker's answer proves little while open: it may have
		 * been let through before the breaker opened. */
		if (!probe_or_trial || b->state == BREAKER_CLOSED)
			return BREAKER_SAME;
		b->state = BREAKER_CLOSED;
		b->trial_out = 0;
		return BREAKER_CLOSED_AGAIN;
	}
	enum breaker_state was = b->state;
	b->state = BREAKER_OPEN;
	b->opened_ms = now_ms;
	b->slow = slow;
	return was == BREAKER_CLOSED ? BREAKER_OPENED : BREAKER_SAME;
}

void dbgate_init(struct dbgate *g, unsigned cap)
{
	pthread_condattr_t ca;

	pthread_mutex_init(&g->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&g->room, &ca);
	pthread_condattr_destroy(&ca);
	breaker_init(&g->breaker);
	g->head.next = g->head.prev = &g->head;
	g->cap = cap;
	g->name = "database";
	g->refused = 0;
	g->refused_logged_ms = 0;
}

void dbgate_set_cap(struct dbgate *g, unsigned cap)
{
	pthread_mutex_lock(&g->lock);
	g->cap = cap;
	pthread_mutex_unlock(&g->lock);
}

void dbgate_register(struct dbgate *g, struct gate_hold *h, int probe)
{
	h->probe = probe;
	h->trial = 0;
	h->waiting = 0;
	h->admitted_ms = 0;
	pthread_mutex_lock(&g->lock);
	h->next = &g->head;
	h->prev = g->head.prev;
	g->head.prev->next = h;
	g->head.prev = h;
	pthread_mutex_unlock(&g->lock);
}

void dbgate_unregister(struct dbgate *g, struct gate_hold *h)
{
	pthread_mutex_lock(&g->lock);
	h->prev->next = h->next;
	h->next->prev = h->prev;
	h->next = h->prev = h;
	pthread_mutex_unlock(&g->lock);
}

static int counts(const struct gate_hold *h, long long now_ms)
{
	if (h->probe)
		return 0;
	return h->waiting || (h->admitted_ms && now_ms - h->admitted_ms < DBGATE_FRESH_MS);
}

static unsigned busy_locked(struct dbgate *g, long long now_ms)
{
	unsigned n = 0;
	for (struct gate_hold *h = g->head.next; h != &g->head; h = h->next)
		n += (unsigned)counts(h, now_ms);
	return n;
}

/* Whether a counted hold has been blocked for DBGATE_SLOW_MS. */
static int slow_locked(struct dbgate *g, long long now_ms)
{
	for (struct gate_hold *h = g->head.next; h != &g->head; h = h->next)
		if (!h->probe && h->waiting && now_ms - h->wait_ms >= DBGATE_SLOW_MS)
			return 1;
	return 0;
}

/* One line per REFUSED_LOG_MS at most, however many requests were refused. */
static void note_refused(struct dbgate *g, long long now_ms)
{
	g->refused++;
	if (g->refused_logged_ms && now_ms - g->refused_logged_ms < REFUSED_LOG_MS)
		return;
	log_warn("db: %lu call(s) refused: %u worker(s) already wait on the database", g->refused,
	         g->cap);
	g->refused = 0;
	g->refused_logged_ms = now_ms;
}

enum gate_verdict dbgate_admit(struct dbgate *g, struct gate_hold *h, long long now_ms, int in_call)
{
	enum gate_verdict v = GATE_GO;

	int trial;

	pthread_mutex_lock(&g->lock);
	if (h->trial) {
		/* The trial's next statement: it goes on until its verdict. */
		h->admitted_ms = now_ms ? now_ms : 1;
	} else if (!breaker_admit(&g->breaker, h->probe, &trial)) {
		v = GATE_BROKEN;
	} else if (trial) {
		h->trial = 1; /* one at a time, and not capped: it is the only one */
		h->admitted_ms = now_ms ? now_ms : 1;
	} else if (!h->probe && g->cap && !in_call && !counts(h, now_ms) &&
	           busy_locked(g, now_ms) >= g->cap) {
		if (slow_locked(g, now_ms)) {
			note_refused(g, now_ms);
			v = GATE_FULL;
		} else {
			v = GATE_BUSY;
		}
	} else {
		h->admitted_ms = now_ms ? now_ms : 1;
	}
	pthread_mutex_unlock(&g->lock);
	return v;
}

enum gate_verdict dbgate_enter(struct dbgate *g, struct gate_hold *h, int in_call)
{
	enum gate_verdict v;

	while ((v = dbgate_admit(g, h, dbgate_now_ms(), in_call)) == GATE_BUSY) {
		/* Woken when a wait or a call ends; re-checked every 10 ms, as a
		 * holder turns slow without any event. */
		struct timespec until;
		clock_gettime(CLOCK_MONOTONIC, &until);
		until.tv_nsec += 10 * 1000000L;
		if (until.tv_nsec >= 1000000000L) {
			until.tv_sec++;
			until.tv_nsec -= 1000000000L;
		}
		pthread_mutex_lock(&g->lock);
		pthread_cond_timedwait(&g->room, &g->lock, &until);
		pthread_mutex_unlock(&g->lock);
	}
	return v;
}

void dbgate_wait_begin(struct dbgate *g, struct gate_hold *h, long long now_ms)
{
	pthread_mutex_lock(&g->lock);
	h->waiting = 1;
	h->wait_ms = now_ms;
	pthread_mutex_unlock(&g->lock);
}

void dbgate_wait_end(struct dbgate *g, struct gate_hold *h, long long now_ms)
{
	pthread_mutex_lock(&g->lock);
	h->waiting = 0;
	if (h->admitted_ms)
		h->admitted_ms = now_ms ? now_ms : 1; /* more may follow at once */
	pthread_cond_broadcast(&g->room);
	pthread_mutex_unlock(&g->lock);
}

void dbgate_done(struct dbgate *g, struct gate_hold *h)
{
	pthread_mutex_lock(&g->lock);
	h->waiting = 0;
	h->admitted_ms = 0;
	if (h->trial) /* over without a verdict (another kind of error) */
		g->breaker.trial_out = 0;
	h->trial = 0;
	pthread_cond_broadcast(&g->room);
	pthread_mutex_unlock(&g->lock);
}

void dbgate_report(struct dbgate *g, struct gate_hold *h, long long now_ms, int ok, int slow)
{
	pthread_mutex_lock(&g->lock);
	enum breaker_change c = breaker_report(&g->breaker, now_ms, ok, h->probe || h->trial, slow);
	if (h->trial)
		g->breaker.trial_out = 0;
	h->trial = 0;
	pthread_mutex_unlock(&g->lock);
	if (c == BREAKER_OPENED)
		log_warn("db: %s unreachable; database calls fail at once until it answers "
		         "again",
		         g->name);
	else if (c == BREAKER_CLOSED_AGAIN)
		log_info("db: %s answers again; database calls go through", g->name);
}

enum breaker_state dbgate_state(struct dbgate *g)
{
	pthread_mutex_lock(&g->lock);
	enum breaker_state s = g->breaker.state;
	pthread_mutex_unlock(&g->lock);
	return s;
}

unsigned dbgate_busy(struct dbgate *g, long long now_ms)
{
	pthread_mutex_lock(&g->lock);
	unsigned n = busy_locked(g, now_ms);
	pthread_mutex_unlock(&g->lock);
	return n;
}

/* Two gates per process, one per server: the primary's (every worker's
 * handle and the poller's probe of it) and the replica's (only the
 * poller's handle), so a replica that is gone never shuts the workers out
 * of the primary, nor the other way round. */
static struct dbgate process_gate, replica_gate;
static pthread_once_t process_once = PTHREAD_ONCE_INIT;

static void process_init(void)
{
	dbgate_init(&process_gate, 0);
	dbgate_init(&replica_gate, 0);
	replica_gate.name = "replica";
}

struct dbgate *dbgate_process(void)
{
	pthread_once(&process_once, process_init);
	return &process_gate;
}

struct dbgate *dbgate_replica(void)
{
	pthread_once(&process_once, process_init);
	return &replica_gate;
}

long long dbgate_now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}
