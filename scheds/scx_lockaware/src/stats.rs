//! Statistics served over the scx_stats UNIX socket (`--stats`, `--monitor`, `--help-stats`).
//!
//! Counters are events since the previous read by the same client (the first read covers the
//! time since the client connected); gauges are the current value.

use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Result;
use scx_stats::prelude::*;
use scx_stats_derive::{stat_doc, Stats};
use serde::{Deserialize, Serialize};

#[stat_doc]
#[derive(Clone, Debug, Default, Serialize, Deserialize, Stats)]
#[stat(top)]
pub struct Metrics {
    #[stat(desc = "Seconds since the scheduler attached")]
    pub uptime_s: f64,
    #[stat(desc = "Time slice, in microseconds")]
    pub slice_us: u64,
    #[stat(desc = "Online CPUs")]
    pub nr_cpus: u64,
    #[stat(desc = "Last-level caches (one dispatch queue each)")]
    pub nr_llcs: u64,
    #[stat(desc = "Woken tasks placed straight on an idle CPU")]
    pub direct_idle: u64,
    #[stat(desc = "Per-CPU kthreads queued on their own CPU")]
    pub kthread_local: u64,
    #[stat(desc = "Other one-CPU (affinity-pinned) tasks queued on their CPU")]
    pub pinned_local: u64,
    #[stat(desc = "Tasks queued on their CPU's vtime-ordered queue (no CPU was idle)")]
    pub cpu_enq: u64,
    #[stat(desc = "Enqueued tasks handed straight to an idle CPU (a fully idle core first)")]
    pub kick_idle: u64,
    #[stat(
        desc = "Tasks preempted on a core running two tasks so that a fully idle core takes one"
    )]
    pub pull_idle_core: u64,
    #[stat(desc = "Dispatches from the CPU's own queue")]
    pub dispatch_own: u64,
    #[stat(desc = "Dispatches taken from another CPU's queue in the same LLC")]
    pub dispatch_steal: u64,
    #[stat(desc = "Dispatches taken from a queue of another LLC (before idling)")]
    pub dispatch_far: u64,
    #[stat(desc = "Slices extended because no other task was waiting")]
    pub keep_prev: u64,
    #[stat(
        desc = "SSC CPUs serving their own queue before the SSC queue: its first task had \
                waited more than 4 slices and longer than the SSC queue's"
    )]
    pub queue_aged: u64,
    #[stat(
        desc = "sched_yield() calls that gave the CPU to a waiting task (the others are \
                   no-ops: nothing waited)"
    )]
    pub yield_given: u64,
    #[stat(desc = "Tasks preempted by a pull that moved to the idle core")]
    pub pull_moved: u64,
    #[stat(desc = "Lock-intensive tasks queued while an SSC CPU went idle: that CPU woken")]
    pub kick_after_queue: u64,

    #[stat(desc = "SSC size, in CPUs")]
    pub ssc_size: u64,
    #[stat(desc = "SSC CPUs")]
    pub ssc_cpus: String,
    #[stat(desc = "SSC search mode (paper, refine; off with --ssc-cpus)")]
    pub search_mode: String,
    #[stat(desc = "SSC search phase: climbing, refining, stopped (fixed with --ssc-cpus)")]
    pub search_phase: String,
    #[stat(desc = "Search decisions taken while searching, since start")]
    pub search_steps: u64,
    #[stat(desc = "Searches restarted (lock behaviour changed, or the re-search timeout)")]
    pub search_restarts: u64,
    #[stat(desc = "Last search moves: time:size->new:action:thro")]
    pub search_decisions: String,
    #[stat(desc = "Throughput estimate of the last window: useful CPUs of lock-intensive tasks")]
    pub thro: f64,
    #[stat(desc = "Reference throughput (previous size while searching, settled value after)")]
    pub thro_ref: f64,
    #[stat(desc = "Mean on-CPU lock-wait share of lock-intensive tasks on the SSC (p-bar)")]
    pub p_spin: f64,
    #[stat(desc = "Mean lock-wait share counting off-CPU waits")]
    pub p_wait: f64,
    #[stat(desc = "Votes collected toward the next decision: run time, ms")]
    pub votes_run_ms: f64,
    #[stat(desc = "Lock-intensive tasks")]
    pub nr_lock_tasks: u64,
    #[stat(desc = "Top lock-waiting tasks: pid:comm:share (* = lock-intensive):spin share")]
    pub top_lock_tasks: String,
    #[stat(desc = "Kernel lock waits seen (lock:contention_end)")]
    pub klock_waits: u64,
    #[stat(desc = "User lock (futex) waits about to sleep (a mutex's or a PI lock's)")]
    pub futex_waits: u64,
    #[stat(desc = "Tasks classified lock-intensive")]
    pub lock_in: u64,
    #[stat(desc = "Tasks leaving the lock-intensive class (or exiting in it)")]
    pub lock_out: u64,
    #[stat(desc = "Lock-intensive tasks put straight on an idle SSC CPU")]
    pub ssc_direct: u64,
    #[stat(desc = "Lock-intensive tasks queued for the SSC")]
    pub ssc_enq: u64,
    #[stat(desc = "Dispatches of lock-intensive work by SSC CPUs")]
    pub ssc_dispatch: u64,
    #[stat(desc = "Lock-intensive tasks moved into the SSC from outside")]
    pub ssc_migrate: u64,
    #[stat(desc = "Lock-intensive runs outside the SSC because their affinity excludes it")]
    pub lock_out_affinity: u64,
    #[stat(desc = "Lock-intensive runs outside the SSC placed before the SSC changed")]
    pub lock_out_resize: u64,
    #[stat(desc = "Lock-intensive runs outside the SSC with no reason (must stay 0)")]
    pub lock_out_noreason: u64,
    #[stat(desc = "Tasks stranded on the SSC queue by a shrink, moved to run outside")]
    pub ssc_rescue: u64,
}

