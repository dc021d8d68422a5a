// SPDX-License-Identifier: GPL-2.0
//
// scx-ab: run a workload under several scheduler variants (the kernel's default, EEVDF,
// included), interleaved (ABAB..., not AAA BBB), verify from /sys/kernel/sched_ext that the
// intended scheduler was active for the whole run, and report per variant the mean, standard
// deviation, 95% confidence interval, ratio to the baseline and Welch's t-test p-value.

mod plot;
mod sampler;
mod stats;

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Parser;
use serde::{Deserialize, Serialize};

use sched_common::cli::int_in_range;
use sched_common::sysfs;

/// A scheduler variant: a name and the command that runs it, or EEVDF (no BPF scheduler).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Variant {
    name: String,
    /// Empty for EEVDF.
    cmd: Vec<String>,
}

fn parse_variant(s: &str) -> Result<Variant, String> {
    if s == "eevdf" {
        return Ok(Variant {
            name: "eevdf".into(),
            cmd: Vec::new(),
        });
    }
    let (name, cmd) = s
        .split_once('=')
        .ok_or_else(|| format!("'{s}': expected 'eevdf' or NAME=COMMAND [ARGS...]"))?;
    let cmd: Vec<String> = cmd.split_whitespace().map(String::from).collect();
    if name.is_empty() || cmd.is_empty() || name == "eevdf" {
        return Err(format!(
            "'{s}': expected NAME=COMMAND with a non-empty name and command"
        ));
    }
    if cmd == ["eevdf"] {
        // EEVDF under another name: the workload sees the name (SCX_AB_VARIANT) and may
        // run differently, e.g. with other library settings.
        return Ok(Variant {
            name: name.into(),
            cmd: Vec::new(),
        });
    }
    Ok(Variant {
        name: name.into(),
        cmd,
    })
}

fn parse_reps(s: &str) -> Result<usize, String> {
    int_in_range(s, 1, 1000, "repetitions").map(|v| v as usize)
}

fn parse_stats_ms(s: &str) -> Result<u64, String> {
    int_in_range(s, 50, 60_000, "milliseconds")
}

fn parse_secs(s: &str) -> Result<u64, String> {
    int_in_range(s, 0, 3600, "seconds")
}

/// The --workers list (one flag value, not clap's "many values").
#[derive(Clone, Debug)]
struct WorkerList(Vec<usize>);

fn parse_workers(s: &str) -> Result<WorkerList, String> {
    let mut v = s
        .split(',')
        .map(|w| int_in_range(w.trim(), 1, 4096, "workers").map(|v| v as usize))
        .collect::<Result<Vec<_>, _>>()?;
    v.sort_unstable();
    v.dedup();
    Ok(WorkerList(v))
}

