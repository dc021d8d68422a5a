//! CPU topology reduced to what the schedulers need: for each CPU its core, LLC and NUMA node.
//!
//! The BPF side indexes LLCs densely (0..nr_llcs) because each LLC has a dispatch queue whose
//! id is that index. The LLC-compact order (SPEC.md section 1: "contiguous IDs sharing the
//! last-level cache; fewest NUMA nodes") is what the Special Set of Cores is carved from.

use anyhow::{bail, Result};
use std::collections::BTreeMap;

/// One online CPU.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CpuPlace {
    pub cpu: usize,
    pub core: usize,
    pub llc: usize,
    pub node: usize,
}

/// How the SSC's CPU order is built (`--ssc-order`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SscOrder {
    Compact,
    Spread,
    Id,
}

impl std::str::FromStr for SscOrder {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        match s {
            "compact" => Ok(Self::Compact),
            "spread" => Ok(Self::Spread),
            "id" => Ok(Self::Id),
            _ => Err(format!(
                "'{s}' is not an SSC order (allowed: compact, spread, id)"
            )),
        }
    }
}

/// Every LLC's CPUs as slices of one flat list (see [`CpuTopo::llc_cpu_table`]).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct LlcCpuTable {
    /// CPU ids, LLC by LLC.
    pub cpus: Vec<u32>,
    /// Per dense LLC index: where its CPUs start in `cpus`.
    pub first: Vec<u32>,
    /// Per dense LLC index: how many CPUs it has.
    pub len: Vec<u32>,
}

/// The machine's CPUs, as the schedulers see them.
#[derive(Debug, Clone)]
pub struct CpuTopo {
    pub cpus: Vec<CpuPlace>,
    /// Whether any core has more than one CPU.
    pub smt: bool,
}

impl CpuTopo {
    pub fn new(mut cpus: Vec<CpuPlace>) -> Result<Self> {
        if cpus.is_empty() {
            bail!("no online CPU found");
        }
        cpus.sort_by_key(|c| c.cpu);
        let mut per_core: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        for c in &cpus {
            *per_core.entry((c.node, c.core)).or_default() += 1;
        }
        let smt = per_core.values().any(|&n| n > 1);
        Ok(Self { cpus, smt })
    }

    /// Read the topology of this machine through scx_utils.
    pub fn detect() -> Result<Self> {
        let topo = scx_utils::Topology::new()?;
        let cpus = topo
            .all_cpus
            .values()
            .map(|c| CpuPlace {
                cpu: c.id,
                core: c.core_id,
                llc: c.llc_id,
                node: c.node_id,
            })
            .collect();
        Self::new(cpus)
    }

    /// Highest CPU id + 1.
    pub fn nr_cpu_ids(&self) -> usize {
        self.cpus.iter().map(|c| c.cpu).max().unwrap_or(0) + 1
    }

    /// Dense LLC index of every CPU id (CPUs not online get index 0), and the number of LLCs.
    /// LLCs are numbered in the order of their lowest CPU id.
    pub fn dense_llc_index(&self) -> (Vec<u32>, usize) {
        let mut index: BTreeMap<usize, u32> = BTreeMap::new();
        let mut by_cpu = vec![0u32; self.nr_cpu_ids()];
        for c in &self.cpus {
            let next = index.len() as u32;
            let i = *index.entry(c.llc).or_insert(next);
            by_cpu[c.cpu] = i;
        }
        (by_cpu, index.len())
    }

    /// CPUs grouped by LLC, in dense LLC order.
    pub fn llc_groups(&self) -> Vec<Vec<usize>> {
        let (idx, n) = self.dense_llc_index();
        let mut groups = vec![Vec::new(); n];
        for c in &self.cpus {
            groups[idx[c.cpu] as usize].push(c.cpu);
        }
        groups
    }

    /// The CPUs of every LLC laid end to end in dense LLC order, with each LLC's first index
    /// into that list and its length. BPF walks one LLC's CPUs with it instead of scanning
    /// every CPU id and filtering by LLC.
    pub fn llc_cpu_table(&self) -> LlcCpuTable {
        let mut t = LlcCpuTable::default();
        for group in self.llc_groups() {
            t.first.push(t.cpus.len() as u32);
            t.len.push(group.len() as u32);
            t.cpus.extend(group.iter().map(|&c| c as u32));
        }
        t
    }

    /// For every CPU id, another CPU of the same core (the next one in id order, wrapping), or
    /// -1 when the core has a single CPU or the id is not online. With 2-way SMT this is the
    /// sibling; with more, following the links visits the whole core.
    pub fn sibling_of(&self) -> Vec<i32> {
        let mut cores: BTreeMap<(usize, usize), Vec<usize>> = BTreeMap::new();
        for c in &self.cpus {
            cores.entry((c.node, c.core)).or_default().push(c.cpu);
        }
        let mut sib = vec![-1i32; self.nr_cpu_ids()];
        for cpus in cores.values().filter(|v| v.len() > 1) {
            for (i, &cpu) in cpus.iter().enumerate() {
                sib[cpu] = cpus[(i + 1) % cpus.len()] as i32;
            }
        }
        sib
    }

