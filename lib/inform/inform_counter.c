// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * inform-counter: threads incrementing one counter under one lock (the seed's and the
 * thesis's "single counter"), for the informing-scheduling tests and benchmarks.
 *
 *   inform-counter --lock ttas|ticket|mcs|req|pthread-spin|pthread-mutex
 *                  [--threads N] [--duration S] [--cs-ns NS] [--nc-ns NS]
 *   inform-counter --liar [--threads N] [--duration S]
 *
 * Each thread loops: take the lock, spin --cs-ns inside it, release, spin --nc-ns outside.
 * pthread locks publish hints only through the LD_PRELOAD shim. --liar: threads that burn
 * CPU while claiming LOCK_HOLDER, with a new "hold" every microsecond (the safety test: a
 * scheduler reading hints must not let them starve anyone). Prints one JSON line: ops,
 * ops/s, per-thread ops.
 */
#define _GNU_SOURCE
#include "inform.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum kind { TTAS, TICKET, MCS, REQ, PSPIN, PMUTEX, LIAR };
static const char *names[] = { "ttas", "ticket", "mcs", "req", "pthread-spin", "pthread-mutex" };

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

static void *worker(void *arg)
{
	long *ops = arg;
	struct inform_mcs_node node;

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
			"pthread-mutex | --liar [--threads N (1-1024)] [--duration S (1-3600)] "
			"[--cs-ns NS] [--nc-ns NS (0-10^9)]\n");
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
		if (!v)
			usage();
		i++;
		if (!strcmp(a, "--lock")) {
			int k;
			for (k = 0; k < 6 && strcmp(v, names[k]); k++)
				;
			if (k == 6) {
				fprintf(stderr, "inform-counter: --lock %s: allowed ttas, ticket, mcs, "
						"req, pthread-spin, pthread-mutex\n", v);
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
		} else {
			usage();
		}
	}
	inform_req_init(&req, 0);
	pthread_spin_init(&pspin, PTHREAD_PROCESS_PRIVATE);

	pthread_t *t = calloc(threads, sizeof(*t));
	long *ops = calloc(threads, sizeof(*ops));
	long t0 = now_ns();
	for (int i = 0; i < threads; i++)
		pthread_create(&t[i], NULL, worker, &ops[i]);
	struct timespec d = { duration, 0 };
	nanosleep(&d, NULL);
	stop = 1;
	for (int i = 0; i < threads; i++)
		pthread_join(t[i], NULL);
	double secs = (now_ns() - t0) / 1e9;
	long total = 0;
	for (int i = 0; i < threads; i++)
		total += ops[i];
	printf("{\"benchmark\":\"inform-counter\",\"lock\":\"%s\",\"workers\":%d,\"duration_s\":%.3f,"
	       "\"ops\":%ld,\"ops_per_s\":%.1f,\"per_worker_ops_per_s\":[",
	       kind == LIAR ? "liar" : names[kind], threads, secs, total, total / secs);
	for (int i = 0; i < threads; i++)
		printf("%s%.1f", i ? "," : "", ops[i] / secs);
	printf("]}\n");
	return 0;
}
