#!/usr/bin/env python3
"""Paired ratio (geometric mean, Student-t 95% CI) of variant A over variant B in a runs.jsonl."""
import json, math, sys, statistics, gzip
path, a, b = sys.argv[1:4]
op = gzip.open if path.endswith(".gz") else open
m = {}
for l in op(path, "rt"):
    d = json.loads(l)
    if d.get("valid", True):
        m[(d["variant"], d["rep"], d.get("workers"))] = d["metric"]
logs = [math.log(m[(a, r, w)] / m[(b, r, w)]) for (v, r, w) in m if v == a and (b, r, w) in m]
n = len(logs); mu = statistics.mean(logs); se = statistics.stdev(logs) / math.sqrt(n)
t = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262, 10: 2.228}.get(n - 1, 2.0)
print(f"{a}/{b}: {math.exp(mu):.3f} ({math.exp(mu - t * se):.3f}-{math.exp(mu + t * se):.3f}) n={n}")
