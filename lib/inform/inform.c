// SPDX-License-Identifier: LGPL-2.1-or-later
/*
 * libinform: informing locks (issue #12). See inform.h for the interface and the design.
 *
 * Hint protocol (seed 002, section 3): a thread's class is LOCK_HOLDER from the moment it
 * has taken a lock until it has released its last one (set after the acquiring atomic
 * operation, cleared after the releasing store, so that a hold is never reported as shorter
 * than it is); while it waits it is LOCK_IMMEDIATE_WAITER when a FIFO lock will pass to it
 * next, LOCK_WAITER otherwise; BARRIER_WAITER at a barrier; RUNNING otherwise. A thread that
 * holds a lock and waits for another stays LOCK_HOLDER: others wait for it. Every update is
 * one plain store to thread-local memory, made only when the class changes.
 */
#define _GNU_SOURCE
#include "inform.h"
#include "inform_tls.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#if defined(__x86_64__) || defined(__i386__)
#define cpu_relax() __builtin_ia32_pause()
#elif defined(__aarch64__)
#define cpu_relax() __asm__ volatile("yield" ::: "memory")
#else
#define cpu_relax() __asm__ volatile("" ::: "memory")
#endif

__thread struct inform_tls inform__tls __attribute__((tls_model("initial-exec")));

/*
 * The registration point a scheduler attaches to (a uprobe on this symbol): it learns the
 * calling thread's hint address from the argument. Kept out of line and visible.
 */
__attribute__((noinline, visibility("default"))) void inform_register(struct inform_hint *hint)
{
	__asm__ volatile("" : : "r"(hint) : "memory");
}

/*
 * The rseq time-slice extension (Linux >= 7.0, CONFIG_RSEQ_SLICE_EXTENSION; docs/inform.md).
 * With INFORM_RSEQ_SLICE=1 each thread, at its first use of the library, asks the kernel to
 * serve its rseq area's slice_ctrl word; from then on every hold requests that a preemption
 * falling inside it be deferred (at most the kernel's rseq/slice_ext_nsec, 5-50 us), and
 * the release yields at once if one was (inform__hold_begin(), inform__hold_end()).
 *
 * The kernel serves only the extensible ("v2") registrations, longer than the original 32
 * bytes. glibc registers every thread's rseq area itself (from 2.35); 2.36, Debian 12's,
 * with the original 32 bytes, which the kernel refuses to extend. So: where glibc registered
 * an area, the prctl() is tried on it (a newer glibc's may be v2); where it did not
 * (GLIBC_TUNABLES=glibc.pthread.rseq=0, or a libc without rseq), the thread registers an area
 * of its own, v2, with the extension on. A thread whose kernel does not serve it runs as
 * before; the first such refusal is reported once on stderr, since the user asked.
 */
#define SLICE_CTRL_OFFSET 28	/* offsetof(struct rseq, slice_ctrl) */
#define RSEQ_FEATURE_SIZE_V2 33 /* offsetof(struct rseq, end) with slice_ctrl */
#define RSEQ_FLAG_SLICE_ON 2	/* RSEQ_FLAG_SLICE_EXT_DEFAULT_ON */
#define RSEQ_FLAG_UNREG 1	/* RSEQ_FLAG_UNREGISTER */
#define RSEQ_FLAGS_OFFSET 16	/* offsetof(struct rseq, flags) */
#define RSEQ_SLICE_ENABLED (1u << 5) /* RSEQ_CS_FLAG_SLICE_EXT_ENABLED */
#ifndef PR_RSEQ_SLICE_EXTENSION
#define PR_RSEQ_SLICE_EXTENSION 79
#define PR_RSEQ_SLICE_EXTENSION_SET 2
#define PR_RSEQ_SLICE_EXT_ENABLE 1
#endif
#ifndef AT_RSEQ_FEATURE_SIZE
#define AT_RSEQ_FEATURE_SIZE 27
#endif
#ifndef __NR_rseq_slice_yield
#define __NR_rseq_slice_yield 471
#endif
#if defined(__x86_64__)
#define INFORM_RSEQ_SIG 0x53053053u
#elif defined(__aarch64__)
#define INFORM_RSEQ_SIG 0xd428bc00u
#endif

