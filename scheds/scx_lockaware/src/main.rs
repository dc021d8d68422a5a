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
// The search has no kernel dependency: its own crate, so that scx-locksim runs it too.
pub use ssc_search as search;
mod stats;

use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::Parser;
use libbpf_rs::{MapCore, MapFlags, OpenObject};
use log::{debug, info};
use scx_stats::prelude::*;
use scx_utils::{scx_ops_attach, scx_ops_load, scx_ops_open, uei_exited, uei_report};
use scx_utils::{try_set_rlimit_infinity, UserExitInfo};

use sched_common::agent::{self, Start};
use sched_common::cli::{float_in_range, int_in_range};
use sched_common::clock::monotonic_ns;
use sched_common::preflight::{self, exit_code};
use sched_common::topo::{CpuTopo, SscOrder};
use search::{Search, Votes};
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

fn parse_klock_trace_rate(s: &str) -> Result<u64, String> {
    int_in_range(s, 0, 10_000_000, "waits a second per CPU, 0 = every wait")
}

fn parse_klock_pause_ms(s: &str) -> Result<u64, String> {
    int_in_range(s, 0, 600_000, "milliseconds, 0 = never")
}

fn parse_dump_len(s: &str) -> Result<u32, String> {
    int_in_range(s, 0, 1 << 20, "bytes, 0 = kernel default")
}

fn parse_lock_threshold(s: &str) -> Result<f64, String> {
    float_in_range(s, 0.1, 99.0, "percent")
}

fn parse_ssc_size(s: &str) -> Result<usize, String> {
    int_in_range(s, 1, bpf_intf::lockaware_consts_MAX_CPUS as u64, "CPUs").map(|v| v as usize)
}

fn parse_vote_min_us(s: &str) -> Result<u64, String> {
    int_in_range(s, 1, 10_000_000, "microseconds per SSC CPU")
}

fn parse_interval_ms(s: &str) -> Result<u64, String> {
    int_in_range(s, 10, 60_000, "milliseconds")
}

fn parse_settle_ms(s: &str) -> Result<u64, String> {
    int_in_range(s, 1, 60_000, "milliseconds")
}

fn parse_window_parts(s: &str) -> Result<u32, String> {
    int_in_range(s, 1, 20, "parts")
}

fn parse_early_parts(s: &str) -> Result<u32, String> {
    let min = search::EARLY_PARTS_MIN as u32;
    match int_in_range(s, 0, 19, "parts")? {
        v if v != 0 && v < min => Err(format!(
            "{v} is out of range; expected 0 (never) or an integer from {min} to 19 (parts)"
        )),
        v => Ok(v),
    }
}

fn parse_balance_woken_ratio(s: &str) -> Result<u32, String> {
    int_in_range(s, 0u32, 64, "times the own queue's tasks plus one")
}

fn parse_balance_min_wait_us(s: &str) -> Result<u64, String> {
    int_in_range(s, 0, 1_000_000, "microseconds")
}

fn parse_class_ms(s: &str) -> Result<u64, String> {
    int_in_range(s, 1, 600_000, "milliseconds")
}

fn parse_class_reenter_ms(s: &str) -> Result<u64, String> {
    int_in_range(s, 0, 600_000, "milliseconds")
}

fn parse_remig_timeout_s(s: &str) -> Result<u64, String> {
    int_in_range(s, 1, 86_400, "seconds")
}

fn parse_recheck_ms(s: &str) -> Result<u64, String> {
    int_in_range(s, 0, 86_400_000, "milliseconds")
}

fn parse_cpu_cost(s: &str) -> Result<f64, String> {
    let (min, max) = search::PRICE_RANGE;
    float_in_range(s, min, max, "useful CPUs per SSC CPU")
}

fn parse_unseen_traffic(s: &str) -> Result<f64, String> {
    let (min, max) = search::UNSEEN_TRAFFIC_RANGE;
    float_in_range(
        s,
        min,
        max,
        "ns of user-mode waste per ns of user-lock system time",
    )
}

fn parse_band(s: &str) -> Result<f64, String> {
    float_in_range(s, 0.01, 10.0, "fraction of the reference throughput")
}

/// A CPU list flag value (one value, not clap's "many values").
#[derive(Clone, Debug)]
struct CpuList(Vec<usize>);

fn parse_cpu_list(s: &str) -> Result<CpuList, String> {
    let v = sched_common::cpulist::parse(s).map_err(|e| format!("{e:#}"))?;
    if v.is_empty() {
        return Err("the CPU list is empty".into());
    }
    Ok(CpuList(v))
}

