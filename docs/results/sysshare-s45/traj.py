import json, sys, gzip, itertools
# Per run: metric and the SSC size samples (run-length compressed), lock-aware variants only.
path = sys.argv[1]
workers = int(sys.argv[2]) if len(sys.argv) > 2 else None
tasks = len(sys.argv) > 3 and sys.argv[3] == 'tasks'
op = gzip.open if path.endswith('.gz') else open
rows = []
for l in op(path, 'rt'):
    d = json.loads(l)
    if workers is not None and d['workers'] != workers:
        continue
    ss = []
    if d.get('sched_stats'):
        # With a third argument "tasks" (session 46): "size/lock-intensive tasks" per sample.
        ss = [f"{s['stats']['ssc_size']}/{s['stats']['nr_lock_tasks']}" if tasks
              else s['stats']['ssc_size'] for s in d['sched_stats']['samples']]
    rl = ' '.join(f"{k}x{len(list(g))}" for k, g in itertools.groupby(ss))
    rows.append((d['workers'], d['variant'], d.get('rep'), d['metric'] / 1e6, rl))
for r in sorted(rows, key=lambda r: (r[0], r[1], r[2] or 0)):
    print(f"w{r[0]} {r[1]:9} rep {r[2]}: {r[3]:6.2f} M  {r[4]}")
