// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * What a hint costs: ns per uncontended lock/unlock pair, one thread, best of 5 runs of
 * 10^7 pairs. Run it with and without LD_PRELOAD=libinform-preload.so for the shim's cost on
 * pthread locks; the library's own locks are measured with and without their hints (the
 * hint-free variant is the same lock without the two stores).
 */
#define _GNU_SOURCE
#include "inform.h"

#include <pthread.h>
#include <stdio.h>
#include <time.h>

#define PAIRS 10000000L

static double now(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

static volatile uint32_t plain_word;

#define BEST(label, body)                                                                    \
	do {                                                                                 \
		double best = 1e9;                                                           \
		for (int r = 0; r < 5; r++) {                                                \
			double t0 = now();                                                   \
			for (long i = 0; i < PAIRS; i++) {                                   \
				body;                                                        \
			}                                                                    \
			double ns = (now() - t0) * 1e9 / PAIRS;                              \
			if (ns < best)                                                       \
				best = ns;                                                   \
		}                                                                            \
		printf("%-34s %6.2f ns\n", label, best);                                     \
	} while (0)

int main(void)
{
	pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
	pthread_spinlock_t s;
	inform_ttas_t ttas = INFORM_TTAS_INIT;
	inform_ticket_t ticket = INFORM_TICKET_INIT;

	pthread_spin_init(&s, PTHREAD_PROCESS_PRIVATE);
	inform_self();
	BEST("pthread_mutex lock+unlock", pthread_mutex_lock(&m); pthread_mutex_unlock(&m));
	BEST("pthread_spin lock+unlock", pthread_spin_lock(&s); pthread_spin_unlock(&s));
	BEST("TAS without hints (xchg + store)",
	     while (__atomic_exchange_n(&plain_word, 1, __ATOMIC_ACQUIRE)); __atomic_store_n(&plain_word, 0, __ATOMIC_RELEASE));
	BEST("inform_ttas lock+unlock", inform_ttas_lock(&ttas); inform_ttas_unlock(&ttas));
	BEST("inform_ticket lock+unlock", inform_ticket_lock(&ticket); inform_ticket_unlock(&ticket));
	BEST("hint only (hold_begin + hold_end)", inform_hold_begin(); inform_hold_end());
	struct inform_slice_counts sc;

	inform_rseq_slice_counts(&sc);
	printf("rseq slice extension: %s (INFORM_RSEQ_SLICE=1 asks; %llu grants)\n",
	       sc.threads ? "requested around every hold" : "not in force",
	       (unsigned long long)sc.grants);
	return 0;
}
