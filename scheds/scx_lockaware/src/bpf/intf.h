/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one header shared by the BPF side of scx_lockaware and its Rust agent
 * (bindgen turns it into bpf_intf.rs). Plain C types only: no vmlinux.h.
 */
#ifndef __LOCKAWARE_INTF_H
#define __LOCKAWARE_INTF_H

enum lockaware_consts {
	MAX_CPUS	= 1024,	/* highest CPU id + 1 the scheduler handles */
	MAX_LLCS	= 256,	/* number of last-level caches it handles */
	SSC_DSQ_BASE	= 0,	/* LLC l's queue of lock-intensive tasks (SSC CPUs only) is SSC_DSQ_BASE + l */
	CPU_DSQ_BASE	= MAX_LLCS + 1, /* CPU c's vtime queue is CPU_DSQ_BASE + c */
	SHARE_ONE	= 1024,	/* lock-wait shares are fixed point: 1024 = 100% */
	VOTE_PARTS_MAX	= 20,	/* --window-parts: most parts a search window is read in */
	TASK_COMM_LEN_	= 16,
};

/*
 * The informing hint of libinform (issue #12; lib/inform/inform.h, whose tests check that
 * these values match): a thread's struct inform_hint, registered through a uprobe on
 * inform_register().
 */
enum lockaware_inform {
	INFORM_MAGIC_			= 0x4d524e49,
	INFORM_VERSION_			= 2,
	INFORM_RUNNING_			= 0,
	INFORM_LOCK_HOLDER_		= 1,
	INFORM_LOCK_IMMEDIATE_WAITER_	= 2,
	INFORM_LOCK_WAITER_		= 3,
	INFORM_BARRIER_WAITER_		= 4,
};

struct inform_hint_abi {
	unsigned int magic;
	unsigned int version;
	unsigned int cls;
	unsigned int holds;
	unsigned int wait_for;	/* tid of the thread a waiter waits for, 0 = unknown */
	unsigned int reserved;
};

/*
 * How the placement follows an SSC change, per CPU (main.bpf.c, note_lock_run();
 * the agent's ssc_follow_ms): the SSC generation (ssc_gen) in which a
 * lock-intensive task first started on this CPU, and when; outside the SSC,
 * whether one that the SSC admits runs here now and when the last one left.
 * One cache line each: every CPU writes only its own.
 */
struct ssc_follow {
	unsigned long long gen;
	unsigned long long at;		/* ns, scx_bpf_now() */
	unsigned long long out_left_at;	/* ns, scx_bpf_now() */
	unsigned int out_running;
	unsigned int pad[9];
};

/* A task seen waiting for locks, for the "top lock-waiting tasks" statistic. */
struct lock_task_info {
	char comm[TASK_COMM_LEN_];
	unsigned int share;		/* lock-wait share, SHARE_ONE = 100% */
	unsigned int spin_share;	/* on-CPU (spinning) part of it */
	unsigned int intensive;		/* classified lock-intensive */
	unsigned int pad;
	unsigned long long updated_ns;	/* when this entry was last written */
};

/*
 * Per-CPU event counters (struct cpu_stats in sched_common.bpf.h). The agent
 * sums them over CPUs; stats.rs describes each one.
 */
