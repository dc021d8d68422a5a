#!/usr/bin/env python3
"""Per item, the paired ratio A / B over the repetitions of one suite directory (geometric
mean of the per-repetition ratios), and their geometric mean over the items with its
95% CI (t over the items' log ratios): how two variants of one run compare across a suite.

  pool.py DIR A B        (e.g. docs/results/refresh-s82/ext-6.12 lockaware notrace)
"""
import json, math, os, statistics as st, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../../tools/bench"))
from results_io import runs_path, runs_lines  # noqa: E402

# Two-sided 95% Student-t quantiles by degrees of freedom (1..20; more: 2.0).
T95 = [12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179,
       2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086]
d, a, b = sys.argv[1:4]
logs = []
for item in sorted(os.listdir(d)):
    f = os.path.join(d, item)
    if not os.path.isdir(f) or runs_path(f) is None:
        continue
    reps = {}
    for line in runs_lines(f):
        r = json.loads(line)
        if r.get("valid", True) and r["metric"]:
            reps.setdefault((r["rep"], r["workers"]), {})[r["variant"]] = r["metric"]
    lr = [math.log(v[a] / v[b]) for v in reps.values() if a in v and b in v]
    if not lr:
        continue
    g = st.mean(lr)
    logs.append(g)
    print(f"{item:20s} {math.exp(g):.3f} ({len(lr)} pairs)")
n = len(logs)
m, s = st.mean(logs), st.stdev(logs)
t = T95[n - 2] if 2 <= n <= len(T95) + 1 else 2.0
print(f"over {n} items: {math.exp(m):.3f} ({math.exp(m - t * s / math.sqrt(n)):.3f}–"
      f"{math.exp(m + t * s / math.sqrt(n)):.3f})")
