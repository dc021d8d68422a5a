// SPDX-License-Identifier: GPL-2.0
//
//! The lock-thrashing simulator of the thesis (T§3.2.2; SPEC.md section 3, "Lock-thrashing
//! simulator"): a discrete-event closed queueing network. Every core loops between a
//! non-critical section (a delay centre) and a critical section (a queueing centre, the lock);
//! critical sections are protected by ticket spinlocks, and memory banks are FIFO queues.
//!
//! # Model (T§3.2.2.1–3.2.2.3, table 3.1, figure 3.7)
//!
//! Each core has an event queue and a timestamp (when its first event starts); the cores are
//! kept in a binary heap by timestamp, and the main loop pops the earliest, handles its first
//! event and pushes it back (`pollEvent`, `handleEvent`, `updateTick`). Atomic events:
//!
//! - `INSTRUCTION(n)`: n ticks of execution without a miss;
//! - `STORE`, `LOCK_MISS`: a write and a read miss of the lock's cache line, served by the bank
//!   the lock lives on;
//! - `CACHE_MISS`: a miss of other data, served by a bank chosen uniformly at random;
//! - `SPIN`: waiting for the ticket lock; it ends when the core is at the head of the lock's
//!   queue.
//!
//! A memory access starts when the bank is free (FIFO): it ends at
//! `max(now, bank busy until) + latency`. Composite events expand in place (§3.2.2.2):
//!
//! ```text
//! ENTER_C  = LOCK_MISS + STORE + SPIN + (INSTRUCTION + CACHE_MISS)* + INSTRUCTION + EXIT_C
//! EXIT_C   = LOCK_MISS + STORE + ENTER_NC
//! ENTER_NC = (INSTRUCTION + CACHE_MISS)* + INSTRUCTION + ENTER_C
//! ```
//!
//! with the section (and its lock) drawn from the workload's table at each `ENTER_C` /
//! `ENTER_NC`, the `*` repeated as many times as the section has misses, each `INSTRUCTION`
//! as long as the section's interval between misses. Every core starts with `ENTER_NC` at
//! time 0.
//!
//! The ticket lock: the `STORE` of `ENTER_C` takes a ticket (the core joins the lock's queue),
//! the `STORE` of `EXIT_C` passes the lock on (the core leaves it). Each of those two writes
//! invalidates the line in the spinning cores' caches: a core of that lock's queue whose
//! first event is `SPIN` gets a `LOCK_MISS` before it, starting when the write completes
//! (§3.2.2.3: "inserts a LOCK_MISS before the SPIN of each such core"). A spinning core that
//! is not at the head is out of the heap until such an invalidation; the thesis marks its
//! timestamp invalid. The writer itself is not invalidated: it holds the line it just wrote.
//!
//! Which cores "have SPIN first" is a choice the text leaves open ([`Invalidate`]): only those
//! already spinning (out of the heap, the default), or also those that took a ticket and have
//! not reached their `SPIN` yet. The first reproduces the thesis's peaks (C3 at 16 cores, C4
//! at 23; at latency 5 and 10, C3 at 7 and 5), the second puts every peak one or two cores
//! earlier (15, 21; 6, 4): its extra misses load the lock's bank, the bottleneck of thrashing
//! (`docs/locksim.md`).
//!
//! Beyond the thesis, the locks may block ([`LockKind::Mutex`]): a waiter spins for a budget,
//! then sleeps, which takes it off the lock's line (no more invalidation misses); the release
//! hands the lock to the next waiter in FIFO order and wakes it, and it runs a wake-up latency
//! later. A spin budget longer than the run makes it the ticket lock exactly.
//!
//! Where the thesis is silent we chose, and say so: each critical section of a workload has a
//! lock of its own (table 3.2 gives each section its lock's bank); a core's lock wait runs from
//! its first `SPIN` to the `SPIN` that finds it at the head (the `LOCK_MISS` and `STORE` that
//! take the ticket are work every acquisition pays, contended or not).

use serde::Serialize;
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

pub mod config;
pub mod search_loop;
pub use config::{Critical, Invalidate, LockKind, NonCritical, Platform, Workload};

/// Simulated time, in ticks (the unit of `INSTRUCTION` lengths and memory latency).
pub type Tick = u64;

