import json,collections,sys,statistics as st
for d in sys.argv[1:]:
    try: rows=[json.loads(l) for l in open(f"{d}/runs.jsonl")]
    except Exception as e: print(d,e); continue
    by=collections.defaultdict(dict)
    for r in rows: by[r["rep"]][r["variant"]]=r["metric"]
    reps=sorted(by)
    def rat(a,b): return [by[k][a]/by[k][b] for k in reps if a in by[k] and b in by[k]]
    la=rat("lockaware","before"); le=rat("lockaware","eevdf"); be=rat("before","eevdf")
    f=lambda x: f"{st.geometric_mean(x):.2f} ({min(x):.2f}-{max(x):.2f})" if x else "-"
    print(f"{d}: new/before {f(la)}  new/eevdf {f(le)}  before/eevdf {f(be)}  n={len(la)}")
