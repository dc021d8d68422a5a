//! Code shared by the project's sched_ext schedulers (scx_lockaware, scx_corepair).
//!
//! Nothing here needs a sched_ext kernel except [`preflight`] and [`sysfs`], which only
//! read files under `/sys/kernel/sched_ext`.

pub mod agent;
pub mod bpfcost;
pub mod cli;
pub mod clock;
pub mod cpulist;
pub mod preflight;
pub mod stats;
pub mod sysfs;
pub mod topo;
