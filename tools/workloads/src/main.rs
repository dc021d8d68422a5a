// SPDX-License-Identifier: GPL-2.0
//
// scx-workloads: the workloads the schedulers are tested and compared with.
//
// Every run prints one JSON line: benchmark, workers, duration, ops, ops/s and per-worker
// figures. Lock workloads after SPEC.md section 1 / thesis T§3.4.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Context, Result};
use clap::{Args, Parser, Subcommand};
use serde::Serialize;

use sched_common::cli::{float_in_range, int_in_range};

mod futex;
mod kernels;
mod micro;
mod mix;
use kernels::{Demand, FileOp};
use micro::{CounterLock, Micro};

fn parse_workers(s: &str) -> Result<usize, String> {
    int_in_range(s, 0, 4096, "threads").map(|v| v as usize)
}

fn parse_duration(s: &str) -> Result<f64, String> {
    float_in_range(s, 0.1, 86_400.0, "seconds")
}

fn parse_work_ns(s: &str) -> Result<u64, String> {
    int_in_range(s, 0, 100_000_000, "nanoseconds")
}

/// Workloads for scx_lockaware / scx_corepair tests and A/B runs. Each prints one JSON line.
#[derive(Parser, Debug)]
#[command(name = "scx-workloads", version)]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Threads contending one pthread mutex with short critical sections, next to CPU-bound
    /// threads that take no lock. Lock threads print their thread ids (tids) in the JSON.
    Mutex(MutexArgs),
    /// Threads of one process mmap, touch and munmap a shared file: contention on the
    /// process's mmap lock (a kernel rwsem), seen through lock:contention_* tracepoints.
    Mmap(MmapArgs),
    /// A chapter-2 microbenchmark (fork, dup, sock, sem): one worker per CPU by default.
    Micro(MicroArgs),
    /// Single counter: workers increment one counter under one lock (ticket spinlock or
    /// pthread mutex).
    Counter(CounterArgs),
    /// File-system lock workloads on tmpfs: postmark-like churn in one shared directory,
    /// parallel find or parallel grep over a generated tree.
    Files(FilesArgs),
    /// Demand classes for the pairing scheduler: memory-intensive (triad, chase), CPU-intensive
    /// (ep), or page-fault-intensive (pages, for software counters).
    Demand(DemandArgs),
    /// A fixed-work mix of demand classes (thesis §4.4): every task does a fixed number of
    /// rounds of its class's work. Reports each task's execution time and, per side (memory:
    /// triad, chase, pages; CPU: ep), the mean, the spread and the coefficient of variation,
    /// and the time of the whole mix.
    Mix(MixArgs),
    /// Futex traffic of one kind: never-sleeping waits (eagain), token passing between
    /// pairs (event: condition-variable-like), or mutex-style lock sleeps of known length
    /// (handoff). Reports ns per operation too.
    Futex(FutexArgs),
}

#[derive(Args, Debug)]
struct FutexArgs {
    /// Which traffic.
    #[arg(long, value_enum, default_value = "eagain")]
    mode: futex::FutexMode,
    #[command(flatten)]
    common: Common,
    /// Worker threads (1 to 4096; event: rounded up to an even number).
    #[arg(long, value_name = "N", default_value = "2", value_parser = parse_workers,
          allow_hyphen_values = true)]
    workers: usize,
    /// handoff: how often each waker releases its worker, in microseconds (1 to 1000000).
    #[arg(long, value_name = "US", default_value = "1000",
          value_parser = |s: &str| int_in_range(s, 1u64, 1_000_000, "microseconds"))]
    sleep_us: u64,
    /// handoff: computation after each wait, in microseconds of CPU time (0 to 1000000).
    #[arg(long, value_name = "US", default_value = "10000",
          value_parser = |s: &str| int_in_range(s, 0u64, 1_000_000, "microseconds"))]
    work_us: u64,
    /// handoff: run the wakers SCHED_FIFO (needs root), so that they release on time.
    #[arg(long)]
    fifo_waker: bool,
}

