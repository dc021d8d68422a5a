/* SPDX-License-Identifier: GPL-2.0 */
/*
 * scx_lockaware: the scheduling core.
 *
 * A weighted-vruntime scheduler with one vtime-ordered dispatch queue per CPU
 * (no lock shared by CPUs on the hot path; seed 001), a virtual clock per
 * last-level cache, work stealing inside the LLC before across LLCs, and
 * idle-core-first placement (seed 003). The lock-contention logic of the
 * thesis (SPEC.md section 1) builds on this core.
 *
 * The path of a task:
 *   select_cpu  - on wake-up, put the task straight on an idle CPU, a fully
 *                 idle SMT core first;
 *   enqueue     - per-CPU kthreads go to their CPU's local queue, and so do
 *                 woken one-CPU tasks, and tasks whose slice ended while
 *                 only kthreads wait there, while nothing else waits for
 *                 their CPU (see pinned_local_ok(), only_kthreads_wait());
 *                 otherwise an idle CPU that may run the task (a fully
 *                 idle core first) gets it directly and is woken; else the
 *                 task joins its CPU's vtime-ordered queue, and a woken
 *                 task that has run less than the CPU's current task
 *                 preempts it (EEVDF's wake-up preemption, in vtime);
 *   dispatch    - a CPU takes the lowest-vtime task of its own queue, else
 *                 steals from the busiest queue of its LLC, then of other
 *                 LLCs, else keeps its current task;
 *   yield       - sched_yield() gives the CPU away only to a waiting task
 *                 that has run less than the yielder (EEVDF's rule) and is
 *                 not a mutex waiter the yielder itself just woke;
 *   running / stopping - charge the time used, scaled by the task's weight;
 *                 stopping also updates the lock-wait window and the class.
 * A wake-up ends a lock sleep in select_cpu() or enqueue(), whichever sees it
 * first (wake_ends_lock_sleep()): there is no ops.runnable, a callback per
 * wake-up that would only do that.
 */
#include <scx/common.bpf.h>
#include "intf.h"

char _license[] SEC("license") = "GPL";

/* Tunables, filled by the agent before load. */

/* Time slice given to every task, in nanoseconds (--slice-us). */
const volatile u64 slice_ns = 5000000ULL;

/* Number of possible CPU ids (highest id + 1). */
const volatile u32 nr_cpus_possible = 1;

/* Number of last-level caches (each has its own virtual clock). */
const volatile u32 nr_llcs = 1;

/* Dense LLC index of each CPU (0..nr_llcs-1). */
const volatile u32 cpu_llc[MAX_CPUS];

/* Whether the machine has SMT siblings (enables the idle-core-first pick). */
const volatile bool smt_enabled = true;

/* Another CPU of the same core (the SMT sibling), or -1. */
const volatile s32 cpu_sibling[MAX_CPUS];

/*
 * How long a task may wait on an SSC CPU's own queue before that CPU serves
 * it ahead of the SSC queue (set by the agent: 4 slices).
 */
const volatile u64 queue_max_wait_ns = 20000000ULL;
/* Wake-up preemption: on, and the vtime lead (ns) a running task must have. */
const volatile bool wake_preempt = true;
const volatile u64 wake_preempt_gran_ns = 1000000ULL;
/* ... and how long the running task has run before a wake-up may preempt it (ns). */
const volatile u64 wake_preempt_min_run_ns = 1000000ULL;
/* --wake-batch-us: see waker_batches(); 0 = off (the agent sets it, default 1 ms). */
const volatile u64 wake_batch_ns = 1000000ULL;
/* --wake-batch-min-us: see waker_slept(). */
const volatile u64 wake_batch_min_ns = 15000;
/* --handoff-follow-us: see handoff_follows(); 0 = never. */
const volatile u64 handoff_follow_ns = 500000ULL;
/* With no idle CPU, a woken task may go to its waker's CPU (wake_affine_cpu()). */
const volatile bool wake_affine = false;
/* A sync wake-up may go to its waker's CPU, idle CPUs or not (wake_sync_cpu()). */
const volatile bool wake_sync = true;
/* --wake-sync-overlap-us: see waker_sleeps_soon(). */
const volatile u64 wake_sync_overlap_ns = 100000ULL;
/* A barrier waiter that gives its CPU up pays the slice it gives up (inform_give_way()). */
const volatile bool inform_barrier_charge = true;
/*
 * Queue balancing within an LLC (balance_in_llc()): on, and how long a task
 * it moves has gone unserved at least (ns).
 */
const volatile bool balance_queues = true;
const volatile u64 balance_min_wait_ns = 5000000ULL;
/*
 * ... and it moves a task that has not run since it woke only from a queue
 * holding at least this many times the own queue's tasks plus one
 * (--balance-woken-ratio; 0: never, 1: as any other task).
 */
const volatile u32 balance_woken_ratio = 3;
/* Informing: waiters going to sleep donate too (--inform-sleep-donate). */
const volatile bool inform_sleep_donate = false;
/* The most vtime a queued task may be behind its LLC's clock (sleep credit). */
const volatile u64 wake_credit_ns = 5000000ULL;
/*
 * Informing: a thread whose hint says it waits (LOCK_WAITER, BARRIER_WAITER)
 * when it goes to sleep earns no sleep credit (note_waiter_sleep()).
 */
const volatile bool inform_waiter_lag = true;

/*
 * The CPUs of each LLC, as slices of one list: llc_cpus[llc_first[l] ..
 * llc_first[l] + llc_nr[l]) are LLC l's CPU ids. Set by the agent.
 */
const volatile u32 llc_cpus[MAX_CPUS];
const volatile u32 llc_first[MAX_LLCS];
const volatile u32 llc_nr[MAX_LLCS];
/* The CPUs in llc_cpus[]: those the scheduler runs. */
const volatile u32 nr_cpus_online = 1;

/*
 * Lock-intensive classification (SPEC.md section 1, "Classification"): a
 * task enters the class when its lock-wait share exceeds lock_enter_share
 * (--lock-threshold) and leaves it when the share drops below
 * lock_leave_share (half of it). The thesis never demotes; without this a
 * task that stops contending would stay confined to the SSC forever.
 */
const volatile u32 lock_enter_share = SHARE_ONE / 10;
const volatile u32 lock_leave_share = SHARE_ONE / 20;

/*
 * The decayed window over which a task's lock-wait share is measured: when
 * the observed time (run + off-CPU waits) passes lock_window_ns, every sum is
 * halved, so the share weighs the last ~2 windows. The thesis measures per
 * slice on a kernel that spins; here blocking waits end only when the task
 * runs again, so one slice would see a wait and not the run around it. A
 * window of ~10 slices (50 ms by default) holds several lock episodes, so a
 * single slice does not flip the class, and follows a phase change within
 * about 100 ms, well inside the agent's decisions and the 30 s re-search.
 */
const volatile u64 lock_window_ns = 50000000ULL;

/* The agent's process: its own lock waits are not measured (never confined). */
const volatile s32 agent_tgid;

/*
 * Kernel-lock wait sampling (--klock-trace-rate; docs/benchmarks.md section
 * 78): each CPU traces at most about klock_trace_rate kernel lock waits a
 * second. Above that it traces one wait in 2^k, chosen at random, and counts
 * its time 2^k times (klock_rate_update() sets k from the CPU's contention
 * rate every KLOCK_RATE_PERIOD_NS). 0 traces every wait.
 */
const volatile u64 klock_trace_rate = 10000;
#define KLOCK_RATE_PERIOD_NS	10000000ULL
#define KLOCK_MAX_SHIFT		10

/*
 * Set by the agent while it pauses the kernel-lock probes (--klock-pause-ms):
 * the search has settled at an SSC of every CPU, which confines nothing, and
 * the CPUs contend more often than the probes time. The agent then detaches
 * lock:contention_begin/end (attached, the tracepoints cost a pipe's mutex a
 * tenth of its speed at 2 CPUs even when their programs return at once), and
 * the class is frozen: no task's window, class or votes change
 * (lockaware_stopping(), class_quiet_running()), since without the probes
 * its kernel-lock waits would read as none. Beyond the thesis (issue #9:
 * shed the tracing where it buys nothing; docs/benchmarks.md sections 95-96).
 */
volatile u32 klock_paused;

/*
 * Bumped by the agent once the probes are detached: a wait begun before
 * (lock_wait.epoch) may never see its contention_end, and is dropped
 * wherever it is found (klock_wait_live()) instead of counting its task's
 * every sleep and run as lock time until the probes come back.
 */
volatile u32 klock_epoch;

/*
 * Count a user-lock task's time inside futex(2) in its lock-wait share (see
 * lock_sys_ns()); cleared by --no-lock-sys-share.
 */
const volatile bool lock_sys_share;

/* The kernel's tick (clock_getres() of a coarse clock; set by the agent). */
const volatile u64 tick_ns = 4000000ULL;

#define NR_FUTEX_X86_64		202	/* futex(2)'s number in orig_ax */

/*
 * How long a task's share must stay below lock_leave_share before it leaves
 * the class: class_dwell_ns, doubled (up to class_dwell_max_ns) each time it
 * comes back within class_reenter_ns of leaving. Confinement can remove what
 * classified a task: two threads on one mutex hardly wait for it on one CPU,
 * leave, contend again on two and come back within one lock window, over and
 * over (docs/benchmarks.md section 64).
 *
 * A task with no lock wait at all (no spin, no lock sleep, no lock system
 * time) for class_quiet_ns leaves as soon as its share is under the mark,
 * whatever its dwell: a task that stops contending leaves within
 * class_quiet_ns of its last wait. So the dwell can be long for the tasks that
 * still wait now and then: the mutex pair confined to one CPU waits whenever
 * a holder is preempted at the end of its slice. With a 0.1-s dwell capped
 * at 2 s (until session 55) each of the pair left up to every 2 s and
 * contended on two CPUs for 0.2-1 s before it came back (docs/benchmarks.md
 * section 74).
 *
 * The agent sets all four from --class-dwell-ms, --class-dwell-max-ms,
 * --class-quiet-ms and --class-reenter-ms; these are their defaults.
 */
const volatile u64 class_dwell_ns = 1000000000ULL;
const volatile u64 class_dwell_max_ns = 10000000000ULL;
const volatile u64 class_quiet_ns = 250000000ULL;
/*
 * A return within 2 s counts as quick: the confined pair stays out 0.1-1 s
 * before its waits on two CPUs bring it back (0.5 s until session 56, which
 * reset the dwell of one return in three to a tenth; docs/benchmarks.md
 * section 75).
 */
const volatile u64 class_reenter_ns = 2000000000ULL;

/* A task is classified only once this much of it has been observed. */
const volatile u64 lock_min_obs_ns = 2000000ULL;

/* Honour libinform's hints (--inform-lib): the uprobe is attached only then. */
const volatile bool inform_enabled;

/*
 * --futex-probe sleep (the default): no probe on the futex path; a task that
 * goes to sleep inside a lock's futex wait is recognised in stopping() from
 * the futex(2) arguments in its saved user registers (futex_sleep_why()).
 */
const volatile bool futex_at_sleep;

/*
 * The Special Set of Cores, written by the agent through apply_ssc():
 * ssc_next[] is the agent's request, ssc_is[] the set in force. ssc_gen
 * counts changes so that a run can tell whether it was placed under the
 * current SSC (figure 3.30's record_bound == special_core_bound).
 */
u8 ssc_next[MAX_CPUS];
u8 ssc_is[MAX_CPUS];
u64 ssc_gen;
u32 ssc_nr;

/*
 * The CPUs on which lock-intensive tasks started outside the SSC because their
 * affinity misses it (STAT_LOCK_OUT_AFFINITY), one bit per CPU, since the
 * agent last read and cleared them. When the whole class runs there, the
 * agent takes the SSC from those CPUs first (order_for_class() in main.rs).
 */
u64 class_out_cpus[MAX_CPUS / 64];

/*
 * The SSC holds every CPU the scheduler runs (nr_cpus_online). It then
 * confines nothing, and lock-intensive tasks are placed as any other
 * (ssc_confines()): the SSC's shared queue, its placement and its wakee
 * preemption buy nothing there and cost the hand-offs of a lock that many
 * tasks take on every CPU: stress-ng flock at 2 vCPUs, every worker
 * lock-intensive, ran at 0.95 of the same build without the kernel-lock
 * probes that class them (docs/benchmarks.md sections 62.1 and 63). Votes
 * are counted as before (every CPU is an SSC CPU), so the search still
 * measures this size.
 */
bool ssc_whole;
u32 ssc_llc;	/* LLC of the first SSC CPU */
/* SSC CPUs in each LLC: an LLC with some has an SSC queue in use. */
u32 ssc_llc_nr[MAX_LLCS];
/*
 * Until when CPUs outside the SSC look for tasks stranded on the SSC queue by
 * a shrink (their affinity no longer meets the SSC), even when busy.
 */
u64 ssc_stranded_until;
/*
 * How the placement follows an SSC change (issue #11, "the window after a
 * resize"): when apply_ssc() last changed the SSC (ns, scx_bpf_now()), and per
 * CPU what note_lock_run() saw since. The agent reads them after each window.
 */
u64 ssc_changed_at;
struct ssc_follow ssc_follow[MAX_CPUS];

/*
 * A search window read in parts (issue #11, --window-parts; docs/locksim.md, "Judged in one
 * window where the noise allows"): the spread of its parts is the window's noise. The agent
 * used to wake to read every part; since session 43 each vote also lands in its part here,
 * and the agent reads them all once, at the window's end. At each window's start the agent
 * sets vote_base_ns (bpf_ktime_get_ns()'s clock, CLOCK_MONOTONIC) and a new vote_gen, and
 * vote_part_ns (0: the window is not read in parts). A vote added at t lands in part
 * (t - vote_base_ns) / vote_part_ns of its CPU's row, the last one at most; a row still holding
 * an older generation is cleared first. A vote that races with the switch of generation
 * lands in the next window, as does a run that ends just after the window's end.
 */
volatile u64 vote_part_ns;
volatile u64 vote_base_ns;
volatile u64 vote_gen;

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct vote_parts);
} vote_parts SEC(".maps");

UEI_DEFINE(uei);

#include "sched_common.bpf.h"

/* The part of the window in progress that this CPU's votes land in now (NULL: none). */
static __always_inline struct vote_part *vote_part_now(void)
{
	u64 part_ns = vote_part_ns, base = vote_base_ns, gen = vote_gen, now, i;
	struct vote_parts *vp;
	struct vote_part *part;
	u32 zero = 0, k;

	if (!part_ns)
		return NULL;
	now = bpf_ktime_get_ns();
	i = now > base ? (now - base) / part_ns : 0;
	if (i >= VOTE_PARTS_MAX)
		i = VOTE_PARTS_MAX - 1;
	vp = bpf_map_lookup_elem(&vote_parts, &zero);
	if (!vp)
		return NULL;
	part = &vp->p[i];
	if (part->gen != gen) {
		for (k = 0; k < NR_VOTES; k++)
			part->v[k] = 0;
		part->gen = gen;
	}
	return part;
}

/* Add a vote to the counters (figure 3.30's votes) and to `part` (vote_part_now()). */
static __always_inline void vote_add(struct vote_part *part, u32 idx, u64 val)
{
	u32 k = idx - STAT_VOTE_RUN_NS;

	stat_add(idx, val);
	if (part && k < NR_VOTES)
		part->v[k] += val;
}

/*
 * Per-LLC context: the CPUs of the LLC and its virtual clock, the largest
 * vtime of a task started there. Only CPUs of that LLC write the clock.
 */
struct llc_ctx {
	struct bpf_cpumask __kptr *cpumask;
	u64 vtime_now;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, MAX_LLCS);
	__type(key, u32);
	__type(value, struct llc_ctx);
} llc_ctxs SEC(".maps");

/* Per-CPU scratch cpumask, for "allowed CPUs of this LLC". */
struct scratch_ctx {
	struct bpf_cpumask __kptr *mask;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct scratch_ctx);
} scratch SEC(".maps");

/*
 * A pending "pull to an idle core" (see pull_to_idle_core()), kept by the
 * CPU whose running task was preempted: that task goes to @target_cpu.
 */
struct pull_hint {
	s32 pid;
	s32 target_cpu;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct pull_hint);
} pull_hints SEC(".maps");

/*
 * A kernel lock wait in progress (lock:contention_begin .. _end). Its on-CPU
 * part (spinning, optimistic mutex spinning) is "spin"; the sleeps inside it
 * are "block", measured from the sleep to the wake-up (see lock_sleep_*()).
 * Only the spin is sampled (klock_trace_rate): a wait left out (weight 0)
 * has no start time, but its sleeps still count in full, as stopping() and
 * the wake-up that measure them run for every sleep anyway: an exact count
 * costs nothing there, and a sleep's length varies far more than a spin's.
 */
struct lock_wait {
	u64 start;		/* 0 = no wait in progress */
	u64 oncpu_since;	/* when it last got the CPU during the wait, 0 = off */
	u64 oncpu;		/* on-CPU time of the wait so far */
	u32 weight;		/* the waits it stands for (2^shift when sampled), 0: not traced */
	u32 epoch;		/* klock_epoch when it began */
};

/* Per-CPU state. */
struct cpu_ctx {
	u64 dispatched_at;	/* when the CPU last called dispatch() (ns) */
	u64 preempt_at;		/* a deferred wake-up preemption is due (ns), or 0 */
	/*
	 * Per-CPU kthreads enqueue() put on this CPU's local queue that have
	 * not started running yet. An upper bound of those still there: one
	 * that leaves without running is forgotten when dispatch() next runs,
	 * which it does only with the local queue empty. Written under this
	 * CPU's run-queue lock only.
	 */
	u32 kthreads_local;
	/*
	 * The task a local hand-off (insert_local_wakee()) preempted, until it
	 * is queued again or the CPU next dispatches: a one-CPU waker may then
	 * follow its wakee on the local queue (enqueue()). Written under this
	 * CPU's run-queue lock only.
	 */
	s32 handoff_waker;
	/* The wakee of that hand-off last ran less than handoff_follow_ns. */
	bool handoff_short;
	/*
	 * Kernel lock waits on this CPU (lockaware_contention_begin()): the
	 * wait of the task running here, kw_pid (0: none), lives here while
	 * the task runs, so that the probes find it without a task-storage
	 * lookup; stopping() moves it into the task's context and running()
	 * back, on whichever CPU the task runs next.
	 */
	s32 kw_pid;
	struct lock_wait kw;
	u64 kw_seen;		/* contention_begin calls since kw_rate_at */
	u64 kw_traced;		/* ... traced since then, or since kw_shift last rose */
	u64 kw_rate_at;		/* when kw_shift was last set (klock_rate_update()) */
	u32 kw_shift;		/* one wait in 2^kw_shift is traced */
	u32 kw_rand;		/* xorshift32 state of that choice (0: not seeded yet) */
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct cpu_ctx);
} cpu_ctxs SEC(".maps");

/* The SSC as a cpumask, for the idle pick. */
struct ssc_ctx {
	struct bpf_cpumask __kptr *mask;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct ssc_ctx);
} ssc_ctxs SEC(".maps");

/* Tasks seen waiting for locks (pid -> info), for the statistics. */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 4096);
	__type(key, s32);
	__type(value, struct lock_task_info);
} lock_tasks SEC(".maps");

/* Why the task's next sleep is a lock sleep (task_ctx.sleep_why). */
enum lock_sleep_why {
	SLEEP_FUTEX	= 1,	/* a mutex's futex wait, about to sleep */
	SLEEP_PI	= 2,	/* inside futex_lock_pi() */
};

/* Per-task state. */
struct task_ctx {
	u64 started_at;	/* when the task last started running (ns) */
	u64 last_run;	/* how long its last run was (ns), 0 before one */
	u64 queued_at;	/* when the task was last queued on a shared queue (ns) */
	u32 vtime_llc;	/* the LLC whose clock the task's vtime follows */
	bool lock_intensive;
	bool out_run;	/* this run is counted in its CPU's ssc_follow[].out_running */
	bool woke_sync;	/* lock-intensive, woken by a sync wake-up (select_cpu() to enqueue()) */

	struct lock_wait kwait;	/* kernel lock wait in progress, while off the CPU (kwait_leave_cpu()) */
	u8 sleep_why;		/* enum lock_sleep_why bits: the next sleep waits for a lock */
	bool asleep_user;	/* the lock sleep in progress is a user lock's (futex) */
	u64 asleep_since;	/* a lock sleep in progress since (ns), 0 = none */
	u64 run_fsys;		/* this run's time inside futex(2), sampled (sample_futex_sys()) */

	/*
	 * Lock time that ended since the task last stopped (for the votes):
	 * on the CPU ("spin") and asleep ("block", up to the wake-up: the
	 * time a woken task then waits for a CPU is not lock time).
	 */
	u64 run_spin;
	u64 run_block;
	u64 run_ublock;	/* the part of run_block spent in user-lock (futex) sleeps */
	u64 run_xcall;	/* on-CPU waits for other CPUs (lockaware_xcall_entry) */
	u64 xcall_at;

