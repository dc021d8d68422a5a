#!/usr/bin/env python3
"""Summarise futex-diag.sh runs: per variant, bogo-ops/s, the paired ratio to EEVDF of the same
repetition, context switches per second, and from the half-way task samples (*.tasks) the
waiters' run-queue wait per run and CPU share, and the wakers' CPU share (of the time since the
stressors started, which is a waker's run + wait time: it is always runnable).
    python3 docs/results/futex-s25/summarize.py DIR..."""
import re
import statistics as st
import sys
from pathlib import Path


def kv(line):
    return dict(re.findall(r"(\w+)=(\S+)", line))


for d in map(Path, sys.argv[1:]):
    runs = [kv(l) for l in (d / "runs.txt").read_text().splitlines() if l.startswith("rep=")]
    base = {r["rep"]: float(r["bogo_ops_per_s_real"]) for r in runs if r["variant"] == "eevdf"}
    print(f"## {d.name}")
    print("| variant | n | bogo-ops/s | paired ratio to EEVDF (min-max) | switches/s "
          "| waiter wait per run | waiter CPU share | waker CPU share |")
    print("|---|---|---|---|---|---|---|---|")
    for v in dict.fromkeys(r["variant"] for r in runs):
        rs = [r for r in runs if r["variant"] == v and r.get("state") in ("enabled", "disabled")
              and (v == "eevdf") == (r["state"] == "disabled")]
        if not rs:
            continue
        ops = [float(r["bogo_ops_per_s_real"]) for r in rs]
        ratios = [float(r["bogo_ops_per_s_real"]) / base[r["rep"]] for r in rs]
        sw = [int(r["ctxt"]) / int(r["secs"]) for r in rs]
        waits, wshare, kshare = [], [], []
        for r in rs:
            f = d / f"{v}-{r['rep']}.tasks"
            if not f.exists():
                continue
            ts = [kv(l) for l in f.read_text().splitlines()]
            # Not the parent (it sleeps in wait(), a few hundred runs).
            ts = [t for t in ts if t.get("runs") and int(t["runs"]) > 1000]
            wt = [t for t in ts if int(t["vol"]) > int(t["invol"])]
            wk = [t for t in ts if int(t["vol"]) <= int(t["invol"])]
            if not wk:
                continue
            # A waker is always runnable: run + wait is the time since it started.
            el = max(int(t["run_ns"]) + int(t["delay_ns"]) for t in wk)
            if wt:
                waits.append(sum(int(t["delay_ns"]) for t in wt) / sum(int(t["runs"]) for t in wt))
                wshare.append(st.mean(int(t["run_ns"]) / el for t in wt))
            if wk:
                kshare.append(st.mean(int(t["run_ns"]) / el for t in wk))
        fm = lambda xs, f: f(xs) if xs else "–"
        print(f"| {v} | {len(rs)} | {st.mean(ops):,.0f} | {st.mean(ratios):.2f} "
              f"({min(ratios):.2f}–{max(ratios):.2f}) | {st.mean(sw):,.0f} | "
              f"{fm(waits, lambda x: f'{st.mean(x) / 1e3:.0f} µs')} | "
              f"{fm(wshare, lambda x: f'{st.mean(x):.0%}')} | {fm(kshare, lambda x: f'{st.mean(x):.0%}')} |")
    print()
