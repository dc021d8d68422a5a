// SPDX-License-Identifier: GPL-2.0
//
// Futex workloads that isolate one kind of futex traffic each: what scx_lockaware's lock-wait
// tracing must see, must ignore, and what it costs per call.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::time::Duration;

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
    /// (sleep/2) / (sleep/2 + work); ops = waits.
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
/// cache line.
pub struct FutexState {
    words: Vec<Padded>,
}

#[repr(align(64))]
struct Padded(AtomicU32);

impl FutexState {
    pub fn new(workers: usize) -> Self {
        Self {
            words: (0..workers).map(|_| Padded(AtomicU32::new(0))).collect(),
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
            let word = &st.words[i].0;
            let waker = std::thread::scope(|s| {
                let h = s.spawn(|| waker(p, word, stop));
                while !stop.load(Ordering::Relaxed) {
                    word.store(2, Ordering::Release);
                    while word.load(Ordering::Acquire) == 2 && !stop.load(Ordering::Relaxed) {
                        futex_wait(word, 2);
                    }
                    ops.fetch_add(1, Ordering::Relaxed);
                    spin_cpu_for(p.work_us * 1000);
                }
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

/// The waker of a handoff worker: every sleep_us, release the worker's word if it waits.
fn waker(p: FutexParams, word: &AtomicU32, stop: &AtomicBool) {
    if p.fifo_waker {
        let param = libc::sched_param { sched_priority: 1 };
        // SAFETY: plain syscall on this thread. Failing (not root) leaves it SCHED_OTHER.
        unsafe { libc::sched_setscheduler(0, libc::SCHED_FIFO, &param) };
    }
    while !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_micros(p.sleep_us.max(1)));
        if word.load(Ordering::Acquire) == 2 {
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
        ops.iter().map(|o| o.load(Ordering::Relaxed)).collect()
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