	/* The decayed window of the lock-wait share. */
	u64 win_run;
	u64 win_spin;
	u64 win_block;
	u64 win_ublock;
	u64 win_lsys;	/* lock_sys_ns() of its runs (lock_sys_share) */

	u64 place_gen;	/* ssc_gen when the task was last placed as lock-intensive */
	u64 run_gen;	/* ssc_gen when the task last started running */
	u64 info_at;	/* when its lock_tasks entry was last written */
	u64 below_since;	/* in the class, its share below the leave mark since (ns) */
	u64 left_at;		/* when it last left the class (ns) */
	u64 dwell_ns;		/* its class_dwell_ns, doubled by quick returns */
	u64 last_wait_at;	/* the end of its last run with a lock wait (ns) */

	/*
	 * As a waker (waker_sleeps_soon()): its first sync wake-up of this run
	 * (ns, 0 = none), and the decayed mean of the time from such a wake-up
	 * to the end of the run.
	 */
	u64 sync_woke_at;
	u64 sync_overlap_ns;

	/*
	 * As a waker on its own CPU (waker_batches()): its first wake-up of
	 * this run that it kept the CPU for (ns, 0 = none), and until when it
	 * keeps the CPU for none, having run on past wake_batch_ns after one.
	 */
	u64 batch_woke_at;
	u64 batch_off_until;
	u32 batch_ran_on;	/* tries in a row that ran on or slept at once */

	/*
	 * The task that last woke this one out of a mutex's futex sleep (the
	 * lock's previous holder), and when: see lockaware_yield().
	 */
	u32 lock_waker;
	u64 lock_woken_at;

	/*
	 * Informing hint (issue #12, docs/inform.md): the address the thread
	 * registered, the class and hold count last read from it, the hold that
	 * got its slice extension and the one refused (holds + 1; 0 = none), and
	 * whether it is counted as a preempted holder of its process.
	 */
	u64 hint_addr;
	u32 hint_cls;
	u32 hint_holds;
	u32 hint_wait_for;	/* the thread the waiter names (hint v2), 0 = none */
	u32 holds_voted;	/* hint_holds when the thread last stopped */
	bool holds_seen;	/* holds_voted was read from the hint */
	u32 extended_holds;
	u32 denied_holds;
	u64 extended_run;	/* started_at of the run that got an extension */
	bool preempted_holder;	/* counted in inform_procs (holder or immediate waiter) */
	bool handoff;		/* a waiter whose slice the tick ended for its holder */
	s32 handoff_pid;	/* ... for this thread of its process (0: the last preempted holder) */
	bool handed_over;	/* moved to a yielding waiter's CPU, ahead of its vtime order */
	u64 donate_ns;		/* what was left of the yielding waiter's slice */
	u64 queued_dsq;		/* the shared queue the task was last inserted into */
	u32 vq_slot;		/* in queue_vtimes[vq_slot - 1] (0: in none) */
	u64 vq_vtime;		/* ... with this vtime */
	/*
	 * Runnable without a sleep since awake_since (ns): p->nvcsw (which
	 * counts sleeps, not preemptions or yields) was awake_nvcsw when the
	 * task was first queued after its last sleep (note_queued()).
	 */
	u64 awake_nvcsw;
	u64 awake_since;
	/* p->nvcsw + 1 when the task last started running (0: it never ran). */
	u64 ran_nvcsw;
	/*
	 * A hinted waiter's lag on its LLC's clock (clock less vtime) when it
	 * went to sleep; lag_set until it is placed again (note_waiter_sleep()).
	 */
	s64 sleep_lag;
	bool lag_set;
};

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct task_ctx);
} task_ctxs SEC(".maps");

/*
 * Per process (tgid): how many of its lock holders (and immediate waiters, by
 * their hints) are preempted now, and the last of them to be preempted.
 */
struct inform_proc {
	u32 nr;
	s32 pid;
};

struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 4096);
	__type(key, u32);
	__type(value, struct inform_proc);
} inform_procs SEC(".maps");

static struct llc_ctx *lookup_llc_ctx(u32 llc)
{
	return bpf_map_lookup_elem(&llc_ctxs, &llc);
}

static struct task_ctx *lookup_task_ctx(const struct task_struct *p)
{
	return bpf_task_storage_get(&task_ctxs, (struct task_struct *)p, 0, 0);
}

static bool cpu_in_ssc(s32 cpu)
{
	u32 c = (u32)cpu;

	return c < MAX_CPUS && ssc_is[c & (MAX_CPUS - 1)];
}

/* The vtime queue of @cpu. */
static u64 cpu_dsq(s32 cpu)
{
	return CPU_DSQ_BASE + (u32)cpu;
}

/*
 * The SSC queues: one per LLC (seed 001: per-cache structures; issue #9,
 * risk 7), served first by the SSC CPUs of that LLC, so that a lock-intensive
 * task keeps its cache while the SSC has CPUs in its LLC.
 */
static u64 ssc_dsq(u32 llc)
{
	return SSC_DSQ_BASE + (llc & (MAX_LLCS - 1));
}

static bool llc_has_ssc(u32 llc)
{
	return ssc_llc_nr[llc & (MAX_LLCS - 1)] > 0;
}

static struct bpf_cpumask *ssc_mask(void)
{
	struct ssc_ctx *sctx;
	u32 zero = 0;

	sctx = bpf_map_lookup_elem(&ssc_ctxs, &zero);
	return sctx ? sctx->mask : NULL;
}

/* Whether @p may run on some SSC CPU. */
static bool ssc_allowed(const struct task_struct *p)
{
	struct bpf_cpumask *ssc = ssc_mask();

	return ssc && bpf_cpumask_intersects(cast_mask(ssc), p->cpus_ptr);
}

/*
 * Whether lock-intensive @p is placed by the SSC's rules (SPEC.md section 1,
 * "SSC"): the SSC admits it (ssc_allowed()) and leaves some CPU out
 * (ssc_whole). Else it takes the path of any other task, counted.
 */
static __noinline bool ssc_confines(const struct task_struct *p)
{
	if (ssc_whole) {
		stat_inc(STAT_SSC_WHOLE);
		return false;
	}
	return ssc_allowed(p);
}

/*
 * Put @p's vtime on the clock of @llc (keeping its lag) and limit its
 * sleeping credit to wake_credit_ns (default one slice). With @requeue (@p is
 * queued again while runnable, not woken) the credit the cap takes from it is
 * counted: time it was owed and will not get (requeue_capped_ns). Out of
 * line: inlined into enqueue() it made clang spill and reload a bounds-checked
 * CPU number, which the verifier then refused.
 */
static __noinline void task_follow_llc_clock_requeue(struct task_struct *p,
						     struct task_ctx *tctx, u32 llc,
						     bool requeue)
{
	struct llc_ctx *from, *to;
	u64 vtime = p->scx.dsq_vtime, capped;

	to = lookup_llc_ctx(llc);
	if (!to)
		return;
	if (tctx->vtime_llc != llc) {
		from = lookup_llc_ctx(tctx->vtime_llc);
		if (from)
			vtime = vtime_rebase(vtime, from->vtime_now, to->vtime_now);
		tctx->vtime_llc = llc;
		requeue = false;
	}
	capped = vtime_clamp_credit(vtime, to->vtime_now, wake_credit_ns);
	if (tctx->lag_set) {
		/* A hinted waiter back from its sleep (note_waiter_sleep()). */
		u64 placed = to->vtime_now - tctx->sleep_lag;

		tctx->lag_set = false;
		if (vtime_delta(placed, capped) > 0)
			stat_add(STAT_WAITER_CREDIT_NS, placed - capped);
		scx_bpf_task_set_dsq_vtime(p, placed);
		return;
	}
	if (requeue && capped != vtime)
		stat_add(STAT_REQUEUE_CAPPED_NS, capped - vtime);
	scx_bpf_task_set_dsq_vtime(p, capped);
}

static void task_follow_llc_clock(struct task_struct *p, struct task_ctx *tctx,
				  u32 llc)
{
	task_follow_llc_clock_requeue(p, tctx, llc, false);
}

/* The per-CPU scratch cpumask, or NULL. */
static struct bpf_cpumask *scratch_mask(void)
{
	struct scratch_ctx *sctx;
	u32 zero = 0;

	sctx = bpf_map_lookup_elem(&scratch, &zero);
	return sctx ? sctx->mask : NULL;
}

/*
 * Idle-core-first pick for @p, preferring @prev_cpu and then its LLC.
 */
static s32 pick_idle_cpu(struct task_struct *p, s32 prev_cpu)
{
	struct bpf_cpumask *mask;
	struct llc_ctx *lctx;

	/*
	 * One LLC: it is every CPU @p may use, so one search of @p's allowed
	 * CPUs does, without the mask to build (select_cpu()'s cost per wake-up,
	 * docs/benchmarks.md section 70).
	 */
	if (nr_llcs == 1)
		return pick_idle_cpu_core_first(p, prev_cpu, p->cpus_ptr, smt_enabled,
						sibling_of(prev_cpu), true);
	mask = scratch_mask();
	lctx = lookup_llc_ctx(cpu_to_llc(prev_cpu));
	if (!mask || !lctx || !lctx->cpumask)
		return -ENOENT;

	bpf_cpumask_and(mask, cast_mask(lctx->cpumask), p->cpus_ptr);
	return pick_idle_cpu_core_first(p, prev_cpu, cast_mask(mask), smt_enabled,
					sibling_of(prev_cpu), false);
}

/*
 * Idle-core-first pick inside the SSC for lock-intensive @p (figure 3.28's
 * get_target_core(): "a core whose id is chosen from 0 to the bound",
 * spreading the load over the SSC).
 */
static s32 pick_idle_ssc_cpu(struct task_struct *p, s32 prev_cpu)
{
	struct bpf_cpumask *ssc = ssc_mask(), *mask = scratch_mask();
	s32 cpu;

	if (!ssc || !mask)
		return -ENOENT;
	if (cpu_in_ssc(prev_cpu) && bpf_cpumask_test_cpu(prev_cpu, p->cpus_ptr) &&
	    scx_bpf_test_and_clear_cpu_idle(prev_cpu))
		return prev_cpu;
	/* An idle SSC CPU sharing the task's cache first (risk 7). */
	if (nr_llcs > 1 && llc_has_ssc(cpu_to_llc(prev_cpu))) {
		struct llc_ctx *lctx = lookup_llc_ctx(cpu_to_llc(prev_cpu));

		if (lctx && lctx->cpumask) {
			bpf_cpumask_and(mask, cast_mask(ssc), cast_mask(lctx->cpumask));
			bpf_cpumask_and(mask, cast_mask(mask), p->cpus_ptr);
			cpu = scx_bpf_pick_idle_cpu(cast_mask(mask), 0);
			if (cpu >= 0)
				return cpu;
		}
	}
	bpf_cpumask_and(mask, cast_mask(ssc), p->cpus_ptr);
	if (smt_enabled) {
		cpu = scx_bpf_pick_idle_cpu(cast_mask(mask), SCX_PICK_IDLE_CORE);
		if (cpu >= 0)
			return cpu;
	}
	return scx_bpf_pick_idle_cpu(cast_mask(mask), 0);
}

/*
 * The SSC queue lock-intensive @p waits on: its LLC's (where it last ran),
 * if the SSC has CPUs there that @p may run on; else that of the first SSC
 * CPU it may run on, so that a CPU that serves the queue first may run it.
 */
static u32 ssc_queue_llc(struct task_struct *p, s32 from)
{
	struct bpf_cpumask *ssc, *mask;
	u32 llc = cpu_to_llc(from);
	s32 cpu;

	if (nr_llcs == 1)
		return 0;
	if (llc_has_ssc(llc) && p->nr_cpus_allowed == nr_cpus_possible)
		return llc;
	ssc = ssc_mask();
	mask = scratch_mask();
	if (!ssc || !mask)
		return ssc_llc;
	bpf_cpumask_and(mask, cast_mask(ssc), p->cpus_ptr);
	if (llc_has_ssc(llc)) {
		struct llc_ctx *lctx = lookup_llc_ctx(llc);

		if (lctx && lctx->cpumask &&
		    bpf_cpumask_intersects(cast_mask(mask), cast_mask(lctx->cpumask)))
			return llc;
	}
	cpu = bpf_cpumask_first(cast_mask(mask));
	return cpu < nr_cpus_possible ? cpu_to_llc(cpu) : ssc_llc;
}

/*
 * Wake @cpu if it is idle: a task was just queued where @cpu may take it, or
 * put on its local queue. The CPU running this code is not kicked while it
 * runs a task (the waker, or the task being queued again): it calls
 * dispatch() before it can idle, so nothing it may run is left behind. A
 * kick is not free even when it does nothing: enqueue() holds the run-queue
 * lock of the task's CPU, so the kfunc cannot look at that CPU and defers to
 * an irq_work, a self-interrupt on this CPU per wake-up (the pinned sem
 * ping-pong, whose tasks wake each other on one CPU, paid one per hand-off).
 * When this CPU is idle and enqueue() runs in its interrupt (a timer
 * wake-up), its current task is the idle task (pid 0), and it is kicked.
 */
static void kick_if_idle(s32 cpu)
{
	if (cpu == bpf_get_smp_processor_id() && bpf_get_current_task_btf()->pid)
		return;
	scx_bpf_kick_cpu(cpu, SCX_KICK_IDLE);
}

/*
 * After lock-intensive @p joined the SSC queue because no SSC CPU was idle:
 * an SSC CPU that went idle meanwhile (between the idle pick and the insert)
 * would not look at the queue again until something wakes it. Wake one that
 * may run @p.
 */
static bool kick_idle_ssc_cpu(struct task_struct *p)
{
	struct bpf_cpumask *ssc = ssc_mask(), *mask = scratch_mask();
	s32 idle;

	if (!ssc || !mask)
		return false;
	bpf_cpumask_and(mask, cast_mask(ssc), p->cpus_ptr);
	idle = scx_bpf_pick_idle_cpu(cast_mask(mask), 0);
	if (idle < 0)
		return false;
	kick_if_idle(idle);
	stat_inc(STAT_KICK_AFTER_QUEUE);
	return true;
}

/* Whether @p is a sched_ext task that may move to another CPU. */
static bool is_movable_scx_task(const struct task_struct *p)
{
	if (!p || BPF_CORE_READ(p, pid) == 0 || BPF_CORE_READ(p, nr_cpus_allowed) <= 1)
		return false;
	return !is_rt_or_dl_policy(BPF_CORE_READ(p, policy));
}

/*
 * The tasks waiting on each CPU's own queue and on each LLC's SSC queue: the
 * sum of their vtimes and their number, so the queue's mean vtime (EEVDF's
 * avg_vruntime, unweighted), which preempt_for_wakee() holds the running task
 * against. A task joins when it is inserted into one of these queues and
 * leaves when it next runs (on whichever CPU took it), when it is queued again
 * without having run (it was dequeued for a property change), or when it
 * exits. Slot c is CPU c's queue, slot ssc_vq(l) LLC l's SSC queue: a woken
 * lock-intensive task waits on the latter, and without its slot every SSC
 * CPU's running task looked ineligible to it, so none had the minimum run
 * that wakee_preempts_now() grants (stress-ng flock at 2 vCPUs, every worker
 * lock-intensive: 9 of ~2,000 wake-up preemptions a second deferred, against
 * 1 in 12 on the base path; docs/benchmarks.md section 63).
 */
struct queue_vtimes {
	u64 sum;
	u64 nr;
};
#define NR_VQ_SLOTS (MAX_CPUS + MAX_LLCS)
struct queue_vtimes queue_vtimes[NR_VQ_SLOTS];

static __always_inline s32 ssc_vq(u32 llc)
{
	return MAX_CPUS + (llc & (MAX_LLCS - 1));
}
/* More than this many counted: a count gone wrong (a race), not trusted. */
#define MAX_QUEUE_VTIMES (1ULL << 24)

static void queue_vtime_leave(struct task_ctx *tctx)
{
	u32 c = tctx->vq_slot;

	if (!c || c > NR_VQ_SLOTS)
		return;
	tctx->vq_slot = 0;
	c -= 1;
	__sync_fetch_and_sub(&queue_vtimes[c].sum, tctx->vq_vtime);
	__sync_fetch_and_sub(&queue_vtimes[c].nr, 1);
}

/*
 * Out of line, with one unsigned bound. Inlined into enqueue(), it loaded only
 * as long as clang happened to keep the CPU number in a register: a small
 * change to enqueue() (docs/benchmarks.md §36.3) made clang spill it, check one
 * reloaded copy and index with another, and the signed check (cpu < 0 ||
 * cpu >= MAX_CPUS) left the upper bits unbounded; the verifier refused both.
 */
static __noinline void queue_vtime_join(struct task_ctx *tctx, s32 slot, u64 vtime)
{
	u32 c = (u32)slot;

	queue_vtime_leave(tctx);
	if (c >= NR_VQ_SLOTS)
		return;
	tctx->vq_slot = c + 1;
	tctx->vq_vtime = vtime;
	__sync_fetch_and_add(&queue_vtimes[c].sum, vtime);
	__sync_fetch_and_add(&queue_vtimes[c].nr, 1);
}

/*
 * @p is about to be inserted into shared queue @dsq: when, and which
 * (head_wait_ns(), the holder hand-off), and since when it has been runnable
 * without sleeping (head_unserved_ns()); its vtime @vtime counts in the mean
 * of @dsq's queue_vtimes slot @vq (a CPU's own queue, cpu_dsq(), or an SSC
 * queue, ssc_vq(); -1: in none).
 */
static void note_queued(struct task_struct *p, struct task_ctx *tctx, u64 dsq, s32 vq,
			u64 vtime)
{
	u64 nvcsw = p->nvcsw;

	tctx->queued_at = scx_bpf_now();
	tctx->queued_dsq = dsq;
	if (nvcsw != tctx->awake_nvcsw || !tctx->awake_since) {
		tctx->awake_nvcsw = nvcsw;
		tctx->awake_since = tctx->queued_at;
	}
	if (vq >= 0)
		queue_vtime_join(tctx, vq, vtime);
}

/*
 * Whether a running task with vtime @vtime is eligible in EEVDF's sense
 * against the queue of queue_vtimes slot @vq, the one its woken competitor
 * waits on: not ahead of the mean vtime of itself and the tasks waiting there
 * (the woken one among them). Nothing counted waiting (the woken task went to
 * the local queue): not eligible, it is ahead of that task.
 */
static bool eligible_on(s32 vq, u64 vtime)
{
	u32 c = (u32)vq;
	u64 sum, nr;

	if (c >= NR_VQ_SLOTS)
		return false;
	nr = READ_ONCE(queue_vtimes[c].nr);
	sum = READ_ONCE(queue_vtimes[c].sum);
	if (!nr || nr > MAX_QUEUE_VTIMES)
		return false;
	/* vtime <= (sum + vtime) / (nr + 1), that is vtime <= sum / nr */
	return vtime <= sum / nr;
}

static struct cpu_ctx *cpu_ctx_of(s32 cpu)
{
	u32 zero = 0;

	return bpf_map_lookup_percpu_elem(&cpu_ctxs, &zero, cpu);
}

/*
 * A wake-up preemption of @cpu's running task, due in @delay_ns: the earliest
 * one pending stands until the CPU next dispatches (which serves the queue in
 * vtime order anyway) or its tick finds it due.
 */
static void defer_preempt(s32 cpu, u64 delay_ns)
{
	struct cpu_ctx *cctx = cpu_ctx_of(cpu);
	u64 at;

	if (!cctx)
		return;
	at = scx_bpf_now() + delay_ns;
	if (!cctx->preempt_at || at < cctx->preempt_at)
		cctx->preempt_at = at;
}

/*
 * With --wake-batch-us: whether @curr, running on this CPU and waking a task
 * here, keeps the CPU until it sleeps, its wakee waiting on the queue: a
 * sender that fills a message queue and sleeps when it is full then hands its
 * receiver a batch; preempted at each message, the receiver takes one message
 * per switch pair (stress-ng mq on one CPU: twice the CPU per message,
 * docs/benchmarks.md section 81.3). Every waker is tried (for a wakee of the
 * CPU's own queue only, wakee_preempts_now()); the wakee's preemption is due
 * at the first tick after wake_batch_ns (lockaware_tick()),
 * and a waker still running then (a futex waker that wakes in a loop, whose
 * waiters must run for it to make progress) is preempted there and keeps the
 * CPU for no wake-up for WAKE_BATCH_RETRY_NS, doubled for each such try in a
 * row up to 2^WAKE_BATCH_BACKOFF_MAX times: a waker that always runs on
 * (perf bench futex lock-pi's unlockers, which hand the lock over and go on)
 * costs its wakees a tick's wait a few times and then seldom; one that slept
 * after a kept wake-up starts again from WAKE_BATCH_RETRY_NS. Notes the run's
 * first kept wake-up.
 */
#define WAKE_BATCH_RETRY_NS	(100ULL * 1000 * 1000)
#define WAKE_BATCH_BACKOFF_MAX	6

