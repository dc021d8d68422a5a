//! Fixed-work mixes of demand classes, the workloads of thesis §4.4 (SPEC §2, "Measures";
//! issue #10, item 7): memory-intensive tasks (triad, chase; pages where only software
//! counters exist) next to CPU-intensive ones (ep), every task doing a fixed amount of work.
//! What the thesis measures: each task's execution time and, per class, its mean and spread,
//! plus the time of the whole mix.

use std::fmt;
use std::sync::{Arc, Barrier};
use std::time::Instant;

use anyhow::{bail, Result};
use clap::ValueEnum;
use serde::Serialize;

use crate::kernels::{Demand, DemandWorker};

/// The tasks of a mix: (class, count), in the order given.
#[derive(Clone, Debug, PartialEq)]
pub struct Mix(pub Vec<(Demand, usize)>);

/// Work per task: (class, rounds).
#[derive(Clone, Debug, PartialEq)]
pub struct Rounds(pub Vec<(Demand, u64)>);

fn parse_class(s: &str) -> Result<Demand, String> {
    Demand::from_str(s.trim(), true)
        .map_err(|_| format!("unknown class '{s}' (allowed: triad, chase, ep, pages)"))
}

/// `CLASS<sep>N,...`: each class once, N from `lo` to `hi` (`what` names N).
fn parse_classes(
    s: &str,
    sep: char,
    what: &str,
    (lo, hi): (u64, u64),
) -> Result<Vec<(Demand, u64)>, String> {
    let mut v: Vec<(Demand, u64)> = Vec::new();
    for part in s.split(',') {
        let (c, n) = part
            .split_once(sep)
            .ok_or_else(|| format!("'{part}': expected CLASS{sep}{}", what.to_uppercase()))?;
        let c = parse_class(c)?;
        let n: u64 = n
            .trim()
            .parse()
            .ok()
            .filter(|n| (lo..=hi).contains(n))
            .ok_or_else(|| format!("'{part}': the {what} must be {lo} to {hi}"))?;
        if v.iter().any(|(k, _)| *k == c) {
            return Err(format!("class '{}' given twice", c.name()));
        }
        v.push((c, n));
    }
    Ok(v)
}

/// `CLASS:COUNT,...`, e.g. `pages:2,ep:2`; each class once, counts 1 to 4096.
pub fn parse_mix(s: &str) -> Result<Mix, String> {
    let v = parse_classes(s, ':', "count", (1, 4096))?;
    Ok(Mix(v.into_iter().map(|(c, n)| (c, n as usize)).collect()))
}

/// `CLASS=ROUNDS,...`, e.g. `pages=40,ep=900`; rounds 1 to 10^9.
pub fn parse_rounds(s: &str) -> Result<Rounds, String> {
    parse_classes(s, '=', "rounds", (1, 1_000_000_000)).map(Rounds)
}

/// `CLASS<sep>N,...`: the form both lists are written in.
fn write_classes<N: fmt::Display>(
    f: &mut fmt::Formatter,
    v: &[(Demand, N)],
    sep: char,
) -> fmt::Result {
    let v: Vec<String> = v
        .iter()
        .map(|(c, n)| format!("{}{sep}{n}", c.name()))
        .collect();
    f.write_str(&v.join(","))
}

impl fmt::Display for Mix {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write_classes(f, &self.0, ':')
    }
}

impl fmt::Display for Rounds {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write_classes(f, &self.0, '=')
    }
}

impl Mix {
    /// One class per task, in task order.
    fn tasks(&self) -> Vec<Demand> {
        self.0
            .iter()
            .flat_map(|&(c, n)| std::iter::repeat_n(c, n))
            .collect()
    }
}

/// One task's execution time.
#[derive(Debug, Serialize)]
pub struct TaskTime {
    pub class: &'static str,
    pub tid: i32,
    pub exec_s: f64,
    /// Of its execution time: on a CPU, and runnable but waiting for one (its
    /// /proc/thread-self/schedstat; null where the kernel has no schedstats).
    pub run_s: Option<f64>,
    pub wait_s: Option<f64>,
}

/// (time on a CPU, time waiting on a run queue) of the calling thread so far, in ns.
fn own_schedstat() -> Option<(u64, u64)> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let mut it = s.split_whitespace().map(|x| x.parse::<u64>().ok());
    Some((it.next()??, it.next()??))
}

/// Mean, sample standard deviation and coefficient of variation of one side of the mix.
#[derive(Debug, Default, PartialEq)]
struct Spread {
    mean: f64,
    sd: f64,
    cv: f64,
}

