#!/usr/bin/env python3
"""The search decisions of each run of VARIANT (default recheck) in a suite's results folder,
gathered from the per-second stats samples ("time:old->new:Action:thro", thro that of the
window the decision was taken on). With --fired only the runs that re-checked a settle.
Usage: decisions.py DIR [VARIANT] [--fired]"""
import gzip, json, os, sys

args = [a for a in sys.argv[1:] if a != "--fired"]
fired_only = "--fired" in sys.argv
top, var = args[0], (args[1] if len(args) > 1 else "recheck")
for item in sorted(os.listdir(top)):
    for name in ("runs.jsonl", "runs.jsonl.gz"):
        p = os.path.join(top, item, name)
        if not os.path.exists(p):
            continue
        for line in (gzip.open if p.endswith(".gz") else open)(p, "rt"):
            r = json.loads(line)
            if r["variant"] != var or not r.get("sched_stats"):
                continue
            ss = r["sched_stats"].get("samples") or []
            if fired_only and not max((s["stats"].get("search_rechecks", 0) for s in ss), default=0):
                continue
            seen = []
            for s in ss:
                for e in s["stats"].get("search_decisions", "").split():
                    if e not in seen:
                        seen.append(e)
            print(item, r.get("workers"), r["rep"], f"{r['metric']:.0f}", " ".join(seen))
