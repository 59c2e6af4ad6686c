/* The supervisor: fork, wait, re-fork. It waits for signals with
 * sigtimedwait() on a blocked set (stop signals and SIGCHLD), so there is no
 * signal handler and no race between a child's death and the wait. */
#include "supervise.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "elapsed.h"
#include "log.h"
#include "metrics.h"

#define RESTART_PAUSE_MS 1000 /* after a child that failed right after its start */

/* One heartbeat per slot, in memory shared with the children: the
 * CLOCK_MONOTONIC milliseconds (+1, so 0 means "not yet") of the child's
 * last supervise_beat(). */
static atomic_ulong *beats;
static atomic_ulong *my_beat; /* in a child: its own */

static unsigned long mono_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (unsigned long)t.tv_sec * 1000UL + (unsigned long)t.tv_nsec / 1000000UL + 1;
}

void supervise_beat(void)
{
	if (my_beat)
		atomic_store(my_beat, mono_ms());
}

struct slot {
	pid_t pid;            /* 0: not running */
	struct timespec born; /* CLOCK_MONOTONIC */
	struct timespec due;  /* when a paused restart is due */
};

static long ms_between(const struct timespec *a, const struct timespec *b)
{
	return (b->tv_sec - a->tv_sec) * 1000L + (b->tv_nsec - a->tv_nsec) / 1000000L;
}

static void now(struct timespec *t)
{
	clock_gettime(CLOCK_MONOTONIC, t);
}

static pid_t spawn(struct slot *s, unsigned i, int (*child)(void *), void *arg, int restart)
{
	pid_t parent = getpid();
	if (beats) /* its start counts as a beat: a child frozen before its
	            * first one is caught too */
		atomic_store(&beats[i], mono_ms());
	pid_t pid = fork();
	if (pid < 0) {
		log_error("supervise: fork: %s", strerror(errno));
		return -1;
	}
	if (pid == 0) {
		/* A child must not outlive a supervisor killed with SIGKILL. */
		prctl(PR_SET_PDEATHSIG, SIGTERM);
		if (getppid() != parent)
			_exit(0);
		if (beats)
			my_beat = &beats[i];
		metrics_bind_process(i);
		int rc = child(arg);
		exit(rc);
	}
	s->pid = pid;
	now(&s->born);
	metrics_process_started(i, (int)pid, restart);
	log_info("supervise: worker process %u started (pid %ld)", i, (long)pid);
	return pid;
}

static void describe(int status, char *out, size_t n)
{
	if (WIFSIGNALED(status))
		snprintf(out, n, "killed by signal %d (%s)", WTERMSIG(status),
		         strsignal(WTERMSIG(status)));
	else
		snprintf(out, n, "exited with status %d", WEXITSTATUS(status));
}

/* Reaps every child that has ended; marks its slot for a restart, at once
 * or after a pause when it failed right after starting. */
