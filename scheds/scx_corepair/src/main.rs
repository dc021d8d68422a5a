// scx_corepair: resource-contention-aware sched_ext scheduler. CPUs sharing a cache are paired
// master/slave; per-task demand from two per-CPU counters decides which tasks run together
// (SPEC.md section 2; thesis chapter 4).
//
// The agent opens the counters, fills the BPF side's tables (pairs, roles, tunables), loads
// and attaches it, runs the balance step every --balance-ms, serves statistics and reports
// why the kernel stopped the scheduler.

mod bpf_skel;
pub use bpf_skel::*;
pub mod bpf_intf;
mod pairing;
mod perf;
mod stats;

use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Parser;
use libbpf_rs::{MapCore, MapFlags, OpenObject};
use log::info;
use scx_stats::prelude::*;
use scx_utils::{scx_ops_attach, scx_ops_load, scx_ops_open, uei_exited, uei_report};
use scx_utils::{try_set_rlimit_infinity, UserExitInfo};

use pairing::{PairingMode, Pairs};
use perf::{Counters, Event};
use sched_common::agent::{self, Start};
use sched_common::cli::int_in_range;
use sched_common::preflight::{self, exit_code};
use sched_common::topo::CpuTopo;
use stats::Metrics;

const SCHEDULER_NAME: &str = "scx_corepair";

fn parse_slice_us(s: &str) -> Result<u64, String> {
    int_in_range(s, 100, 100_000, "microseconds")
}

fn parse_maxcnt(s: &str) -> Result<u32, String> {
    int_in_range(s, 1, bpf_intf::corepair_consts_MAX_MAXCNT, "tasks")
}

fn parse_starvation_ms(s: &str) -> Result<u64, String> {
    int_in_range(s, 1, 10_000, "milliseconds")
}

fn parse_balance_ms(s: &str) -> Result<u64, String> {
    int_in_range(s, 1, 10_000, "milliseconds")
}

fn parse_interval_s(s: &str) -> Result<f64, String> {
    sched_common::cli::float_in_range(s, 0.1, 3600.0, "seconds")
}

fn parse_dump_len(s: &str) -> Result<u32, String> {
    int_in_range(s, 0, 1 << 20, "bytes")
}

/// Resource-contention-aware sched_ext scheduler: pairs of CPUs that share a cache, a master
/// running high-demand tasks and a slave picking low-demand partners for them (thesis ch. 4).
///
/// Demand is a task's cumulative rate of the first --events counter per the second (LLC
/// accesses per instruction by default). Needs a PMU for that default; without one (VMs,
/// CI) software events such as --events page-faults,cpu-clock drive the same path.
#[derive(Debug, Parser)]
#[command(name = "scx_corepair", version, disable_version_flag = true)]
struct Opts {
    /// Time slice of every task, in microseconds (100..100000).
    #[arg(short = 's', long, default_value = "5000", value_parser = parse_slice_us, value_name = "US")]
    slice_us: u64,

    /// The two counters, ACCESSES,INSTRUCTIONS: the demand is Σ ACCESSES / Σ INSTRUCTIONS
    /// per task. Names as `perf list` prints them (cache-references, LLC-loads, instructions,
    /// page-faults, cpu-clock, ...) or raw codes (r1a2, 0x1a2).
    #[arg(long, default_value = perf::DEFAULT_EVENTS, value_parser = perf::parse_events, value_name = "A,I")]
    events: (Event, Event),

    /// How CPUs are paired: smt (SMT siblings), llc (CPUs sharing a last-level cache, split
    /// in halves: C0-C4, C1-C5, ...), or auto (smt when the machine has SMT, else llc).
    #[arg(long, default_value = "auto", value_name = "MODE")]
    pairing: PairingMode,

    /// Tasks at the head of a slave's queue among which it picks a partner for the master's
    /// current task (figure 4.4), 1..32.
    #[arg(long, default_value = "10", value_parser = parse_maxcnt, value_name = "N")]
    maxcnt: u32,

