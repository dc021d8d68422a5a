#!/usr/bin/env python3
"""The search's windows at 2 CPUs in the -v runs of a stress-pipe suite log (variant dbg):
after every move to 2, the dropped window and the 1st, 2nd, 3rd windows after it (thro, the
class's run in CPUs), and where the bar of 1 CPU's 0.92 (0.92 * 1.02 + 0.2) falls among them.
Usage: windows.py SUITE-LOG"""
import gzip, re, statistics as st, sys
pat = re.compile(r'search: size (\d) thro [\d.]+ \(window ([\d.]+) .*run ([\d.]+) CPUs.*-> (\w+), size (\d)')
after, runs, cur = {1: [], 2: [], 3: []}, [], None
op = gzip.open if sys.argv[1].endswith('.gz') else open
for l in op(sys.argv[1], 'rt'):
    if 'attached' in l:
        cur = None
    m = pat.search(l)
    if not m:
        continue
    size, w, run, action, new = int(m[1]), float(m[2]), float(m[3]), m[4], int(m[5])
    if cur is not None and size == 2 and action != 'Restart':
        cur += 1
        if 1 <= cur <= 3:
            after[cur].append((w, run))
    if new == 2 and size == 1:
        cur = -1  # the next window is the dropped one (0), then 1, 2, 3
    elif new != size:
        cur = None
bar = 0.92 * 1.02 + 0.2
for k, xs in after.items():
    t = [x for x, _ in xs]
    if t:
        print(f"window {k} after a move to 2: n={len(t)} thro mean {st.mean(t):.3f} sd {st.pstdev(t):.3f} "
              f"run {st.mean(r for _, r in xs):.2f} CPUs, under the bar {bar:.3f}: {sum(x < bar for x in t)}")
