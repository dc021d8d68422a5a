#!/usr/bin/env python3
"""Paired ratios between two variants of scx-ab runs.jsonl files (same repetition), geometric
mean with a 95% t interval: paired.py A B runs.jsonl... (A's metric over B's)."""
import gzip, json, math, sys
from statistics import mean, stdev

T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23,
       11: 2.20, 12: 2.18, 13: 2.16, 14: 2.14, 15: 2.13}
a, b = sys.argv[1], sys.argv[2]
for f in sys.argv[3:]:
    by = {}
    for line in (gzip.open(f, 'rt') if f.endswith('.gz') else open(f)):
        r = json.loads(line)
        if r.get('valid'):
            by.setdefault(r['rep'], {})[r['variant']] = r['metric']
    logs = [math.log(v[a] / v[b]) for v in by.values() if a in v and b in v]
    n = len(logs)
    m = mean(logs)
    h = T95.get(n - 1, 2.0) * stdev(logs) / math.sqrt(n) if n > 1 else float('nan')
    print(f"{f}: {a}/{b} {math.exp(m):.3f} ({math.exp(m - h):.3f}-{math.exp(m + h):.3f}), n={n}")