#[derive(Args, Debug)]
struct FilesArgs {
    /// Which workload.
    #[arg(value_enum)]
    op: FileOp,
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    workers: Workers,
    /// Directories of the generated tree (find, grep; 1 to 10000).
    #[arg(long, value_name = "N", default_value = "20",
          value_parser = |s: &str| int_in_range(s, 1, 10_000, "directories").map(|v| v as usize))]
    dirs: usize,
    /// Files per directory (find, grep; 1 to 10000).
    #[arg(long, value_name = "N", default_value = "50",
          value_parser = |s: &str| int_in_range(s, 1, 10_000, "files").map(|v| v as usize))]
    files: usize,
}

#[derive(Args, Debug)]
struct DemandArgs {
    /// Which workload.
    #[arg(value_enum)]
    kind: Demand,
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    workers: Workers,
    /// Buffer per worker in MiB (triad: each of 3 arrays; 1 to 65536). Make it larger than
    /// the LLC for a memory-intensive run.
    #[arg(long, value_name = "MIB", default_value = "64",
          value_parser = |s: &str| int_in_range(s, 1, 65_536, "MiB").map(|v| v as usize))]
    mb: usize,
}

#[derive(Args, Debug)]
struct MixArgs {
    /// The tasks as CLASS:COUNT,... (classes triad, chase, ep, pages; counts 1 to 4096),
    /// e.g. pages:2,ep:2.
    #[arg(long, value_name = "LIST", value_parser = mix::parse_mix)]
    mix: mix::Mix,
    /// The fixed work of each task as CLASS=ROUNDS,... for every class of --mix (1 to
    /// 1000000000 rounds; a round is one pass over the arrays for triad, 65536 loads for
    /// chase, 65536 pairs for ep, one --mb mapping touched page by page for pages).
    #[arg(long, value_name = "LIST", value_parser = mix::parse_rounds,
          required_unless_present = "calibrate", conflicts_with = "calibrate")]
    rounds: Option<mix::Rounds>,
    /// Instead of a fixed-work run: run the mix for SECS seconds (0.1 to 86400) and print the
    /// --rounds that give each class's tasks about SECS of work in this mix under the
    /// scheduler now running. Calibrate once under the baseline and give every variant of an
    /// A/B run the same --rounds.
    #[arg(long, value_name = "SECS", value_parser = parse_duration)]
    calibrate: Option<f64>,
    /// Buffer per task in MiB (triad: each of 3 arrays; 1 to 65536). Larger than the LLC
    /// for a memory-intensive task.
    #[arg(long, value_name = "MIB", default_value = "64",
          value_parser = |s: &str| int_in_range(s, 1, 65_536, "MiB").map(|v| v as usize))]
    mb: usize,
}

#[derive(Args, Debug)]
struct Workers {
    /// Workers (1 to 4096; default: one per CPU this process may use).
    #[arg(long, value_name = "N", value_parser = parse_workers, allow_hyphen_values = true)]
    workers: Option<usize>,
    /// Pin worker i to the i-th allowed CPU (as in the thesis).
    #[arg(long)]
    pin: bool,
}

#[derive(Args, Debug)]
struct MicroArgs {
    /// Which microbenchmark.
    #[arg(value_enum)]
    bench: Micro,
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    workers: Workers,
}

#[derive(Args, Debug)]
struct CounterArgs {
    /// The lock: spin (ticket spinlock) or mutex (pthread).
    #[arg(long, value_enum, default_value = "spin")]
    lock: CounterLock,
    #[command(flatten)]
    common: Common,
    #[command(flatten)]
    workers: Workers,
}

impl Workers {
    fn resolve(&self) -> Result<(usize, Option<Vec<usize>>)> {
        let cpus = micro::allowed_cpus()?;
        let n = match self.workers {
            Some(0) => anyhow::bail!("--workers 0: at least one worker (allowed: 1 to 4096)"),
            Some(n) => n,
            None => cpus.len().max(1),
        };
        Ok((n, self.pin.then_some(cpus)))
    }
}

#[derive(Args, Debug)]
struct Common {
    /// How long to run, in seconds (0.1 to 86400).
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_duration,
          allow_hyphen_values = true)]
    duration: f64,
}