    /// A slave's first queued task runs next once it has waited this long, in milliseconds
    /// (the starvation guard), 1..10000.
    #[arg(long, default_value = "50", value_parser = parse_starvation_ms, value_name = "MS")]
    starvation_ms: u64,

    /// Period of the balance step (figures 4.5 and 4.6, queue lengths), in milliseconds,
    /// 1..10000.
    #[arg(long, default_value = "20", value_parser = parse_balance_ms, value_name = "MS")]
    balance_ms: u64,

    /// Load the BPF side without attaching it, run its decision rules on the test cases of
    /// pairing.rs and compare them with the Rust rules; exit 0 when all agree.
    #[arg(long)]
    check_rules: bool,

    /// Print statistics every SECS seconds while running (0.1..3600).
    #[arg(long, value_parser = parse_interval_s, value_name = "SECS")]
    stats: Option<f64>,

    /// Do not run a scheduler: print the running one's statistics every SECS seconds.
    #[arg(long, value_parser = parse_interval_s, value_name = "SECS")]
    monitor: Option<f64>,

    /// Describe every statistic and exit.
    #[arg(long)]
    help_stats: bool,

    /// Measure what each of the scheduler's BPF programs costs: the kernel's BPF run-time
    /// statistics are enabled while the scheduler runs, and the bpf_cost statistic reports
    /// every program's runs and mean nanoseconds per run since attach. Each program run then
    /// pays two more clock reads. Off by default.
    #[arg(long)]
    bpf_stats: bool,

    /// Bytes of the kernel's debug dump to print when the scheduler is ejected (0..1048576).
    #[arg(long, default_value = "0", value_parser = parse_dump_len, value_name = "BYTES")]
    exit_dump_len: u32,

    /// More output (-v: debug).
    #[arg(short = 'v', long, action = clap::ArgAction::Count)]
    verbose: u8,

    /// Print the version and exit.
    #[arg(short = 'V', long, action = clap::ArgAction::Version)]
    version: Option<bool>,
}

struct Scheduler<'a> {
    skel: BpfSkel<'a>,
    struct_ops: Option<libbpf_rs::Link>,
    pairs: Pairs,
    nr_cpus: usize,
    slice_us: u64,
    events: String,
    balance: Duration,
    started: Instant,
    stats_server: StatsServer<(), Metrics>,
    /// --bpf-stats: run-time statistics, on while this lives.
    run_stats: Option<sched_common::bpfcost::RunTimeStats>,
    // Kept open while the BPF side reads them.
    _counters: [Counters; 2],
}

/// Open the BPF object and fill its read-only tables.
fn open_skel<'a>(
    opts: &Opts,
    topo: &CpuTopo,
    pairs: &Pairs,
    open_object: &'a mut MaybeUninit<OpenObject>,
) -> Result<OpenBpfSkel<'a>> {
    let max_cpus = bpf_intf::corepair_consts_MAX_CPUS as usize;
    if topo.nr_cpu_ids() > max_cpus {
        anyhow::bail!(
            "machine too large: {} CPU ids (supported: {max_cpus})",
            topo.nr_cpu_ids()
        );
    }
    let mut skel_builder = BpfSkelBuilder::default();
    skel_builder.obj_builder.debug(opts.verbose > 1);
    let mut skel = scx_ops_open!(skel_builder, open_object, corepair_ops, None)?;
    skel.struct_ops.corepair_ops_mut().exit_dump_len = opts.exit_dump_len;

    let rodata = skel.maps.rodata_data.as_mut().unwrap();
    rodata.slice_ns = opts.slice_us * 1000;
    rodata.maxcnt = opts.maxcnt;
    rodata.starvation_ns = opts.starvation_ms * 1_000_000;
    rodata.nr_cpus_possible = topo.nr_cpu_ids() as u32;
    rodata.smt_enabled = topo.smt;
    let (cpu_llc, _) = topo.dense_llc_index();
    for (cpu, llc) in cpu_llc.iter().enumerate() {
        rodata.cpu_llc[cpu] = *llc;
    }
    for (cpu, sib) in topo.sibling_of().iter().enumerate() {
        rodata.cpu_sibling[cpu] = *sib;
    }
    rodata.cpu_partner.iter_mut().for_each(|p| *p = -1);
    rodata.nr_pairs = pairs.pairs.len() as u32;
    for (k, &(m, s)) in pairs.pairs.iter().enumerate() {
        rodata.pair_master[k] = m as i32;
        rodata.pair_slave[k] = s as i32;
        rodata.cpu_role[m] = bpf_intf::corepair_consts_ROLE_MASTER as u8;
        rodata.cpu_role[s] = bpf_intf::corepair_consts_ROLE_SLAVE as u8;
        rodata.cpu_partner[m] = s as i32;
        rodata.cpu_partner[s] = m as i32;
        rodata.cpu_pair[m] = k as u32;
        rodata.cpu_pair[s] = k as u32;
    }
    Ok(skel)
}

