//! Model-driven sizing of the Special Set of Cores (SPEC.md section 1, "Model", "Voting",
//! "Search FSM", "Adaptation"; thesis T§3.4.2.3 and T§3.4.2.5, figures 3.30 and 3.31).
//!
//! Plain Rust with no kernel dependency: the agent feeds it the votes it read from the BPF
//! per-CPU counters and applies the SSC size it returns.
//!
//! # The throughput estimate
//!
//! The thesis models the SSC's useful work as T(n) = n · (1 − p̄(n)), p̄ being the mean
//! lock-wait share of the SSC cores. That holds because its waiters *spin*: every waiting
//! nanosecond is a wasted core nanosecond. A task blocked in a futex wastes no core, so we
//! measure the useful progress of the lock-intensive tasks directly:
//!
//! ```text
//!     thro = (run − spin − (1 + u) · lock_sys − xcall) / wall
//! ```
//!
//! where, over the voting window, `run` is the CPU time the lock-intensive tasks got on SSC
//! CPUs, `spin` the part of it they spent waiting for a lock on the CPU (kernel lock
//! contention that did not sleep), `lock_sys` their time inside `futex(2)`, sampled at the
//! tick (since session 46; before, the whole system time of those whose lock waits are mostly
//! futex sleeps; other system time, file reads or page faults, is work), `u` the user-mode
//! time taken to be lost to the same lock traffic per unit of that system time
//! (`--unseen-lock-traffic`, below), `xcall` the part they spent waiting for other CPUs to
//! run a synchronous cross-CPU call (TLB shootdowns of an address space that runs on several
//! CPUs: unmapping under one `mmap_lock` on two CPUs did half the work of one CPU while its
//! thro without `xcall` rose from 0.8 to 1.2, docs/benchmarks.md §41), and `wall` the
//! window's length.
//!
//! Off-CPU (blocking) waits are not in `run`, so the sleep itself costs nothing here; but a
//! blocking lock is not free on the CPU either. Every contended hand-off of a futex-based
//! mutex costs a `futex` wait and a wake, two context switches and, across CPUs, a wake-up
//! IPI: kernel time that grows with the number of cores contending while the critical
//! sections they serialise do not. Measured at 16 vCPUs (`docs/benchmarks.md` §8), 32 threads
//! on one mutex kept 1 CPU busy at SSC size 1 and about 6.7 at size 8, while the size-8
//! throughput was half that of size 1: without `lock_sys`, thro rose with every core added
//! and the search settled at 8–10 CPUs. A task that progresses in user mode and waits for
//! user locks spends its futex calls' time on that traffic, so that time is counted as waste,
//! as spin is for a spinlock; tasks whose waits are kernel locks (mmap, file systems) do their
//! work in the kernel, and only their spin is waste. (The thesis measured spinning kernel
//! locks only, T§3.4.2.3; its "mutex" discussion, T§3.3.1, names the sleep/wake-up cost.)
//!
//! The same traffic costs time in user mode that no probe sees: every contended hand-off
//! moves the lock word's cache line (and the data it guards) between CPUs, and so do the
//! uncontended acquisitions in between, which make no system call at all. Four threads
//! incrementing a counter under one glibc mutex on 2 SSC CPUs did half the operations of 1
//! CPU with 1.2 CPUs of user time against 1.0, and 0.5 CPU of system time (docs/benchmarks.md
//! §42.1): user-mode waste 1.5 times the system time. Over the sizes of the one-mutex sweep
//! the ratio was 0.9 to 2.4. thro counts `u` (default [`DEFAULT_UNSEEN_TRAFFIC`], the low end)
//! times `lock_sys` as waste on top of `lock_sys` itself; without it thro read 1.2 CPUs on 2
//! against 1.0 on 1, and the search kept the slower size. Beyond the thesis.
//!
//! For pure spinning the thesis's formula falls out: with n SSC cores busy with lock-intensive
//! work for the whole window, run = n · wall and spin = p̄ · run, so
//! thro = (n·wall − p̄·n·wall) / wall = n (1 − p̄); when only m < n such tasks exist, the same
//! gives m (1 − p̄) = work_cores · (1 − p̄), the thesis's work_cores rule (figure 3.31, lines
//! 4-6). `tests::thro_reduces_to_the_thesis_formula_for_spinning` checks both.
//!
//! # Progress the threads report
//!
//! thro still counts as work whatever waste no signal without a PMU sees: a lock word's
//! cache-line transfers in user mode in the VM, a memory bank's queue in the simulator
//! (docs/locksim.md). Threads that use libinform's locks, or run under its `LD_PRELOAD` shim,
//! count their lock acquisitions in their hint, and with `--inform-lib` the BPF side adds
//! those of a voting run to the votes (`acq`, with the run of the threads that report them).
//! Where such threads did at least [`ACQ_COVERAGE`] of the run, at the size judged and at its
//! reference, the search compares acquisitions per second instead ([`Measure::against`]).
//! Beyond the thesis.
//!
//! # The search
//!
//! [`Search::decide`] is figure 3.31's `determine_new_bound()`: it compares the throughput at
//! the current size with the one recorded at the previous size; two wins in a row double the
//! size (capped by `--max-ssc` and the number of lock-intensive tasks), two losses in a row go
//! back to the previous size and stop the search (`--search paper`). The figure's loss branch
//! tests `climbing == 2` where the counter is negative, which can never hold; we read it as the
//! mirror of the win rule, as SPEC.md states it: two losses in a row.
//!
//! `--search refine` (beyond the paper) does not stop at the last good size after an
//! overshoot: the optimum lies between the size before the last good one and the overshooting
//! one, and a search over the integers in that interval (each probe decided by the same
//! two-in-a-row rule) finds it — 10 where the paper stops at 8, 1 where the paper stays at its
//! initial 2. It probes where a parabola through the best size judged and its judged
//! neighbours peaks, and settles once a concave curve through them (each value allowed the
//! bar's margin of noise) leaves no size that could beat the best by the bar
//! ([`Search::model_probe`]); without a judged size on both sides it halves the larger side of
//! the interval.
//!
//! Votes are cleared after a move and halved otherwise (figure 3.31, lines 47-49). A stopped
//! search restarts when the number of working cores changes, when thro leaves the band around
//! its reference, or after `remig_timeout` without a move (T§3.4.2.5). Beyond the thesis, the
//! working cores count the lock-intensive class at its largest over the last
//! [`CLASS_MEMORY`], and a window that had fewer lock-intensive tasks than SSC CPUs is not
//! judged ([`Search::feed`]): tasks that leave the class for a moment are not a change of
//! lock behaviour, nor a loss of the size. A restart begins at
//! one core (`--min-ssc`; figure 3.30, line 38), and so does the first search by default
//! (`--initial-ssc`; figure 3.29 starts at two cores: from 2 a search can judge 1 only by a
//! probe right after a move, and it kept 2 at 2 vCPUs where 1 was faster).
//!
//! Beyond the thesis, a restart remembers one thing: a search that settled by moving back to
//! a size below its cap, and then read that size only far below what it had judged there
//! (out of the band, below, with no window within it), stops the next climb at that size if
//! the size reads its judged value there again ([`Search::climb_cap`]). Then the larger size
//! that lost left the lock in a state the smaller one does not undo (a convoy of sleeping
//! waiters: scx-locksim's mutex with C1 collapses at 3 cores and stays collapsed at 2 until 1
//! core runs it), and without the cap the restart climbs into the same loss again, forever.
//! If the size reads lower again, its judged value was a transient, and the climb goes on
//! as any other. Any other restart (the timeout, a change of the working cores, a band left
//! after the size read within it) forgets the size.
//!
//! Three guards against measurement noise go beyond the paper: the first window after a move
//! is dropped (it mixes the old size and the new one while tasks migrate); a size "wins" only
//! when it beats its reference by [`MIN_GAIN`] (2%), so a plateau is not climbed on noise; and
//! thro must leave the band twice in a row before a settled search restarts.

use std::collections::VecDeque;
use std::fmt;
use std::time::Duration;

/// Which search runs after an overshoot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Figure 3.31: go back to the last good size and stop.
    Paper,
    /// Keep searching between the last good size and the overshooting one.
    Refine,
}

impl std::str::FromStr for Mode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "paper" => Ok(Self::Paper),
            "refine" => Ok(Self::Refine),
            _ => Err(format!(
                "'{s}' is not a search mode (allowed: paper, refine)"
            )),
        }
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(match self {
            Self::Paper => "paper",
            Self::Refine => "refine",
        })
    }
}

/// Search parameters (every one a command-line flag).
#[derive(Clone, Debug)]
pub struct Params {
    pub mode: Mode,
    /// Size the search starts from (thesis: 2).
    pub initial: usize,
    /// Smallest SSC.
    pub min: usize,
    /// Largest SSC (at most the number of CPUs).
    pub max: usize,
    /// Enough votes for a decision: `run` above `vote_min` per SSC CPU.
    pub vote_min: Duration,
    /// A stopped search restarts when thro leaves [ref·(1−band), ref·(1+band)].
    pub band: f64,
    /// A search restarts after this long without a move (thesis: 30 s).
    pub remig_timeout: Duration,
    /// Useful CPUs a size must gain per CPU it adds to beat a smaller one (0: any gain, as
    /// in the thesis); see [`Search::bar`].
    pub cpu_cost: f64,
    /// Useful CPUs that thro is taken to overcount per CPU added: added to `cpu_cost` where
    /// two sizes are compared by thro, not by the acquisitions the tasks report
    /// ([`Measure::by_acq`]); see [`Search::price`].
    pub thro_bias: f64,
    /// User-mode time taken to be lost to user-lock traffic per unit of its system time
    /// (`u` in [`Votes::thro`]; see the module comment).
    pub unseen_traffic: f64,
    /// A search that settled below a larger size it judged re-checks that size this long
    /// after (doubled each time it settles back, until `remig_timeout`); `None`: never
    /// ([`Search::rechecks`]).
    pub recheck: Option<Duration>,
}

/// The voting window: what the lock-intensive tasks did on SSC CPUs (figure 3.30's
/// `voting_slice` and `voting_locking`, plus the window length and the off-CPU waits).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Votes {
    /// CPU time of lock-intensive tasks on SSC CPUs (ns).
    pub run_ns: f64,
    /// Part of `run_ns` spent waiting for locks on the CPU (ns).
    pub spin_ns: f64,
    /// Off-CPU lock waits of the same tasks (ns); reported, not in thro.
    pub block_ns: f64,
    /// System time of those of the tasks that wait for user locks (ns): lock traffic.
    pub lock_sys_ns: f64,
    /// Length of the window (ns).
    pub wall_ns: f64,
    /// Lock acquisitions that the tasks reported themselves (informing hints: libinform's
    /// locks, the `LD_PRELOAD` shim around pthread locks), and the part of `run_ns` of the
    /// tasks that report them: useful progress counted, not estimated (see [`Measure`]).
    pub acq: f64,
    pub acq_run_ns: f64,
    /// Part of `run_ns` spent waiting for other CPUs (synchronous cross-CPU calls, such as
    /// TLB shootdowns): waste a larger size adds to, which no lock wait shows (ns).
    pub xcall_ns: f64,
}

/// Share of the run that must come from tasks reporting their acquisitions before a window's
/// progress is judged by them.
pub const ACQ_COVERAGE: f64 = 0.9;

/// What a window measured at a size: thro, and the lock acquisitions per second where the
/// tasks reported them (nearly all of the run, [`ACQ_COVERAGE`]).
///
/// thro estimates useful work from CPU time and misses the waste no signal without a PMU
/// sees (a lock word's cache-line transfers in user mode: 2 vCPUs doubled a mutex's user time
/// per operation, docs/benchmarks.md §12.2). The acquisitions are the progress itself. Where
/// both the window and the reference it is compared with have them, the window counts as
/// its progress relative to the reference's, in the reference's useful CPUs
/// ([`Measure::against`]), so that the bar (the 2% margin and `--ssc-cpu-cost` per CPU)
/// keeps its meaning. Beyond the thesis, which has only the spin share.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Measure {
    pub thro: f64,
    /// Acquisitions per second, where known.
    pub acq: Option<f64>,
    /// The relative standard errors of `thro` and `acq`, where the window they were measured
    /// in came in parts ([`Search::feed_parts`], [`window_noise`]).
    pub thro_rse: Option<f64>,
    pub acq_rse: Option<f64>,
}

impl Measure {
    /// This measure in the units of `r`: `r.thro` scaled by the ratio of the acquisition
    /// rates where both know theirs, else thro.
    pub fn against(&self, r: &Measure) -> f64 {
        match (self.acq, r.acq) {
            (Some(a), Some(b)) if self.by_acq(r) => a / b * r.thro,
            _ => self.thro,
        }
    }

    /// Whether this measure is compared with `r` by the acquisitions both report (else by
    /// thro).
    pub fn by_acq(&self, r: &Measure) -> bool {
        matches!((self.acq, r.acq), (Some(_), Some(b)) if b > 0.0)
    }
}

impl Votes {
    pub fn add(&mut self, o: &Votes) {
        self.run_ns += o.run_ns;
        self.spin_ns += o.spin_ns;
        self.block_ns += o.block_ns;
        self.lock_sys_ns += o.lock_sys_ns;
        self.wall_ns += o.wall_ns;
        self.acq += o.acq;
        self.acq_run_ns += o.acq_run_ns;
        self.xcall_ns += o.xcall_ns;
    }

    /// The sum of a window's parts ([`Search::feed_parts`]).
    pub fn sum<'a>(parts: impl IntoIterator<Item = &'a Votes>) -> Votes {
        let mut w = Votes::default();
        parts.into_iter().for_each(|p| w.add(p));
        w
    }

    /// Every count times `f`.
    pub fn scale(&mut self, f: f64) {
        self.run_ns *= f;
        self.spin_ns *= f;
        self.block_ns *= f;
        self.lock_sys_ns *= f;
        self.wall_ns *= f;
        self.acq *= f;
        self.acq_run_ns *= f;
        self.xcall_ns *= f;
    }

    /// Figure 3.31 line 48: older votes count half.
    pub fn halve(&mut self) {
        self.scale(0.5);
    }

    /// Lock acquisitions per second, when the tasks reporting them did at least
    /// [`ACQ_COVERAGE`] of the run.
    pub fn acq_rate(&self) -> Option<f64> {
        (self.wall_ns > 0.0 && self.run_ns > 0.0 && self.acq_run_ns >= ACQ_COVERAGE * self.run_ns)
            .then(|| self.acq * 1e9 / self.wall_ns)
    }

    /// thro (with `unseen` user-mode waste per unit of user-lock system time) and the
    /// reported acquisitions.
    pub fn measure(&self, unseen: f64) -> Measure {
        Measure {
            thro: self.thro(unseen),
            acq: self.acq_rate(),
            ..Measure::default()
        }
    }

    /// Useful work of the lock-intensive tasks, in cores, counting `unseen` units of
    /// user-mode waste per unit of user-lock system time (see the module comment).
    pub fn thro(&self, unseen: f64) -> f64 {
        if self.wall_ns <= 0.0 {
            return 0.0;
        }
        let waste = self.spin_ns + (1.0 + unseen) * self.lock_sys_ns + self.xcall_ns;
        (self.run_ns - waste).max(0.0) / self.wall_ns
    }

    /// Share of the run spent waiting for other CPUs (cross-CPU calls).
    pub fn p_xcall(&self) -> f64 {
        if self.run_ns <= 0.0 {
            return 0.0;
        }
        (self.xcall_ns / self.run_ns).clamp(0.0, 1.0)
    }

    /// Share of the run that was lock traffic (system time of user-lock tasks).
    pub fn p_sys(&self) -> f64 {
        if self.run_ns <= 0.0 {
            return 0.0;
        }
        (self.lock_sys_ns / self.run_ns).clamp(0.0, 1.0)
    }

    /// Mean on-CPU lock-wait share p̄ (the thesis's voting_locking / voting_slice).
    pub fn p_spin(&self) -> f64 {
        if self.run_ns <= 0.0 {
            return 0.0;
        }
        (self.spin_ns / self.run_ns).clamp(0.0, 1.0)
    }

    /// Lock-wait share counting off-CPU waits: (spin + block) / (run + block).
    pub fn p_wait(&self) -> f64 {
        let d = self.run_ns + self.block_ns;
        if d <= 0.0 {
            return 0.0;
        }
        ((self.spin_ns + self.block_ns) / d).clamp(0.0, 1.0)
    }
}

/// Where the search is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Phase {
    /// Doubling (figure 3.31's `climbing != 0`); `streak` > 0 counts wins, < 0 losses.
    Climbing { streak: i32 },
    /// `--search refine` after an overshoot: probing inside (lo, hi) around `best`.
    Refining {
        lo: usize,
        hi: usize,
        best: usize,
        best_thro: Measure,
        streak: i32,
    },
    /// Settled; watching for a change of lock behaviour.
    Stopped,
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Phase::Climbing { .. } => f.write_str("climbing"),
            Phase::Refining { .. } => f.write_str("refining"),
            Phase::Stopped => f.write_str("stopped"),
        }
    }
}

/// What one decision did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Not enough votes yet.
    Wait,
    /// Compared, no move (votes halved).
    Stay,
    /// Doubled after two wins.
    Grow,
    /// Went back to the last good size after two losses (paper) and stopped.
    Revert,
    /// Refine: moved to the next probe.
    Probe,
    /// Settled at the best size found.
    Settle,
    /// Restarted from the initial size (lock behaviour changed or timeout).
    Restart,
}

impl Action {
    /// Whether the search stops with this action (it judges nothing more until a restart).
    pub fn stops(self) -> bool {
        matches!(self, Action::Revert | Action::Settle)
    }
}

/// A decision, for the statistics.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Decision {
    pub at: Duration,
    pub size: usize,
    pub thro: f64,
    pub action: Action,
    pub new_size: usize,
}

