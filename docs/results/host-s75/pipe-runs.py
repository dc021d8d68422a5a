#!/usr/bin/env python3
"""Per variant of an ext item run with --sample-stats: runs, runs whose search settled back at
1 CPU, how many of those had a window ended early (search_early_windows), their rates.
   pipe-runs.py DIR..."""
import sys,json,gzip,os,collections
tot=collections.Counter(); bad=collections.Counter(); be=collections.Counter(); m=collections.defaultdict(list)
for d in sys.argv[1:]:
    f=d+'/runs.jsonl'; op=open
    if not os.path.exists(f): f+='.gz'; op=gzip.open
    for l in op(f,'rt'):
        r=json.loads(l); v=r['variant']
        s=r.get('sched_stats',{}).get('samples',[])
        if not s: continue
        tot[v]+=1
        dec=[]
        for x in s:
            for t in (x['stats'].get('search_decisions') or '').split():
                if t not in dec: dec.append(t)
        settle=[t for t in dec if ':Settle:' in t]
        if settle and settle[-1].split(':')[1].endswith('->1'):
            bad[v]+=1; m[v].append(r['metric'])
            if max((x['stats'].get('search_early_windows') or 0) for x in s):
                be[v]+=1
for v in tot: print(f"{v}: {tot[v]} runs, {bad[v]} settled back at 1 ({be[v]} with an ended window), their ops/s {sorted(int(x) for x in m[v])}")
