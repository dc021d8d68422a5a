#!/usr/bin/env python3
"""Per item, the paired ratio A / B over the repetitions of one suite directory (geometric
mean of the per-repetition ratios), and their geometric mean over the items with its
95% CI (t over the items' log ratios): how two variants of one run compare across a suite.

  pool.py DIR A B        (e.g. docs/results/refresh-s82/ext-6.12 lockaware notrace)
"""
import glob, gzip, json, math, os, statistics as st, sys

d, a, b = sys.argv[1:4]
T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26,
       10: 2.23, 12: 2.18, 15: 2.13, 17: 2.11, 20: 2.09}
logs = []
for f in sorted(glob.glob(os.path.join(d, "*", "runs.jsonl*"))):
    op = gzip.open if f.endswith(".gz") else open
    reps = {}
    for line in op(f, "rt"):
        r = json.loads(line)
        if r.get("valid", True) and r["metric"]:
            reps.setdefault((r["rep"], r["workers"]), {})[r["variant"]] = r["metric"]
    lr = [math.log(v[a] / v[b]) for v in reps.values() if a in v and b in v]
    if not lr:
        continue
    g = st.mean(lr)
    logs.append(g)
    print(f"{os.path.basename(os.path.dirname(f)):20s} {math.exp(g):.3f} ({len(lr)} pairs)")
n = len(logs)
m, s = st.mean(logs), st.stdev(logs)
t = T95.get(n - 1, 2.0)
print(f"over {n} items: {math.exp(m):.3f} ({math.exp(m - t * s / math.sqrt(n)):.3f}–"
      f"{math.exp(m + t * s / math.sqrt(n)):.3f})")
