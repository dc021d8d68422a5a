//! File-system lock workloads of T§3.4 (parallel postmark-like churn, parallel find, parallel
//! grep, all on tmpfs) and the pairing scheduler's demand classes (memory-intensive streaming
//! triad and pointer chasing, CPU-intensive EP-like arithmetic).

use std::fs;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use anyhow::{Context, Result};

/// File workloads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FileOp {
    /// Create, write 4 KiB, close and delete files in one shared directory.
    Postmark,
    /// Walk the generated tree (ops = entries visited).
    Find,
    /// Read every file of the tree looking for a word (ops = files read).
    Grep,
}

/// Memory / CPU demand workloads.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Demand {
    /// STREAM triad a = b + s*c over arrays of --mb MiB each (ops = elements).
    Triad,
    /// Dependent loads through a random cycle over --mb MiB (ops = loads).
    Chase,
    /// EP-like: Gaussian pairs from a linear congruential generator (ops = pairs).
    Ep,
    /// Maps --mb MiB of fresh anonymous memory, writes one byte per page and unmaps it
    /// (ops = pages): a steady page-fault rate, the software-event stand-in for a
    /// memory-intensive task when the machine has no PMU (scx_corepair --events
    /// page-faults,cpu-clock).
    Pages,
}

/// A scratch directory on tmpfs (/dev/shm), removed on drop.
pub struct Scratch(pub PathBuf);

