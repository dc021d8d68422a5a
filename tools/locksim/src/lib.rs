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
//! event and pushes it back (`pollEvent`, `handleEvent`, `updateTick`). Ours is a tournament
//! tree with a slot per core (`queue.rs`): the same order, one comparison per level. Atomic
//! events:
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
use std::collections::VecDeque;

pub mod config;
mod queue;
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

/// One thread's context. Without time-sharing every core runs one thread for the whole run
/// (the thesis's setting), so thread i is core i; with [`Sharing`], M threads share the
/// active cores.
#[derive(Debug, Default)]
struct Thread {
    events: VecDeque<Ev>,
    /// When the first event starts (off a CPU: when it can start).
    ts: Tick,
    /// On a CPU (running, in a memory access or spinning) since `on_since`.
    on_cpu: bool,
    on_since: Tick,
    /// Ticks on a CPU.
    cpu: Tick,
    /// Time-sharing: when its quantum ends.
    slice_end: Tick,
    /// The current acquisition found the lock taken (a contended hand-off once it gets it).
    waiting: bool,
    /// Start of the current on-CPU stretch of a lock wait (SPIN), while spinning.
    spin_since: Option<Tick>,
    /// Ticks of on-CPU lock wait.
    spin: Tick,
    /// Spinning, not at the head: out of the queue until an invalidation or a deadline (the
    /// end of its quantum, a mutex's spin budget).
    parked: bool,
    /// Asleep in a mutex wait since `sleep_since`, off the CPU: invalidations skip it, the
    /// release that makes it the head wakes it.
    asleep: bool,
    sleep_since: Tick,
    /// Ticks asleep in mutex waits.
    slept: Tick,
    /// Outside the active set (one thread per core): stopped at its ENTER_NC.
    off: bool,
    /// Time-sharing: in the run queue since `queued_since`.
    in_runq: bool,
    queued_since: Tick,
    /// Ticks in the run queue.
    queued: Tick,
}

/// Time-sharing (issue #11's SSC mode, beyond the thesis): `threads` threads of the workload
/// share the active cores, each running for `quantum` ticks at a time, round robin in one run
/// queue. A thread is preempted between events, also inside a critical section (the holder
/// keeps the lock while it waits for a core) or while spinning; a mutex waiter that sleeps
/// gives its core away, and a woken one waits for a free core. A switch costs nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Sharing {
    pub threads: usize,
    pub quantum: Tick,
}

/// What one run measured.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    /// Cores running the workload.
    pub cores: usize,
    /// Threads of the workload (= cores without time-sharing).
    pub threads: usize,
    pub ticks: Tick,
    /// Critical sections completed.
    pub sections: u64,
    /// Critical sections per 1000 ticks.
    pub throughput: f64,
    /// Mean over the threads of the share of time spent waiting for a lock (SPIN, and asleep
    /// in a mutex wait), in percent.
    pub lock_wait_pct: f64,
    /// The part of `lock_wait_pct` spent asleep (mutex), off the CPU.
    pub lock_sleep_pct: f64,
    /// Sleeping waiters woken by a release, per 1000 ticks (mutex).
    pub handoffs: f64,
    /// Acquisitions that waited, per 1000 ticks.
    pub contended: f64,
    /// Mean over the threads of the share of time spent waiting for a core (time-sharing),
    /// in percent.
    pub runq_pct: f64,
    /// Events handled, by kind (`Kind::ALL` order).
    pub events: Vec<(String, u64)>,
    /// Time-averaged number of threads in each lock's queue (holder included), per lock.
    pub lock_queue: Vec<f64>,
    /// Time-averaged number of accesses waiting for or in service at each bank.
    pub bank_queue: Vec<f64>,
}