/// scx_lockaware: lock-contention-aware sched_ext scheduler.
///
/// Measures each task's lock-wait share (kernel locks through the lock:contention_*
/// tracepoints, user locks through futex waits), confines lock-intensive tasks to a Special Set
/// of Cores (SSC) and sizes the SSC with a model-driven search (thesis T3.4; SPEC.md section 1).
/// Underneath: weighted virtual runtime (nice values honoured) in one dispatch queue per
/// last-level cache; woken tasks go to a fully idle SMT core first, then to any idle CPU.
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

    /// Lock-wait share above which a task is lock-intensive and confined to the SSC, in percent
    /// of its time (0.1 to 99; thesis: 10). A task leaves the class below half of it.
    #[arg(long, value_name = "PCT", default_value = "10", value_parser = parse_lock_threshold,
          allow_hyphen_values = true)]
    lock_threshold: f64,

    /// How long a lock-intensive task's share must stay below the leave mark (half of
    /// --lock-threshold) before it leaves the class and the SSC, milliseconds (1 to 600000).
    /// Confinement can remove what classified a task (two threads on one mutex hardly wait for
    /// it on one CPU), so a task that comes back within --class-reenter-ms has this doubled, up
    /// to --class-dwell-max-ms (docs/benchmarks.md sections 64 and 74).
    #[arg(long, value_name = "MS", default_value = "1000", value_parser = parse_class_ms,
          allow_hyphen_values = true)]
    class_dwell_ms: u64,

    /// The longest dwell below the leave mark that quick returns can build up, milliseconds
    /// (--class-dwell-ms to 600000).
    #[arg(long, value_name = "MS", default_value = "10000", value_parser = parse_class_ms,
          allow_hyphen_values = true)]
    class_dwell_max_ms: u64,

    /// A task classified again within this long of leaving the class comes back quickly: its
    /// dwell doubles. Otherwise it starts again from --class-dwell-ms. Milliseconds (0 to
    /// 600000; 0: never quick).
    #[arg(long, value_name = "MS", default_value = "2000", value_parser = parse_class_reenter_ms,
          allow_hyphen_values = true)]
    class_reenter_ms: u64,

    /// A lock-intensive task with no lock wait at all for this long (no spin, no lock sleep,
    /// no lock system time) leaves the class as soon as its share is below the leave mark,
    /// whatever its dwell, also while its CPU keeps it running (statistics lock_out_quiet,
    /// class_recheck); milliseconds (1 to 600000; docs/benchmarks.md section 75).
    #[arg(long, value_name = "MS", default_value = "250", value_parser = parse_class_ms,
          allow_hyphen_values = true)]
    class_quiet_ms: u64,

    /// SSC size the first search starts from, in CPUs (1 to 1024; the thesis starts at 2,
    /// later searches at 1, as here). Clamped to the --min-ssc..--max-ssc range.
    #[arg(long, value_name = "CPUS", default_value_t = search::DEFAULT_INITIAL,
          value_parser = parse_ssc_size, allow_hyphen_values = true)]
    initial_ssc: usize,

    /// Smallest SSC, in CPUs (1 to the number of CPUs).
    #[arg(long, value_name = "CPUS", default_value = "1", value_parser = parse_ssc_size,
          allow_hyphen_values = true)]
    min_ssc: usize,

    /// Largest SSC, in CPUs (--min-ssc to the number of CPUs; default: all CPUs).
    #[arg(long, value_name = "CPUS", value_parser = parse_ssc_size, allow_hyphen_values = true)]
    max_ssc: Option<usize>,

    /// Votes needed for a search decision: run time of lock-intensive tasks on SSC CPUs, in
    /// microseconds per SSC CPU (1 to 10000000; the thesis's 256000 TSC cycles are ~100 us).
    #[arg(long, value_name = "US", default_value_t = search::DEFAULT_VOTE_MIN_US, value_parser = parse_vote_min_us,
          allow_hyphen_values = true)]
    vote_min_us: u64,

    /// How often the agent collects votes and runs the search, in milliseconds (10 to 60000).
    #[arg(long, value_name = "MS", default_value_t = search::DEFAULT_INTERVAL_MS, value_parser = parse_interval_ms,
          allow_hyphen_values = true)]
    interval_ms: u64,

    /// Split each search window into this many parts while lock-intensive tasks run (1 to
    /// 20): their spread estimates the window's noise, and a comparison beyond it decides in
    /// one window (1 to 5 windows fewer per search in the simulator, docs/locksim.md). The
    /// BPF side files each vote in its part and the agent reads them when the window ends,
    /// so the parts cost no wake-ups (docs/benchmarks.md §62) but those of --early-parts.
    /// 1 turns the estimate and the rule off.
    #[arg(long, value_name = "N", default_value_t = search::WINDOW_PARTS as u32, value_parser = parse_window_parts)]
    window_parts: u32,

    /// End a search window early, from this part on, once the parts read so far decide a
    /// move on their own (a win or loss beyond the bar and the window's noise, in a
    /// comparison no earlier window began): 0 never, else 2 to 19 and below --window-parts
    /// (default 2 where --window-parts is above it, else never). A climb that wins by far
    /// then spends 2 parts per size, a close comparison its full window; a window that would
    /// stop the search (settle, revert) always runs its full length, since parts right after
    /// a resize can read a transient (docs/benchmarks.md section 93). The agent reads the
    /// parts as they end while a search judges (a wake-up per part, none once it settles;
    /// docs/locksim.md, "A window ended once it decides").
    #[arg(long, value_name = "N", value_parser = parse_early_parts)]
    early_parts: Option<u32>,

    /// How long the window right after an SSC resize lasts, in milliseconds (1 to
    /// --interval-ms). The search drops that window while tasks migrate. By default it ends
    /// as soon as they have followed the resize (every SSC CPU, or as many as there are
    /// lock-intensive tasks, has started one, and none runs outside: the ssc_follow_ms
    /// statistic), checked every 5 ms, and after --interval-ms at most; this flag fixes its
    /// length instead.
    #[arg(long, value_name = "MS", value_parser = parse_settle_ms, allow_hyphen_values = true)]
    settle_ms: Option<u64>,

    /// Restart the search after this many seconds without a change of the SSC size
    /// (1 to 86400; thesis: 30).
    #[arg(long, value_name = "SECS", default_value_t = search::DEFAULT_REMIG_TIMEOUT_S,
          value_parser = parse_remig_timeout_s,
          allow_hyphen_values = true)]
    remig_timeout_s: u64,

    /// Re-check a settle, in milliseconds (0 to 86400000; 0: never). A search
    /// that settled below a larger SSC size it judged, which lost narrowly (it gained at least
    /// half the price of its CPUs, --ssc-cpu-cost), judges that size again this long after,
    /// against the settled size's current reading (two wins move the SSC there); each time
    /// it settles back narrowly the wait doubles, until --remig-timeout-s, whose re-search
    /// restarts the search anyway. A settle decided on two windows close to the bar then
    /// costs a few seconds instead of the re-search's 30, and a right one a probe per
    /// re-check (docs/benchmarks.md sections 97.7, 98 and 100; statistic search_rechecks).
    #[arg(long, value_name = "MS", default_value_t = search::DEFAULT_RECHECK_MS,
          value_parser = parse_recheck_ms,
          allow_hyphen_values = true)]
    ssc_recheck_ms: u64,

    /// A settled search restarts when the throughput estimate moves more than this fraction
    /// away from its value at the settled size (0.01 to 10).
    #[arg(long, value_name = "FRACTION", default_value_t = search::DEFAULT_BAND, value_parser = parse_band,
          allow_hyphen_values = true)]
    retrigger_band: f64,

    /// The price of an SSC CPU in the search, in useful CPUs: a larger SSC is chosen only if it
    /// gains at least this much throughput per CPU it adds (and a smaller one wins if it loses
    /// less per CPU it frees). 0 is the thesis's rule: any gain (0 to 1).
    #[arg(long, value_name = "CPUS", default_value_t = search::DEFAULT_CPU_COST,
          value_parser = parse_cpu_cost, allow_hyphen_values = true)]
    ssc_cpu_cost: f64,

    /// SSC search: useful CPUs that thro is taken to overcount per CPU added, added to
    /// --ssc-cpu-cost where two sizes are compared by thro rather than by the acquisitions the
    /// tasks report (--inform-lib): thro counts as work the waste no probe sees, such as a
    /// lock word's cache-line transfers (0 to 1; 0: thro taken as exact).
    #[arg(long, value_name = "CPUS", default_value_t = search::DEFAULT_THRO_BIAS,
          value_parser = parse_cpu_cost, allow_hyphen_values = true)]
    thro_bias: f64,

    /// SSC search: user-mode time taken to be lost to a user lock's traffic (its lock word's
    /// cache-line transfers between CPUs, which no probe sees) per unit of the system time
    /// the lock-intensive tasks spend on it: thro counts (1 + this) times that system time
    /// as waste, in ns per ns (0 to 10; 0: the system time alone). Measured 0.9 to 2.4 on
    /// one glibc mutex at 2 and 4 vCPUs (docs/benchmarks.md section 42).
    #[arg(long, value_name = "RATIO", default_value_t = search::DEFAULT_UNSEEN_TRAFFIC,
          value_parser = parse_unseen_traffic, allow_hyphen_values = true)]
    unseen_lock_traffic: f64,

    /// SSC search: "paper" (figure 3.31: double after two wins, go back after two losses and
    /// stop) or "refine" (after the overshoot, search between the last good size and the
    /// overshooting one, probing where a parabola through the sizes already judged peaks; a
    /// climb that wins at its cap probes below it where the curve bends, and judges its first
    /// size again where the cap is next to it, as 1 -> 2).
    #[arg(long, value_name = "MODE", default_value = "refine")]
    search: search::Mode,

    /// Order the SSC is taken from: "compact" (LLC by LLC, core by core, SMT siblings
    /// adjacent), "spread" (one CPU per core of an LLC before the siblings) or "id".
    #[arg(long, value_name = "ORDER", default_value = "compact")]
    ssc_order: SscOrder,

    /// Fixed SSC (a CPU list such as 0-3,8): the search is off. For A/B sweeps of sizes.
    #[arg(long, value_name = "LIST", value_parser = parse_cpu_list)]
    ssc_cpus: Option<CpuList>,

    /// Do not preempt a running task for a woken task that is behind it in vtime: the woken
    /// task then waits on its CPU's queue until the running task's slice ends (or another CPU
    /// steals it).
    #[arg(long)]
    no_wake_preempt: bool,

    /// Wake a task on its previous CPU even when no CPU is idle. By default (as EEVDF's
    /// wake_affine does between equally loaded CPUs) such a task goes to its waker's CPU
    /// instead, if the waker is a user task (not a kthread, nor an idle CPU taking an
    /// interrupt), the CPU is allowed, in the same LLC and not in the SSC unless the previous
    /// one is, and its queue holds no more tasks than the previous CPU's: two tasks that wake
    /// each other then share a CPU and hand it over without an inter-processor interrupt
    /// (stress-ng futex at 4 vCPUs: 0.72x EEVDF, 0.48x without it; docs/benchmarks.md §40).
    #[arg(long)]
    no_wake_affine: bool,

    /// A task woken by a sync wake-up (its waker says it is about to sleep: a pipe or socket
    /// write before a read) goes to an idle CPU, as under EEVDF. By default it goes to the
    /// waker's local queue instead, even with another CPU idle, when the waker is a user task
    /// that is not exiting and has stopped soon after its earlier sync wake-ups
    /// (--wake-sync-overlap-us), the CPU is allowed, in the same LLC, not in the SSC unless the
    /// previous one is, and nothing else waits for it: the wakee runs as soon as the waker
    /// sleeps, without waking another CPU (perf bench sched pipe 1.40x; statistics wake_sync,
    /// wake_sync_runs_on; docs/benchmarks.md sections 76.5 and 77).
    #[arg(long)]
    no_wake_sync: bool,

    /// A waker's sync wake-ups go to its CPU (see --no-wake-sync) only while, on a decayed mean,
    /// it has stopped running within this many microseconds of its first sync wake-up of a run
    /// (0 to --slice-us; a run counts up to twice this or one slice, whichever is less, so one
    /// long run moves the mean by half this at most, and --slice-us turns the check off). A pipe
    /// ping-pong's waker sleeps at once (under 50 us in the TCG guests measured); a streaming
    /// writer runs on and fills the pipe (over 200 us) while its reader would wait behind it
    /// (stress-ng pipe: 0.49x without this check; statistic wake_sync_runs_on;
    /// docs/benchmarks.md sections 77, 79 and 99).
    #[arg(
        long,
        value_name = "US",
        default_value = "100",
        allow_hyphen_values = true
    )]
    wake_sync_overlap_us: u64,

    /// Wake-up preemption needs the running task to be ahead of the woken one by more than
    /// this much vtime, microseconds (0 to --slice-us). The default is CFS's base wake-up
    /// granularity; measured at 2 vCPUs against 0: messaging 0.92x EEVDF instead of 0.67x,
    /// stress-ng futex 1.44x instead of 1.00x (docs/benchmarks.md section 9).
    #[arg(
        long,
        value_name = "US",
        default_value = "1000",
        allow_hyphen_values = true
    )]
    wake_preempt_gran_us: u64,

    /// A running task that is eligible (its vtime, this run counted, not above the mean vtime
    /// of the tasks waiting on its CPU's queue) is not preempted for a woken one before it has
    /// run this long since it was picked (or its slice was renewed), microseconds (0 to
    /// --slice-us): the woken task then preempts it at the first tick after that, if it still
    /// waits. EEVDF protects an eligible task the same way until its slice ends
    /// (RUN_TO_PARITY). A task that is not eligible is preempted at once; 0 preempts every
    /// task at once (docs/benchmarks.md section 25.1).
    #[arg(
        long,
        value_name = "US",
        default_value = "1000",
        allow_hyphen_values = true
    )]
    wake_preempt_min_run_us: u64,

    /// A task that wakes another on its own CPU keeps that CPU until it sleeps, its wakee
    /// waiting, unless it ran on past this many microseconds after such a wake-up lately (0 to
    /// --slice-us, default 1000; 0: off, every such wake-up is judged by
    /// --wake-preempt-gran-us alone). The wakee's preemption is due at the first tick after
    /// this long. A sender that fills a message queue then hands its receiver a batch instead
    /// of one message per switch pair (stress-ng mq on one CPU: twice the CPU per message); a
    /// waker that runs on is preempted at that tick and then at once for 100 ms, doubled for
    /// each run-on in a row up to 6.4 s (statistics wake_batch, wake_batch_ran_on). A
    /// lock-intensive wakee on the SSC queue, often its lock's next owner, is never held back
    /// (docs/benchmarks.md sections 81.4, 82, 83).
    #[arg(
        long,
        value_name = "US",
        default_value = "1000",
        allow_hyphen_values = true
    )]
    wake_batch_us: u64,

    /// With --wake-batch-us: a waker kept its CPU for a wakee but slept within this many
    /// microseconds of that wake-up (0 to --slice-us, default 15). Keeping the CPU bought its
    /// wakee nothing and cost the waker a sleep and a wake-up: a semaphore or futex
    /// ping-pong's waker waits for its wakee's answer, which a preemption at once lets come
    /// before it sleeps. It is then not tried for a while, as a waker that ran on (statistic
    /// wake_batch_slept_soon). stress-ng mq's senders, filling a 10-message queue, run on
    /// longer (docs/benchmarks.md section 82). Calibrated in TCG guests only, where both
    /// times are longer than on hardware.
    #[arg(
        long,
        value_name = "US",
        default_value = "15",
        allow_hyphen_values = true
    )]
    wake_batch_min_us: u64,

    /// A task that wakes another on its own CPU, with nothing else waiting there, is preempted
    /// by it at once (a local hand-off, wake_preempt_local). If no CPU is idle then, and the
    /// woken task's last run was shorter than this, microseconds (0 to --slice-us; 0: never),
    /// the waker waits for the CPU behind it on the CPU's local queue rather than on its vtime
    /// queue, which saves a dispatch round per hand-off (a ping-pong of two tasks on one
    /// CPU). There no other CPU can take the waker, so it waits up to that woken task's run
    /// even if a CPU goes idle meanwhile. Tasks pinned to one CPU always wait there
    /// (docs/benchmarks.md sections 50 and 69).
    #[arg(
        long,
        value_name = "US",
        default_value = "500",
        allow_hyphen_values = true
    )]
    handoff_follow_us: u64,

    /// The queues of an LLC even out: a CPU takes the first task of a queue that holds two
    /// tasks more than its own only if that task has run since it last woke (or the queue is
    /// several times longer, --balance-woken-ratio) and has gone unserved at least this long
    /// (waited there, or been runnable without sleeping, as a thread that yields every few
    /// microseconds is), microseconds (0 to 1000000; 0: no wait; default: --slice-us). A queue of tasks that sleep and are served promptly is left
    /// alone (docs/benchmarks.md sections 26.1, 29.1 and 104).
    #[arg(long, value_name = "US", value_parser = parse_balance_min_wait_us,
          allow_hyphen_values = true, conflicts_with = "no_balance")]
    balance_min_wait_us: Option<u64>,

    /// The balance moves a task that has not run since it woke (the CPU selection placed it
    /// at that wake-up) only from a queue holding at least RATIO times the CPU's own queue
    /// plus one, tasks (0 to 64, default 3; 0: never, the rule of sessions 85-86, which let
    /// CPU-bound loops take 1.14 times their EEVDF share beside the informing FIFO locks; 1: as
    /// any other task, the rule before session 85, which made perf bench sched messaging at 4
    /// vCPUs lose a third; docs/benchmarks.md sections 104 and 106).
    #[arg(long, value_name = "RATIO", default_value = "3",
          value_parser = parse_balance_woken_ratio, conflicts_with = "no_balance")]
    balance_woken_ratio: u32,

    /// The same as --balance-woken-ratio 1 (for comparisons with the rule before session 85).
    #[arg(long, conflicts_with_all = ["no_balance", "balance_woken_ratio"])]
    balance_woken: bool,

    /// Do not even out the queues of an LLC: a CPU takes work from another CPU's queue only
    /// when its own is empty (for comparisons; tasks created on one busy CPU then stay there).
    #[arg(long)]
    no_balance: bool,

    /// The most vtime credit a woken task keeps from sleeping, microseconds (0 to
    /// --slice-us; default: --slice-us): it is queued no further than this behind its LLC's
    /// clock (the vtime of the latest task to start running there).
    #[arg(long, value_name = "US", allow_hyphen_values = true)]
    wake_credit_us: Option<u64>,

    /// Do not measure kernel lock waits (lock:contention_begin/end tracepoints).
    #[arg(long)]
    no_kernel_locks: bool,

    /// The most kernel lock waits each CPU traces a second (0 to 10000000; 0 traces every
    /// wait). A CPU that sees more contentions than this traces one in 2^k of them, chosen at
    /// random, and counts each traced wait's spin 2^k times (k follows the CPU's contention
    /// rate every 10 ms; sleeps inside a wait count in full). The others cost the probes a few
    /// loads and stores and no clock read. A pipe's mutex between a writer and its reader
    /// contends 250,000 times a second on 2 CPUs, where tracing every wait took about a tenth
    /// of the CPUs (statistics klock_waits, klock_seen).
    #[arg(long, value_name = "N", default_value = "10000", value_parser = parse_klock_trace_rate,
          allow_hyphen_values = true)]
    klock_trace_rate: u64,

    /// Pause the kernel-lock probes for this long, milliseconds (0 to 600000; 0: never), once
    /// the SSC search has settled at every CPU (an SSC that confines nothing) while the CPUs
    /// contend more often than --klock-trace-rate each. While paused the lock:contention_begin
    /// and _end tracepoints are detached, the lock-intensive class is frozen (no task enters or
    /// leaves it) and the search judges nothing; the probes come back after the pause, or at
    /// once when a class task exits, for a window that the search judges as usual, and pause
    /// again if nothing changed. A pipe's mutex between a writer and its reader contends
    /// 100,000-250,000 times a second on 2 CPUs, where the attached tracepoints, even with
    /// programs that return at once, cost about a tenth of its throughput (statistics
    /// klock_pauses, klock_paused, klock_stale; never with --klock-trace-rate 0).
    #[arg(long, value_name = "MS", default_value = "2000", value_parser = parse_klock_pause_ms,
          allow_hyphen_values = true)]
    klock_pause_ms: u64,

    /// Do not count lock-intensive tasks' waits for other CPUs (synchronous cross-CPU calls,
    /// such as TLB shootdowns; fentry/fexit on on_each_cpu_cond_mask) as waste in the SSC
    /// search's throughput estimate. Without them, a size that spreads one address space over
    /// more CPUs looks better than it is.
    #[arg(long)]
    no_xcall_waits: bool,

    /// Do not count a user-lock task's time inside futex(2) in its lock-wait share. By
    /// default a task whose lock waits are mostly futex sleeps, at least 1% of its time (a
    /// tenth of --lock-threshold), counts its time inside futex(2) (sampled at the tick) as
    /// lock time (the SSC search counts every lock-intensive task's futex time as waste, with
    /// or without this flag): two threads on one glibc mutex sleep in it for only 5-8% of
    /// their time but spend a fifth in the kernel on it, and run 1.77 times as fast as under
    /// EEVDF confined (docs/benchmarks.md section 65). Other system time (file reads, page
    /// faults) never counts.
    #[arg(long)]
    no_lock_sys_share: bool,

    /// Do not measure user-space lock waits (futex).
    #[arg(long)]
    no_futex: bool,

    /// How futex lock waits are recognised: "sleep" (the default, also "auto": no probe; when
    /// a task goes to sleep, the scheduler reads the futex(2) call it sleeps in from its saved
    /// registers, so futex calls cost nothing extra and a sleep costs a few loads), "fentry"
    /// (fentry/fexit on the kernel function that puts a futex waiter to sleep: every futex
    /// sleep pays two trampolines) or "tracepoint" (the syscall tracepoints: every futex call
    /// pays).
    #[arg(long, value_name = "PROBE", default_value = "auto",
          value_parser = ["auto", "sleep", "fentry", "tracepoint"])]
    futex_probe: String,

    /// Honour the informing hints of libinform (issue #12, docs/inform.md): PATH is the
    /// libinform.so that the programs use (their threads register through a uprobe on its
    /// inform_register()). A lock holder's slice is extended once per hold, waiters give
    /// their CPU up while a holder of their process is preempted, barrier waiters when other
    /// work waits. The scheduler is then named lockaware_inform_VERSION in
    /// /sys/kernel/sched_ext/root/ops, which tells libinform's waiters to offer their CPU with
    /// sched_yield() after 50 us without progress (handed to the thread waited for at once).
    /// The SSC search then judges a size by the lock acquisitions those threads count in their
    /// hints, where they did 90% of the voting run (the acq_rate statistic). Off by default.
    #[arg(long, value_name = "PATH")]
    inform_lib: Option<std::path::PathBuf>,

    /// With --inform-lib: a waiter that goes to sleep also gives the rest of its slice to the
    /// thread it waits for. Off by default: measured unfair with the requester lock (the
    /// CPU-bound loops beside it were served 0.30 of their runnable time against the lock
    /// threads' 0.39; docs/benchmarks.md section 23.5).
    #[arg(long, requires = "inform_lib")]
    inform_sleep_donate: bool,

    /// With --inform-lib: a barrier waiter that gives its CPU up (other work waits for that
    /// CPU) no longer pays in vtime for the slice it gives up. By default it does, as if it had
    /// run it: barrier waiters kept runnable by libinform's offers otherwise took CPU from
    /// other applications (docs/benchmarks.md §52).
    #[arg(long, requires = "inform_lib")]
    no_inform_barrier_charge: bool,

    /// With --inform-lib: a thread whose hint says it waits for a lock (not next in line) or
    /// at a barrier when it goes to sleep keeps the sleep credit every other sleeper gets (up
    /// to --wake-credit-us ahead of CPU-bound work when it wakes). By default it wakes where it
    /// left its LLC's vtime clock instead, as EEVDF places any task (seed 002: a waiter ranks
    /// below a running thread): the requester lock's and the shim's pthread mutex's sleeping
    /// waiters otherwise took CPU from other applications (docs/benchmarks.md §55-56).
    #[arg(long, requires = "inform_lib")]
    no_inform_waiter_lag: bool,

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

    /// Measure what each of the scheduler's BPF programs costs: the kernel's BPF run-time
    /// statistics are enabled while the scheduler runs, and the bpf_cost statistic reports
    /// every program's runs and mean nanoseconds per run since attach (the callbacks, the
    /// lock-wait probes). Each program run then pays two more clock reads. Off by default.
    #[arg(long)]
    bpf_stats: bool,

    /// Bytes of the kernel's debug dump to print when the scheduler is ejected
    /// (0 to 1048576; 0 = kernel default).
    #[arg(long, value_name = "BYTES", default_value = "0", value_parser = parse_dump_len)]
    exit_dump_len: u32,

    /// More output: -v for debug messages, -vv also for libbpf's.
    #[arg(short, long, action = clap::ArgAction::Count)]
    verbose: u8,
}

