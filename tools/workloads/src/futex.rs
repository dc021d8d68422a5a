// SPDX-License-Identifier: GPL-2.0
//
// Futex workloads that isolate one kind of futex traffic each: what scx_lockaware's lock-wait
// tracing must see, must ignore, and what it costs per call.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Which futex traffic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FutexMode {
    /// FUTEX_WAIT on a value that does not match: the call returns at once and never sleeps
    /// (as in `perf bench futex hash`). ops = calls; the tracing cost per call that no lock
    /// tracer needs to pay.
    Eagain,
    /// Pairs of threads pass a token through a futex word (FUTEX_WAIT for "not my turn",
    /// FUTEX_WAKE of one): the pattern of condition variables and semaphores, events rather
    /// than locks. ops = hand-overs; must never look lock-bound.
    Event,
    /// Lock sleeps of known length: each worker waits on its own word as a contended mutex
    /// does (FUTEX_WAIT for the value 2, "locked with waiters") until its waker thread,
    /// every --sleep-us, releases it; then it computes for --work-us of CPU time. The wakers run
    /// SCHED_FIFO when --fifo-waker is given (and the caller may), so that their wake-ups
    /// are on time under any load. A worker's lock-wait share is about
    /// (sleep/2) / (sleep/2 + work); ops = waits. Each worker's true waits (until the
    /// release) and waits until it ran again are measured too (`HandoffTimes`).
    Handoff,
}

const FUTEX_WAIT_PRIVATE: i32 = libc::FUTEX_WAIT | libc::FUTEX_PRIVATE_FLAG;
const FUTEX_WAKE_PRIVATE: i32 = libc::FUTEX_WAKE | libc::FUTEX_PRIVATE_FLAG;

fn futex_wait(word: &AtomicU32, val: u32) -> i64 {
    // SAFETY: a valid, aligned u32 that outlives the call; no timeout.
    unsafe {
        libc::syscall(
            libc::SYS_futex,
            word.as_ptr(),
            FUTEX_WAIT_PRIVATE,
            val,
            std::ptr::null::<libc::timespec>(),
        )
    }
}

fn futex_wake(word: &AtomicU32, n: i32) -> i64 {
    // SAFETY: as above.
    unsafe { libc::syscall(libc::SYS_futex, word.as_ptr(), FUTEX_WAKE_PRIVATE, n) }
}

/// Parameters of one run.
#[derive(Clone, Copy, Debug)]
pub struct FutexParams {
    pub mode: FutexMode,
    pub sleep_us: u64,
    pub work_us: u64,
    pub fifo_waker: bool,
}

/// Shared state of a run: one word per worker (event: per pair), each padded to its own
/// cache line, and the handoff timings.
pub struct FutexState {
    words: Vec<Padded>,
    times: Vec<Times>,
    t0: Instant,
}

#[repr(align(64))]
struct Padded(AtomicU32);

/// One handoff worker's timings, in ns (since `FutexState::t0` for `released_at`).
#[repr(align(64))]
#[derive(Default)]
struct Times {
    /// When the waker last released the word (written before the release).
    released_at: AtomicU64,
    /// Sum over waits of (release - the worker's "locked with waiters" store).
    wait: AtomicU64,
    /// Sum over waits of (the worker back from FUTEX_WAIT - that store).
    until_run: AtomicU64,
    waits: AtomicU64,
    /// The worker's CPU time when it stopped.
    cpu: AtomicU64,
}

/// What a handoff worker measured of its own lock waits: the ground truth of a lock-wait
/// share (SPEC.md section 1). A wait ends at the release; the time the woken worker then
/// waits for a CPU is not lock wait (`until_run_s` includes it, for comparison).
#[derive(Clone, Debug, serde::Serialize)]
pub struct HandoffTimes {
    pub waits: u64,
    pub wait_s: f64,
    pub until_run_s: f64,
    pub cpu_s: f64,
    /// wait / (wait + cpu), in percent.
    pub share_pct: f64,
    /// until_run / (until_run + cpu), in percent.
    pub until_run_share_pct: f64,
}

