//! Optional sampling of a scheduler's own statistics while a workload runs (`--sample-stats`),
//! through the scheduler's scx_stats socket: the protocol `--monitor` speaks, one JSON request
//! per line (`{"req":"stats","args":{"target":"top"}}`) and one JSON reply per line
//! (`{"errno":0,"args":{"resp":{...}}}`).
//!
//! One connection is held for the whole run, so schedulers that report counters as "events
//! since this client's previous request" (scx_lockaware does) give consistent deltas. A last
//! sample is taken when the workload ends, before the scheduler is stopped. Sampling never
//! invalidates a run: a failure is recorded next to the samples.

use std::io::{BufRead, BufReader, Write};
use std::os::unix::net::UnixStream;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use serde::{Deserialize, Serialize};

/// Where scx_stats servers listen by default.
pub const DEFAULT_SOCKET: &str = "/var/run/scx/root/stats";

/// One reply of the scheduler, `t_s` seconds after the workload started.
#[derive(Debug, Serialize, Deserialize)]
pub struct Sample {
    pub t_s: f64,
    pub stats: serde_json::Value,
}

/// What a run's sampling produced.
#[derive(Debug, Default, Serialize, Deserialize)]
pub struct Samples {
    pub samples: Vec<Sample>,
    /// Why sampling stopped early or never started, if it did.
    pub error: Option<String>,
}

/// A sampling thread, started when the workload starts.
pub struct Sampler {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<Samples>,
}

struct Conn {
    stream: UnixStream,
    reader: BufReader<UnixStream>,
}

impl Conn {
    fn open(path: &PathBuf) -> std::io::Result<Self> {
        let stream = UnixStream::connect(path)?;
        stream.set_read_timeout(Some(Duration::from_secs(5)))?;
        let reader = BufReader::new(stream.try_clone()?);
        Ok(Self { stream, reader })
    }

    fn request(&mut self) -> Result<serde_json::Value> {
        self.stream
            .write_all(b"{\"req\":\"stats\",\"args\":{\"target\":\"top\"}}\n")
            .context("sending the stats request")?;
        let mut line = String::new();
        if self
            .reader
            .read_line(&mut line)
            .context("reading the stats reply")?
            == 0
        {
            bail!("the scheduler closed its stats socket");
        }
        let reply: serde_json::Value =
            serde_json::from_str(&line).context("the stats reply is not JSON")?;
        match reply.get("errno").and_then(|e| e.as_i64()) {
            Some(0) => {}
            other => bail!("the scheduler answered errno {other:?}: {}", line.trim()),
        }
        match reply.pointer("/args/resp") {
            Some(v) => Ok(v.clone()),
            None => bail!("the stats reply has no args.resp: {}", line.trim()),
        }
    }
}

/// Sleep up to `d`, waking early when `stop` is set. Returns whether it was set.
fn nap(stop: &AtomicBool, d: Duration) -> bool {
    let end = Instant::now() + d;
    while Instant::now() < end {
        if stop.load(Ordering::Relaxed) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(10).min(end - Instant::now()));
    }
    stop.load(Ordering::Relaxed)
}

impl Sampler {
    /// Start sampling `path` every `interval`. The socket may not exist yet (or still be a
    /// previous scheduler's): connecting is retried until `connect_timeout`.
    pub fn start(path: PathBuf, interval: Duration, connect_timeout: Duration) -> Self {
        let stop = Arc::new(AtomicBool::new(false));
        let flag = stop.clone();
        let handle = std::thread::spawn(move || {
            let t0 = Instant::now();
            let mut out = Samples::default();
            let mut conn = loop {
                match Conn::open(&path) {
                    Ok(c) => break c,
                    Err(e) if t0.elapsed() >= connect_timeout => {
                        out.error = Some(format!("cannot connect to {}: {e}", path.display()));
                        return out;
                    }
                    Err(_) => {
                        if nap(&flag, Duration::from_millis(100)) {
                            out.error = Some(format!(
                                "the run ended before {} accepted a connection",
                                path.display()
                            ));
                            return out;
                        }
                    }
                }
            };
            loop {
                let last = nap(&flag, interval);
                match conn.request() {
                    Ok(stats) => out.samples.push(Sample {
                        t_s: t0.elapsed().as_secs_f64(),
                        stats,
                    }),
                    Err(e) => {
                        out.error = Some(format!("{e:#}"));
                        return out;
                    }
                }
                if last {
                    return out;
                }
            }
        });
        Self { stop, handle }
    }

    /// Take the last sample and return them all.
    pub fn finish(self) -> Samples {
        self.stop.store(true, Ordering::Relaxed);
        self.handle.join().unwrap_or_else(|_| Samples {
            samples: Vec::new(),
            error: Some("the sampling thread panicked".into()),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::os::unix::net::UnixListener;

    fn sock_path(tag: &str) -> PathBuf {
        let p = std::env::temp_dir().join(format!("scx-ab-{tag}-{}.sock", std::process::id()));
        let _ = std::fs::remove_file(&p);
        p
    }

    /// A server that answers every request with `reply(n)` for the n-th request.
    fn serve(path: &PathBuf, reply: fn(usize) -> String) {
        let l = UnixListener::bind(path).unwrap();
        std::thread::spawn(move || {
            let (s, _) = l.accept().unwrap();
            let mut rd = BufReader::new(s.try_clone().unwrap());
            let mut w = s;
            let mut n = 0;
            let mut line = String::new();
            while rd.read_line(&mut line).unwrap_or(0) > 0 {
                assert!(line.contains("\"req\":\"stats\""), "{line}");
                n += 1;
                if w.write_all(reply(n).as_bytes()).is_err() {
                    return;
                }
                line.clear();
            }
        });
    }

    #[test]
    fn samples_periodically_and_at_the_end() {
        let p = sock_path("ok");
        serve(&p, |n| {
            format!("{{\"errno\":0,\"args\":{{\"resp\":{{\"ssc_size\":{n}}}}}}}\n")
        });
        let s = Sampler::start(p.clone(), Duration::from_millis(50), Duration::from_secs(5));
        std::thread::sleep(Duration::from_millis(280));
        let got = s.finish();
        assert_eq!(got.error, None);
        assert!(got.samples.len() >= 3, "{got:?}");
        // Replies in order, the last one taken at finish().
        for (i, smp) in got.samples.iter().enumerate() {
            assert_eq!(smp.stats["ssc_size"], (i + 1) as u64);
        }
        assert!(got.samples.windows(2).all(|w| w[0].t_s < w[1].t_s));
        let _ = std::fs::remove_file(&p);
    }

    #[test]
    fn an_error_reply_is_recorded() {
        let p = sock_path("err");
        serve(&p, |_| "{\"errno\":22,\"args\":{}}\n".into());
        let s = Sampler::start(p.clone(), Duration::from_millis(20), Duration::from_secs(5));
        std::thread::sleep(Duration::from_millis(100));
        let got = s.finish();
        assert!(got.samples.is_empty());
        assert!(got.error.unwrap().contains("errno Some(22)"));
        let _ = std::fs::remove_file(&p);
    }

    #[test]
    fn no_server_is_recorded() {
        let p = sock_path("none");
        let s = Sampler::start(
            p.clone(),
            Duration::from_millis(20),
            Duration::from_millis(50),
        );
        std::thread::sleep(Duration::from_millis(150));
        let got = s.finish();
        assert!(got.error.unwrap().contains("cannot connect"));
    }
}