/// An event of a core's queue (table 3.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Ev {
    Instruction(Tick),
    /// A write of lock `lock`'s line: taking a ticket (`acquire`) or passing the lock on.
    Store {
        lock: usize,
        acquire: bool,
    },
    LockMiss {
        lock: usize,
    },
    CacheMiss,
    Spin {
        lock: usize,
    },
    EnterC,
    ExitC {
        lock: usize,
    },
    EnterNc,
}

/// The kinds of events, for the counts the thesis plots (figure 3.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Instruction,
    Store,
    LockMiss,
    CacheMiss,
    Spin,
    EnterC,
    ExitC,
    EnterNc,
}

impl Kind {
    pub const ALL: [Kind; 8] = [
        Kind::Instruction,
        Kind::Store,
        Kind::LockMiss,
        Kind::CacheMiss,
        Kind::Spin,
        Kind::EnterC,
        Kind::ExitC,
        Kind::EnterNc,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Instruction => "INSTRUCTION",
            Kind::Store => "STORE",
            Kind::LockMiss => "LOCK_MISS",
            Kind::CacheMiss => "CACHE_MISS",
            Kind::Spin => "SPIN",
            Kind::EnterC => "ENTER_C",
            Kind::ExitC => "EXIT_C",
            Kind::EnterNc => "ENTER_NC",
        }
    }
}

impl Ev {
    fn kind(self) -> Kind {
        match self {
            Ev::Instruction(_) => Kind::Instruction,
            Ev::Store { .. } => Kind::Store,
            Ev::LockMiss { .. } => Kind::LockMiss,
            Ev::CacheMiss => Kind::CacheMiss,
            Ev::Spin { .. } => Kind::Spin,
            Ev::EnterC => Kind::EnterC,
            Ev::ExitC { .. } => Kind::ExitC,
            Ev::EnterNc => Kind::EnterNc,
        }
    }
}

/// SplitMix64: small, fast and deterministic for a seed (no dependency for one generator).
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Uniform in 0..n (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.unit() * n as f64) as usize % n
    }
}

/// Index drawn from `weights` (non-negative, not all zero) in proportion to them.
fn draw(rng: &mut Rng, weights: impl Iterator<Item = f64> + Clone) -> usize {
    let total: f64 = weights.clone().sum();
    let mut x = rng.unit() * total;
    let mut last = 0;
    for (i, w) in weights.enumerate() {
        if w > 0.0 {
            last = i;
            if x < w {
                return i;
            }
            x -= w;
        }
    }
    last
}

/// Put a section's body, (INSTRUCTION + CACHE_MISS)* + INSTRUCTION, at the front of `events`
/// (pushed in reverse order).
fn push_body(events: &mut VecDeque<Ev>, interval: Tick, misses: u32) {
    events.push_front(Ev::Instruction(interval));
    for _ in 0..misses {
        events.push_front(Ev::CacheMiss);
        events.push_front(Ev::Instruction(interval));
    }
}

#[derive(Debug, Default)]
struct Core {
    events: VecDeque<Ev>,
    /// When the first event starts.
    ts: Tick,
    /// When the current lock wait began (its first SPIN), if waiting.
    spin_since: Option<Tick>,
    spin: Tick,
    /// Out of the heap: spinning, not at the head, until an invalidation.
    parked: bool,
    /// Parked and asleep in a mutex wait (past its spin budget): invalidations skip it, the
    /// release that makes it the head wakes it.
    asleep: bool,
    /// Ticks asleep in mutex waits (part of `spin`).
    slept: Tick,
    /// Outside the active set (SSC mode): stopped at its ENTER_NC since `off_since`.
    off: bool,
    off_since: Tick,
    /// Ticks spent outside the active set.
    off_ticks: Tick,
}

/// What one run measured.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    pub cores: usize,
    pub ticks: Tick,
    /// Critical sections completed.
    pub sections: u64,
    /// Critical sections per 1000 ticks.
    pub throughput: f64,
    /// Mean over the cores of the share of time spent waiting for a lock (SPIN, and asleep in
    /// a mutex wait), in percent.
    pub lock_wait_pct: f64,
    /// The part of `lock_wait_pct` spent asleep (mutex), off the CPU.
    pub lock_sleep_pct: f64,
    /// Sleeping waiters woken by a release, per 1000 ticks (mutex).
    pub handoffs: f64,
    /// Events handled, by kind (`Kind::ALL` order).
    pub events: Vec<(String, u64)>,
    /// Time-averaged number of cores in each lock's queue (holder included), per lock.
    pub lock_queue: Vec<f64>,
    /// Time-averaged number of accesses waiting for or in service at each bank.
    pub bank_queue: Vec<f64>,
}

