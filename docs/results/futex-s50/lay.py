#!/usr/bin/env python3
"""Layout of stress-ng futex's waker/waiter pairs from a `perf script -F cpu,time,event,trace`
dump of sched_switch/waking/wakeup/migrate/process_fork: per task its run time, switch-outs by
state, wake-ups by who woke it; per pair the share of time both ran at once (on two CPUs)."""
import gzip, re, sys, collections

kv = re.compile(r'(\w+)=(\S+)')

def load(path):
    op = gzip.open if path.endswith('.gz') else open
    ev = []
    with op(path, 'rt') as f:
        for line in f:
            m = re.match(r'\s*\[(\d+)\]\s+([\d.]+):\s+sched:(\w+):\s+(.*)', line)
            if not m:
                continue
            cpu, t, name, rest = int(m[1]), float(m[2]), m[3], m[4]
            if name == 'sched_switch':
                a, b = rest.split('==>')
                d = dict(kv.findall(a)); d.update({'n_' + k: v for k, v in kv.findall(b)})
            else:
                d = dict(kv.findall(rest))
            ev.append((t, cpu, name, d))
    return ev

def waker_waiter_pairs(ev):
    """(waker, waiter) pids: each stress-ng instance (forked by the stress-ng that perf ran,
    whose own fork is not in the trace) forks its waiter, which forks nothing."""
    parent = {}
    for t, cpu, name, d in ev:
        if name == 'sched_process_fork':
            parent[int(d['child_pid'])] = int(d['pid'])
    kids = collections.defaultdict(list)
    for c, p in parent.items():
        kids[p].append(c)
    return sorted((p, c) for c, p in parent.items()
                  if p in parent and c not in kids and parent[p] not in parent)

def analyse(path):
    ev = load(path)
    pairs = waker_waiter_pairs(ev)
    role = {}
    for i, (p, c) in enumerate(pairs):
        role[p] = f'P{i+1}'; role[c] = f'C{i+1}'
    curr = {}
    last_t = {}
    run = collections.Counter()
    sw = collections.Counter()
    wk = collections.Counter()
    mig = collections.Counter()
    co = collections.Counter()  # pair index -> seconds both running
    same = collections.Counter()
    onecpu = collections.Counter()
    t0 = t1 = None
    prev_t = None
    lastcpu = {}
    for t, cpu, name, d in ev:
        if prev_t is not None and t0 is not None:
            dt = t - prev_t
            running = set(curr.values())
            for i, (p, c) in enumerate(pairs):
                if p in running and c in running:
                    co[i] += dt
                if lastcpu.get(p) is not None and lastcpu.get(p) == lastcpu.get(c):
                    same[i] += dt
            for pid in running:
                if pid in role:
                    run[role[pid]] += dt
        prev_t = t
        if name == 'sched_switch':
            pp, np_ = int(d['prev_pid']), int(d['n_next_pid'])
            if pp in role:
                sw[(role[pp], d['prev_state'])] += 1
            curr[cpu] = np_
            if np_ in role:
                lastcpu[np_] = cpu
                if t0 is None:
                    t0 = t
                t1 = t
        elif name == 'sched_waking':
            w = int(d['pid'])
            if w in role:
                wk[(role[w], role.get(curr.get(cpu), 'other'))] += 1
        elif name == 'sched_migrate_task':
            w = int(d['pid'])
            if w in role:
                mig[role[w]] += 1
                lastcpu[w] = int(d['dest_cpu'])
    span = (t1 - t0) if t0 else 0
    print(f'{path}: pairs {pairs}, span {span:.2f} s')
    for r in sorted(set(role.values())):
        outs = {st: n for (rr, st), n in sw.items() if rr == r}
        wks = {w: n for (rr, w), n in wk.items() if rr == r}
        print(f'  {r}: run {run[r]:.2f} s, switch-outs {outs}, wakings by {wks}, migrations {mig[r]}')
    for i in range(len(pairs)):
        print(f'  pair {i+1}: both running {co[i]/span:.0%} of the span, on the same CPU {same[i]/span:.0%}')
    print(f'  both of some pair running: {sum(co.values())/span:.0%} of the span')

if __name__ == '__main__':
    for p in sys.argv[1:]:
        analyse(p)
