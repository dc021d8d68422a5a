#!/usr/bin/env python3
"""Session 60: what separates stress-ng pipe's slow runs from its fast ones (docs/benchmarks.md
section 79). In a guest, from the repository root:
    pipemode.py ROUNDS SECS NAME='ARGS' ...   (ARGS of scx_lockaware; NAME=eevdf for none)
Variants alternate within each round. Each run is `stress-ng --pipe 1` (ext item 15); every
PIPEMODE_DT seconds (default 0.1) the CPU of each of its two workers (/proc/PID/stat, field
39) is read, and at the end their /proc/PID/sched counters. With PIPEMODE_LOG=1 the scheduler
runs with -v and its search and SSC lines (with the seconds since the run's start) come with
the run. One JSON line per run."""
import json, os, shlex, signal, subprocess, sys, threading, time

SCX = "target/release/scx_lockaware"
DT = float(os.environ.get("PIPEMODE_DT", "0.1"))
LOG = os.environ.get("PIPEMODE_LOG") == "1"


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def workers():
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit() and read(f"/proc/{d}/comm").strip() == "stress-ng-pipe":
            out.append(int(d))
    return sorted(out)


def sched(pid):
    m = {}
    for line in read(f"/proc/{pid}/sched").splitlines():
        k, _, v = line.partition(":")
        k = k.strip()
        if k in ("nr_switches", "nr_voluntary_switches", "nr_involuntary_switches",
                 "se.nr_migrations", "se.sum_exec_runtime", "se.statistics.wait_sum",
                 "wait_sum", "nr_wakeups", "nr_wakeups_sync", "nr_wakeups_migrate",
                 "nr_wakeups_local", "nr_wakeups_remote"):
            m[k.split(".")[-1]] = float(v)
    return m


def cpu_of(pid):
    s = read(f"/proc/{pid}/stat")
    if not s:
        return None
    return int(s[s.rindex(")") + 2:].split()[36])


def collect(p, lines):
    for line in p.stderr:
        if "search:" in line or "SSC " in line:
            lines.append(f"{time.monotonic():.3f} {line.strip()}")


def attach(args):
    p = subprocess.Popen([SCX] + (["-v"] if LOG else []) + args, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE if LOG else subprocess.DEVNULL, text=True)
    p.lines = []
    if LOG:
        threading.Thread(target=collect, args=(p, p.lines), daemon=True).start()
    return wait_attached(p)


def wait_attached(p):
    """Return `p` (scx_lockaware, started) once the kernel says it is attached."""
    for _ in range(200):
        if read("/sys/kernel/sched_ext/state").strip() == "enabled" and \
                read("/sys/kernel/sched_ext/root/ops").startswith("lockaware"):
            return p
        time.sleep(0.05)
    p.kill()
    raise SystemExit("scx_lockaware did not attach")


def detach(p):
    p.send_signal(signal.SIGINT)
    p.wait(timeout=20)
    while read("/sys/kernel/sched_ext/state").strip() != "disabled":
        time.sleep(0.05)


def pipe_rate(out):
    """stress-ng's pipe bogo ops per second (real time) from its --metrics-brief output."""
    ops = None
    for line in out.splitlines():
        f = line.split()
        if len(f) > 8 and f[3] == "pipe" and f[4].isdigit():
            ops = float(f[8])
    return ops


def run(secs):
    w = subprocess.Popen(["stress-ng", "--pipe", "1", "--timeout", str(secs), "--temp-path",
                          "/dev/shm", "--metrics-brief"], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True)
    t0 = time.monotonic()
    cpus, last = {}, {}
    pids, k = [], 0
    while w.poll() is None and time.monotonic() - t0 < secs - 0.2:
        if len(pids) < 2:
            pids = workers()   # the writer and its reader, found once
        for pid in pids:
            c = cpu_of(pid)
            if c is not None:
                cpus.setdefault(pid, []).append(c)
                if k % max(1, round(0.1 / DT)) == 0:
                    last[pid] = sched(pid) or last.get(pid, {})
        k += 1
        time.sleep(DT)
    ops = pipe_rate(w.communicate()[0])
    pids = sorted(cpus)
    n = min((len(cpus[p]) for p in pids), default=0)
    same = sum(1 for i in range(n) if len({cpus[p][i] for p in pids}) == 1) / n if n and len(pids) == 2 else None
    return {"t0": t0, "ops": ops, "same_cpu": same, "cpus": {p: "".join(map(str, cpus[p])) for p in pids},
            "sched": {p: last.get(p, {}) for p in pids}}


def main():
    rounds, secs = int(sys.argv[1]), int(sys.argv[2])
    variants = [a.split("=", 1) for a in sys.argv[3:]]
    subprocess.run(["sysctl", "-qw", "kernel.sched_schedstats=1"], check=False)
    for r in range(rounds):
        for name, args in variants:
            p = None if name == "eevdf" else attach(shlex.split(args))
            try:
                res = run(secs)
            finally:
                if p:
                    detach(p)
            if p and LOG:
                res["log"] = [f"{float(l.split()[0]) - res['t0']:.3f} {l.split(' ', 1)[1]}"
                              for l in p.lines]
            print(json.dumps({"round": r + 1, "variant": name, **res}), flush=True)
            time.sleep(1)


if __name__ == "__main__":
    main()
