#!/usr/bin/env python3
"""Issue #9's goal table from one build's suite folders: for every item folder (ITEM/runs.jsonl)
under the DIRs, per worker count, each variant's paired ratio to EEVDF (geometric mean of the
per-repetition ratios, 95% t interval) and, where the kernel's scx_simple ran beside it,
lockaware's paired ratio to scx_simple; any other variant (a flag tried) also paired with
scx_lockaware's default. A markdown row per item and worker count.
usage: table.py DIR..."""
import gzip
import math
import sys
from pathlib import Path
from statistics import mean, stdev
import json

T95 = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26}


def paired(reps, a, b):
    logs = [math.log(v[a] / v[b]) for v in reps.values() if a in v and b in v and v[b] > 0 and v[a] > 0]
    if len(logs) < 2:
        return "–"
    m = mean(logs)
    h = T95.get(len(logs) - 1, 2.0) * stdev(logs) / math.sqrt(len(logs))
    return f"{math.exp(m):.2f} ({math.exp(m - h):.2f}–{math.exp(m + h):.2f})"


for d in sys.argv[1:]:
    for item in sorted(Path(d).iterdir()):
        f = item / "runs.jsonl"
        if not f.exists():
            f = item / "runs.jsonl.gz"
        if not f.exists():
            continue
        by = {}
        variants = []
        for line in (gzip.open(f, "rt") if f.suffix == ".gz" else open(f)):
            r = json.loads(line)
            if r["variant"] not in variants:
                variants.append(r["variant"])
            if r.get("valid"):
                by.setdefault(r.get("workers"), {}).setdefault(r["rep"], {})[r["variant"]] = r["metric"]
        for w, reps in sorted(by.items(), key=lambda x: x[0] or 0):
            cells = [f"{v}/eevdf {paired(reps, v, 'eevdf')}" for v in variants if v != "eevdf"]
            if "simple" in variants:
                cells.append(f"lockaware/simple {paired(reps, 'lockaware', 'simple')}")
            # Any other variant (a flag tried, e.g. "sync") is also paired with the default.
            for v in variants:
                if v not in ("eevdf", "lockaware", "notrace", "simple"):
                    cells.append(f"{v}/lockaware {paired(reps, v, 'lockaware')}")
            print(f"| {Path(d).name} | {item.name} | {w if w is not None else '–'} | "
                  f"{len(reps)} | " + " | ".join(cells) + " |")
