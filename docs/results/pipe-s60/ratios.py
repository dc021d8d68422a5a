#!/usr/bin/env python3
"""Paired ratios of pipemode.py's runs (same round), geometric mean with a 95% t interval:
    ratios.py LOG [BASE]   (BASE: the variant in the denominator, default eevdf)"""
import collections, gzip, json, math, statistics as S, sys

T95 = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36, 9: 2.31, 10: 2.26,
       11: 2.23, 12: 2.20, 13: 2.18, 14: 2.16, 15: 2.14, 16: 2.13}
runs = collections.defaultdict(dict)
for line in (gzip.open if sys.argv[1].endswith(".gz") else open)(sys.argv[1], "rt"):
    if line.startswith("{"):
        r = json.loads(line)
        if r["ops"]:
            runs[r["round"]][r["variant"]] = r["ops"]
base = sys.argv[2] if len(sys.argv) > 2 else "eevdf"
names = sorted({v for r in runs.values() for v in r} - {base})
for v in names:
    logs = [math.log(r[v] / r[base]) for r in runs.values() if v in r and base in r]
    m, n = S.mean(logs), len(logs)
    h = T95.get(n, 2.0) * S.stdev(logs) / math.sqrt(n) if n > 1 else float("nan")
    print(f"{v}/{base}: {math.exp(m):.2f} ({math.exp(m - h):.2f}-{math.exp(m + h):.2f}), n={n}")