static bool waker_batches(struct task_struct *curr)
{
	struct task_ctx *wctx;
	u64 now;

	if (!wake_batch_ns)
		return false;
	wctx = lookup_task_ctx(curr);
	if (!wctx)
		return false;
	now = scx_bpf_now();
	if (now < wctx->batch_off_until)
		return false;
	if (!wctx->batch_woke_at)
		wctx->batch_woke_at = now;
	return true;
}

/*
 * A kept wake-up that did not pay (waker_ran_on(), waker_slept()): the waker
 * keeps its CPU for none for WAKE_BATCH_RETRY_NS, doubled for each such try
 * in a row.
 */
static void batch_back_off(struct task_ctx *tctx, u64 now)
{
	tctx->batch_off_until = now + (WAKE_BATCH_RETRY_NS << tctx->batch_ran_on);
	if (tctx->batch_ran_on < WAKE_BATCH_BACKOFF_MAX)
		tctx->batch_ran_on++;
}

/*
 * lockaware_tick(): @p, preempted for a wakee deferred by waker_batches(),
 * still ran wake_batch_ns after its first kept wake-up: it runs on.
 */
static void waker_ran_on(struct task_struct *p, u64 now)
{
	struct task_ctx *tctx;

	if (!wake_batch_ns || !(tctx = lookup_task_ctx(p)) || !tctx->batch_woke_at ||
	    now - tctx->batch_woke_at < wake_batch_ns)
		return;
	batch_back_off(tctx, now);
	tctx->batch_woke_at = 0;
	stat_inc(STAT_WAKE_BATCH_RAN_ON);
}

/*
 * stopping(): a task that kept its CPU for a wakee (@tctx) sleeps @now. Within
 * wake_batch_min_ns of the kept wake-up, batching bought nothing: backed off
 * as by waker_ran_on(). Later, the batch paid: the back-off starts again from
 * WAKE_BATCH_RETRY_NS. The deferred preemption this CPU holds for the wakee
 * is dropped.
 */
static void waker_slept(struct task_ctx *tctx, u64 now)
{
	struct cpu_ctx *cctx;
	u32 zero = 0;

	if (now - tctx->batch_woke_at >= wake_batch_min_ns) {
		tctx->batch_ran_on = 0;
	} else {
		batch_back_off(tctx, now);
		stat_inc(STAT_WAKE_BATCH_SLEPT_SOON);
	}
	/* stopping() runs on @p's CPU: this CPU's context, no kfunc needed. */
	cctx = bpf_map_lookup_elem(&cpu_ctxs, &zero);
	if (cctx)
		cctx->preempt_at = 0;
}

/*
 * Wake-up preemption (EEVDF's check_preempt_wakeup, in vtime): @p woke, found
 * no idle CPU and waits on @cpu's queue. If it is owed CPU time by the task
 * running there, whose vtime is ahead of @p's, that task is preempted now
 * rather than at the end of its slice: a task that sleeps and wakes
 * (ping-pong, a lock hand-off, a request) would otherwise wait up to a whole
 * slice behind a CPU hog on its CPU. A per-CPU kthread is not preempted: it
 * would be queued locally again, ahead of @p. Other one-CPU tasks are: they
 * queue again on the CPU's vtime queue (lockaware_enqueue()). Returns
 * WAKEE_PREEMPTS to preempt now, WAKEE_WAITS when the running task keeps the
 * CPU by the vtime rules (counted here, also a preemption put off), and
 * WAKEE_CANNOT when the CPU runs nothing a sched_ext preemption would give
 * to @p (an RT or deadline task, a per-CPU kthread, @p itself, the idle
 * task): ssc_preempt_for_wakee() then asks another CPU.
 */
enum wakee_verdict {
	WAKEE_CANNOT = -1,
	WAKEE_WAITS = 0,
	WAKEE_PREEMPTS = 1,
};

static enum wakee_verdict wakee_preempts_now(struct task_struct *p, s32 cpu, s32 vq)
{
	struct task_struct *curr;
	u64 curr_vtime, slice_left, ran;

	if (!wake_preempt)
		return WAKEE_WAITS;
	if (cpu == bpf_get_smp_processor_id()) {
		/*
		 * A wake-up on the waker's own CPU (the common case of a
		 * hand-off): the task running there is the current one, a
		 * trusted pointer read directly, where another CPU's needs a
		 * kfunc and a probe read per field (about 4 us of the ~15 us
		 * of BPF per pinned hand-off in TCG, docs/benchmarks.md §20).
		 */
		curr = bpf_get_current_task_btf();
		if (!curr->pid || is_pcpu_kthread(curr) || curr == p ||
		    is_rt_or_dl_policy(curr->policy))
			return WAKEE_CANNOT;
		curr_vtime = curr->scx.dsq_vtime;
		slice_left = curr->scx.slice;
	} else {
		curr = __COMPAT_scx_bpf_cpu_curr(cpu);
		if (!curr || curr == p || !BPF_CORE_READ(curr, pid) ||
		    is_rt_or_dl_policy(BPF_CORE_READ(curr, policy)) ||
		    ((BPF_CORE_READ(curr, flags) & PF_KTHREAD) &&
		     BPF_CORE_READ(curr, nr_cpus_allowed) <= 1))
			return WAKEE_CANNOT;
		curr_vtime = BPF_CORE_READ(curr, scx.dsq_vtime);
		slice_left = BPF_CORE_READ(curr, scx.slice);
	}
	/* Its vtime now: at its start plus what it used of its slice. */
	ran = slice_left < slice_ns ? slice_ns - slice_left : 0;
	if (vtime_delta(curr_vtime + ran, p->scx.dsq_vtime) <= (s64)wake_preempt_gran_ns) {
		stat_inc(STAT_WAKE_GRAN);
		return WAKEE_WAITS;
	}
	/*
	 * On the waker's own CPU @curr is the current task, passed as the
	 * trusted pointer 6.12's verifier asks for. With the option off
	 * (a read-only constant) the verifier drops the branch. Only for a
	 * wakee of the CPU's own queue: a lock-intensive wakee on the SSC
	 * queue is often its lock's next owner (ssc_preempt_for_wakee()),
	 * and the lock would wait for it with the batch (mmap with 2 threads
	 * confined to one CPU: 0.955x over 18 pairs, docs/benchmarks.md
	 * section 83).
	 */
	if (wake_batch_ns && vq == cpu && cpu == bpf_get_smp_processor_id() &&
	    waker_batches(bpf_get_current_task_btf())) {
		defer_preempt(cpu, wake_batch_ns);
		stat_inc(STAT_WAKE_BATCH);
		return WAKEE_WAITS;
	}
	/*
	 * A task just picked that is still eligible (not ahead of its queue's
	 * mean vtime) runs wake_preempt_min_run_ns first: EEVDF's RUN_TO_PARITY
	 * protects an eligible task for its whole slice. Without that, 80 tasks
	 * waking one another (perf bench sched messaging) fell into runs where
	 * nearly every wake-up preempted its waker, 4-6 times the context
	 * switches of the other runs and twice their time. A task ahead of the
	 * mean (a CPU hog next to tasks that sleep) is preempted at once, as
	 * under EEVDF: protecting it too made stress-ng futex and a barrier's
	 * threads wait a millisecond per wake-up (docs/benchmarks.md section
	 * 25.1). A deferred preemption is due at the CPU's first tick after
	 * the protected run (lockaware_tick()).
	 */
	if (ran < wake_preempt_min_run_ns && eligible_on(vq, curr_vtime + ran)) {
		defer_preempt(cpu, wake_preempt_min_run_ns - ran);
		stat_inc(STAT_WAKE_DEFER);
		return WAKEE_WAITS;
	}
	return WAKEE_PREEMPTS;
}

/*
 * @p woke on its waker's CPU, @cpu, and nothing waits for that CPU, not even on
 * its local queue. If @p preempts the waker (wakee_preempts_now(); an empty
 * queue makes the waker ineligible, so the minimum run never defers it here),
 * the CPU's queue would hand @p straight back: put @p at the head of the local
 * queue instead, which preempts without a kick (an IRQ work) and runs @p
 * without a dispatch() round. This is a hand-off between two tasks that share
 * a CPU: pinned pairs (micro sem), or tasks that wake_affine_cpu() (EEVDF's
 * wake_affine()) put on their waker's CPU. The waker, queued again on the
 * CPU's own queue, is dispatched when @p sleeps, so the CPU keeps calling
 * dispatch() (pinned_local_ok()'s concern) and nothing waits on it; a waker
 * that may run on this CPU only, or one whose wakee ran briefly last time
 * (@tctx, @p's context, or NULL: handoff_follows()), follows @p on the local
 * queue instead (noted here as the CPU's handoff_waker, requeued by
 * enqueue()). Returns false, having inserted nothing, when @p does not preempt.
 */
static bool insert_local_wakee(struct task_struct *p, s32 cpu, u64 enq_flags,
			       const struct task_ctx *tctx)
{
	struct cpu_ctx *cctx;

	if (wakee_preempts_now(p, cpu, cpu) != WAKEE_PREEMPTS)
		return false;
	scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, slice_ns, enq_flags | SCX_ENQ_PREEMPT);
	stat_inc(STAT_WAKE_PREEMPT);
	stat_inc(STAT_WAKE_PREEMPT_LOCAL);
	cctx = cpu_ctx_of(cpu);
	if (cctx) {
		cctx->handoff_waker = bpf_get_current_task_btf()->pid;
		cctx->handoff_short = tctx && tctx->last_run < handoff_follow_ns;
	}
	return true;
}

/*
 * Preempt @cpu's running task for @p, queued on the queue of queue_vtimes slot
 * @vq (@cpu's own, or its LLC's SSC queue), if wakee_preempts_now(). Returns
 * its verdict.
 */
static enum wakee_verdict preempt_for_wakee(struct task_struct *p, s32 cpu, s32 vq)
{
	enum wakee_verdict v = wakee_preempts_now(p, cpu, vq);

	if (v != WAKEE_PREEMPTS)
		return v;
	scx_bpf_kick_cpu(cpu, SCX_KICK_PREEMPT);
	stat_inc(STAT_WAKE_PREEMPT);
	return v;
}

/* Whether @cpu is an SSC CPU of LLC @llc that @p may run on. */
static bool ssc_cpu_of(struct task_struct *p, s32 cpu, u32 llc)
{
	return cpu_in_ssc(cpu) && cpu_to_llc(cpu) == llc &&
	       bpf_cpumask_test_cpu(cpu, p->cpus_ptr);
}

/*
 * An SSC CPU of LLC @llc that @p may run on, other than @a and @b, taken in
 * turn (bpf_cpumask_any_distribute()), or -1.
 */
static s32 other_ssc_cpu(struct task_struct *p, u32 llc, s32 a, s32 b)
{
	struct bpf_cpumask *ssc = ssc_mask(), *mask = scratch_mask();
	struct llc_ctx *lctx;
	u32 cpu;

	if (!ssc || !mask)
		return -1;
	bpf_cpumask_and(mask, cast_mask(ssc), p->cpus_ptr);
	if (nr_llcs > 1) {
		lctx = lookup_llc_ctx(llc);
		if (!lctx || !lctx->cpumask)
			return -1;
		bpf_cpumask_and(mask, cast_mask(mask), cast_mask(lctx->cpumask));
	}
	if (a >= 0)
		bpf_cpumask_clear_cpu(a, mask);
	if (b >= 0)
		bpf_cpumask_clear_cpu(b, mask);
	cpu = bpf_cpumask_any_distribute(cast_mask(mask));
	return cpu < nr_cpus_possible ? (s32)cpu : -1;
}

/*
 * Wake-up preemption for lock-intensive @p, woken and queued on the SSC queue
 * of LLC @llc with no SSC CPU idle: the SSC CPU it last ran on (@from) is
 * asked as preempt_for_wakee() asks a task's own CPU. That CPU then serves the
 * SSC queue, where @p, owed CPU time, is near the head. If that CPU runs
 * nothing sched_ext could preempt for @p (WAKEE_CANNOT), the waker's CPU is
 * asked, then one other SSC CPU of the LLC: the queue is the SSC's, any of
 * them may run @p. A waker of a higher class (an RT thread that hands a lock
 * on, an interrupt thread) is the common case: the task it preempted goes
 * back to the head of that CPU's local queue, so the CPU serves no queue when
 * the waker sleeps, and @p waited for the end of a slice on another SSC CPU
 * (2.1 ms from release to run next to a CPU hog on each of 2 SSC CPUs, with
 * a SCHED_FIFO waker on one of them, 0.2 ms with them free: only a third of
 * the wake-ups had found a CPU to preempt). Without any of it a woken
 * lock-intensive task waited for a slice to end or a task to sleep, behind
 * tasks that had run more (4.1 ms; tests/vm/test_base.py). A woken
 * kernel-lock waiter is often the lock's next owner (a rwsem or mutex hands
 * the lock over), so the lock waits with it: postmark with 4 workers at 2
 * vCPUs, all lock-intensive, had runs at 0.15 to 0.6 of EEVDF's speed
 * (docs/benchmarks.md section 43.2).
 */
static void ssc_preempt_for_wakee(struct task_struct *p, s32 from, u32 llc, bool sync)
{
	s32 self = bpf_get_smp_processor_id(), cpu;
	enum wakee_verdict v = WAKEE_CANNOT;
	bool self_ssc = ssc_cpu_of(p, self, llc);
	/*
	 * A sync wake-up's waker (running here, on @self) is not preempted
	 * for its wakee: it says it sleeps soon, and then the wakee runs at
	 * once; or it streams on (a pipe writer), and preempting it at its
	 * writes makes the two alternate every few writes on one CPU:
	 * stress-ng pipe confined to one SSC CPU ran at 0.17 of EEVDF's speed
	 * with 6,200 such preemptions a second, 0.42 without them
	 * (docs/benchmarks.md section 79.5). The wakee waits on the SSC
	 * queue, which this CPU serves when the waker sleeps or its slice
	 * ends; other SSC CPUs are asked as usual.
	 */
	bool spare = sync && self_ssc;
	bool ask_from = from == self ? self_ssc && !spare : ssc_cpu_of(p, from, llc);
	bool ask_self = from != self && self_ssc && !spare;

	if (spare)
		stat_inc(STAT_SSC_SYNC_SPARED);
	if (ask_from)
		v = preempt_for_wakee(p, from, ssc_vq(llc));
	if (v == WAKEE_CANNOT && ask_self)
		v = preempt_for_wakee(p, self, ssc_vq(llc));
	if (v == WAKEE_CANNOT) {
		cpu = other_ssc_cpu(p, llc, from, self);
		if (cpu < 0 || preempt_for_wakee(p, cpu, ssc_vq(llc)) != WAKEE_PREEMPTS)
			return;
		stat_inc(STAT_SSC_WAKE_PREEMPT_OTHER);
		v = WAKEE_PREEMPTS;
	}
	if (v == WAKEE_PREEMPTS)
		stat_inc(STAT_SSC_WAKE_PREEMPT);
}

static void lock_sleep_end(struct task_ctx *tctx, u64 now);

/*
 * Lock sleeps in progress, over all tasks. While there are none, a wake-up
 * that needs no task context otherwise (a one-CPU task, a per-CPU kthread)
 * skips the task-storage lookup that would only find no sleep to end.
 */
u64 nr_lock_sleepers;

/*
 * A wake-up of @p ends its lock sleep, if one is in progress. Every wake-up
 * passes select_cpu() (a task that may move) or enqueue() (one that may not,
 * or whose select_cpu() did not insert it): both call this, the first one to
 * run ends the sleep. This replaces an ops.runnable callback, which cost a
 * BPF program run per wake-up (2.7-3.8 us under TCG, sections 12 and 14 of
 * docs/benchmarks.md), also for tasks that never wait for a lock.
 */
static __always_inline void wake_ends_lock_sleep(struct task_ctx *tctx,
						 bool in_waker)
{
	u64 now;

	if (!tctx || !tctx->asleep_since)
		return;
	now = scx_bpf_now();
	/*
	 * select_cpu() runs in the waker's context: for a mutex's futex sleep
	 * (not a PI lock, whose unlock hands the lock over) the waker is the
	 * task that just released the lock.
	 */
	if (in_waker && tctx->asleep_user == SLEEP_FUTEX) {
		tctx->lock_waker = (u32)bpf_get_current_pid_tgid();
		tctx->lock_woken_at = now;
	}
	lock_sleep_end(tctx, now);
}

/* Note that lock-intensive @p is being placed under the current SSC. */
static void placed_as_lock_task(struct task_ctx *tctx, s32 from_cpu)
{
	tctx->place_gen = ssc_gen;
	if (!cpu_in_ssc(from_cpu))
		stat_inc(STAT_SSC_MIGRATE);
}

#ifndef PF_EXITING
#define PF_EXITING 0x00000004	/* include/linux/sched.h */
#endif

/*
 * Whether woken @p may go to @cpu, the CPU of its waker (the current task):
 * the waker is a task (not a kthread or an interrupted idle CPU, nor one
 * whose flags have any of @not_flags) other than @p, and @cpu is in
 * @prev_cpu's LLC, allowed to @p and not an SSC CPU unless @prev_cpu is one
 * (the SSC's CPUs serve lock-intensive work first).
 */
static bool wakers_cpu_ok(const struct task_struct *p, s32 prev_cpu, s32 cpu,
			  u32 not_flags)
{
	struct task_struct *waker = bpf_get_current_task_btf();

	if (!waker->pid || (waker->flags & (PF_KTHREAD | not_flags)) || waker == p)
		return false;
	/* No range checks: cpu_to_llc() masks, and clang would drop the mask. */
	if (cpu_to_llc(cpu) != cpu_to_llc(prev_cpu) ||
	    !bpf_cpumask_test_cpu(cpu, p->cpus_ptr))
		return false;
	return !(cpu_in_ssc(cpu) && !cpu_in_ssc(prev_cpu));
}

/*
 * No CPU is idle: the CPU of @p's waker instead of @prev_cpu, when
 * wakers_cpu_ok() and its queue holds no more tasks than @prev_cpu's; else
 * -1. EEVDF's wake_affine_weight()
 * makes the same move when the two CPUs are about equally loaded and the
 * wakee is light. A wakee and its waker on one CPU then hand over locally:
 * the wake-up preempts the waker without an IPI (preempt_for_wakee() reads
 * the current task directly), where a wake-up onto another busy CPU must
 * interrupt it, which in an oversubscribed guest also waits for the host to
 * run that vCPU (docs/benchmarks.md section 35).
 */
static s32 wake_affine_cpu(const struct task_struct *p, s32 prev_cpu)
{
	s32 cpu = bpf_get_smp_processor_id();

	if (cpu == prev_cpu || !wakers_cpu_ok(p, prev_cpu, cpu, 0))
		return -1;
	if (scx_bpf_dsq_nr_queued(cpu_dsq(cpu)) > scx_bpf_dsq_nr_queued(cpu_dsq(prev_cpu)))
		return -1;
	return cpu;
}

static bool nothing_queued_for(s32 cpu);

/*
 * A sync wake-up (the waker says it is about to sleep: a pipe or socket
 * write before a read), unless --no-wake-sync: the waker's CPU, if
 * wakers_cpu_ok(), the waker is not exiting and nothing else waits for that
 * CPU (its local queue and its own queues are empty); else -1. The wakee
 * then runs there as soon as the waker sleeps, without waking another CPU.
 * EEVDF and the default here wake an idle CPU instead: perf bench sched pipe made
 * 4 switches and 2 cross-CPU interrupts per round trip that way, and 2
 * switches and none under the kernel's scx_simple, whose default CPU
 * selection takes the waker's CPU, at 1.44 times EEVDF's rate
 * (docs/benchmarks.md section 76.5).
 */
static s32 wake_sync_cpu(const struct task_struct *p, s32 prev_cpu)
{
	s32 cpu = bpf_get_smp_processor_id();

	if (!wakers_cpu_ok(p, prev_cpu, cpu, PF_EXITING))
		return -1;
	if (scx_bpf_dsq_nr_queued(SCX_DSQ_LOCAL) || !nothing_queued_for(cpu))
		return -1;
	return cpu;
}

/*
 * The guard of the sync wake-up rule: whether the current task, making a
 * sync wake-up, has so far stopped running soon after its sync wake-ups. A
 * wakee put on its waker's CPU waits until the waker stops: a pipe
 * ping-pong's waker sleeps at once, but a streaming writer runs on and fills
 * the pipe while its reader could run beside it on another CPU (stress-ng
 * pipe at 0.49 of the default without this guard, docs/benchmarks.md
 * section 77). So a waker's sync wake-ups are trusted while the decayed mean
 * of the time from its first sync wake-up of a run to the end of that run
 * (kept by stopping()) is at most wake_sync_overlap_ns; a waker that has made
 * none is trusted, as the kernel's default CPU selection trusts every one.
 * Linux's fair class once made the same test (se.avg_overlap, removed in
 * 2010). Notes this wake-up as the run's first if it is, and counts a
 * wake-up it refuses for that reason (not one from a waker it knows nothing
 * of, such as an idle CPU taking an interrupt).
 */
