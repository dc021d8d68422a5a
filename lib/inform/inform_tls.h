/* SPDX-License-Identifier: LGPL-2.1-or-later */
/*
 * libinform's thread-local block and the inline hint updates, shared by the library and by
 * the LD_PRELOAD shim (which links the library, so that a process has one hint per thread,
 * and inlines these to save two calls per lock/unlock pair). Not installed: not an API.
 */
#ifndef INFORM_TLS_H
#define INFORM_TLS_H

#include "inform.h"

/*
 * The hint and the number of locks held now, in one thread-local block, defined in
 * inform.c. initial-exec: the library is linked or preloaded at start-up, so its block is
 * at a fixed offset from the thread pointer and an access is one instruction instead of a
 * __tls_get_addr() call (the general-dynamic default cost 20 ns per lock/unlock pair here).
 */
struct inform_tls {
	struct inform_hint hint;
	uint32_t depth;
	uint32_t tid; /* gettid(), cached; 0 = not yet (or after a fork) */
	/*
	 * The rseq time-slice extension (Linux >= 7.0, INFORM_RSEQ_SLICE=1; docs/inform.md):
	 * this thread's rseq slice_ctrl word while the kernel serves it, else NULL. A hold
	 * asks the kernel to defer a preemption that falls inside it (request), and the
	 * release gives the CPU back at once if the kernel did (granted).
	 */
	volatile uint8_t *slice_ctrl;
};
extern __thread struct inform_tls inform__tls __attribute__((tls_model("initial-exec")));

/* Fills in the hint and registers it (inform.c). */
void inform__first_use(struct inform_hint *h);

static inline struct inform_hint *inform__self(void)
{
	struct inform_hint *h = &inform__tls.hint;

	if (__builtin_expect(h->magic != INFORM_MAGIC, 0))
		inform__first_use(h);
	return h;
}

static inline void inform__publish(uint32_t cls)
{
	struct inform_hint *h = inform__self();

	if (h->cls != cls)
		h->cls = cls;
}

/* This thread's id (one system call per thread, then cached). */
uint32_t inform__gettid(void);
void inform__spin_until(const int *word, int unlocked);

static inline uint32_t inform__tid(void)
{
	uint32_t tid = inform__tls.tid;

	return __builtin_expect(tid != 0, 1) ? tid : inform__gettid();
}

/* While waiting: name the thread waited for (before the class that makes it meaningful). */
static inline void inform__wait_for(uint32_t tid)
{
	struct inform_hint *h = inform__self();

	if (h->wait_for != tid)
		h->wait_for = tid;
}

/* While waiting: the waiting class, unless this thread holds a lock already. */
static inline void inform__waiting(uint32_t cls)
{
	if (inform__tls.depth == 0)
		inform__publish(cls);
}

/*
 * Registers again every 65536 holds: a scheduler that attached after the thread's first lock
 * operation (or restarted) learns its hint soon after, at the price of one uprobe hit per
 * 65536 acquisitions.
 */
#define INFORM_REREGISTER_MASK 0xffffu

/* The rseq slice_ctrl bytes (include/uapi/linux/rseq.h, struct rseq_slice_ctrl). */
#define INFORM_SLICE_REQUEST 0
#define INFORM_SLICE_GRANTED 1

/*
 * The hold ended with the request gone (inform.c): the kernel took it, granting an extension
 * still running (granted: give the CPU back now) or switching the thread out meanwhile
 * (preempted, or its extension ran out: counted).
 */
void inform__slice_taken(volatile uint8_t *sc);

static inline void inform__hold_begin(void)
{
	struct inform_hint *h = inform__self();
	uint32_t holds = h->holds + 1;
	volatile uint8_t *sc = inform__tls.slice_ctrl;

	inform__tls.depth++;
	h->holds = holds;
	if (__builtin_expect((holds & INFORM_REREGISTER_MASK) == 0, 0))
		inform_register(h);
	if (h->cls != INFORM_LOCK_HOLDER)
		h->cls = INFORM_LOCK_HOLDER;
	if (h->wait_for)
		h->wait_for = 0;
	if (sc) {
		/* Read by the kernel on this CPU only (interrupt return): program order suffices. */
		sc[INFORM_SLICE_REQUEST] = 1;
		__atomic_signal_fence(__ATOMIC_SEQ_CST);
	}
}

static inline void inform__hold_end(void)
{
	if (inform__tls.depth > 0 && --inform__tls.depth == 0) {
		volatile uint8_t *sc = inform__tls.slice_ctrl;

		inform__publish(INFORM_RUNNING);
		if (sc) {
			/*
			 * Withdraw the request: an interrupt after the store grants nothing, and
			 * the kernel clears the request when it grants (setting granted) or
			 * switches the thread out, so a request already gone says which.
			 */
			__atomic_signal_fence(__ATOMIC_SEQ_CST);
			if (__builtin_expect(sc[INFORM_SLICE_REQUEST] != 0, 1)) {
				sc[INFORM_SLICE_REQUEST] = 0;
				__atomic_signal_fence(__ATOMIC_SEQ_CST);
				if (__builtin_expect(sc[INFORM_SLICE_GRANTED] == 0, 1))
					return;
			}
			inform__slice_taken(sc);
		}
	}
}

#endif /* INFORM_TLS_H */
