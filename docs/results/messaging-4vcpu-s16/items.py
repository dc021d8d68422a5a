#!/usr/bin/env python3
"""Paired ratios to EEVDF per item from the direct runs' lines `ITEM VARIANT rep=N [STATE]
ops=X` (higher is better) or `ITEM VARIANT rep=N [STATE] t=S [ctxt=C]` (a time: the ratio is
EEVDF's over the variant's, so higher is better too): geometric mean and 95% CI (t
distribution on the logs), each repetition's, and the median context switches where counted.
usage: items.py FILE"""
import collections
import math
import re
import statistics as st
import sys

T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}
v = collections.defaultdict(dict)
ctxt = collections.defaultdict(list)
for line in open(sys.argv[1]):
    m = re.match(r"(\w+) (\S+) rep=(\d+)(?: [a-z]+)? (ops|t)=([\d.]+)(?: ctxt=(\d+))?", line)
    if m:
        x = float(m[5])
        v[(m[1], m[2])][int(m[3])] = x if m[4] == "ops" else 1 / x
        if m[6]:
            ctxt[(m[1], m[2])].append(int(m[6]))
print("| item | variant | paired ratio to EEVDF (95% CI) | per repetition | context switches, median |")
print("|---|---|---|---|---|")
for item in sorted({i for i, _ in v}):
    base = v[(item, "eevdf")]
    for (i, var), reps in v.items():
        if i != item:
            continue
        cs = f"{st.median(ctxt[(i, var)]):,.0f}" if ctxt[(i, var)] else "–"
        if var == "eevdf":
            print(f"| {item} | eevdf | – | – | {cs} |")
            continue
        rs = [reps[r] / base[r] for r in sorted(reps) if r in base and base[r] > 0 and reps[r] > 0]
        logs = [math.log(r) for r in rs]
        g = st.mean(logs)
        h = T95.get(len(logs) - 1, 2.0) * st.stdev(logs) / math.sqrt(len(logs))
        print(f"| {item} | {var} | {math.exp(g):.3f} ({math.exp(g - h):.2f}–{math.exp(g + h):.2f}) | "
              + " ".join(f"{r:.2f}" for r in rs) + f" | {cs} |")
