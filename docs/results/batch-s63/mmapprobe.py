#!/usr/bin/env python3
"""Session 63: `scx-workloads mmap --threads 2` (2 vCPUs) under the default and with
--wake-batch-us 1000, twice each, interleaved, 4 s: ops/s and the scheduler's wake-up
counters over the run (docs/benchmarks.md section 82.4). From the repository root:
    tools/vm/vmrun --cpus 2 --memory 2G -- $PY docs/results/batch-s63/mmapprobe.py"""
import json
import re
import subprocess
import sys

sys.path.insert(0, "/work/main/tests/vm")
from test_risks import ROOT, attached  # noqa: E402

KEYS = ["wake_preempt", "wake_preempt_local", "wake_preempt_late", "wake_batch",
        "wake_batch_ran_on", "wake_batch_slept_soon", "wake_gran", "wake_defer"]
for rep in range(2):
    for fl in [(), ("--wake-batch-us", "1000")]:
        with attached(*fl) as r:
            r.stats.get()
            out = subprocess.run([str(ROOT / "target/release/scx-workloads"), "mmap",
                                  "--threads", "2", "--duration", "4"],
                                 capture_output=True, text=True, timeout=120).stdout
            m = r.stats.get()
        ops = float(re.search(r'"ops_per_s":([0-9.]+)', out).group(1))
        print(json.dumps({"flags": " ".join(fl), "ops_per_s": ops,
                          **{k: m.get(k) for k in KEYS}}), flush=True)
