import json, sys, gzip
from collections import defaultdict
agg = defaultdict(lambda: [0, 0, 0, []])  # runs, runs with a size > 1 sampled, with the whole size, metrics
for path in sys.argv[1:]:
    op = gzip.open if path.endswith('.gz') else open
    for l in op(path, 'rt'):
        d = json.loads(l)
        if d['variant'] == 'eevdf' or not d.get('sched_stats'):
            continue
        ss = [s['stats']['ssc_size'] for s in d['sched_stats']['samples']]
        nc = max(s['stats']['nr_cpus'] for s in d['sched_stats']['samples'])
        a = agg[(d['variant'], d['workers'])]
        a[0] += 1; a[1] += any(x > 1 for x in ss); a[2] += any(x >= nc for x in ss)
        a[3].append(round(d['metric'] / 1e6, 1))
for k in sorted(agg, key=lambda k: (k[1], k[0])):
    r, up, whole, ms = agg[k]
    print(f"{k[0]:9} workers {k[1]}: {r} runs, a sample above 1 CPU in {up}, at the whole machine in {whole}; M ops/s {ms}")
