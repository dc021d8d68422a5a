#!/usr/bin/env python3
"""Session 62: where stress-ng mq's time goes under each scheduler (docs/benchmarks.md section 81).
In a guest, from the repository root:
    mqmode.py ROUNDS SECS NAME='ARGS' ...   (ARGS of scx_lockaware; NAME=eevdf for none)
Variants alternate within each round. Each run is `stress-ng --mq N` (MQMODE_WORKERS, default
the guest's CPU count, as ext item 18 runs it); every 0.1 s the CPU of each of its processes
is read (/proc/PID/stat, field 39), and at the end their /proc/PID/sched counters, summed:
switches (voluntary and not), migrations, CPU time, run-queue wait, wake-ups (sync, local,
remote, migrating). `same_cpu` is the share of samples in which each worker's sender and
receiver sat on one CPU. scx_lockaware runs with --stats 1; its wake-up placements over the
run are summed as in ../pipe-s61/syncmode.py. One JSON line per run."""
import json, os, shlex, subprocess, sys, time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pipe-s60"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "pipe-s61"))
from pipemode import detach, read  # noqa: E402
from syncmode import attach, totals  # noqa: E402

KEYS = ("nr_switches", "nr_voluntary_switches", "nr_involuntary_switches", "nr_migrations",
        "sum_exec_runtime", "wait_sum", "nr_wakeups", "nr_wakeups_sync", "nr_wakeups_local",
        "nr_wakeups_remote", "nr_wakeups_migrate", "nr_wakeups_affine")


def procs():
    """The mq stressor's processes: {pid: ppid}."""
    out = {}
    for d in os.listdir("/proc"):
        if d.isdigit() and read(f"/proc/{d}/comm").strip() == "stress-ng-mq":
            s = read(f"/proc/{d}/stat")
            if s:
                out[int(d)] = int(s[s.rindex(")") + 2:].split()[1])
    return out


def sched(pid):
    m = {}
    for line in read(f"/proc/{pid}/sched").splitlines():
        k, _, v = line.partition(":")
        k = k.strip().split(".")[-1]
        if k in KEYS:
            m[k] = float(v)
    return m


def cpu_of(pid):
    s = read(f"/proc/{pid}/stat")
    return int(s[s.rindex(")") + 2:].split()[36]) if s else None


def rate(out):
    ops = None
    for line in out.splitlines():
        f = line.split()
        if len(f) > 8 and f[3] == "mq" and f[4].isdigit():
            ops = float(f[8])
    return ops


def run(secs, nw):
    w = subprocess.Popen(["stress-ng", "--mq", str(nw), "--timeout", str(secs), "--temp-path",
                          "/dev/shm", "--metrics-brief"], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    t0 = time.monotonic()
    ps, cpus, last = {}, {}, {}
    while w.poll() is None and time.monotonic() - t0 < secs - 0.2:
        ps.update(procs())
        for pid in list(ps):
            c = cpu_of(pid)
            if c is not None:
                cpus.setdefault(pid, []).append(c)
                last[pid] = sched(pid) or last.get(pid, {})
        time.sleep(0.1)
    ops = rate(w.communicate()[0])
    # a pair: a process whose parent is also an mq process (the receiver child and its sender)
    pairs = [(pp, p) for p, pp in ps.items() if pp in ps]
    same = []
    for a, b in pairs:
        n = min(len(cpus.get(a, [])), len(cpus.get(b, [])))
        if n:
            same.append(sum(cpus[a][i] == cpus[b][i] for i in range(n)) / n)
    tot = {k: sum(v.get(k, 0) for p, v in last.items() if p in dict(pairs) or p in dict(pairs).values())
           for k in KEYS}
    return t0, time.monotonic(), {"ops": ops, "pairs": len(pairs),
                                  "same_cpu": round(sum(same) / len(same), 3) if same else None,
                                  "sched": tot}


def main():
    rounds, secs = int(sys.argv[1]), int(sys.argv[2])
    nw = int(os.environ.get("MQMODE_WORKERS", os.cpu_count()))
    variants = [(a.split("=", 1) + [""])[:2] for a in sys.argv[3:]]
    subprocess.run(["sysctl", "-qw", "kernel.sched_schedstats=1"], check=False)
    for r in range(rounds):
        for name, args in variants:
            p = None if name == "eevdf" else attach(shlex.split(args))
            try:
                t0, t1, res = run(secs, nw)
                if p:
                    time.sleep(1.1)   # the statistics interval that ends after the run
            finally:
                if p:
                    detach(p)
            if p:
                res["stats"] = totals(p.lines, t0, t1)
            print(json.dumps({"round": r + 1, "variant": name, **res}), flush=True)
            time.sleep(1)


if __name__ == "__main__":
    main()
