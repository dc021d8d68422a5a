#!/usr/bin/env python3
"""Per ext item under DIR: scx_lockaware's and notrace's paired ratio to EEVDF (geometric mean,
min-max over the reps; higher is better except where the metric is a time), and the
search's restarts and return-stops (the session-74 cap) summed over the sampled runs."""
import gzip, json, math, pathlib, sys
for f in sorted(pathlib.Path(sys.argv[1]).rglob("runs.jsonl*")):
    runs = [json.loads(l) for l in (gzip.open(f, "rt") if f.suffix == ".gz" else open(f))]
    by = {}
    rs = caps = 0
    for r in runs:
        by.setdefault((r.get("workers"), r["rep"]), {})[r["variant"]] = r["metric"]
        ss = (r.get("sched_stats") or {}).get("samples") or []
        if ss:
            st = ss[-1]["stats"]
            rs += st.get("search_restarts", 0)
            caps += st.get("search_return_caps", 0)
    out = []
    for v in ("lockaware", "notrace"):
        x = [math.log(d[v] / d["eevdf"]) for d in by.values() if v in d and d.get("eevdf")]
        if x:
            out.append(f"{v} {math.exp(sum(x)/len(x)):.2f} ({math.exp(min(x)):.2f}-{math.exp(max(x)):.2f}) n={len(x)}")
    print(f"{f.parent.name:18} {' | '.join(out)} | restarts {rs} return-stops {caps}")
