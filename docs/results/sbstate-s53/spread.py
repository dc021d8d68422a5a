#!/usr/bin/env python3
"""Per variant: the runs' metric, its mean and coefficient of variation, and each variant's
paired ratio to EEVDF (geometric mean over repetitions, with the ratios' range), for each
runs.jsonl given (scx-ab's)."""
import collections, json, math, statistics as st, sys

def read(path):
    """A file's text, or that of its gzipped copy (tools/bench/pack-results)."""
    import gzip, os
    if not os.path.exists(path) and os.path.exists(path + '.gz'):
        return gzip.open(path + '.gz', 'rt', errors='replace').read()
    return open(path, errors='replace').read()

for f in sys.argv[1:]:
    v = collections.defaultdict(dict)
    for l in read(f.removesuffix('.gz')).splitlines():
        r = json.loads(l)
        if r.get('valid'):
            v[r['variant']][r['rep']] = float(r['metric'])
    print(f)
    for k, d in v.items():
        x = [d[i] for i in sorted(d)]
        line = f"  {k:10s} cv {st.stdev(x) / st.mean(x):.2f} runs {' '.join(f'{a:.0f}' for a in x)}"
        if k != 'eevdf' and 'eevdf' in v:
            rs = [d[i] / v['eevdf'][i] for i in d if i in v['eevdf']]
            g = math.exp(st.mean(math.log(r) for r in rs))
            line += f"  paired {g:.2f} ({min(rs):.2f}-{max(rs):.2f})"
        print(line)
