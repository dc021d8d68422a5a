//! What every scheduler's agent does around its own work: the start (`--help-stats`, logging,
//! the Ctrl-C/SIGTERM flag, `--monitor`) and the exit (an exit code, or the error with the
//! kernel's reason).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use crossbeam::channel::{Receiver, Sender};

use scx_stats::prelude::*;

use crate::preflight::exit_code;

/// How [`begin`] ended.
pub enum Start {
    /// Run the scheduler; it stops when the flag is set (Ctrl-C, SIGTERM).
    Run(Arc<AtomicBool>),
    /// `--help-stats` or `--monitor` did their job: exit with this code.
    Exit(i32),
}

/// `--help-stats` (describe every statistic), logging, the shutdown flag and `--monitor`
/// (print the running scheduler's stats with `spawn_monitor`), in that order.
pub fn begin<M: Send + 'static>(
    help_stats: bool,
    verbose: u8,
    monitor: Option<f64>,
    server_data: fn() -> StatsServerData<(), M>,
    spawn_monitor: fn(f64, Arc<AtomicBool>) -> JoinHandle<()>,
) -> anyhow::Result<Start> {
    if help_stats {
        server_data().describe_meta(&mut std::io::stdout(), None)?;
        return Ok(Start::Exit(exit_code::OK));
    }
    crate::stats::init_logging(verbose)?;
    let shutdown = shutdown_flag()?;
    if let Some(intv) = monitor {
        let _ = spawn_monitor(intv, shutdown).join();
        return Ok(Start::Exit(exit_code::OK));
    }
    Ok(Start::Run(shutdown))
}

/// Run a scheduler's `real_main` and exit with its code. An error (also the kernel ejecting
/// the scheduler: `uei_report!` turns an error exit into an Err holding the kernel's reason)
/// is printed after the scheduler's name and exits with [`exit_code::FAILURE`].
pub fn exit_with(name: &str, result: anyhow::Result<i32>) -> ! {
    match result {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("{name}: {e:#}");
            std::process::exit(exit_code::FAILURE)
        }
    }
}

/// A flag that Ctrl-C and SIGTERM set: the schedulers' main loops stop on it.
pub fn shutdown_flag() -> anyhow::Result<Arc<AtomicBool>> {
    use anyhow::Context;
    let shutdown = Arc::new(AtomicBool::new(false));
    let flag = shutdown.clone();
    ctrlc::set_handler(move || flag.store(true, std::sync::atomic::Ordering::Relaxed))
        .context("installing the SIGINT/SIGTERM handler")?;
    Ok(shutdown)
}

/// What the agents' shared main loop ([`serve`]) needs of a scheduler.
pub trait Periodic {
    type Metrics: Send + 'static;
    /// Whether the kernel stopped the scheduler.
    fn exited(&self) -> bool;
    /// The statistics a `--stats`/`--monitor` client asked for.
    fn metrics(&self) -> anyhow::Result<Self::Metrics>;
    /// The agent's periodic work (scx_lockaware: the SSC step; scx_corepair: the balance
    /// step).
    fn step(&mut self) -> anyhow::Result<()>;
    /// How long after the step just run the next one is due (default: `period`).
    fn next_period(&self, period: Duration) -> Duration {
        period
    }
}

/// The longest a statistics request waits for [`serve`] to see it.
pub const STATS_POLL: Duration = Duration::from_millis(100);

/// Run `a.step()` every `period` (or what [`Periodic::next_period`] says) and answer the
/// statistics requests of the scx_stats server whose `channels()` are given until `shutdown`
/// is set or the kernel stops the scheduler. Between the two it sleeps (nanosleep) rather than
/// waiting in the request channel's `recv_timeout`, which spins and calls sched_yield()
/// before it parks: with a 20 ms period that cost scx_corepair's agent 60 ms of CPU per
/// second in a TCG guest (perf: crossbeam's `Channel::recv` and the context switches of its
/// yields), where one balance step takes 0.15 ms (docs/benchmarks.md §16).
pub fn serve<A: Periodic>(
    a: &mut A,
    period: Duration,
    (res_ch, req_ch): (Sender<A::Metrics>, Receiver<()>),
    shutdown: &AtomicBool,
) -> anyhow::Result<()> {
    use std::sync::atomic::Ordering;
    let mut next = Instant::now() + period;
    while !shutdown.load(Ordering::Relaxed) && !a.exited() {
        let now = Instant::now();
        if now < next {
            std::thread::sleep((next - now).min(STATS_POLL));
        }
        loop {
            match req_ch.try_recv() {
                Ok(()) => res_ch
                    .send(a.metrics()?)
                    .map_err(|_| anyhow::anyhow!("the statistics server is gone"))?,
                Err(e) if e.is_empty() => break,
                Err(e) => Err(e)?,
            }
        }
        let now = Instant::now();
        if now >= next && !a.exited() {
            a.step()?;
            let p = a.next_period(period);
            next += p;
            if next < now {
                next = now + p;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::Ordering;

    /// Steps every `period`, or every `short` for the step after each `every`-th one; stops
    /// itself after `steps` steps.
    struct Ticker {
        at: Vec<Instant>,
        steps: usize,
        every: usize,
        short: Duration,
    }

    impl Periodic for Ticker {
        type Metrics = ();
        fn exited(&self) -> bool {
            self.at.len() >= self.steps
        }
        fn metrics(&self) -> anyhow::Result<()> {
            Ok(())
        }
        fn step(&mut self) -> anyhow::Result<()> {
            self.at.push(Instant::now());
            Ok(())
        }
        fn next_period(&self, period: Duration) -> Duration {
            if self.at.len().is_multiple_of(self.every) {
                self.short
            } else {
                period
            }
        }
    }

    #[test]
    fn serve_takes_the_next_period_from_the_agent() {
        let (res_tx, _res_rx) = crossbeam::channel::unbounded();
        let (_req_tx, req_rx) = crossbeam::channel::unbounded();
        let shutdown = AtomicBool::new(false);
        let mut t = Ticker {
            at: Vec::new(),
            steps: 7,
            every: 2,
            short: Duration::from_millis(5),
        };
        serve(
            &mut t,
            Duration::from_millis(60),
            (res_tx, req_rx),
            &shutdown,
        )
        .unwrap();
        assert!(!shutdown.load(Ordering::Relaxed));
        // Steps 1, 3, 5 come a full period after the one before; 2, 4, 6 a short one after
        // (the schedule is absolute: a step that ran late leaves the next one less).
        let gaps: Vec<Duration> = t.at.windows(2).map(|w| w[1] - w[0]).collect();
        for (i, g) in gaps.iter().enumerate() {
            let (lo, hi) = if (i + 1) % 2 == 0 {
                (Duration::from_millis(4), Duration::from_millis(40))
            } else {
                (Duration::from_millis(45), Duration::from_millis(200))
            };
            assert!(
                *g >= lo && *g < hi,
                "gap {i}: {g:?} outside {lo:?}..{hi:?} ({gaps:?})"
            );
        }
    }
}