/// The SSC search state machine.
#[derive(Clone, Debug)]
pub struct Search {
    p: Params,
    size: usize,
    phase: Phase,
    votes: Votes,
    /// Throughput recorded at the previous size (figure 3.31's thro_last_step), or the
    /// reference of a stopped search.
    thro_last: Measure,
    /// Size before the last doubling (work_cores_last_step); 0 = none yet.
    size_last: usize,
    /// Size before `size_last` (the lower end of a refinement); 0 = none.
    size_last2: usize,
    /// Every size this search has judged, with what it measured when it was judged (the
    /// points [`Search::model_probe`] fits). Cleared on a restart.
    measured: Vec<(usize, Measure)>,
    /// Working cores when the search stopped.
    work_cores_ref: usize,
    /// When the size last changed (or the search restarted).
    moved_at: Duration,
    steps: u64,
    restarts: u64,
    /// The first window after a move mixes the old size with the new one (tasks are still
    /// migrating, the votes start mid-window): it is dropped, not compared.
    fresh: bool,
    /// Lock-intensive tasks at the last decision point, and how many windows in a row were
    /// dropped because that number was still changing right after a move or a (re)start.
    last_n_lock: usize,
    ramp_drops: u32,
    /// [`Params::recheck`]: the size to re-check and when, the wait before the next one, and
    /// whether the search in progress is a re-check; how many re-checks were made.
    recheck: Option<(usize, Duration)>,
    recheck_wait: Option<Duration>,
    rechecking: bool,
    rechecks: u64,
    /// Consecutive out-of-band decisions of a stopped search.
    out_of_band: u32,
    /// Lock-intensive tasks at the end of the previous window (the start of this one).
    window_start_n_lock: Option<usize>,
    /// Recent counts of lock-intensive tasks, for [`Search::class_size`].
    class_seen: VecDeque<(Duration, usize)>,
    /// Windows not judged because fewer lock-intensive tasks than SSC CPUs were there.
    short_windows: u64,
    /// The largest class ([`Search::class_size`]) of any window this search has kept votes
    /// of since it (re)started; 0 = none yet ([`Search::feed_parts`]).
    judged_class: usize,
    /// Whether every window added since the last decision had the whole class at its start
    /// and end: only then may one comparison decide alone ([`Search::streak`]).
    whole_class: bool,
    /// The relative standard errors of the last window's thro and acquisition rate, from its
    /// parts ([`Search::feed_parts`]).
    window_noise: (Option<f64>, Option<f64>),
    /// The last window's own thro (not its votes' running sum).
    window_thro: f64,
    /// The size, own thro and relative standard error of the last judged window, while no
    /// move or dropped window came after it, and the squared gaps between such consecutive
    /// windows in units of their standard errors: what calibrates the parts' estimate
    /// ([`Search::noise_scale`]). Kept over restarts: the noise is the machine's.
    prev_judged: Option<(usize, f64, f64)>,
    noise_z2: VecDeque<f64>,
    history: VecDeque<Decision>,
    /// Whether the search stopped by moving back to a size it had judged before (a refine
    /// whose last probe lost, the paper's revert), and whether a judged window of the stopped
    /// search has read within the band since: see [`Search::climb_cap`].
    returned: bool,
    came_back: bool,
    /// After a settle that did not come back (the module comment): the size the search had
    /// settled at and the value it had judged there, until the next restart; and how many
    /// climbs that size then stopped ([`Search::climb_cap`]).
    return_cap: Option<(usize, Measure)>,
    return_caps: u64,
    /// Stops held for a second window by [`NOISE_PRIOR`] (the comment in `decide`).
    held_stops: u64,
}

/// A size wins only when it beats the reference by this fraction: on a plateau a larger SSC
/// buys nothing, and noise alone must not climb it (beyond the paper, which compares with >).
pub const MIN_GAIN: f64 = 0.02;

/// A larger size that lost is re-checked ([`Params::recheck`]) only if it paid at least this
/// share of the price of its CPUs: it beat the stopped size by `MIN_GAIN` plus this share of
/// the price (half: the lost comparison fell within half a price of the bar).
pub const RECHECK_PAID: f64 = 0.5;

/// A comparison won or lost by this factor (thro against the bar it must clear) decides
/// alone, without a second window ([`Search::streak`]).
pub const DECISIVE: f64 = 1.5;

/// How many parts the agent and the simulator read each window in: the spread of the parts
/// is the window's own estimate of its noise ([`Search::feed_parts`]). 5 parts of the
/// agent's 100 ms window are 20 ms each.
pub const WINDOW_PARTS: usize = 5;

/// A comparison whose gap to the bar exceeds this many standard errors (of the window and of
/// its reference together, each estimated from its parts) decides alone, as a
/// [`DECISIVE`] one does ([`Search::streak`]). With 5 parts each estimate has 4 degrees of
/// freedom: a gap of pure noise passes 5 standard errors in well under 1% of comparisons
/// (Student's t), and only where the parts' spread is not below the noise between windows
/// (docs/locksim.md, "Judged in one window where the noise allows").
pub const NOISE_Z: f64 = 5.0;

/// A window may end early ([`Search::decides_early`]) once this many of its parts are read:
/// fewer give its noise estimate too little to stand on.
pub const EARLY_PARTS_MIN: usize = 2;

/// The part from which a window that decides alone ends by default (`--early-parts`): the
/// earliest [`EARLY_PARTS_MIN`] allows, chosen on scx-locksim's grids (docs/locksim.md, "A
/// window ended once it decides").
pub const EARLY_PARTS: usize = EARLY_PARTS_MIN;

/// `--early-parts` as the agent and the simulator take it, with `--window-parts`: the part
/// from which a window may end early (0: never). An explicit value must be 0 or from
/// [`EARLY_PARTS_MIN`] to `window_parts - 1` (the error names both flags and the range);
/// without one, [`EARLY_PARTS`] where the window has more parts, else never.
pub fn early_parts(asked: Option<usize>, window_parts: usize) -> Result<usize, String> {
    let max = window_parts.saturating_sub(1);
    match asked {
        None if EARLY_PARTS <= max => Ok(EARLY_PARTS),
        None | Some(0) => Ok(0),
        Some(v) if (EARLY_PARTS_MIN..=max).contains(&v) => Ok(v),
        Some(v) if max < EARLY_PARTS_MIN => Err(format!(
            "--early-parts {v}: a window read in {window_parts} part(s) (--window-parts) cannot \
             end early (allowed: 0)"
        )),
        Some(v) => Err(format!(
            "--early-parts {v}: allowed 0 (never) or {EARLY_PARTS_MIN} to {max} (below \
             --window-parts {window_parts})"
        )),
    }
}

/// How many gaps between consecutive windows at one size calibrate the parts' estimate
/// ([`Search::noise_scale`]), and how many it needs.
pub const NOISE_PAIRS: usize = 32;
/// A climb that won at its cap probes below it when its last doubling added less than this
/// part of the value per CPU of the doubling before ([`Search::cap_probe`]): the curve bends
/// over before the cap. A curve that scales keeps 0.8–0.95 of it in the simulator's grid;
/// those that peak before the cap 0.1–0.4 (docs/locksim.md, "The blocking grid").
pub const CAP_BEND: f64 = 0.5;
pub const NOISE_PAIRS_MIN: usize = 4;
/// The noise scale a stop (settle, revert) is judged with at least while fewer than
/// [`NOISE_PAIRS_MIN`] pairs calibrate it ([`Search::noise_scale`]): the VM's windows swing
/// 1.5-3.3 times as wide as their parts say once calibrated (stress-ng pipe at 2 vCPUs,
/// docs/benchmarks.md section 93), where the simulator's parts see all of its noise
/// (docs/locksim.md). A stop decided alone by a gap beyond [`NOISE_Z`] but within twice
/// as many standard errors then waits for a second window; a move does not (the next
/// comparison judges it again).
pub const NOISE_PRIOR: f64 = 2.0;

/// The default of `--ssc-cpu-cost`: an SSC CPU must add a tenth of a CPU of useful work.
pub const DEFAULT_CPU_COST: f64 = 0.1;

/// The range of `--ssc-cpu-cost` and `--thro-bias`, in useful CPUs per CPU (the agent and the
/// simulator parse both against it).
pub const PRICE_RANGE: (f64, f64) = (0.0, 1.0);

/// The default of `--thro-bias`: thro is taken to overcount a tenth of a CPU of useful work
/// per CPU added (measured far larger where a lock's own traffic is the bottleneck: about
/// 0.5 CPU for a mutex on a second vCPU, docs/benchmarks.md §20.4; 0.4 per core for C4's
/// congested memory bank in the simulator, docs/locksim.md). With 0.1 every cell of the
/// simulator's grid settles as near the oracle or nearer, and the C4 misses shrink
/// (docs/benchmarks.md §38); with 0.2 the thesis's C1 stops at 1 (§38).
pub const DEFAULT_THRO_BIAS: f64 = 0.1;

/// The default of `--unseen-lock-traffic`: a nanosecond of user-lock system time comes with
/// one of user-mode time lost to the same lock word's traffic, the low end of what the VM
/// measured (0.9 to 2.4; docs/benchmarks.md §42). Its range: 0 (the system time alone) to 10.
pub const DEFAULT_UNSEEN_TRAFFIC: f64 = 1.0;
pub const UNSEEN_TRAFFIC_RANGE: (f64, f64) = (0.0, 10.0);

/// The agent's defaults for the other search flags (declared here so that the agent's
/// `--help` and the simulator's search loop share them): `--initial-ssc` (CPUs),
/// `--vote-min-us`, `--interval-ms` (the voting window), `--remig-timeout-s` and
/// `--retrigger-band`.
pub const DEFAULT_INITIAL: usize = 1;
pub const DEFAULT_VOTE_MIN_US: u64 = 5_000;
pub const DEFAULT_INTERVAL_MS: u64 = 100;
pub const DEFAULT_REMIG_TIMEOUT_S: u64 = 30;
/// [`Params::recheck`] in milliseconds, the agent's `--ssc-recheck-ms` (0: never). 2 s: the
/// pipe's narrow settles at 1 CPU undone within seconds, no probe where a size loses clearly
/// (docs/benchmarks.md sections 98 and 100).
pub const DEFAULT_RECHECK_MS: u64 = 2_000;
pub const DEFAULT_BAND: f64 = 0.3;

/// How often the agent checks, without `--settle-ms`, whether the tasks have followed a
/// resize: the window after a resize, which the search drops, ends at the first check that
/// finds them followed (a full `--interval-ms` at most). The simulator's search loop models
/// the same checks.
pub const FOLLOW_POLL_MS: u64 = 5;

/// Windows in a row that a fresh search drops while the number of lock-intensive tasks changes.
pub const RAMP_DROPS: u32 = 10;

/// How long the search remembers the class of lock-intensive tasks: its size is the largest
/// count seen over this span ([`Search::class_size`]), so that tasks that leave the class for
/// a moment do not count as a change of working cores.
pub const CLASS_MEMORY: Duration = Duration::from_secs(1);

/// How many decisions the statistics keep.
pub const HISTORY: usize = 16;

impl Search {
    pub fn new(p: Params) -> Self {
        assert!(
            p.min >= 1 && p.min <= p.max,
            "SSC bounds {}..{}",
            p.min,
            p.max
        );
        let size = p.initial.clamp(p.min, p.max);
        let recheck_wait = p.recheck;
        Self {
            p,
            size,
            phase: Phase::Climbing { streak: 0 },
            votes: Votes::default(),
            thro_last: Measure::default(),
            size_last: 0,
            size_last2: 0,
            measured: Vec::new(),
            work_cores_ref: 0,
            moved_at: Duration::ZERO,
            steps: 0,
            restarts: 0,
            fresh: true,
            last_n_lock: 0,
            ramp_drops: 0,
            recheck: None,
            recheck_wait,
            rechecking: false,
            rechecks: 0,
            out_of_band: 0,
            window_start_n_lock: None,
            class_seen: VecDeque::new(),
            short_windows: 0,
            judged_class: 0,
            whole_class: true,
            window_noise: (None, None),
            window_thro: 0.0,
            prev_judged: None,
            noise_z2: VecDeque::with_capacity(NOISE_PAIRS),
            history: VecDeque::with_capacity(HISTORY),
            returned: false,
            came_back: false,
            return_cap: None,
            return_caps: 0,
            held_stops: 0,
        }
    }