enum lockaware_stat {
	STAT_DIRECT_IDLE,	/* woken task put straight on an idle CPU */
	STAT_KTHREAD_LOCAL,	/* per-CPU kthread queued on its own CPU */
	STAT_PINNED_LOCAL,	/* other one-CPU task queued on its CPU */
	STAT_PINNED_DIRECT,	/* woken one-CPU task put on its CPU's local queue */
	STAT_PINNED_REQUEUE,	/* one-CPU waker of a local hand-off requeued locally */
	STAT_CPU_ENQ,		/* task queued on its CPU's vtime queue */
	STAT_KICK_IDLE,		/* enqueued task handed to an idle CPU, which is woken */
	STAT_WAKE_AFFINE,	/* woken task queued on its waker's CPU (not --no-wake-affine) */
	STAT_WAKE_SYNC,		/* sync wake-up put on its waker's local queue */
	STAT_WAKE_SYNC_RUNS_ON,	/* sync wake-up from a waker that runs on after them */
	STAT_BEHIND_KTHREAD,	/* slice ended, only kthreads waited: task runs next on its CPU */
	STAT_PULL_IDLE_CORE,	/* task preempted on a doubly busy core for an idle core */
	STAT_DISPATCH_OWN,	/* CPU took work from its own queue */
	STAT_DISPATCH_STEAL,	/* CPU took work from another CPU's queue of its LLC */
	STAT_DISPATCH_BALANCE,	/* ... of those, from a queue two tasks longer than its own */
	STAT_BALANCE_LEFT_WOKEN, /* ... not taken: its first task had not run since it woke */
	STAT_BALANCE_MOVED_WOKEN, /* balance moves of such a task (--balance-woken) */
	STAT_DISPATCH_FAR,	/* CPU took work from a queue of another LLC */
	STAT_KEEP_PREV,		/* nothing queued: current task kept running */
	STAT_QUEUE_AGED,	/* SSC CPU served its own queue first: its head waited too long */
	STAT_YIELD_GIVEN,	/* sched_yield() gave the CPU to a waiting task behind in vtime */
	STAT_YIELD_KEPT_HOLDER,	/* ... kept it: that task was a mutex waiter the yielder woke */
	STAT_WAKE_PREEMPT,	/* a woken task preempted a task ahead of it in vtime */
	STAT_WAKE_PREEMPT_LATE,	/* ... at a tick, once that task had run its minimum */
	STAT_WAKE_PREEMPT_LOCAL, /* ... at once, from the head of the waker's local queue */
	STAT_HANDOFF_FOLLOW,	/* ... its waker (any affinity) requeued behind it locally */
	STAT_SSC_WAKE_PREEMPT,	/* ... of an SSC CPU, for a lock-intensive task on the SSC queue */
	STAT_SSC_WAKE_PREEMPT_OTHER, /* ... not its last CPU nor its waker's: those ran RT etc. */
	STAT_SSC_SYNC_SPARED,	/* sync wake-up onto the SSC queue: its waker's CPU not preempted */
	STAT_WAKE_GRAN,		/* woken task queued without preempting: vtime gap <= gran */
	STAT_WAKE_DEFER,	/* ... the running task was eligible and had run < min run */
	STAT_WAKE_BATCH,	/* ... its waker, running there, kept the CPU (--wake-batch-us) */
	STAT_WAKE_BATCH_RAN_ON,	/* ... and ran on past --wake-batch-us: not tried for a while */
	STAT_WAKE_BATCH_SLEPT_SOON, /* ... or slept within --wake-batch-min-us: the same */
	STAT_PULL_MOVED,	/* task preempted by a pull moved to the idle core */
	STAT_KICK_AFTER_QUEUE,	/* CPU idle after a task was queued: woken */
	STAT_REQUEUE_CAPPED_NS,	/* vtime credit requeued (not woken) tasks lost to the cap */

	/* Lock-wait accounting (SPEC.md section 1, "Lock-wait share per task"). */
	STAT_KLOCK_WAITS,	/* kernel lock waits traced (sampled, --klock-trace-rate) */
	STAT_KLOCK_SEEN,	/* kernel lock contentions seen (lock:contention_begin) */
	STAT_KLOCK_STALE,	/* kernel lock waits begun before the probes were detached, dropped */
	STAT_FUTEX_WAITS,	/* user lock (futex) waits seen */
	STAT_LOCK_IN,		/* tasks classified lock-intensive */
	STAT_LOCK_OUT,		/* tasks leaving the class (hysteresis) or exiting in it */
	STAT_LOCK_OUT_QUIET,	/* ... of those leaving, with no lock wait for class_quiet_ns */
	STAT_LOCK_REENTER,	/* tasks classified again soon after leaving (class_dwell_ns doubled) */
	STAT_CLASS_RECHECK,	/* kept task in the class, quiet for class_quiet_ns: slice ended to decide its class */

