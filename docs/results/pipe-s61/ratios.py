"""Paired ratios (geometric mean, 95% t interval) of pipemode.py runs, and per-op CPU."""
import json, sys, math, collections
T = {1: 12.71, 2: 4.30, 3: 3.18, 4: 2.78, 5: 2.57, 6: 2.45, 7: 2.36, 8: 2.31, 9: 2.26, 10: 2.23, 11: 2.20, 15: 2.13, 19: 2.09}
def t(df): return T.get(df) or T[max(k for k in T if k <= df)]
runs = collections.defaultdict(dict)
per = collections.defaultdict(list)
for l in open(sys.argv[1]):
    if not l.startswith('{'): continue
    d = json.loads(l)
    runs[d['round']][d['variant']] = d['ops']
    ex = sum(v.get('sum_exec_runtime', 0) for v in d['sched'].values()) / 1e3
    per[d['variant']].append((d['ops'], ex))
base = sys.argv[2] if len(sys.argv) > 2 else 'eevdf'
for v in per:
    r = [math.log(runs[k][v] / runs[k][base]) for k in runs if v in runs[k] and base in runs[k]]
    n = len(r); m = sum(r) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in r) / (n - 1)) if n > 1 else 0
    h = t(n - 1) * sd / math.sqrt(n) if n > 1 else 0
    cpu = [ex / (ops * 4) * 1e6 for ops, ex in per[v]]
    print(f"| {v} | {n} | {sum(o for o,_ in per[v])/len(per[v])/1e3:.0f}k | {math.exp(m):.2f} ({math.exp(m-h):.2f}–{math.exp(m+h):.2f}) | {min(cpu):.1f}–{max(cpu):.1f} |")
