//! scx_corepair's decision rules, in plain Rust (SPEC.md section 2; thesis §4.3.2,
//! equation 4-5 and figures 4.3–4.6).
//!
//! The BPF side (`bpf/main.bpf.c`) takes the same decisions in the kernel. Each rule here has
//! a twin there with the same name; `scx_corepair --check-rules` feeds both the cases of
//! [`rule_cases`] and fails on the first disagreement (run in the VM tests), and the unit tests
//! below check the rules themselves.
//!
//! # Rates
//!
//! A task's demand is its cumulative rate of the first event per the second (by default LLC
//! accesses per instruction), eq. 4-5: R = Σ accesses / Σ instructions over all its past
//! slices. Rates are fixed point: [`RATE_ONE`] is one event per event.

use sched_common::topo::CpuTopo;

/// Fixed-point shift of a rate (`RATE_SHIFT` in `bpf/intf.h`).
pub const RATE_SHIFT: u32 = 32;
/// The rate of one access per instruction.
pub const RATE_ONE: u64 = 1 << RATE_SHIFT;
/// Rates are capped here (1024 accesses per instruction) so that sums of a queue's rates
/// cannot overflow.
pub const RATE_MAX: u64 = RATE_ONE << 10;
/// A queue's running average (figure 4.4's `total_access_rates / total_counts`) halves both
/// sums once this many context switches are in them, so that it follows a changing mix
/// instead of averaging over the whole uptime.
pub const AVG_WINDOW: u64 = 1024;

/// A task's rate stays 0 (no demand known) until this many of the second event
/// ("instructions") have been counted for it: a ratio over a handful of events says nothing of
/// its demand. With the software `cpu-clock` as the second event, a guest whose sched_clock
/// had become unstable (QEMU TCG on a loaded host: the clock stands still between late ticks)
/// read switch intervals of 0 ns holding page faults, and one new task rated at `RATE_MAX`
/// lifted its pair's m (an average over 1024 switches) 10^5-fold, above every real task.
/// 2^20 is about 0.3 ms of a CPU's instructions, or 1 ms of `cpu-clock`.
pub const RATE_MIN_INSTRUCTIONS: u64 = 1 << 20;

/// Equation 4-5 / figure 4.3: the cumulative rate of `accesses` per `instructions`, fixed
/// point; 0 below [`RATE_MIN_INSTRUCTIONS`]. Both sums are halved until `accesses` fits in
/// 31 bits, which keeps the ratio and lets `accesses << 32` fit in 64 bits.
pub fn rate(mut accesses: u64, mut instructions: u64) -> u64 {
    if instructions < RATE_MIN_INSTRUCTIONS {
        return 0;
    }
    while accesses >> 31 != 0 {
        accesses >>= 1;
        instructions >>= 1;
    }
    if instructions == 0 {
        return if accesses == 0 { 0 } else { RATE_MAX };
    }
    ((accesses << RATE_SHIFT) / instructions).min(RATE_MAX)
}

/// A CPU's running average of the rates of the tasks it switched to (§4.3.2: updated at
/// every context switch). Returns the new `(sum, count)`.
pub fn avg_note(sum: u64, count: u64, rate: u64) -> (u64, u64) {
    let (mut sum, mut count) = (sum + rate, count + 1);
    if count >= AVG_WINDOW {
        sum /= 2;
        count /= 2;
    }
    (sum, count)
}

/// The average of a queue (0 when nothing ran there yet).
pub fn avg(sum: u64, count: u64) -> u64 {
    sum.checked_div(count).unwrap_or(0)
}

/// Figure 4.4, line 1: m, the sum of the two queues' average rates.
pub fn middle(master: (u64, u64), slave: (u64, u64)) -> u64 {
    avg(master.0, master.1) + avg(slave.0, slave.1)
}

/// Figure 4.4: among the first `maxcnt` tasks of the slave's queue (`rates`, in queue order),
/// the one whose rate plus the master's current task's rate `a` is closest to `m`; the first
/// one on a tie (the one that waited longest in vtime order). None for an empty queue.
pub fn slave_pick(rates: &[u64], a: u64, m: u64, maxcnt: usize) -> Option<usize> {
    rates
        .iter()
        .take(maxcnt)
        .enumerate()
        .min_by_key(|&(i, &r)| ((r + a).abs_diff(m), i))
        .map(|(i, _)| i)
}

