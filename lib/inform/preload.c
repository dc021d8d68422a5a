// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libinform-preload: informing hints for unmodified programs (issue #12, item 3).
 *
 *   LD_PRELOAD=libinform-preload.so program ...
 *
 * Wraps the pthread lock, rwlock, spinlock, barrier and condition-variable calls: each
 * acquisition first tries the lock (the uncontended path costs the real trylock and two
 * thread-local stores), and only when that fails publishes LOCK_WAITER and calls the real
 * blocking function (naming the owner glibc records, for mutexes and rwlock writers); a
 * successful acquisition publishes LOCK_HOLDER until the matching release (inform.h). A condition wait releases the mutex for its duration. Nothing else
 * changes: every call returns what the real one returned.
 */
#define _GNU_SOURCE
#include "inform.h"
#include "inform_tls.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

/* Every wrapped function, resolved on first use (another library's constructor may lock
 * before ours runs): name, its type, our pointer to the real one. */
#define WRAPPED(X)                                                                           \
	X(pthread_mutex_lock, int, (pthread_mutex_t *))                                       \
	X(pthread_mutex_trylock, int, (pthread_mutex_t *))                                    \
	X(pthread_mutex_timedlock, int, (pthread_mutex_t *, const struct timespec *))         \
	X(pthread_mutex_unlock, int, (pthread_mutex_t *))                                     \
	X(pthread_spin_trylock, int, (pthread_spinlock_t *))                                  \
	X(pthread_spin_unlock, int, (pthread_spinlock_t *))                                   \
	X(pthread_rwlock_rdlock, int, (pthread_rwlock_t *))                                   \
	X(pthread_rwlock_tryrdlock, int, (pthread_rwlock_t *))                                \
	X(pthread_rwlock_timedrdlock, int, (pthread_rwlock_t *, const struct timespec *))     \
	X(pthread_rwlock_wrlock, int, (pthread_rwlock_t *))                                   \
	X(pthread_rwlock_trywrlock, int, (pthread_rwlock_t *))                                \
	X(pthread_rwlock_timedwrlock, int, (pthread_rwlock_t *, const struct timespec *))     \
	X(pthread_rwlock_unlock, int, (pthread_rwlock_t *))                                   \
	X(pthread_barrier_wait, int, (pthread_barrier_t *))                                   \
	X(pthread_cond_wait, int, (pthread_cond_t *, pthread_mutex_t *))                      \
	X(pthread_cond_timedwait, int,                                                        \
	  (pthread_cond_t *, pthread_mutex_t *, const struct timespec *))

#define DECLARE(name, ret, args) static ret(*real_##name) args;
WRAPPED(DECLARE)

static void *lookup(const char *name)
{
	void *f = NULL;

#if defined(__x86_64__)
	/* The condition variables have an old and a new version; take the new one. */
	f = dlvsym(RTLD_NEXT, name, "GLIBC_2.3.2");
#endif
	if (!f)
		f = dlsym(RTLD_NEXT, name);
	if (!f) {
		fprintf(stderr, "libinform-preload: %s not found\n", name);
		abort();
	}
	return f;
}