impl<'a> Scheduler<'a> {
    fn init(
        opts: &Opts,
        topo: &CpuTopo,
        pairs: Pairs,
        counters: [Counters; 2],
        open_object: &'a mut MaybeUninit<OpenObject>,
    ) -> Result<Self> {
        try_set_rlimit_infinity();
        let mut skel = open_skel(opts, topo, &pairs, open_object)?;
        let mut skel = scx_ops_load!(skel, corepair_ops, uei)?;

        for (map, c) in [
            (&skel.maps.pmu_accesses, &counters[0]),
            (&skel.maps.pmu_instructions, &counters[1]),
        ] {
            for (cpu, fd) in c.fds() {
                map.update(
                    &(cpu as u32).to_ne_bytes(),
                    &fd.to_ne_bytes(),
                    MapFlags::ANY,
                )
                .with_context(|| {
                    format!("installing the {} counter of CPU {cpu}", c.event.name())
                })?;
            }
        }

        let run_stats = if opts.bpf_stats {
            Some(sched_common::bpfcost::RunTimeStats::enable()?)
        } else {
            None
        };
        let struct_ops = Some(scx_ops_attach!(skel, corepair_ops)?);
        let stats_server = StatsServer::new(stats::server_data()).launch()?;
        let events = format!("{},{}", counters[0].event.name(), counters[1].event.name());
        info!(
            "{SCHEDULER_NAME} attached: slice {}us, {} CPUs, pairs ({:?}) {}, maxcnt {}, \
             starvation {}ms, balance every {}ms, counters {events}",
            opts.slice_us,
            topo.cpus.len(),
            pairs.mode,
            pairs.describe(),
            opts.maxcnt,
            opts.starvation_ms,
            opts.balance_ms,
        );
        Ok(Self {
            skel,
            struct_ops,
            pairs,
            nr_cpus: topo.cpus.len(),
            slice_us: opts.slice_us,
            events,
            balance: Duration::from_millis(opts.balance_ms),
            started: Instant::now(),
            stats_server,
            run_stats,
            _counters: counters,
        })
    }

    fn read_counters(&self) -> Result<Vec<u64>> {
        let per_cpu = self
            .skel
            .maps
            .cpu_stats
            .lookup_percpu(&0u32.to_ne_bytes(), MapFlags::ANY)?
            .context("cpu_stats map is empty")?;
        Ok(sched_common::stats::sum_per_cpu(
            &per_cpu,
            bpf_intf::corepair_stat_NR_SCHED_STATS as usize,
        ))
    }

