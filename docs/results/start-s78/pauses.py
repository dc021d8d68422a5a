#!/usr/bin/env python3
"""Per run of the stress-pipe item: the metric, the SSC size of each stats sample, the pauses
of the kernel-lock probes (klock_pauses at the last sample) and the samples taken paused.
Usage: pauses.py RUNS.jsonl[.gz] [VARIANT ...]"""
import gzip, json, sys

path, want = sys.argv[1], set(sys.argv[2:])
op = gzip.open if path.endswith(".gz") else open
for line in op(path, "rt"):
    r = json.loads(line)
    if want and r["variant"] not in want or "sched_stats" not in r:
        continue
    ss = [s["stats"] for s in r["sched_stats"]["samples"]]
    sizes = "".join(str(s["ssc_size"]) for s in ss)
    paused = sum(s.get("klock_paused", 0) for s in ss)
    pauses = ss[-1].get("klock_pauses", 0) if ss else 0
    print(f"{r['variant']:10} {r['rep']:3} {r['metric']:9.0f} sizes {sizes:12} pauses {pauses} "
          f"paused samples {paused}/{len(ss)}")
