#!/usr/bin/env python3
"""§71's table from run.sh's folders: per item and budget, the variants' paired ratios
(tools/bench/inform-efficiency, against EEVDF and against `inform`) and libinform's extension
counters (grants.py's).   table.py results/s52/slice-c2-5000 results/s52/slice-c2-50000"""
import json
import subprocess
import sys
from pathlib import Path

here = Path(__file__).resolve().parent
eff = here.parents[2] / "tools" / "bench" / "inform-efficiency"
sys.path.insert(0, str(here.parents[2] / "tools" / "bench"))
from results_io import runs_lines  # noqa: E402


def ratios(d, base):
    out = subprocess.run([str(eff), "--baseline", base, str(d)], capture_output=True,
                         text=True, check=True).stdout
    rows = {}
    for line in out.splitlines():
        c = [x.strip() for x in line.strip("|").split("|")]
        if len(c) == 7 and c[0].startswith("inform-"):
            rows[c[1]] = (c[3], c[4])  # ops, hog share
    return rows


def rates(d, variant):
    ws = [json.loads(x)["workload"] for x in runs_lines(d)]
    ws = [w for w, x in zip(ws, runs_lines(d)) if json.loads(x)["variant"] == variant and w]
    n = len(ws) or 1
    g = sum(w["slice_grants"] / w["duration_s"] for w in ws) / n
    s = sum(w["slice_switched"] / w["duration_s"] for w in ws) / n
    return f"{g:.1f} / {s:.1f}"


print("| item | budget | slice / EEVDF: ops; loops' share | islice / EEVDF: ops | "
      "islice / inform: ops; loops' share | grants / switched a second: slice · islice |")
print("|---|---|---|---|---|---|")
for top in sys.argv[1:]:
    for d in sorted(Path(top).glob("inform-*")):
        e, i = ratios(d, "eevdf"), ratios(d, "inform")
        # The budget in force, as inform-workload recorded it.
        budget = next(json.loads(x)["workload"]["slice_ext_ns"] for x in runs_lines(d)
                      if "slice_ext_ns" in (json.loads(x)["workload"] or {}))
        print(f"| {d.name[7:]} | {int(budget) // 1000} µs | {e['slice'][0]}; {e['slice'][1]} | "
              f"{e['islice'][0]} | {i['islice'][0]}; {i['islice'][1]} | "
              f"{rates(d, 'slice')} · {rates(d, 'islice')} |")
