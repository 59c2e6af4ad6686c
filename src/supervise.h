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

#endif
