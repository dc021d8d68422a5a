#!/usr/bin/env python3
"""From host-sample.py's files: in the samples where both vCPU threads ran (30% of a core or
more each), how often the two last ran on one host CPU."""
import re, sys
for f in sys.argv[1:]:
    same = tot = 0
    for l in open(f):
        v = [e for e in l.split()[1:] if e.startswith('CPU')]
        if len(v) < 2:
            continue
        c, u = zip(*[map(int, re.search(r'@(\d+):(\d+)', e).groups()) for e in v[:2]])
        if min(u) < 30:
            continue
        tot += 1
        same += c[0] == c[1]
    print(f'{f}: {tot} busy samples, both vCPUs on one host CPU in {same} ({same / max(tot, 1):.0%})')
