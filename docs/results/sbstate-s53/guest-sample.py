"""In the guest, every 0.5 s until PID exits: each CPU's time split from /proc/stat (user,
system, idle, irq+softirq, in % of the interval), and the run and run-queue wait time of PID's
threads and of the stress-ng processes from schedstat (ms in the interval).
Usage: guest-sample.py PID OUT"""
import os, sys, time
pid, out = int(sys.argv[1]), open(sys.argv[2], 'w')
hz = os.sysconf('SC_CLK_TCK')
def cpus():
    r = {}
    for l in open('/proc/stat'):
        if l.startswith('cpu') and l[3].isdigit():
            f = l.split(); v = list(map(int, f[1:9]))
            r[f[0]] = (v[0] + v[1], v[2], v[3] + v[4], v[5] + v[6])
    return r
def sched(paths):
    run = wait = 0
    for p in paths:
        try:
            a, b, _ = open(p).read().split(); run += int(a); wait += int(b)
        except (OSError, ValueError):
            pass
    return run, wait
def tasks():
    sb = [f'/proc/{pid}/task/{t}/schedstat' for t in os.listdir(f'/proc/{pid}/task')]
    hog = []
    for p in os.listdir('/proc'):
        if p.isdigit():
            try:
                if open(f'/proc/{p}/comm').read().startswith('stress-ng-cpu'):
                    hog.append(f'/proc/{p}/schedstat')
            except OSError:
                pass
    return sb, hog
pc, t0 = cpus(), time.time()
sb, hog = tasks(); ps, ph, pt = sched(sb), sched(hog), time.time()
while os.path.exists(f'/proc/{pid}'):
    time.sleep(0.5)
    try:
        sb, hog = tasks()
    except OSError:
        break
    c, s, h, t = cpus(), sched(sb), sched(hog), time.time()
    dt = t - pt
    row = [f'{t - t0:.1f}']
    for k in sorted(c):
        d = [x - y for x, y in zip(c[k], pc[k])]
        tot = sum(d) or 1
        row.append(f'{k}:u{100*d[0]//tot}/s{100*d[1]//tot}/i{100*d[2]//tot}/q{100*d[3]//tot}')
    row.append(f'sb run {(s[0]-ps[0])/1e6/dt:.0f} wait {(s[1]-ps[1])/1e6/dt:.0f}')
    row.append(f'hog run {(h[0]-ph[0])/1e6/dt:.0f} wait {(h[1]-ph[1])/1e6/dt:.0f}')
    out.write(' '.join(row) + '\n'); out.flush()
    pc, ps, ph, pt = c, s, h, t
