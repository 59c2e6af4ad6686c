/* metrics: the shared table (see metrics.h).
 *
 * Layout of the mapping: a header, then `processes` slots of `stride`
 * bytes; a slot is struct proc followed by `threads` struct block. Every
 * field is a C11 atomic, because the scraper reads while its writer
 * writes; the writers use relaxed order (nothing is published through
 * them: a scrape may see one counter a request ahead of another, never a
 * torn value). A worker thread's block has one writer, so it is a load
 * and a store, which on x86-64 and arm64 compile to plain moves. */
#include "metrics.h"

#include <errno.h>
#include <stdatomic.h>
#include <stddef.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "log.h"

typedef _Atomic uint64_t acount;

struct block {
	acount requests[METRICS_ROUTES][METRICS_STATUSES];
	acount latency[METRICS_ROUTES][METRICS_BUCKETS + 1];
	acount latency_us[METRICS_ROUTES];
	acount generated[METRICS_KINDS];
	acount db_errors;
	/* Its own cache lines: two threads' blocks never share one. */
	char pad[64];
};

struct proc {
	_Atomic int pid;
	acount restarts, started_ms;
	_Atomic int has_catalog;
	acount revision, load_ms, loaded_ms, heartbeat_ms;
	_Atomic int db_up, replica;
	acount replica_rev;
	struct block shared; /* threads without a block of their own */
	                     /* then `threads` struct block */
};

struct header {
	unsigned processes, threads, poll_ms;
	size_t stride;
};

const int metrics_status_codes[METRICS_STATUSES] = {
        0,   200, 201, 204, 301, 302, 303, 304, 400, 401, 403, 404,
        405, 409, 413, 415, 422, 429, 500, 502, 503, 504, 505, 202,
};

/* 0.5 ms to 2.5 s: a card is a few hundred microseconds, a page of 100
 * a few milliseconds, a database call under load tens of them. */
const uint32_t metrics_bucket_us[METRICS_BUCKETS] = {
        500, 1000, 2500, 5000, 10000, 25000, 50000, 100000, 250000, 500000, 1000000, 2500000,
};

static struct header *table;             /* NULL: no metrics */
static struct proc *self;                /* this process's slot */
static _Thread_local struct block *mine; /* this thread's block, if a worker */

static struct proc *slot(unsigned i)
{
	return (struct proc *)(void *)((char *)(table + 1) + (size_t)i * table->stride);
}

static struct block *thread_block(struct proc *p, unsigned i)
{
	return (struct block *)(void *)(p + 1) + i;
}

uint64_t metrics_now_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

static uint64_t realtime_ms(void)
{
	struct timespec t;
	clock_gettime(CLOCK_REALTIME, &t);
	return (uint64_t)t.tv_sec * 1000u + (uint64_t)t.tv_nsec / 1000000u;
}

int metrics_init(unsigned processes, unsigned threads, unsigned poll_ms)
{
	if (processes == 0)
		processes = 1;
	size_t stride = sizeof(struct proc) + (size_t)threads * sizeof(struct block);
	stride = (stride + 63) & ~(size_t)63;
	size_t len = sizeof(struct header) + (size_t)processes * stride;
	/* Zero-filled by the kernel: every counter starts at 0. */
	void *m = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED) {
		log_error("metrics: cannot map %zu bytes: %s; running without metrics", len,
		          strerror(errno));
		return -1;
	}
	table = m;
	table->processes = processes;
	table->threads = threads;
	table->poll_ms = poll_ms;
	table->stride = stride;
	for (unsigned i = 0; i < processes; i++) {
		atomic_store(&slot(i)->db_up, -1);
		atomic_store(&slot(i)->replica, -1);
	}
	return 0;
}

void metrics_bind_process(unsigned index)
{
	if (!table || index >= table->processes)
		return;
	self = slot(index);
	atomic_store(&self->pid, (int)getpid());
	atomic_store(&self->started_ms, realtime_ms());
	atomic_store(&self->has_catalog, 0);
	atomic_store(&self->revision, 0);
	atomic_store(&self->heartbeat_ms, 0);
	atomic_store(&self->db_up, -1);
	atomic_store(&self->replica, -1);
}

void metrics_bind_thread(unsigned index)
{
	if (self && index < table->threads)
		mine = thread_block(self, index);
}

/* Adds n to counter c of the calling thread: a plain load and store in its
 * own block, an atomic add in the process's shared one. */
static void add(size_t offset, uint64_t n)
{
	if (mine) {
		acount *c = (acount *)(void *)((char *)mine + offset);
		atomic_store_explicit(c, atomic_load_explicit(c, memory_order_relaxed) + n,
		                      memory_order_relaxed);
	} else if (self) {
		acount *c = (acount *)(void *)((char *)&self->shared + offset);
		atomic_fetch_add_explicit(c, n, memory_order_relaxed);
	}
}

