import json, sys, gzip, itertools
# Per run of the lock-aware variants: metric, restarts, SSC size/lock-task samples (run-length), last decision log.
path = sys.argv[1]
op = gzip.open if path.endswith('.gz') else open
for l in op(path, 'rt'):
    d = json.loads(l)
    if not d.get('sched_stats'):
        continue
    smp = d['sched_stats']['samples']
    ss = [f"{s['stats']['ssc_size']}/{s['stats']['nr_lock_tasks']}" for s in smp]
    rl = ' '.join(f"{k}x{len(list(g))}" for k, g in itertools.groupby(ss))
    last = ''
    for s in smp:
        if s['stats'].get('search_decisions'):
            last = s['stats']['search_decisions']
    st = smp[-1]['stats'] if smp else {}
    print(f"w{d['workers']} {d['variant']:9} rep {d.get('rep')}: {d['metric']:10.1f}  restarts {st.get('search_restarts')} | {rl}")
    if len(sys.argv) > 2:
        print("    ", last)
