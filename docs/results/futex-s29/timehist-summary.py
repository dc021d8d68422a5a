# Per-task summary of `perf sched timehist -w` output (docs/results/futex-s29/timehist.sh):
# runs, CPU shares, wake-up-to-run delay percentiles and CPUs, for every stress-ng task.
#   python3 timehist-summary.py FILE.timehist...
import collections, gzip, re, sys
for fn in sys.argv[1:]:
    tasks = collections.defaultdict(list)
    wakes = collections.Counter()
    span = [None, None]
    for line in (gzip.open(fn, 'rt') if fn.endswith('.gz') else open(fn)):
        m = re.match(r'\s*([\d.]+)\s+\[(\d+)\]\s+(\S+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)', line)
        if not m:
            m2 = re.match(r'\s*([\d.]+)\s+\[(\d+)\]\s+(\S+)\s+awakened: (\S+)', line)
            if m2: wakes[(m2.group(3).startswith('stress'), m2.group(4).startswith('stress'))] += 1
            continue
        t, cpu, name, wait, sdel, run = m.groups()
        t=float(t)
        span[0] = t if span[0] is None else span[0]; span[1] = t
        if not name.startswith('stress-ng'): continue
        tasks[name].append((float(wait), float(sdel), float(run), int(cpu)))
    dur = span[1]-span[0]
    print(f"== {fn}: {dur:.2f} s; wakes (waker stress?, wakee stress?) {dict(wakes)}")
    for name, L in sorted(tasks.items()):
        n=len(L); run=sum(x[2] for x in L); wait=sum(x[0] for x in L); sd=[x[1] for x in L]
        sds=sorted(sd); 
        pct=lambda q: sds[min(n-1,int(q*n))]
        cpus=collections.Counter(x[3] for x in L)
        print(f"{name:28s} runs {n:6d} run {run/dur/10:5.1f}% wait(sleep) {wait/dur/10:5.1f}% schdelay sum {sum(sd)/dur/10:5.1f}% mean {sum(sd)/n*1000:7.1f}us p50 {pct(.5)*1000:6.1f} p90 {pct(.9)*1000:7.1f} p99 {pct(.99)*1000:7.1f} max {sds[-1]*1000:7.1f}  zero-delay {sum(1 for x in sd if x==0)} cpus {dict(cpus)}")