/* glibc >= 2.35 (sys/rseq.h); weak, so that an older libc reads as "not registered". */
extern const ptrdiff_t __rseq_offset __attribute__((weak));
extern const unsigned int __rseq_size __attribute__((weak));

static int slice_wanted;	  /* INFORM_RSEQ_SLICE=1 */
static int slice_refusal_reported;
static uint64_t slice_threads, slice_grants, slice_yields, slice_switched;

/* The thread's own area, used only where glibc registered none: 64 bytes, 64-aligned. */
static __thread unsigned char own_rseq[64]
	__attribute__((aligned(64), tls_model("initial-exec")));

#define NO_SLICE_KERNEL "this kernel has no rseq time-slice extension (Linux >= 7.0)"

static void slice_refused(const char *why, int err)
{
	if (__atomic_exchange_n(&slice_refusal_reported, 1, __ATOMIC_RELAXED))
		return;
	fprintf(stderr, "libinform: INFORM_RSEQ_SLICE=1: %s (%s); locks run without the rseq "
			"time-slice extension\n", why, strerror(err));
}

#ifdef INFORM_RSEQ_SIG
/* glibc's __rseq_offset counts from the thread pointer. */
static unsigned char *thread_pointer(void)
{
	unsigned char *tp;
#if defined(__x86_64__)
	__asm__("mov %%fs:0, %0" : "=r"(tp));
#else
	__asm__("mrs %0, tpidr_el0" : "=r"(tp));
#endif
	return tp;
}
#endif

static void slice_setup(void)
{
#ifdef INFORM_RSEQ_SIG
	unsigned char *area;

	if (&__rseq_size && __rseq_size) {
		/* glibc's registration: only a v2 one can be served. */
		area = thread_pointer() + __rseq_offset;
		if (prctl(PR_RSEQ_SLICE_EXTENSION, PR_RSEQ_SLICE_EXTENSION_SET,
			  PR_RSEQ_SLICE_EXT_ENABLE, 0, 0)) {
			/* The kernel's ENOTSUPP (524): not built in, or a v1 registration. */
			slice_refused(errno == EINVAL ? NO_SLICE_KERNEL :
				      "the kernel does not extend glibc's rseq area (glibc registered "
				      "the original 32 bytes, or no CONFIG_RSEQ_SLICE_EXTENSION); "
				      "GLIBC_TUNABLES=glibc.pthread.rseq=0 lets libinform register its own",
				      errno);
			return;
		}
	} else {
		unsigned long fs = getauxval(AT_RSEQ_FEATURE_SIZE);
		uint32_t len = fs > RSEQ_FEATURE_SIZE_V2 ? (uint32_t)fs : RSEQ_FEATURE_SIZE_V2;

		area = own_rseq;
		if (len > sizeof(own_rseq)) {
			slice_refused("the kernel's rseq area is larger than libinform's", EINVAL);
			return;
		}
		memset(own_rseq, 0, sizeof(own_rseq));
		*(volatile uint32_t *)(area + 4) = (uint32_t)-1; /* cpu_id: unregistered */
		if (syscall(SYS_rseq, area, len, RSEQ_FLAG_SLICE_ON, INFORM_RSEQ_SIG)) {
			slice_refused(errno == EINVAL ? NO_SLICE_KERNEL :
				      "rseq() registration with the slice extension failed", errno);
			return;
		}
		if (!(*(volatile uint32_t *)(area + RSEQ_FLAGS_OFFSET) & RSEQ_SLICE_ENABLED)) {
			/* Registered, not served: leave the thread as it was. */
			syscall(SYS_rseq, area, len, RSEQ_FLAG_UNREG, INFORM_RSEQ_SIG);
			slice_refused("the kernel does not serve the slice extension "
				      "(CONFIG_RSEQ_SLICE_EXTENSION, rseq_slice_ext=)", EOPNOTSUPP);
			return;
		}
	}
	inform__tls.slice_ctrl = area + SLICE_CTRL_OFFSET;
	__atomic_fetch_add(&slice_threads, 1, __ATOMIC_RELAXED);
#else
	slice_refused("no rseq signature for this architecture", ENOSYS);
#endif
}

