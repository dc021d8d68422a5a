// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * inform-counter: threads incrementing one counter under one lock (the seed's and the
 * thesis's "single counter"), for the informing-scheduling tests and benchmarks.
 *
 *   inform-counter --lock ttas|ticket|mcs|req|pthread-spin|pthread-mutex|barrier|pthread-barrier
 *                  [--threads N] [--duration S] [--cs-ns NS] [--nc-ns NS] [--watch PID,...]
 *   inform-counter --liar [--threads N] [--duration S]
 *   inform-counter --liar-wait PID [--threads N] [--duration S]
 *   inform-counter --sleeping-waiter [--threads N] [--duration S] [--cs-ns NS] [--nc-ns NS]
 *
 * Each thread loops: take the lock, spin --cs-ns inside it, release, spin --nc-ns outside.
 * barrier, pthread-barrier (the barrier-heavy loop): each thread spins --nc-ns, then all meet
 * at the barrier (inform_barrier_wait or pthread_barrier_wait) twice, the second time only
 * so that all threads agree on when to stop; ops counts rounds (two barrier phases each),
 * the same in every thread.
 * pthread locks publish hints only through the LD_PRELOAD shim. --liar: threads that burn
 * CPU while claiming LOCK_HOLDER, with a new "hold" every microsecond (the safety test: a
 * scheduler reading hints must not let them starve anyone). --liar-wait PID: threads that
 * burn CPU while their hint says LOCK_WAITER waiting for thread PID (of another process: a
 * scheduler must not hand it their CPU, nor give them anything for it). --sleeping-waiter:
 * threads that spin --cs-ns of their CPU time (no hint), then sleep --nc-ns with a LOCK_WAITER hint, as a
 * lock's waiters sleep (what a waiter's sleep earns it; ops counts the rounds). Prints one JSON line: ops,
 * ops/s, per-thread ops, and over a window from when all threads run to the stop
 * ("window_s"), this process's CPU time ("app_cpu_s") and that of the processes --watch
 * names ("watched_cpu_s", from /proc/PID/schedstat: another application's share, measured
 * over exactly the same time), and from the same schedstat files the time the worker threads
 * ran ("app_run_s") and waited runnable on a run queue ("app_wait_s"), and the watched
 * processes' run-queue wait ("watched_wait_s"): what each side got of the time it could run.
 * A lock run whose counter does not equal the increments the threads made (a lock that let
 * two threads in at once) prints no JSON and exits 1.
 */
#define _GNU_SOURCE
#include "inform.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

enum kind { TTAS, TICKET, MCS, REQ, PSPIN, PMUTEX, BARRIER, PBARRIER, LIAR, SLEEPER };
static const char *names[] = { "ttas", "ticket", "mcs", "req", "pthread-spin", "pthread-mutex",
			       "barrier", "pthread-barrier" };
#define NR_LOCKS ((int)(sizeof(names) / sizeof(names[0])))

static enum kind kind = TICKET;
static long cs_ns = 200, nc_ns = 1000;
static volatile int stop;
static volatile long counter;
static inform_ttas_t ttas = INFORM_TTAS_INIT;
static inform_ticket_t ticket = INFORM_TICKET_INIT;
static inform_mcs_t mcs = INFORM_MCS_INIT;
static inform_req_t req;
static pthread_spinlock_t pspin;
static pthread_mutex_t pmutex = PTHREAD_MUTEX_INITIALIZER;
static inform_barrier_t barrier;
static pthread_barrier_t pbarrier;
static volatile int quit;	/* `stop` as the last round's leader saw it */
static long liar_wait;		/* --liar-wait: the thread id the waiters name */

static int nr_watch;
static int watch[64];

