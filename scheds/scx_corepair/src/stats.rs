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

// Every event counter of the BPF side (`enum corepair_stat` in `bpf/intf.h`) is declared
// once below with its field name, its `STAT_*` index and its description
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
        #[stat(desc = "The two counters: ACCESSES,INSTRUCTIONS (--events)")]
        events: String,
        #[stat(desc = "Pairs as master-slave, with the CPUs left unpaired")]
        pairs: String,
        #[stat(desc = "Per pair at its last balance step: master-slave:m:queued on master/slave \
                       (m in accesses per 1000 instructions)")]
        pair_states: String,
        #[stat(desc = "Share of slave picks that found a complementary task (§4.4.6), % \
                       (of the picks in this interval)")]
        matching_pct: f64,
        #[stat(desc = "Share of run time above its pair's m/2 that ran on masters, %")]
        high_on_master_pct: f64,
        #[stat(desc = "Share of run time below its pair's m/2 that ran on slaves, %")]
        low_on_slave_pct: f64,
        #[stat(desc = "Top tasks by rate: pid:comm:rate (per 1000):% of run time on \
                       masters:% on slaves")]
        top_tasks: String,
        #[stat(desc = "With --bpf-stats: every BPF program that ran, name:runs:mean ns per run \
                       since attach, the most total time first")]
        bpf_cost: String,
    }
    counters {
        direct_idle = corepair_stat_STAT_DIRECT_IDLE:
            "Woken tasks placed straight on an idle CPU",
        kthread_local = corepair_stat_STAT_KTHREAD_LOCAL:
            "Per-CPU kthreads queued on their own CPU",
        enq = corepair_stat_STAT_ENQ:
            "Tasks queued on their CPU's run queue",
        dispatch_own = corepair_stat_STAT_DISPATCH_OWN:
            "Masters and plain CPUs taking the head of their own queue",
        dispatch_partner = corepair_stat_STAT_DISPATCH_PARTNER:
            "CPUs with an empty queue taking their partner's head",
        dispatch_steal = corepair_stat_STAT_DISPATCH_STEAL:
            "CPUs with an empty queue taking another CPU's head",
        keep_prev = corepair_stat_STAT_KEEP_PREV:
            "Slices extended because nothing was queued",
        slave_picks = corepair_stat_STAT_SLAVE_PICKS:
            "Slave picks against the master's current task (figure 4.4)",
        slave_matched = corepair_stat_STAT_SLAVE_MATCHED:
            "Slave picks whose task was complementary to the master's (one above m/2, the \
                other not)",
        slave_reorder = corepair_stat_STAT_SLAVE_REORDER:
            "Slave picks that ran a task other than the head of the queue",
        starvation = corepair_stat_STAT_STARVATION:
            "Slave queue heads run first because they waited past --starvation-ms",
        balance_steps = corepair_stat_STAT_BALANCE_STEPS:
            "Balance steps run (every --balance-ms)",
        xchg_pair = corepair_stat_STAT_XCHG_PAIR:
            "Exchanges between a master and its slave (figure 4.5)",
        xchg_masters = corepair_stat_STAT_XCHG_MASTERS:
            "Exchanges between neighbouring masters (figure 4.6)",
        xchg_slaves = corepair_stat_STAT_XCHG_SLAVES:
            "Exchanges between neighbouring slaves (figure 4.6)",
        len_moves = corepair_stat_STAT_LEN_MOVES:
            "Tasks moved from the longest queue to the shortest",
        move_raced = corepair_stat_STAT_MOVE_RACED:
            "Moves given up: the task had left its queue",
        pmu_reads = corepair_stat_STAT_PMU_READS:
            "Counter readings at context switches",
        pmu_multiplexed = corepair_stat_STAT_PMU_MULTIPLEXED:
            "Readings in which a counter was multiplexed (scaled by enabled/running)",
        pmu_errors = corepair_stat_STAT_PMU_ERRORS:
            "Readings that failed",
        high_ns_master = corepair_stat_STAT_HIGH_NS_MASTER:
            "Run time (ns) of tasks above their pair's m/2 on masters",
        high_ns_slave = corepair_stat_STAT_HIGH_NS_SLAVE:
            "Run time (ns) of tasks above their pair's m/2 on slaves",
        low_ns_master = corepair_stat_STAT_LOW_NS_MASTER:
            "Run time (ns) of tasks at or below their pair's m/2 on masters",
        low_ns_slave = corepair_stat_STAT_LOW_NS_SLAVE:
            "Run time (ns) of tasks at or below their pair's m/2 on slaves",
    }
}