    /// Tasks seen in the last two seconds, highest rate first.
    fn top_tasks(&self, max: usize) -> Vec<(i32, bpf_intf::task_info)> {
        let now = sched_common::clock::monotonic_ns();
        let map = &self.skel.maps.task_infos;
        let mut v: Vec<(i32, bpf_intf::task_info)> = map
            .keys()
            .filter_map(|k| {
                let pid = i32::from_ne_bytes(k.as_slice().try_into().ok()?);
                let bytes = map.lookup(&k, MapFlags::ANY).ok()??;
                if bytes.len() < std::mem::size_of::<bpf_intf::task_info>() {
                    return None;
                }
                // SAFETY: the value is a struct task_info written by the BPF side.
                let info: bpf_intf::task_info =
                    unsafe { std::ptr::read_unaligned(bytes.as_ptr() as *const _) };
                (now.saturating_sub(info.updated_ns) < 2_000_000_000).then_some((pid, info))
            })
            .collect();
        v.sort_by_key(|(_, i)| std::cmp::Reverse(i.rate));
        v.truncate(max);
        v
    }

    /// Balance and serve statistics until Ctrl-C/SIGTERM or until the kernel stops the
    /// scheduler, then detach and return the kernel's exit information.
    fn run(&mut self, shutdown: &AtomicBool) -> Result<UserExitInfo> {
        let (balance, channels) = (self.balance, self.stats_server.channels());
        agent::serve(self, balance, channels, shutdown)?;
        let _ = self.struct_ops.take();
        uei_report!(&self.skel, uei)
    }
}

impl agent::Periodic for Scheduler<'_> {
    type Metrics = Metrics;

    fn exited(&self) -> bool {
        uei_exited!(&self.skel, uei)
    }

    fn metrics(&self) -> Result<Metrics> {
        let c = self.read_counters()?;
        let per_mille = |r: u64| r as f64 * 1000.0 / pairing::RATE_ONE as f64;
        let top = self
            .top_tasks(10)
            .iter()
            .map(|(pid, i)| {
                let comm = std::ffi::CStr::from_bytes_until_nul(unsafe {
                    &*(&i.comm as *const [std::os::raw::c_char] as *const [u8])
                })
                .map(|c| c.to_string_lossy().into_owned())
                .unwrap_or_default();
                let total = i.ns.iter().sum::<u64>().max(1) as f64;
                format!(
                    "{pid}:{comm}:{:.4}:{:.0}:{:.0}",
                    per_mille(i.rate),
                    i.ns[bpf_intf::corepair_consts_ROLE_MASTER as usize] as f64 * 100.0 / total,
                    i.ns[bpf_intf::corepair_consts_ROLE_SLAVE as usize] as f64 * 100.0 / total,
                )
            })
            .collect::<Vec<_>>()
            .join(" ");
        let bss = self.skel.maps.bss_data.as_deref().context("no .bss")?;
        let pair_states = self
            .pairs
            .pairs
            .iter()
            .enumerate()
            .map(|(k, (m, s))| {
                let ps = &bss.pair_states[k];
                format!(
                    "{m}-{s}:{:.4}:{}/{}",
                    per_mille(ps.m),
                    ps.len_master,
                    ps.len_slave
                )
            })
            .collect::<Vec<_>>()
            .join(" ");
        let bpf_cost = match &self.run_stats {
            Some(rs) => rs.describe(libbpf_rs::skel::Skel::object(&self.skel), "corepair_")?,
            None => String::new(),
        };
        let mut m = Metrics {
            bpf_cost,
            uptime_s: self.started.elapsed().as_secs_f64(),
            slice_us: self.slice_us,
            nr_cpus: self.nr_cpus as u64,
            events: self.events.clone(),
            pairs: self.pairs.describe(),
            pair_states,
            top_tasks: top,
            ..Default::default()
        };
        m.set_counters(&c);
        Ok(m)
    }

    /// One balance step of the BPF side (figures 4.5 and 4.6, queue lengths).
    fn step(&mut self) -> Result<()> {
        let out = self
            .skel
            .progs
            .balance
            .test_run(libbpf_rs::ProgramInput::default())
            .context("running the balance step")?;
        if out.return_value != 0 {
            anyhow::bail!("balance step failed: {}", out.return_value as i32);
        }
        Ok(())
    }
}

impl Drop for Scheduler<'_> {
    fn drop(&mut self) {
        info!("{SCHEDULER_NAME} detached");
    }
}

