#!/usr/bin/env python3
"""sysbench's events per second, second by second (3rd to 19th), and each run's total, for
each run directory given (sb-REP.log)."""
import glob, re, statistics, sys

def read(path):
    """A file's text, or that of its gzipped copy (tools/bench/pack-results)."""
    import gzip, os
    if not os.path.exists(path) and os.path.exists(path + '.gz'):
        return gzip.open(path + '.gz', 'rt', errors='replace').read()
    return open(path, errors='replace').read()

for d in sys.argv[1:]:
    allv = []
    for f in sorted(glob.glob(f'{d}/sb-*.log*')):
        t = read(f.removesuffix('.gz'))
        eps = [float(x) for x in re.findall(r'eps: ([\d.]+)', t)][2:19]
        tot = re.search(r'total number of events:\s+(\d+)', t)
        allv += eps
        print(f'{f}: total {tot.group(1) if tot else "?"}, eps min {min(eps):.0f} median {statistics.median(eps):.0f} max {max(eps):.0f}')
    q = statistics.quantiles(allv, n=10)
    print(f'{d}: {len(allv)} seconds, eps mean {statistics.mean(allv):.0f} sd {statistics.stdev(allv):.0f} '
          f'(cv {statistics.stdev(allv)/statistics.mean(allv):.2f}), p10 {q[0]:.0f} p90 {q[-1]:.0f}')