	/* The Special Set of Cores. */
	STAT_SSC_DIRECT,	/* lock-intensive task put straight on an idle SSC CPU */
	STAT_SSC_ENQ,		/* lock-intensive task queued on the SSC queue */
	STAT_SSC_WHOLE,		/* placement decision for a lock-intensive task made as for any other: the SSC holds every CPU */
	STAT_SSC_DISPATCH,	/* SSC CPU took lock-intensive work */
	STAT_SSC_DISPATCH_FAR,	/* ... from another LLC's SSC queue */
	STAT_SSC_MIGRATE,	/* lock-intensive task moved into the SSC from outside */
	STAT_LOCK_OUT_AFFINITY,	/* lock-intensive run outside the SSC: affinity forbids it */
	STAT_LOCK_OUT_RESIZE,	/* ... placed before the SSC changed */
	STAT_LOCK_OUT_NOREASON,	/* ... for no reason: must stay 0 */
	STAT_SSC_RESCUE,	/* task stranded on the SSC queue by a resize, run elsewhere */
	STAT_SSC_RETURN,	/* lock-intensive task a shrink left running outside sent back */

	/* Informing hints (issue #12, --inform-lib). */
	STAT_INFORM_TASKS,	/* threads that registered a hint */
	STAT_HOLDER_EXTENDED,	/* holder's slice extended by one slice (once per hold) */
	STAT_HOLDER_DENIED,	/* ... refused: its hold had one already, or it ran ahead */
	STAT_HOLDER_PREEMPTED,	/* holder (or immediate waiter) preempted all the same */
	STAT_WAITER_YIELD,	/* waiter's slice ended: a holder of its process was preempted */
	STAT_WAITER_YIELD_NAMED, /* ... or the thread its hint names waited on a queue */
	STAT_BARRIER_YIELD,	/* barrier waiter's slice ended: other work was queued */
	STAT_HOLDER_HANDOFF,	/* a yielding waiter's CPU went to its preempted holder */
	STAT_BARRIER_HANDOFF,	/* a yielding barrier waiter's CPU went to a thread not arrived */
	STAT_SLEEP_DONATE,	/* a waiter went to sleep while the thread it waits for was queued */
	STAT_HANDOFF_AHEAD,	/* ... no hand-off: that thread was a slice ahead of the donor */
	STAT_WAITER_SLEEP_LAG,	/* a waiter (hint) went to sleep: it wakes without sleep credit */
	STAT_WAITER_CREDIT_NS,	/* ... the credit those waiters did not get when they woke (ns) */
	STAT_INFORM_YIELD_GIVEN, /* a waiter's sched_yield() gave way by the rule */
	STAT_INFORM_YIELD_KEPT,	/* ... kept the CPU: what it waits for runs */

	/* Votes (figure 3.30): lock-intensive tasks on SSC CPUs, in ns. */
	STAT_VOTE_RUN_NS,
	STAT_VOTE_SPIN_NS,
	STAT_VOTE_BLOCK_NS,
	/* System time of user-lock tasks: futex calls and the switches they cause. */
	STAT_VOTE_LOCK_SYS_NS,
	/* Lock acquisitions the threads' hints counted, and those threads' run (ns). */
	STAT_VOTE_ACQ,
	STAT_VOTE_ACQ_RUN_NS,
	/* On-CPU waits for other CPUs (synchronous cross-CPU calls: TLB shootdowns). */
	STAT_VOTE_XCALL_NS,
	NR_SCHED_STATS,
	/* The votes, STAT_VOTE_RUN_NS to STAT_VOTE_XCALL_NS: a window's parts count them too. */
	NR_VOTES = STAT_VOTE_XCALL_NS - STAT_VOTE_RUN_NS + 1,
};

/*
 * One part of a search window, per CPU (issue #11, --window-parts): the votes that CPU added
 * in it, kept under the generation of the window (vote_gen) they belong to.
 */
struct vote_part {
	unsigned long long gen;
	unsigned long long v[NR_VOTES];
};

struct vote_parts {
	struct vote_part p[VOTE_PARTS_MAX];
};

#endif /* __LOCKAWARE_INTF_H */