/// A/B harness for sched_ext schedulers. Runs WORKLOAD once per (repetition, worker count,
/// variant), interleaving the variants, and writes runs.jsonl, summary.json, summary.csv and
/// summary.svg (mean and 95% CI per variant; against the worker count for a sweep).
///
/// Example (as root on a sched_ext kernel):
///   scx-ab --variant eevdf --variant "lockaware=target/release/scx_lockaware" \
///     --reps 5 --workers 2,4,8 \
///     -- target/release/scx-workloads mutex --lock-threads {workers} --duration 10
///
/// The workload must print a JSON object on its last line of output; --metric names the
/// field compared (higher is better is not assumed: the ratio is variant / baseline).
/// The workload runs with SCX_AB_VARIANT set to the variant's name.
#[derive(Parser, Debug)]
#[command(name = "scx-ab", version, verbatim_doc_comment)]
struct Opts {
    /// A variant: "eevdf" (the kernel's default scheduler), NAME=COMMAND [ARGS...] starting
    /// a sched_ext scheduler, or NAME=eevdf (EEVDF again, under NAME: the workload reads the
    /// name from SCX_AB_VARIANT). Repeat for each; the first is the baseline.
    #[arg(
        long = "variant",
        value_name = "SPEC",
        value_parser = parse_variant,
        required_unless_present = "summarize"
    )]
    variants: Vec<Variant>,

    /// Repetitions of each variant (1 to 1000).
    #[arg(long, value_name = "N", default_value = "5", value_parser = parse_reps)]
    reps: usize,

    /// Worker counts to sweep (comma-separated, 1 to 4096 each); "{workers}" in the workload
    /// command is replaced by each.
    #[arg(long, value_name = "LIST", value_parser = parse_workers)]
    workers: Option<WorkerList>,

    /// Field of the workload's JSON line to compare.
    #[arg(long, value_name = "FIELD", default_value = "ops_per_s")]
    metric: String,

    /// Another numeric field of the workload's JSON line to summarize like --metric
    /// (repeatable): summary-FIELD.json, .csv and .svg. A run whose JSON lacks the field is
    /// left out of that summary only.
    #[arg(long = "also-metric", value_name = "FIELD")]
    also_metrics: Vec<String>,

    /// Output directory (created; default results/ab-UNIXTIME).
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,

    /// How long a scheduler may take to attach or detach, in seconds (1 to 3600).
    #[arg(long, value_name = "SECS", default_value = "30", value_parser = parse_secs)]
    attach_timeout_s: u64,

    /// Pause between runs, in seconds (0 to 3600).
    #[arg(long, value_name = "SECS", default_value = "1", value_parser = parse_secs)]
    cooldown_s: u64,

    /// Run nothing: recompute summary.json, summary.csv and summary.svg of an earlier run's
    /// output directory from its runs.jsonl (and the variants and workload in its
    /// summary.json), e.g. after an upgrade of this tool. --also-metric adds fields to the
    /// ones that run summarized.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["variants", "workload", "workers"])]
    summarize: Option<PathBuf>,

    /// Sample each scheduler variant's own statistics during its runs, through its scx_stats
    /// socket (what `--monitor` reads), and keep them in runs.jsonl ("sched_stats"). EEVDF
    /// runs have none. A sampling failure is recorded, and does not discard the run.
    #[arg(long)]
    sample_stats: bool,

    /// The scx_stats socket that --sample-stats reads.
    #[arg(long, value_name = "PATH", default_value = sampler::DEFAULT_SOCKET)]
    stats_socket: PathBuf,

    /// Interval between --sample-stats samples, in milliseconds (50 to 60000); one more is
    /// taken when the workload ends.
    #[arg(long, value_name = "MS", default_value = "1000", value_parser = parse_stats_ms)]
    stats_interval_ms: u64,

    /// The workload command and its arguments.
    #[arg(
        last = true,
        required_unless_present = "summarize",
        value_name = "WORKLOAD"
    )]
    workload: Vec<String>,
}

/// One run, as written to runs.jsonl.
#[derive(Debug, Serialize, Deserialize)]
struct Run {
    variant: String,
    rep: usize,
    workers: Option<usize>,
    /// Whether the intended scheduler was active for the whole run.
    valid: bool,
    /// Why the run was discarded.
    reason: Option<String>,
    /// root/ops while it ran ("" for EEVDF).
    ops: String,
    metric: Option<f64>,
    seconds: f64,
    workload: Option<serde_json::Value>,
    /// The scheduler's statistics during the run (--sample-stats).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    sched_stats: Option<sampler::Samples>,
}

/// Summary of one (workers, variant) cell.
#[derive(Debug, Serialize)]
struct Cell {
    workers: Option<usize>,
    variant: String,
    runs: usize,
    discarded: usize,
    #[serde(flatten)]
    summary: Option<stats::Summary>,
    ratio_to_baseline: Option<f64>,
    welch_p: Option<f64>,
    /// variant / baseline per repetition (they ran side by side), over the repetitions where
    /// both runs are valid.
    paired: Option<stats::PairedRatio>,
}

/// What a summary needs to know about the run besides the runs themselves (summary.json
/// holds it, so that --summarize can redo a summary).
#[derive(Debug, Serialize, Deserialize)]
struct Meta {
    variants: Vec<Variant>,
    workload: Vec<String>,
    metric: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    also_metrics: Vec<String>,
    reps: usize,
    #[serde(default)]
    interrupted: bool,
}

fn sched_state() -> String {
    sysfs::state().unwrap_or_else(|| "missing".into())
}