/// One simulation: `cores` cores of `platform` running `workload` for `ticks` ticks.
pub struct Sim<'a> {
    platform: &'a Platform,
    workload: &'a Workload,
    rng: Rng,
    cores: Vec<Core>,
    heap: BinaryHeap<Reverse<(Tick, usize)>>,
    /// Per lock, the ticket order: the cores holding or waiting for it.
    locks: Vec<VecDeque<usize>>,
    /// Per bank, when its last access completes.
    banks: Vec<Tick>,
    /// Per bank, the sum over accesses of (completion - arrival): the area under its queue.
    bank_area: Vec<u128>,
    /// Per lock, the area under its queue length, and when it last changed.
    lock_area: Vec<u128>,
    lock_changed: Vec<Tick>,
    counts: [u64; 8],
    sections: u64,
    /// Sleeping mutex waiters woken by a release.
    handoffs: u64,
    now: Tick,
    /// Every handled event (when, which core, what), when asked for (tests).
    trace: Option<Vec<(Tick, usize, Kind)>>,
    /// Cores 0..active run the workload; the others stop at their next ENTER_NC (never
    /// holding a lock) until the set grows again ([`Sim::set_active`]).
    active: usize,
}

/// Totals since the start, at one instant ([`Sim::advance`]); windows are their differences.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sample {
    pub at: Tick,
    pub sections: u64,
    /// Ticks the cores spent inside the active set, running or waiting.
    pub on: Tick,
    /// Ticks of lock wait (spinning and asleep), open waits included.
    pub wait: Tick,
    /// The part of `wait` asleep (mutex).
    pub asleep: Tick,
}

impl<'a> Sim<'a> {
    pub fn new(platform: &'a Platform, workload: &'a Workload, cores: usize, seed: u64) -> Self {
        let nlocks = workload.critical.len();
        let mut s = Self {
            platform,
            workload,
            rng: Rng::new(seed),
            cores: (0..cores).map(|_| Core::default()).collect(),
            heap: BinaryHeap::new(),
            locks: vec![VecDeque::new(); nlocks],
            banks: vec![0; platform.banks],
            bank_area: vec![0; platform.banks],
            lock_area: vec![0; nlocks],
            lock_changed: vec![0; nlocks],
            counts: [0; 8],
            sections: 0,
            handoffs: 0,
            now: 0,
            trace: None,
            active: cores,
        };
        for (i, c) in s.cores.iter_mut().enumerate() {
            c.events.push_back(Ev::EnterNc);
            s.heap.push(Reverse((0, i)));
        }
        s
    }

    /// Record every handled event (see [`Sim::run_traced`]).
    pub fn traced(mut self) -> Self {
        self.trace = Some(Vec::new());
        self
    }

    /// A memory access of `bank` that arrives at `at`: when it completes.
    fn access(&mut self, bank: usize, at: Tick) -> Tick {
        let done = at.max(self.banks[bank]) + self.platform.latency;
        self.banks[bank] = done;
        self.bank_area[bank] += (done - at) as u128;
        done
    }

    fn lock_queue_changes(&mut self, lock: usize, at: Tick) {
        let len = self.locks[lock].len() as u128;
        let since = self.lock_changed[lock];
        self.lock_area[lock] += len * at.saturating_sub(since) as u128;
        self.lock_changed[lock] = at.max(since);
    }

    /// A write of `lock`'s line by `writer`, completing at `at`: every other core of the lock's
    /// queue that is spinning (first event SPIN) must read the line again.
    fn invalidate(&mut self, lock: usize, writer: usize, at: Tick) {
        let queued = self.platform.invalidate == Invalidate::Queued;
        for k in 0..self.locks[lock].len() {
            let c = self.locks[lock][k];
            if c == writer {
                continue;
            }
            let head = self.locks[lock].front() == Some(&c);
            let core = &mut self.cores[c];
            if let (LockKind::Mutex { spin, wake }, true) = (self.workload.lock, core.parked) {
                // Past its spin budget a waiter sleeps (lazily noticed here: nothing happens
                // to a parked core in between).
                let since = core.spin_since.unwrap_or(at);
                if !core.asleep && at.saturating_sub(since) >= spin {
                    core.asleep = true;
                }
                if core.asleep {
                    if head {
                        // Handed the lock: it runs `wake` ticks after the release, reads the
                        // lock and passes its SPIN.
                        let woken = at + wake;
                        core.slept += woken.saturating_sub(since + spin);
                        core.asleep = false;
                        core.parked = false;
                        core.events.push_front(Ev::LockMiss { lock });
                        core.ts = woken;
                        self.heap.push(Reverse((woken, c)));
                        self.handoffs += 1;
                    }
                    continue;
                }
            }
            if core.events.front() == Some(&Ev::Spin { lock }) && (core.parked || queued) {
                core.events.push_front(Ev::LockMiss { lock });
                // A parked spinner waits for this; one still in the heap (its SPIN not yet
                // reached) reads the line first when it gets there.
                if core.parked {
                    core.parked = false;
                    core.ts = at;
                    self.heap.push(Reverse((at, c)));
                }
            }
        }
    }