/// The SSC settings, checked against the machine before anything is loaded.
#[derive(Debug)]
struct SscPlan {
    /// CPUs in the order the SSC is taken from.
    order: Vec<usize>,
    /// `--ssc-cpus`: a fixed SSC, no search.
    fixed: Option<Vec<usize>>,
    params: search::Params,
}

/// Check the flags that bound one another (the others are checked by their parsers).
fn check_flags(opts: &Opts) -> Result<(), String> {
    // The flags bounded by --slice-us.
    for (flag, value) in [
        ("--wake-preempt-gran-us", Some(opts.wake_preempt_gran_us)),
        (
            "--wake-preempt-min-run-us",
            Some(opts.wake_preempt_min_run_us),
        ),
        ("--handoff-follow-us", Some(opts.handoff_follow_us)),
        ("--wake-sync-overlap-us", Some(opts.wake_sync_overlap_us)),
        ("--wake-batch-us", Some(opts.wake_batch_us)),
        ("--wake-batch-min-us", Some(opts.wake_batch_min_us)),
        ("--wake-credit-us", opts.wake_credit_us),
    ] {
        if let Some(v) = value.filter(|v| *v > opts.slice_us) {
            return Err(format!(
                "{flag} {v}: larger than --slice-us {} (allowed: 0 to {})",
                opts.slice_us, opts.slice_us
            ));
        }
    }
    if opts.class_dwell_max_ms < opts.class_dwell_ms {
        return Err(format!(
            "--class-dwell-max-ms {}: shorter than --class-dwell-ms {} (allowed: {} to 600000)",
            opts.class_dwell_max_ms, opts.class_dwell_ms, opts.class_dwell_ms
        ));
    }
    early_parts(opts)?;
    if let Some(v) = opts.settle_ms.filter(|v| *v > opts.interval_ms) {
        return Err(format!(
            "--settle-ms {v}: longer than --interval-ms {} (allowed: 1 to {})",
            opts.interval_ms, opts.interval_ms
        ));
    }
    if let Some(path) = &opts.inform_lib {
        check_inform_lib(path)?;
    }
    Ok(())
}

/// The symbol of libinform that the uprobe watches (lib/inform/inform.c).
const INFORM_REGISTER: &str = "inform_register";

/// --inform-lib must name an ELF file that has libinform's registration symbol.
/// The struct_ops name with --inform-lib (`root/ops`), from the usual one ("lockaware" and
/// scx_utils' version suffix): "lockaware_inform" and the same suffix. libinform reads it to
/// know that the attached scheduler reads its hints (docs/inform.md, "at once, not only at
/// the tick").
fn inform_ops_name(name: &str) -> String {
    match name.strip_prefix("lockaware") {
        Some(rest) => format!("lockaware_inform{rest}"),
        None => "lockaware_inform".to_string(),
    }
}

fn check_inform_lib(path: &std::path::Path) -> Result<(), String> {
    let bad = |why: &str| {
        Err(format!(
            "--inform-lib {}: {why} (allowed: a libinform.so, e.g. /usr/lib/x86_64-linux-gnu/libinform.so)",
            path.display()
        ))
    };
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) => return bad(&e.to_string()),
    };
    if !bytes.starts_with(b"\x7fELF") {
        return bad("not an ELF file");
    }
    let sym = format!("{INFORM_REGISTER}\0");
    if !bytes.windows(sym.len()).any(|w| w == sym.as_bytes()) {
        return bad(&format!("no symbol {INFORM_REGISTER}"));
    }
    Ok(())
}

/// Check the SSC flags against the topology. The error names the flag, the value and the
/// allowed range (exit code 2, nothing loaded).
fn plan_ssc(opts: &Opts, topo: &CpuTopo) -> Result<SscPlan, String> {
    let n = topo.cpus.len();
    let max = opts.max_ssc.unwrap_or(n);
    if max > n {
        return Err(format!(
            "--max-ssc {max}: this machine has {n} CPUs (allowed: 1 to {n})"
        ));
    }
    if opts.min_ssc > max {
        return Err(format!(
            "--min-ssc {}: larger than --max-ssc {max} (allowed: 1 to {max})",
            opts.min_ssc
        ));
    }
    if opts.initial_ssc > n {
        return Err(format!(
            "--initial-ssc {}: this machine has {n} CPUs (allowed: 1 to {n})",
            opts.initial_ssc
        ));
    }
    let fixed = match &opts.ssc_cpus {
        None => None,
        Some(CpuList(list)) => {
            let online: Vec<usize> = topo.cpus.iter().map(|c| c.cpu).collect();
            if let Some(bad) = list.iter().find(|c| !online.contains(c)) {
                return Err(format!(
                    "--ssc-cpus {}: CPU {bad} is not online (online: {})",
                    sched_common::cpulist::format(list),
                    sched_common::cpulist::format(&online)
                ));
            }
            Some(list.clone())
        }
    };
    Ok(SscPlan {
        order: topo.ssc_order(opts.ssc_order),
        fixed,
        params: search::Params {
            mode: opts.search,
            initial: opts.initial_ssc,
            min: opts.min_ssc,
            max,
            vote_min: Duration::from_micros(opts.vote_min_us),
            band: opts.retrigger_band,
            cpu_cost: opts.ssc_cpu_cost,
            thro_bias: opts.thro_bias,
            unseen_traffic: opts.unseen_lock_traffic,
            remig_timeout: Duration::from_secs(opts.remig_timeout_s),
            recheck: (opts.ssc_recheck_ms > 0).then(|| Duration::from_millis(opts.ssc_recheck_ms)),
        },
    })
}

/// How user-space lock waits are measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum FutexProbe {
    Off,
    /// No probe: stopping() reads the futex(2) arguments of a task going to sleep from its
    /// saved user registers.
    Sleep,
    /// fentry/fexit on the kernel function that queues a futex waiter and sleeps (named here),
    /// and on futex_lock_pi: only futex calls that sleep are traced.
    Fentry(&'static str),
    /// The sys_enter/sys_exit_futex tracepoints: every futex call is traced.
    Tracepoint,
}

/// The kernel function that puts a futex waiter to sleep, by kernel version: 6.12 has
/// futex_wait_queue(), 7.x renamed it futex_do_wait().
const FUTEX_SLEEP_FUNCS: [&str; 2] = ["futex_wait_queue", "futex_do_wait"];

impl std::fmt::Display for FutexProbe {
    fn fmt(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        match self {
            Self::Off => f.write_str("off"),
            Self::Sleep => f.write_str("futex(2) arguments read at each sleep (no probe)"),
            Self::Fentry(func) => {
                write!(f, "fentry/fexit on {func} and futex_lock_pi (sleeps only)")
            }
            Self::Tracepoint => {
                f.write_str("syscall tracepoints sys_enter/exit_futex (every call)")
            }
        }
    }
}

/// "auto" is "sleep", which needs nothing of the kernel but x86-64's syscall registers. fentry
/// needs the kernel's BTF to describe futex_lock_pi and one of the futex sleep functions
/// (decided before load, reported at start).
fn choose_futex_probe(
    no_futex: bool,
    forced: &str,
    has_func: impl Fn(&str) -> bool,
) -> Result<FutexProbe, String> {
    let fentry = || {
        has_func("futex_lock_pi")
            .then(|| FUTEX_SLEEP_FUNCS.iter().copied().find(|f| has_func(f)))
            .flatten()
    };
    Ok(if no_futex {
        FutexProbe::Off
    } else if forced == "tracepoint" {
        FutexProbe::Tracepoint
    } else if forced == "fentry" {
        match fentry() {
            Some(func) => FutexProbe::Fentry(func),
            None => {
                return Err(format!(
                    "--futex-probe fentry: the kernel's BTF lacks futex_lock_pi or all of {} \
                     (allowed here: auto, sleep, tracepoint)",
                    FUTEX_SLEEP_FUNCS.join(", ")
                ))
            }
        }
    } else {
        FutexProbe::Sleep
    })
}

/// The kernel function every synchronous cross-CPU call goes through (TLB shootdowns among
/// them), timed by lockaware_xcall_entry/exit.
const XCALL_FUNC: &str = "on_each_cpu_cond_mask";

