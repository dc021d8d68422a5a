//! The per-CPU counters the BPF side reads (SPEC.md section 2, "Demand metric").
//!
//! One counter per CPU and event, counting every task on that CPU (pid -1), not inherited,
//! enabled from the start. The BPF side reads them with `bpf_perf_event_read_value()` from
//! the `pmu_accesses` / `pmu_instructions` perf-event arrays, indexed by CPU.
//!
//! Events are spelled as `perf list` spells them (`cache-references`, `instructions`,
//! `LLC-loads`, `page-faults`, `cpu-clock`, ...) or as raw codes (`r1a2` or `0x1a2`), parsed
//! by `scx_utils::perf`. Software events (`page-faults`, `cpu-clock`, ...) take exactly the
//! same path: that is how a machine without a PMU (a VM, CI) drives the whole pipeline.

use std::fs::File;
use std::os::fd::{AsRawFd, FromRawFd};

use scx_utils::perf::{bindings, parse_perf_event, perf_event_open, PerfEventSpec};

/// The default `--events`: the thesis's LLC accesses per instruction (§4.3.1, table 4.2).
pub const DEFAULT_EVENTS: &str = "cache-references,instructions";

/// One event of `--events`.
#[derive(Clone, Debug)]
pub struct Event {
    pub spec: PerfEventSpec,
}

impl Event {
    pub fn name(&self) -> &str {
        &self.spec.display_name
    }

    /// Whether the event needs the CPU's PMU (hardware, cache or raw events).
    pub fn is_hardware(&self) -> bool {
        self.spec.type_ != bindings::PERF_TYPE_SOFTWARE
    }
}

/// Parse one event: a `perf list` name, `rNNNN` or `0xNNNN`.
pub fn parse_event(s: &str) -> Result<Event, String> {
    let s = s.trim();
    let raw = s
        .strip_prefix('r')
        .filter(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()))
        .map(|h| format!("0x{h}"));
    let spec = parse_perf_event(raw.as_deref().unwrap_or(s)).map_err(|_| {
        format!(
            "'{s}' is not a perf event: use a name as `perf list` prints it (cache-references, \
             instructions, LLC-loads, page-faults, cpu-clock, ...) or a raw code (r1a2, 0x1a2)"
        )
    })?;
    if spec.event_id == 0 {
        return Err(format!("'{s}' is not a perf event (an empty or zero code)"));
    }
    Ok(Event { spec })
}

/// Parse `--events ACCESSES,INSTRUCTIONS`: exactly two events, the demand's numerator and
/// denominator.
pub fn parse_events(s: &str) -> Result<(Event, Event), String> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.len() != 2 {
        return Err(format!(
            "'{s}' names {} event(s); expected two, ACCESSES,INSTRUCTIONS (for example \
             {DEFAULT_EVENTS}, or page-faults,cpu-clock without a PMU)",
            parts.len()
        ));
    }
    Ok((parse_event(parts[0])?, parse_event(parts[1])?))
}

/// The counters of one event on every CPU, kept open while the scheduler runs.
pub struct Counters {
    pub event: Event,
    /// (cpu, file) per CPU.
    pub files: Vec<(usize, File)>,
}

/// Why the counters could not be opened.
#[derive(Debug)]
pub struct OpenError {
    pub event: String,
    pub cpu: usize,
    pub err: std::io::Error,
    pub hardware: bool,
}

impl std::fmt::Display for OpenError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cannot open the counter '{}' on CPU {}: {}",
            self.event, self.cpu, self.err
        )?;
        if self.hardware {
            write!(
                f,
                ". This machine does not provide that hardware event (no PMU, as in most VMs, \
                 or the event is not supported by this CPU). scx_corepair needs two counters \
                 per CPU (--events, default {DEFAULT_EVENTS}); on a machine without a PMU, \
                 software events such as --events page-faults,cpu-clock run the same \
                 pipeline, but they do not measure cache demand"
            )?;
        }
        Ok(())
    }
}

/// Open `event` on each of `cpus`.
pub fn open(event: &Event, cpus: &[usize]) -> Result<Counters, OpenError> {
    let mut files = Vec::with_capacity(cpus.len());
    for &cpu in cpus {
        let mut attr = bindings::perf_event_attr {
            type_: event.spec.type_,
            config: event.spec.config,
            size: std::mem::size_of::<bindings::perf_event_attr>() as u32,
            read_format: (bindings::PERF_FORMAT_TOTAL_TIME_ENABLED
                | bindings::PERF_FORMAT_TOTAL_TIME_RUNNING) as u64,
            ..Default::default()
        };
        // SAFETY: attr is a valid perf_event_attr whose size field is set.
        let fd = unsafe { perf_event_open(&mut attr, -1, cpu as i32, -1, 0) };
        if fd < 0 {
            return Err(OpenError {
                event: event.name().to_string(),
                cpu,
                err: std::io::Error::last_os_error(),
                hardware: event.is_hardware(),
            });
        }
        // SAFETY: fd is a fresh descriptor that nothing else owns.
        files.push((cpu, unsafe { File::from_raw_fd(fd) }));
    }
    Ok(Counters {
        event: event.clone(),
        files,
    })
}

impl Counters {
    /// (cpu, fd) pairs for the BPF perf-event array.
    pub fn fds(&self) -> impl Iterator<Item = (usize, i32)> + '_ {
        self.files.iter().map(|(c, f)| (*c, f.as_raw_fd()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_parse_like_perf_list() {
        let (a, b) = parse_events(DEFAULT_EVENTS).unwrap();
        assert!(a.is_hardware() && b.is_hardware());
        assert_eq!(a.name(), "cache-references");
        let (a, b) = parse_events("page-faults,cpu-clock").unwrap();
        assert!(!a.is_hardware() && !b.is_hardware());
        let (a, _) = parse_events("r1a2,LLC-loads").unwrap();
        assert_eq!(a.spec.config, 0x1a2);
        assert_eq!(a.spec.type_, bindings::PERF_TYPE_RAW);
        assert!(parse_events("0x3c,instructions").is_ok());
    }

    #[test]
    fn bad_events_are_named() {
        let e = parse_events("cache-references").unwrap_err();
        assert!(e.contains("expected two"), "{e}");
        let e = parse_events("nosuch,instructions").unwrap_err();
        assert!(e.contains("'nosuch'") && e.contains("perf list"), "{e}");
        assert!(parse_events("a,b,c").is_err());
        assert!(parse_events("0,instructions").is_err());
        assert!(parse_events("r,instructions").is_err());
    }
}