static bool waker_sleeps_soon(void)
{
	struct task_ctx *wctx = lookup_task_ctx(bpf_get_current_task_btf());

	if (!wctx)
		return false;
	if (!wctx->sync_woke_at)
		wctx->sync_woke_at = scx_bpf_now();
	if (wctx->sync_overlap_ns <= wake_sync_overlap_ns)
		return true;
	stat_inc(STAT_WAKE_SYNC_RUNS_ON);
	return false;
}

s32 BPF_STRUCT_OPS(lockaware_select_cpu, struct task_struct *p, s32 prev_cpu,
		   u64 wake_flags)
{
	struct task_ctx *tctx;
	s32 cpu;

	/* A one-CPU task has nowhere else to go; enqueue() handles it. */
	if (p->nr_cpus_allowed == 1)
		return prev_cpu;

	tctx = lookup_task_ctx(p);
	wake_ends_lock_sleep(tctx, true);

	/* Lock-intensive tasks wake only on SSC CPUs (SPEC.md section 1, "SSC"). */
	if (tctx && tctx->lock_intensive && ssc_confines(p)) {
		cpu = pick_idle_ssc_cpu(p, prev_cpu);
		if (cpu >= 0) {
			placed_as_lock_task(tctx, prev_cpu);
			scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, slice_ns, 0);
			stat_inc(STAT_SSC_DIRECT);
			return cpu;
		}
		/* For enqueue(), which may queue it on the SSC queue. */
		tctx->woke_sync = wake_flags & SCX_WAKE_SYNC;
		return prev_cpu;
	}

	if (wake_sync && (wake_flags & SCX_WAKE_SYNC)) {
		if (waker_sleeps_soon() && (cpu = wake_sync_cpu(p, prev_cpu)) >= 0) {
			scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, slice_ns, 0);
			stat_inc(STAT_WAKE_SYNC);
			return cpu;
		}
	}

	cpu = pick_idle_cpu(p, prev_cpu);
	if (cpu >= 0) {
		scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, slice_ns, 0);
		stat_inc(STAT_DIRECT_IDLE);
		return cpu;
	}
	if (wake_affine) {
		cpu = wake_affine_cpu(p, prev_cpu);
		if (cpu >= 0) {
			stat_inc(STAT_WAKE_AFFINE);
			return cpu;
		}
	}
	return prev_cpu;
}

static s32 take_pull_hint(struct task_struct *p);

/*
 * Whether nothing waits for @cpu but what its local queue holds: its own
 * queue and, on an SSC CPU, its LLC's SSC queue are empty. A task put on the
 * local queue, which runs ahead of everything else, then jumps nobody.
 */
static bool nothing_queued_for(s32 cpu)
{
	if (scx_bpf_dsq_nr_queued(cpu_dsq(cpu)))
		return false;
	return !(cpu_in_ssc(cpu) && scx_bpf_dsq_nr_queued(ssc_dsq(cpu_to_llc(cpu))));
}

/*
 * Whether a woken one-CPU task may go straight to @cpu's local queue, which
 * the CPU runs without a dispatch() round: a pinned hand-off (two pinned
 * tasks waking each other, as in a semaphore ping-pong) then costs no
 * dispatch. Allowed only while nothing_queued_for(@cpu), and only while the
 * CPU has called dispatch() within the last slice: two tasks waking each
 * other through the local queue would otherwise keep the CPU from ever
 * dispatching, and stealing, SSC rescue and work queued later would wait on
 * it (a watchdog ejection under the sem microbenchmark before this bound).
 */
static bool pinned_local_ok(s32 cpu)
{
	struct cpu_ctx *cctx;
	u64 at;

	if (!nothing_queued_for(cpu))
		return false;
	cctx = cpu_ctx_of(cpu);
	if (!cctx)
		return false;
	at = cctx->dispatched_at;
	return at && scx_bpf_now() - at < slice_ns;
}

/*
 * Whether the tasks waiting on @cpu's local queue are all per-CPU kthreads
 * (at least one). A task at the end of its slice is requeued without a
 * dispatch() when something waits there; if that is only a kthread
 * (ksoftirqd, an rcu or kworker thread: short runs, several a second), the
 * task runs next on its own CPU, right after the kthread, as EEVDF leaves
 * it, instead of moving to an idle CPU: on an SMT guest two CPU hogs moved
 * 60 times in 4 s that way, half of the moves to the other core's idle
 * sibling, where they then shared a core (docs/benchmarks.md §30.3). Any
 * other task there (a woken task that preempts, one dispatch() chose, a
 * pinned task) still lets it move. The caller also needs
 * nothing_queued_for(@cpu), and needs no bound on the time since the last
 * dispatch(), unlike pinned_local_ok(): a task queued for @cpu meanwhile
 * waits at most the slice the task then runs, since at its end the task
 * goes to @cpu's own queue and the emptied local queue makes the CPU
 * dispatch in vtime order.
 */
static bool only_kthreads_wait(s32 cpu)
{
	s32 n = scx_bpf_dsq_nr_queued(SCX_DSQ_LOCAL_ON | cpu);
	struct cpu_ctx *cctx;

	if (n <= 0)
		return false;	/* the common case: dispatch() chose the next task */
	cctx = cpu_ctx_of(cpu);
	return cctx && n <= cctx->kthreads_local;
}

/*
 * Whether @p, queued again at the end of a run on @cpu (not woken), is the
 * waker a local hand-off just preempted there (insert_local_wakee()) and may
 * follow its wakee on the local queue, which runs it when the wakee sleeps
 * without a dispatch() round: in a ping-pong of two tasks on one CPU (a
 * futex or pipe waker and its waiter) that round was a fifth of the BPF time
 * of each cycle (docs/benchmarks.md section 69). The caller found no CPU
 * idle. Only while pinned_local_ok(@cpu) (nothing else waits for the CPU, and
 * it has dispatched within the last slice, so that it keeps serving its
 * queues in vtime order), and only after a wakee whose last run was shorter
 * than handoff_follow_ns: on the local queue the waker cannot be stolen by a
 * CPU that goes idle meanwhile, so it waits for its wakee's run, which is
 * expected to be that short. A one-CPU waker (@pinned) follows on the same
 * terms without that limit: it has nowhere else to go.
 */
static bool handoff_follows(const struct task_struct *p, s32 cpu, bool pinned)
{
	struct cpu_ctx *cctx = cpu_ctx_of(cpu);

	if (!cctx || cctx->handoff_waker != p->pid)
		return false;
	cctx->handoff_waker = 0;
	return (pinned || cctx->handoff_short) && pinned_local_ok(cpu);
}

static u64 lock_sys_ns(const struct task_ctx *tctx);
static bool kwait_running(const struct task_struct *p);

/* The run in progress (or ending) has had a lock wait; @lsys: its lock system time. */
static bool run_waited(const struct task_ctx *tctx, u64 lsys)
{
	return tctx->run_spin || tctx->run_block || lsys;
}

/*
 * @p, running and lock-intensive, has had no lock wait for class_quiet_ns,
 * this run included so far: its next stopping() takes it out of the class
 * (lockaware_stopping()). A task that its CPU keeps running, with nothing
 * else queued there, never stops, and so stayed in the class as long as it
 * ran: one of the mutex pair that stopped taking the lock, alone on its SSC
 * CPU once the other had left, stayed 1.1 s and more (docs/benchmarks.md
 * section 75). dispatch() lets such a task's slice end instead.
 */
static bool class_quiet_running(struct task_struct *p)
{
	struct task_ctx *tctx = lookup_task_ctx(p);

	return !klock_paused && tctx && tctx->lock_intensive && !kwait_running(p) &&
	       !run_waited(tctx, lock_sys_share ? lock_sys_ns(tctx) : 0) &&
	       scx_bpf_now() - tctx->last_wait_at >= class_quiet_ns;
}

/*
 * @p, on @cpu, is a lock-intensive task outside the SSC that the SSC admits: a
 * shrink left it running there (or it was placed before one).
 */
static bool lock_task_outside_ssc(struct task_struct *p, s32 cpu)
{
	struct task_ctx *tctx;

	/* Every keep-previous asks: SSC CPUs answer without the task lookup. */
	if (cpu_in_ssc(cpu))
		return false;
	tctx = lookup_task_ctx(p);
	return tctx && tctx->lock_intensive && ssc_allowed(p);
}

void BPF_STRUCT_OPS(lockaware_enqueue, struct task_struct *p, u64 enq_flags)
{
	struct task_ctx *tctx = NULL;
	s32 cpu = scx_bpf_task_cpu(p), idle = -1;
	bool requeue, own_cpu = true, local;
	u32 llc;

	if ((enq_flags & SCX_ENQ_WAKEUP) && nr_lock_sleepers) {
		tctx = lookup_task_ctx(p);
		wake_ends_lock_sleep(tctx, false);
	}

	/*
	 * Per-CPU kthreads and other one-CPU tasks can only run where they
	 * are: queue them on that CPU's local queue, ahead of anything the CPU
	 * would take from its own or another queue.
	 */
	if (p->nr_cpus_allowed == 1 && is_pcpu_kthread(p)) {
		struct cpu_ctx *cctx = cpu_ctx_of(cpu);

		if (cctx)
			cctx->kthreads_local++;
		scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, slice_ns, enq_flags);
		stat_inc(STAT_KTHREAD_LOCAL);
		return;
	}
	/*
	 * Other one-CPU tasks wait on their CPU's vtime queue with everyone
	 * else, unless pinned_local_ok() allows the cheaper local queue.
	 */
	if (p->nr_cpus_allowed == 1) {
		if ((enq_flags & SCX_ENQ_WAKEUP) && pinned_local_ok(cpu)) {
			stat_inc(STAT_PINNED_DIRECT);
			/*
			 * On the waker's CPU, as below: the local queue's head
			 * preempts; else @p waits at its tail, asked no second time.
			 */
			if (cpu == bpf_get_smp_processor_id() &&
			    !scx_bpf_dsq_nr_queued(SCX_DSQ_LOCAL)) {
				if (!insert_local_wakee(p, cpu, enq_flags, NULL))
					scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, slice_ns, enq_flags);
				return;
			}
			scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, slice_ns, enq_flags);
			preempt_for_wakee(p, cpu, cpu);
			kick_if_idle(cpu);
			return;
		}
		/*
		 * The waker a local hand-off just preempted (the wakee went
		 * to the local queue's head: the two were alone on this CPU),
		 * queued again with still nothing else waiting for the CPU:
		 * the local queue's tail, where the CPU finds it when the
		 * wakee sleeps, without a dispatch() round. Its CPU's queue
		 * would hand it straight back: nothing else is there, and it
		 * cannot be stolen. A pinned ping-pong otherwise paid a
		 * dispatch() per round trip (docs/benchmarks.md section 50).
		 * Only that waker: any one-CPU task queued again (a hog at
		 * the end of its slice) took 4-5 points of CPU from a hog
		 * beside a pinned pair. Bounded as the wake-up above: once the
		 * CPU has not dispatched for a slice, its queue serves in
		 * vtime order again.
		 */
		if (!(enq_flags & SCX_ENQ_WAKEUP) && handoff_follows(p, cpu, true)) {
			scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, slice_ns, enq_flags);
			stat_inc(STAT_PINNED_REQUEUE);
			return;
		}
		if (!tctx)
			tctx = lookup_task_ctx(p);
		if (tctx) {
			task_follow_llc_clock(p, tctx, cpu_to_llc(cpu));
			note_queued(p, tctx, cpu_dsq(cpu), cpu, p->scx.dsq_vtime);
		}
		scx_bpf_dsq_insert_vtime(p, cpu_dsq(cpu), slice_ns, p->scx.dsq_vtime, enq_flags);
		stat_inc(STAT_PINNED_LOCAL);
		if (!(enq_flags & SCX_ENQ_WAKEUP))
			return;
		preempt_for_wakee(p, cpu, cpu);
		kick_if_idle(cpu);
		return;
	}

	/*
	 * SCX_OPS_ENQ_LAST: the CPU found nothing else to run and dispatch()
	 * did not extend @p's slice. That happens for a task preempted by
	 * pull_to_idle_core(): it goes to the idle core that asked for it; and
	 * for a lock-intensive task that a shrink left running outside the
	 * SSC: it goes to the SSC below. Any other such task keeps its CPU.
	 */
	if (enq_flags & SCX_ENQ_LAST) {
		idle = take_pull_hint(p);
		if (idle >= 0) {
			scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL_ON | idle, slice_ns, enq_flags);
			kick_if_idle(idle);
			stat_inc(STAT_PULL_MOVED);
			return;
		}
		if (!lock_task_outside_ssc(p, cpu)) {
			scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, slice_ns, enq_flags);
			stat_inc(STAT_KEEP_PREV);
			return;
		}
	}

	/* The task's CPU may have left its allowed set (affinity change). */
	if (!bpf_cpumask_test_cpu(cpu, p->cpus_ptr)) {
		cpu = bpf_cpumask_any_distribute(p->cpus_ptr);
		own_cpu = false;
	}

	/*
	 * Lock-intensive tasks run only on SSC CPUs: an idle one gets the task
	 * directly, else the task waits on the SSC queue, which only SSC CPUs
	 * serve, and before anything else (T§3.4.2.4: balancing stays inside
	 * the SSC). A task whose affinity excludes the whole SSC takes the
	 * normal path (counted when it runs).
	 */
	if (!tctx)
		tctx = lookup_task_ctx(p);
	/* Queued again without having run: out of the queue it was counted in. */
	if (tctx)
		queue_vtime_leave(tctx);
	if (tctx && tctx->lock_intensive && ssc_confines(p)) {
		s32 from = scx_bpf_task_cpu(p);
		bool sync = tctx->woke_sync;

		tctx->woke_sync = false;

		placed_as_lock_task(tctx, from);
		idle = pick_idle_ssc_cpu(p, from);
		if (idle >= 0) {
			scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL_ON | idle, slice_ns, enq_flags);
			kick_if_idle(idle);
			stat_inc(STAT_SSC_DIRECT);
			return;
		}
		llc = ssc_queue_llc(p, from);
		task_follow_llc_clock(p, tctx, llc);
		note_queued(p, tctx, ssc_dsq(llc), ssc_vq(llc), p->scx.dsq_vtime);
		scx_bpf_dsq_insert_vtime(p, ssc_dsq(llc), slice_ns, p->scx.dsq_vtime, enq_flags);
		stat_inc(STAT_SSC_ENQ);
		if (!kick_idle_ssc_cpu(p) && (enq_flags & SCX_ENQ_WAKEUP))
			ssc_preempt_for_wakee(p, from, llc, sync);
		return;
	}

	/*
	 * An idle CPU may run @p (a fully idle core first): hand @p straight
	 * to it and wake it. Queuing @p instead would leave that CPU idle
	 * until it next looks for work. How hard to look depends on why @p is
	 * here: select_cpu() already searched for a woken task, so only a CPU
	 * that went idle since (the one @p is about to wait for) is woken
	 * below; a task that used up its slice or yielded (not a wake-up) may
	 * be one a whole idle core asked for, or may go to any idle CPU.
	 * Every such search costs kfunc calls on the hottest path of a busy
	 * machine.
	 */
	requeue = !(enq_flags & SCX_ENQ_WAKEUP);
	if (requeue) {
		idle = take_pull_hint(p);
		if (idle >= 0)
			stat_inc(STAT_PULL_MOVED);
		else if (own_cpu && only_kthreads_wait(cpu) && nothing_queued_for(cpu)) {
			scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL_ON | cpu, slice_ns, enq_flags);
			stat_inc(STAT_BEHIND_KTHREAD);
			return;
		} else if (smt_enabled)
			idle = pick_idle_cpu(p, cpu);	/* a whole idle core first */
		else
			idle = scx_bpf_pick_idle_cpu(p->cpus_ptr, 0);
	} else if (!__COMPAT_is_enq_cpu_selected(enq_flags)) {
		idle = pick_idle_cpu(p, cpu);
	}
	if (idle >= 0) {
		scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL_ON | idle, slice_ns, enq_flags);
		kick_if_idle(idle);
		stat_inc(STAT_KICK_IDLE);
		return;
	}
	if (requeue && own_cpu && handoff_follows(p, cpu, false)) {
		scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, slice_ns, enq_flags);
		stat_inc(STAT_HANDOFF_FOLLOW);
		return;
	}

	/*
	 * No idle CPU: the task waits on its CPU's own queue, where it last ran
	 * (or woke), so that the switch to it needs no migration; a CPU with
	 * nothing queued steals it (dispatch()). A requeued task's CPU is this
	 * one, about to dispatch; a woken task's CPU may have gone idle since
	 * select_cpu() looked: wake it (SCX_KICK_IDLE does nothing to a busy
	 * CPU).
	 */
	if (tctx)
		task_follow_llc_clock_requeue(p, tctx, cpu_to_llc(cpu), requeue);
	/*
	 * A wake-up on the waker's own CPU with nothing waiting for it: if @p
	 * does not preempt, it is queued below, and asked no second time.
	 */
	local = !requeue && own_cpu && cpu == bpf_get_smp_processor_id() &&
		!scx_bpf_dsq_nr_queued(SCX_DSQ_LOCAL) && nothing_queued_for(cpu);
	if (local && insert_local_wakee(p, cpu, enq_flags, tctx))
		return;
	if (tctx)
		note_queued(p, tctx, cpu_dsq(cpu), cpu, p->scx.dsq_vtime);
	scx_bpf_dsq_insert_vtime(p, cpu_dsq(cpu), slice_ns, p->scx.dsq_vtime, enq_flags);
	stat_inc(STAT_CPU_ENQ);
	if (!requeue) {
		if (!local)
			preempt_for_wakee(p, cpu, cpu);
		kick_if_idle(cpu);
	}
}

/*
 * Seed 003, "pull from the SMT sibling before idling": @cpu found nothing to
 * run and its SMT sibling is idle too, so a whole core is about to idle. If
 * another core of the same LLC runs a task on each of its siblings, preempt
 * one of those tasks: it then goes to this idle core, either through
 * enqueue() (when its CPU has other work) or, when its CPU would only keep
 * it, through the SCX_ENQ_LAST enqueue that dispatch() forces by not
 * extending its slice. Only a whole idle core pulls, so tasks never bounce
 * between two half-busy cores.
 */
static void pull_to_idle_core(s32 cpu, u32 llc)
{
	const struct cpumask *idle;
	struct pull_hint *hint;
	s32 sib = sibling_of(cpu), c, victim = -1, victim_pid = 0;
	u32 zero = 0, first, i;

	if (!smt_enabled || sib < 0)
		return;

	idle = scx_bpf_get_idle_cpumask();
	if (!bpf_cpumask_test_cpu(sib, idle))
		goto out;

	if (llc >= MAX_LLCS)
		goto out;
	first = llc_first[llc];
	/* Only this LLC's CPUs: O(LLC size), not O(nr_cpu_ids). */
	bpf_for(i, first, first + llc_nr[llc]) {
		struct task_struct *curr;
		s32 cs;

		if (i >= MAX_CPUS)
			break;
		c = llc_cpus[i];
		cs = sibling_of(c);
		if (c == cpu || c == sib || cs < 0)
			continue;
		if (bpf_cpumask_test_cpu(c, idle) || bpf_cpumask_test_cpu(cs, idle))
			continue;
		/*
		 * @curr is not a trusted pointer here (on 6.12 it is read from
		 * the remote rq): its fields are read with CO-RE only. Whether it
		 * may run on @cpu is checked when it is enqueued again
		 * (take_pull_hint()); if not, it just keeps its CPU.
		 */
		curr = __COMPAT_scx_bpf_cpu_curr(c);
		if (is_movable_scx_task(curr)) {
			victim = c;
			victim_pid = BPF_CORE_READ(curr, pid);
			break;
		}
	}
out:
	scx_bpf_put_idle_cpumask(idle);
	if (victim < 0)
		return;
	/*
	 * This CPU is not marked idle yet, so the preempted task's enqueue()
	 * would not find it: leave it a hint naming this CPU.
	 */
	hint = bpf_map_lookup_percpu_elem(&pull_hints, &zero, victim);
	if (!hint)
		return;
	hint->pid = victim_pid;
	hint->target_cpu = cpu;
	scx_bpf_kick_cpu(victim, SCX_KICK_PREEMPT);
	stat_inc(STAT_PULL_IDLE_CORE);
}

/* Whether @p is the task a pull_to_idle_core() preempted on this CPU. */
static bool pull_pending(const struct task_struct *p)
{
	struct pull_hint *hint;
	u32 zero = 0;

	hint = bpf_map_lookup_elem(&pull_hints, &zero);
	return hint && hint->pid && hint->pid == p->pid;
}

/*
 * If @p is the task a pull_to_idle_core() preempted on this CPU, the CPU that
 * asked for it, when @p may run there; else -1.
 */
static s32 take_pull_hint(struct task_struct *p)
{
	struct pull_hint *hint;
	u32 zero = 0;
	s32 target;

	hint = bpf_map_lookup_elem(&pull_hints, &zero);
	if (!hint || !hint->pid || hint->pid != p->pid)
		return -1;
	target = hint->target_cpu;
	hint->pid = 0;
	if (target < 0 || !bpf_cpumask_test_cpu(target, p->cpus_ptr))
		return -1;
	return target;
}