static unsigned status_index(int status)
{
	for (unsigned i = 1; i < METRICS_STATUSES; i++)
		if (metrics_status_codes[i] == status)
			return i;
	return 0;
}

void metrics_request(unsigned route, int status, uint64_t us)
{
	if (!self)
		return;
	if (route >= METRICS_ROUTES)
		route = METRICS_ROUTES - 1;
	unsigned b = 0;
	while (b < METRICS_BUCKETS && us > metrics_bucket_us[b])
		b++;
	add(offsetof(struct block, requests) +
	            ((size_t)route * METRICS_STATUSES + status_index(status)) * sizeof(acount),
	    1);
	add(offsetof(struct block, latency) +
	            ((size_t)route * (METRICS_BUCKETS + 1) + b) * sizeof(acount),
	    1);
	add(offsetof(struct block, latency_us) + (size_t)route * sizeof(acount), us);
}

void metrics_generated(unsigned kind, unsigned n)
{
	if (self && kind < METRICS_KINDS)
		add(offsetof(struct block, generated) + (size_t)kind * sizeof(acount), n);
}

void metrics_db_error(void)
{
	if (self)
		add(offsetof(struct block, db_errors), 1);
}

void metrics_catalog(uint64_t rev, uint64_t load_ms)
{
	if (!self)
		return;
	atomic_store(&self->revision, rev);
	atomic_store(&self->load_ms, load_ms);
	atomic_store(&self->loaded_ms, metrics_now_ms());
	atomic_store(&self->has_catalog, 1);
}

void metrics_poll(int up, int replica, uint64_t replica_rev)
{
	if (!self)
		return;
	atomic_store(&self->db_up, up);
	atomic_store(&self->replica, replica);
	if (replica >= 0)
		atomic_store(&self->replica_rev, replica_rev);
	atomic_store(&self->heartbeat_ms, metrics_now_ms());
}

void metrics_process_started(unsigned index, int pid, int restart)
{
	if (!table || index >= table->processes)
		return;
	struct proc *p = slot(index);
	/* The child writes its own pid too (metrics_bind_process); this one
	 * covers the moment before it runs. */
	atomic_store(&p->pid, pid);
	if (restart)
		atomic_fetch_add(&p->restarts, 1);
}

void metrics_process_ended(unsigned index)
{
	if (!table || index >= table->processes)
		return;
	struct proc *p = slot(index);
	atomic_store(&p->pid, 0);
	atomic_store(&p->has_catalog, 0);
	atomic_store(&p->heartbeat_ms, 0);
}

int metrics_enabled(void)
{
	return table != NULL;
}

unsigned metrics_processes(void)
{
	return table ? table->processes : 0;
}

unsigned metrics_poll_ms(void)
{
	return table ? table->poll_ms : 0;
}

void metrics_process(unsigned i, struct metrics_process *out)
{
	memset(out, 0, sizeof(*out));
	out->db_up = out->replica = -1;
	if (!table || i >= table->processes)
		return;
	struct proc *p = slot(i);
	out->pid = atomic_load(&p->pid);
	out->restarts = atomic_load(&p->restarts);
	out->started_ms = atomic_load(&p->started_ms);
	out->has_catalog = atomic_load(&p->has_catalog);
	out->revision = atomic_load(&p->revision);
	out->load_ms = atomic_load(&p->load_ms);
	out->loaded_ms = atomic_load(&p->loaded_ms);
	out->heartbeat_ms = atomic_load(&p->heartbeat_ms);
	out->db_up = atomic_load(&p->db_up);
	out->replica = atomic_load(&p->replica);
	out->replica_rev = atomic_load(&p->replica_rev);
}

static void sum_block(struct metrics_thread *out, struct block *b)
{
	for (int r = 0; r < METRICS_ROUTES; r++) {
		for (int s = 0; s < METRICS_STATUSES; s++)
			out->requests[r][s] +=
			        atomic_load_explicit(&b->requests[r][s], memory_order_relaxed);
		for (int k = 0; k <= METRICS_BUCKETS; k++)
			out->latency[r][k] +=
			        atomic_load_explicit(&b->latency[r][k], memory_order_relaxed);
		out->latency_us[r] += atomic_load_explicit(&b->latency_us[r], memory_order_relaxed);
	}
	for (int k = 0; k < METRICS_KINDS; k++)
		out->generated[k] += atomic_load_explicit(&b->generated[k], memory_order_relaxed);
	out->db_errors += atomic_load_explicit(&b->db_errors, memory_order_relaxed);
}

void metrics_sum(struct metrics_thread *out)
{
	memset(out, 0, sizeof(*out));
	if (!table)
		return;
	for (unsigned i = 0; i < table->processes; i++) {
		struct proc *p = slot(i);
		sum_block(out, &p->shared);
		for (unsigned t = 0; t < table->threads; t++)
			sum_block(out, thread_block(p, t));
	}
}