/// Decide the probes that need the running kernel's BTF: the futex probe, and whether the
/// waits for other CPUs are timed (`XCALL_FUNC` described, and not turned off). The BTF is
/// scx_utils' copy, which `scx_ops_open!` loads anyway: a copy of our own cost a second parse
/// of vmlinux's BTF, 0.1-0.2 s of a TCG guest's 2.6-s start (docs/benchmarks.md §88.5).
/// scx_utils panics where the kernel has no BTF, so it is asked only where the kernel
/// exposes one. It finds a name of any kind; the names asked are functions' and no type's.
fn probes_for_this_kernel(opts: &Opts) -> Result<(FutexProbe, bool), String> {
    let have_btf = std::path::Path::new("/sys/kernel/btf/vmlinux").exists();
    let has_func = |name: &str| have_btf && scx_utils::compat::ksym_exists(name).unwrap_or(false);
    let futex = choose_futex_probe(opts.no_futex, &opts.futex_probe, has_func)?;
    Ok((futex, !opts.no_xcall_waits && has_func(XCALL_FUNC)))
}

/// The agent's view of the SSC and its search.
struct SscState {
    plan: SscPlan,
    search: Option<Search>,
    /// CPUs of the SSC in force.
    cpus: Vec<usize>,
    /// Vote counters at the previous step, and when it was.
    prev_votes: [u64; NR_VOTES],
    prev_at: Instant,
    /// How many parts the window in progress is read in (the search's noise estimate:
    /// --window-parts while lock-intensive tasks run, else one, as nothing is judged then),
    /// and its generation in the BPF side's `vote_parts` (see `plan_parts`).
    parts_planned: u32,
    parts_gen: u64,
    /// When the window in progress began, on the BPF side's clock (CLOCK_MONOTONIC, ns), and
    /// the length of its parts (0: read in one), as the BPF side was told.
    parts_base_ns: u64,
    parts_part_ns: u64,
    /// --window-parts.
    parts_wanted: u32,
    /// --early-parts in force (0: never), and how many windows ended early.
    early_parts: u32,
    early_windows: u64,
    last_window: Votes,
    n_lock: u64,
    /// When the search last resized the SSC, while the window after it, which the search
    /// drops, lasts (until the tasks follow, or --settle-ms).
    resized_at: Option<Instant>,
    /// How long the placement took to follow the search's last resize, ms (None: not yet).
    follow_ms: Option<f64>,
    /// How long the window after the last resize lasted, ms (None: no resize yet).
    settle_window_ms: Option<f64>,
    /// How often the SSC moved to the CPUs its whole class runs on (`order_for_class`).
    moves: u64,
    /// The kernel-lock probes' pauses (--klock-pause-ms).
    pause: ProbePause,
}

/// Kernel-lock probe pauses (--klock-pause-ms; beyond the thesis, issue #9's "shed the tracing
/// where it buys nothing", docs/benchmarks.md sections 95-96). The agent detaches the contention
/// probes, and the BPF side's `klock_paused` freezes the class (`Scheduler::pause_probes`),
/// after a window in which the search had settled at an SSC of every CPU and the CPUs
/// contended more often than they time (`may_pause`); both come back after `len`, or at once
/// when the class shrinks (a task of it exited: the search must see that). The window that
/// spans the pause is not judged.
#[derive(Debug, Default)]
struct ProbePause {
    /// --klock-pause-ms (None: never; also with --no-kernel-locks or --klock-trace-rate 0).
    len: Option<Duration>,
    /// While paused: when the pause ends, and the class's size it froze.
    until: Option<(Instant, u64)>,
    /// --klock-trace-rate.
    trace_rate: u64,
    /// The contentions the CPUs had seen at the previous window's end (klock_seen).
    prev_seen: u64,
    /// Pauses since start.
    count: u64,
}

/// Whether the kernel-lock probes may pause after a window of `wall_s` seconds in which the
/// CPUs saw `seen` contentions: the search has settled (`stopped`), at an SSC of every CPU
/// (`whole`: the class's membership then places no task differently), and the contention rate
/// is above what the probes time, `trace_rate` a second on each of `nr_cpus` CPUs (they then
/// time a sample, and pay for every contention they do not time).
fn may_pause(
    stopped: bool,
    whole: bool,
    seen: u64,
    wall_s: f64,
    trace_rate: u64,
    nr_cpus: usize,
) -> bool {
    stopped && whole && wall_s > 0.0 && seen as f64 / wall_s > (trace_rate * nr_cpus as u64) as f64
}

/// The votes (figure 3.30), STAT_VOTE_RUN_NS to STAT_VOTE_XCALL_NS, as the BPF side counts them.
const NR_VOTES: usize = bpf_intf::lockaware_stat_NR_VOTES as usize;

/// A window's (or a part's) votes from their counts, in the order of the BPF side's stats.
fn votes_of(v: &[f64; NR_VOTES], wall_ns: f64) -> Votes {
    Votes {
        run_ns: v[0],
        spin_ns: v[1],
        block_ns: v[2],
        lock_sys_ns: v[3],
        acq: v[4],
        acq_run_ns: v[5],
        xcall_ns: v[6],
        wall_ns,
    }
}

/// A window's `k` parts from the BPF side's per-CPU `vote_parts` rows (`struct vote_parts`):
/// part i is the sum over the CPUs whose row holds the window's generation `gen` there. Votes
/// filed past the k-th part (the agent woke late) count in the last, which lasts what is
/// left of `window_ns` after the others' `part_ns` each. None where nothing voted or the
/// last part would be shorter than half a part (the caller then takes the window whole).
fn parts_of(
    rows: &[Vec<u8>],
    gen: u64,
    k: usize,
    part_ns: f64,
    window_ns: f64,
) -> Option<Vec<Votes>> {
    let max = bpf_intf::lockaware_consts_VOTE_PARTS_MAX as usize;
    let last_ns = window_ns - (k - 1) as f64 * part_ns;
    if !(2..=max).contains(&k) || last_ns < part_ns / 2.0 {
        return None;
    }
    let words = 1 + NR_VOTES;
    let mut sums = vec![[0.0; NR_VOTES]; k];
    for row in rows {
        let word = |i: usize| {
            let b = row.get(8 * i..8 * i + 8)?;
            Some(u64::from_ne_bytes(b.try_into().ok()?))
        };
        for i in 0..max {
            if word(i * words) != Some(gen) {
                continue;
            }
            for (j, sum) in sums[i.min(k - 1)].iter_mut().enumerate() {
                *sum += word(i * words + 1 + j).unwrap_or(0) as f64;
            }
        }
    }
    if sums.iter().all(|s| s[0] == 0.0) {
        return None;
    }
    Some(
        sums.iter()
            .enumerate()
            .map(|(i, v)| votes_of(v, if i + 1 < k { part_ns } else { last_ns }))
            .collect(),
    )
}

/// Where a step finds the window in progress (`Scheduler::window_due`).
enum WindowAt {
    /// It goes on.
    Running,
    /// It is over: read in the parts planned (or in one).
    Over,
    /// It ends early, in the parts read so far, which decide a move alone: the search is fed
    /// exactly what it was asked about.
    Early(Vec<Votes>),
}

/// --early-parts in force (0: never), checked against --window-parts (`search::early_parts`).
fn early_parts(opts: &Opts) -> Result<u32, String> {
    search::early_parts(
        opts.early_parts.map(|v| v as usize),
        opts.window_parts as usize,
    )
    .map(|v| v as u32)
}

/// How often the agent checks whether the tasks have followed a resize (without --settle-ms).
const FOLLOW_POLL: Duration = Duration::from_millis(search::FOLLOW_POLL_MS);

/// One CPU's row of the BPF side's `ssc_follow[]`, as `follow_ns()` reads it.
#[derive(Clone, Copy, Debug, Default)]
struct FollowRow {
    in_ssc: bool,
    /// The SSC generation in which a lock-intensive task first started here, and when.
    gen: u64,
    at: u64,
    /// Outside the SSC: a lock-intensive task the SSC admits runs here now; when the last
    /// one left.
    out_running: bool,
    out_left_at: u64,
}

/// How long the placement took to follow the SSC change made at `changed_at` (generation
/// `gen`), in ns (issue #11, the window after a resize). It has followed once `need` SSC CPUs
/// have started a lock-intensive task since the change and none that the SSC admits runs
/// outside it; the time is the later of the last such start and the end of the last run
/// outside. None while it has not followed.
fn follow_ns(gen: u64, changed_at: u64, rows: &[FollowRow], need: usize) -> Option<u64> {
    let mut reached = 0;
    let mut last = changed_at;
    for r in rows {
        if r.in_ssc {
            if r.gen == gen {
                reached += 1;
                last = last.max(r.at);
            }
        } else if r.out_running {
            return None;
        } else {
            last = last.max(r.out_left_at);
        }
    }
    (reached >= need).then(|| last - changed_at)
}

/// Why the change of generation `gen` has not been followed: the SSC CPUs that have not
/// started a lock-intensive task since, and the CPUs outside it that run one.
fn follow_gaps(gen: u64, rows: &[FollowRow]) -> (Vec<usize>, Vec<usize>) {
    let cpus = |f: &dyn Fn(&FollowRow) -> bool| {
        rows.iter()
            .enumerate()
            .filter(|(_, r)| f(r))
            .map(|(c, _)| c)
            .collect()
    };
    (
        cpus(&|r| r.in_ssc && r.gen != gen),
        cpus(&|r| !r.in_ssc && r.out_running),
    )
}

struct Scheduler<'a> {
    skel: BpfSkel<'a>,
    struct_ops: Option<libbpf_rs::Link>,
    /// The uprobe on libinform's inform_register() (--inform-lib).
    _inform_link: Option<libbpf_rs::Link>,
    topo: CpuTopo,
    nr_llcs: usize,
    slice_us: u64,
    interval: Duration,
    /// --settle-ms (None: until the tasks follow a resize, a full --interval-ms at most).
    settle: Option<Duration>,
    started: Instant,
    ssc: SscState,
    stats_server: StatsServer<(), Metrics>,
    /// --bpf-stats: run-time statistics, on while this lives.
    run_stats: Option<sched_common::bpfcost::RunTimeStats>,
}

