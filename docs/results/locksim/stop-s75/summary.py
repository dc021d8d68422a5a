#!/usr/bin/env python3
"""Per grid file: mean windows to settle (max), cells settling within 8 windows, cells with
every seed within 5% of the oracle, mean run / oracle; the time-shared grid's ticket cells
(a convoy no size fixes, docs/locksim.md) left out.   summary.py FILE.jsonl..."""
import collections, json, statistics as st, sys
for f in sys.argv[1:]:
    cells = collections.defaultdict(list)
    for l in open(f):
        r = json.loads(l)
        if "ticket" in r["cell"]:
            continue
        cells[(r["cell"], r["cores"])].append(r)
    w = [st.mean(r["after"] for r in rs) for rs in cells.values()]
    ok5 = sum(all(r["ratio"] >= 0.95 for r in rs) for rs in cells.values())
    run = st.mean(st.mean(r["run"] for r in rs) for rs in cells.values())
    print(f"{f}: {len(cells)} cells, mean windows {st.mean(w):.2f} (max {max(w):.1f}), "
          f"<= 8 windows {sum(x <= 8 for x in w)}, every seed within 5% {ok5}, run / oracle {run:.3f}")