fn wait_until(timeout: Duration, mut pred: impl FnMut() -> bool) -> bool {
    let end = Instant::now() + timeout;
    while Instant::now() < end {
        if pred() {
            return true;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    pred()
}

/// Start `cmd` in a process group of its own; `variant`, for a workload, is passed to it as
/// SCX_AB_VARIANT (so that, e.g., a workload preloads a library only for some variants).
fn spawn_group(cmd: &[String], stdout: Stdio, variant: Option<&str>) -> Result<Child> {
    let mut c = Command::new(&cmd[0]);
    c.args(&cmd[1..]).stdout(stdout).stderr(Stdio::inherit());
    if let Some(v) = variant {
        c.env("SCX_AB_VARIANT", v);
    }
    // Own process group: a Ctrl-C reaches us, and we stop the children in order.
    c.process_group(0);
    c.spawn().with_context(|| format!("starting {}", cmd[0]))
}

fn signal(child: &Child, sig: i32) {
    unsafe { libc::kill(child.id() as i32, sig) };
}

/// Watches /sys/kernel/sched_ext/state during a run and records any departure from `want`.
struct Watch {
    stop: Arc<AtomicBool>,
    handle: std::thread::JoinHandle<Option<String>>,
}

impl Watch {
    fn start(want: &'static str) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let s = stop.clone();
        let handle = std::thread::spawn(move || {
            while !s.load(Ordering::Relaxed) {
                let st = sched_state();
                if st != want {
                    return Some(format!(
                        "state was '{st}' during the run (expected '{want}')"
                    ));
                }
                std::thread::sleep(Duration::from_millis(50));
            }
            None
        });
        Self { stop, handle }
    }

    fn finish(self) -> Option<String> {
        self.stop.store(true, Ordering::Relaxed);
        self.handle
            .join()
            .unwrap_or(Some("watcher panicked".into()))
    }
}

/// Parse the workload's output: the last line that is a JSON object.
fn parse_result(out: &str, metric: &str) -> Result<(serde_json::Value, f64)> {
    let v: serde_json::Value = out
        .lines()
        .rev()
        .find_map(|l| serde_json::from_str::<serde_json::Value>(l.trim()).ok())
        .filter(|v| v.is_object())
        .context("the workload printed no JSON object")?;
    let m = v
        .get(metric)
        .and_then(|m| m.as_f64())
        .with_context(|| format!("the workload's JSON has no numeric field '{metric}'"))?;
    Ok((v, m))
}

fn substitute(cmd: &[String], workers: Option<usize>) -> Vec<String> {
    match workers {
        None => cmd.to_vec(),
        Some(w) => cmd
            .iter()
            .map(|a| a.replace("{workers}", &w.to_string()))
            .collect(),
    }
}

struct Harness {
    opts: Opts,
    stop: Arc<AtomicBool>,
}

impl Harness {
    /// One run of the workload under `v`. Errors are harness failures; a run that went wrong
    /// on the scheduler's side comes back as an invalid Run.
    fn run_one(&self, v: &Variant, rep: usize, workers: Option<usize>) -> Result<Run> {
        let timeout = Duration::from_secs(self.opts.attach_timeout_s);
        let mut run = Run {
            variant: v.name.clone(),
            rep,
            workers,
            valid: false,
            reason: None,
            ops: String::new(),
            metric: None,
            seconds: 0.0,
            workload: None,
            sched_stats: None,
        };
        if !wait_until(timeout, || sched_state() == "disabled") {
            bail!(
                "another sched_ext scheduler is attached ({})",
                sched_state()
            );
        }
        let seq0 = sysfs::enable_seq().unwrap_or(0);
        let mut sched = None;
        if !v.cmd.is_empty() {
            let child = spawn_group(&v.cmd, Stdio::null(), None)?;
            // The kernel counts the attach in enable_seq just after "enabled" shows.
            let attached = wait_until(timeout, || {
                sched_state() == "enabled" && sysfs::enable_seq().unwrap_or(0) > seq0
            });
            sched = Some(child);
            if !attached {
                run.reason = Some(format!("did not attach within {timeout:?}"));
                self.stop_sched(sched.as_mut().unwrap(), &mut run);
                return Ok(run);
            }
            run.ops = sysfs::root_ops().unwrap_or_default();
        }
        let seq_run = if v.cmd.is_empty() { seq0 } else { seq0 + 1 };
        if sysfs::enable_seq().unwrap_or(0) != seq_run {
            run.reason = Some("another scheduler attached meanwhile".into());
        }
        let want = if v.cmd.is_empty() {
            "disabled"
        } else {
            "enabled"
        };
        let watch = Watch::start(want);
        let t0 = Instant::now();
        let sampler = (self.opts.sample_stats && !v.cmd.is_empty()).then(|| {
            sampler::Sampler::start(
                self.opts.stats_socket.clone(),
                Duration::from_millis(self.opts.stats_interval_ms),
                timeout,
            )
        });
        let mut w = spawn_group(
            &substitute(&self.opts.workload, workers),
            Stdio::piped(),
            Some(&v.name),
        )?;
        let mut out = String::new();
        if let Some(so) = w.stdout.take() {
            for line in BufReader::new(so).lines() {
                let line = line.unwrap_or_default();
                out.push_str(&line);
                out.push('\n');
                if self.stop.load(Ordering::Relaxed) {
                    signal(&w, libc::SIGINT);
                }
            }
        }
        let status = w.wait()?;
        run.seconds = t0.elapsed().as_secs_f64();
        run.sched_stats = sampler.map(sampler::Sampler::finish);
        let mut problem = watch.finish();
        if sysfs::enable_seq().unwrap_or(0) != seq_run {
            problem.get_or_insert(if v.cmd.is_empty() {
                "a scheduler attached during the run".into()
            } else {
                "the scheduler was re-enabled during the run".into()
            });
        }
        if let Some(s) = sched.as_mut() {
            if s.try_wait()?.is_some() {
                problem.get_or_insert("the scheduler process exited during the run".into());
            }
            self.stop_sched(s, &mut run);
        }
        if !status.success() {
            problem.get_or_insert(format!("the workload failed ({status})"));
        }
        match parse_result(&out, &self.opts.metric) {
            Ok((json, m)) => {
                run.workload = Some(json);
                run.metric = Some(m);
            }
            Err(e) => {
                problem.get_or_insert(format!("{e:#}"));
            }
        }
        if self.stop.load(Ordering::Relaxed) {
            problem.get_or_insert("interrupted".into());
        }
        run.valid = problem.is_none() && run.reason.is_none();
        if run.reason.is_none() {
            run.reason = problem;
        }
        Ok(run)
    }

    /// SIGINT the scheduler and wait for it to detach; leaves EEVDF in place.
    fn stop_sched(&self, s: &mut Child, run: &mut Run) {
        signal(s, libc::SIGINT);
        let timeout = Duration::from_secs(self.opts.attach_timeout_s);
        let exited = wait_until(timeout, || matches!(s.try_wait(), Ok(Some(_))));
        if !exited {
            let _ = s.kill();
            let _ = s.wait();
            run.reason
                .get_or_insert("the scheduler did not exit on SIGINT".into());
        }
        if !wait_until(timeout, || sched_state() == "disabled") {
            run.reason
                .get_or_insert("the scheduler did not detach".into());
        }
    }
}

/// Valid samples, runs and discarded runs of one (workers, variant index) cell.
type CellRuns = (Vec<f64>, usize, usize);

/// A run's value of the main metric (`field` None) or of an --also-metric field.
fn run_value(r: &Run, field: Option<&str>) -> Option<f64> {
    match field {
        None => r.metric,
        Some(f) => r.workload.as_ref()?.get(f)?.as_f64(),
    }
}

/// (variant, baseline) value pairs of the same repetition and worker count.
fn pairs_with_baseline(
    opts: &Meta,
    runs: &[Run],
    field: Option<&str>,
    workers: Option<usize>,
    vi: usize,
) -> Vec<(f64, f64)> {
    let valid = |name: &str, rep: usize| {
        runs.iter()
            .find(|r| r.variant == name && r.rep == rep && r.workers == workers && r.valid)
            .and_then(|r| run_value(r, field))
    };
    let (name, base) = (&opts.variants[vi].name, &opts.variants[0].name);
    (1..=opts.reps)
        .filter_map(|rep| Some((valid(name, rep)?, valid(base, rep)?)))
        .collect()
}

/// The cells of the main metric (`field` None) or of one --also-metric field.
fn summarize(opts: &Meta, runs: &[Run], field: Option<&str>) -> Vec<Cell> {
    let mut by: BTreeMap<(Option<usize>, usize), CellRuns> = BTreeMap::new();
    for r in runs {
        let vi = opts
            .variants
            .iter()
            .position(|v| v.name == r.variant)
            .unwrap_or(0);
        let e = by.entry((r.workers, vi)).or_default();
        e.1 += 1;
        match (r.valid, run_value(r, field)) {
            (true, Some(m)) => e.0.push(m),
            _ => e.2 += 1,
        }
    }
    let mut cells = Vec::new();
    for ((workers, vi), (xs, nruns, discarded)) in &by {
        let base = by.get(&(*workers, 0)).map(|b| &b.0);
        let summary = stats::summarize(xs);
        let ratio = match (base.map(|b| stats::summarize(b)), &summary) {
            (Some(Some(b)), Some(s)) if b.mean != 0.0 && *vi != 0 => Some(s.mean / b.mean),
            _ => None,
        };
        let welch_p = match base {
            Some(b) if *vi != 0 => stats::welch(xs, b).map(|w| w.2),
            _ => None,
        };
        let paired = if *vi != 0 {
            stats::paired_ratio(&pairs_with_baseline(opts, runs, field, *workers, *vi))
        } else {
            None
        };
        cells.push(Cell {
            workers: *workers,
            variant: opts.variants[*vi].name.clone(),
            runs: *nruns,
            discarded: *discarded,
            summary,
            ratio_to_baseline: ratio,
            welch_p,
            paired,
        });
    }
    cells
}

fn write_csv(path: &Path, cells: &[Cell]) -> Result<()> {
    let mut f = std::fs::File::create(path)?;
    writeln!(
        f,
        "workers,variant,runs,discarded,n,mean,sd,ci95_lo,ci95_hi,ratio,welch_p,\
         paired_n,paired_ratio,paired_ci95_lo,paired_ci95_hi,paired_p"
    )?;
    let o = |v: Option<f64>| v.map(|x| format!("{x}")).unwrap_or_default();
    for c in cells {
        let s = c.summary.as_ref();
        writeln!(
            f,
            "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
            c.workers.map(|w| w.to_string()).unwrap_or_default(),
            c.variant,
            c.runs,
            c.discarded,
            s.map(|s| s.n).unwrap_or(0),
            o(s.map(|s| s.mean)),
            o(s.map(|s| s.sd)),
            o(s.map(|s| s.ci95.0)),
            o(s.map(|s| s.ci95.1)),
            o(c.ratio_to_baseline),
            o(c.welch_p),
            c.paired
                .as_ref()
                .map(|p| p.n.to_string())
                .unwrap_or_default(),
            o(c.paired.as_ref().map(|p| p.ratio)),
            o(c.paired.as_ref().map(|p| p.ci95.0)),
            o(c.paired.as_ref().map(|p| p.ci95.1)),
            o(c.paired.as_ref().and_then(|p| p.p))
        )?;
    }
    Ok(())
}

fn progress(done: usize, total: usize, started: Instant, last: &Run) {
    let width = 30;
    let filled = done * width / total.max(1);
    let eta = if done > 0 {
        started.elapsed().as_secs_f64() / done as f64 * (total - done) as f64
    } else {
        0.0
    };
    eprintln!(
        "[{}{}] {done}/{total} eta {eta:.0}s | {} rep {} workers {}: {} {}",
        "#".repeat(filled),
        ".".repeat(width - filled),
        last.variant,
        last.rep,
        last.workers.map(|w| w.to_string()).unwrap_or("-".into()),
        last.metric.map(|m| format!("{m:.1}")).unwrap_or("-".into()),
        match &last.reason {
            Some(r) if !last.valid => format!("DISCARDED: {r}"),
            _ => String::new(),
        }
    );
}

/// Write summary.json, summary.csv and summary.svg of `runs` into `out` (and
/// summary-FIELD.* for each --also-metric), and print the tables.
fn write_outputs(out: &Path, meta: &Meta, runs: &[Run]) -> Result<()> {
    write_summary(out, "summary", meta, runs, None)?;
    for f in &meta.also_metrics {
        println!("{f}:");
        write_summary(out, &format!("summary-{f}"), meta, runs, Some(f))?;
    }
    Ok(())
}

/// STEM.json, STEM.csv and STEM.svg of the main metric (`field` None) or of one field.
fn write_summary(
    out: &Path,
    stem: &str,
    meta: &Meta,
    runs: &[Run],
    field: Option<&str>,
) -> Result<()> {
    let cells = summarize(meta, runs, field);
    let metric = field.unwrap_or(&meta.metric);
    // summary.json also keeps what --summarize needs (the --also-metric fields).
    let mut summary = serde_json::json!({
        "variants": meta.variants,
        "workload": meta.workload,
        "metric": metric,
        "reps": meta.reps,
        "interrupted": meta.interrupted,
        "cells": cells,
    });
    if field.is_none() && !meta.also_metrics.is_empty() {
        summary["also_metrics"] = serde_json::json!(meta.also_metrics);
    }
    std::fs::write(
        out.join(format!("{stem}.json")),
        serde_json::to_string_pretty(&summary)?,
    )?;
    write_csv(&out.join(format!("{stem}.csv")), &cells)?;
    let names: Vec<String> = meta.variants.iter().map(|v| v.name.clone()).collect();
    let pts: Vec<plot::Point> = cells
        .iter()
        .filter_map(|c| {
            let s = c.summary.as_ref()?;
            Some(plot::Point {
                variant: names.iter().position(|n| *n == c.variant)?,
                x: c.workers.unwrap_or(0),
                mean: s.mean,
                lo: s.ci95.0,
                hi: s.ci95.1,
            })
        })
        .collect();
    let title = meta.workload.join(" ");
    if let Err(e) = plot::plot(
        &out.join(format!("{stem}.svg")),
        &title,
        metric,
        &names,
        &pts,
    ) {
        eprintln!("scx-ab: no plot: {e:#}");
    }
    for c in &cells {
        let s = c.summary.as_ref();
        println!(
            "{:>8} {:<16} n={:<3} mean={:<12} sd={:<10} ci95=[{}, {}] ratio={} p={} \
             paired={} discarded={}",
            c.workers.map(|w| w.to_string()).unwrap_or("-".into()),
            c.variant,
            s.map(|s| s.n).unwrap_or(0),
            s.map(|s| format!("{:.2}", s.mean)).unwrap_or("-".into()),
            s.map(|s| format!("{:.2}", s.sd)).unwrap_or("-".into()),
            s.map(|s| format!("{:.2}", s.ci95.0)).unwrap_or("-".into()),
            s.map(|s| format!("{:.2}", s.ci95.1)).unwrap_or("-".into()),
            c.ratio_to_baseline
                .map(|r| format!("{r:.3}"))
                .unwrap_or("-".into()),
            c.welch_p.map(|p| format!("{p:.4}")).unwrap_or("-".into()),
            c.paired
                .as_ref()
                .map(|p| format!(
                    "{:.3}[{:.3}, {:.3}]p={}",
                    p.ratio,
                    p.ci95.0,
                    p.ci95.1,
                    p.p.map(|x| format!("{x:.4}")).unwrap_or("-".into())
                ))
                .unwrap_or("-".into()),
            c.discarded
        );
    }
    Ok(())
}

/// --summarize DIR: redo the summary of an earlier run from its files, with the `extra`
/// --also-metric fields added to its own.
fn resummarize(dir: &Path, extra: &[String]) -> Result<i32> {
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name))
            .with_context(|| format!("reading {}", dir.join(name).display()))
    };
    let mut meta: Meta = serde_json::from_str(&read("summary.json")?)
        .with_context(|| format!("parsing {}", dir.join("summary.json").display()))?;
    for f in extra {
        if !meta.also_metrics.contains(f) && *f != meta.metric {
            meta.also_metrics.push(f.clone());
        }
    }
    let runs = read("runs.jsonl")?
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty())
        .map(|(i, l)| {
            serde_json::from_str::<Run>(l).with_context(|| format!("runs.jsonl line {}", i + 1))
        })
        .collect::<Result<Vec<Run>>>()?;
    write_outputs(dir, &meta, &runs)?;
    eprintln!("summary redone in {}", dir.display());
    Ok(0)
}