impl<'a> Scheduler<'a> {
    fn init(
        opts: &Opts,
        topo: CpuTopo,
        plan: SscPlan,
        futex: FutexProbe,
        xcall: bool,
        open_object: &'a mut MaybeUninit<OpenObject>,
    ) -> Result<Self> {
        try_set_rlimit_infinity();

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
        if opts.inform_lib.is_some() {
            // root/ops tells libinform that the hints are read (it offers yields only then):
            // "lockaware_inform", then the version suffix that scx_ops_open! appended.
            let name = &mut skel.struct_ops.lockaware_ops_mut().name;
            let old: Vec<u8> = name
                .iter()
                .take_while(|&&c| c != 0)
                .map(|&c| c as u8)
                .collect();
            let new = inform_ops_name(&String::from_utf8_lossy(&old));
            let room = name.len() - 1;
            name.fill(0);
            for (d, s) in name.iter_mut().take(room).zip(new.bytes()) {
                *d = s as _;
            }
        }

        let rodata = skel.maps.rodata_data.as_mut().unwrap();
        rodata.slice_ns = opts.slice_us * 1000;
        rodata.queue_max_wait_ns = 4 * opts.slice_us * 1000;
        rodata.wake_preempt = !opts.no_wake_preempt;
        rodata.wake_affine = !opts.no_wake_affine;
        rodata.wake_sync = !opts.no_wake_sync;
        rodata.wake_sync_overlap_ns = opts.wake_sync_overlap_us * 1000;
        rodata.balance_queues = !opts.no_balance;
        rodata.balance_woken_ratio = if opts.balance_woken {
            1
        } else {
            opts.balance_woken_ratio
        };
        rodata.wake_preempt_gran_ns = opts.wake_preempt_gran_us * 1000;
        rodata.wake_preempt_min_run_ns = opts.wake_preempt_min_run_us * 1000;
        rodata.wake_batch_ns = opts.wake_batch_us * 1000;
        rodata.wake_batch_min_ns = opts.wake_batch_min_us * 1000;
        rodata.handoff_follow_ns = opts.handoff_follow_us * 1000;
        rodata.balance_min_wait_ns = opts.balance_min_wait_us.unwrap_or(opts.slice_us) * 1000;
        rodata.wake_credit_ns = opts.wake_credit_us.unwrap_or(opts.slice_us) * 1000;
        rodata.inform_sleep_donate = opts.inform_sleep_donate;
        rodata.inform_barrier_charge = !opts.no_inform_barrier_charge;
        rodata.inform_waiter_lag = !opts.no_inform_waiter_lag;
        rodata.futex_at_sleep = futex == FutexProbe::Sleep;
        rodata.lock_sys_share = !opts.no_lock_sys_share;
        rodata.tick_ns = tick_ns();
        rodata.nr_cpus_possible = topo.nr_cpu_ids() as u32;
        rodata.nr_llcs = nr_llcs as u32;
        rodata.smt_enabled = topo.smt;
        for (cpu, llc) in cpu_llc.iter().enumerate() {
            rodata.cpu_llc[cpu] = *llc;
        }
        for (cpu, sib) in topo.sibling_of().iter().enumerate() {
            rodata.cpu_sibling[cpu] = *sib;
        }
        let table = topo.llc_cpu_table();
        rodata.llc_cpus[..table.cpus.len()].copy_from_slice(&table.cpus);
        rodata.llc_first[..nr_llcs].copy_from_slice(&table.first);
        rodata.llc_nr[..nr_llcs].copy_from_slice(&table.len);
        rodata.nr_cpus_online = table.cpus.len() as u32;
        let share = |pct: f64| (pct / 100.0 * bpf_intf::lockaware_consts_SHARE_ONE as f64) as u32;
        rodata.lock_enter_share = share(opts.lock_threshold);
        rodata.lock_leave_share = share(opts.lock_threshold / 2.0);
        rodata.class_dwell_ns = opts.class_dwell_ms * 1_000_000;
        rodata.class_dwell_max_ns = opts.class_dwell_max_ms * 1_000_000;
        rodata.class_reenter_ns = opts.class_reenter_ms * 1_000_000;
        rodata.class_quiet_ns = opts.class_quiet_ms * 1_000_000;
        rodata.agent_tgid = std::process::id() as i32;
        rodata.klock_trace_rate = opts.klock_trace_rate;
        rodata.inform_enabled = opts.inform_lib.is_some();

        // Lock-wait probes: kernel locks through the contention tracepoints, user locks
        // through their saved registers at each sleep (no probe), fexit or the syscall tracepoints.
        let progs = &mut skel.progs;
        progs
            .lockaware_contention_begin
            .set_autoload(!opts.no_kernel_locks);
        progs
            .lockaware_contention_end
            .set_autoload(!opts.no_kernel_locks);
        let fentry = matches!(futex, FutexProbe::Fentry(_));
        if let FutexProbe::Fentry(func) = futex {
            progs
                .lockaware_futex_sleep_entry
                .set_attach_target(0, Some(func.into()))?;
            progs
                .lockaware_futex_sleep_exit
                .set_attach_target(0, Some(func.into()))?;
        }
        progs.lockaware_futex_sleep_entry.set_autoload(fentry);
        progs.lockaware_futex_sleep_exit.set_autoload(fentry);
        progs.lockaware_futex_lock_pi_entry.set_autoload(fentry);
        progs.lockaware_futex_lock_pi_exit.set_autoload(fentry);
        let tp = futex == FutexProbe::Tracepoint;
        progs.lockaware_sys_enter_futex.set_autoload(tp);
        progs.lockaware_sys_exit_futex.set_autoload(tp);
        // Waits for other CPUs, where the kernel's BTF describes the function.
        progs.lockaware_xcall_entry.set_autoload(xcall);
        progs.lockaware_xcall_exit.set_autoload(xcall);
        // The hint registration probe: attached below, to the library the flag names.
        progs
            .lockaware_inform_register
            .set_autoload(opts.inform_lib.is_some());
        progs.lockaware_inform_register.set_autoattach(false);

        let mut skel = scx_ops_load!(skel, lockaware_ops, uei)?;

        let search = plan
            .fixed
            .is_none()
            .then(|| Search::new(plan.params.clone()));
        let cpus = match &plan.fixed {
            Some(list) => list.clone(),
            None => plan.order[..search.as_ref().unwrap().size()].to_vec(),
        };
        let mut ssc = SscState {
            plan,
            search,
            cpus: Vec::new(),
            prev_votes: [0; 7],
            prev_at: Instant::now(),
            parts_planned: 1,
            parts_gen: 0,
            parts_base_ns: 0,
            parts_part_ns: 0,
            parts_wanted: opts.window_parts,
            early_parts: early_parts(opts).map_err(anyhow::Error::msg)?,
            early_windows: 0,
            last_window: Votes::default(),
            n_lock: 0,
            resized_at: None,
            follow_ms: None,
            settle_window_ms: None,
            moves: 0,
            pause: ProbePause {
                len: (!opts.no_kernel_locks
                    && opts.klock_trace_rate > 0
                    && opts.klock_pause_ms > 0)
                    .then(|| Duration::from_millis(opts.klock_pause_ms)),
                trace_rate: opts.klock_trace_rate,
                ..Default::default()
            },
        };
        apply_ssc(&mut skel, &mut ssc, cpus)?;

        let run_stats = if opts.bpf_stats {
            Some(sched_common::bpfcost::RunTimeStats::enable()?)
        } else {
            None
        };
        let struct_ops = Some(scx_ops_attach!(skel, lockaware_ops)?);
        let inform_link = match &opts.inform_lib {
            Some(path) => {
                let uopts = libbpf_rs::UprobeOpts {
                    func_name: Some(INFORM_REGISTER.into()),
                    ..Default::default()
                };
                let link = skel
                    .progs
                    .lockaware_inform_register
                    .attach_uprobe_with_opts(-1, path, 0, uopts)
                    .with_context(|| format!("attaching the uprobe to {}", path.display()))?;
                info!(
                    "informing hints: threads of programs using {} register at {INFORM_REGISTER}()",
                    path.display()
                );
                Some(link)
            }
            None => None,
        };
        let stats_server = StatsServer::new(stats::server_data()).launch()?;

        info!(
            "lock waits: kernel locks {}, user locks (futex) {}; lock-intensive above {}% \
             (leaves below {}%), user-lock system time {}; waits for other CPUs {}",
            match (opts.no_kernel_locks, opts.klock_trace_rate) {
                (true, _) => "off".to_string(),
                (false, 0) => "lock:contention_begin/end, every wait".to_string(),
                (false, r) => format!("lock:contention_begin/end, at most {r} waits/s per CPU"),
            },
            futex,
            opts.lock_threshold,
            opts.lock_threshold / 2.0,
            if opts.no_lock_sys_share {
                "not counted (--no-lock-sys-share)"
            } else {
                "counted (futex(2) time, sampled at the tick)"
            },
            match (opts.no_xcall_waits, xcall) {
                (true, _) => "off".to_string(),
                (false, true) => format!("fentry/fexit {XCALL_FUNC} (search votes)"),
                (false, false) => format!("off (the kernel's BTF has no {XCALL_FUNC})"),
            }
        );
        match &ssc.search {
            Some(s) => info!(
                "SSC: search {} from {} CPU(s), {}..{} CPUs, order {:?} [{}], votes {}us/CPU, \
                 every {}ms, re-search after {}s or a {}x change, {} CPUs of gain per CPU \
                 (+{} judged by thro), user-lock system time counted {}x as waste",
                s.params().mode,
                s.size(),
                s.params().min,
                s.params().max,
                opts.ssc_order,
                sched_common::cpulist::format(&ssc.plan.order),
                opts.vote_min_us,
                opts.interval_ms,
                opts.remig_timeout_s,
                opts.retrigger_band,
                opts.ssc_cpu_cost,
                opts.thro_bias,
                1.0 + opts.unseen_lock_traffic
            ),
            None => info!(
                "SSC: fixed [{}] (--ssc-cpus), search off",
                sched_common::cpulist::format(&ssc.cpus)
            ),
        }

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
            _inform_link: inform_link,
            topo,
            nr_llcs,
            slice_us: opts.slice_us,
            interval: Duration::from_millis(opts.interval_ms),
            settle: opts.settle_ms.map(Duration::from_millis),
            started: Instant::now(),
            ssc,
            stats_server,
            run_stats,
        })
    }

    /// The tasks seen waiting for locks recently: the lock-intensive ones first (those the SSC
    /// holds, which a user looks for), then by lock-wait share, most waiting first.
    fn top_lock_tasks(&self, max: usize) -> Vec<(i32, bpf_intf::lock_task_info)> {
        let map = &self.skel.maps.lock_tasks;
        let now_ns = monotonic_ns();
        let mut v: Vec<(i32, bpf_intf::lock_task_info)> = map
            .keys()
            .filter_map(|k| {
                let val = map.lookup(&k, MapFlags::ANY).ok().flatten()?;
                let pid = i32::from_ne_bytes(k.get(..4)?.try_into().ok()?);
                let info: bpf_intf::lock_task_info =
                    unsafe { std::ptr::read_unaligned(val.as_ptr() as *const _) };
                // Seen within the last 5 s.
                (now_ns.saturating_sub(info.updated_ns) < 5_000_000_000).then_some((pid, info))
            })
            .collect();
        v.sort_by_key(|(_, i)| std::cmp::Reverse((i.intensive != 0, i.share)));
        v.truncate(max);
        v
    }

    /// Sum the per-CPU counters of the BPF side.
    fn read_counters(&self) -> Result<Vec<u64>> {
        let per_cpu = self
            .skel
            .maps
            .cpu_stats
            .lookup_percpu(&0u32.to_ne_bytes(), MapFlags::ANY)?
            .context("cpu_stats map is empty")?;
        Ok(sched_common::stats::sum_per_cpu(
            &per_cpu,
            bpf_intf::lockaware_stat_NR_SCHED_STATS as usize,
        ))
    }

    /// Plan the window that starts now: in --window-parts parts if a search may judge it (a
    /// search runs and lock-intensive tasks ran in the window that ended), else in one, as
    /// nothing is judged then. The BPF side files each vote under the new generation, in
    /// its part of the window (`vote_add()`); the agent reads them when the window ends, and
    /// as they end only while the window may end early (`may_end_early`): reading them as
    /// they came in every window cost a wake-up every part (sysbench's mutex at 2 vCPUs up
    /// to 2.5% slower with 5 parts, docs/benchmarks.md §62). Returns the window's start on
    /// the BPF side's clock.
    fn plan_parts(&mut self) -> Result<u64> {
        let k = match self.ssc.search.is_some() && self.ssc.n_lock > 0 {
            true => self.ssc.parts_wanted,
            false => 1,
        };
        let now = monotonic_ns();
        let part_ns = match k {
            1 => 0,
            _ => (self.interval.as_nanos() as u64 / k as u64).max(1),
        };
        self.ssc.parts_gen += 1;
        self.ssc.parts_planned = k;
        self.ssc.parts_base_ns = now;
        self.ssc.parts_part_ns = part_ns;
        let bss = bss_mut(&mut self.skel)?;
        bss.vote_base_ns = now;
        bss.vote_part_ns = part_ns;
        bss.vote_gen = self.ssc.parts_gen;
        Ok(now)
    }

    /// The BPF side's per-CPU `vote_parts` rows.
    fn vote_rows(&self) -> Result<Vec<Vec<u8>>> {
        self.skel
            .maps
            .vote_parts
            .lookup_percpu(&0u32.to_ne_bytes(), MapFlags::ANY)?
            .context("vote_parts map is empty")
    }

    /// Whether the window in progress may end before its time (--early-parts): a search
    /// judges it (not settled, not the window after a resize, which it drops), and it is read
    /// in more parts than --early-parts.
    fn may_end_early(&self) -> bool {
        let s = &self.ssc;
        s.early_parts as usize >= search::EARLY_PARTS_MIN
            && s.early_parts < s.parts_planned
            && s.resized_at.is_none()
            && s.search
                .as_ref()
                .is_some_and(|se| se.phase() != search::Phase::Stopped)
    }

    /// Where a step finds the window in progress. A window that may end early
    /// (`may_end_early`) ends after any part from --early-parts on whose parts so far decide
    /// a move alone (`Search::decides_early`, as scx-locksim's loop asks it); else after all
    /// its parts (the agent's steps come at its end then).
    fn window_due(&mut self) -> Result<WindowAt> {
        let k = self.ssc.parts_planned as usize;
        if !self.may_end_early() {
            return Ok(WindowAt::Over);
        }
        let part_ns = self.ssc.parts_part_ns.max(1);
        let elapsed_ns = monotonic_ns().saturating_sub(self.ssc.parts_base_ns);
        // The parts ended so far; a step a little before its part's end (the step's schedule
        // runs from the step's start, the window's from its end) counts that part.
        let j = ((elapsed_ns + part_ns / 4) / part_ns) as usize;
        if j >= k {
            return Ok(WindowAt::Over);
        }
        if j < self.ssc.early_parts as usize {
            return Ok(WindowAt::Running);
        }
        let rows = self.vote_rows()?;
        let Some(parts) = parts_of(
            &rows,
            self.ssc.parts_gen,
            j,
            part_ns as f64,
            elapsed_ns as f64,
        ) else {
            return Ok(WindowAt::Running);
        };
        let c = self.read_counters()?;
        let n_lock = class_count(&c) as usize;
        let since = self.started.elapsed();
        let ends = self
            .ssc
            .search
            .as_ref()
            .is_some_and(|se| se.decides_early(since, n_lock, &parts));
        Ok(match ends {
            true => WindowAt::Early(parts),
            false => WindowAt::Running,
        })
    }

    /// Serve statistics until Ctrl-C/SIGTERM or until the kernel stops the scheduler, then
    /// detach and return the kernel's exit information.
    fn run(&mut self, shutdown: &AtomicBool) -> Result<UserExitInfo> {
        let (interval, channels) = (self.interval, self.stats_server.channels());
        agent::serve(self, interval, channels, shutdown)?;
        let _ = self.struct_ops.take();
        uei_report!(&self.skel, uei)
    }
}

