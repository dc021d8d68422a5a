#!/usr/bin/env python3
"""Per run of scx_lockaware in the suites' runs.jsonl under DIR: the last sample's
search_restarts and search_return_caps (the session-74 cap), and the largest cap count."""
import gzip, json, pathlib, sys
tot = {"runs": 0, "restarts": 0, "caps": 0}
for f in sorted(pathlib.Path(sys.argv[1]).rglob("runs.jsonl*")):
    for line in (gzip.open(f, "rt") if f.suffix == ".gz" else open(f)):
        r = json.loads(line)
        ss = (r.get("sched_stats") or {}).get("samples") or []
        if not ss:
            continue
        last = ss[-1]
        last = last.get("stats", last)
        rs, caps = last.get("search_restarts"), last.get("search_return_caps")
        if rs is None:
            continue
        tot["runs"] += 1; tot["restarts"] += rs; tot["caps"] += caps or 0
        print(f"{f.parent.name} {r.get('variant')} w{r.get('workers')} rep {r.get('rep')}: restarts {rs} return-stops {caps}")
print(tot)
