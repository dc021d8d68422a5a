//! Checks made before anything is loaded into the kernel, each with its own exit code so that
//! scripts and systemd can tell the failures apart.

use crate::sysfs;
use std::fmt;

/// Process exit codes shared by the project's schedulers.
pub mod exit_code {
    /// Clean exit (Ctrl-C, SIGTERM, or the scheduler was unregistered).
    pub const OK: i32 = 0;
    /// Runtime failure, or the kernel ejected the scheduler.
    pub const FAILURE: i32 = 1;
    /// Invalid command line (clap's own code).
    pub const USAGE: i32 = 2;
    /// The kernel has no sched_ext (CONFIG_SCHED_CLASS_EXT).
    pub const NO_SCHED_EXT: i32 = 3;
    /// Not running as root (CAP_SYS_ADMIN / CAP_BPF are needed).
    pub const NOT_ROOT: i32 = 4;
    /// Another BPF scheduler is attached.
    pub const BUSY: i32 = 5;
    /// The counters a scheduler needs cannot be opened (no PMU, or the events do not exist).
    pub const NO_COUNTERS: i32 = 6;
}

/// Why the scheduler cannot be loaded here.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PreflightError {
    NoSchedExt,
    NotRoot,
    Busy(String),
}

impl PreflightError {
    pub fn exit_code(&self) -> i32 {
        match self {
            Self::NoSchedExt => exit_code::NO_SCHED_EXT,
            Self::NotRoot => exit_code::NOT_ROOT,
            Self::Busy(_) => exit_code::BUSY,
        }
    }
}

impl fmt::Display for PreflightError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoSchedExt => write!(
                f,
                "this kernel has no sched_ext ({} is missing): a Linux >= 6.12 kernel built with \
                 CONFIG_SCHED_CLASS_EXT=y is needed. To try the scheduler on this machine anyway, \
                 run it in the project's VM: tools/vm/vmrun -- <command> (see README.md)",
                sysfs::SCHED_EXT_DIR
            ),
            Self::NotRoot => write!(
                f,
                "loading a BPF scheduler needs root (CAP_SYS_ADMIN and CAP_BPF); run it with sudo"
            ),
            Self::Busy(ops) => write!(
                f,
                "another sched_ext scheduler ('{ops}') is attached; stop it first"
            ),
        }
    }
}

impl std::error::Error for PreflightError {}

/// Decide from the observed facts; kept pure so that it can be tested on any machine.
pub fn decide(
    has_sched_ext: bool,
    is_root: bool,
    state: Option<&str>,
    ops: Option<&str>,
) -> Result<(), PreflightError> {
    if !has_sched_ext {
        return Err(PreflightError::NoSchedExt);
    }
    if !is_root {
        return Err(PreflightError::NotRoot);
    }
    match state {
        Some("disabled") | None => Ok(()),
        Some(_) => Err(PreflightError::Busy(ops.unwrap_or("unknown").to_string())),
    }
}

/// Check this machine: sched_ext present, root, no other scheduler attached.
pub fn check() -> Result<(), PreflightError> {
    let is_root = unsafe { libc::geteuid() } == 0;
    let state = sysfs::state();
    let ops = sysfs::root_ops();
    decide(
        sysfs::has_sched_ext(),
        is_root,
        state.as_deref(),
        ops.as_deref(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn missing_sched_ext_wins_and_points_to_the_vm() {
        let e = decide(false, false, None, None).unwrap_err();
        assert_eq!(e, PreflightError::NoSchedExt);
        assert_eq!(e.exit_code(), exit_code::NO_SCHED_EXT);
        assert!(e.to_string().contains("vmrun"));
    }

    #[test]
    fn root_is_required() {
        let e = decide(true, false, Some("disabled"), None).unwrap_err();
        assert_eq!(e.exit_code(), exit_code::NOT_ROOT);
    }

    #[test]
    fn another_scheduler_blocks() {
        let e = decide(true, true, Some("enabled"), Some("simple")).unwrap_err();
        assert_eq!(e, PreflightError::Busy("simple".into()));
        assert!(e.to_string().contains("simple"));
        assert_eq!(decide(true, true, Some("disabled"), None), Ok(()));
    }
}
