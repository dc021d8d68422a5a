/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libinform: informing locks (issue #12).
 *
 * Each thread publishes what it is doing with respect to locks in a per-thread hint, a plain
 * 32-bit store on the lock's fast path (no system call per lock operation), after seed 002
 * (Antonopoulos, Nikolopoulos, Papatheodorou, "Informing algorithms for efficient scheduling
 * of synchronizing threads on multiprogrammed SMPs", ICPP 2001, section 3). A scheduler that
 * reads the hints (scx_lockaware) can avoid running a thread's waiters while one of its
 * holders is preempted; without such a scheduler the hints cost a store and change nothing.
 *
 * The locks are usable on their own, with or without a scheduler reading the hints:
 *   - inform_ttas:    test-and-test-and-set spinlock;
 *   - inform_ticket:  ticket spinlock (FIFO);
 *   - inform_mcs:     MCS queue lock (FIFO, local spinning);
 *   - inform_req:     the requester-based lock of thesis section 3.3: a ticket lock whose
 *                     waiters estimate the contention as next - owner and, when more than
 *                     `threshold` requesters wait ahead of them, sleep (futex) instead of
 *                     spinning; only the holder's immediate successor spins (FIFO);
 *   - inform_barrier: a sense-reversing centralised barrier.
 *
 * Waiting: a spinning waiter whose wait has made no progress for 50 us calls sched_yield(),
 * again every 50 us, but only while the attached sched_ext scheduler reads hints (root/ops
 * "lockaware_inform..."), which then gives the CPU to the thread waited for if that one is
 * preempted. The environment variable INFORM_YIELD_US=N, read at load time, overrides the
 * default: 0 never yields, N yields after N microseconds under any scheduler.
 *
 * Thread safety: every lock may be used by any number of threads; a thread may hold several
 * locks (the hint stays LOCK_HOLDER until it releases the last).
 */
#ifndef INFORM_H
#define INFORM_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/*
 * The hint classes, in seed 002's priority order (highest first). The values are ABI: the
 * scheduler's BPF side reads them.
 */
enum inform_class {
	INFORM_RUNNING = 0,		/* none of the below */
	INFORM_LOCK_HOLDER = 1,		/* holds at least one lock */
	INFORM_LOCK_IMMEDIATE_WAITER = 2, /* next in line for a FIFO lock */
	INFORM_LOCK_WAITER = 3,		/* waits for a lock, not next */
	INFORM_BARRIER_WAITER = 4,	/* waits at a barrier */
};

#define INFORM_MAGIC 0x4d524e49u /* "INRM" in memory */
#define INFORM_VERSION 2u

/*
 * One per thread (thread-local). The scheduler is told its address once per thread by
 * inform_register(); from then on the library writes `cls` with plain stores, and `holds`
 * counts the acquisitions that made it LOCK_HOLDER (a scheduler bounds what one hold may
 * gain by noticing that `holds` did not move). While the thread waits for one of this
 * library's locks, `wait_for` names the thread it waits for, by thread id (gettid()): the
 * lock's holder (TTAS) or the thread the lock was passed to (ticket, requester lock, MCS:
 * the owner of the ticket being served, the successor the last release named); 0 when
 * unknown. It is meaningful with a LOCK_WAITER or LOCK_IMMEDIATE_WAITER class, and it lets a
 * scheduler hand a waiter's CPU to exactly the thread the lock waits on when that thread is
 * preempted: in a FIFO lock the next owner may be preempted before it could publish anything
 * (a convoy), but its tid was published when it took its place in line. With BARRIER_WAITER
 * it holds a token of the barrier's phase (never 0): a thread whose last published class was
 * BARRIER_WAITER with another token (woken when that phase ended) has not arrived yet.
 */
struct inform_hint {
	uint32_t magic;
	uint32_t version;
	volatile uint32_t cls;	    /* enum inform_class */
	volatile uint32_t holds;    /* acquisitions so far (wraps) */
	volatile uint32_t wait_for; /* thread id waited for (a barrier's phase), 0 = unknown */
	uint32_t reserved;
};

/*
 * This thread's hint (registered on first use). inform_register() is the one call a
 * scheduler watches (a uprobe on this library's symbol); it is idempotent and cheap after
 * the first call per thread.
 */
struct inform_hint *inform_self(void);
void inform_register(struct inform_hint *hint);

/* Publish a class directly (for locks this library does not provide). */
void inform_set(enum inform_class cls);
/* Bracket a critical section of a lock this library does not provide. */
void inform_hold_begin(void);
void inform_hold_end(void);
/* Bracket a wait of such a lock (or a barrier): publishes `cls` unless this thread holds a
 * lock; inform_wait_end() goes back to RUNNING under the same condition. */
void inform_wait_begin(enum inform_class cls);
void inform_wait_end(void);

/*
 * The rseq time-slice extension (Linux >= 7.0; docs/inform.md): with INFORM_RSEQ_SLICE=1 in
 * the environment, each thread asks the kernel at its first use of the library to defer a
 * preemption that falls inside one of its holds (at most the kernel's rseq/slice_ext_nsec),
 * and gives the CPU back at the release when it did. Counts since the start, all threads:
 */
struct inform_slice_counts {
	uint64_t threads; /* threads the kernel serves */
	uint64_t grants;  /* holds that ended inside a granted extension */
	uint64_t yields;  /* of those, rseq_slice_yield() calls that yielded within it */
	uint64_t switched; /* holds during which the thread was switched out (preempted, its
			    * extension run out, or asleep) */
};
void inform_rseq_slice_counts(struct inform_slice_counts *c);

/* TTAS spinlock. */
typedef struct {
	volatile uint32_t locked;
	volatile uint32_t holder; /* thread id of the last acquirer (a hint for waiters) */
} inform_ttas_t;
#define INFORM_TTAS_INIT { 0, 0 }
void inform_ttas_lock(inform_ttas_t *l);
int inform_ttas_trylock(inform_ttas_t *l); /* 1 when taken */
void inform_ttas_unlock(inform_ttas_t *l);

/*
 * Ticket spinlock. Each requester writes its thread id into tid[ticket % INFORM_TICKET_SLOTS]
 * (a hint: with more requesters in line than slots, a slot names a later one), so that the
 * waiters can name the owner of the ticket being served.
 */
#define INFORM_TICKET_SLOTS 64
typedef struct {
	volatile uint32_t next;
	volatile uint32_t owner;
	volatile uint32_t tid[INFORM_TICKET_SLOTS];
} inform_ticket_t;
#define INFORM_TICKET_INIT { 0, 0, { 0 } }
void inform_ticket_lock(inform_ticket_t *l);
void inform_ticket_unlock(inform_ticket_t *l);

/* MCS queue lock: each acquisition brings its own node, which must live until the unlock. */
struct inform_mcs_node {
	struct inform_mcs_node *volatile next;
	volatile uint32_t wait;	   /* 1 while waiting for the predecessor */
	volatile uint32_t holding; /* 1 while this node's thread holds the lock */
	uint32_t tid;		   /* the thread id of the node's thread */
};
typedef struct {
	struct inform_mcs_node *volatile tail;
	volatile uint32_t owner_tid; /* thread id of the owner (set by the acquirer or releaser) */
} inform_mcs_t;
#define INFORM_MCS_INIT { 0, 0 }
void inform_mcs_lock(inform_mcs_t *l, struct inform_mcs_node *me);
void inform_mcs_unlock(inform_mcs_t *l, struct inform_mcs_node *me);

/*
 * Requester-based lock (thesis section 3.3). `threshold` is T: a requester that finds more
 * than T requesters waiting ahead of it (next - owner - 1 at its request, re-estimated at
 * each wake-up) sleeps; the thesis measured T = 0 best, so by default only the holder's
 * immediate successor spins. Sleepers wait on one of INFORM_REQ_SLOTS futex words, chosen by
 * their ticket, and each release wakes the slot of the new immediate successor. As in the
 * ticket lock, tid[] names each ticket's thread.
 */
#define INFORM_REQ_SLOTS 64
typedef struct {
	volatile uint32_t next;
	volatile uint32_t owner;
	uint32_t threshold;
	volatile uint32_t slot[INFORM_REQ_SLOTS]; /* futex words: bumped to wake */
	volatile uint32_t sleepers[INFORM_REQ_SLOTS];
	volatile uint32_t tid[INFORM_REQ_SLOTS];
} inform_req_t;
void inform_req_init(inform_req_t *l, uint32_t threshold);
void inform_req_lock(inform_req_t *l);
void inform_req_unlock(inform_req_t *l);
/* Requesters waiting now, holder excluded (the estimate next - owner - 1, at least 0). */
uint32_t inform_req_waiters(const inform_req_t *l);

/* Sense-reversing barrier for `n` threads. */
typedef struct {
	uint32_t n;
	volatile uint32_t count;
	volatile uint32_t sense;
} inform_barrier_t;
void inform_barrier_init(inform_barrier_t *b, uint32_t n);
/* Returns 1 in exactly one thread per phase (the last to arrive), 0 in the others. */
int inform_barrier_wait(inform_barrier_t *b);

#ifdef __cplusplus
}
#endif
#endif /* INFORM_H */
