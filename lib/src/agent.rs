//! What every scheduler's agent does around its own work: the start (`--help-stats`, logging,
//! the Ctrl-C/SIGTERM flag, `--monitor`) and the exit (an exit code, or the error with the
//! kernel's reason).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::thread::JoinHandle;

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