    /// The order the SSC is carved from (its first n CPUs), per `kind`:
    /// `Compact`: NUMA node, LLC, core, SMT sibling (siblings adjacent: the thesis's
    /// "contiguous IDs sharing the last-level cache, fewest nodes");
    /// `Spread`: NUMA node, LLC, then one CPU of each core before any second sibling;
    /// `Id`: plain CPU-id order (the thesis's own machine, where ids follow the LLCs).
    pub fn ssc_order(&self, kind: SscOrder) -> Vec<usize> {
        match kind {
            SscOrder::Compact => self.llc_compact_order(),
            SscOrder::Id => self.cpus.iter().map(|c| c.cpu).collect(),
            SscOrder::Spread => {
                let mut rank: BTreeMap<(usize, usize), usize> = BTreeMap::new();
                let mut v: Vec<(usize, usize, usize, usize, usize)> = Vec::new();
                let mut by_core = self.cpus.clone();
                by_core.sort_by_key(|c| (c.node, c.core, c.cpu));
                for c in by_core {
                    let r = rank.entry((c.node, c.core)).or_default();
                    v.push((c.node, c.llc, *r, c.core, c.cpu));
                    *r += 1;
                }
                v.sort();
                v.into_iter().map(|t| t.4).collect()
            }
        }
    }

    /// LLC-compact CPU order: NUMA node, then LLC, then core, then SMT sibling. Taking the first
    /// n CPUs of this order fills one LLC before touching the next and one node before the next.
    pub fn llc_compact_order(&self) -> Vec<usize> {
        let mut v = self.cpus.clone();
        v.sort_by_key(|c| (c.node, c.llc, c.core, c.cpu));
        v.into_iter().map(|c| c.cpu).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two LLCs of two cores with two SMT siblings each, Intel-style numbering
    /// (sibling of cpu i is i + 4).
    fn two_llc_smt() -> CpuTopo {
        let mut v = Vec::new();
        for cpu in 0..8 {
            let core = cpu % 4;
            v.push(CpuPlace {
                cpu,
                core,
                llc: if core < 2 { 10 } else { 20 },
                node: 0,
            });
        }
        CpuTopo::new(v).unwrap()
    }

    #[test]
    fn ssc_orders() {
        let t = two_llc_smt();
        // LLC 10 holds cores 0,1 (cpus 0,4 and 1,5); LLC 20 cores 2,3.
        assert_eq!(t.ssc_order(SscOrder::Compact), vec![0, 4, 1, 5, 2, 6, 3, 7]);
        assert_eq!(t.ssc_order(SscOrder::Spread), vec![0, 1, 4, 5, 2, 3, 6, 7]);
        assert_eq!(t.ssc_order(SscOrder::Id), vec![0, 1, 2, 3, 4, 5, 6, 7]);
        assert_eq!("spread".parse::<SscOrder>(), Ok(SscOrder::Spread));
        assert!("x"
            .parse::<SscOrder>()
            .unwrap_err()
            .contains("compact, spread, id"));
    }

    #[test]
    fn smt_detected() {
        assert!(two_llc_smt().smt);
        assert_eq!(two_llc_smt().sibling_of(), vec![4, 5, 6, 7, 0, 1, 2, 3]);
        let flat = CpuTopo::new(
            (0..4)
                .map(|cpu| CpuPlace {
                    cpu,
                    core: cpu,
                    llc: 0,
                    node: 0,
                })
                .collect(),
        )
        .unwrap();
        assert!(!flat.smt);
    }

    #[test]
    fn llc_index_is_dense_and_ordered() {
        let t = two_llc_smt();
        let (idx, n) = t.dense_llc_index();
        assert_eq!(n, 2);
        assert_eq!(idx, vec![0, 0, 1, 1, 0, 0, 1, 1]);
        assert_eq!(t.llc_groups(), vec![vec![0, 1, 4, 5], vec![2, 3, 6, 7]]);
        let table = t.llc_cpu_table();
        assert_eq!(table.cpus, vec![0, 1, 4, 5, 2, 3, 6, 7]);
        assert_eq!(table.first, vec![0, 4]);
        assert_eq!(table.len, vec![4, 4]);
    }

    #[test]
    fn compact_order_fills_one_llc_and_core_first() {
        let t = two_llc_smt();
        assert_eq!(t.llc_compact_order(), vec![0, 4, 1, 5, 2, 6, 3, 7]);
    }

    #[test]
    fn sparse_cpu_ids() {
        let t = CpuTopo::new(vec![
            CpuPlace {
                cpu: 5,
                core: 1,
                llc: 3,
                node: 0,
            },
            CpuPlace {
                cpu: 2,
                core: 0,
                llc: 3,
                node: 0,
            },
        ])
        .unwrap();
        assert_eq!(t.nr_cpu_ids(), 6);
        assert_eq!(t.dense_llc_index().1, 1);
        assert!(CpuTopo::new(vec![]).is_err());
    }
}
