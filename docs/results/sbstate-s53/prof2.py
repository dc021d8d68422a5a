#!/usr/bin/env python3
"""perf script output of prof.sh (cpu-clock at 1 kHz and every 1000th sched_yield(), every
CPU): per second of the recording, the yields (thousands: one sample each), what CPU 0 ran,
and the CPU-clock samples of sysbench split by the syscall they were in; then, over the
seconds with sysbench on CPU 0 alone, the leaf symbols of the fastest and slowest thirds.
Usage: prof2.py SCRIPT.gz"""
import collections, gzip, re, sys
samples = []
cur = None
for l in gzip.open(sys.argv[1], 'rt', errors='replace'):
    m = re.match(r'\s*(\S.*?)\s+\[(\d+)\]\s+(\d+\.\d+):\s+(\S+):', l)
    if m:
        cur = [float(m.group(3)), m.group(1), int(m.group(2)), m.group(4), []]
        samples.append(cur)
        continue
    f = l.split()
    if cur and len(f) >= 2:
        cur[4].append(f[1])
t0 = samples[0][0]
sec = collections.defaultdict(list)
for s in samples:
    sec[int(s[0] - t0)].append(s)
rows = []
for k in sorted(sec):
    ss = sec[k]
    y = sum(1 for s in ss if 'sched_yield' in s[3])
    clk = [s for s in ss if s[3].startswith('cpu-clock')]
    c0 = collections.Counter(s[1][:9] for s in clk if s[2] == 0)
    n0 = sum(c0.values()) or 1
    sb = [s for s in clk if s[1] == 'sysbench']
    sysc = collections.Counter(next((x for x in s[4] if x.startswith('__x64_sys_')), 'user') for s in sb)
    nb = len(sb) or 1
    print(f'{k:2d} yields {y:4d}k  cpu0: ' + ', '.join(f'{a} {b / n0:.2f}' for a, b in c0.most_common(2))
          + '  | sysbench in: ' + ', '.join(f'{a.replace("__x64_sys_", "")} {b / nb:.2f}' for a, b in sysc.most_common(3)))
    if c0.get('sysbench', 0) / n0 > 0.97 and y > 0:
        rows.append((y, k, sb))
rows.sort()
third = max(1, len(rows) // 3)
for name, part in (('slowest', rows[:third]), ('fastest', rows[-third:])):
    leaf = collections.Counter()
    n = 0
    for y, k, sb in part:
        for s in sb:
            leaf[s[4][0] if s[4] else '?'] += 1
            n += 1
    print(f'--- {name} third: seconds {sorted(k for _, k, _ in part)}, yields {[y for y, _, _ in part]}k, {n} samples')
    for a, b in leaf.most_common(16):
        print(f'    {b / n:.3f} {a}')