    /// Pop the earliest core and handle its first event (figure 3.7's loop body). False when
    /// no core can move before `until`.
    fn step(&mut self, until: Tick) -> bool {
        let Some(Reverse((ts, i))) = self.heap.pop() else {
            return false;
        };
        if ts >= until {
            self.heap.push(Reverse((ts, i)));
            return false;
        }
        self.now = ts;
        let ev = self.cores[i]
            .events
            .pop_front()
            .expect("a core in the heap has an event");
        self.counts[ev.kind() as usize] += 1;
        if let Some(t) = self.trace.as_mut() {
            t.push((ts, i, ev.kind()));
        }
        let mut next = ts;
        match ev {
            Ev::Instruction(n) => next = ts + n,
            Ev::CacheMiss => {
                let bank = self.rng.below(self.platform.banks);
                next = self.access(bank, ts);
            }
            Ev::LockMiss { lock } => {
                next = self.access(self.workload.critical[lock].bank, ts);
            }
            Ev::Store { lock, acquire } => {
                next = self.access(self.workload.critical[lock].bank, ts);
                self.lock_queue_changes(lock, ts);
                if acquire {
                    self.locks[lock].push_back(i);
                } else {
                    let head = self.locks[lock].pop_front();
                    debug_assert_eq!(head, Some(i), "only the holder releases");
                }
                self.invalidate(lock, i, next);
            }
            Ev::Spin { lock } => {
                let core = &mut self.cores[i];
                if self.locks[lock].front() == Some(&i) {
                    if let Some(since) = core.spin_since.take() {
                        core.spin += ts - since;
                    }
                } else {
                    // Out of the heap until an invalidation puts a LOCK_MISS before the SPIN.
                    core.spin_since.get_or_insert(ts);
                    core.events.push_front(ev);
                    core.parked = true;
                    return true;
                }
            }
            Ev::EnterC => {
                let w = self.workload;
                let k = draw(&mut self.rng, w.critical.iter().map(|s| s.prob));
                let s = &w.critical[k];
                let core = &mut self.cores[i];
                // Pushed at the front in reverse order.
                core.events.push_front(Ev::ExitC { lock: k });
                push_body(&mut core.events, s.interval, s.misses);
                core.events.push_front(Ev::Spin { lock: k });
                core.events.push_front(Ev::Store {
                    lock: k,
                    acquire: true,
                });
                core.events.push_front(Ev::LockMiss { lock: k });
            }
            Ev::ExitC { lock } => {
                self.sections += 1;
                let core = &mut self.cores[i];
                core.events.push_front(Ev::EnterNc);
                core.events.push_front(Ev::Store {
                    lock,
                    acquire: false,
                });
                core.events.push_front(Ev::LockMiss { lock });
            }
            Ev::EnterNc if i >= self.active => {
                // Outside the active set: stop here, between sections, until it grows.
                let core = &mut self.cores[i];
                core.events.push_front(ev);
                core.off = true;
                core.off_since = ts;
                return true;
            }
            Ev::EnterNc => {
                let w = self.workload;
                let k = draw(&mut self.rng, w.noncritical.iter().map(|s| s.prob));
                let s = &w.noncritical[k];
                let core = &mut self.cores[i];
                core.events.push_front(Ev::EnterC);
                push_body(&mut core.events, s.interval, s.misses);
            }
        }
        self.cores[i].ts = next;
        self.heap.push(Reverse((next, i)));
        true
    }

