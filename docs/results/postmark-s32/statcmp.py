import sys,json,gzip
# Compare the per-second stats (mean over samples) of the runs of one item: one column per run.
path=sys.argv[1]; workers=int(sys.argv[2]); variants=sys.argv[3].split(",")
op=gzip.open if path.endswith(".gz") else open
rows=[json.loads(l) for l in op(path,"rt")]
tab=[]
for r in rows:
    if r["workers"]!=workers or r["variant"] not in variants or not r.get("sched_stats"): continue
    ss=[x["stats"] for x in r["sched_stats"]["samples"][1:-1]]
    m={}
    for k,v in ss[0].items():
        if isinstance(v,(int,float)) and not isinstance(v,bool):
            m[k]=sum(x[k] for x in ss)/len(ss)
    tab.append(("%d%s%.1fk"%(r["rep"],r["variant"][0],r["metric"]/1e3), m))
ks=[k for k in sorted(tab[0][1]) if any(t[1].get(k) for t in tab)]
print("%-22s"%"", " ".join("%9s"%t[0][:9] for t in tab))
for k in ks: print("%-22s"%k, " ".join("%9.4g"%t[1].get(k,0) for t in tab))
