#!/usr/bin/env python3
"""perf script output with cpu (prof.sh): per second, what each CPU ran (the top two commands
and their shares of the CPU's samples), beside sysbench's events per second and the
scheduler's per-second counts of lock-intensive tasks. Usage: place.py DIR REP"""
import collections, gzip, re, sys

def read(path):
    """A file's text, or that of its gzipped copy (tools/bench/pack-results)."""
    import gzip, os
    if not os.path.exists(path) and os.path.exists(path + '.gz'):
        return gzip.open(path + '.gz', 'rt', errors='replace').read()
    return open(path, errors='replace').read()

d, rep = sys.argv[1], sys.argv[2]
per = collections.defaultdict(lambda: collections.defaultdict(collections.Counter))
t0 = None
for l in gzip.open(f'{d}/script-{rep}.txt.gz', 'rt', errors='replace'):
    m = re.match(r'\s*(\S.*?)\s+\[(\d+)\]\s+(\d+\.\d+):\s*$', l)
    if m:
        t = float(m.group(3)); t0 = t0 or t
        per[int(t - t0)][int(m.group(2))][m.group(1)[:9]] += 1
eps = [float(x) for x in re.findall(r'eps: ([\d.]+)', read(f'{d}/sb-{rep}.log'))]
lock = re.findall(r'lock tasks (\d+)', read(f'{d}/sched-{rep}.log'))
for s in sorted(per):
    row = []
    for c in sorted(per[s]):
        n = sum(per[s][c].values())
        row.append(f'cpu{c}: ' + ', '.join(f'{k} {v / n:.2f}' for k, v in per[s][c].most_common(2)))
    e = f'{eps[s]:5.0f}' if s < len(eps) else '    -'
    k = lock[s] if s < len(lock) else '-'
    print(f'{s:2d} eps {e} lock tasks {k:>2}  ' + ' | '.join(row))
