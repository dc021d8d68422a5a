#!/usr/bin/env python3
"""Paired ratios between two variants of an scx-ab runs.jsonl with a workers sweep, per worker
count (same repetition): geometric mean with a 95% t interval. paired-w.py A B runs.jsonl"""
import gzip, json, math, sys
from statistics import mean, stdev

T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}
a, b, f = sys.argv[1:4]
by = {}
for line in (gzip.open(f, 'rt') if f.endswith('.gz') else open(f)):
    r = json.loads(line)
    if r.get('valid'):
        by.setdefault(r.get('workers'), {}).setdefault(r['rep'], {})[r['variant']] = r['metric']
for w, reps in sorted(by.items(), key=lambda x: x[0] or 0):
    logs = [math.log(v[a] / v[b]) for v in reps.values() if a in v and b in v]
    n = len(logs)
    m = mean(logs)
    h = T95.get(n - 1, 2.0) * stdev(logs) / math.sqrt(n) if n > 1 else float('nan')
    print(f"workers {w}: {a}/{b} {math.exp(m):.3f} ({math.exp(m - h):.3f}-{math.exp(m + h):.3f}), n={n}")
