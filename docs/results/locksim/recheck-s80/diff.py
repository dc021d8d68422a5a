#!/usr/bin/env python3
"""Rows of two search-grid outputs (same cells and seeds) that differ: settled size, windows
('after') and run / oracle. Usage: diff.py A.jsonl B.jsonl"""
import json, sys
a = {(r["cell"], r["cores"], r["seed"]): r for r in map(json.loads, open(sys.argv[1]))}
b = {(r["cell"], r["cores"], r["seed"]): r for r in map(json.loads, open(sys.argv[2]))}
n = 0
for k in a:
    x, y = a[k], b.get(k)
    if y and (x["settled"], x["after"], round(x["run"], 4)) != (y["settled"], y["after"], round(y["run"], 4)):
        n += 1
        print(k, f"settled {x['settled']}->{y['settled']} after {x['after']}->{y['after']} "
              f"run {x['run']:.3f}->{y['run']:.3f}")
print(f"{n} of {len(a)} rows differ")
