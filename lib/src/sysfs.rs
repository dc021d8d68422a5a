//! The kernel's sched_ext state, read from `/sys/kernel/sched_ext`.

use std::fs;
use std::path::Path;

/// Root of the sched_ext sysfs interface; absent when the kernel lacks CONFIG_SCHED_CLASS_EXT.
pub const SCHED_EXT_DIR: &str = "/sys/kernel/sched_ext";

fn read_trimmed(rel: &str) -> Option<String> {
    fs::read_to_string(Path::new(SCHED_EXT_DIR).join(rel))
        .ok()
        .map(|s| s.trim().to_string())
}

/// Whether the running kernel has sched_ext.
pub fn has_sched_ext() -> bool {
    Path::new(SCHED_EXT_DIR).join("state").exists()
}

/// `enabled`, `disabled`, `enabling`, `disabling`, or None without sched_ext.
pub fn state() -> Option<String> {
    read_trimmed("state")
}

/// Name of the attached BPF scheduler (`root/ops`), if any.
pub fn root_ops() -> Option<String> {
    read_trimmed("root/ops").filter(|s| !s.is_empty())
}

/// Number of times a BPF scheduler has been enabled since boot.
pub fn enable_seq() -> Option<u64> {
    read_trimmed("enable_seq").and_then(|s| s.parse().ok())
}
