#!/usr/bin/env python3
"""Per item and variant of an inform-suite run (docs/results/rseq-s52/run.sh): the threads the
kernel served with the rseq slice extension, and the holds that ended inside a granted
extension, per second (libinform's counters in inform-counter's JSON), means over the
repetitions.   grants.py DIR/inform-*"""
import json
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tools" / "bench"))
from results_io import runs_lines  # noqa: E402

for d in sys.argv[1:]:
    by = defaultdict(list)
    for line in runs_lines(Path(d)):
        r = json.loads(line)
        w = r.get("workload") or {}
        if "slice_threads" in w:
            by[r["variant"]].append(w)
    print(Path(d).name)
    for v, ws in by.items():
        n = len(ws)
        thr = sum(w["slice_threads"] for w in ws) / n
        g = sum(w["slice_grants"] / w["duration_s"] for w in ws) / n
        y = sum(w["slice_yields"] / w["duration_s"] for w in ws) / n
        sw = sum(w.get("slice_switched", 0) / w["duration_s"] for w in ws) / n
        ops = sum(w["ops_per_s"] for w in ws) / n
        print(f"  {v:10} runs {n}  ops/s {ops:12.1f}  served threads {thr:5.1f}  "
              f"grants/s {g:9.1f}  yields/s {y:9.1f}  switched in a hold/s {sw:9.1f}")