    pub fn size(&self) -> usize {
        self.size
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn votes(&self) -> Votes {
        self.votes
    }
    pub fn params(&self) -> &Params {
        &self.p
    }
    /// Decisions taken while searching (since the start; a stopped search's checks and the
    /// windows without enough votes do not count).
    pub fn steps(&self) -> u64 {
        self.steps
    }
    /// Searches restarted (change of lock behaviour or timeout).
    pub fn restarts(&self) -> u64 {
        self.restarts
    }
    /// Climbs stopped at the size a settle had moved back to and then read far below its
    /// judged value (the module comment, [`Search::climb_cap`]), and such a size still
    /// pending (the search restarted and has not reached it yet).
    pub fn return_caps(&self) -> (u64, Option<usize>) {
        (self.return_caps, self.return_cap.map(|(b, _)| b))
    }

    /// Stops that a window decided alone by its parts' noise before the noise scale was
    /// calibrated and that [`NOISE_PRIOR`] held for a second window.
    pub fn held_stops(&self) -> u64 {
        self.held_stops
    }

    /// Windows not judged because the size had fewer lock-intensive tasks than CPUs
    /// ([`Search::feed`]).
    /// Re-checks of a larger size after a settle ([`Params::recheck`]).
    pub fn rechecks(&self) -> u64 {
        self.rechecks
    }
    pub fn short_windows(&self) -> u64 {
        self.short_windows
    }
    pub fn history(&self) -> impl Iterator<Item = &Decision> {
        self.history.iter()
    }
    /// The relative standard errors of the last window's thro and acquisition rate, from the
    /// spread of its parts ([`Search::feed_parts`]; None when it came in one).
    pub fn window_noise(&self) -> (Option<f64>, Option<f64>) {
        self.window_noise
    }
    /// Reference throughput: the previous size's while searching, the settled one after.
    pub fn thro_ref(&self) -> f64 {
        self.thro_last.thro
    }

    /// Whether the votes suffice for a decision (figure 3.30, line 24).
    pub fn sufficient(&self) -> bool {
        self.votes.run_ns > self.size as f64 * self.p.vote_min.as_nanos() as f64
    }

    /// Add a window of votes, then decide if there are enough. `n_lock` is the number of
    /// lock-intensive tasks, `now` the time since the agent started. Returns the decision and
    /// the SSC size to apply.
    ///
    /// Beyond the thesis, tasks that enter and leave the lock-intensive class from one window
    /// to the next (a file system's workers between their lock-bound and their lock-free
    /// phases, docs/benchmarks.md §38.5 and §41) are told apart from a change of lock
    /// behaviour:
    /// - a window that had fewer lock-intensive tasks than SSC CPUs at its start or its end
    ///   measured the class, not the size: it is not judged, and its votes are dropped
    ///   ([`Search::short_windows`]);
    /// - the working cores of figure 3.31 (and the cap on growth) count the class at its
    ///   largest over the last [`CLASS_MEMORY`], so a shrink restarts the search only once it
    ///   has lasted that long (and one that leaves the size with fewer tasks than CPUs
    ///   restarts it in any phase, or no window would ever be judged again);
    /// - a comparison made while part of the class was missing (at a window's start or end)
    ///   needs its second window: the missing tasks' work is not in thro, and a larger size
    ///   loses more of it than a smaller one that its present tasks still fill; for the same
    ///   reason such a window does not count against a settled search's band;
    /// - a class that grows past every count the search kept votes of, before it settles,
    ///   restarts it: what it measured, the reference of its next comparison above all, was
    ///   the work of a smaller class (mmap's first size judged while only the harness was
    ///   lock-intensive read 0.48–0.56 where the two threads read 0.95, and 2 CPUs were kept
    ///   at half the speed of 1, docs/benchmarks.md §67.4). A settled search restarts when
    ///   its working cores change (figure 3.31), as before.
    pub fn feed(&mut self, now: Duration, n_lock: usize, window: &Votes) -> Decision {
        self.feed_parts(now, n_lock, std::slice::from_ref(window))
    }

    /// [`Search::feed`] with the window read in parts (the agent reads its counters
    /// [`WINDOW_PARTS`] times a window): their spread estimates the window's noise, and a
    /// comparison it resolves decides in one window ([`Search::streak`]). Beyond the thesis.
    pub fn feed_parts(&mut self, now: Duration, n_lock: usize, parts: &[Votes]) -> Decision {
        let window = &Votes::sum(parts);
        self.window_noise = window_noise(parts, self.p.unseen_traffic);
        self.window_thro = window.thro(self.p.unseen_traffic);
        let start = self.window_start_n_lock.replace(n_lock).unwrap_or(n_lock);
        let class = self.class_size(now, n_lock);

        // T§3.4.2.5: restart after remig_timeout without a move.
        if now.saturating_sub(self.moved_at) >= self.p.remig_timeout {
            self.votes.add(window);
            return self.restart(now, self.votes.thro(self.p.unseen_traffic));
        }
        if start.min(n_lock) < self.size {
            if class < self.size && self.size > self.p.min {
                self.votes.add(window);
                return self.restart(now, self.votes.thro(self.p.unseen_traffic));
            }
            self.short_windows += 1;
            return self.wait(now);
        }
        if self.phase != Phase::Stopped && self.judged_class > 0 && class > self.judged_class {
            self.votes.add(window);
            return self.restart(now, self.votes.thro(self.p.unseen_traffic));
        }
        self.votes.add(window);
        self.whole_class &= start.min(n_lock) >= class;
        let d = self.decide(now, n_lock, class);
        if d.action != Action::Wait {
            self.whole_class = true;
        }
        d
    }

    /// Beyond the thesis: whether the window in progress, read so far in `parts` (at least
    /// [`EARLY_PARTS_MIN`]), already decides a move on its own, so that the caller may end
    /// it there and feed those parts ([`Search::feed_parts`]). Only a comparison that alone
    /// decides ([`Search::streak`]: decisive by [`DECISIVE`] or resolved by the parts' noise)
    /// in a window judged with no win or loss before it: a window that would only add the
    /// second of two wins or losses runs its full length, and so does one that would stop the
    /// search (settle or revert): only a move ends a window early. Never the window after a
    /// move, which is dropped, nor a settled search's. A climb whose every size wins by far
    /// (1 → 2 → 4 → 8 on a scalable lock) then spends a fraction of a window per size; a close
    /// comparison still reads its full window (docs/locksim.md, "A window ended once it
    /// decides", "A stop never rests on an ended window").
    pub fn decides_early(&self, now: Duration, n_lock: usize, parts: &[Votes]) -> bool {
        let streak = match self.phase {
            Phase::Climbing { streak } | Phase::Refining { streak, .. } => streak,
            Phase::Stopped => return false,
        };
        if parts.len() < EARLY_PARTS_MIN || streak != 0 || self.fresh {
            return false;
        }
        let mut trial = self.clone();
        let d = trial.feed_parts(now, n_lock, parts);
        // A move only, never a stop (settle, revert): the next window judges a move again, but
        // a stopped search judges nothing until it restarts, so what stops it rests on a full
        // window. Two parts right after a resize can read a transient: stress-ng pipe at 2
        // vCPUs grew from 1 to 2 CPUs, read 0.61-0.75 there in 40 ms against 0.92 at 1 and
        // settled back at 1 for the run (0.35-0.45 of EEVDF), where the runs that stayed at 2
        // read 1.17-1.40 there (docs/benchmarks.md section 93).
        matches!(d.action, Action::Grow | Action::Probe)
    }

    /// Beyond the thesis ([`Params::recheck`]): once a search has stopped at a size below a
    /// larger one it judged, and that one (the smallest such) lost narrowly, it is judged
    /// again after the wait, as a refine probe against the stopped size's current reading;
    /// the wait doubles each time the search stops below it again, and ends at
    /// `remig_timeout`, where the search restarts anyway. A stop decided on two close windows
    /// otherwise holds until that re-search: stress-ng pipe at 2 vCPUs settled at 1 CPU in 6
    /// of 16 runs, at a third of its speed, on two windows at 2 CPUs under the bar by their
    /// own spread (docs/benchmarks.md section 97.7). A narrow loss is one that paid at least
    /// [`RECHECK_PAID`] of its CPUs' price ([`Search::near_miss`]): a size that gained less
    /// lost by more than its windows spread, as on one mutex that 2 CPUs do no more for
    /// (counter-mutex read 0.66-1.02 at 2 against 0.90-1.0 at 1, mmap 0.92-1.03 against
    /// 0.94-1.0, and a re-check 2 s later cost counter-mutex about 5% of a 4-s run;
    /// docs/benchmarks.md section 98).
    fn schedule_recheck(&mut self, now: Duration) {
        let Some(wait) = self.recheck_wait else {
            return;
        };
        let settled = self.size;
        let larger = self
            .measured
            .iter()
            .filter(|&&(n, _)| n > settled)
            .min_by_key(|&&(n, _)| n)
            .filter(|&&(n, m)| self.near_miss(n, &m, settled, &self.thro_last))
            .map(|&(n, _)| n);
        match larger {
            Some(l) => {
                let wait = if self.rechecking { wait * 2 } else { wait };
                self.recheck_wait = Some(wait);
                self.recheck = (wait < self.p.remig_timeout).then_some((l, now + wait));
            }
            None => self.recheck_wait = self.p.recheck,
        }
        self.rechecking = false;
    }

    /// Whether `size`, measured `m`, lost to `reference` measured at the smaller `ref_size` by
    /// less than it would have with [`RECHECK_PAID`] of its CPUs' price paid.
    fn near_miss(&self, size: usize, m: &Measure, ref_size: usize, reference: &Measure) -> bool {
        let price = self.price(m, reference) * RECHECK_PAID;
        m.against(reference) > self.bar(size, reference.thro, ref_size, price)
    }

    /// The re-check ([`Search::schedule_recheck`]) of a stopped search at `size`, reading
    /// `thro`, if it is due.
    fn recheck_due(
        &mut self,
        now: Duration,
        size: usize,
        thro: Measure,
        shown: f64,
    ) -> Option<Decision> {
        let (l, _) = self.recheck.filter(|&(_, due)| now >= due)?;
        self.recheck = None;
        self.rechecking = true;
        self.rechecks += 1;
        self.phase = Phase::Refining {
            lo: size,
            hi: l + 1,
            best: size,
            best_thro: thro,
            streak: 0,
        };
        self.move_to(now, l);
        Some(self.record(Decision {
            at: now,
            size,
            thro: shown,
            action: Action::Probe,
            new_size: l,
        }))
    }

    fn wait(&self, now: Duration) -> Decision {
        Decision {
            at: now,
            size: self.size,
            thro: self.votes.thro(self.p.unseen_traffic),
            action: Action::Wait,
            new_size: self.size,
        }
    }

    /// The class of lock-intensive tasks the search sizes for: the most counted at any window's
    /// end over the last [`CLASS_MEMORY`], this one's included.
    fn class_size(&mut self, now: Duration, n_lock: usize) -> usize {
        while let Some(&(at, _)) = self.class_seen.front() {
            if now.saturating_sub(at) < CLASS_MEMORY {
                break;
            }
            self.class_seen.pop_front();
        }
        self.class_seen.push_back((now, n_lock));
        self.class_seen
            .iter()
            .map(|&(_, n)| n)
            .max()
            .unwrap_or(n_lock)
    }

    fn cap(&self, n_lock: usize) -> usize {
        self.p.max.min(n_lock.max(self.p.min))
    }

    /// How far a climb that won at `size` (reading `thro`) may grow: [`Search::cap`], unless
    /// the last search settled by moving back to a size `b` below that cap and then read it
    /// far below its judged value (the module comment). Up to `b` the climb grows no further
    /// than `b`; at `b` it stops there if `b` reads its judged value again (within the band:
    /// the smaller size was good, the larger one left the lock in a state that it kept, as a
    /// mutex's convoy), and the cap is dropped if not (the judged value was a window's
    /// transient, and what lost against it above `b` is judged again).
    fn climb_cap(&mut self, size: usize, thro: Measure, n_lock: usize) -> usize {
        let cap = self.cap(n_lock);
        let Some((b, judged)) = self.return_cap else {
            return cap;
        };
        if b < cap && size < b {
            return b;
        }
        let again = (thro.against(&judged) - judged.thro).abs() <= self.p.band * judged.thro;
        if b < cap && size == b && again {
            self.return_caps += 1;
            return b;
        }
        self.return_cap = None;
        cap
    }

    fn record(&mut self, d: Decision) -> Decision {
        if self.history.len() == HISTORY {
            self.history.pop_front();
        }
        self.history.push_back(d);
        d
    }

    /// Figure 3.30, lines 33-44: the re-search timer fired (or the lock behaviour changed):
    /// the bound goes back to 1 (`--min-ssc`; the first search starts at `--initial-ssc`,
    /// the figure 3.29's two cores), so that every new search measures the smallest SSC too.
    fn restart(&mut self, now: Duration, thro: f64) -> Decision {
        let old = self.size;
        self.restarts += 1;
        self.size = self.p.min;
        self.phase = Phase::Climbing { streak: 0 };
        self.votes = Votes::default();
        self.thro_last = Measure::default();
        self.size_last = 0;
        self.size_last2 = 0;
        self.measured.clear();
        self.return_cap = None;
        self.judged_class = 0;
        self.recheck = None;
        self.recheck_wait = self.p.recheck;
        self.rechecking = false;
        self.moved_at = now;
        self.fresh = true;
        self.out_of_band = 0;
        self.record(Decision {
            at: now,
            size: old,
            thro,
            action: Action::Restart,
            new_size: self.size,
        })
    }

    fn move_to(&mut self, now: Duration, size: usize) {
        self.prev_judged = None;
        self.size = size;
        self.votes = Votes::default();
        self.moved_at = now;
        self.fresh = true;
    }

    /// Figure 3.31, `determine_new_bound()`.
    fn decide(&mut self, now: Duration, n_lock_now: usize, n_lock: usize) -> Decision {
        let work_cores = n_lock.min(self.size).max(1);
        let thro = Measure {
            thro_rse: self.window_noise.0,
            acq_rse: self.window_noise.1,
            ..self.votes.measure(self.p.unseen_traffic)
        };
        // Right after a start or a move, also drop windows in which the number of
        // lock-intensive tasks still changed (at a start the tasks are classified one by one
        // over the first windows, and a size measured then is measured with part of the
        // work): at most RAMP_DROPS in a row, so a class that keeps flickering cannot stall
        // the search. Such a window is also the size's dropped one: the first window after
        // it in which the class did not change is judged (before session 40 it was dropped
        // too, so a search from a start paid two windows where one says the class is known).
        let ramping = self.fresh && n_lock_now != self.last_n_lock && self.ramp_drops < RAMP_DROPS;
        self.last_n_lock = n_lock_now;
        if self.fresh {
            let dropped_one = self.ramp_drops > 0;
            if ramping {
                self.ramp_drops += 1;
            } else {
                self.fresh = false;
                self.ramp_drops = 0;
            }
            if ramping || !dropped_one {
                self.prev_judged = None;
                self.votes = Votes::default();
                return self.record(Decision {
                    at: now,
                    size: self.size,
                    thro: thro.thro,
                    action: Action::Stay,
                    new_size: self.size,
                });
            }
        }
        self.judged_class = self.judged_class.max(n_lock);
        // A judged window needs its votes (figure 3.30, line 24); a dropped one (above) does
        // not: the agent ends the one after a move as soon as the tasks have followed, often
        // within a few ms, and waiting there for a judged window's votes made it drop the
        // next full window too (docs/locksim.md, "The window after a move").
        self.calibrate();
        if !self.sufficient() {
            return self.wait(now);
        }
        if self.phase != Phase::Stopped {
            self.steps += 1;
        }
        let size = self.size;
        // What the decision log shows: the window in the units of the reference it is judged
        // against (thro itself unless both know their acquisitions).
        let shown = match self.phase {
            Phase::Refining { best_thro, .. } => thro.against(&best_thro),
            _ => thro.against(&self.thro_last),
        };

        let action = if self.phase == Phase::Stopped {
            // Beyond the paper: thro must leave the band twice in a row, so that one
            // noisy window does not throw the search away; a window that missed part of
            // the class measured the class, not the lock's behaviour, and counts neither
            // way (Search::feed).
            let band = self.p.band * self.thro_last.thro;
            let out = shown > self.thro_last.thro + band || shown < self.thro_last.thro - band;
            if self.whole_class {
                self.out_of_band = if out { self.out_of_band + 1 } else { 0 };
                self.came_back |= !out;
            }
            if let Some(d) = self.recheck_due(now, size, thro, shown) {
                return d;
            }
            if work_cores != self.work_cores_ref || self.out_of_band >= 2 {
                // A settle that moved back to a size below the cap and never read it within
                // the band there, only far below it: either the size above it that lost
                // left the lock in a state the smaller size does not undo (a convoy of
                // sleeping waiters), or the value judged there was a transient. The next
                // climb tells which (Search::climb_cap).
                let cap = (work_cores == self.work_cores_ref
                    && self.returned
                    && !self.came_back
                    && shown < self.thro_last.thro
                    && size < self.cap(n_lock))
                .then_some((size, self.thro_last));
                let d = self.restart(now, shown);
                self.return_cap = cap;
                return d;
            }
            Action::Stay
        } else {
            // Beyond the paper: while the parts' noise estimate is not calibrated
            // (Search::noise_scale), a stop (settle, revert) is judged again with the noise
            // scale at least NOISE_PRIOR: a window that decided it alone only because its parts
            // put the gap beyond their noise, and not that far beyond, needs a second window.
            // A move is judged again by the comparison after it; a stopped search judges
            // nothing until it restarts (docs/benchmarks.md section 94).
            let before = (self.noise_z2.len() < NOISE_PAIRS_MIN).then(|| self.clone());
            let action = self.judge(now, thro, size, work_cores, n_lock, 1.0);
            match before.filter(|_| action.stops()) {
                Some(before) => {
                    *self = before;
                    let action = self.judge(now, thro, size, work_cores, n_lock, NOISE_PRIOR);
                    self.held_stops += u64::from(!action.stops());
                    action
                }
                None => action,
            }
        };

        if action.stops() {
            self.schedule_recheck(now);
        }
        if action == Action::Stay || action == Action::Settle {
            self.votes.halve();
        }
        self.record(Decision {
            at: now,
            size,
            thro: shown,
            action,
            new_size: self.size,
        })
    }

    /// Judge a window of a search that has not stopped (climbing or refining): its
    /// comparison's streak ([`Search::streak`], with the parts' noise scaled by at least
    /// `scale_min`) and the move or stop it leads to.
    fn judge(
        &mut self,
        now: Duration,
        thro: Measure,
        size: usize,
        work_cores: usize,
        n_lock: usize,
        scale_min: f64,
    ) -> Action {
        let mut action = Action::Stay;
        match self.phase {
            Phase::Climbing { streak } => {
                let streak = self.streak(
                    streak,
                    thro,
                    size,
                    self.thro_last,
                    self.size_last,
                    scale_min,
                );
                self.phase = Phase::Climbing { streak };
                if streak.abs() >= 2 {
                    self.note_measured(size, thro);
                }
                if streak >= 2 {
                    let new = (2 * work_cores).min(self.climb_cap(size, thro, n_lock));
                    if new > size {
                        self.size_last2 = self.size_last;
                        self.size_last = size;
                        self.thro_last = thro;
                        self.move_to(now, new);
                        self.phase = Phase::Climbing { streak: 0 };
                        action = Action::Grow;
                    } else if self.p.mode == Mode::Refine
                        && self.size_last == 0
                        && size > self.p.min
                    {
                        // Cannot grow, and the search began here (the initial size is
                        // the cap, as with 2 CPUs): nothing smaller was measured, so probe
                        // below before settling, or the search could never find 1.
                        action = self.next_probe(now, self.p.min - 1, size + 1, size, thro, n_lock);
                    } else if let Some((p, lo)) = self.cap_probe(size, thro) {
                        // Cannot grow, but the climb's last sizes bend over before the cap:
                        // probe where they peak (or judge the size below the cap again),
                        // then refine between the size the climb came from and the cap.
                        self.phase = Phase::Refining {
                            lo,
                            hi: size + 1,
                            best: size,
                            best_thro: thro,
                            streak: 0,
                        };
                        self.move_to(now, p);
                        action = Action::Probe;
                    } else {
                        // Cannot grow (at --max-ssc or one core per lock-intensive task).
                        self.stop(thro, work_cores, false);
                        action = Action::Settle;
                    }
                } else if streak <= -2 {
                    action = self.overshoot(now, thro, n_lock);
                }
            }
            Phase::Refining {
                lo,
                hi,
                best,
                best_thro,
                streak,
            } => {
                let streak = self.streak(streak, thro, size, best_thro, best, scale_min);
                self.phase = Phase::Refining {
                    lo,
                    hi,
                    best,
                    best_thro,
                    streak,
                };
                if streak.abs() >= 2 {
                    self.note_measured(size, thro);
                }
                if streak >= 2 {
                    // The probe beats the best: the optimum is on its side of the best.
                    let (lo, hi) = if size > best { (best, hi) } else { (lo, best) };
                    action = self.next_probe(now, lo, hi, size, thro, n_lock);
                } else if streak <= -2 {
                    let (lo, hi) = if size > best { (lo, size) } else { (size, hi) };
                    action = self.next_probe(now, lo, hi, best, best_thro, n_lock);
                }
            }
            Phase::Stopped => {}
        }
        action
    }

    /// Compare this judged window with the one before it at the same size, if no move or
    /// dropped window came between: their gap in units of the standard errors their parts
    /// give ([`Search::noise_scale`]).
    fn calibrate(&mut self) {
        let (t, r) = (self.window_thro, self.window_noise.0);
        if let (Some((size, t0, r0)), Some(r)) = (self.prev_judged, r) {
            // Parts that agree exactly say nothing of a gap between windows: such a gap
            // counts as 100 standard errors.
            if size == self.size {
                let se = (r0 * t0).hypot(r * t);
                let z2 = if t == t0 {
                    0.0
                } else {
                    ((t - t0) / se).powi(2).min(1e4)
                };
                if self.noise_z2.len() == NOISE_PAIRS {
                    self.noise_z2.pop_front();
                }
                self.noise_z2.push_back(z2);
            }
        }
        self.prev_judged = r.map(|r| (self.size, t, r));
    }

    /// How much wider than their parts say windows spread: the root mean square of the
    /// gaps between consecutive windows at one size, in units of their standard errors
    /// (1 where the parts see all the noise), over the last [`NOISE_PAIRS`] such pairs; 1
    /// until [`NOISE_PAIRS_MIN`] were seen, and never below 1. The parts cannot see noise
    /// slower than a window: two lock threads on a mutex at 4 vCPUs swing between windows
    /// 3.6 times as wide as their parts predict (a part dips in some windows and none in
    /// others; docs/locksim.md, "Judged in one window where the noise allows"), and
    /// [`NOISE_Z`] is scaled by it.
    pub fn noise_scale(&self) -> f64 {
        if self.noise_z2.len() < NOISE_PAIRS_MIN {
            return 1.0;
        }
        let ms = self.noise_z2.iter().sum::<f64>() / self.noise_z2.len() as f64;
        ms.sqrt().max(1.0)
    }

    /// What throughput `size` must measure to beat `ref_thro` measured at `ref_size`: more by
    /// [`MIN_GAIN`] of it (noise), plus `price` useful CPUs for every CPU that `size` has
    /// more ([`Search::price`]). A larger SSC must pay for the CPUs it takes from other work; a
    /// smaller one wins when it loses less than the price per CPU it frees. thro counts as
    /// useful all the lock-intensive tasks' CPU time that no signal marks as waste, and some
    /// waste is in user mode, where no signal without a PMU sees it (cache-line transfers of
    /// the lock word: 2 vCPUs doubled the user time per operation of a mutex,
    /// `docs/benchmarks.md` §12), or in the memory system (a congested bank's queue in the
    /// simulator, docs/locksim.md), so thro rises with every CPU added even when the work
    /// done falls: the price of a size judged by thro includes `thro_bias` for that. Beyond
    /// the thesis, which compares with a plain `>`.
    fn bar(&self, size: usize, ref_thro: f64, ref_size: usize, price: f64) -> f64 {
        ref_thro * (1.0 + MIN_GAIN) + price * (size as f64 - ref_size as f64)
    }

    /// The price per CPU of `m` against `reference`: `cpu_cost`, plus `thro_bias` where the two
    /// are compared by thro, which counts the waste it cannot see as work. Reported
    /// acquisitions are the progress itself and pay the price alone.
    fn price(&self, m: &Measure, reference: &Measure) -> f64 {
        if m.by_acq(reference) {
            self.p.cpu_cost
        } else {
            self.p.cpu_cost + self.p.thro_bias
        }
    }

    /// The win (> 0) or loss (< 0) streak after one more comparison. Figure 3.31 moves after
    /// two wins or two losses in a row; beyond the paper, a comparison decided by a wide
    /// margin against a measured size, thro above [`DECISIVE`] times the bar or below the bar
    /// divided by it, counts for two: noise that wide is not what the VM's windows show (at
    /// most ±20% around a size's mean, docs/benchmarks.md §20.4), and a climb whose every size
    /// needs three windows cannot settle within issue #11's eight (docs/locksim.md). A window
    /// that missed part of the lock-intensive class is not such a window (postmark's swing
    /// 0.7–1.9 at one size, §41), and never decides alone.
    fn streak(
        &self,
        streak: i32,
        m: Measure,
        size: usize,
        reference: Measure,
        ref_size: usize,
        scale_min: f64,
    ) -> i32 {
        let thro = m.against(&reference);
        let bar = self.bar(size, reference.thro, ref_size, self.price(&m, &reference));
        // Against nothing measured (a search's first size) no margin means anything: the
        // first size gets its two windows, so that what it is judged by later is not one
        // window's noise, unless its parts put that noise well inside the bar's margin.
        let decisive = self.whole_class
            && if ref_size == 0 {
                quiet(&m, self.noise_scale().max(scale_min))
            } else {
                thro > DECISIVE * bar
                    || thro * DECISIVE < bar
                    || resolved(&m, &reference, bar, self.noise_scale().max(scale_min))
            };
        let step = if decisive { 2 } else { 1 };
        if thro > bar {
            streak.max(0) + step
        } else {
            streak.min(0) - step
        }
    }

    /// Stop the search at the current size, measured `thro`; `returned`: the size was judged
    /// before and the search has just moved back to it.
    fn stop(&mut self, thro: Measure, work_cores: usize, returned: bool) {
        self.out_of_band = 0;
        self.came_back = false;
        self.returned = returned;
        self.phase = Phase::Stopped;
        self.thro_last = thro;
        self.work_cores_ref = work_cores;
    }

    /// Two losses in a row after a doubling.
    fn overshoot(&mut self, now: Duration, thro: Measure, n_lock: usize) -> Action {
        let size = self.size;
        let good = if self.size_last > 0 {
            self.size_last
        } else {
            size
        };
        match self.p.mode {
            Mode::Paper => {
                let good_thro = if self.size_last > 0 {
                    self.thro_last
                } else {
                    thro
                };
                if good != size {
                    self.move_to(now, good);
                }
                self.stop(good_thro, n_lock.min(good).max(1), good != size);
                if good != size {
                    Action::Revert
                } else {
                    Action::Settle
                }
            }
            Mode::Refine => {
                // The optimum is above the size before `good` and below `size` (or, with no
                // doubling yet, anywhere between min and `size`).
                let (lo, best, best_thro, hi) = if self.size_last > 0 {
                    // Below `size_last` only the size it grew from was measured (and lost).
                    let lo = if self.size_last2 > 0 {
                        self.size_last2
                    } else {
                        self.p.min - 1
                    };
                    (lo, self.size_last, self.thro_last, size)
                } else {
                    // Lost at the initial size against nothing recorded: probe below and above.
                    (self.p.min - 1, size, thro, (size + 1).min(self.p.max + 1))
                };
                let lo = lo.max(self.p.min - 1);
                self.next_probe(now, lo, hi, best, best_thro, n_lock)
            }
        }
    }

    /// Remember what `size` measured when its comparison concluded (the latest such value).
    fn note_measured(&mut self, size: usize, m: Measure) {
        self.measured.retain(|&(n, _)| n != size);
        self.measured.push((size, m));
    }

    /// Refine, beyond the paper: the judged sizes as a model of the curve. The curve is what
    /// the bar compares: the useful CPUs (in the best size's units, [`Measure::against`]) less
    /// the price per CPU ([`Search::price`]). With a judged size `a` below the best size `b`
    /// and `c` above it (the nearest ones, inside [lo, hi]):
    /// - **Settle** when no size between them can win. A probe wins only by beating b's value
    ///   by [`MIN_GAIN`] of its thro ([`Search::bar`]). On a concave curve the value at x in
    ///   (b, c) is at most b's plus the slope from a to b times (x − b), and at x in (a, b) at
    ///   most b's plus minus the slope from b to c times (b − x). Each value may be off by that
    ///   same margin (what the bar allows for noise), so each slope is taken as steep as two
    ///   margins over its span allow. Where even those bounds stay under the margin, every
    ///   probe left would lose. Without the allowance, two neighbouring sizes that measured
    ///   alike stopped a simulated mutex search at 16 where 14 does 8% more
    ///   (docs/locksim.md).
    ///   Each side is bounded from its far end too (session 73): on (a, b) by the secant
    ///   from the judged size below a (else the origin: no CPU does no work) through a,
    ///   extended; on (b, c) by the secant from the judged size above c through c, extended
    ///   back. A concave curve lies under both, so under the lower of the two; on a climb's
    ///   straight rise the first is tight, and a probe past a cliff lost (16 → 32 → 18)
    ///   settles at the cliff where the near secants alone left 15 and 17 to judge (3–4
    ///   windows less in C3 on 32 cores and C2 on 64, docs/locksim.md, "Both ends of a
    ///   side").
    /// - **Probe** the peak of the parabola through the three points (successive parabolic
    ///   interpolation, as in Brent's method), if it rounds to a size not judged yet, on a
    ///   side that the bounds leave open; where they close the side the parabola's peak is
    ///   on, **Settle**: the model and the bounds together put nothing there above b's
    ///   value by the margin.
    /// - When it rounds to a size judged already (or to b), the search has **converged** if
    ///   b's neighbour towards the peak is judged too (or outside (lo, hi)): **Settle**; else
    ///   **Probe** that neighbour, where a peak at a cliff hides (session 41).
    /// - **Unknown** without a parabola that peaks inside [a, c] (the caller halves the larger
    ///   side, as before).
    ///
    /// Halving alone took 14–46 windows to settle the simulator's cells that overshoot (issue
    /// #11 asks for 8; docs/locksim.md): a comparison costs three windows, and halving an
    /// interval of 16 sizes down to the best one takes four. A parabola lands near a smooth
    /// peak at once, and its neighbours then bound what is left (3–29% fewer windows there).
    fn model_probe(&self, lo: usize, hi: usize, best: usize, best_thro: Measure) -> Model {
        let value =
            |n: usize, m: &Measure| m.against(&best_thro) - self.price(m, &best_thro) * n as f64;
        let below = self
            .measured
            .iter()
            .filter(|&&(n, _)| n >= lo && n < best)
            .max_by_key(|&&(n, _)| n);
        let above = self
            .measured
            .iter()
            .filter(|&&(n, _)| n > best && n <= hi)
            .min_by_key(|&&(n, _)| n);
        let (Some(&(a, ma)), Some(&(c, mc))) = (below, above) else {
            return Model::Unknown;
        };
        let (fa, fb, fc) = (value(a, &ma), value(best, &best_thro), value(c, &mc));
        // Each value may be off by the margin the bar allows for noise, so a slope by twice
        // that over the distance it is measured across.
        let margin = MIN_GAIN * best_thro.thro;
        // How steeply the curve may rise from (x0, f0) towards (x1, f1) at most and on past
        // x1 (x0 < x1 rising to the right; x0 > x1 rising to the left, towards smaller sizes).
        let slope_by = |(x0, f0): (usize, f64), (x1, f1): (usize, f64), margin: f64| {
            ((f1 - f0 + 2.0 * margin) / x1.abs_diff(x0) as f64).max(0.0)
        };
        let slope = |p0, p1| slope_by(p0, p1, margin);
        // The far secants allow for the noise the windows showed beyond their parts'
        // estimate ([`Search::noise_scale`]): where windows swing wider than the bar's
        // margin, they bound nothing.
        let far_margin = margin * self.noise_scale();
        // The secants that bound each side from its far end: below `a`, the nearest judged
        // size (else the origin: no CPU does no work); above `c`, the nearest judged size.
        let outer_below = self
            .measured
            .iter()
            .filter(|&&(n, _)| n < a)
            .max_by_key(|&&(n, _)| n)
            .map_or((0, 0.0), |&(n, m)| (n, value(n, &m)));
        let outer_above = self
            .measured
            .iter()
            .filter(|&&(n, _)| n > c)
            .min_by_key(|&&(n, _)| n)
            .map(|&(n, m)| (n, value(n, &m)));
        let rise_right = slope((a, fa), (best, fb));
        let rise_left = slope((c, fc), (best, fb));
        let from_a = (a > outer_below.0).then(|| slope_by(outer_below, (a, fa), far_margin));
        let from_c = outer_above.map(|o| slope_by(o, (c, fc), far_margin));
        // The most a size strictly inside each side may gain on b's value: whether the side
        // is still open (a size there may beat the bar).
        let right_open = (best + 1..c).any(|x| {
            let near = rise_right * (x - best) as f64;
            let far = from_c.map_or(f64::MAX, |s| fc - fb + s * (c - x) as f64);
            near.min(far) > margin
        });
        let left_open = (a + 1..best).any(|x| {
            let near = rise_left * (best - x) as f64;
            let far = from_a.map_or(f64::MAX, |s| fa - fb + s * (x - a) as f64);
            near.min(far) > margin
        });
        let open = |x: usize| if x > best { right_open } else { left_open };
        if !right_open && !left_open {
            return Model::Settle;
        }
        match parabola_peak((a as f64, fa), (best as f64, fb), (c as f64, fc)) {
            Some(peak) => {
                let probe = peak.round() as usize;
                let judged =
                    |n: usize| n <= lo || n >= hi || self.measured.iter().any(|&(m, _)| m == n);
                // The neighbour of the best size on the side where the model puts the peak.
                let toward = if peak >= best as f64 {
                    best + 1
                } else {
                    best - 1
                };
                if probe != best && !judged(probe) {
                    // Where the model puts the peak on a side that cannot win, b is as good
                    // as the peak within the margin: a probe there would be a comparison
                    // lost in advance (probing the other side instead, tried in session 73,
                    // cost two more probes in one seed of the blocking grid).
                    if open(probe) {
                        Model::Probe(probe)
                    } else {
                        Model::Settle
                    }
                } else if judged(toward) || !open(toward) {
                    // Converged: the model's peak lies between the best size and a neighbour
                    // judged (or excluded) already, or one that cannot win. Session 41:
                    // halving on from here, the probes next to a peak cost 3 windows each and
                    // mostly settled where they began (docs/locksim.md).
                    Model::Settle
                } else {
                    // The model's peak rounds to a size judged already, but the neighbour
                    // towards it was not: a peak at a cliff (the parabola does not see how
                    // steeply the curve falls past it) may be there (C3 at latency 5 peaks at
                    // 7 where the parabola through 4, 8 and 16 peaks at 7.9).
                    Model::Probe(toward)
                }
            }
            None => Model::Unknown,
        }
    }

    /// Refine, beyond the paper: a climb that won at `cap` (it cannot grow: --max-ssc, or one
    /// CPU per lock-intensive task) may have passed the peak on its last doubling. With the
    /// two sizes the climb judged last below the cap, `a` < `b`, and their values as
    /// [`Search::model_probe`] takes them: where the last doubling added less than
    /// [`CAP_BEND`] of the value per CPU that the one before it did, the curve bends over
    /// between `b` and the cap, and a size between them is worth a probe: the parabola's peak
    /// through the three where it lies strictly between them, else their middle (a curve
    /// that rises straight to a cliff puts the parabola's peak past the cap). A curve that
    /// still rises at the cap settles there, as before. Without this, a simulated mutex on 16
    /// cores (C3) climbed 8 → 16 and stopped at 16, at 0.92 of the throughput at 13–14
    /// (docs/locksim.md, "The blocking grid").
    ///
    /// A climb that judged only `b` below the cap (its first size) takes the origin as `a`:
    /// no CPU does no work, so `b`'s value per CPU is what the doubling to the cap is held
    /// to. Where no size lies between that first size and the cap (1 → 2), the probe is `b`
    /// itself, judged again against the cap, bend or not: `b` was judged against nothing,
    /// and a first size can be judged low while the class forms (the counter pair's
    /// references of 0.74 and 0.42 at 1 CPU, where later windows read 0.92–0.99, let 2 CPUs
    /// win at 0.97 and 1.12; from 0.42 the doubling even looks super-linear,
    /// docs/benchmarks.md §66.3 and §67). A size that scales wins the second look too.
    /// Returns the probe and the lower end of the refinement.
    fn cap_probe(&self, cap: usize, cap_thro: Measure) -> Option<(usize, usize)> {
        if self.p.mode != Mode::Refine {
            return None;
        }
        let value =
            |n: usize, m: &Measure| m.against(&cap_thro) - self.price(m, &cap_thro) * n as f64;
        let mut below: Vec<(usize, f64)> = self
            .measured
            .iter()
            .filter(|&&(n, _)| n < cap)
            .map(|(n, m)| (*n, value(*n, m)))
            .collect();
        below.sort_by_key(|&(n, _)| n);
        let (a, fa) = match below[..] {
            [.., a, _] => a,
            _ => (0, 0.0),
        };
        let &(b, fb) = below.last()?;
        let fc = value(cap, &cap_thro);
        let (low, high) = ((fb - fa) / (b - a) as f64, (fc - fb) / (cap - b) as f64);
        let bends = low > 0.0 && high < CAP_BEND * low;
        if cap == b + 1 && (below.len() == 1 || bends) {
            return Some((b, a.max(self.p.min - 1)));
        }
        if !bends {
            return None;
        }
        let inside = |p: usize| p > b && p < cap;
        let probe = parabola_peak((a as f64, fa), (b as f64, fb), (cap as f64, fc))
            .map(|x| x.round() as usize)
            .filter(|&p| inside(p))
            .unwrap_or((b + cap) / 2);
        (inside(probe) && self.measured.iter().all(|&(n, _)| n != probe)).then_some((probe, b))
    }

    /// Refine: the optimum is in the open interval (lo, hi) and `best` (inside it) is the best
    /// size measured so far. Probe where the model puts the optimum ([`Search::model_probe`]),
    /// else the middle of the larger side, or settle on `best`.
    fn next_probe(
        &mut self,
        now: Duration,
        lo: usize,
        hi: usize,
        best: usize,
        best_thro: Measure,
        n_lock: usize,
    ) -> Action {
        let right = hi.saturating_sub(best);
        let left = best.saturating_sub(lo);
        let probe = match self.model_probe(lo, hi, best, best_thro) {
            Model::Probe(p) => Some(p),
            Model::Settle => None,
            Model::Unknown if right >= left && right > 1 => Some(best + right / 2),
            Model::Unknown if left > 1 => Some(best - left / 2),
            Model::Unknown if right > 1 => Some(best + right / 2),
            Model::Unknown => None,
        };
        match probe.filter(|&p| p >= self.p.min && p <= self.p.max) {
            Some(p) => {
                self.phase = Phase::Refining {
                    lo,
                    hi,
                    best,
                    best_thro,
                    streak: 0,
                };
                self.move_to(now, p);
                Action::Probe
            }
            None => {
                let returned = best != self.size;
                if returned {
                    self.move_to(now, best);
                }
                self.stop(best_thro, n_lock.min(best).max(1), returned);
                Action::Settle
            }
        }
    }
}

/// What [`Search::model_probe`] makes of the judged sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Model {
    Probe(usize),
    Settle,
    Unknown,
}

