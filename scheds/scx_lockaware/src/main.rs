// SPDX-License-Identifier: GPL-2.0
//
// scx_lockaware: a lock-contention-aware sched_ext scheduler (SPEC.md section 1).
//
// This is the userspace agent: it validates the command line, checks that the kernel can take
// a BPF scheduler, fills the BPF side's read-only tunables from the machine's topology, loads
// and attaches it, serves statistics, and reports why the scheduler stopped.

mod bpf_skel;
pub use bpf_skel::*;
pub mod bpf_intf;
pub mod search;
mod stats;

use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Parser;
use crossbeam::channel::RecvTimeoutError;
use libbpf_rs::{MapCore, MapFlags, OpenObject};
use log::{debug, info, warn};
use scx_stats::prelude::*;
use scx_utils::{scx_ops_attach, scx_ops_load, scx_ops_open, uei_exited, uei_report};
use scx_utils::{try_set_rlimit_infinity, UserExitInfo};

use sched_common::cli::{float_in_range, int_in_range};
use sched_common::preflight::{self, exit_code};
use sched_common::topo::CpuTopo;
use stats::Metrics;

const SCHEDULER_NAME: &str = "scx_lockaware";

const SLICE_US_MIN: u64 = 100;
const SLICE_US_MAX: u64 = 100_000;

fn parse_slice_us(s: &str) -> Result<u64, String> {
    int_in_range(s, SLICE_US_MIN, SLICE_US_MAX, "microseconds")
}

fn parse_interval_s(s: &str) -> Result<f64, String> {
    float_in_range(s, 0.1, 3600.0, "seconds")
}

fn parse_dump_len(s: &str) -> Result<u32, String> {
    int_in_range(s, 0, 1 << 20, "bytes, 0 = kernel default")
}

/// scx_lockaware: lock-contention-aware sched_ext scheduler.
///
/// Tasks are ordered by weighted virtual runtime (nice values honoured) in one dispatch queue
/// per last-level cache; woken tasks go to a fully idle SMT core first, then to any idle CPU.
/// Per-CPU kthreads and affinity-restricted tasks are always served.
///
/// Needs root and a Linux >= 6.12 kernel built with CONFIG_SCHED_CLASS_EXT. Stop it with
/// Ctrl-C or SIGTERM; the kernel's default scheduler takes over again.
///
/// Exit codes: 0 clean stop, 1 runtime error or ejected by the kernel, 2 invalid command line,
/// 3 no sched_ext in this kernel, 4 not root, 5 another sched_ext scheduler is attached.
#[derive(Debug, Parser)]
#[command(name = SCHEDULER_NAME, version, verbatim_doc_comment)]
struct Opts {
    /// Time slice each task gets before it yields to waiting tasks, in microseconds
    /// (100 to 100000).
    #[arg(long, value_name = "US", default_value = "5000", value_parser = parse_slice_us,
          allow_hyphen_values = true)]
    slice_us: u64,

    /// Print statistics every SECS seconds (0.1 to 3600) while scheduling.
    #[arg(long, value_name = "SECS", value_parser = parse_interval_s, allow_hyphen_values = true)]
    stats: Option<f64>,

    /// Only print the statistics of an scx_lockaware already running (started elsewhere), every
    /// SECS seconds (0.1 to 3600); loads nothing.
    #[arg(long, value_name = "SECS", value_parser = parse_interval_s, allow_hyphen_values = true)]
    monitor: Option<f64>,

    /// Describe every statistic and exit.
    #[arg(long)]
    help_stats: bool,

    /// Bytes of the kernel's debug dump to print when the scheduler is ejected
    /// (0 to 1048576; 0 = kernel default).
    #[arg(long, value_name = "BYTES", default_value = "0", value_parser = parse_dump_len)]
    exit_dump_len: u32,

    /// More output: -v for debug messages, -vv also for libbpf's.
    #[arg(short, long, action = clap::ArgAction::Count)]
    verbose: u8,
}

struct Scheduler<'a> {
    skel: BpfSkel<'a>,
    struct_ops: Option<libbpf_rs::Link>,
    topo: CpuTopo,
    nr_llcs: usize,
    slice_us: u64,
    started: Instant,
    stats_server: StatsServer<(), Metrics>,
}

