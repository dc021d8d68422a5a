#!/usr/bin/env python3
"""Per-CPU cycle phases of a same-CPU waker/waiter pair (stress-ng futex): for each CPU, the
gaps between consecutive events of the pair running there: waiter sleeps -> waker runs;
waker runs -> waker wakes waiter (sched_waking); waking -> waiter runs; waiter runs -> waiter
sleeps. Median and mean in microseconds."""
import sys, statistics, collections
sys.path.insert(0, __file__.rsplit('/', 1)[0])
from lay import load, waker_waiter_pairs

def main(path):
    ev = load(path)
    child_of = dict(waker_waiter_pairs(ev))
    waiter = set(child_of.values())
    waker_of = {c: p for p, c in child_of.items()}
    gaps = collections.defaultdict(list)
    state = {}  # cpu -> (phase, t)
    curr = {}
    for t, cpu, name, d in ev:
        if name == 'sched_switch':
            pp, np_ = int(d['prev_pid']), int(d['n_next_pid'])
            curr[cpu] = np_
            if pp in waiter and d['prev_state'].startswith('S') and np_ == waker_of[pp]:
                ph = state.get(cpu)
                if ph and ph[0] == 'w_run' and ph[2] == pp:
                    gaps['waiter runs -> sleeps'].append(t - ph[1])
                gaps['switch: waiter sleeps -> waker'].append(0)
                state[cpu] = ('p_run', t, pp)
            elif np_ in waiter and pp == waker_of[np_]:
                ph = state.get(cpu)
                if ph and ph[0] == 'woken' and ph[2] == np_:
                    gaps['waking -> waiter runs'].append(t - ph[1])
                state[cpu] = ('w_run', t, np_)
            else:
                state[cpu] = None
        elif name == 'sched_waking':
            w = int(d['pid'])
            ph = state.get(cpu)
            if w in waiter and ph and ph[0] == 'p_run' and ph[2] == w and curr.get(cpu) == waker_of[w]:
                gaps['waker runs -> wakes waiter'].append(t - ph[1])
                state[cpu] = ('woken', t, w)
    print(path)
    tot = 0
    for k in ('waker runs -> wakes waiter', 'waking -> waiter runs', 'waiter runs -> sleeps'):
        v = gaps[k]
        if v:
            m = statistics.mean(v) * 1e6
            tot += m
            print(f'  {k}: n {len(v)}, median {statistics.median(v)*1e6:.0f} us, mean {m:.0f} us')
    print(f'  cycle (sum of means) {tot:.0f} us')

for p in sys.argv[1:]:
    main(p)
