#!/usr/bin/env python3
"""Session 61: where stress-ng pipe's sync wake-ups go, run by run (docs/benchmarks.md section 80).
In a guest, from the repository root:
    syncmode.py ROUNDS SECS NAME='ARGS' ...   (ARGS of scx_lockaware; NAME=eevdf for none)
Variants alternate within each round. Each run is `stress-ng --pipe 1` (ext item 15) with
scx_lockaware's statistics every second (--stats 1): the run's sync wake-ups put on the
waker's CPU (`sync`), those the guard refused (`runs-on`), wake-ups straight to an idle CPU
(`idle`) and to the waker's CPU by wake-affine (`affine`), summed over the intervals inside
the run, and the two workers' switch counts and CPU time (/proc/PID/sched). One JSON line
per run."""
import json, re, shlex, subprocess, sys, threading, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pipe-s60"))
from pipemode import detach, pipe_rate, read, wait_attached, workers  # noqa: E402

SCX = "target/release/scx_lockaware"
FIELDS = {"sync": r"wake: sync (\d+)", "runs_on": r"\(runs-on (\d+)\)", "affine": r"affine (\d+) \|",
          "idle": r"enq: idle (\d+)", "lock_tasks": r"lock tasks (\d+)", "ssc": r"ssc (\d+) \["}


def sched(pid):
    m = {}
    for line in read(f"/proc/{pid}/sched").splitlines():
        k, _, v = line.partition(":")
        k = k.strip().split(".")[-1]
        if k in ("nr_switches", "nr_involuntary_switches", "nr_migrations", "sum_exec_runtime"):
            m[k] = float(v)
    return m


def collect(p, lines):
    for line in p.stdout:
        lines.append((time.monotonic(), line))


def attach(args):
    p = subprocess.Popen([SCX, "--stats", "1"] + args, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    p.lines = []
    threading.Thread(target=collect, args=(p, p.lines), daemon=True).start()
    return wait_attached(p)


def run(secs):
    w = subprocess.Popen(["stress-ng", "--pipe", "1", "--timeout", str(secs), "--temp-path",
                          "/dev/shm", "--metrics-brief"], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    t0 = time.monotonic()
    pids, last = [], {}
    while w.poll() is None and time.monotonic() - t0 < secs - 0.2:
        if len(pids) < 2:
            pids = workers()
        for pid in pids:
            last[pid] = sched(pid) or last.get(pid, {})
        time.sleep(0.1)
    ops = pipe_rate(w.communicate()[0])
    return t0, time.monotonic(), {"ops": ops, "sched": last}


def totals(lines, t0, t1):
    """FIELDS summed over the statistics intervals that end inside the run [t0, t1] (the
    class size and the SSC: their largest)."""
    tot = {k: 0 for k in FIELDS}
    for t, line in lines:
        if t0 + 0.9 < t <= t1 + 1.1:
            for k, rx in FIELDS.items():
                m = re.search(rx, line)
                if m:
                    v = int(m.group(1))
                    tot[k] = max(tot[k], v) if k in ("lock_tasks", "ssc") else tot[k] + v
    return tot


def main():
    rounds, secs = int(sys.argv[1]), int(sys.argv[2])
    variants = [a.split("=", 1) for a in sys.argv[3:]]
    for r in range(rounds):
        for name, args in variants:
            p = None if name == "eevdf" else attach(shlex.split(args))
            try:
                t0, t1, res = run(secs)
                time.sleep(1.1)   # the interval that ends after the run
            finally:
                if p:
                    detach(p)
            if p:
                res["stats"] = totals(p.lines, t0, t1)
            s = res.pop("sched")
            res["switches"] = sum(v.get("nr_switches", 0) for v in s.values())
            res["cpu_s"] = sum(v.get("sum_exec_runtime", 0) for v in s.values()) / 1e3
            print(json.dumps({"round": r + 1, "variant": name, **res}), flush=True)
            time.sleep(1)


if __name__ == "__main__":
    main()
