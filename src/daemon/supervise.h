/* supervise: keeps N worker processes alive. The parent holds the listening
 * socket (opened before supervise() is called and inherited by every child),
 * so a crashed worker costs only the requests it had in flight: the socket
 * stays open, its backlog waits, and a replacement is forked at once. */
#ifndef LOOTFORGE_SUPERVISE_H
#define LOOTFORGE_SUPERVISE_H

#include <signal.h>

/* Runs child(arg) in `n` forked processes and restarts any that exits or
 * dies, until one of the signals in `stop` (blocked by the caller) arrives;
 * then sends SIGTERM to every child and waits for them (SIGKILL after
 * `grace_ms`). A child that fails within a second of its start is restarted
 * after a pause of one second, so a start-up failure does not spin.
 * child() runs in the child with `stop` still blocked and returns its exit
 * status. The parent must not have started threads. Returns 0, or -1 when
 * no child could be forked at all. */
int supervise(unsigned n, int (*child)(void *arg), void *arg, const sigset_t *stop,
              unsigned grace_ms);

/* The watchdog: a child says it is alive by calling
 * supervise_beat() (the server's reaper thread does, every tick), which
 * stores the time in memory shared with the supervisor (its fork counts as
 * its first beat). A heartbeat older than SUPERVISE_STALE_MS means the process is
 * frozen (SIGSTOP, a hung kernel call, a deadlock of the thread that
 * beats): the supervisor kills it with SIGKILL and forks a replacement, so
 * the connections it holds are closed (nginx retries elsewhere or answers
 * 502) instead of hanging. A no-op outside a supervised child. */
#define SUPERVISE_STALE_MS 3000
void supervise_beat(void);

#endif
