#!/usr/bin/env python3
# per-run table of a runs.jsonl: variant, workers, rep, metric and the also-metrics
import json, sys, collections
rows = collections.defaultdict(list)
for l in open(sys.argv[1]):
    d = json.loads(l)
    j = d.get("workload") or {}
    rows[(d["workers"], d["variant"])].append((d["rep"], d.get("metric"), j.get("csw_per_s"), j.get("migr_per_s")))
for (w, v), L in sorted(rows.items()):
    print(w, f"{v:10s}", " ".join(f"{m:7.0f}" if m else "   none" for _, m, _, _ in L))
    print(w, f"{'  csw':10s}", " ".join(f"{c:7.0f}" if c is not None else "      -" for _, _, c, _ in L))
    print(w, f"{'  migr':10s}", " ".join(f"{c:7.1f}" if c is not None else "      -" for _, _, _, c in L))
