import gzip,json,collections,math,statistics as S,sys,os
T95 = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36}
def pair(path,a,b):
    runs=collections.defaultdict(dict)
    for l in (gzip.open if path.endswith('.gz') else open)(path,'rt'):
        r=json.loads(l)
        if r.get("valid"): runs[(r["rep"],r.get("workers"))][r["variant"]]=r["metric"]
    logs=[math.log(x[a]/x[b]) for x in runs.values() if a in x and b in x]
    n=len(logs); m=S.mean(logs); h=T95.get(n,2.0)*S.stdev(logs)/math.sqrt(n)
    return f"{math.exp(m):.2f} ({math.exp(m-h):.2f}–{math.exp(m+h):.2f})"
def rate(path,v,k):
    vals=[]
    for l in (gzip.open if path.endswith('.gz') else open)(path,'rt'):
        x=json.loads(l)
        if x.get("valid") and x["variant"]==v and "sched_stats" in x:
            vals.append(sum(s["stats"].get(k,0) for s in x["sched_stats"]["samples"])/x["seconds"])
    return S.median(vals) if vals else float("nan")
D=sys.argv[1]
order=["sysbench-threads","sysbench-mutex","futex-hash","futex-lock-pi","messaging","stress-yield","stress-futex","stress-flock","sched-pipe","stress-cpu","stress-fork","stress-mmap","stress-nanosleep","stress-sem","stress-pipe","stress-lockf","stress-sem-sysv","stress-mq"]
print("| item | default / EEVDF | `--balance-woken` / EEVDF | default / `--balance-woken` | balance moves/s (default, `--balance-woken`) |")
print("|---|---|---|---|---|")
for it in order:
    p=f"{D}/{it}/runs.jsonl"
    if not os.path.exists(p): p += ".gz"
    if not os.path.exists(p): continue
    print(f"| {it} | {pair(p,'lockaware','eevdf')} | {pair(p,'woken','eevdf')} | {pair(p,'lockaware','woken')} | {rate(p,'lockaware','dispatch_balance'):.0f}, {rate(p,'woken','dispatch_balance'):.0f} |")
