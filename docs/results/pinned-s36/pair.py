"""Paired ratio A/B (geometric mean over repetitions, 95% Student-t CI) from an scx-ab
runs.jsonl, and the scheduler's counters per operation (sampled stats) for each variant.
Usage: pair.py RUNS.jsonl A B [COUNTER...]"""
import gzip
import json
import math
import statistics as S
import sys

T95 = {1: 12.71, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262}
path, a, b, *counters = sys.argv[1:]
opener = gzip.open if path.endswith(".gz") else open
runs = [json.loads(line) for line in opener(path, "rt")]
by = {}
for r in runs:
    by.setdefault(r["rep"], {})[r["variant"]] = r
logs = [math.log(v[a]["metric"] / v[b]["metric"]) for v in by.values() if a in v and b in v]
m, h = S.mean(logs), T95.get(len(logs) - 1, 2.0) * S.stdev(logs) / math.sqrt(len(logs))
print(f"{a}/{b}: {math.exp(m):.3f} ({math.exp(m - h):.3f}-{math.exp(m + h):.3f}), n={len(logs)}")
for v in (a, b):
    tot, ops = {}, 0.0
    for r in runs:
        if r["variant"] != v or not r.get("sched_stats"):
            continue
        for smp in r["sched_stats"]["samples"]:
            for c in counters:
                tot[c] = tot.get(c, 0) + smp["stats"].get(c, 0)
        ops += r["metric"] * r["seconds"]
    if tot:
        print(f"  {v}: " + ", ".join(f"{c} {tot[c] / ops:.3f}/op" for c in counters))