/// The relative standard errors of a window's thro (with `unseen`, [`Votes::thro`]) and of its
/// acquisition rate, estimated from the spread of its parts: the standard deviation of the
/// parts' values over the square root of their number, over their mean. None with fewer than
/// three parts, a mean of 0, or (for the rate) a part without reported acquisitions.
pub fn window_noise(parts: &[Votes], unseen: f64) -> (Option<f64>, Option<f64>) {
    fn rse(xs: &[f64]) -> Option<f64> {
        let n = xs.len() as f64;
        let mean = xs.iter().sum::<f64>() / n;
        if xs.len() < 3 || mean <= 0.0 {
            return None;
        }
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
        Some(var.sqrt() / n.sqrt() / mean)
    }
    let thro: Vec<f64> = parts.iter().map(|p| p.thro(unseen)).collect();
    let acq: Option<Vec<f64>> = parts.iter().map(|p| p.acq_rate()).collect();
    (rse(&thro), acq.as_deref().and_then(rse))
}

/// Whether `m`'s comparison with the bar that `reference` sets is beyond its noise: its gap
/// to the bar is more than [`NOISE_Z`] times `scale` ([`Search::noise_scale`]) standard errors of the two measures together (each
/// from its window's parts) and more than [`MIN_GAIN`] of the reference (a gap smaller than
/// the bar's own margin decides nothing however quiet the windows).
fn resolved(m: &Measure, reference: &Measure, bar: f64, scale: f64) -> bool {
    let (a, b) = if m.by_acq(reference) {
        (m.acq_rse, reference.acq_rse)
    } else {
        (m.thro_rse, reference.thro_rse)
    };
    let (Some(a), Some(b)) = (a, b) else {
        return false;
    };
    let x = m.against(reference);
    let gap = (x - bar).abs();
    gap > NOISE_Z * scale * (a * x).hypot(b * reference.thro) && gap > MIN_GAIN * reference.thro
}

