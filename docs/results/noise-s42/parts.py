#!/usr/bin/env python3
"""Read parts.sh's logs: for consecutive search decisions at one size (a settled search, or
the two windows of a comparison), the difference of the two windows' thro against what the
parts' standard errors predict, z = (t2 - t1) / sqrt((r1 t1)^2 + (r2 t2)^2). If the parts see
the noise, z spreads with sd ~1 (|z| > 5 about never); noise slower than a window makes it
spread wider. Usage: parts.py LOG..."""
import math, re, statistics, sys

pat = re.compile(r"search: size (\d+) thro [-\d.]+ \(window ([-\d.]+) ± ([-\d.naN]+)%")
for path in sys.argv[1:]:
    rows = []
    for line in open(path, errors="replace"):
        m = pat.search(line)
        if m:
            rows.append((int(m[1]), float(m[2]), float(m[3]) / 100))
    zs, rses = [], []
    for (s1, t1, r1), (s2, t2, r2) in zip(rows, rows[1:]):
        if s1 != s2 or math.isnan(r1) or math.isnan(r2) or t1 <= 0 or t2 <= 0:
            continue
        se = math.hypot(r1 * t1, r2 * t2)
        if se > 0:
            zs.append((t2 - t1) / se)
            rses.append(r2)
    if len(zs) < 3:
        print(f"{path}: {len(rows)} decisions, {len(zs)} pairs")
        continue
    big = sum(abs(z) > 5 for z in zs)
    rel = [abs(b[1] - a[1]) / ((a[1] + b[1]) / 2) for a, b in zip(rows, rows[1:]) if a[0] == b[0] and a[1] > 0 and b[1] > 0]
    print(f"{path}: {len(rows)} decisions, {len(zs)} pairs at one size; sd(z) {statistics.pstdev(zs):.2f}, "
          f"|z| > 5: {big}; median rse {statistics.median(rses) * 100:.1f}%, "
          f"median |t2-t1|/mean {statistics.median(rel) * 100:.1f}%")
