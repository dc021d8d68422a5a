//! Statistics served over the scx_stats UNIX socket (`--stats`, `--monitor`, `--help-stats`).
//!
//! Counters are events since the previous read by the same client (the first read covers the
//! time since the client connected); gauges are the current value.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use anyhow::Result;
use scx_stats::prelude::*;
use scx_stats_derive::{stat_doc, Stats};
use serde::{Deserialize, Serialize};

use crate::bpf_intf;

// The statistics. Every event counter of the BPF side (`enum lockaware_stat` in
// `bpf/intf.h`) is declared once below, with its field name, its `STAT_*` index and its
// description; the struct, its `Delta` impl and `set_counters()` are generated from that list
// (`sched_common::sched_metrics!`). Gauges are set by the agent (`main.rs`, `metrics()`).
sched_common::sched_metrics! {
    bpf_intf;
    gauges {
        #[stat(desc = "Seconds since the scheduler attached")]
        uptime_s: f64,
        #[stat(desc = "Time slice, in microseconds")]
        slice_us: u64,
        #[stat(desc = "Online CPUs")]
        nr_cpus: u64,
        #[stat(desc = "Last-level caches (one dispatch queue each)")]
        nr_llcs: u64,
        #[stat(desc = "SSC size, in CPUs")]
        ssc_size: u64,
        #[stat(desc = "SSC CPUs")]
        ssc_cpus: String,
        #[stat(desc = "SSC search mode (paper, refine; off with --ssc-cpus)")]
        search_mode: String,
        #[stat(desc = "SSC search phase: climbing, refining, stopped (fixed with --ssc-cpus)")]
        search_phase: String,
        #[stat(desc = "Search decisions taken while searching, since start")]
        search_steps: u64,
        #[stat(desc = "Searches restarted (lock behaviour changed, or the re-search timeout)")]
        search_restarts: u64,
        #[stat(desc = "Climbs stopped at the size the search before settled at by moving back \
                       and then read far below its judged value, once it read that value again \
                       (a lock state the larger size left, such as a mutex convoy), since start")]
        search_return_caps: u64,
        #[stat(desc = "Stops (settle, revert) that one window decided by its parts' noise \
                       before the noise scale was calibrated, held for a second window \
                       (NOISE_PRIOR), since start")]
        search_held_stops: u64,
        #[stat(desc = "Re-checks of a larger SSC size that lost narrowly after the search \
                       settled below it (--ssc-recheck-ms), since start")]
        search_rechecks: u64,
        #[stat(desc = "SSC moves to the CPUs its lock-intensive tasks ran on: all of them ran \
                       outside it for their affinity in a window (same size, taken from those \
                       CPUs first), since start")]
        ssc_moves: u64,
        #[stat(desc = "Pauses of the kernel-lock probes (--klock-pause-ms: the search settled \
                       at every CPU while the CPUs contended more often than they time), since \
                       start")]
        klock_pauses: u64,
        #[stat(desc = "1 while the kernel-lock probes pause (the class frozen, the search \
                       judging nothing), else 0")]
        klock_paused: u64,
        #[stat(desc = "Search windows not judged: fewer lock-intensive tasks than SSC CPUs at \
                       their start or end (tasks leaving the class for a moment)")]
        search_short_windows: u64,
        #[stat(desc = "Search windows ended early, as soon as their parts decided a move alone \
                       (--early-parts), since start")]
        search_early_windows: u64,
        #[stat(desc = "Last search moves: time:size->new:action:thro (the value judged: with \
                       reported acquisitions, the window's acquisition rate in the reference's \
                       useful CPUs)")]
        search_decisions: String,
        #[stat(desc = "Throughput estimate of the last window: useful CPUs of lock-intensive work")]
        thro: f64,
        #[stat(desc = "Relative standard error of the last window's thro from the spread of \
                       its parts, % (-1 without an estimate: --window-parts 1, or a window the search \
                       drops); a comparison beyond 5 of them \
                       decides in one window")]
        thro_rse_pct: f64,
        #[stat(desc = "How much wider than their parts predict consecutive windows at one size \
                       spread (root mean square, in standard errors; 1 until 4 pairs were seen, \
                       never below 1): the search's one-window rule needs that many more")]
        thro_noise_scale: f64,
        #[stat(desc = "Reference throughput (previous size while searching, settled value after)")]
        thro_ref: f64,
        #[stat(desc = "Mean on-CPU lock-wait share of lock-intensive tasks on the SSC (p-bar)")]
        p_spin: f64,
        #[stat(desc = "Mean lock-wait share counting off-CPU waits")]
        p_wait: f64,
        #[stat(desc = "Share of the SSC run time that was user-lock traffic (time inside futex(2), sampled at the tick)")]
        p_sys: f64,
        #[stat(desc = "Share of the SSC run time that lock-intensive tasks spent waiting for \
                       other CPUs (synchronous cross-CPU calls: TLB shootdowns)")]
        p_xcall: f64,
        #[stat(desc = "Lock acquisitions per second that the lock-intensive tasks on the SSC \
                       reported in the last window (informing hints, --inform-lib; 0 unless \
                       such tasks did 90% of the run): then the search judges sizes by them")]
        acq_rate: f64,
        #[stat(desc = "Time the placement took to follow the last SSC change, ms: until as \
                       many SSC CPUs as it has (or as there are lock-intensive tasks) had \
                       started a lock-intensive task and none ran outside; -1 until then")]
        ssc_follow_ms: f64,
        #[stat(desc = "Length of the window after the last SSC change, which the search \
                       dropped, ms (--settle-ms, or by default until the placement followed); \
                       -1 before the first change")]
        settle_window_ms: f64,
        #[stat(desc = "Votes collected toward the next decision: run time, ms")]
        votes_run_ms: f64,
        #[stat(desc = "Lock-intensive tasks now (read with the list below)")]
        nr_lock_tasks: u64,
        #[stat(desc = "Top lock-waiting tasks, the lock-intensive ones first: \
                       pid:comm:share (* = lock-intensive):spin share")]
        top_lock_tasks: String,
        #[stat(desc = "With --bpf-stats: every BPF program that ran, name:runs:mean ns per run \
                       since attach, the most total time first")]
        bpf_cost: String,
    }
    counters {
        direct_idle = lockaware_stat_STAT_DIRECT_IDLE:
            "Woken tasks placed straight on an idle CPU",
        kthread_local = lockaware_stat_STAT_KTHREAD_LOCAL:
            "Per-CPU kthreads queued on their own CPU",
        pinned_local = lockaware_stat_STAT_PINNED_LOCAL:
            "Other one-CPU (affinity-pinned) tasks queued on their CPU's vtime queue",
        pinned_direct = lockaware_stat_STAT_PINNED_DIRECT:
            "Woken one-CPU tasks put straight on their CPU's local queue (nothing waited \
             there and the CPU had dispatched within the last slice)",
        pinned_requeue = lockaware_stat_STAT_PINNED_REQUEUE:
            "One-CPU wakers that a local hand-off preempted (wake_preempt_local), queued \
             again behind their wakee on their CPU's local queue, on the same condition",
        cpu_enq = lockaware_stat_STAT_CPU_ENQ:
            "Tasks queued on their CPU's vtime-ordered queue (no CPU was idle)",
        kick_idle = lockaware_stat_STAT_KICK_IDLE:
            "Enqueued tasks handed straight to an idle CPU (a fully idle core first)",
        wake_affine = lockaware_stat_STAT_WAKE_AFFINE:
            "Woken tasks queued on their waker's CPU instead of their previous one (no CPU \
             was idle; off with --no-wake-affine)",
        wake_sync = lockaware_stat_STAT_WAKE_SYNC:
            "Tasks woken by a waker about to sleep (a sync wake-up: pipes, sockets) put on \
             the waker's local queue, though another CPU was idle (off with --no-wake-sync)",
        wake_sync_runs_on = lockaware_stat_STAT_WAKE_SYNC_RUNS_ON:
            "Sync wake-ups left to the usual CPU choice because their waker has been running \
             on after its sync wake-ups for longer than --wake-sync-overlap-us",
        behind_kthread = lockaware_stat_STAT_BEHIND_KTHREAD:
            "Tasks at the end of a slice queued to run next on their CPU, right after the \
             per-CPU kthreads that were the only tasks waiting there, not moved to an idle CPU",
        pull_idle_core = lockaware_stat_STAT_PULL_IDLE_CORE:
            "Tasks preempted on a core running two tasks so that a fully idle core takes one",
        dispatch_own = lockaware_stat_STAT_DISPATCH_OWN:
            "Dispatches from the CPU's own queue",
        dispatch_steal = lockaware_stat_STAT_DISPATCH_STEAL:
            "Dispatches taken from another CPU's queue in the same LLC",
        dispatch_balance = lockaware_stat_STAT_DISPATCH_BALANCE:
            "Of those, taken because that queue held two tasks more than the CPU's own and \
             its first task had run since it woke and gone unserved --balance-min-wait-us",
        balance_left_woken = lockaware_stat_STAT_BALANCE_LEFT_WOKEN:
            "Dispatches that left a queue two tasks longer than the CPU's own alone because \
             its first task had not run since it woke (its wake-up placed it) and the queue \
             was shorter than --balance-woken-ratio times the own queue plus one",
        balance_moved_woken = lockaware_stat_STAT_BALANCE_MOVED_WOKEN:
            "Balance moves of a task that had not run since it woke (only with \
             --balance-woken-ratio above 0)",
        dispatch_far = lockaware_stat_STAT_DISPATCH_FAR:
            "Dispatches taken from a queue of another LLC (before idling)",
        keep_prev = lockaware_stat_STAT_KEEP_PREV:
            "Slices extended because no other task was waiting",
        queue_aged = lockaware_stat_STAT_QUEUE_AGED:
            "SSC CPUs serving their own queue before the SSC queue: its first task had \
                waited more than 4 slices and longer than the SSC queue's",
        yield_given = lockaware_stat_STAT_YIELD_GIVEN:
            "sched_yield() calls that gave the CPU to a waiting task that had run less \
                (the others are no-ops: no such task waited)",
        yield_kept_holder = lockaware_stat_STAT_YIELD_KEPT_HOLDER:
            "sched_yield() calls that kept the CPU because the task that had run less was \
                a mutex waiter the yielder had woken during its current run (it would find \
                the mutex taken again)",
        wake_preempt = lockaware_stat_STAT_WAKE_PREEMPT:
            "Woken tasks that preempted the running task of their CPU (ahead in vtime) at once",
        wake_preempt_late = lockaware_stat_STAT_WAKE_PREEMPT_LATE:
            "Wake-up preemptions made at a tick instead: the running task had run less than \
             --wake-preempt-min-run-us",
        wake_preempt_local = lockaware_stat_STAT_WAKE_PREEMPT_LOCAL:
            "Of the immediate ones, wake-ups on the waker's own CPU with nothing else waiting \
             there: the woken task went to the head of the local queue, which preempts \
             without a kick and runs it without a dispatch",
        handoff_follow = lockaware_stat_STAT_HANDOFF_FOLLOW:
            "Of those, wakers that could run elsewhere queued again behind their wakee on \
             the local queue, without a dispatch (no CPU was idle, still nothing waited \
             there, the CPU had dispatched within the last slice and the wakee's last run \
             was shorter than --handoff-follow-us)",
        ssc_wake_preempt = lockaware_stat_STAT_SSC_WAKE_PREEMPT:
            "Of the immediate ones, lock-intensive tasks woken onto the SSC queue that \
             preempted an SSC CPU (the one they last ran on, else their waker's, else \
             another; the first that runs a task sched_ext can preempt for them)",
        ssc_wake_preempt_other = lockaware_stat_STAT_SSC_WAKE_PREEMPT_OTHER:
            "Of those, preemptions of an SSC CPU that was neither the task's last nor its \
             waker's: both ran tasks a sched_ext preemption would not give the CPU to it (an \
             RT waker, a per-CPU kthread)",
        ssc_sync_spared = lockaware_stat_STAT_SSC_SYNC_SPARED:
            "Lock-intensive tasks woken onto the SSC queue by a sync wake-up (a pipe or \
             socket write) for which their waker's CPU was not preempted: the waker sleeps \
             soon or streams on, and preempting a streaming writer for its reader at its \
             writes makes the two alternate every few writes on one CPU (docs/benchmarks.md \
             section 79.5)",
        wake_gran = lockaware_stat_STAT_WAKE_GRAN:
            "Woken tasks queued behind their CPU's running task without preempting it: that \
             task was not ahead of them by more than --wake-preempt-gran-us of vtime",
        wake_defer = lockaware_stat_STAT_WAKE_DEFER:
            "Woken tasks whose preemption of the running task was put off to a tick: that task \
             was eligible and had run less than --wake-preempt-min-run-us (wake_preempt_late \
             counts those that then preempted)",
        wake_batch = lockaware_stat_STAT_WAKE_BATCH:
            "Woken tasks that waited for their waker, running on their CPU, to sleep instead \
             of preempting it (--wake-batch-us; tasks of the CPU's own queue, never a \
             lock-intensive one on the SSC queue; docs/benchmarks.md sections 81.3, 83)",
        wake_batch_ran_on = lockaware_stat_STAT_WAKE_BATCH_RAN_ON:
            "Wakers that ran on past --wake-batch-us after a wake-up they kept their CPU for: \
             preempted at a tick, and their wakees preempt them at once for the next 100 ms, \
             doubled for each such run-on in a row (at most 6.4 s)",
        wake_batch_slept_soon = lockaware_stat_STAT_WAKE_BATCH_SLEPT_SOON:
            "Wakers that slept within --wake-batch-min-us of a wake-up they kept their CPU \
             for (a ping-pong: their wakee's answer is what they wait for): backed off as \
             wake_batch_ran_on",
        pull_moved = lockaware_stat_STAT_PULL_MOVED:
            "Tasks preempted by a pull that moved to the idle core",
        kick_after_queue = lockaware_stat_STAT_KICK_AFTER_QUEUE:
            "Lock-intensive tasks queued while an SSC CPU went idle: that CPU woken",
        requeue_capped_ns = lockaware_stat_STAT_REQUEUE_CAPPED_NS:
            "Virtual time (ns) that tasks queued again while runnable (their slice ended, or \
             they yielded; not woken) lost to the cap of one --wake-credit-us behind their \
             LLC's clock: service they had not had and will not get",
        klock_waits = lockaware_stat_STAT_KLOCK_WAITS:
            "Kernel lock waits traced (lock:contention_begin/end): all of them, or one in 2^k \
             where a CPU sees more than --klock-trace-rate a second (each then counted 2^k times)",
        klock_seen = lockaware_stat_STAT_KLOCK_SEEN:
            "Kernel lock contentions seen (lock:contention_begin), traced or not",
        klock_stale = lockaware_stat_STAT_KLOCK_STALE:
            "Kernel lock waits begun before the contention probes were detached \
             (--klock-pause-ms), dropped when found: their ends went unseen",
        futex_waits = lockaware_stat_STAT_FUTEX_WAITS:
            "User lock (futex) waits seen, a mutex's or a PI lock's (by default counted as the task \
             goes to sleep)",
        lock_in = lockaware_stat_STAT_LOCK_IN:
            "Tasks classified lock-intensive",
        lock_out = lockaware_stat_STAT_LOCK_OUT:
            "Tasks leaving the lock-intensive class (or exiting in it)",
        lock_out_quiet = lockaware_stat_STAT_LOCK_OUT_QUIET:
            "Of the tasks leaving the class, those that left because they had no lock wait for \
             class_quiet_ns (0.25 s); the others stayed below the leave mark for their dwell",
        lock_reenter = lockaware_stat_STAT_LOCK_REENTER:
            "Tasks classified lock-intensive again soon after leaving the class (within class_reenter_ns, 2 s): each such \
             return doubles the time the task's share must then stay low before it may leave \
             again, since confinement itself can remove the waits that classified it",
        class_recheck = lockaware_stat_STAT_CLASS_RECHECK:
            "Lock-intensive tasks with no lock wait for class_quiet_ns (0.25 s) that their CPU \
             would have kept running: their slice ended instead, so that the end of the run \
             decides their class (a task that never stops would stay in it)",
        ssc_direct = lockaware_stat_STAT_SSC_DIRECT:
            "Lock-intensive tasks put straight on an idle SSC CPU",
        ssc_enq = lockaware_stat_STAT_SSC_ENQ:
            "Lock-intensive tasks queued for the SSC",
        ssc_whole = lockaware_stat_STAT_SSC_WHOLE:
            "Placement decisions for lock-intensive tasks that went the way of any other task's \
             (idle CPU, their CPU's queue, wake-up preemption of that CPU) because the SSC holds \
             every CPU and so confines nothing; a wake-up counts at select_cpu and again at \
             enqueue when it was not placed on an idle CPU there",
        ssc_dispatch = lockaware_stat_STAT_SSC_DISPATCH:
            "Dispatches of lock-intensive work by SSC CPUs",
        ssc_dispatch_far = lockaware_stat_STAT_SSC_DISPATCH_FAR:
            "Dispatches of lock-intensive work from another LLC's SSC queue (aged, or before \
             idling)",
        ssc_migrate = lockaware_stat_STAT_SSC_MIGRATE:
            "Lock-intensive tasks moved into the SSC from outside",
        lock_out_affinity = lockaware_stat_STAT_LOCK_OUT_AFFINITY:
            "Lock-intensive runs outside the SSC because their affinity excludes it",
        lock_out_resize = lockaware_stat_STAT_LOCK_OUT_RESIZE:
            "Lock-intensive runs outside the SSC placed before the SSC changed",
        lock_out_noreason = lockaware_stat_STAT_LOCK_OUT_NOREASON:
            "Lock-intensive runs outside the SSC with no reason (must stay 0)",
        ssc_rescue = lockaware_stat_STAT_SSC_RESCUE:
            "Tasks stranded on the SSC queue by a shrink, moved to run outside",
        ssc_return = lockaware_stat_STAT_SSC_RETURN:
            "Lock-intensive tasks a shrink left running outside the SSC, sent back to it at the \
             end of a slice instead of keeping their CPU",
        inform_tasks = lockaware_stat_STAT_INFORM_TASKS:
            "Threads that registered an informing hint (libinform, --inform-lib)",
        holder_extended = lockaware_stat_STAT_HOLDER_EXTENDED:
            "Lock holders (hint) whose slice was extended by one slice, once per hold",
        holder_denied = lockaware_stat_STAT_HOLDER_DENIED:
            "Holder extensions refused: the hold had one already, or the task ran a slice ahead",
        holder_preempted = lockaware_stat_STAT_HOLDER_PREEMPTED:
            "Lock holders and immediate waiters (hint) preempted all the same",
        waiter_yield = lockaware_stat_STAT_WAITER_YIELD:
            "Lock waiters (hint) whose slice ended because a holder of their process was preempted \
             or the thread they wait for was queued",
        waiter_yield_named = lockaware_stat_STAT_WAITER_YIELD_NAMED:
            "Of the waiter yields: for the thread the waiter's hint names (the holder, the next \
             owner of a FIFO lock), found waiting on a queue",
        barrier_yield = lockaware_stat_STAT_BARRIER_YIELD:
            "Barrier waiters (hint) whose slice ended because other work was queued",
        holder_handoff = lockaware_stat_STAT_HOLDER_HANDOFF:
            "Yielding lock waiters whose CPU went straight to their process's preempted holder",
        barrier_handoff = lockaware_stat_STAT_BARRIER_HANDOFF:
            "Yielding barrier waiters whose CPU went to a queued thread of their process that \
             had not arrived",
        sleep_donate = lockaware_stat_STAT_SLEEP_DONATE:
            "Waiters (hint) that went to sleep while the thread they wait for (named, or not \
             arrived at the barrier) was queued: the rest of their slice goes to it",
        handoff_ahead = lockaware_stat_STAT_HANDOFF_AHEAD:
            "Hand-offs refused: the thread waited for was more than a slice ahead of the donor \
             in vtime",
        waiter_sleep_lag = lockaware_stat_STAT_WAITER_SLEEP_LAG:
            "Waiters (hint: a lock waiter not next in line, a barrier waiter) that went to sleep: \
             they wake where they left their LLC's vtime clock, without sleep credit",
        waiter_credit_ns = lockaware_stat_STAT_WAITER_CREDIT_NS:
            "The sleep credit (ns of vtime) that the waiters counted in waiter_sleep_lag did not get \
             when they woke",
        inform_yield_given = lockaware_stat_STAT_INFORM_YIELD_GIVEN:
            "sched_yield() calls by waiters (hint) that gave way by the rule at once (counted \
             in waiter_yield or barrier_yield too); libinform offers one when a wait makes no \
             progress",
        inform_yield_kept = lockaware_stat_STAT_INFORM_YIELD_KEPT:
            "sched_yield() calls by waiters (hint) that kept the CPU: the thread waited for \
             runs (or nothing else is queued, at a barrier)",
    }
}