impl<'a> Scheduler<'a> {
    fn init(opts: &Opts, open_object: &'a mut MaybeUninit<OpenObject>) -> Result<Self> {
        try_set_rlimit_infinity();

        let topo = CpuTopo::detect().context("reading the CPU topology")?;
        let (cpu_llc, nr_llcs) = topo.dense_llc_index();
        let max_cpus = bpf_intf::lockaware_consts_MAX_CPUS as usize;
        let max_llcs = bpf_intf::lockaware_consts_MAX_LLCS as usize;
        if topo.nr_cpu_ids() > max_cpus || nr_llcs > max_llcs {
            anyhow::bail!(
                "machine too large: {} CPU ids and {} LLCs (supported: {} and {})",
                topo.nr_cpu_ids(),
                nr_llcs,
                max_cpus,
                max_llcs
            );
        }

        let mut skel_builder = BpfSkelBuilder::default();
        skel_builder.obj_builder.debug(opts.verbose > 1);
        let mut skel = scx_ops_open!(skel_builder, open_object, lockaware_ops, None)?;

        skel.struct_ops.lockaware_ops_mut().exit_dump_len = opts.exit_dump_len;

        let rodata = skel.maps.rodata_data.as_mut().unwrap();
        rodata.slice_ns = opts.slice_us * 1000;
        rodata.nr_cpus_possible = topo.nr_cpu_ids() as u32;
        rodata.nr_llcs = nr_llcs as u32;
        rodata.smt_enabled = topo.smt;
        for (cpu, llc) in cpu_llc.iter().enumerate() {
            rodata.cpu_llc[cpu] = *llc;
        }
        for (cpu, sib) in topo.sibling_of().iter().enumerate() {
            rodata.cpu_sibling[cpu] = *sib;
        }

        let mut skel = scx_ops_load!(skel, lockaware_ops, uei)?;
        let struct_ops = Some(scx_ops_attach!(skel, lockaware_ops)?);
        let stats_server = StatsServer::new(stats::server_data()).launch()?;

        info!(
            "{SCHEDULER_NAME} attached: slice {}us, {} CPUs, {} LLC(s) {}, SMT {}",
            opts.slice_us,
            topo.cpus.len(),
            nr_llcs,
            topo.llc_groups()
                .iter()
                .map(|g| format!("[{}]", sched_common::cpulist::format(g)))
                .collect::<Vec<_>>()
                .join(" "),
            if topo.smt { "on" } else { "off" }
        );

        Ok(Self {
            skel,
            struct_ops,
            topo,
            nr_llcs,
            slice_us: opts.slice_us,
            started: Instant::now(),
            stats_server,
        })
    }

    /// Sum the per-CPU counters of the BPF side.
    fn read_counters(&self) -> Result<Vec<u64>> {
        let nr = bpf_intf::lockaware_stat_NR_SCHED_STATS as usize;
        let mut sums = vec![0u64; nr];
        let per_cpu = self
            .skel
            .maps
            .cpu_stats
            .lookup_percpu(&0u32.to_ne_bytes(), MapFlags::ANY)?
            .context("cpu_stats map is empty")?;
        for bytes in per_cpu {
            for (i, sum) in sums.iter_mut().enumerate() {
                let off = i * 8;
                if let Some(b) = bytes.get(off..off + 8) {
                    *sum += u64::from_ne_bytes(b.try_into().unwrap());
                }
            }
        }
        Ok(sums)
    }

    fn metrics(&self) -> Result<Metrics> {
        use bpf_intf::*;
        let c = self.read_counters()?;
        let at = |i: u32| c[i as usize];
        Ok(Metrics {
            uptime_s: self.started.elapsed().as_secs_f64(),
            slice_us: self.slice_us,
            nr_cpus: self.topo.cpus.len() as u64,
            nr_llcs: self.nr_llcs as u64,
            direct_idle: at(lockaware_stat_STAT_DIRECT_IDLE),
            kthread_local: at(lockaware_stat_STAT_KTHREAD_LOCAL),
            pinned_local: at(lockaware_stat_STAT_PINNED_LOCAL),
            llc_enq: at(lockaware_stat_STAT_LLC_ENQ),
            kick_idle: at(lockaware_stat_STAT_KICK_IDLE),
            pull_idle_core: at(lockaware_stat_STAT_PULL_IDLE_CORE),
            dispatch_llc: at(lockaware_stat_STAT_DISPATCH_LLC),
            dispatch_steal: at(lockaware_stat_STAT_DISPATCH_STEAL),
            keep_prev: at(lockaware_stat_STAT_KEEP_PREV),
        })
    }

    fn exited(&self) -> bool {
        uei_exited!(&self.skel, uei)
    }