/// One simulation: `cores` cores of `platform` running `workload` for `ticks` ticks.
pub struct Sim<'a> {
    platform: &'a Platform,
    workload: &'a Workload,
    rng: Rng,
    threads: Vec<Thread>,
    /// When each thread's first event starts, earliest first (the thesis's heap).
    queue: queue::EventQueue,
    /// The thread whose event is being handled, while its entry is still in the queue: the
    /// entry goes when the event sets the next one, or when the handling ends.
    handling: Option<usize>,
    /// Per lock, the ticket order: the threads holding or waiting for it.
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
    /// Acquisitions that had to wait (spinning or asleep): what the kernel's
    /// `contention_begin`/`contention_end` pair, or a futex wait, shows the scheduler.
    contended: u64,
    now: Tick,
    /// Every handled event (when, which thread, what), when asked for (tests).
    trace: Option<Vec<(Tick, usize, Kind)>>,
    /// Cores running the workload. One thread per core: threads 0..active run, the others
    /// stop at their next ENTER_NC (never holding a lock) until the set grows again
    /// ([`Sim::set_active`]). Time-sharing: the number of cores the threads share.
    active: usize,
    sharing: Option<Sharing>,
    /// Time-sharing: threads waiting for a core, first come first served.
    runq: VecDeque<usize>,
    /// Threads on a core.
    running: usize,
}

/// Totals since the start, at one instant ([`Sim::advance`]); windows are their differences.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Sample {
    pub at: Tick,
    pub sections: u64,
    /// Ticks the threads spent on a core (running, in memory accesses, spinning).
    pub on: Tick,
    /// Ticks of lock wait (spinning and asleep), open waits included.
    pub wait: Tick,
    /// The part of `wait` asleep (mutex), off the core.
    pub asleep: Tick,
    /// Acquisitions that waited (contended hand-offs).
    pub contended: u64,
    /// Ticks the threads waited for a core (time-sharing).
    pub queued: Tick,
}

impl<'a> Sim<'a> {
    /// One thread per core, `cores` of them (the thesis's setting).
    pub fn new(platform: &'a Platform, workload: &'a Workload, cores: usize, seed: u64) -> Self {
        Self::build(platform, workload, cores, cores, None, seed)
    }

    /// `sharing.threads` threads time-sharing `cores` cores.
    pub fn shared(
        platform: &'a Platform,
        workload: &'a Workload,
        cores: usize,
        sharing: Sharing,
        seed: u64,
    ) -> Self {
        Self::build(
            platform,
            workload,
            cores,
            sharing.threads,
            Some(sharing),
            seed,
        )
    }

    /// [`Sim::new`] or, with `sharing`, [`Sim::shared`].
    pub fn with(
        platform: &'a Platform,
        workload: &'a Workload,
        cores: usize,
        sharing: Option<Sharing>,
        seed: u64,
    ) -> Self {
        match sharing {
            Some(sh) => Self::shared(platform, workload, cores, sh, seed),
            None => Self::new(platform, workload, cores, seed),
        }
    }

    fn build(
        platform: &'a Platform,
        workload: &'a Workload,
        cores: usize,
        threads: usize,
        sharing: Option<Sharing>,
        seed: u64,
    ) -> Self {
        let nlocks = workload.critical.len();
        let mut s = Self {
            platform,
            workload,
            rng: Rng::new(seed),
            threads: (0..threads).map(|_| Thread::default()).collect(),
            queue: queue::EventQueue::new(threads),
            handling: None,
            locks: vec![VecDeque::new(); nlocks],
            banks: vec![0; platform.banks],
            bank_area: vec![0; platform.banks],
            lock_area: vec![0; nlocks],
            lock_changed: vec![0; nlocks],
            counts: [0; 8],
            sections: 0,
            handoffs: 0,
            contended: 0,
            now: 0,
            trace: None,
            active: cores.max(1),
            sharing,
            runq: VecDeque::new(),
            running: 0,
        };
        for i in 0..threads {
            s.threads[i].events.push_back(Ev::EnterNc);
            if sharing.is_some() {
                s.threads[i].in_runq = true;
                s.runq.push_back(i);
            } else {
                s.run_on_core(i, 0);
            }
        }
        s.dispatch(0);
        s
    }

    /// Record every handled event (see [`Sim::run_traced`]).
    pub fn traced(mut self) -> Self {
        self.trace = Some(Vec::new());
        self
    }

    /// Put thread `i` in the queue at `ts`, replacing any entry it had.
    fn schedule(&mut self, i: usize, ts: Tick) {
        self.threads[i].ts = ts;
        self.set_entry(i, Some(ts));
    }

    /// Set (`Some`) or clear (`None`) thread `i`'s entry; either one ends the handled
    /// event's hold on its old entry ([`Sim::step`]).
    fn set_entry(&mut self, i: usize, ts: Option<Tick>) {
        if self.handling == Some(i) {
            self.handling = None;
        }
        match ts {
            Some(ts) => self.queue.set(i, ts),
            None => self.queue.clear(i),
        }
    }