/// §4.4.6, the matching rate: a slave's pick matches the master's current task when the two
/// demands are complementary, one above m/2 and the other not.
pub fn complementary(r: u64, a: u64, m: u64) -> bool {
    (2 * r > m) != (2 * a > m)
}

/// Figure 4.5: the exchanges between a master's and its slave's queues at a balance step.
/// `master` and `slave` are the rates of the tasks that may move to the other CPU, in queue
/// order. Every master task below m/2 is swapped with the next slave task above m/2 (the
/// figure's loop: for each master task, the first slave task that qualifies; that task has
/// then moved, so the next master task takes the next one). Swaps keep both queue lengths.
/// Returns (master index, slave index) pairs.
pub fn pair_exchanges(master: &[u64], slave: &[u64], m: u64) -> Vec<(usize, usize)> {
    let low = master.iter().enumerate().filter(|(_, &r)| 2 * r < m);
    let high = slave.iter().enumerate().filter(|(_, &r)| 2 * r > m);
    low.zip(high).map(|((i, _), (j, _))| (i, j)).collect()
}

/// Figure 4.6: between neighbouring pairs, the lower-index CPU (`upper`, which should run the
/// higher rates) gives its lowest-rate task for the other's highest-rate task when the one is
/// below the other. Masters do this with masters and slaves with slaves; repeated, it sorts
/// the tasks across pairs without any central ordering. Ties take the first task. Returns
/// (upper index, lower index).
pub fn neighbour_exchange(upper: &[u64], lower: &[u64]) -> Option<(usize, usize)> {
    let (i, p) = upper.iter().enumerate().min_by_key(|&(i, &r)| (r, i))?;
    let (j, q) = lower
        .iter()
        .enumerate()
        .max_by_key(|&(j, &r)| (r, std::cmp::Reverse(j)))?;
    (p < q).then_some((i, j))
}

/// The starvation guard (§4.3.2 for CFS; §4.4.3: 50 ms): the first task of a slave's queue in
/// vtime order runs next, whatever the pick would say, once it has waited longer than this.
pub fn starving(waited_ns: u64, threshold_ns: u64) -> bool {
    waited_ns > threshold_ns
}

/// How the CPUs are paired (`--pairing`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PairingMode {
    /// SMT siblings when the machine has them, else CPUs sharing an LLC.
    Auto,
    /// The two first SMT siblings of each core.
    Smt,
    /// CPUs sharing an LLC: its CPUs in id order, the first half masters and the second half
    /// slaves, paired in order (C0–C4, C1–C5, … on the thesis's machine, §4.3.2).
    Llc,
}

impl std::str::FromStr for PairingMode {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "auto" => Ok(Self::Auto),
            "smt" => Ok(Self::Smt),
            "llc" => Ok(Self::Llc),
            _ => Err(format!("'{s}' is not a pairing (allowed: auto, smt, llc)")),
        }
    }
}

/// The pairs of a machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairs {
    /// (master, slave), ordered by master CPU id: pairs k and k + 1 are neighbours.
    pub pairs: Vec<(usize, usize)>,
    /// CPUs left without a partner; they schedule as plain CPUs.
    pub unpaired: Vec<usize>,
    /// The mode used (Auto resolved).
    pub mode: PairingMode,
}

impl Pairs {
    pub fn describe(&self) -> String {
        let mut s = self
            .pairs
            .iter()
            .map(|(m, sl)| format!("{m}-{sl}"))
            .collect::<Vec<_>>()
            .join(" ");
        if !self.unpaired.is_empty() {
            s += &format!(
                " (unpaired: {})",
                sched_common::cpulist::format(&self.unpaired)
            );
        }
        s
    }
}

