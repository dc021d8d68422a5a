#!/usr/bin/env python3
"""On the host, every 0.5 s while a qemu-system process runs: each of its threads' CPU time in
that interval (utime+stime from /proc/PID/task/TID/stat, in % of one host CPU), the host CPU it
last ran on, and its name (the vCPU threads are "CPU n/TCG"). Usage: host-sample.py OUT"""
import os, sys, time
out = open(sys.argv[1], 'w')
hz = os.sysconf('SC_CLK_TCK')
def qemu():
    for p in os.listdir('/proc'):
        if p.isdigit():
            try:
                if open(f'/proc/{p}/comm').read().startswith('qemu-system'):
                    return p
            except OSError:
                pass
pid = None
while pid is None:
    pid = qemu(); time.sleep(0.2)
prev, t0 = {}, time.time()
while os.path.exists(f'/proc/{pid}'):
    now = time.time(); row = []
    try:
        for t in sorted(os.listdir(f'/proc/{pid}/task'), key=int):
            try:
                s = open(f'/proc/{pid}/task/{t}/stat').read()
                name = open(f'/proc/{pid}/task/{t}/comm').read().strip()
            except OSError:
                continue
            f = s[s.rindex(')') + 2:].split()
            ticks, cpu = int(f[11]) + int(f[12]), int(f[36])
            if t in prev:
                pct = 100.0 * (ticks - prev[t][0]) / hz / (now - prev[t][1])
                if pct >= 5 or name.startswith('CPU'):
                    row.append(f'{name.replace(" ", "")}@{cpu}:{pct:.0f}')
            prev[t] = (ticks, now)
    except OSError:
        break
    out.write(f'{now - t0:.1f} {" ".join(row)}\n'); out.flush()
    time.sleep(0.5)