    /// Serve statistics until Ctrl-C/SIGTERM or until the kernel stops the scheduler, then
    /// detach and return the kernel's exit information.
    fn run(&mut self, shutdown: &AtomicBool) -> Result<UserExitInfo> {
        let (res_ch, req_ch) = self.stats_server.channels();
        while !shutdown.load(Ordering::Relaxed) && !self.exited() {
            match req_ch.recv_timeout(Duration::from_millis(250)) {
                Ok(()) => res_ch.send(self.metrics()?)?,
                Err(RecvTimeoutError::Timeout) => {}
                Err(e) => Err(e)?,
            }
        }
        let _ = self.struct_ops.take();
        uei_report!(&self.skel, uei)
    }
}

impl Drop for Scheduler<'_> {
    fn drop(&mut self) {
        info!("{SCHEDULER_NAME} detached");
    }
}

fn init_logging(verbose: u8) -> Result<()> {
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

fn spawn_monitor(intv: f64, shutdown: Arc<AtomicBool>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(
        move || match stats::monitor(Duration::from_secs_f64(intv), shutdown) {
            Ok(()) => debug!("stats monitor finished"),
            Err(e) => warn!("stats monitor stopped: {e:#}"),
        },
    )
}

fn real_main() -> Result<i32> {
    let opts = Opts::parse();

    if opts.help_stats {
        stats::server_data().describe_meta(&mut std::io::stdout(), None)?;
        return Ok(exit_code::OK);
    }

    init_logging(opts.verbose)?;

    let shutdown = Arc::new(AtomicBool::new(false));
    let flag = shutdown.clone();
    ctrlc::set_handler(move || flag.store(true, Ordering::Relaxed))
        .context("installing the SIGINT/SIGTERM handler")?;

    if let Some(intv) = opts.monitor {
        let _ = spawn_monitor(intv, shutdown).join();
        return Ok(exit_code::OK);
    }

    if let Err(e) = preflight::check() {
        log::error!("{e}");
        return Ok(e.exit_code());
    }

    info!(
        "{SCHEDULER_NAME} {}: slice_us={} stats={} exit_dump_len={} verbose={}",
        env!("CARGO_PKG_VERSION"),
        opts.slice_us,
        opts.stats.map_or("off".to_string(), |s| format!("{s}s")),
        opts.exit_dump_len,
        opts.verbose
    );

    if let Some(intv) = opts.stats {
        spawn_monitor(intv, shutdown.clone());
    }

    let mut open_object = MaybeUninit::uninit();
    loop {
        let mut sched = Scheduler::init(&opts, &mut open_object)?;
        let uei = sched.run(&shutdown)?;
        if uei.should_restart() && !shutdown.load(Ordering::Relaxed) {
            info!("the kernel asked for a restart (CPU hotplug?): restarting");
            continue;
        }
        return Ok(exit_code::OK);
    }
}

fn main() {
    match real_main() {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            // Also reached when the kernel ejected the scheduler: uei_report! turns an error
            // exit into an Err holding the kernel's reason.
            eprintln!("{SCHEDULER_NAME}: {e:#}");
            std::process::exit(exit_code::FAILURE);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(args: &[&str]) -> Result<Opts, clap::Error> {
        Opts::try_parse_from(std::iter::once(SCHEDULER_NAME).chain(args.iter().copied()))
    }

    #[test]
    fn cli_is_consistent() {
        Opts::command().debug_assert();
    }

    #[test]
    fn defaults() {
        let o = parse(&[]).unwrap();
        assert_eq!(o.slice_us, 5000);
        assert!(o.stats.is_none() && o.monitor.is_none());
    }

    #[test]
    fn slice_bounds() {
        assert_eq!(parse(&["--slice-us", "100"]).unwrap().slice_us, 100);
        assert_eq!(parse(&["--slice-us", "100000"]).unwrap().slice_us, 100_000);
        for bad in ["0", "-5", "99", "100001", "99999999999", "1e3", "abc"] {
            let e = parse(&["--slice-us", bad]).unwrap_err().to_string();
            assert!(e.contains("--slice-us"), "{bad}: {e}");
            assert!(e.contains(bad), "{bad}: {e}");
            assert!(e.contains("100 to 100000"), "{bad}: {e}");
        }
    }

    #[test]
    fn intervals_and_unknown_flags() {
        assert_eq!(parse(&["--stats", "0.5"]).unwrap().stats, Some(0.5));
        assert!(parse(&["--stats", "0"]).is_err());
        assert!(parse(&["--monitor", "-1"]).is_err());
        assert!(parse(&["--no-such-flag"]).is_err());
    }
}