impl FutexState {
    pub fn new(workers: usize) -> Self {
        Self {
            words: (0..workers).map(|_| Padded(AtomicU32::new(0))).collect(),
            times: (0..workers).map(|_| Times::default()).collect(),
            t0: Instant::now(),
        }
    }

    fn now_ns(&self) -> u64 {
        self.t0.elapsed().as_nanos() as u64
    }

    /// Worker `i`'s handoff timings (meaningful after a handoff run).
    pub fn handoff_times(&self, i: usize) -> HandoffTimes {
        let t = &self.times[i];
        let s = |a: &AtomicU64| a.load(Ordering::Relaxed) as f64 / 1e9;
        let (wait, until_run, cpu) = (s(&t.wait), s(&t.until_run), s(&t.cpu));
        let pct = |w: f64| {
            if w + cpu > 0.0 {
                100.0 * w / (w + cpu)
            } else {
                0.0
            }
        };
        HandoffTimes {
            waits: t.waits.load(Ordering::Relaxed),
            wait_s: wait,
            until_run_s: until_run,
            cpu_s: cpu,
            share_pct: pct(wait),
            until_run_share_pct: pct(until_run),
        }
    }
}

/// Worker `i` of a run (returns when `stop` is set; every worker returns, its partner or
/// waker released first).
pub fn run_worker(p: FutexParams, st: &FutexState, i: usize, stop: &AtomicBool, ops: &AtomicU64) {
    match p.mode {
        FutexMode::Eagain => {
            let word = &st.words[i].0;
            while !stop.load(Ordering::Relaxed) {
                // The word holds 0: waiting for 1 fails with EAGAIN, never sleeping.
                futex_wait(word, 1);
                ops.fetch_add(1, Ordering::Relaxed);
            }
        }
        FutexMode::Event => {
            // Workers 2k and 2k+1 share word k: worker 2k may go when it holds 0, 2k+1 when 1.
            let word = &st.words[i / 2].0;
            let (mine, theirs) = if i.is_multiple_of(2) { (0, 1) } else { (1, 0) };
            while !stop.load(Ordering::Relaxed) {
                let v = word.load(Ordering::Acquire);
                if v == 2 {
                    break; // the partner stopped
                }
                if v != mine {
                    futex_wait(word, v);
                    continue;
                }
                word.store(theirs, Ordering::Release);
                futex_wake(word, 1);
                ops.fetch_add(1, Ordering::Relaxed);
            }
            // Release the partner, which may be waiting for its turn.
            word.store(2, Ordering::Release);
            futex_wake(word, 1);
        }
        FutexMode::Handoff => {
            let (word, t) = (&st.words[i].0, &st.times[i]);
            let waker = std::thread::scope(|s| {
                // Named, so that tests tell wakers from workers (/proc/PID/task/TID/comm).
                let h = std::thread::Builder::new()
                    .name(format!("waker{i}"))
                    .spawn_scoped(s, || waker(p, st, i, stop))
                    .expect("spawn a waker");
                while !stop.load(Ordering::Relaxed) {
                    let locked_at = st.now_ns();
                    word.store(2, Ordering::Release);
                    while word.load(Ordering::Acquire) == 2 && !stop.load(Ordering::Relaxed) {
                        futex_wait(word, 2);
                    }
                    let back_at = st.now_ns();
                    // The waker stamps the release before it stores 0 (stopping: maybe not).
                    let released_at = t.released_at.load(Ordering::Acquire);
                    if released_at >= locked_at {
                        t.wait.fetch_add(released_at - locked_at, Ordering::Relaxed);
                        t.until_run
                            .fetch_add(back_at - locked_at, Ordering::Relaxed);
                        t.waits.fetch_add(1, Ordering::Relaxed);
                    }
                    ops.fetch_add(1, Ordering::Relaxed);
                    spin_cpu_for(p.work_us * 1000);
                }
                t.cpu.store(thread_cpu_ns(), Ordering::Relaxed);
                h.join()
            });
            let _ = waker;
        }
    }
}