/* Resolve every real function (again: a racing thread stores the same values). */
static void resolve(void)
{
#define RESOLVE(name, ret, args)                                                             \
	if (!real_##name)                                                                    \
		real_##name = (__typeof__(real_##name))lookup(#name);
	WRAPPED(RESOLVE)
}

__attribute__((constructor)) static void init(void)
{
	resolve();
}

#define REAL(name) (__builtin_expect(real_##name != NULL, 1) ? real_##name : (resolve(), real_##name))

/*
 * Whom a waiter of a glibc mutex or rwlock waits for: the thread id glibc keeps of the
 * owner (`__owner`, every mutex type) or of the writer (`__cur_writer`). Read once, without
 * synchronisation, before waiting: a hint (inform.h), which the holder's hold_begin() clears
 * from the waiter's own hint once it gets the lock. A spinlock keeps no owner: 0.
 */
#define MUTEX_OWNER(m) ((uint32_t)(m)->__data.__owner)
#define RWLOCK_WRITER(l) ((uint32_t)(l)->__data.__cur_writer)

/* Try, then wait publicly, then hold: the pattern of every blocking acquisition. */
#define ACQUIRE(name, tryname, owner, ...)                                                   \
	do {                                                                                 \
		if (REAL(tryname)(__VA_ARGS__) == 0) {                                       \
			inform__hold_begin();                                                 \
			return 0;                                                            \
		}                                                                            \
		if (inform__tls.depth == 0)                                                  \
			inform__wait_for(owner);                                             \
		inform__waiting(INFORM_LOCK_WAITER);                                       \
		int r_ = REAL(name)(__VA_ARGS__);                                            \
		if (r_ == 0)                                                                 \
			inform__hold_begin();                                                 \
		else                                                                         \
			inform__waiting(INFORM_RUNNING);                                                   \
		return r_;                                                                   \
	} while (0)

#define TRY(name, ...)                                                                       \
	do {                                                                                 \
		int r_ = REAL(name)(__VA_ARGS__);                                            \
		if (r_ == 0)                                                                 \
			inform__hold_begin();                                                 \
		return r_;                                                                   \
	} while (0)

#define RELEASE(name, ...)                                                                   \
	do {                                                                                 \
		int r_ = REAL(name)(__VA_ARGS__);                                            \
		if (r_ == 0)                                                                 \
			inform__hold_end();                                                   \
		return r_;                                                                   \
	} while (0)

int pthread_mutex_lock(pthread_mutex_t *m)
{
	ACQUIRE(pthread_mutex_lock, pthread_mutex_trylock, MUTEX_OWNER(m), m);
}

int pthread_mutex_trylock(pthread_mutex_t *m)
{
	TRY(pthread_mutex_trylock, m);
}

int pthread_mutex_timedlock(pthread_mutex_t *m, const struct timespec *t)
{
	if (REAL(pthread_mutex_trylock)(m) == 0) {
		inform__hold_begin();
		return 0;
	}
	if (inform__tls.depth == 0)
		inform__wait_for(MUTEX_OWNER(m));
	inform__waiting(INFORM_LOCK_WAITER);
	int r = REAL(pthread_mutex_timedlock)(m, t);
	if (r == 0)
		inform__hold_begin();
	else
		inform__waiting(INFORM_RUNNING);
	return r;
}

int pthread_mutex_unlock(pthread_mutex_t *m)
{
	RELEASE(pthread_mutex_unlock, m);
}

/*
 * A spinlock's wait is the shim's own: glibc's pthread_spin_lock() spins inside glibc, where
 * no offer of the CPU can be made, so a holder preempted on the same CPU would be waited for
 * until the tick (docs/benchmarks.md §37.5). The loop is glibc's (try the exchange, read the
 * word until it reads free, try again), with the library's offers while the scheduler reads
 * hints (inform__spin_until()); under any other scheduler it spins as glibc does. What a free
 * lock reads is what pthread_spin_init() writes (1 on x86-64, 0 in glibc's generic code).
 */
int pthread_spin_lock(pthread_spinlock_t *l)
{
	pthread_spinlock_t unlocked;

	if (REAL(pthread_spin_trylock)(l) == 0) {
		inform__hold_begin();
		return 0;
	}
	if (inform__tls.depth == 0)
		inform__wait_for(0);
	inform__waiting(INFORM_LOCK_WAITER);
	pthread_spin_init(&unlocked, PTHREAD_PROCESS_PRIVATE);
	do
		inform__spin_until((const int *)l, *(const int *)&unlocked);
	while (REAL(pthread_spin_trylock)(l) != 0);
	inform__hold_begin();
	return 0;
}

int pthread_spin_trylock(pthread_spinlock_t *l)
{
	TRY(pthread_spin_trylock, l);
}

int pthread_spin_unlock(pthread_spinlock_t *l)
{
	RELEASE(pthread_spin_unlock, l);
}

int pthread_rwlock_rdlock(pthread_rwlock_t *l)
{
	ACQUIRE(pthread_rwlock_rdlock, pthread_rwlock_tryrdlock, RWLOCK_WRITER(l), l);
}

int pthread_rwlock_tryrdlock(pthread_rwlock_t *l)
{
	TRY(pthread_rwlock_tryrdlock, l);
}

int pthread_rwlock_timedrdlock(pthread_rwlock_t *l, const struct timespec *t)
{
	TRY(pthread_rwlock_timedrdlock, l, t);
}

int pthread_rwlock_wrlock(pthread_rwlock_t *l)
{
	ACQUIRE(pthread_rwlock_wrlock, pthread_rwlock_trywrlock, RWLOCK_WRITER(l), l);
}

int pthread_rwlock_trywrlock(pthread_rwlock_t *l)
{
	TRY(pthread_rwlock_trywrlock, l);
}

int pthread_rwlock_timedwrlock(pthread_rwlock_t *l, const struct timespec *t)
{
	TRY(pthread_rwlock_timedwrlock, l, t);
}

int pthread_rwlock_unlock(pthread_rwlock_t *l)
{
	RELEASE(pthread_rwlock_unlock, l);
}

/*
 * A barrier waiter's phase token (inform.h): glibc's (2.23 on) barrier keeps the count of
 * arrivals at which the current round started (`current_round`, the second word of
 * struct pthread_barrier: in, current_round, count, shared, out). Read once, without
 * synchronisation: a hint, as the owners above.
 */
#define BARRIER_ROUND(b) (((const volatile uint32_t *)(const void *)(b))[1])

int pthread_barrier_wait(pthread_barrier_t *b)
{
	uint32_t token = BARRIER_ROUND(b) + 1;

	if (inform__tls.depth == 0)
		inform__wait_for(token ? token : 1);
	inform__waiting(INFORM_BARRIER_WAITER);
	int r = REAL(pthread_barrier_wait)(b);
	inform__waiting(INFORM_RUNNING);
	return r;
}

/* A condition wait gives the mutex up while it sleeps, and takes it back before returning
 * (also on a timeout). */
int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
	inform__hold_end();
	int r = REAL(pthread_cond_wait)(c, m);
	inform__hold_begin();
	return r;
}

int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t)
{
	inform__hold_end();
	int r = REAL(pthread_cond_timedwait)(c, m, t);
	inform__hold_begin();
	return r;
}
