import gzip,json,collections,statistics as S,sys
keys=sys.argv[2].split(",")
rows=[json.loads(l) for l in (gzip.open if sys.argv[1].endswith('.gz') else open)(sys.argv[1],'rt')]
agg=collections.defaultdict(lambda: collections.defaultdict(list))
for x in rows:
    if "sched_stats" not in x or not x.get("valid"): continue
    ss=x["sched_stats"]["samples"]
    ops=x["metric"]*x["workload"]["total_s"]
    for k in keys: agg[x["variant"]][k].append(1000*sum(s["stats"].get(k,0) for s in ss)/ops)
print("per 1000 messages (median over reps)")
print("%-20s"%"", " ".join("%10s"%v for v in agg))
for k in keys:
    print("%-20s"%k, " ".join("%10.1f"%S.median(agg[v][k]) for v in agg))