#[derive(Args, Debug)]
struct MutexArgs {
    #[command(flatten)]
    common: Common,
    /// Threads taking the shared mutex (0 to 4096).
    #[arg(long, value_name = "N", default_value = "4", value_parser = parse_workers,
          allow_hyphen_values = true)]
    lock_threads: usize,
    /// CPU-bound threads that take no lock (0 to 4096).
    #[arg(long, value_name = "N", default_value = "2", value_parser = parse_workers,
          allow_hyphen_values = true)]
    cpu_threads: usize,
    /// Work inside the critical section, in nanoseconds (0 to 100000000).
    #[arg(long, value_name = "NS", default_value = "2000", value_parser = parse_work_ns,
          allow_hyphen_values = true)]
    cs_ns: u64,
    /// Work between two critical sections, in nanoseconds (0 to 100000000).
    #[arg(long, value_name = "NS", default_value = "1000", value_parser = parse_work_ns,
          allow_hyphen_values = true)]
    outside_ns: u64,
    /// How the lock threads spend --outside-ns: computing in user mode (user), or in system
    /// calls that return at once: futex(2) wakes of a word nobody waits on (futex), or
    /// getppid(2) (getppid). The last two differ only in the call: a scheduler that counts a
    /// user-lock task's time inside futex(2) as lock traffic, and no other system time, tells
    /// them apart (tests/vm/test_ssc.py). In system calls each stretch lasts 0.5 to 1.5 times
    /// --outside-ns (uniform), so that two threads do not fall into a rhythm where they never
    /// meet at the lock.
    #[arg(long, value_enum, default_value = "user")]
    outside_in: OutsideWork,
    /// After this many seconds the lock threads stop taking the lock and only compute
    /// (a phase change); default: never.
    #[arg(long, value_name = "SECS", value_parser = parse_duration, allow_hyphen_values = true)]
    phase_s: Option<f64>,
}

#[derive(Args, Debug)]
struct MmapArgs {
    #[command(flatten)]
    common: Common,
    /// Threads (0 to 4096).
    #[arg(long, value_name = "N", default_value = "4", value_parser = parse_workers,
          allow_hyphen_values = true)]
    threads: usize,
    /// Pages mapped per operation (1 to 4096).
    #[arg(long, value_name = "PAGES", default_value = "16",
          value_parser = |s: &str| int_in_range(s, 1, 4096, "pages").map(|v| v as usize))]
    pages: usize,
}

#[derive(Serialize)]
struct Report {
    benchmark: &'static str,
    workers: usize,
    duration_s: f64,
    ops: u64,
    ops_per_s: f64,
    /// Wall time per operation of one worker, in ns (workers × duration / ops).
    ns_per_op: f64,
    per_worker_ops_per_s: Vec<f64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    lock_tids: Vec<i32>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    cpu_tids: Vec<i32>,
    /// futex handoff: each lock tid's own measure of its lock waits.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    handoff: Vec<futex::HandoffTimes>,
}

fn gettid() -> i32 {
    unsafe { libc::syscall(libc::SYS_gettid) as i32 }
}

/// Busy work for about `ns` nanoseconds.
/// How the mutex workload's lock threads spend the time between critical sections.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum OutsideWork {
    User,
    Futex,
    Getppid,
}

/// System calls that return at once, for `ns` nanoseconds.
fn syscalls_for(ns: u64, call: OutsideWork) {
    let end = Instant::now() + Duration::from_nanos(ns);
    let word = std::sync::atomic::AtomicU32::new(0);
    while Instant::now() < end {
        // SAFETY: futex(2) FUTEX_WAKE on a live word of ours, and getppid(2), touch nothing
        // else.
        unsafe {
            match call {
                OutsideWork::Futex => libc::syscall(
                    libc::SYS_futex,
                    word.as_ptr(),
                    libc::FUTEX_WAKE | libc::FUTEX_PRIVATE_FLAG,
                    1,
                ),
                _ => libc::syscall(libc::SYS_getppid),
            };
        }
    }
}

fn spin_for(ns: u64) {
    if ns == 0 {
        return;
    }
    let end = Instant::now() + Duration::from_nanos(ns);
    while Instant::now() < end {
        std::hint::spin_loop();
    }
}