fn pct(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 * 100.0 / whole as f64
    }
}

impl Metrics {
    /// Fill the ratios that derive from the counters (after a delta, they cover its interval).
    pub fn derive(mut self) -> Self {
        self.matching_pct = pct(self.slave_matched, self.slave_picks);
        self.high_on_master_pct = pct(
            self.high_ns_master,
            self.high_ns_master + self.high_ns_slave,
        );
        self.low_on_slave_pct = pct(self.low_ns_slave, self.low_ns_master + self.low_ns_slave);
        self
    }

    pub fn format<W: Write>(&self, w: &mut W) -> Result<()> {
        writeln!(
            w,
            "[scx_corepair] up {:>7.1}s | cpus {} slice {}us | enq: idle {} queued {} kthr {} | \
             disp: own {} partner {} steal {} keep {}",
            self.uptime_s,
            self.nr_cpus,
            self.slice_us,
            self.direct_idle,
            self.enq,
            self.kthread_local,
            self.dispatch_own,
            self.dispatch_partner,
            self.dispatch_steal,
            self.keep_prev,
        )?;
        writeln!(
            w,
            "  slave picks {} matched {:.1}% reordered {} starved {} | balance {}: pair {} \
             masters {} slaves {} length {} raced {}",
            self.slave_picks,
            self.matching_pct,
            self.slave_reorder,
            self.starvation,
            self.balance_steps,
            self.xchg_pair,
            self.xchg_masters,
            self.xchg_slaves,
            self.len_moves,
            self.move_raced,
        )?;
        writeln!(
            w,
            "  demand: high on masters {:.1}% low on slaves {:.1}% | counters [{}] reads {} \
             multiplexed {} errors {}",
            self.high_on_master_pct,
            self.low_on_slave_pct,
            self.events,
            self.pmu_reads,
            self.pmu_multiplexed,
            self.pmu_errors,
        )?;
        writeln!(w, "  pairs {}", self.pair_states)?;
        if !self.top_tasks.is_empty() {
            writeln!(w, "  top tasks: {}", self.top_tasks)?;
        }
        if !self.bpf_cost.is_empty() {
            writeln!(w, "  bpf runs:mean ns: {}", self.bpf_cost)?;
        }
        Ok(())
    }
}

pub fn server_data() -> StatsServerData<(), Metrics> {
    sched_common::stats::server_data::<Metrics>(Metrics::derive)
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
    fn every_bpf_counter_is_shown_once() {
        let mut idx = Metrics::COUNTER_INDICES.to_vec();
        idx.sort_unstable();
        let all: Vec<u32> = (0..bpf_intf::corepair_stat_NR_SCHED_STATS).collect();
        assert_eq!(idx, all);
    }

    #[test]
    fn ratios_follow_the_interval() {
        let prev = Metrics {
            slave_picks: 100,
            slave_matched: 10,
            ..Default::default()
        };
        let cur = Metrics {
            slave_picks: 200,
            slave_matched: 100,
            high_ns_master: 30,
            high_ns_slave: 10,
            ..Default::default()
        };
        let d = cur.delta(&prev).derive();
        assert_eq!(d.matching_pct, 90.0);
        assert_eq!(d.high_on_master_pct, 75.0);
        assert_eq!(d.low_on_slave_pct, 0.0);
    }
}
