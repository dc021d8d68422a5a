#!/usr/bin/env python3
"""Run a workload under perf stat; print its last JSON line with, per second of wall time,
csw_per_s, migr_per_s and cpu_ms_per_s (CPU ms the workload used; 1000 = one CPU) added, and
the same per operation (csw_per_op, migr_per_op, cpu_us_per_op) where it reports ops_per_s."""
import json, subprocess, sys, tempfile, time, os
fd, tmp = tempfile.mkstemp(); os.close(fd)
t0 = time.monotonic()
out = subprocess.run(["perf", "stat", "-x,", "-e", "context-switches,cpu-migrations,task-clock",
                      "-o", tmp, "--"] + sys.argv[1:], stdout=subprocess.PIPE, text=True).stdout
wall = time.monotonic() - t0
lines = [l for l in out.splitlines() if l.startswith("{")]
sys.stdout.write(out)
j = json.loads(lines[-1])
names = {"context-switches": "csw", "cpu-migrations": "migr", "task-clock": "cpu_ms"}
for line in open(tmp):
    f = line.strip().split(",")
    if len(f) > 2 and f[2] in names:
        try:
            v = float(f[0])
        except ValueError:
            continue
        k = names[f[2]]
        j[k + "_per_s"] = v / wall
        if j.get("ops_per_s"):
            ops = j["ops_per_s"] * wall
            j[(k if k != "cpu_ms" else "cpu_us") + "_per_op"] = (v * (1000 if k == "cpu_ms" else 1)) / ops
os.unlink(tmp)
print(json.dumps(j))