/// The SSC's CPU order taken from the CPUs `ran` first (in `order`'s order), then the rest:
/// where the whole lock-intensive class ran outside the SSC because its affinity misses it,
/// the SSC moves there. Beyond the thesis, which gives every thread every core: without it a
/// class pinned away from the first CPUs of `order` (taskset, a cpuset) is never confined and
/// leaves the search no votes, so it never grows (docs/benchmarks.md section 87.4).
fn order_for_class(order: &[usize], ran: &[usize]) -> Vec<usize> {
    let (mut first, rest): (Vec<usize>, Vec<usize>) = order.iter().partition(|c| ran.contains(c));
    first.extend(rest);
    first
}

/// The CPUs set in the BPF side's `class_out_cpus` bitmap, which is cleared.
fn take_class_out_cpus(bits: &mut [u64]) -> Vec<usize> {
    let mut cpus = Vec::new();
    for (i, w) in bits.iter_mut().enumerate() {
        let v = std::mem::take(w);
        cpus.extend((0..64).filter(|b| v & (1u64 << b) != 0).map(|b| i * 64 + b));
    }
    cpus
}

/// The BPF side's .bss, shared with the programs (mapped once the skeleton is loaded).
fn bss_mut<'s>(skel: &'s mut BpfSkel) -> Result<&'s mut types::bss> {
    skel.maps.bss_data.as_deref_mut().context("no .bss")
}

/// The lock-intensive tasks now: those classified less those that left or exited in the class.
fn class_count(c: &[u64]) -> u64 {
    c[bpf_intf::lockaware_stat_STAT_LOCK_IN as usize]
        .saturating_sub(c[bpf_intf::lockaware_stat_STAT_LOCK_OUT as usize])
}

/// Install `cpus` as the SSC: write the request into the BPF side's ssc_next[] and run its
/// apply_ssc() program.
fn apply_ssc(skel: &mut BpfSkel, ssc: &mut SscState, cpus: Vec<usize>) -> Result<()> {
    let bss = bss_mut(skel)?;
    bss.ssc_next.iter_mut().for_each(|b| *b = 0);
    for &c in &cpus {
        bss.ssc_next[c] = 1;
    }
    let out = skel
        .progs
        .apply_ssc
        .test_run(libbpf_rs::ProgramInput::default())
        .context("running apply_ssc")?;
    if out.return_value != 0 {
        anyhow::bail!("apply_ssc failed: {}", out.return_value as i32);
    }
    ssc.cpus = cpus;
    Ok(())
}

impl Scheduler<'_> {
    /// Where the lock-intensive tasks of the window just ended all ran outside the SSC for
    /// their affinity (no run time on it, CPUs of theirs none of which is in it), the SSC
    /// moves to those CPUs at the same size (`order_for_class`). The search only: a fixed
    /// `--ssc-cpus` stays where it was put. The bits are read and cleared every window, so
    /// each judgement sees one window's; `judge` is false for a window after a resize, whose
    /// tasks were still moving, and no move follows a resize the search made at this window's
    /// end.
    fn follow_class(
        &mut self,
        judge: bool,
        n_lock: usize,
        window: &Votes,
        now: Instant,
    ) -> Result<()> {
        let bss = bss_mut(&mut self.skel)?;
        let ran = take_class_out_cpus(&mut bss.class_out_cpus);
        if !judge
            || self.ssc.search.is_none()
            || self.ssc.resized_at.is_some()
            || n_lock == 0
            || window.run_ns > 0.0
            || ran.is_empty()
            || ran.iter().any(|c| self.ssc.cpus.contains(c))
        {
            return Ok(());
        }
        let order = order_for_class(&self.ssc.plan.order, &ran);
        let cpus = order[..self.ssc.cpus.len()].to_vec();
        info!(
            "SSC moved to {} ({} lock-intensive tasks ran only on {}, outside {})",
            sched_common::cpulist::format(&cpus),
            n_lock,
            sched_common::cpulist::format(&ran),
            sched_common::cpulist::format(&self.ssc.cpus)
        );
        self.ssc.plan.order = order;
        self.ssc.moves += 1;
        self.resize(cpus, now)
    }

    /// A step while the kernel-lock probes pause (`ProbePause`): they come back when the
    /// pause ends, or when a task of the frozen class exited; the search's next window starts
    /// then, the one that spans the pause is not judged.
    fn paused_step(&mut self) -> Result<()> {
        use bpf_intf::*;
        let Some((until, n_lock)) = self.ssc.pause.until else {
            return Ok(());
        };
        let c = self.read_counters()?;
        let n_now = class_count(&c);
        if Instant::now() < until && n_now >= n_lock {
            return Ok(());
        }
        self.pause_probes(false)?;
        self.ssc.pause.until = None;
        let first = lockaware_stat_STAT_VOTE_RUN_NS as usize;
        self.ssc.prev_votes = std::array::from_fn(|i| c[first + i]);
        self.ssc.prev_at = Instant::now();
        self.ssc.pause.prev_seen = c[lockaware_stat_STAT_KLOCK_SEEN as usize];
        self.plan_parts()?;
        Ok(())
    }

    /// Pause the kernel-lock probes (`pause`) or bring them back. A pause freezes the class
    /// first, then detaches contention_begin, then contention_end (dropping a link returns once
    /// its probe is off the tracepoint), and then bumps `klock_epoch`, so that the BPF side
    /// drops the waits begun before, whose ends it will not see. Coming back attaches
    /// contention_end first, then contention_begin, then thaws the class. The order matters:
    /// in a TCG guest attaching or detaching one took about 100 ms (kernel text is patched),
    /// and a begin with no end attached left a wait in its CPU's slot that took its task's
    /// next begins for the same wait (4-8 contentions seen in a window of thousands;
    /// docs/benchmarks.md section 96.1). With begin off first and on last, every wait a begin
    /// opens has its end watched.
    fn pause_probes(&mut self, pause: bool) -> Result<()> {
        if pause {
            bss_mut(&mut self.skel)?.klock_paused = 1;
            self.skel.links.lockaware_contention_begin = None;
            self.skel.links.lockaware_contention_end = None;
            let bss = bss_mut(&mut self.skel)?;
            bss.klock_epoch = bss.klock_epoch.wrapping_add(1);
        } else {
            let progs = &self.skel.progs;
            self.skel.links.lockaware_contention_end = Some(
                progs
                    .lockaware_contention_end
                    .attach()
                    .context("attaching lock:contention_end again")?,
            );
            self.skel.links.lockaware_contention_begin = Some(
                progs
                    .lockaware_contention_begin
                    .attach()
                    .context("attaching lock:contention_begin again")?,
            );
            bss_mut(&mut self.skel)?.klock_paused = 0;
        }
        Ok(())
    }

    /// Install `cpus` as the SSC at `now`; the window after it is dropped until the tasks
    /// have followed.
    fn resize(&mut self, cpus: Vec<usize>, now: Instant) -> Result<()> {
        apply_ssc(&mut self.skel, &mut self.ssc, cpus)?;
        self.ssc.resized_at = Some(now);
        self.ssc.follow_ms = None;
        self.ssc.settle_window_ms = None;
        Ok(())
    }

    /// The BPF side's `ssc_follow[]` for the SSC in force: the generation of the last change,
    /// when it was made, and each CPU's row.
    fn follow_rows(&self) -> Option<(u64, u64, Vec<FollowRow>)> {
        let bss = self.skel.maps.bss_data.as_deref()?;
        let rows = (0..self.topo.nr_cpu_ids())
            .map(|c| {
                let f = &bss.ssc_follow[c];
                FollowRow {
                    in_ssc: self.ssc.cpus.contains(&c),
                    gen: f.gen,
                    at: f.at,
                    out_running: f.out_running != 0,
                    out_left_at: f.out_left_at,
                }
            })
            .collect();
        Some((bss.ssc_gen, bss.ssc_changed_at, rows))
    }

    /// `follow_ns()` of the SSC in force, in ms.
    fn followed_ms(&self, n_lock: usize) -> Option<f64> {
        let (gen, changed_at, rows) = self.follow_rows()?;
        let need = self.ssc.cpus.len().min(n_lock).max(1);
        follow_ns(gen, changed_at, &rows, need).map(|ns| ns as f64 / 1e6)
    }

    /// Say why the placement has not followed the last change (at the end of the window
    /// after it).
    fn log_not_followed(&self, window: Duration) {
        if let Some((gen, _, rows)) = self.follow_rows() {
            let (waiting, outside) = follow_gaps(gen, &rows);
            info!(
                "SSC of {} CPUs not followed after {:.0} ms: no lock-intensive task started \
                 since on CPUs [{}], one still runs outside on CPUs [{}]",
                self.ssc.cpus.len(),
                window.as_secs_f64() * 1e3,
                sched_common::cpulist::format(&waiting),
                sched_common::cpulist::format(&outside)
            );
        }
    }
}

