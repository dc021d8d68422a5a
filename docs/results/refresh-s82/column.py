#!/usr/bin/env python3
"""One column of docs/benchmarks.md's goals table ("Where the issues' goals stand") from a
session's suite directories: per row, scx_lockaware's paired ratio to EEVDF (95% CI), bold
where the CI lies below the goal, in the table's row order and format.

  column.py EXT_DIR MICRO_DIR LOCK_DIR [VARIANT]      (VARIANT: lockaware by default)

Run on session 64's directories (docs/results/batch-s64/{ext,micro,lock}-6.12) it gives that
column's figures, which is how this script was checked.
"""
import json, os, sys

ext, micro, lock = sys.argv[1:4]
var = sys.argv[4] if len(sys.argv) > 4 else "lockaware"

ROWS = [  # (row label, directory, item, goal)
    ("sysbench threads", ext, "sysbench-threads", 1.0),
    ("sysbench mutex", ext, "sysbench-mutex", 1.0),
    ("perf bench futex hash", ext, "futex-hash", 1.0),
    ("perf bench futex lock-pi", ext, "futex-lock-pi", 1.0),
    ("stress-ng futex", ext, "stress-futex", 1.0),
    ("stress-ng flock", ext, "stress-flock", 1.0),
    ("perf bench sched messaging", ext, "messaging", 0.97),
    ("perf bench sched pipe", ext, "sched-pipe", 0.97),
    ("stress-ng pipe", ext, "stress-pipe", 0.97),
    ("stress-ng yield", ext, "stress-yield", 0.97),
    ("stress-ng cpu", ext, "stress-cpu", 0.97),
    ("stress-ng fork", ext, "stress-fork", 0.97),
    ("stress-ng mmap", ext, "stress-mmap", 0.97),
    ("stress-ng nanosleep", ext, "stress-nanosleep", 0.97),
    ("stress-ng sem", ext, "stress-sem", 0.97),
    ("stress-ng lockf", ext, "stress-lockf", 1.0),
    ("stress-ng sem-sysv", ext, "stress-sem-sysv", 1.0),
    ("stress-ng mq", ext, "stress-mq", 0.97),
    ("counter-mutex, 1 / 2 / 4 workers", lock, "counter-mutex", 1.0),
    ("mmap, 1 / 2 / 4 threads", lock, "mmap", 1.0),
    ("postmark, 1 / 2 / 4 workers", lock, "postmark", 1.0),
    ("fork control", lock, "fork-control", 0.97),
    ("micro fork / dup / sock", micro, ["micro-fork", "micro-dup", "micro-sock"], 0.97),
    ("micro sem (pinned ping-pong)", micro, "micro-sem", 0.97),
]


def cells(d, item):
    p = os.path.join(d, item, "summary.json")
    if not os.path.exists(p):
        return None
    return [c for c in json.load(open(p))["cells"] if c["variant"] == var and c["paired"]]


def fmt(c, goal, ci=True):
    p = c["paired"]
    s = f"{p['ratio']:.2f}" + (f" ({p['ci95'][0]:.2f}–{p['ci95'][1]:.2f})" if ci else "")
    return f"**{s}**" if p["ci95"][1] < goal else s


for label, d, item, goal in ROWS:
    if isinstance(item, list):
        cs = [cells(d, i) for i in item]
        out = " / ".join("–" if not c else fmt(c[0], goal, k == len(cs) - 1)
                         for k, c in enumerate(cs))
    else:
        cs = cells(d, item)
        if not cs:
            out = "–"
        elif len(cs) == 1:
            out = fmt(cs[0], goal)
        else:  # one cell per worker count: the one-worker cell without its CI, as the table has it
            cs.sort(key=lambda c: c["workers"])
            out = " / ".join(fmt(c, goal, c["workers"] != 1) for c in cs)
    print(f"| {label} | {out} |")
