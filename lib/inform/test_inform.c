// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * Unit tests of libinform: mutual exclusion under many threads, FIFO order where promised,
 * the hints each thread publishes, the requester-based lock's estimate and sleepers, the
 * barrier. Exits non-zero on the first failure. Run: tools/test.sh, or meson test.
 */
#define _GNU_SOURCE
#include "inform.h"
#include "check.h"
/* The scheduler's copy of the hint ABI (scx_lockaware's BPF side cannot include this
 * library's header): the two must agree. */
#include "../../scheds/scx_lockaware/src/bpf/intf.h"

#define SAME(a, b) ((int)(a) == (int)(b))
_Static_assert(SAME(INFORM_MAGIC_, INFORM_MAGIC) && SAME(INFORM_VERSION_, INFORM_VERSION), "magic");
_Static_assert(SAME(INFORM_RUNNING_, INFORM_RUNNING) && SAME(INFORM_LOCK_HOLDER_, INFORM_LOCK_HOLDER) &&
		       SAME(INFORM_LOCK_IMMEDIATE_WAITER_, INFORM_LOCK_IMMEDIATE_WAITER) &&
		       SAME(INFORM_LOCK_WAITER_, INFORM_LOCK_WAITER) &&
		       SAME(INFORM_BARRIER_WAITER_, INFORM_BARRIER_WAITER),
	       "classes");
_Static_assert(sizeof(struct inform_hint_abi) == sizeof(struct inform_hint), "layout");

#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum kind { TTAS, TICKET, MCS, REQ, NKINDS };
static const char *names[] = { "ttas", "ticket", "mcs", "requester" };

struct anylock {
	enum kind kind;
	inform_ttas_t ttas;
	inform_ticket_t ticket;
	inform_mcs_t mcs;
	inform_req_t req;
};

static void any_init(struct anylock *l, enum kind k)
{
	memset(l, 0, sizeof(*l));
	l->kind = k;
	inform_req_init(&l->req, 0);
}

/* Take (acquire) or release the lock; `n` is the MCS node of this acquisition. */
static void any_op(struct anylock *l, struct inform_mcs_node *n, int acquire)
{
	switch (l->kind) {
	case TTAS: acquire ? inform_ttas_lock(&l->ttas) : inform_ttas_unlock(&l->ttas); break;
	case TICKET:
		acquire ? inform_ticket_lock(&l->ticket) : inform_ticket_unlock(&l->ticket);
		break;
	case MCS: acquire ? inform_mcs_lock(&l->mcs, n) : inform_mcs_unlock(&l->mcs, n); break;
	default: acquire ? inform_req_lock(&l->req) : inform_req_unlock(&l->req); break;
	}
}
#define any_lock(l, n) any_op(l, n, 1)
#define any_unlock(l, n) any_op(l, n, 0)

/* Requests queued behind the holder (how the FIFO test knows a thread has enqueued). */
static unsigned queued(struct anylock *l)
{
	switch (l->kind) {
	case TICKET: return __atomic_load_n(&l->ticket.next, __ATOMIC_ACQUIRE) - l->ticket.owner - 1;
	case REQ: return inform_req_waiters(&l->req);
	default: return 0;
	}
}

static void pause_ms(int ms)
{
	struct timespec ts = { ms / 1000, (ms % 1000) * 1000000L };
	nanosleep(&ts, NULL);
}

/* Run `n` (at most 64) threads of `fn(arg)` and wait for them. */
static void run_threads(int n, void *(*fn)(void *), void *arg)
{
	pthread_t t[64];

	for (int i = 0; i < n && i < 64; i++)
		pthread_create(&t[i], NULL, fn, arg);
	for (int i = 0; i < n && i < 64; i++)
		pthread_join(t[i], NULL);
}

/* 1. Mutual exclusion: a plain counter under the lock ends exact. */

struct mx {
	struct anylock *l;
	long iters;
	volatile long *counter;
	volatile int inside;
	int overlap;
};

static void *mx_worker(void *arg)
{
	struct mx *m = arg;
	struct inform_mcs_node node;

	for (long i = 0; i < m->iters; i++) {
		any_lock(m->l, &node);
		if (__atomic_fetch_add(&m->inside, 1, __ATOMIC_RELAXED) != 0)
			__atomic_store_n(&m->overlap, 1, __ATOMIC_RELAXED);
		*m->counter = *m->counter + 1;
		__atomic_fetch_sub(&m->inside, 1, __ATOMIC_RELAXED);
		any_unlock(m->l, &node);
	}
	return NULL;
}

