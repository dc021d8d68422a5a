//! What each of a scheduler's BPF programs costs (`--bpf-stats`): the kernel counts the runs
//! of every program and the nanoseconds they took while run-time statistics are enabled
//! (`BPF_ENABLE_STATS`, the system call behind the `kernel.bpf_stats_enabled` sysctl; the
//! agent holds the file descriptor it returns, and the kernel stops counting when the last
//! holder closes it). With statistics on, each program run pays two more clock reads.
//!
//! The time counted is the program's own: the trampoline that calls an fentry/fexit program
//! or a struct_ops callback, and a tracepoint's dispatch, are not in it (docs/benchmarks.md
//! §28.1).

use std::os::fd::{AsRawFd, BorrowedFd, FromRawFd, OwnedFd};

use anyhow::{bail, Result};
use libbpf_rs::libbpf_sys;

/// Run-time statistics, enabled for as long as this value lives.
pub struct RunTimeStats {
    _fd: OwnedFd,
}

impl RunTimeStats {
    pub fn enable() -> Result<Self> {
        let fd = unsafe { libbpf_sys::bpf_enable_stats(libbpf_sys::BPF_STATS_RUN_TIME) };
        if fd < 0 {
            bail!(
                "enabling BPF run-time statistics (BPF_ENABLE_STATS): {}",
                std::io::Error::from_raw_os_error(-fd)
            );
        }
        Ok(Self {
            _fd: unsafe { OwnedFd::from_raw_fd(fd) },
        })
    }

    /// [`format`] of every loaded program of `obj` (the `bpf_cost` statistic).
    pub fn describe(&self, obj: &libbpf_rs::Object, prefix: &str) -> Result<String> {
        use std::os::fd::AsFd;
        let progs = obj
            .progs()
            // A program that was not loaded (autoload off: the probes not chosen) has no fd.
            .filter(|p| p.as_fd().as_raw_fd() >= 0)
            .map(|p| {
                Ok((
                    p.name().to_string_lossy().into_owned(),
                    prog_run(p.as_fd())?,
                ))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(format(prefix, &progs))
    }
}

/// A program's runs and the time they took, since it was loaded (while statistics were on).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProgRun {
    pub runs: u64,
    pub ns: u64,
}

/// Read a loaded program's counts.
pub fn prog_run(fd: BorrowedFd<'_>) -> Result<ProgRun> {
    let mut info = libbpf_sys::bpf_prog_info::default();
    let mut len = std::mem::size_of::<libbpf_sys::bpf_prog_info>() as u32;
    let ret = unsafe { libbpf_sys::bpf_prog_get_info_by_fd(fd.as_raw_fd(), &mut info, &mut len) };
    if ret != 0 {
        bail!(
            "reading a BPF program's info: {}",
            std::io::Error::from_raw_os_error(-ret)
        );
    }
    Ok(ProgRun {
        runs: info.run_cnt,
        ns: info.run_time_ns,
    })
}

/// `name:runs:mean ns per run` for every program that ran, the most total time first, the
/// scheduler's prefix (`lockaware_`) taken off the names. Cumulative, so that a reader can
/// subtract two samples (runs × mean is the total to within a nanosecond per run).
pub fn format(prefix: &str, progs: &[(String, ProgRun)]) -> String {
    let mut ran: Vec<_> = progs.iter().filter(|(_, r)| r.runs > 0).collect();
    ran.sort_by(|a, b| b.1.ns.cmp(&a.1.ns).then(a.0.cmp(&b.0)));
    ran.iter()
        .map(|(name, r)| {
            format!(
                "{}:{}:{}",
                name.strip_prefix(prefix).unwrap_or(name),
                r.runs,
                (r.ns as f64 / r.runs as f64).round() as u64
            )
        })
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_the_programs_that_ran_most_time_first() {
        let p = |runs, ns| ProgRun { runs, ns };
        let progs = vec![
            ("x_enqueue".to_string(), p(10, 1000)),
            ("x_idle".to_string(), p(0, 0)),
            ("x_running".to_string(), p(3, 3001)),
            ("other".to_string(), p(1, 5)),
        ];
        assert_eq!(
            format("x_", &progs),
            "running:3:1000 enqueue:10:100 other:1:5"
        );
        assert_eq!(format("x_", &[]), "");
    }
}
