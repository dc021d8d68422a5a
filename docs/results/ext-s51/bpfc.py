#!/usr/bin/env python3
"""Per workload and build: each BPF program's mean ns per run (the last --bpf-stats line of
each run), mean and range over the rounds, from bpfc.sh's folder."""
import sys, glob, gzip, collections
d = sys.argv[1]
rows = collections.defaultdict(lambda: collections.defaultdict(list))
for f in sorted(glob.glob(f"{d}/*.sched.log*")):
    w, v, rep = f.split("/")[-1].split(".")[0].split("-")
    op = gzip.open if f.endswith(".gz") else open
    last = [l for l in op(f, "rt", errors="replace") if "bpf runs:mean ns" in l]
    if not last:
        continue
    for e in last[-1].split("mean ns:", 1)[1].split():
        name, runs, ns = e.rsplit(":", 2)
        rows[(w, name)][v].append(int(ns))
for (w, name), vs in sorted(rows.items()):
    if name not in ("select_cpu", "enqueue", "dispatch", "running", "stopping", "tick"):
        continue
    cells = []
    for v in sorted(vs):
        x = vs[v]
        cells.append(f"{v} {sum(x)/len(x)/1000:.2f} ({min(x)/1000:.2f}-{max(x)/1000:.2f})")
    print(f"{w:10s} {name:11s} " + "  ".join(cells))