/*
 * A CPU outside the SSC runs a task left on the SSC queue that no SSC CPU
 * may run (its affinity missed the SSC after a shrink), so that the task
 * cannot stall. apply_ssc() moves such tasks when it shrinks the SSC; this
 * catches one queued under the old SSC while it did.
 */
static bool rescue_stranded(s32 cpu)
{
	struct bpf_cpumask *ssc = ssc_mask();
	struct task_struct *p;
	u32 llc;

	if (!ssc)
		return false;
	bpf_for(llc, 0, nr_llcs) {
		if (!scx_bpf_dsq_nr_queued(ssc_dsq(llc)))
			continue;
		bpf_for_each(scx_dsq, p, ssc_dsq(llc), 0) {
			if (!bpf_cpumask_test_cpu(cpu, p->cpus_ptr) ||
			    bpf_cpumask_intersects(cast_mask(ssc), p->cpus_ptr))
				continue;
			if (scx_bpf_dsq_move(BPF_FOR_EACH_ITER, p, SCX_DSQ_LOCAL, 0)) {
				stat_inc(STAT_SSC_RESCUE);
				return true;
			}
		}
	}
	return false;
}

/* How long ago @since was, in ns: 0 if never (0) or not yet. */
static u64 ns_since(u64 since, u64 now)
{
	return since && now > since ? now - since : 0;
}

/* How long the first task of queue @dsq has waited, in ns (0: empty). */
static u64 head_wait_ns(u64 dsq, u64 now)
{
	struct task_struct *p = __COMPAT_scx_bpf_dsq_peek(dsq);
	struct task_ctx *tctx = p ? lookup_task_ctx(p) : NULL;

	return tctx ? ns_since(tctx->queued_at, now) : 0;
}

/*
 * How long the first task of @dsq has gone unserved, for balance_in_llc():
 * the longer of how long it has waited there and how long it has been
 * runnable without sleeping (a task that yields or is preempted every few
 * microseconds is queued again each time, so its wait restarts, but it
 * wants a CPU all along). 0 if the queue is empty. *@woken: that task has
 * not run since it last woke.
 */
static u64 head_unserved_ns(u64 dsq, u64 now, bool *woken)
{
	struct task_struct *p = __COMPAT_scx_bpf_dsq_peek(dsq);
	struct task_ctx *tctx = p ? lookup_task_ctx(p) : NULL;
	u64 waited, awake = 0, nvcsw;

	*woken = false;
	if (!tctx)
		return 0;
	nvcsw = BPF_CORE_READ(p, nvcsw);
	*woken = tctx->ran_nvcsw != nvcsw + 1;
	waited = ns_since(tctx->queued_at, now);
	if (nvcsw == tctx->awake_nvcsw)
		awake = ns_since(tctx->awake_since, now);
	return waited > awake ? waited : awake;
}

/*
 * Whether SSC CPU @cpu should serve its own queue before the SSC queue. SSC
 * CPUs serve lock-intensive work first (SPEC.md section 1), but that would
 * hold the other tasks queued on them back for as long as lock-intensive
 * tasks keep the SSC queue full. So once the own queue's first task has
 * waited queue_max_wait_ns, the two queues' first tasks are served oldest
 * first: neither queue can starve the other, however loaded both are.
 */
static bool own_before_ssc(s32 cpu, u64 ssc_q)
{
	u64 now, own_wait;

	/*
	 * Every dispatch of an SSC CPU asks: skip the peeks (and their queue
	 * locks) unless both queues hold tasks, the only case where the answer
	 * changes what the CPU runs.
	 */
	if (!scx_bpf_dsq_nr_queued(ssc_q) || !scx_bpf_dsq_nr_queued(cpu_dsq(cpu)))
		return false;
	now = scx_bpf_now();
	own_wait = head_wait_ns(cpu_dsq(cpu), now);
	return own_wait > queue_max_wait_ns && own_wait > head_wait_ns(ssc_q, now);
}

/* At most this many queues are compared per dispatch in a large LLC. */
#define BUSIEST_SCAN 8

/*
 * The CPU @i places after the @start-th in the list of an LLC whose CPUs are
 * llc_cpus[@first .. @first + @total) (@i, @start < @total), or -1.
 */
static __always_inline s32 llc_cpu_at(u32 first, u32 total, u32 start, u32 i)
{
	u32 j = start + i;

	/* No division on this path: wrap by one subtraction. */
	if (j >= total)
		j -= total;
	j += first;
	if (j >= MAX_CPUS)
		return -1;
	return llc_cpus[j];
}

/*
 * The CPU of LLC @llc other than @cpu whose queue holds the most tasks (at
 * least one), with that count in *@nr_best; -1 if every queue compared is
 * empty. Every dispatch that reaches the CPU queues asks once, for both
 * balance_in_llc() and steal_from(); each queue costs a DSQ lookup, so in an
 * LLC of more than BUSIEST_SCAN CPUs only BUSIEST_SCAN of them, from a random
 * one on, are compared (over many dispatches every queue is looked at;
 * steal_from() still scans them all before the CPU idles).
 */
static s32 busiest_queue(s32 cpu, u32 llc, u32 *nr_best)
{
	u32 first, total, nr, i, start = 0, best_n = 0;
	s32 best = -1, c;

	*nr_best = 0;
	if (llc >= MAX_LLCS)
		return -1;
	/*
	 * Masked as well, behind a barrier so that clang keeps the mask it can
	 * prove redundant: an index computed with `% nr_llcs` (as dispatch()'s
	 * loop over the other LLCs once passed here) leaves 6.12's verifier
	 * without bounds on the register's upper half, which the 32-bit check
	 * above does not give it (docs/benchmarks.md §49). The callers now pass
	 * a CPU's own LLC; the guard costs one instruction.
	 */
	barrier_var(llc);
	llc &= MAX_LLCS - 1;
	first = llc_first[llc];
	total = nr = llc_nr[llc];
	if (nr > BUSIEST_SCAN) {
		start = bpf_get_prandom_u32() % total;
		nr = BUSIEST_SCAN;
	}
	/*
	 * A constant bound, not bpf_for(): this loop runs on every dispatch,
	 * and an iterator costs its kfunc calls (new, next per CPU, destroy)
	 * on top of the queue lookups (docs/benchmarks.md §46).
	 */
	for (i = 0; i < BUSIEST_SCAN; i++) {
		u32 n;

		if (i >= nr)
			break;
		c = llc_cpu_at(first, total, start, i);
		if (c < 0)
			break;
		if (c == cpu)
			continue;
		n = scx_bpf_dsq_nr_queued(cpu_dsq(c));
		if (n > best_n) {
			best_n = n;
			best = c;
		}
	}
	*nr_best = best_n;
	return best;
}

/*
 * Take the first task of any queue of LLC @llc, other than @cpu's and @skip's,
 * that @cpu may run.
 */
static bool steal_any(s32 cpu, u32 llc, s32 skip)
{
	u32 first, nr, i;
	s32 c;

	first = llc_first[llc & (MAX_LLCS - 1)];
	nr = llc_nr[llc & (MAX_LLCS - 1)];
	bpf_for(i, first, first + nr) {
		if (i >= MAX_CPUS)
			break;
		c = llc_cpus[i];
		if (c != cpu && c != skip && scx_bpf_dsq_nr_queued(cpu_dsq(c)) &&
		    scx_bpf_dsq_move_to_local(cpu_dsq(c), 0))
			return true;
	}
	return false;
}

/*
 * Take a task from @best, the busiest queue of another CPU of LLC @llc that
 * busiest_queue() found (-1: it found every queue it compared empty), then
 * from any other queue of the LLC that has one @cpu may run. The second scan
 * runs only when it can find what the first did not: @best's tasks may not
 * run here (affinity), or the LLC is larger than the BUSIEST_SCAN queues
 * compared. An empty LLC of a few CPUs, the common case of a CPU about to
 * idle, then costs one scan, not three (docs/benchmarks.md §44.6, §46).
 */
static bool steal_from(s32 cpu, u32 llc, s32 best)
{
	if (best >= 0 && scx_bpf_dsq_move_to_local(cpu_dsq(best), 0))
		return true;
	if (best < 0 && llc_nr[llc & (MAX_LLCS - 1)] <= BUSIEST_SCAN)
		return false;
	return steal_any(cpu, llc, best);
}

/*
 * Before idling, another LLC's queues: the first with a task @cpu may run, by
 * an iterator's scan. busiest_queue()'s constant-bound loop, inlined into
 * dispatch()'s loop over the other LLCs, took the verifier past its limit on
 * a machine of two LLCs (tests/vm/test_llc.py).
 */
static bool steal_in_llc(s32 cpu, u32 llc)
{
	return steal_any(cpu, llc, -1);
}

/*
 * Whether a woken, not-yet-run first task of a queue of @best_n tasks may
 * still move to @cpu (--balance-woken-ratio R: @best_n >= R * (own + 1)).
 * Messaging's queues hold tens of tasks each and differ by a few; the
 * informing FIFO locks' waiters gather on one CPU's queue, several times
 * the other's, while a CPU-bound loop keeps that other CPU. Left there, the
 * loops beside those locks got 1.14 times their EEVDF share at 2 vCPUs;
 * moved at R = 3, 0.93, as with every woken task moved, while messaging at
 * 4 vCPUs moved 0.3 woken tasks per 1,000 messages against 7.9 and kept
 * its speed. Not free: beside libinform's barrier the loops' share fell
 * from 1.04 to 0.94 of EEVDF's (docs/benchmarks.md section 106).
 */
static bool woken_queue_lopsided(s32 cpu, u32 best_n)
{
	u64 own;

	if (!balance_woken_ratio)
		return false;
	own = scx_bpf_dsq_nr_queued(cpu_dsq(cpu));
	return (u64)best_n >= (u64)balance_woken_ratio * (own + 1);
}

/*
 * The queues of an LLC even out: @cpu takes the first task of @best, the
 * busiest other queue of its LLC (busiest_queue(), @best_n tasks), when it
 * holds at least two tasks more than its own (after the move the two differ
 * by at most one, so tasks do not bounce) and that task has run since it
 * last woke (or @best is several times longer, woken_queue_lopsided()) and
 * has gone unserved balance_min_wait_ns (default a slice): it
 * has waited there that long, or been runnable without a sleep that long
 * (head_unserved_ns()).
 *
 * Stealing only when a queue ran dry (steal_from()) never moved a task to
 * a CPU that had one queued: measured, 16 threads created on one CPU next to
 * a CPU-bound loop on each of 4 CPUs stayed 13 to one queue and 1 to each
 * other, so the 4 loops took 47% of the CPU, against 20% under EEVDF.
 * The wait: a queue whose tasks are served within a slice is left alone.
 * Moving any task (the rule before) took a third of all dispatches of perf
 * bench sched messaging at 4 vCPUs, whose 160 tasks' queues are never even
 * for long, and the run took 1.6 times EEVDF's time (docs/benchmarks.md
 * section 26.1). The wait alone missed tasks that never sleep but give up
 * their CPU every few microseconds (spinning lock waiters that yield): 8 of
 * them stayed on one queue of 2 CPUs, each queued again within a slice,
 * and 2 CPU-bound loops kept the other CPU, 2.4 times their EEVDF share
 * (section 29.1). Messaging's tasks sleep at every message, but a woken
 * task's time without a sleep runs from its wake-up, its wait included, so
 * that alone still moved them: hence the rule for woken tasks below
 * (section 104).
 */
static bool balance_in_llc(s32 cpu, s32 best, u32 best_n)
{
	bool woken;
	u64 unserved;

	/* best_n < 2 needs no look at the own queue: it cannot be 2 more. */
	if (!balance_queues || best < 0 || best_n < 2 ||
	    best_n <= scx_bpf_dsq_nr_queued(cpu_dsq(cpu)) + 1)
		return false;
	/*
	 * The peek costs nothing that shows: with every look kept and almost
	 * no move (a 1-s wait) messaging ran as fast as with no balance
	 * (docs/benchmarks.md section 104.1).
	 */
	unserved = head_unserved_ns(cpu_dsq(best), scx_bpf_now(), &woken);
	/*
	 * A task that has not run since it woke was placed by select_cpu() at
	 * that wake-up, as it will be at its next: a task that sleeps often is
	 * placed often, and the balance is for those that do not. Moving such
	 * tasks as any other (the rule before, --balance-woken) made perf bench
	 * sched messaging at 4 vCPUs 0.66 times as fast as leaving them, with 8
	 * times the moves and twice the wake-ups per message (docs/benchmarks.md
	 * section 104); so they move only from a queue several times longer
	 * (woken_queue_lopsided()).
	 */
	if (woken && !woken_queue_lopsided(cpu, best_n)) {
		stat_inc(STAT_BALANCE_LEFT_WOKEN);
		return false;
	}
	if (unserved < balance_min_wait_ns)
		return false;
	if (!scx_bpf_dsq_move_to_local(cpu_dsq(best), 0))
		return false;
	if (woken)
		stat_inc(STAT_BALANCE_MOVED_WOKEN);
	return true;
}

/*
 * SSC CPU @cpu of LLC @llc takes the first task of another LLC's SSC queue
 * that has waited queue_max_wait_ns: the SSC CPUs of that LLC are not keeping
 * up, or the task may run only here. Bounded waiting across LLCs; otherwise
 * other LLCs' SSC queues are served only before idling.
 */
static bool ssc_far_aged(s32 cpu, u32 llc)
{
	u64 now = 0;
	u32 i;

	bpf_for(i, 1, nr_llcs) {
		u32 l = (llc + i) % nr_llcs;

		if (!llc_has_ssc(l) || !scx_bpf_dsq_nr_queued(ssc_dsq(l)))
			continue;
		if (!now)
			now = scx_bpf_now();
		if (head_wait_ns(ssc_dsq(l), now) > queue_max_wait_ns &&
		    scx_bpf_dsq_move_to_local(ssc_dsq(l), 0))
			return true;
	}
	return false;
}

static bool handoff_to_holder(s32 cpu, struct task_struct *prev);

void BPF_STRUCT_OPS(lockaware_dispatch, s32 cpu, struct task_struct *prev)
{
	u32 llc = cpu_to_llc(cpu), zero = 0;
	bool in_ssc = cpu_in_ssc(cpu), keep;
	struct cpu_ctx *cctx;
	u32 i, best_n;
	s32 best;

	cctx = bpf_map_lookup_elem(&cpu_ctxs, &zero);
	if (cctx) {
		cctx->dispatched_at = scx_bpf_now();
		cctx->preempt_at = 0;
		cctx->kthreads_local = 0;	/* the local queue is empty */
		cctx->handoff_waker = 0;
	}

	/* A lock waiter yielded its CPU for its preempted holder. */
	if (inform_enabled && prev && handoff_to_holder(cpu, prev))
		return;

	/* SSC CPUs serve lock-intensive work first, within own_before_ssc(). */
	if (in_ssc) {
		if (own_before_ssc(cpu, ssc_dsq(llc)) &&
		    scx_bpf_dsq_move_to_local(cpu_dsq(cpu), 0)) {
			stat_inc(STAT_QUEUE_AGED);
			stat_inc(STAT_DISPATCH_OWN);
			return;
		}
		if (scx_bpf_dsq_move_to_local(ssc_dsq(llc), 0)) {
			stat_inc(STAT_SSC_DISPATCH);
			return;
		}
		/* Another LLC's SSC queue whose first task has waited too long. */
		if (nr_llcs > 1 && ssc_far_aged(cpu, llc)) {
			stat_inc(STAT_SSC_DISPATCH);
			stat_inc(STAT_SSC_DISPATCH_FAR);
			return;
		}
	}

	/*
	 * One scan of the LLC's queues serves the balance and the steal. With
	 * balancing off (--no-balance) only the steal needs it: it waits until
	 * the own queue is found empty, as the steal's own scan did before.
	 */
	best_n = 0;
	best = balance_queues ? busiest_queue(cpu, llc, &best_n) : -1;
	if (balance_in_llc(cpu, best, best_n)) {
		stat_inc(STAT_DISPATCH_STEAL);
		stat_inc(STAT_DISPATCH_BALANCE);
		return;
	}
	if (scx_bpf_dsq_move_to_local(cpu_dsq(cpu), 0)) {
		stat_inc(STAT_DISPATCH_OWN);
		return;
	}

	/*
	 * Nothing queued here: take work waiting on another CPU of the LLC,
	 * also before keeping the current task, which is how queues even out
	 * (a CPU whose queue ran dry takes the longest one's work).
	 */
	if (!balance_queues)
		best = busiest_queue(cpu, llc, &best_n);
	if (steal_from(cpu, llc, best)) {
		stat_inc(STAT_DISPATCH_STEAL);
		return;
	}

	/*
	 * After a shrink of the SSC, a task may wait on the SSC queue that only
	 * CPUs outside it may run: look for it before idling and, for a while
	 * after the shrink, also before keeping a task (a CPU hog would
	 * otherwise keep its CPU below for ever).
	 */
	keep = prev && (prev->scx.flags & SCX_TASK_QUEUED);
	if (!in_ssc &&
	    (!keep || (ssc_stranded_until && ssc_stranded_until > scx_bpf_now())) &&
	    rescue_stranded(cpu))
		return;

	/*
	 * Nobody else wants this CPU: let the current task go on, unless a
	 * whole idle core asked for it (SCX_ENQ_LAST then moves it there).
	 */
	if (keep) {
		/* Only SMT machines pull (pull_to_idle_core()). */
		if (smt_enabled && pull_pending(prev))
			return;
		/*
		 * A lock-intensive task a shrink left outside the SSC goes back
		 * to it (enqueue(), SCX_ENQ_LAST) rather than keep this CPU until
		 * it next sleeps.
		 */
		if (lock_task_outside_ssc(prev, cpu)) {
			stat_inc(STAT_SSC_RETURN);
			return;
		}
		/*
		 * Its class is decided only when it stops: one that stopped
		 * waiting goes through stopping() (SCX_ENQ_LAST brings it back).
		 */
		if (class_quiet_running(prev)) {
			stat_inc(STAT_CLASS_RECHECK);
			return;
		}
		scx_bpf_task_set_slice(prev, slice_ns);
		stat_inc(STAT_KEEP_PREV);
		return;
	}

	/*
	 * About to idle: help the other LLCs first, lock-intensive work first.
	 * (Loops that run no iteration still cost their iterator's calls.)
	 */
	if (nr_llcs > 1) {
		bpf_for(i, 1, nr_llcs) {
			u32 l = (llc + i) % nr_llcs;

			if (in_ssc && llc_has_ssc(l) && scx_bpf_dsq_move_to_local(ssc_dsq(l), 0)) {
				stat_inc(STAT_SSC_DISPATCH);
				stat_inc(STAT_SSC_DISPATCH_FAR);
				return;
			}
		}
		bpf_for(i, 1, nr_llcs) {
			if (steal_in_llc(cpu, (llc + i) % nr_llcs)) {
				stat_inc(STAT_DISPATCH_FAR);
				return;
			}
		}
	}

	pull_to_idle_core(cpu, llc);
}

enum yield_to {
	YIELD_NONE,	/* nobody behind in vtime waits */
	YIELD_GIVE,	/* the head of the queue gets the CPU */
	YIELD_HOLDER,	/* the head is a lock waiter the yielder woke this run */
};

static void inform_read(struct task_struct *p, struct task_ctx *tctx);
static bool inform_give_way(struct task_struct *p, struct task_ctx *tctx);

/*
 * Whether queue @dsq's first task should get the CPU that @from yields:
 * it must be behind @vtime, and must not be a mutex waiter that @from itself
 * woke since it started running (@since). A task that released a mutex,
 * woke a waiter and still runs has usually taken the mutex again (glibc's
 * mutexes let the releaser re-take them ahead of the woken waiter): handing
 * it the CPU would only let it find the mutex held and sleep again, two
 * context switches that move no work (seed 002: a lock's waiter never runs
 * ahead of its holder). The yielder keeps the CPU instead, up to the end of
 * its slice as for any no-op yield, so the waiter waits at most a slice.
 */
static enum yield_to yield_gives_to(u64 dsq, u64 vtime, struct task_struct *from,
				    u64 since)
{
	struct task_struct *p = __COMPAT_scx_bpf_dsq_peek(dsq);
	struct task_ctx *pctx;

	if (!p || vtime_delta(p->scx.dsq_vtime, vtime) >= 0)
		return YIELD_NONE;
	pctx = lookup_task_ctx(p);
	if (since && pctx && pctx->lock_waker == (u32)from->pid &&
	    vtime_delta(pctx->lock_woken_at, since) >= 0)
		return YIELD_HOLDER;
	return YIELD_GIVE;
}