static void test_mutual_exclusion(enum kind k, int threads, long iters)
{
	static struct anylock l;
	volatile long counter = 0;
	struct mx m = { &l, iters, &counter, 0, 0 };
	any_init(&l, k);
	run_threads(threads, mx_worker, &m);
	CHECK(counter == threads * iters && !m.overlap, "%s: counter %ld of %ld, overlap %d",
	      names[k], counter, threads * iters, m.overlap);
}

/* 2. FIFO order and the hints of waiters: the main thread holds the lock while waiters
 * enqueue one at a time; then it releases and they must get it in arrival order. */

#define FIFO_N 4
struct fifo {
	struct anylock *l;
	int id;
	volatile int enqueued;
	struct inform_hint *volatile hint;
	volatile uint32_t tid;
	int *order;
	volatile int *pos;
};

static void *fifo_worker(void *arg)
{
	struct fifo *f = arg;
	struct inform_mcs_node node;

	f->hint = inform_self();
	f->tid = (uint32_t)gettid();
	__atomic_store_n(&f->enqueued, 1, __ATOMIC_RELEASE);
	any_lock(f->l, &node);
	f->order[__atomic_fetch_add(f->pos, 1, __ATOMIC_RELAXED)] = f->id;
	/* Hold a little, so the next waiter's class can be seen as holder-next; the first
	 * waiter long enough for the main thread to see whom the next one names. */
	pause_ms(f->id == 0 ? 100 : 2);
	any_unlock(f->l, &node);
	return NULL;
}

/* Wait until `n` requests are queued (ticket, requester) or `ms` passed (others). */
static void await_queued(struct anylock *l, unsigned n, int ms)
{
	for (int i = 0; i < 2000 && (l->kind == TICKET || l->kind == REQ) && queued(l) < n; i++)
		pause_ms(1);
	pause_ms(ms);
}

/* Start FIFO_N waiters on the held lock `l`, one at a time, each enqueued before the next. */
static void enqueue_waiters(struct anylock *l, struct fifo *f, pthread_t *t, int *order,
			    volatile int *pos)
{
	for (int i = 0; i < FIFO_N; i++) {
		f[i] = (struct fifo){ l, i, 0, NULL, 0, order, pos };
		pthread_create(&t[i], NULL, fifo_worker, &f[i]);
		while (!f[i].enqueued)
			pause_ms(1);
		await_queued(l, i + 1, 20);
	}
}

static uint32_t req_sleepers(const inform_req_t *l)
{
	uint32_t n = 0;

	for (int i = 0; i < INFORM_REQ_SLOTS; i++)
		n += l->sleepers[i];
	return n;
}

static void test_fifo_and_hints(enum kind k)
{
	static struct anylock l;
	struct inform_mcs_node mine;
	struct fifo f[FIFO_N];
	pthread_t t[FIFO_N];
	int order[FIFO_N];
	volatile int pos = 0;
	struct inform_hint *me = inform_self();
	uint32_t holds = me->holds;

	any_init(&l, k);
	any_lock(&l, &mine);
	CHECK(me->cls == INFORM_LOCK_HOLDER && me->holds == holds + 1, "%s: holder hint %u",
	      names[k], me->cls);
	enqueue_waiters(&l, f, t, order, &pos);
	/* The first waiter is next in line; the others wait behind it. */
	CHECK(f[0].hint->cls == INFORM_LOCK_IMMEDIATE_WAITER ||
	      (k == TTAS && f[0].hint->cls == INFORM_LOCK_WAITER),
	      "%s: first waiter's class %u", names[k], f[0].hint->cls);
	for (int i = 1; i < FIFO_N; i++)
		CHECK(f[i].hint->cls == INFORM_LOCK_WAITER, "%s: waiter %d's class %u", names[k],
		      i, f[i].hint->cls);
	/* Every waiter names the holder (the owner of the ticket being served). */
	for (int i = 0; i < FIFO_N; i++)
		CHECK(f[i].hint->wait_for == (uint32_t)gettid(), "%s: waiter %d waits for %u, not %u",
		      names[k], i, f[i].hint->wait_for, (uint32_t)gettid());
	CHECK(me->wait_for == 0, "%s: the holder waits for %u", names[k], me->wait_for);
	if (k == REQ) {
		/* T = 0: only the immediate successor spins, the others sleep. */
		uint32_t sleeping = req_sleepers(&l.req);
		CHECK(inform_req_waiters(&l.req) == FIFO_N, "estimate %u",
		      inform_req_waiters(&l.req));
		CHECK(sleeping == FIFO_N - 1, "%u sleepers", sleeping);
	}
	any_unlock(&l, &mine);
	CHECK(me->cls == INFORM_RUNNING, "%s: after unlock %u", names[k], me->cls);
	if (k != TTAS) {
		/* The lock passed to the first waiter: the next one names it now (a FIFO lock's
		 * next owner is named even before it runs). */
		for (int i = 0; i < 50 && f[1].hint->wait_for != f[0].tid; i++)
			pause_ms(1);
		CHECK(f[1].hint->wait_for == f[0].tid, "%s: the second waiter names %u, not %u",
		      names[k], f[1].hint->wait_for, f[0].tid);
	}
	for (int i = 0; i < FIFO_N; i++)
		pthread_join(t[i], NULL);
	if (k != TTAS)
		for (int i = 0; i < FIFO_N; i++)
			CHECK(order[i] == i, "%s: position %d went to waiter %d", names[k], i,
			      order[i]);
}