impl Metrics {
    /// Events between `prev` and `self`; gauges keep their current value.
    pub fn delta(&self, prev: &Self) -> Self {
        Self {
            direct_idle: self.direct_idle.saturating_sub(prev.direct_idle),
            kthread_local: self.kthread_local.saturating_sub(prev.kthread_local),
            pinned_local: self.pinned_local.saturating_sub(prev.pinned_local),
            cpu_enq: self.cpu_enq.saturating_sub(prev.cpu_enq),
            kick_idle: self.kick_idle.saturating_sub(prev.kick_idle),
            pull_idle_core: self.pull_idle_core.saturating_sub(prev.pull_idle_core),
            dispatch_own: self.dispatch_own.saturating_sub(prev.dispatch_own),
            dispatch_steal: self.dispatch_steal.saturating_sub(prev.dispatch_steal),
            dispatch_far: self.dispatch_far.saturating_sub(prev.dispatch_far),
            keep_prev: self.keep_prev.saturating_sub(prev.keep_prev),
            queue_aged: self.queue_aged.saturating_sub(prev.queue_aged),
            yield_given: self.yield_given.saturating_sub(prev.yield_given),
            pull_moved: self.pull_moved.saturating_sub(prev.pull_moved),
            kick_after_queue: self.kick_after_queue.saturating_sub(prev.kick_after_queue),
            klock_waits: self.klock_waits.saturating_sub(prev.klock_waits),
            futex_waits: self.futex_waits.saturating_sub(prev.futex_waits),
            lock_in: self.lock_in.saturating_sub(prev.lock_in),
            lock_out: self.lock_out.saturating_sub(prev.lock_out),
            ssc_direct: self.ssc_direct.saturating_sub(prev.ssc_direct),
            ssc_enq: self.ssc_enq.saturating_sub(prev.ssc_enq),
            ssc_dispatch: self.ssc_dispatch.saturating_sub(prev.ssc_dispatch),
            ssc_migrate: self.ssc_migrate.saturating_sub(prev.ssc_migrate),
            lock_out_affinity: self
                .lock_out_affinity
                .saturating_sub(prev.lock_out_affinity),
            lock_out_resize: self.lock_out_resize.saturating_sub(prev.lock_out_resize),
            lock_out_noreason: self
                .lock_out_noreason
                .saturating_sub(prev.lock_out_noreason),
            ssc_rescue: self.ssc_rescue.saturating_sub(prev.ssc_rescue),
            ..self.clone()
        }
    }

