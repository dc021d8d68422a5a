// SPDX-License-Identifier: GPL-2.0
//
// scx-locksim: the thesis's lock-thrashing simulator (T§3.2) from the command line.

use anyhow::{bail, Result};
use clap::Parser;
use locksim::{search_loop, speedup, sweep, Kind, LockKind, Outcome, Platform, Sharing, Workload};
use std::time::Instant;

mod plot;

/// The lock-thrashing simulator of the thesis (T§3.2.2): cores loop between non-critical and
/// critical sections, critical sections take ticket spinlocks, memory banks serve misses in
/// FIFO order. For each core count it prints the throughput (critical sections per 1000
/// ticks), the speed-up over one core, the mean lock-wait share and the queues.
///
/// Example (the thesis's figure 3.8, configuration C3 on platform P1):
///   scx-locksim --config C3 --platform P1 --cores 1-32
/// and scx_lockaware's SSC search in the loop:
///   scx-locksim search --config C4 --cores 16,32 --windows 60
#[derive(Parser, Debug)]
#[command(version, verbatim_doc_comment)]
struct Cli {
    #[command(subcommand)]
    cmd: Option<Cmd>,
    /// Workload: table 3.2's configuration C1, C2, C3 or C4.
    #[arg(
        long,
        global = true,
        default_value = "C3",
        conflicts_with = "config_file"
    )]
    config: String,
    /// Workload from a JSON file instead: {"name", "noncritical": [{"interval", "misses",
    /// "prob"}], "critical": [{"interval", "misses", "prob", "bank"}]} (intervals in ticks).
    #[arg(long, global = true, value_name = "FILE")]
    config_file: Option<String>,
    /// Platform: P1 (8 chips x 4 cores, 8 banks), P2 (32 x 1, 32 banks), P3 (1 x 32, 1 bank).
    #[arg(long, global = true, default_value = "P1")]
    platform: String,
    /// Chips, instead of the platform's (1 to 256): P1 with --chips 16 has 64 cores and a
    /// bank per chip.
    #[arg(long, global = true, value_parser = clap::value_parser!(u16).range(1..=256))]
    chips: Option<u16>,
    /// Cores per chip, instead of the platform's (1 to 256).
    #[arg(long, global = true, value_parser = clap::value_parser!(u16).range(1..=256))]
    cores_per_chip: Option<u16>,
    /// Memory banks, instead of the platform's (1 to 256; default: a bank per chip on P1
    /// and P2, one on P3).
    #[arg(long, global = true, value_parser = clap::value_parser!(u16).range(1..=256))]
    banks: Option<u16>,
    /// Ticks per memory access (1 to 1000; the thesis uses 1, and 5 and 10 in §3.2.3.3).
    #[arg(long, global = true, default_value = "1", value_parser = clap::value_parser!(u64).range(1..=1000))]
    latency: u64,
    /// Lock kind: the thesis's ticket spinlock, or a blocking mutex (spin --spin-ticks, then
    /// sleep; the release hands the lock to the next waiter, which runs --wake-ticks later).
    #[arg(long, global = true, value_enum, default_value = "ticket")]
    lock: LockArg,
    /// mutex: ticks a waiter spins before it sleeps (0 to 10^9).
    #[arg(long, global = true, default_value = "10", value_parser = clap::value_parser!(u64).range(0..=1_000_000_000))]
    spin_ticks: u64,
    /// mutex: ticks from a release to the woken waiter running (0 to 10^9).
    #[arg(long, global = true, default_value = "50", value_parser = clap::value_parser!(u64).range(0..=1_000_000_000))]
    wake_ticks: u64,
    /// Which cores a write of a lock's line sends back to memory: the spinning ones (as the
    /// thesis's figures) or every core that took a ticket (see the crate documentation).
    #[arg(long, global = true, value_enum, default_value = "spinning")]
    invalidate: locksim::Invalidate,
    /// Core counts: a list and ranges, e.g. 1-32 or 1,2,4,8 (1 to the platform's cores).
    #[arg(long, global = true, default_value = "1-32")]
    cores: String,
    /// Simulated length of each run, in ticks (1000 to 10^10).
    #[arg(long, global = true, default_value = "1000000",
          value_parser = clap::value_parser!(u64).range(1000..=10_000_000_000))]
    ticks: u64,
    /// Seed of the random draws (sections, banks); a seed gives the same result every time.
    #[arg(long, global = true, default_value = "1")]
    seed: u64,
    /// Write the results as JSON to FILE.
    #[arg(long, global = true, value_name = "FILE")]
    json: Option<String>,
    /// Write the results as CSV to FILE.
    #[arg(long, global = true, value_name = "FILE")]
    csv: Option<String>,
    /// Instead of the sweep: scx_lockaware's SSC search (refine or paper) sizes the set of
    /// cores that run the workload, window by window, on a machine of each --cores count;
    /// printed against the best fixed size (see docs/locksim.md).
    #[arg(long, global = true, value_name = "MODE")]
    search: Option<ssc_search::Mode>,
    /// Time-sharing (SSC mode): run this many threads of the workload on each --cores count,
    /// round robin with a quantum of --quantum ticks (1 to 100000; default: one thread per
    /// core, the thesis's setting).
    #[arg(long, global = true, value_name = "M", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    threads: Option<u32>,
    /// --threads: the quantum, in ticks (10 to 10^9).
    #[arg(long, global = true, default_value = "10000", value_parser = clap::value_parser!(u64).range(10..=1_000_000_000))]
    quantum: u64,
    /// --search: ticks per voting window (1000 to 10^8).
    #[arg(long, global = true, default_value = "20000", value_parser = clap::value_parser!(u64).range(1000..=100_000_000))]
    window_ticks: u64,
    /// --search: the lock-bound threads report their lock acquisitions (informing hints, as
    /// libinform's locks and its LD_PRELOAD shim do with scx_lockaware --inform-lib), and the
    /// search judges each size by them instead of by the CPU-time estimate thro.
    #[arg(long, global = true)]
    hints: bool,
    /// --search: ticks of the window right after each move, which the search drops while
    /// tasks migrate (1 to --window-ticks), as scx_lockaware --settle-ms fixes it. Default:
    /// as the agent does without that flag, the window ends at the first check (every 5% of
    /// a window: the agent's 5 ms of 100) that finds no thread running outside the set, a
    /// full window at most. --settle-ticks equal to --window-ticks models the agent before
    /// session 22, which dropped a full window (docs/locksim.md).
    #[arg(long, global = true, value_name = "TICKS", value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    settle_ticks: Option<u64>,
    /// --search: how many parts each full window is read in, as scx_lockaware --window-parts
    /// (1 to 100; default 5, the agent's default too): the parts' spread is the window's noise estimate, and
    /// a comparison beyond it decides in one window. 1 reads each window once, as before
    /// session 42 (docs/locksim.md, "Judged in one window where the noise allows").
    #[arg(long, global = true, value_name = "N", default_value_t = ssc_search::WINDOW_PARTS as u64,
          value_parser = clap::value_parser!(u64).range(1..=100))]
    window_parts: u64,
    /// --search: end a full window early, once the parts read so far decide a move on their
    /// own (scx_lockaware's search, `decides_early`), from this part on: 0 never, else 2 to
    /// --window-parts - 1 (default scx_lockaware's --early-parts, 2, where --window-parts is
    /// above it, else never; docs/locksim.md, "A window ended once it decides").
    #[arg(long, global = true, value_name = "N",
          value_parser = clap::value_parser!(u64).range(0..=99))]
    early_parts: Option<u64>,
    /// --search: the search's price of an SSC CPU, in useful CPUs per CPU (0 to 1; default
    /// scx_lockaware's --ssc-cpu-cost).
    #[arg(long, global = true, value_name = "CPUS", default_value_t = ssc_search::DEFAULT_CPU_COST,
          value_parser = parse_cpu_cost)]
    ssc_cpu_cost: f64,
    /// --search: what thro is taken to overcount per core added, in useful CPUs, added to the
    /// price where sizes are compared by thro (0 to 1; default scx_lockaware's --thro-bias).
    #[arg(long, global = true, value_name = "CPUS", default_value_t = ssc_search::DEFAULT_THRO_BIAS,
          value_parser = parse_cpu_cost)]
    thro_bias: f64,
    /// --search: re-check a stop below a larger size that lost narrowly this long after, in
    /// the agent's milliseconds (its voting interval being --window-ticks), as scx_lockaware
    /// --ssc-recheck-ms (0 to 86400000, 0: never; default the agent's).
    #[arg(long, global = true, value_name = "MS", default_value_t = ssc_search::DEFAULT_RECHECK_MS,
          value_parser = clap::value_parser!(u64).range(0..=86_400_000))]
    ssc_recheck_ms: u64,
    /// --search: the SSC size the search starts from, in cores, as scx_lockaware's
    /// --initial-ssc (1 to 1024; a value above the cores starts at all of them; default the
    /// agent's). docs/locksim.md, "Starting at all cores", compares the starts.
    #[arg(long, global = true, value_name = "CORES", default_value_t = ssc_search::DEFAULT_INITIAL as u64,
          value_parser = clap::value_parser!(u64).range(1..=1024))]
    initial_ssc: u64,
    /// --search: windows per run (2 to 100000).
    #[arg(long, global = true, default_value = "40", value_parser = clap::value_parser!(u64).range(2..=100_000))]
    windows: u64,
    /// Write an SVG of the speed-up and the lock-wait share against cores (the thesis's
    /// figure 3.8) to FILE.
    #[arg(long, global = true, value_name = "FILE")]
    svg: Option<String>,
}

