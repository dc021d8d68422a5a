// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * The LD_PRELOAD shim on a threaded program: run once without the shim and once with it
 * (INFORM_EXPECT=1). Either way the program computes the same results (the shim changes
 * nothing but the hints); with the shim, the hints follow pthread mutexes, spinlocks,
 * rwlocks, condition waits and barriers.
 */
#define _GNU_SOURCE
#include "inform.h"
#include "check.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static int expect;
/* What this thread's class must be: `cls` with the shim, RUNNING without it. */
#define CLASS(want, what)                                                                    \
	CHECK(inform_self()->cls == (expect ? (want) : INFORM_RUNNING), "%s: %u", what,        \
	      inform_self()->cls)

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t c = PTHREAD_COND_INITIALIZER;
static pthread_barrier_t bar;
static volatile long counter;
static volatile int ready;
static struct inform_hint *volatile waiter_hint;

static void *adder(void *arg)
{
	(void)arg;
	for (int i = 0; i < 100000; i++) {
		pthread_mutex_lock(&m);
		counter++;
		pthread_mutex_unlock(&m);
	}
	pthread_barrier_wait(&bar);
	return NULL;
}

/* The shim's spinlock wait is its own loop (preload.c): it must still exclude. */
static pthread_spinlock_t spin;
static volatile long spun;

static pthread_barrier_t spin_start;

static void *spin_adder(void *arg)
{
	(void)arg;
	pthread_barrier_wait(&spin_start); /* all at once: the lock is contended */
	for (int i = 0; i < 100000; i++) {
		pthread_spin_lock(&spin);
		spun++;
		pthread_spin_unlock(&spin);
	}
	return NULL;
}

static void *blocked(void *arg)
{
	(void)arg;
	waiter_hint = inform_self();
	pthread_mutex_lock(&m); /* held by main: waits */
	pthread_mutex_unlock(&m);
	return NULL;
}

static void *signaller(void *arg)
{
	(void)arg;
	pthread_mutex_lock(&m);
	ready = 1;
	pthread_cond_signal(&c);
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(void)
{
	const char *e = getenv("INFORM_EXPECT");
	pthread_t t[4];

	expect = e && *e == '1';

	/* Results unchanged: 4 threads add under one mutex. */
	pthread_barrier_init(&bar, NULL, 5);
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, adder, NULL);
	pthread_barrier_wait(&bar);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	CHECK(counter == 400000, "counter %ld", counter);
	CLASS(INFORM_RUNNING, "after the barrier");

	/* ... and under one spinlock. */
	pthread_spin_init(&spin, PTHREAD_PROCESS_PRIVATE);
	pthread_barrier_init(&spin_start, NULL, 4);
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, spin_adder, NULL);
	for (int i = 0; i < 4; i++)
		pthread_join(t[i], NULL);
	CHECK(spun == 400000, "spinlock counter %ld", spun);
	CLASS(INFORM_RUNNING, "after the spinlock adders");

	/* Mutex: holder, and a blocked waiter. */
	pthread_mutex_lock(&m);
	CLASS(INFORM_LOCK_HOLDER, "mutex held");
	pthread_create(&t[0], NULL, blocked, NULL);
	struct timespec ms50 = { 0, 50 * 1000 * 1000 };
	nanosleep(&ms50, NULL);
	CHECK(waiter_hint && waiter_hint->cls == (expect ? INFORM_LOCK_WAITER : INFORM_RUNNING),
	      "blocked thread: %u", waiter_hint ? waiter_hint->cls : 99);
	/* ... naming the owner, this thread, through the shim only. */
	CHECK(waiter_hint && waiter_hint->wait_for == (expect ? (uint32_t)gettid() : 0),
	      "blocked thread waits for %u", waiter_hint ? waiter_hint->wait_for : 99);
	pthread_mutex_unlock(&m);
	pthread_join(t[0], NULL);
	CLASS(INFORM_RUNNING, "mutex released");

	/* A condition wait holds the mutex before and after, not during. */
	pthread_mutex_lock(&m);
	pthread_create(&t[0], NULL, signaller, NULL);
	while (!ready)
		pthread_cond_wait(&c, &m);
	CLASS(INFORM_LOCK_HOLDER, "after the condition wait");
	pthread_mutex_unlock(&m);
	pthread_join(t[0], NULL);
	CLASS(INFORM_RUNNING, "after the unlock");

	/* Spinlock and rwlock, nested: the class stays HOLDER until the last release. */
	pthread_spinlock_t s;
	pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
	pthread_spin_init(&s, PTHREAD_PROCESS_PRIVATE);
	pthread_spin_lock(&s);
	pthread_rwlock_rdlock(&rw);
	pthread_spin_unlock(&s);
	CLASS(INFORM_LOCK_HOLDER, "rwlock still held");
	pthread_rwlock_unlock(&rw);
	CLASS(INFORM_RUNNING, "all released");
	CHECK(pthread_rwlock_wrlock(&rw) == 0 && pthread_rwlock_trywrlock(&rw) != 0, "rwlock");
	pthread_rwlock_unlock(&rw);
	CLASS(INFORM_RUNNING, "failed trylock");

	if (failures) {
		fprintf(stderr, "test_preload (%s): %d failures\n", expect ? "shim" : "no shim",
			failures);
		return 1;
	}
	printf("test_preload (%s): all passed\n", expect ? "shim" : "no shim");
	return 0;
}
