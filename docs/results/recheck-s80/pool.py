#!/usr/bin/env python3
"""Pooled paired ratio recheck/lockaware over every repetition (any item, any worker count) in
which the recheck variant re-checked nothing: the spread of two variants that behaved alike,
and whether running third in each repetition biases one.  Usage: pool.py DIR...
(geometric mean, +-2 standard errors)"""
import json,gzip,os,sys,math,statistics as S,collections
logs=[]
for top in sys.argv[1:]:
  for item in sorted(os.listdir(top)):
    for n in ('runs.jsonl','runs.jsonl.gz'):
      p=os.path.join(top,item,n)
      if not os.path.exists(p): continue
      runs=collections.defaultdict(dict); fired={}
      for l in (gzip.open if p.endswith('.gz') else open)(p,'rt'):
        r=json.loads(l)
        if not r.get('valid'): continue
        k=(r['rep'],r.get('workers'))
        runs[k][r['variant']]=r['metric']
        if r['variant']=='recheck':
          ss=(r.get('sched_stats') or {}).get('samples') or []
          fired[k]=max((s['stats'].get('search_rechecks',0) for s in ss),default=0)
      for k,v in runs.items():
        if 'recheck' in v and 'lockaware' in v and fired.get(k)==0:
          logs.append((item,math.log(v['recheck']/v['lockaware'])))
L=[x for _,x in logs]
m=S.mean(L); se=S.stdev(L)/math.sqrt(len(L))
print(len(L), 'geo mean recheck/lockaware (no re-check fired): %.3f (%.3f-%.3f)'%(math.exp(m),math.exp(m-2*se),math.exp(m+2*se)))
