/* dbgate: decides whether a database call may go out at all, so that a
 * database that hangs or is gone never holds every worker of a process.
 *
 * Two guards, shared by every handle of a process:
 * - a circuit breaker: once a connect fails or a read times out, worker
 *   calls fail at once (DB_DOWN) without touching the network, until a
 *   probe handle (the catalog poller's) gets an answer again. When it
 *   opened on a refusal (the server is down, which costs nothing to ask
 *   again) rather than a timeout, one worker call at a time may go out as
 *   a trial, and its answer closes it too, so the first request after the
 *   server is back does not wait for the next poll;
 * - a cap on the workers waiting on the database at once: a worker is
 *   waiting while it is blocked on a database socket, or for a moment
 *   (DBGATE_FRESH_MS) after it was let through, before it blocks. A worker
 *   that finds the cap full while one of those has been blocked for
 *   DBGATE_SLOW_MS (the database is slow or hung) is refused at once; while
 *   they are all quicker than that (a healthy database, only busy), it waits
 *   for a place, but never past the moment one of them turns slow.
 *
 * The breaker and the gate are plain structs with the time passed in, so
 * that tests can drive them; dbgate_process() is the one every handle of
 * the process uses. */
#ifndef LOOTFORGE_DBGATE_H
#define LOOTFORGE_DBGATE_H

#include <pthread.h>

/* How long a let-through call counts as waiting before it blocks. Only
 * covers the microseconds between the check and the first wait on the
 * socket (so that workers arriving together cannot all pass); a call that
 * never had to wait stops counting after this. */
#define DBGATE_FRESH_MS 100
/* A wait on the socket this long means the database is not just busy. */
#define DBGATE_SLOW_MS 200

enum breaker_state {
	BREAKER_CLOSED,    /* calls go out */
	BREAKER_OPEN,      /* worker calls fail at once */
	BREAKER_HALF_OPEN, /* open, and a probe is trying the database */
};

enum breaker_change { BREAKER_SAME, BREAKER_OPENED, BREAKER_CLOSED_AGAIN };

struct breaker {
	enum breaker_state state;
	long long opened_ms; /* when it last opened */
	int slow;            /* the last failure was a timeout, not a refusal */
	int trial_out;       /* a worker's trial call is under way */
};

void breaker_init(struct breaker *b);
/* Whether a call may go out. Probes always may (an open breaker becomes
 * half-open while they try); workers while closed, or as the one trial
 * (*trial set) while open after a refusal. */
int breaker_admit(struct breaker *b, int probe, int *trial);
/* The outcome of a call that went out: ok (the database answered) or a
 * connection failure (`slow`: timed out; else refused). Only the answer of
 * a probe or of a trial closes the breaker; any failure opens it. */
enum breaker_change breaker_report(struct breaker *b, long long now_ms, int ok, int probe_or_trial,
                                   int slow);

/* One per database handle; the gate links the holds of its handles. */
struct gate_hold {
	struct gate_hold *next, *prev;
	int probe;             /* the poller's: never capped, its answers close the breaker */
	int waiting;           /* blocked on the database socket now */
	long long wait_ms;     /* since when */
	long long admitted_ms; /* when last let through; 0: not in a call */
	int trial;             /* let through as the breaker's trial */
};

enum gate_verdict {
	GATE_GO,     /* go ahead */
	GATE_BROKEN, /* the breaker is open */
	GATE_FULL,   /* `cap` workers wait on the database already, one of them slow */
	GATE_BUSY,   /* `cap` workers wait, none slow yet: try again shortly */
};

struct dbgate {
	pthread_mutex_t lock;
	pthread_cond_t room; /* a wait or a call ended */
	struct breaker breaker;
	struct gate_hold head; /* of a circular list */
	unsigned cap;          /* workers that may wait at once; 0: no cap */
	unsigned long refused; /* GATE_FULL answers since the last log line */
	long long refused_logged_ms;
	const char *name; /* in log lines: "database" (the default) or "replica" */
};

void dbgate_init(struct dbgate *g, unsigned cap);
void dbgate_set_cap(struct dbgate *g, unsigned cap);
void dbgate_register(struct dbgate *g, struct gate_hold *h, int probe);
void dbgate_unregister(struct dbgate *g, struct gate_hold *h);

/* Before a statement or a connect: the verdict now, without waiting. A
 * hold already in a call (admitted less than DBGATE_FRESH_MS ago) or that
 * must finish what it began (`in_call`: an open transaction) is not capped
 * again; the breaker applies to all. GATE_FULL is counted and logged. */
enum gate_verdict dbgate_admit(struct dbgate *g, struct gate_hold *h, long long now_ms,
                               int in_call);
/* dbgate_admit on the process clock, waiting out GATE_BUSY (at most
 * DBGATE_SLOW_MS plus the slowest holder's head start): never GATE_BUSY. */
enum gate_verdict dbgate_enter(struct dbgate *g, struct gate_hold *h, int in_call);
/* Around every wait on the socket. */
void dbgate_wait_begin(struct dbgate *g, struct gate_hold *h, long long now_ms);
void dbgate_wait_end(struct dbgate *g, struct gate_hold *h, long long now_ms);
/* The call is over (whatever its outcome): the hold stops counting. */
void dbgate_done(struct dbgate *g, struct gate_hold *h);
/* A call's outcome for the breaker (see breaker_report); logs a change. */
void dbgate_report(struct dbgate *g, struct gate_hold *h, long long now_ms, int ok, int slow);

enum breaker_state dbgate_state(struct dbgate *g);
/* Workers counted as waiting now (for tests and logs). */
unsigned dbgate_busy(struct dbgate *g, long long now_ms);

/* The process-wide gate of the database (the primary). */
struct dbgate *dbgate_process(void);
/* The process-wide gate of the read replica (the catalog poller's). */
struct dbgate *dbgate_replica(void);
/* CLOCK_MONOTONIC in milliseconds. */
long long dbgate_now_ms(void);

#endif
