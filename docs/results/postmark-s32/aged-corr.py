import sys,json,gzip
# Per run (postmark, 4 workers, scx_lockaware builds): operations/s against the own queues'
# aged dispatches (queue_aged, per second, mean of the samples) and the SSC queue's enqueues.
pts=[]
for path in sys.argv[1:]:
    op=gzip.open if path.endswith(".gz") else open
    for l in op(path,"rt"):
        r=json.loads(l)
        if r["workers"]!=4 or not r.get("sched_stats"): continue
        ss=[x["stats"] for x in r["sched_stats"]["samples"][1:-1]]
        m=lambda k: sum(x.get(k,0) for x in ss)/len(ss)
        pts.append((r["metric"], m("queue_aged"), m("ssc_enq"), m("ssc_own_vtime"), r["variant"], m("ssc_size")))
pts.sort()
for p in pts: print("%8.0f aged %5.1f ssc_enq %6.1f own_vtime %6.1f %s size %.2f"%p)
def corr(a,b):
    n=len(a); ma=sum(a)/n; mb=sum(b)/n
    sa=sum((x-ma)**2 for x in a)**.5; sb=sum((x-mb)**2 for x in b)**.5
    return sum((x-ma)*(y-mb) for x,y in zip(a,b))/(sa*sb)
print("n=%d corr(ops, queue_aged)=%.2f corr(ops, ssc_enq)=%.2f"%(len(pts),corr([p[0] for p in pts],[p[1] for p in pts]),corr([p[0] for p in pts],[p[2] for p in pts])))
