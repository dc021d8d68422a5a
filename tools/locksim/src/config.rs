// SPDX-License-Identifier: GPL-2.0
//
//! The simulator's parameters (T§3.2.2.4): the platform (chips, cores per chip, memory banks,
//! memory latency) and the workload (tables of critical and non-critical sections), with the
//! thesis's platforms P1–P3 (§3.2.3.1–3.2.3.2) and configurations C1–C4 (table 3.2) built in.

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

/// Which cores of a lock's queue a write of the lock's line invalidates (see the crate
/// documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, clap::ValueEnum)]
#[serde(rename_all = "lowercase")]
pub enum Invalidate {
    /// The cores already spinning (waiting out of the heap): reproduces the thesis's figures.
    Spinning,
    /// Also the cores that took a ticket and have not started to spin yet.
    Queued,
}

/// The hardware.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Platform {
    pub name: String,
    pub chips: usize,
    pub cores_per_chip: usize,
    /// Memory banks: one per chip (NUMA) or one for all (UMA).
    pub banks: usize,
    /// Ticks per memory access (the thesis's "local memory latency"; 1 unless varied, §3.2.3.3).
    pub latency: u64,
    /// The coherence model of the ticket lock's line.
    pub invalidate: Invalidate,
}

impl Platform {
    pub fn cores(&self) -> usize {
        self.chips * self.cores_per_chip
    }

    /// The same platform with other numbers of chips, cores per chip or banks (each kept when
    /// None). A NUMA platform (a bank per chip) keeps a bank per chip unless `banks` is given;
    /// a UMA one keeps its single bank. The name gets a `*`.
    pub fn reshaped(
        mut self,
        chips: Option<usize>,
        per: Option<usize>,
        banks: Option<usize>,
    ) -> Self {
        if chips.is_none() && per.is_none() && banks.is_none() {
            return self;
        }
        let numa = self.banks == self.chips && self.chips > 1;
        if let Some(c) = chips {
            self.chips = c;
        }
        if let Some(p) = per {
            self.cores_per_chip = p;
        }
        self.banks = banks.unwrap_or(if numa { self.chips } else { self.banks });
        self.name.push('*');
        self
    }

    /// P1: 8 chips of 4 cores, a bank per chip (§3.2.3.1); P2: 32 one-core chips, a bank
    /// each; P3: one chip of 32 cores, one bank (§3.2.3.2).
    pub fn builtin(name: &str, latency: u64) -> Result<Self> {
        let (chips, per, banks) = match name.to_ascii_uppercase().as_str() {
            "P1" => (8, 4, 8),
            "P2" => (32, 1, 32),
            "P3" => (1, 32, 1),
            _ => bail!("platform '{name}': allowed P1, P2, P3"),
        };
        Ok(Self {
            name: name.to_ascii_uppercase(),
            chips,
            cores_per_chip: per,
            banks,
            latency,
            invalidate: Invalidate::Spinning,
        })
    }
}

/// A non-critical section: `misses` cache misses, `interval` ticks of instructions before
/// each and after the last; drawn with probability `prob` at each ENTER_NC.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct NonCritical {
    pub interval: u64,
    pub misses: u32,
    pub prob: f64,
}

/// A critical section, as a non-critical one plus the bank its lock lives on; each has a
/// lock of its own.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Critical {
    pub interval: u64,
    pub misses: u32,
    pub prob: f64,
    pub bank: usize,
}

/// How the critical sections' locks wait (issue #11, beyond the thesis's ticket spinlocks).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum LockKind {
    /// The thesis's ticket spinlock: waiters spin until their turn.
    #[default]
    Ticket,
    /// A blocking lock handed over in FIFO order: a waiter spins for `spin` ticks, then
    /// sleeps (off the lock's cache line, no more misses); the release wakes the next waiter,
    /// which runs `wake` ticks later.
    Mutex { spin: u64, wake: u64 },
}