impl Scratch {
    pub fn new(tag: &str) -> Result<Self> {
        let base = if Path::new("/dev/shm").is_dir() {
            PathBuf::from("/dev/shm")
        } else {
            std::env::temp_dir()
        };
        let p = base.join(format!("scx-workloads-{tag}-{}", std::process::id()));
        fs::create_dir_all(&p).with_context(|| format!("creating {}", p.display()))?;
        Ok(Self(p))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

/// Generate the tree for find/grep: `dirs` directories of `files` small text files.
pub fn make_tree(root: &Path, dirs: usize, files: usize) -> Result<()> {
    for d in 0..dirs {
        let dir = root.join(format!("d{d:04}"));
        fs::create_dir_all(&dir)?;
        for f in 0..files {
            let mut fh = fs::File::create(dir.join(format!("f{f:04}.txt")))?;
            for l in 0..32 {
                writeln!(
                    fh,
                    "line {l} of file {f} in dir {d}: lorem ipsum dolor sit amet"
                )?;
            }
            if (d * files + f).is_multiple_of(7) {
                writeln!(fh, "needle")?;
            }
        }
    }
    Ok(())
}

fn walk(dir: &Path, visit: &mut dyn FnMut(&Path)) {
    if let Ok(rd) = fs::read_dir(dir) {
        for e in rd.flatten() {
            let p = e.path();
            visit(&p);
            if e.file_type().map(|t| t.is_dir()).unwrap_or(false) {
                walk(&p, visit);
            }
        }
    }
}

/// Worker `i` of a file workload under `root`, until `stop`.
pub fn run_file_op(op: FileOp, root: &Path, i: usize, stop: &AtomicBool, ops: &AtomicU64) {
    let mut buf = Vec::new();
    let block = [b'x'; 4096];
    let mut k = 0u64;
    while !stop.load(Ordering::Relaxed) {
        match op {
            FileOp::Postmark => {
                let p = root.join(format!("w{i}-{k}"));
                k += 1;
                if let Ok(mut f) = fs::File::create(&p) {
                    let _ = f.write_all(&block);
                    drop(f);
                    let _ = fs::remove_file(&p);
                    ops.fetch_add(1, Ordering::Relaxed);
                }
            }
            FileOp::Find => {
                let mut n = 0;
                walk(root, &mut |_| n += 1);
                ops.fetch_add(n, Ordering::Relaxed);
            }
            FileOp::Grep => {
                walk(root, &mut |p| {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    if let Ok(mut f) = fs::File::open(p) {
                        buf.clear();
                        if f.read_to_end(&mut buf).is_ok() {
                            let _hit = buf.windows(6).any(|w| w == b"needle");
                            ops.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                });
            }
        }
    }
}

impl Demand {
    /// Memory-intensive (the master's side of a pair) rather than CPU-intensive.
    pub fn is_memory(self) -> bool {
        !matches!(self, Demand::Ep)
    }

    pub fn name(self) -> &'static str {
        match self {
            Demand::Triad => "triad",
            Demand::Chase => "chase",
            Demand::Ep => "ep",
            Demand::Pages => "pages",
        }
    }
}

/// One demand worker: its buffers, built by `new` (not part of the measured work), and
/// `round()`, one unit of fixed work that returns the operations it did. A round is one pass
/// over the arrays (triad), 65536 dependent loads (chase), 65536 pairs (ep) or one mapping of
/// --mb MiB touched page by page (pages).
pub struct DemandWorker {
    kind: Demand,
    len: usize,
    arrays: [Vec<f64>; 3],
    next: Vec<usize>,
    pos: usize,
    lcg: u64,
    tally: [u64; 10],
}

const ROUND_STEPS: u64 = 65536;

impl DemandWorker {
    pub fn new(kind: Demand, mb: usize, seed: u64) -> Self {
        let mut w = Self {
            kind,
            len: mb << 20,
            arrays: [Vec::new(), Vec::new(), Vec::new()],
            next: Vec::new(),
            pos: 0,
            lcg: seed.wrapping_mul(6364136223846793005).wrapping_add(1),
            tally: [0; 10],
        };
        match kind {
            Demand::Triad => {
                let n = w.len / 8;
                w.arrays = [vec![0.0; n], vec![1.0; n], vec![2.0; n]];
            }
            Demand::Chase => {
                // A single random cycle (Sattolo's algorithm) so that every load depends on
                // the previous one and the whole buffer is visited.
                let n = (w.len / 8).max(2);
                w.next = (0..n).collect();
                let mut x = seed | 1;
                for i in (1..n).rev() {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    let j = (x % i as u64) as usize;
                    w.next.swap(i, j);
                }
            }
            Demand::Ep | Demand::Pages => {}
        }
        w
    }

    /// One round of work; the operations it did (elements, loads, pairs or pages).
    pub fn round(&mut self) -> u64 {
        match self.kind {
            Demand::Triad => {
                let [a, b, c] = &mut self.arrays;
                for ((x, y), z) in a.iter_mut().zip(b.iter()).zip(c.iter()) {
                    *x = y + 3.0 * z;
                }
                std::hint::black_box(&mut self.arrays);
                self.arrays[0].len() as u64
            }
            Demand::Chase => {
                let mut p = self.pos;
                for _ in 0..ROUND_STEPS {
                    p = self.next[p];
                }
                self.pos = std::hint::black_box(p);
                ROUND_STEPS
            }
            Demand::Pages => {
                let page = 4096;
                // SAFETY: a private anonymous mapping, written only inside its bounds and
                // unmapped before the next one.
                unsafe {
                    let p = libc::mmap(
                        std::ptr::null_mut(),
                        self.len,
                        libc::PROT_READ | libc::PROT_WRITE,
                        libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                        -1,
                        0,
                    );
                    assert!(
                        p != libc::MAP_FAILED,
                        "mmap: {}",
                        std::io::Error::last_os_error()
                    );
                    let b = p as *mut u8;
                    for off in (0..self.len).step_by(page) {
                        b.add(off).write_volatile(1);
                    }
                    libc::munmap(p, self.len);
                }
                (self.len / page) as u64
            }
            Demand::Ep => {
                // NAS EP's kernel: uniform pairs from an LCG, Gaussian pairs by Marsaglia's
                // polar method, tallied by annulus.
                let mut s = self.lcg;
                let mut uniform = || {
                    s = s
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    (s >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
                };
                for _ in 0..ROUND_STEPS {
                    let (u, v) = (uniform(), uniform());
                    let t = u * u + v * v;
                    if t > 0.0 && t <= 1.0 {
                        let f = (-2.0 * t.ln() / t).sqrt();
                        let l = (u * f).abs().max((v * f).abs()) as usize;
                        self.tally[l.min(9)] += 1;
                    }
                }
                self.lcg = s;
                std::hint::black_box(&self.tally);
                ROUND_STEPS
            }
        }
    }
}

/// Worker of a demand workload over `mb` MiB, until `stop`.
pub fn run_demand(d: Demand, mb: usize, seed: u64, stop: &AtomicBool, ops: &AtomicU64) {
    let mut w = DemandWorker::new(d, mb, seed);
    while !stop.load(Ordering::Relaxed) {
        ops.fetch_add(w.round(), Ordering::Relaxed);
    }
}