/// A pthread mutex shared between threads.
pub struct PMutex(std::cell::UnsafeCell<libc::pthread_mutex_t>);
unsafe impl Sync for PMutex {}
unsafe impl Send for PMutex {}

impl Default for PMutex {
    fn default() -> Self {
        Self::new()
    }
}

impl PMutex {
    pub fn new() -> Self {
        Self(std::cell::UnsafeCell::new(libc::PTHREAD_MUTEX_INITIALIZER))
    }
    pub fn lock(&self) {
        unsafe { libc::pthread_mutex_lock(self.0.get()) };
    }
    pub fn unlock(&self) {
        unsafe { libc::pthread_mutex_unlock(self.0.get()) };
    }
}

/// Run `n` workers of `f(index, stop, ops)` for `secs`, each reporting its tid.
fn run_workers<F>(n: usize, secs: f64, f: F) -> Result<(Vec<u64>, Vec<i32>, f64)>
where
    F: Fn(usize, &AtomicBool, &AtomicU64) + Send + Sync + 'static,
{
    run_workers_pinned(n, secs, None, f)
}

/// A value alone on its cache line (two lines: adjacent-line prefetch), so that a worker's
/// operation counter, updated at every operation, is not shared with another worker's or with
/// the stop flag that every worker reads. Before session 31 the counters of all workers sat in
/// one line: with tiny operations (counter-mutex) every operation bounced it between CPUs, a
/// cost of the harness, not of the workload (docs/benchmarks.md §42).
#[repr(align(128))]
#[derive(Default)]
struct CacheLine<T>(T);

/// As run_workers, worker i pinned to `pin[i % len]` when given.
fn run_workers_pinned<F>(
    n: usize,
    secs: f64,
    pin: Option<Vec<usize>>,
    f: F,
) -> Result<(Vec<u64>, Vec<i32>, f64)>
where
    F: Fn(usize, &AtomicBool, &AtomicU64) + Send + Sync + 'static,
{
    let f = Arc::new(f);
    let stop = Arc::new(CacheLine(AtomicBool::new(false)));
    let ops: Arc<Vec<CacheLine<AtomicU64>>> =
        Arc::new((0..n).map(|_| CacheLine::default()).collect());
    let (tx, rx) = std::sync::mpsc::channel();
    let start = Instant::now();
    let pin = Arc::new(pin);
    let handles: Vec<_> = (0..n)
        .map(|i| {
            let (f, stop, ops, tx) = (f.clone(), stop.clone(), ops.clone(), tx.clone());
            let pin = pin.clone();
            std::thread::spawn(move || {
                if let Some(cpus) = pin.as_ref().as_ref().filter(|c| !c.is_empty()) {
                    micro::pin_to(cpus[i % cpus.len()]);
                }
                let _ = tx.send((i, gettid()));
                f(i, &stop.0, &ops[i].0);
            })
        })
        .collect();
    drop(tx);
    let mut tids: Vec<(usize, i32)> = rx.iter().take(n).collect();
    tids.sort();
    let tids: Vec<i32> = tids.into_iter().map(|(_, t)| t).collect();
    std::thread::sleep(Duration::from_secs_f64(secs));
    stop.0.store(true, Ordering::Relaxed);
    for h in handles {
        h.join().map_err(|_| anyhow::anyhow!("a worker panicked"))?;
    }
    let elapsed = start.elapsed().as_secs_f64();
    Ok((
        ops.iter().map(|o| o.0.load(Ordering::Relaxed)).collect(),
        tids,
        elapsed,
    ))
}

fn report(
    benchmark: &'static str,
    ops: &[u64],
    elapsed: f64,
    lock_tids: Vec<i32>,
    cpu_tids: Vec<i32>,
) -> Report {
    let total: u64 = ops.iter().sum();
    Report {
        benchmark,
        workers: ops.len(),
        duration_s: elapsed,
        ops: total,
        ops_per_s: total as f64 / elapsed,
        ns_per_op: if total > 0 {
            ops.len() as f64 * elapsed * 1e9 / total as f64
        } else {
            0.0
        },
        per_worker_ops_per_s: ops.iter().map(|&o| o as f64 / elapsed).collect(),
        lock_tids,
        cpu_tids,
        handoff: Vec::new(),
    }
}

