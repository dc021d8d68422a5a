#!/usr/bin/env python3
"""Paired ratios of a suite directory: pair.py DIR A B [BASE]: for every item (and worker
count) A/BASE, B/BASE and A/B, the geometric mean of the per-repetition ratios with its
Student-t 95% CI (docs/results/batch-s64/README.md)."""
import json,collections,gzip,math,sys,glob,os
from statistics import mean,stdev
T={1:12.706,2:4.303,3:3.182,4:2.776,5:2.571,6:2.447,7:2.365,8:2.306,9:2.262}
def rd(p):
    return [json.loads(l) for l in (gzip.open(p,'rt') if p.endswith('gz') else open(p))]
def ci(lr):
    n=len(lr); m=mean(lr)
    if n<2: return f"{math.exp(m):.2f}"
    se=stdev(lr)/math.sqrt(n); t=T.get(n-1,2.1)
    return f"{math.exp(m):.2f} ({math.exp(m-t*se):.2f}–{math.exp(m+t*se):.2f})"
a,b,base=sys.argv[2],sys.argv[3],sys.argv[4] if len(sys.argv)>4 else 'eevdf'
for f in sorted(glob.glob(sys.argv[1]+'/*/runs.jsonl*')):
    item=f.split('/')[-2]
    d=collections.defaultdict(dict)
    for r in rd(f):
        if r.get('valid'): d[(r.get('workers'),r['rep'])][r['variant']]=r['metric']
    for w in sorted({k[0] for k in d}, key=lambda x: (x is None, x)):
        ab=[];ae=[];be=[]
        for (ww,rep),x in d.items():
            if ww!=w: continue
            if a in x and b in x: ab.append(math.log(x[a]/x[b]))
            if a in x and base in x: ae.append(math.log(x[a]/x[base]))
            if b in x and base in x: be.append(math.log(x[b]/x[base]))
        if ab: print(f"| {item} | {w if w is not None else '–'} | {ci(ae)} | {ci(be)} | {ci(ab)} |")
