#!/usr/bin/env python3
"""Session 66: do the signals a climb has read by 2, 4 or 8 cores say where the curve peaks?

For each cell of the thesis-setting grid (one thread per core, seed 1, 10^6 ticks a size),
prints the lock-wait share the search would read at 2, 4 and 8 cores (on-CPU and asleep),
the lock's occupancy with one thread (the holder's share of a thread's cycle; the BPF side
cannot see it, hints could count it), the saturation bound 1 / occupancy that an asymptotic
(MVA) model would jump to, and the peak of the exhaustive sweep.

  python3 docs/results/locksim/jump-s66/predict.py [path/to/scx-locksim]
"""
import json, os, subprocess, sys, tempfile

BIN = sys.argv[1] if len(sys.argv) > 1 else "target/release/scx-locksim"
CELLS = []
for c in ["C1", "C2", "C3", "C4"]:
    CELLS.append((f"{c} P1", c, 32, []))
for c in ["C3", "C4"]:
    CELLS += [(f"{c} P2", c, 32, ["--platform", "P2"]), (f"{c} P3", c, 32, ["--platform", "P3"]),
              (f"{c} latency 5", c, 32, ["--latency", "5"]), (f"{c} latency 10", c, 32, ["--latency", "10"]),
              (f"{c} mutex, wake 5", c, 32, ["--lock", "mutex", "--wake-ticks", "5"])]


def sweep(config, cores, extra):
    fd, j = tempfile.mkstemp(suffix=".json")
    os.close(fd)
    subprocess.run([BIN, "--config", config, "--cores", f"1-{cores}", "--json", j] + extra,
                   check=True, stdout=subprocess.DEVNULL)
    r = json.load(open(j))["results"]
    os.unlink(j)
    return {x["cores"]: x for x in r}


print("| cell | wait % at 2 | at 4 | at 8 | occupancy at 1 | 1 / occupancy | peak (cores) |")
print("|---|---|---|---|---|---|---|")
for label, config, cores, extra in CELLS:
    s = sweep(config, cores, extra)
    w = lambda n: s[n]["lock_wait_pct"] + s[n]["lock_sleep_pct"]
    occ = s[1]["lock_queue"][0]
    peak = max(s.values(), key=lambda x: x["throughput"])["cores"]
    print(f"| {label} | {w(2):.2f} | {w(4):.2f} | {w(8):.2f} | {occ:.3f} | {1 / occ:.1f} | {peak} |")