static void reap(struct slot *slots, unsigned n)
{
	int status;
	pid_t pid;
	while ((pid = waitpid(-1, &status, WNOHANG)) > 0) {
		for (unsigned i = 0; i < n; i++) {
			if (slots[i].pid != pid)
				continue;
			struct timespec t;
			char how[96];
			now(&t);
			describe(status, how, sizeof how);
			int early = ms_between(&slots[i].born, &t) < RESTART_PAUSE_MS &&
			            !(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
			log_warn("supervise: worker process %u (pid %ld) %s; restarting%s", i,
			         (long)pid, how, early ? " in 1 s" : "");
			slots[i].pid = 0;
			metrics_process_ended(i);
			slots[i].due = t;
			if (early)
				slots[i].due.tv_sec += RESTART_PAUSE_MS / 1000;
		}
	}
}

/* Starts the empty slots whose time has come; returns the ms until the
 * next paused one is due (or 1000 when none is). */
static long restart_due(struct slot *slots, unsigned n, int (*child)(void *), void *arg)
{
	struct timespec t;
	long wait_ms = 1000;
	now(&t);
	for (unsigned i = 0; i < n; i++) {
		if (slots[i].pid)
			continue;
		long left = ms_between(&t, &slots[i].due);
		if (left <= 0) {
			if (spawn(&slots[i], i, child, arg, 1) < 0) {
				slots[i].due = t;
				slots[i].due.tv_sec += 1;
				left = 1000;
			} else {
				continue;
			}
		}
		if (left < wait_ms)
			wait_ms = left;
	}
	return wait_ms;
}

/* Kills (SIGKILL) every child whose heartbeat is stale: reap() then
 * restarts it at once, as any child killed by SIGKILL. */
static void watchdog(struct slot *slots, unsigned n)
{
	unsigned long t = mono_ms();
	for (unsigned i = 0; beats && i < n; i++) {
		unsigned long b = atomic_load(&beats[i]);
		if (!slots[i].pid || b == 0 || elapsed_ms64(t, b) < SUPERVISE_STALE_MS)
			continue;
		log_warn("supervise: worker process %u (pid %ld) stopped answering (no heartbeat "
		         "for %lu ms); killing it",
		         i, (long)slots[i].pid, (unsigned long)elapsed_ms64(t, b));
		kill(slots[i].pid, SIGKILL);
		atomic_store(&beats[i], 0);
	}
}

static void stop_all(struct slot *slots, unsigned n, unsigned grace_ms)
{
	struct timespec start, t;
	for (unsigned i = 0; i < n; i++)
		if (slots[i].pid)
			kill(slots[i].pid, SIGTERM);
	now(&start);
	for (;;) {
		unsigned alive = 0;
		int status;
		pid_t pid;
		while ((pid = waitpid(-1, &status, WNOHANG)) > 0)
			for (unsigned i = 0; i < n; i++)
				if (slots[i].pid == pid)
					slots[i].pid = 0;
		for (unsigned i = 0; i < n; i++)
			alive += slots[i].pid != 0;
		if (!alive)
			return;
		now(&t);
		if (ms_between(&start, &t) > (long)grace_ms) {
			for (unsigned i = 0; i < n; i++)
				if (slots[i].pid) {
					log_warn("supervise: worker process %u did not stop; "
					         "killing it",
					         i);
					kill(slots[i].pid, SIGKILL);
				}
			grace_ms = ~0u; /* then wait for the kills to land */
		}
		usleep(10000);
	}
}

int supervise(unsigned n, int (*child)(void *arg), void *arg, const sigset_t *stop,
              unsigned grace_ms)
{
	struct slot *slots = calloc(n, sizeof *slots);
	sigset_t wait_set = *stop;
	int started = 0;

	if (!slots)
		return -1;
	sigaddset(&wait_set, SIGCHLD);
	if (sigprocmask(SIG_BLOCK, &wait_set, NULL) != 0) {
		free(slots);
		return -1;
	}
	/* Before the first fork, so that every child shares it. Without it
	 * (no memory) the workers run unwatched. */
	void *shared = mmap(NULL, n * sizeof *beats, PROT_READ | PROT_WRITE,
	                    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shared == MAP_FAILED)
		log_warn("supervise: no shared memory for heartbeats: %s; no watchdog",
		         strerror(errno));
	else
		beats = shared;
	for (unsigned i = 0; i < n; i++)
		started += spawn(&slots[i], i, child, arg, 0) > 0;
	if (!started) {
		free(slots);
		return -1;
	}
	for (;;) {
		long wait_ms = restart_due(slots, n, child, arg);
		if (wait_ms > SUPERVISE_STALE_MS / 4)
			wait_ms = SUPERVISE_STALE_MS / 4; /* the watchdog looks this often */
		struct timespec timeout = {wait_ms / 1000, (wait_ms % 1000) * 1000000L};
		int sig = sigtimedwait(&wait_set, NULL, &timeout);
		reap(slots, n); /* on SIGCHLD, and on every wake-up for safety */
		watchdog(slots, n);
		if (sig > 0 && sig != SIGCHLD) {
			log_info("supervise: %s received, stopping the workers", strsignal(sig));
			break;
		}
	}
	stop_all(slots, n, grace_ms);
	free(slots);
	if (beats) {
		munmap(beats, n * sizeof *beats);
		beats = NULL;
	}
	return 0;
}