    /// Let cores 0..n run the workload (SSC mode: the lock-bound threads on n cores, one
    /// each; 1 ≤ n ≤ cores). Cores beyond n stop at their next ENTER_NC; stopped cores below n
    /// start again now.
    pub fn set_active(&mut self, n: usize) {
        self.active = n.clamp(1, self.cores.len());
        let now = self.now;
        for (i, c) in self.cores.iter_mut().enumerate().take(self.active) {
            if c.off {
                c.off = false;
                c.off_ticks += now.saturating_sub(c.off_since);
                c.ts = now;
                self.heap.push(Reverse((now, i)));
            }
        }
    }

    /// Run until `until` and return the totals so far.
    pub fn advance(&mut self, until: Tick) -> Sample {
        while self.step(until) {}
        self.now = self.now.max(until);
        let budget = match self.workload.lock {
            LockKind::Mutex { spin, .. } => Some(spin),
            LockKind::Ticket => None,
        };
        let mut s = Sample {
            at: until,
            sections: self.sections,
            ..Sample::default()
        };
        for c in &self.cores {
            let off = c.off_ticks
                + if c.off {
                    until.saturating_sub(c.off_since)
                } else {
                    0
                };
            s.on += until.saturating_sub(off);
            s.wait += c.spin + c.spin_since.map_or(0, |b| until.saturating_sub(b));
            s.asleep += c.slept
                + match (budget, c.spin_since, c.parked) {
                    (Some(b), Some(since), true) => until.saturating_sub(since + b),
                    _ => 0,
                };
        }
        s
    }

    /// Run until `ticks` and report.
    pub fn run(self, ticks: Tick) -> Outcome {
        self.run_traced(ticks).0
    }

    /// As [`Sim::run`], with the events handled if [`Sim::traced`] asked for them.
    pub fn run_traced(mut self, ticks: Tick) -> (Outcome, Vec<(Tick, usize, Kind)>) {
        while self.step(ticks) {}
        let trace = self.trace.take().unwrap_or_default();
        (self.finish(ticks), trace)
    }

    fn finish(mut self, ticks: Tick) -> Outcome {
        let end = ticks;
        for l in 0..self.locks.len() {
            self.lock_queue_changes(l, end);
        }
        let n = self.cores.len();
        let budget = match self.workload.lock {
            LockKind::Mutex { spin, .. } => Some(spin),
            LockKind::Ticket => None,
        };
        let (mut spin, mut slept) = (0.0, 0.0);
        for c in &self.cores {
            let open = c.spin_since.map_or(0, |s| end.saturating_sub(s));
            let open_sleep = match (budget, c.spin_since, c.parked) {
                (Some(b), Some(s), true) => end.saturating_sub(s + b),
                _ => 0,
            };
            spin += (c.spin + open) as f64 / end.max(1) as f64;
            slept += (c.slept + open_sleep) as f64 / end.max(1) as f64;
        }
        let e = end.max(1) as f64;
        Outcome {
            cores: n,
            ticks: end,
            sections: self.sections,
            throughput: self.sections as f64 * 1000.0 / e,
            lock_wait_pct: 100.0 * spin / n.max(1) as f64,
            lock_sleep_pct: 100.0 * slept / n.max(1) as f64,
            handoffs: self.handoffs as f64 * 1000.0 / e,
            events: Kind::ALL
                .iter()
                .map(|k| (k.name().to_string(), self.counts[*k as usize]))
                .collect(),
            lock_queue: self.lock_area.iter().map(|&a| a as f64 / e).collect(),
            bank_queue: self.bank_area.iter().map(|&a| a as f64 / e).collect(),
        }
    }
}

/// Run `workload` on each of the `cores` counts of `platform` (each count its own simulation,
/// seeded alike), spread over the host's CPUs; the outcomes come in the order of `cores`.
pub fn sweep(
    platform: &Platform,
    workload: &Workload,
    cores: &[usize],
    ticks: Tick,
    seed: u64,
) -> Vec<Outcome> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut out: Vec<Option<Outcome>> = vec![None; cores.len()];
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads.min(cores.len()))
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&n) = cores.get(k) else { break };
                        done.push((k, Sim::new(platform, workload, n, seed).run(ticks)));
                    }
                    done
                })
            })
            .collect();
        for w in workers {
            for (k, o) in w.join().expect("a simulation thread panicked") {
                out[k] = Some(o);
            }
        }
    });
    out.into_iter()
        .map(|o| o.expect("every count ran"))
        .collect()
}

/// Speed-up of each outcome over the one-core throughput `base`.
pub fn speedup(o: &Outcome, base: f64) -> f64 {
    if base > 0.0 {
        o.throughput / base
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests;