/* 3. Nested holds keep LOCK_HOLDER until the last release. */

static void test_nested(void)
{
	inform_ticket_t a = INFORM_TICKET_INIT;
	inform_ttas_t b = INFORM_TTAS_INIT;
	struct inform_hint *me = inform_self();
	uint32_t holds = me->holds;

	inform_ticket_lock(&a);
	inform_ttas_lock(&b);
	CHECK(me->cls == INFORM_LOCK_HOLDER && me->holds == holds + 2, "nested %u", me->cls);
	inform_ttas_unlock(&b);
	CHECK(me->cls == INFORM_LOCK_HOLDER, "after the inner release %u", me->cls);
	inform_ticket_unlock(&a);
	CHECK(me->cls == INFORM_RUNNING, "after both %u", me->cls);
	CHECK(me->magic == INFORM_MAGIC && me->version == INFORM_VERSION, "header");
	inform_hold_begin();
	CHECK(me->cls == INFORM_LOCK_HOLDER, "manual hold");
	inform_hold_end();
	inform_set(INFORM_BARRIER_WAITER);
	CHECK(me->cls == INFORM_BARRIER_WAITER, "set");
	inform_set(INFORM_RUNNING);
}

/* 4. The barrier: every phase sees all arrivals, one leader per phase. */

struct bar {
	inform_barrier_t *b;
	int phases;
	volatile int *arrived; /* per phase */
	volatile int *leaders; /* per phase */
	volatile int bad;
};

static void *bar_worker(void *arg)
{
	struct bar *s = arg;

	for (int p = 0; p < s->phases; p++) {
		__atomic_fetch_add(&s->arrived[p], 1, __ATOMIC_RELAXED);
		if (inform_barrier_wait(s->b))
			__atomic_fetch_add(&s->leaders[p], 1, __ATOMIC_RELAXED);
		if (__atomic_load_n(&s->arrived[p], __ATOMIC_RELAXED) != (int)s->b->n)
			s->bad = 1;
		if (inform_self()->cls != INFORM_RUNNING)
			s->bad = 2;
	}
	return NULL;
}

/* A barrier waiter publishes BARRIER_WAITER and a token of its phase, another one per phase. */
struct phase_waiter {
	inform_barrier_t *b;
	struct inform_hint *volatile hint;
};

static void *phase_worker(void *arg)
{
	struct phase_waiter *w = arg;

	w->hint = inform_self();
	inform_barrier_wait(w->b);
	inform_barrier_wait(w->b);
	return NULL;
}

