#!/usr/bin/env python3
"""Session 63: why micro sem (pinned semaphore pairs, `scx-workloads micro sem --pin`) runs
0.94x with --wake-batch-us 1000 (docs/benchmarks.md section 82). In a 2-vCPU guest, from the
repository root:
    tools/vm/vmrun --cpus 2 --memory 2G --kernel K -- $PY docs/results/batch-s63/semprobe.py
Each setting twice, interleaved, 4 s each: ops/s and the scheduler's counters over the run,
then one run of stress-ng mq (tests/vm/test_base.py's mq_switches()) per setting. More
settings: one argument each ("--wake-batch-us 1000 --wake-sync-overlap-us 50")."""
import json
import re
import subprocess
import sys

sys.path.insert(0, "/work/main/tests/vm")
import test_base as tb  # noqa: E402
from test_risks import ROOT, attached  # noqa: E402

KEYS = ["wake_preempt", "wake_preempt_local", "wake_preempt_late", "wake_batch",
        "wake_batch_ran_on", "wake_batch_slept_soon", "pinned_direct", "pinned_requeue", "pinned_local", "wake_defer",
        "wake_gran"]
for rep in range(2):
    for fl in [(), ("--wake-batch-us", "1000")] + [tuple(a.split()) for a in sys.argv[1:]]:
        with attached("--no-futex", "--no-kernel-locks", *fl) as r:
            r.stats.get()
            out = subprocess.run([str(ROOT / "target/release/scx-workloads"), "micro", "sem",
                                  "--pin", "--duration", "4"],
                                 capture_output=True, text=True, timeout=120).stdout
            m = r.stats.get()
        ops = float(re.search(r'"ops_per_s":([0-9.]+)', out).group(1))
        print(json.dumps({"flags": " ".join(fl), "ops_per_s": ops,
                          **{k: m.get(k) for k in KEYS}}), flush=True)
for fl in [(), ("--wake-batch-us", "1000")] + [tuple(a.split()) for a in sys.argv[1:]]:
    vol, inv, m = tb.mq_switches(*fl)
    print(json.dumps({"flags": " ".join(fl), "mq_voluntary": vol, "mq_involuntary": inv,
                      **{k: m.get(k) for k in KEYS}}), flush=True)