/// This thread's CPU time, in ns.
fn thread_cpu_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: a valid timespec to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

/// Compute until this thread has had `ns` more of CPU time (not wall time: under load a
/// wall-clock spin would shrink the work, and with it the share the waits are judged by).
fn spin_cpu_for(ns: u64) {
    let end = thread_cpu_ns() + ns;
    while thread_cpu_ns() < end {
        std::hint::spin_loop();
    }
}

/// The waker of handoff worker `i`: every sleep_us, release the worker's word if it waits.
fn waker(p: FutexParams, st: &FutexState, i: usize, stop: &AtomicBool) {
    let (word, t) = (&st.words[i].0, &st.times[i]);
    if p.fifo_waker {
        let param = libc::sched_param { sched_priority: 1 };
        // SAFETY: plain syscall on this thread. Failing (not root) leaves it SCHED_OTHER.
        unsafe { libc::sched_setscheduler(0, libc::SCHED_FIFO, &param) };
    }
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_micros(p.sleep_us.max(1)));
        if word.load(Ordering::Acquire) == 2 {
            t.released_at.store(st.now_ns(), Ordering::Release);
            word.store(0, Ordering::Release);
            futex_wake(word, 1);
        }
    }
    word.store(0, Ordering::Release);
    futex_wake(word, 1);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn run(mode: FutexMode, n: usize) -> Vec<u64> {
        run_state(mode, n).0
    }

    fn run_state(mode: FutexMode, n: usize) -> (Vec<u64>, Arc<FutexState>) {
        let p = FutexParams {
            mode,
            sleep_us: 200,
            work_us: 50,
            fifo_waker: false,
        };
        let st = Arc::new(FutexState::new(n));
        let stop = Arc::new(AtomicBool::new(false));
        let ops: Arc<Vec<AtomicU64>> = Arc::new((0..n).map(|_| AtomicU64::new(0)).collect());
        let hs: Vec<_> = (0..n)
            .map(|i| {
                let (st, stop, ops) = (st.clone(), stop.clone(), ops.clone());
                std::thread::spawn(move || run_worker(p, &st, i, &stop, &ops[i]))
            })
            .collect();
        std::thread::sleep(Duration::from_millis(200));
        stop.store(true, Ordering::Relaxed);
        for h in hs {
            h.join().unwrap();
        }
        (ops.iter().map(|o| o.load(Ordering::Relaxed)).collect(), st)
    }

    #[test]
    fn handoff_measures_its_waits() {
        // Each wait ends at the release, before the worker is back; both are counted per wait.
        let (ops, st) = run_state(FutexMode::Handoff, 2);
        for (i, &o) in ops.iter().enumerate() {
            let t = st.handoff_times(i);
            assert!(t.waits > 0 && t.waits <= o, "{i}: {t:?}, ops {o}");
            assert!(t.wait_s > 0.0 && t.wait_s <= t.until_run_s, "{i}: {t:?}");
            assert!(t.cpu_s > 0.0 && t.until_run_s < 1.0, "{i}: {t:?}");
            assert!(t.share_pct <= t.until_run_share_pct && t.until_run_share_pct < 100.0);
        }
    }

    #[test]
    fn every_mode_makes_progress_and_stops() {
        for mode in [FutexMode::Eagain, FutexMode::Event, FutexMode::Handoff] {
            let ops = run(mode, 2);
            assert!(ops.iter().all(|&o| o > 0), "{mode:?}: {ops:?}");
        }
    }

    #[test]
    fn event_pairs_alternate() {
        // Both sides of a pair hand the token over as often as each other (within one).
        let ops = run(FutexMode::Event, 2);
        assert!(ops[0].abs_diff(ops[1]) <= 1, "{ops:?}");
    }
}
