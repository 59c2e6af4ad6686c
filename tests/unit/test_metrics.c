/* metrics: the table shared by the processes. Counts made by worker
 * threads of two forked processes (each writing only its own block) and by
 * an unbound thread (the shared block) all show in the parent's sum; a
 * restarted slot keeps its counters; latency lands in the right bucket.
 * One test: the table is process-wide and made once. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <pthread.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "metrics.h"

#define THREADS 3
#define PER     1000 /* requests per worker thread */

struct job {
	unsigned index;
};

static void *worker(void *arg)
{
	const struct job *j = arg;
	metrics_bind_thread(j->index);
	for (int i = 0; i < PER; i++)
		metrics_request(2, 200, 700); /* the 1 ms bucket */
	metrics_generated(1, 3);
	return NULL;
}

static void *unbound(void *arg)
{
	(void)arg;
	for (int i = 0; i < PER; i++)
		metrics_db_error();
	return NULL;
}

/* A worker process: THREADS bound threads and one unbound, then exit. */
static void child(unsigned slot)
{
	pthread_t t[THREADS + 1];
	struct job jobs[THREADS];

	metrics_bind_process(slot);
	metrics_catalog(40 + slot, 12);
	metrics_poll(1, -1, 0);
	for (unsigned i = 0; i < THREADS; i++) {
		jobs[i].index = i;
		pthread_create(&t[i], NULL, worker, &jobs[i]);
	}
	pthread_create(&t[THREADS], NULL, unbound, NULL);
	for (unsigned i = 0; i <= THREADS; i++)
		pthread_join(t[i], NULL);
	_exit(0);
}

static void run_children(void)
{
	pid_t kids[2];
	for (unsigned s = 0; s < 2; s++) {
		kids[s] = fork();
		assert_true(kids[s] >= 0);
		if (kids[s] == 0)
			child(s);
		metrics_process_started(s, kids[s], 0);
	}
	for (unsigned s = 0; s < 2; s++) {
		int status;
		assert_int_equal(waitpid(kids[s], &status, 0), kids[s]);
		assert_true(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	}
}

static void test_shared_across_processes_and_threads(void **state)
{
	(void)state;
	struct metrics_thread *m = calloc(1, sizeof(*m));
	struct metrics_process p;

	assert_non_null(m);
	/* Nothing counts before the table exists. */
	metrics_request(2, 200, 1);
	assert_int_equal(metrics_enabled(), 0);
	assert_int_equal(metrics_init(2, THREADS, 250), 0);
	assert_int_equal(metrics_processes(), 2);

	run_children();
	metrics_sum(m);
	/* Status 200 is index 1 (metrics_status_codes). */
	assert_int_equal(m->requests[2][1], 2 * THREADS * PER);
	assert_int_equal(m->latency[2][1], 2 * THREADS * PER); /* 700 us: the 1 ms bucket */
	assert_int_equal(m->latency[2][0], 0);
	assert_int_equal(m->latency_us[2], 2ull * THREADS * PER * 700);
	assert_int_equal(m->generated[1], 2 * THREADS * 3);
	assert_int_equal(m->db_errors, 2 * PER); /* the unbound threads' shared blocks */
	metrics_process(1, &p);
	assert_int_equal(p.has_catalog, 1);
	assert_int_equal(p.revision, 41);
	assert_int_equal(p.load_ms, 12);
	assert_int_equal(p.db_up, 1);
	assert_int_equal(p.replica, -1);

	/* Both slots end and are restarted: the counters go on from where
	 * they were (they never go back), the restarts are counted, and what
	 * describes a process starts afresh. */
	metrics_process_ended(0);
	metrics_process_ended(1);
	metrics_process(0, &p);
	assert_int_equal(p.pid, 0);
	assert_int_equal(p.has_catalog, 0);
	metrics_process_started(0, 1, 1);
	metrics_process_started(1, 1, 1);
	run_children();
	metrics_sum(m);
	assert_int_equal(m->requests[2][1], 4 * THREADS * PER);
	metrics_process(0, &p);
	assert_int_equal(p.restarts, 1);
	assert_int_equal(p.revision, 40);

	/* An unknown status counts as "other" (index 0); a slow one in +Inf. */
	metrics_bind_process(0);
	metrics_request(5, 418, 9000000);
	metrics_sum(m);
	assert_int_equal(m->requests[5][0], 1);
	assert_int_equal(m->latency[5][METRICS_BUCKETS], 1);
	free(m);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
	        cmocka_unit_test(test_shared_across_processes_and_threads),
	};
	return cmocka_run_group_tests(tests, NULL, NULL);
}