impl Metrics {
    pub fn format<W: Write>(&self, w: &mut W) -> Result<()> {
        writeln!(
            w,
            "[scx_lockaware] up {:>7.1}s | cpus {} llcs {} slice {}us | enq: idle {} cpu {} kthr {} pinned {}/{}/{} | \
             disp: own {} steal {} (balance {} left-woken {}) far {} keep {} aged {} | to-idle {} late-kick {} behind-kthr {} pull {}/{} | \
             wake: sync {} (runs-on {}) affine {} | yield {} (kept {}) wake-preempt {} (local {} follow {} \
             ssc {}/{} spared {} late {}; gran {} defer {}) capped {}us",
            self.uptime_s,
            self.nr_cpus,
            self.nr_llcs,
            self.slice_us,
            self.direct_idle,
            self.cpu_enq,
            self.kthread_local,
            self.pinned_local,
            self.pinned_direct,
            self.pinned_requeue,
            self.dispatch_own,
            self.dispatch_steal,
            self.dispatch_balance,
            self.balance_left_woken,
            self.dispatch_far,
            self.keep_prev,
            self.queue_aged,
            self.kick_idle,
            self.kick_after_queue,
            self.behind_kthread,
            self.pull_moved,
            self.pull_idle_core,
            self.wake_sync,
            self.wake_sync_runs_on,
            self.wake_affine,
            self.yield_given,
            self.yield_kept_holder,
            self.wake_preempt,
            self.wake_preempt_local,
            self.handoff_follow,
            self.ssc_wake_preempt,
            self.ssc_wake_preempt_other,
            self.ssc_sync_spared,
            self.wake_preempt_late,
            self.wake_gran,
            self.wake_defer,
            self.requeue_capped_ns / 1000,
        )?;
        writeln!(
            w,
            "  ssc {} [{}] {} {} steps {} restarts {} return-stops {} held {} rechecks {} moved {} short {} early {} | thro {:.3} ±{:.1}% (x{:.1}) ref {:.3} p_spin {:.3} \
             p_wait {:.3} p_sys {:.3} p_xcall {:.3} acq/s {:.0} votes {:.1}ms | lock tasks {} (+{} -{} back {}) waits: \
             klock {}/{} (paused {}{}, stale {}) futex {}",
            self.ssc_size,
            self.ssc_cpus,
            self.search_mode,
            self.search_phase,
            self.search_steps,
            self.search_restarts,
            self.search_return_caps,
            self.search_held_stops,
            self.search_rechecks,
            self.ssc_moves,
            self.search_short_windows,
            self.search_early_windows,
            self.thro,
            self.thro_rse_pct,
            self.thro_noise_scale,
            self.thro_ref,
            self.p_spin,
            self.p_wait,
            self.p_sys,
            self.p_xcall,
            self.acq_rate,
            self.votes_run_ms,
            self.nr_lock_tasks,
            self.lock_in,
            self.lock_out,
            self.lock_reenter,
            self.klock_waits,
            self.klock_seen,
            self.klock_pauses,
            if self.klock_paused != 0 { " now" } else { "" },
            self.klock_stale,
            self.futex_waits,
        )?;
        writeln!(
            w,
            "  ssc: direct {} queued {} whole {} dispatch {} (far {}) migrate-in {} | outside: \
             affinity {} resize {} noreason {} rescue {}",
            self.ssc_direct,
            self.ssc_enq,
            self.ssc_whole,
            self.ssc_dispatch,
            self.ssc_dispatch_far,
            self.ssc_migrate,
            self.lock_out_affinity,
            self.lock_out_resize,
            self.lock_out_noreason,
            self.ssc_rescue,
        )?;
        if self.inform_tasks + self.holder_extended + self.waiter_yield + self.barrier_yield > 0 {
            writeln!(
                w,
                "  inform: threads {} | holder: extended {} denied {} preempted {} | yield: waiter {} \
                 (named {} handoff {}) barrier {} (handoff {}) | offered: gave {} kept {} | sleep \
                 donations {} | refused (ahead) {} | waiters slept {} (credit withheld {:.1} ms)",
                self.inform_tasks,
                self.holder_extended,
                self.holder_denied,
                self.holder_preempted,
                self.waiter_yield,
                self.waiter_yield_named,
                self.holder_handoff,
                self.barrier_yield,
                self.barrier_handoff,
                self.inform_yield_given,
                self.inform_yield_kept,
                self.sleep_donate,
                self.handoff_ahead,
                self.waiter_sleep_lag,
                self.waiter_credit_ns as f64 / 1e6,
            )?;
        }
        if !self.search_decisions.is_empty() {
            writeln!(w, "  moves: {}", self.search_decisions)?;
        }
        if !self.top_lock_tasks.is_empty() {
            writeln!(w, "  top lock waiters: {}", self.top_lock_tasks)?;
        }
        if !self.bpf_cost.is_empty() {
            writeln!(w, "  bpf runs:mean ns: {}", self.bpf_cost)?;
        }
        Ok(())
    }
}

