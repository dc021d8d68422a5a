import json,collections,sys,statistics as st
for d in sys.argv[1:]:
    rows=[json.loads(l) for l in open(f"{d}/runs.jsonl")]
    by=collections.defaultdict(dict)
    for r in rows: by[r["rep"]][r["variant"]]=r["metric"]
    x=[by[k]["new"]/by[k]["before"] for k in sorted(by) if len(by[k])==2]
    print(d, "new/before per rep:", " ".join(f"{v:.2f}" for v in x), f"geomean {st.geometric_mean(x):.3f} (min {min(x):.2f} max {max(x):.2f}) n={len(x)}")
