"""The scheduler's sampled counters per operation, for each named variant of an scx-ab
runs.jsonl(.gz) (its `sched_stats` samples over the run, divided by the metric × the run's
seconds). Paired ratios: docs/results/kernel72-s33/pair.py RUNS A B.
Usage: counters.py RUNS VARIANT[,VARIANT...] COUNTER..."""
import gzip
import json
import sys

path, variants, *counters = sys.argv[1:]
opener = gzip.open if path.endswith(".gz") else open
runs = [json.loads(line) for line in opener(path, "rt")]
for v in variants.split(","):
    tot, ops = {}, 0.0
    for r in runs:
        if r["variant"] != v or not r.get("sched_stats"):
            continue
        for smp in r["sched_stats"]["samples"]:
            for c in counters:
                tot[c] = tot.get(c, 0) + smp["stats"].get(c, 0)
        ops += r["metric"] * r["seconds"]
    if ops:
        print(f"{v}: " + ", ".join(f"{c} {tot[c] / ops:.3f}/op" for c in counters))
