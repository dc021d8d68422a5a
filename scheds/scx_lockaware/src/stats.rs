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
    #[stat(desc = "Tasks queued on their LLC's vtime-ordered queue")]
    pub llc_enq: u64,
    #[stat(desc = "Enqueued tasks handed straight to an idle CPU (a fully idle core first)")]
    pub kick_idle: u64,
    #[stat(
        desc = "Tasks preempted on a core running two tasks so that a fully idle core takes one"
    )]
    pub pull_idle_core: u64,
    #[stat(desc = "Dispatches from the CPU's own LLC queue")]
    pub dispatch_llc: u64,
    #[stat(desc = "Dispatches stolen from another LLC's queue")]
    pub dispatch_steal: u64,
    #[stat(desc = "Slices extended because no other task was waiting")]
    pub keep_prev: u64,
}

impl Metrics {
    /// Events between `prev` and `self`; gauges keep their current value.
    pub fn delta(&self, prev: &Self) -> Self {
        Self {
            direct_idle: self.direct_idle.saturating_sub(prev.direct_idle),
            kthread_local: self.kthread_local.saturating_sub(prev.kthread_local),
            pinned_local: self.pinned_local.saturating_sub(prev.pinned_local),
            llc_enq: self.llc_enq.saturating_sub(prev.llc_enq),
            kick_idle: self.kick_idle.saturating_sub(prev.kick_idle),
            pull_idle_core: self.pull_idle_core.saturating_sub(prev.pull_idle_core),
            dispatch_llc: self.dispatch_llc.saturating_sub(prev.dispatch_llc),
            dispatch_steal: self.dispatch_steal.saturating_sub(prev.dispatch_steal),
            keep_prev: self.keep_prev.saturating_sub(prev.keep_prev),
            ..self.clone()
        }
    }

    pub fn format<W: Write>(&self, w: &mut W) -> Result<()> {
        writeln!(
            w,
            "[scx_lockaware] up {:>7.1}s | cpus {} llcs {} slice {}us | enq: idle {} llc {} kthr {} pinned {} | \
             disp: llc {} steal {} keep {} | to-idle {} pull {}",
            self.uptime_s,
            self.nr_cpus,
            self.nr_llcs,
            self.slice_us,
            self.direct_idle,
            self.llc_enq,
            self.kthread_local,
            self.pinned_local,
            self.dispatch_llc,
            self.dispatch_steal,
            self.keep_prev,
            self.kick_idle,
            self.pull_idle_core,
        )?;
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
            llc_enq: 10,
            dispatch_llc: 4,
            ..Default::default()
        };
        let cur = Metrics {
            uptime_s: 3.0,
            slice_us: 5000,
            llc_enq: 25,
            dispatch_llc: 4,
            ..Default::default()
        };
        let d = cur.delta(&prev);
        assert_eq!(d.llc_enq, 15);
        assert_eq!(d.dispatch_llc, 0);
        assert_eq!(d.slice_us, 5000);
        assert_eq!(d.uptime_s, 3.0);
    }
}