/// --check-rules: run the BPF rules on every case of pairing::rule_cases() and compare.
fn check_rules(opts: &Opts, topo: &CpuTopo, pairs: &Pairs) -> Result<usize> {
    let mut open_object = MaybeUninit::uninit();
    let mut skel = open_skel(opts, topo, pairs, &mut open_object)?;
    let mut skel = scx_ops_load!(skel, corepair_ops, uei)?;
    let mut failed = 0;
    let cases = pairing::rule_cases();
    for (n, c) in cases.iter().enumerate() {
        {
            let bss = skel.maps.bss_data.as_deref_mut().context("no .bss")?;
            bss.rc_rates[..c.rates.len()].copy_from_slice(&c.rates);
            bss.rc_other[..c.other.len()].copy_from_slice(&c.other);
            bss.rc_n = c.rates.len() as u32;
            bss.rc_on = c.other.len() as u32;
            bss.rc_maxcnt = c.maxcnt as u32;
            bss.rc_a = c.a;
            bss.rc_m = c.m;
            bss.rc_acc = c.accesses;
            bss.rc_ins = c.instructions;
            (bss.rc_sum, bss.rc_cnt) = c.avg1;
            (bss.rc_sum2, bss.rc_cnt2) = c.avg2;
            bss.rc_waited = c.waited;
        }
        skel.progs
            .check_rules
            .test_run(libbpf_rs::ProgramInput::default())
            .context("running check_rules")?;
        let bss = skel.maps.bss_data.as_deref().context("no .bss")?;
        let pick = pairing::slave_pick(&c.rates, c.a, c.m, c.maxcnt);
        let want = (
            pairing::rate(c.accesses, c.instructions),
            pick.map_or(-1, |i| i as i32),
            pick.is_some_and(|i| pairing::complementary(c.rates[i], c.a, c.m)),
            pairing::pair_exchanges(&c.rates, &c.other, c.m),
            pairing::neighbour_exchange(&c.rates, &c.other)
                .map_or((-1, -1), |(i, j)| (i as i32, j as i32)),
            pairing::avg_note(c.avg1.0, c.avg1.1, c.a),
            pairing::middle(c.avg1, c.avg2),
            pairing::starving(c.waited, opts.starvation_ms * 1_000_000),
        );
        let got = (
            bss.rc_rate,
            bss.rc_pick,
            bss.rc_pick_complementary,
            (0..bss.rc_nxchg as usize)
                .map(|k| (bss.rc_xchg[k][0] as usize, bss.rc_xchg[k][1] as usize))
                .collect::<Vec<_>>(),
            (bss.rc_neigh[0], bss.rc_neigh[1]),
            (bss.rc_avg_sum, bss.rc_avg_cnt),
            bss.rc_middle,
            bss.rc_starving,
        );
        if got != want {
            failed += 1;
            eprintln!("case {n} {c:?}: BPF {got:?}, Rust {want:?}");
        }
    }
    println!(
        "check-rules: {} of {} cases agree (rate, queue average, m, slave pick, matching, \
         figure 4.5, figure 4.6, starvation)",
        cases.len() - failed,
        cases.len()
    );
    Ok(failed)
}