/// Whether `m`, a search's first measure, is a reference that one window makes: [`NOISE_Z`]
/// times `scale` standard errors of it (of thro, and of the acquisition rate where the tasks report it,
/// each from its window's parts) are within [`MIN_GAIN`], the margin every later comparison
/// must clear anyway.
fn quiet(m: &Measure, scale: f64) -> bool {
    let ok = |rse: Option<f64>| rse.is_some_and(|r| NOISE_Z * scale * r <= MIN_GAIN);
    ok(m.thro_rse) && (m.acq.is_none() || ok(m.acq_rse))
}

/// Where the parabola through three points (`a.0 < b.0 < c.0`) peaks: None unless it opens
/// downwards with its peak in [a.0, c.0].
fn parabola_peak(a: (f64, f64), b: (f64, f64), c: (f64, f64)) -> Option<f64> {
    // Curvature: a peak needs a falling slope (a maximum, not a minimum).
    let curv = ((c.1 - b.1) / (c.0 - b.0) - (b.1 - a.1) / (b.0 - a.0)) / (c.0 - a.0);
    if curv.is_nan() || curv >= -1e-12 {
        return None;
    }
    let (p, q) = ((b.0 - a.0) * (b.1 - c.1), (b.0 - c.0) * (b.1 - a.1));
    let den = p - q;
    let x = b.0 - 0.5 * ((b.0 - a.0) * p - (b.0 - c.0) * q) / den;
    (x.is_finite() && x >= a.0 && x <= c.0).then_some(x)
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    fn params(mode: Mode, max: usize) -> Params {
        Params {
            mode,
            initial: 2,
            min: 1,
            max,
            vote_min: Duration::from_micros(100),
            band: 0.3,
            remig_timeout: Duration::from_secs(30),
            cpu_cost: DEFAULT_CPU_COST,
            // The synthetic curves are the work itself, with no waste thro cannot see: the
            // tests of the bias and of the unseen traffic set them.
            thro_bias: 0.0,
            unseen_traffic: 0.0,
            recheck: None,
        }
    }

    /// A deterministic noise source (xorshift), in [-1, 1].
    struct Noise(u64);
    impl Noise {
        fn next(&mut self) -> f64 {
            self.0 ^= self.0 << 13;
            self.0 ^= self.0 >> 7;
            self.0 ^= self.0 << 17;
            (self.0 % 20001) as f64 / 10000.0 - 1.0
        }
    }

    /// Votes of one 100 ms window in which the lock-intensive tasks on `n` SSC cores spin
    /// with share `p` (pure spinning: the cores are saturated).
    fn spin_window(n: usize, p: f64) -> Votes {
        let wall = 100e6;
        let run = n as f64 * wall;
        Votes {
            run_ns: run,
            spin_ns: p * run,
            wall_ns: wall,
            ..Votes::default()
        }
    }

    /// Votes of one window in which tasks block off-CPU: each of the `n` cores is busy for a
    /// share `busy` of the window and spins for a share `p` of that.
    fn block_window(n: usize, busy: f64, p: f64) -> Votes {
        let wall = 100e6;
        let run = n as f64 * wall * busy;
        Votes {
            run_ns: run,
            spin_ns: p * run,
            block_ns: n as f64 * wall * (1.0 - busy),
            wall_ns: wall,
            ..Votes::default()
        }
    }

    /// Votes of one window in which tasks wait for a user lock (futex) on `n` saturated cores:
    /// they block off-CPU, but every hand-off costs system time (futex calls, switches,
    /// wake-ups), a share `p` of the run. What is seen at 16 vCPUs (`docs/benchmarks.md` §8).
    fn traffic_window(n: usize, p: f64) -> Votes {
        let wall = 100e6;
        let run = n as f64 * wall;
        Votes {
            run_ns: run,
            block_ns: run,
            lock_sys_ns: p * run,
            wall_ns: wall,
            ..Votes::default()
        }
    }

    /// Votes of a window on `n` busy cores that lose a share `p` of their time to a user
    /// lock's traffic, as the VM measured it: part of it system time, the rest as much user
    /// time per unit of system time as `--unseen-lock-traffic` assumes by default.
    fn unseen_window(n: usize, p: f64) -> Votes {
        let mut v = traffic_window(n, p);
        v.lock_sys_ns /= 1.0 + DEFAULT_UNSEEN_TRAFFIC;
        v
    }

    /// How the synthetic windows wait for their lock.
    #[derive(Clone, Copy, Debug)]
    enum Kind {
        /// Spinning: the waste is on-CPU lock wait.
        Spin,
        /// Blocking with free cores: waiters sleep and their cores idle.
        Block,
        /// Blocking with busy cores: the waste is the hand-offs' system time.
        Traffic,
        /// Blocking with busy cores: the waste is the hand-offs' system time and the user
        /// time they take beside it, which no probe sees (the search assumes the default).
        Unseen,
    }
    const KINDS: [Kind; 4] = [Kind::Spin, Kind::Block, Kind::Traffic, Kind::Unseen];

    impl Kind {
        /// A window of this kind in which `n` tasks on as many cores do `t` cores of work.
        fn window(self, n: usize, t: f64) -> Votes {
            let m = n.max(1);
            match self {
                // Futex-style: nobody spins, the cores idle while the tasks block, so each
                // core is busy for a share t / n of the window.
                Kind::Block => block_window(m, (t / m as f64).clamp(0.0, 1.0), 0.0),
                Kind::Spin => spin_window(n, p_for(m, t)),
                Kind::Traffic => traffic_window(n, p_for(m, t)),
                Kind::Unseen => unseen_window(n, p_for(m, t)),
            }
        }

        /// One of a window's [`WINDOW_PARTS`] parts: [`Kind::window`] over a fifth of the time.
        fn part(self, n: usize, t: f64) -> Votes {
            let mut w = self.window(n, t);
            w.scale(1.0 / WINDOW_PARTS as f64);
            w
        }

        /// [`params`] for windows of this kind: the search assumes the unseen user time
        /// that [`Kind::Unseen`]'s windows hold.
        fn params(self, mode: Mode, max: usize) -> Params {
            let unseen_traffic = match self {
                Kind::Unseen => DEFAULT_UNSEEN_TRAFFIC,
                _ => 0.0,
            };
            Params {
                unseen_traffic,
                ..params(mode, max)
            }
        }
    }

    /// Spin share that makes the SSC's throughput `t` on `n` cores: t = n (1 − p).
    fn p_for(n: usize, t: f64) -> f64 {
        (1.0 - t / n as f64).clamp(0.0, 1.0)
    }

    /// Run the search against a throughput curve until it has been stopped for a while or
    /// `max_windows` pass. `kind` picks how the windows are made.
    /// Returns (settled size, decisions that compared throughputs, sizes tried).
    fn run(
        s: &mut Search,
        n_lock: usize,
        curve: &dyn Fn(usize) -> f64,
        noise: f64,
        kind: Kind,
        max_windows: usize,
    ) -> (usize, u64, Vec<usize>) {
        let common = Parts::Common;
        run_parts(s, n_lock, curve, noise, kind, max_windows, 0, common, true)
    }

    /// How a window's noise shows in its parts ([`Search::feed_parts`]).
    #[derive(Clone, Copy, Debug, PartialEq)]
    enum Parts {
        /// [`WINDOW_PARTS`] parts, each with its own noise, scaled so that the window's mean
        /// spreads as a window read once does: the parts' spread estimates it.
        Independent,
        /// [`WINDOW_PARTS`] parts that share the window's noise: their spread is 0 and says
        /// nothing of it (the worst case, noise slower than a window).
        Common,
        /// As the VM's two lock threads at 4 vCPUs: parts within ±`noise`/4 of each other,
        /// and in a third of the windows one part that dips by 2 to 4 times `noise`.
        Bursty,
    }

    /// [`run`] with the noise drawn from another seed (0: `run`'s), in the window's parts as
    /// `parts` says, read in them or (`once`) as one sum, as before session 42 (Common read
    /// once is [`run`]).
    #[allow(clippy::too_many_arguments)]
    fn run_parts(
        s: &mut Search,
        n_lock: usize,
        curve: &dyn Fn(usize) -> f64,
        noise: f64,
        kind: Kind,
        max_windows: usize,
        seed: u64,
        parts: Parts,
        once: bool,
    ) -> (usize, u64, Vec<usize>) {
        let mut rng = Noise(0x9e3779b97f4a7c15 ^ seed.wrapping_mul(0x2545f4914f6cdd1d));
        let mut tried = vec![s.size()];
        let mut stopped_for = 0;
        for i in 0..max_windows {
            let n = s.size().min(n_lock);
            let now = MS * 100 * i as u32;
            let part = |t: f64| kind.part(n, t.max(0.0));
            let k = (WINDOW_PARTS as f64).sqrt();
            let w: Vec<Votes> = match parts {
                Parts::Common => {
                    let t = curve(s.size()) * (1.0 + noise * rng.next());
                    (0..WINDOW_PARTS).map(|_| part(t)).collect()
                }
                Parts::Bursty => {
                    let c = curve(s.size());
                    let dip = rng.next() < -1.0 / 3.0;
                    let depth = noise * (3.0 + rng.next());
                    (0..WINDOW_PARTS)
                        .map(|i| {
                            let d = if dip && i == 2 { depth } else { 0.0 };
                            part(c * (1.0 + 0.25 * noise * rng.next() - d))
                        })
                        .collect()
                }
                Parts::Independent => (0..WINDOW_PARTS)
                    .map(|_| part(curve(s.size()) * (1.0 + k * noise * rng.next())))
                    .collect(),
            };
            let d = if once {
                s.feed(now, n_lock, &Votes::sum(&w))
            } else {
                s.feed_parts(now, n_lock, &w)
            };
            if std::env::var("SEARCH_DEBUG").is_ok() && d.action != Action::Wait {
                eprintln!("{i} {d:?} ref {:.3} {:?}", s.thro_ref(), s.phase());
            }
            if d.new_size != *tried.last().unwrap() {
                tried.push(d.new_size);
            }
            if s.phase() == Phase::Stopped {
                stopped_for += 1;
                if stopped_for > 20 {
                    break;
                }
            } else {
                stopped_for = 0;
            }
        }
        (s.size(), s.steps(), tried)
    }

    /// A unimodal curve with its peak at `opt`: linear gain up to it, then lock thrashing.
    fn peaked(opt: usize) -> impl Fn(usize) -> f64 {
        move |n| {
            let n = n as f64;
            let o = opt as f64;
            if n <= o {
                n * 0.9
            } else {
                (o * 0.9 - (n - o) * 0.6).max(0.2)
            }
        }
    }

    #[test]
    fn thro_reduces_to_the_thesis_formula_for_spinning() {
        for n in [1usize, 2, 8, 32] {
            for p in [0.0, 0.1, 0.5, 0.9] {
                let v = spin_window(n, p);
                let thesis = n as f64 * (1.0 - p);
                assert!((v.thro(0.0) - thesis).abs() < 1e-9, "n={n} p={p}");
                assert!((v.p_spin() - p).abs() < 1e-9);
            }
        }
        // Fewer lock-intensive tasks (m) than SSC cores: only m cores carry votes, and thro is
        // work_cores · (1 − p̄) with work_cores = min(m, n).
        let m = 3;
        let v = spin_window(m, 0.2);
        assert!((v.thro(0.0) - m as f64 * 0.8).abs() < 1e-9);
        // Blocking waits cost no core time: a core busy half the time, never spinning, does
        // half a core of useful work, and the wait share counts the off-CPU time.
        let b = block_window(4, 0.5, 0.0);
        assert!((b.thro(0.0) - 2.0).abs() < 1e-9);
        assert!((b.p_wait() - 0.5).abs() < 1e-9);
        assert_eq!(b.p_spin(), 0.0);
        // Blocking on busy cores: the hand-offs' system time is waste, as spin is. 8 cores
        // busy, 90% of it lock traffic, do less than one core of work: fewer than one core
        // with no traffic (measured at 16 vCPUs: 32 threads on one mutex ran 2x faster on 1
        // SSC CPU than on 8, where thro without lock_sys said 6.7 against 1.0).
        let t = traffic_window(8, 0.9);
        assert!((t.thro(0.0) - 0.8).abs() < 1e-9);
        assert!((t.p_sys() - 0.9).abs() < 1e-9);
        assert!(t.thro(0.0) < traffic_window(1, 0.0).thro(0.0));
    }

    /// A refine search on 2 CPUs, from 1, fed `one` at size 1 and `two` at size 2 with
    /// `n_lock` lock-intensive tasks for 4 s: the search at the end.
    fn settle_between(p: Params, n_lock: usize, one: Votes, two: Votes) -> Search {
        let mut s = Search::new(Params {
            initial: 1,
            thro_bias: DEFAULT_THRO_BIAS,
            ..p
        });
        for i in 0..40u32 {
            let w = if s.size() == 1 { one } else { two };
            s.feed(MS * 100 * i, n_lock, &w);
        }
        s
    }

    #[test]
    fn waits_for_other_cpus_are_waste() {
        // mmap's pattern at 2 vCPUs (docs/benchmarks.md §41): on 1 CPU the tasks run 80% of
        // the window; on 2 they run 120%, of which a quarter waits for TLB shootdowns on the
        // other CPU. Without that wait a size of 2 looks 50% better; with it, it is short of
        // the bar that a second CPU must clear.
        let one = Votes {
            run_ns: 80e6,
            wall_ns: 100e6,
            ..Votes::default()
        };
        let mut two = Votes {
            run_ns: 120e6,
            wall_ns: 100e6,
            ..Votes::default()
        };
        assert!((two.thro(0.0) - 1.2).abs() < 1e-9);
        two.xcall_ns = 30e6;
        assert!((two.thro(0.0) - 0.9).abs() < 1e-9);
        assert!((two.p_xcall() - 0.25).abs() < 1e-9);
        let s = settle_between(params(Mode::Refine, 2), 2, one, two);
        assert_eq!((s.size(), s.phase()), (1, Phase::Stopped));
    }

    #[test]
    fn user_lock_traffic_costs_user_time_too() {
        // counter-mutex at 2 vCPUs (docs/benchmarks.md §42): four threads on one glibc mutex.
        // On 1 CPU they run 98% of the window with no lock traffic; on 2 they run 178%, 50%
        // of it system time on the futex calls, and do half the operations: of the other 128%
        // about 80% is user time lost to the lock word's transfers. Counting the system time
        // alone, 2 CPUs look 30% better and clear the bar; counting as much user time beside
        // it (the default), they are worse than 1.
        let one = Votes {
            run_ns: 98e6,
            wall_ns: 100e6,
            ..Votes::default()
        };
        let two = Votes {
            run_ns: 178e6,
            lock_sys_ns: 50e6,
            wall_ns: 100e6,
            ..Votes::default()
        };
        assert!((two.thro(0.0) - 1.28).abs() < 1e-9);
        assert!((two.thro(DEFAULT_UNSEEN_TRAFFIC) - 0.78).abs() < 1e-9);
        assert_eq!(one.thro(0.0), one.thro(DEFAULT_UNSEEN_TRAFFIC));
        let settle = |unseen: f64| {
            let p = Params {
                unseen_traffic: unseen,
                ..params(Mode::Refine, 2)
            };
            let s = settle_between(p, 4, one, two);
            assert_eq!(s.phase(), Phase::Stopped);
            s.size()
        };
        assert_eq!(settle(0.0), 2, "the system time alone");
        assert_eq!(
            settle(DEFAULT_UNSEEN_TRAFFIC),
            1,
            "with the unseen user time"
        );
    }

    #[test]
    fn votes_halve_and_sufficiency() {
        let mut s = Search::new(params(Mode::Paper, 16));
        assert_eq!(s.size(), 2);
        // 2 SSC cores need more than 2 x 100 us of run time.
        let tiny = Votes {
            run_ns: 150e3,
            wall_ns: 1e6,
            ..Votes::default()
        };
        // The first window at a new size is dropped; at a start that is the one in which
        // the number of lock-intensive tasks is first seen. A dropped window needs no votes
        // (the agent ends the one after a move early).
        assert_eq!(s.feed(MS, 4, &tiny).action, Action::Stay);
        assert_eq!(s.votes(), Votes::default());
        // A judged window does.
        assert_eq!(s.feed(2 * MS, 4, &tiny).action, Action::Wait);
        assert!(!s.sufficient());
        assert_eq!(s.feed(3 * MS, 4, &tiny).action, Action::Stay); // first win: no move yet
        let v = s.votes();
        assert_eq!(
            v.run_ns, 150e3,
            "votes halved after a decision without a move"
        );
        assert_eq!(v.wall_ns, 1e6);
        let mut h = tiny;
        h.halve();
        assert_eq!(h.run_ns, 75e3);
    }

    #[test]
    fn doubling_needs_two_wins_and_clears_votes() {
        let mut s = Search::new(params(Mode::Paper, 16));
        let w = spin_window(2, 0.1);
        assert_eq!(s.feed(MS, 8, &w).action, Action::Stay); // dropped: n_lock first seen
        assert_eq!(s.steps(), 0);
        assert_eq!(s.feed(2 * MS, 8, &w).action, Action::Stay);
        let d = s.feed(3 * MS, 8, &w);
        assert_eq!(d.action, Action::Grow);
        assert_eq!(d.new_size, 4);
        assert_eq!(s.votes(), Votes::default());
        assert!((s.thro_ref() - 1.8).abs() < 1e-9);
    }

    #[test]
    fn a_wide_margin_decides_in_one_window_and_noise_never_does() {
        // Perfect scaling from 1: after the first size (two windows, nothing to compare
        // with), each doubling wins by about 2× against a bar near 1.1× and takes one
        // window after the dropped one.
        let mut s = Search::new(Params {
            initial: 1,
            ..params(Mode::Paper, 16)
        });
        let mut grew_at = Vec::new();
        for i in 0..20u32 {
            let n = s.size();
            let d = s.feed(MS * 100 * i, 16, &spin_window(n, 0.1));
            if d.action == Action::Grow {
                grew_at.push(i);
            }
        }
        // Window 0 is dropped (the lock-intensive tasks first seen, the first window at the
        // size), 1 and 2 are the first size's wins; after each move one window is dropped
        // and the next decides.
        assert_eq!(
            grew_at,
            vec![2, 4, 6, 8],
            "{:?}",
            s.history().collect::<Vec<_>>()
        );

        // ±20% noise around a flat curve (the VM's spread at 2 vCPUs, docs/benchmarks.md
        // §20.4: size 2 against size 1's 0.94–1.0) never clears 1.5 times the bar: each such
        // window moves the streak by one.
        let s = Search::new(params(Mode::Refine, 2));
        let th = |thro| Measure {
            thro,
            ..Measure::default()
        };
        let mut rng = Noise(7);
        for _ in 0..1000 {
            let t = 1.04 * (1.0 + 0.2 * rng.next());
            assert_eq!(s.streak(0, th(t), 2, th(0.97), 1, 1.0).abs(), 1, "thro {t}");
            assert_eq!(s.streak(0, th(0.97), 1, th(t), 2, 1.0).abs(), 1, "thro {t}");
        }
        // A mutex that falls to half at twice the size loses decisively.
        assert_eq!(s.streak(0, th(0.5), 2, th(1.0), 1, 1.0), -2);
    }

    #[test]
    fn early_parts_take_window_parts_into_account() {
        assert_eq!(early_parts(None, WINDOW_PARTS), Ok(EARLY_PARTS));
        assert_eq!(early_parts(None, 2), Ok(0));
        assert_eq!(early_parts(None, 1), Ok(0));
        assert_eq!(early_parts(Some(0), 1), Ok(0));
        assert_eq!(early_parts(Some(4), 5), Ok(4));
        let e = early_parts(Some(5), 5).unwrap_err();
        assert!(e.contains("--early-parts 5") && e.contains("2 to 4"), "{e}");
        let e = early_parts(Some(1), 5).unwrap_err();
        assert!(e.contains("--early-parts 1") && e.contains("2 to 4"), "{e}");
        let e = early_parts(Some(2), 2).unwrap_err();
        assert!(
            e.contains("--early-parts 2") && e.contains("allowed: 0"),
            "{e}"
        );
    }

    #[test]
    fn a_window_that_decides_alone_may_end_early() {
        // A window read in parts as they come: `parts` of WINDOW_PARTS of a window of this
        // curve at size n.
        let parts = |n: usize, t: f64, k: usize| -> Vec<Votes> { vec![Kind::Spin.part(n, t); k] };
        // Perfect scaling from 1: every doubling wins by about twice the bar.
        let mut s = Search::new(Params {
            initial: 1,
            ..params(Mode::Refine, 16)
        });
        let (mut early, mut i) = (Vec::new(), 0u32);
        while s.size() < 16 && i < 40 {
            let n = s.size();
            let now = MS * 100 * i;
            // Never on one part, never without changing the search it asks.
            assert!(!s.decides_early(now, 16, &parts(n, 0.9 * n as f64, 1)));
            let before = (s.size(), s.phase(), s.steps(), s.votes());
            let k = if s.decides_early(now, 16, &parts(n, 0.9 * n as f64, EARLY_PARTS_MIN)) {
                early.push(n);
                EARLY_PARTS_MIN
            } else {
                WINDOW_PARTS
            };
            assert_eq!(before, (s.size(), s.phase(), s.steps(), s.votes()));
            let d = s.feed_parts(now, 16, &parts(n, 0.9 * n as f64, k));
            // A window ended early decides what it was asked about.
            if k == EARLY_PARTS_MIN {
                assert_eq!(d.action, Action::Grow, "{d:?}");
            }
            i += 1;
        }
        assert_eq!(s.size(), 16);
        // Each doubling's judged window ends early; the first size (nothing to compare with)
        // and the windows dropped after each move do not.
        assert_eq!(early, [2, 4, 8], "{:?}", s.history().collect::<Vec<_>>());

        // A close comparison reads its whole window: 2 against 1 on a curve that barely
        // rises (5%, under the bar's margin and price), its parts ±10% apart, so that
        // neither the margin nor the parts' noise decides it alone.
        let mut s = Search::new(Params {
            initial: 1,
            ..params(Mode::Refine, 2)
        });
        let flat = |n: usize| 0.9 + 0.05 * (n as f64 - 1.0);
        let noisy = |n: usize, k: usize| -> Vec<Votes> {
            [1.1, 0.9, 1.05, 0.95, 1.0][..k]
                .iter()
                .map(|f| parts(n, flat(n) * f, 1)[0])
                .collect()
        };
        for i in 0..16u32 {
            let n = s.size();
            assert!(
                !s.decides_early(MS * 100 * i, 2, &noisy(n, WINDOW_PARTS - 1)),
                "window {i} at size {n}: {:?}",
                s.history().collect::<Vec<_>>()
            );
            s.feed_parts(MS * 100 * i, 2, &noisy(n, WINDOW_PARTS));
        }
        // Settled: nothing is judged, nothing ends early.
        assert_eq!(s.phase(), Phase::Stopped);
        assert!(!s.decides_early(MS * 1300, 2, &parts(1, 5.0, WINDOW_PARTS - 1)));
    }

    /// stress-ng pipe at 2 vCPUs, as the search sees it (docs/benchmarks.md sections 93,
    /// 94): a search from 1 on 2 CPUs fed 1 CPU's 0.92 until it grows to 2; the search and
    /// the index of its next window.
    fn pipe_grown_to_two() -> (Search, u32) {
        let mut s = Search::new(Params {
            initial: 1,
            ..params(Mode::Refine, 2)
        });
        let mut i = 0u32;
        while s.size() == 1 && i < 20 {
            s.feed_parts(MS * 100 * i, 2, &[Kind::Spin.part(1, 0.92); WINDOW_PARTS]);
            i += 1;
        }
        assert_eq!(s.size(), 2, "{:?}", s.history().collect::<Vec<_>>());
        (s, i)
    }

    /// The pipe's steady windows from window `from` on (1.4 at 2 CPUs once the pair has
    /// spread, 0.92 at 1) until the search stops, 10 windows at most.
    fn pipe_until_stopped(s: &mut Search, from: u32) {
        for i in from..from + 10 {
            if s.phase() == Phase::Stopped {
                break;
            }
            let n = s.size();
            let t = if n == 2 { 1.4 } else { 0.92 };
            s.feed_parts(MS * 100 * i, 2, &[Kind::Spin.part(n, t); WINDOW_PARTS]);
        }
    }

    #[test]
    fn a_window_that_would_stop_the_search_reads_its_whole_length() {
        // stress-ng pipe at 2 vCPUs (docs/benchmarks.md section 93): 0.92 at 1 CPU, 1.3 and
        // more at 2 once the pair has spread, but the first parts at 2 can read a transient
        // far below 1 CPU's value. Settling back at 1 on them would end the search there for
        // the run; a move may still end a window early (the test above).
        let part = |n: usize, t: f64| Kind::Spin.part(n, t);
        let (mut s, mut i) = pipe_grown_to_two();
        // The window right after the move is dropped.
        s.feed_parts(MS * 100 * i, 2, &[part(2, 0.65); WINDOW_PARTS]);
        i += 1;
        let transient = [part(2, 0.65); EARLY_PARTS_MIN];
        assert!(
            !s.decides_early(MS * 100 * i, 2, &transient),
            "{:?}",
            s.history().collect::<Vec<_>>()
        );
        // The whole window: the transient, then the pair spread over both CPUs.
        let mut whole = vec![part(2, 0.65); EARLY_PARTS_MIN];
        whole.resize(WINDOW_PARTS, part(2, 1.8));
        s.feed_parts(MS * 100 * i, 2, &whole);
        pipe_until_stopped(&mut s, i + 1);
        assert_eq!(
            (s.phase(), s.size()),
            (Phase::Stopped, 2),
            "{:?}",
            s.history().collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_settle_below_a_judged_size_is_rechecked_when_asked() {
        // 1 CPU reads 0.92; 2 CPUs read `first` in the windows right after the grow, under
        // the bar (0.92 * 1.02 + 0.1), so the search settles back at 1, and `later` from
        // then on.
        let run = |recheck: Option<Duration>, first: f64, later: f64, windows: u32| {
            let mut s = Search::new(Params {
                initial: 1,
                recheck,
                ..params(Mode::Refine, 2)
            });
            let mut stopped = false;
            for i in 0..windows {
                stopped |= s.phase() == Phase::Stopped;
                let t = match (s.size(), stopped) {
                    (1, _) => 0.92,
                    (_, false) => first,
                    (_, true) => later,
                };
                s.feed_parts(
                    MS * 100 * i,
                    2,
                    &[Kind::Spin.part(s.size(), t); WINDOW_PARTS],
                );
            }
            s
        };
        let secs = Some(Duration::from_secs(2));
        // Off (the default): the settle at 1 holds.
        let s = run(None, 1.0, 1.3, 150);
        assert_eq!(
            (s.size(), s.rechecks()),
            (1, 0),
            "{:?}",
            s.history().collect::<Vec<_>>()
        );
        // 2 CPUs lost narrowly (1.0 is past half the price, 0.92 * 1.02 + 0.05) and read 1.3
        // later: the re-check 2 s after the settle moves the SSC there.
        let s = run(secs, 1.0, 1.3, 150);
        let h = s.history().collect::<Vec<_>>();
        assert_eq!(
            (s.size(), s.phase(), s.rechecks()),
            (2, Phase::Stopped, 1),
            "{h:?}"
        );
        // 2 CPUs gained less than half their price (0.95): a clear loss, never re-checked.
        let s = run(secs, 0.95, 1.3, 150);
        let h = s.history().collect::<Vec<_>>();
        assert_eq!((s.size(), s.rechecks()), (1, 0), "{h:?}");
        // 2 CPUs still lose narrowly: back at 1 each time, the wait doubling (2, 4, then 8 s
        // after the settle near 0.5 s: re-checks near 2.5, 6.7 and 14.7 s), and none once it
        // reaches the 30-s re-search. A re-check that loses clearly is the last.
        for (later, secs_run, rechecks) in [
            (1.0, 5, 1),
            (1.0, 10, 2),
            (1.0, 15, 3),
            (1.0, 30, 3),
            (0.95, 30, 1),
        ] {
            let s = run(secs, 1.0, later, secs_run * 10);
            let h = s.history().collect::<Vec<_>>();
            assert_eq!(
                (s.size(), s.rechecks()),
                (1, rechecks),
                "{later} for {secs_run} s: {h:?}"
            );
        }
    }

    #[test]
    fn a_stop_the_parts_decide_before_the_noise_is_calibrated_needs_a_wider_gap() {
        // stress-ng pipe at 2 vCPUs (docs/benchmarks.md section 94): 0.92 at 1 CPU, 1.3 and
        // more at 2 once the pair has spread, but the first full window at 2 can read below
        // the bar with parts quiet enough to decide alone by the noise scale of 1 the search
        // assumes until NOISE_PAIRS_MIN pairs of windows calibrate it.
        let part = |n: usize, t: f64| Kind::Spin.part(n, t);
        let run = |z: f64| {
            let (mut s, i) = pipe_grown_to_two();
            // The window right after the move is dropped.
            s.feed_parts(MS * 100 * i, 2, &[part(2, 1.3); WINDOW_PARTS]);
            // 0.05 under the bar, the parts spread so that this is z standard errors.
            let gap = 0.05;
            let x = 0.92 * (1.0 + MIN_GAIN) + DEFAULT_CPU_COST - gap;
            let d = gap * (WINDOW_PARTS as f64).sqrt() / (z * x);
            let low: Vec<Votes> = [d, -d, d, -d, 0.0]
                .iter()
                .map(|f| part(2, x * (1.0 + f)))
                .collect();
            let (rse, _) = window_noise(&low, 0.0);
            assert!((gap / (rse.unwrap() * x) - z).abs() < 0.01 * z, "{rse:?}");
            s.feed_parts(MS * 100 * (i + 1), 2, &low);
            pipe_until_stopped(&mut s, i + 2);
            s
        };
        // Beyond NOISE_Z standard errors but within NOISE_PRIOR times as many: the settle
        // back at 1 waits for a second window, which reads 2 CPUs' value.
        let s = run(0.75 * NOISE_PRIOR * NOISE_Z);
        let h = s.history().collect::<Vec<_>>();
        assert_eq!(
            (s.phase(), s.size(), s.held_stops()),
            (Phase::Stopped, 2, 1),
            "{h:?}"
        );
        // Beyond that, the window decides the stop alone, as it did before.
        let s = run(1.5 * NOISE_PRIOR * NOISE_Z);
        let h = s.history().collect::<Vec<_>>();
        assert_eq!(
            (s.phase(), s.size(), s.held_stops()),
            (Phase::Stopped, 1, 0),
            "{h:?}"
        );
    }

    #[test]
    fn a_windows_parts_estimate_its_noise() {
        let part = |run_ms: f64| Votes {
            run_ns: run_ms * 1e6,
            wall_ns: 20e6,
            ..Votes::default()
        };
        // thro 0.9, 1.0, 1.1, 1.0, 1.0: sd 0.0707, over √5, over the mean 1.0.
        let parts: Vec<Votes> = [18.0, 20.0, 22.0, 20.0, 20.0].map(part).to_vec();
        let (thro, acq) = window_noise(&parts, 0.0);
        assert!(
            (thro.unwrap() - 0.0707107 / 5f64.sqrt()).abs() < 1e-6,
            "{thro:?}"
        );
        assert_eq!(acq, None, "no part reported acquisitions");
        // Too few parts, or nothing useful done: no estimate.
        assert_eq!(window_noise(&parts[..2], 0.0), (None, None));
        assert_eq!(window_noise(&[part(0.0); 5], 0.0).0, None);
        // The same spread in the reported acquisitions.
        let acq: Vec<Votes> = [90.0, 100.0, 110.0, 100.0, 100.0]
            .map(|a| Votes {
                acq: a,
                acq_run_ns: 20e6,
                ..part(20.0)
            })
            .to_vec();
        let (thro, rate) = window_noise(&acq, 0.0);
        assert_eq!(thro, Some(0.0));
        assert!((rate.unwrap() - 0.0707107 / 5f64.sqrt()).abs() < 1e-6);
    }

    #[test]
    fn a_gap_beyond_the_windows_noise_decides_in_one_window() {
        let s = Search::new(params(Mode::Refine, 32));
        let m = |thro, rse| Measure {
            thro,
            thro_rse: rse,
            ..Measure::default()
        };
        // A probe next to the best size, 4% under the bar that the best size's 14.9 sets
        // (15.38 with the margin and the price): the simulator's C3 at 17 cores.
        let reference = m(14.9, Some(0.004));
        assert_eq!(
            s.streak(0, m(14.76, Some(0.002)), 17, reference, 16, 1.0),
            -2
        );
        // Windows whose parts spread a few percent leave it to a second window.
        assert_eq!(
            s.streak(0, m(14.76, Some(0.014)), 17, reference, 16, 1.0),
            -1
        );
        assert_eq!(
            s.streak(0, m(14.76, Some(0.002)), 17, m(14.9, Some(0.02)), 16, 1.0),
            -1
        );
        // So does a window read once (no estimate), on either side.
        assert_eq!(s.streak(0, m(14.76, None), 17, reference, 16, 1.0), -1);
        assert_eq!(
            s.streak(0, m(14.76, Some(0.002)), 17, m(14.9, None), 16, 1.0),
            -1
        );
        // However quiet the windows, a gap under the 2% margin decides nothing alone.
        let bar = s.bar(17, 14.9, 16, s.price(&reference, &reference));
        assert_eq!(
            s.streak(0, m(bar + 0.2, Some(0.0)), 17, m(14.9, Some(0.0)), 16, 1.0),
            1
        );
        assert_eq!(
            s.streak(0, m(bar + 0.4, Some(0.0)), 17, m(14.9, Some(0.0)), 16, 1.0),
            2
        );
        // The first size has nothing to be compared with: one quiet window makes the
        // reference (5 standard errors within the 2% margin), a noisier one does not.
        assert_eq!(
            s.streak(0, m(1.0, Some(0.003)), 1, Measure::default(), 0, 1.0),
            2
        );
        assert_eq!(
            s.streak(0, m(1.0, Some(0.005)), 1, Measure::default(), 0, 1.0),
            1
        );
        assert_eq!(s.streak(0, m(1.0, None), 1, Measure::default(), 0, 1.0), 1);
    }

    #[test]
    fn a_measure_counts_in_the_references_units_where_both_report_acquisitions() {
        let r = Measure {
            thro: 0.97,
            acq: Some(200_000.0),
            ..Measure::default()
        };
        let m = Measure {
            thro: 1.2,
            acq: Some(110_000.0),
            ..Measure::default()
        };
        assert!((m.against(&r) - 0.55 * 0.97).abs() < 1e-9);
        // Without acquisitions on either side, or a reference that made none: thro.
        let plain = Measure {
            thro: 0.97,
            acq: None,
            ..Measure::default()
        };
        assert_eq!(m.against(&plain), 1.2);
        assert_eq!(plain.against(&r), 0.97);
        let none = Measure {
            thro: 0.5,
            acq: Some(0.0),
            ..Measure::default()
        };
        assert_eq!(m.against(&none), 1.2);
        // Coverage: the reporting tasks must have done 90% of the run.
        let v = |acq_run_ns| Votes {
            run_ns: 100e6,
            wall_ns: 100e6,
            acq: 1000.0,
            acq_run_ns,
            ..Votes::default()
        };
        assert_eq!(v(90e6).acq_rate(), Some(10_000.0));
        assert_eq!(v(80e6).acq_rate(), None);
        let mut h = v(100e6);
        h.halve();
        assert_eq!(h.acq_rate(), Some(10_000.0));
    }

    #[test]
    fn reported_acquisitions_decide_where_thro_cannot_see_the_waste() {
        // One mutex, 4 threads, 2 CPUs, as measured in the VM (docs/benchmarks.md §21 and
        // §12.2): thro rises from 0.97 at one CPU to 1.20 at two, because the lock word's
        // cache-line transfers double the user time per operation where no signal sees them,
        // while the lock admits 0.55 times the acquisitions. Judged by thro the search keeps
        // two CPUs; judged by the acquisitions the threads report, one.
        let window = |n: usize, hints: bool| {
            let (thro, acq) = if n == 1 {
                (0.97, 20_000.0)
            } else {
                (1.2, 11_000.0)
            };
            Votes {
                run_ns: thro * 100e6,
                wall_ns: 100e6,
                acq: if hints { acq } else { 0.0 },
                acq_run_ns: if hints { thro * 100e6 } else { 0.0 },
                ..Votes::default()
            }
        };
        for hints in [false, true] {
            let mut s = Search::new(Params {
                initial: 1,
                ..params(Mode::Refine, 2)
            });
            for i in 1..=30 {
                let w = window(s.size(), hints);
                s.feed(i * 100 * MS, 4, &w);
            }
            assert_eq!(s.phase(), Phase::Stopped, "hints {hints}");
            assert_eq!(s.size(), if hints { 1 } else { 2 }, "hints {hints}");
        }
    }

    #[test]
    fn thro_bias_prices_only_sizes_judged_by_thro() {
        // One mutex, 4 threads, 2 CPUs, as §38 of docs/benchmarks.md measured it: thro 1.00 at
        // one CPU and 1.15 at two (the 90th percentile of its windows there), where the lock
        // admits half the acquisitions.
        // The price of the CPU alone (0.1) lets the second CPU win on thro; with thro's bias
        // (0.1 more) it loses. Where the threads report their acquisitions, the bias is not
        // charged: a second CPU that adds 15% of acquisitions wins with the default bias.
        let window = |n: usize, acq: Option<f64>| {
            let thro = if n == 1 { 1.0 } else { 1.15 };
            Votes {
                run_ns: thro * 100e6,
                wall_ns: 100e6,
                acq: acq.unwrap_or(0.0),
                acq_run_ns: if acq.is_some() { thro * 100e6 } else { 0.0 },
                ..Votes::default()
            }
        };
        let settle = |bias: f64, acq: &dyn Fn(usize) -> Option<f64>| {
            let mut s = Search::new(Params {
                initial: 1,
                thro_bias: bias,
                ..params(Mode::Refine, 2)
            });
            for i in 1..=30 {
                let n = s.size();
                s.feed(i * 100 * MS, 4, &window(n, acq(n)));
            }
            assert_eq!(s.phase(), Phase::Stopped);
            s.size()
        };
        let none = |_: usize| None;
        assert_eq!(settle(0.0, &none), 2, "thro without its bias");
        assert_eq!(settle(DEFAULT_THRO_BIAS, &none), 1, "thro with its bias");
        let more = |n: usize| Some(if n == 1 { 20_000.0 } else { 23_000.0 });
        assert_eq!(
            settle(DEFAULT_THRO_BIAS, &more),
            2,
            "acquisitions, 15% more at 2"
        );
        let fewer = |n: usize| Some(if n == 1 { 20_000.0 } else { 11_000.0 });
        assert_eq!(
            settle(DEFAULT_THRO_BIAS, &fewer),
            1,
            "acquisitions, fewer at 2"
        );
    }

    #[test]
    fn growth_is_capped_by_lock_tasks_and_max() {
        let mut s = Search::new(params(Mode::Paper, 16));
        let (size, _, tried) = run(&mut s, 3, &|n| n.min(3) as f64 * 0.9, 0.0, Kind::Spin, 200);
        assert_eq!(size, 3, "tried {tried:?}");
        let mut s = Search::new(params(Mode::Paper, 6));
        let (size, _, tried) = run(&mut s, 32, &|n| n as f64 * 0.9, 0.0, Kind::Spin, 200);
        assert_eq!(size, 6, "tried {tried:?}");
    }

    fn settle(mode: Mode, opt: usize, n_cpus: usize, noise: f64, kind: Kind) -> (usize, u64) {
        let mut s = Search::new(kind.params(mode, n_cpus));
        let (size, steps, tried) = run(&mut s, 64, &peaked(opt), noise, kind, 2000);
        assert_eq!(
            s.phase(),
            Phase::Stopped,
            "{mode} opt {opt}: tried {tried:?}"
        );
        eprintln!("{mode} opt {opt} N {n_cpus}: settled {size} in {steps} steps, tried {tried:?}");
        (size, steps)
    }

    #[test]
    fn paper_search_matches_the_thesis() {
        for kind in KINDS {
            // Optimum 1: the paper never goes below its initial 2 (T§3.4.3.6, single counter).
            assert_eq!(settle(Mode::Paper, 1, 32, 0.02, kind).0, 2);
            // Optimum 3: doubling overshoots to 4; T(4) > T(2) on this curve, T(8) < T(4).
            assert_eq!(settle(Mode::Paper, 3, 32, 0.02, kind).0, 4);
            // Optimum 10: doubling lands on 8 (T§3.4.3.6's known weakness).
            assert_eq!(settle(Mode::Paper, 10, 32, 0.02, kind).0, 8);
            // Optimum N: grows to every CPU.
            let (size, steps) = settle(Mode::Paper, 16, 16, 0.02, kind);
            assert_eq!(size, 16);
            assert!(steps <= 12, "O(log N) steps, took {steps}");
        }
    }

    #[test]
    fn refine_search_finds_the_optimum() {
        for kind in KINDS {
            for (opt, n) in [(1, 32), (3, 32), (10, 32), (16, 16), (5, 12), (13, 32)] {
                let (size, steps) = settle(Mode::Refine, opt, n, 0.02, kind);
                assert_eq!(size, opt, "opt {opt} N {n} {kind:?}");
                // Doubling (log2 N) plus bisection (log2 N), two decisions each, plus slack.
                assert!(steps <= 30, "opt {opt}: {steps} steps");
            }
        }
    }

    #[test]
    fn parabola_peak_finds_the_vertex() {
        let f = |x: f64| 10.0 - (x - 5.0) * (x - 5.0);
        let x = parabola_peak((2.0, f(2.0)), (4.0, f(4.0)), (8.0, f(8.0))).unwrap();
        assert!((x - 5.0).abs() < 1e-9, "{x}");
        // Collinear points and a valley have no peak.
        assert_eq!(parabola_peak((1.0, 1.0), (2.0, 2.0), (3.0, 3.0)), None);
        assert_eq!(parabola_peak((1.0, 3.0), (2.0, 1.0), (3.0, 3.0)), None);
    }

    /// A smooth concave curve (useful CPUs 0.9 n − 0.45 n² / opt) with its peak at `opt`.
    fn smooth(opt: usize) -> impl Fn(usize) -> f64 {
        move |n| (0.9 * n as f64 - 0.45 * (n * n) as f64 / opt as f64).max(0.05)
    }

    #[test]
    fn the_model_settles_a_smooth_peak_in_few_probes() {
        // What the bar compares: useful CPUs less the CPU cost of every SSC CPU.
        let net = |c: &dyn Fn(usize) -> f64, n: usize| c(n) - DEFAULT_CPU_COST * n as f64;
        for kind in KINDS {
            for (opt, n) in [(23, 32), (12, 32), (40, 64), (6, 16)] {
                let curve = smooth(opt);
                let mut s = Search::new(kind.params(Mode::Refine, n));
                let (size, steps, tried) = run(&mut s, 64, &curve, 0.02, kind, 2000);
                assert_eq!(s.phase(), Phase::Stopped, "opt {opt}: tried {tried:?}");
                let best = (1..=n).map(|k| net(&curve, k)).fold(f64::MIN, f64::max);
                assert!(
                    net(&curve, size) >= 0.97 * best,
                    "opt {opt} N {n} {kind:?}: settled {size}, tried {tried:?}"
                );
                // Doubling (two decisions a size) and at most three probes.
                let climb = 2 * (n as f64).log2().ceil() as u64 + 2;
                assert!(
                    steps <= climb + 6,
                    "opt {opt}: {steps} steps, tried {tried:?}"
                );
            }
        }
    }

    #[test]
    fn a_peak_just_below_the_cap_is_probed_and_a_scalable_curve_settles_at_it() {
        // A climb that wins at its cap (the machine's CPUs) on a curve that bent over before
        // it: a cliff at 13 of 16 (C3's mutex on 16 cores in scx-locksim peaks at 13-14 and
        // the climb 8 -> 16 won), at 27 of 32, and a smooth peak at 15 of 16. The search
        // probes below the cap and settles within 5% of the best size; a curve still rising
        // at the cap (the peak beyond it) settles at the cap without a probe.
        let net = |c: &dyn Fn(usize) -> f64, n: usize| c(n) - DEFAULT_CPU_COST * n as f64;
        for kind in KINDS {
            for (cliff, opt, n) in [(true, 13, 16), (true, 27, 32), (false, 15, 16)] {
                let curve: Box<dyn Fn(usize) -> f64> = if cliff {
                    Box::new(peaked(opt))
                } else {
                    Box::new(smooth(opt))
                };
                let best = (1..=n).map(|k| net(&*curve, k)).fold(f64::MIN, f64::max);
                let mut s = Search::new(kind.params(Mode::Refine, n));
                let (size, _, tried) = run(&mut s, 2 * n, &*curve, 0.0, kind, 2000);
                assert_eq!(s.phase(), Phase::Stopped, "opt {opt}: tried {tried:?}");
                assert!(
                    net(&*curve, size) >= 0.95 * best && size < n,
                    "{kind:?} opt {opt} of {n}: settled at {size}, tried {tried:?}"
                );
            }
            for n in [16, 32] {
                let mut s = Search::new(kind.params(Mode::Refine, n));
                let (size, _, tried) = run(&mut s, 2 * n, &peaked(4 * n), 0.0, kind, 2000);
                assert_eq!(size, n, "{kind:?} N {n}: tried {tried:?}");
                assert!(
                    tried.iter().all(|&t| t.is_power_of_two()),
                    "{kind:?}: {tried:?}"
                );
            }
        }
    }

    #[test]
    fn a_peak_at_a_cliff_is_found_where_the_model_rounds_past_it() {
        // Linear gain up to `opt`, a steep fall after: the parabola through the sizes the
        // climb judged rounds to the size past the peak (C3 at latency 5 in scx-locksim: the
        // parabola through 4, 8 and 16 peaks at 7.9 where 7 does 8% more than 8). The search
        // must still probe the neighbour towards the model's peak, and settle on the peak.
        for kind in KINDS {
            for (opt, n) in [(7, 16), (15, 32), (29, 64)] {
                let curve = peaked(opt);
                let mut s = Search::new(kind.params(Mode::Refine, n));
                let (size, _, tried) = run(&mut s, 2 * n, &curve, 0.0, kind, 2000);
                assert_eq!(s.phase(), Phase::Stopped, "opt {opt}: tried {tried:?}");
                assert_eq!(size, opt, "{kind:?} N {n}: tried {tried:?}");
            }
        }
    }

    #[test]
    fn a_side_the_far_secants_bound_is_not_probed() {
        // Linear gain up to a cliff at 16 of 32 (C3 on 32 cores in scx-locksim peaks at 16-17
        // and its climb judged 8, 16 and 32): once a probe past the peak lost (18), the side
        // below 16 is bounded by the climb's own rise (the secant from 4 to 8, extended) and
        // the one above by the secant from 32 back to 18. No size left can win, so the
        // search settles at 16 without judging a size below it (tried 2, 4, 8, 16, 32, 18,
        // 16; while only the sizes next to 16 bounded each side it went on to 15 and 17).
        for kind in KINDS {
            let mut s = Search::new(kind.params(Mode::Refine, 32));
            let (size, _, tried) = run(&mut s, 64, &peaked(16), 0.0, kind, 2000);
            assert_eq!(s.phase(), Phase::Stopped, "{kind:?}: tried {tried:?}");
            assert_eq!(size, 16, "{kind:?}: tried {tried:?}");
            let below: Vec<_> = tried.iter().filter(|&&t| t > 8 && t < 16).collect();
            assert!(below.is_empty(), "{kind:?}: tried {tried:?}");
        }
    }

    #[test]
    fn plateau_settles_on_a_small_good_size() {
        // Throughput flat from 4 cores on: more cores buy nothing.
        let flat = |n: usize| n.min(4) as f64 * 0.9;
        for mode in [Mode::Paper, Mode::Refine] {
            let mut s = Search::new(params(mode, 32));
            let (size, _, tried) = run(&mut s, 64, &flat, 0.01, Kind::Spin, 2000);
            assert_eq!(s.phase(), Phase::Stopped);
            assert!((4..=8).contains(&size), "{mode}: {size}, tried {tried:?}");
        }
    }

    #[test]
    fn a_search_that_starts_at_the_cap_probes_below() {
        // 2 CPUs, one mutex, 4 threads (docs/benchmarks.md §12): the second CPU adds ~3% of a
        // CPU to thro while the work done halves. The refine search starts at the cap (2) and
        // must still measure 1; with the CPU cost, 1 wins; with the thesis's plain ">" (cost 0)
        // thro's small rise keeps 2.
        let curve = |n: usize| if n >= 2 { 1.0 } else { 0.97 };
        for kind in KINDS {
            let mut s = Search::new(kind.params(Mode::Refine, 2));
            let (size, _, tried) = run(&mut s, 4, &curve, 0.02, kind, 2000);
            assert_eq!(s.phase(), Phase::Stopped);
            assert_eq!(size, 1, "{kind:?}: tried {tried:?}");
            assert!(tried.contains(&1) && tried.contains(&2), "{tried:?}");

            let mut s = Search::new(Params {
                cpu_cost: 0.0,
                thro_bias: 0.0,
                ..kind.params(Mode::Refine, 2)
            });
            let (size, _, tried) = run(&mut s, 4, &curve, 0.0, kind, 2000);
            assert_eq!(size, 2, "{kind:?} without the cost: tried {tried:?}");
        }
    }

    #[test]
    fn a_first_size_judged_low_is_judged_again_before_the_cap_is_kept() {
        // The counter pair at 2 vCPUs (docs/benchmarks.md §66.3, §67): 1 CPU does 0.95 and 2
        // CPUs 1.0, but the first judged windows at 1 read low while the class formed (0.6,
        // then 0.85, or 0.3 and 0.45), and 2 CPUs beat that reference. The search judges 1 again and settles
        // there. Where 2 CPUs gain a little more than their price (1.15) or scale (1.9) it
        // keeps 2 after the second look.
        // The first window is dropped (the class formed in it); from a reference of 0.4 the
        // doubling to 1.0 does not even bend.
        let starts = [[0.6, 0.6, 0.85], [0.3, 0.3, 0.45]];
        for (kind, start) in KINDS.into_iter().flat_map(|k| starts.map(|s| (k, s))) {
            for (two, want, again) in [(1.0, 1, true), (1.15, 2, true), (1.9, 2, true)] {
                let mut s = Search::new(Params {
                    initial: 1,
                    ..kind.params(Mode::Refine, 2)
                });
                let mut first = start.into_iter();
                let mut tried = vec![s.size()];
                for i in 0..100u32 {
                    let size = s.size();
                    let t = if size == 1 {
                        first.next().unwrap_or(0.95)
                    } else {
                        two
                    };
                    let d = s.feed(MS * 100 * i, 2, &kind.window(size, t));
                    if d.new_size != *tried.last().unwrap() {
                        tried.push(d.new_size);
                    }
                }
                assert_eq!(s.phase(), Phase::Stopped, "{kind:?} {two}: tried {tried:?}");
                assert_eq!(s.size(), want, "{kind:?} {two}: tried {tried:?}");
                assert_eq!(tried.len() > 2, again, "{kind:?} {two}: tried {tried:?}");
            }
        }
    }

    #[test]
    fn a_class_that_grows_before_the_search_settles_restarts_it() {
        // mmap at 2 vCPUs (docs/benchmarks.md §67.4): the harness alone is lock-intensive for
        // the first windows and does 0.55 of a CPU; then the two threads join (one at the end
        // of a window the search judges, which lets it grow), which do 0.95 on 1 CPU and 1.0
        // on 2. Judged against the harness's 0.55, 2 CPUs won and were kept;
        // the class's growth restarts the search, which then ends at 1. A class that only
        // flickers below its largest count restarts nothing. The agent's price per CPU (the
        // cost and thro's bias).
        let p = |kind: Kind| Params {
            initial: 1,
            thro_bias: DEFAULT_THRO_BIAS,
            ..kind.params(Mode::Refine, 2)
        };
        for kind in KINDS {
            let mut s = Search::new(p(kind));
            let mut tried = vec![s.size()];
            for i in 0..100u32 {
                // One thread joins at the end of the third window, the other after it.
                let n_lock = [1, 1, 2].get(i as usize).copied().unwrap_or(3);
                let size = s.size();
                let t = if i < 3 {
                    0.55
                } else if size == 1 {
                    0.95
                } else {
                    1.0
                };
                let d = s.feed(MS * 100 * i, n_lock, &kind.window(size.min(n_lock), t));
                if d.new_size != *tried.last().unwrap() {
                    tried.push(d.new_size);
                }
            }
            assert_eq!(s.phase(), Phase::Stopped, "{kind:?}: tried {tried:?}");
            assert_eq!(s.size(), 1, "{kind:?}: tried {tried:?}");
            assert_eq!(s.restarts(), 1, "{kind:?}: tried {tried:?}");

            // The class at 3 from the start, one task missing at a window's end now and then.
            let mut s = Search::new(p(kind));
            for i in 0..100u32 {
                let n_lock = if i % 7 == 5 { 2 } else { 3 };
                let size = s.size();
                let t = if size == 1 { 0.95 } else { 1.0 };
                s.feed(MS * 100 * i, n_lock, &kind.window(size, t));
            }
            assert_eq!(s.restarts(), 0, "{kind:?}");
            assert_eq!(s.size(), 1, "{kind:?}");
        }
    }

    /// `cargo test --release -p ssc_search pair_under_noise -- --ignored --nocapture`: a
    /// search from 1 on 2 CPUs (the counter pair at 2 vCPUs, docs/benchmarks.md §67) over
    /// curves where 2 CPUs add nothing, a little and a lot, under each kind of noise, with
    /// the first judged windows read low in half the runs (the class forming): how often it
    /// ends at the better size.
    #[test]
    #[ignore]
    fn pair_under_noise() {
        for parts in [Parts::Common, Parts::Independent, Parts::Bursty] {
            for noise in [0.05, 0.1, 0.2] {
                let mut row = format!("{parts:?} ±{noise}:");
                for two in [1.0, 1.2, 1.5, 1.9] {
                    let curve = |n: usize| if n >= 2 { two } else { 0.95 };
                    let better = if two - 0.95 > DEFAULT_CPU_COST { 2 } else { 1 };
                    let (mut right, mut steps, mut runs) = (0, 0, 0);
                    for seed in 1..=400u64 {
                        let kind = KINDS[(seed % 4) as usize];
                        let mut s = Search::new(Params {
                            initial: 1,
                            ..kind.params(Mode::Refine, 2)
                        });
                        // Half the runs: the first judged window at 1 reads 0.6 (run_parts
                        // cannot vary the curve by window, so feed it here).
                        if seed % 2 == 0 {
                            let w = kind.window(1, 0.95);
                            s.feed(Duration::ZERO, 2, &w);
                            s.feed(MS * 100, 2, &kind.window(1, 0.6));
                        }
                        let (size, _, _) =
                            run_parts(&mut s, 2, &curve, noise, kind, 200, seed, parts, false);
                        right += (size == better) as u32;
                        steps += s.steps();
                        runs += 1;
                    }
                    row += &format!(
                        "  2 at {two}: {:.3} right, {:.1} steps;",
                        right as f64 / runs as f64,
                        steps as f64 / runs as f64
                    );
                }
                eprintln!("{row}");
            }
        }
    }

    #[test]
    fn windows_of_the_classification_ramp_are_not_compared() {
        // At a start the 4 lock threads are classified one by one, one more per window, and
        // each window sees only the classified ones' work. From 1 on the 2-CPU curve, a search
        // that compared those windows would record 1 too low (0.73 with 3 of 4 classified),
        // then grow to 2 and keep it.
        let curve = |n: usize| if n >= 2 { 1.0 } else { 0.97 };
        let mut s = Search::new(Params {
            initial: 1,
            ..params(Mode::Refine, 2)
        });
        let mut tried = vec![s.size()];
        for i in 0..200u32 {
            let n_lock = (1 + i as usize).min(4);
            let n = s.size().min(n_lock);
            let t = curve(s.size()) * n_lock as f64 / 4.0;
            let d = s.feed(MS * 100 * i, n_lock, &spin_window(n, p_for(n, t)));
            if d.new_size != *tried.last().unwrap() {
                tried.push(d.new_size);
            }
            if s.phase() == Phase::Stopped {
                break;
            }
        }
        assert_eq!(s.phase(), Phase::Stopped);
        assert_eq!(s.size(), 1, "tried {tried:?}");
    }

    #[test]
    fn the_cpu_cost_does_not_stop_a_scalable_curve() {
        // Every CPU adds 0.3 of a CPU (heavy contention, still scaling): above the cost, even
        // with thro's bias, so the search grows to every CPU; below it (0.05 per CPU) it stays
        // small.
        for mode in [Mode::Paper, Mode::Refine] {
            let mut s = Search::new(Params {
                thro_bias: DEFAULT_THRO_BIAS,
                ..params(mode, 16)
            });
            let (size, _, tried) = run(&mut s, 64, &|n| 0.3 * n as f64, 0.01, Kind::Spin, 2000);
            assert_eq!(size, 16, "{mode}: tried {tried:?}");
            let mut s = Search::new(Params {
                initial: 1,
                ..params(mode, 16)
            });
            let (size, _, tried) = run(
                &mut s,
                64,
                &|n| 0.9 + 0.05 * n as f64,
                0.0,
                Kind::Spin,
                2000,
            );
            assert!(size <= 2, "{mode}: {size}, tried {tried:?}");
        }
    }

    #[test]
    fn noise_does_not_make_it_wander() {
        // 10% noise on a curve peaked at 8: settles near the peak, never at the extremes.
        for mode in [Mode::Paper, Mode::Refine] {
            let mut s = Search::new(params(mode, 32));
            let (size, _, tried) = run(&mut s, 64, &peaked(8), 0.10, Kind::Spin, 3000);
            assert!((4..=12).contains(&size), "{mode}: {size}, tried {tried:?}");
        }
        // Read in parts, the windows' noise is in their spread, and the comparisons that
        // decide in one window are those beyond it: no more wandering, whichever way the
        // noise shows (in the parts, or common to them and invisible).
        for parts in [Parts::Independent, Parts::Common, Parts::Bursty] {
            for seed in 1..=20 {
                let mut s = Search::new(params(Mode::Refine, 32));
                let (size, _, tried) = run_parts(
                    &mut s,
                    64,
                    &peaked(8),
                    0.10,
                    Kind::Spin,
                    3000,
                    seed,
                    parts,
                    false,
                );
                assert!(
                    (4..=12).contains(&size),
                    "{parts:?} seed {seed}: {size}, tried {tried:?}"
                );
            }
        }
    }

    #[test]
    fn quiet_windows_read_in_parts_settle_in_fewer_steps() {
        // With 0.1% noise in every part, each comparison beyond the margin decides in one
        // window, the first size too; the sizes settled are those of windows read once.
        for kind in KINDS {
            for (opt, n) in [(1, 32), (3, 32), (10, 32), (16, 16), (13, 32)] {
                let mut once = Search::new(kind.params(Mode::Refine, n));
                let (a, _, _) = run(&mut once, 64, &peaked(opt), 0.001, kind, 2000);
                let mut parts = Search::new(kind.params(Mode::Refine, n));
                let (b, _, tried) = run_parts(
                    &mut parts,
                    64,
                    &peaked(opt),
                    0.001,
                    kind,
                    2000,
                    0,
                    Parts::Independent,
                    false,
                );
                assert_eq!((a, b), (opt, opt), "opt {opt} {kind:?}: tried {tried:?}");
                assert!(
                    parts.steps() < once.steps(),
                    "opt {opt} {kind:?}: {} steps in parts, {} once",
                    parts.steps(),
                    once.steps()
                );
            }
        }
    }

    #[test]
    fn moving_optimum_triggers_a_new_search() {
        for mode in [Mode::Paper, Mode::Refine] {
            let mut s = Search::new(params(mode, 32));
            let (size, _, _) = run(&mut s, 64, &peaked(4), 0.01, Kind::Spin, 2000);
            assert_eq!(size, 4, "{mode}");
            // The lock behaviour changes: now 16 cores are best and thro at 4 drops by half.
            let later = |n: usize| {
                if n <= 4 {
                    n as f64 * 0.45
                } else {
                    peaked(16)(n)
                }
            };
            let (size, _, tried) = run(&mut s, 64, &later, 0.01, Kind::Spin, 2000);
            assert!(s.restarts() > 0, "{mode}: no restart, tried {tried:?}");
            assert_eq!(size, 16, "{mode}: tried {tried:?}");
        }
    }

    #[test]
    fn work_cores_change_restarts_and_timeout_restarts() {
        let mut s = Search::new(params(Mode::Paper, 32));
        run(&mut s, 64, &peaked(4), 0.0, Kind::Spin, 2000);
        assert_eq!(s.phase(), Phase::Stopped);
        // Only one lock-intensive task left: work_cores drops from 4 to 1.
        let w = spin_window(1, 0.1);
        let mut restarted = false;
        for i in 0..10 {
            restarted |=
                s.feed(Duration::from_secs(1000) + MS * i, 1, &w).action == Action::Restart;
        }
        assert!(restarted);
        // Remig timeout: 30 s without a move restarts even a stable search.
        let mut s = Search::new(params(Mode::Paper, 32));
        run(&mut s, 64, &peaked(4), 0.0, Kind::Spin, 2000);
        let at = s.moved_at + Duration::from_secs(30);
        assert_eq!(s.feed(at, 64, &spin_window(4, 0.1)).action, Action::Restart);
        // Figure 3.30, line 38: a restart begins at bound 1 (--min-ssc), below the initial 2.
        assert_eq!(s.size(), 1);
    }

    /// postmark's pattern (docs/benchmarks.md §38.5, §41): four tasks that scale to every
    /// CPU, but leave the lock-intensive class now and then for one to three windows, during
    /// which the few still in it do a share of the work. A window with fewer lock-intensive
    /// tasks than SSC CPUs measures the class, not the size.
    #[test]
    fn a_flickering_class_is_neither_a_loss_nor_a_change_of_lock_behaviour() {
        for kind in KINDS {
            let mut s = Search::new(Params {
                initial: 1,
                ..kind.params(Mode::Refine, 2)
            });
            let mut rng = Noise(0x2545f4914f6cdd1d);
            let mut at_two = 0;
            // 29 s: short of the re-search timeout.
            for i in 0..290u32 {
                // Out of every 10 windows, 1 to 3 have one task or none left in the class.
                let gap = 1 + (i / 10) % 3;
                let n_lock = if i % 10 < gap {
                    (i / 10 % 2) as usize
                } else {
                    4
                };
                let n = s.size().min(n_lock);
                let t = n as f64 * (1.0 + 0.05 * rng.next());
                let w = kind.window(n, t);
                let d = s.feed(MS * 100 * i, n_lock, &w);
                if std::env::var("SEARCH_DEBUG").is_ok() && d.action != Action::Wait {
                    eprintln!("{i} n_lock {n_lock} {d:?} {:?}", s.phase());
                }
                if i >= 50 && s.size() == 2 {
                    at_two += 1;
                }
            }
            assert_eq!(s.phase(), Phase::Stopped, "{kind:?}");
            assert_eq!(s.size(), 2, "{kind:?}");
            assert_eq!(at_two, 240, "{kind:?}: left the best size");
            assert_eq!(s.restarts(), 0, "{kind:?}");
            assert!(s.short_windows() > 40, "{kind:?}: {}", s.short_windows());
        }
    }

    /// A class that shrinks for good is a change of lock behaviour (T§3.4.2.5), once it has
    /// lasted [`CLASS_MEMORY`]: before that the windows wait, after it the search restarts.
    #[test]
    fn a_class_that_shrinks_for_good_restarts_the_search_after_class_memory() {
        let mut s = Search::new(params(Mode::Paper, 32));
        run(&mut s, 64, &peaked(4), 0.0, Kind::Spin, 2000);
        assert_eq!(s.phase(), Phase::Stopped);
        let t0 = s.history().last().expect("decided").at + MS * 100;
        assert_eq!(s.feed(t0, 64, &spin_window(4, 0.1)).action, Action::Stay);
        let mut restarted_at = None;
        for i in 1..30u32 {
            let d = s.feed(t0 + MS * 100 * i, 1, &spin_window(1, 0.1));
            if d.action == Action::Restart {
                restarted_at = Some(MS * 100 * i);
                break;
            }
            assert_eq!(d.action, Action::Wait);
        }
        assert_eq!(restarted_at, Some(CLASS_MEMORY));
        assert_eq!(s.size(), 1);
    }

    #[test]
    fn a_settle_that_does_not_come_back_caps_the_next_climb() {
        // A lock with two steady states at 2 cores (scx-locksim's mutex with its default wake
        // latency, C1): 4 cores collapse it into a convoy of sleeping waiters that 2 cores
        // keep and only 1 core breaks. The climb 1 -> 2 -> 4 loses at 4 and settles back at
        // 2, which now reads the collapsed value: out of the band, a restart, and before the
        // return cap the same climb to 4 again, forever (docs/locksim.md, "A settle that
        // does not come back").
        for parts in [Parts::Common, Parts::Independent] {
            let collapsed = std::cell::Cell::new(false);
            let curve = |n: usize| {
                if n >= 4 {
                    collapsed.set(true);
                } else if n == 1 {
                    collapsed.set(false);
                }
                match n {
                    1 => 1.0,
                    _ if collapsed.get() => 0.15,
                    _ => 1.5,
                }
            };
            let mut s = Search::new(Params {
                initial: 1,
                ..params(Mode::Refine, 4)
            });
            let (_, _, tried) =
                run_parts(&mut s, 4, &curve, 0.01, Kind::Spin, 400, 0, parts, false);
            let fours = tried.windows(2).filter(|w| w[0] != 4 && w[1] == 4).count();
            assert_eq!(s.size(), 2, "{parts:?}: tried {tried:?}");
            assert_eq!(s.phase(), Phase::Stopped, "{parts:?}: tried {tried:?}");
            assert!(!collapsed.get(), "{parts:?}: tried {tried:?}");
            assert!(
                fours <= 1 && s.restarts() <= 1,
                "{parts:?}: {} restarts, tried {tried:?}",
                s.restarts()
            );
            assert_eq!(
                s.return_caps().0,
                s.restarts(),
                "{parts:?}: tried {tried:?}"
            );
        }
    }

    #[test]
    fn a_settle_on_a_transient_value_does_not_cap_the_next_climb() {
        // 4 cores are best, but the first windows at 2 read 2.0 where 2 does 1.2: the climb
        // 1 -> 2 -> 4 loses at 4 and at the probe 3 against that value, settles back at 2,
        // and 2 then reads far below it. The restart's climb reads 2 at its true value, not
        // the judged one, so it goes on past 2 (Search::climb_cap) and finds 4.
        let windows_at_2 = std::cell::Cell::new(0);
        let curve = |n: usize| match n {
            1 => 1.0,
            2 => {
                windows_at_2.set(windows_at_2.get() + 1);
                if windows_at_2.get() <= 2 {
                    2.0
                } else {
                    1.2
                }
            }
            3 => 1.5,
            _ => 2.0,
        };
        let mut s = Search::new(Params {
            initial: 1,
            ..params(Mode::Refine, 4)
        });
        let (size, _, tried) = run_parts(
            &mut s,
            4,
            &curve,
            0.0,
            Kind::Spin,
            200,
            0,
            Parts::Common,
            false,
        );
        assert!(
            s.restarts() >= 1,
            "the transient never showed: tried {tried:?}"
        );
        assert_eq!(size, 4, "tried {tried:?}");
        assert_eq!(s.return_caps(), (0, None), "tried {tried:?}");
    }

    #[test]
    fn a_restart_reaches_an_optimum_below_the_initial_size() {
        // The optimum is one core; the first search starts at 2 (figure 3.29) and, comparing
        // only 2 with 4, settles at 2. The restart after the re-search timeout starts at 1
        // (figure 3.30, line 38): the search then measures 1 and stays there.
        for mode in [Mode::Paper, Mode::Refine] {
            let mut s = Search::new(params(mode, 8));
            let curve = |n: usize| if n == 1 { 1.0 } else { 0.7 };
            run(&mut s, 8, &curve, 0.0, Kind::Spin, 2000);
            let at = s.moved_at + Duration::from_secs(30);
            assert_eq!(
                s.feed(at, 8, &spin_window(1, 0.0)).action,
                Action::Restart,
                "{mode}"
            );
            assert_eq!(s.size(), 1, "{mode}");
            let (size, _, tried) = run(&mut s, 8, &curve, 0.0, Kind::Spin, 2000);
            assert_eq!(size, 1, "{mode}: tried {tried:?}");
        }
    }

    #[test]
    fn bounds_hold() {
        let mut p = params(Mode::Refine, 8);
        p.min = 3;
        p.initial = 2;
        let mut s = Search::new(p);
        assert_eq!(s.size(), 3, "initial clamped to --min-ssc");
        let (size, _, tried) = run(&mut s, 64, &peaked(1), 0.0, Kind::Spin, 2000);
        assert_eq!(size, 3);
        assert!(tried.iter().all(|&n| (3..=8).contains(&n)), "{tried:?}");
    }

    #[test]
    fn mode_parses() {
        assert_eq!("paper".parse::<Mode>().unwrap(), Mode::Paper);
        assert_eq!("refine".parse::<Mode>().unwrap(), Mode::Refine);
        assert!("fast"
            .parse::<Mode>()
            .unwrap_err()
            .contains("paper, refine"));
    }

    /// Not a check: how often the refine search settles within 5% of the best size when each
    /// window is off by up to ±`noise` (uniform), over 2,700 runs of smooth and cliff-peaked
    /// curves at 16–64 CPUs (1,800 before session 43, without the three that peak just below
    /// the cap). `cargo test --release -p ssc_search refine_under_noise --
    /// --ignored --nocapture`; docs/locksim.md quotes it for each refine rule tried.
    #[test]
    #[ignore]
    fn refine_under_noise() {
        let net = |c: &dyn Fn(usize) -> f64, n: usize| c(n) - DEFAULT_CPU_COST * n as f64;
        for (parts, once) in [Parts::Common, Parts::Independent, Parts::Bursty]
            .into_iter()
            .flat_map(|p| [(p, true), (p, false)])
        {
            for noise in [0.0, 0.05, 0.1, 0.2] {
                let (mut q, mut good, mut steps, mut runs) = (0.0, 0, 0u64, 0);
                for (cliff, opt, n) in [
                    (false, 23, 32),
                    (false, 12, 32),
                    (true, 7, 16),
                    (false, 40, 64),
                    (true, 15, 32),
                    (true, 29, 64),
                    // Since session 43: peaks just below the cap, which a climb reaches
                    // with a win (Search::cap_probe).
                    (false, 15, 16),
                    (true, 13, 16),
                    (true, 27, 32),
                ] {
                    let curve: Box<dyn Fn(usize) -> f64> = if cliff {
                        Box::new(peaked(opt))
                    } else {
                        Box::new(smooth(opt))
                    };
                    let best = (1..=n).map(|k| net(&*curve, k)).fold(f64::MIN, f64::max);
                    for seed in 1..=300u64 {
                        let kind = KINDS[(seed % 4) as usize];
                        let mut s = Search::new(kind.params(Mode::Refine, n));
                        let (size, _, _) =
                            run_parts(&mut s, 2 * n, &*curve, noise, kind, 2000, seed, parts, once);
                        let r = net(&*curve, size) / best;
                        q += r;
                        good += (r >= 0.95) as u32;
                        steps += s.steps();
                        runs += 1;
                    }
                }
                eprintln!(
                    "{parts:?} {} noise {noise}: quality {:.4} within5% {:.3} steps {:.2}",
                    if once { "once" } else { "parts" },
                    q / runs as f64,
                    good as f64 / runs as f64,
                    steps as f64 / runs as f64
                );
            }
        }
    }
}