fn mutex(a: &MutexArgs) -> Result<Report> {
    let m = Arc::new(PMutex::new());
    let counter = Arc::new(AtomicU64::new(0));
    let nl = a.lock_threads;
    let (cs, outside, outside_in) = (a.cs_ns, a.outside_ns, a.outside_in);
    let phase_at = a.phase_s.map(Duration::from_secs_f64);
    let t0 = Instant::now();
    let (ops, tids, elapsed) = run_workers(nl + a.cpu_threads, a.common.duration, {
        let (m, counter) = (m.clone(), counter.clone());
        move |i, stop, ops| {
            let mut rng = 0x9e3779b97f4a7c15u64 ^ (i as u64 + 1);
            while !stop.load(Ordering::Relaxed) {
                let locking = i < nl && phase_at.is_none_or(|p| t0.elapsed() < p);
                if locking {
                    m.lock();
                    counter.fetch_add(1, Ordering::Relaxed);
                    spin_for(cs);
                    m.unlock();
                    match outside_in {
                        OutsideWork::User => spin_for(outside),
                        call => {
                            // xorshift64
                            rng ^= rng << 13;
                            rng ^= rng >> 7;
                            rng ^= rng << 17;
                            syscalls_for(outside / 2 + rng % (outside + 1), call)
                        }
                    }
                } else {
                    spin_for(cs + outside);
                }
                ops.fetch_add(1, Ordering::Relaxed);
            }
        }
    })?;
    let (lock_tids, cpu_tids) = tids.split_at(nl.min(tids.len()));
    Ok(report(
        "mutex",
        &ops,
        elapsed,
        lock_tids.to_vec(),
        cpu_tids.to_vec(),
    ))
}

fn mmap(a: &MmapArgs) -> Result<Report> {
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) } as usize;
    let len = page * a.pages;
    // A memfd: tmpfs-backed, whatever file system /tmp is (a 9p /tmp in the test VM cannot
    // take shared writable mappings).
    let fd = unsafe { libc::memfd_create(c"scx-workloads-mmap".as_ptr(), 0) };
    if fd < 0 {
        return Err(std::io::Error::last_os_error()).context("memfd_create");
    }
    let file = unsafe {
        use std::os::fd::FromRawFd;
        std::fs::File::from_raw_fd(fd)
    };
    file.set_len(len as u64)?;
    let file = Arc::new(file);
    let (ops, tids, elapsed) = run_workers(a.threads, a.common.duration, move |_, stop, ops| {
        let _keep = file.clone();
        while !stop.load(Ordering::Relaxed) {
            // SAFETY: a fresh shared mapping of our own file, unmapped before the next one.
            unsafe {
                let p = libc::mmap(
                    std::ptr::null_mut(),
                    len,
                    libc::PROT_READ | libc::PROT_WRITE,
                    libc::MAP_SHARED,
                    fd,
                    0,
                );
                if p == libc::MAP_FAILED {
                    panic!("mmap: {}", std::io::Error::last_os_error());
                }
                // The file's bytes count up across mappings: wrap (a debug build checks).
                for off in (0..len).step_by(page) {
                    let b = (p as *mut u8).add(off);
                    *b = (*b).wrapping_add(1);
                }
                libc::munmap(p, len);
            }
            ops.fetch_add(1, Ordering::Relaxed);
        }
    })?;
    Ok(report("mmap", &ops, elapsed, tids, Vec::new()))
}

fn micro_bench(a: &MicroArgs) -> Result<Report> {
    let (n, pin) = a.workers.resolve()?;
    let bench = a.bench;
    let (ops, tids, elapsed) =
        run_workers_pinned(n, a.common.duration, pin, move |_, stop, ops| {
            micro::run_micro(bench, stop, ops)
        })?;
    let name = match bench {
        Micro::Fork => "forkbench",
        Micro::Dup => "dupbench",
        Micro::Sock => "sockbench",
        Micro::Sem => "sembench",
    };
    Ok(report(name, &ops, elapsed, Vec::new(), tids))
}