/*
 * sched_yield(), as EEVDF's yield_task_fair() does it in vtime: give the CPU
 * away only to a waiting task that this CPU would run next and that has run
 * less than the yielder (its vtime is behind the yielder's vtime now, with the
 * current run counted); otherwise the yield is a no-op and the yielder runs
 * on, its vtime advancing as it runs, until some waiting task is behind it.
 * Without this the kernel sets the slice to 0 and every yield pays a full
 * dispatch round and a context switch (yield-heavy lock code such as
 * sysbench threads, which yields while holding a mutex, lost half its
 * throughput to that). A task on the local queue (a one-CPU task) always
 * gets the CPU.
 */
bool BPF_STRUCT_OPS(lockaware_yield, struct task_struct *from,
		    struct task_struct *to)
{
	s32 cpu = scx_bpf_task_cpu(from);
	struct task_ctx *tctx;
	u64 vtime = from->scx.dsq_vtime, since;
	enum yield_to own, ssc;

	if (to)
		return false;	/* yield_to(): not supported */
	tctx = lookup_task_ctx(from);
	/*
	 * A registered waiter's yield (libinform offers one when its wait has
	 * made no progress for a while: docs/inform.md) follows the informing
	 * rule alone, at once instead of at the next tick: the CPU goes to the
	 * thread it waits for when that one is queued, and is kept otherwise
	 * (that thread runs: spinning on is the waiter's best use of its own
	 * time, and another task would take a whole slice of it).
	 */
	if (inform_enabled && tctx && tctx->hint_addr) {
		inform_read(from, tctx);
		if (tctx->hint_cls >= INFORM_LOCK_IMMEDIATE_WAITER_) {
			stat_inc(inform_give_way(from, tctx) ? STAT_INFORM_YIELD_GIVEN :
							      STAT_INFORM_YIELD_KEPT);
			return false;
		}
	}
	if (tctx && tctx->started_at)
		vtime += scale_by_task_weight_inverse(from, scx_bpf_now() - tctx->started_at);
	if (scx_bpf_dsq_nr_queued(SCX_DSQ_LOCAL)) {
		scx_bpf_task_set_slice(from, 0);
		stat_inc(STAT_YIELD_GIVEN);
		return false;
	}
	since = tctx ? tctx->started_at : 0;
	own = yield_gives_to(cpu_dsq(cpu), vtime, from, since);
	ssc = cpu_in_ssc(cpu) ?
		yield_gives_to(ssc_dsq(cpu_to_llc(cpu)), vtime, from, since) : YIELD_NONE;
	if (own == YIELD_GIVE || ssc == YIELD_GIVE) {
		scx_bpf_task_set_slice(from, 0);
		stat_inc(STAT_YIELD_GIVEN);
	} else if (own == YIELD_HOLDER || ssc == YIELD_HOLDER) {
		stat_inc(STAT_YIELD_KEPT_HOLDER);
	}
	return false;
}

/* Start kernel lock wait @w, its spin standing for @weight waits' (0: not timed, @now unused). */
static void wait_begin(struct lock_wait *w, u64 now, u32 weight)
{
	w->start = weight ? now : 1;
	w->oncpu_since = now;
	w->oncpu = 0;
	w->weight = weight;
	w->epoch = klock_epoch;
}

/* Whether wait @w is in progress and began since the probes were last detached. */
static bool klock_wait_live(const struct lock_wait *w)
{
	return w->start && w->epoch == klock_epoch;
}

static void wait_switch_in(struct lock_wait *w, u64 now)
{
	if (w->weight)
		w->oncpu_since = now;
}

static void wait_switch_out(struct lock_wait *w, u64 now)
{
	if (w->weight && w->oncpu_since) {
		w->oncpu += now - w->oncpu_since;
		w->oncpu_since = 0;
	}
}

/* End the traced kernel lock wait @w of @tctx: its on-CPU part is "spin". */
static void wait_end(struct task_ctx *tctx, struct lock_wait *w, u64 now)
{
	u64 spin = w->oncpu, total = now - w->start;

	if (w->oncpu_since)
		spin += now - w->oncpu_since;
	if (spin > total)
		spin = total;
	tctx->run_spin += spin * w->weight;
	w->start = 0;
	w->oncpu_since = 0;
	w->weight = 0;
}

/*
 * The kernel lock wait of @p, which leaves @cpu, goes with it (into its task
 * context; lockaware_stopping()); running() brings it to the CPU @p runs on
 * next (kwait_enter_cpu()). The probes thus find a wait on their own CPU.
 */
static void kwait_leave_cpu(struct task_struct *p, struct task_ctx *tctx, s32 cpu, u64 now)
{
	struct cpu_ctx *cctx = cpu_ctx_of(cpu);

	if (!cctx || !p->pid || cctx->kw_pid != p->pid)
		return;
	cctx->kw_pid = 0;
	tctx->kwait = cctx->kw;
	wait_switch_out(&tctx->kwait, now);
}

/*
 * @p starts running on @cpu. The CPU's slot is cleared first: a task of
 * another class (no stopping() for it) may have left a wait there, and it
 * must not be taken for @p's.
 */
static void kwait_enter_cpu(struct task_struct *p, struct task_ctx *tctx, s32 cpu, u64 now)
{
	struct cpu_ctx *cctx = cpu_ctx_of(cpu);

	if (!cctx)
		return;
	cctx->kw_pid = 0;
	if (!tctx->kwait.start)
		return;
	if (tctx->kwait.epoch != klock_epoch) {
		tctx->kwait.start = 0;
		tctx->kwait.weight = 0;
		stat_inc(STAT_KLOCK_STALE);
		return;
	}
	cctx->kw = tctx->kwait;
	cctx->kw_pid = p->pid;
	tctx->kwait.start = 0;
	tctx->kwait.weight = 0;
	wait_switch_in(&cctx->kw, now);
}

/* Whether @p, running, is inside a kernel lock wait (traced or not). */
static bool kwait_running(const struct task_struct *p)
{
	struct cpu_ctx *cctx = cpu_ctx_of(scx_bpf_task_cpu(p));

	return cctx && p->pid && cctx->kw_pid == p->pid && klock_wait_live(&cctx->kw);
}

/*
 * Every KLOCK_RATE_PERIOD_NS, at the tick: how many waits this CPU traces
 * (klock_trace_rate) from its rate over the last period, and the count of all
 * it saw into the statistics. Contention comes and goes faster than that (a
 * writer and its reader contend only while they run on two CPUs at once), so
 * lockaware_contention_begin() also halves the share traced as soon as a
 * period has traced its budget: without that, each period that began quiet
 * traced every wait, and a pipe's tasks had twice the budget traced.
 */
static void klock_rate_update(struct cpu_ctx *cctx, u64 now)
{
	u64 dt = now - cctx->kw_rate_at, rate;
	u32 shift = 0;

	if (dt < KLOCK_RATE_PERIOD_NS)
		return;
	if (cctx->kw_seen)
		stat_add(STAT_KLOCK_SEEN, cctx->kw_seen);
	if (klock_trace_rate) {
		rate = cctx->kw_seen * 1000000000ULL / dt;
		while (shift < KLOCK_MAX_SHIFT && (rate >> shift) > klock_trace_rate)
			shift++;
	}
	cctx->kw_shift = shift;
	cctx->kw_seen = 0;
	cctx->kw_traced = 0;
	cctx->kw_rate_at = now;
}

/*
 * Lock sleeps ("block"): a task that goes to sleep inside a kernel lock wait
 * or a lock's futex wait sleeps for the lock from then until its wake-up
 * (wake_ends_lock_sleep()). The time it then waits for a CPU is the
 * scheduler's doing, not the lock's: counting it would make every task of a
 * loaded machine look lock-bound, and confinement would feed itself.
 */
static u8 futex_sleep_why(struct task_struct *p);

static void lock_sleep_begin(struct task_struct *p, struct task_ctx *tctx, u64 now)
{
	u8 why;

	if (futex_at_sleep) {
		why = futex_sleep_why(p);
	} else {
		why = tctx->sleep_why;
		tctx->sleep_why &= ~SLEEP_FUTEX;	/* one sleep per marked futex wait */
	}
	if (klock_wait_live(&tctx->kwait) || why) {
		if (!tctx->asleep_since)
			__sync_fetch_and_add(&nr_lock_sleepers, 1);
		tctx->asleep_since = now;
		tctx->asleep_user = why;
	}
}

static void lock_sleep_end(struct task_ctx *tctx, u64 now)
{
	if (!tctx->asleep_since)
		return;
	__sync_fetch_and_sub(&nr_lock_sleepers, 1);
	if (now > tctx->asleep_since) {
		tctx->run_block += now - tctx->asleep_since;
		if (tctx->asleep_user)
			tctx->run_ublock += now - tctx->asleep_since;
	}
	tctx->asleep_since = 0;
}

/*
 * Informing hints (issue #12; docs/inform.md, seed 002 section 3). A thread that
 * uses libinform registered the address of its hint (lockaware_inform_register
 * below); the hint is user memory, read only in the thread's own context, where
 * that memory is the current one: when it stops running and at the tick.
 */
static void inform_read(struct task_struct *p, struct task_ctx *tctx)
{
	struct inform_hint_abi h;

	if (!tctx->hint_addr || p->pid != (u32)bpf_get_current_pid_tgid())
		return;
	if (bpf_probe_read_user(&h, sizeof(h), (void *)tctx->hint_addr) ||
	    h.magic != INFORM_MAGIC_ || h.version != INFORM_VERSION_ ||
	    h.cls > INFORM_BARRIER_WAITER_) {
		/* Unreadable or garbage: no class, no privilege. */
		tctx->hint_cls = INFORM_RUNNING_;
		tctx->hint_wait_for = 0;
		return;
	}
	tctx->hint_cls = h.cls;
	tctx->hint_holds = h.holds;
	tctx->hint_wait_for = h.wait_for;
}

/*
 * The thread waiter @p names in its hint (the lock's holder, or the owner of
 * the ticket being served or of the MCS queue's head), when that thread is of @p's
 * own process and waits on a queue: preempted, or woken and not yet run. Its
 * pid, else 0. A FIFO lock's next owner cannot say it is next while it is
 * preempted, but the waiters behind it can name it: its ticket was published
 * when it took its place in line (a convoy the process-wide count misses).
 */
static s32 named_thread_queued(struct task_struct *p, struct task_ctx *tctx)
{
	s32 pid = tctx->hint_wait_for;
	struct task_struct *w;
	bool queued;

	if (!pid || pid == p->pid)
		return 0;
	w = bpf_task_from_pid(pid);
	if (!w)
		return 0;
	queued = w->tgid == p->tgid && w->scx.dsq;
	bpf_task_release(w);
	return queued ? pid : 0;
}

/* Count @p as a preempted holder of its process, or stop counting it. */
static void inform_holder_preempted(struct task_struct *p, struct task_ctx *tctx,
				    bool on)
{
	struct inform_proc *ip, first = { .nr = 1, .pid = p->pid };
	u32 tgid = p->tgid;

	if (tctx->preempted_holder == on)
		return;
	tctx->preempted_holder = on;
	ip = bpf_map_lookup_elem(&inform_procs, &tgid);
	if (!on) {
		if (ip && ip->nr)
			__sync_fetch_and_sub(&ip->nr, 1);
		return;
	}
	if (!ip && !bpf_map_update_elem(&inform_procs, &tgid, &first, BPF_NOEXIST))
		return;
	ip = ip ?: bpf_map_lookup_elem(&inform_procs, &tgid);
	if (ip) {
		__sync_fetch_and_add(&ip->nr, 1);
		ip->pid = p->pid;
	}
}

static bool inform_holder_waits(struct task_struct *p)
{
	u32 tgid = p->tgid;
	struct inform_proc *ip = bpf_map_lookup_elem(&inform_procs, &tgid);

	return ip && ip->nr;
}

/*
 * Seed 002 §3's hand-off: @prev, a lock waiter, gave its CPU up at the tick
 * because a holder of its process was preempted, or the thread it named
 * (lockaware_tick()). The CPU goes to that thread, taken from the queue it
 * waits on, so that the waiter's time serves the lock instead of whatever
 * this CPU had queued (another application, which would then gain from the
 * rule). It is a donation: the thread runs for what was left of the waiter's
 * slice, not a slice of its own, and it is charged to its own vtime as any
 * run. A fresh slice let a chain of waiters (each handing over to the next)
 * keep a CPU from every other process: measured with the MCS lock, the
 * CPU-bound loops beside it kept 2.8% of the CPU instead of 19.6%. Returns
 * whether the thread was moved here.
 */
/* Less than this left of a waiter's slice is not worth a hand-off. */
#define DONATE_MIN_NS 100000ULL

static bool handoff_to_holder(s32 cpu, struct task_struct *prev)
{
	struct task_ctx *tctx = lookup_task_ctx(prev), *hctx;
	struct task_struct *h, *p;
	struct inform_proc *ip;
	u32 tgid = prev->tgid, n = 0;
	bool moved = false;
	u64 dsq = 0;
	s32 pid;

	if (!tctx || !tctx->handoff)
		return false;
	tctx->handoff = false;
	if (tctx->donate_ns < DONATE_MIN_NS)
		return false;
	/* The thread the waiter named, else its process's last preempted holder. */
	pid = tctx->handoff_pid;
	if (!pid) {
		ip = bpf_map_lookup_elem(&inform_procs, &tgid);
		if (!ip || !ip->nr || !(pid = ip->pid))
			return false;
	}
	h = bpf_task_from_pid(pid);
	if (!h)
		return false;
	hctx = lookup_task_ctx(h);
	if (hctx && (tctx->handoff_pid || hctx->preempted_holder) && h->tgid == tgid &&
	    bpf_cpumask_test_cpu(cpu, h->cpus_ptr))
		dsq = hctx->queued_dsq;
	bpf_task_release(h);
	if (!dsq)
		return false;
	bpf_for_each(scx_dsq, p, dsq, 0) {
		if (p->pid != pid) {
			if (++n >= 64)
				break;
			continue;
		}
		/*
		 * Only to a thread no more than a slice ahead of the donor in
		 * vtime: a donation runs it out of vtime order, and without
		 * this bound the owner of a requester lock, handed the rest of
		 * a slice by every waiter that went to sleep, ran far ahead
		 * of its fair share (the loops beside it were served 0.29 of
		 * their runnable time against the lock threads' 0.36).
		 */
		if (vtime_delta(p->scx.dsq_vtime, prev->scx.dsq_vtime) > (s64)slice_ns) {
			stat_inc(STAT_HANDOFF_AHEAD);
			break;
		}
		scx_bpf_dsq_move_set_slice(BPF_FOR_EACH_ITER, tctx->donate_ns);
		if (scx_bpf_dsq_move(BPF_FOR_EACH_ITER, p, SCX_DSQ_LOCAL, 0)) {
			stat_inc(tctx->hint_cls == INFORM_BARRIER_WAITER_ ?
					 STAT_BARRIER_HANDOFF : STAT_HOLDER_HANDOFF);
			if ((hctx = lookup_task_ctx(p)))
				hctx->handed_over = true;
			moved = true;
		}
		break;
	}
	return moved;
}

/*
 * A thread of process @tgid, other than @self, among the first @max of queue
 * @dsq that has not arrived at the barrier @self waits at, in its phase
 * @phase (the barrier waiter's wait_for; 0: unknown): registered, and its
 * hint, as read when it last stopped, not a barrier waiter's, or a barrier
 * waiter's of another phase (woken when that phase ended, it has yet to
 * arrive at this one). Its pid, else 0. Global: verified once, not at every
 * call site (a loop over queues around this loop made the program too large
 * to verify).
 */
__noinline s32 not_arrived_on(u32 tgid, s32 self, u32 phase, u64 dsq, u32 max)
{
	struct task_struct *q;
	struct task_ctx *qctx;
	u32 n = 0;

	bpf_for_each(scx_dsq, q, dsq, 0) {
		if (++n > max)
			break;
		if (q->tgid != tgid || q->pid == self)
			continue;
		qctx = lookup_task_ctx(q);
		if (qctx && qctx->hint_addr &&
		    (qctx->hint_cls != INFORM_BARRIER_WAITER_ ||
		     (phase && qctx->hint_wait_for != phase)))
			return q->pid;
	}
	return 0;
}

/* Other queues of the LLC that a barrier waiter looks at, and how deep. */
#define NOT_ARRIVED_QUEUES 3
#define NOT_ARRIVED_DEPTH 16

/*
 * A queued thread of @p's process that has not arrived at the barrier @p
 * waits at (not_arrived_on()): on @cpu's queue (its first 32 tasks), else on
 * the queues of NOT_ARRIVED_QUEUES other CPUs of its LLC, from a random one
 * on (the first 16 of each: with one queue per CPU the thread is as likely to
 * wait on another CPU's queue as on this one's; handoff_to_holder() moves it
 * here). The barrier cannot open before it arrives, so a barrier waiter's
 * CPU is better spent on it than on any other thread of the process. Its
 * pid, else 0.
 */
static s32 not_arrived_queued(struct task_struct *p, struct task_ctx *tctx, s32 cpu)
{
	u32 llc = cpu_to_llc(cpu), first, total, start, i, phase = tctx->hint_wait_for;
	s32 pid = not_arrived_on(p->tgid, p->pid, phase, cpu_dsq(cpu), 32), c;

	if (pid || llc >= MAX_LLCS || (total = llc_nr[llc]) < 2)
		return pid;
	first = llc_first[llc];
	start = bpf_get_prandom_u32() % total;
	bpf_for(i, 0, NOT_ARRIVED_QUEUES + 1) {
		if (i >= total)
			break;
		c = llc_cpu_at(first, total, start, i);
		if (c < 0)
			break;
		if (c == cpu)
			continue;
		pid = not_arrived_on(p->tgid, p->pid, phase, cpu_dsq(c), NOT_ARRIVED_DEPTH);
		if (pid)
			return pid;
	}
	return 0;
}

/*
 * Whether @p, a waiter (its hint as just read, @p current), gives its CPU up by
 * the rule below; if so its slice ends here and dispatch() hands what was left
 * of it to the thread it waits for (handoff_to_holder()). Asked at the tick and
 * when the waiter calls sched_yield() (lockaware_yield()).
 */
static bool inform_give_way(struct task_struct *p, struct task_ctx *tctx)
{
	s32 cpu;

	switch (tctx->hint_cls) {
	case INFORM_LOCK_IMMEDIATE_WAITER_:
	case INFORM_LOCK_WAITER_:
		tctx->handoff_pid = named_thread_queued(p, tctx);
		if (!tctx->handoff_pid && !inform_holder_waits(p))
			return false;
		tctx->handoff = true;
		stat_inc(STAT_WAITER_YIELD);
		if (tctx->handoff_pid)
			stat_inc(STAT_WAITER_YIELD_NAMED);
		break;
	case INFORM_BARRIER_WAITER_:
		cpu = scx_bpf_task_cpu(p);
		if (!scx_bpf_dsq_nr_queued(cpu_dsq(cpu)))
			return false;
		tctx->handoff_pid = not_arrived_queued(p, tctx, cpu);
		tctx->handoff = tctx->handoff_pid != 0;
		stat_inc(STAT_BARRIER_YIELD);
		/*
		 * Demoted (seed 002: BARRIER_WAITER is the lowest class): it
		 * pays in vtime for the slice it gives up, as if it had run
		 * it (EEVDF's sched_yield() likewise pushes the yielder's
		 * deadline a slice on). A waiter kept runnable by its offers
		 * otherwise counted as one more thread wanting the CPU, and
		 * the process took 1.4 times its CPU without hints from the
		 * loops beside it (docs/benchmarks.md sections 37.3, 52).
		 */
		if (inform_barrier_charge)
			scx_bpf_task_set_dsq_vtime(p, p->scx.dsq_vtime +
						   scale_by_task_weight_inverse(p, p->scx.slice));
		break;
	default:
		return false;
	}
	tctx->donate_ns = p->scx.slice;
	scx_bpf_task_set_slice(p, 0);
	return true;
}

/*
 * The time @p spends inside futex(2), sampled at the tick as the kernel
 * samples p->stime: a tick that finds the task inside the call charges it a
 * tick (tick_ns). Interrupted in the kernel, a task's saved user registers
 * are its system call's (orig_ax holds the call's number, as
 * futex_sleep_why() reads for a sleeper); interrupted in user mode they are
 * the interrupt's own (orig_ax is negative), so no tick in user mode counts.
 * One load per tick; the task's context only at a tick inside futex(2).
 */
static void sample_futex_sys(struct task_struct *p)
{
	struct task_ctx *tctx;
	struct pt_regs *regs;

	if (p->flags & PF_KTHREAD)
		return;
	regs = (struct pt_regs *)bpf_task_pt_regs(p);
	if (regs && regs->orig_ax == NR_FUTEX_X86_64 && (tctx = lookup_task_ctx(p)))
		tctx->run_fsys += tick_ns;
}