    pub fn format<W: Write>(&self, w: &mut W) -> Result<()> {
        writeln!(
            w,
            "[scx_lockaware] up {:>7.1}s | cpus {} llcs {} slice {}us | enq: idle {} cpu {} kthr {} pinned {} | \
             disp: own {} steal {} far {} keep {} aged {} | to-idle {} late-kick {} pull {}/{} | \
             yield {}",
            self.uptime_s,
            self.nr_cpus,
            self.nr_llcs,
            self.slice_us,
            self.direct_idle,
            self.cpu_enq,
            self.kthread_local,
            self.pinned_local,
            self.dispatch_own,
            self.dispatch_steal,
            self.dispatch_far,
            self.keep_prev,
            self.queue_aged,
            self.kick_idle,
            self.kick_after_queue,
            self.pull_moved,
            self.pull_idle_core,
            self.yield_given,
        )?;
        writeln!(
            w,
            "  ssc {} [{}] {} {} steps {} restarts {} | thro {:.3} ref {:.3} p_spin {:.3} \
             p_wait {:.3} votes {:.1}ms | lock tasks {} (+{} -{}) waits: klock {} futex {}",
            self.ssc_size,
            self.ssc_cpus,
            self.search_mode,
            self.search_phase,
            self.search_steps,
            self.search_restarts,
            self.thro,
            self.thro_ref,
            self.p_spin,
            self.p_wait,
            self.votes_run_ms,
            self.nr_lock_tasks,
            self.lock_in,
            self.lock_out,
            self.klock_waits,
            self.futex_waits,
        )?;
        writeln!(
            w,
            "  ssc: direct {} queued {} dispatch {} migrate-in {} | outside: affinity {} \
             resize {} noreason {} rescue {}",
            self.ssc_direct,
            self.ssc_enq,
            self.ssc_dispatch,
            self.ssc_migrate,
            self.lock_out_affinity,
            self.lock_out_resize,
            self.lock_out_noreason,
            self.ssc_rescue,
        )?;
        if !self.search_decisions.is_empty() {
            writeln!(w, "  moves: {}", self.search_decisions)?;
        }
        if !self.top_lock_tasks.is_empty() {
            writeln!(w, "  top lock waiters: {}", self.top_lock_tasks)?;
        }
        Ok(())
    }
}

pub fn server_data() -> StatsServerData<(), Metrics> {
    let open: Box<dyn StatsOpener<(), Metrics>> = Box::new(move |(req_ch, res_ch)| {
        req_ch.send(())?;
        let mut prev = res_ch.recv()?;
        let read: Box<dyn StatsReader<(), Metrics>> = Box::new(move |_args, (req_ch, res_ch)| {
            req_ch.send(())?;
            let cur = res_ch.recv()?;
            let delta = cur.delta(&prev);
            prev = cur;
            delta.to_json()
        });
        Ok(read)
    });

    StatsServerData::new()
        .add_meta(Metrics::meta())
        .add_ops("top", StatsOps { open, close: None })
}

/// Print the stats of the running scheduler every `intv` until `shutdown`.
pub fn monitor(intv: Duration, shutdown: Arc<AtomicBool>) -> Result<()> {
    scx_utils::monitor_stats::<Metrics>(
        &[],
        intv,
        || shutdown.load(Ordering::Relaxed),
        |m| m.format(&mut std::io::stdout()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