    /// Thread `i` gets a core from `at` on, and its quantum, and goes in the queue.
    fn run_on_core(&mut self, i: usize, at: Tick) {
        let q = self.sharing.map_or(Tick::MAX, |s| s.quantum);
        let t = &mut self.threads[i];
        let start = at.max(t.ts);
        t.on_cpu = true;
        t.on_since = start;
        t.slice_end = start.saturating_add(q);
        self.running += 1;
        self.schedule(i, start);
    }

    /// Thread `i` leaves its core at `at` (asleep, stopped or preempted).
    fn leave_core(&mut self, i: usize, at: Tick) {
        let t = &mut self.threads[i];
        if let Some(s) = t.spin_since.take() {
            t.spin += at.saturating_sub(s);
        }
        t.cpu += at.saturating_sub(t.on_since);
        t.on_cpu = false;
        t.parked = false;
        self.running -= 1;
        self.set_entry(i, None);
    }

    /// Time-sharing: give free cores to the threads waiting for one, from `at` on.
    fn dispatch(&mut self, at: Tick) {
        while self.running < self.active {
            let Some(j) = self.runq.pop_front() else {
                break;
            };
            let t = &mut self.threads[j];
            t.in_runq = false;
            t.queued += at.saturating_sub(t.queued_since);
            self.run_on_core(j, at);
        }
    }

    /// Thread `i` becomes runnable at `at`: on a free core, or at the back of the run queue.
    fn wake(&mut self, i: usize, at: Tick) {
        self.threads[i].ts = at;
        if self.sharing.is_none() || self.running < self.active {
            self.run_on_core(i, at);
        } else {
            let t = &mut self.threads[i];
            t.in_runq = true;
            t.queued_since = at;
            self.runq.push_back(i);
        }
    }

    /// A mutex waiter past its spin budget sleeps from `at` on and gives its core away.
    fn fall_asleep(&mut self, i: usize, at: Tick) {
        self.leave_core(i, at);
        let t = &mut self.threads[i];
        t.asleep = true;
        t.parked = true;
        t.sleep_since = at;
        self.dispatch(at.max(self.now));
    }