/*
 * The rule, within the CPU time the process gets anyway (every run is charged
 * to the task's vtime as usual):
 * - a holder whose slice is running out gets one more slice, once per hold
 *   (the hint's hold count must move for another), once per run, and only
 *   while it has not run more than a slice ahead of its LLC's clock: a thread
 *   that claims to hold a lock forever runs at most two slices in a row and
 *   gains at most a slice of lead;
 * - a waiter (immediate or not) gives its CPU up while a holder of its own
 *   process is preempted, or the thread it names as waited for (hint v2:
 *   the holder, the next owner of a FIFO lock, its queue predecessor) waits
 *   on a queue: spinning then only delays that thread, which gets the CPU;
 * - a barrier waiter gives its CPU up when other work waits for that CPU,
 *   to a thread of its process that has not arrived, when one is queued
 *   there (donated as above), and pays in vtime for the slice it gives up
 *   (inform_barrier_charge);
 * - with --inform-sleep-donate, a waiter that goes to sleep donates the rest
 *   of its slice the same way (donate_on_sleep(); off by default: unfair).
 */
void BPF_STRUCT_OPS(lockaware_tick, struct task_struct *p)
{
	struct task_ctx *tctx;
	struct llc_ctx *lctx;
	struct cpu_ctx *cctx;
	u32 zero = 0;

	sample_futex_sys(p);
	cctx = bpf_map_lookup_elem(&cpu_ctxs, &zero);
	if (cctx)
		klock_rate_update(cctx, scx_bpf_now());

	/*
	 * A deferred wake-up preemption (preempt_for_wakee()) is due: end the
	 * slice now if the woken task still waits here, on the CPU's own queue,
	 * (a one-CPU task, pinned_local_ok()) its local one or (lock-intensive,
	 * on an SSC CPU) the SSC queue, and no other CPU took it.
	 */
	if (cctx && cctx->preempt_at && scx_bpf_now() >= cctx->preempt_at) {
		s32 cpu = bpf_get_smp_processor_id();

		cctx->preempt_at = 0;
		if (scx_bpf_dsq_nr_queued(SCX_DSQ_LOCAL) ||
		    scx_bpf_dsq_nr_queued(cpu_dsq(cpu)) ||
		    (cpu_in_ssc(cpu) && scx_bpf_dsq_nr_queued(ssc_dsq(cpu_to_llc(cpu))))) {
			scx_bpf_task_set_slice(p, 0);
			stat_inc(STAT_WAKE_PREEMPT_LATE);
			waker_ran_on(p, scx_bpf_now());
			return;
		}
	}

	if (!inform_enabled || !(tctx = lookup_task_ctx(p)) || !tctx->hint_addr)
		return;
	inform_read(p, tctx);
	switch (tctx->hint_cls) {
	case INFORM_LOCK_HOLDER_:
		if (p->scx.slice > slice_ns / 2 ||
		    tctx->extended_holds == tctx->hint_holds + 1)
			break;
		/*
		 * The hold count is the thread's own word: a thread can fake a new
		 * hold at will. So also at most one extension per run, and only
		 * for a task that has the credit to pay for it: its vtime at the
		 * end of the extended run (the run so far, what is left of the
		 * slice and the extension; vtime is charged only when it stops)
		 * must not pass its LLC's clock by more than a slice, the lead
		 * any task has after one ordinary run started at the clock. A
		 * weaker bound (the run so far only) let four threads that always
		 * claim a hold take 55-62% of the CPU from as many CPU-bound
		 * loops: the loops' credit is capped at a slice behind the clock
		 * (task_follow_llc_clock()), so a lead gained by longer runs is
		 * never paid back.
		 */
		lctx = lookup_llc_ctx(tctx->vtime_llc);
		if (!lctx || tctx->extended_run == tctx->started_at ||
		    vtime_delta(p->scx.dsq_vtime +
				scale_by_task_weight_inverse(p, scx_bpf_now() - tctx->started_at +
							     p->scx.slice + slice_ns),
				lctx->vtime_now) > (s64)slice_ns) {
			if (tctx->denied_holds != tctx->hint_holds + 1) {
				tctx->denied_holds = tctx->hint_holds + 1;
				stat_inc(STAT_HOLDER_DENIED);
			}
			break;
		}
		scx_bpf_task_set_slice(p, p->scx.slice + slice_ns);
		tctx->extended_holds = tctx->hint_holds + 1;
		tctx->extended_run = tctx->started_at;
		stat_inc(STAT_HOLDER_EXTENDED);
		break;
	case INFORM_LOCK_IMMEDIATE_WAITER_:
	case INFORM_LOCK_WAITER_:
	case INFORM_BARRIER_WAITER_:
		inform_give_way(p, tctx);
		break;
	}
}

/*
 * A lock-intensive task starts on @cpu: count a run outside the SSC by its
 * cause, and note in ssc_follow[] how the placement follows the last SSC
 * change.
 */
static void note_lock_run(struct task_struct *p, struct task_ctx *tctx, s32 cpu)
{
	struct ssc_follow *f = &ssc_follow[(u32)cpu & (MAX_CPUS - 1)];

	if (cpu_in_ssc(cpu)) {
		if (f->gen != ssc_gen) {
			f->gen = ssc_gen;
			f->at = tctx->started_at;
		}
		return;
	}
	if (!ssc_allowed(p)) {
		stat_inc(STAT_LOCK_OUT_AFFINITY);
		__sync_fetch_and_or(&class_out_cpus[((u32)cpu & (MAX_CPUS - 1)) / 64],
				    1ULL << ((u32)cpu & 63));
		return;
	}
	if (tctx->place_gen != ssc_gen)
		stat_inc(STAT_LOCK_OUT_RESIZE);
	else
		stat_inc(STAT_LOCK_OUT_NOREASON);
	f->out_running = 1;
	tctx->out_run = true;
}

void BPF_STRUCT_OPS(lockaware_running, struct task_struct *p)
{
	struct task_ctx *tctx = lookup_task_ctx(p);
	struct llc_ctx *lctx;
	s32 cpu = scx_bpf_task_cpu(p);
	u32 llc = cpu_to_llc(cpu);

	if (p->nr_cpus_allowed == 1 && is_pcpu_kthread(p)) {
		struct cpu_ctx *cctx = cpu_ctx_of(cpu);

		if (cctx && cctx->kthreads_local)
			cctx->kthreads_local--;
	}

	if (!tctx)
		return;
	queue_vtime_leave(tctx);
	tctx->started_at = scx_bpf_now();
	tctx->ran_nvcsw = p->nvcsw + 1;
	tctx->run_gen = ssc_gen;
	if (tctx->preempted_holder)
		inform_holder_preempted(p, tctx, false);
	tctx->handoff = false;
	tctx->handoff_pid = 0;
	tctx->run_fsys = 0;

	/* A kernel lock wait in progress is on the CPU again. */
	kwait_enter_cpu(p, tctx, cpu, tctx->started_at);

	/* Lock-intensive runs outside the SSC, and why. */
	if (tctx->lock_intensive)
		note_lock_run(p, tctx, cpu);

	/*
	 * A stolen task now follows the clock of the LLC it runs on; so does a
	 * hinted waiter woken onto a CPU directly (an idle one, a local queue),
	 * which enqueue() did not place.
	 */
	if (tctx->vtime_llc != llc || tctx->lag_set)
		task_follow_llc_clock(p, tctx, llc);

	/*
	 * The LLC's clock follows the tasks that run in vtime order. A holder
	 * handed a waiter's CPU runs out of that order, possibly far ahead of
	 * the clock: moving the clock to it would cap everyone else's credit
	 * (task_follow_llc_clock()) at a slice behind it, and the tasks of other
	 * processes that had waited longer would lose what they were owed.
	 */
	lctx = lookup_llc_ctx(llc);
	if (tctx->handed_over)
		tctx->handed_over = false;
	else if (lctx && vtime_delta(p->scx.dsq_vtime, lctx->vtime_now) > 0)
		lctx->vtime_now = p->scx.dsq_vtime;
}

/* Lock-wait share of @tctx's window, SHARE_ONE = 100%. */
static u32 window_share(const struct task_ctx *tctx)
{
	u64 d = tctx->win_run + tctx->win_block;
	u64 w = tctx->win_spin + tctx->win_block + tctx->win_lsys;

	if (!d)
		return 0;
	/* lsys comes in ticks: a run can be charged more than it lasted. */
	return w >= d ? SHARE_ONE : w * SHARE_ONE / d;
}

/*
 * The system time of a run of @p that goes to a user lock's traffic: its
 * time inside futex(2) (sample_futex_sys()), when the task's lock waits in its
 * window are mostly user-lock (futex) sleeps and those sleeps take at least a
 * tenth of lock_enter_share of its time (1% by default). Its futex calls, and
 * the switches and wake-ups they cause, are then its lock's traffic, lock
 * time for the classification (the votes count every futex tick of a voting
 * run as waste, gate or not: lockaware_stopping()): two threads on one glibc
 * mutex, a CPU each, sleep in it 5-8% of their time and spend 20-25% in the
 * kernel on it (docs/benchmarks.md section 64), while the pair runs 2.5
 * times as fast on one CPU. The floor keeps out a thread whose futex calls
 * pass events and whose only lock sleep in its window was a short one
 * (threads passing a token through a futex read 60% without it:
 * tests/vm/test_risks.py, risk 6).
 * Only futex(2)'s time counts: a thread that also reads files or faults
 * pages spends that system time on other work (session 45 counted all of
 * p->stime, and a mutex beside page-cache reads lost 28% in one of three
 * runs, docs/benchmarks.md section 64.6).
 */
static u64 lock_sys_ns(const struct task_ctx *tctx)
{
	u64 d = tctx->win_run + tctx->win_block;

	if (tctx->run_fsys && 2 * tctx->win_ublock > tctx->win_spin + tctx->win_block &&
	    tctx->win_ublock * SHARE_ONE * 10 >= (u64)lock_enter_share * d)
		return tctx->run_fsys;
	return 0;
}

/*
 * Record @p in lock_tasks: at most every 100 ms per task, and always when its
 * class changed (@changed), or the statistic would show a class the task left
 * until its entry goes stale.
 */
static void note_lock_task(struct task_struct *p, struct task_ctx *tctx,
			   u32 share, u64 now, bool changed)
{
	struct lock_task_info info = {};
	u64 d = tctx->win_run + tctx->win_block;
	s32 pid = p->pid;

	if (!changed && now - tctx->info_at < 100000000ULL)
		return;
	tctx->info_at = now;
	bpf_probe_read_kernel_str(info.comm, sizeof(info.comm), p->comm);
	info.share = share;
	info.spin_share = d ? tctx->win_spin * SHARE_ONE / d : 0;
	info.intensive = tctx->lock_intensive;
	info.updated_ns = now;
	bpf_map_update_elem(&lock_tasks, &pid, &info, BPF_ANY);
}

/*
 * End of a run (figure 3.30, "runs at the end of each time slice"): charge
 * the run, update the task's lock-wait window and class, and vote.
 */
/*
 * A waiter that goes to sleep (a mutex's, the requester lock's far waiters, a
 * barrier's) gives what is left of its slice to the thread it waits for, when
 * that one is queued: the thread its hint names, or, at a barrier, a thread
 * of its process that has not arrived. The sleep would otherwise hand the CPU
 * to whatever is queued first, while the thread that can end the wait stays
 * queued. dispatch(), which follows with @p as prev, hands it over.
 */
static void donate_on_sleep(struct task_struct *p, struct task_ctx *tctx)
{
	s32 pid = 0;

	switch (tctx->hint_cls) {
	case INFORM_LOCK_IMMEDIATE_WAITER_:
	case INFORM_LOCK_WAITER_:
		pid = named_thread_queued(p, tctx);
		break;
	case INFORM_BARRIER_WAITER_:
		pid = not_arrived_queued(p, tctx, scx_bpf_task_cpu(p));
		break;
	}
	if (!pid)
		return;
	tctx->handoff = true;
	tctx->handoff_pid = pid;
	tctx->donate_ns = p->scx.slice;
	stat_inc(STAT_SLEEP_DONATE);
}

/*
 * Seed 002 ranks a lock waiter and a barrier waiter below a running thread: a
 * thread does not earn CPU by waiting. A task that sleeps is owed, when it
 * wakes, the time its LLC's clock moved on meanwhile, up to wake_credit_ns
 * (task_follow_llc_clock()): the credit that lets a sleeper get ahead of
 * CPU-bound work. A thread whose hint says it waits when it goes to sleep
 * (a pthread mutex's waiter through the shim, the requester lock's far
 * waiters, a barrier's) instead keeps the lag it had on the clock, as EEVDF
 * keeps any task's (its place_entity()): it wakes where it left, at most a
 * slice ahead of the clock and wake_credit_ns behind. An immediate waiter
 * (the next owner of a FIFO lock) keeps the credit. A process only loses by
 * publishing the hint. Applied to every task, that rule made stress-ng
 * futex 0.14x (docs/benchmarks.md section 53); for hinted waiters alone:
 * section 55.
 */
static void note_waiter_sleep(struct task_struct *p, struct task_ctx *tctx)
{
	struct llc_ctx *lctx = lookup_llc_ctx(tctx->vtime_llc);
	s64 lag;

	if (!lctx)
		return;
	lag = vtime_delta(lctx->vtime_now, p->scx.dsq_vtime);
	if (lag > (s64)wake_credit_ns)
		lag = wake_credit_ns;
	if (lag < -(s64)slice_ns)
		lag = -(s64)slice_ns;
	tctx->sleep_lag = lag;
	tctx->lag_set = true;
	stat_inc(STAT_WAITER_SLEEP_LAG);
}

void BPF_STRUCT_OPS(lockaware_stopping, struct task_struct *p, bool runnable)
{
	struct task_ctx *tctx = lookup_task_ctx(p);
	struct vote_part *part = NULL;
	bool was_intensive, voted, quiet, frozen;
	u64 now, used, lsys;
	u32 share;

	if (!tctx || !tctx->started_at)
		return;
	now = scx_bpf_now();
	used = now - tctx->started_at;
	tctx->last_run = used;
	/* Weighted vruntime: nice 0 (weight 100) advances at wall speed. */
	scx_bpf_task_set_dsq_vtime(p, p->scx.dsq_vtime +
				      scale_by_task_weight_inverse(p, used));

	if (tctx->out_run) {
		struct ssc_follow *f =
			&ssc_follow[(u32)scx_bpf_task_cpu(p) & (MAX_CPUS - 1)];

		tctx->out_run = false;
		f->out_running = 0;
		f->out_left_at = now;
	}

	/*
	 * How long this run went on after its first sync wake-up
	 * (waker_sleeps_soon()), counted up to twice the bound: one long run (an
	 * interrupt, or in a guest the host taking the vCPU away) then lifts the
	 * decayed mean by half the bound at most, so a waker that sleeps at once
	 * is refused once or not at all; counted whole, one such run refused its
	 * next ten wake-ups or so (perf bench sched pipe in an oversubscribed
	 * 4-vCPU guest: 7-17% of its sync wake-ups refused, 0.1-2.2% with the
	 * cap), while a streaming writer, over twice the bound run after run, is
	 * still refused (docs/benchmarks.md section 99). And up to a slice: a
	 * wakee put behind the waker waits no longer than that, and a run the
	 * guard let go on with its wakee elsewhere (no slice end when nothing
	 * else waits) would otherwise count its whole length; so
	 * wake_sync_overlap_ns = slice_ns is the guard off.
	 */
	if (tctx->sync_woke_at) {
		u64 over = now - tctx->sync_woke_at;

		if (over > 2 * wake_sync_overlap_ns)
			over = 2 * wake_sync_overlap_ns;
		if (over > slice_ns)
			over = slice_ns;
		tctx->sync_overlap_ns = (3 * tctx->sync_overlap_ns + over) / 4;
		tctx->sync_woke_at = 0;
	}
	/*
	 * A kept wake-up's waker that sleeps: waker_batches() was right if it
	 * ran on a while first (a sender filling a queue). One that slept at
	 * once (a semaphore or futex ping-pong: the reply is what it waits for)
	 * gained nothing by keeping the CPU and paid a sleep and a wake-up per
	 * round trip, where its preemption would have let the wakee answer
	 * before it slept (micro sem 0.94x, docs/benchmarks.md section 82): it
	 * is not tried for a while, as one that ran on. Either way the wakee's
	 * deferred preemption is moot: the CPU picks its next task now.
	 */
	if (tctx->batch_woke_at) {
		if (!runnable)
			waker_slept(tctx, now);
		tctx->batch_woke_at = 0;
	}

	/* A kernel lock wait in progress leaves the CPU; a lock sleep starts. */
	kwait_leave_cpu(p, tctx, scx_bpf_task_cpu(p), now);
	if (!runnable)
		lock_sleep_begin(p, tctx, now);

	/* The decayed window (see lock_window_ns), frozen while the probes pause. */
	lsys = lock_sys_share ? lock_sys_ns(tctx) : 0;
	frozen = klock_paused;
	if (run_waited(tctx, lsys))
		tctx->last_wait_at = now;
	if (!frozen) {
		tctx->win_run += used;
		tctx->win_spin += tctx->run_spin;
		tctx->win_block += tctx->run_block;
		tctx->win_ublock += tctx->run_ublock;
		tctx->win_lsys += lsys;
	}
	if (tctx->win_run + tctx->win_block > lock_window_ns) {
		tctx->win_run /= 2;
		tctx->win_spin /= 2;
		tctx->win_block /= 2;
		tctx->win_ublock /= 2;
		tctx->win_lsys /= 2;
	}

	/*
	 * Classification with hysteresis (figure 3.30, lines 4-10), of the
	 * tasks an SSC can place: a one-CPU task (perf bench futex binds its
	 * threads, a per-CPU worker) runs where it is whatever the SSC's size,
	 * so it is not counted among the tasks the search sizes the SSC for,
	 * and its runs do not vote. Its share is still recorded (lock_tasks).
	 */
	share = window_share(tctx);
	quiet = now - tctx->last_wait_at >= class_quiet_ns;
	was_intensive = tctx->lock_intensive;
	if (frozen) {
		/* klock_paused: the class stays as it was */
	} else if (!tctx->lock_intensive) {
		if (share > lock_enter_share && p->nr_cpus_allowed > 1 &&
		    tctx->win_run + tctx->win_block >= lock_min_obs_ns) {
			tctx->lock_intensive = true;
			tctx->below_since = 0;
			if (tctx->left_at && now - tctx->left_at < class_reenter_ns) {
				tctx->dwell_ns = tctx->dwell_ns * 2 < class_dwell_max_ns ?
						 tctx->dwell_ns * 2 : class_dwell_max_ns;
				stat_inc(STAT_LOCK_REENTER);
			} else {
				tctx->dwell_ns = class_dwell_ns;
			}
			stat_inc(STAT_LOCK_IN);
		}
	} else if (p->nr_cpus_allowed == 1) {
		tctx->lock_intensive = false;
		tctx->left_at = 0;
		stat_inc(STAT_LOCK_OUT);
	} else if (share >= lock_leave_share) {
		tctx->below_since = 0;
	} else if (quiet ||
		   (tctx->below_since && now - tctx->below_since >= tctx->dwell_ns)) {
		tctx->lock_intensive = false;
		tctx->left_at = now;
		stat_inc(STAT_LOCK_OUT);
		if (quiet)
			stat_inc(STAT_LOCK_OUT_QUIET);
	} else if (!tctx->below_since) {
		tctx->below_since = now;
	}

	/*
	 * Votes (figure 3.30, lines 12-23): a lock-intensive task that ran on an
	 * SSC CPU under the SSC still in force adds its run and lock waits.
	 * Per-CPU counters replace the thesis's trylock-protected globals.
	 */
	voted = !frozen && tctx->lock_intensive && tctx->run_gen == ssc_gen &&
		cpu_in_ssc(scx_bpf_task_cpu(p));
	if (voted) {
		part = vote_part_now();
		vote_add(part, STAT_VOTE_RUN_NS, used);
		vote_add(part, STAT_VOTE_SPIN_NS, tctx->run_spin);
		vote_add(part, STAT_VOTE_XCALL_NS, tctx->run_xcall);
		vote_add(part, STAT_VOTE_BLOCK_NS, tctx->run_block);
		/*
		 * User-lock traffic, waste (search/src/lib.rs, "The throughput
		 * estimate"): all of the run's time inside futex(2), without
		 * lock_sys_ns()'s gate. The gate asks whether futex time is lock
		 * time for the share; for the votes no futex call is useful work
		 * whatever it waits for, and a gate decided on the decayed window
		 * lags a resize: two threads on one mutex, confined to 1 CPU, hardly
		 * sleep (window under the gate's 1%), and for 100-200 ms after the
		 * search moved them to 2 CPUs their futex time did not count
		 * (p_sys 0.005-0.07 against 0.13-0.27 once the gate opened), so
		 * the probe of 2 read 1.8-2.0 CPUs of work where the pair did half
		 * of what it did on 1 (docs/benchmarks.md section 66).
		 */
		if (tctx->run_fsys)
			vote_add(part, STAT_VOTE_LOCK_SYS_NS, tctx->run_fsys);
	}
	tctx->run_spin = 0;
	tctx->run_xcall = 0;
	tctx->run_block = 0;
	tctx->run_ublock = 0;
	tctx->run_fsys = 0;

	if (share || was_intensive != tctx->lock_intensive)
		note_lock_task(p, tctx, share, now, was_intensive != tctx->lock_intensive);

	/*
	 * A holder (by its hint) that leaves the CPU runnable was preempted. So
	 * was an immediate waiter: a FIFO lock (ticket, MCS) passes to it next,
	 * and every other waiter then waits for it as for a holder.
	 */
	if (inform_enabled && tctx->hint_addr) {
		inform_read(p, tctx);
		if (runnable && (tctx->hint_cls == INFORM_LOCK_HOLDER_ ||
				 tctx->hint_cls == INFORM_LOCK_IMMEDIATE_WAITER_)) {
			stat_inc(STAT_HOLDER_PREEMPTED);
			inform_holder_preempted(p, tctx, true);
		} else if (!runnable && inform_sleep_donate) {
			donate_on_sleep(p, tctx);
		}
		if (!runnable && inform_waiter_lag &&
		    (tctx->hint_cls == INFORM_LOCK_WAITER_ ||
		     tctx->hint_cls == INFORM_BARRIER_WAITER_))
			note_waiter_sleep(p, tctx);
		/*
		 * The progress the thread reports itself: the acquisitions
		 * its hint counted during this run. Beside the votes, the
		 * search judges a size by them where such threads did (nearly)
		 * all of the voting run (search/src/lib.rs, Measure). A hint
		 * that was unreadable leaves the count where it was: the run
		 * votes no progress, which only hurts the thread's own search.
		 */
		if (voted && tctx->holds_seen) {
			vote_add(part, STAT_VOTE_ACQ, (u32)(tctx->hint_holds - tctx->holds_voted));
			vote_add(part, STAT_VOTE_ACQ_RUN_NS, used);
		}
		tctx->holds_voted = tctx->hint_holds;
		tctx->holds_seen = true;
	}
}