fn real_main() -> Result<i32> {
    let opts = Opts::parse();

    let shutdown = match agent::begin(
        opts.help_stats,
        opts.verbose,
        opts.monitor,
        stats::server_data,
        stats::spawn_monitor,
    )? {
        Start::Run(flag) => flag,
        Start::Exit(code) => return Ok(code),
    };

    // Flags that depend on the machine are checked before anything is loaded.
    let mut topo = CpuTopo::detect().context("reading the CPU topology")?;
    let mut pairs = match pairing::make_pairs(&topo, opts.pairing) {
        Ok(p) => p,
        Err(msg) => {
            eprintln!("error: {msg}");
            return Ok(exit_code::USAGE);
        }
    };

    if let Err(e) = preflight::check() {
        log::error!("{e}");
        return Ok(e.exit_code());
    }

    if opts.check_rules {
        let failed = check_rules(&opts, &topo, &pairs)?;
        return Ok(if failed == 0 {
            exit_code::OK
        } else {
            exit_code::FAILURE
        });
    }

    info!("{SCHEDULER_NAME} {}: {opts:?}", env!("CARGO_PKG_VERSION"));
    info!("pairs ({:?}): {}", pairs.mode, pairs.describe());

    if let Some(intv) = opts.stats {
        stats::spawn_monitor(intv, shutdown.clone());
    }

    let mut open_object = MaybeUninit::uninit();
    loop {
        let cpus: Vec<usize> = topo.cpus.iter().map(|c| c.cpu).collect();
        let counters = match perf::open(&opts.events.0, &cpus)
            .and_then(|a| Ok([a, perf::open(&opts.events.1, &cpus)?]))
        {
            Ok(c) => c,
            Err(e) => {
                log::error!("{e}");
                return Ok(exit_code::NO_COUNTERS);
            }
        };
        let mut sched = Scheduler::init(&opts, &topo, pairs, counters, &mut open_object)?;
        let uei = sched.run(&shutdown)?;
        if uei.should_restart() && !shutdown.load(Ordering::Relaxed) {
            info!("the kernel asked for a restart (CPU hotplug?): restarting");
            drop(sched);
            topo = CpuTopo::detect().context("reading the CPU topology")?;
            pairs = pairing::make_pairs(&topo, opts.pairing).map_err(anyhow::Error::msg)?;
            continue;
        }
        return Ok(exit_code::OK);
    }
}

fn main() {
    agent::exit_with(SCHEDULER_NAME, real_main());
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    fn parse(args: &[&str]) -> Result<Opts, clap::Error> {
        Opts::try_parse_from(std::iter::once("scx_corepair").chain(args.iter().copied()))
    }

    #[test]
    fn cli_is_consistent() {
        Opts::command().debug_assert();
    }

    #[test]
    fn defaults_follow_the_thesis() {
        let o = parse(&[]).unwrap();
        assert_eq!(o.maxcnt, 10);
        assert_eq!(o.starvation_ms, 50);
        assert_eq!(o.events.0.name(), "cache-references");
        assert_eq!(o.events.1.name(), "instructions");
        assert_eq!(o.pairing, PairingMode::Auto);
    }

    #[test]
    fn invalid_flags_name_flag_value_and_range() {
        for (args, want) in [
            (vec!["--maxcnt", "0"], "1 to 32"),
            (vec!["--maxcnt", "33"], "1 to 32"),
            (vec!["--starvation-ms", "0"], "milliseconds"),
            (vec!["--balance-ms", "99999"], "milliseconds"),
            (vec!["--slice-us", "5"], "microseconds"),
            (vec!["--events", "cycles"], "expected two"),
            (vec!["--events", "foo,instructions"], "perf list"),
            (vec!["--pairing", "ring"], "auto, smt, llc"),
        ] {
            let e = parse(&args).unwrap_err().to_string();
            assert!(e.contains(args[0]) && e.contains(want), "{args:?}: {e}");
        }
    }

    #[test]
    fn intf_matches_the_rules() {
        assert_eq!(bpf_intf::RATE_SHIFT, pairing::RATE_SHIFT);
        assert_eq!(bpf_intf::RATE_MAX, pairing::RATE_MAX);
        assert_eq!(u64::from(bpf_intf::AVG_WINDOW), pairing::AVG_WINDOW);
        assert_eq!(
            u64::from(bpf_intf::RATE_MIN_INSTRUCTIONS),
            pairing::RATE_MIN_INSTRUCTIONS
        );
        for c in pairing::rule_cases() {
            assert!(c.rates.len() <= bpf_intf::corepair_consts_RC_RATES as usize);
            assert!(c.other.len() <= bpf_intf::corepair_consts_RC_OTHER as usize);
        }
    }
}