fn spread(xs: &[f64]) -> Option<Spread> {
    if xs.is_empty() {
        return None;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let sd = if xs.len() > 1 {
        (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt()
    } else {
        0.0
    };
    let cv = if mean > 0.0 { sd / mean } else { 0.0 };
    Some(Spread { mean, sd, cv })
}

/// What `scx-workloads mix` prints. Times in seconds; the memory side is triad, chase and
/// pages, the CPU side ep; a side without tasks has null fields.
#[derive(Debug, Serialize)]
pub struct MixReport {
    benchmark: &'static str,
    mix: String,
    rounds: String,
    mb: usize,
    tasks: usize,
    /// From the common start until the last task finished.
    makespan_s: f64,
    /// Mean execution time over all tasks.
    task_s: f64,
    memory_task_s: Option<f64>,
    memory_task_sd_s: Option<f64>,
    memory_task_cv: Option<f64>,
    /// Mean run-queue wait of a memory-intensive task during its work.
    memory_wait_s: Option<f64>,
    cpu_task_s: Option<f64>,
    cpu_task_sd_s: Option<f64>,
    cpu_task_cv: Option<f64>,
    cpu_wait_s: Option<f64>,
    per_task: Vec<TaskTime>,
}

impl MixReport {
    fn new(mix: &Mix, rounds: &Rounds, mb: usize, makespan_s: f64, per: Vec<TaskTime>) -> Self {
        let side = |memory: bool, f: fn(&TaskTime) -> Option<f64>| -> Vec<f64> {
            per.iter()
                .filter(|t| parse_class(t.class).map(|c| c.is_memory()) == Ok(memory))
                .filter_map(f)
                .collect()
        };
        let exec = |t: &TaskTime| Some(t.exec_s);
        let wait = |t: &TaskTime| t.wait_s;
        let (m, c) = (spread(&side(true, exec)), spread(&side(false, exec)));
        let mean_wait = |memory| spread(&side(memory, wait)).map(|s| s.mean);
        let all: Vec<f64> = per.iter().map(|t| t.exec_s).collect();
        Self {
            benchmark: "mix",
            mix: mix.to_string(),
            rounds: rounds.to_string(),
            mb,
            tasks: per.len(),
            makespan_s,
            task_s: spread(&all).map(|s| s.mean).unwrap_or(0.0),
            memory_task_s: m.as_ref().map(|s| s.mean),
            memory_task_sd_s: m.as_ref().map(|s| s.sd),
            memory_task_cv: m.as_ref().map(|s| s.cv),
            memory_wait_s: mean_wait(true),
            cpu_task_s: c.as_ref().map(|s| s.mean),
            cpu_task_sd_s: c.as_ref().map(|s| s.sd),
            cpu_task_cv: c.as_ref().map(|s| s.cv),
            cpu_wait_s: mean_wait(false),
            per_task: per,
        }
    }
}

/// One task's run: its tid, when it started and ended its work, and what its work returned.
struct TaskRun<T> {
    tid: i32,
    start: Instant,
    end: Instant,
    /// schedstat (run, wait) ns during the work.
    sched: Option<(u64, u64)>,
    out: T,
}

/// Starts one thread per task of `mix`; each builds its buffers, waits for all the others,
/// then runs `work`. Returns the runs in task order.
fn run_tasks<T: Send + 'static>(
    mix: &Mix,
    mb: usize,
    work: impl Fn(Demand, &mut DemandWorker) -> T + Send + Sync + 'static,
) -> Result<Vec<TaskRun<T>>> {
    let tasks = mix.tasks();
    let barrier = Arc::new(Barrier::new(tasks.len()));
    let work = Arc::new(work);
    let handles: Vec<_> = tasks
        .iter()
        .enumerate()
        .map(|(i, &class)| {
            let (barrier, work) = (barrier.clone(), work.clone());
            std::thread::spawn(move || {
                let mut w = DemandWorker::new(class, mb, 0x9e3779b97f4a7c15 ^ i as u64);
                let tid = unsafe { libc::syscall(libc::SYS_gettid) as i32 };
                barrier.wait();
                let (start, s0) = (Instant::now(), own_schedstat());
                let out = work(class, &mut w);
                let (end, s1) = (Instant::now(), own_schedstat());
                let sched = s0.zip(s1).map(|(a, b)| (b.0 - a.0, b.1 - a.1));
                TaskRun {
                    tid,
                    start,
                    end,
                    sched,
                    out,
                }
            })
        })
        .collect();
    handles
        .into_iter()
        .map(|h| h.join().map_err(|_| anyhow::anyhow!("a mix task panicked")))
        .collect()
}

/// Runs `mix` with the fixed work `rounds` per task and reports the execution times.
pub fn run(mix: &Mix, rounds: &Rounds, mb: usize) -> Result<MixReport> {
    for (c, _) in &mix.0 {
        if !rounds.0.iter().any(|(k, _)| k == c) {
            bail!(
                "--rounds {rounds}: no rounds for class '{}' of --mix {mix}",
                c.name()
            );
        }
    }
    let r = rounds.clone();
    let runs = run_tasks(mix, mb, move |class, w| {
        let n = r.0.iter().find(|(k, _)| *k == class).map_or(0, |x| x.1);
        for _ in 0..n {
            w.round();
        }
    })?;
    let first = runs.iter().map(|t| t.start).min();
    let last = runs.iter().map(|t| t.end).max();
    let makespan = match (first, last) {
        (Some(a), Some(b)) => (b - a).as_secs_f64(),
        _ => 0.0,
    };
    let per = runs
        .iter()
        .zip(mix.tasks())
        .map(|(t, c)| TaskTime {
            class: c.name(),
            tid: t.tid,
            exec_s: (t.end - t.start).as_secs_f64(),
            run_s: t.sched.map(|s| s.0 as f64 / 1e9),
            wait_s: t.sched.map(|s| s.1 as f64 / 1e9),
        })
        .collect();
    Ok(MixReport::new(mix, rounds, mb, makespan, per))
}

/// Runs `mix` for `secs` seconds and returns, per class, the mean rounds its tasks did (at
/// least 1): the fixed work that takes that class's tasks about `secs` in this mix under the
/// scheduler that ran the calibration.
pub fn calibrate(mix: &Mix, mb: usize, secs: f64) -> Result<Rounds> {
    // Each task times itself from the common start (after every buffer is built).
    let runs = run_tasks(mix, mb, move |_, w| {
        let t = Instant::now();
        let mut n = 0u64;
        while t.elapsed().as_secs_f64() < secs {
            w.round();
            n += 1;
        }
        n
    })?;
    let classes = mix.tasks();
    let mut v = Vec::new();
    for &(c, _) in &mix.0 {
        let xs: Vec<f64> = runs
            .iter()
            .zip(&classes)
            .filter(|(_, k)| **k == c)
            .map(|(t, _)| t.out as f64)
            .collect();
        let mean = spread(&xs).map(|s| s.mean).unwrap_or(1.0);
        v.push((c, (mean.round() as u64).max(1)));
    }
    Ok(Rounds(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mix_and_rounds_parse_and_print_back() {
        let m = parse_mix("pages:2, ep:3").unwrap();
        assert_eq!(m.0, vec![(Demand::Pages, 2), (Demand::Ep, 3)]);
        assert_eq!(m.to_string(), "pages:2,ep:3");
        assert_eq!(m.tasks().len(), 5);
        let r = parse_rounds("ep=900,Triad=4").unwrap();
        assert_eq!(r.0, vec![(Demand::Ep, 900), (Demand::Triad, 4)]);
        assert_eq!(r.to_string(), "ep=900,triad=4");
        for bad in ["pages", "pages:0", "pages:5000", "disk:1", "ep:1,ep:2"] {
            assert!(parse_mix(bad).is_err(), "{bad}");
        }
        for bad in ["ep", "ep=0", "ep=x", "ep=1,ep=2"] {
            assert!(parse_rounds(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn spread_of_times() {
        assert_eq!(spread(&[]), None);
        let s = spread(&[1.0, 3.0]).unwrap();
        assert_eq!(s.mean, 2.0);
        assert!((s.sd - 2f64.sqrt()).abs() < 1e-12);
        assert!((s.cv - 2f64.sqrt() / 2.0).abs() < 1e-12);
        assert_eq!(spread(&[4.0]).unwrap().sd, 0.0);
    }

    #[test]
    fn fixed_work_mix_reports_both_sides() {
        let mix = parse_mix("pages:1,ep:2").unwrap();
        let r = run(&mix, &parse_rounds("pages=3,ep=5").unwrap(), 1).unwrap();
        assert_eq!(r.tasks, 3);
        assert_eq!(r.per_task.iter().filter(|t| t.class == "ep").count(), 2);
        assert!(r
            .per_task
            .iter()
            .all(|t| t.exec_s > 0.0 && t.exec_s <= r.makespan_s));
        assert!(r.memory_task_s.unwrap() > 0.0 && r.cpu_task_s.unwrap() > 0.0);
        assert_eq!(r.memory_task_sd_s, Some(0.0));
        // A class without rounds is refused.
        assert!(run(&mix, &parse_rounds("ep=5").unwrap(), 1).is_err());
        // Calibration gives every class of the mix some rounds.
        let c = calibrate(&mix, 1, 0.2).unwrap();
        assert_eq!(c.0.len(), 2);
        assert!(c.0.iter().all(|(_, n)| *n >= 1));
    }
}