static void test_barrier_phase_token(void)
{
	inform_barrier_t b;
	struct phase_waiter w = { &b, NULL };
	uint32_t tokens[2];
	pthread_t t;

	inform_barrier_init(&b, 2);
	CHECK(pthread_create(&t, NULL, phase_worker, &w) == 0, "pthread_create");
	for (int ph = 0; ph < 2; ph++) {
		/* Arrived (counted), then published: wait for both (a new token in phase 1). */
		for (int i = 0; i < 5000 && !(w.hint && w.hint->cls == INFORM_BARRIER_WAITER &&
					       __atomic_load_n(&b.count, __ATOMIC_RELAXED) == 1 &&
					       (ph == 0 || w.hint->wait_for != tokens[0]));
		     i++)
			usleep(1000);
		CHECK(w.hint && w.hint->cls == INFORM_BARRIER_WAITER, "phase %d: waiter class", ph);
		tokens[ph] = w.hint->wait_for;
		CHECK(tokens[ph] != 0, "phase %d: no phase token", ph);
		inform_barrier_wait(&b);
	}
	pthread_join(t, NULL);
	CHECK(tokens[0] != tokens[1], "the two phases published the same token %u", tokens[0]);
}

static void test_barrier(int threads, int phases)
{
	inform_barrier_t b;
	int *arrived = calloc(phases, sizeof(int)), *leaders = calloc(phases, sizeof(int));
	struct bar s = { &b, phases, arrived, leaders, 0 };
	inform_barrier_init(&b, threads);
	run_threads(threads, bar_worker, &s);
	CHECK(!s.bad, "barrier: a thread left a phase early or kept its class (%d)", s.bad);
	for (int p = 0; p < phases; p++)
		CHECK(leaders[p] == 1 && arrived[p] == threads, "phase %d: %d leaders, %d arrived",
		      p, leaders[p], arrived[p]);
	free(arrived);
	free(leaders);
}

/* 5. The requester estimate with a threshold: T waiters may spin, the rest sleep. */

static void test_requester_threshold(void)
{
	static struct anylock l;
	struct fifo f[FIFO_N];
	pthread_t t[FIFO_N];
	int order[FIFO_N];
	volatile int pos = 0;

	any_init(&l, REQ);
	inform_req_init(&l.req, 2);
	inform_req_lock(&l.req);
	CHECK(inform_req_waiters(&l.req) == 0, "no waiters: %u", inform_req_waiters(&l.req));
	enqueue_waiters(&l, f, t, order, &pos);
	uint32_t sleeping = req_sleepers(&l.req);
	/* Waiters 0..2 have at most 2 ahead of them: they spin; waiter 3 sleeps. */
	CHECK(sleeping == FIFO_N - 3, "T=2: %u sleepers", sleeping);
	inform_req_unlock(&l.req);
	for (int i = 0; i < FIFO_N; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < FIFO_N; i++)
		CHECK(order[i] == i, "T=2: position %d went to waiter %d", i, order[i]);
}

/*
 * This executable's own inform_register() takes the library's place (the library calls it
 * through its PLT, as a uprobe would see it called): registrations can be counted.
 */
static volatile int registrations;
void inform_register(struct inform_hint *hint)
{
	(void)hint;
	registrations++;
}

/* 6. A thread registers at first use and again every 65536 holds. */
static void *reregister_worker(void *arg)
{
	(void)arg;
	int r0 = registrations;

	inform_self();
	CHECK(registrations == r0 + 1, "first use: %d registrations", registrations - r0);
	for (int i = 0; i < 65536; i++) {
		inform_hold_begin();
		inform_hold_end();
	}
	CHECK(registrations == r0 + 2, "after 65536 holds: %d registrations", registrations - r0);
	return NULL;
}

int main(void)
{
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int spin_threads = ncpu < 2 ? 2 : (ncpu > 16 ? 16 : (int)ncpu);

	for (int k = 0; k < NKINDS; k++) {
		/* Spinning locks with one thread per CPU (a spinlock time-shared convoys, which
		 * is what the scheduler work is about, not what these tests check); the
		 * requester lock also oversubscribed, since its waiters sleep. */
		test_mutual_exclusion(k, spin_threads, 50000);
		if (k == REQ)
			test_mutual_exclusion(k, 4 * spin_threads, 5000);
		test_fifo_and_hints(k);
	}
	test_nested();
	test_barrier_phase_token();
	test_barrier(spin_threads, 2000);
	test_barrier(4 * spin_threads, 200);
	test_requester_threshold();
	run_threads(1, reregister_worker, NULL);
	if (failures) {
		fprintf(stderr, "test_inform: %d failures\n", failures);
		return 1;
	}
	printf("test_inform: all passed (%d threads per spinning test)\n", spin_threads);
	return 0;
}
