#!/usr/bin/env python3
"""Per command, from `perf sched timehist -w` output: runs, mean run time, the mean time a
task waited runnable before each run ("wait time" is time asleep or waiting; timehist's
"sch delay" is from the wake-up to the run), and the runs that started after a wake-up.
    python3 docs/results/share-s27/delays.py TIMEHIST..."""
import sys
from collections import defaultdict

for path in sys.argv[1:]:
    runs = defaultdict(list)
    cpus = defaultdict(lambda: defaultdict(float))
    for line in open(path):
        f = line.split()
        if len(f) < 6 or not f[1].startswith("[") or "awakened:" in line or "migrated:" in line:
            continue
        try:
            cpu = int(f[1].strip("[]"))
            wait, delay, run = float(f[-3]), float(f[-2]), float(f[-1])
        except ValueError:
            continue
        comm = f[2].split("[")[0]
        runs[comm].append((wait, delay, run))
        cpus[cpu][comm] += run
    print(path)
    for comm in ("inform-counter", "sh"):
        r = runs.get(comm, [])
        if not r:
            continue
        n = len(r)
        print(f"  {comm:15s} runs {n:6d}  run {sum(x[2] for x in r) / n * 1000:8.1f} us"
              f"  sch delay {sum(x[1] for x in r) / n * 1000:8.1f} us"
              f"  total run {sum(x[2] for x in r):8.1f} ms  total sch delay {sum(x[1] for x in r):8.1f} ms")
