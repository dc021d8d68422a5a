#!/usr/bin/env python3
"""Session 62: --wake-batch-us on stress-ng mq and stress-ng futex (docs/benchmarks.md section
81.4). In a 2-vCPU guest, from the repository root:
    tools/vm/vmrun --cpus 2 --memory 2G --kernel K -- $PY docs/results/mq-s62/batchprobe.py
For each setting, one 4-s run of `stress-ng --mq 2` (the mq processes' switches, and the
scheduler's counters: tests/vm/test_base.py's mq_switches()) and one of `stress-ng --futex 2`
(its ops/s and the counters; the scheduler with its lock probes on), both on CPUs 0-1."""
import subprocess
import sys

sys.path.insert(0, "/work/main/tests/vm")
import test_base as tb  # noqa: E402
from test_risks import attached  # noqa: E402


def futex_rate(*flags):
    with attached(*flags) as r:
        r.stats.get()
        out = subprocess.run(["taskset", "-c", "0-1", "stress-ng", "--futex", "2", "--timeout",
                              "4", "--temp-path", "/dev/shm", "--metrics-brief"],
                             capture_output=True, text=True).stderr
        m = r.stats.get()
    ops = None
    for line in out.splitlines():
        f = line.split()
        if len(f) > 8 and f[3] == "futex" and f[4].isdigit():
            ops = float(f[8])
    print(f"futex {flags}: {ops} ops/s; wake_batch {m['wake_batch']} ran_on "
          f"{m['wake_batch_ran_on']} wake_preempt {m['wake_preempt']}", flush=True)


for fl in [(), ("--wake-batch-us", "500"), ("--wake-batch-us", "1000"),
           ("--wake-batch-us", "2000")]:
    tb.mq_switches(*fl)
    futex_rate(*fl)
