#!/usr/bin/env python3
"""Paired ratio A/B of two variants in a suite's runs.jsonl (same repetition), geometric
mean with a 95% t interval:  pair.py RUNS.jsonl A B [WORKERS]"""
import collections, gzip, json, math, statistics as S, sys
T95 = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36, 9: 2.31, 10: 2.26,
       11: 2.23, 12: 2.20}
path, a, b = sys.argv[1:4]
w = sys.argv[4] if len(sys.argv) > 4 else None
runs = collections.defaultdict(dict)
for line in (gzip.open if path.endswith(".gz") else open)(path, "rt"):
    r = json.loads(line)
    if r.get("valid") and (w is None or str(r.get("workers")) == w):
        runs[r["rep"]][r["variant"]] = r["metric"]
logs = [math.log(r[a] / r[b]) for r in runs.values() if a in r and b in r]
n, m = len(logs), S.mean(logs)
h = T95.get(n, 2.0) * S.stdev(logs) / math.sqrt(n)
print(f"{a}/{b}: {math.exp(m):.2f} ({math.exp(m - h):.2f}-{math.exp(m + h):.2f}), n={n} (metric ratio)")