__attribute__((noinline)) void inform__slice_taken(volatile uint8_t *sc)
{
	if (!sc[INFORM_SLICE_GRANTED]) {
		__atomic_fetch_add(&slice_switched, 1, __ATOMIC_RELAXED);
		return;
	}
	__atomic_fetch_add(&slice_grants, 1, __ATOMIC_RELAXED);
	if (syscall(__NR_rseq_slice_yield) == 1)
		__atomic_fetch_add(&slice_yields, 1, __ATOMIC_RELAXED);
}

void inform_rseq_slice_counts(struct inform_slice_counts *c)
{
	c->threads = __atomic_load_n(&slice_threads, __ATOMIC_RELAXED);
	c->grants = __atomic_load_n(&slice_grants, __ATOMIC_RELAXED);
	c->yields = __atomic_load_n(&slice_yields, __ATOMIC_RELAXED);
	c->switched = __atomic_load_n(&slice_switched, __ATOMIC_RELAXED);
}

__attribute__((noinline)) void inform__first_use(struct inform_hint *h)
{
	h->version = INFORM_VERSION;
	h->cls = INFORM_RUNNING;
	h->holds = 0;
	if (slice_wanted && !inform__tls.slice_ctrl)
		slice_setup();
	__atomic_store_n(&h->magic, INFORM_MAGIC, __ATOMIC_RELEASE);
	inform_register(h);
}

/* A forked child's thread has a new id: forget the cached one. */
static void forget_tid(void)
{
	inform__tls.tid = 0;
}

/*
 * Offering the CPU (docs/inform.md, "at once, not only at the tick"). A waiter whose wait makes
 * no progress (the lock does not change hands, nobody arrives at the barrier) for yield_ns
 * calls sched_yield(). Under scx_lockaware reading the hints, that yield applies the informing
 * rule at once instead of at the next tick: the CPU goes to the thread waited for when that one
 * is preempted, and the yield is a no-op while it runs. Under a scheduler that reads no hints a
 * yield would give the CPU to any other task (another application's, for a whole slice), so by
 * default the locks offer yields only while the attached sched_ext scheduler is scx_lockaware
 * reading hints: its root/ops name is "lockaware_inform" (then, perhaps, "_" and a version).
 * INFORM_YIELD_US=N overrides that (0: never; N: after N microseconds, whatever the scheduler).
 */
#define INFORM_YIELD_NS_DEFAULT 50000u
#define OPS_CHECK_NS 1000000000ull /* the scheduler is looked up again after 1 s */

static int yield_forced = -1;		 /* INFORM_YIELD_US in ns; -1: unset */
static uint64_t yield_ns;		 /* in force now; 0: no yields */
static uint64_t ops_checked_at;		 /* when root/ops was last read */

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Whether the sched_ext scheduler attached now reads the hints. */
static int hints_read(void)
{
	static const char want[] = "lockaware_inform";
	char buf[sizeof(want) + 1] = { 0 };
	int fd = open("/sys/kernel/sched_ext/root/ops", O_RDONLY | O_CLOEXEC);
	ssize_t n = -1;

	if (fd >= 0) {
		n = read(fd, buf, sizeof(buf) - 1);
		close(fd);
	}
	return n >= (ssize_t)(sizeof(want) - 1) && !memcmp(buf, want, sizeof(want) - 1) &&
	       (buf[sizeof(want) - 1] == '\n' || buf[sizeof(want) - 1] == '_' ||
		buf[sizeof(want) - 1] == 0);
}

/* The yield budget in force (looked up at most once a second, by one thread at a time). */
static uint64_t yield_budget(uint64_t now)
{
	uint64_t at = __atomic_load_n(&ops_checked_at, __ATOMIC_RELAXED);

	if (yield_forced >= 0)
		return (uint64_t)yield_forced;
	if ((!at || now - at >= OPS_CHECK_NS) &&
	    __atomic_compare_exchange_n(&ops_checked_at, &at, now, 0, __ATOMIC_RELAXED,
					__ATOMIC_RELAXED))
		__atomic_store_n(&yield_ns, hints_read() ? INFORM_YIELD_NS_DEFAULT : 0,
				 __ATOMIC_RELAXED);
	return __atomic_load_n(&yield_ns, __ATOMIC_RELAXED);
}

/* A wait in progress: the progress value last seen, the spins since, and when (0: unread). */
struct spin {
	uint32_t seen;
	uint32_t n;
	uint64_t since;
};