fn real_main() -> Result<i32> {
    let opts = Opts::parse();
    if let Some(dir) = &opts.summarize {
        return resummarize(dir, &opts.also_metrics);
    }
    let mut names: Vec<&str> = opts.variants.iter().map(|v| v.name.as_str()).collect();
    names.sort();
    if names.windows(2).any(|w| w[0] == w[1]) {
        eprintln!("error: --variant names must be unique");
        return Ok(2);
    }
    if opts.workers.is_some() && !opts.workload.iter().any(|a| a.contains("{workers}")) {
        eprintln!("error: --workers needs '{{workers}}' in the workload command");
        return Ok(2);
    }
    if sysfs::state().is_none() {
        eprintln!(
            "error: /sys/kernel/sched_ext/state is missing: this kernel has no sched_ext \
             (run inside the VM: tools/vm/vmrun -- scx-ab ...)"
        );
        return Ok(3);
    }
    let out = opts.out.clone().unwrap_or_else(|| {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        PathBuf::from(format!("results/ab-{t}"))
    });
    std::fs::create_dir_all(&out).with_context(|| format!("creating {}", out.display()))?;

    let stop = Arc::new(AtomicBool::new(false));
    let s = stop.clone();
    ctrlc::set_handler(move || s.store(true, Ordering::Relaxed))?;

    let workers: Vec<Option<usize>> = match &opts.workers {
        Some(WorkerList(w)) => w.iter().map(|&w| Some(w)).collect(),
        None => vec![None],
    };
    let total = opts.reps * workers.len() * opts.variants.len();
    let h = Harness { opts, stop };
    let mut runs = Vec::new();
    let mut jsonl = std::fs::File::create(out.join("runs.jsonl"))?;
    let started = Instant::now();
    'outer: for rep in 1..=h.opts.reps {
        for &w in &workers {
            // Interleaved: every variant once before the next repetition.
            for v in h.opts.variants.clone() {
                if h.stop.load(Ordering::Relaxed) {
                    break 'outer;
                }
                let r = h.run_one(&v, rep, w)?;
                writeln!(jsonl, "{}", serde_json::to_string(&r)?)?;
                progress(runs.len() + 1, total, started, &r);
                runs.push(r);
                std::thread::sleep(Duration::from_secs(h.opts.cooldown_s));
            }
        }
    }
    let meta = Meta {
        variants: h.opts.variants.clone(),
        workload: h.opts.workload.clone(),
        metric: h.opts.metric.clone(),
        also_metrics: h.opts.also_metrics.clone(),
        reps: h.opts.reps,
        interrupted: h.stop.load(Ordering::Relaxed),
    };
    write_outputs(&out, &meta, &runs)?;
    eprintln!("results in {}", out.display());
    Ok(if h.stop.load(Ordering::Relaxed) {
        130
    } else {
        0
    })
}