fn counter(a: &CounterArgs) -> Result<Report> {
    let (n, pin) = a.workers.resolve()?;
    let c = micro::Counter::new(a.lock);
    let (ops, tids, elapsed) = run_workers_pinned(n, a.common.duration, pin, {
        let c = c.clone();
        move |_, stop, ops| c.run(stop, ops)
    })?;
    let name = match a.lock {
        CounterLock::Spin => "counter-spin",
        CounterLock::Mutex => "counter-mutex",
    };
    Ok(report(name, &ops, elapsed, tids, Vec::new()))
}

fn files(a: &FilesArgs) -> Result<Report> {
    let (n, pin) = a.workers.resolve()?;
    let scratch = kernels::Scratch::new("files")?;
    if a.op != FileOp::Postmark {
        kernels::make_tree(&scratch.0, a.dirs, a.files)?;
    }
    let (op, root) = (a.op, scratch.0.clone());
    let (ops, tids, elapsed) = run_workers_pinned(n, a.common.duration, pin, move |i, s, o| {
        kernels::run_file_op(op, &root, i, s, o)
    })?;
    let name = match a.op {
        FileOp::Postmark => "postmark",
        FileOp::Find => "find",
        FileOp::Grep => "grep",
    };
    Ok(report(name, &ops, elapsed, tids, Vec::new()))
}

fn demand(a: &DemandArgs) -> Result<Report> {
    let (n, pin) = a.workers.resolve()?;
    let (kind, mb) = (a.kind, a.mb);
    let (ops, tids, elapsed) = run_workers_pinned(n, a.common.duration, pin, move |i, s, o| {
        kernels::run_demand(kind, mb, 0x9e3779b97f4a7c15 ^ i as u64, s, o)
    })?;
    Ok(report(a.kind.name(), &ops, elapsed, Vec::new(), tids))
}

fn futex_bench(a: &FutexArgs) -> Result<Report> {
    if a.workers == 0 {
        anyhow::bail!("--workers 0: at least one worker (allowed: 1 to 4096)");
    }
    let n = match a.mode {
        futex::FutexMode::Event => a.workers.div_ceil(2) * 2,
        _ => a.workers,
    };
    let p = futex::FutexParams {
        mode: a.mode,
        sleep_us: a.sleep_us,
        work_us: a.work_us,
        fifo_waker: a.fifo_waker,
    };
    let st = Arc::new(futex::FutexState::new(n));
    let (ops, tids, elapsed) = run_workers(n, a.common.duration, {
        let st = st.clone();
        move |i, stop, ops| futex::run_worker(p, &st, i, stop, ops)
    })?;
    let name = match a.mode {
        futex::FutexMode::Eagain => "futex-eagain",
        futex::FutexMode::Event => "futex-event",
        futex::FutexMode::Handoff => "futex-handoff",
    };
    let mut r = report(name, &ops, elapsed, tids, Vec::new());
    if a.mode == futex::FutexMode::Handoff {
        r.handoff = (0..n).map(|i| st.handoff_times(i)).collect();
    }
    Ok(r)
}

