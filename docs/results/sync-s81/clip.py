"""In the guest: builds name=path interleaved on perf bench sched pipe (20,000 round trips),
stress-ng --pipe 1 (4 s) and test_base's shell-to-cat loop, at the default guard."""
import os, re, subprocess, sys
sys.path.insert(0, "tests/vm")
sys.path.insert(0, "docs/results/sync-s58")
import test_lockaware
from test_risks import attached
from overlap import stream
from test_base import cat_behind_a_shell_that_runs_on

def pipe():
    out = subprocess.run(["perf", "bench", "sched", "pipe", "-l", "20000"], check=True,
                         capture_output=True, text=True, timeout=300).stdout
    return float(re.search(r"([0-9.]+) ops/sec", out).group(1))

rounds = int(sys.argv[1])
builds = [a.split("=", 1) for a in sys.argv[2:]]
for rnd in range(rounds):
    for name, path in builds:
        test_lockaware.BIN = path
        for wname, work in (("pipe", pipe), ("stream", stream)):
            with attached("--no-futex", "--no-kernel-locks") as r:
                r.stats.get()
                rate = work()
                m = r.stats.get()
            print(f"round {rnd} build {name:6} {wname:6} {rate:12.1f} ops/s  kept {m['wake_sync']:7}"
                  f"  left {m['wake_sync_runs_on']:7}", flush=True)
        runs, wait_ms, m = cat_behind_a_shell_that_runs_on()
        print(f"round {rnd} build {name:6} cat    runs {runs} wait {wait_ms:.2f} ms kept {m['wake_sync']} left {m['wake_sync_runs_on']}", flush=True)