static __attribute__((noinline)) void spin_slow(struct spin *s)
{
	uint64_t now = now_ns(), budget;

	if (!s->since) {
		s->since = now;
		return;
	}
	budget = yield_budget(now);
	if (!budget || now - s->since < budget)
		return;
	sched_yield();
	s->since = now_ns();
}

/* One round of a wait whose progress value (owner, holder, arrivals) reads @progress. */
static inline void spin(struct spin *s, uint32_t progress)
{
	cpu_relax();
	if (progress != s->seen) {
		s->seen = progress;
		s->n = 0;
		s->since = 0;
	} else if ((++s->n & 63) == 0) {
		spin_slow(s);
	}
}

/*
 * The shim's pthread spinlock wait (preload.c): read the lock word until it holds @unlocked, the
 * value of a free lock (glibc's encoding differs between architectures: 1 on x86-64, 0 in
 * the generic code; the shim learns it from pthread_spin_init()), offering the CPU as the
 * library's own locks do (spin()). A spinlock names no owner, so there is no other progress
 * to watch: the offers come every yield budget of the wait, and only while the scheduler
 * reads hints (yield_budget()); otherwise this is glibc's own loop of reads.
 */
void inform__spin_until(const int *word, int unlocked)
{
	struct spin sp = { 0 };

	while (__atomic_load_n(word, __ATOMIC_RELAXED) != unlocked)
		spin(&sp, 0);
}

__attribute__((constructor)) static void inform_init(void)
{
	const char *e = getenv("INFORM_YIELD_US"), *sl = getenv("INFORM_RSEQ_SLICE");
	char *end;

	pthread_atfork(NULL, NULL, forget_tid);
	slice_wanted = sl && !strcmp(sl, "1");
	if (e && *e) {
		unsigned long us = strtoul(e, &end, 10);

		if (*end == 0 && us <= 1000000)
			yield_forced = (int)(us * 1000);
	}
}

__attribute__((noinline)) uint32_t inform__gettid(void)
{
	inform__tls.tid = (uint32_t)syscall(SYS_gettid);
	return inform__tls.tid;
}

/* Internal calls use the inline forms of inform_tls.h, not the exported functions. */
#define self inform__self
#define publish inform__publish
#define waiting inform__waiting
#define hold_begin inform__hold_begin
#define hold_end inform__hold_end
#define wait_for(t) inform__wait_for(t)
#define tid() inform__tid()

struct inform_hint *inform_self(void)
{
	return self();
}

void inform_set(enum inform_class cls)
{
	publish(cls);
}

void inform_hold_begin(void)
{
	hold_begin();
}

void inform_hold_end(void)
{
	hold_end();
}

void inform_wait_begin(enum inform_class cls)
{
	waiting(cls);
}

void inform_wait_end(void)
{
	waiting(INFORM_RUNNING);
}


static long futex(volatile uint32_t *addr, int op, uint32_t val)
{
	return syscall(SYS_futex, (uint32_t *)addr, op, val, NULL, NULL, 0);
}

/* TTAS */

int inform_ttas_trylock(inform_ttas_t *l)
{
	if (__atomic_load_n(&l->locked, __ATOMIC_RELAXED) ||
	    __atomic_exchange_n(&l->locked, 1, __ATOMIC_ACQUIRE))
		return 0;
	__atomic_store_n(&l->holder, tid(), __ATOMIC_RELAXED);
	hold_begin();
	return 1;
}

void inform_ttas_lock(inform_ttas_t *l)
{
	struct spin sp = { 0 };

	while (!inform_ttas_trylock(l)) {
		while (__atomic_load_n(&l->locked, __ATOMIC_RELAXED)) {
			uint32_t h = __atomic_load_n(&l->holder, __ATOMIC_RELAXED);

			wait_for(h);
			waiting(INFORM_LOCK_WAITER);
			spin(&sp, h);
		}
	}
}

void inform_ttas_unlock(inform_ttas_t *l)
{
	__atomic_store_n(&l->locked, 0, __ATOMIC_RELEASE);
	hold_end();
}

/* Ticket */