/// Pair the machine's CPUs. Errors name the flag and the way out.
pub fn make_pairs(topo: &CpuTopo, mode: PairingMode) -> Result<Pairs, String> {
    let mode = match mode {
        PairingMode::Auto if topo.smt => PairingMode::Smt,
        PairingMode::Auto => PairingMode::Llc,
        m => m,
    };
    let mut pairs = Vec::new();
    let mut unpaired = Vec::new();
    match mode {
        PairingMode::Smt => {
            if !topo.smt {
                return Err(
                    "--pairing smt: this machine has no SMT siblings; use --pairing llc".into(),
                );
            }
            let mut cores: std::collections::BTreeMap<(usize, usize), Vec<usize>> =
                Default::default();
            for c in &topo.cpus {
                cores.entry((c.node, c.core)).or_default().push(c.cpu);
            }
            for cpus in cores.values() {
                if cpus.len() >= 2 {
                    pairs.push((cpus[0], cpus[1]));
                    unpaired.extend_from_slice(&cpus[2..]);
                } else {
                    unpaired.extend_from_slice(cpus);
                }
            }
        }
        PairingMode::Llc | PairingMode::Auto => {
            for group in topo.llc_groups() {
                let half = group.len() / 2;
                for k in 0..half {
                    pairs.push((group[k], group[k + half]));
                }
                if group.len() % 2 == 1 {
                    unpaired.push(group[group.len() - 1]);
                }
            }
        }
    }
    if pairs.is_empty() {
        return Err(format!(
            "--pairing {}: no two CPUs of this machine can be paired ({} CPU(s)); scx_corepair \
             needs at least two CPUs sharing a cache",
            if mode == PairingMode::Smt {
                "smt"
            } else {
                "llc"
            },
            topo.cpus.len()
        ));
    }
    pairs.sort();
    unpaired.sort();
    Ok(Pairs {
        pairs,
        unpaired,
        mode,
    })
}

/// One case for `--check-rules`: inputs and what the Rust rules answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleCase {
    pub a: u64,
    pub m: u64,
    pub maxcnt: usize,
    pub rates: Vec<u64>,
    pub other: Vec<u64>,
    pub accesses: u64,
    pub instructions: u64,
    /// A queue's (sum, count) for avg_note() with rate `a`, and for middle() with `avg2`.
    pub avg1: (u64, u64),
    pub avg2: (u64, u64),
    /// A head's wait for starving(), in ns.
    pub waited: u64,
}