/// The synchronisation behaviour of the software (table 3.2's columns).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Workload {
    pub name: String,
    pub noncritical: Vec<NonCritical>,
    pub critical: Vec<Critical>,
    /// The locks' kind (every lock alike); a ticket spinlock unless said.
    #[serde(default)]
    pub lock: LockKind,
}

fn nc(interval: u64, misses: u32, prob: f64) -> NonCritical {
    NonCritical {
        interval,
        misses,
        prob,
    }
}

fn cs(interval: u64, misses: u32, prob: f64, bank: usize) -> Critical {
    Critical {
        interval,
        misses,
        prob,
        bank,
    }
}

impl Workload {
    /// Table 3.2's configurations C1–C4 (every lock on bank 0).
    pub fn builtin(name: &str) -> Result<Self> {
        let (noncritical, critical) = match name.to_ascii_uppercase().as_str() {
            "C1" => (vec![nc(0, 0, 1.0)], vec![cs(1, 1, 1.0, 0)]),
            "C2" => (
                vec![
                    nc(34, 7, 0.14),
                    nc(44, 8, 0.18),
                    nc(54, 9, 0.36),
                    nc(44, 8, 0.18),
                    nc(34, 7, 0.14),
                ],
                vec![cs(20, 1, 0.33, 0), cs(10, 1, 0.33, 0), cs(20, 1, 0.33, 0)],
            ),
            "C3" => (
                vec![nc(50, 1, 0.31), nc(100, 1, 0.38), nc(50, 1, 0.31)],
                vec![cs(2, 1, 1.0, 0)],
            ),
            "C4" => (
                vec![
                    nc(15, 1, 0.16),
                    nc(30, 1, 0.21),
                    nc(125, 1, 0.26),
                    nc(30, 1, 0.21),
                    nc(15, 1, 0.16),
                ],
                vec![
                    cs(4, 1, 0.25, 0),
                    cs(5, 1, 0.25, 0),
                    cs(3, 1, 0.25, 0),
                    cs(2, 1, 0.25, 0),
                ],
            ),
            _ => bail!("configuration '{name}': allowed C1, C2, C3, C4 (or a file: --config-file)"),
        };
        Ok(Self {
            name: name.to_ascii_uppercase(),
            noncritical,
            critical,
            lock: LockKind::Ticket,
        })
    }

    /// A workload from a JSON file: {"name", "noncritical": [{interval, misses, prob}],
    /// "critical": [{interval, misses, prob, bank}]}.
    pub fn from_file(path: &str) -> Result<Self> {
        let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
        let w: Self = serde_json::from_str(&text).with_context(|| format!("parsing {path}"))?;
        Ok(w)
    }

    /// Every table non-empty, every probability finite and ≥ 0 with a positive sum, every
    /// lock on a bank of `platform`.
    pub fn validate(&self, platform: &Platform) -> Result<()> {
        if self.noncritical.is_empty() || self.critical.is_empty() {
            bail!(
                "workload {}: needs at least one critical and one non-critical section",
                self.name
            );
        }
        let probs = self
            .noncritical
            .iter()
            .map(|s| s.prob)
            .chain(self.critical.iter().map(|s| s.prob));
        for p in probs {
            if !p.is_finite() || p < 0.0 {
                bail!(
                    "workload {}: probability {p} (allowed: 0 or more)",
                    self.name
                );
            }
        }
        if self.noncritical.iter().map(|s| s.prob).sum::<f64>() <= 0.0
            || self.critical.iter().map(|s| s.prob).sum::<f64>() <= 0.0
        {
            bail!(
                "workload {}: the probabilities of a table sum to 0",
                self.name
            );
        }
        for (i, s) in self.critical.iter().enumerate() {
            if s.bank >= platform.banks {
                bail!(
                    "workload {}: critical section {i} locks on bank {} (platform {} has banks 0 to {})",
                    self.name,
                    s.bank,
                    platform.name,
                    platform.banks - 1
                );
            }
        }
        Ok(())
    }
}
