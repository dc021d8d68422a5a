#!/usr/bin/env python3
"""Per run of an scx-ab runs.jsonl[.gz] taken with --sample-stats: the metric, the classified
tasks (mean of the samples), entries, exits and quick returns into the class, and the SSC's
size in the samples. classes.py runs.jsonl [WORKERS]"""
import gzip, json, sys

f = sys.argv[1]
want = int(sys.argv[2]) if len(sys.argv) > 2 else None
for line in (gzip.open(f, 'rt') if f.endswith('.gz') else open(f)):
    r = json.loads(line)
    if want is not None and r.get('workers') != want:
        continue
    ss = [s['stats'] for s in (r.get('sched_stats') or {}).get('samples', [])]
    if not ss or 'nr_lock_tasks' not in ss[0]:
        continue
    tot = {k: sum(s.get(k, 0) for s in ss) for k in ('lock_in', 'lock_out', 'lock_reenter')}
    ncls = sum(s['nr_lock_tasks'] for s in ss) / len(ss)
    sizes = ' '.join(str(len(s['ssc_cpus'].split(','))) if s.get('ssc_cpus') else '-' for s in ss)
    print(f"{r['variant']:10} rep {r['rep']} {r['metric']:10.0f}  classified {ncls:.1f}  "
          f"in {tot['lock_in']} out {tot['lock_out']} back {tot['lock_reenter']}  ssc {sizes}")