/* CPU time of this process (all threads), in s. */
static double self_cpu_s(void)
{
	struct rusage ru;

	getrusage(RUSAGE_SELF, &ru);
	return ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

/* CPU time and run-queue wait of a task (/proc/.../schedstat), added to *cpu and *wait, s. */
static void add_schedstat(const char *path, double *cpu, double *wait)
{
	unsigned long long run_ns, wait_ns;
	FILE *f = fopen(path, "r");

	if (!f)
		return;	/* gone: counts 0 */
	if (fscanf(f, "%llu %llu", &run_ns, &wait_ns) == 2) {
		*cpu += run_ns / 1e9;
		*wait += wait_ns / 1e9;
	}
	fclose(f);
}

/* The --watch processes (their main threads). */
static void watched_sched(double *cpu, double *wait)
{
	*cpu = *wait = 0;
	for (int i = 0; i < nr_watch; i++) {
		char path[64];

		snprintf(path, sizeof(path), "/proc/%d/schedstat", watch[i]);
		add_schedstat(path, cpu, wait);
	}
}

/* This process's worker threads (all but the main one, which sleeps). */
static void app_sched(double *cpu, double *wait)
{
	char path[64];
	struct dirent *e;
	DIR *d = opendir("/proc/self/task");
	long self = getpid();

	*cpu = *wait = 0;
	if (!d)
		return;
	while ((e = readdir(d))) {
		if (e->d_name[0] == '.' || atol(e->d_name) == self)
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%.20s/schedstat", e->d_name);
		add_schedstat(path, cpu, wait);
	}
	closedir(d);
}

static long now_ns(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000L + t.tv_nsec;
}

static void burn(long ns)
{
	long end = now_ns() + ns;
	while (now_ns() < end)
		;
}

/* Spin until this thread has used `ns` of CPU time (time preempted does not count). */
static void burn_cpu(long ns)
{
	struct timespec t;
	long end;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	end = t.tv_sec * 1000000000L + t.tv_nsec + ns;
	do
		clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
	while (t.tv_sec * 1000000000L + t.tv_nsec < end);
}

/* Take (acquire) or release the lock of --lock; `node` is the MCS node of this acquisition. */
static void lock_op(int acquire, struct inform_mcs_node *node)
{
	switch (kind) {
	case TTAS: acquire ? inform_ttas_lock(&ttas) : inform_ttas_unlock(&ttas); break;
	case TICKET: acquire ? inform_ticket_lock(&ticket) : inform_ticket_unlock(&ticket); break;
	case MCS: acquire ? inform_mcs_lock(&mcs, node) : inform_mcs_unlock(&mcs, node); break;
	case REQ: acquire ? inform_req_lock(&req) : inform_req_unlock(&req); break;
	case PSPIN: acquire ? pthread_spin_lock(&pspin) : pthread_spin_unlock(&pspin); break;
	default: acquire ? pthread_mutex_lock(&pmutex) : pthread_mutex_unlock(&pmutex); break;
	}
}

/* Wait at the barrier of --lock; nonzero in one thread per phase. */
static int barrier_op(void)
{
	if (kind == BARRIER)
		return inform_barrier_wait(&barrier);
	return pthread_barrier_wait(&pbarrier) == PTHREAD_BARRIER_SERIAL_THREAD;
}

static void *worker(void *arg)
{
	long *ops = arg;
	struct inform_mcs_node node;

	if (kind == BARRIER || kind == PBARRIER) {
		for (;;) {
			burn(nc_ns);
			if (barrier_op())
				quit = stop;
			/* Nobody writes `quit` again before all have read it here. */
			barrier_op();
			if (quit)
				return NULL;
			(*ops)++;
		}
	}
	if (kind == LIAR && liar_wait) {
		inform_self()->wait_for = (uint32_t)liar_wait;
		inform_wait_begin(INFORM_LOCK_WAITER);
		while (!stop) {
			burn(1000);
			(*ops)++;
		}
		return NULL;
	}
	if (kind == SLEEPER) {
		struct timespec nap = { nc_ns / 1000000000L, nc_ns % 1000000000L };

		while (!stop) {
			burn_cpu(cs_ns);
			inform_wait_begin(INFORM_LOCK_WAITER);
			nanosleep(&nap, NULL);
			inform_wait_end();
			(*ops)++;
		}
		return NULL;
	}
	if (kind == LIAR) {
		while (!stop) {
			inform_hold_begin();
			burn(1000);
			inform_hold_end();
			(*ops)++;
		}
		return NULL;
	}
	while (!stop) {
		lock_op(1, &node);
		counter++;
		burn(cs_ns);
		lock_op(0, &node);
		(*ops)++;
		burn(nc_ns);
	}
	return NULL;
}

static void usage(void)
{
	fprintf(stderr, "usage: inform-counter --lock ttas|ticket|mcs|req|pthread-spin|"
			"pthread-mutex|barrier|pthread-barrier | --liar | --liar-wait PID | "
			"--sleeping-waiter [--threads N (1-1024)] [--duration S (1-3600)] "
			"[--cs-ns NS] [--nc-ns NS (0-10^9)] [--watch PID,...]\n");
	exit(2);
}

static long number(const char *flag, const char *v, long lo, long hi)
{
	char *end;
	long n = strtol(v, &end, 10);

	if (!*v || *end || n < lo || n > hi) {
		fprintf(stderr, "inform-counter: %s %s: allowed %ld to %ld\n", flag, v, lo, hi);
		exit(2);
	}
	return n;
}

int main(int argc, char **argv)
{
	int threads = 4;
	long duration = 5;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--liar")) {
			kind = LIAR;
			continue;
		}
		if (!strcmp(a, "--sleeping-waiter")) {
			kind = SLEEPER;
			continue;
		}
		if (!v)
			usage();
		i++;
		if (!strcmp(a, "--liar-wait")) {
			kind = LIAR;
			liar_wait = number(a, v, 1, 1 << 30);
		} else if (!strcmp(a, "--lock")) {
			int k;
			for (k = 0; k < NR_LOCKS && strcmp(v, names[k]); k++)
				;
			if (k == NR_LOCKS) {
				fprintf(stderr, "inform-counter: --lock %s: allowed ttas, ticket, mcs, "
						"req, pthread-spin, pthread-mutex, barrier, "
						"pthread-barrier\n", v);
				return 2;
			}
			kind = k;
		} else if (!strcmp(a, "--threads")) {
			threads = number(a, v, 1, 1024);
		} else if (!strcmp(a, "--duration")) {
			duration = number(a, v, 1, 3600);
		} else if (!strcmp(a, "--cs-ns")) {
			cs_ns = number(a, v, 0, 1000000000);
		} else if (!strcmp(a, "--nc-ns")) {
			nc_ns = number(a, v, 0, 1000000000);
		} else if (!strcmp(a, "--watch")) {
			char *list = strdup(v), *tok, *save = NULL;

			for (tok = strtok_r(list, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
				if (nr_watch == 64) {
					fprintf(stderr, "inform-counter: --watch: at most 64 pids\n");
					return 2;
				}
				watch[nr_watch++] = number(a, tok, 1, 1 << 30);
			}
			free(list);
		} else {
			usage();
		}
	}
	inform_req_init(&req, 0);
	pthread_spin_init(&pspin, PTHREAD_PROCESS_PRIVATE);
	inform_barrier_init(&barrier, threads);
	pthread_barrier_init(&pbarrier, NULL, threads);

	pthread_t *t = calloc(threads, sizeof(*t));
	long *ops = calloc(threads, sizeof(*ops));
	long t0 = now_ns();
	for (int i = 0; i < threads; i++)
		pthread_create(&t[i], NULL, worker, &ops[i]);
	long w0 = now_ns();
	double app0 = self_cpu_s(), other0, other0_wait, run0, wait0;
	watched_sched(&other0, &other0_wait);
	app_sched(&run0, &wait0);
	struct timespec d = { duration, 0 };
	nanosleep(&d, NULL);
	double app = self_cpu_s() - app0, other, other_wait, run1, wait1;
	watched_sched(&other, &other_wait);
	app_sched(&run1, &wait1);
	other -= other0;
	other_wait -= other0_wait;
	double window = (now_ns() - w0) / 1e9;
	stop = 1;
	for (int i = 0; i < threads; i++)
		pthread_join(t[i], NULL);
	double secs = (now_ns() - t0) / 1e9;
	long total = 0;
	for (int i = 0; i < threads; i++)
		total += ops[i];
	if (kind == BARRIER || kind == PBARRIER)
		total = ops[0];	/* rounds: every thread ran all of them */
	else if (kind != LIAR && kind != SLEEPER && counter != total) {
		/* An increment lost: the lock let two threads in at once. */
		fprintf(stderr, "inform-counter: --lock %s: counter %ld, but %ld increments\n",
			names[kind], counter, total);
		return 1;
	}
	struct inform_slice_counts sc;

	inform_rseq_slice_counts(&sc);
	printf("{\"benchmark\":\"inform-counter\",\"lock\":\"%s\",\"workers\":%d,\"duration_s\":%.3f,"
	       "\"slice_threads\":%llu,\"slice_grants\":%llu,\"slice_yields\":%llu,"
	       "\"slice_switched\":%llu,"
	       "\"window_s\":%.3f,\"app_cpu_s\":%.3f,\"watched_cpu_s\":%.3f,"
	       "\"app_run_s\":%.3f,\"app_wait_s\":%.3f,\"watched_wait_s\":%.3f,"
	       "\"ops\":%ld,\"ops_per_s\":%.1f,\"per_worker_ops_per_s\":[",
	       kind == LIAR ? "liar" : kind == SLEEPER ? "sleeping-waiter" : names[kind], threads, secs,
	       (unsigned long long)sc.threads, (unsigned long long)sc.grants,
	       (unsigned long long)sc.yields, (unsigned long long)sc.switched, window, app, other,
	       run1 - run0, wait1 - wait0, other_wait, total, total / secs);
	for (int i = 0; i < threads; i++)
		printf("%s%.1f", i ? "," : "", ops[i] / secs);
	printf("]}\n");
	return 0;
}