void inform_ticket_lock(inform_ticket_t *l)
{
	uint32_t t = __atomic_fetch_add(&l->next, 1, __ATOMIC_RELAXED);
	struct spin sp = { 0 };
	uint32_t o;

	__atomic_store_n(&l->tid[t % INFORM_TICKET_SLOTS], tid(), __ATOMIC_RELAXED);
	while ((o = __atomic_load_n(&l->owner, __ATOMIC_ACQUIRE)) != t) {
		/* The owner of ticket o holds the lock, or will as soon as it runs. */
		wait_for(__atomic_load_n(&l->tid[o % INFORM_TICKET_SLOTS], __ATOMIC_RELAXED));
		waiting(t - o == 1 ? INFORM_LOCK_IMMEDIATE_WAITER : INFORM_LOCK_WAITER);
		spin(&sp, o);
	}
	hold_begin();
}

void inform_ticket_unlock(inform_ticket_t *l)
{
	__atomic_store_n(&l->owner, l->owner + 1, __ATOMIC_RELEASE);
	hold_end();
}

/* MCS */

void inform_mcs_lock(inform_mcs_t *l, struct inform_mcs_node *me)
{
	struct inform_mcs_node *pred;

	me->next = NULL;
	me->wait = 1;
	me->holding = 0;
	me->tid = tid();
	pred = __atomic_exchange_n(&l->tail, me, __ATOMIC_ACQ_REL);
	if (pred) {
		/*
		 * pred cannot finish its unlock before we link to it (it waits for its next),
		 * so its node may be read until then, not after. A predecessor that takes the
		 * lock later marks us immediate itself (below); a race between the two can
		 * leave us LOCK_WAITER for one hold: the class is a hint.
		 */
		wait_for(__atomic_load_n(&l->owner_tid, __ATOMIC_RELAXED));
		waiting(__atomic_load_n(&pred->holding, __ATOMIC_ACQUIRE) ?
				INFORM_LOCK_IMMEDIATE_WAITER : INFORM_LOCK_WAITER);
		__atomic_store_n(&pred->next, me, __ATOMIC_RELEASE);
		struct spin sp = { 0 };

		while (__atomic_load_n(&me->wait, __ATOMIC_ACQUIRE)) {
			/* The owner: the holder, or the successor a release named. */
			uint32_t o = __atomic_load_n(&l->owner_tid, __ATOMIC_RELAXED);

			wait_for(o);
			if (me->wait == 2)
				waiting(INFORM_LOCK_IMMEDIATE_WAITER);
			spin(&sp, o);
		}
	} else {
		__atomic_store_n(&l->owner_tid, me->tid, __ATOMIC_RELAXED);
	}
	me->holding = 1;
	hold_begin();
	/* Our successor, if linked already, is next in line: tell it (wait 1 -> 2). */
	struct inform_mcs_node *next = __atomic_load_n(&me->next, __ATOMIC_ACQUIRE);
	if (next) {
		uint32_t one = 1;
		__atomic_compare_exchange_n(&next->wait, &one, 2, 0, __ATOMIC_RELAXED,
					    __ATOMIC_RELAXED);
	}
}

void inform_mcs_unlock(inform_mcs_t *l, struct inform_mcs_node *me)
{
	struct inform_mcs_node *next = __atomic_load_n(&me->next, __ATOMIC_ACQUIRE);

	me->holding = 0;
	if (!next) {
		struct inform_mcs_node *expect = me;

		if (__atomic_compare_exchange_n(&l->tail, &expect, NULL, 0, __ATOMIC_RELEASE,
						__ATOMIC_RELAXED)) {
			hold_end();
			return;
		}
		while (!(next = __atomic_load_n(&me->next, __ATOMIC_ACQUIRE)))
			cpu_relax();
	}
	/* next waits until the store below: its node (and tid) may be read until then. */
	__atomic_store_n(&l->owner_tid, next->tid, __ATOMIC_RELAXED);
	__atomic_store_n(&next->wait, 0, __ATOMIC_RELEASE);
	hold_end();
}

/* Requester-based lock (thesis section 3.3) */

void inform_req_init(inform_req_t *l, uint32_t threshold)
{
	l->next = 0;
	l->owner = 0;
	l->threshold = threshold;
	for (int i = 0; i < INFORM_REQ_SLOTS; i++) {
		l->slot[i] = 0;
		l->sleepers[i] = 0;
		l->tid[i] = 0;
	}
}