impl agent::Periodic for Scheduler<'_> {
    type Metrics = Metrics;

    fn exited(&self) -> bool {
        uei_exited!(&self.skel, uei)
    }

    fn metrics(&self) -> Result<Metrics> {
        use bpf_intf::*;
        let c = self.read_counters()?;
        let one = lockaware_consts_SHARE_ONE as f64;
        let top = self
            .top_lock_tasks(5)
            .iter()
            .map(|(pid, i)| {
                let comm = std::ffi::CStr::from_bytes_until_nul(unsafe {
                    &*(&i.comm as *const [std::os::raw::c_char] as *const [u8])
                })
                .map(|c| c.to_string_lossy().into_owned())
                .unwrap_or_default();
                format!(
                    "{pid}:{comm}:{:.1}%{}:spin{:.1}%",
                    i.share as f64 * 100.0 / one,
                    if i.intensive != 0 { "*" } else { "" },
                    i.spin_share as f64 * 100.0 / one
                )
            })
            .collect::<Vec<_>>()
            .join(" ");
        let s = &self.ssc;
        // The search's figures, or what a fixed SSC (--ssc-cpus, no search) shows.
        let se = s.search.as_ref();
        let decisions = se
            .map(|se| {
                se.history()
                    .filter(|d| d.action != search::Action::Stay)
                    .map(|d| {
                        format!(
                            "{:.1}s:{}->{}:{:?}:{:.3}",
                            d.at.as_secs_f64(),
                            d.size,
                            d.new_size,
                            d.action,
                            d.thro
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .unwrap_or_default();
        let votes = se.map(|se| se.votes()).unwrap_or_default();
        let bpf_cost = match &self.run_stats {
            Some(rs) => rs.describe(libbpf_rs::skel::Skel::object(&self.skel), "lockaware_")?,
            None => String::new(),
        };
        let mut m = Metrics {
            bpf_cost,
            ssc_size: s.cpus.len() as u64,
            ssc_cpus: sched_common::cpulist::format(&s.cpus),
            search_mode: se.map_or_else(|| "off".into(), |se| se.params().mode.to_string()),
            search_phase: se.map_or_else(|| "fixed".into(), |se| se.phase().to_string()),
            search_steps: se.map_or(0, |se| se.steps()),
            search_restarts: se.map_or(0, |se| se.restarts()),
            search_return_caps: se.map_or(0, |se| se.return_caps().0),
            search_held_stops: se.map_or(0, |se| se.held_stops()),
            search_rechecks: se.map_or(0, |se| se.rechecks()),
            ssc_moves: s.moves,
            klock_pauses: s.pause.count,
            klock_paused: s.pause.until.is_some() as u64,
            search_short_windows: se.map_or(0, |se| se.short_windows()),
            search_early_windows: s.early_windows,
            search_decisions: decisions,
            thro: s.last_window.thro(s.plan.params.unseen_traffic),
            thro_rse_pct: se
                .and_then(|se| se.window_noise().0)
                .map_or(-1.0, |r| r * 100.0),
            thro_noise_scale: se.map_or(1.0, |se| se.noise_scale()),
            thro_ref: se.map_or(0.0, |se| se.thro_ref()),
            p_spin: s.last_window.p_spin(),
            p_wait: s.last_window.p_wait(),
            p_sys: s.last_window.p_sys(),
            p_xcall: s.last_window.p_xcall(),
            acq_rate: s.last_window.acq_rate().unwrap_or(0.0),
            ssc_follow_ms: s.follow_ms.unwrap_or(-1.0),
            settle_window_ms: s.settle_window_ms.unwrap_or(-1.0),
            votes_run_ms: votes.run_ns / 1e6,
            // Now, as the list beside it is read, not at the last window (s.n_lock, which the
            // search judged): both tasks of a two-thread lock workload can leave the class
            // within one interval, and the list then showed none under a count of 2.
            nr_lock_tasks: class_count(&c),
            top_lock_tasks: top,
            uptime_s: self.started.elapsed().as_secs_f64(),
            slice_us: self.slice_us,
            nr_cpus: self.topo.cpus.len() as u64,
            nr_llcs: self.nr_llcs as u64,
            ..Default::default()
        };
        m.set_counters(&c);
        Ok(m)
    }

    /// A window lasts `period` (the BPF side splits it into parts, `plan_parts`); while it
    /// may end early (`may_end_early`) the agent steps at the end of each part. After a
    /// resize the next window, which the search drops, is --settle-ms long, or by default
    /// checked every FOLLOW_POLL until the tasks have followed (see step()).
    fn next_period(&self, period: Duration) -> Duration {
        match (self.ssc.resized_at, self.settle) {
            (None, _) if self.may_end_early() => Duration::from_nanos(self.ssc.parts_part_ns),
            (None, _) => period,
            (Some(_), Some(s)) => s.min(period),
            (Some(_), None) => FOLLOW_POLL.min(period),
        }
    }

    /// One agent step (every --interval-ms): collect the votes of the window, run the search
    /// and apply the SSC size it chose.
    fn step(&mut self) -> Result<()> {
        use bpf_intf::*;
        if self.ssc.pause.until.is_some() {
            return self.paused_step();
        }
        if let Some(t) = self.ssc.resized_at {
            if self.ssc.follow_ms.is_none() {
                self.ssc.follow_ms = self.followed_ms(self.ssc.n_lock as usize);
                if let Some(ms) = self.ssc.follow_ms {
                    info!("SSC of {} CPUs followed in {ms:.1} ms", self.ssc.cpus.len());
                }
            }
            // Without --settle-ms the dropped window lasts until the tasks have followed,
            // a full window at most.
            if self.settle.is_none() && self.ssc.follow_ms.is_none() && t.elapsed() < self.interval
            {
                return Ok(());
            }
        }
        let early = match self.window_due()? {
            WindowAt::Running => return Ok(()),
            WindowAt::Over => None,
            WindowAt::Early(parts) => Some(parts),
        };
        let c = self.read_counters()?;
        let at = |i: u32| c[i as usize];
        let now = Instant::now();
        let first = lockaware_stat_STAT_VOTE_RUN_NS as usize;
        let cur: [u64; NR_VOTES] = std::array::from_fn(|i| c[first + i]);
        let delta: [f64; NR_VOTES] =
            std::array::from_fn(|i| cur[i].saturating_sub(self.ssc.prev_votes[i]) as f64);
        let wall = now.duration_since(self.ssc.prev_at);
        let whole = votes_of(&delta, wall.as_nanos() as f64);
        self.ssc.prev_votes = cur;
        self.ssc.prev_at = now;
        self.ssc.n_lock = class_count(&c);
        // The search's window in parts, whose spread tells it how noisy the window is
        // (Search::feed_parts); the window after a resize, which the search drops, in one.
        // The BPF side keeps the parts under the window's generation; the next window's
        // votes land under a new one from here on (plan_parts), and then these are read.
        self.ssc.early_windows += early.is_some() as u64;
        let (gen, k, base_ns, part_ns) = (
            self.ssc.parts_gen,
            self.ssc.parts_planned as usize,
            self.ssc.parts_base_ns,
            self.ssc.parts_part_ns as f64,
        );
        let in_parts = k > 1 && self.ssc.resized_at.is_none();
        let end_ns = self.plan_parts()?;
        let parts = match (early, in_parts) {
            (Some(parts), _) => parts,
            (None, true) => {
                let rows = self.vote_rows()?;
                let window_ns = end_ns.saturating_sub(base_ns) as f64;
                parts_of(&rows, gen, k, part_ns, window_ns).unwrap_or_else(|| vec![whole])
            }
            (None, false) => vec![whole],
        };
        let window = Votes::sum(&parts);
        self.ssc.last_window = window;

        let since = self.started.elapsed();
        let n_lock = self.ssc.n_lock as usize;
        let after_resize = self.ssc.resized_at.is_some();
        if let Some(t) = self.ssc.resized_at.take() {
            self.ssc.settle_window_ms = Some(now.duration_since(t).as_secs_f64() * 1e3);
            if self.ssc.follow_ms.is_none() {
                self.log_not_followed(now.duration_since(t));
            }
        }
        if let Some(search) = self.ssc.search.as_mut() {
            let d = search.feed_parts(since, n_lock, &parts);
            if d.action != search::Action::Wait {
                let (rse, _) = search.window_noise();
                debug!(
                    "search: size {} thro {:.3} (window {:.3} ± {:.1}%, x{:.1}; run {:.2} CPUs, \
                     p_sys {:.3}) n_lock {} -> {:?}, size {}",
                    d.size,
                    d.thro,
                    window.thro(search.params().unseen_traffic),
                    rse.unwrap_or(f64::NAN) * 100.0,
                    search.noise_scale(),
                    window.run_ns / window.wall_ns.max(1.0),
                    window.p_sys(),
                    n_lock,
                    d.action,
                    d.new_size
                );
            }
            if d.new_size != self.ssc.cpus.len() {
                info!(
                    "SSC {} -> {} CPUs ({:?}, thro {:.3} at {})",
                    d.size, d.new_size, d.action, d.thro, d.size
                );
                let cpus = self.ssc.plan.order[..d.new_size].to_vec();
                self.resize(cpus, now)?;
            }
        }
        self.follow_class(!after_resize, n_lock, &window, now)?;

        let seen = at(lockaware_stat_STAT_KLOCK_SEEN);
        let seen_in_window = seen.saturating_sub(self.ssc.pause.prev_seen);
        self.ssc.pause.prev_seen = seen;
        let stopped = self
            .ssc
            .search
            .as_ref()
            .is_some_and(|se| se.phase() == search::Phase::Stopped);
        let nr_cpus = self.topo.cpus.len();
        let p = &self.ssc.pause;
        if let Some(len) = p.len {
            if !after_resize
                && self.ssc.resized_at.is_none()
                && may_pause(
                    stopped,
                    self.ssc.cpus.len() == nr_cpus,
                    seen_in_window,
                    wall.as_secs_f64(),
                    p.trace_rate,
                    nr_cpus,
                )
            {
                self.pause_probes(true)?;
                self.ssc.pause.until = Some((now + len, self.ssc.n_lock));
                self.ssc.pause.count += 1;
                debug!(
                    "kernel-lock probes paused for {len:?}: {seen_in_window} contentions in {wall:?}"
                );
            }
        }
        Ok(())
    }
}

impl Drop for Scheduler<'_> {
    fn drop(&mut self) {
        info!("{SCHEDULER_NAME} detached");
    }
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
    let checked = check_flags(&opts)
        .and_then(|_| plan_ssc(&opts, &topo))
        .and_then(|p| Ok((p, probes_for_this_kernel(&opts)?)));
    let (mut plan, (futex, xcall)) = match checked {
        Ok(v) => v,
        Err(msg) => {
            eprintln!("error: {msg}");
            return Ok(exit_code::USAGE);
        }
    };

    if let Err(e) = preflight::check() {
        log::error!("{e}");
        return Ok(e.exit_code());
    }

    info!("{SCHEDULER_NAME} {}: {opts:?}", env!("CARGO_PKG_VERSION"));

    if let Some(intv) = opts.stats {
        stats::spawn_monitor(intv, shutdown.clone());
    }

    let mut open_object = MaybeUninit::uninit();
    loop {
        let mut sched = Scheduler::init(&opts, topo, plan, futex, xcall, &mut open_object)?;
        let uei = sched.run(&shutdown)?;
        if uei.should_restart() && !shutdown.load(Ordering::Relaxed) {
            info!("the kernel asked for a restart (CPU hotplug?): restarting");
            // The CPUs changed: read the topology again and re-check the SSC flags on it.
            drop(sched);
            topo = CpuTopo::detect().context("reading the CPU topology")?;
            plan = plan_ssc(&opts, &topo).map_err(anyhow::Error::msg)?;
            continue;
        }
        return Ok(exit_code::OK);
    }
}

/// The kernel's tick in ns: the resolution of a coarse clock, which advances once per tick
/// (BPF samples each task's time inside futex(2) at the tick and charges a tick per sample).
fn tick_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_getres writes one timespec through a valid pointer.
    let rc = unsafe { libc::clock_getres(libc::CLOCK_MONOTONIC_COARSE, &mut ts) };
    let ns = ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64;
    if rc == 0 && ns > 0 {
        ns
    } else {
        4_000_000 // HZ=250, Debian's
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
        Opts::try_parse_from(std::iter::once(SCHEDULER_NAME).chain(args.iter().copied()))
    }

    #[test]
    fn the_ssc_order_starts_where_the_class_ran() {
        // A compact order of two LLCs; the class ran on CPUs 5 and 2 only.
        let order = [0, 1, 2, 3, 4, 5, 6, 7];
        assert_eq!(order_for_class(&order, &[5, 2]), [2, 5, 0, 1, 3, 4, 6, 7]);
        // The order's own sequence is kept on both sides (spread orders stay spread).
        assert_eq!(order_for_class(&[0, 2, 1, 3], &[3, 1]), [1, 3, 0, 2]);
        // Nothing ran, or everything: the order stands.
        assert_eq!(order_for_class(&order, &[]), order);
        assert_eq!(order_for_class(&order, &order), order);
    }

    #[test]
    fn class_out_cpus_are_read_and_cleared() {
        let mut bits = [0u64; 3];
        bits[0] = 0b1100;
        bits[2] = 1 << 63 | 1;
        assert_eq!(take_class_out_cpus(&mut bits), [2, 3, 128, 191]);
        assert_eq!(bits, [0; 3]);
        assert!(take_class_out_cpus(&mut bits).is_empty());
    }

    /// One CPU's `struct vote_parts` row: (part, generation, run ns, spin ns) for the parts
    /// it filed, zero elsewhere.
    fn vote_row(parts: &[(usize, u64, u64, u64)]) -> Vec<u8> {
        let max = bpf_intf::lockaware_consts_VOTE_PARTS_MAX as usize;
        let mut words = vec![0u64; max * (1 + NR_VOTES)];
        for &(i, gen, run, spin) in parts {
            let w = i * (1 + NR_VOTES);
            words[w] = gen;
            words[w + 1] = run;
            words[w + 2] = spin;
        }
        words.iter().flat_map(|w| w.to_ne_bytes()).collect()
    }

    #[test]
    fn a_windows_parts_are_read_from_the_bpf_sides_rows() {
        // Two CPUs, generation 7, 5 parts of 20 ms in a window that ended 3 ms late. CPU 1
        // still holds part 4 of generation 6 (an older window: not counted) and filed a vote
        // in part 6 (past the fifth: counted in the last).
        let rows = [
            vote_row(&[
                (0, 7, 10, 1),
                (1, 7, 20, 2),
                (2, 7, 30, 3),
                (3, 7, 40, 4),
                (4, 7, 50, 5),
            ]),
            vote_row(&[(0, 7, 1, 0), (2, 7, 2, 0), (4, 6, 999, 9), (6, 7, 5, 1)]),
        ];
        let ms = 1e6;
        let parts = parts_of(&rows, 7, 5, 20.0 * ms, 103.0 * ms).unwrap();
        let run: Vec<f64> = parts.iter().map(|p| p.run_ns).collect();
        let spin: Vec<f64> = parts.iter().map(|p| p.spin_ns).collect();
        let wall: Vec<f64> = parts.iter().map(|p| p.wall_ns / ms).collect();
        assert_eq!(run, [11.0, 20.0, 32.0, 40.0, 55.0]);
        assert_eq!(spin, [1.0, 2.0, 3.0, 4.0, 6.0]);
        assert_eq!(wall, [20.0, 20.0, 20.0, 20.0, 23.0]);
        // Nothing filed under the generation, or a window too short for its last part:
        // the caller takes the window whole.
        assert!(parts_of(&rows, 8, 5, 20.0 * ms, 100.0 * ms).is_none());
        assert!(parts_of(&rows, 7, 5, 20.0 * ms, 85.0 * ms).is_none());
        assert!(parts_of(&rows, 7, 1, 20.0 * ms, 100.0 * ms).is_none());
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
    fn probes_pause_only_settled_at_every_cpu_above_the_traced_rate() {
        assert_eq!(parse(&[]).unwrap().klock_pause_ms, 2000);
        // 2 CPUs timing at most 10,000 contentions a second each: 0.1 s of 2,500 is 25,000/s.
        assert!(may_pause(true, true, 2_500, 0.1, 10_000, 2));
        assert!(!may_pause(true, true, 2_000, 0.1, 10_000, 2));
        // Still searching, or an SSC that confines some CPUs away: the probes stay.
        assert!(!may_pause(false, true, 2_500, 0.1, 10_000, 2));
        assert!(!may_pause(true, false, 2_500, 0.1, 10_000, 2));
        assert!(!may_pause(true, true, 2_500, 0.0, 10_000, 2));
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

    fn topo(n: usize) -> CpuTopo {
        CpuTopo::new(
            (0..n)
                .map(|cpu| sched_common::topo::CpuPlace {
                    cpu,
                    core: cpu,
                    llc: cpu / 4,
                    node: 0,
                })
                .collect(),
        )
        .unwrap()
    }

    #[test]
    fn ssc_flags_parse_with_units_and_ranges() {
        let o = parse(&[]).unwrap();
        assert_eq!(o.lock_threshold, 10.0);
        assert_eq!((o.initial_ssc, o.min_ssc, o.max_ssc), (1, 1, None));
        assert_eq!(o.search, search::Mode::Refine);
        assert_eq!(o.remig_timeout_s, 30);
        assert_eq!(o.klock_trace_rate, 10000);
        for (flag, bad, range) in [
            ("--lock-threshold", "0", "0.1 to 99"),
            ("--lock-threshold", "150", "0.1 to 99"),
            ("--initial-ssc", "0", "1 to 1024"),
            ("--min-ssc", "-1", "1 to 1024"),
            ("--vote-min-us", "0", "1 to 10000000"),
            ("--interval-ms", "5", "10 to 60000"),
            ("--settle-ms", "0", "1 to 60000"),
            ("--window-parts", "0", "1 to 20"),
            ("--window-parts", "21", "1 to 20"),
            ("--early-parts", "1", "2 to 19"),
            ("--early-parts", "20", "0 to 19"),
            ("--remig-timeout-s", "0", "1 to 86400"),
            ("--retrigger-band", "0", "0.01 to 10"),
            ("--ssc-cpu-cost", "1.5", "0 to 1"),
            ("--ssc-cpu-cost", "-0.1", "0 to 1"),
            ("--klock-trace-rate", "10000001", "0 to 10000000"),
            ("--klock-trace-rate", "-1", "0 to 10000000"),
            ("--klock-pause-ms", "600001", "0 to 600000"),
            ("--klock-pause-ms", "-1", "0 to 600000"),
        ] {
            let e = parse(&[flag, bad]).unwrap_err().to_string();
            assert!(
                e.contains(flag) && e.contains(bad) && e.contains(range),
                "{flag} {bad}: {e}"
            );
        }
        let e = parse(&["--search", "fast"]).unwrap_err().to_string();
        assert!(e.contains("paper, refine"), "{e}");
        let e = parse(&["--ssc-order", "x"]).unwrap_err().to_string();
        assert!(e.contains("compact, spread, id"), "{e}");
        let e = parse(&["--ssc-cpus", "3-1"]).unwrap_err().to_string();
        assert!(e.contains("--ssc-cpus"), "{e}");
    }

    #[test]
    fn ssc_plan_checks_the_machine() {
        let t = topo(8);
        let plan = plan_ssc(&parse(&[]).unwrap(), &t).unwrap();
        assert_eq!(plan.params.max, 8);
        assert_eq!(plan.order, (0..8).collect::<Vec<_>>());
        assert!(plan.fixed.is_none());
        let e = plan_ssc(&parse(&["--max-ssc", "9"]).unwrap(), &t).unwrap_err();
        assert!(e.contains("--max-ssc 9") && e.contains("1 to 8"), "{e}");
        let e = plan_ssc(&parse(&["--min-ssc", "5", "--max-ssc", "4"]).unwrap(), &t).unwrap_err();
        assert!(e.contains("--min-ssc 5") && e.contains("1 to 4"), "{e}");
        // The flags bounded by --slice-us (5000 by default): 0 and the slice allowed, one
        // more refused by name, value and range, a negative value refused by the parser.
        for flag in [
            "--wake-preempt-gran-us",
            "--wake-preempt-min-run-us",
            "--handoff-follow-us",
            "--wake-sync-overlap-us",
            "--wake-batch-us",
            "--wake-batch-min-us",
            "--wake-credit-us",
        ] {
            let e = check_flags(&parse(&[flag, "5001"]).unwrap()).unwrap_err();
            assert!(
                e.contains(&format!("{flag} 5001")) && e.contains("0 to 5000"),
                "{e}"
            );
            assert!(check_flags(&parse(&[flag, "0"]).unwrap()).is_ok(), "{flag}");
            assert!(
                check_flags(&parse(&[flag, "5000"]).unwrap()).is_ok(),
                "{flag}"
            );
            assert!(parse(&[flag, "-1"]).is_err(), "{flag}");
        }
        let o = parse(&["--slice-us", "20000", "--wake-credit-us", "20000"]).unwrap();
        assert!(check_flags(&o).is_ok());
        let e = check_flags(&parse(&["--settle-ms", "101"]).unwrap()).unwrap_err();
        assert!(
            e.contains("--settle-ms 101") && e.contains("1 to 100"),
            "{e}"
        );
        let o = parse(&["--interval-ms", "200", "--settle-ms", "50"]).unwrap();
        assert!(check_flags(&o).is_ok());
        // --early-parts: below --window-parts, or 0; by default 2 where the window has more
        // parts, else never.
        let e = check_flags(&parse(&["--early-parts", "5"]).unwrap()).unwrap_err();
        assert!(e.contains("--early-parts 5") && e.contains("2 to 4"), "{e}");
        let o = parse(&["--window-parts", "2", "--early-parts", "2"]).unwrap();
        let e = check_flags(&o).unwrap_err();
        assert!(
            e.contains("--early-parts 2") && e.contains("allowed: 0"),
            "{e}"
        );
        for (args, want) in [
            (&[][..], search::EARLY_PARTS as u32),
            (&["--early-parts", "0"][..], 0),
            (&["--early-parts", "3"][..], 3),
            (&["--window-parts", "2"][..], 0),
            (&["--window-parts", "1"][..], 0),
            (&["--window-parts", "2", "--early-parts", "0"][..], 0),
        ] {
            let o = parse(args).unwrap();
            assert!(check_flags(&o).is_ok(), "{args:?}");
            assert_eq!(early_parts(&o), Ok(want), "{args:?}");
        }
        assert_eq!(parse(&[]).unwrap().settle_ms, None);
        assert_eq!(
            parse(&["--balance-min-wait-us", "0"])
                .unwrap()
                .balance_min_wait_us,
            Some(0)
        );
        let e = parse(&["--balance-min-wait-us", "1000001"])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("--balance-min-wait-us") && e.contains("0 to 1000000"),
            "{e}"
        );
        let e = parse(&["--no-balance", "--balance-min-wait-us", "0"])
            .unwrap_err()
            .to_string();
        assert!(e.contains("--no-balance"), "{e}");
        assert!(parse(&["--no-balance"]).unwrap().no_balance);
        let e = parse(&["--no-balance", "--balance-woken"])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("--no-balance") && e.contains("--balance-woken"),
            "{e}"
        );
        assert_eq!(
            parse(&["--balance-woken-ratio", "0"])
                .unwrap()
                .balance_woken_ratio,
            0
        );
        assert_eq!(parse(&[]).unwrap().balance_woken_ratio, 3);
        let e = parse(&["--balance-woken-ratio", "65"])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("--balance-woken-ratio") && e.contains("0 to 64"),
            "{e}"
        );
        let e = parse(&["--balance-woken", "--balance-woken-ratio", "2"])
            .unwrap_err()
            .to_string();
        assert!(e.contains("--balance-woken"), "{e}");
        let e = parse(&["--inform-sleep-donate"]).unwrap_err().to_string();
        assert!(e.contains("--inform-lib"), "{e}");
        let e = plan_ssc(&parse(&["--initial-ssc", "9"]).unwrap(), &t).unwrap_err();
        assert!(e.contains("--initial-ssc 9"), "{e}");
        let e = plan_ssc(&parse(&["--ssc-cpus", "6-9"]).unwrap(), &t).unwrap_err();
        assert!(e.contains("--ssc-cpus 6-9") && e.contains("CPU 8"), "{e}");
        let plan = plan_ssc(&parse(&["--ssc-cpus", "2,4"]).unwrap(), &t).unwrap();
        assert_eq!(plan.fixed, Some(vec![2, 4]));
    }

    #[test]
    fn inform_ops_name_keeps_the_version_suffix() {
        assert_eq!(
            inform_ops_name("lockaware_0.1.0_x86_64"),
            "lockaware_inform_0.1.0_x86_64"
        );
        assert_eq!(inform_ops_name("lockaware"), "lockaware_inform");
        assert_eq!(inform_ops_name("other"), "lockaware_inform");
    }

    #[test]
    fn inform_lib_is_checked() {
        let dir = std::env::temp_dir().join(format!("inform-lib-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let write = |name: &str, bytes: &[u8]| {
            let p = dir.join(name);
            std::fs::write(&p, bytes).unwrap();
            p
        };
        let good = write("good.so", b"\x7fELF....inform_register\0....");
        let no_sym = write("nosym.so", b"\x7fELF....other_symbol\0");
        let not_elf = write("text", b"inform_register\0");
        assert!(check_inform_lib(&good).is_ok());
        for (p, why) in [
            (no_sym, "no symbol inform_register"),
            (not_elf, "not an ELF file"),
            (dir.join("missing.so"), "No such file"),
        ] {
            let e = check_inform_lib(&p).unwrap_err();
            assert!(
                e.starts_with(&format!("--inform-lib {}", p.display())) && e.contains(why),
                "{e}"
            );
        }
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn follow_waits_for_every_ssc_cpu_and_for_the_runs_outside() {
        let ssc = |gen, at| FollowRow {
            in_ssc: true,
            gen,
            at,
            ..Default::default()
        };
        let out = |out_running, out_left_at| FollowRow {
            out_running,
            out_left_at,
            ..Default::default()
        };
        // A grow to 2 CPUs at t = 1000 (generation 5): the new CPU has not run a
        // lock-intensive task yet, then it has.
        let mut rows = vec![ssc(5, 1_200), ssc(4, 900), out(false, 0)];
        assert_eq!(follow_ns(5, 1_000, &rows, 2), None);
        assert_eq!(follow_ns(5, 1_000, &rows, 1), Some(200));
        rows[1] = ssc(5, 4_000);
        assert_eq!(follow_ns(5, 1_000, &rows, 2), Some(3_000));
        // A shrink: a task still runs on a CPU that left the SSC; then it leaves at 7000.
        // An outside run that ended before the change does not count.
        let mut rows = vec![ssc(6, 1_500), out(true, 500), out(false, 800)];
        assert_eq!(follow_ns(6, 1_000, &rows, 1), None);
        assert_eq!(follow_gaps(6, &rows), (vec![], vec![1]));
        rows[1] = out(false, 7_000);
        assert_eq!(follow_ns(6, 1_000, &rows, 1), Some(6_000));
        assert_eq!(follow_gaps(5, &[ssc(5, 1), ssc(4, 1)]), (vec![1], vec![]));
    }

    #[test]
    fn futex_probe_choice() {
        assert_eq!(
            choose_futex_probe(true, "auto", |_| true),
            Ok(FutexProbe::Off)
        );
        // "auto" needs nothing of the kernel's BTF.
        for forced in ["auto", "sleep"] {
            assert_eq!(
                choose_futex_probe(false, forced, |_| false),
                Ok(FutexProbe::Sleep)
            );
        }
        assert_eq!(
            choose_futex_probe(false, "fentry", |_| true),
            Ok(FutexProbe::Fentry("futex_wait_queue"))
        );
        // 7.x: the sleep function is futex_do_wait.
        let v7 = |f: &str| f == "futex_do_wait" || f == "futex_lock_pi";
        assert_eq!(
            choose_futex_probe(false, "fentry", v7),
            Ok(FutexProbe::Fentry("futex_do_wait"))
        );
        let partial = |f: &str| f == "futex_wait_queue";
        assert_eq!(
            choose_futex_probe(false, "tracepoint", |_| true),
            Ok(FutexProbe::Tracepoint)
        );
        let e = choose_futex_probe(false, "fentry", partial).unwrap_err();
        assert!(e.contains("--futex-probe fentry"), "{e}");
        assert!(parse(&["--futex-probe", "kprobe"]).is_err());
    }

    #[test]
    fn intervals_and_unknown_flags() {
        assert_eq!(parse(&["--stats", "0.5"]).unwrap().stats, Some(0.5));
        assert!(parse(&["--stats", "0"]).is_err());
        assert!(parse(&["--monitor", "-1"]).is_err());
        assert!(parse(&["--no-such-flag"]).is_err());
    }
}