void BPF_STRUCT_OPS(lockaware_exit_task, struct task_struct *p,
		    struct scx_exit_task_args *args)
{
	struct task_ctx *tctx = lookup_task_ctx(p);
	s32 pid = p->pid;

	if (tctx)
		queue_vtime_leave(tctx);
	if (tctx && tctx->lock_intensive)
		stat_inc(STAT_LOCK_OUT);
	if (tctx && tctx->asleep_since)
		__sync_fetch_and_sub(&nr_lock_sleepers, 1);
	if (tctx && tctx->preempted_holder)
		inform_holder_preempted(p, tctx, false);
	bpf_map_delete_elem(&lock_tasks, &pid);
}

/*
 * Lock-wait accounting (SPEC.md section 1, "Lock-wait share per task").
 *
 * Kernel locks: lock:contention_begin/end bracket a wait on a spinlock,
 * rwlock, mutex or rwsem. They fire on contention only. The part of the wait
 * spent on the CPU (spinning, optimistic mutex spinning) is "spin"; the
 * sleeps inside it are "block" (lock_sleep_begin/end).
 */
static struct task_ctx *current_task_ctx(void)
{
	struct task_struct *cur = bpf_get_current_task_btf();

	if (cur->tgid == agent_tgid)
		return NULL;
	return lookup_task_ctx(cur);
}

/* libinform's inform_register(hint): a thread tells where its hint lives. */
SEC("uprobe")
int BPF_KPROBE(lockaware_inform_register, void *hint)
{
	struct task_ctx *tctx = current_task_ctx();

	if (!tctx)
		return 0;
	if (!tctx->hint_addr)
		stat_inc(STAT_INFORM_TASKS);
	tctx->hint_addr = (u64)hint;
	return 0;
}

/*
 * The wait in progress lives in the CPU's slot (cpu_ctx.kw) while its task
 * runs, so a begin and an end that trace nothing cost no task-storage lookup
 * and no clock read: at the rates where sampling sets in (a pipe's mutex
 * between a writer and its reader: 250,000 contentions a second on 2 CPUs)
 * the probes' own time was about a tenth of the CPUs (docs/benchmarks.md
 * section 78). The idle task (pid 0, an interrupt on an idle CPU) and the
 * agent are not traced.
 */
SEC("tp_btf/contention_begin")
int BPF_PROG(lockaware_contention_begin, void *lock, unsigned int flags)
{
	struct task_struct *cur = bpf_get_current_task_btf();
	struct cpu_ctx *cctx;
	u32 zero = 0, weight = 0, shift, x = 0;

	cctx = bpf_map_lookup_elem(&cpu_ctxs, &zero);
	/* A mutex that stops spinning and sleeps reports a second begin. */
	if (!cctx || !cur->pid || cur->tgid == agent_tgid ||
	    (cctx->kw_pid == cur->pid && cctx->kw.epoch == klock_epoch))
		return 0;
	cctx->kw_seen++;
	shift = cctx->kw_shift & 31;
	if (shift) {
		/* xorshift32: no helper call on the path that traces nothing */
		x = cctx->kw_rand ?: bpf_get_prandom_u32() | 1;
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		cctx->kw_rand = x;
	}
	/*
	 * Each traced wait counts 1 / its chance, whatever the shift was for
	 * the others (klock_rate_update()).
	 */
	if (!(x & ((1U << shift) - 1))) {
		weight = 1U << shift;
		if (klock_trace_rate && shift < KLOCK_MAX_SHIFT &&
		    ++cctx->kw_traced > klock_trace_rate * KLOCK_RATE_PERIOD_NS / 1000000000ULL) {
			cctx->kw_shift = shift + 1;
			cctx->kw_traced = 0;
		}
	}
	cctx->kw_pid = cur->pid;
	wait_begin(&cctx->kw, weight ? scx_bpf_now() : 0, weight);
	return 0;
}

SEC("tp_btf/contention_end")
int BPF_PROG(lockaware_contention_end, void *lock, int ret)
{
	struct task_struct *cur = bpf_get_current_task_btf();
	struct task_ctx *tctx;
	struct cpu_ctx *cctx;
	u32 zero = 0;

	cctx = bpf_map_lookup_elem(&cpu_ctxs, &zero);
	if (!cctx || !cur->pid || cctx->kw_pid != cur->pid)
		return 0;
	/* The slot is free again: nothing reads cctx->kw without kw_pid. */
	cctx->kw_pid = 0;
	if (cctx->kw.epoch != klock_epoch) {
		stat_inc(STAT_KLOCK_STALE);
		return 0;
	}
	if (!cctx->kw.weight || !(tctx = lookup_task_ctx(cur)))
		return 0;
	wait_end(tctx, &cctx->kw, scx_bpf_now());
	stat_inc(STAT_KLOCK_WAITS);
	return 0;
}

/*
 * Waits for other CPUs (beyond the thesis): a synchronous cross-CPU call,
 * above all the TLB shootdown of a thread that unmaps memory its process's
 * threads use on other CPUs, holds the caller on its CPU, preemption off,
 * until every target CPU has run the function. That is core time lost to
 * running one address space on more CPUs: a larger SSC adds to it, and no
 * lock wait shows it (2 threads under one mmap_lock: thro 1.2 CPUs at an SSC
 * of 2 against 0.8 at 1, where 1 did twice the work; docs/benchmarks.md
 * §41). It goes into the search's votes as waste (search/src/lib.rs,
 * "xcall"), not into the lock-wait share that classifies tasks. Timed only
 * for lock-intensive tasks: no other task's run is voted.
 */
SEC("fentry/on_each_cpu_cond_mask")
int BPF_PROG(lockaware_xcall_entry, void *cond_func, void *func, void *info, bool wait)
{
	struct task_ctx *tctx;

	if (!wait)
		return 0;
	tctx = current_task_ctx();
	if (tctx && tctx->lock_intensive)
		tctx->xcall_at = scx_bpf_now();
	return 0;
}

SEC("fexit/on_each_cpu_cond_mask")
int BPF_PROG(lockaware_xcall_exit, void *cond_func, void *func, void *info, bool wait)
{
	struct task_ctx *tctx;

	if (!wait)
		return 0;
	tctx = current_task_ctx();
	if (tctx && tctx->xcall_at) {
		tctx->run_xcall += scx_bpf_now() - tctx->xcall_at;
		tctx->xcall_at = 0;
	}
	return 0;
}

/*
 * User-space locks: a futex sleep counts as a lock sleep when it is a
 * mutex's wait (glibc's pthread mutexes and Rust's std mutexes wait for the
 * value 2, "locked, with waiters") or a priority-inheritance lock. Condition
 * variables, semaphores and other futex sleeps wait for events, not locks,
 * and are left out, and so are unlocks (futex_wake): the wake of one waiter
 * cannot be told from a condition variable's signal.
 *
 * By default (--futex-probe sleep) nothing is traced: stopping() reads the
 * sleeping task's futex(2) arguments (futex_sleep_why()). The probes below
 * remain as alternatives (--futex-probe fentry|tracepoint): fentry/fexit on
 * the kernel function that queues a futex waiter and sleeps (futex_wait_queue
 * on 6.12, futex_do_wait on 7.x; the agent picks the one the kernel's BTF has
 * and sets it as the target of the two programs below), where a futex call
 * that does not sleep costs nothing and one that sleeps pays the trampolines
 * beside a context switch; or the syscall tracepoints, which every call pays.
 */
#define FUTEX_LOCKED_WAITERS	2
#define FUTEX_WAIT_OP		0
#define FUTEX_WAKE_OP		1
#define FUTEX_LOCK_PI_OP	6
#define FUTEX_WAIT_BITSET_OP	9
#define FUTEX_WAKE_BITSET_OP	10
#define FUTEX_WAIT_REQUEUE_PI_OP 11
#define FUTEX_LOCK_PI2_OP	13
#define FUTEX_CMD_MASK_		(~(128 | 256))	/* ~(FUTEX_PRIVATE_FLAG | FUTEX_CLOCK_REALTIME) */

/*
 * Whether futex(2) op @op with value @val waits for a lock, and which kind
 * (enum lock_sleep_why; 0: not a lock's wait).
 */
static u8 futex_op_lock_why(int op, u32 val)
{
	op &= FUTEX_CMD_MASK_;
	if (op == FUTEX_WAIT_OP || op == FUTEX_WAIT_BITSET_OP)
		return val == FUTEX_LOCKED_WAITERS ? SLEEP_FUTEX : 0;
	if (op == FUTEX_LOCK_PI_OP || op == FUTEX_LOCK_PI2_OP)
		return SLEEP_PI;
	/* Its first wait is a condition variable's, in futex_wait_queue(). */
	return op == FUTEX_WAIT_REQUEUE_PI_OP ? SLEEP_FUTEX : 0;
}

/*
 * --futex-probe sleep: why @p, going to sleep now, sleeps for a lock, read
 * from the futex(2) call it sleeps in. A task sleeping inside a system call
 * has the call's number and arguments in its saved user registers (x86-64:
 * orig_ax, op in rsi, val in rdx; kernel threads have none), so stopping()
 * can tell a lock's futex wait from any other sleep without a probe on the
 * futex path: no fentry/fexit trampoline pair on every futex sleep, lock or
 * not (docs/benchmarks.md §28.1: 2.8-4.0 us of TCG time per sleep), and no
 * mark to clear when a wait ends without sleeping. A sleep anywhere inside
 * such a call counts (a page fault on the futex word too); a PI lock's
 * rt_mutex may sleep several times in one call, each one counted.
 */
static u8 futex_sleep_why(struct task_struct *p)
{
	struct pt_regs *regs;
	u8 why;

	if ((p->flags & PF_KTHREAD) || p->tgid == agent_tgid)
		return 0;
	regs = (struct pt_regs *)bpf_task_pt_regs(p);
	if (!regs || regs->orig_ax != NR_FUTEX_X86_64)
		return 0;
	why = futex_op_lock_why((int)regs->si, (u32)regs->dx);
	if (why)
		stat_inc(STAT_FUTEX_WAITS);
	return why;
}

static void futex_mark(u8 why)
{
	struct task_ctx *tctx = current_task_ctx();

	if (tctx) {
		tctx->sleep_why |= why;
		stat_inc(STAT_FUTEX_WAITS);
	}
}

static void futex_unmark(u8 why)
{
	struct task_ctx *tctx = current_task_ctx();

	if (tctx)
		tctx->sleep_why &= ~why;
}

/* Attached to futex_wait_queue or futex_do_wait (set by the agent). */
SEC("fentry")
int BPF_PROG(lockaware_futex_sleep_entry)
{
	struct task_struct *cur = bpf_get_current_task_btf();
	struct pt_regs *regs = (struct pt_regs *)bpf_task_pt_regs(cur);

	/*
	 * The futex(2) call's arguments, from the task's saved user registers
	 * (x86-64: op in rsi, val in rdx). bpf_task_pt_regs() returns a BTF
	 * pointer, so these are plain loads, not a probe-read helper call each
	 * (docs/benchmarks.md §28: this program ran 5.5 us per sleep in TCG
	 * with three such calls).
	 */
	if (!regs || regs->orig_ax != NR_FUTEX_X86_64)
		return 0;
	if (futex_op_lock_why((int)regs->si, (u32)regs->dx))
		futex_mark(SLEEP_FUTEX);
	return 0;
}

SEC("fexit")
int BPF_PROG(lockaware_futex_sleep_exit)
{
	futex_unmark(SLEEP_FUTEX);
	return 0;
}

SEC("fentry/futex_lock_pi")
int BPF_PROG(lockaware_futex_lock_pi_entry)
{
	futex_mark(SLEEP_PI);
	return 0;
}

SEC("fexit/futex_lock_pi")
int BPF_PROG(lockaware_futex_lock_pi_exit)
{
	futex_unmark(SLEEP_PI);
	return 0;
}

/* The fallback when fentry/fexit cannot attach: the futex syscall tracepoints. */
SEC("tracepoint/syscalls/sys_enter_futex")
int lockaware_sys_enter_futex(struct trace_event_raw_sys_enter *ctx)
{
	if (futex_op_lock_why((int)ctx->args[1], (u32)ctx->args[2]))
		futex_mark(SLEEP_FUTEX);
	return 0;
}

SEC("tracepoint/syscalls/sys_exit_futex")
int lockaware_sys_exit_futex(void *ctx)
{
	futex_unmark(SLEEP_FUTEX);
	return 0;
}

/*
 * Install the SSC the agent wrote into ssc_next[] (run by the agent with
 * BPF_PROG_TEST_RUN whenever the search moves, and once before attaching).
 * A shrink leaves on the SSC queue tasks that no SSC CPU may run any more:
 * they move to their LLC's queue here, and CPUs outside the SSC look for
 * stragglers for a while (rescue_stranded()).
 */
SEC("syscall")
int apply_ssc(void *ctx)
{
	struct bpf_cpumask *mask;
	struct ssc_ctx *sctx;
	struct task_struct *p;
	u32 zero = 0, nr = 0, first_llc = 0, llc;
	s32 cpu;
	bool first = true, shrunk = false;

	sctx = bpf_map_lookup_elem(&ssc_ctxs, &zero);
	if (!sctx)
		return -ENOENT;
	if (!sctx->mask) {
		mask = bpf_cpumask_create();
		if (!mask)
			return -ENOMEM;
		mask = bpf_kptr_xchg(&sctx->mask, mask);
		if (mask)
			bpf_cpumask_release(mask);
	}

	bpf_rcu_read_lock();
	mask = sctx->mask;
	if (!mask) {
		bpf_rcu_read_unlock();
		return -ENOENT;
	}
	bpf_for(llc, 0, nr_llcs)
		ssc_llc_nr[llc & (MAX_LLCS - 1)] = 0;
	bpf_for(cpu, 0, nr_cpus_possible) {
		u32 c = (u32)cpu & (MAX_CPUS - 1);

		if (ssc_next[c]) {
			ssc_llc_nr[cpu_to_llc(c) & (MAX_LLCS - 1)]++;
			bpf_cpumask_set_cpu(c, mask);
			if (first) {
				first_llc = cpu_to_llc(c);
				first = false;
			}
			nr++;
		} else {
			if (ssc_is[c])
				shrunk = true;
			bpf_cpumask_clear_cpu(c, mask);
		}
		ssc_is[c] = ssc_next[c];
	}
	ssc_nr = nr;
	ssc_llc = first_llc;
	/*
	 * Compared as read back from the map: a branch on the loop's own count
	 * made the verifier track it exactly, and the loop above no longer
	 * converged (E2BIG, "the sequence of 8193 jumps is too complex").
	 */
	ssc_whole = READ_ONCE(ssc_nr) >= nr_cpus_online;
	__sync_fetch_and_add(&ssc_gen, 1);
	ssc_changed_at = scx_bpf_now();

	if (shrunk) {
		ssc_stranded_until = scx_bpf_now() + 100000000ULL;	/* 100 ms */
		bpf_for(llc, 0, nr_llcs) {
			bpf_for_each(scx_dsq, p, ssc_dsq(llc), 0) {
				if (llc_has_ssc(llc) &&
				    bpf_cpumask_intersects(cast_mask(mask), p->cpus_ptr))
					continue;
				if (scx_bpf_dsq_move_vtime(BPF_FOR_EACH_ITER, p,
							   cpu_dsq(bpf_cpumask_any_distribute(p->cpus_ptr)), 0))
					stat_inc(STAT_SSC_RESCUE);
			}
		}
	}
	bpf_rcu_read_unlock();
	return 0;
}

void BPF_STRUCT_OPS(lockaware_enable, struct task_struct *p)
{
	struct task_ctx *tctx = lookup_task_ctx(p);
	struct llc_ctx *lctx;
	u32 llc = cpu_to_llc(scx_bpf_task_cpu(p));

	lctx = lookup_llc_ctx(llc);
	scx_bpf_task_set_dsq_vtime(p, lctx ? lctx->vtime_now : 0);
	if (tctx)
		tctx->vtime_llc = llc;
}

s32 BPF_STRUCT_OPS(lockaware_init_task, struct task_struct *p,
		   struct scx_init_task_args *args)
{
	if (!bpf_task_storage_get(&task_ctxs, p, 0, BPF_LOCAL_STORAGE_GET_F_CREATE))
		return -ENOMEM;
	return 0;
}

/* Give @slot a fresh empty cpumask. */
static s32 init_cpumask(struct bpf_cpumask **slot)
{
	struct bpf_cpumask *mask;

	mask = bpf_cpumask_create();
	if (!mask)
		return -ENOMEM;
	mask = bpf_kptr_xchg(slot, mask);
	if (mask)
		bpf_cpumask_release(mask);
	return 0;
}

static s32 init_scratch_masks(void)
{
	struct scratch_ctx *sctx;
	u32 zero = 0;
	s32 cpu, ret;

	bpf_for(cpu, 0, nr_cpus_possible) {
		sctx = bpf_map_lookup_percpu_elem(&scratch, &zero, cpu);
		if (!sctx)
			return -ENOENT;
		ret = init_cpumask(&sctx->mask);
		if (ret)
			return ret;
	}
	return 0;
}

static s32 init_llcs(void)
{
	struct llc_ctx *lctx;
	s32 ret, cpu;
	u32 llc;

	bpf_for(llc, 0, nr_llcs) {
		lctx = lookup_llc_ctx(llc);
		if (!lctx)
			return -ENOENT;
		ret = init_cpumask(&lctx->cpumask);
		if (ret)
			return ret;
		ret = scx_bpf_create_dsq(ssc_dsq(llc), -1);
		if (ret)
			return ret;
	}

	bpf_for(cpu, 0, nr_cpus_possible) {
		if (cpu >= MAX_CPUS)
			break;
		ret = scx_bpf_create_dsq(cpu_dsq(cpu), -1);
		if (ret)
			return ret;
		lctx = lookup_llc_ctx(cpu_to_llc(cpu));
		if (!lctx)
			return -ENOENT;
		bpf_rcu_read_lock();
		if (lctx->cpumask)
			bpf_cpumask_set_cpu(cpu, lctx->cpumask);
		bpf_rcu_read_unlock();
	}
	return 0;
}

s32 BPF_STRUCT_OPS_SLEEPABLE(lockaware_init)
{
	s32 ret;

	ret = init_scratch_masks();
	if (ret)
		return ret;
	return init_llcs();
}

void BPF_STRUCT_OPS(lockaware_exit, struct scx_exit_info *ei)
{
	UEI_RECORD(uei, ei);
}

/*
 * SCX_OPS_ENQ_LAST: a task that its CPU would only keep running is enqueued
 * again (SCX_ENQ_LAST) when dispatch() does not extend its slice, which it
 * does only to let pull_to_idle_core() move it.
 */
SCX_OPS_DEFINE(lockaware_ops,
	       .select_cpu	= (void *)lockaware_select_cpu,
	       .enqueue		= (void *)lockaware_enqueue,
	       .dispatch	= (void *)lockaware_dispatch,
	       .running		= (void *)lockaware_running,
	       .stopping	= (void *)lockaware_stopping,
	       .tick		= (void *)lockaware_tick,
	       .yield		= (void *)lockaware_yield,
	       .enable		= (void *)lockaware_enable,
	       .exit_task	= (void *)lockaware_exit_task,
	       .init_task	= (void *)lockaware_init_task,
	       .init		= (void *)lockaware_init,
	       .exit		= (void *)lockaware_exit,
	       .flags		= SCX_OPS_ENQ_LAST,
	       .name		= "lockaware");
