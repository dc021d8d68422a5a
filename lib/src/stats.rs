//! Statistics plumbing shared by the schedulers: the per-CPU counter sums of the BPF side, the
//! `scx_stats` server that answers `--stats`/`--monitor`, and the [`sched_metrics!`] macro
//! that declares every statistic once.
//!
//! Counters are events since the previous read by the same client (the first read covers the
//! time since the client connected); gauges are the current value.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use anyhow::Result;
use scx_stats::prelude::*;
use serde::de::DeserializeOwned;
use serde::Serialize;

/// A statistics snapshot that knows how to subtract an earlier one.
pub trait Delta: Clone {
    /// Events between `prev` and `self`; gauges keep their current value.
    fn delta(&self, prev: &Self) -> Self;
}

/// Declare a scheduler's statistics once: gauges (set by the agent) and event counters
/// (summed from the BPF side's per-CPU `cpu_stats`, indexed by the `STAT_*` enum of its
/// `intf.h`). Generates `struct Metrics` with `scx_stats` metadata, its
/// [`Delta`](crate::stats::Delta) impl, `set_counters()` and, for tests, `COUNTER_INDICES`.
///
/// ```ignore
/// sched_common::sched_metrics! {
///     bpf_intf;
///     gauges { #[stat(desc = "Seconds since attach")] uptime_s: f64, }
///     counters { enq = corepair_stat_STAT_ENQ: "Tasks queued", }
/// }
/// ```
/// The caller imports `scx_stats_derive::{stat_doc, Stats}` and `serde::{Deserialize,
/// Serialize}`.
#[macro_export]
macro_rules! sched_metrics {
    (
        $intf:ident;
        gauges { $( #[$($ga:tt)*] $g:ident : $gt:ty, )* }
        counters { $( $c:ident = $idx:ident : $desc:tt, )* }
    ) => {
        #[stat_doc]
        #[derive(Clone, Debug, Default, Serialize, Deserialize, Stats)]
        #[stat(top)]
        pub struct Metrics {
            $( #[$($ga)*] pub $g: $gt, )*
            $( #[stat(desc = $desc)] pub $c: u64, )*
        }

        impl Metrics {
            /// The `STAT_*` index of every counter field, in field order.
            #[cfg(test)]
            pub const COUNTER_INDICES: &'static [u32] = &[ $( $intf::$idx ),* ];

            /// Set every counter from the per-CPU sums the BPF side keeps (indexed by `STAT_*`).
            pub fn set_counters(&mut self, sums: &[u64]) {
                $( self.$c = sums[$intf::$idx as usize]; )*
            }
        }

        impl $crate::stats::Delta for Metrics {
            fn delta(&self, prev: &Self) -> Self {
                Self {
                    $( $c: self.$c.saturating_sub(prev.$c), )*
                    ..self.clone()
                }
            }
        }
    };
}

/// Sum the per-CPU copies of a `struct cpu_stats { u64 cnt[nr]; }` value.
pub fn sum_per_cpu(per_cpu: &[Vec<u8>], nr: usize) -> Vec<u64> {
    let mut sums = vec![0u64; nr];
    for bytes in per_cpu {
        for (i, sum) in sums.iter_mut().enumerate() {
            if let Some(b) = bytes.get(i * 8..i * 8 + 8) {
                *sum += u64::from_ne_bytes(b.try_into().unwrap());
            }
        }
    }
    sums
}

/// The `scx_stats` server's data: one "top" op whose reads return the events since the
/// client's previous read, passed through `derive` (ratios over that interval).
pub fn server_data<M>(derive: fn(M) -> M) -> StatsServerData<(), M>
where
    M: Meta + Serialize + Delta + Send + 'static,
{
    let open: Box<dyn StatsOpener<(), M>> = Box::new(move |(req_ch, res_ch)| {
        req_ch.send(())?;
        let mut prev = res_ch.recv()?;
        let read: Box<dyn StatsReader<(), M>> = Box::new(move |_args, (req_ch, res_ch)| {
            req_ch.send(())?;
            let cur = res_ch.recv()?;
            let delta = derive(cur.delta(&prev));
            prev = cur;
            delta.to_json()
        });
        Ok(read)
    });

    StatsServerData::new()
        .add_meta(M::meta())
        .add_ops("top", StatsOps { open, close: None })
}

/// Print the running scheduler's stats every `intv` with `print` until `shutdown`.
pub fn monitor<M>(
    intv: Duration,
    shutdown: Arc<AtomicBool>,
    mut print: impl FnMut(&M) -> Result<()>,
) -> Result<()>
where
    M: DeserializeOwned,
{
    scx_utils::monitor_stats::<M>(
        &[],
        intv,
        || shutdown.load(Ordering::Relaxed),
        |m| print(&m),
    )
}

/// Run [`monitor`] on a thread; errors are logged, not fatal.
pub fn spawn_monitor<M>(
    intv: f64,
    shutdown: Arc<AtomicBool>,
    print: impl FnMut(&M) -> Result<()> + Send + 'static,
) -> std::thread::JoinHandle<()>
where
    M: DeserializeOwned + 'static,
{
    std::thread::spawn(
        move || match monitor(Duration::from_secs_f64(intv), shutdown, print) {
            Ok(()) => log::debug!("stats monitor finished"),
            Err(e) => log::warn!("stats monitor stopped: {e:#}"),
        },
    )
}

/// Log to stderr at Info, or Debug with `-v`.
pub fn init_logging(verbose: u8) -> Result<()> {
    let level = if verbose > 0 {
        simplelog::LevelFilter::Debug
    } else {
        simplelog::LevelFilter::Info
    };
    let mut cfg = simplelog::ConfigBuilder::new();
    cfg.set_time_level(simplelog::LevelFilter::Error)
        .set_location_level(simplelog::LevelFilter::Off)
        .set_target_level(simplelog::LevelFilter::Off)
        .set_thread_level(simplelog::LevelFilter::Off);
    simplelog::TermLogger::init(
        level,
        cfg.build(),
        simplelog::TerminalMode::Stderr,
        simplelog::ColorChoice::Auto,
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn per_cpu_sums() {
        let a: Vec<u8> = [1u64, 2].iter().flat_map(|v| v.to_ne_bytes()).collect();
        let b: Vec<u8> = [10u64, 20].iter().flat_map(|v| v.to_ne_bytes()).collect();
        assert_eq!(sum_per_cpu(&[a, b], 2), vec![11, 22]);
        assert_eq!(sum_per_cpu(&[], 1), vec![0]);
    }
}