    /// A parked spinner is popped at its deadline unless an invalidation wakes it first: the
    /// end of its spin budget (mutex) or of its quantum (time-sharing).
    fn set_deadline(&mut self, i: usize) {
        let t = &self.threads[i];
        let budget = match self.workload.lock {
            LockKind::Mutex { spin, .. } => t.spin_since.map(|s| s.saturating_add(spin)),
            LockKind::Ticket => None,
        };
        let quantum = self.sharing.map(|_| t.slice_end);
        let d = match (budget, quantum) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let d = d.map(|d| d.max(self.now));
        self.set_entry(i, d);
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

    /// A write of `lock`'s line by `writer`, completing at `at`: every other thread of the
    /// lock's queue that is spinning (first event SPIN) must read the line again.
    fn invalidate(&mut self, lock: usize, writer: usize, at: Tick) {
        let queued = self.platform.invalidate == Invalidate::Queued;
        for k in 0..self.locks[lock].len() {
            let c = self.locks[lock][k];
            if c == writer {
                continue;
            }
            let head = self.locks[lock].front() == Some(&c);
            if let LockKind::Mutex { spin, wake } = self.workload.lock {
                let t = &self.threads[c];
                // Past its spin budget a parked waiter sleeps; its deadline may not have come
                // up in the queue yet when the write that reaches it is handled.
                if let (true, false, Some(since)) = (t.parked, t.asleep, t.spin_since) {
                    if at >= since + spin {
                        self.fall_asleep(c, since + spin);
                    }
                }
                let t = &mut self.threads[c];
                if t.asleep {
                    if head {
                        // Handed the lock: it is runnable `wake` ticks after the release,
                        // reads the lock and passes its SPIN.
                        let woken = at + wake;
                        t.slept += woken.saturating_sub(t.sleep_since);
                        t.asleep = false;
                        t.parked = false;
                        t.events.push_front(Ev::LockMiss { lock });
                        self.handoffs += 1;
                        self.wake(c, woken);
                    }
                    continue;
                }
            }
            let t = &mut self.threads[c];
            if t.events.front() == Some(&Ev::Spin { lock }) && (t.parked || t.in_runq || queued) {
                // A parked spinner waits for this; one in the queue (its SPIN not yet reached)
                // or waiting for a core reads the line first when it gets there.
                t.events.push_front(Ev::LockMiss { lock });
                if t.parked {
                    t.parked = false;
                    self.schedule(c, at);
                }
            }
        }
    }

    /// Take the earliest thread and handle its first event (figure 3.7's loop body). False
    /// when no thread can move before `until`.
    fn step(&mut self, until: Tick) -> bool {
        let Some((ts, i)) = self.queue.first() else {
            return false;
        };
        if ts >= until {
            return false;
        }
        self.handling = Some(i);
        self.handle(ts, i);
        if self.handling.take() == Some(i) {
            self.queue.clear(i);
        }
        true
    }

    /// Handle thread `i`'s first event at `ts` (figure 3.7's loop body); its entry stays in
    /// the queue until the event sets the next one.
    fn handle(&mut self, ts: Tick, i: usize) {
        self.now = ts;
        self.threads[i].parked = false;
        if let Some(sh) = self.sharing {
            let t = &self.threads[i];
            if ts >= t.slice_end && !self.runq.is_empty() || self.running > self.active {
                // Preempted, between events: to the back of the run queue.
                self.leave_core(i, ts);
                let t = &mut self.threads[i];
                t.in_runq = true;
                t.queued_since = ts;
                t.ts = ts;
                self.runq.push_back(i);
                self.dispatch(ts);
                return;
            }
            if ts >= t.slice_end {
                self.threads[i].slice_end = ts + sh.quantum;
            }
        }
        let ev = self.threads[i]
            .events
            .pop_front()
            .expect("a thread in the queue has an event");
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
                let t = &mut self.threads[i];
                if self.locks[lock].front() == Some(&i) {
                    if let Some(since) = t.spin_since.take() {
                        t.spin += ts - since;
                    }
                    if std::mem::take(&mut t.waiting) {
                        self.contended += 1;
                    }
                } else {
                    t.waiting = true;
                    let since = *t.spin_since.get_or_insert(ts);
                    t.events.push_front(ev);
                    if let LockKind::Mutex { spin, .. } = self.workload.lock {
                        if ts >= since + spin {
                            self.fall_asleep(i, ts);
                            return;
                        }
                    }
                    // Out of the queue until an invalidation puts a LOCK_MISS before the
                    // SPIN, or its deadline.
                    t.parked = true;
                    self.set_deadline(i);
                    return;
                }
            }
            Ev::EnterC => {
                let w = self.workload;
                let k = draw(&mut self.rng, w.critical.iter().map(|s| s.prob));
                let s = &w.critical[k];
                let t = &mut self.threads[i];
                // Pushed at the front in reverse order.
                t.events.push_front(Ev::ExitC { lock: k });
                push_body(&mut t.events, s.interval, s.misses);
                t.events.push_front(Ev::Spin { lock: k });
                t.events.push_front(Ev::Store {
                    lock: k,
                    acquire: true,
                });
                t.events.push_front(Ev::LockMiss { lock: k });
            }
            Ev::ExitC { lock } => {
                self.sections += 1;
                let t = &mut self.threads[i];
                t.events.push_front(Ev::EnterNc);
                t.events.push_front(Ev::Store {
                    lock,
                    acquire: false,
                });
                t.events.push_front(Ev::LockMiss { lock });
            }
            Ev::EnterNc if self.sharing.is_none() && i >= self.active => {
                // Outside the active set: stop here, between sections, until it grows.
                self.threads[i].events.push_front(ev);
                self.leave_core(i, ts);
                self.threads[i].off = true;
                return;
            }
            Ev::EnterNc => {
                let w = self.workload;
                let k = draw(&mut self.rng, w.noncritical.iter().map(|s| s.prob));
                let s = &w.noncritical[k];
                let t = &mut self.threads[i];
                t.events.push_front(Ev::EnterC);
                push_body(&mut t.events, s.interval, s.misses);
            }
        }
        self.schedule(i, next);
    }

    /// Set the number of cores running the workload (1 ≤ n ≤ the cores or threads it was
    /// built with). One thread per core (the thesis's setting): cores 0..n run, cores beyond
    /// stop at their next ENTER_NC, stopped cores below n start again now. Time-sharing: the
    /// threads share n cores from now on (a thread beyond is preempted at its next event).
    pub fn set_active(&mut self, n: usize) {
        let now = self.now;
        match self.sharing {
            None => {
                self.active = n.clamp(1, self.threads.len());
                for i in 0..self.active {
                    if self.threads[i].off {
                        self.threads[i].off = false;
                        self.threads[i].ts = now;
                        self.run_on_core(i, now);
                    }
                }
            }
            Some(_) => {
                self.active = n.max(1);
                self.dispatch(now);
            }
        }
    }

    /// Whether the placement has followed the last [`Sim::set_active`], as scx_lockaware's
    /// agent judges it (`follow_ns()`): no thread of the workload runs outside the set. One
    /// thread per core: the threads outside it have stopped at their ENTER_NC (or sleep);
    /// time-sharing: the cores above the set's size have been given up at quantum ends. A
    /// grow is followed at once (the set's new cores start a thread when it is made).
    pub fn followed(&self) -> bool {
        match self.sharing {
            None => self.threads[self.active.min(self.threads.len())..]
                .iter()
                .all(|t| !t.on_cpu),
            Some(_) => self.running <= self.active,
        }
    }

    /// Run until `until` and return the totals so far.
    pub fn advance(&mut self, until: Tick) -> Sample {
        while self.step(until) {}
        self.now = self.now.max(until);
        let mut s = Sample {
            at: until,
            sections: self.sections,
            contended: self.contended,
            ..Sample::default()
        };
        let open = |on: bool, since: Tick| if on { until.saturating_sub(since) } else { 0 };
        for t in &self.threads {
            s.on += t.cpu + open(t.on_cpu, t.on_since);
            let asleep = t.slept + open(t.asleep, t.sleep_since);
            s.asleep += asleep;
            s.wait += t.spin + t.spin_since.map_or(0, |b| until.saturating_sub(b)) + asleep;
            s.queued += t.queued + open(t.in_runq, t.queued_since);
        }
        s
    }

    /// Run until `ticks` and report.
    pub fn run(self, ticks: Tick) -> Outcome {
        self.run_traced(ticks).0
    }

    /// As [`Sim::run`], with the events handled if [`Sim::traced`] asked for them.
    pub fn run_traced(mut self, ticks: Tick) -> (Outcome, Vec<(Tick, usize, Kind)>) {
        let s = self.advance(ticks);
        let trace = self.trace.take().unwrap_or_default();
        (self.finish(s), trace)
    }

    fn finish(mut self, s: Sample) -> Outcome {
        let end = s.at;
        for l in 0..self.locks.len() {
            self.lock_queue_changes(l, end);
        }
        let e = end.max(1) as f64;
        let per_thread = 100.0 / (e * self.threads.len().max(1) as f64);
        Outcome {
            cores: self.active,
            threads: self.threads.len(),
            ticks: end,
            sections: self.sections,
            throughput: self.sections as f64 * 1000.0 / e,
            lock_wait_pct: s.wait as f64 * per_thread,
            lock_sleep_pct: s.asleep as f64 * per_thread,
            handoffs: self.handoffs as f64 * 1000.0 / e,
            contended: self.contended as f64 * 1000.0 / e,
            runq_pct: s.queued as f64 * per_thread,
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
/// seeded alike; with `sharing`, its threads time-share that many cores), spread over the
/// host's CPUs; the outcomes come in the order of `cores`.
pub fn sweep(
    platform: &Platform,
    workload: &Workload,
    cores: &[usize],
    sharing: Option<Sharing>,
    ticks: Tick,
    seed: u64,
) -> Vec<Outcome> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    // The largest core counts first (a run's cost grows with its cores), so that the last
    // runs to start are short and no worker idles long at the end.
    let mut order: Vec<usize> = (0..cores.len()).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(cores[k]));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut out: Vec<Option<Outcome>> = vec![None; cores.len()];
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads.min(cores.len()))
            .map(|_| {
                s.spawn(|| {
                    let mut done = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&k) = order.get(k) else { break };
                        let n = cores[k];
                        let sim = Sim::with(platform, workload, n, sharing, seed);
                        done.push((k, sim.run(ticks)));
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
