import json,sys,statistics as st, math
L=[json.loads(l) for l in open(sys.argv[1])]
by={}
for r in L: by.setdefault(r['variant'],{})[r['rep']]=r
best=max(('ssc1','ssc2','ssc4'), key=lambda v: st.mean(x['metric'] for x in by.get(v,{}).values()) if v in by else 0)
for v in by:
    reps=sorted(by[v]); ms=[by[v][k]['metric'] for k in reps]
    sizes=[]
    for k in reps:
        ss=(by[v][k].get('sched_stats') or {}).get('samples') or []
        sizes.append(ss[-2]['stats']['ssc_size'] if len(ss)>1 else '-')
    rat=[by[v][k]['metric']/by[best][k]['metric'] for k in reps if k in by[best]]
    g=math.exp(st.mean(math.log(x) for x in rat))
    print(f"{v:9} {' · '.join(f'{m/1e3:.0f}k' for m in ms):45} mean {st.mean(ms)/1e3:6.1f}k  /{best} {g:.2f} ({min(rat):.2f}-{max(rat):.2f}) sizes {sizes}")
