//! The clock the BPF side reads.

/// CLOCK_MONOTONIC in ns: the clock of the BPF side's `bpf_ktime_get_ns()`, so that the agent
/// can compare its own time with a timestamp the BPF side wrote (or write one it compares).
pub fn monotonic_ns() -> u64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: clock_gettime() writes the timespec it is given, which lives on the stack.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut ts) };
    ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn monotonic_ns_moves_forward() {
        let a = monotonic_ns();
        std::thread::sleep(std::time::Duration::from_millis(2));
        let b = monotonic_ns();
        assert!(b >= a + 2_000_000, "{a} {b}");
    }
}
