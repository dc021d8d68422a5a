#!/usr/bin/env python3
"""Per item (and worker count) of a suite's results: the runs whose variant re-checked a settle
(search_rechecks, a count since the start, at the last stats sample), with the paired geometric-mean
ratios recheck/lockaware, recheck/eevdf and lockaware/eevdf (metric ratios, higher is better
except where the item's metric is a time: the suite's summary says which).
Usage: rechecks.py DIR [VARIANT]   (VARIANT defaults to recheck)"""
import collections, gzip, json, math, os, statistics as S, sys

T95 = {2: 12.71, 3: 4.30, 4: 3.18, 5: 2.78, 6: 2.57, 7: 2.45, 8: 2.36, 9: 2.31, 10: 2.26}
top, var = sys.argv[1], (sys.argv[2] if len(sys.argv) > 2 else "recheck")


def ratio(runs, a, b):
    logs = [math.log(r[a] / r[b]) for r in runs.values() if r.get(a) and r.get(b)]
    if len(logs) < 2:
        return "   -   "
    m, h = S.mean(logs), T95.get(len(logs), 2.0) * S.stdev(logs) / math.sqrt(len(logs))
    return f"{math.exp(m):.2f} ({math.exp(m - h):.2f}-{math.exp(m + h):.2f})"


for item in sorted(os.listdir(top)):
    d = os.path.join(top, item)
    path = next((os.path.join(d, f) for f in ("runs.jsonl", "runs.jsonl.gz")
                 if os.path.exists(os.path.join(d, f))), None)
    if not path:
        continue
    by_w = collections.defaultdict(lambda: collections.defaultdict(dict))
    fired = collections.defaultdict(list)
    for line in (gzip.open if path.endswith(".gz") else open)(path, "rt"):
        r = json.loads(line)
        if not r.get("valid"):
            continue
        w = r.get("workers")
        by_w[w][r["rep"]][r["variant"]] = r["metric"]
        if r["variant"] == var:
            ss = (r.get("sched_stats") or {}).get("samples") or []
            fired[w].append(max((s["stats"].get("search_rechecks", 0) for s in ss), default=0))
    for w, runs in sorted(by_w.items(), key=lambda kv: (kv[0] is None, kv[0])):
        n = fired[w]
        print(f"{item:18} w={w!s:4} rechecks/run {','.join(map(str, n)):16} "
              f"{var}/lockaware {ratio(runs, var, 'lockaware')}  {var}/eevdf "
              f"{ratio(runs, var, 'eevdf')}  lockaware/eevdf {ratio(runs, 'lockaware', 'eevdf')}")
