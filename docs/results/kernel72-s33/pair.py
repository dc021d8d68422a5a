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
# Student's t, 97.5%, by degrees of freedom. Until session 43 the table stopped at 10 and took
# 2.0 beyond (CIs of 12-15 pairs 7-10% too narrow in their half-width).
T = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
     10: 2.228, 11: 2.201, 12: 2.179, 13: 2.160, 14: 2.145, 15: 2.131, 16: 2.120, 17: 2.110,
     18: 2.101, 19: 2.093, 20: 2.086, 24: 2.064, 29: 2.045, 39: 2.023, 59: 2.001}
t = T[min((k for k in T if k >= n - 1), default=59)] if n - 1 <= 59 else 1.96
print(f"{a}/{b}: {math.exp(mu):.3f} ({math.exp(mu - t * se):.3f}-{math.exp(mu + t * se):.3f}) n={n}")