fn main() -> Result<()> {
    let cli = Cli::parse();
    let r = match &cli.cmd {
        Cmd::Mutex(a) => mutex(a)?,
        Cmd::Mmap(a) => mmap(a)?,
        Cmd::Micro(a) => micro_bench(a)?,
        Cmd::Counter(a) => counter(a)?,
        Cmd::Files(a) => files(a)?,
        Cmd::Demand(a) => demand(a)?,
        Cmd::Futex(a) => futex_bench(a)?,
        Cmd::Mix(a) => {
            let out = match (&a.rounds, a.calibrate) {
                (Some(r), _) => serde_json::to_string(&mix::run(&a.mix, r, a.mb)?)?,
                (None, Some(secs)) => serde_json::json!({
                    "benchmark": "mix-calibrate",
                    "mix": a.mix.to_string(),
                    "seconds": secs,
                    "rounds": mix::calibrate(&a.mix, a.mb, secs)?.to_string(),
                })
                .to_string(),
                (None, None) => unreachable!("clap requires --rounds or --calibrate"),
            };
            println!("{out}");
            return Ok(());
        }
    };
    println!("{}", serde_json::to_string(&r)?);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flags_are_validated() {
        let e = Cli::try_parse_from(["w", "mutex", "--lock-threads", "-1"]).unwrap_err();
        assert!(e.to_string().contains("--lock-threads") && e.to_string().contains("0 to 4096"));
        let e = Cli::try_parse_from(["w", "mutex", "--duration", "0"]).unwrap_err();
        assert!(e.to_string().contains("--duration"));
        assert!(Cli::try_parse_from(["w", "mmap", "--pages", "0"]).is_err());
        assert!(Cli::try_parse_from(["w", "mutex", "--lock-threads", "3"]).is_ok());
    }

    #[test]
    fn mutex_runs_and_reports() {
        for outside_in in [OutsideWork::User, OutsideWork::Futex, OutsideWork::Getppid] {
            let a = MutexArgs {
                common: Common { duration: 0.2 },
                lock_threads: 2,
                cpu_threads: 1,
                cs_ns: 100,
                outside_ns: 100,
                outside_in,
                phase_s: None,
            };
            let r = mutex(&a).unwrap();
            assert_eq!(r.workers, 3);
            assert_eq!(r.lock_tids.len(), 2);
            assert_eq!(r.cpu_tids.len(), 1);
            assert!(r.ops > 0 && r.per_worker_ops_per_s.iter().all(|&o| o > 0.0));
        }
    }

    #[test]
    fn micro_benchmarks_run() {
        for bench in [Micro::Fork, Micro::Dup, Micro::Sock, Micro::Sem] {
            let a = MicroArgs {
                bench,
                common: Common { duration: 0.2 },
                workers: Workers {
                    workers: Some(2),
                    pin: true,
                },
            };
            let r = micro_bench(&a).unwrap();
            assert_eq!(r.workers, 2, "{bench:?}");
            assert!(r.ops > 0, "{bench:?}: no ops");
        }
    }

    #[test]
    fn counter_counts_under_both_locks() {
        for lock in [CounterLock::Spin, CounterLock::Mutex] {
            let a = CounterArgs {
                lock,
                common: Common { duration: 0.2 },
                workers: Workers {
                    workers: Some(3),
                    pin: false,
                },
            };
            let r = counter(&a).unwrap();
            assert_eq!(r.workers, 3);
            assert!(r.ops > 0);
        }
        // The ticket lock excludes: 2 threads x 2000 increments of a plain counter. (Few: a
        // FIFO spinlock with more spinners than free CPUs hands over at scheduler speed.)
        let l = Arc::new(micro::TicketLock::default());
        let v = Arc::new(std::sync::atomic::AtomicU64::new(0));
        let hs: Vec<_> = (0..2)
            .map(|_| {
                let (l, v) = (l.clone(), v.clone());
                std::thread::spawn(move || {
                    for _ in 0..2000 {
                        l.lock();
                        let x = v.load(Ordering::Relaxed);
                        v.store(x + 1, Ordering::Relaxed);
                        l.unlock();
                    }
                })
            })
            .collect();
        hs.into_iter().for_each(|h| h.join().unwrap());
        assert_eq!(v.load(Ordering::Relaxed), 4000);
    }

    #[test]
    fn file_and_demand_workloads_run() {
        for op in [FileOp::Postmark, FileOp::Find, FileOp::Grep] {
            let a = FilesArgs {
                op,
                common: Common { duration: 0.3 },
                workers: Workers {
                    workers: Some(2),
                    pin: false,
                },
                dirs: 3,
                files: 5,
            };
            let r = files(&a).unwrap();
            assert!(r.ops > 0, "{op:?}");
        }
        for kind in [Demand::Triad, Demand::Chase, Demand::Ep, Demand::Pages] {
            let a = DemandArgs {
                kind,
                common: Common { duration: 0.3 },
                workers: Workers {
                    workers: Some(2),
                    pin: false,
                },
                mb: 1,
            };
            let r = demand(&a).unwrap();
            assert!(r.ops > 0, "{kind:?}");
        }
    }

    #[test]
    fn mmap_runs_and_reports() {
        let a = MmapArgs {
            common: Common { duration: 0.2 },
            threads: 2,
            pages: 4,
        };
        let r = mmap(&a).unwrap();
        assert_eq!(r.workers, 2);
        assert!(r.ops > 0);
    }
}
