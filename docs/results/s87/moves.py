#!/usr/bin/env python3
"""Balance statistics per second of each variant (median over repetitions) in suite runs:
   moves.py RUNS.jsonl[.gz] ...  (dispatch_balance, balance_moved_woken, balance_left_woken)"""
import collections, gzip, json, statistics as S, sys
KEYS = ("dispatch_balance", "balance_moved_woken", "balance_left_woken")
for path in sys.argv[1:]:
    agg = collections.defaultdict(lambda: collections.defaultdict(list))
    for line in (gzip.open if path.endswith(".gz") else open)(path, "rt"):
        x = json.loads(line)
        ss = x.get("sched_stats", {}).get("samples", [])
        if not ss or not x.get("valid"):
            continue
        secs = max(ss[-1]["t_s"], 1e-9)
        for k in KEYS:
            agg[x["variant"]][k].append(sum(s["stats"].get(k, 0) for s in ss) / secs)
    print(path)
    for v, d in agg.items():
        print(f"  {v:12s}", "  ".join(f"{k} {S.median(d[k]):.1f}/s" for k in KEYS))