fn main() {
    match real_main() {
        Ok(code) => std::process::exit(code),
        Err(e) => {
            eprintln!("scx-ab: {e:#}");
            std::process::exit(1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn variants_parse() {
        assert_eq!(parse_variant("eevdf").unwrap().cmd, Vec::<String>::new());
        let again = parse_variant("slice=eevdf").unwrap();
        assert_eq!((again.name.as_str(), again.cmd.len()), ("slice", 0));
        let v = parse_variant("la=bin/scx_lockaware --ssc-cpus 0-1").unwrap();
        assert_eq!(v.name, "la");
        assert_eq!(v.cmd, ["bin/scx_lockaware", "--ssc-cpus", "0-1"]);
        assert!(parse_variant("noequals").is_err());
        assert!(parse_variant("=cmd").is_err());
        assert!(parse_variant("x=").is_err());
        assert!(parse_variant("eevdf=foo").is_err());
    }

    #[test]
    fn flags_validated() {
        let p = |a: &[&str]| Opts::try_parse_from(["scx-ab"].iter().chain(a.iter()));
        assert!(p(&["--variant", "eevdf", "--", "true"]).is_ok());
        let o = p(&[
            "--variant",
            "eevdf",
            "--workers",
            "1,4",
            "--",
            "w",
            "{workers}",
        ])
        .unwrap();
        assert_eq!(o.workers.unwrap().0, vec![1, 4]);
        let o = p(&[
            "--variant",
            "eevdf",
            "--workers",
            "4,1,1",
            "--",
            "w",
            "{workers}",
        ])
        .unwrap();
        assert_eq!(
            o.workers.unwrap().0,
            vec![1, 4],
            "sorted, duplicates dropped"
        );
        let e = p(&["--variant", "eevdf", "--reps", "0", "--", "true"]).unwrap_err();
        assert!(e.to_string().contains("--reps") && e.to_string().contains("1 to 1000"));
        let e = p(&["--variant", "eevdf", "--workers", "2,0", "--", "true"]).unwrap_err();
        assert!(e.to_string().contains("--workers"));
        let e = p(&[
            "--variant",
            "eevdf",
            "--stats-interval-ms",
            "10",
            "--",
            "true",
        ]);
        let e = e.unwrap_err().to_string();
        assert!(
            e.contains("--stats-interval-ms") && e.contains("50 to 60000"),
            "{e}"
        );
        let o = p(&["--variant", "eevdf", "--sample-stats", "--", "true"]).unwrap();
        assert!(o.sample_stats);
        assert_eq!(o.stats_socket, PathBuf::from(sampler::DEFAULT_SOCKET));
        let o = p(&["--summarize", "some/dir"]).unwrap();
        assert_eq!(o.summarize, Some(PathBuf::from("some/dir")));
        assert!(p(&["--summarize", "d", "--variant", "eevdf"]).is_err());
        let o = p(&["--summarize", "d", "--also-metric", "x"]).unwrap();
        assert_eq!(o.also_metrics, vec!["x".to_string()]);
        assert!(p(&["--", "true"]).is_err(), "a variant is required");
        assert!(
            p(&["--variant", "eevdf"]).is_err(),
            "a workload is required"
        );
    }

    #[test]
    fn workload_results_parse() {
        let out = "starting\n{\"benchmark\":\"mutex\",\"ops_per_s\":123.5}\n";
        let (v, m) = parse_result(out, "ops_per_s").unwrap();
        assert_eq!(m, 123.5);
        assert_eq!(v["benchmark"], "mutex");
        assert!(parse_result(out, "nope").is_err());
        assert!(parse_result("no json here", "ops_per_s").is_err());
        assert_eq!(
            substitute(&["w".into(), "--n".into(), "{workers}".into()], Some(4)),
            ["w", "--n", "4"]
        );
    }

    #[test]
    fn summary_cells() {
        let opts = Opts::try_parse_from([
            "scx-ab",
            "--variant",
            "eevdf",
            "--variant",
            "b=x",
            "--",
            "w",
        ])
        .unwrap();
        let mk = |v: &str, rep: usize, m: f64, valid: bool| Run {
            variant: v.into(),
            rep,
            workers: None,
            valid,
            reason: None,
            ops: String::new(),
            metric: Some(m),
            seconds: 1.0,
            workload: None,
            sched_stats: None,
        };
        let runs = vec![
            mk("eevdf", 1, 10.0, true),
            mk("b", 1, 20.0, true),
            mk("eevdf", 2, 12.0, true),
            mk("b", 2, 22.0, true),
            mk("eevdf", 3, 11.0, true),
            mk("b", 3, 99.0, false),
        ];
        let meta = Meta {
            variants: opts.variants.clone(),
            workload: opts.workload.clone(),
            metric: opts.metric.clone(),
            also_metrics: Vec::new(),
            reps: opts.reps,
            interrupted: false,
        };
        let cells = summarize(&meta, &runs, None);
        assert_eq!(cells.len(), 2);
        assert_eq!(cells[0].variant, "eevdf");
        assert_eq!(cells[0].summary.as_ref().unwrap().mean, 11.0);
        assert!(cells[0].ratio_to_baseline.is_none() && cells[0].paired.is_none());
        let b = &cells[1];
        assert_eq!((b.runs, b.discarded), (3, 1));
        assert_eq!(b.summary.as_ref().unwrap().mean, 21.0);
        assert!((b.ratio_to_baseline.unwrap() - 21.0 / 11.0).abs() < 1e-12);
        assert!(b.welch_p.unwrap() < 0.05);
        // Paired by repetition: 20/10 and 22/12; repetition 3 has no valid "b" run.
        let p = b.paired.as_ref().unwrap();
        assert_eq!(p.n, 2);
        assert!((p.ratio - (2.0f64 * 22.0 / 12.0).sqrt()).abs() < 1e-12);
    }

    #[test]
    fn also_metric_is_summarized_from_the_workload_json() {
        let opts = Opts::try_parse_from([
            "scx-ab",
            "--reps",
            "2",
            "--variant",
            "eevdf",
            "--variant",
            "b=x",
            "--also-metric",
            "t",
            "--",
            "w",
        ])
        .unwrap();
        assert_eq!(opts.also_metrics, ["t"]);
        let mk = |v: &str, rep: usize, t: Option<f64>| Run {
            variant: v.into(),
            rep,
            workers: None,
            valid: true,
            reason: None,
            ops: String::new(),
            metric: Some(1.0),
            seconds: 1.0,
            workload: Some(match t {
                Some(t) => serde_json::json!({ "t": t }),
                None => serde_json::json!({}),
            }),
            sched_stats: None,
        };
        let runs = vec![
            mk("eevdf", 1, Some(4.0)),
            mk("b", 1, Some(2.0)),
            mk("eevdf", 2, Some(4.0)),
            mk("b", 2, None),
        ];
        let meta = Meta {
            variants: opts.variants.clone(),
            workload: opts.workload.clone(),
            metric: opts.metric.clone(),
            also_metrics: opts.also_metrics.clone(),
            reps: opts.reps,
            interrupted: false,
        };
        let cells = summarize(&meta, &runs, Some("t"));
        // Run 2 of "b" lacks the field: out of this summary, counted as discarded here.
        assert_eq!(cells[1].summary.as_ref().unwrap().n, 1);
        assert_eq!(cells[1].paired.as_ref().unwrap().ratio, 0.5);
        // The main metric still has every run.
        assert_eq!(
            summarize(&meta, &runs, None)[1].summary.as_ref().unwrap().n,
            2
        );
    }

    #[test]
    fn summarize_redoes_a_summary_from_files() {
        let dir = std::env::temp_dir().join(format!("scx-ab-resum-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let meta = r#"{"variants":[{"name":"eevdf","cmd":[]},{"name":"b","cmd":["x"]}],
            "workload":["w"],"metric":"ops_per_s","reps":2,"interrupted":false,"cells":[]}"#;
        std::fs::write(dir.join("summary.json"), meta).unwrap();
        let run = |v: &str, rep: usize, m: f64| {
            format!(
                r#"{{"variant":"{v}","rep":{rep},"workers":null,"valid":true,"reason":null,"ops":"","metric":{m},"seconds":1.0,"workload":null}}"#
            )
        };
        let lines = [
            run("eevdf", 1, 10.0),
            run("b", 1, 20.0),
            run("eevdf", 2, 10.0),
            run("b", 2, 30.0),
        ];
        std::fs::write(dir.join("runs.jsonl"), lines.join("\n")).unwrap();
        assert_eq!(resummarize(&dir, &[]).unwrap(), 0);
        let s: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(dir.join("summary.json")).unwrap())
                .unwrap();
        let b = &s["cells"][1];
        assert_eq!(b["variant"], "b");
        assert_eq!(b["mean"], 25.0);
        assert!((b["paired"]["ratio"].as_f64().unwrap() - 6.0f64.sqrt()).abs() < 1e-12);
        let csv = std::fs::read_to_string(dir.join("summary.csv")).unwrap();
        assert!(csv.lines().next().unwrap().ends_with("paired_p"));
        assert!(std::fs::read_to_string(dir.join("summary.svg"))
            .unwrap()
            .starts_with("<svg"));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
