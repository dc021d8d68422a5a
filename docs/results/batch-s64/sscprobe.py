#!/usr/bin/env python3
"""Session 64: does a kept wake-up (--wake-batch-us) hold back a lock-intensive wakee on the
SSC queue? `scx-workloads mmap --threads 2` and `stress-ng --mq 2` (2 vCPUs, 4 s) under the
build of 18acc51 with --wake-batch-us 1000 (`old`) and the build that keeps no wake-up for an
SSC wakee, with the flag on (its new default) and off: ops/s and the wake-up counters
(docs/benchmarks.md section 83). From the repository root:
    tools/vm/vmrun --cpus 2 --memory 2G -- $PY docs/results/batch-s64/sscprobe.py"""
import importlib
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, "/work/main/tests/vm")
KEYS = ["wake_preempt", "wake_preempt_local", "wake_preempt_late", "wake_batch",
        "wake_batch_ran_on", "wake_batch_slept_soon", "ssc_wake_preempt", "ssc_sync_spared"]
BINS = {"old": ("/work/main/.cache/bins/scx_lockaware-18acc51", ("--wake-batch-us", "1000")),
        "new": ("/work/main/.cache/bins/scx_lockaware-flip1", ()),
        "new-off": ("/work/main/.cache/bins/scx_lockaware-flip1", ("--wake-batch-us", "0"))}


def workload(name):
    if name == "mmap":
        out = subprocess.run(["/work/main/target/release/scx-workloads", "mmap", "--threads",
                              "2", "--duration", "4"], capture_output=True, text=True,
                             timeout=120).stdout
        return float(re.search(r'"ops_per_s":([0-9.]+)', out).group(1))
    out = subprocess.run(["stress-ng", "--mq", "2", "--timeout", "4", "--metrics-brief",
                          "--temp-path", "/dev/shm"], capture_output=True, text=True,
                         timeout=120)
    m = re.search(r"mq\s+(\d+)\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+([\d.]+)", out.stdout + out.stderr)
    return float(m.group(2)) if m else None


for rep in range(2):
    for wl in ("mmap", "mq"):
        for name, (binary, flags) in BINS.items():
            os.environ["SCX_LOCKAWARE_BIN"] = binary
            for mod in ("test_lockaware", "test_ssc", "test_risks"):
                if mod in sys.modules:
                    importlib.reload(sys.modules[mod])
            import test_risks  # noqa: E402
            with test_risks.attached(*flags) as r:
                r.stats.get()
                ops = workload(wl)
                m = r.stats.get()
            print(json.dumps({"workload": wl, "variant": name, "ops_per_s": ops,
                              **{k: m.get(k) for k in KEYS}}), flush=True)