uint32_t inform_req_waiters(const inform_req_t *l)
{
	uint32_t d = __atomic_load_n(&l->next, __ATOMIC_RELAXED) -
		     __atomic_load_n(&l->owner, __ATOMIC_RELAXED);

	return d > 0 ? d - 1 : 0;
}

/* Ticket t may spin once no more than `threshold` requesters wait ahead of it. */
static inline int req_may_spin(const inform_req_t *l, uint32_t t, uint32_t o)
{
	return t - o - 1 <= l->threshold;
}

void inform_req_lock(inform_req_t *l)
{
	uint32_t t = __atomic_fetch_add(&l->next, 1, __ATOMIC_RELAXED);
	uint32_t s = t % INFORM_REQ_SLOTS;
	struct spin sp = { 0 };
	uint32_t o;

	__atomic_store_n(&l->tid[s], tid(), __ATOMIC_RELAXED);
	while ((o = __atomic_load_n(&l->owner, __ATOMIC_ACQUIRE)) != t) {
		wait_for(__atomic_load_n(&l->tid[o % INFORM_REQ_SLOTS], __ATOMIC_RELAXED));
		waiting(t - o == 1 ? INFORM_LOCK_IMMEDIATE_WAITER : INFORM_LOCK_WAITER);
		if (req_may_spin(l, t, o)) {
			spin(&sp, o);
			continue;
		}
		/*
		 * Too many ahead: sleep until the releases bring this ticket into the spinning
		 * window. Announce first, then re-check the owner; the releaser stores the owner,
		 * then reads the announcements (both sequentially consistent), so one of the two
		 * sees the other and no wake-up is lost.
		 */
		__atomic_fetch_add(&l->sleepers[s], 1, __ATOMIC_SEQ_CST);
		uint32_t v = __atomic_load_n(&l->slot[s], __ATOMIC_SEQ_CST);
		o = __atomic_load_n(&l->owner, __ATOMIC_SEQ_CST);
		if (o != t && !req_may_spin(l, t, o))
			futex(&l->slot[s], FUTEX_WAIT_PRIVATE, v);
		__atomic_fetch_sub(&l->sleepers[s], 1, __ATOMIC_RELAXED);
	}
	hold_begin();
}

void inform_req_unlock(inform_req_t *l)
{
	uint32_t o = l->owner + 1;

	__atomic_store_n(&l->owner, o, __ATOMIC_SEQ_CST);
	hold_end();
	/* The ticket that enters the spinning window now: o + threshold + 1. */
	uint32_t s = (o + l->threshold + 1) % INFORM_REQ_SLOTS;
	if (__atomic_load_n(&l->sleepers[s], __ATOMIC_SEQ_CST)) {
		__atomic_fetch_add(&l->slot[s], 1, __ATOMIC_SEQ_CST);
		futex(&l->slot[s], FUTEX_WAKE_PRIVATE, INT_MAX);
	}
}

/* Barrier */

void inform_barrier_init(inform_barrier_t *b, uint32_t n)
{
	b->n = n ? n : 1;
	b->count = 0;
	b->sense = 0;
}

int inform_barrier_wait(inform_barrier_t *b)
{
	uint32_t phase = __atomic_load_n(&b->sense, __ATOMIC_ACQUIRE);

	if (__atomic_add_fetch(&b->count, 1, __ATOMIC_ACQ_REL) == b->n) {
		__atomic_store_n(&b->count, 0, __ATOMIC_RELAXED);
		__atomic_store_n(&b->sense, phase + 1, __ATOMIC_RELEASE);
		futex(&b->sense, FUTEX_WAKE_PRIVATE, INT_MAX);
		return 1;
	}
	uint32_t prev = self()->cls;
	/* wait_for at a barrier: its phase (never 0), so that a thread woken when a phase ended
	 * and not yet back counts as not arrived at the next one. */
	wait_for(phase + 1 ? phase + 1 : 1);
	waiting(INFORM_BARRIER_WAITER);
	struct spin sp = { 0 };

	for (int spins = 0; __atomic_load_n(&b->sense, __ATOMIC_ACQUIRE) == phase; spins++) {
		if (spins < 1000)
			spin(&sp, __atomic_load_n(&b->count, __ATOMIC_RELAXED));
		else
			futex(&b->sense, FUTEX_WAIT_PRIVATE, phase);
	}
	waiting(prev);
	return 0;
}
