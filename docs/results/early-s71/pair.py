import json,sys,math,statistics as st
rows=[json.loads(l) for l in open(sys.argv[1])]
a,b=sys.argv[2],sys.argv[3]
by={}
for r in rows:
    if r['valid']: by.setdefault(r['rep'],{})[r['variant']]=r['metric']
rat=[by[k][a]/by[k][b] for k in sorted(by) if a in by[k] and b in by[k]]
lg=[math.log(x) for x in rat]; m=st.mean(lg); s=st.stdev(lg)/math.sqrt(len(lg)) if len(lg)>1 else 0
t={2:12.71,3:4.30,4:3.18,5:2.78,6:2.57,7:2.45,8:2.36,9:2.31,10:2.26}.get(len(lg)-1,2.0) if len(lg)>1 else 0
print(f"{a}/{b}: n={len(rat)} geo-mean {math.exp(m):.3f} [{math.exp(m-t*s):.3f}, {math.exp(m+t*s):.3f}] reps {[round(x,3) for x in rat]}")