/// Deterministic cases that cover the rules' edges (ties, empty queues, maxcnt cuts, large
/// sums), for comparing the BPF twins with the rules here.
pub fn rule_cases() -> Vec<RuleCase> {
    let mut v = vec![
        RuleCase {
            a: 0,
            m: 0,
            maxcnt: 10,
            rates: vec![],
            other: vec![],
            accesses: 0,
            instructions: 0,
            avg1: (0, 0),
            avg2: (0, 0),
            waited: 0,
        },
        RuleCase {
            a: 5,
            m: 10,
            maxcnt: 10,
            rates: vec![5, 5, 4],
            other: vec![9, 9],
            accesses: u64::MAX,
            instructions: u64::MAX / 3,
            avg1: (5000, AVG_WINDOW - 1),
            avg2: (7, 3),
            waited: 50_000_000,
        },
        RuleCase {
            a: 90,
            m: 100,
            maxcnt: 2,
            rates: vec![50, 40, 10],
            other: vec![1],
            accesses: 7,
            instructions: 0,
            avg1: (10, 1),
            avg2: (0, 0),
            waited: 50_000_001,
        },
    ];
    let mut x = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    for _ in 0..64 {
        let len = next(14) as usize;
        let olen = next(6) as usize;
        v.push(RuleCase {
            a: next(RATE_ONE),
            m: next(2 * RATE_ONE),
            maxcnt: 1 + next(12) as usize,
            rates: (0..len).map(|_| next(RATE_ONE)).collect(),
            other: (0..olen).map(|_| next(RATE_ONE)).collect(),
            accesses: next(1 << 40) << next(24),
            // Half of them near RATE_MIN_INSTRUCTIONS, on both sides.
            instructions: if next(2) == 0 {
                next(1 << 50) + next(2)
            } else {
                RATE_MIN_INSTRUCTIONS - 2 + next(4)
            },
            avg1: (next(RATE_ONE << 10), next(AVG_WINDOW)),
            avg2: (next(RATE_ONE << 10), next(AVG_WINDOW)),
            waited: next(100_000_000),
        });
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use sched_common::topo::CpuPlace;

    #[test]
    fn rate_is_the_cumulative_ratio() {
        const MIN: u64 = RATE_MIN_INSTRUCTIONS;
        assert_eq!(rate(0, 0), 0);
        // Too few instructions: no demand known, however many accesses.
        assert_eq!(rate(1, 0), 0);
        assert_eq!(rate(1 << 30, MIN - 1), 0);
        assert_eq!(rate(1, MIN), RATE_ONE / MIN);
        assert_eq!(rate(MIN, 2 * MIN), RATE_ONE / 2);
        assert_eq!(rate(3, 100 * MIN), (3 << 32) / (100 * MIN));
        // Large sums keep the ratio (within the halving's rounding).
        let r = rate(1 << 50, 1 << 53);
        assert_eq!(r, RATE_ONE / 8);
        assert_eq!(rate(u64::MAX, MIN), RATE_MAX);
        // Eq. 4-5 is cumulative: a slice with a different ratio moves it only in proportion.
        let (a, i) = (100 * MIN, 10_000 * MIN);
        assert!(rate(a + 100 * MIN, i + 1000 * MIN) > rate(a, i));
        assert!(rate(a + 100 * MIN, i + 1000 * MIN) < rate(100 * MIN, 1000 * MIN));
    }

    #[test]
    fn queue_average_halves_at_the_window() {
        let (mut s, mut c) = (0, 0);
        for _ in 0..AVG_WINDOW - 1 {
            (s, c) = avg_note(s, c, 10);
        }
        assert_eq!((s, c), (10 * (AVG_WINDOW - 1), AVG_WINDOW - 1));
        (s, c) = avg_note(s, c, 10);
        assert_eq!(c, AVG_WINDOW / 2);
        assert_eq!(avg(s, c), 10);
        assert_eq!(avg(5, 0), 0);
        assert_eq!(middle((30, 3), (8, 4)), 12);
    }

    #[test]
    fn slave_pick_is_closest_to_the_middle_within_maxcnt() {
        // m = 100, master runs 90: the best partner is 10.
        assert_eq!(slave_pick(&[50, 40, 10], 90, 100, 10), Some(2));
        // ... but only the first maxcnt are looked at.
        assert_eq!(slave_pick(&[50, 40, 10], 90, 100, 2), Some(1));
        // Ties go to the earlier task.
        assert_eq!(slave_pick(&[5, 15, 5], 50, 60, 10), Some(0));
        assert_eq!(slave_pick(&[], 1, 2, 10), None);
        assert!(complementary(10, 90, 100));
        assert!(!complementary(60, 90, 100));
        assert!(!complementary(0, 0, 0));
    }

    #[test]
    fn pair_exchange_swaps_low_master_tasks_for_high_slave_tasks() {
        // m = 100: master tasks below 50 go, slave tasks above 50 come.
        let x = pair_exchanges(&[80, 20, 30, 70], &[60, 10, 90], 100);
        assert_eq!(x, vec![(1, 0), (2, 2)]);
        assert!(pair_exchanges(&[80], &[10], 100).is_empty());
        // A task at exactly m/2 stays.
        assert!(pair_exchanges(&[50], &[90], 100).is_empty());
    }

    #[test]
    fn neighbour_exchange_moves_high_rates_to_the_lower_index() {
        assert_eq!(neighbour_exchange(&[9, 3, 7], &[1, 8, 2]), Some((1, 1)));
        assert_eq!(neighbour_exchange(&[9, 8], &[1, 8]), None);
        assert_eq!(neighbour_exchange(&[], &[1]), None);
        assert_eq!(neighbour_exchange(&[1], &[]), None);
    }

    /// Figure 4.6 repeated over random rates reaches the assignment a central sort gives:
    /// with the queues' lengths fixed, the lower-index CPUs hold the highest rates.
    #[test]
    fn neighbour_exchanges_converge_to_the_central_sort() {
        let mut x = 88172645463325252u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..200 {
            let cpus = 2 + (next() % 7) as usize;
            let mut queues: Vec<Vec<u64>> = (0..cpus)
                .map(|_| (0..1 + next() % 5).map(|_| next() % 1000).collect())
                .collect();
            let lens: Vec<usize> = queues.iter().map(|q| q.len()).collect();
            let mut all: Vec<u64> = queues.iter().flatten().copied().collect();
            all.sort_unstable_by(|a, b| b.cmp(a));
            // Odd-even rounds, as the BPF balance step alternates them.
            let mut round = 0;
            loop {
                let mut moved = false;
                for k in (round % 2..cpus - 1).step_by(2) {
                    let (a, b) = queues.split_at_mut(k + 1);
                    if let Some((i, j)) = neighbour_exchange(&a[k], &b[0]) {
                        std::mem::swap(&mut a[k][i], &mut b[0][j]);
                        moved = true;
                    }
                }
                round += 1;
                if !moved && round % 2 == 0 {
                    // Two rounds without a move: both parities are settled.
                    let mut settled = true;
                    for k in 0..cpus - 1 {
                        settled &= neighbour_exchange(&queues[k], &queues[k + 1]).is_none();
                    }
                    if settled {
                        break;
                    }
                }
                assert!(round < 10_000, "no convergence");
            }
            let mut at = 0;
            for (q, len) in queues.iter().zip(&lens) {
                let mut got = q.clone();
                got.sort_unstable_by(|a, b| b.cmp(a));
                let mut want = all[at..at + len].to_vec();
                want.sort_unstable_by(|a, b| b.cmp(a));
                assert_eq!(got, want);
                at += len;
            }
        }
    }

    #[test]
    fn starvation_threshold_is_strict() {
        assert!(!starving(50_000_000, 50_000_000));
        assert!(starving(50_000_001, 50_000_000));
    }

    fn topo(places: &[(usize, usize, usize)]) -> CpuTopo {
        CpuTopo::new(
            places
                .iter()
                .map(|&(cpu, core, llc)| CpuPlace {
                    cpu,
                    core,
                    llc,
                    node: 0,
                })
                .collect(),
        )
        .unwrap()
    }

    #[test]
    fn llc_pairs_split_each_cache_in_halves() {
        // The thesis's box: two chips, L2s shared by C0-C4, C1-C5, C2-C6, C3-C7.
        let t = topo(&[
            (0, 0, 0),
            (4, 4, 0),
            (1, 1, 1),
            (5, 5, 1),
            (2, 2, 2),
            (6, 6, 2),
            (3, 3, 3),
            (7, 7, 3),
        ]);
        let p = make_pairs(&t, PairingMode::Auto).unwrap();
        assert_eq!(p.mode, PairingMode::Llc);
        assert_eq!(p.pairs, vec![(0, 4), (1, 5), (2, 6), (3, 7)]);
        assert!(p.unpaired.is_empty());
        // One LLC of 5 CPUs: 0-2, 1-3, and 4 alone.
        let t = topo(&[(0, 0, 0), (1, 1, 0), (2, 2, 0), (3, 3, 0), (4, 4, 0)]);
        let p = make_pairs(&t, PairingMode::Llc).unwrap();
        assert_eq!(p.pairs, vec![(0, 2), (1, 3)]);
        assert_eq!(p.unpaired, vec![4]);
        assert_eq!(p.describe(), "0-2 1-3 (unpaired: 4)");
        assert!(make_pairs(&t, PairingMode::Smt)
            .unwrap_err()
            .contains("--pairing llc"));
        let one = topo(&[(0, 0, 0)]);
        assert!(make_pairs(&one, PairingMode::Auto)
            .unwrap_err()
            .contains("at least two CPUs"));
    }

    #[test]
    fn smt_pairs_are_siblings() {
        let t = topo(&[(0, 0, 0), (1, 1, 0), (2, 0, 0), (3, 1, 0), (4, 2, 0)]);
        let p = make_pairs(&t, PairingMode::Auto).unwrap();
        assert_eq!(p.mode, PairingMode::Smt);
        assert_eq!(p.pairs, vec![(0, 2), (1, 3)]);
        assert_eq!(p.unpaired, vec![4]);
        assert_eq!("llc".parse::<PairingMode>(), Ok(PairingMode::Llc));
        assert!("x"
            .parse::<PairingMode>()
            .unwrap_err()
            .contains("auto, smt, llc"));
    }
}