impl Cli {
    fn sharing(&self) -> Option<Sharing> {
        self.threads.map(|m| Sharing {
            threads: m as usize,
            quantum: self.quantum,
        })
    }
}

#[derive(clap::Subcommand, Debug)]
enum Cmd {
    /// scx_lockaware's SSC search in the loop (the same as --search MODE): for each --cores
    /// count, the search sizes the set of cores window by window, printed against the best
    /// fixed size. Example: scx-locksim search --config C4 --cores 16,32 --windows 60
    Search {
        /// refine (the agent's default) or paper (figure 3.31's doubling search).
        #[arg(long, default_value = "refine")]
        mode: ssc_search::Mode,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum LockArg {
    Ticket,
    Mutex,
}

/// --ssc-cpu-cost, --thro-bias: a price in the agent's range.
fn parse_cpu_cost(s: &str) -> Result<f64, String> {
    let (min, max) = ssc_search::PRICE_RANGE;
    match s.parse::<f64>() {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(format!(
            "'{s}': allowed {min} to {max} (useful CPUs per CPU)"
        )),
    }
}

/// "1-4,8" -> [1, 2, 3, 4, 8], each in 1..=max.
fn parse_cores(s: &str, max: usize) -> Result<Vec<usize>> {
    let mut out = Vec::new();
    for part in s.split(',').filter(|p| !p.is_empty()) {
        let (a, b) = match part.split_once('-') {
            Some((a, b)) => (a.trim().parse::<usize>(), b.trim().parse::<usize>()),
            None => (part.trim().parse(), part.trim().parse()),
        };
        let (Ok(a), Ok(b)) = (a, b) else {
            bail!("--cores {s}: '{part}' is not a number or a range N-M");
        };
        if a == 0 || b > max || a > b {
            bail!("--cores {s}: '{part}' outside 1 to {max} (the platform's cores), or reversed");
        }
        out.extend(a..=b);
    }
    if out.is_empty() {
        bail!("--cores {s}: no core count");
    }
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

fn write_csv(path: &str, rows: &[Outcome], base: f64) -> Result<()> {
    let mut s = String::from(
        "cores,threads,ticks,sections,throughput,speedup,lock_wait_pct,lock_sleep_pct,handoffs,\
         contended,runq_pct",
    );
    for k in Kind::ALL {
        s.push(',');
        s.push_str(&k.name().to_ascii_lowercase());
    }
    s.push('\n');
    for o in rows {
        s.push_str(&format!(
            "{},{},{},{},{:.6},{:.6},{:.4},{:.4},{:.6},{:.6},{:.4}",
            o.cores,
            o.threads,
            o.ticks,
            o.sections,
            o.throughput,
            speedup(o, base),
            o.lock_wait_pct,
            o.lock_sleep_pct,
            o.handoffs,
            o.contended,
            o.runq_pct
        ));
        for (_, n) in &o.events {
            s.push_str(&format!(",{n}"));
        }
        s.push('\n');
    }
    std::fs::write(path, s)?;
    Ok(())
}

/// --search: one search run per machine size, against the oracle.
fn search_table(
    cli: &Cli,
    platform: &Platform,
    workload: &Workload,
    cores: &[usize],
    mode: ssc_search::Mode,
    early_parts: usize,
) -> Result<()> {
    let t0 = Instant::now();
    println!(
        "{} on {}, search {mode}{}, {} windows of {} ticks, seed {}",
        workload.name,
        platform.name,
        if cli.hints {
            " judged by the reported acquisitions (--hints)"
        } else {
            ""
        },
        cli.windows,
        cli.window_ticks,
        cli.seed
    );
    println!(
        "price per core: {} (--ssc-cpu-cost), +{} where judged by thro (--thro-bias)",
        cli.ssc_cpu_cost, cli.thro_bias
    );
    if let Some(sh) = cli.sharing() {
        println!(
            "{} threads time-sharing the set's cores, quantum {} ticks",
            sh.threads, sh.quantum
        );
    }
    println!(
        "{:>5} {:>8} {:>7} {:>7} {:>9} {:>8} {:>8}  sizes",
        "cores", "settled", "after", "oracle", "at size", "run", "oracle"
    );
    println!(
        "(each full window read in {} part(s), --window-parts)",
        cli.window_parts
    );
    match cli.settle_ticks {
        Some(t) => println!("(a window of {t} ticks after each move; \"after\" counts full windows' time)"),
        None => println!(
            "(the window after each move ends once the placement has followed, checked every {} ticks; \"after\" counts full windows' time)",
            search_loop::follow_poll(cli.window_ticks)
        ),
    }
    let mut all = Vec::new();
    for &n in cores {
        let p = ssc_search::Params {
            cpu_cost: cli.ssc_cpu_cost,
            thro_bias: cli.thro_bias,
            initial: (cli.initial_ssc as usize).min(n),
            recheck: search_loop::recheck_wait(cli.ssc_recheck_ms, cli.window_ticks),
            ..search_loop::default_params(n, mode, cli.window_ticks)
        };
        let m = search_loop::Machine {
            platform,
            workload,
            cores: n,
            sharing: cli.sharing(),
            hints: cli.hints,
            settle: cli
                .settle_ticks
                .map_or(search_loop::Settle::Follow, search_loop::Settle::Ticks),
            parts: cli.window_parts as usize,
            early_parts,
        };
        let o = search_loop::run(&m, cli.window_ticks, cli.windows as usize, cli.seed, p);
        let sizes: Vec<String> = o.windows.iter().map(|w| w.size.to_string()).collect();
        println!(
            "{:>5} {:>8} {:>7} {:>7} {:>9.3} {:>8.3} {:>8.2}  {}",
            n,
            o.settled,
            format!("{:.2}", o.settled_after_time),
            o.oracle_size,
            o.settled_ratio,
            o.run_ratio,
            o.oracle_throughput,
            sizes.join(" ")
        );
        all.push(o);
    }
    println!("({:.2} s)", t0.elapsed().as_secs_f64());
    if let Some(p) = &cli.json {
        std::fs::write(p, serde_json::to_string_pretty(&all)?)?;
    }
    Ok(())
}

fn real_main() -> Result<()> {
    let cli = Cli::parse();
    let u = |v: Option<u16>| v.map(usize::from);
    let mut platform = Platform::builtin(&cli.platform, cli.latency)?.reshaped(
        u(cli.chips),
        u(cli.cores_per_chip),
        u(cli.banks),
    );
    platform.invalidate = cli.invalidate;
    let mut workload = match &cli.config_file {
        Some(f) => Workload::from_file(f)?,
        None => Workload::builtin(&cli.config)?,
    };
    // A file's lock kind stands unless --lock says mutex.
    if cli.lock == LockArg::Mutex {
        workload.lock = LockKind::Mutex {
            spin: cli.spin_ticks,
            wake: cli.wake_ticks,
        };
    }
    workload.validate(&platform)?;
    let cores = parse_cores(&cli.cores, platform.cores())?;
    if let Some(t) = cli.settle_ticks.filter(|t| *t > cli.window_ticks) {
        bail!(
            "--settle-ticks {t}: longer than --window-ticks {} (allowed: 1 to {})",
            cli.window_ticks,
            cli.window_ticks
        );
    }

    // --early-parts in force (0: never), as scx_lockaware takes it.
    let early_parts = ssc_search::early_parts(
        cli.early_parts.map(|v| v as usize),
        cli.window_parts as usize,
    )
    .map_err(anyhow::Error::msg)?;

    let search = match cli.cmd {
        Some(Cmd::Search { mode }) => Some(mode),
        None => cli.search,
    };
    if let Some(mode) = search {
        return search_table(&cli, &platform, &workload, &cores, mode, early_parts);
    }
    let t0 = Instant::now();
    let sharing = cli.sharing();
    let rows = sweep(&platform, &workload, &cores, sharing, cli.ticks, cli.seed);
    let wall = t0.elapsed().as_secs_f64();
    // The speed-up is over one core, simulated here if the list lacks it.
    let base = match rows.iter().find(|o| o.cores == 1) {
        Some(o) => o.throughput,
        None => sweep(&platform, &workload, &[1], sharing, cli.ticks, cli.seed)[0].throughput,
    };
    let events: u64 = rows
        .iter()
        .flat_map(|o| o.events.iter().map(|(_, n)| n))
        .sum();

    println!(
        "{} on {} ({} chips x {} cores, {} banks, latency {}), {} ticks per run, seed {}",
        workload.name,
        platform.name,
        platform.chips,
        platform.cores_per_chip,
        platform.banks,
        platform.latency,
        cli.ticks,
        cli.seed
    );
    if let LockKind::Mutex { spin, wake } = workload.lock {
        println!("locks: mutex, spin {spin} ticks, wake-up {wake} ticks");
    }
    if let Some(sh) = sharing {
        println!(
            "{} threads time-sharing the cores, quantum {} ticks",
            sh.threads, sh.quantum
        );
    }
    println!(
        "{:>5} {:>12} {:>8} {:>10} {:>9} {:>11} {:>10} {:>10} {:>10}",
        "cores",
        "sections/kt",
        "speed-up",
        "lock wait",
        "asleep",
        "lock queue",
        "bank 0 q",
        "wakes/kt",
        "run queue"
    );
    for o in &rows {
        println!(
            "{:>5} {:>12.3} {:>8.2} {:>9.2}% {:>8.2}% {:>11.2} {:>10.2} {:>10.3} {:>9.2}%",
            o.cores,
            o.throughput,
            speedup(o, base),
            o.lock_wait_pct,
            o.lock_sleep_pct,
            o.lock_queue.iter().sum::<f64>(),
            o.bank_queue.first().copied().unwrap_or(0.0),
            o.handoffs,
            o.runq_pct
        );
    }
    let peak = rows
        .iter()
        .max_by(|a, b| a.throughput.total_cmp(&b.throughput))
        .expect("at least one row");
    println!(
        "peak: {} cores, speed-up {:.2}; {} events in {:.2} s ({:.1} M events/s)",
        peak.cores,
        speedup(peak, base),
        events,
        wall,
        events as f64 / wall.max(1e-9) / 1e6
    );

    if let Some(p) = &cli.json {
        let v = serde_json::json!({
            "platform": platform,
            "workload": workload,
            "ticks": cli.ticks,
            "seed": cli.seed,
            "base_throughput": base,
            "results": rows.iter().map(|o| {
                let mut v = serde_json::to_value(o).expect("serializable");
                v["speedup"] = speedup(o, base).into();
                v
            }).collect::<Vec<_>>(),
        });
        std::fs::write(p, serde_json::to_string_pretty(&v)?)?;
    }
    if let Some(p) = &cli.csv {
        write_csv(p, &rows, base)?;
    }
    if let Some(p) = &cli.svg {
        let lock = match workload.lock {
            LockKind::Ticket => "ticket".to_string(),
            LockKind::Mutex { spin, wake } => format!("mutex, spin {spin}, wake {wake}"),
        };
        let title = format!(
            "{} on {}, latency {}, {lock} locks",
            workload.name, platform.name, platform.latency
        );
        plot::figure(std::path::Path::new(p), &title, &rows, base)?;
    }
    Ok(())
}

fn main() {
    if let Err(e) = real_main() {
        eprintln!("scx-locksim: {e:#}");
        std::process::exit(2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn core_lists_parse_and_are_checked() {
        assert_eq!(parse_cores("1-4,8", 32).unwrap(), vec![1, 2, 3, 4, 8]);
        assert_eq!(parse_cores("3,1,3", 32).unwrap(), vec![1, 3]);
        for bad in ["0-4", "1-33", "4-2", "x", ""] {
            let e = parse_cores(bad, 32).unwrap_err().to_string();
            assert!(e.contains("--cores"), "{bad}: {e}");
        }
    }

    #[test]
    fn the_figure_is_written() {
        let p = Platform::builtin("P1", 1).unwrap();
        let w = Workload::builtin("C3").unwrap();
        let rows = sweep(&p, &w, &[1, 2, 4], None, 20_000, 1);
        let path = std::env::temp_dir().join(format!("locksim-{}.svg", std::process::id()));
        plot::figure(&path, "C3", &rows, rows[0].throughput).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        std::fs::remove_file(&path).ok();
        assert!(
            svg.starts_with("<svg") && svg.contains("lock wait"),
            "{}",
            &svg[..100]
        );
    }

    #[test]
    fn cli_is_consistent() {
        use clap::CommandFactory;
        Cli::command().debug_assert();
    }
}
