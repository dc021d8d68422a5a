import json, sys, gzip
# Per run: the last non-empty decision log the statistics sampled (session 48).
path = sys.argv[1]
op = gzip.open if path.endswith('.gz') else open
for l in op(path, 'rt'):
    d = json.loads(l)
    if not d.get('sched_stats'):
        continue
    last = ''
    for s in d['sched_stats']['samples']:
        if s['stats'].get('search_decisions'):
            last = s['stats']['search_decisions']
    print(f"w{d['workers']} {d['variant']:9} rep {d.get('rep')}: {d['metric'] / 1e6:6.2f} M  {last}")