pub fn server_data() -> StatsServerData<(), Metrics> {
    sched_common::stats::server_data::<Metrics>(|m| m)
}

/// Print the stats of the running scheduler every `intv` until `shutdown`.
pub fn spawn_monitor(intv: f64, shutdown: Arc<AtomicBool>) -> std::thread::JoinHandle<()> {
    sched_common::stats::spawn_monitor::<Metrics>(intv, shutdown, |m| {
        m.format(&mut std::io::stdout())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use sched_common::stats::Delta;

    #[test]
    fn delta_subtracts_counters_and_keeps_gauges() {
        let prev = Metrics {
            uptime_s: 1.0,
            slice_us: 5000,
            cpu_enq: 10,
            dispatch_own: 4,
            ..Default::default()
        };
        let cur = Metrics {
            uptime_s: 3.0,
            slice_us: 5000,
            cpu_enq: 25,
            dispatch_own: 4,
            ..Default::default()
        };
        let d = cur.delta(&prev);
        assert_eq!(d.cpu_enq, 15);
        assert_eq!(d.dispatch_own, 0);
        assert_eq!(d.slice_us, 5000);
        assert_eq!(d.uptime_s, 3.0);
    }

    #[test]
    fn every_bpf_counter_is_shown_once() {
        // Every STAT_* before the votes (which feed the search, not the stats) has one field.
        let mut idx = Metrics::COUNTER_INDICES.to_vec();
        idx.sort_unstable();
        let all: Vec<u32> = (0..bpf_intf::lockaware_stat_STAT_VOTE_RUN_NS).collect();
        assert_eq!(idx, all);
        let mut sums = vec![0u64; bpf_intf::lockaware_stat_NR_SCHED_STATS as usize];
        sums[bpf_intf::lockaware_stat_STAT_WAKE_PREEMPT as usize] = 7;
        let mut m = Metrics::default();
        m.set_counters(&sums);
        assert_eq!(m.wake_preempt, 7);
    }
}
