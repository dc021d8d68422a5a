#!/usr/bin/env python3
"""One line per run of an ext item run with --sample-stats: variant, repetition, rate, ended
windows, the SSC size per sample and the search's decisions.   pipe-decisions.py DIR"""
import sys,json,gzip,os
d=sys.argv[1]
f=d+'/runs.jsonl'
op=open
if not os.path.exists(f): f+='.gz'; op=gzip.open
for l in op(f,'rt'):
    r=json.loads(l)
    s=r.get('sched_stats',{}).get('samples',[])
    dec=[]; early=0; sizes=[]
    for x in s:
        st=x['stats']
        if st.get('search_decisions'):
            for t in st['search_decisions'].split():
                if t not in dec: dec.append(t)
        early=max(early, st.get('search_early_windows',0) or 0)
        sizes.append(st.get('ssc_size'))
    print(f"{r['variant']:9s} {r['rep']:2d} {r['metric']:9.0f} early={early} sizes={sizes} {' '.join(dec)}")
