import json, sys, gzip, itertools
# Per run of a suite's runs.jsonl taken with --sample-stats: metric, then the SSC size and the
# number of lock-intensive tasks at each sample (run-length compressed, "size/tasks").
path = sys.argv[1]
workers = int(sys.argv[2]) if len(sys.argv) > 2 else None
op = gzip.open if path.endswith('.gz') else open
rows = []
for l in op(path, 'rt'):
    d = json.loads(l)
    if workers is not None and d['workers'] != workers:
        continue
    ss = []
    if d.get('sched_stats'):
        ss = [f"{s['stats']['ssc_size']}/{s['stats']['nr_lock_tasks']}"
              for s in d['sched_stats']['samples']]
    rl = ' '.join(f"{k}x{len(list(g))}" for k, g in itertools.groupby(ss))
    rows.append((d['workers'], d['variant'], d.get('rep'), d['metric'], rl))
for r in sorted(rows, key=lambda r: (r[0], r[1], r[2] or 0)):
    print(f"w{r[0]} {r[1]:9} rep {r[2]}: {r[3]:10.1f}  {r[4]}")
